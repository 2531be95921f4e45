"""The table behind the terminal UI: seats, whose view is shown, bots, save and resume.

No Textual here: a :class:`Table` is plain Python, so its logic is tested without a screen.
Everything a human seat is shown comes from ``observation``, ``decision`` and ``events``
of that seat; bots decide on a clone of the state (through a :class:`PlayerView`), so a
bot thinking in a worker thread never reads the live state.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from caiquan import __version__
from caiquan.bots import canonical, split_specs, strength_spec
from caiquan.engine import ConfigError, Game, Record, State
from caiquan.games import game_class, load_game, replay
from caiquan.table import HUMAN, TableCore

#: The bot of the seats left out when no game is given; with a game, its ``hard`` (the bot
#: the strength ladder measures, as the web lobby offers it first; docs/bots.md)
DEFAULT_BOT = "ismcts:seconds=0.5"
DEFAULT_STRENGTH = "hard"


def parse_seats(
    text: str | Sequence[str] | None, num_players: int, game: Game | type[Game] | None = None
) -> list[str]:
    """One seat spec per player: ``human`` or a bot spec (``random``, ``ismcts:seconds=1``),
    each bot spec checked and in its canonical spelling. With the ``game``, a strength word
    (``easy``, ``medium``, ``hard``) is the bot that plays it in that game
    (:attr:`Game.strengths`).

    Fewer specs than players: the last bot spec given fills the rest (if none: the game's
    ``hard``, without a game :data:`DEFAULT_BOT`). ``None``: seat 0 is human, the others
    that default.

    >>> parse_seats("human,random", 3)
    ['human', 'random', 'random']
    >>> parse_seats(None, 2)
    ['human', 'ismcts:seconds=0.5']
    >>> parse_seats("human, ismcts: gamma=0.10, iterations=50", 2)
    ['human', 'ismcts:iterations=50,gamma=0.1']
    >>> from caiquan.games import game_class
    >>> parse_seats("human,easy", 2, game_class("goofspiel"))
    ['human', 'random']
    >>> parse_seats(None, 2, game_class("promise"))
    ['human', 'ismcts:iterations=200,seconds=1']
    """
    if text is None:
        specs: list[str] = [HUMAN]
    elif isinstance(text, str):
        specs = split_specs(text)
    else:
        specs = [s.strip() for s in text if s.strip()]
    if game is not None:
        specs = [strength_spec(game, s) for s in specs]
    if not specs:
        specs = [HUMAN]
    if len(specs) > num_players:
        raise ConfigError(f"{len(specs)} seats given for a {num_players}-player game")
    specs = [_seat(s) for s in specs]  # fail early with the bot's own message
    bots = [s for s in specs if s != HUMAN]
    default = strength_spec(game, DEFAULT_STRENGTH) if game is not None else DEFAULT_BOT
    fill = bots[-1] if bots else _seat(default)
    specs += [fill] * (num_players - len(specs))
    return specs


def _seat(spec: str) -> str:
    """``human``, or a bot spec in its canonical spelling (checked)."""
    return HUMAN if spec.strip() == HUMAN else canonical(spec)


def data_dir() -> Path:
    """Where games are saved by default (the user's data directory)."""
    if sys.platform == "win32":
        base = Path(os.environ.get("APPDATA", Path.home() / "AppData" / "Roaming"))
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "caiquan" / "games"


class Table(TableCore):
    """One game at one screen: the table core (seats, turns, bots, stand-ins), whose eyes
    are on it, its language, learn mode and where it is saved."""

    def __init__(
        self,
        game: Game,
        state: State,
        seats: list[str],
        lang: str = "en",
        save_path: Path | None = None,
        viewer: int | None = None,
        saved_at_move: int | None = None,
        *,
        learn: bool = False,
    ) -> None:
        if len(seats) != game.num_players:
            raise ConfigError(f"{len(seats)} seats for a {game.num_players}-player game")
        super().__init__(state, seats)
        self.game = game
        self.lang = lang
        self.save_path = save_path
        self.viewer = viewer
        self.saved_at_move = saved_at_move
        #: learn mode: a hint beside every decision of a human seat (``caiquan play --learn``)
        self.learn = learn
        if self.viewer is None and self.humans():
            self.viewer = self.humans()[0]

    # ------------------------------------------------------------------ making one

    @classmethod
    def new(
        cls,
        game_id: str,
        config: dict[str, Any] | None = None,
        seats: str | Sequence[str] | None = None,
        *,
        seed: int | None = None,
        lang: str = "en",
        save_path: Path | None = None,
        learn: bool = False,
    ) -> Table:
        config = dict(config or {})
        cls_ = game_class(game_id)
        n_seats = len(split_specs(seats) if isinstance(seats, str) else seats or [])
        has_players = any(o.name == "players" for o in cls_.options)
        if (
            has_players
            and "players" not in config
            and cls_.min_players <= n_seats <= cls_.max_players
        ):
            # the seat list says how many play: "human,greedy,ismcts" is a 3-player game
            config["players"] = n_seats
        elif n_seats > cls_.max_players:
            raise ConfigError(
                f"{n_seats} seats given: {game_id} takes {cls_.min_players}–"
                f"{cls_.max_players} players"
                if cls_.min_players != cls_.max_players
                else f"{n_seats} seats given for a {cls_.max_players}-player game"
            )
        game = load_game(game_id, config)
        state = game.new_state(seed)
        seat_list = parse_seats(seats, game.num_players, game)
        return cls(game, state, seat_list, lang, save_path, learn=learn)

    @classmethod
    def resume(
        cls,
        path: Path,
        *,
        lang: str | None = None,
        seats: str | Sequence[str] | None = None,
        learn: bool | None = None,
    ) -> Table:
        """The game saved in ``path``, replayed to where it stopped, with the same seats (and
        learn mode as it was, unless ``learn`` says otherwise)."""
        try:
            text = path.read_bytes()
        except OSError as e:
            raise ConfigError(f"cannot read {path}: {e.strerror}") from None
        record = Record.from_json(text)
        state = replay(record)
        meta = record.meta
        n = state.game.num_players
        saved_seats = meta.get("seats")
        if seats is None and isinstance(saved_seats, list) and len(saved_seats) == n:
            seat_list = [str(s) for s in saved_seats]
        else:
            seat_list = parse_seats(seats, n, state.game)
        saved_lang = meta.get("lang")
        use_lang = lang or (saved_lang if saved_lang in ("zh", "en") else "en")
        use_learn = bool(meta.get("learn")) if learn is None else learn
        table = cls(state.game, state, seat_list, use_lang, path, learn=use_learn)
        face_down = meta.get("face_down")
        if isinstance(face_down, dict):
            for p, o in sorted(face_down.items()):
                table.commit(int(p), int(o))
        table.saved_at_move = state.move_number
        viewer = meta.get("viewer")
        if isinstance(viewer, int) and viewer in table.humans():
            table.viewer = viewer
        return table

    # ------------------------------------------------------------------ who is who

    @property
    def hot_seat(self) -> bool:
        """Several people share this screen: views change behind a privacy screen."""
        return len(self.humans()) > 1

    def seat_label(self, p: int) -> str:
        return "" if self.seats[p] == HUMAN else self.seats[p].partition(":")[0]

    def next_human(self) -> int | None:
        """The human who decides next: the current viewer if they still must, else the
        first waiting human in seat order."""
        waiting = self.waiting_humans()
        if not waiting:
            return None
        if self.viewer in waiting:
            return self.viewer
        return waiting[0]

    # ------------------------------------------------------------------ learn mode

    def hints(self, player: int) -> list[tuple[str, str]]:
        """Learn mode's hints for ``player``'s decision now, in the table's language, as
        ``(kind, text)`` (kinds: ``what``, ``key``, ``mix`` … as the game names them).

        They are the game's own (:meth:`caiquan.engine.Game.learn_hints`), made from that
        player's observation and decision only; ``[]`` when the player has nothing to
        decide, has laid a choice face down already, or the game gives no hint.
        """
        if player not in self.waiting_humans():
            return []
        lang = "zh" if self.lang == "zh" else "en"
        return [
            (str(h.get("kind", "")), str(h[lang]))
            for h in self.game.learn_hints(self.state, player)
            if h.get(lang)
        ]

    # ------------------------------------------------------------------ saving

    def record(self) -> Record:
        meta: dict[str, Any] = {"caiquan": __version__, "seats": self.seats, "lang": self.lang}
        if self.viewer is not None:
            meta["viewer"] = self.viewer
        if self.learn:
            meta["learn"] = True
        meta.update(self.record_meta())  # a resumed game is the identical state, face down too
        return self.state.record().with_meta(**meta)

    def default_save_path(self) -> Path:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        return data_dir() / f"{self.game.id}-{stamp}-{self.state.seed}.json"

    def save(self, path: Path | None = None) -> Path:
        """Write the game record (JSON); later saves go to the same file."""
        target = path or self.save_path or self.default_save_path()
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(self.record().to_json(indent=1) + "\n", encoding="utf-8")
        self.save_path = target
        self.saved_at_move = self.state.move_number
        return target

    @property
    def unsaved(self) -> bool:
        """True if quitting now would lose decisions (a finished game is never unsaved)."""
        if self.state.is_terminal() or self.state.move_number == 0:
            return False
        return self.saved_at_move != self.state.move_number
