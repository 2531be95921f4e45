"""caiquan (猜拳): play, study and balance rock-paper-scissors card games.

>>> import caiquan
>>> game = caiquan.load_game("goofspiel", num_cards=5, points_order="descending")
>>> game.new_state(seed=1).to_move()
(0, 1)
"""

from caiquan import _fastpath

_fastpath.install()  # before any compiled module is imported: see caiquan._fastpath

from caiquan._version import __version__  # noqa: E402
from caiquan.games import game_ids, load_game, replay  # noqa: E402

__all__ = ["__version__", "game_ids", "load_game", "replay"]
