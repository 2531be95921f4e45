"""``caiquan``: play, study and balance rock-paper-scissors card games.

Every user mistake (unknown game, bad option, malformed record or content) ends in a one-line
message on stderr and exit code 1, never a traceback.
"""

from __future__ import annotations

import json
import os
import re
import sys
import typing
from pathlib import Path
from typing import Annotated, Any

import typer
import typer.core
import typer.main
from rich.console import Console

from caiquan import __version__
from caiquan.engine import STRENGTH_LEVELS, CaiquanError, ConfigError, Game, Record, State
from caiquan.engine.fair import Verdict
from caiquan.engine.fair import verify as verify_fair
from caiquan.games import game_class, game_ids, load_game, replay

app = typer.Typer(
    name="caiquan",
    help="猜拳 caiquan — play, study and balance rock-paper-scissors card games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
out = Console(highlight=False, soft_wrap=True)
err = Console(stderr=True, highlight=False, soft_wrap=True)

Lang = Annotated[str, typer.Option("--lang", "-l", help="zh (中文) or en (English).")]
Options = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", help="A game option as NAME=VALUE (repeatable)."),
]

#: ``--quiet``: no progress bar, even on a terminal (the bar is on stderr either way).
Quiet = Annotated[
    bool, typer.Option("--quiet", "-q", help="No progress bar (it is drawn on stderr).")
]


def default_lang() -> str:
    env = os.environ.get("CAIQUAN_LANG") or os.environ.get("LANG", "")
    return "zh" if env.lower().startswith("zh") else "en"


def parse_options(items: list[str] | None) -> dict[str, Any]:
    config: dict[str, Any] = {}
    for item in items or []:
        name, sep, value = item.partition("=")
        if not sep or not name:
            raise ConfigError(f"an option is NAME=VALUE, got {item!r}")
        config[name.strip()] = value.strip()
    return config


def _check_lang(lang: str) -> str:
    if lang not in ("zh", "en"):
        raise ConfigError(f"language must be 'zh' or 'en', got {lang!r}")
    return lang


def _version(value: bool) -> None:
    if value:
        from caiquan._fastpath import summary

        out.print(f"caiquan {__version__}", markup=False)
        out.print(summary(), markup=False)  # which code runs: compiled or the pure twin
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Show the version.")
    ] = False,
) -> None:
    """猜拳 caiquan — play, study and balance rock-paper-scissors card games."""


BOTS_HELP = (
    "Bot spec per seat (cycled), comma-separated; easy, medium and hard are the game's own "
    "strength ladder (caiquan games)."
)


@app.command("games")
def games_cmd(lang: Lang = "") -> None:
    """List the games (列出所有游戏)."""
    lang = _check_lang(lang or default_lang())
    for gid in game_ids():
        cls = game_class(gid)
        name = cls.name_zh if lang == "zh" else cls.name_en
        players = (
            f"{cls.min_players}"
            if cls.min_players == cls.max_players
            else f"{cls.min_players}–{cls.max_players}"
        )
        out.print(f"{gid:<12} {name}  ({players} {'人' if lang == 'zh' else 'players'})")
        levels = dict(zip(STRENGTH_LEVELS, ("易", "中", "难"), strict=True))
        ladder = " · ".join(
            f"{levels[lv] if lang == 'zh' else lv} {cls.strength(lv)}" for lv in STRENGTH_LEVELS
        )
        out.print(f"{'':<12} {'机器人' if lang == 'zh' else 'bots'}: {ladder}", markup=False)


@app.command("rules")
def rules_cmd(
    game: Annotated[str, typer.Argument(help="Game id, e.g. goofspiel.")],
    lang: Lang = "",
    raw: Annotated[
        bool, typer.Option("--raw", help="Print the Markdown source instead of rendering it.")
    ] = False,
) -> None:
    """Print a game's rules (显示规则), in Chinese or English, rendered for the terminal."""
    lang = _check_lang(lang or default_lang())
    g = game_class(game)
    # the page's internal markers (<!-- cards:en:begin --> …) are for the docs' generator
    text = re.sub(r"<!--.*?-->\n?", "", g().rules(lang), flags=re.S)
    if raw:
        out.print(text, markup=False, highlight=False)
    else:
        from rich.markdown import Markdown

        # wrapped to the terminal (the log console's soft wrap would crop list items)
        out.print(Markdown(text), soft_wrap=False)
    opts = g.options
    if opts:
        out.print("选项 / options:" if lang == "zh" else "Options:")
        for o in opts:
            text = o.help_zh if lang == "zh" and o.help_zh else o.help_en
            choices = f" [{', '.join(map(str, o.choices))}]" if o.choices else ""
            if o.presets is not None:
                names = ", ".join(o.presets)
                path = "，或 TOML 文件路径" if lang == "zh" else ", or a TOML file"
                choices = f" [{names}{path}]"
            if o.scope == "lab":
                text += "（实验室选项）" if lang == "zh" else " (a lab option)"
            out.print(f"  {o.name}={o.default!r}{choices}  {text}", markup=False)


