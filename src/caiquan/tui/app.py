"""The terminal table (Textual): one screen for every game, hot-seat and bots.

The table screen shows exactly one seat's view (the *viewer*): the game panel drawn from
``observation(viewer)``, the event log from ``events(viewer)``, and, when the viewer must
decide, the decision's choices as a keyboard list. With several humans at one screen
(hot-seat) a privacy screen covers everything whenever the viewer changes. Bots decide in
worker threads on a clone of the state, so the screen never freezes.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from functools import partial
from typing import Any, ClassVar

from rich.console import Console, Group, RenderableType
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, MarkdownViewer, OptionList, RichLog, Static
from textual.widgets.option_list import Option

from caiquan.engine import CaiquanError, ConfigError, IllegalDecisionError
from caiquan.games import game_class, game_ids
from caiquan.table import BotJob, EventCursor

from .ending import ending_lines
from .i18n import t
from .panels import (
    ViewOptions,
    explain,
    generic_panel,
    previews,
    render,
    toggles,
    unavailable,
)
from .session import Table
from .steps import Entry, Picker

CSS = """
#status { height: auto; padding: 0 1; background: $primary-darken-2; color: $text; }
#main { height: 1fr; }
#board { width: 3fr; padding: 0 1; }
#side { width: 2fr; border-left: solid $primary; }
#learn { width: 2fr; display: none; border-left: solid $accent; padding: 0 1; }
#learn.on { display: block; }
#prompt { height: auto; padding: 0 1; background: $boost; }
#message { height: auto; padding: 0 1; color: $warning; }
#choices { height: auto; max-height: 60%; min-height: 3; }
#detail { height: auto; max-height: 8; padding: 0 1; color: $text-muted; }
#log { height: 1fr; border-top: solid $primary; padding: 0 1; }
PrivacyScreen { align: center middle; background: $background; }
#privacy { width: 64; height: auto; padding: 1 2; border: heavy $accent; text-align: center; }
QuitScreen { align: center middle; }
#quit { width: 60; height: auto; padding: 1 2; border: heavy $error; background: $surface; }
#chooser { width: 70; height: auto; max-height: 20; border: heavy $accent; }
ChooseGameScreen { align: center middle; }
"""


class TableScreen(Screen[None]):
    """The table: status line, game panel, decision list, event log, keys."""

    def __init__(self, lang: str, game_id: str) -> None:
        super().__init__()
        self.lang = lang
        b = self._bindings
        b.bind("question_mark", "app.rules", t("k_rules", lang), key_display="?")
        if game_class(game_id).hooks.get("guide"):
            b.bind("g", "app.guide", t("k_guide", lang))
        b.bind("l", "app.toggle_learn", t("k_learn", lang))
        b.bind("s", "app.save", t("k_save", lang))
        b.bind("q", "app.quit_game", t("k_quit", lang))
        offered = toggles(game_class(game_id))
        if "hint" in offered:
            b.bind("h", "app.toggle_hint", t("k_hint", lang))
        if "details" in offered:
            b.bind("d", "app.toggle_details", t("k_details", lang))
        b.bind("escape,backspace", "app.step_back", t("k_back", lang), key_display="Esc")
        for n in range(1, 10):
            b.bind(str(n), f"app.pick({n})", show=False)

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        with Horizontal(id="main"):
            with VerticalScroll(id="board"):
                yield Static(id="panel")
                yield Static(id="coach")  # the throw coach's report, when the game is over
            with VerticalScroll(id="learn"):  # learn mode: beside the choices
                yield Static(id="hints")
            with Vertical(id="side"):
                yield Static(id="prompt")
                yield Static(id="message")
                yield OptionList(id="choices")
                yield Static(id="detail")
                yield RichLog(id="log", wrap=True, min_width=20, markup=False, highlight=False)
        yield Footer()


class PrivacyScreen(Screen[bool]):
    """Covers the table while the device passes to the next player (hot-seat)."""

    BINDINGS: ClassVar[list[Any]] = [Binding("enter", "confirm", "OK", show=False)]

    def __init__(self, player_name: str, lang: str, news: list[str] | None = None) -> None:
        super().__init__()
        self.player_name = player_name
        self.lang = lang
        self.news = news or []

    def compose(self) -> ComposeResult:
        text = Text(justify="center")
        text.append(t("privacy_title", self.lang, who=self.player_name) + "\n\n", style="bold")
        text.append(t("privacy_body", self.lang, who=self.player_name))
        if self.news:  # public events only: what everybody at the table may see
            text.append("\n\n" + t("news", self.lang) + "\n", style="italic")
            text.append("\n".join(self.news[-8:]))
        yield Static(text, id="privacy")

    def action_confirm(self) -> None:
        self.dismiss(True)


class RulesScreen(Screen[None]):
    """The game's rules page (or its player's page, ``g``) in the chosen language,
    scrollable."""

    BINDINGS: ClassVar[list[Any]] = [
        Binding("escape,q,question_mark,g", "close", "close", key_display="Esc")
    ]

    def __init__(self, markdown: str) -> None:
        super().__init__()
        self.markdown = markdown

    def compose(self) -> ComposeResult:
        yield MarkdownViewer(self.markdown, show_table_of_contents=False, id="rules")
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)


class QuitScreen(ModalScreen[str]):
    """Asks before a game in progress is lost: s = save and quit, y = quit, n = stay."""

    BINDINGS: ClassVar[list[Any]] = [
        Binding("y", "answer('quit')", "quit"),
        Binding("s", "answer('save')", "save"),
        Binding("n,escape", "answer('stay')", "stay"),
    ]

    def __init__(self, lang: str) -> None:
        super().__init__()
        self.lang = lang

    def compose(self) -> ComposeResult:
        body = t("quit_body", self.lang)
        yield Static(Text(t("quit_title", self.lang) + "\n\n" + body), id="quit")

    def action_answer(self, answer: str) -> None:
        self.dismiss(answer)


class ChooseGameScreen(Screen[str]):
    """``caiquan play`` without a game: pick one."""

    def __init__(self, lang: str) -> None:
        super().__init__()
        self.lang = lang

    def compose(self) -> ComposeResult:
        options = []
        for gid in game_ids():
            cls = game_class(gid)
            name = cls.name_zh if self.lang == "zh" else cls.name_en
            n = (
                f"{cls.min_players}"
                if cls.min_players == cls.max_players
                else f"{cls.min_players}–{cls.max_players}"
            )
            options.append(Option(f"{gid:<10} {name} ({n})", id=gid))
        yield OptionList(*options, id="chooser")

    def on_option_list_option_selected(self, message: OptionList.OptionSelected) -> None:
        self.dismiss(message.option.id or "")


class PlayApp(App[None]):
    """``caiquan play``: a full-screen table for one game."""

    CSS = CSS
    TITLE = "caiquan"

    def __init__(
        self,
        table: Table | None = None,
        *,
        lang: str = "en",
        make_table: Callable[[str], Table] | None = None,
    ) -> None:
        super().__init__()
        self.table = table
        self.lang = table.lang if table else lang
        self.make_table = make_table
        self.view_opts = ViewOptions()
        self.thinking: set[int] = set()
        self.unlocked: int | None = None  # the hot-seat player who confirmed being alone
        self.privacy_for: int | None = None
        self._log_for: tuple[int | None, int] | None = None
        #: what the log panel shows, and what the person at the screen has seen (the
        #: privacy screen shows a hot-seat player the public news since)
        self._log_cursor = EventCursor(None)
        self._public_cursor = EventCursor(None)
        self._picker: Picker | None = None  # the decision's options, step by step
        self._entries: list[Entry] = []  # the lines of the list at the picker's step
        self._obs: dict[str, Any] | None = None
        self._unavailable: list[tuple[str, str]] = []
        self._previews: dict[int, str] = {}  # option id → what it would change, in words
        self._choices_shown: tuple[Any, ...] = ()
        self._drawn: tuple[int, int, int] | None = None
        self._coach_key: tuple[int, int, str] | None = None  # the game the coach's text is of
        self._coach_text: str | None = None
        # the live coach in the learn panel: (state, viewer, its two-player decisions, lang)
        self._live_key: tuple[int, int, int, str] | None = None
        self._live_text: Text | None = None
        self.screen_main: TableScreen | None = None
        self.message = ""

    # ------------------------------------------------------------------ start

    def on_mount(self) -> None:
        if self.table is None:
            self.push_screen(ChooseGameScreen(self.lang), self._chosen)
        else:
            self._start()

    def _chosen(self, game_id: str | None) -> None:
        if not game_id or self.make_table is None:
            self.exit()
            return
        try:
            self.table = self.make_table(game_id)
        except CaiquanError as e:
            self.exit(return_code=1, message=f"error: {e}")
            return
        self._start()

    def _start(self) -> None:
        assert self.table is not None
        self.screen_main = TableScreen(self.lang, self.table.game.id)
        self.push_screen(self.screen_main)
        self.call_after_refresh(self.advance)

    # ------------------------------------------------------------------ the loop

    @property
    def idle(self) -> bool:
        """Nothing is happening until a person acts (tests wait for this)."""
        tb = self.table
        if tb is None or self.screen_main is None or self.thinking:
            return False
        st = tb.state
        if self._drawn != self._stamp():
            return False  # the screen does not show this position yet
        return st.is_terminal() or tb.next_human() is not None

    def _stamp(self) -> tuple[int, int, int] | None:
        """Which position the table is in (redraw records the one it drew)."""
        tb = self.table
        if tb is None:
            return None
        st = tb.state
        return (id(st), st.move_number, len(st.committed()))

    def advance(self) -> None:
        """Move the table on: start bots, choose whose view is shown, redraw."""
        tb = self.table
        if tb is None:
            return
        st = tb.state
        if not st.is_terminal():
            for p in tb.waiting_bots():
                if p not in self.thinking:
                    self._start_bot(p)
            nxt = tb.next_human()
            if nxt is not None and tb.hot_seat and nxt != self.unlocked:
                if self.privacy_for != nxt:
                    self.privacy_for = nxt
                    tb.viewer = nxt
                    news = [
                        tb.game.format_event(e, self.lang, self._names())
                        for e in self._public_cursor.take(st)
                    ]
                    self.push_screen(
                        PrivacyScreen(t("player", self.lang, n=nxt), self.lang, news),
                        partial(self._unlock, nxt),
                    )
                self._drawn = self._stamp()  # the privacy screen is what this position shows
                return
            if nxt is not None:
                tb.viewer = nxt
        self.redraw()

    def on_resize(self) -> None:
        self.call_after_refresh(self.redraw)

    def _unlock(self, player: int, _ok: bool | None) -> None:
        self.unlocked = player
        self.privacy_for = None
        self.message = ""
        self.advance()

    # ------------------------------------------------------------------ bots

    def _start_bot(self, player: int) -> None:
        assert self.table is not None
        job = self.table.bot_job(player)
        self.thinking.add(player)
        self.run_worker(
            partial(self._bot_thread, job, player), thread=True, group="bots", exit_on_error=False
        )

    def _bot_thread(self, job: BotJob, player: int) -> None:
        try:
            option = job.run()
        except Exception as e:  # a broken bot must not take the table down
            self.call_from_thread(self._bot_failed, job, e)
            return
        self.call_from_thread(self._bot_done, job, option)

    def _bot_done(self, job: BotJob, option: int) -> None:
        self.thinking.discard(job.player)
        if self.table is not None:
            self.table.bot_result(job, option)
        self.advance()

    def _bot_failed(self, job: BotJob, error: Exception) -> None:
        """The table plays the seat's stand-in option (the one rule of caiquan.table)."""
        self.thinking.discard(job.player)
        self.notify(f"bot {job.player}: {error}", severity="error")
        tb = self.table
        if tb is not None and job.move == tb.state.move_number:
            tb.stand_in(job.player, "fallback")
        self.advance()

    # ------------------------------------------------------------------ drawing

    def _viewer(self) -> int | None:
        """Whose view the screen shows: in hot-seat, only the player who confirmed being
        alone at the screen (never the next one before they do)."""
        tb = self.table
        if tb is None or not tb.humans():
            return None
        if tb.hot_seat:
            return self.unlocked
        return tb.viewer

    def redraw(self) -> None:
        tb, scr = self.table, self.screen_main
        if tb is None or scr is None or not scr.is_mounted:
            return
        lang = self.lang
        viewer = self._viewer()
        st = tb.state
        obs = st.observation(viewer)
        self._obs = obs
        panel = scr.query_one("#panel", Static)
        width = max(40, scr.query_one("#board").size.width - 2)
        try:
            drawn = render(tb.game, obs, lang, self.view_opts)
        except Exception as e:  # a drawing bug must not end a game in progress
            drawn = Group(
                Text(f"({type(e).__name__}: {e})", style="red"),
                generic_panel(tb.game, obs, lang, self.view_opts),
            )
        panel.update(flatten(drawn, width))
        scr.query_one("#status", Static).update(self._status(viewer))
        self._draw_log(viewer)
        self._draw_decision(viewer, obs)
        scr.query_one("#message", Static).update(self.message)
        self._draw_learn(viewer)
        self._draw_coach()
        self._drawn = self._stamp()

    def _draw_coach(self) -> None:
        """Under the final board: the throw coach's report on the finished game (worked out
        in a worker thread: solving every throw takes a moment in some games)."""
        tb, scr = self.table, self.screen_main
        assert tb is not None and scr is not None
        box = scr.query_one("#coach", Static)
        if not tb.state.is_terminal():
            box.update("")
            return
        key = (id(tb.state), tb.state.move_number, self.lang)
        if self._coach_key != key:
            self._coach_key, self._coach_text = key, None
            job = partial(self._coach_thread, key, tb.game, tb.state.record(), self._names())
            self.run_worker(job, thread=True, group="coach", exit_on_error=False)
        text = self._coach_text
        box.update(
            Text("\n" + (text or t("coach_wait", self.lang)), style="" if text else "italic")
        )

    def _coach_thread(
        self, key: tuple[int, int, str], game: Any, record: Any, names: list[str]
    ) -> None:
        from caiquan.coach import analyse, report

        try:
            text = report(analyse(record, game, names), key[2])
        except Exception as e:  # the coach must not take the end screen down
            text = f"({type(e).__name__}: {e})"
        self.call_from_thread(self._coach_done, key, text)

    def _coach_done(self, key: tuple[int, int, str], text: str) -> None:
        if key == self._coach_key:
            self._coach_text = text
            self.redraw()

    def _status(self, viewer: int | None) -> Text:
        tb = self.table
        assert tb is not None
        lang = self.lang
        st = tb.state
        game = tb.game
        text = Text()
        text.append(f"{game.name_zh if lang == 'zh' else game.name_en}", style="bold")
        text.append("  ·  ")
        if viewer is None:
            text.append(t("spectator", lang))
        else:
            text.append(t("you_are", lang, who=t("player", lang, n=viewer)), style="bold")
        text.append("  ·  ")
        if st.is_terminal():
            text.append(t("game_over", lang), style="bold red")
            return text
        movers = st.to_move()
        done = set(st.committed())
        bits = []
        for p in movers:
            who = t("player", lang, n=p)
            if tb.seats[p] != "human":
                who += f" [{tb.seat_label(p)}]"
            if p in done:
                bits.append(f"{who} ✓")
            elif p in self.thinking:
                bits.append(t("thinking", lang, who=who))
            elif p == viewer:
                bits.append(t("your_turn", lang))
            else:
                bits.append(t("waiting", lang, who=who))
        text.append(" | ".join(bits), style="bold yellow" if viewer in movers else "")
        return text

    def _names(self) -> list[str]:
        """The seats as this table names them everywhere ("player 2"): events say the same."""
        tb = self.table
        n = tb.state.num_players if tb is not None else 0
        return [t("player", self.lang, n=p) for p in range(n)]

    def _draw_log(self, viewer: int | None) -> None:
        tb, scr = self.table, self.screen_main
        assert tb is not None and scr is not None
        log = scr.query_one("#log", RichLog)
        key = (viewer, id(tb.state))
        if self._log_for != key:
            log.clear()
            self._log_for = key
            self._log_cursor.reset(viewer)
        st = tb.state
        for ev in self._log_cursor.take(st):
            log.write(tb.game.format_event(ev, self.lang, self._names()))
        if viewer is not None or not tb.hot_seat:
            self._public_cursor.skip(st, 0)  # what the person at the screen has seen
        self.call_after_refresh(log.scroll_end, animate=False)

    def _draw_decision(self, viewer: int | None, obs: dict[str, Any]) -> None:
        tb, scr = self.table, self.screen_main
        assert tb is not None and scr is not None
        lang = self.lang
        st = tb.state
        prompt = scr.query_one("#prompt", Static)
        self._unavailable = []
        self._previews = {}
        decision = None
        if st.is_terminal():
            prompt.update(self._outcome_text())
        elif viewer is not None and viewer in tb.waiting_humans():
            decision = st.decision(viewer)
            self._unavailable = unavailable(tb.game, obs, decision, lang)
            self._previews = previews(tb.game, st, viewer, lang)
        elif viewer is not None and "my_commit" in obs:
            prompt.update(Text(t("my_commit", lang)))
        else:
            prompt.update(Text(""))
        ids = decision.ids if decision is not None else ()
        shown = (viewer, st.move_number, ids, tuple(self._unavailable))
        if decision is not None and shown == self._choices_shown and self._picker is not None:
            # the same question (e.g. a bot has just decided): keep the player's place and step
            prompt.update(self._prompt_text())
            return
        self._choices_shown = shown
        self._picker = Picker.of(tb.game, obs, decision, lang) if decision is not None else None
        self._fill_choices()

    def _prompt_text(self) -> Text:
        """The decision's prompt and, past the first step, the steps taken and the way back."""
        tb = self.table
        assert tb is not None
        lang = self.lang
        viewer = self._viewer()
        if viewer is None or self._picker is None:
            return Text("")
        d = tb.state.decision(viewer)
        head = Text(d.prompt_zh if lang == "zh" else d.prompt_en, style="bold")
        if d.simultaneous:
            head.append("\n" + t("simultaneous", lang), style="italic")
        if self._picker.path:
            taken = " → ".join(s.label for s in self._picker.path)
            head.append("\n" + t("steps_taken", lang, steps=taken), style="bold cyan")
            head.append("\n" + t("steps_back", lang), style="dim")
        elif any(e.key is not None for e in self._entries):
            head.append("\n" + t("steps_more", lang), style="dim")
        return head

    def _fill_choices(self) -> None:
        """The list at the picker's current step (the first step: with the options that are
        not legal now, crossed out)."""
        scr = self.screen_main
        assert scr is not None
        choices = scr.query_one("#choices", OptionList)
        options: list[Option] = []
        picker = self._picker
        self._entries = picker.entries() if picker is not None else []
        for i, e in enumerate(self._entries):
            key = f"{i + 1}. " if i < 9 else "   "
            shown_label = Text(f"{key}{e.label}")
            if e.key is not None:
                shown_label.append(" …", style="bold cyan")
            if e.note:  # e.g. a legal card that would have no effect now, and why
                shown_label.append(f"  ⚠ {e.note}", style="yellow")
            options.append(Option(shown_label, id=f"c{i}"))
        if picker is not None and not picker.path:
            for j, (label, why) in enumerate(self._unavailable):
                options.append(Option(Text(f" ✗ {label} — {why}", style="dim"), id=f"x{j}"))
        if picker is not None:
            scr.query_one("#prompt", Static).update(self._prompt_text())
        choices.set_options(options)
        scr.query_one("#detail", Static).update("")
        self.refresh_bindings()
        if options:
            choices.highlighted = 0
            choices.focus()

    def _draw_learn(self, viewer: int | None) -> None:
        """Learn mode's panel beside the choices: the game's hints for the viewer's decision
        (from the viewer's own observation), or a line saying when hints come."""
        tb, scr = self.table, self.screen_main
        assert tb is not None and scr is not None
        box = scr.query_one("#learn", VerticalScroll)
        box.set_class(tb.learn, "on")
        if not tb.learn:
            return
        lang = self.lang
        text = Text()
        text.append(t("learn_title", lang), style="bold")
        if viewer is not None and viewer in tb.waiting_humans():
            hints = tb.hints(viewer) or [("what", t("learn_generic", lang))]
            for kind, hint in hints:
                text.append("\n\n")
                text.append(hint, style=_HINT_STYLE.get(kind, ""))
        elif not tb.state.is_terminal():
            text.append("\n\n" + t("learn_idle", lang), style="italic")
        live = self._live_coach(viewer)
        if live is not None:
            text.append("\n\n")
            text.append(live)
        text.append("\n\n" + t("learn_keys", lang), style="dim")
        scr.query_one("#hints", Static).update(text)

    def _live_coach(self, viewer: int | None) -> Text | None:
        """Learn mode's live coach: the viewer's own throws so far (a game in progress only),
        worked out in a worker thread again only after a two-player decision of the viewer's
        was revealed (:func:`caiquan.coach.analyse_seat`: from what the viewer has seen)."""
        tb = self.table
        assert tb is not None
        if viewer is None or tb.state.is_terminal():
            return None
        history = tb.state.history()
        made = sum(1 for joint in history if len(joint) == 2 and viewer in dict(joint))
        key = (id(tb.state), viewer, made, self.lang)
        if self._live_key != key:
            self._live_key, self._live_text = key, None
            job = partial(self._live_thread, key, tb.game, tb.state.record(), viewer)
            self.run_worker(job, thread=True, group="live-coach", exit_on_error=False)
        if self._live_text is None:
            return Text(t("coach_wait", self.lang), style="italic")
        return self._live_text

    def _live_thread(
        self, key: tuple[int, int, int, str], game: Any, record: Any, viewer: int
    ) -> None:
        from caiquan.coach import analyse_seat

        from .coaching import live_coach_text

        try:
            text = live_coach_text(analyse_seat(record, game, viewer), key[3])
        except Exception as e:  # the coach must not take the table down
            text = Text(f"({type(e).__name__}: {e})")
        self.call_from_thread(self._live_done, key, text)

    def _live_done(self, key: tuple[int, int, int, str], text: Text) -> None:
        if key == self._live_key:
            self._live_text = text
            self.redraw()

    def _outcome_text(self) -> Text:
        tb = self.table
        assert tb is not None
        lang = self.lang
        names = []
        for p in range(tb.state.num_players):
            who = t("player", lang, n=p)
            if tb.seats[p] != "human":
                who += f" [{tb.seat_label(p)}]"
            names.append(who)
        first, *rest = ending_lines(tb.state, names, lang)
        text = Text(t("game_over", lang) + " · ", style="bold")
        text.append(first + "\n", style="bold")
        text.append("\n".join(rest))
        return text

    # ------------------------------------------------------------------ input

    def on_option_list_option_highlighted(self, message: OptionList.OptionHighlighted) -> None:
        """Under the list: what the highlighted choice means (card text, character) and what
        it would change; past the first step, the whole option the steps have made."""
        tb, scr = self.table, self.screen_main
        if message.option_list.id != "choices" or tb is None or scr is None:
            return
        oid = message.option.id or ""
        text = ""
        index = int(oid[1:]) if oid.startswith("c") else -1
        if 0 <= index < len(self._entries) and self._obs is not None:
            entry = self._entries[index]
            option = entry.option if entry.option is not None else entry.options[0]
            text = explain(tb.game, self._obs, option, self.lang)
            if entry.option is not None and option in self._previews:
                text = f"{text}\n{self._previews[option]}".strip()  # what it does to the board
            if entry.option is not None and self._picker is not None and self._picker.path:
                whole = self._picker.choice(option).label(self.lang)
                text = f"{t('steps_option', self.lang, option=whole)}\n{text}".strip()
        # a highlight can arrive while the screen is being torn down (quitting): no detail then
        for detail in scr.query("#detail").results(Static):
            detail.update(text)

    def on_option_list_option_selected(self, message: OptionList.OptionSelected) -> None:
        if message.option_list.id != "choices":
            return
        oid = message.option.id or ""
        if oid.startswith("x"):
            label, why = self._unavailable[int(oid[1:])]
            self._explain(f"{label}: {why}")
            return
        if oid.startswith("c"):
            self.choose(int(oid[1:]))

    def action_pick(self, n: int) -> None:
        """Digit keys: the n-th line of the list at once (an option, or the next step)."""
        if not self._entries:
            self._explain(t("not_your_turn", self.lang))
            return
        if n > len(self._entries):
            self._explain(t("no_option", self.lang, n=n, m=min(9, len(self._entries))))
            return
        self.choose(n - 1)

    def choose(self, index: int) -> None:
        """The ``index``-th line of the list: commit the viewer's option, or take the step."""
        tb = self.table
        viewer = self._viewer()
        if tb is None or viewer is None or viewer not in tb.waiting_humans():
            self._explain(t("not_your_turn", self.lang))
            return
        entry = self._entries[index]
        if entry.option is None:  # a step shared by several options: the next list
            assert self._picker is not None
            self._picker.open(entry)
            self.message = ""
            self._show_message()
            self._fill_choices()
            return
        try:
            tb.commit(viewer, entry.option)
        except IllegalDecisionError as e:
            self._explain(str(e))
            return
        self.message = ""
        self.advance()

    def action_step_back(self) -> None:
        """Escape / Backspace: back to the previous step of a decision picked in steps."""
        if self._picker is not None and self._picker.back():
            self.message = ""
            self._show_message()
            self._fill_choices()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The key to go back is offered only past a decision's first step."""
        if action == "step_back":
            return self._picker is not None and bool(self._picker.path)
        return True

    def _show_message(self) -> None:
        if self.screen_main is not None and self.screen_main.is_mounted:
            self.screen_main.query_one("#message", Static).update(self.message)

    def _explain(self, why: str) -> None:
        self.message = t("illegal", self.lang, why=why)
        self._show_message()

    # ------------------------------------------------------------------ actions

    def action_rules(self) -> None:
        if self.table is not None:
            self.push_screen(RulesScreen(self.table.game.rules(self.lang)))

    def action_guide(self) -> None:
        """``g``: the game's player's page (how to play in one screen)."""
        if self.table is None:
            return
        page = self.table.game.guide(self.lang)
        if page is not None:  # its pictures are for the web page: the terminal names them
            self.push_screen(RulesScreen(re.sub(r"!\[([^\]]*)\]\([^)]*\)", r"[\1]", page)))

    def action_toggle_learn(self) -> None:
        """``l``: learn mode on or off (a game saved now resumes the same way)."""
        if self.table is not None:
            self.table.learn = not self.table.learn
            self.redraw()

    def action_save(self, then_quit: bool = False) -> None:
        tb = self.table
        if tb is None:
            return
        try:
            path = tb.save()
        except (OSError, CaiquanError) as e:
            self.notify(t("save_failed", self.lang, why=e), severity="error")
            return
        self.notify(t("saved", self.lang, path=path))
        if then_quit:
            self.exit()

    async def action_quit(self) -> None:
        """Ctrl+Q and the command palette's quit ask first too, like ``q``."""
        self.action_quit_game()

    def action_quit_game(self) -> None:
        tb = self.table
        if tb is None or not tb.unsaved:
            self.exit()
            return
        if isinstance(self.screen, QuitScreen):
            return
        self.push_screen(QuitScreen(self.lang), self._quit_answer)

    def _quit_answer(self, answer: str | None) -> None:
        if answer == "quit":
            self.exit()
        elif answer == "save":
            self.action_save(then_quit=True)

    def action_toggle_hint(self) -> None:
        self.view_opts = ViewOptions(self.view_opts.details, not self.view_opts.hint)
        self.redraw()

    def action_toggle_details(self) -> None:
        self.view_opts = ViewOptions(not self.view_opts.details, self.view_opts.hint)
        self.redraw()


