"""Plotly figures: the winnings graph, bars by position, reports.

Figures carry numbers and fixed labels only, never player names (Plotly reads a
few HTML tags in its text).
"""
from __future__ import annotations

import plotly.graph_objects as go
import polars as pl

# docs/STATS.md: net green, all-in adjusted orange, showdown blue, non-showdown red
LINES = (("net", "net", "#2ca02c"), ("allin_adjusted", "all-in adjusted", "#ff7f0e"),
         ("showdown", "showdown", "#1f77b4"), ("non_showdown", "non-showdown", "#d62728"))


def _layout(fig: go.Figure, height: int) -> go.Figure:
    fig.update_layout(height=height, margin=dict(l=10, r=10, t=30, b=10),
                      legend=dict(orientation="h", y=1.08, x=0))
    return fig


def winnings(curve: pl.DataFrame, unit: str) -> go.Figure:
    """Four cumulative lines over the hands played."""
    fig = go.Figure()
    x = curve["hand"].to_list()
    decimals = 2 if unit not in ("big blinds", "chips") else 1
    for column, name, colour in LINES:
        fig.add_trace(go.Scatter(
            x=x, y=curve[column].to_list(), name=name, mode="lines",
            line=dict(color=colour, width=2),
            hovertemplate=f"hand %{{x:,d}}<br>%{{y:+,.{decimals}f}} {unit}<extra>{name}</extra>"))
    n = x[-1] if x else 1
    fig.update_xaxes(title_text="hands", tickformat=",d", rangemode="tozero",
                     dtick=1 if n < 10 else None)
    fig.update_yaxes(title_text=unit, zeroline=True, tickformat=",")
    return _layout(fig, 420)


def by_group(table: pl.DataFrame, key: str, value: str, title: str) -> go.Figure:
    """Bars of one column by position (or group), green above zero, red below."""
    values = [v or 0 for v in table[value].to_list()]
    fig = go.Figure(go.Bar(x=table[key].to_list(), y=values,
                           marker_color=["#2ca02c" if v >= 0 else "#d62728" for v in values],
                           hovertemplate=f"%{{x}}: %{{y:+,.2f}} {title}<extra></extra>"))
    fig.update_yaxes(title_text=title)
    return _layout(fig, 320)


def report(table: pl.DataFrame, value: str, unit: str, by: str) -> go.Figure:
    """A report's groups as bars (green winning, red losing). Groups that follow each
    other in time carry the running total as a line, and stand on a number (sessions)
    or date axis (periods), which stays light with hundreds of groups; stakes are
    categories."""
    labels = table["group"].to_list()
    values = [v or 0 for v in table[value].to_list()]
    places = 2 if unit not in ("big blinds", "chips") else 1
    if by == "session":
        x = list(range(1, len(values) + 1))
    elif by == "stakes":
        x = labels
    else:
        x = table["start"].to_list()
    fig = go.Figure(go.Bar(
        x=x, y=values, name="each", customdata=labels,
        hovertemplate=f"%{{customdata}}: %{{y:+,.{places}f}} {unit}<extra></extra>",
        marker_color=["#2ca02c" if v >= 0 else "#d62728" for v in values],
        marker_line_width=0))
    if by != "stakes":
        running, total = [], 0.0
        for v in values:
            total += v
            running.append(total)
        fig.add_trace(go.Scatter(x=x, y=running, name="running total", mode="lines",
                                 customdata=labels, line=dict(color="#1f77b4", width=2),
                                 hovertemplate=f"%{{customdata}}: %{{y:+,.{places}f}} {unit}"
                                               " in all<extra></extra>"))
    if by == "session":
        fig.update_xaxes(title_text="session", tickformat=",d", rangemode="tozero")
    elif by == "stakes":
        fig.update_xaxes(type="category")
    fig.update_yaxes(title_text=unit, tickformat=",")
    return _layout(fig, 380)
