"""Compare: players side by side (any player of the database), every stat with its
sample size, over the sidebar's filters (its player choice aside)."""
from __future__ import annotations

import polars as pl
import streamlit as st

from dashboard import data, show
from dashboard.sidebar import KIND_WORDS, filters

MOST = 6  # players side by side

f = filters()
st.title("Compare players")
st.text(KIND_WORDS[f.kind])
found = st.text_input("Find players", key="compare_find", placeholder="part of a name",
                      help="Any player in the database, not only those with most hands.")
hero = data.fetch("hero")
offered = data.fetch("find_players", found.strip()) if found.strip() else \
    data.fetch("players", 50)
held = st.session_state.get("compare_players") or []
if "compare_players" not in st.session_state:
    wanted = st.query_params.get_all("compare") or ([hero] if hero else []) + \
        [p for p in offered if p != hero][:1]
    st.session_state["compare_players"] = wanted
    held = wanted
options = list(dict.fromkeys([*held, *offered]))
names = st.multiselect("Players", options, key="compare_players", max_selections=MOST,
                       placeholder="choose up to six players")
if names:
    st.query_params["compare"] = names
elif "compare" in st.query_params:
    del st.query_params["compare"]
if not names:
    st.info("Choose players to compare.")
    st.stop()

result = data.fetch("compare", f, tuple(names))
players, stats = result["players"], result["stats"]
st.dataframe(players, hide_index=True, key="compare_summary", placeholder=show.MISSING,
             column_config={"hands": st.column_config.NumberColumn("hands", format="%,d"),
                            "net_bb": st.column_config.NumberColumn("net (bb)", format="%+,.1f"),
                            "bb_per_100": st.column_config.NumberColumn("bb/100",
                                                                        format="%+,.2f")})
if stats.is_empty():
    st.info("No hands of these players match these filters.")
    st.stop()
config = {"stat": st.column_config.TextColumn("stat")}
for i, name in enumerate(names):  # names are labels only: a player may be called "stat"
    config[f"value_{i}"] = st.column_config.NumberColumn(name, format="%.1f")
    config[f"n_{i}"] = st.column_config.NumberColumn("n", format="%,d",
                                                     help=f"{name}'s chances (the sample size)")
order = ["stat", *[c for i in range(len(names)) for c in (f"value_{i}", f"n_{i}")]]
for group in ("Preflop", "Postflop", "Showdown"):
    st.subheader(group)
    part = stats.filter(pl.col("group") == group)
    st.dataframe(part, hide_index=True, height=show.table_height(part.height),
                 key=f"compare_{group}", column_order=order, column_config=config,
                 placeholder=show.MISSING)
st.caption("Percentages (AF: a factor); n is each player's number of chances for the stat.")
