"""Balance analysis: what a designer needs to judge whether a game is fair, and why.

:func:`analyse` simulates a configuration (with the decision analysis on) into a results file
and computes from it, in one streaming pass: win rates by seat, by the player who decided first,
by every label (character, role) and — for ``legends`` — by card played, each with a 95 %
Wilson interval; game length distributions; how games end; forced and dominated decisions
by decision kind; and the game's balance targets (from the design briefs) with a verdict.
For ``promise`` it also plays every character pair (option ``characters="a,b"``, both seat
orders) for a matchup matrix, and solves each pair's initial power table.

:func:`compare` runs two configurations on the same seeds and tests every win-rate cell for a
difference (two-proportion z-test, with Holm's correction for the number of cells).
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from caiquan.engine import ConfigError, solve_zero_sum
from caiquan.games import load_game

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

#: What each game's design brief asks (see ``shared/design/<game>.md``).
TARGETS_TEXT = {
    "promise": "each character's win rate 40–60 %; seat A vs B within ±3 points; "
    "median game 8–16 rounds; draws under 15 %",
    "drama": "each role's win rate 25 ± 10 %; each seat 25 ± 4 %; at least half of the games "
    "end by a player emptying their hand before the last round; among games decided in the "
    "last round, the player with the fewest cards at its start wins clearly more often than "
    "the one with the most",
    "legends": "each seat within ±6 points of 1/N; no card lifts its player's win rate by more "
    "than 10 points; at least 95 % of games end by a victory condition",
}


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
    with tempfile.TemporaryDirectory() as tmp:
        path = results or Path(tmp) / "results.parquet"
        run(spec, path, jobs=jobs, backend=backend, address=address, progress=progress)
        summary = analyse_file(path)
        if spec.game == "promise" and matchup_games > 0:
            summary["matchups"] = promise_matchups(
                spec.config, bots, matchup_games, seed, jobs=jobs, backend=backend,
                address=address, tmp=Path(tmp), progress=progress,
            )  # fmt: skip
    if results is not None:
        summary["results_file"] = results.name
    summary["targets"] = check_targets(summary)
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
        "note": "the first player to decide alone (promise: who picks a character first; "
        "legends: who acts first; drama: who is asked first)",
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
    if any_cards:
        cards = {}
        for c, (s, k) in sorted(card_in.items()):
            rest_s, rest_k = card_total[0] - s, card_total[1] - int(k)
            with_c = rate(s, int(k))
            without = rate(rest_s, int(rest_k))
            cards[c] = {
                "with": with_c,
                "without": without,
                "lift": round(with_c["rate"] - without["rate"], 4),
                "adjusted_lift": round(_adjusted_lift(strata_in[c], strata_all), 4),
                "p_value": round(z_test(s, int(k), rest_s, int(rest_k)), 6),
            }
        summary["cards"] = cards
    summary["targets_text"] = TARGETS_TEXT.get(meta["game"], "")
    return summary


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


# ---------------------------------------------------------------------- promise matchups


def promise_matchups(
    config: dict[str, Any],
    bots: Sequence[str],
    games: int,
    seed: int,
    *,
    jobs: int = 1,
    backend: str = "local",
    address: str | None = None,
    tmp: Path,
    progress: Progress | None = None,
) -> dict[str, Any]:
    """Every character pair, ``games`` games each (half with each in seat A), plus the
    equilibrium of the pair's initial power table (no weapons, no skills)."""
    from caiquan.games.promise.table import compute_table

    game = load_game("promise", {**config, "characters": ""})
    chars = [c.id for c in game.content.characters]  # type: ignore[attr-defined]
    data = game.data  # type: ignore[attr-defined]
    matrix: dict[str, dict[str, dict[str, Any]]] = {a: {} for a in chars}
    tables: dict[str, dict[str, dict[str, Any]]] = {a: {} for a in chars}
    half = max(1, games // 2)
    for i, a in enumerate(chars):
        for j, b in enumerate(chars):
            if i == j:
                continue
            ca = game.content.characters[i]  # type: ignore[attr-defined]
            cb = game.content.characters[j]  # type: ignore[attr-defined]
            t = compute_table(
                ca.attack,
                cb.attack,
                data.win_value,
                (),
                (),
                (),
                (data.win_threshold, data.win_threshold),
                (False, False),
            )
            sol = solve_zero_sum(t.matrix(0))
            tables[a][b] = {
                "value": round(sol.value, 4),
                "mix": [round(x, 4) for x in sol.row],
                "verdicts": [[c.verdict for c in row] for row in t.cells],
            }
            if i > j:
                continue
            score = 0.0
            total = 0
            for k, (x, y) in enumerate(((a, b), (b, a))):
                cfg = {**config, "characters": f"{x},{y}"}
                spec = make_spec("promise", cfg, bots, half, seed + 7919 * (1 + k), analyse=False)
                path = tmp / f"m-{i}-{j}-{k}.parquet"
                run(spec, path, jobs=jobs, backend=backend, address=address)
                for row in iter_rows(path, ["ranks"]):
                    sh = shares(row["ranks"])
                    score += sh[0] if x == a else sh[1]
                    total += 1
                path.unlink()
            matrix[a][b] = rate(score, total)
            matrix[b][a] = rate(total - score, total)
    return {
        "characters": chars,
        "games_per_pair": 2 * half,
        "win_rate": matrix,
        "power_table": tables,
        "note": "row character's win rate against the column character, both seat orders; "
        "power_table: value (for the row character, +1 win / −1 loss) and row mix of the "
        "initial table's equilibrium (attributes and win value only)",
    }


# ---------------------------------------------------------------------- targets


def against_the_field(matchups: dict[str, Any]) -> dict[str, float]:
    """Each character's mean win rate over every other character (equal weights)."""
    out = {}
    for a, row in matchups["win_rate"].items():
        rates = [cell["rate"] for b, cell in row.items() if b != a]
        if rates:
            out[a] = sum(rates) / len(rates)
    return out


def check_targets(s: dict[str, Any]) -> list[dict[str, Any]]:
    """Each design target of the game with the measured value and whether it is met."""
    game = s["game"]
    out: list[dict[str, Any]] = []

    def add(target: str, value: Any, met: bool) -> None:
        out.append({"target": target, "value": value, "met": bool(met)})

    if game == "promise":
        field = against_the_field(s["matchups"]) if s.get("matchups") else {}
        chars = s["labels"].get("character", {})
        if field:
            # "against the field": every other character equally often (the matchup matrix),
            # not only the pairs the bots happen to pick
            lo, hi = min(field.values()), max(field.values())
            add(
                "character win rate against the field within 40–60 % (matchup matrix)",
                f"{lo:.1%}–{hi:.1%}",
                lo >= 0.4 and hi <= 0.6,
            )
        elif chars:
            lo = min(c["rate"] for c in chars.values())
            hi = max(c["rate"] for c in chars.values())
            add("character win rate within 40–60 %", f"{lo:.1%}–{hi:.1%}", lo >= 0.4 and hi <= 0.6)
        if len(s["seats"]) == 2:
            gap = s["seats"][0]["rate"] - s["seats"][1]["rate"]
            add("seat A − seat B within ±3 points", f"{gap * 100:+.1f} points", abs(gap) <= 0.03)
        rounds = s["metrics"].get("rounds")
        if rounds:
            add("median rounds 8–16", rounds["median"], 8 <= rounds["median"] <= 16)
        add("draws under 15 %", f"{s['draw_rate']:.1%}", s["draw_rate"] < 0.15)
    elif game == "drama":
        roles = s["labels"].get("role", {})
        if roles:
            lo = min(c["rate"] for c in roles.values())
            hi = max(c["rate"] for c in roles.values())
            add("role win rate within 15–35 %", f"{lo:.1%}–{hi:.1%}", lo >= 0.15 and hi <= 0.35)
        seats = s["seats"]
        lo, hi = min(c["rate"] for c in seats), max(c["rate"] for c in seats)
        add("each seat within 21–29 %", f"{lo:.1%}–{hi:.1%}", lo >= 0.21 and hi <= 0.29)
        empty = s["end_reasons"].get("empty", 0.0)
        add("≥ 50 % end by emptying a hand before the last round", f"{empty:.1%}", empty >= 0.5)
        last = s["labels"].get("last_round_cards", {})
        if "fewest" in last and "most" in last:
            few, most = last["fewest"], last["most"]
            add(
                "last round: the fewest cards at its start win clearly more than the most "
                "(intervals apart)",
                f"fewest {few['rate']:.1%} [{few['interval'][0]:.1%}, {few['interval'][1]:.1%}]"
                f", most {most['rate']:.1%} [{most['interval'][0]:.1%}, "
                f"{most['interval'][1]:.1%}]",
                few["interval"][0] > most["interval"][1],
            )
    elif game == "legends":
        n = len(s["seats"])
        fair = 1 / n
        worst = max(abs(c["rate"] - fair) for c in s["seats"])
        add(f"each seat within ±6 points of 1/{n}", f"max {worst * 100:.1f} points", worst <= 0.06)
        cards = s.get("cards", {})
        if cards:
            top = max(cards.items(), key=lambda kv: kv[1]["adjusted_lift"])
            raw = max(cards.items(), key=lambda kv: kv[1]["lift"])
            add(
                "no card lifts win rate by more than 10 points",
                f"max {top[1]['adjusted_lift'] * 100:+.1f} points ({top[0]}) among players who"
                f" played as many cards; raw max {raw[1]['lift'] * 100:+.1f} ({raw[0]})",
                top[1]["adjusted_lift"] <= 0.10,
            )
        dealt = s["labels"].get("dealt", {})
        hit = [(v[len("dealt ") :], c) for v, c in dealt.items() if v.startswith("dealt ")]
        if hit and "not dealt" in dealt:
            (card, c), rest = hit[0], dealt["not dealt"]
            lift = c["rate"] - rest["rate"]
            lo, hi = c["interval"]
            add(
                f"{card}, dealt to a random seat, lifts its win rate by at most 10 points",
                f"{lift * 100:+.1f} points ({c['rate']:.1%} [{lo:.1%}, {hi:.1%}] against "
                f"{rest['rate']:.1%} for the others; causal: the card was dealt, not chosen)",
                lift <= 0.10,
            )
        ends = s["end_reasons"]
        victory = ends.get("stars", 0.0) + ends.get("continents", 0.0)
        add(
            "≥ 95 % end by a victory condition",
            f"{victory:.1%} (stars {ends.get('stars', 0.0):.1%}, "
            f"continents {ends.get('continents', 0.0):.1%})",
            victory >= 0.95,
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
    for card, c in s.get("cards", {}).items():
        cells[f"card {card} win rate when played"] = (c["with"]["score"], c["with"]["games"])
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
    for name, delta in variants:
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
            progress=progress,
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
