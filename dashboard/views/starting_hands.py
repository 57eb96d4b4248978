"""Starting hands: the 13 x 13 grid by bb/100 or frequency; a cell lists its hands."""
from __future__ import annotations

import streamlit as st

from dashboard import charts, data, show
from dashboard.hand_table import hand_table
from dashboard.sidebar import filters
from pipeline.queries import HAND_CLASSES, RANKS, grid_cell

f = filters()
st.title("Starting hands")
st.text("Player: " + (f.player if f.player is not None else "all players"))
result = data.fetch("starting_hands", f)
classes = result["classes"]
if classes.is_empty():
    st.info("No hands with known hole cards match these filters.")
    st.stop()
net_column, unit = show.unit(result["currencies"])
colour_by = st.radio("Colour by", ["bb/100", "frequency"], horizontal=True, key="colour_by")
event = st.plotly_chart(charts.grid(classes, colour_by, net_column, unit), width="stretch",
                        on_select="rerun", selection_mode="points", key="grid",
                        config={"displaylogo": False})
st.caption(f"Pairs on the diagonal, suited hands above it, offsuit below. Each cell: the "
           f"class, hands dealt, net in {unit}. Colour: "
           + ("bb/100 (red losing, green winning)." if colour_by == "bb/100"
              else "share of the hands dealt with known cards."))

# a click on a cell chooses it, as does the list below
points = (event.selection.points if event and event.selection else None) or []
if points:
    clicked = points[0]
    name = None
    if "x" in clicked and "y" in clicked and clicked["x"] in RANKS and clicked["y"] in RANKS:
        name = grid_cell(RANKS.index(clicked["y"]), RANKS.index(clicked["x"]))
    if name and st.session_state.get("grid_clicked") != name:
        st.session_state["grid_clicked"] = name
        st.session_state["hand_class"] = name

counts = dict(zip(classes["hand_class"].to_list(), classes["hands"].to_list()))
chosen = st.selectbox("Hands of one class", [None, *HAND_CLASSES], key="hand_class",
                      format_func=lambda c: "choose a cell" if c is None
                      else f"{c} ({counts.get(c, 0):,} hands)")

with st.expander("The grid as a table"):
    st.dataframe(classes, hide_index=True, key="classes", column_config={
        "hand_class": st.column_config.TextColumn("class"),
        **show.stat_columns(unit),
        "frequency": st.column_config.NumberColumn("% of hands", format="%.2f")})

if chosen is not None:
    total, listed = data.fetch("hand_list", f, None, chosen, None, 500)
    st.subheader(f"{chosen}: {total:,} hands")
    if total > listed.height:
        st.caption(f"The latest {listed.height:,} are listed.")
    hand_table(listed, unit, key="class_hands")
