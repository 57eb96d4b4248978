"""Matrix: every stat across positions, position groups or effective stack depths, each
cell with its chances, shaded where it lies further from the player's own value than
chance explains."""
from __future__ import annotations

import html

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
found = {(r["label"], r["column"]): r for r in cells.iter_rows(named=True)}


def _cell(r: dict | None) -> str:
    """One cell: the value over its chances, shaded where it lies SHADE_FROM standard
    errors or more from the player's value (data-* name it for a reader)."""
    if r is None or r["value"] is None:
        return '<td class="none"></td>'
    value = f"{r['value']:.2f}" if r["stat"] == "af" else f"{r['value']:.1f}"
    style, z = "", r["z"]
    if z is not None and abs(z) >= SHADE_FROM:
        strength = min(0.15 + 0.1 * (abs(z) - SHADE_FROM), 0.6)
        style = f' style="background: rgba({HIGH if z > 0 else LOW}, {strength:.2f})"'
    return (f'<td data-stat="{r["stat"]}" data-column="{html.escape(r["column"])}"{style}'
            f' title="{r["done"]:,} of {r["chances"]:,} chances"><b>{value}</b>'
            f'<small>{r["chances"]:,}</small></td>')


def _heading(c: str) -> str:
    name = "all" if c == ALL else f"{c} bb" if across == "depth" else c
    return f"<th>{html.escape(name)}<small>{result['hands'][c]:,} hands</small></th>"


st.caption(
    f"Each cell: the stat in % (AF a factor) over, below it, its chances; the headings "
    f"give each column's hands. Orange: done more often than over all the player's hands, "
    f"blue: less often, shaded only where the difference is at least {SHADE_FROM:g} "
    f"standard errors and the cell has {FEW} chances or more. Depth: the effective stack "
    f"at the start of the hand (docs/STATS.md).")
body = "".join(f"<tr><th class='stat'>{html.escape(label)}</th>"
               + "".join(_cell(found.get((label, c))) for c in columns) + "</tr>"
               for label in labels)
st.html(f"""<style>
table.matrix {{ border-collapse: collapse; width: 100%; font-size: 0.85rem; }}
table.matrix th, table.matrix td {{ border: 1px solid rgba(49, 51, 63, 0.12); padding: 3px 6px;
  text-align: right; white-space: nowrap; }}
table.matrix th.stat {{ text-align: left; font-weight: 400; }}
table.matrix thead th {{ font-weight: 600; }}
table.matrix small {{ display: block; font-size: 0.72rem; color: #7a7f8a; font-weight: 400; }}
</style>
<table class="matrix"><thead><tr><th class="stat">stat</th>
{"".join(_heading(c) for c in columns)}</tr></thead><tbody>{body}</tbody></table>""")
