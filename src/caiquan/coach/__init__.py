"""The throw coach: how each player's throws compared with the equilibrium, their habits, and
what a habit-reading opponent would have won against them.

:func:`analyse` replays a game record and, at every decision of a matrix kind
(``Game.matrix_kinds``) that exactly two players make together — the throws and other
simultaneous one-shot choices — looks at each of the two players' own view: the payoff
matrix the ``nash`` bot builds there (:meth:`caiquan.bots.NashBot.payoffs`, its randomness
seeded by the bots' one rule, so the analysis is deterministic), the equilibrium mix it
solves, the option the player chose and how the exchange went. Per player it reports

* **fit**: the mean probability the equilibrium mix gave the chosen option, and the mean
  expected-payoff loss of the choice against the opponent's equilibrium mix (0 for a choice
  in the equilibrium's support);
* **throws**: how often each option was chosen, against how often the equilibrium (and a
  uniform pick) would have chosen it, per family of options (promise's first-pick throws
  and its battle throws are two families);
* **habits**: how often the player repeated a throw after winning with it and switched after
  losing, with counts, against what the equilibrium would give;
* **habit reader**: an opponent who predicts the player's next throw from the player's earlier
  ones (counts after the same previous exchange, shrunk toward overall counts, shrunk toward
  the equilibrium — :meth:`caiquan.bots.exploit.ExploitBot.predict`) and best-responds; its
  win rate over the player's throws with a 95 % Wilson interval, against the baseline it
  would have had if the player had thrown the equilibrium mix.

An exchange is won or lost by the payoffs: the zero-sum part of the two players' matrices
(where those agree with the throws' cycle, the cycle decides: :func:`outcomes`).

:func:`analyse_seat` is the live coach (learn mode, a game in progress): one player's
figures so far, computed only from what that player has seen — each exchange from their own
view (:func:`seat_moment`), the opponent's throw only once the table revealed it, and every
random sample drawn from an RNG that does not depend on the game's secret seed.
:func:`report` words the analysis in Chinese or English, naming options by the game's
glossary. The package sits beside the bots: it reads games
only through what they declare (no game id here).
"""

from __future__ import annotations

import functools
import hashlib
import math
from collections.abc import Sequence
from typing import Any

from caiquan.bots import NashBot
from caiquan.bots.exploit import ExploitBot, cycle_of, equilibrium
from caiquan.bots.match import bot_rng
from caiquan.engine import Game, JSONValue, PlayerView, Record, RecordError, Rng, State
from caiquan.games import game_class

__all__ = ["SeatCoach", "analyse", "analyse_seat", "lines", "report", "seat_moment", "wilson"]

