"""Cards as the dashboard writes them: 'Ah Kd' -> 'A♥ K♦' as plain text (tables, the
replayer's sentences) or as coloured Markdown (boards), and the suits' symbols the
replayer's table draws. What is not a plain card ('??', a room's odd code) is written
as it came."""
from __future__ import annotations

import re
from collections.abc import Iterable

SYMBOLS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}
_COLOURS = {"s": None, "h": "red", "d": "blue", "c": "green"}  # Streamlit's Markdown colours
_CARD = re.compile(r"^([2-9TJQKA])([shdc])$")


def rank_and_suit(code: str | None) -> tuple[str, str] | None:
    """('A', 'h') for 'Ah'; None when ``code`` is not a plain card."""
    m = _CARD.match(code or "")
    return (m.group(1), m.group(2)) if m else None


def _codes(cards: str | Iterable[str] | None) -> list[str]:
    if not cards:
        return []
    return cards.split() if isinstance(cards, str) else list(cards)


def card_text(cards: str | Iterable[str] | None) -> str:
    """'Ah Kd' or ('Ah', 'Kd') -> 'A♥ K♦'."""
    out = []
    for code in _codes(cards):
        card = rank_and_suit(code)
        out.append(card[0] + SYMBOLS[card[1]] if card else code)
    return " ".join(out)


def card_markdown(cards: str | Iterable[str] | None) -> str | None:
    """Cards as coloured Markdown, or None when any is not a plain card (then the
    caller shows them as text)."""
    parts = []
    for code in _codes(cards):
        card = rank_and_suit(code)
        if card is None:
            return None
        rank, suit = card
        face = f"**{rank}{SYMBOLS[suit]}**"
        parts.append(f":{_COLOURS[suit]}[{face}]" if _COLOURS[suit] else face)
    return "&nbsp;&nbsp;".join(parts)
