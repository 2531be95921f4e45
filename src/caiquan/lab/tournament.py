"""Round-robin tournaments between bots, with ratings and win rates.

Every lineup (an assignment of bots to seats) is played equally often, so no bot profits from
a seat. Ratings use OpenSkill's Plackett-Luce model (multi-player, ties allowed). A game
counts 1 for a sole win and 1/k for a win shared by k players. With fewer bots than seats a
bot plays several seats of a game; for its rating it is placed by its best seat.

Score rates and intervals take the *game* as the unit (the seats of one game are not
independent observations): a bot's score in a game is its seats' shares summed and divided
by its seat count there; its rate is the mean of those per-game scores and its 95 %
interval :func:`caiquan.lab.stats.game_interval` (Wilson on the game count, valid for a mean
of scores in [0, 1]). With one seat per game these are the old per-seat figures exactly.
"""

from __future__ import annotations

import itertools
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from caiquan.bots import Bot, BotSpec, as_spec, game_seed
from caiquan.engine import ConfigError, Game, Outcome, PlayerView, Rng

from .play import play_game
from .stats import game_interval


def lineups(num_bots: int, seats: int) -> list[tuple[int, ...]]:
    """Seat assignments (bot index per seat) that treat every bot and seat alike.

    With at least as many bots as seats: every ordered choice of distinct bots. With fewer:
    each rotation of the bots repeated round the table.

    >>> lineups(2, 2)
    [(0, 1), (1, 0)]
    >>> lineups(2, 3)
    [(0, 1, 0), (1, 0, 1)]
    """
    if num_bots <= 0:
        raise ConfigError("a tournament needs at least one bot")
    if num_bots >= seats:
        return list(itertools.permutations(range(num_bots), seats))
    return [tuple((r + s) % num_bots for s in range(seats)) for r in range(num_bots)]


class TimedBot:
    """A bot that records the wall and CPU seconds of each decision it makes with more than
    one legal option (``times``: a list of ``(wall, cpu)`` pairs, shared by the caller)."""

    def __init__(self, bot: Bot, times: list[tuple[float, float]]) -> None:
        self.bot, self.times, self.name = bot, times, bot.name

    def decide(self, view: PlayerView, rng: Rng) -> int:
        wall, cpu = time.perf_counter(), time.process_time()
        try:
            return self.bot.decide(view, rng)
        finally:
            if len(view.legal()) > 1:
                self.times.append((time.perf_counter() - wall, time.process_time() - cpu))


@dataclass
class Standing:
    """One bot's results. ``games``: games it sat in; ``seat_games``: seats it played (equal
    with one seat per game); ``score``: its shares summed over every seat; ``game_score``:
    its per-game scores (shares / seats in that game) summed; ``min_seats``: the fewest
    seats it held in a game; ``rate`` = ``game_score / games`` and ``interval`` its 95 %
    interval over games (:func:`caiquan.lab.stats.game_interval`)."""

    bot: str
    games: int = 0
    seat_games: int = 0
    score: float = 0.0
    game_score: float = 0.0
    min_seats: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    rating_mu: float = 0.0
    rating_sigma: float = 0.0
    interval: tuple[float, float] = (0.0, 1.0)

    @property
    def rate(self) -> float:
        return self.game_score / self.games if self.games else 0.0


@dataclass
class TournamentResult:
    game: str
    config: dict[str, Any]
    games: int
    seed: int
    standings: list[Standing] = field(default_factory=list)
    seat_scores: list[float] = field(default_factory=list)
    median_decisions: float = 0.0

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        for s, st in zip(out["standings"], self.standings, strict=True):
            s["rate"] = st.rate
            s["interval"] = list(st.interval)
        return out


