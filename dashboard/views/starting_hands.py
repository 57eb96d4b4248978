"""Starting hands: the 13 x 13 grid by bb/100 or frequency; a click on a cell lists its
hands (so does the choice below the grid)."""
from __future__ import annotations

import streamlit as st

from dashboard import data, show
from dashboard.hand_grid import cells, hand_grid
from dashboard.hand_table import hand_table
from dashboard.sidebar import filters, player_label
from pipeline.read.hand_list import HandQuery
from pipeline.read.queries import HAND_CLASSES

LISTED = 500

f = filters()
st.title("Starting hands")
st.text(player_label(f))
result = data.fetch("starting_hands", f)
classes = result["classes"]
if classes.is_empty():
    st.info("No hands with known hole cards match these filters.")
    st.stop()
net_column, unit = show.unit(f, result["currencies"])
colour_by = st.radio("Colour by", ["bb/100", "frequency"], horizontal=True, key="colour_by")
hand_grid(cells(classes, colour_by, net_column, unit), chosen_key="hand_class", key="grid")
st.caption(f"Pairs on the diagonal, suited hands above it, offsuit below. Each cell: the "
           f"class, hands dealt, net in {unit}. Colour: "
           + ("bb/100 (red losing, green winning)." if colour_by == "bb/100"
              else "share of the hands dealt with known cards.")
           + " Click a cell to list its hands.")

counts = dict(zip(classes["hand_class"].to_list(), classes["hands"].to_list()))
chosen = st.selectbox("Hands of one class", [None, *HAND_CLASSES], key="hand_class",
                      format_func=lambda c: "choose a cell" if c is None
                      else f"{c} ({counts.get(c, 0):,} hands)")

with st.expander("The grid as a table"):
    st.dataframe(classes, hide_index=True, key="classes", placeholder=show.MISSING,
                 column_config={
                     "hand_class": st.column_config.TextColumn("class"),
                     **show.stat_columns(unit),
                     **({"net": None} if net_column == "net_bb" else {}),
                     "frequency": st.column_config.NumberColumn("% of hands", format="%.2f")})

if chosen is not None:
    total, listed = data.fetch("hand_list", f, HandQuery(hand_class=chosen), LISTED)
    st.subheader(f"{chosen}: {total:,} hands")
    if total > listed.height:
        st.caption(f"The latest {listed.height:,} are listed.")
    hand_table(listed, unit, key="class_hands")