#: How learn mode shows each kind of hint: what the decision is, a key to read the board by,
#: a suggestion (promise's equilibrium mix).
_HINT_STYLE = {"what": "", "key": "italic", "mix": "cyan"}


def flatten(renderable: RenderableType, width: int) -> Text:
    """Lay a Rich renderable out once, at ``width``, as styled text.

    Textual would otherwise lay nested tables out again for every line it paints; one
    layout per redraw made a full game at the table about five times faster."""
    console = Console(width=width, force_terminal=True, color_system="truecolor")
    text = Text(no_wrap=True, overflow="crop")
    for i, line in enumerate(console.render_lines(renderable, pad=False)):
        if i:
            text.append("\n")
        for seg in line:
            if not seg.control:
                text.append(seg.text, seg.style)
    return text


def run(
    table: Table | None = None,
    *,
    lang: str = "en",
    make_table: Callable[[str], Table] | None = None,
) -> Table | None:
    """Run the table full screen until the player quits; returns the table played.

    Needs a terminal: through a pipe or without input it would wait for keys forever, so it
    refuses with a :class:`ConfigError` instead.
    """
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise ConfigError(
            "caiquan play needs a terminal (its input and output are not one); "
            "run it in a terminal window, or use 'caiquan demo' to watch bots play"
        )
    app = PlayApp(table, lang=lang, make_table=make_table)
    app.run()
    return app.table
