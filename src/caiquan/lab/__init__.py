"""The designer's lab: play many games between bots, tournaments, statistics."""

from .play import GameResult, play_game
from .stats import game_interval, wilson_interval
from .tournament import Standing, TournamentResult, lineups, run_tournament

__all__ = [
    "GameResult",
    "Standing",
    "TournamentResult",
    "game_interval",
    "lineups",
    "play_game",
    "run_tournament",
    "wilson_interval",
]
