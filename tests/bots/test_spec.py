"""Bot specs: strict parsing, canonical spelling, declared parameters and their bounds."""

from __future__ import annotations

import inspect
import pickle
import re
import time
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from caiquan.bots import (
    BOTS,
    BotSpec,
    BotSpecError,
    GreedyBot,
    ISMCTSBot,
    NashBot,
    Param,
    RandomBot,
    bot_names,
    bot_params,
    canonical,
    make_bot,
    split_specs,
)
from caiquan.bots.spec import params_markdown
from caiquan.cli.main import main
from caiquan.engine import ConfigError, PlayerView, Rng, State
from caiquan.games import load_game

DOCS = Path(__file__).resolve().parents[2] / "docs" / "bots.md"

# ---------------------------------------------------------------------- generated specs


def _spelling(p: Param) -> st.SearchStrategy[str]:
    """Valid spellings of a value of ``p`` (not only the canonical one)."""
    if p.kind == "bool":
        return st.sampled_from(["0", "1", "true", "false", "True", "FALSE"])
    if p.kind == "choice":
        return st.sampled_from(p.choices)
    lo, hi = p.minimum, p.maximum
    assert lo is not None and hi is not None
    if p.kind == "int":
        whole = st.integers(int(lo), int(hi))
        spelt = st.one_of(
            whole.map(str), whole.map(lambda v: f"+{v}"), whole.map(lambda v: f"{v:06d}")
        )
    else:
        real = st.floats(lo, hi, exclude_min=p.exclusive_minimum, allow_nan=False)
        spelt = st.one_of(
            real.map(repr), real.map(lambda v: f"{v:.17g}"), real.map(lambda v: f"{v:.3e}")
        )
        if p.exclusive_minimum:
            spelt = spelt.filter(lambda t: float(t) > lo)
    return st.one_of(spelt, st.sampled_from(p.words)) if p.words else spelt


@st.composite
def spelt_specs(draw: st.DrawFn) -> tuple[str, str, dict[str, str]]:
    """A valid spec string in a random (non-canonical) spelling, its bot and raw values."""
    name = draw(st.sampled_from(bot_names()))
    params = draw(st.permutations(bot_params(name)))
    chosen = params[: draw(st.integers(0, len(params)))]
    values = {p.name: draw(_spelling(p)) for p in chosen}
    pad = st.sampled_from(["", " ", "  "])
    items = [f"{draw(pad)}{k}{draw(pad)}={draw(pad)}{v}{draw(pad)}" for k, v in values.items()]
    text = f"{draw(pad)}{name}{draw(pad)}"
    if items or draw(st.booleans()):
        text += ":" + ",".join(items)
    return text, name, values


@given(spelt_specs())
def test_every_valid_spec_round_trips_through_its_canonical_spelling(
    case: tuple[str, str, dict[str, str]],
) -> None:
    text, name, values = case
    spec = BotSpec.parse(text)
    assert spec.name == name and set(spec.given) == set(values)
    again = BotSpec.parse(str(spec))
    assert again == spec and hash(again) == hash(spec) and str(again) == str(spec)
    assert canonical(str(spec)) == str(spec)
    declared = [p.name for p in bot_params(name)]
    assert [k for k, _ in spec.params] == [k for k in declared if k in values]  # in order
    for p in bot_params(name):
        if p.name not in values:
            assert spec.value(p.name) == p.default
        elif p.kind == "float" and values[p.name] not in p.words:
            assert spec.value(p.name) == float(values[p.name])
        elif p.kind == "int" and values[p.name] not in p.words:
            assert spec.value(p.name) == int(values[p.name])
    assert isinstance(spec.build(), type(make_bot(name)))


