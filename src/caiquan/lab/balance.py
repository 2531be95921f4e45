"""Balance analysis: what a designer needs to judge whether a game is fair, and why.

:func:`analyse` simulates a configuration (with the decision analysis on) into a results file
and computes from it, in one streaming pass: win rates by seat, by the player who decided first,
by every label (character, role) and by card played (where the game counts cards played),
each with a 95 % Wilson interval; game length distributions; how games end; forced and
dominated decisions by decision kind; and the game's balance targets with a verdict.

The targets are data: each game's ``balance.toml`` (:meth:`~caiquan.engine.Game.balance_targets`),
read by one small checker per target kind (:data:`CHECKS`, the kinds of
:data:`~caiquan.engine.describe.TARGET_KINDS`). A ``matchup_rate`` target also makes the
report play every pairing of its label's values (both seat orders, its ``option`` fixing the
pairing) for a matchup matrix, beside the game's own analysis of each pairing when it has
a ``matchups`` hook.

:func:`compare` runs two configurations on the same seeds and tests every win-rate cell for a
difference (two-proportion z-test, with Holm's correction for the number of cells).
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from caiquan.engine import ConfigError, Game, Target
from caiquan.engine.describe import Scalar
from caiquan.games import game_class, load_game

from .naming import card_name
from .simulate import (
    Progress,
    iter_rows,
    make_spec,
    rate,
    read_meta,
    run,
    shares,
    summarise_file,
)


def results_path(report: Path, tag: str = "") -> Path:
    """Where a report keeps its results file: beside it, same stem."""
    return report.with_name(f"{report.stem}{tag}.parquet")


def analyse(
    game_id: str,
    config: dict[str, Any],
    bots: Sequence[str],
    games: int,
    seed: int = 0,
    *,
    jobs: int = 1,
    backend: str = "local",
    address: str | None = None,
    matchup_games: int = 100,
    results: Path | None = None,
    progress: Progress | None = None,
) -> dict[str, Any]:
    """Simulate and analyse one configuration; ``{"summary": …}`` is JSON-ready."""
    import tempfile

    spec = make_spec(game_id, config, bots, games, seed, analyse=True)
    targets = load_game(game_id, spec.config).balance_targets()
    pairing = next((t for t in targets if t.kind == "matchup_rate"), None)
    if pairing is None or matchup_games <= 0:
        pairing = None
    # one bar over both stages: the main run, then the matchup matrix (its size known up
    # front when the game's catalogue lists the label's values, else once they are seen)
    extra = 0 if pairing is None else matchup_total(game_id, spec.config, pairing, matchup_games)

    def main_stage(done: int, total: int) -> None:
        if progress is not None:
            progress(done, total + extra)

    with tempfile.TemporaryDirectory() as tmp:
        path = results or Path(tmp) / "results.parquet"
        run(spec, path, jobs=jobs, backend=backend, address=address, progress=main_stage)
        summary = analyse_file(path)
        if pairing is not None:
            seen = summary["labels"].get(str(pairing.params["label"]), {})

            def matchup_stage(done: int, total: int) -> None:
                if progress is not None:
                    progress(games + done, games + total)

            summary["matchups"] = matchups(
                game_id, spec.config, bots, matchup_games, seed, pairing, seen,
                jobs=jobs, backend=backend, address=address, tmp=Path(tmp),
                progress=matchup_stage,
            )  # fmt: skip
    if results is not None:
        summary["results_file"] = results.name
    shares = {str(t.params["label"]) for t in targets if t.kind == "label_share"}
    if shares:  # a value never played must count as 0 %, so the check needs all of them
        entries = load_game(game_id, spec.config).catalogue()
        summary["catalogue"] = {
            label: [e.id for e in entries if e.kind == label] for label in sorted(shares)
        }
    summary["targets"] = check_targets(summary, targets)
    summary["headline"] = [
        f"{t['target']}: {t['value']} — {'met' if t['met'] else 'NOT met'}"
        for t in summary["targets"]
    ]
    return {"kind": "report", "summary": summary}


def analyse_file(path: Path) -> dict[str, Any]:
    """Everything the report shows, from a results file, in one pass over its rows."""
    summary = summarise_file(path)
    meta = read_meta(path)
    seats = 0
    first: list[float] = [0.0, 0.0]
    lengths: dict[str, Counter[float]] = defaultdict(Counter)
    kinds: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    card_in: dict[str, list[float]] = defaultdict(lambda: [0.0, 0])
    card_total = [0.0, 0]
    # by stratum (number of distinct cards the player played): per card and overall
    strata_in: dict[str, dict[int, list[float]]] = defaultdict(
        lambda: defaultdict(lambda: [0.0, 0])
    )
    strata_all: dict[int, list[float]] = defaultdict(lambda: [0.0, 0])
    any_cards = False
    for row in iter_rows(path):
        seats = len(row["ranks"])
        share = shares(row["ranks"])
        if row["first"] >= 0:
            first[0] += share[row["first"]]
            first[1] += 1
        for k, v in row["metrics"].items():
            lengths[k][v] += 1
        for k, cell in row["kinds"].items():
            acc = kinds[k]
            for i in range(4):
                acc[i] += cell[i]
        for p, played in enumerate(row["cards"]):
            if played:
                any_cards = True
            card_total[0] += share[p]
            card_total[1] += 1
            stratum = strata_all[len(played)]
            stratum[0] += share[p]
            stratum[1] += 1
            for c in played:
                card_in[c][0] += share[p]
                card_in[c][1] += 1
                cs = strata_in[c][len(played)]
                cs[0] += share[p]
                cs[1] += 1
    summary["first_player"] = {
        **rate(first[0], int(first[1])),
        "fair": round(1 / seats, 4) if seats else 0.0,
        "note": "the first player to decide alone (the first decision one player makes on "
        "their own: a pick, a turn, an answer)",
    }
    summary["lengths"] = {
        k: {_num(v): c for v, c in sorted(counts.items())} for k, counts in sorted(lengths.items())
    }
    summary["decision_kinds"] = {
        k: {
            "decisions": t,
            "forced": f,
            "forced_rate": round(f / t, 4) if t else 0.0,
            "throws_checked": c,
            "dominated": d,
            "dominated_rate": round(d / c, 4) if c else None,
        }
        for k, (t, f, c, d) in sorted(kinds.items())
    }
    game = load_game(meta["game"], meta["config"])
    if any_cards:
        names = {e.id: e.name for e in game.catalogue()}
        cards = {}
        for c, (s, k) in sorted(card_in.items()):
            rest_s, rest_k = card_total[0] - s, card_total[1] - int(k)
            with_c = rate(s, int(k))
            without = rate(rest_s, int(rest_k))
            name = names.get(c)
            cards[c] = {
                "name": {"zh": name.zh, "en": name.en} if name else {"zh": c, "en": c},
                "with": with_c,
                "without": without,
                "lift": round(with_c["rate"] - without["rate"], 4),
                "adjusted_lift": round(_adjusted_lift(strata_in[c], strata_all), 4),
                "p_value": round(z_test(s, int(k), rest_s, int(rest_k)), 6),
            }
        summary["cards"] = cards
    summary.update(targets_text(game.balance_targets(), seats))
    return summary


def targets_text(targets: Sequence[Target], players: int) -> dict[str, str]:
    """What the game's targets ask, in one line per language (the report's note above the
    targets): ``targets_text`` (English) and ``targets_text_zh``."""
    out = {}
    for lang, key, card in (("en", "targets_text", "a card"), ("zh", "targets_text_zh", "某张牌")):
        fields = {"players": str(players), "card": card}
        out[key] = "; ".join(_fill(t.text(lang), fields) for t in targets)
    return out


def _adjusted_lift(with_c: dict[int, list[float]], everyone: dict[int, list[float]]) -> float:
    """The card's lift among players who played as many distinct cards (a Mantel–Haenszel
    style weighted mean of per-stratum differences, weighted by the card's plays).

    Winners play more cards, so every card's raw lift is positive; comparing players with the
    same number of cards played removes most of that.
    """
    num = den = 0.0
    for k, (s, n) in with_c.items():
        all_s, all_n = everyone[k]
        rest_n = all_n - n
        if n == 0 or rest_n <= 0:
            continue
        num += n * (s / n - (all_s - s) / rest_n)
        den += n
    return num / den if den else 0.0


def _num(v: float) -> str:
    return str(int(v)) if float(v).is_integer() else f"{v:g}"


# ---------------------------------------------------------------------- matchups


def matchups(
    game_id: str,
    config: dict[str, Any],
    bots: Sequence[str],
    games: int,
    seed: int,
    target: Target,
    seen: Iterable[str] = (),
    *,
    jobs: int = 1,
    backend: str = "local",
    address: str | None = None,
    tmp: Path,
    progress: Progress | None = None,
) -> dict[str, Any]:
    """The matchup matrix a ``matchup_rate`` target asks for: every pairing of its label's
    values, ``games`` games each (half with each value in seat 0), the pairing fixed by the
    target's option (``"a,b"``), plus the game's own analysis of each pairing (its
    ``matchups`` hook), if any. ``progress`` is told the games played of all.

    The values are the game's catalogue entries of the label's kind, or else the values
    ``seen`` in the main run.
    """
    label, option = str(target.params["label"]), str(target.params["option"])
    cls = game_class(game_id)
    game, values = _matchup_values(game_id, config, target)
    values = values or list(seen)
    matrix: dict[str, dict[str, dict[str, Any]]] = {a: {} for a in values}
    half = max(1, games // 2)
    all_games = len(values) * (len(values) - 1) * half
    played = 0
    if progress is not None:
        progress(0, all_games)
    for i, a in enumerate(values):
        for j in range(i + 1, len(values)):
            b = values[j]
            score = 0.0
            total = 0
            for k, (x, y) in enumerate(((a, b), (b, a))):
                cfg = {**config, option: f"{x},{y}"}
                spec = make_spec(game_id, cfg, bots, half, seed + 7919 * (1 + k), analyse=False)
                path = tmp / f"m-{i}-{j}-{k}.parquet"
                before = played

                def step(done: int, _: int, before: int = before) -> None:
                    if progress is not None:
                        progress(before + done, all_games)

                run(spec, path, jobs=jobs, backend=backend, address=address, progress=step)
                played += half
                for row in iter_rows(path, ["ranks"]):
                    sh = shares(row["ranks"])
                    score += sh[0] if x == a else sh[1]
                    total += 1
                path.unlink()
            matrix[a][b] = rate(score, total)
            matrix[b][a] = rate(total - score, total)
    out: dict[str, Any] = {
        "label": label,
        "option": option,
        "values": values,
        "games_per_pair": 2 * half,
        "win_rate": matrix,
        "note": f"row {label}'s win rate against the column {label}, both seat orders",
    }
    analysis = cls.hook("matchups")
    if analysis is not None:
        out["analysis"] = analysis(game, values)
    return out


def _matchup_values(game_id: str, config: dict[str, Any], target: Target) -> tuple[Game, list[str]]:
    """The game a matchup matrix is played in (the pairing option free) and the label's
    values its catalogue lists (empty if it lists none: then the values seen are used)."""
    label, option = str(target.params["label"]), str(target.params["option"])
    free = next(o.default for o in game_class(game_id).options if o.name == option)
    game = load_game(game_id, {**config, option: free})
    return game, [e.id for e in game.catalogue() if e.kind == label]


def matchup_total(game_id: str, config: dict[str, Any], target: Target, games: int) -> int:
    """How many games :func:`matchups` will play, as far as known before the main run."""
    _, values = _matchup_values(game_id, config, target)
    return len(values) * (len(values) - 1) * max(1, games // 2)


def against_the_field(matchups: dict[str, Any]) -> dict[str, float]:
    """Each value's mean win rate over every other value (equal weights)."""
    out = {}
    for a, row in matchups["win_rate"].items():
        rates = [cell["rate"] for b, cell in row.items() if b != a]
        if rates:
            out[a] = sum(rates) / len(rates)
    return out


