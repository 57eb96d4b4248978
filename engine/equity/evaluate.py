"""Best five of up to seven cards: a comparable rank, its category, its name.

The ranking itself is eval7's (a C extension, a few million evaluations a second
through Python): its value is ``category << 24`` followed by the ranks that decide
ties, four bits each. Names are written the way PokerStars prints them, so the
replay can compare them with what the room wrote ("two pair, Kings and Deuces").
"""
from __future__ import annotations

from collections.abc import Sequence

import eval7

from engine.model.cards import DECK

CATEGORIES = ("high card", "pair", "two pair", "three of a kind", "straight", "flush",
              "full house", "four of a kind", "straight flush")
PREBUILT = {c: eval7.Card(c) for c in DECK}  # for loops that evaluate the same cards often
evaluate_prebuilt = eval7.evaluate  # evaluate() on PREBUILT cards: no lookups
_SINGULAR = ("Deuce", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten",
             "Jack", "Queen", "King", "Ace")
_PLURAL = ("Deuces", "Threes", "Fours", "Fives", "Sixes", "Sevens", "Eights", "Nines",
           "Tens", "Jacks", "Queens", "Kings", "Aces")


def evaluate(cards: Sequence[str]) -> int:
    """Rank of the best five of 5 to 7 cards: a higher number is a better hand."""
    return eval7.evaluate([PREBUILT[c] for c in cards])


def category(rank: int) -> str:
    return CATEGORIES[rank >> 24]


def _nibble(rank: int, i: int) -> int:
    """The i-th deciding card rank (0 = Deuce ... 12 = Ace)."""
    return (rank >> (16 - 4 * i)) & 0xF


def hand_name(rank: int) -> str:
    """The name as PokerStars prints it: 'a straight, Five to Nine', 'a Royal Flush'."""
    cat, top, second = rank >> 24, _nibble(rank, 0), _nibble(rank, 1)
    if cat == 0:
        return f"high card {_SINGULAR[top]}"
    if cat == 1:
        return f"a pair of {_PLURAL[top]}"
    if cat == 2:
        return f"two pair, {_PLURAL[top]} and {_PLURAL[second]}"
    if cat == 3:
        return f"three of a kind, {_PLURAL[top]}"
    if cat in (4, 8):
        low = 12 if top == 3 else top - 4  # the wheel runs Ace to Five
        if cat == 8 and top == 12:
            return "a Royal Flush"
        kind = "a straight flush" if cat == 8 else "a straight"
        return f"{kind}, {_SINGULAR[low]} to {_SINGULAR[top]}"
    if cat == 5:
        return f"a flush, {_SINGULAR[top]} high"
    if cat == 6:
        return f"a full house, {_PLURAL[top]} full of {_PLURAL[second]}"
    return f"four of a kind, {_PLURAL[top]}"