def test_two_spellings_of_one_bot_are_one_spec() -> None:
    a = BotSpec.parse("ismcts: seconds = 0.5")
    b = BotSpec.parse("ismcts:seconds=0.5")
    c = BotSpec.parse(" ismcts : seconds=0.50 , ")
    assert a == b == c and len({a, b, c}) == 1 and str(a) == "ismcts:seconds=0.5"
    assert BotSpec.parse(" ismcts:seconds=5").name == "ismcts"
    assert str(BotSpec.parse("ismcts:gamma=0.10,iterations=050")) == (
        "ismcts:iterations=50,gamma=0.1"
    )
    assert str(BotSpec.parse("ismcts:prune=true,paired=1,linear=False")) == (
        "ismcts:paired=1,prune=1,linear=0"
    )
    assert str(BotSpec.parse("ismcts:seconds=1.0")) == "ismcts:seconds=1"
    assert str(BotSpec.parse("ismcts:trust=-0.0")) == "ismcts:trust=0"
    assert str(BotSpec.parse("ismcts:depth=auto")) == "ismcts:depth=auto"
    assert str(BotSpec.parse("ismcts:,seconds=1,")) == "ismcts:seconds=1"  # empty items
    assert str(BotSpec.parse("random:")) == "random"
    # a given default is still given: the spec says what was asked for
    assert BotSpec.parse("ismcts:worlds=16") != BotSpec.parse("ismcts")


# ---------------------------------------------------------------------- refused spellings


def _bounded() -> list[tuple[str, str, str]]:
    """(bot, parameter, refused value) for every bound of every declared parameter."""
    cases = []
    for name in bot_names():
        for p in bot_params(name):
            if p.kind not in ("int", "float"):
                continue
            assert p.minimum is not None and p.maximum is not None, p.name
            low = p.minimum if p.exclusive_minimum else p.minimum - (1 if p.kind == "int" else 1e-3)
            high = p.maximum + (1 if p.kind == "int" else 1e-3)
            for v in (low, high):
                cases.append((name, p.name, str(int(v)) if p.kind == "int" else repr(float(v))))
    return cases


@pytest.mark.parametrize(("bot", "param", "value"), _bounded())
def test_every_bound_is_enforced(bot: str, param: str, value: str) -> None:
    with pytest.raises(BotSpecError) as e:
        BotSpec.parse(f"{bot}:{param}={value}")
    assert e.value.bot == bot and e.value.param == param
    assert f"parameter {param!r} must be" in str(e.value) and repr(value) in str(e.value)


@pytest.mark.parametrize(
    ("text", "param"),
    [
        ("ismcts:seconds=0x10", "seconds"),
        ("ismcts:iterations=0x10", "iterations"),
        ("ismcts:seconds=nan", "seconds"),
        ("ismcts:seconds=NaN", "seconds"),
        ("ismcts:seconds=inf", "seconds"),
        ("ismcts:seconds=-inf", "seconds"),
        ("ismcts:seconds=infinity", "seconds"),
        ("ismcts:seconds=1e400", "seconds"),
        ("ismcts:belief=1e400", "belief"),
        ("ismcts:exploration=1e400", "exploration"),
        ("ismcts:seconds=0", "seconds"),  # greater than 0
        ("ismcts:seconds=1e-400", "seconds"),  # underflows to 0
        ("ismcts:seconds=", "seconds"),
        ("ismcts:seconds=1 s", "seconds"),
        ("ismcts:seconds=0.5.1", "seconds"),
        ("ismcts:seconds=1_0", "seconds"),
        ("ismcts:iterations=1_000", "iterations"),
        ("ismcts:iterations=2.5", "iterations"),
        ("ismcts:iterations=1e3", "iterations"),
        ("ismcts:iterations=٣", "iterations"),  # a non-ASCII digit
        ("ismcts:iterations=" + "9" * 5000, "iterations"),  # too long for int()
        ("ismcts:worlds=20000", "worlds"),
        ("ismcts:depth=-1", "depth"),
        ("ismcts:depth=Auto", "depth"),
        ("ismcts:prune=2", "prune"),
        ("ismcts:prune=yes", "prune"),
        ("ismcts:rollout=clever", "rollout"),
        ("ismcts:rollout=Greedy", "rollout"),
        ("nash:fallback=ismcts", "fallback"),
        ("nash:rollouts=-1", "rollouts"),
        ("ismcts:colour=red", "colour"),
        ("ismcts:seconds=1,seconds=2", "seconds"),
        ("ismcts:seconds=1, seconds =1", "seconds"),
        ("random:seconds=1", "seconds"),
    ],
)
def test_refused_spellings_name_the_parameter(text: str, param: str) -> None:
    with pytest.raises(BotSpecError) as e:
        BotSpec.parse(text)
    assert e.value.param == param and e.value.bot == text.partition(":")[0]
    assert repr(param) in str(e.value)
    with pytest.raises(ConfigError):  # make_bot parses the same way
        make_bot(text)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("genius", "no bot called 'genius'; the bots are: exploit, greedy, ismcts, nash, random"),
        ("", "a bot spec starts with the bot's name"),
        (" : seconds=1", "a bot spec starts with the bot's name"),
        ("ISMCTS", "no bot called 'ISMCTS'"),
        ("ismcts,seconds=1", "(a spec is NAME or NAME:key=value,key=value)"),
        ("ismcts:fast", "ismcts: a bot parameter must be key=value, got 'fast'"),
        ("ismcts:=1", "ismcts: a bot parameter must be key=value, got '=1'"),
    ],
)
def test_errors_about_no_one_parameter(text: str, message: str) -> None:
    with pytest.raises(BotSpecError) as e:
        BotSpec.parse(text)
    assert e.value.param is None and message in str(e.value)


