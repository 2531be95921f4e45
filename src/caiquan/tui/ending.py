"""The end of a game in the terminal (the play screen and ``caiquan demo``): who won by name,
why in the game's own words, and the score sheet (:meth:`caiquan.engine.State.ending`)."""

from __future__ import annotations

from collections.abc import Sequence

from caiquan.engine import State

from .i18n import t


def _place(rank: int, lang: str) -> str:
    if lang == "zh":
        return f"第 {rank} 名"
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(rank if rank < 20 else rank % 10, "th")
    return f"{rank}{suffix}"


def headline(state: State, names: Sequence[str], lang: str) -> str:
    """ "A wins", "A and B share first place" or "a draw", by the players' names."""
    ranks = state.outcome().ranks
    firsts = [names[p] for p, r in enumerate(ranks) if r == 1]
    if len(firsts) == len(ranks) > 1:
        return t("all_draw", lang)
    if len(firsts) == 1:
        return t("wins_one", lang, who=firsts[0])
    return t("wins_shared", lang, who=("、" if lang == "zh" else " and ").join(firsts))


def ending_lines(state: State, names: Sequence[str], lang: str) -> list[str]:
    """The end screen as lines: the headline, the reason, then one line per player (place,
    result and each standing)."""
    o = state.outcome()
    ending = state.ending()
    lines = [headline(state, names, lang), ending.reason(lang)]
    sep = "，" if lang == "zh" else ", "
    colon = "：" if lang == "zh" else ": "
    for p, name in enumerate(names):
        result = t(o.results[p], lang)
        parts = [
            f"{_place(o.ranks[p], lang)}" + (f"（{result}）" if lang == "zh" else f" ({result})")
        ]
        parts += [f"{s.label(lang)} {s.values[p](lang)}" for s in ending.standings]
        lines.append(f"  {name}{colon}{sep.join(parts)}")
    return lines
