"""Verification: verdicts by status and finding code; the hands selected (failed ones
by default), each with its findings and a link to the replayer."""
from __future__ import annotations

import polars as pl
import streamlit as st

from dashboard import data, show
from dashboard.sidebar import filters
from pipeline.queries import STATUSES, STREETS

SHOWN_IN_FULL = 25  # hands listed with their findings; all of them in one table
OPEN = 3  # of which shown open

f = filters()
st.title("Verification")
st.text("Hands of: " + (f.player if f.player is not None else "all players"))
a, b = st.columns(2)
status = a.selectbox("Hands with verdict", [*STATUSES, None], index=STATUSES.index("failed"),
                     key="verify_status", format_func=lambda s: "any" if s is None else s)
first = data.fetch("verification", f, status, None, 200)
codes = first["codes"]["code"].to_list()
code = b.selectbox("and finding code", [None, *codes], key="verify_code",
                   format_func=lambda c: "any" if c is None else c)
result = first if code is None else data.fetch("verification", f, status, code, 200)

cols = st.columns(len(STATUSES) + 1)
cols[0].metric("Hands verified", f"{result['hands']:,}")
for col, s in zip(cols[1:], STATUSES):
    col.metric(s, f"{result['status'][s]:,}")

st.subheader("Findings by code")
if result["codes"].is_empty():
    st.caption("No findings: every hand verified adds up.")
else:
    st.dataframe(result["codes"], hide_index=True, key="codes", column_config={
        "hands": st.column_config.NumberColumn("hands with it"),
        "findings": st.column_config.NumberColumn("findings")})

selected, found = result["selected"], result["findings"]
chosen = " and ".join(x for x in (status and f"verdict {status}", code and f"code {code}") if x)
st.subheader(f"Hands with {chosen or 'any verdict'}: {selected.height:,}"
             + (" (the first 200)" if selected.height >= 200 else ""))
if selected.is_empty():
    st.caption("None.")
    st.stop()
st.dataframe(selected.with_columns(pl.Series("replay", [
    show.replay_url(s, h) for s, h in zip(selected["site"].to_list(),
                                          selected["hand_id"].to_list())])),
    hide_index=True, key="selected", column_config={
        "replay": st.column_config.LinkColumn("replay", display_text="replay"),
        "played_at": st.column_config.DatetimeColumn("played", format="YYYY-MM-DD HH:mm")})

by_hand: dict[tuple[str, str], list[dict]] = {}
for row in found.iter_rows(named=True):
    by_hand.setdefault((row["site"], row["hand_id"]), []).append(row)
for n, row in enumerate(selected.head(SHOWN_IN_FULL).iter_rows(named=True)):
    key = (row["site"], row["hand_id"])
    with st.expander(f"{row['site']} #{row['hand_id']} · {row['status']}", expanded=n < OPEN):
        st.code(f"{row['path']}:{row['line']}", language=None, wrap_lines=True)
        st.dataframe(pl.DataFrame(
            [(x["code"], x["severity"], None if x["street"] is None else STREETS[x["street"]],
              x["action"], x["message"]) for x in by_hand.get(key, [])],
            schema={"code": pl.String, "severity": pl.String, "street": pl.String,
                    "action": pl.Int64, "message": pl.String}, orient="row"),
            hide_index=True, key=f"findings_{row['site']}_{row['hand_id']}")
        st.page_link(show.HANDS_PAGE, label="Open in the replayer",
                     icon=":material/play_circle:",
                     query_params={"hand": show.hand_key(*key)})
