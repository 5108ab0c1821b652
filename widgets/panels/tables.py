"""A score table that a phone can show whole: each cell carries its column's name.

On a wide screen it is an ordinary table; on a phone (``phone.css``) each row becomes a block, one
line per cell with its column's name before it, so the totals are never off-screen at the right.

>>> import pandas as pd
>>> html = labelled_table(pd.DataFrame([{"Player": "Anna", "Total": 12}]))
>>> "data-label='Total'" in html and "<th>Player</th>" in html
True
"""

from __future__ import annotations

import html

esc = html.escape


def labelled_table(frame, classes: str = "rt-table-diff rt-breakdown") -> str:
    """``frame`` (a DataFrame or :class:`widgets.panels.endgame.Rows`: ``columns``, ``frame[column]``) as an
    HTML table whose cells name their column (``data-label``), as ``frame.to_html(index=False)`` shows it."""
    columns = [str(c) for c in frame.columns]
    cells = [list(frame[c]) for c in frame.columns]
    head = "".join(f"<th>{esc(c)}</th>" for c in columns)
    rows = "".join(
        "<tr>" + "".join(f"<td data-label='{esc(c)}'>{esc(str(col[i]))}</td>" for c, col in zip(columns, cells))
        + "</tr>" for i in range(len(cells[0]) if cells else 0))
    return (f"<table class='{esc(classes)}'><thead><tr>{head}</tr></thead>"
            f"<tbody>{rows}</tbody></table>")
