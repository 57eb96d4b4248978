"""The names Cake prints for a hand, judged by their category (``RoomRules.hand_names``).

At the showdown: "Three of a Kind Sevens", "Two Pairs Tens and Sixes", "Pair of Kings",
"High card Ace", "Flush, Ace high", "Straight Eight high", "Full House Jacks full of
Eights", "Pair of Aces with King, Jack kickers"; with a loser's mucked cards, one word:
"TwoPair", "FullHouse", "HighCard", "Pair". Only the category is judged, by the
name's first words.
"""
from __future__ import annotations

# first words (lower case, spaces left out) → engine.equity.evaluate's category;
# longer first where one begins another
_CATEGORIES = (
    ("royalflush", 8), ("straightflush", 8),
    ("highcard", 0),
    ("twopair", 2), ("pair", 1),
    ("threeofakind", 3), ("straight", 4), ("flush", 5), ("fullhouse", 6),
    ("fourofakind", 7),
)


def names_agree(rank: int, written: str) -> bool:
    """Does the category Cake named match the cards' (``rank >> 24``)? A name in other
    words than these is not judged."""
    name = written.lower().replace(" ", "")
    for words, category in _CATEGORIES:
        if name.startswith(words):
            return rank >> 24 == category
    return True
