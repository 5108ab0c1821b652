"""The end of a game: the score table and the chart of scores over turns.

One code path for the server and the static site: pandas and matplotlib draw them where they
import (the Voilà dashboard), and where they do not (the site's Pyodide core has neither) the same
rows become an HTML table and the same series an SVG chart.
"""

from __future__ import annotations

import io
import math
from html import escape as _esc
from typing import Any, Sequence


class Rows:
    """A score table without pandas: the few things the panels and tests ask of a DataFrame."""

    def __init__(self, rows: Sequence[dict]):
        self.rows = [dict(r) for r in rows]
        self.columns = list(self.rows[0]) if self.rows else []

    def __len__(self) -> int:
        return len(self.rows)

    def __getitem__(self, column: str) -> list:
        if column not in self.columns:
            raise KeyError(column)
        return [r[column] for r in self.rows]

    def to_html(self, index: bool = False, escape: bool = True, classes: str = "") -> str:
        def cell(v: Any) -> str:
            return _esc(str(v)) if escape else str(v)
        head = "".join(f"<th>{cell(c)}</th>" for c in self.columns)
        body = "".join("<tr>" + "".join(f"<td>{cell(r[c])}</td>" for c in self.columns) + "</tr>" for r in self.rows)
        return (f'<table border="1" class="dataframe {_esc(classes)}"><thead><tr style="text-align: right;">{head}'
                f"</tr></thead><tbody>{body}</tbody></table>")


def frame(rows: Sequence[dict]) -> Any:
    """The end table: a pandas DataFrame where pandas imports, else :class:`Rows` (same columns, same to_html)."""
    try:
        import pandas as pd
    except ImportError:
        return Rows(rows)
    return pd.DataFrame(list(rows))


def score_chart(turns: list[int], series: list[list[int]], names: list[str],
                xlabel: str, ylabel: str, title: str) -> tuple[bytes, str]:
    """(image bytes, ipywidgets Image format): a matplotlib PNG where matplotlib imports, else an SVG."""
    try:
        from matplotlib.figure import Figure
        from matplotlib.ticker import MaxNLocator
    except ImportError:
        return svg_chart(turns, series, names, xlabel, ylabel, title).encode(), "svg+xml"
    # drawn with the object API on an Agg canvas: no pyplot, no backend switching
    fig = Figure(figsize=(7, 3.2), dpi=100)
    ax = fig.subplots()
    markers = "os^Dv"
    for p, name in enumerate(names):
        ax.plot(turns, [row[p] for row in series], marker=markers[p % 5],
                markevery=max(1, len(series) // 12), label=name)
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))  # turns are whole numbers
    if len(turns) == 1:
        ax.set_xlim(turns[0] - 1, turns[0] + 1)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    ax.legend(loc="upper left")
    fig.tight_layout()
    buf = io.BytesIO()
    fig.savefig(buf, format="png")
    return buf.getvalue(), "png"


COLOURS = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd")


def _ticks(lo: int, hi: int, most: int = 8) -> list[int]:
    """Whole-number ticks 1, 2 or 5 times a power of ten apart, at most about ``most`` of them, as matplotlib picks."""
    raw = max(1, hi - lo) / most
    mag = 10 ** math.floor(math.log10(raw)) if raw >= 1 else 1
    step = max(1, int(next(m * mag for m in (1, 2, 5, 10) if m * mag >= raw)))
    return list(range(-(-lo // step) * step, hi + 1, step))


def svg_chart(turns: list[int], series: list[list[int]], names: list[str],
              xlabel: str, ylabel: str, title: str) -> str:
    """The chart of scores over turns as SVG (700x320, as the PNG): one line and marker shape per player."""
    w, h, left, right, top, bottom = 700, 320, 56, 16, 34, 44
    x0, x1 = (turns[0] - 1, turns[0] + 1) if len(turns) == 1 else (min(turns, default=0), max(turns, default=1))
    values = [v for row in series for v in row] or [0]
    y0 = min(0, min(values))
    y1 = max(1, max(values)) + max(1, (max(values) - y0) // 20)  # a little headroom

    def x(t: float) -> float:
        return left + (t - x0) * (w - left - right) / (x1 - x0)

    def y(v: float) -> float:
        return h - bottom - (v - y0) * (h - top - bottom) / (y1 - y0)

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" height="{h}" '
           f'font-family="sans-serif" font-size="12" role="img" aria-label="{_esc(title)}">',
           f'<rect width="{w}" height="{h}" fill="white"/>',
           f'<text x="{w / 2}" y="20" text-anchor="middle" font-size="14">{_esc(title)}</text>',
           f'<path d="M{left},{top} V{h - bottom} H{w - right}" fill="none" stroke="black"/>']
    for t in _ticks(int(x0), int(x1), 10):
        out.append(f'<text x="{x(t):.1f}" y="{h - bottom + 16}" text-anchor="middle">{t}</text>')
    for v in _ticks(int(y0), int(y1), 6):
        out.append(f'<text x="{left - 6}" y="{y(v) + 4:.1f}" text-anchor="end">{v}</text>'
                   f'<path d="M{left},{y(v):.1f} H{w - right}" stroke="#ddd"/>')
    out.append(f'<text x="{(left + w - right) / 2}" y="{h - 8}" text-anchor="middle">{_esc(xlabel)}</text>')
    out.append(f'<text transform="translate(14,{(top + h - bottom) / 2}) rotate(-90)" text-anchor="middle">'
               f'{_esc(ylabel)}</text>')
    for p, name in enumerate(names):
        colour = COLOURS[p % len(COLOURS)]
        pts = " ".join(f"{x(t):.1f},{y(row[p]):.1f}" for t, row in zip(turns, series))
        out.append(f'<polyline class="rt-chart-line" data-player="{p}" points="{pts}" fill="none" '
                   f'stroke="{colour}" stroke-width="2"/>')
        for t, row in list(zip(turns, series))[::max(1, len(series) // 12)]:
            out.append(_marker(p, x(t), y(row[p]), colour))
        ly = top + 8 + 18 * p
        out.append(_marker(p, left + 16, ly, colour))
        out.append(f'<text x="{left + 26}" y="{ly + 4}">{_esc(name)}</text>')
    out.append("</svg>")
    return "".join(out)


def _marker(p: int, cx: float, cy: float, colour: str) -> str:
    """Circle, square, triangle, diamond, down-triangle: the PNG's marker shapes, so colour is not the only cue."""
    s = 4
    shape = p % 5
    if shape == 0:
        return f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{s}" fill="{colour}"/>'
    if shape == 1:
        return f'<rect x="{cx - s:.1f}" y="{cy - s:.1f}" width="{2 * s}" height="{2 * s}" fill="{colour}"/>'
    pts = {2: [(0, -s), (s, s), (-s, s)], 3: [(0, -s), (s, 0), (0, s), (-s, 0)], 4: [(0, s), (s, -s), (-s, -s)]}[shape]
    return f'<polygon points="{" ".join(f"{cx + a:.1f},{cy + b:.1f}" for a, b in pts)}" fill="{colour}"/>'