# ---------------------------------------------------------------------- targets


@dataclass(frozen=True)
class Measured:
    """What a target's checker measured: the value shown, whether the target is met, and
    the words its text may name (``{card}``)."""

    value: Any
    met: bool
    fields: dict[str, str] = field(default_factory=dict)


Params = Mapping[str, Scalar]
Checker = Callable[[dict[str, Any], Params], Measured | None]


def _f(params: Params, key: str) -> float:
    return float(params[key])


def _span(cells: Iterable[dict[str, Any]]) -> tuple[float, float]:
    rates = [c["rate"] for c in cells]
    return min(rates), max(rates)


def _within(lo: float, hi: float, params: Params) -> Measured:
    return Measured(f"{lo:.1%}–{hi:.1%}", lo >= _f(params, "min") and hi <= _f(params, "max"))


def _field(s: dict[str, Any], label: str) -> dict[str, float]:
    """Each value's win rate against the field, from the report's matchup matrix of ``label``."""
    m = s.get("matchups")
    return against_the_field(m) if m and m.get("label") == label else {}


def check_label_rate(s: dict[str, Any], p: Params) -> Measured | None:
    label = str(p["label"])
    cells = s["labels"].get(label, {})
    if _field(s, label) or not cells:  # the matrix speaks (matchup_rate), or nothing to say
        return None
    return _within(*_span(cells.values()), p)