def test_error_messages_say_what_is_allowed() -> None:
    cases = {
        "ismcts:worlds=20000": "ismcts: parameter 'worlds' must be a whole number from 0 to "
        "256, got '20000'",
        "ismcts:seconds=nan": "ismcts: parameter 'seconds' must be a number greater than 0 and "
        "at most 600, got 'nan'",
        "ismcts:depth=x": "ismcts: parameter 'depth' must be 'auto' or a whole number from 0 "
        "to 100000, got 'x'",
        "ismcts:paired=2": "ismcts: parameter 'paired' must be 1 or 0 (true or false), got '2'",
        "nash:fallback=x": "nash: parameter 'fallback' must be one of greedy, random, got 'x'",
        "ismcts:speed=3": "ismcts: no parameter 'speed'; its parameters are: iterations, "
        "seconds, opponents,",
        "random:x=1": "random: takes no parameters, got 'x'",
        "nash:rollouts=1,rollouts=1": "nash: parameter 'rollouts' is given twice",
    }
    for text, message in cases.items():
        with pytest.raises(BotSpecError, match=re.escape(message)):
            BotSpec.parse(text)


def test_long_input_is_cut_short_in_messages() -> None:
    with pytest.raises(BotSpecError) as e:
        BotSpec.parse("ismcts:iterations=" + "9" * 5000)
    assert len(str(e.value)) < 200 and str(e.value).endswith("…'")
    with pytest.raises(BotSpecError) as e:
        BotSpec.parse("x" * 5000)
    assert len(str(e.value)) < 200


def test_specs_pickle() -> None:
    spec = BotSpec.parse("ismcts:seconds=0.5,depth=auto,prune=0")
    assert pickle.loads(pickle.dumps(spec)) == spec


def test_the_error_is_a_config_error_that_survives_pickling() -> None:
    with pytest.raises(BotSpecError) as e:
        BotSpec.parse("ismcts:worlds=20000")
    assert isinstance(e.value, ConfigError)
    copy = pickle.loads(pickle.dumps(e.value))
    assert (str(copy), copy.bot, copy.param) == (str(e.value), "ismcts", "worlds")


# ---------------------------------------------------------------------- declarations


@pytest.mark.parametrize("cls", [ISMCTSBot, NashBot])
def test_params_declare_every_keyword_with_its_default(cls: type) -> None:
    signature = inspect.signature(cls.__init__)
    keywords = {k: v.default for k, v in signature.parameters.items() if k != "self"}
    declared = {p.name: p.default for p in cls.PARAMS}
    assert set(declared) == set(keywords)
    for name, default in keywords.items():
        if name == "fallback":  # None means the greedy bot
            assert declared[name] == "greedy"
        else:
            assert declared[name] == default, name


