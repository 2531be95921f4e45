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
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from caiquan import __version__
from caiquan.bots import Bot, BotSpec, canonical, decide, split_specs, strength_spec
from caiquan.bots.match import decision_rng
from caiquan.engine import ConfigError, Game, Record, State
from caiquan.games import game_class, load_game, replay

HUMAN = "human"
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


@dataclass(eq=False)
class Table:
    """One game at one screen: the state, who sits where, and whose eyes are on it."""

    game: Game
    state: State
    seats: list[str]
    lang: str = "en"
    save_path: Path | None = None
    viewer: int | None = None
    saved_at_move: int | None = None
    #: learn mode: a hint beside every decision of a human seat (``caiquan play --learn``)
    learn: bool = False
    #: the bot of each bot seat (they draw by the one rule of caiquan.bots.match: a seat's
    #: bot decides here as it would in `caiquan demo`, a simulation or at a server table)
    bots: dict[int, Bot] = field(init=False, default_factory=dict)
    #: choices laid face down for the current decision (kept for a save: not in the record)
    face_down: dict[int, int] = field(init=False, default_factory=dict)
    _face_down_move: int = field(init=False, default=-1)

    def __post_init__(self) -> None:
        if len(self.seats) != self.game.num_players:
            raise ConfigError(f"{len(self.seats)} seats for a {self.game.num_players}-player game")
        specs = {p: BotSpec.parse(s) for p, s in enumerate(self.seats) if s.strip() != HUMAN}
        self.seats = [str(specs[p]) if p in specs else HUMAN for p in range(len(self.seats))]
        self.bots = {p: spec.build() for p, spec in specs.items()}
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

    def humans(self) -> list[int]:
        return [p for p, s in enumerate(self.seats) if s == HUMAN]

    @property
    def hot_seat(self) -> bool:
        """Several people share this screen: views change behind a privacy screen."""
        return len(self.humans()) > 1

    def seat_label(self, p: int) -> str:
        return "" if self.seats[p] == HUMAN else self.seats[p].partition(":")[0]

    def waiting_humans(self) -> list[int]:
        """Humans who must decide now and have not laid their choice down yet."""
        done = set(self.state.committed())
        return [p for p in self.state.to_move() if self.seats[p] == HUMAN and p not in done]

    def waiting_bots(self) -> list[int]:
        done = set(self.state.committed())
        return [p for p in self.state.to_move() if p in self.bots and p not in done]

    def next_human(self) -> int | None:
        """The human who decides next: the current viewer if they still must, else the
        first waiting human in seat order."""
        waiting = self.waiting_humans()
        if not waiting:
            return None
        if self.viewer in waiting:
            return self.viewer
        return waiting[0]

    # ------------------------------------------------------------------ deciding

    def commit(self, player: int, option: int) -> bool:
        """Lay ``player``'s choice face down; True when it completed (and applied) the
        joint decision. Raises :class:`IllegalDecisionError` for a bad choice."""
        move = self.state.move_number
        if self._face_down_move != move:
            self.face_down = {}
            self._face_down_move = move
        applied = self.state.commit(player, option)
        if applied:
            self.face_down = {}
        else:
            self.face_down[player] = option
        return applied

    def _face_down_now(self) -> dict[int, int]:
        """Choices laid face down for the current decision (they are not in the record)."""
        if self._face_down_move != self.state.move_number:
            return {}
        done = set(self.state.committed())
        return {p: o for p, o in self.face_down.items() if p in done}

    def bot_job(self, player: int) -> tuple[int, State, Bot]:
        """What a worker thread needs to let ``player``'s bot decide: a private clone."""
        return self.state.move_number, self.state.clone(), self.bots[player]

    @staticmethod
    def run_bot(job: tuple[int, State, Bot], player: int) -> tuple[int, int, float]:
        """Run in a worker thread: ``(move_number, option, seconds)``. The bot decides by
        :func:`caiquan.bots.decide` (the one rule for its RNG: from the deal seed, its seat
        and the move), so it plays as the same bot would in ``caiquan demo`` or a simulation
        of that seed, whichever seat's thread runs first."""
        move, state, bot = job
        t0 = time.perf_counter()
        option = decide(bot, state, player)
        return move, option, time.perf_counter() - t0

    def fallback_option(self, player: int) -> int:
        """A uniformly random legal option for ``player`` (a bot that failed plays it)."""
        return decision_rng(self.state, player).choice(self.state.legal(player))

    def bot_result(self, player: int, move: int, option: int) -> bool:
        """Commit a bot's choice if the table has not moved on; True if it was taken."""
        if move != self.state.move_number or player not in self.waiting_bots():
            return False
        self.commit(player, option)
        return True

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
        pending = self._face_down_now()
        if pending:  # so that a resumed game is the identical state, face-down choices too
            meta["face_down"] = {str(p): o for p, o in sorted(pending.items())}
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
