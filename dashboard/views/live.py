"""Live: what a player keeps on a second screen while playing. The sessions of the day
they last played, each table being played now with the opponents seated at it and their
HUD stats, and the last hands with a replay link; it looks again every few seconds
(a fragment), so hands a watch imports show without a reload."""
from __future__ import annotations

import html
from dataclasses import replace
from datetime import datetime, timezone

import polars as pl
import streamlit as st

from dashboard import data, show
from dashboard.hand_table import hand_table
from dashboard.sidebar import filters, player_label
from pipeline.read.hand_list import HandQuery
from pipeline.read.live import ACTIVE_MINUTES, HUD_STATS
from pipeline.stats.catalogue import LABELS

LIVE_SECONDS = 3  # how often the page looks for new hands
LAST_HANDS = 10

f = filters()
st.title("Live")
st.text(player_label(f))
if f.player is None:
    st.info("Choose a player in the sidebar (yourself): the page follows their tables.",
            icon=":material/person:")
    st.stop()
hide = st.toggle("Hide the opponents at rooms whose terms forbid live tools", value=True,
                 key="live_hide", help="GGPoker and partypoker forbid a HUD at their "
                                       "tables: their opponents' names and figures stay "
                                       "hidden here while this is on.")
st.caption(f"Updated every {LIVE_SECONDS} s as hands arrive: run `handlens watch` (or "
           "`handlens dashboard --watch`) to import the rooms' folders while you play.")


def _since(latest: datetime) -> tuple[float, str]:
    """Seconds from the last hand to now, and in words."""
    seconds = (datetime.now(timezone.utc).replace(tzinfo=None) - latest).total_seconds()
    if seconds < 0:  # a room's own clock, ahead of UTC
        return seconds, "by the room's clock"
    if seconds < 120:
        return seconds, f"{seconds:.0f} s ago"
    if seconds < 2 * 3600:
        return seconds, f"{seconds / 60:.0f} minutes ago"
    if seconds < 2 * 86400:
        return seconds, f"{seconds / 3600:.0f} hours ago"
    return seconds, f"{seconds / 86400:.0f} days ago"


def _sessions(s: dict, unit: str) -> None:
    sessions = s["sessions"]
    now = sessions.row(-1, named=True)
    day = f"{s['latest']:%Y-%m-%d}"
    st.subheader(f"Session of {day}" if sessions.height == 1 else
                 f"Sessions of {day} (the last of {sessions.height})")
    rate = "bb" if unit == show.BB else unit
    cols = st.columns(6)
    cols[0].metric("Hands", f"{now['hands']:,}", help=f"At {now['tables']} table"
                   f"{'s' if now['tables'] > 1 else ''}, from {now['start']:%H:%M} to "
                   f"{now['end']:%H:%M} (UTC).")
    money = unit != show.BB
    cols[1].metric(f"Net ({rate})", show.money(now["net"] if money else now["net_bb"], unit))
    cols[2].metric("bb/100", show.number(now["bb_per_100"]))
    cols[3].metric("All-in adj.",
                   show.money(now["adjusted"] if money else now["adjusted_bb"], unit),
                   help=f"The net ({rate}) with each all-in's pot shared by the players' "
                        "equity.")
    cols[4].metric("Hands/hour", show.number(now["hands_per_hour"], 0))
    cols[5].metric(f"{rate}/hour", show.money(now["per_hour"], unit))
    if sessions.height > 1:
        net = "net" if money else "net_bb"
        st.dataframe(
            sessions.select("start", "end", "hands", "tables", pl.col(net).alias("net"),
                            "bb_per_100", "hands_per_hour", "per_hour"),
            hide_index=True, placeholder=show.MISSING, column_config={
                "start": st.column_config.DatetimeColumn("start (UTC)", format="HH:mm"),
                "end": st.column_config.DatetimeColumn("end (UTC)", format="HH:mm"),
                "hands": st.column_config.NumberColumn("hands", format="%,d"),
                "tables": st.column_config.NumberColumn("tables", format="%d"),
                "net": st.column_config.NumberColumn(
                    f"net ({rate})", format=show.amount_format(unit, True)),
                "bb_per_100": st.column_config.NumberColumn("bb/100", format="%+,.2f"),
                "hands_per_hour": st.column_config.NumberColumn("hands/hour", format="%.0f"),
                "per_hour": st.column_config.NumberColumn(
                    f"{rate}/hour", format=show.amount_format(unit, True))})