def check_matchup_rate(s: dict[str, Any], p: Params) -> Measured | None:
    # "against the field": every other value equally often (the matchup matrix), not only
    # the pairings the bots happen to choose
    rates = _field(s, str(p["label"]))
    return _within(min(rates.values()), max(rates.values()), p) if rates else None


def check_seat_gap(s: dict[str, Any], p: Params) -> Measured | None:
    if len(s["seats"]) != 2:
        return None
    gap = s["seats"][0]["rate"] - s["seats"][1]["rate"]
    return Measured(f"{gap * 100:+.1f} points", abs(gap) <= _f(p, "max"))


def check_seat_rate(s: dict[str, Any], p: Params) -> Measured | None:
    return _within(*_span(s["seats"]), p)


def check_seat_fair(s: dict[str, Any], p: Params) -> Measured | None:
    fair = 1 / len(s["seats"])
    worst = max(abs(c["rate"] - fair) for c in s["seats"])
    return Measured(f"max {worst * 100:.1f} points", worst <= _f(p, "max"))


def check_metric_median(s: dict[str, Any], p: Params) -> Measured | None:
    m = s["metrics"].get(str(p["metric"]))
    if not m:
        return None
    return Measured(m["median"], _f(p, "min") <= m["median"] <= _f(p, "max"))


