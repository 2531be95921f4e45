"""Bots: players that decide from what their seat may see.

Every bot implements :class:`Bot`: given a :class:`~caiquan.engine.PlayerView` (observation,
legal options, decision, ``determinize`` for search — never the true state) and an
:class:`~caiquan.engine.Rng`, return one legal option id.

``make_bot("ismcts:iterations=300")`` builds a bot from a short spec string, parsed and
checked once by :class:`BotSpec` (:mod:`caiquan.bots.spec`: each bot class declares its
parameters as ``PARAMS``). The bots:
``random``; ``greedy`` (the per-game heuristic player, :mod:`caiquan.bots.heuristics`);
``nash`` (exact equilibrium mixes at throws, ``greedy`` elsewhere); ``exploit`` (``nash``
until the opponent's throw habits are clear, then the best response to them); ``ismcts``
(search).
Every front end lets a bot decide through :func:`decide` and plays whole games with
:func:`play_match` (:mod:`caiquan.bots.match`: one rule for the bots' RNG, derived from the
game's seed, the seat and the move). See ``docs/bots.md``.
"""

from __future__ import annotations

from collections.abc import Callable

from caiquan.engine import STRENGTH_LEVELS, Game

from .base import Bot, RandomBot
from .exploit import ExploitBot
from .heuristics import GreedyBot, Heuristic, heuristic_for
from .ismcts import ISMCTSBot
from .match import bot_rng, decide, game_seed, play_match, seat_specs
from .nash import NashBot
from .spec import (
    BotSpec,
    BotSpecError,
    Param,
    as_spec,
    bot_names,
    bot_params,
    canonical,
    split_specs,
)

#: Bot name → factory. A factory's ``PARAMS`` (a tuple of :class:`Param`) are the spec
#: parameters it takes (none if it has no ``PARAMS``); ``SEARCH = True`` marks a CPU-heavy
#: search bot.
BOTS: dict[str, Callable[..., Bot]] = {
    "random": RandomBot,
    "exploit": ExploitBot,
    "greedy": GreedyBot,
    "ismcts": ISMCTSBot,
    "nash": NashBot,
}


def strength_spec(game: Game | type[Game], spec: str) -> str:
    """``spec`` with a strength word (``easy``, ``medium``, ``hard``) replaced by the bot
    that plays it in ``game`` (:attr:`Game.strengths`); any other text unchanged.

    >>> from caiquan.games import game_class
    >>> goofspiel = game_class("goofspiel")
    >>> strength_spec(goofspiel, " easy "), strength_spec(goofspiel, "nash")
    ('random', 'nash')
    """
    word = spec.strip()
    return game.strength(word) if word in STRENGTH_LEVELS else spec


def make_bot(spec: str | BotSpec) -> Bot:
    """A new bot from a spec: ``name`` or ``name:key=value,key=value`` (e.g.
    ``ismcts:seconds=0.5``), checked strictly (:meth:`BotSpec.parse`), or a parsed
    :class:`BotSpec`. A bad spec raises :class:`BotSpecError` (a ``ConfigError``)."""
    return as_spec(spec).build()


__all__ = [
    "BOTS",
    "Bot",
    "BotSpec",
    "BotSpecError",
    "ExploitBot",
    "GreedyBot",
    "Heuristic",
    "ISMCTSBot",
    "NashBot",
    "Param",
    "RandomBot",
    "as_spec",
    "bot_names",
    "bot_params",
    "bot_rng",
    "canonical",
    "decide",
    "game_seed",
    "heuristic_for",
    "make_bot",
    "play_match",
    "seat_specs",
    "split_specs",
    "strength_spec",
]