_HUD = {"seat": st.column_config.NumberColumn("seat", format="%d", width=40),
        "player": st.column_config.TextColumn("player", width=130),
        "hands": st.column_config.NumberColumn("hands", format="%,d", width=58),
        **{stat: st.column_config.NumberColumn(LABELS[stat], format="%.0f", width=50)
           for stat in HUD_STATS},
        "af": st.column_config.NumberColumn("AF", format="%.1f", width=44),
        "note": st.column_config.TextColumn("your notes", width="large",
                                            help="`handlens note add --player NAME ...`")}


def _tables(s: dict, unit: str) -> None:
    tables, seats = s["tables"], s["seats"]
    st.subheader("Tables being played" if tables.height != 1 else "Table being played")
    if tables.is_empty():
        st.info(f"No table had a hand in the {ACTIVE_MINUTES} minutes before the last one.")
        return
    money = unit != show.BB
    for t in tables.iter_rows(named=True):
        with st.container(border=True):
            net = show.money(t["net"] if money else t["net_bb"], unit)
            st.html(f"<b>{html.escape(t['table'])}</b>")
            st.caption(f"{t['hands']} hands this session, net {net} {'bb' if unit == show.BB else unit}"
                       f" · last hand {t['last_hand']:%H:%M:%S} UTC")
            if t["forbids_live_tools"] and hide:
                st.caption("The room's terms forbid live tools: its opponents are hidden.")
                continue
            at = seats.filter(pl.col("table") == t["table"])
            shown = at.with_columns(pl.when(pl.col("anonymous"))
                                    .then(pl.lit("anonymous seat"))
                                    .otherwise(pl.col("player")).alias("player"))
            st.dataframe(shown.select("seat", "player", "hands", *HUD_STATS, "af", "note"),
                         hide_index=True, placeholder=show.MISSING, column_config=_HUD,
                         height=show.table_height(max(1, at.height)))
    st.caption("Each opponent's figures are over every hand of theirs in the database, of "
               "this kind of game: VPIP, PFR, 3-bet and WTSD in percent, AF a factor.")


@st.fragment(run_every=LIVE_SECONDS)
def _live() -> None:
    st.session_state["handlens_stale"] = False
    try:
        s = data.fetch("live", f)
        if s["latest"] is None:
            st.info("No hands of this player match these filters yet.")
            return
        if s["sessions"].is_empty():
            st.info("No hands of this player on the day of their last hand.")
            return
        seconds, ago = _since(s["latest"])
        now = " · playing now" if seconds < 60 * ACTIVE_MINUTES else ""
        st.markdown(f"Last hand **{s['latest']:%Y-%m-%d %H:%M:%S}** UTC, {ago}{now}.")
        currencies = s["sessions"]["currency"].drop_nulls().unique().to_list()
        unit = show.BB if s["in_bb"] else currencies[0]
        _sessions(s, unit)
        _tables(s, unit)
        st.subheader("Last hands")
        _, listed = data.fetch("hand_list", replace(f, since=None, until=None), HandQuery(),
                               LAST_HANDS)
        hand_table(listed, unit, key="live_hands")
        if st.session_state.get("handlens_stale"):
            st.caption("An import is writing: these are the figures from just before it.")
    except data.Busy:
        st.info("An import is writing its first hands: they show in a moment.",
                icon=":material/hourglass_top:")
    finally:
        data.close()  # a fragment's run ends here, not in the app's frame


_live()
