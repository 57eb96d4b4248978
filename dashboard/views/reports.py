"""Reports: results by session, stakes (a tournament's buy-in), day, week or month, as a
table and a graph."""
from __future__ import annotations

import streamlit as st

from dashboard import charts, data, show
from dashboard.sidebar import filters, player_label
from pipeline.read.reports import REPORTS, SESSION_GAP_MINUTES

f = filters()
st.title("Reports")
st.text(player_label(f))
choices = [r for r in REPORTS if f.player is not None or r != "session"]
by = st.radio("By", choices, horizontal=True, key="report_by",
              format_func=lambda r: "stakes" if r == "stakes" and f.kind != "tournament"
              else "buy-in" if r == "stakes" else r)
result = data.fetch("report", f, by)
table = result["table"]
if table.is_empty():
    st.info("No hands match these filters.")
    st.stop()
unit = result["currency"] if result["in_money"] else show.BB
value = "net" if result["in_money"] else "net_bb"
st.altair_chart(charts.report(table, value, unit, by), width="stretch", key="report_chart")
notes = [f"{table.height:,} {'groups' if by == 'stakes' else by + 's'}"
         + ("" if by == "stakes" else ": the bars each one's net, the line the running total")
         + "; times in UTC where the room writes its zone."]
if by == "session":
    notes.append(f"A pause of more than {SESSION_GAP_MINUTES} minutes between the player's "
                 "hands starts a new session.")
if not result["in_money"]:
    notes.append("Net in money where a row is cash games of one currency; totals and the "
                 "graph in big blinds.")
st.caption(" ".join(notes))
st.dataframe(table, hide_index=True, key="report_table", placeholder=show.MISSING,
             column_config={
                 "group": st.column_config.TextColumn(by if by != "stakes" else
                                                      ("stakes" if f.kind != "tournament"
                                                       else "buy-in")),
                 "start": st.column_config.DatetimeColumn("from", format="YYYY-MM-DD HH:mm"),
                 "end": st.column_config.DatetimeColumn("to", format="YYYY-MM-DD HH:mm"),
                 "hands": st.column_config.NumberColumn("hands", format="%,d"),
                 "net": st.column_config.NumberColumn("net", format="%+,.2f"),
                 "net_bb": st.column_config.NumberColumn("net (bb)", format="%+,.1f"),
                 "bb_per_100": st.column_config.NumberColumn("bb/100", format="%+,.2f"),
                 "vpip": st.column_config.NumberColumn("VPIP", format="%.1f %%"),
                 "pfr": st.column_config.NumberColumn("PFR", format="%.1f %%")},
             column_order=("group", "start", "end", "hands", "currency", "net", "net_bb",
                           "bb_per_100", "vpip", "pfr"))
if by == "session":
    st.subheader("Each session by the hour")
    hourly = data.fetch("sessions", f)
    st.caption("Minutes from the first hand to the last; tables at once: each table's time "
               "from its first hand to its last, over the session's. Per hour: blank for a "
               "session of one moment. Money where a session is cash games of one currency; "
               "rake is what the room took of the pots the player put money in, by share.")
    st.dataframe(hourly, hide_index=True, key="sessions_table", placeholder=show.MISSING,
                 column_config={
                     "session": None, "allin_adj_net": None,  # (1,280 pixels: the bb kept)
                     "start": st.column_config.DatetimeColumn("from", format="YYYY-MM-DD HH:mm"),
                     "end": None,
                     "minutes": st.column_config.NumberColumn("minutes", format="%.0f"),
                     "hands": st.column_config.NumberColumn("hands", format="%,d"),
                     "at_once": st.column_config.NumberColumn("at once", format="%.1f"),
                     "net": st.column_config.NumberColumn("net", format="%+,.2f"),
                     "rake": st.column_config.NumberColumn("rake", format="%,.2f"),
                     "net_bb": st.column_config.NumberColumn("net bb", format="%+,.1f"),
                     "allin_adj_bb": st.column_config.NumberColumn("adj. bb", format="%+,.1f",
                                                                   help="All-in adjusted"),
                     "rake_bb": st.column_config.NumberColumn("rake bb", format="%,.1f"),
                     "net_per_hour": st.column_config.NumberColumn("net/h", format="%+,.2f"),
                     "bb_per_hour": st.column_config.NumberColumn("bb/h", format="%+,.1f"),
                     "hands_per_hour": st.column_config.NumberColumn("hands/h", format="%.0f")})