def check_draw_rate(s: dict[str, Any], p: Params) -> Measured | None:
    return Measured(f"{s['draw_rate']:.1%}", s["draw_rate"] < _f(p, "max"))


def check_end_reason(s: dict[str, Any], p: Params) -> Measured | None:
    reasons = [r.strip() for r in str(p["reasons"]).split(",")]
    each = [s["end_reasons"].get(r, 0.0) for r in reasons]
    total = sum(each)
    value = f"{total:.1%}"
    if len(reasons) > 1:
        value += " (" + ", ".join(f"{r} {x:.1%}" for r, x in zip(reasons, each, strict=True)) + ")"
    return Measured(value, total >= _f(p, "min"))


def check_label_order(s: dict[str, Any], p: Params) -> Measured | None:
    cells = s["labels"].get(str(p["label"]), {})
    better, worse = str(p["better"]), str(p["worse"])
    if better not in cells or worse not in cells:
        return None
    shown = ", ".join(
        f"{v} {c['rate']:.1%} [{c['interval'][0]:.1%}, {c['interval'][1]:.1%}]"
        for v, c in ((better, cells[better]), (worse, cells[worse]))
    )
    return Measured(shown, cells[better]["interval"][0] > cells[worse]["interval"][1])


def check_card_lift(s: dict[str, Any], p: Params) -> Measured | None:
    cards = s.get("cards", {})
    if not cards:
        return None
    top = max(cards.items(), key=lambda kv: kv[1]["adjusted_lift"])
    raw = max(cards.items(), key=lambda kv: kv[1]["lift"])
    return Measured(
        f"max {top[1]['adjusted_lift'] * 100:+.1f} points ({card_name(top)}) among players who"
        f" played as many cards; raw max {raw[1]['lift'] * 100:+.1f} ({card_name(raw)})",
        top[1]["adjusted_lift"] <= _f(p, "max"),
    )


def check_dealt_lift(s: dict[str, Any], p: Params) -> Measured | None:
    label, rest = str(p["label"]), str(p["rest"])
    cells = s["labels"].get(label, {})
    prefix = f"{label} "
    hit = [(v[len(prefix) :], c) for v, c in cells.items() if v.startswith(prefix) and v != rest]
    if not hit or rest not in cells:
        return None
    (card, c), other = hit[0], cells[rest]
    lift = c["rate"] - other["rate"]
    lo, hi = c["interval"]
    return Measured(
        f"{lift * 100:+.1f} points ({c['rate']:.1%} [{lo:.1%}, {hi:.1%}] against "
        f"{other['rate']:.1%} for the others; causal: the card was dealt, not chosen)",
        lift <= _f(p, "max"),
        {"card": card},
    )


