"""Tournaments: the chosen player's tournaments, their buy-ins, finishes and prizes where
the files say them (a tournament's summary file, else its hands), the profit of each,
and ROI and ITM in each currency."""
from __future__ import annotations

import polars as pl
import streamlit as st

from dashboard import data, show
from dashboard.sidebar import filters

f = filters()
st.title("Tournaments")
if f.player is None:
    st.info("Choose a player in the sidebar: a tournament's results are a player's.",
            icon=":material/person:")
    st.stop()
st.text(f.player)
args = (f.player, f.since, f.until, f.sites)
listed = data.fetch("tournaments", *args)
if listed.is_empty():
    st.info("No tournament of this player (hands or summary files) matches these filters.")
    st.stop()
s = data.fetch("tournament_summary", *args)
a, b, c = st.columns(3)
a.metric("Tournaments", f"{s['tournaments']:,}")
b.metric("Finish known", f"{s['with_finish']:,}",
         help="The tournament's summary file says where the player finished, or a hand "
              "does (rooms write it in the hand the player is knocked out of, or wins). "
              "Import the rooms' tournament summaries for the others.")
c.metric("ITM", show.percent(None if s["itm"] is None else float(s["itm"])),
         help="In the money: finished with a prize, of the tournaments whose finish is known.")
money = [(cur, e) for cur, e in s["by_currency"].items() if cur is not None]
if money:
    st.subheader("By currency")
    st.dataframe(pl.DataFrame(
        [(cur, e["tournaments"], float(e["buy_ins"]), float(e["prizes"]),
          e["roi_tournaments"], float(e["roi_buy_ins"]), float(e["roi_prizes"]),
          None if e["roi"] is None else float(e["roi"]))
         for cur, e in money],
        schema={"currency": pl.String, "tournaments": pl.Int64, "buy_ins": pl.Float64,
                "prizes": pl.Float64, "finished": pl.Int64, "finished_buy_ins": pl.Float64,
                "finished_prizes": pl.Float64, "roi": pl.Float64},
        orient="row"),
        hide_index=True, key="tournament_money", placeholder=show.MISSING, column_config={
            "tournaments": st.column_config.NumberColumn("with a known buy-in", format="%,d"),
            "buy_ins": st.column_config.NumberColumn("buy-ins", format="%,.2f"),
            "prizes": st.column_config.NumberColumn("prizes", format="%,.2f"),
            "finished": st.column_config.NumberColumn(
                "finish known", format="%,d", help="of which the files say the finish"),
            "finished_buy_ins": st.column_config.NumberColumn(
                "their buy-ins", format="%,.2f",
                help="the buy-ins of the tournaments whose finish is known: what ROI is over"),
            "finished_prizes": st.column_config.NumberColumn(
                "their prizes", format="%,.2f",
                help="the prizes of those tournaments, in the buy-in's currency"),
            "roi": st.column_config.NumberColumn(
                "ROI", format="%+.1f %%",
                help="(their prizes - their buy-ins) / their buy-ins: over the tournaments "
                     "whose finish is known only")})
    st.caption("Each currency apart: dollars, euros and points never add up. ROI is over "
               "the tournaments whose finish a summary or a hand says (their buy-ins, "
               "re-entries included, and what they paid beside it), not over every buy-in: "
               "the others have no result yet.")

st.subheader("Each tournament")
st.dataframe(listed.select(
    pl.Series(show.TIME_COLUMN, [show.when(t, True) for t in listed["first_hand"].to_list()]),
    "site", "tournament_id", "buy_in", "hands", pl.col("chips_won").cast(pl.Float64),
    "place", "entries", pl.col("paid").cast(pl.Float64), pl.col("prize").cast(pl.Float64),
    pl.col("bounties").cast(pl.Float64), pl.col("received").cast(pl.Float64),
    pl.col("profit").cast(pl.Float64), "currency"),
    hide_index=True, key="tournament_list", placeholder=show.MISSING, column_config={
        "entries": st.column_config.NumberColumn("entries", format="%d",
                                                 help="1 + re-entries (the summary's)"),
        "paid": st.column_config.NumberColumn("paid", format="%,.2f",
                                              help="every entry (the summary's)"),
        "bounties": st.column_config.NumberColumn("bounties", format="%,.2f"),
        "received": st.column_config.NumberColumn("received", format="%,.2f",
                                                  help="prize and bounties (the summary's)"),
        "profit": st.column_config.NumberColumn("profit", format="%+,.2f"),
        show.TIME_COLUMN: st.column_config.TextColumn("started (UTC)", width=118),
        "site": st.column_config.TextColumn("room"),
        "tournament_id": st.column_config.TextColumn("tournament"),
        "buy_in": st.column_config.TextColumn("buy-in (as written)"),
        "hands": st.column_config.NumberColumn("hands", format="%,d"),
        "chips_won": st.column_config.NumberColumn("chips won", format="%+,.0f"),
        "place": st.column_config.NumberColumn("place", format="%d"),
        "prize": st.column_config.NumberColumn("prize", format="%,.2f")})
st.caption("Chips won: the player's net over their hands of the tournament (chips, not "
           "money). Entries, paid, bounties, received and profit come from the "
           "tournament's summary file (PokerStars', GGPoker's), where imported.")

allins = data.fetch("final_table_allins", f.player)
if allins:
    st.subheader("Final-table all-ins: chips and prize money")
    st.caption("Heads-up all-ins of single-table tournaments whose summary lists the "
               "payouts. Chips: won, and the chip EV (all-in adjusted). ICM (the "
               "Independent Chip Model): what the stacks before the hand were worth to the "
               "player in prize money, the all-in's expected change in it (won with the "
               "player's pot equity, lost otherwise) and the change as it fell.")
    st.dataframe(pl.DataFrame([{k: (float(v) if k in ("equity", "chips_net", "chips_ev",
                                                      "icm_before", "icm_ev", "icm_result")
                                    else v) for k, v in r.items()} for r in allins]),
                 hide_index=True, key="final_table_allins", placeholder=show.MISSING,
                 column_config={
                     "site": st.column_config.TextColumn("room"),
                     "hand_id": st.column_config.TextColumn("hand"),
                     "tournament_id": st.column_config.TextColumn("tournament"),
                     "played_at": st.column_config.DatetimeColumn("when",
                                                                  format="YYYY-MM-DD HH:mm"),
                     "players": st.column_config.NumberColumn("left", format="%d"),
                     "equity": st.column_config.NumberColumn("equity %", format="%.1f"),
                     "chips_net": st.column_config.NumberColumn("chips won", format="%+,.0f"),
                     "chips_ev": st.column_config.NumberColumn("chip EV", format="%+,.0f"),
                     "icm_before": st.column_config.NumberColumn("ICM before", format="%,.2f"),
                     "icm_ev": st.column_config.NumberColumn("$EV", format="%+,.2f"),
                     "icm_result": st.column_config.NumberColumn("$ as it fell",
                                                                 format="%+,.2f")})
