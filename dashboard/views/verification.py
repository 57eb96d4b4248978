"""Verification: what the replay of every hand found, in plain words: the verdicts,
what each finding code means, what the audit found between hands, and the hands
selected (failed ones by default), each with its findings and a link to the
replayer."""
from __future__ import annotations

import polars as pl
import streamlit as st

from dashboard import data, show
from dashboard.sidebar import filters, player_label, url_params
from pipeline.audit import CODES as AUDIT_CODES
from pipeline.read.queries import CODES, STATUSES, STREETS

SHOWN_IN_FULL = 25  # hands listed with their findings; all of them in one table
OPEN = 3  # of which shown open
LIMIT = 200
ANY = "any"
MEANING = {
    "ok": "the actions were legal and every pot, side pot, rake and showdown adds up",
    "warning": "it adds up, but something is odd or missing (a line the room did not write)",
    "failed": "something does not add up or breaks the rules: the findings say what",
    "unverifiable": "not enough is written to check it (cards or amounts missing)",
    "unsupported": "a game the rules engine does not play (not Hold'em): stored, not checked",
}

f = filters()
st.title("Verification")
st.text(player_label(f))
st.markdown("Every hand is replayed through the rules of Texas Hold'em and its pots are "
            "rebuilt chip by chip; each hand gets a **verdict**, and each thing that does not "
            "fit is a **finding** with a code.")
with st.expander("What the verdicts mean"):
    st.dataframe(pl.DataFrame({"verdict": list(MEANING), "meaning": list(MEANING.values())}),
                 hide_index=True, key="meanings")

a, b = st.columns(2)
status = a.selectbox("Hands with verdict", [*STATUSES, ANY], index=STATUSES.index("failed"),
                     key="verify_status")
status = None if status == ANY else status
first = data.fetch("verification", f, status, None, LIMIT)
codes = first["codes"]["code"].to_list()
code = b.selectbox("and finding", [ANY, *codes], key="verify_code",
                   format_func=lambda c: c if c == ANY else f"{c}: {CODES.get(c, '')}")
code = None if code == ANY else code
result = first if code is None else data.fetch("verification", f, status, code, LIMIT)

cols = st.columns(len(STATUSES) + 1)
cols[0].metric("Hands verified", f"{result['hands']:,}")
for col, s in zip(cols[1:], STATUSES):
    col.metric(s, f"{result['status'][s]:,}", help=MEANING[s])

st.subheader("Findings by code")
if result["codes"].is_empty():
    st.caption("No findings: every hand verified adds up.")
else:
    st.dataframe(result["codes"].with_columns(
        pl.col("code").replace_strict(CODES, default="").alias("meaning")),
        hide_index=True, key="codes", column_order=("code", "meaning", "hands", "findings"),
        column_config={
            "hands": st.column_config.NumberColumn("hands with it", format="%,d"),
            "findings": st.column_config.NumberColumn("findings", format="%,d")})

params = url_params()
st.subheader("Between hands")
st.markdown("The hands of each table are also checked against each other: stacks carried "
            "from hand to hand, the button and the big blind moving on, time and hand "
            "numbers in order, no hand missing, no hand read twice with different content. "
            "These findings never change a hand's own verdict.")
