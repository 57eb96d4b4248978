"""Absolute's hand names: the category, a comma, its ranks in lower case, and a kicker
in brackets where it decides ("One pair, kings(ace kicker)", "Two Pair, aces and
queens(nine kicker)"): "ace high", "One pair, jacks", "Two Pair, kings and tens",
"Three of a kind, jacks", "Straight, five to nine" (lowest to highest card), "Flush,
ace high", "Full house, tens full of kings". Four of a kind and straight flushes were
not seen in the real files: "Four of a kind, jacks", "Straight flush, five to nine"
and "Royal flush" are read in the same wording; another is HAND_NAME_MISMATCH. The
kicker is not judged.
"""
from __future__ import annotations

import re

_SINGULAR = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
             "jack", "queen", "king", "ace")
_PLURAL = ("twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines",
           "tens", "jacks", "queens", "kings", "aces")
_KICKER = re.compile(r" ?\([a-z]+ kicker\)$")


def names(rank: int) -> tuple[str, ...]:
    """The names of a hand of this rank (engine.equity.evaluate's), lower case."""
    cat, top, second = rank >> 24, (rank >> 16) & 0xF, (rank >> 12) & 0xF
    one, many, other = _SINGULAR[top], _PLURAL[top], _PLURAL[second]
    low = "ace" if top == 3 else _SINGULAR[top - 4]  # a straight's lowest card (the wheel's ace)
    return {
        0: (f"{one} high",),
        1: (f"one pair, {many}",),
        2: (f"two pair, {many} and {other}",),
        3: (f"three of a kind, {many}",),
        4: (f"straight, {low} to {one}",),
        5: (f"flush, {one} high",),
        6: (f"full house, {many} full of {other}",),
        7: (f"four of a kind, {many}",),
        8: ("royal flush", f"straight flush, {low} to {one}") if top == 12
        else (f"straight flush, {low} to {one}",),
    }[cat]


def names_agree(rank: int, written: str) -> bool:
    """Does the name Absolute wrote fit the hand (engine.equity.evaluate's rank)?"""
    return _KICKER.sub("", written.strip().lower()) in names(rank)