@app.command("guide")
def guide_cmd(
    game: Annotated[str, typer.Argument(help="Game id, e.g. promise.")],
    lang: Lang = "",
) -> None:
    """How to play a game in one screen (玩法), in Chinese or English."""
    from rich.markdown import Markdown

    lang = _check_lang(lang or default_lang())
    text = game_class(game).guide(lang)
    if text is None:
        raise typer.BadParameter(
            f"{game} has no player's page; see `caiquan rules {game}`", param_hint="GAME"
        )
    # pictures are for the web page: the terminal names them instead
    out.print(Markdown(re.sub(r"!\[([^\]]*)\]\([^)]*\)", r"[\1]", text)), soft_wrap=False)


@app.command("bots")
def bots_cmd(
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object on stdout.")] = False,
) -> None:
    """List the bots and their spec parameters (列出机器人及其参数)."""
    from caiquan.bots import BotSpec, bot_names, bot_params

    if as_json:
        data = {
            name: {
                "search": BotSpec(name).search,
                "params": [
                    {
                        "name": p.name,
                        "kind": p.kind,
                        "default": p.default,
                        "minimum": p.minimum,
                        "maximum": p.maximum,
                        "exclusive_minimum": p.exclusive_minimum,
                        "choices": list(p.choices),
                        "words": list(p.words),
                        "help": p.help,
                    }
                    for p in bot_params(name)
                ],
            }
            for name in bot_names()
        }
        sys.stdout.write(json.dumps(data, ensure_ascii=False) + "\n")
        return
    out.print("A bot spec is NAME or NAME:key=value,key=value (e.g. ismcts:seconds=0.5).")
    for name in bot_names():
        params = bot_params(name)
        search = " (search)" if BotSpec(name).search else ""
        out.print(f"\n{name}{search}" + ("" if params else ": no parameters"), markup=False)
        rows = [(p.name, p.type_name(), p.format(p.default), p.bounds(), p.help) for p in params]
        widths = [max((len(r[i]) for r in rows), default=0) for i in range(4)]
        for r in rows:
            cells = [c.ljust(w) for c, w in zip(r[:4], widths, strict=True)]
            out.print("  " + "  ".join([*cells, r[4]]), markup=False)


def print_events(state: State, since: int, lang: str) -> int:
    for event in state.events(None, since):
        out.print(state.game.format_event(event, lang), markup=False)
    return state.event_count()


def print_outcome(state: State, lang: str) -> None:
    """The end of the game: who won, why, and the score sheet (``State.ending``)."""
    from caiquan.tui.ending import ending_lines

    who = "玩家 {}" if lang == "zh" else "player {}"
    names = [who.format(p) for p in range(state.num_players)]
    for line in ending_lines(state, names, lang):
        out.print(line, markup=False)


DEMO_HELP = (
    "Watch bots play one game and print its event log (观看机器人对局).\n\n"
    "The bots draw their randomness by the one rule every front end uses (from the deal "
    "seed, the seat and the move: caiquan.bots.match). So, with the same --bots, options and "
    "content, 'caiquan demo GAME --seed N' is the game whose row in a 'caiquan simulate' "
    "results file has seed N, and 'caiquan demo GAME --seed S --game-index I' is game I of "
    "'caiquan simulate GAME --seed S'."
)


@app.command("demo", help=DEMO_HELP)
def demo_cmd(
    game: Annotated[str, typer.Argument(help="Game id (see `caiquan games`).")],
    seed: Annotated[
        int | None,
        typer.Option(
            help="Seed of the deal (random if omitted); with --game-index, the master seed "
            "of a simulation (simulate's --seed, 0 if omitted)."
        ),
    ] = None,
    game_index: Annotated[
        int | None,
        typer.Option(
            "--game-index",
            min=0,
            help="Show game I (from 0) of 'caiquan simulate GAME --seed SEED' (same --bots, "
            "options and content): its row has 'game' I.",
        ),
    ] = None,
    bots: Annotated[str, typer.Option("--bots", "-b", help=BOTS_HELP)] = "random",
    players: Annotated[
        int | None, typer.Option("--players", help="Number of players (games with a choice).")
    ] = None,
    option: Options = None,
    content: Annotated[
        Path | None, typer.Option("--content", help="A content file (TOML) instead of the default.")
    ] = None,
    lang: Lang = "",
    record: Annotated[
        Path | None, typer.Option("--record", help="Write the game record (JSON) here.")
    ] = None,
) -> None:
    """Watch bots play one game and print its event log (观看机器人对局); see DEMO_HELP."""
    from caiquan.bots import game_seed, play_match, seat_specs

    lang = _check_lang(lang or default_lang())
    config = _lab_config(option, content)
    if players is not None:
        config["players"] = players
    g = load_game(game, config)
    specs = seat_specs(_bot_list(bots, g), g.num_players)
    if game_index is not None:
        run_seed = 0 if seed is None else seed
        deal = game_seed(run_seed, game_index)
        where = f"game {game_index} of simulate --seed {run_seed}: seed {deal}"
    else:
        deal = g.new_state(seed).seed  # a random seed if none is given (and a checked one)
        where = f"seed {deal}"
    out.print(f"{g.name_zh} / {g.name_en} — {where}", markup=False)
    out.print("bots: " + ", ".join(map(str, specs)), markup=False)
    cursor = 0

    def show(state: State, _choices: dict[int, int]) -> None:
        nonlocal cursor
        cursor = print_events(state, cursor, lang)

    state = play_match(g, specs, deal, on_decision=show)
    print_events(state, cursor, lang)
    print_outcome(state, lang)
    if record is not None:
        record.write_text(
            state.record().with_meta(caiquan=__version__).to_json(indent=1) + "\n", encoding="utf-8"
        )
        out.print(f"record: {record}", markup=False)