between = data.fetch("between_hands", f.player, f.kind, f.since, f.until, f.sites, LIMIT)
a, b, c = st.columns(3)
a.metric("Table sessions", f"{between['sessions']:,}")
b.metric("Their hands", f"{between['hands']:,}")
c.metric("Findings between hands", f"{sum(n for _, n in between['by_code']):,}")
if between["by_code"]:
    st.dataframe(pl.DataFrame(
        [(code, AUDIT_CODES.get(code, ""), n) for code, n in between["by_code"]],
        schema={"code": pl.String, "meaning": pl.String, "findings": pl.Int64}, orient="row"),
        hide_index=True, key="between_codes", column_config={
            "code": st.column_config.TextColumn("code", width=120),
            "findings": st.column_config.NumberColumn("findings", format="%,d")})
    listed = between["listed"]
    def place(path: str, line: str) -> pl.Expr:  # the file's name and the line
        return pl.concat_str([pl.col(path).str.split("/").list.last(),
                              pl.col(line).cast(pl.String)], separator=":")

    st.dataframe(listed.select(
        "code", pl.concat_str(["site", "hand_id"], separator=" #").alias("hand"),
        place("path", "line").alias("where"), "message",
        pl.concat_str([pl.col("other_hand_id"), place("other_path", "other_line")],
                      separator=" · ").alias("other"),
        pl.Series("replay", [show.replay_url(s, h, params) for s, h in
                             zip(listed["site"].to_list(), listed["hand_id"].to_list())])),
        hide_index=True, key="between_listed", placeholder=show.MISSING, column_config={
            "code": st.column_config.TextColumn("code", width=100),
            "hand": st.column_config.TextColumn("hand", width=130),
            "where": st.column_config.TextColumn("file:line", width=130),
            "message": st.column_config.TextColumn("what", width=200),
            "other": st.column_config.TextColumn("the other hand, file:line", width=150),
            "replay": st.column_config.LinkColumn("replay", display_text="replay", width=55)})
    st.caption("Hover a cell for all of it; `handlens audit` gives each file's whole path.")
    if len(listed) >= LIMIT:
        st.caption(f"The first {LIMIT} are listed; `handlens audit` lists them all.")
else:
    st.caption("No findings between hands.")

selected, found = result["selected"], result["findings"]
chosen = " and ".join(x for x in (status and f"verdict {status}", code and f"finding {code}")
                      if x)
st.subheader(f"Hands with {chosen or 'any verdict'}: {selected.height:,}"
             + (f" (the first {LIMIT})" if selected.height >= LIMIT else ""))
if selected.is_empty():
    st.caption("No hands.")
    st.stop()
st.dataframe(selected.select(
    pl.Series(show.TIME_COLUMN, [show.when(t, z) for t, z in
                                 zip(selected["played_at"].to_list(),
                                     selected["zone_known"].to_list())]),
    "site", "hand_id", "status", "path", "line",
    pl.Series("replay", [show.replay_url(s, h, params) for s, h in
                         zip(selected["site"].to_list(), selected["hand_id"].to_list())])),
    hide_index=True, key="selected", placeholder=show.MISSING, column_config={
        "site": st.column_config.TextColumn("room"),
        "hand_id": st.column_config.TextColumn("hand"),
        "status": st.column_config.TextColumn("verdict"),
        "path": st.column_config.TextColumn("file", width="medium"),
        "line": st.column_config.NumberColumn("line", format="%d"),
        "replay": st.column_config.LinkColumn("replay", display_text="replay")})
if not selected["zone_known"].all():
    st.caption(show.ROOM_CLOCK_NOTE)

by_hand: dict[tuple[str, str], list[dict]] = {}
for row in found.iter_rows(named=True):
    by_hand.setdefault((row["site"], row["hand_id"]), []).append(row)
for n, row in enumerate(selected.head(SHOWN_IN_FULL).iter_rows(named=True)):
    key = (row["site"], row["hand_id"])
    with st.expander(f"{row['site']} #{row['hand_id']} · {row['status']}", expanded=n < OPEN):
        st.code(f"{row['path']}:{row['line']}", language=None, wrap_lines=True)
        st.dataframe(pl.DataFrame(
            [(x["code"], CODES.get(x["code"], ""), x["severity"],
              "" if x["street"] is None else STREETS[x["street"]], x["message"])
             for x in by_hand.get(key, [])],
            schema={"code": pl.String, "meaning": pl.String, "severity": pl.String,
                    "street": pl.String, "message": pl.String}, orient="row"),
            hide_index=True, key=f"findings_{row['site']}_{row['hand_id']}",
            column_config={  # widths that fit the page at 1280 pixels; hover for the rest
                "code": st.column_config.TextColumn("code", width=150),
                "meaning": st.column_config.TextColumn("meaning", width=220),
                "severity": st.column_config.TextColumn("severity", width=64),
                "street": st.column_config.TextColumn("street", width=60),
                "message": st.column_config.TextColumn("message", width=250)})
        st.page_link(show.HANDS_PAGE, label="Open in the replayer",
                     icon=":material/play_circle:",
                     query_params={**params, "hand": show.hand_key(*key)})
