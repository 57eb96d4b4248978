"""Playing cards as rooms write them, normalised to two characters ("Ah", "Td").

A card is kept as a plain ``str`` of rank + suit: cheap to build, compare, store
and print. ``parse_card`` accepts the spellings rooms use ("10h", "tH") and
rejects anything that is not one of the 52 cards.
"""
from __future__ import annotations

RANKS = "23456789TJQKA"
SUITS = "cdhs"
DECK = tuple(r + s for r in RANKS for s in SUITS)
RANK_VALUE = {r: i for i, r in enumerate(RANKS, start=2)}

_RANK_ALIASES = {"10": "T", "1": "T"}
_CARDS = frozenset(DECK)


class CardError(ValueError):
    """Text that is not a card."""


def parse_card(text: str) -> str:
    """Normalise one card ("Ah", "10h", "td") to rank + lower-case suit."""
    if text in _CARDS:
        return text
    rank, suit = text[:-1], text[-1:].lower()
    rank = _RANK_ALIASES.get(rank, rank.upper())
    card = rank + suit
    if card not in _CARDS:
        raise CardError(f"not a card: {text!r}")
    return card


def parse_cards(text: str) -> tuple[str, ...]:
    """Cards separated by white space, as inside ``[Ah Kd]``."""
    return tuple(parse_card(c) for c in text.split())


def starting_hand_class(cards: tuple[str, ...]) -> str | None:
    """The 169-class name of two hole cards: "AA", "AKs", "T9o"; None if not two cards."""
    if len(cards) != 2:
        return None
    (r1, s1), (r2, s2) = cards
    if RANK_VALUE[r1] < RANK_VALUE[r2]:
        r1, r2 = r2, r1
    if r1 == r2:
        return r1 + r2
    return r1 + r2 + ("s" if s1 == s2 else "o")
