"""Charts (Vega-Lite through Altair): the winnings graph, bars by position, reports.

Vega-Lite draws in the browser from the data, and its script is a fraction of
Plotly's, so a page's first chart comes up quickly. Charts carry numbers and fixed
labels only, never player names.
"""
from __future__ import annotations

import altair as alt
import polars as pl

# docs/STATS.md: net green, all-in adjusted orange, showdown blue, non-showdown red
LINES = (("net", "net", "#2ca02c"), ("allin_adjusted", "all-in adjusted", "#ff7f0e"),
         ("showdown", "showdown", "#1f77b4"), ("non_showdown", "non-showdown", "#d62728"))
WIN, LOSS, TOTAL = "#2ca02c", "#d62728", "#1f77b4"


def _places(unit: str) -> int:
    return 1 if unit in ("big blinds", "chips") else 2


def _legend_on_top(chart: alt.Chart, height: int) -> alt.Chart:
    return chart.properties(height=height).configure_legend(orient="top", title=None)


def winnings(curve: pl.DataFrame, unit: str) -> alt.Chart:
    """Four cumulative lines over the hands played."""
    names = [name for _, name, _ in LINES]
    long = (curve.select("hand", *[pl.col(c).alias(name) for c, name, _ in LINES])
            .unpivot(index="hand", variable_name="line", value_name="value"))
    value = f"+,.{_places(unit)}f"
    chart = alt.Chart(long).mark_line(strokeWidth=2).encode(
        x=alt.X("hand:Q", title="hands", axis=alt.Axis(format=",d", tickMinStep=1),
                scale=alt.Scale(zero=True, nice=False)),
        y=alt.Y("value:Q", title=unit),
        color=alt.Color("line:N", sort=names,
                        scale=alt.Scale(domain=names, range=[c for *_, c in LINES])),
        tooltip=[alt.Tooltip("hand:Q", title="hand", format=",d"),
                 alt.Tooltip("line:N", title="line"),
                 alt.Tooltip("value:Q", title=unit, format=value)])
    return _legend_on_top(chart, 420)


def _signed_colour() -> alt.Color:
    return alt.condition("datum.value >= 0", alt.value(WIN), alt.value(LOSS))


def by_group(table: pl.DataFrame, key: str, value: str, title: str) -> alt.Chart:
    """Bars of one column by position (or group), in the table's order, green above
    zero, red below."""
    bars = table.select(pl.col(key).alias("group"),
                        pl.col(value).cast(pl.Float64).fill_null(0).alias("value"))
    return alt.Chart(bars).mark_bar().encode(
        x=alt.X("group:N", sort=None, title=None, axis=alt.Axis(labelAngle=0)),
        y=alt.Y("value:Q", title=title),
        color=_signed_colour(),
        tooltip=[alt.Tooltip("group:N", title="position"),
                 alt.Tooltip("value:Q", title=title, format="+,.2f")],
    ).properties(height=320)


def report(table: pl.DataFrame, value: str, unit: str, by: str) -> alt.Chart:
    """A report's groups as bars (green winning, red losing). Groups that follow each
    other in time stand on a number (sessions) or date axis (periods) with the running
    total as a line; stakes are categories."""
    values = table[value].cast(pl.Float64).fill_null(0)
    data = pl.DataFrame({"group": table["group"], "value": values,
                         "total": values.cum_sum(), "start": table["start"],
                         "session": pl.int_range(1, table.height + 1, eager=True)})
    number = f"+,.{_places(unit)}f"
    if by == "session":
        x = alt.X("session:Q", title="session", axis=alt.Axis(format=",d", tickMinStep=1))
    elif by == "stakes":
        x = alt.X("group:N", sort=None, title=None, axis=alt.Axis(labelAngle=0))
    else:
        x = alt.X("start:T", title=by)
    base = alt.Chart(data).encode(x=x)
    bars = base.mark_bar().encode(
        y=alt.Y("value:Q", title=unit), color=_signed_colour(),
        tooltip=[alt.Tooltip("group:N", title=by if by != "stakes" else "stakes"),
                 alt.Tooltip("value:Q", title=unit, format=number),
                 alt.Tooltip("total:Q", title="running total", format=number)])
    if by == "stakes":
        return bars.properties(height=380)
    line = base.mark_line(color=TOTAL, strokeWidth=2).encode(
        y=alt.Y("total:Q", title=unit),
        tooltip=[alt.Tooltip("group:N", title=by),
                 alt.Tooltip("total:Q", title="running total", format=number)])
    return alt.layer(bars, line).properties(height=380)
