"""Small display helpers the pages share: units, number formats, times, links (cards:
pipeline/export/cards.py).

Text that comes from hand histories (player names, table names, chat) is only ever
shown through st.dataframe, st.text or st.code, which show it literally, or escaped
with html.escape (the replayer's table in pipeline/export/table/table_view.py, ``verbatim`` here).
"""
from __future__ import annotations

import html
from datetime import datetime
from urllib.parse import urlencode

import streamlit as st

from pipeline.read.queries import Filters, in_money
from pipeline.stats.catalogue import HEADLINE, LABELS

STAT_LABELS = {stat: LABELS[stat] for stat in HEADLINE}  # the summaries' stats, labelled
HANDS_PAGE = "views/hands.py"
BB = "big blinds"
MISSING = "–"  # what an empty cell shows (never "None")
TIME_COLUMN = "played (UTC)"
ROOM_CLOCK = "†"  # after a time the room wrote without its zone
ROOM_CLOCK_NOTE = (f"Times are UTC; {ROOM_CLOCK} marks a hand whose room does not write its "
                   "time zone: its own clock is shown.")


def unit(f: Filters, currencies: list[str]) -> tuple[str, str]:
    """(net column, unit label): money for cash games of one currency, else big blinds
    (tournament chips of different events, or several currencies, do not add up)."""
    if in_money(f, currencies):
        return "net", currencies[0]
    return "net_bb", BB


def places(unit_label: str) -> int:
    """Decimals shown for an amount: none for chips, one for big blinds, two for money."""
    return 0 if unit_label == "chips" else 1 if unit_label == BB else 2


def amount_format(unit_label: str, signed: bool = False) -> str:
    """A printf format for st.column_config with thousands separators."""
    return f"%{'+' if signed else ''},.{places(unit_label)}f"


def money(value: float | None, unit_label: str) -> str:
    """A signed amount in its unit: chips whole, big blinds to a tenth, money to a cent."""
    if value is None:
        return MISSING
    return signed(value, places(unit_label))


def signed(value: float, places: int = 2) -> str:
    """A figure with its sign (+1.50, -0.20); one that rounds to nothing is 0, never
    "-0" or "+0.00"."""
    text = f"{value:+,.{places}f}"
    return text[1:] if float(text.replace(",", "")) == 0 else text


def percent(value: float | None) -> str:
    return MISSING if value is None else f"{value:.1f} %"


def number(value: float | None, places: int = 2) -> str:
    return MISSING if value is None else f"{value:,.{places}f}"


def when(played_at: datetime | None, zone_known: bool) -> str:
    """'2026-11-03 18:30' (UTC), or the room's clock marked with ROOM_CLOCK."""
    if played_at is None:
        return MISSING
    return f"{played_at:%Y-%m-%d %H:%M}" + ("" if zone_known else f" {ROOM_CLOCK}")


def hand_key(site: str, hand_id: str) -> str:
    return f"{site}:{hand_id}"


def replay_url(site: str, hand_id: str, filters: dict | None = None) -> str:
    """The Hands page showing one hand, with the filters of the page it is linked
    from (a relative link, for LinkColumn)."""
    return "hands?" + urlencode({**(filters or {}), "hand": hand_key(site, hand_id)},
                                doseq=True)


def table_height(rows: int) -> int:
    """A table's height in pixels that shows all its rows without scrolling."""
    return 35 * (rows + 1) + 3


def stat_columns(unit_label: str) -> dict:
    """st.dataframe column settings shared by the aggregate tables."""
    cfg = {
        "hands": st.column_config.NumberColumn("hands", format="%,d"),
        "net": st.column_config.NumberColumn(f"net ({unit_label})",
                                             format=amount_format(unit_label, True)),
        "net_bb": st.column_config.NumberColumn("net (bb)", format="%+,.1f"),
        "bb_per_100": st.column_config.NumberColumn("bb/100", format="%+,.2f"),
        "af": st.column_config.NumberColumn("AF", format="%.2f"),
    }
    for key, label in STAT_LABELS.items():
        if key != "af":
            cfg[key] = st.column_config.NumberColumn(label, format="%.1f %%")
    return cfg


def verbatim(text: str) -> None:
    """A block of text as written (a hand's raw text), in a fixed-width font, escaped:
    lighter to draw than st.code, which loads a syntax highlighter."""
    st.html('<pre style="font-size: 0.8rem; line-height: 1.35; white-space: pre-wrap; '
            'background: rgba(128, 128, 128, 0.08); padding: 0.75rem; border-radius: 0.4rem;">'
            f"{html.escape(text)}</pre>")


def findings(rows: list[dict]) -> None:
    """Findings written out whole, each its code, meaning, severity, street, action and
    message (a grid's cell would clip the explanation itself), escaped."""
    items = []
    for r in rows:
        where = [x for x in (r.get("severity"), r.get("street")) if x]
        if r.get("action") is not None:
            where.append(f"action #{r['action']}")
        items.append(
            f'<li><b>{html.escape(r["code"])}</b>'
            + (f" ({html.escape(r['meaning'])})" if r.get("meaning") else "")
            + "".join(f" · {html.escape(str(x))}" for x in where)
            + f'<br><span class="finding-message">{html.escape(r["message"])}</span></li>')
    st.html('<ol class="findings" style="margin: 0 0 0.5rem 0; padding-left: 1.4rem; '
            'font-size: 0.9rem; line-height: 1.4;">' + "".join(items) + "</ol>")