@app.command("replay")
def replay_cmd(
    path: Annotated[Path, typer.Argument(help="A game record (JSON).")],
    lang: Lang = "",
    verify: Annotated[
        bool,
        typer.Option(
            "--verify",
            help="Check that an online game's deal was fair: the revealed nonce, content and "
            "config match the commitment the table published before play; the seed is the "
            "one the server's nonce and the seats' own values make; the record replays, with "
            "this installation's rules and content, to the outcome the table announced. Exit "
            "code 0: verified against --commitment; 2: consistent with the commitment the "
            "record itself names (give --commitment to verify); 1: failed or not verifiable.",
        ),
    ] = False,
    commitment: Annotated[
        str | None,
        typer.Option(
            "--commitment",
            help="With --verify: the commitment the table published before play (64 hex "
            "digits; the web table shows it, and keeps the one it first saw).",
        ),
    ] = None,
    mine: Annotated[
        list[str] | None,
        typer.Option(
            "--mine",
            metavar="SEAT=VALUE",
            help="With --verify: a value you contributed to the deal for a seat (your "
            "browser keeps it); checked to be among the contributions as that seat's own. "
            "Repeatable.",
        ),
    ] = None,
) -> None:
    """Verify a game record by replaying it, and print its event log (回放并校验记录).

    With --verify, also check that an online game's deal was fair (公平性验证)."""
    lang = _check_lang(lang or default_lang())
    if (commitment is not None or mine) and not verify:
        raise ConfigError("--commitment and --mine go with --verify")
    given_values = _mine(mine or [])
    try:
        text = path.read_bytes()
    except OSError as e:
        raise ConfigError(f"cannot read {path}: {e.strerror}") from None
    record = Record.from_json(text)
    if not verify:
        state = replay(record)
    else:
        given = commitment.strip().lower() if commitment is not None else None
        verdict = verify_fair(record, given, replay=replay, mine=given_values)
        if verdict.status not in ("verified", "consistent") and not any(
            c.name == "replay" and c.ok for c in verdict.checks
        ):
            _print_verdict(verdict, lang, given is not None)  # it never replayed
            raise typer.Exit(1)
        state = replay(record)
    print_events(state, 0, lang)
    if state.is_terminal():
        print_outcome(state, lang)
    else:
        out.print(f"(unfinished: {state.move_number} decisions; to move {state.to_move()})")
    out.print("record verified ✓" if lang == "en" else "记录校验通过 ✓")
    if verify:
        _print_verdict(verdict, lang, given is not None)
        if not verdict.ok:
            raise typer.Exit(2 if verdict.status == "consistent" else 1)


def _mine(values: list[str]) -> dict[int, str]:
    """``--mine SEAT=VALUE`` options as seat → value."""
    out: dict[int, str] = {}
    for item in values:
        seat, sep, value = item.partition("=")
        if not sep or not seat.strip().isdigit() or not value.strip():
            raise ConfigError(f"--mine {item!r}: expected SEAT=VALUE, e.g. --mine 0=3f9a…")
        out[int(seat)] = value.strip().lower()
    return out


def _print_verdict(verdict: Verdict, lang: str, published: bool) -> None:
    """Against what it was checked, each fairness check, then the verdict."""
    zh = lang == "zh"
    if verdict.commitment is not None:
        if published:
            against = (
                "对照牌桌公布的承诺（--commitment）"
                if zh
                else ("checked against the commitment the table published (--commitment)")
            )
        else:
            against = (
                "只对照了记录自己写的承诺（没有给 --commitment）"
                if zh
                else (
                    "checked against the commitment the record itself names (no --commitment given)"
                )
            )
        out.print(f"{against}: {verdict.commitment}", markup=False)
    for check in verdict.checks:
        out.print(f"  {'✓' if check.ok else '✗'} {check.text(lang)}", markup=False)
    if verdict.ok:
        out.print("公平性已验证 ✓" if zh else "verified fair ✓")
    elif verdict.status == "consistent":
        out.print(
            "记录自洽，但未验证：请用 --commitment 给出牌桌开局时公布的承诺"
            if zh
            else "consistent with itself, NOT verified: give the commitment the table "
            "published before play with --commitment",
            markup=False,
        )
    elif verdict.status == "failed":
        out.print("公平性验证失败 ✗" if zh else "NOT verified fair ✗", markup=False)
    else:
        out.print("无法验证 ✗" if zh else "not verifiable ✗", markup=False)


