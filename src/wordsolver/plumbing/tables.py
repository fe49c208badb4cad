"""Results as tables: rows of plain values, a pandas DataFrame, and the HTML a notebook shows.

Every result people would rather see than read (an evaluation, a comparison of strategies,
ranked suggestions, an explanation) gives its rows as dicts of plain values, in a fixed column
order. :func:`data_frame` makes them a pandas DataFrame (pandas is optional: the error says
which extra installs it) and :func:`html_table` the small table a notebook draws from a
result's ``_repr_html_``: values escaped, long tables cut to their first rows.

>>> rows = [{"word": "crane", "bits": 5.7429, "can_win": True}, {"word": "s<l>", "bits": 0.5}]
>>> print(html_table(rows, ["word", "bits", "can_win"], caption="two", limit=1))
<table>
<caption>two</caption>
<thead><tr><th>word</th><th>bits</th><th>can_win</th></tr></thead>
<tbody>
<tr><td>crane</td><td>5.7429</td><td>yes</td></tr>
<tr><td colspan="3">… 1 more row</td></tr>
</tbody>
</table>
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from wordsolver.plumbing.optional import require

if TYPE_CHECKING:
    from pandas import DataFrame

#: One row of a result: column name -> a plain value (str, int, float, bool, None, or a
#: sequence of words).
Row = Mapping[str, Any]

#: Rows a notebook shows of a long table before the line that says how many more there are.
SHOWN_ROWS = 20


def data_frame(rows: Sequence[Row], columns: Sequence[str]) -> DataFrame:
    """The rows as a pandas DataFrame with these columns in this order (the ``notebook`` extra:
    WordsolverError says so when pandas is not installed)."""
    pandas = require("pandas", "a DataFrame of the results", "notebook")
    frame: DataFrame = pandas.DataFrame.from_records(list(rows), columns=list(columns))
    return frame


def html_table(
    rows: Sequence[Row], columns: Sequence[str], *, caption: str = "", limit: int = SHOWN_ROWS
) -> str:
    """An HTML table of the first ``limit`` rows (a last row says how many were left out)."""
    head = "".join(f"<th>{html.escape(column)}</th>" for column in columns)
    body = [
        "<tr>" + "".join(f"<td>{_cell(row.get(column))}</td>" for column in columns) + "</tr>"
        for row in rows[:limit]
    ]
    if len(rows) > limit:
        more = len(rows) - limit
        said = f"… {more:,} more row{'s' if more > 1 else ''}"
        body.append(f'<tr><td colspan="{len(columns)}">{said}</td></tr>')
    lines = [
        "<table>",
        *([f"<caption>{html.escape(caption)}</caption>"] if caption else []),
        f"<thead><tr>{head}</tr></thead>",
        "<tbody>",
        *body,
        "</tbody>",
        "</table>",
    ]
    return "\n".join(lines)


def _cell(value: Any) -> str:
    """A value as a table shows it: yes/no for truth, 4 decimals at most, words by spaces."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return html.escape(f"{value:.4f}".rstrip("0").rstrip("."))
    if isinstance(value, (list, tuple)):
        return html.escape(" ".join(str(item) for item in value))
    return html.escape(str(value))
