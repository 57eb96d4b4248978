"""Positions: the stats and winnings by position and by position group."""
from __future__ import annotations

import streamlit as st

from dashboard import charts, data, show
from dashboard.sidebar import filters

f = filters()
st.title("Positions")
st.text("Player: " + (f.player if f.player is not None else "all players"))
result = data.fetch("positions", f)
if result["position"].is_empty():
    st.info("No hands match these filters.")
    st.stop()
net_column, unit = show.unit(result["currencies"])
columns = show.stat_columns(unit)
if net_column == "net_bb":  # money of several currencies does not add up
    columns["net"] = None
st.caption(f"Net in {unit}; bb/100 = 100 × net in big blinds / hands.")

for key, heading in (("position", "By position"), ("position_group", "By position group")):
    table = result[key]
    st.subheader(heading)
    left, right = st.columns([3, 2])
    left.dataframe(table, hide_index=True, column_config=columns, key=f"table_{key}")
    right.plotly_chart(charts.by_group(table, key, "bb_per_100", "bb/100"), width="stretch",
                       config={"displaylogo": False}, key=f"chart_{key}")
