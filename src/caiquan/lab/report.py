"""The balance report as one offline HTML file: inline SVG plots, tables, no scripts from
anywhere (the page has no JavaScript at all), so it opens from disk or an e-mail.

Every number in a table carries ``data-k`` (its path in the JSON summary) so tests can check
the page against the summary and the summary against the results file.
"""

from __future__ import annotations

import html
import json
import math
from collections.abc import Sequence
from typing import Any

from caiquan import __version__

from .naming import card_name

W = 640  # plot width (px)
BAR = 20  # bar height
LEFT = 170  # room for labels

CSS = """
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI","Noto Sans CJK SC",sans-serif;
 margin:2em auto;max-width:980px;color:#222;padding:0 1em}
h1{font-size:1.6em;margin-bottom:.2em} h2{margin-top:2em;border-bottom:1px solid #ddd}
table{border-collapse:collapse;margin:.6em 0} td,th{padding:2px 8px;border-bottom:1px solid #eee;
 text-align:right} td:first-child,th:first-child{text-align:left}
.met{color:#1a7f37;font-weight:600} .miss{color:#cf222e;font-weight:600}
.sig{background:#fff3b0;font-weight:600} .note{color:#666;font-size:.92em}
svg text{font:12px system-ui,sans-serif} code{background:#f4f4f4;padding:0 3px}
"""


def esc(x: Any) -> str:
    return html.escape(str(x), quote=True)


def _p(p: float) -> str:
    return "< 1e-6" if p < 1e-6 else f"{p:.3g}"


def pct(x: float) -> str:
    return f"{x * 100:.1f} %"


# ---------------------------------------------------------------------- SVG plots