def _record_names(record: Record) -> list[str] | None:
    """The players' names a record's meta holds (a server table's seats), if any."""
    seats = record.meta.get("seats")
    if not isinstance(seats, list):
        return None
    names = [s.get("name") if isinstance(s, dict) else None for s in seats]
    return [n if isinstance(n, str) else "" for n in names]


@app.command("coach")
def coach_cmd(
    path: Annotated[Path, typer.Argument(help="A game record (JSON).")],
    lang: Lang = "",
    as_json: Annotated[
        bool, typer.Option("--json", help="The analysis as one JSON object.")
    ] = False,
) -> None:
    """Throw coach: each player's throws against the equilibrium, habits, and what a habit
    reader would have won (出拳教练)."""
    from caiquan.coach import analyse, report

    lang = _check_lang(lang or default_lang())
    try:
        text = path.read_bytes()
    except OSError as e:
        raise ConfigError(f"cannot read {path}: {e.strerror}") from None
    record = Record.from_json(text)
    analysis = analyse(record, names=_record_names(record))
    if as_json:
        sys.stdout.write(json.dumps(analysis, ensure_ascii=False) + "\n")
        return
    out.print(report(analysis, lang), markup=False, end="")


@app.command("bench")
def bench_cmd(
    seconds: Annotated[float, typer.Option(help="Seconds of play per game setup.")] = 2.0,
    game: Annotated[
        list[str] | None, typer.Option("--game", "-g", help="Only these games (repeatable).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object on stdout.")] = False,
    quiet: Quiet = False,
    peers: Annotated[
        bool,
        typer.Option("--peers", help="Measure OpenSpiel, PettingZoo and RLCard side by side."),
    ] = False,
) -> None:
    """Random-playout benchmark: decisions/s, games/s, clone and observation cost."""
    from caiquan import bench

    if peers:
        _bench_peers(seconds, as_json, quiet)
        return

    setups = bench.default_setups()
    if game:
        unknown = [g for g in game if g not in game_ids()]
        if unknown:
            game_class(unknown[0])
        setups = [s for s in setups if s[0] in game]
    if seconds <= 0:
        raise ConfigError("--seconds must be positive")
    with _lab_progress("bench", as_json or quiet, unit="setups") as progress:
        results = bench.run(
            setups,
            seconds=seconds,
            progress=None
            if progress is None
            else lambda setup, done, total: progress(done, total, setup),
        )
    from caiquan._fastpath import summary

    path = summary()
    if as_json:
        sys.stdout.write(
            json.dumps({"caiquan": __version__, "path": path, "results": bench.as_json(results)})
            + "\n"
        )
        return
    from rich.table import Table

    table = Table(title=f"random playouts, {seconds:g} s each", caption=path)
    for col in ("game", "config", "decisions/s", "games/s", "clone µs", "observation µs"):
        table.add_column(col, justify="right" if col not in ("game", "config") else "left")
    for r in results:
        defaults = {o.name: o.default for o in game_class(r.game).options}
        cfg = ", ".join(f"{k}={v}" for k, v in r.config.items() if defaults.get(k) != v)
        table.add_row(
            r.game,
            cfg,
            f"{r.decisions_per_s:,.0f}",
            f"{r.games_per_s:,.1f}",
            f"{r.clone_us:.2f}",
            f"{r.observation_us:.2f}",
        )
    out.print(table)


def _bench_peers(seconds: float, as_json: bool, quiet: bool = False) -> None:
    from rich.table import Table

    from caiquan.bench.peers import run_peers

    if seconds <= 0:
        raise ConfigError("--seconds must be positive")
    if not (as_json or quiet):
        err.print("measuring caiquan and its peers (3 interleaved rounds, medians)…")
    with _lab_progress("peers", as_json or quiet, unit="measurements") as progress:
        data = run_peers(
            seconds,
            progress=None
            if progress is None
            else lambda label, done, total: progress(done, total, label),
        )
    from caiquan._fastpath import summary

    path = summary()
    if as_json:
        sys.stdout.write(json.dumps({"caiquan": __version__, "path": path, **data}) + "\n")
        return
    table = Table(title="caiquan and its peers, random play in one process", caption=path)
    for col in ("engine / game", "steps/s", "clone µs", "other"):
        table.add_column(col, justify="left" if col == "engine / game" else "right")
    for name, m in data["results"].items():
        other = ", ".join(
            f"{k}={v:,.1f}" for k, v in m.items() if k not in ("steps_per_s", "clone_us")
        )
        steps = f"{m['steps_per_s']:,.0f}" if "steps_per_s" in m else ""
        clone = f"{m['clone_us']:.2f}" if "clone_us" in m else ""
        table.add_row(name, steps, clone, other)
    out.print(table)
    for name, why in data["missing"].items():
        out.print(f"{name}: {why}", markup=False)
    for t in data["targets"]:
        mark = {True: "✓", False: "✗", None: "?"}[t["met"]]
        value = "n/a" if t["value"] is None else f"{t['value']:,.2f}"
        out.print(f"{mark} {t['target']}: {value} (target {t['goal']})", markup=False)