#: One checker per target kind (:data:`~caiquan.engine.describe.TARGET_KINDS`): the summary
#: and the target's parameters in, the measured value and verdict out (``None``: the summary
#: has nothing to measure it by, e.g. no cards were counted).
def check_first_player(s: dict[str, Any], p: Params) -> Measured | None:
    fp = s.get("first_player")
    if not fp or not fp["games"]:
        return None
    lo, hi = fp["interval"]
    value = f"{fp['rate']:.1%} [{lo:.1%}, {hi:.1%}]"
    return Measured(value, _f(p, "min") <= fp["rate"] <= _f(p, "max"))


def check_label_share(s: dict[str, Any], p: Params) -> Measured | None:
    label = str(p["label"])
    cells = s["labels"].get(label, {})
    games = s.get("games", 0)
    if not cells or not games:
        return None
    shares = {v: c["games"] / games for v, c in cells.items()}
    for v in s.get("catalogue", {}).get(label, ()):
        shares.setdefault(v, 0.0)  # a value never played
    low = min(shares, key=lambda v: shares[v])
    return Measured(f"min {shares[low]:.1%} ({low})", shares[low] >= _f(p, "min"), {"value": low})


CHECKS: dict[str, Checker] = {
    "label_rate": check_label_rate,
    "seat_gap": check_seat_gap,
    "seat_rate": check_seat_rate,
    "seat_fair": check_seat_fair,
    "metric_median": check_metric_median,
    "draw_rate": check_draw_rate,
    "end_reason": check_end_reason,
    "label_order": check_label_order,
    "card_lift": check_card_lift,
    "dealt_lift": check_dealt_lift,
    "matchup_rate": check_matchup_rate,
    "first_player": check_first_player,
    "label_share": check_label_share,
}


def _fill(text: str, fields: Mapping[str, str]) -> str:
    """A target's text with the words it names filled in (``{players}`` → ``3``)."""
    for k, v in fields.items():
        text = text.replace("{" + k + "}", v)
    return text


def check_targets(
    s: dict[str, Any], targets: Sequence[Target] | None = None
) -> list[dict[str, Any]]:
    """Each balance target of the game (its ``balance.toml``, unless ``targets`` are given)
    that the summary can measure, with the measured value and whether it is met.

    ``target`` is the target's English text (``text`` has both languages); ``kind`` and
    ``params`` repeat what the game declared.
    """
    if targets is None:
        targets = load_game(s["game"], s["config"]).balance_targets()
    out: list[dict[str, Any]] = []
    for t in targets:
        got = CHECKS[t.kind](s, t.params)
        if got is None:
            continue
        fields = {"players": str(len(s["seats"])), **got.fields}
        text = {lang: _fill(t.text(lang), fields) for lang in ("zh", "en")}
        out.append(
            {
                "target": text["en"],
                "value": got.value,
                "met": bool(got.met),
                "text": text,
                "kind": t.kind,
                "params": dict(t.params),
            }
        )
    return out


# ---------------------------------------------------------------------- compare


def z_test(s1: float, n1: int, s2: float, n2: int) -> float:
    """Two-sided p-value of the two-proportion z-test (pooled); 1.0 when undefined.

    >>> round(z_test(60, 100, 40, 100), 4)
    0.0047
    """
    if n1 == 0 or n2 == 0:
        return 1.0
    pooled = (s1 + s2) / (n1 + n2)
    var = pooled * (1 - pooled) * (1 / n1 + 1 / n2)
    if var <= 0:
        return 1.0
    z = (s1 / n1 - s2 / n2) / math.sqrt(var)
    return math.erfc(abs(z) / math.sqrt(2))


def holm(p_values: Sequence[float], alpha: float = 0.05) -> list[bool]:
    """Holm–Bonferroni: which hypotheses are rejected at family-wise level ``alpha``.

    >>> holm([0.01, 0.04, 0.03])
    [True, False, False]
    """
    order = sorted(range(len(p_values)), key=lambda i: p_values[i])
    reject = [False] * len(p_values)
    m = len(p_values)
    for k, i in enumerate(order):
        if p_values[i] > alpha / (m - k):
            break
        reject[i] = True
    return reject


def parse_variant(text: str) -> tuple[str, dict[str, Any]]:
    """A configuration to compare: a content file, or options ``k=v;k=v`` (or ``k=v,k=v``).

    >>> parse_variant("weapons=round;recycle=false")
    ('weapons=round;recycle=false', {'weapons': 'round', 'recycle': 'false'})
    """
    if Path(text).is_file():
        return (Path(text).name, {"content": text})
    if text in ("", "default", "base"):
        return ("base", {})
    out: dict[str, Any] = {}
    for item in text.replace(";", ",").split(","):
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise ConfigError(
                f"a configuration to compare is a content file or k=v options, got {text!r}"
            )
        out[name.strip()] = value.strip()
    return (text, out)


