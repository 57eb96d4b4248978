"""Overview: hands, net, bb/100, the main stats and the winnings graph."""
from __future__ import annotations

import streamlit as st

from dashboard import charts, data, show
from dashboard.sidebar import filters

f = filters()
st.title("Overview")
st.text("Player: " + (f.player if f.player is not None else "all players"))
s = data.fetch("overview", f)
if not s["hands"]:
    st.info("No hands match these filters.")
    st.stop()

by_currency = s["by_currency"]
currencies = by_currency["currency"].to_list()
cols = st.columns(3 + len(currencies))
cols[0].metric("Hands", f"{s['hands']:,}")
for col, row in zip(cols[1:], by_currency.iter_rows(named=True)):
    col.metric(f"Net ({row['currency']})", show.money(row["net"], row["currency"]))
cols[-2].metric("bb/100", show.number(s["bb_per_100"]))
cols[-1].metric("Net (big blinds)", show.number(s["net_bb"], 1))

stats = st.columns(6)
for col, (key, label) in zip(stats, show.STAT_LABELS.items()):
    col.metric(label, show.number(s[key]) if key == "af" else show.percent(s[key]))

unit = "big blinds" if s["in_bb"] else currencies[0]
st.subheader("Winnings")
curve = s["curve"]
st.plotly_chart(charts.winnings(curve, unit), width="stretch", config={"displaylogo": False})
notes = [f"Cumulative, in {unit}, hand by hand in the order played."]
if len(currencies) > 1:
    notes.append("The hands are in several currencies, so the graph counts big blinds.")
if s["allin_not_computed"]:
    notes.append(f"{s['allin_not_computed']:,} hands with an all-in before the flop count at "
                 "their net in the all-in adjusted line: their equity is not computed yet "
                 "(`handlens equity` computes it).")
if curve.height < s["hands"]:
    notes.append(f"Drawn with {curve.height:,} of {s['hands']:,} points; the sums are over "
                 "every hand.")
st.caption(" ".join(notes))

if len(currencies) > 1:
    st.subheader("By currency")
    st.dataframe(by_currency, hide_index=True, column_config={
        "net": st.column_config.NumberColumn("net", format="%.2f"),
        "allin_adjusted": st.column_config.NumberColumn("all-in adjusted", format="%.2f"),
        "bb_per_100": st.column_config.NumberColumn("bb/100", format="%.2f")})
