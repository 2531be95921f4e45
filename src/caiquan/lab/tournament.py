"""Round-robin tournaments between bots, with ratings and win rates.

Every lineup (an assignment of bots to seats) is played equally often, so no bot profits from
a seat. Ratings use OpenSkill's Plackett-Luce model (multi-player, ties allowed); win rates
come with 95 % Wilson intervals. A game counts 1 for a sole win and 1/k for a win shared by
k players. With fewer bots than seats a bot plays several seats of a game; for its rating it
is placed by its best seat.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from caiquan.bots import BotSpec, as_spec, game_seed
from caiquan.engine import ConfigError, Game

from .play import play_game
from .stats import wilson_interval


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


@dataclass
class Standing:
    bot: str
    games: int = 0
    score: float = 0.0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    rating_mu: float = 0.0
    rating_sigma: float = 0.0
    interval: tuple[float, float] = (0.0, 1.0)

    @property
    def rate(self) -> float:
        return self.score / self.games if self.games else 0.0


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


def run_tournament(
    game: Game,
    bot_specs: Sequence[str | BotSpec],
    games: int,
    seed: int = 0,
    *,
    progress: Callable[[int], None] | None = None,
) -> TournamentResult:
    """Play ``games`` games, cycling through :func:`lineups`.

    Game ``i`` is dealt with ``game_seed(seed, i)`` and played by
    :func:`caiquan.bots.play_match`, like game ``i`` of ``caiquan simulate --seed SEED``
    (with that game's lineup as its bots).

    Each bot is named by its canonical spec (``ismcts: iterations = 200`` is
    ``ismcts:iterations=200``); the same bot given twice is refused.
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
        result = play_game(game, [parsed[b] for b in lineup], game_seed(seed, i))
        lengths.append(result.decisions)
        out = result.outcome
        firsts = sum(1 for r in out.ranks if r == 1)
        for seat, b in enumerate(lineup):
            st = standings[names[b]]
            st.games += 1
            share = 1.0 / firsts if out.ranks[seat] == 1 else 0.0
            st.score += share
            seat_scores[seat] += share
            if out.results[seat] == "win":
                st.wins += 1
            elif out.results[seat] == "draw":
                st.draws += 1
            else:
                st.losses += 1
        # one rating entry per distinct bot in the game; a bot in several seats (fewer bots
        # than seats) is placed by its best seat
        present = sorted(set(lineup))
        if len(present) > 1:
            best = [
                float(min(out.ranks[s] for s, b in enumerate(lineup) if b == x)) for x in present
            ]
            rated = model.rate([[ratings[names[b]]] for b in present], ranks=best)
            for b, team in zip(present, rated, strict=True):
                ratings[names[b]] = team[0]
        if progress is not None:
            progress(i + 1)
    for name, st in standings.items():
        st.rating_mu = round(ratings[name].mu, 3)
        st.rating_sigma = round(ratings[name].sigma, 3)
        st.interval = wilson_interval(st.score, st.games)
    lengths.sort()
    mid = len(lengths) // 2
    median = lengths[mid] if len(lengths) % 2 else (lengths[mid - 1] + lengths[mid]) / 2
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
