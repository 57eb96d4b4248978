"""Plotly figures: the winnings graph, bars by position, the starting-hand grid.

Figures carry numbers and fixed labels only, never player names (Plotly reads a
few HTML tags in its text).
"""
from __future__ import annotations

import plotly.graph_objects as go
import polars as pl

from pipeline.queries import RANKS, grid_cell

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


def grid(classes: pl.DataFrame, colour_by: str, net_column: str, net_unit: str) -> go.Figure:
    """The 13 x 13 starting-hand grid: each cell's class, hands dealt and net;
    coloured by bb/100 (red losing, green winning) or by frequency. An invisible marker
    on each cell makes it clickable (heatmaps cannot be selected): its customdata is
    the class."""
    found = {r["hand_class"]: r for r in classes.iter_rows(named=True)}
    places = 0 if net_unit in ("chips", "big blinds") else 2
    z, text = [], []
    xs, ys, names, tips = [], [], [], []
    for i in range(13):
        z_row, text_row = [], []
        for j in range(13):
            name = grid_cell(i, j)
            r = found.get(name)
            xs.append(RANKS[j])
            ys.append(RANKS[i])
            names.append(name)
            if r is None:
                z_row.append(None)
                text_row.append(f"<b>{name}</b>")
                tips.append(f"{name}: not dealt")
                continue
            z_row.append(r["bb_per_100"] if colour_by == "bb/100" else r["frequency"])
            net = r[net_column] or 0
            text_row.append(f"<b>{name}</b><br>{r['hands']:,}<br>{net:+,.{places}f}")
            tips.append(f"{name}: {r['hands']:,} hands, net {net:+,.{places}f} {net_unit}, "
                        f"{r['bb_per_100'] or 0:+,.1f} bb/100, {r['frequency']:.2f} % of hands"
                        " · click to list them")
        z.append(z_row)
        text.append(text_row)
    if colour_by == "bb/100":
        values = [abs(v) for row in z for v in row if v is not None]
        bound = sorted(values)[int(0.9 * (len(values) - 1))] if values else 1
        scale = dict(colorscale=[[0, "#d62728"], [0.5, "#f7f7f7"], [1, "#2ca02c"]],
                     zmid=0, zmin=-bound, zmax=bound or 1)
    else:
        scale = dict(colorscale="Blues", zmin=0)
    fig = go.Figure(go.Heatmap(
        z=z, x=list(RANKS), y=list(RANKS), text=text, texttemplate="%{text}",
        textfont=dict(size=10), xgap=1, ygap=1, hoverinfo="skip",
        colorbar=dict(title=dict(text="bb/100" if colour_by == "bb/100" else "% of hands")),
        **scale))
    fig.add_trace(go.Scatter(
        x=xs, y=ys, customdata=names, text=tips, mode="markers", hoverinfo="text",
        marker=dict(symbol="square", size=44, opacity=0.01, color="#000"),
        showlegend=False, name="cells"))
    # ranks are categories ("9" is not a number here), the top row is A
    fig.update_yaxes(type="category", autorange="reversed", showticklabels=False)
    fig.update_xaxes(type="category", side="top", showticklabels=False)
    fig.update_layout(height=720, margin=dict(l=10, r=10, t=10, b=10), clickmode="event+select",
                      dragmode=False,
                      annotations=[dict(text=f"cell: class, hands, net ({net_unit})",
                                        xref="paper", yref="paper", x=0, y=-0.02,
                                        showarrow=False, font=dict(size=11))])
    return fig


def report(table: pl.DataFrame, value: str, unit: str, cumulative: bool) -> go.Figure:
    """A report's groups as bars (green winning, red losing), with the running total as
    a line where the groups follow each other in time."""
    labels = table["group"].to_list()
    values = [v or 0 for v in table[value].to_list()]
    places = 2 if unit not in ("big blinds", "chips") else 1
    fig = go.Figure(go.Bar(
        x=labels, y=values, name="each", hovertemplate=f"%{{x}}: %{{y:+,.{places}f}} {unit}"
                                                       "<extra></extra>",
        marker_color=["#2ca02c" if v >= 0 else "#d62728" for v in values]))
    if cumulative:
        running, total = [], 0.0
        for v in values:
            total += v
            running.append(total)
        fig.add_trace(go.Scatter(x=labels, y=running, name="running total", mode="lines",
                                 line=dict(color="#1f77b4", width=2),
                                 hovertemplate=f"%{{x}}: %{{y:+,.{places}f}} {unit} in all"
                                               "<extra></extra>"))
    fig.update_xaxes(type="category")
    fig.update_yaxes(title_text=unit, tickformat=",")
    return _layout(fig, 380)