@app.command("play")
def play_cmd(
    game: Annotated[
        str | None, typer.Argument(help="Game id (asked on screen if omitted).")
    ] = None,
    seats: Annotated[
        str | None,
        typer.Option(
            "--seats",
            help="One seat per player: human or a bot spec, comma-separated, e.g. "
            "human,ismcts:seconds=0.5 or human,hard (easy, medium and hard are the game's own "
            "strength ladder, listed by caiquan games; missing seats: the last bot given; default: "
            "seat 0 human, the others the game's hard). Several humans = hot-seat. In a "
            "game with a choice of player count the seats set it (legends "
            "--seats human,greedy,ismcts is a 3-player game) unless -o players=N is given.",
        ),
    ] = None,
    lang: Lang = "",
    seed: Annotated[int | None, typer.Option(help="Seed of the deal (random if omitted).")] = None,
    option: Options = None,
    save: Annotated[
        Path | None,
        typer.Option("--save", help="Save the game here (key s); default: your data folder."),
    ] = None,
    resume: Annotated[
        Path | None, typer.Option("--resume", help="Resume a saved game (its record, JSON).")
    ] = None,
    learn: Annotated[
        bool,
        typer.Option(
            "--learn",
            help="Learn mode (学习模式): beside the choices, a hint at each of your decisions "
            "(what it means, the board's key, promise's equilibrium mix), in the table's "
            "language; key l turns it on or off. A resumed game keeps its learn mode.",
        ),
    ] = False,
) -> None:
    """Play in the terminal against bots or hot-seat (在终端对局：人机或同屏轮流)."""
    from caiquan.tui import Table
    from caiquan.tui.app import run

    use_lang = _check_lang(lang) if lang else default_lang()
    config = parse_options(option)

    def make(game_id: str) -> Table:
        return Table.new(
            game_id, config, seats, seed=seed, lang=use_lang, save_path=save, learn=learn
        )

    table: Table | None = None
    if resume is not None:
        table = Table.resume(resume, lang=lang or None, seats=seats, learn=learn or None)
        if save is not None:
            table.save_path = save
    elif game is not None:
        table = make(game)

    played = run(table, lang=use_lang, make_table=make)
    if played is not None and played.save_path is not None and played.saved_at_move is not None:
        path = played.save_path
        if played.unsaved:
            out.print(f"last saved: {path} (the moves after it were not saved)", markup=False)
        else:
            out.print(f"saved: {path}  (caiquan play --resume {path})", markup=False)


