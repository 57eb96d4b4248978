"""The names WPN prints for a hand, judged by their category (``RoomRules.hand_names``).

Since 2019: "a pair of Queens [Qh Qd As 9c 6c]", "two pair, Nines and Sixs [...]",
"three of a kind, Set of Tens", "a straight, Nine high", "a flush, King high", "a full
house, Jacks full of Nines", "four of a kind, ...", "a straight flush, ...", "a high
card, Ace high" (some with a stray "with the kicker Six}"). Before: "One pair of 9s",
"Two pairs. 8s and 5s", "Three Of Kind of Ks", "Straight", "Flush, A high", "Full House
(5/8)", "Four of Kind", "High card A". The ranks' spelling ("Sixs") is the room's; only
the category is judged, by the name's first words.
"""
from __future__ import annotations

# first words (lower case) → engine.equity.evaluate's category; longer first where one begins another
_CATEGORIES = (
    ("a royal flush", 8), ("royal flush", 8),
    ("a straight flush", 8), ("straight flush", 8),
    ("a high card", 0), ("high card", 0),
    ("a pair", 1), ("one pair", 1),
    ("two pair", 2),
    ("three of a kind", 3), ("three of kind", 3),
    ("a straight", 4), ("straight", 4),
    ("a flush", 5), ("flush", 5),
    ("a full house", 6), ("full house", 6),
    ("four of a kind", 7), ("four of kind", 7),
)


def names_agree(rank: int, written: str) -> bool:
    """Does the category WPN named match the cards' (``rank >> 24``)? A name in other
    words than these is not judged."""
    name = written.strip().lower()
    for words, category in _CATEGORIES:
        if name.startswith(words):
            return rank >> 24 == category
    return True