def test_search_and_params_of_every_bot() -> None:
    assert RandomBot.PARAMS == () and GreedyBot.PARAMS == ()
    assert ISMCTSBot.SEARCH and not any(c.SEARCH for c in (RandomBot, GreedyBot, NashBot))
    assert [BotSpec(n).search for n in ("random", "greedy", "nash", "ismcts")] == [
        False,
        False,
        False,
        True,
    ]
    assert BotSpec.parse("ismcts").params_info() == ISMCTSBot.PARAMS
    assert bot_params("nash") == NashBot.PARAMS
    depth = {p.name: p for p in ISMCTSBot.PARAMS}["depth"]
    assert depth.parse("auto") == "auto" and depth.parse("7") == 7


def test_values_defaults_and_changes() -> None:
    spec = BotSpec.parse("ismcts:iterations=50")
    assert spec.value("iterations") == 50 and spec.value("seconds") is None
    assert spec.value("worlds") == 16 and spec.value("prune") is True
    with pytest.raises(KeyError):
        spec.value("colour")
    timed = spec.without("iterations").with_params(seconds=2)
    assert str(timed) == "ismcts:seconds=2" and timed.value("seconds") == 2.0
    assert (
        str(spec.with_params(seconds="0.5", worlds=8))
        == "ismcts:iterations=50,seconds=0.5,worlds=8"
    )
    assert spec.with_params(iterations=60).value("iterations") == 60
    with pytest.raises(BotSpecError) as e:
        spec.with_params(seconds=700)
    assert e.value.param == "seconds"
    with pytest.raises(BotSpecError):
        spec.with_params(iterations=True)  # a flag is not a count
    with pytest.raises(BotSpecError):
        spec.with_params(seconds=float("inf"))
    assert BotSpec.of("ismcts", seconds=1, prune=False) == BotSpec.parse("ismcts:seconds=1,prune=0")
    with pytest.raises(BotSpecError):
        BotSpec("ismcts", (("worlds", 10**6),))  # checked however it is made
    with pytest.raises(BotSpecError):
        BotSpec("genius")


def test_build_and_make_bot_take_a_spec() -> None:
    spec = BotSpec.parse("ismcts:iterations=50,exploration=1.2,prune=0,depth=3")
    bot = spec.build()
    assert isinstance(bot, ISMCTSBot) and bot.iterations == 50 and bot.exploration == 1.2
    assert bot.prune is False and bot.depth == 3 and bot.seconds is None
    assert isinstance(make_bot(spec), ISMCTSBot) and make_bot(spec) is not bot
    nash = make_bot("nash:fallback=random,rollouts=3")
    assert isinstance(nash, NashBot) and isinstance(nash.fallback, RandomBot)
    assert nash.rollouts == 3


def test_a_registered_bot_without_params_takes_none() -> None:
    class First:
        name = "first"

        def decide(self, view: PlayerView, rng: Rng) -> int:
            return view.legal()[0]

    BOTS["first"] = First
    try:
        assert isinstance(make_bot("first"), First) and not BotSpec.parse("first").search
        with pytest.raises(BotSpecError, match="first: takes no parameters"):
            make_bot("first:x=1")
    finally:
        del BOTS["first"]


# ---------------------------------------------------------------------- lists of specs


@pytest.mark.parametrize(
    ("text", "specs"),
    [
        (
            "random,ismcts:iterations=200,gamma=0.1,nash",
            ["random", "ismcts:iterations=200,gamma=0.1", "nash"],
        ),
        (
            " random , ismcts:iterations=200 , gamma=0.1 ",
            ["random", "ismcts:iterations=200,gamma=0.1"],
        ),
        ("ismcts:iterations=200,gamma=0.1;random", ["ismcts:iterations=200,gamma=0.1", "random"]),
        ("ismcts:seconds=1;gamma=0.1", ["ismcts:seconds=1", "gamma=0.1"]),  # ; always splits
        ("human,ismcts:seconds=0.5,human", ["human", "ismcts:seconds=0.5", "human"]),
        ("random,seconds=1", ["random", "seconds=1"]),  # no spec with parameters to continue
        ("", []),
        (",,", []),
    ],
)
def test_split_specs(text: str, specs: list[str]) -> None:
    assert split_specs(text) == specs


