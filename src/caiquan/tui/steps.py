"""A decision picked in steps: options built from two parts are chosen part by part.

A game's terminal module says how a choice splits (its ``steps`` hook, see
``caiquan.games.terminal_kit.Step``): promise's stance is a first heart then a second,
legends' build a territory then the marker paid, drama's card the card then how it is
played. The :class:`Picker` here knows no game: at each step it lists the different next
steps of the options still open; a step that leads to one option only is that option (picked
at once), a step shared by several opens the next list. :meth:`Picker.back` goes back a step.
No Textual here: the table screen (:mod:`.app`) shows the entries and passes on the keys.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from caiquan.engine import Choice, Decision, Game

log = logging.getLogger(__name__)


class Step(NamedTuple):
    """A step as the games' hooks give it (``caiquan.games.terminal_kit.Step``, any
    ``(key, label)`` pair): what the options through it share, and how it is shown."""

    key: str
    label: str


Path = tuple[Step, ...]


@dataclass(frozen=True)
class Entry:
    """One line of the list at the current step: it either commits ``option`` (an option
    id) or opens the next step under ``key``."""

    label: str
    option: int | None = None
    key: str | None = None
    note: str = ""
    #: the options this entry leads to (one for an entry that commits)
    options: tuple[int, ...] = ()


def paths(
    game: Game, obs: Mapping[str, Any], decision: Decision, lang: str
) -> dict[int, list[Path]]:
    """The ways to each of the decision's options, by option id: the game's ``steps`` hook,
    or one step (the option itself) for a game or an option without steps."""
    fn = getattr(game.hook("terminal"), "steps", None)
    out: dict[int, list[Path]] = {}
    for c in decision.choices:
        found: list[Path] = []
        if fn is not None:
            try:
                found = [
                    tuple(Step(str(k), str(v)) for k, v in way) for way in fn(game, obs, c, lang)
                ]
                found = [way for way in found if way]
            except Exception:  # the steps are a help: the option is still there in one step
                log.exception("%s: steps of %s failed", game.id, c.name)
                found = []
        out[c.id] = found or [(Step(f"#{c.id}", c.label(lang)),)]
    return out


@dataclass
class Picker:
    """The options of one decision, shown step by step (the steps taken in :attr:`path`)."""

    choices: tuple[Choice, ...]
    ways: dict[int, list[Path]]
    lang: str
    path: list[Step] = field(default_factory=list)

    @classmethod
    def of(cls, game: Game, obs: Mapping[str, Any], decision: Decision, lang: str) -> Picker:
        return cls(decision.choices, paths(game, obs, decision, lang), lang)

    @property
    def depth(self) -> int:
        return len(self.path)

    def entries(self) -> list[Entry]:
        """The lines at the current step, in the options' order."""
        prefix = tuple(s.key for s in self.path)
        n = len(prefix)
        ended: list[Choice] = []  # options complete at this very step (when steps share it)
        groups: dict[str, tuple[str, list[Choice]]] = {}
        for c in self.choices:
            for way in self.ways[c.id]:
                keys = tuple(s.key for s in way)
                if keys[:n] != prefix:
                    continue
                if len(keys) == n:
                    if c not in ended:
                        ended.append(c)
                    continue
                step = way[n]
                members = groups.setdefault(step.key, (step.label, []))[1]
                if c not in members:
                    members.append(c)
        out = [
            Entry(c.label(self.lang), c.id, note=c.note(self.lang), options=(c.id,)) for c in ended
        ]
        for key, (label, members) in groups.items():
            ids = tuple(c.id for c in members)
            if len(members) == 1:
                c = members[0]
                shown = label if n else c.label(self.lang)  # the first list names it whole
                out.append(Entry(shown, c.id, note=c.note(self.lang), options=ids))
            else:
                out.append(Entry(label, key=key, options=ids))
        return out

    def open(self, entry: Entry) -> None:
        """Take the step ``entry`` opens (an entry that commits is no step)."""
        if entry.key is None:
            raise ValueError(f"{entry.label!r} is an option, not a step")
        for e in self.entries():
            if e.key == entry.key:
                self.path.append(Step(entry.key, entry.label))
                return
        raise ValueError(f"no step {entry.key!r} here")

    def back(self) -> bool:
        """One step back; False when already at the first list."""
        if not self.path:
            return False
        self.path.pop()
        return True

    def choice(self, option: int) -> Choice:
        for c in self.choices:
            if c.id == option:
                return c
        raise KeyError(option)


__all__ = ["Entry", "Picker", "paths"]
