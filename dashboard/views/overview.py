"""Overview: hands, net, bb/100, the main stats and the winnings graph."""
from __future__ import annotations

import streamlit as st

from dashboard import charts, data, show
from dashboard.sidebar import filters, player_label

f = filters()
st.title("Overview")
st.text(player_label(f))
s = data.fetch("overview", f)
if not s["hands"]:
    st.info("No hands match these filters.")
    st.stop()

if f.player is None:
    a, b = st.columns(2)
    a.metric("Hands", f"{s['hands']:,}", help="Each hand once, however many players it had.")
    b.metric("Players' hands", f"{s['rows']:,}",
             help="A hand of six players counts six times here: the stats below are over "
                  "every player's hands.")
else:
    by_currency = s["by_currency"]
    currencies = by_currency["currency"].to_list()
    money = f.kind != "tournament" and not s["in_bb"]
    cols = st.columns(4)
    cols[0].metric("Hands", f"{s['hands']:,}")
    if money:
        cols[1].metric(f"Net ({currencies[0]})", show.money(by_currency["net"][0], currencies[0]))
    else:
        cols[1].metric("Net (big blinds)", show.money(s["net_bb"], show.BB))
    cols[2].metric("bb/100", show.number(s["bb_per_100"]))
    if money:
        cols[3].metric("Net (big blinds)", show.money(s["net_bb"], show.BB))
    elif f.kind != "tournament":
        cols[3].metric("Currencies", f"{len(currencies)}",
                       help="Money of several currencies does not add up: totals are in "
                            "big blinds, and by currency below.")

stats = st.columns(6)
for col, (key, label) in zip(stats, show.STAT_LABELS.items()):
    col.metric(label, show.number(s[key]) if key == "af" else show.percent(s[key]))
st.caption("Every stat with its sample size is on the Stats page.")

if f.player is None:
    st.info("Choose a player in the sidebar for their net and winnings graph: over all "
            "players the nets add up to minus the rake.", icon=":material/person:")
    st.stop()

unit = show.BB if s["in_bb"] else currencies[0]
st.subheader("Winnings")
curve = s["curve"]
st.altair_chart(charts.winnings(curve, unit), width="stretch")
notes = [f"Cumulative, in {unit}, hand by hand in the order played."]
if f.kind == "tournament":
    notes.append("Tournament hands count in big blinds: chips of different tournaments do "
                 "not add up (results in money are on the Tournaments page).")
elif len(currencies) > 1:
    notes.append("The hands are in several currencies, so the graph counts big blinds.")
if s["allin_not_computed"]:
    notes.append(f"{s['allin_not_computed']:,} hands with an all-in before the flop, stored "
                 "by a version before 0.2, count at their net in the all-in adjusted line: "
                 "`handlens equity` computes their equity.")
if curve.height < s["hands"]:
    notes.append(f"Drawn with {curve.height:,} of {s['hands']:,} points; the sums are over "
                 "every hand.")
st.caption(" ".join(notes))

if f.kind != "tournament" and len(currencies) > 1:
    st.subheader("By currency")
    st.dataframe(by_currency, hide_index=True, placeholder=show.MISSING, column_config={
        "hands": st.column_config.NumberColumn("hands", format="%,d"),
        "net": st.column_config.NumberColumn("net", format="%+,.2f"),
        "allin_adjusted": st.column_config.NumberColumn("all-in adjusted", format="%+,.2f"),
        "bb_per_100": st.column_config.NumberColumn("bb/100", format="%+,.2f")})