# ---------------------------------------------------------------------- docs and CLI


def test_the_docs_table_is_the_declarations() -> None:
    text = DOCS.read_text(encoding="utf-8")
    start = text.index("<!-- bot-params:start -->\n") + len("<!-- bot-params:start -->\n")
    end = text.index("<!-- bot-params:end -->")
    assert text[start:end] == params_markdown(), (
        "regenerate it: caiquan.bots.spec.params_markdown()"
    )
    for p in ISMCTSBot.PARAMS:
        assert f"| `ismcts` | `{p.name}` |" in text


def test_bots_command_lists_every_parameter(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as e:
        main(["bots"])
    assert e.value.code == 0
    text = capsys.readouterr().out
    for name in bot_names():
        assert name in text
        for p in bot_params(name):
            assert re.search(rf"^  {p.name} +{re.escape(p.type_name())} ", text, re.M), p.name
    assert "0 … 256" in text and "ismcts (search)" in text


@pytest.mark.parametrize(
    "args",
    [
        ["tournament", "goofspiel", "--bots", "random,ismcts:worlds=20000", "-n", "1"],
        ["simulate", "goofspiel", "--bots", "random,ismcts:worlds=20000", "-n", "1"],
        ["play", "goofspiel", "--seats", "human,ismcts:worlds=20000"],
    ],
)
def test_a_bad_spec_on_the_command_line_is_one_line(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as e:
        main(args)
    assert e.value.code == 1
    err = capsys.readouterr().err
    assert err.strip() == (
        "error: ismcts: parameter 'worlds' must be a whole number from 0 to 256, got '20000'"
    )


# ---------------------------------------------------------------------- the bounds' cost

GAMES = [
    ("promise", {}),
    ("drama", {}),
    ("legends", {"players": 4}),
    ("goofspiel", {}),
    ("goofspiel", {"points_order": "descending", "imp_info": True}),  # belief applies here
]


def _mid_game(game_id: str, config: dict[str, object]) -> State:
    """Ten random decisions from seed 1, then on to the first decision that the worlds pool
    serves (simultaneous, not a throw), if one comes within 30 more; else a real choice."""
    s = load_game(game_id, config).new_state(1)
    rng = Rng(1)
    for _ in range(10):
        s.apply({p: rng.choice(s.legal(p)) for p in s.to_move()})
    fallback = None
    for _ in range(30):
        movers = [p for p in s.to_move() if len(s.legal(p)) > 1]
        if movers and s.kind(movers[0]) != "throw":
            if len(s.to_move()) > 1:
                return s
            fallback = fallback or s.clone()
        s.apply({p: rng.choice(s.legal(p)) for p in s.to_move()})
    assert fallback is not None
    return fallback


@pytest.mark.parametrize(("game_id", "config"), GAMES)
def test_the_largest_worlds_and_belief_still_answer_quickly(
    game_id: str, config: dict[str, object]
) -> None:
    params = {p.name: p for p in ISMCTSBot.PARAMS}
    worlds, belief = params["worlds"].maximum, params["belief"].maximum
    spec = BotSpec.of("ismcts", seconds=0.1, worlds=worlds, belief=belief)
    s = _mid_game(game_id, config)
    for p in s.to_move():
        if len(s.legal(p)) < 2:
            continue
        # CPU time of this thread: what the bot itself spends, whatever else the machine runs
        t = time.thread_time()
        option = spec.build().decide(PlayerView(s, p), Rng(3))
        took = time.thread_time() - t
        assert option in s.legal(p)
        assert took < 5.0, f"{game_id}: {took:.2f} s of CPU for one decision with {spec}"
