"""Verification: what the replay of every hand found, in plain words: the verdicts,
what each finding code means, what the audit found between hands, and the hands
selected (failed ones by default), each with its findings and a link to the
replayer."""
from __future__ import annotations

import html

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

def _place(path: str | None, line: int | None) -> str:
    """A file's name and the line: where to look."""
    return "" if path is None else f"{path.rsplit('/', 1)[-1]}:{line}"


def _between_table(rows: list[dict], params: dict) -> None:
    """The findings between hands as an HTML table whose cells wrap (a grid would clip
    the explanation and the file names), each hand linked to the replayer; escaped."""
    e = html.escape
    body = "".join(
        "<tr>"
        f"<td><code>{e(r['code'])}</code></td>"
        f'<td><a href="{e(show.replay_url(r["site"], r["hand_id"], params))}" '
        f'target="_self">{e(r["site"])} #{e(r["hand_id"])}</a>'
        f"<br><small>{e(_place(r['path'], r['line']))}</small></td>"
        f"<td>{e(r['message'])}</td>"
        f"<td>{e(r['other_hand_id'] or '')}<br><small>"
        f"{e(_place(r['other_path'], r['other_line']))}</small></td>"
        "</tr>" for r in rows)
    st.html('<div class="between" style="max-height: 32rem; overflow-y: auto;">'
            '<table style="width: 100%; font-size: 0.85rem; border-collapse: collapse;">'
            "<thead><tr><th>code</th><th>hand, file:line</th><th>what</th>"
            "<th>the other hand, file:line</th></tr></thead>"
            f"<tbody>{body}</tbody></table></div>")


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
    # a static table: its meanings wrap (a grid's cell clipped the longer ones)
    st.table(pl.DataFrame(
        [(code, AUDIT_CODES.get(code, ""), f"{n:,}") for code, n in between["by_code"]],
        schema={"code": pl.String, "meaning": pl.String, "findings": pl.String},
        orient="row").to_pandas().set_index("code"))
    listed = between["listed"]
    _between_table(listed.to_dicts(), params)
    st.caption("Each finding whole: `handlens audit` gives each file's whole path.")
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
        show.findings([{"code": x["code"], "meaning": CODES.get(x["code"], ""),
                        "severity": x["severity"],
                        "street": None if x["street"] is None else STREETS[x["street"]],
                        "message": x["message"]} for x in by_hand.get(key, [])])
        st.page_link(show.HANDS_PAGE, label="Open in the replayer",
                     icon=":material/play_circle:",
                     query_params={**params, "hand": show.hand_key(*key)})