Moment = dict[str, Any]


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95 % by default); ``(0, 1)`` for ``n = 0``.

    >>> [round(x, 3) for x in wilson(7, 10)]
    [0.397, 0.892]
    """
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def _labels(game: Game, state: State, player: int, options: Sequence[int]) -> list[dict[str, str]]:
    """The options' names for people: the glossary's word for each, else its label (the
    decision's choices are read once: a bid of 0 … 100 has a hundred and one)."""
    by_id = {c.id: c for c in state.decision(player).choices}
    words = game.glossary().words
    out = []
    for option in options:
        choice = by_id.get(option) or game.describe_option(option)
        term = words.get(choice.name)
        if term is not None:
            out.append({"zh": term.name("zh"), "en": term.name("en")})
        else:
            out.append({"zh": choice.zh, "en": choice.en})
    return out


def _moments(game: Game, record: Record) -> tuple[list[Moment], State]:
    """Every two-player matrix exchange of the record, one entry per player in it."""
    state = game.new_state(record.seed)
    nash = NashBot()
    out: list[Moment] = []
    for i, joint in enumerate(record.decisions):
        movers = state.to_move()
        chosen = dict(joint)
        if len(movers) == 2 and all(
            state.decision(p).kind in game.matrix_kinds and p in chosen for p in movers
        ):
            out.extend(_exchange(game, state, i, movers, chosen, record.seed, nash))
        try:
            state.apply(chosen)
        except Exception as err:
            raise RecordError(f"decision {i} does not replay: {err}") from err
    return out, state


def _exchange(
    game: Game,
    state: State,
    index: int,
    movers: tuple[int, ...],
    chosen: dict[int, int],
    seed: int,
    nash: NashBot,
) -> list[Moment]:
    legal = {p: state.legal(p) for p in movers}
    if any(chosen[p] not in legal[p] for p in movers):
        return []  # the replay will say what is wrong
    names = {p: [c.name for c in _ordered(state, p, legal[p])] for p in movers}
    matrices = {p: nash.payoffs(PlayerView(state, p), bot_rng(seed, p, index)) for p in movers}
    for p in movers:
        (q,) = [x for x in movers if x != p]
        m = matrices[p]
        if len(m) != len(legal[p]) or any(len(row) != len(legal[q]) for row in m):
            return []  # a matrix that does not fit the options: nothing to judge by
    out = []
    for p in movers:
        (q,) = [x for x in movers if x != p]
        m, other = matrices[p], matrices[q]
        zero_sum = [
            [(m[i][j] - other[j][i]) / 2 for j in range(len(legal[q]))]
            for i in range(len(legal[p]))
        ]
        a, b = legal[p].index(chosen[p]), legal[q].index(chosen[q])
        labels = _labels(game, state, p, legal[p])
        out.append(_moment(index, p, q, m, names[p], labels, names[q], a, b, zero_sum))
    return out


def _moment(
    index: int,
    p: int,
    q: int,
    m: Sequence[Sequence[float]],
    names: list[str],
    labels: list[dict[str, str]],
    their_names: list[str],
    a: int,
    b: int,
    signs: Sequence[Sequence[float]] | None = None,
) -> dict[str, Any]:
    """One exchange as the coach reports it: ``p`` played row ``a`` of ``m`` (``p``'s
    payoffs) and ``q`` column ``b``; the equilibrium mix, the expected loss against ``q``'s
    equilibrium, and the result read from ``signs`` (the zero-sum matrix; ``m`` itself when
    None)."""
    x, y, value = _solved(tuple(tuple(map(float, row)) for row in m))
    against = [sum(r[j] * y[j] for j in range(len(y))) for r in m]
    outcome = outcomes(m if signs is None else signs, names, their_names)
    sign = outcome[a][b]
    return {
        "decision": index,
        "player": p,
        "opponent": q,
        "options": names,
        "labels": labels,
        "their_options": their_names,
        "mix": [round(v, 6) for v in x],
        "played": a,
        "their_played": b,
        "prob": x[a],
        "loss": max(0.0, value - against[a]),
        "result": "win" if sign > 1e-12 else "loss" if sign < -1e-12 else "draw",
        "outcome": outcome,
    }


@functools.lru_cache(maxsize=1024)
def _solved(
    matrix: tuple[tuple[float, ...], ...],
) -> tuple[tuple[float, ...], tuple[float, ...], float]:
    """The equilibrium of a matrix, solved once per process (an exchange often repeats one
    already seen: the same throw table, the same bids)."""
    return equilibrium(matrix)


def outcomes(
    matrix: Sequence[Sequence[float]], rows: Sequence[str], cols: Sequence[str]
) -> list[list[float]]:
    """How each pair of options goes for the row player: the zero-sum payoffs ``matrix``, or
    — where the options are a throw cycle the engine knows and every payoff that is not 0
    agrees with it — the cycle's win/draw/loss (+1/0/−1): a throw the game values only one
    way (a war's attacker gains by winning; losing costs nothing) or not at all (a throw for
    first pick) is still won and lost as people see it."""
    cycle = cycle_of([*rows, *cols])
    if cycle is not None:
        signs = [[cycle.compare(a, b) for b in cols] for a in rows]
        if all(
            abs(x) < 1e-12 or (s != 0 and (x > 0) == (s > 0))
            for row, srow in zip(matrix, signs, strict=True)
            for x, s in zip(row, srow, strict=True)
        ):
            return [[float(s) for s in srow] for srow in signs]
    return [list(map(float, r)) for r in matrix]


def _ordered(state: State, player: int, legal: Sequence[int]) -> list[Any]:
    by_id = {c.id: c for c in state.decision(player).choices}
    return [by_id[o] for o in legal]


def _families(moments: Sequence[Moment]) -> list[int]:
    """Each moment's family (option sets that share a name are one family), by index."""
    parent = list(range(len(moments)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    first: dict[str, int] = {}
    for i, m in enumerate(moments):
        for name in m["options"]:
            if name in first:
                parent[root(i)] = root(first[name])
            else:
                first[name] = i
    roots = [root(i) for i in range(len(moments))]
    order = {r: k for k, r in enumerate(dict.fromkeys(roots))}
    return [order[r] for r in roots]


def _rate(k: int, n: int, expected: float) -> dict[str, JSONValue]:
    lo, hi = wilson(k, n)
    return {
        "count": k,
        "of": n,
        "rate": k / n if n else None,
        "low": lo,
        "high": hi,
        "expected": expected if n else None,
    }


def _player(
    p: int, moments: Sequence[Moment], memo: ReaderMemo | None = None
) -> dict[str, JSONValue]:
    n = len(moments)
    fam = _families(moments)
    families: list[dict[str, JSONValue]] = []
    for f in sorted(set(fam)):
        rows: dict[str, dict[str, Any]] = {}
        members = [m for m, g in zip(moments, fam, strict=True) if g == f]
        for m in members:
            for k, name in enumerate(m["options"]):
                row = rows.setdefault(
                    name, {"name": name, "label": m["labels"][k], "count": 0, "eq": 0.0, "uni": 0.0}
                )
                row["eq"] += m["mix"][k]
                row["uni"] += 1 / len(m["options"])
            rows[m["options"][m["played"]]]["count"] += 1
        families.append(
            {
                "throws": len(members),
                "options": [
                    {
                        "name": r["name"],
                        "label": r["label"],
                        "count": r["count"],
                        "share": r["count"] / len(members),
                        "equilibrium": r["eq"] / len(members),
                        "uniform": r["uni"] / len(members),
                    }
                    for r in rows.values()
                ],
            }
        )
    # habits: consecutive throws of one family
    after_win = [0, 0, 0.0]  # repeats, wins followed by a throw, expected repeats
    after_loss = [0, 0, 0.0]  # switches, losses followed by a throw, expected switches
    repeats = [0, 0, 0.0]
    last: dict[int, Moment] = {}
    for m, g in zip(moments, fam, strict=True):
        prev = last.get(g)
        last[g] = m
        if prev is None:
            continue
        name = prev["options"][prev["played"]]
        same = m["options"][m["played"]] == name
        p_same = m["mix"][m["options"].index(name)] if name in m["options"] else 0.0
        repeats[0] += same
        repeats[1] += 1
        repeats[2] += p_same
        if prev["result"] == "win":
            after_win[0] += same
            after_win[1] += 1
            after_win[2] += p_same
        elif prev["result"] == "loss":
            after_loss[0] += not same
            after_loss[1] += 1
            after_loss[2] += 1 - p_same
    return {
        "player": p,
        "throws": n,
        "mean_prob": sum(m["prob"] for m in moments) / n if n else None,
        "mean_loss": sum(m["loss"] for m in moments) / n if n else None,
        "results": {
            r: sum(1 for m in moments if m["result"] == r) for r in ("win", "draw", "loss")
        },
        "families": families,
        "repeat": _rate(int(repeats[0]), int(repeats[1]), _div(repeats[2], repeats[1])),
        "repeat_after_win": _rate(
            int(after_win[0]), int(after_win[1]), _div(after_win[2], after_win[1])
        ),
        "shift_after_loss": _rate(
            int(after_loss[0]), int(after_loss[1]), _div(after_loss[2], after_loss[1])
        ),
        "reader": _reader(moments, fam, memo),
    }


def _div(a: float, b: float) -> float:
    return a / b if b else 0.0


#: One exchange as the habit reader scored it: (won, baseline, score, baseline score).
ReaderStep = tuple[bool, float, float, float]


class ReaderMemo:
    """The habit reader's steps kept between calls of a growing game (:class:`SeatCoach`):
    a step depends only on the exchanges before it in its family, so while the families of
    the exchanges already scored stay as they were, their steps stand."""

    def __init__(self) -> None:
        self.fam: list[int] = []
        self.steps: list[ReaderStep] = []


def _reader(
    moments: Sequence[Moment], fam: Sequence[int], memo: ReaderMemo | None = None
) -> dict[str, JSONValue]:
    """A habit reader replayed against the player's throws: before each throw it predicts it
    from the player's earlier throws of the family (and the exchanges they were part of),
    then picks the answer that wins most often against the prediction."""
    model = ExploitBot(memory=1000, prior=1.0)
    history: dict[int, list[tuple[str, str]]] = {}
    steps: list[ReaderStep] = []
    if memo is not None and list(fam[: len(memo.fam)]) == memo.fam:
        steps = memo.steps[: len(moments)]
    for k, (m, g) in enumerate(zip(moments, fam, strict=True)):
        past = history.setdefault(g, [])
        if k >= len(steps):
            steps.append(_reader_step(model, past, m))
        # the reader's view of the history: (its throw, the player's throw)
        past.append((m["their_options"][m["their_played"]], m["options"][m["played"]]))
    if memo is not None:
        memo.fam, memo.steps = list(fam), steps
    wins = sum(1 for s in steps if s[0])
    base = sum(s[1] for s in steps)
    score = sum(s[2] for s in steps)
    base_score = sum(s[3] for s in steps)
    n = len(moments)
    lo, hi = wilson(wins, n)
    return {
        "wins": wins,
        "of": n,
        "rate": wins / n if n else None,
        "low": lo,
        "high": hi,
        "baseline": base / n if n else None,
        "score": score / n if n else None,
        "baseline_score": base_score / n if n else None,
        "predictable": bool(n) and lo > base / n,
    }


def _reader_step(model: ExploitBot, past: list[tuple[str, str]], m: Moment) -> ReaderStep:
    predicted = model.predict(past, m["their_options"], m["options"], m["mix"])
    outcome: list[list[float]] = m["outcome"]  # rows: the player's; the reader wins < 0
    cols = range(len(m["their_options"]))

    def gain(c: int, mix: Sequence[float]) -> float:
        return -sum(mix[i] * outcome[i][c] for i in range(len(mix)))

    best = max(cols, key=lambda c: (gain(c, predicted), -c))
    return (
        outcome[m["played"]][best] < 0,
        sum(x for i, x in enumerate(m["mix"]) if outcome[i][best] < 0),
        -outcome[m["played"]][best],
        gain(best, m["mix"]),
    )


def _game_for(record: Record, game: Game | None) -> Game:
    """The game to replay ``record`` with: ``game``, or the record's own from the registry
    (with the record's configuration); a record of another game is refused."""
    if game is None:
        try:
            cls = game_class(record.game)
        except Exception as err:
            raise RecordError(str(err)) from None
        game = cls.from_record(record)
    if record.game != game.id:
        raise RecordError(f"this is a record of {record.game!r}, not of {game.id!r}")
    return game


def analyse(
    record: Record, game: Game | None = None, names: Sequence[str] | None = None
) -> dict[str, JSONValue]:
    """The coach's analysis of a game record (JSON-ready; see the module docstring).

    ``game``: the game to replay with (default: the record's game from the registry, with
    the record's configuration); ``names``: the players' names (default ``player N``).
    """
    game = _game_for(record, game)
    moments, state = _moments(game, record)
    players = []
    for p in range(game.num_players):
        mine = [m for m in moments if m["player"] == p]
        entry = _player(p, mine)
        if names is not None and p < len(names) and names[p]:
            entry["name"] = names[p]
        players.append(entry)
    out: dict[str, JSONValue] = {
        "game": game.id,
        "name": {"zh": game.name_zh, "en": game.name_en},
        "decisions": len(record.decisions),
        "exchanges": len(moments) // 2,
        "finished": state.is_terminal(),
        "players": players,
    }
    for entry in players:
        entry["lines"] = [
            {"zh": z, "en": e} for z, e in zip(lines(entry, "zh"), lines(entry, "en"), strict=True)
        ]
    return out


# ---------------------------------------------------------------------- the live coach


def _public_rng(seat: int, index: int, use: str) -> Rng:
    """An RNG the live coach samples hidden worlds from: it depends on the seat, the decision
    number and what it is for — never on the game's secret seed."""
    digest = hashlib.sha256(f"caiquan-coach:{use}:{seat}:{index}".encode()).digest()
    return Rng(int.from_bytes(digest[:8], "big"))


def _seen(state: State, seat: int, since: int) -> tuple[Any, ...]:
    """What ``seat`` sees of ``state``: its observation and the events since ``since`` (the
    events before are the same in every world compared, so reading them again would only make
    a long game's analysis quadratic)."""
    return (state.observation(seat), state.events(seat, since))


def seat_moment(
    state: State, seat: int, chosen: dict[int, int], nash: NashBot | None = None
) -> Moment | None:
    """One exchange as ``seat`` saw it: ``state`` just before the two-player matrix decision
    and ``chosen`` the joint choice made there. ``None`` where ``seat`` is not one of the two
    movers, the decision is not a matrix kind, or the opponent's choice was not revealed to
    ``seat`` by what followed.

    Everything comes from ``seat``'s own view: its options and the ``nash`` matrix from
    :class:`~caiquan.engine.PlayerView`; the opponent's options, and whether their choice
    was revealed, from a world determinized for ``seat`` (resampled from a public RNG, so it
    depends only on what ``seat`` can see); a choice counts as revealed when each of the
    opponent's options would have shown ``seat`` something different. The result is the same
    for every state that looks the same to ``seat`` (the tests compare determinized twins).
    """
    game = state.game
    movers = state.to_move()
    if len(movers) != 2 or seat not in movers:
        return None
    if any(state.decision(p).kind not in game.matrix_kinds or p not in chosen for p in movers):
        return None
    (q,) = [p for p in movers if p != seat]
    index = state.move_number
    mine = state.legal(seat)
    if chosen[seat] not in mine:
        return None
    theirs_true = {c.id: c.name for c in state.decision(q).choices}
    their_name = theirs_true.get(chosen[q])
    world = state.determinize(seat, _public_rng(seat, index, "world"))
    their_ids = world.legal(q)
    their_names = [c.name for c in _ordered(world, q, their_ids)]
    if their_name not in their_names:
        return None
    # revealed: every option of the opponent's would have shown the seat something else
    shown = []
    since = world.event_count()
    for b in their_ids:
        w = world.clone()
        w.apply({seat: chosen[seat], q: b})
        shown.append(repr(_seen(w, seat, since)))
    if len(set(shown)) != len(shown):
        return None
    nash = nash or NashBot()
    m = nash.payoffs(PlayerView(state, seat), _public_rng(seat, index, "payoffs"))
    if len(m) != len(mine) or any(len(row) != len(their_ids) for row in m):
        return None
    names = [c.name for c in _ordered(state, seat, mine)]
    a, b = mine.index(chosen[seat]), their_names.index(their_name)
    labels = _labels(game, state, seat, mine)
    return _moment(index, seat, q, m, names, labels, their_names, a, b)


class SeatCoach:
    """The live coach of one seat, kept between calls: it replays each decision once and
    analyses each exchange once, so following a game of ``n`` decisions to its end costs in
    proportion to ``n`` (asking again after every throw included).

    >>> from caiquan.games import load_game
    >>> game = load_game("oshi_zumo", {"horizon": 4})
    >>> state = game.new_state(1)
    >>> coach = SeatCoach(game, 1, seat=0)
    >>> while not state.is_terminal():
    ...     state.apply({p: 0 for p in state.to_move()})
    ...     _ = coach.advance(state.record().decisions)
    >>> coach.done, len(coach.moments)
    (4, 4)
    """

    def __init__(self, game: Game, seed: int, seat: int) -> None:
        if not 0 <= seat < game.num_players:
            raise RecordError(f"no seat {seat} in a game of {game.num_players}")
        self.game = game
        self.seed = seed
        self.seat = seat
        self.state = game.new_state(seed)
        self.decisions: list[Any] = []  # the decisions replayed so far
        self.moments: list[Moment] = []
        self._nash = NashBot()
        self._memo = ReaderMemo()

    @property
    def done(self) -> int:
        return len(self.decisions)

    def continues(self, decisions: Sequence[Any]) -> bool:
        """Whether ``decisions`` go on from the ones replayed so far (the same game)."""
        n = len(self.decisions)
        return len(decisions) >= n and list(decisions[:n]) == self.decisions

    def advance(self, decisions: Sequence[Any]) -> SeatCoach:
        """Replay and analyse the decisions after the ones already done (``decisions`` must
        go on from them: :meth:`continues`)."""
        if not self.continues(decisions):
            raise RecordError("these decisions do not go on from the ones the coach has seen")
        for i in range(len(self.decisions), len(decisions)):
            joint = decisions[i]
            chosen = dict(joint)
            if self.seat in chosen and len(chosen) == 2:
                m = seat_moment(self.state, self.seat, chosen, self._nash)
                if m is not None:
                    self.moments.append(m)
            try:
                self.state.apply(chosen)
            except Exception as err:
                raise RecordError(f"decision {i} does not replay: {err}") from err
            self.decisions.append(joint)
        return self

    def result(self, name: str | None = None) -> dict[str, JSONValue]:
        """The figures so far, as :func:`analyse_seat` words them."""
        game, seat = self.game, self.seat
        entry = _player(seat, self.moments, self._memo)
        if name:
            entry["name"] = name
        entry["lines"] = [
            {"zh": z, "en": e} for z, e in zip(lines(entry, "zh"), lines(entry, "en"), strict=True)
        ]
        return {
            "game": game.id,
            "name": {"zh": game.name_zh, "en": game.name_en},
            "seat": seat,
            "live": True,
            "decisions": self.done,
            "exchanges": len(self.moments),
            "finished": self.state.is_terminal(),
            "matrix_kinds": sorted(game.matrix_kinds),
            "players": [entry],
        }


def analyse_seat(
    record: Record, game: Game | None = None, seat: int = 0, name: str | None = None
) -> dict[str, JSONValue]:
    """The live coach: ``seat``'s figures from the decisions of ``record`` (a game finished
    or still in progress), as :func:`analyse` words them for one player, but computed only
    from what ``seat`` has seen (:func:`seat_moment`): ``players`` holds that one seat.
    (:class:`SeatCoach` keeps the work between calls while a game goes on.)

    Where the ``nash`` bot samples a hidden world to value a throw (promise's first-pick
    throw), its sample here comes from a public RNG, so such a mix can differ a little from
    the end screen's (which replays the bots' own RNG once the seed is public)."""
    game = _game_for(record, game)
    return SeatCoach(game, record.seed, seat).advance(record.decisions).result(name)


def _pct(x: float | None) -> str:
    return "–" if x is None else f"{100 * x:.0f} %"


def _who(entry: dict[str, Any], lang: str) -> str:
    name = entry.get("name")
    if name:
        return str(name)
    return f"玩家 {entry['player']}" if lang == "zh" else f"player {entry['player']}"


def lines(entry: dict[str, Any], lang: str) -> list[str]:
    """The key lines about one player (an entry of ``analyse(...)["players"]``) in ``lang``."""
    zh = lang == "zh"
    n = entry["throws"]
    if not n:
        return ["这局没有可分析的出拳。" if zh else "No throws to analyse in this game."]
    out = []
    prob, loss = entry["mean_prob"], entry["mean_loss"]
    if zh:
        out.append(
            f"{n} 次出拳：均衡混合给你所选的平均概率 {_pct(prob)}；"
            f"面对均衡的对手，每次平均少得 {loss:.3f}（0 = 选在均衡之内）。"
        )
    else:
        out.append(
            f"{n} throws: the equilibrium mix gave your choices {_pct(prob)} on average; "
            f"against an equilibrium opponent you lost {loss:.3f} per throw (0 = always "
            f"within the equilibrium)."
        )
    for fam in entry["families"]:
        parts = []
        for o in fam["options"]:
            label = o["label"]["zh" if zh else "en"]
            if zh:
                parts.append(
                    f"{label} {o['count']} 次（{_pct(o['share'])}，均衡 {_pct(o['equilibrium'])}）"
                )
            else:
                parts.append(
                    f"{label} {o['count']}× ({_pct(o['share'])}, equilibrium "
                    f"{_pct(o['equilibrium'])})"
                )
        out.append(("出拳：" if zh else "Throws: ") + ("；" if zh else "; ").join(parts))
    win, loss_ = entry["repeat_after_win"], entry["shift_after_loss"]
    if win["of"]:
        out.append(
            f"赢后重复同一拳 {win['count']}/{win['of']} 次"
            f"（{_pct(win['rate'])}；均衡约 {_pct(win['expected'])}）。"
            if zh
            else f"After a win you repeated the throw {win['count']} of {win['of']} times "
            f"({_pct(win['rate'])}; the equilibrium: about {_pct(win['expected'])})."
        )
    if loss_["of"]:
        out.append(
            f"输后换拳 {loss_['count']}/{loss_['of']} 次"
            f"（{_pct(loss_['rate'])}；均衡约 {_pct(loss_['expected'])}）。"
            if zh
            else f"After a loss you switched {loss_['count']} of {loss_['of']} times "
            f"({_pct(loss_['rate'])}; the equilibrium: about {_pct(loss_['expected'])})."
        )
    r = entry["reader"]
    if zh:
        out.append(
            f"读习惯的对手会赢 {r['wins']}/{r['of']} 次（{_pct(r['rate'])}，95% 区间 "
            f"{_pct(r['low'])}–{_pct(r['high'])}），基准 {_pct(r['baseline'])}。"
        )
        out.append(
            "你的出拳有迹可循：对手可以利用。" if r["predictable"] else "没有发现明显可利用的习惯。"
        )
    else:
        out.append(
            f"A habit reader would have won {r['wins']} of {r['of']} throws ({_pct(r['rate'])}, "
            f"95 % interval {_pct(r['low'])}–{_pct(r['high'])}) against a baseline of "
            f"{_pct(r['baseline'])}."
        )
        out.append(
            "Your throws were predictable: an opponent could exploit them."
            if r["predictable"]
            else "No habit an opponent could clearly exploit."
        )
    return out


def report(analysis: dict[str, Any], lang: str = "en") -> str:
    """The analysis as a readable text in Chinese (``zh``) or English (``en``)."""
    zh = lang == "zh"
    name = analysis["name"]["zh" if zh else "en"]
    head = (
        f"出拳教练 · {name}：{analysis['exchanges']} 次同时出拳"
        if zh
        else f"Throw coach · {name}: {analysis['exchanges']} simultaneous throws"
    )
    out = [head]
    for entry in analysis["players"]:
        out.append("")
        out.append(_who(entry, lang) + ("：" if zh else ":"))
        out.extend("  " + line for line in lines(entry, lang))
    return "\n".join(out) + "\n"
