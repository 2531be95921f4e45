"""The live coach in the terminal's learn panel: the viewer's own throws so far as small bars
against the equilibrium mix, and what a habit reader would have won
(:func:`caiquan.coach.analyse_seat`, worked out only from what the viewer has seen)."""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from rich.text import Text

from .i18n import t

#: How many cells a bar has: the share of the throws, █ for each tenth.
BAR = 10


def live_coach_text(analysis: dict[str, Any], lang: str) -> Text:
    """A few lines for the learn panel from ``analyse_seat(...)``: one per throw (a bar of
    its share, the count, the equilibrium's share), then the habit reader and the verdict."""
    (entry,) = analysis["players"]
    out = Text()
    out.append(t("coach_live", lang), style="bold")
    if not entry["throws"]:
        out.append("\n" + t("coach_live_none", lang), style="italic")
        return out
    out.append("\n" + t("coach_live_key", lang), style="dim")
    key = "zh" if lang == "zh" else "en"
    options = [o for family in entry["families"] for o in family["options"]]
    width = max(cell_len(o["label"][key]) for o in options)
    for o in options:
        filled = round(BAR * o["share"])
        label = o["label"][key]
        out.append("\n" + label + " " * (width - cell_len(label) + 1))
        out.append("█" * filled, style="cyan")
        out.append("░" * (BAR - filled), style="dim")
        out.append(
            f" {o['count']} · {round(100 * o['share'])}%  "
            + t("coach_live_eq", lang, pct=round(100 * o["equilibrium"]))
        )
    # the lines after the bars in words: habits, the habit reader, the verdict
    for line in entry["lines"][1 + len(entry["families"]) :]:
        out.append("\n" + line[key])
    return out