@app.command("serve", help="Run the online server (HTTP API + WebSocket play).")
def serve_cmd(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    database: Annotated[
        str,
        typer.Option(
            help="SQLAlchemy/libpq URL, e.g. postgresql://user@host/db "
            "(default: a SQLite file in your data directory)."
        ),
    ] = "",
    allowed_host: Annotated[
        list[str] | None,
        typer.Option(help="Accepted Host header (repeatable; '*' behind a trusted proxy)."),
    ] = None,
    cors_origin: Annotated[
        list[str] | None, typer.Option(help="Origin allowed to call the API (repeatable).")
    ] = None,
    content_dir: Annotated[
        Path | None,
        typer.Option(
            help="Offer your content files by name at web tables: DIR/<game>/<name>.toml "
            "(checked at start).",
            file_okay=False,
        ),
    ] = None,
    max_client_connections: Annotated[
        int | None,
        typer.Option(min=1, max=100_000, help="WebSocket connections per client address [64]."),
    ] = None,
    max_client_sockets: Annotated[
        int | None,
        typer.Option(
            min=0,
            max=1_000_000,
            help="TCP connections per client address, of any kind [0: room for 32 addresses "
            "within the open-file limit, 8 to 64].",
        ),
    ] = None,
    header_seconds: Annotated[
        float | None,
        typer.Option(
            min=0,
            max=3600,
            help="Close a connection that has not sent a request's headers in this many "
            "seconds [10; 0: never].",
        ),
    ] = None,
    max_spectators: Annotated[
        int | None, typer.Option(min=0, max=100_000, help="Spectators per table [100].")
    ] = None,
    max_client_tables: Annotated[
        int | None,
        typer.Option(min=1, max=1_000_000, help="Open tables one client address may create [20]."),
    ] = None,
    waiting_ttl: Annotated[
        float | None,
        typer.Option(
            min=60, max=365 * 86_400, help="Seconds before an idle waiting table expires [86400]."
        ),
    ] = None,
    bot_deadline: Annotated[
        float | None,
        typer.Option(
            min=1, max=3600, help="Wall-clock seconds a bot may take for one decision [15]."
        ),
    ] = None,
    max_bot_seconds: Annotated[
        float | None,
        typer.Option(min=0.01, max=600, help="Largest thinking time a table may give a bot [5]."),
    ] = None,
) -> None:
    """Run the online server: tables, seats, bots, WebSocket play (联网对战服务器).

    Every limit also reads CAIQUAN_<NAME> from the environment (docs/server.md, "Limits and
    security"); a flag wins."""
    try:
        from caiquan.server.run import serve
    except ImportError as exc:
        err.print(
            f"caiquan serve needs the server's dependencies ({exc.name} is missing): "
            "pip install -e ."
        )
        raise typer.Exit(1) from None
    serve(
        host,
        port,
        database,
        allowed_hosts=allowed_host,
        cors_origins=cors_origin,
        content_dir=str(content_dir) if content_dir is not None else None,
        max_client_connections=max_client_connections,
        max_client_sockets=max_client_sockets,
        header_seconds=header_seconds,
        max_spectators=max_spectators,
        max_client_tables=max_client_tables,
        waiting_ttl=waiting_ttl,
        bot_deadline=bot_deadline,
        max_bot_seconds=max_bot_seconds,
    )


Jobs = Annotated[int, typer.Option("--jobs", "-j", help="Parallel processes (or Ray tasks).")]
Backend = Annotated[
    str, typer.Option("--backend", help="local (process pool) or ray (a Ray cluster).")
]
RayAddress = Annotated[
    str | None,
    typer.Option("--ray-address", help="Ray cluster address (default: start a local Ray)."),
]
Content = Annotated[
    Path | None, typer.Option("--content", help="A content file (TOML) instead of the default.")
]


def _lab_config(option: list[str] | None, content: Path | None) -> dict[str, Any]:
    config = parse_options(option)
    if content is not None:
        if not content.is_file():
            raise ConfigError(f"no content file {content}")
        config["content"] = str(content)
    return config


def _bot_list(bots: str, game: Game | type[Game] | None = None) -> list[str]:
    """The specs of ``--bots``, checked and in their canonical spelling; with the ``game``, a
    strength word (``easy``, ``medium``, ``hard``) is the bot that plays it there."""
    from caiquan.bots import canonical, split_specs, strength_spec

    specs = split_specs(bots)
    if game is not None:
        specs = [strength_spec(game, b) for b in specs]
    return [canonical(b) for b in specs]


def _lab_progress(label: str, off: bool, unit: str = "games") -> Any:
    """A context manager yielding a progress callback ``(done, total, description=None)``, or
    None where no bar is drawn: a Rich bar on stderr, transient, with done of total, the rate
    (``unit``/s, or seconds per unit when slower than one a second) and the time left. Drawn
    only on a terminal (or with ``CAIQUAN_PROGRESS=1``) and never when ``off`` (``--json``,
    ``--quiet``), so stdout stays clean. Every long command uses it: simulate, balance,
    tournament, bench."""
    from contextlib import contextmanager

    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        ProgressColumn,
        Task,
        TextColumn,
        TimeRemainingColumn,
    )
    from rich.text import Text

    one = unit[:-1] if unit.endswith("s") else unit

    class Rate(ProgressColumn):
        def render(self, task: Task) -> Text:
            speed = task.finished_speed or task.speed
            if not speed:
                return Text("")
            if speed < 1:
                return Text(f"{1 / speed:,.1f} s/{one}")
            return Text(f"{speed:,.1f} {unit}/s")

    @contextmanager
    def bar() -> Any:
        if off or (not err.is_terminal and os.environ.get("CAIQUAN_PROGRESS") != "1"):
            yield None
            return
        columns = (
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            Rate(),
            TextColumn("ETA"),
            TimeRemainingColumn(),
        )
        with Progress(*columns, console=err, transient=True) as p:
            task = p.add_task(label, total=None)

            def update(done: int, total: int, description: str | None = None) -> None:
                p.update(task, completed=done, total=total)
                if description is not None:
                    p.update(task, description=description)

            yield update

    return bar()


