"""A player's view of a state: the only door a bot (or a UI) gets to a game.

A :class:`PlayerView` exposes what its player may know — observation, legal options, the
decision, the event log as they see it — and ``determinize`` for search. It never exposes
the true state, so a bot cannot read hidden information by accident.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .rng import Rng
from .types import Decision, JSONValue, Player

if TYPE_CHECKING:
    from .game import Game
    from .state import State


class PlayerView:
    __slots__ = ("_state", "player")

    def __init__(self, state: State, player: Player) -> None:
        self._state = state
        self.player = player

    @property
    def game(self) -> Game:
        return self._state.game

    @property
    def move_number(self) -> int:
        return self._state.move_number

    def to_move(self) -> tuple[Player, ...]:
        return self._state.to_move()

    def legal(self) -> tuple[int, ...]:
        return self._state.legal(self.player)

    def decision(self) -> Decision:
        return self._state.decision(self.player)

    def kind(self) -> str:
        """The kind of decision this player faces now (``""`` if not deciding): what
        :meth:`decision` gives as ``.kind``, without naming every option."""
        return self._state.kind(self.player)

    def observation(self) -> dict[str, JSONValue]:
        return self._state.observation(self.player)

    def events(self, since: int = 0) -> list[dict[str, JSONValue]]:
        return self._state.events(self.player, since)

    def determinize(self, rng: Rng, *, log: bool = True) -> State:
        """A full state consistent with this view, hidden parts resampled from ``rng``
        (``log=False``: a world that keeps no event log, for search; see
        :meth:`State.determinize`)."""
        return self._state.determinize(self.player, rng, log=log)
