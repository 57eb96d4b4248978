"""Small display helpers the pages share: units, columns, cards, links to the replayer.

Text that comes from hand histories (player names, table names, chat) is only ever
shown through st.dataframe, st.text or st.code, which show it literally, or escaped
with html.escape in the replayer's table (dashboard/table_view.py).
"""
from __future__ import annotations

import re

import streamlit as st

SUITS = {"s": ("♠", None), "h": ("♥", "red"), "d": ("♦", "blue"), "c": ("♣", "green")}
_CARD = re.compile(r"^([2-9TJQKA])([shdc])$")
STAT_LABELS = {"vpip": "VPIP", "pfr": "PFR", "three_bet": "3-bet", "af": "AF",
               "wtsd": "WTSD", "wsd": "W$SD"}
HANDS_PAGE = "views/hands.py"


def unit(currencies: list[str]) -> tuple[str, str]:
    """(net column, unit label): money when the hands are all in one currency,
    else big blinds (money of several currencies does not add up)."""
    if len(currencies) == 1:
        return "net", currencies[0]
    return "net_bb", "big blinds"


def money(value: float | None, currency: str) -> str:
    """A signed amount: chips whole, money with cents (the currency is in the label)."""
    if value is None:
        return "–"
    return f"{value:+,.0f}" if currency == "chips" else f"{value:+,.2f}"


def percent(value: float | None) -> str:
    return "–" if value is None else f"{value:.1f} %"


def number(value: float | None, places: int = 2) -> str:
    return "–" if value is None else f"{value:,.{places}f}"


def card_text(cards: str | None) -> str:
    """'Ah Kd' -> 'A♥ K♦' (plain text, for tables)."""
    if not cards:
        return ""
    out = []
    for c in cards.split():
        m = _CARD.match(c)
        out.append(m.group(1) + SUITS[m.group(2)][0] if m else c)
    return " ".join(out)


def card_markdown(cards: tuple[str, ...] | list[str]) -> str | None:
    """Cards as coloured Markdown, or None when any is not a plain card (then the
    caller shows them as text)."""
    parts = []
    for c in cards:
        m = _CARD.match(c)
        if not m:
            return None
        symbol, colour = SUITS[m.group(2)]
        face = f"**{m.group(1)}{symbol}**"
        parts.append(f":{colour}[{face}]" if colour else face)
    return "&nbsp;&nbsp;".join(parts)


def hand_key(site: str, hand_id: str) -> str:
    return f"{site}:{hand_id}"


def replay_url(site: str, hand_id: str) -> str:
    """The Hands page showing one hand (a relative link, for LinkColumn)."""
    from urllib.parse import urlencode
    return "hands?" + urlencode({"hand": hand_key(site, hand_id)})


def stat_columns(unit_label: str) -> dict:
    """st.dataframe column settings shared by the aggregate tables."""
    cfg = {
        "hands": st.column_config.NumberColumn("hands", format="%d"),
        "net": st.column_config.NumberColumn(f"net ({unit_label})", format="%.2f"),
        "net_bb": st.column_config.NumberColumn("net (bb)", format="%.1f"),
        "bb_per_100": st.column_config.NumberColumn("bb/100", format="%.2f"),
        "af": st.column_config.NumberColumn("AF", format="%.2f"),
    }
    for key, label in STAT_LABELS.items():
        if key != "af":
            cfg[key] = st.column_config.NumberColumn(label, format="%.1f %%")
    return cfg
