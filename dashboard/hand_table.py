"""A list of hands as a table (pipeline.read.hand_list rows), each with a link to the replayer."""
from __future__ import annotations

import polars as pl
import streamlit as st

from dashboard import show
from pipeline.export.cards import card_text
from dashboard.sidebar import url_params

# each column's width in pixels (by its heading's first word): the widest value it
# holds (a five-card board, "unverifiable", a 12-digit hand number) fits whole, and the
# whole list fits beside the sidebar at 1280 pixels (tests/e2e measure both)
WIDTHS = {"played": 116, "room": 80, "hand": 100, "stakes": 100, "pos.": 48, "cards": 54,
          "board": 112, "net": 72, "pot": 64, "players": 60, "verdict": 84, "replay": 52}


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
    w = WIDTHS
    config = {
        show.TIME_COLUMN: st.column_config.TextColumn(show.TIME_COLUMN, width=w["played"]),
        "site": st.column_config.TextColumn("room", width=w["room"]),
        "hand_id": st.column_config.TextColumn("hand", width=w["hand"]),
        "stakes": st.column_config.TextColumn("stakes", width=w["stakes"]),
        "position": st.column_config.TextColumn("pos.", width=w["pos."]),
        "cards": st.column_config.TextColumn("cards", width=w["cards"]),
        "board": st.column_config.TextColumn("board", width=w["board"]),
        "net": st.column_config.NumberColumn(f"net ({'bb' if unit == show.BB else unit})",
                                             format=show.amount_format(unit, True),
                                             width=w["net"]),
        "pot_bb": st.column_config.NumberColumn("pot (bb)", format="%,.1f", width=w["pot"]),
        "players": st.column_config.NumberColumn("players", format="%d", width=w["players"]),
        "status": st.column_config.TextColumn("verdict", width=w["verdict"]),
        "replay": st.column_config.LinkColumn("replay", display_text="replay",
                                              width=w["replay"],
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
