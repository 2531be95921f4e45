"""Wager (押注猜拳): a two-player rock-paper-scissors card game with hidden hands and stakes,
packaged as a caiquan plug-in (its own distribution, found through the ``caiquan.games``
entry-point group).

>>> from caiquan.games import load_game
>>> game = load_game("wager")
>>> game.name_en, game.num_players, len(game.new_state(1).observation(0)["hand"])
('Wager', 2, 5)
"""

from .rules import Wager, WagerState

__all__ = ["Wager", "WagerState"]
