"""The 13 x 13 starting-hand grid as a small HTML component: each cell shows its
class, hands dealt and net, is coloured by bb/100 or frequency, and a click on it
tells Python which class was chosen. Plain HTML draws at once (no charting library to
load) and every cell is a real, clickable element."""
from __future__ import annotations

import polars as pl
import streamlit as st

from dashboard import show
from pipeline.read.queries import grid_cell

_CSS = """
.grid { display: grid; grid-template-columns: repeat(13, minmax(0, 1fr)); gap: 2px;
        font-family: var(--st-font, sans-serif); }
.cell { aspect-ratio: 1.25; min-height: 44px; display: flex; flex-direction: column;
        justify-content: center; align-items: center; border-radius: 3px;
        cursor: pointer; font-size: 11px; line-height: 1.2; user-select: none;
        border: 2px solid transparent; overflow: hidden; white-space: nowrap; }
.cell b { font-size: 12px; }
.cell:hover { border-color: #555; }
.cell.chosen { border-color: #000; box-shadow: 0 0 0 1px #fff inset; }
.cell.none { cursor: default; color: #999; }
.legend { display: flex; align-items: center; gap: 8px; margin-top: 6px; font-size: 12px;
          font-family: var(--st-font, sans-serif); color: var(--st-text-color, #333); }
.bar { flex: 0 0 240px; height: 10px; border-radius: 2px; }
"""

_JS = """
export default function (component) {
  const { data, parentElement, setTriggerValue } = component;
  let root = parentElement.querySelector('.hand-grid');
  if (!root) {
    root = document.createElement('div');
    root.className = 'hand-grid';
    parentElement.appendChild(root);
  }
  root.replaceChildren();
  const grid = document.createElement('div');
  grid.className = 'grid';
  for (const c of data.cells) {
    const cell = document.createElement('div');
    cell.className = 'cell' + (c.hands ? '' : ' none') + (c.name === data.chosen ? ' chosen' : '');
    cell.dataset.hand = c.name;
    cell.title = c.tip;
    cell.style.background = c.fill;
    cell.style.color = c.ink;
    const name = document.createElement('b');
    name.textContent = c.name;
    cell.appendChild(name);
    for (const line of c.lines) {
      const span = document.createElement('span');
      span.textContent = line;
      cell.appendChild(span);
    }
    if (c.hands) cell.onclick = () => setTriggerValue('clicked', c.name);
    grid.appendChild(cell);
  }
  root.appendChild(grid);
  const legend = document.createElement('div');
  legend.className = 'legend';
  const low = document.createElement('span');
  low.textContent = data.legend.low;
  const bar = document.createElement('span');
  bar.className = 'bar';
  bar.style.background = data.legend.gradient;
  const high = document.createElement('span');
  high.textContent = data.legend.high;
  const title = document.createElement('span');
  title.textContent = data.legend.title;
  legend.append(title, low, bar, high);
  root.appendChild(legend);
}
"""

_component = st.components.v2.component("handlens.hand_grid", css=_CSS, js=_JS)

RED, WHITE, GREEN = (214, 39, 40), (247, 247, 247), (44, 160, 44)
PALE_BLUE, DEEP_BLUE = (247, 251, 255), (8, 81, 156)


def _mix(a: tuple, b: tuple, t: float) -> tuple:
    t = min(1.0, max(0.0, t))
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))


def _css(rgb: tuple) -> str:
    return "#%02x%02x%02x" % rgb


def _ink(rgb: tuple) -> str:
    """Black on light cells, white on dark ones."""
    r, g, b = rgb
    return "#111" if 0.299 * r + 0.587 * g + 0.114 * b > 140 else "#fff"


def cells(classes: pl.DataFrame, colour_by: str, net_column: str, net_unit: str) -> dict:
    """What the grid draws: 169 cells in rank order (row i, column j as grid_cell
    names them), each with its lines, tooltip and colours, and the colour legend.
    Coloured by bb/100 (red losing, white even, green winning; the scale's end is
    the 90th percentile of the cells' absolute values) or by share of hands dealt."""
    found = {r["hand_class"]: r for r in classes.iter_rows(named=True)}
    places = 0 if net_unit in ("chips", "big blinds") else 2
    by_bb = colour_by == "bb/100"
    values = [abs(r["bb_per_100"] or 0) if by_bb else r["frequency"] for r in found.values()]
    ordered = sorted(values)
    bound = (ordered[int(0.9 * (len(ordered) - 1))] if by_bb else ordered[-1]) if ordered else 0
    bound = bound or 1
    out = []
    for i in range(13):
        for j in range(13):
            name = grid_cell(i, j)
            r = found.get(name)
            if r is None:
                out.append(dict(name=name, hands=0, lines=["–"], tip=f"{name}: not dealt",
                                fill="#fafafa", ink="#999"))
                continue
            net = r[net_column] or 0
            bb100 = r["bb_per_100"] or 0
            if by_bb:
                rgb = _mix(WHITE, GREEN if bb100 >= 0 else RED, abs(bb100) / bound)
            else:
                rgb = _mix(PALE_BLUE, DEEP_BLUE, r["frequency"] / bound)
            out.append(dict(
                name=name, hands=r["hands"], lines=[f"{r['hands']:,}", show.signed(net, places)],
                tip=f"{name}: {r['hands']:,} hands, net {show.signed(net, places)} {net_unit}, "
                    f"{show.signed(bb100, 1)} bb/100, {r['frequency']:.2f} % of hands · click to list them",
                fill=_css(rgb), ink=_ink(rgb)))
    if by_bb:
        legend = dict(title="bb/100", low=f"{-bound:+,.0f}", high=f"{bound:+,.0f}",
                      gradient=f"linear-gradient(90deg, {_css(RED)}, {_css(WHITE)}, "
                               f"{_css(GREEN)})")
    else:
        legend = dict(title="% of hands", low="0", high=f"{bound:.2f}",
                      gradient=f"linear-gradient(90deg, {_css(PALE_BLUE)}, {_css(DEEP_BLUE)})")
    return dict(cells=out, legend=legend)


def hand_grid(drawn: dict, chosen_key: str, key: str) -> None:
    """Draw the grid (``cells``' output) with the class in session state
    ``chosen_key`` outlined; a click on a cell puts its class there (before the rerun
    it causes, so the page is drawn with it chosen)."""
    def chosen_by_click() -> None:
        clicked = st.session_state[key].get("clicked")
        if clicked:
            st.session_state[chosen_key] = clicked

    _component(data={**drawn, "chosen": st.session_state.get(chosen_key)}, key=key,
               on_clicked_change=chosen_by_click)
