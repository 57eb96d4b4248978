"""CoinPoker's hand names, in the wording of each of its formats.

2024-2025 names the hand and its ranks: "Ace high", "a pair of Tens", "two pairs,
Kings and Sevens", "three of kind, Sixes" (without the "a"), "a straight, Seven high",
"a flush, King high", "a full house, Aces over Fours" (the three first). 2026 names
the category only: "High Card", "One Pair", "Two Pair", "Three Of A Kind", "Straight",
"Flush", "Full House". Four of a kind, straight flushes and royal flushes were seen in
neither: their names here ("four of kind, Jacks", "a straight flush, Nine high", "a
royal flush"; "Four Of A Kind", "Straight Flush", "Royal Flush") are guesses in the
same wording, and another is reported as HAND_NAME_MISMATCH.
"""
from __future__ import annotations

_SINGULAR = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
             "jack", "queen", "king", "ace")
_PLURAL = ("twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines",
           "tens", "jacks", "queens", "kings", "aces")
# 2026: the category only
CATEGORIES = {"high card": 0, "one pair": 1, "two pair": 2, "three of a kind": 3,
              "straight": 4, "flush": 5, "full house": 6, "four of a kind": 7,
              "straight flush": 8, "royal flush": 8}


def _ranks(rank: int) -> tuple[int, int]:
    return (rank >> 16) & 0xF, (rank >> 12) & 0xF


def names(rank: int) -> tuple[str, ...]:
    """The 2024-2025 names of a hand of this rank (engine.equity.evaluate's), lower case."""
    cat = rank >> 24
    top, second = _ranks(rank)
    one, many, other = _SINGULAR[top], _PLURAL[top], _PLURAL[second]
    if cat == 0:
        return (f"{one} high",)
    if cat == 1:
        return (f"a pair of {many}",)
    if cat == 2:
        return (f"two pairs, {many} and {other}",)
    if cat == 3:
        return (f"three of kind, {many}", f"three of a kind, {many}")
    if cat == 4:
        return (f"a straight, {one} high",)  # (the wheel: "Five high")
    if cat == 5:
        return (f"a flush, {one} high",)
    if cat == 6:
        return (f"a full house, {many} over {other}",)
    if cat == 7:
        return (f"four of kind, {many}", f"four of a kind, {many}")
    if top == 12:
        return ("a royal flush", "a straight flush, ace high")
    return (f"a straight flush, {one} high",)


def names_agree(rank: int, written: str) -> bool:
    """Does the name CoinPoker wrote fit the hand (engine.equity.evaluate's rank)?"""
    name = written.strip().lower().replace("deuces", "twos").replace("deuce", "two")
    cat = CATEGORIES.get(name)
    if cat is not None:
        return cat == rank >> 24 and (name != "royal flush" or _ranks(rank)[0] == 12)
    return name in names(rank)
