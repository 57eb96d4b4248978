"""Price check: the player's river calls and folds facing a bet and their all-in
decisions, each priced (pot odds against equity), the worst first, each opening the
replayer at that action (pipeline/read/prices.py)."""
from __future__ import annotations

from urllib.parse import urlencode

import polars as pl
import streamlit as st

from dashboard import data, show
from dashboard.sidebar import filters, player_label, read_page_params, url_params, \
    write_page_params
from engine.equity.ranges import RangeError

STREETS = {1: "preflop", 2: "flop", 3: "turn", 4: "river"}
PARAMS = {"range": "price_range"}
SHOWN = 200  # decisions listed

f = filters()
st.title("Price check")
st.text(player_label(f))
read_page_params("prices", PARAMS)
given = st.text_input("The opponent's range where their cards were not shown",
                      key="price_range", placeholder="their VPIP's top share of hands",
                      help='As players write it: "QQ+, AKs, ATs+, 76s", or "15%". Only '
                           'decisions against one opponent are priced against a range.')
write_page_params(PARAMS)
try:
    found = data.fetch("price_check", f, given.strip() or None)
except RangeError as exc:
    st.error(f"The range: {exc}")
    st.stop()
decisions = found["decisions"]
if not decisions:
    st.info("No river call or fold facing a bet, and no all-in decision, in the hands "
            "these filters keep (or none could be priced).")
    st.stop()
COLUMNS = ("player", "site", "hand_id", "seq", "street", "decision", "owed", "pot", "price",
           "equity", "ev_call", "mistake", "against")
table = pl.DataFrame([{k: d[k] for k in COLUMNS} for d in decisions[:SHOWN]],
                     infer_schema_length=None)
mistakes = sum(d["mistake"] for d in decisions)
a, b, c = st.columns(3)
a.metric("Decisions priced", f"{found['priced']:,}")
b.metric("Given away", f"{mistakes:,.1f} bb",
         help="The big blinds of every call below its price and every fold above it.")
c.metric("Not priced", f"{sum(found['unpriced'].values()):,}",
         help="; ".join(f"{n:,}: {why}" for why, n in found["unpriced"].items()) or None)
st.caption("Price: the equity a call needs, from the hand's pots (hands whose verdict is "
           "ok). Equity: exact against the opponents' cards where they were shown, else "
           "against a range. EV of a call and the mistake in big blinds; no later betting, "
           "no rake. Against shown cards it is the price of the cards as they were: a "
           "result, not a read of the range.")
params = url_params()
links = pl.Series("replay", [
    "hands?" + urlencode({**params, "hand": f"{d['site']}:{d['hand_id']}", "action": d["seq"]},
                         doseq=True) for d in decisions[:SHOWN]], dtype=pl.String)
table = table.select(
    pl.col("player") if f.player is None else pl.lit(None).alias("player"),
    pl.col("hand_id").alias("hand"), links,
    pl.concat_str(pl.col("street").replace_strict(STREETS, return_dtype=pl.String),
                  "decision", separator=" ").alias("decision"), "owed",
    "pot", "price", "equity", "ev_call", "mistake", "against")
if f.player is not None:
    table = table.drop("player")
st.dataframe(table, hide_index=True, key="price_table", placeholder=show.MISSING,
             column_config={
                 "decision": st.column_config.TextColumn("decision"),
                 "owed": st.column_config.NumberColumn("to call", format="%,.2f"),
                 "pot": st.column_config.NumberColumn("pot", format="%,.2f",
                                                      help="What the call can win"),
                 "price": st.column_config.NumberColumn("price %", format="%.1f"),
                 "equity": st.column_config.NumberColumn("equity %", format="%.1f"),
                 "ev_call": st.column_config.NumberColumn("EV call bb", format="%+.2f",
                                                          help="What a call wins on average"),
                 "mistake": st.column_config.NumberColumn("lost bb", format="%.2f",
                                                          help="Given away by the decision"),
                 "against": st.column_config.TextColumn("against"),
                 "replay": st.column_config.LinkColumn("replay", display_text="replay"),
             })
if found["priced"] > SHOWN:
    st.caption(f"The worst {SHOWN} of {found['priced']:,}; `handlens price-check --json` "
               "gives every one.")