def _cells(s: dict[str, Any]) -> dict[str, tuple[float, int]]:
    """Every comparable proportion of a summary: name → (successes, trials)."""
    n = s["games"]
    cells: dict[str, tuple[float, int]] = {}
    for i, c in enumerate(s["seats"]):
        cells[f"seat {i} win rate"] = (c["score"], c["games"])
    for label, values in s["labels"].items():
        for v, c in values.items():
            cells[f"{label} {v} win rate"] = (c["score"], c["games"])
    fp = s.get("first_player")
    if fp and fp["games"]:
        cells["first player win rate"] = (fp["score"], fp["games"])
    cells["draws"] = (s["draw_rate"] * n, n)
    reasons = set(s["end_reasons"])
    for r in sorted(reasons):
        cells[f"ended by {r}"] = (round(s["end_reasons"][r] * n), n)
    for item in s.get("cards", {}).items():
        won = item[1]["with"]
        cells[f"card {card_name(item)} win rate when played"] = (won["score"], won["games"])
    return cells


def compare(
    game_id: str,
    base: dict[str, Any],
    variants: Sequence[tuple[str, dict[str, Any]]],
    bots: Sequence[str],
    games: int,
    seed: int = 0,
    *,
    jobs: int = 1,
    backend: str = "local",
    address: str | None = None,
    progress: Progress | None = None,
) -> dict[str, Any]:
    """Two configurations on the same seeds, side by side, with significant differences."""
    if len(variants) != 2:
        raise ConfigError("--compare takes two configurations")
    sides = []
    for index, (name, delta) in enumerate(variants):

        def side(done: int, total: int, index: int = index) -> None:
            if progress is not None:  # one bar over both configurations
                progress(index * total + done, 2 * total)

        data = analyse(
            game_id,
            {**base, **delta},
            bots,
            games,
            seed,
            jobs=jobs,
            backend=backend,
            address=address,
            matchup_games=0,
            progress=side,
        )
        sides.append((name, data["summary"]))
    (na, a), (nb, b) = sides
    ca, cb = _cells(a), _cells(b)
    names = [k for k in ca if k in cb] + [k for k in cb if k not in ca]
    rows: list[dict[str, Any]] = []
    for k in names:
        sa, ta = ca.get(k, (0.0, 0))
        sb, tb = cb.get(k, (0.0, 0))
        rows.append(
            {
                "cell": k,
                "a": rate(sa, ta),
                "b": rate(sb, tb),
                "diff": round((sb / tb if tb else 0.0) - (sa / ta if ta else 0.0), 4),
                "p_value": round(z_test(sa, ta, sb, tb), 6),
            }
        )
    rejected = holm([r["p_value"] for r in rows])
    for r, rej in zip(rows, rejected, strict=True):
        r["significant"] = r["p_value"] < 0.05
        r["significant_holm"] = rej
    ma, mb = a["metrics"], b["metrics"]
    metrics = {k: {"a": ma[k], "b": mb[k]} for k in ma if k in mb}
    summary = {
        "game": a["game"],
        "compare": [na, nb],
        "a": a,
        "b": b,
        "differences": rows,
        "metrics": metrics,
        "note": "two-proportion z-test per cell (same seeds for both sides); 'significant' at "
        f"p < 0.05 per cell, 'significant_holm' after Holm's correction for {len(rows)} cells",
        "headline": [
            f"{r['cell']}: {r['a']['rate']:.1%} → {r['b']['rate']:.1%} (p = {r['p_value']:.3g})"
            for r in rows
            if r["significant_holm"]
        ]
        or ["no significant difference after Holm's correction"],
    }
    return {"kind": "compare", "summary": summary}


def write_report(data: dict[str, Any], path: Path) -> Path:
    """Write the HTML report and the JSON summary beside it; return the JSON's path."""
    import json

    from .report import render

    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(render(data), encoding="utf-8")
    js = path.with_suffix(".json")
    js.write_text(
        json.dumps(data["summary"], ensure_ascii=False, sort_keys=True, indent=1) + "\n",
        encoding="utf-8",
    )
    return js
