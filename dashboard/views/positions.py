"""Positions: the stats and winnings by position and by position group."""
from __future__ import annotations

import streamlit as st

from dashboard import charts, data, show
from dashboard.sidebar import filters, player_label

f = filters()
st.title("Positions")
st.text(player_label(f))
result = data.fetch("positions", f)
if result["position"].is_empty():
    st.info("No hands match these filters.")
    st.stop()
net_column, unit = show.unit(f, result["currencies"])
columns = show.stat_columns(unit)
if net_column == "net_bb":  # chips of different tournaments, or currencies, do not add up
    columns["net"] = None
st.caption(f"Net in {unit}; bb/100 = 100 × net in big blinds / hands."
           + (" Over all players: a hand counts once per position, and the nets add up to "
              "minus the rake." if f.player is None else ""))

for key, heading in (("position", "By position"), ("position_group", "By position group")):
    table = result[key]
    st.subheader(heading)
    st.dataframe(table, hide_index=True, column_config=columns, key=f"table_{key}",
                 placeholder=show.MISSING)
    st.altair_chart(charts.by_group(table, key, "bb_per_100", "bb/100"), width="stretch",
                    key=f"chart_{key}")