@app.command("simulate")
def simulate_cmd(
    game: Annotated[str, typer.Argument(help="Game id.")],
    bots: Annotated[str, typer.Option("--bots", "-b", help=BOTS_HELP)] = "random",
    games: Annotated[int, typer.Option("--games", "-n", help="Games to play.")] = 1000,
    players: Annotated[
        int | None, typer.Option("--players", help="Number of players (games with a choice).")
    ] = None,
    seed: Annotated[int, typer.Option(help="Master seed.")] = 0,
    jobs: Jobs = 1,
    backend: Backend = "local",
    ray_address: RayAddress = None,
    option: Options = None,
    content: Content = None,
    analyse: Annotated[
        bool, typer.Option("--analyse", help="Also count dominated throws (slower).")
    ] = False,
    results: Annotated[
        Path | None,
        typer.Option("--out", help="Results file (Parquet); resumes an interrupted run."),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object on stdout.")] = False,
    quiet: Quiet = False,
) -> None:
    """Simulate many games between bots and summarise them (批量模拟对局)."""
    import tempfile

    from caiquan.lab.simulate import dumps, make_spec, run, summarise_file

    config = _lab_config(option, content)
    if players is not None:
        config["players"] = players
    spec = make_spec(game, config, _bot_list(bots, game_class(game)), games, seed, analyse=analyse)
    with tempfile.TemporaryDirectory() as tmp:
        path = results or Path(tmp) / "results.parquet"
        with _lab_progress(game, as_json or quiet) as progress:
            run(spec, path, jobs=jobs, backend=backend, address=ray_address, progress=progress)
        summary = summarise_file(path)
    if as_json:
        sys.stdout.write(dumps(summary) + "\n")
        return
    _print_summary(summary)
    if results is not None:
        out.print(f"results: {results}", markup=False)


def _pct(cell: dict[str, Any]) -> str:
    lo, hi = cell["interval"]
    return f"{cell['rate']:.1%} [{lo:.1%}, {hi:.1%}] of {cell['games']}"


def _print_summary(summary: dict[str, Any]) -> None:
    out.print(f"{summary['game']}: {summary['games']} games, seed {summary['seed']}", markup=False)
    for i, cell in enumerate(summary["seats"]):
        out.print(f"  seat {i}: {_pct(cell)}", markup=False)
    for bot, cell in summary["bots"].items():
        out.print(f"  bot {bot}: {_pct(cell)}", markup=False)
    for label, cells in summary["labels"].items():
        for value, cell in cells.items():
            out.print(f"  {label} {value}: {_pct(cell)}", markup=False)
    out.print(f"  draws: {summary['draw_rate']:.1%}", markup=False)
    ends = ", ".join(f"{k} {v:.1%}" for k, v in summary["end_reasons"].items())
    out.print(f"  ended by: {ends}", markup=False)
    for name, m in summary["metrics"].items():
        out.print(
            f"  {name}: median {m['median']:g}, mean {m['mean']:g}, "
            f"range {m['min']:g}–{m['max']:g}",
            markup=False,
        )
    out.print(f"  forced decisions: {summary['forced_decisions']:.1%}", markup=False)


@app.command("balance")
def balance_cmd(
    game: Annotated[str, typer.Argument(help="Game id.")],
    games: Annotated[int, typer.Option("--games", "-n", help="Games per configuration.")] = 2000,
    bots: Annotated[str, typer.Option("--bots", "-b", help=BOTS_HELP)] = "random",
    seed: Annotated[int, typer.Option(help="Master seed.")] = 0,
    players: Annotated[
        int | None, typer.Option("--players", help="Number of players (games with a choice).")
    ] = None,
    jobs: Jobs = 1,
    backend: Backend = "local",
    ray_address: RayAddress = None,
    option: Options = None,
    content: Content = None,
    matchups: Annotated[
        int,
        typer.Option(
            help="Games per pairing for the matchup matrix of a game that declares one"
            " (e.g. each pair of characters); 0: none."
        ),
    ] = 100,
    compare: Annotated[
        tuple[str, str] | None,
        typer.Option(
            "--compare",
            help="Compare two configurations: each a content file or options 'k=v;k=v'.",
        ),
    ] = None,
    report: Annotated[Path, typer.Option("--out", help="The HTML report to write.")] = Path(
        "report.html"
    ),
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object on stdout.")] = False,
    quiet: Quiet = False,
) -> None:
    """Balance report with plots (平衡性报告): HTML plus a JSON summary beside it."""
    from caiquan.lab import balance

    base = _lab_config(option, content)
    if players is not None:
        base["players"] = players
    specs = _bot_list(bots, game_class(game))
    with _lab_progress(game, as_json or quiet) as progress:
        if compare is None:
            data = balance.analyse(
                game,
                base,
                specs,
                games,
                seed,
                jobs=jobs,
                backend=backend,
                address=ray_address,
                matchup_games=matchups,
                results=balance.results_path(report),
                progress=progress,
            )
        else:
            data = balance.compare(
                game,
                base,
                [balance.parse_variant(c) for c in compare],
                specs,
                games,
                seed,
                jobs=jobs,
                backend=backend,
                address=ray_address,
                progress=progress,
            )
    summary_path = balance.write_report(data, report)
    if as_json:
        sys.stdout.write(json.dumps(data["summary"], ensure_ascii=False, sort_keys=True) + "\n")
        return
    out.print(f"report: {report}\nsummary: {summary_path}", markup=False)
    for line in data["summary"].get("headline", []):
        out.print(f"  {line}", markup=False)


@app.command("tournament")
def tournament_cmd(
    game: Annotated[str, typer.Argument(help="Game id.")],
    bots: Annotated[
        str,
        typer.Option(
            "--bots",
            "-b",
            help="Bot specs separated by commas (or ';'), e.g. random,ismcts:iterations=200; "
            "easy, medium and hard are the game's own strength ladder (caiquan games).",
        ),
    ] = "random,ismcts:iterations=200",
    games: Annotated[int, typer.Option("--games", "-n", help="Games to play.")] = 100,
    seed: Annotated[int, typer.Option(help="Seed of the whole tournament.")] = 0,
    option: Options = None,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object on stdout.")] = False,
    quiet: Quiet = False,
) -> None:
    """Round-robin tournament between bots: ratings and win rates (机器人循环赛)."""
    from caiquan.lab import run_tournament

    g = load_game(game, parse_options(option))
    specs = _bot_list(bots, g)
    if as_json:
        result = run_tournament(g, specs, games, seed)
        sys.stdout.write(json.dumps(result.to_json(), ensure_ascii=False) + "\n")
        return
    with _lab_progress(f"{game}: {games} games", as_json or quiet) as progress:
        result = run_tournament(
            g,
            specs,
            games,
            seed,
            progress=None if progress is None else lambda i: progress(i, games),
        )
    from rich.table import Table

    table = Table(title=f"{game} — {games} games, seed {seed}")
    for col in ("bot", "rating μ±σ", "games", "W/D/L", "score rate", "95 % interval"):
        table.add_column(col, justify="left" if col == "bot" else "right")
    for st in result.standings:
        table.add_row(
            st.bot,
            f"{st.rating_mu:.1f} ± {st.rating_sigma:.1f}",
            str(st.games) if st.seat_games == st.games else f"{st.games} ({st.seat_games} seats)",
            f"{st.wins}/{st.draws}/{st.losses}",
            f"{st.rate:.1%}",
            f"{st.interval[0]:.1%} – {st.interval[1]:.1%}",
        )
    out.print(table)
    seats = ", ".join(f"seat {i}: {x:.1%}" for i, x in enumerate(result.seat_scores))
    out.print(f"score by seat: {seats}; median decisions per game: {result.median_decisions:g}")


#: Click's conventional metavars for the value types typer would print as ``<int>`` …
_METAVARS = {"int": "INTEGER", "float": "NUMBER", "str": "TEXT", "Path": "PATH"}


def _conventional(param: typing.Any) -> None:
    """Help that reads like a well-kept CLI: ``--games INTEGER``, a flag with no value
    placeholder, an argument named ``GAME`` (typer 0.2x prints ``<int>``, ``<bool>``,
    ``<list[str]>`` and ``{game}``, which look like things to type)."""
    if isinstance(param, typer.core.TyperArgument):
        name = (param.name or "value").upper()
        param.metavar = name
        # typer's own hooks for the usage line and the type column, per instance
        param._usage_display_name = lambda: name  # type: ignore[method-assign]
        param.display_type_rich = lambda ctx: None  # type: ignore[method-assign]
        return
    if not isinstance(param, typer.core.TyperOption) or param.metavar is not None:
        return
    if param.is_flag:
        param.metavar = ""
    elif param.multiple and param.name == "option":
        param.metavar = "NAME=VALUE"
    else:
        desc = getattr(param, "type_descriptor", None)
        annotation = getattr(desc, "annotation", None)
        key = getattr(annotation, "__name__", "")
        if getattr(desc, "is_list", False):
            key = getattr(typing.get_args(annotation)[0], "__name__", "") if annotation else ""
        param.metavar = _METAVARS.get(key, "TEXT")


def command() -> typing.Any:
    """The ``caiquan`` command tree with conventional help (see :func:`_conventional`)."""
    cmd = typer.main.get_command(app)
    stack = [cmd]
    while stack:
        c = stack.pop()
        for param in c.params:
            _conventional(param)
        help_option = c.get_help_option(typer.core._click.core.Context(c))  # type: ignore[attr-defined]
        if help_option is not None:
            _conventional(help_option)
        if isinstance(c, typer.core.TyperGroup):
            stack.extend(c.commands.values())
    return cmd


def main(argv: list[str] | None = None) -> None:
    """Entry point: run the app, turning caiquan errors into one-line messages."""
    try:
        command().main(args=argv, prog_name="caiquan", standalone_mode=True)
    except CaiquanError as e:
        err.print(f"error: {e}", markup=False, highlight=False)
        sys.exit(1)


if __name__ == "__main__":  # pragma: no cover
    main()
