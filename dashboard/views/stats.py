"""Stats: every stat of docs/STATS.md with its sample size (how often it was done, out
of how many chances)."""
from __future__ import annotations

import html

import polars as pl
import streamlit as st

from dashboard import data, show
from dashboard.sidebar import filters, player_label
from pipeline.stats.catalogue import FACTORS, NAMES

f = filters()
st.title("Stats")
st.text(player_label(f))
table = data.fetch("stat_table", f)
if not table["chances"].sum():
    st.info("No hands match these filters.")
    st.stop()
if f.player is not None:
    noted = data.fetch("notes_on", f.player)
    if noted:  # your reads of this player (`handlens note add --player NAME ...`)
        st.html("<b>Your notes</b><ul style='margin: 0.2rem 0 0.6rem 0;'>" + "".join(
            f"<li>{html.escape(n['text'])} <small>({html.escape(n['site'])}, "
            f"{n['written_at']:%Y-%m-%d})</small></li>" for n in noted) + "</ul>")
st.caption("Each stat is done / chances: a stat with no chance is empty, never 0 %. The "
           "definitions are in docs/STATS.md (PokerTracker 4's conventions where known).")
meaning = {**{k: v[2] for k, v in NAMES.items()}, **{k: v[2] for k, v in FACTORS.items()}}
table = table.with_columns(pl.col("stat").replace_strict(meaning).alias("counts"))
for group in ("Preflop", "Postflop", "Showdown"):
    st.subheader(group)
    part = table.filter(pl.col("group") == group)
    st.dataframe(part, hide_index=True, key=f"stats_{group}", placeholder=show.MISSING,
                 height=show.table_height(part.height),
                 column_order=("label", "value", "done", "chances", "counts"),
                 column_config={
                     "label": st.column_config.TextColumn("stat"),
                     "value": st.column_config.NumberColumn("value", format="%.1f"),
                     "done": st.column_config.NumberColumn("done", format="%,d"),
                     "chances": st.column_config.NumberColumn("chances", format="%,d",
                                                              help="the sample size"),
                     "counts": st.column_config.TextColumn("done / chance", width="large")})
st.caption("Values are percentages, but for AF, a factor: (bets + raises) / calls. "
           "For AF and AFq, done counts bets and raises and chances the calls (AF) or "
           "every postflop action (AFq).")
