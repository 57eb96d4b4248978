"""A list of hands as a table (pipeline.read.hand_list rows), each with a link to the replayer."""
from __future__ import annotations

import polars as pl
import streamlit as st

from dashboard import show
from dashboard.cards import card_text
from dashboard.sidebar import url_params


def hand_table(listed: pl.DataFrame, unit: str, key: str, height: int | str = "auto",
               select: bool = False) -> str | None:
    """Show the rows: a player's net in money when ``unit`` is a currency, else in big
    blinds; cards with suit symbols; times in UTC; a replay link per hand that keeps
    the filters. With ``select`` a click on a row chooses it: its hand key is returned."""
    if listed.is_empty():
        st.info("No hands match.")
        return None
    mine = "player" in listed.columns
    keys = [show.hand_key(s, h) for s, h in zip(listed["site"].to_list(),
                                                 listed["hand_id"].to_list())]
    params = url_params()
    columns = [
        pl.Series(show.TIME_COLUMN, [show.when(t, z) for t, z in
                                     zip(listed["played_at"].to_list(),
                                         listed["zone_known"].to_list())]),
        "site", "hand_id", "stakes"]
    if mine:
        net = "net_bb" if unit == show.BB else "net"
        columns += ["position",
                    pl.col("cards").fill_null("").map_elements(card_text,
                                                               return_dtype=pl.String),
                    pl.col(net).alias("net")]
    else:
        columns += ["players"]
    columns += [pl.col("board").fill_null("").map_elements(card_text,
                                                           return_dtype=pl.String),
                "pot_bb", pl.col("status").fill_null("not judged")]
    if not select:  # a list whose rows are clicked shows the hand on its own page
        columns.append(pl.Series("replay", [show.replay_url(s, h, params) for s, h in
                                            zip(listed["site"].to_list(),
                                                listed["hand_id"].to_list())]))
    table = listed.select(columns)
    config = {  # widths that fit the list beside the sidebar at 1280 pixels
        show.TIME_COLUMN: st.column_config.TextColumn(show.TIME_COLUMN, width=116),
        "site": st.column_config.TextColumn("room", width=80),
        "hand_id": st.column_config.TextColumn("hand", width=100),
        "stakes": st.column_config.TextColumn("stakes", width=100),
        "position": st.column_config.TextColumn("pos.", width=48),
        "cards": st.column_config.TextColumn("cards", width=54),
        "board": st.column_config.TextColumn("board", width=112),  # five cards
        "net": st.column_config.NumberColumn(f"net ({'bb' if unit == show.BB else unit})",
                                             format=show.amount_format(unit, True), width=72),
        "pot_bb": st.column_config.NumberColumn("pot (bb)", format="%,.1f", width=64),
        "players": st.column_config.NumberColumn("players", format="%d", width=60),
        "status": st.column_config.TextColumn("verdict", width=84),
        "replay": st.column_config.LinkColumn("replay", display_text="replay", width=52,
                                              help="Opens the hand in a new tab, with the "
                                                   "same filters"),
    }
    shown = st.dataframe(table, hide_index=True, key=key, height=height, column_config=config,
                         placeholder=show.MISSING,
                         on_select="rerun" if select else "ignore",
                         selection_mode="single-row")
    if not listed["zone_known"].all():
        st.caption(show.ROOM_CLOCK_NOTE)
    if select and shown and shown.selection and shown.selection.rows:
        return keys[shown.selection.rows[0]]
    return None
