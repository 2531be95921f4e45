"""The shared value types of the engine: options, decisions, events, outcomes.

All are frozen: a value handed to a UI, a bot or a log can't change under it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal, NamedTuple

Player = int
"""Players are numbered 0 … N−1 in seat order."""

JSONValue = Any
"""A value made only of dict/list/str/int/float/bool/None (what :mod:`json` writes)."""

Result = Literal["win", "draw", "loss"]


@dataclass(frozen=True, slots=True)
class Choice:
    """One legal option of a decision: a stable integer id plus readable names.

    ``id`` is stable across the game (usable as an index in an action mask of size
    ``game.num_option_ids``); ``name`` is a short machine-readable token; ``zh`` and ``en``
    are for people. ``note_zh`` / ``note_en`` (optional, empty by default) say something a
    player should know before choosing it, e.g. that a legal option will have no effect now
    and why.
    """

    id: int
    name: str
    zh: str
    en: str
    note_zh: str = ""
    note_en: str = ""

    def label(self, lang: str = "en") -> str:
        return self.zh if lang == "zh" else self.en

    def note(self, lang: str = "en") -> str:
        """The option's note in ``lang`` ("" when it has none)."""
        return self.note_zh if lang == "zh" else self.note_en


@dataclass(frozen=True, slots=True)
class Decision:
    """What one player must decide now.

    ``kind`` tells UIs and bots what sort of decision this is (``"throw"`` is a
    rock-paper-scissors throw; games document their own kinds). ``simultaneous`` is true when
    other players decide at the same time and all choices are revealed together.
    """

    player: Player
    kind: str
    choices: tuple[Choice, ...]
    simultaneous: bool = False
    prompt_zh: str = ""
    prompt_en: str = ""

    def by_name(self, name: str) -> Choice:
        for c in self.choices:
            if c.name == name:
                return c
        names = ", ".join(c.name for c in self.choices)
        raise KeyError(f"no option named {name!r}; legal: {names}")

    @property
    def ids(self) -> tuple[int, ...]:
        return tuple(c.id for c in self.choices)


_NO_PRIVATE: Mapping[Player, Mapping[str, JSONValue]] = {}


#: An event as a state logs it: ``(seq, kind, public, private)``, the fields of
#: :class:`Event`. The log holds plain tuples (a named tuple costs a subclass allocation at
#: every event, ~2 events a step in every game); :func:`event_view` and
#: :func:`event_visible_to` read either.
EventEntry = tuple[
    int, str, Mapping[str, JSONValue] | None, Mapping[Player, Mapping[str, JSONValue]]
]


def event_visible_to(event: EventEntry, player: Player | None) -> bool:
    """Whether ``player`` (``None`` = spectator) sees anything of ``event``."""
    return event[2] is not None or (player is not None and player in event[3])


def event_view(event: EventEntry, player: Player | None) -> dict[str, JSONValue] | None:
    """``event`` as ``player`` (``None`` = spectator) may see it, or ``None``."""
    _, kind, public, private = event
    mine = private.get(player) if player is not None and private else None
    if public is None and mine is None:
        return None
    # ``seq`` is not shown: gaps in it would tell a player how many events they missed.
    out: dict[str, JSONValue] = {"kind": kind}
    if public is not None:
        out.update(public)
    if mine is not None:
        out.update(mine)
    return out


class Event(NamedTuple):
    """Something that happened, for logs, UIs and replays.

    ``public`` is what everybody (spectators included) sees; ``private[p]`` is added for
    player ``p`` only. An event with ``public=None`` is seen only by the players in
    ``private``. A state's log holds the same four fields as plain tuples
    (:data:`EventEntry`).
    """

    seq: int
    kind: str
    public: Mapping[str, JSONValue] | None
    private: Mapping[Player, Mapping[str, JSONValue]] = _NO_PRIVATE

    def visible_to(self, player: Player | None) -> bool:
        return event_visible_to(self, player)

    def view(self, player: Player | None) -> dict[str, JSONValue] | None:
        """This event as ``player`` (``None`` = spectator) may see it, or ``None``."""
        return event_view(self, player)


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended for each player.

    ``ranks[p]`` is 1 for the best place; equal places share a rank. ``results[p]`` is
    ``"win"`` for a sole first place, ``"draw"`` for a shared first place (or when everybody
    ties), and ``"loss"`` otherwise. ``returns[p]`` is the game's numeric utility.
    """

    ranks: tuple[int, ...]
    results: tuple[Result, ...]
    returns: tuple[float, ...]
    reason: str = ""


def results_from_ranks(ranks: tuple[int, ...]) -> tuple[Result, ...]:
    firsts = sum(1 for r in ranks if r == 1)
    return tuple(("win" if firsts == 1 else "draw") if r == 1 else "loss" for r in ranks)


def ranks_from_scores(scores: tuple[float, ...]) -> tuple[int, ...]:
    """Competition ranking (1224): higher score is better, equal scores share a rank.

    >>> ranks_from_scores((3, 7, 3, 1))
    (2, 1, 2, 4)
    """
    ranks = []
    for s in scores:  # loops, not generators: the compiled path runs them in C
        rank = 1
        for t in scores:
            if t > s:
                rank += 1
        ranks.append(rank)
    return tuple(ranks)


def win_loss_returns(ranks: tuple[int, ...]) -> tuple[float, ...]:
    """Zero-sum returns from ranks: winners share +1, the others share −1; all tied → 0.

    >>> win_loss_returns((1, 2))
    (1.0, -1.0)
    >>> win_loss_returns((1, 2, 2, 1))
    (0.5, -0.5, -0.5, 0.5)
    >>> win_loss_returns((1, 1, 1))
    (0.0, 0.0, 0.0)
    """
    winners = 0
    for r in ranks:
        if r == 1:
            winners += 1
    losers = len(ranks) - winners
    if losers == 0:
        return (0.0,) * len(ranks)
    win, loss = 1.0 / winners, -1.0 / losers
    return tuple([win if r == 1 else loss for r in ranks])
