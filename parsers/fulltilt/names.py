"""Full Tilt's names for a made hand, as its showdown and SUMMARY lines print them.

"Ace King high" (the two top cards), "a pair of Twos", "two pair, Kings and Sixes",
"three of a kind, Jacks", "a straight, Six high", "a flush, Jack high", "a full
house, Jacks full of Threes", "four of a kind, Nines", "a straight flush, Jack high"
(a royal flush: "a Royal Flush", or "a straight flush, Ace high"). Twos may be written
"Deuces". Any other wording (or other cards) is a mismatch.
"""
from __future__ import annotations

from functools import cache

ONE = ("Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Jack",
       "Queen", "King", "Ace")
MANY = ("Twos", "Threes", "Fours", "Fives", "Sixes", "Sevens", "Eights", "Nines", "Tens",
        "Jacks", "Queens", "Kings", "Aces")


def names_agree(rank: int, written: str) -> bool:
    """Whether ``written`` is Full Tilt's name for a hand of ``rank`` (engine.equity.evaluate's)."""
    text = written.strip().lower()
    if "deuce" in text:
        text = text.replace("deuces", "twos").replace("deuce", "two")
    return text in names(rank >> 12)


@cache
def names(key: int) -> frozenset[str]:
    """Every name Full Tilt writes for a hand of this category and top two ranks
    (lowercase); ``key`` is an engine.equity.evaluate rank without its last three cards."""
    cat, top, second = key >> 12, (key >> 4) & 0xF, key & 0xF
    one, many = ONE[top], MANY[top]
    if cat == 0:
        out = (f"{one} {ONE[second]} high", f"{one} high")
    elif cat == 1:
        out = (f"a pair of {many}",)
    elif cat == 2:
        out = (f"two pair, {many} and {MANY[second]}",)
    elif cat == 3:
        out = (f"three of a kind, {many}",)
    elif cat == 4:
        out = (f"a straight, {one} high",)
    elif cat == 5:
        out = (f"a flush, {one} high",)
    elif cat == 6:
        out = (f"a full house, {many} full of {MANY[second]}",)
    elif cat == 7:
        out = (f"four of a kind, {many}",)
    else:
        out = (f"a straight flush, {one} high",)
        if top == 12:
            out += ("a royal flush",)
    return frozenset(n.lower() for n in out)
