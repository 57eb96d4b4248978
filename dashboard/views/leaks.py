"""Leaks: the stats in which the player differs from a reference by more than chance
explains, the dearest first, each with its interval, its cost and its hands a click
away (pipeline/read/leaks.py)."""
from __future__ import annotations

import tempfile
from pathlib import Path

import polars as pl
import streamlit as st

from dashboard import data, show
from dashboard.sidebar import filters, player_label, read_page_params, url_params, \
    write_page_params
from pipeline.read.leaks import MIN_CHANCES, TargetsError
from urllib.parse import urlencode

REFERENCES = {"pool": "The pool", "best-months": "The player's best months",
              "file": "A target file"}
PARAMS = {"reference": "leaks_reference"}
FLAGGED = ("too often", "too rarely")

f = filters()
st.title("Leaks")
st.text(player_label(f))
if f.player is None:
    st.info("Leaks are one player's: choose a player in the sidebar.")
    st.stop()
read_page_params("leaks", PARAMS)
if st.session_state.get("leaks_reference") not in REFERENCES:
    st.session_state["leaks_reference"] = "pool"
left, right = st.columns([3, 2])
chosen = left.segmented_control("Against", list(REFERENCES), key="leaks_reference",
                                format_func=REFERENCES.get) or "pool"
write_page_params(PARAMS)
reference = chosen
if chosen == "file":
    upload = right.file_uploader("Targets (JSON or TOML)", type=["json", "toml"],
                                 help='Ranges in percent: {"vpip": [22, 28], '
                                      '"BTN": {"vpip": [40, 50]}}.')
    if upload is None:
        st.info('Give a target file: per stat a range in percent, over all hands or per '
                'position, e.g. {"vpip": [22, 28], "BTN": {"steal": [45, 55]}}.')
        st.stop()
    folder = Path(tempfile.gettempdir()) / "handlens-targets"
    folder.mkdir(exist_ok=True)
    reference = str(folder / f"{upload.file_id}{Path(upload.name).suffix.lower()}")
    Path(reference).write_bytes(upload.getvalue())
try:
    found = data.fetch("leaks", f, reference)
except TargetsError as exc:
    st.error(str(exc))
    st.stop()
if not found["hands"]:
    st.info("No hands match these filters.")
    st.stop()
rows = pl.DataFrame(found["rows"], infer_schema_length=None)
flagged = rows.filter(pl.col("verdict").is_in(FLAGGED))
counts = dict(rows.group_by("verdict").len().iter_rows())
a, b, c, d = st.columns(4)
a.metric("Hands", f"{found['hands']:,}")
b.metric("Flagged", f"{flagged.height:,}")
c.metric("In line", f"{counts.get('in line', 0):,}")
d.metric("Too few hands", f"{counts.get('too few hands', 0):,}",
         help=f"Under {MIN_CHANCES} chances: no verdict on noise.")
if chosen == "best-months":
    st.caption("The best months: " + (", ".join(found["best_months"]) or
                                      "too few months of 200 hands or more to choose from."))
st.caption("Each stat with its 95 % interval (Wilson) against the reference's; flagged "
           "only where the two intervals do not meet. Cost: what the player wins less "
           "than the reference per hand in which the spot arose, per 100 hands (positive: "
           "lost), ± its 95 % margin: the whole hand's result, a size and not a price.")
params = url_params()


def _hands_link(stat: str, position: str) -> str:
    wanted = {**params, "spot": stat}
    if position != "all":
        wanted["position"] = [position]
    return "hands?" + urlencode(wanted, doseq=True)


def _shown(table: pl.DataFrame) -> pl.DataFrame:
    return table.select(
        "label", "position", "value",
        pl.format("{}–{}", "low", "high").alias("interval"), "reference",
        pl.format("{}–{}", "reference_low", "reference_high").alias("its interval"),
        "chances", "verdict", "cost_bb_per_100", "cost_margin",
        pl.Series("hands", [_hands_link(s, p) for s, p in
                            zip(table["stat"].to_list(), table["position"].to_list())],
                  dtype=pl.String))


columns = {
    "label": st.column_config.TextColumn("stat"),
    "value": st.column_config.NumberColumn("value %", format="%.1f"),
    "reference": st.column_config.NumberColumn("reference %", format="%.1f"),
    "chances": st.column_config.NumberColumn("chances", format="%,d"),
    "cost_bb_per_100": st.column_config.NumberColumn("cost bb/100", format="%+.2f"),
    "cost_margin": st.column_config.NumberColumn("±", format="%.2f"),
    "hands": st.column_config.LinkColumn("hands", display_text="the hands"),
}
st.subheader("Flagged")
if flagged.is_empty():
    st.success("Nothing flagged: every stat lies within its reference's interval, or has "
               "too few hands to say.")
else:
    st.dataframe(_shown(flagged), hide_index=True, key="leaks_flagged", column_config=columns,
                 placeholder=show.MISSING, height=show.table_height(min(flagged.height, 20)))
with st.expander(f"Every stat and position ({rows.height:,})"):
    st.dataframe(_shown(rows), hide_index=True, key="leaks_all", column_config=columns,
                 placeholder=show.MISSING)
