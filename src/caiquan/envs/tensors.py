"""Fixed-size observation tensors and action masks for the research adapters.

An :class:`Encoder` turns the dict of ``state.observation(player)`` — and nothing else — into a
flat ``float32`` vector whose length depends only on the game and its configuration
(``encoder.size``). It never looks at the state, so it cannot leak hidden information: a
player's tensor is unchanged by ``state.determinize(player, rng)`` (the tests check it).

Every vector is a concatenation of named *segments* (``encoder.segments``: name, offset,
length, meaning), listed per game in ``docs/envs.md`` and printable with
:meth:`Encoder.describe`. Conventions shared by all games:

* seats are absolute (player 0 … N−1); the ``me`` segment says whose view it is;
* a *one-hot* segment has a 1 at the index of a value (all zeros for "none");
  a *multi-hot* segment has a 1 at each member of a set;
* counts and scores are divided by the documented scale; every entry is clipped to
  ``[-1, 1]`` (the Box bounds of the spaces).

The five segments of the common header come first in every game:

=============  ======  ==================================================
segment        length  meaning
=============  ======  ==================================================
``me``         N       one-hot: whose view this is
``to_move``    N       multi-hot: the players deciding now
``committed``  N       multi-hot: players whose face-down choice waits
``terminal``   1       1 when the game is over
``progress``   1       decisions so far / ``game.max_decisions()``
=============  ======  ==================================================

>>> import caiquan
>>> game = caiquan.load_game("goofspiel", num_cards=4)
>>> enc = encoder_for(game)
>>> state = game.new_state(seed=1)
>>> x = enc.encode(state.observation(0))
>>> x.shape, x.dtype, enc.size
((87,), dtype('float32'), 87)
>>> action_mask(state, 0).tolist()
[1, 1, 1, 1]
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import numpy.typing as npt

from caiquan.engine import Game, Player, State
from caiquan.engine.encoding import (
    HIGH,
    LOW,
    Encoder,
    Segment,
)

# ---------------------------------------------------------------------- registry


def encoder_for(game: Game) -> Encoder:
    """The observation encoder a game declares (its ``encoder`` hook), for its configuration."""
    factory: Callable[[Game], Encoder] | None = game.hook("encoder")
    if factory is None:
        raise KeyError(
            f"game {game.id!r} declares no observation encoder (an ``encoder`` hook on its "
            "Game class); the tensor adapters need one"
        )
    return factory(game)


def action_mask(state: State, player: Player) -> npt.NDArray[np.int8]:
    """``int8`` vector over the option-id space: 1 at each legal option of ``player`` now."""
    mask = np.zeros(state.game.num_option_ids, dtype=np.int8)
    legal = state.legal(player)
    if legal:
        mask[list(legal)] = 1
    return mask


__all__ = [
    "HIGH",
    "LOW",
    "Encoder",
    "Segment",
    "action_mask",
    "encoder_for",
]
