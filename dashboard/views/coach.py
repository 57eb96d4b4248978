"""Coach: the chosen player's report card, month by month — the main stats with their
sample sizes, winnings and all-in adjusted winnings, and whether the history is whole
and unedited (failed verdicts, findings between hands by code)."""
from __future__ import annotations

import polars as pl
import streamlit as st

from dashboard import data, show
from dashboard.sidebar import filters, player_label
from pipeline.read.report_card import CARD_STATS
from pipeline.stats.catalogue import LABELS

# what says a history is not whole or not as played, in short
MISSING_OR_EDITED = {"hand_missing": "missing hands", "edited_copy": "edited copies",
                     "stack_mismatch": "stacks that do not carry over"}

f = filters()
st.title("Coach")
st.text(player_label(f))
if f.player is None:
    st.info("Choose a player in the sidebar: a report card is one player's.",
            icon=":material/person:")
    st.stop()
months = data.fetch("report_card", f, None)
if not months:
    st.info("No hands match these filters.")
    st.stop()

found: dict[str, int] = {}
for m in months:
    for code, n in m["findings"].items():
        found[code] = found.get(code, 0) + n
hands = sum(m["hands"] for m in months)
failed = sum(m["failed"] for m in months)
a, b, c, d = st.columns(4)
a.metric("Hands", f"{hands:,}")
b.metric("Months", f"{len(months):,}")
c.metric("Failed verdicts", f"{failed:,}")
d.metric("Findings between hands", f"{sum(found.values()):,}")
gaps = {code: n for code, n in found.items() if code in MISSING_OR_EDITED}
if not gaps and not failed:
    st.success("No hand missing, no edited copy, no stack that does not carry over, and "
               "every hand verified: the history is whole as far as the files can tell.",
               icon=":material/verified:")
else:
    st.warning("The history has gaps or changes: " + "; ".join(
        [f"{n:,} × {MISSING_OR_EDITED[code]}" for code, n in gaps.items()]
        + ([f"{failed:,} × a hand whose verdict failed"] if failed else []))
        + ". The Verification page lists each (`handlens audit`, `handlens verify`).",
        icon=":material/report:")

results = pl.DataFrame([{
    "month": m["month"], "hands": m["hands"], "net_bb": m["net_bb"],
    "allin_adj_bb": m["allin_adj_bb"], "bb_per_100": m["bb_per_100"], "failed": m["failed"],
    "between": ", ".join(f"{code} {n}" for code, n in m["findings"].items())}
    for m in months])
stats = pl.DataFrame([{  # each stat beside its sample: "24.2 (2,518)"
    "month": m["month"],
    **{s: (show.MISSING if m[s] is None else f"{m[s]:.1f}") + f" ({m[s + '_chances']:,})"
       for s in CARD_STATS},
    "af": m["af"]} for m in months])
height = show.table_height(min(len(months), 24))
st.subheader("Month by month")
st.dataframe(results, hide_index=True, key="card", placeholder=show.MISSING, height=height,
             column_config={
                 "month": st.column_config.TextColumn("month", width=70),
                 "hands": st.column_config.NumberColumn("hands", format="%,d", width=70),
                 "net_bb": st.column_config.NumberColumn("net (bb)", format="%+,.1f",
                                                         width=80),
                 "allin_adj_bb": st.column_config.NumberColumn(
                     "all-in adj. (bb)", format="%+,.1f", width=110),
                 "bb_per_100": st.column_config.NumberColumn("bb/100", format="%+,.2f",
                                                             width=80),
                 "failed": st.column_config.NumberColumn("failed verdicts", format="%,d",
                                                         width=100),
                 "between": st.column_config.TextColumn("findings between hands",
                                                        width="medium")})
st.dataframe(stats, hide_index=True, key="card_stats", placeholder=show.MISSING,
             height=height, column_config={
                 "month": st.column_config.TextColumn("month", width=70),
                 **{s: st.column_config.TextColumn(f"{LABELS[s]} (n)", width=110)
                    for s in CARD_STATS},
                 "af": st.column_config.NumberColumn("AF", format="%.2f", width=60)})
st.caption("Stats in percent, each with its chances (n) beside it; AF a factor. "
           "`handlens report-card --player NAME` prints the same.")