def rate_bars(
    items: Sequence[tuple[str, dict[str, Any]]],
    *,
    fair: float | None = None,
    band: tuple[float, float] | None = None,
    title: str = "",
) -> str:
    """Horizontal bars of win rates with 95 % interval whiskers, an optional fair line and
    target band."""
    h = 28 + BAR * 1.4 * len(items) + 20
    span = W - LEFT - 60

    def x(v: float) -> float:
        return LEFT + max(0.0, min(1.0, v)) * span

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{h:.0f}" role="img"'
        f' aria-label="{esc(title)}"><title>{esc(title)}</title>'
    ]
    top = 20
    bottom = h - 20
    if band is not None:
        parts.append(
            f'<rect x="{x(band[0]):.1f}" y="{top - 4}" width="{x(band[1]) - x(band[0]):.1f}"'
            f' height="{bottom - top + 4:.1f}" fill="#e6f4ea"/>'
        )
    for t in (0, 0.25, 0.5, 0.75, 1):
        parts.append(
            f'<line x1="{x(t):.1f}" x2="{x(t):.1f}" y1="{top - 4}" y2="{bottom:.1f}"'
            f' stroke="#eee"/><text x="{x(t):.1f}" y="{h - 6:.0f}" text-anchor="middle"'
            f' fill="#888">{t:.0%}</text>'
        )
    for k, (name, cell) in enumerate(items):
        y = top + k * BAR * 1.4
        r, (lo, hi) = cell["rate"], cell["interval"]
        parts.append(
            f'<text x="{LEFT - 6}" y="{y + BAR * 0.7:.1f}" text-anchor="end">{esc(name)}</text>'
            f'<rect x="{LEFT}" y="{y:.1f}" width="{x(r) - LEFT:.1f}" height="{BAR}"'
            f' fill="#4c78a8"><title>{esc(name)}: {pct(r)} [{pct(lo)}, {pct(hi)}],'
            f" {cell['games']} games</title></rect>"
            f'<line x1="{x(lo):.1f}" x2="{x(hi):.1f}" y1="{y + BAR / 2:.1f}" y2="{y + BAR / 2:.1f}"'
            f' stroke="#222" stroke-width="1.5"/>'
            f'<line x1="{x(lo):.1f}" x2="{x(lo):.1f}" y1="{y + 4:.1f}" y2="{y + BAR - 4:.1f}"'
            f' stroke="#222"/><line x1="{x(hi):.1f}" x2="{x(hi):.1f}" y1="{y + 4:.1f}"'
            f' y2="{y + BAR - 4:.1f}" stroke="#222"/>'
            f'<text x="{x(hi) + 4:.1f}" y="{y + BAR * 0.7:.1f}" fill="#444">{pct(r)}</text>'
        )
    if fair is not None:
        parts.append(
            f'<line x1="{x(fair):.1f}" x2="{x(fair):.1f}" y1="{top - 8}" y2="{bottom:.1f}"'
            f' stroke="#e45756" stroke-dasharray="4 3"/><text x="{x(fair):.1f}" y="{top - 10}"'
            f' text-anchor="middle" fill="#e45756">fair {pct(fair)}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def histogram(
    counts: dict[str, int], *, title: str = "", band: tuple[float, float] | None = None
) -> str:
    """Vertical bars: how many games had each value (e.g. rounds)."""
    keys = sorted(counts, key=float)
    if not keys:
        return ""
    lo, hi = float(keys[0]), float(keys[-1])
    bins: dict[float, int] = {}
    width = 1.0
    if hi - lo > 60:  # too many values: group into about 40 bins
        width = math.ceil((hi - lo + 1) / 40)
    for k in keys:
        b = lo + (float(k) - lo) // width * width
        bins[b] = bins.get(b, 0) + counts[k]
    h, pad = 200, 30
    top = max(bins.values())
    n = int((hi - lo) // width) + 1
    bw = (W - 2 * pad) / n
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{h + 40}" role="img"'
        f' aria-label="{esc(title)}"><title>{esc(title)}</title>'
    ]
    if band is not None:
        x0 = pad + (band[0] - lo) / width * bw
        x1 = pad + (band[1] - lo + 1) / width * bw
        parts.append(
            f'<rect x="{max(pad, x0):.1f}" y="10"'
            f' width="{max(0.0, min(W - pad, x1) - max(pad, x0)):.1f}"'
            f' height="{h - 10}" fill="#e6f4ea"/>'
        )
    for b, c in sorted(bins.items()):
        i = int((b - lo) // width)
        bh = (h - 20) * c / top
        label = f"{b:g}" if width == 1 else f"{b:g}–{b + width - 1:g}"
        parts.append(
            f'<rect x="{pad + i * bw + 1:.1f}" y="{h - bh:.1f}" width="{max(1.0, bw - 2):.1f}"'
            f' height="{bh:.1f}" fill="#72b7b2"><title>{esc(label)}: {c} games</title></rect>'
        )
    parts.append(
        f'<text x="{pad}" y="12" fill="#888">tallest bar: {top} games'
        f" ({top / sum(bins.values()):.1%})</text>"
    )
    step = max(1, n // 10)
    for i in range(0, n, step):
        parts.append(
            f'<text x="{pad + (i + 0.5) * bw:.1f}" y="{h + 16}" text-anchor="middle"'
            f' fill="#666">{lo + i * width:g}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def heatmap(names: Sequence[str], cell: Any, *, title: str = "") -> str:
    """A square matrix of rates (row vs column), red below 50 %, blue above."""
    n = len(names)
    size = 54
    left, top = 110, 90
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{left + n * size + 10}"'
        f' height="{top + n * size + 10}" role="img" aria-label="{esc(title)}">'
        f"<title>{esc(title)}</title>"
    ]
    for j, b in enumerate(names):
        x = left + j * size + size / 2
        parts.append(f'<text transform="translate({x:.1f},{top - 6}) rotate(-45)">{esc(b)}</text>')
    for i, a in enumerate(names):
        y = top + i * size
        parts.append(
            f'<text x="{left - 6}" y="{y + size / 2 + 4:.1f}" text-anchor="end">{esc(a)}</text>'
        )
        for j, b in enumerate(names):
            c = cell(a, b)
            x = left + j * size
            if c is None:
                parts.append(
                    f'<rect x="{x}" y="{y}" width="{size - 2}" height="{size - 2}" fill="#f4f4f4"/>'
                )
                continue
            r = c["rate"]
            d = max(-1.0, min(1.0, (r - 0.5) * 2.5))
            colour = (
                f"rgb(255,{int(255 - 150 * -d)},{int(255 - 150 * -d)})"
                if d < 0
                else f"rgb({int(255 - 150 * d)},{int(255 - 110 * d)},255)"
            )
            parts.append(
                f'<rect x="{x}" y="{y}" width="{size - 2}" height="{size - 2}" fill="{colour}">'
                f"<title>{esc(a)} vs {esc(b)}: {pct(r)} [{pct(c['interval'][0])},"
                f" {pct(c['interval'][1])}] of {c['games']}</title></rect>"
                f'<text x="{x + size / 2 - 1}" y="{y + size / 2 + 4}" text-anchor="middle">'
                f"{r * 100:.0f}</text>"
            )
    parts.append("</svg>")
    return "".join(parts)


# ---------------------------------------------------------------------- tables


def rate_table(rows: Sequence[tuple[str, dict[str, Any], str]], head: str = "") -> str:
    out = [
        f"<table><tr><th>{esc(head)}</th><th>games</th><th>win rate</th><th>95 % interval</th></tr>"
    ]
    for name, c, key in rows:
        lo, hi = c["interval"]
        out.append(
            f'<tr><td>{esc(name)}</td><td data-k="{esc(key)}.games">{c["games"]}</td>'
            f'<td data-k="{esc(key)}.rate">{pct(c["rate"])}</td>'
            f"<td>{pct(lo)} – {pct(hi)}</td></tr>"
        )
    out.append("</table>")
    return "".join(out)


def _shares(s: dict[str, Any], label: str, cells: dict[str, Any]) -> str:
    """How often each value of ``label`` was played (a ``label_share`` target asks: promise's
    pick frequencies in the draft as played), values never played included."""
    values = (s.get("catalogue") or {}).get(label)
    games = s.get("games") or 0
    if values is None or not games:
        return ""
    rows = "".join(
        f'<tr><td>{esc(v)}</td><td data-k="shares.{esc(label)}.{esc(v)}">'
        f"{pct(cells.get(v, {}).get('games', 0) / games)}</td></tr>"
        for v in values
    )
    return (
        f'<p class="note">How often each {esc(label)} was played: its seats over the {games} '
        f"games (as the bots chose, not forced).</p>"
        f"<table><tr><th>{esc(label)}</th><th>share of games</th></tr>{rows}</table>"
    )


def _targets(s: dict[str, Any], h: str = "h2") -> str:
    ts = s.get("targets") or []
    if not ts:
        return ""
    out = [f"<{h}>Balance targets</{h}>", f'<p class="note">{esc(s.get("targets_text", ""))}</p>']
    out.append("<table><tr><th>target</th><th>measured</th><th></th></tr>")
    for t in ts:
        cls, word = ("met", "✓ met") if t["met"] else ("miss", "✗ not met")
        out.append(
            f"<tr><td>{esc(t['target'])}</td><td>{esc(t['value'])}</td>"
            f'<td class="{cls}">{word}</td></tr>'
        )
    out.append("</table>")
    return "".join(out)


def _bands(s: dict[str, Any], kinds: Sequence[str], key: str) -> dict[str, tuple[float, float]]:
    """The target bands of the summary's checked targets of ``kinds``, by the parameter
    ``key`` they name (a label, a metric): ``name → (min, max)``."""
    return {
        str(t["params"][key]): (float(t["params"]["min"]), float(t["params"]["max"]))
        for t in s.get("targets") or []
        if t.get("kind") in kinds
    }


def _lengths(s: dict[str, Any]) -> str:
    out = ["<h2>Game length</h2>"]
    bands = _bands(s, ("metric_median",), "metric")
    for k, counts in s.get("lengths", {}).items():
        m = s["metrics"].get(k, {})
        if k not in ("rounds", "decisions", "turns") and k not in bands:
            continue
        out.append(
            f'<h3>{esc(k)}</h3><p>median <b data-k="metrics.{esc(k)}.median">'
            f"{m.get('median', 0):g}</b>,"
            f" mean {m.get('mean', 0):g}, range {m.get('min', 0):g}–{m.get('max', 0):g}</p>"
        )
        out.append(histogram(counts, title=f"{k} per game", band=bands.get(k)))
    return "".join(out)


def _ends(s: dict[str, Any]) -> str:
    n = s["games"]
    items = []
    for reason, share in s["end_reasons"].items():
        score = round(share * n)
        from .stats import wilson_interval

        lo, hi = wilson_interval(score, n)
        items.append((reason, {"rate": share, "interval": [lo, hi], "games": n}))
    out = ["<h2>How games end</h2>", rate_bars(items, title="share of games by end reason")]
    out.append("<table><tr><th>reason</th><th>share</th></tr>")
    for reason, share in s["end_reasons"].items():
        out.append(
            f'<tr><td>{esc(reason)}</td><td data-k="end_reasons.{esc(reason)}">'
            f"{pct(share)}</td></tr>"
        )
    out.append(
        f'<tr><td>draws (all players ranked first)</td><td data-k="draw_rate">{pct(s["draw_rate"])}'
        "</td></tr></table>"
    )
    return "".join(out)


def _decisions(s: dict[str, Any]) -> str:
    kinds = s.get("decision_kinds") or {}
    out = [
        "<h2>Forced and dominated decisions</h2>",
        '<p class="note">Forced: the player had a single legal option. Dominated: at a'
        " simultaneous throw, another throw was at least as good against every reply and better"
        " against one, by the game's exact throw payoffs (its <code>throw_payoffs</code> hook);"
        " counted only where the game provides such payoffs. An"
        " equilibrium player may still pick a weakly dominated throw when the opponent's"
        " equilibrium never plays the reply that tells them apart.</p>",
        '<p>forced decisions overall: <b data-k="forced_decisions">'
        f"{pct(s['forced_decisions'])}</b></p>",
        "<table><tr><th>decision kind</th><th>decisions</th><th>forced</th>"
        "<th>throws checked</th><th>dominated choice</th></tr>",
    ]
    for k, c in kinds.items():
        dom = "–" if c["dominated_rate"] is None else pct(c["dominated_rate"])
        out.append(
            f"<tr><td>{esc(k)}</td><td>{c['decisions']}</td>"
            f'<td data-k="decision_kinds.{esc(k)}.forced_rate">{pct(c["forced_rate"])}</td>'
            f"<td>{c['throws_checked']}</td><td>{dom}</td></tr>"
        )
    out.append("</table>")
    return "".join(out)


def _matchups(m: dict[str, Any]) -> str:
    label = m["label"]
    names = m["values"]
    wr = m["win_rate"]
    out = [
        f"<h2>{esc(label.capitalize())} matchups</h2>",
        f'<p class="note">{esc(m["note"])}; {m["games_per_pair"]} games per pair.</p>',
        heatmap(names, lambda a, b: wr[a].get(b), title=f"row {label}'s win rate vs column"),
    ]
    if "analysis" in m:
        out.append(_pair_analysis(names, m["analysis"]))
    return "".join(out)


def _pair_analysis(names: Sequence[str], a: dict[str, Any]) -> str:
    """The game's own figure for each pairing (its ``matchups`` hook): a value per cell, with
    its detail on hover."""
    pairs = a["pairs"]
    out = [
        f"<h3>{esc(a['title']['en'])}</h3>",
        "<table><tr><th>A \\ B</th>" + "".join(f"<th>{esc(b)}</th>" for b in names) + "</tr>",
    ]
    for x in names:
        out.append(f"<tr><td>{esc(x)}</td>")
        for y in names:
            c = pairs.get(x, {}).get(y)
            if c is None:
                out.append("<td>–</td>")
            else:
                out.append(f'<td title="{esc(c["detail"]["en"])}">{c["value"]:+.2f}</td>')
        out.append("</tr>")
    out.append(f'</table><p class="note">{esc(a["note"]["en"])}</p>')
    return "".join(out)


def _cards(s: dict[str, Any]) -> str:
    cards = s.get("cards")
    if not cards:
        return ""
    ranked = sorted(cards.items(), key=lambda kv: -kv[1]["adjusted_lift"])
    out = [
        "<h2>Cards played</h2>",
        '<p class="note">Win rate of a player who played the card at least once, against the'
        " players who did not; lift = the difference. Winners play more cards, so every raw lift is"
        " positive; the adjusted lift compares only players who played as many distinct cards"
        " (weighted by the card's plays) and is the figure the target uses. Rows above +10"
        " points adjusted are highlighted.</p>",
        rate_bars(
            [(card_name((k, v)), v["with"]) for k, v in ranked],
            fair=1 / len(s["seats"]),
            title="win rate when the card was played",
        ),
        "<table><tr><th>card</th><th>played by</th><th>win rate with</th><th>without</th>"
        "<th>raw lift</th><th>adjusted lift</th><th>p (raw)</th></tr>",
    ]
    for k, v in ranked:
        cls = ' class="sig"' if v["adjusted_lift"] > 0.10 else ""
        out.append(
            f"<tr{cls}><td>{esc(card_name((k, v)))}</td><td>{v['with']['games']}</td>"
            f'<td data-k="cards.{esc(k)}.with.rate">{pct(v["with"]["rate"])}</td>'
            f"<td>{pct(v['without']['rate'])}</td><td>{v['lift'] * 100:+.1f}</td>"
            f'<td data-k="cards.{esc(k)}.adjusted_lift">{v["adjusted_lift"] * 100:+.1f}</td>'
            f"<td>{_p(v['p_value'])}</td></tr>"
        )
    out.append("</table>")
    return "".join(out)


def _report(s: dict[str, Any]) -> str:
    seats = len(s["seats"])
    fair = 1 / seats
    config = json.dumps(s["config"], ensure_ascii=False)
    results = f" Results: <code>{esc(s['results_file'])}</code>." if s.get("results_file") else ""
    out = [
        f"<h1>{esc(s['game'])} — balance report</h1>",
        f'<p class="note">{s["games"]} games, bots {esc(", ".join(s["bot_specs"]))}, master seed'
        f" {s['seed']}, caiquan {esc(s['caiquan'])}. Config: <code>{esc(config)}</code>.{results}"
        " Win rates count a sole win as 1 and a win shared by k players as 1/k; intervals are"
        " 95 % Wilson intervals.</p>",
        _targets(s),
        "<h2>Win rate by seat</h2>",
        rate_bars(
            [(f"seat {i}", c) for i, c in enumerate(s["seats"])],
            fair=fair,
            title="win rate by seat",
        ),
        rate_table([(f"seat {i}", c, f"seats.{i}") for i, c in enumerate(s["seats"])], "seat"),
    ]
    fp = s.get("first_player")
    if fp and fp["games"]:
        out += [
            "<h2>First-player advantage</h2>",
            f'<p class="note">{esc(fp["note"])}.</p>',
            rate_bars([("first player", fp)], fair=fp["fair"], title="first player's win rate"),
            rate_table([("first player", fp, "first_player")], ""),
        ]
    bands = _bands(s, ("label_rate", "matchup_rate"), "label")
    for label, cells in s["labels"].items():
        if label == "seat":
            continue
        out += [
            f"<h2>Win rate by {esc(label)}</h2>",
            rate_bars(
                list(cells.items()), fair=fair, band=bands.get(label), title=f"win rate by {label}"
            ),
            rate_table([(v, c, f"labels.{label}.{v}") for v, c in cells.items()], label),
            _shares(s, label, cells),
        ]
    if "matchups" in s:
        out.append(_matchups(s["matchups"]))
    out.append(_cards(s))
    out.append(_lengths(s))
    out.append(_ends(s))
    out.append(_decisions(s))
    return "".join(out)


def _compare(s: dict[str, Any]) -> str:
    na, nb = s["compare"]
    out = [
        f"<h1>{esc(s['game'])} — {esc(na)} vs {esc(nb)}</h1>",
        f'<p class="note">{s["a"]["games"]} games each, same seeds. {esc(s["note"])}.'
        " Highlighted rows differ significantly after the correction.</p>",
        "<table><tr><th>cell</th>"
        f"<th>{esc(na)}</th><th>{esc(nb)}</th><th>difference</th><th>p</th></tr>",
    ]
    for k, r in enumerate(s["differences"]):
        cls = ' class="sig"' if r["significant_holm"] else ""
        out.append(
            f"<tr{cls}><td>{esc(r['cell'])}</td>"
            f'<td data-k="differences.{k}.a.rate">{pct(r["a"]["rate"])}</td>'
            f'<td data-k="differences.{k}.b.rate">{pct(r["b"]["rate"])}</td>'
            f"<td>{r['diff'] * 100:+.1f}</td><td>{_p(r['p_value'])}</td></tr>"
        )
    out.append("</table><h2>Metrics</h2><table><tr><th>metric</th>")
    out.append(f"<th>{esc(na)} median</th><th>{esc(nb)} median</th></tr>")
    for k, m in s["metrics"].items():
        out.append(
            f"<tr><td>{esc(k)}</td><td>{m['a']['median']:g}</td><td>{m['b']['median']:g}</td></tr>"
        )
    out.append("</table>")
    for side, name in (("a", na), ("b", nb)):
        out.append(f"<h2>{esc(name)}</h2>")
        out.append(_targets(s[side], "h3"))
        sub = s[side]
        out.append("<h3>Win rates</h3>")
        out.append(
            rate_bars(
                [(f"seat {i}", c) for i, c in enumerate(sub["seats"])],
                fair=1 / len(sub["seats"]),
                title=f"{name}: win rate by seat",
            )
        )
        for label, cells in sub["labels"].items():
            if label != "seat":
                out.append(rate_bars(list(cells.items()), fair=1 / len(sub["seats"]),
                                     title=f"{name}: win rate by {label}"))  # fmt: skip
    return "".join(out)


def render(data: dict[str, Any]) -> str:
    """The whole page."""
    s = data["summary"]
    body = _compare(s) if data["kind"] == "compare" else _report(s)
    title = f"caiquan {s['game']} balance"
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f'<meta name="generator" content="caiquan {esc(__version__)}">'
        f"<title>{esc(title)}</title><style>{CSS}</style></head><body>{body}"
        f'<p class="note">Made by <code>caiquan balance</code>; the JSON summary beside this'
        " file has every number.</p></body></html>\n"
    )
