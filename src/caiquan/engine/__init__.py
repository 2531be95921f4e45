"""caiquan.engine — a game-agnostic engine for simultaneous-move, hidden-information games.

Pure and typed: no I/O, no global randomness. See :class:`Game` and :class:`State`.
"""

from .config import ConfigOption, ConfigValue, validate_config
from .describe import (
    HOOKS,
    TARGET_KINDS,
    Ending,
    Entry,
    Glossary,
    Standing,
    Target,
    Text,
    load_glossary,
    load_targets,
)
from .errors import (
    CaiquanError,
    ConfigError,
    ContentError,
    GameLoadError,
    GameOverError,
    IllegalDecisionError,
    RecordError,
    RecordVersionError,
    UnknownGameError,
)
from .game import DEFAULT_STRENGTHS, STRENGTH_LEVELS, Game, seat_name, select_language
from .matrix import (
    MatrixSolution,
    expected_payoff,
    exploitability,
    solve_lp,
    solve_small,
    solve_zero_sum,
)
from .record import Record
from .rng import Rng
from .rps import BLADES, RPS, Cycle
from .state import DecisionInput, JointDecision, State
from .types import (
    Choice,
    Decision,
    Event,
    EventEntry,
    JSONValue,
    Outcome,
    Player,
    Result,
    ranks_from_scores,
    results_from_ranks,
    win_loss_returns,
)
from .view import PlayerView

__all__ = [
    "BLADES",
    "DEFAULT_STRENGTHS",
    "HOOKS",
    "RPS",
    "STRENGTH_LEVELS",
    "TARGET_KINDS",
    "CaiquanError",
    "Choice",
    "ConfigError",
    "ConfigOption",
    "ConfigValue",
    "ContentError",
    "Cycle",
    "Decision",
    "DecisionInput",
    "Ending",
    "Entry",
    "Event",
    "EventEntry",
    "Game",
    "GameLoadError",
    "GameOverError",
    "Glossary",
    "IllegalDecisionError",
    "JSONValue",
    "JointDecision",
    "MatrixSolution",
    "Outcome",
    "Player",
    "PlayerView",
    "Record",
    "RecordError",
    "RecordVersionError",
    "Result",
    "Rng",
    "Standing",
    "State",
    "Target",
    "Text",
    "UnknownGameError",
    "expected_payoff",
    "exploitability",
    "load_glossary",
    "load_targets",
    "ranks_from_scores",
    "results_from_ranks",
    "seat_name",
    "select_language",
    "solve_lp",
    "solve_small",
    "solve_zero_sum",
    "validate_config",
    "win_loss_returns",
]
