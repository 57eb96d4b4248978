"""Matrix: every stat across positions, position groups or effective stack depths, each
cell with its chances, shaded where it lies further from the player's own value than
chance explains."""
from __future__ import annotations

import pandas as pd
import streamlit as st

from dashboard import data
from dashboard.sidebar import filters, player_label, read_page_params, write_page_params
from pipeline.read.matrix import ALL, FEW

ACROSS = {"position": "Position", "position_group": "Position group", "depth": "Stack depth"}
GROUPS = ("Preflop", "Postflop", "Showdown")
PARAMS = {"across": "m_across", "stats": "m_group"}
SHADE_FROM = 2.0  # standard errors from the player's value before a cell is shaded
HIGH, LOW = "255, 140, 0", "30, 110, 220"  # more often than the player's value, less

f = filters()
st.title("Matrix")
st.text(player_label(f))
read_page_params("matrix", PARAMS)
if st.session_state.get("m_across") not in ACROSS:
    st.session_state["m_across"] = "position"
if st.session_state.get("m_group") not in GROUPS:
    st.session_state["m_group"] = "Preflop"
left, right = st.columns(2)
across = left.segmented_control("Columns", list(ACROSS), key="m_across",
                                format_func=ACROSS.get) or "position"
group = right.segmented_control("Stats", list(GROUPS), key="m_group") or "Preflop"
write_page_params(PARAMS)
result = data.fetch("matrix", f, across)
cells = result["cells"]
if cells.is_empty():
    st.info("No hands match these filters.")
    st.stop()
cells = cells.filter(cells["group"] == group)
columns = list(result["hands"])
labels = list(dict.fromkeys(cells["label"].to_list()))
text = {c: [""] * len(labels) for c in columns}
shade = {c: [""] * len(labels) for c in columns}
row_of = {label: i for i, label in enumerate(labels)}
for r in cells.iter_rows(named=True):
    i, c = row_of[r["label"]], r["column"]
    if r["value"] is not None:
        value = f"{r['value']:.2f}" if r["stat"] == "af" else f"{r['value']:.1f}"
        text[c][i] = f"{value} ({r['chances']:,})"
    z = r["z"]
    if z is not None and abs(z) >= SHADE_FROM:
        strength = min(0.15 + 0.1 * (abs(z) - SHADE_FROM), 0.6)
        shade[c][i] = f"background-color: rgba({HIGH if z > 0 else LOW}, {strength:.2f})"
heading = {c: ("all" if c == ALL else f"{c} bb" if across == "depth" else c)
           + f" · {result['hands'][c]:,}" for c in columns}
table = pd.DataFrame({heading[c]: text[c] for c in columns}, index=labels)
styles = pd.DataFrame({heading[c]: shade[c] for c in columns}, index=labels)
st.caption(
    f"Each cell: the stat in % (AF a factor) and, in brackets, its chances; the "
    f"headings give each column's hands. Orange: done more often than over all the "
    f"player's hands, blue: less often, shaded only where the difference is at least "
    f"{SHADE_FROM:g} standard errors and the cell has {FEW} chances or more. Depth: the "
    f"effective stack at the start of the hand (docs/STATS.md).")
st.dataframe(table.style.apply(lambda _: styles, axis=None), key=f"matrix_{across}_{group}",
             height=35 * (len(labels) + 1) + 3, width="stretch",
             column_config={"_index": st.column_config.TextColumn("stat", width="medium")})
