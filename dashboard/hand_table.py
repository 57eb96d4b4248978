"""A list of hands as a table, each with a link to the replayer."""
from __future__ import annotations

import polars as pl
import streamlit as st

from dashboard import show


def hand_table(listed: pl.DataFrame, unit: str, key: str, height: int | str = "auto") -> None:
    """Show ``queries.hand_list`` rows: net in money when ``unit`` is a currency,
    else in big blinds; cards with suit symbols; a replay link per hand."""
    if listed.is_empty():
        st.info("No hands match.")
        return
    net = "net_bb" if unit == "big blinds" else "net"
    table = listed.select(
        "played_at", "hand_id", "player", "stakes", "structure", "position",
        pl.col("cards").fill_null("").map_elements(show.card_text, return_dtype=pl.String),
        pl.col("board").fill_null("").map_elements(show.card_text, return_dtype=pl.String),
        pl.col(net).alias("net"), "status", "showdown",
        pl.Series("replay", [show.replay_url(s, h) for s, h in
                             zip(listed["site"].to_list(), listed["hand_id"].to_list())]))
    st.dataframe(table, hide_index=True, key=key, height=height, column_config={
        "played_at": st.column_config.DatetimeColumn("played", format="YYYY-MM-DD HH:mm"),
        "hand_id": st.column_config.TextColumn("hand"),
        "net": st.column_config.NumberColumn(f"net ({unit})", format="%.2f"),
        "showdown": st.column_config.CheckboxColumn("showdown"),
        "replay": st.column_config.LinkColumn("replay", display_text="replay"),
    })
