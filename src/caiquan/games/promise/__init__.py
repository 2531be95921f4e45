"""猜拳战争●四年之约 (The Four-Year Promise): a two-player RPS duel with a power table."""

from .content import Character, Content, Skill, Weapon, load_content, parse_content
from .effects import Effect
from .payoffs import throw_payoffs
from .rules import (
    PAIRS,
    Promise,
    PromiseState,
    eligible_values,
    power_table,
)
from .table import PowerCell, PowerTable, compute_table

__all__ = [
    "PAIRS",
    "Character",
    "Content",
    "Effect",
    "PowerCell",
    "PowerTable",
    "Promise",
    "PromiseState",
    "Skill",
    "Weapon",
    "compute_table",
    "eligible_values",
    "load_content",
    "parse_content",
    "power_table",
    "throw_payoffs",
]