def _score_game(
    out: Outcome, lineup: Sequence[int], standings: list[Standing], seat_scores: list[float]
) -> None:
    """Add one game to the standings (``standings[b]`` is bot ``b``'s) and the seats' scores:
    a shared first place splits the point; the game is the unit of a bot's rate."""
    firsts = sum(1 for r in out.ranks if r == 1)
    in_game: dict[int, list[float]] = {}
    for seat, b in enumerate(lineup):
        st = standings[b]
        st.seat_games += 1
        share = 1.0 / firsts if out.ranks[seat] == 1 else 0.0
        st.score += share
        in_game.setdefault(b, []).append(share)
        seat_scores[seat] += share
        if out.results[seat] == "win":
            st.wins += 1
        elif out.results[seat] == "draw":
            st.draws += 1
        else:
            st.losses += 1
    for b, shares in in_game.items():  # the game is the unit of the rate and interval
        st = standings[b]
        st.games += 1
        st.game_score += sum(shares) / len(shares)
        st.min_seats = len(shares) if not st.min_seats else min(st.min_seats, len(shares))


def _rate_game(
    model: Any, out: Outcome, lineup: Sequence[int], names: list[str], ratings: dict[str, Any]
) -> None:
    """One rating entry per distinct bot in the game; a bot in several seats (fewer bots
    than seats) is placed by its best seat."""
    present = sorted(set(lineup))
    if len(present) > 1:
        best = [float(min(out.ranks[s] for s, b in enumerate(lineup) if b == x)) for x in present]
        rated = model.rate([[ratings[names[b]]] for b in present], ranks=best)
        for b, team in zip(present, rated, strict=True):
            ratings[names[b]] = team[0]


def run_tournament(
    game: Game,
    bot_specs: Sequence[str | BotSpec],
    games: int,
    seed: int = 0,
    *,
    progress: Callable[[int], None] | None = None,
    times: dict[str, list[tuple[float, float]]] | None = None,
) -> TournamentResult:
    """Play ``games`` games, cycling through :func:`lineups`.

    Game ``i`` is dealt with ``game_seed(seed, i)`` and played by
    :func:`caiquan.bots.play_match`, like game ``i`` of ``caiquan simulate --seed SEED``
    (with that game's lineup as its bots).

    Each bot is named by its canonical spec (``ismcts: iterations = 200`` is
    ``ismcts:iterations=200``); the same bot given twice is refused.

    With ``times`` (a dict), each bot's decisions are timed (:class:`TimedBot`) into
    ``times[name]`` as ``(wall, cpu)`` seconds; the play is the same.
    """
    from openskill.models import PlackettLuce

    if games <= 0:
        raise ConfigError("--games must be at least 1")
    parsed = [as_spec(s) for s in bot_specs]  # fail early on a bad spec
    names = [str(s) for s in parsed]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise ConfigError(f"a tournament's bots must differ: {twice[0]} is given twice")
    model = PlackettLuce()
    ratings = {name: model.rating(name=name) for name in names}
    standings = {name: Standing(name) for name in names}
    seats = game.num_players
    seat_scores = [0.0] * seats
    plan = lineups(len(names), seats)
    lengths = []
    for i in range(games):
        lineup = plan[i % len(plan)]
        # game i is dealt as game i of `caiquan simulate --seed SEED` (caiquan.bots.match)
        players: list[Bot | BotSpec] = [parsed[b] for b in lineup]
        if times is not None:
            players = [TimedBot(parsed[b].build(), times.setdefault(names[b], [])) for b in lineup]
        result = play_game(game, players, game_seed(seed, i))
        lengths.append(result.decisions)
        _score_game(result.outcome, lineup, [standings[n] for n in names], seat_scores)
        _rate_game(model, result.outcome, lineup, names, ratings)
        if progress is not None:
            progress(i + 1)
    for name, st in standings.items():
        st.rating_mu = round(ratings[name].mu, 3)
        st.rating_sigma = round(ratings[name].sigma, 3)
        st.interval = game_interval(st.game_score, st.games, st.min_seats)
    median = statistics.median(lengths)
    per_seat = games / seats if seats else 0
    return TournamentResult(
        game=game.id,
        config=dict(game.config),
        games=games,
        seed=seed,
        standings=sorted(standings.values(), key=lambda s: -s.rating_mu),
        seat_scores=[round(x / games, 4) for x in seat_scores] if per_seat else [],
        median_decisions=median,
    )
