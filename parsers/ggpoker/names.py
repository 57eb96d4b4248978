"""GG's names for a made hand, as its showdown lines print them.

Today's client: "Ace high", "a pair of Threes", "two pair, Sixes and Threes",
"three of a kind, Tens", "a straight, Seven to Three" (top card first; the
wheel "Ace to Five"), "a flush King
high", "a full house, Tens full of Fours", "four of a kind, Jacks". Clients before
about 2022: "Ace-High", "Pair of Treys", "Pair of Kings and Pair of Sevens",
"Three Jacks", "Kings-High Straight", "King High Flush", "Sevens Full over Jacks".
Both are accepted; any other wording (or other cards) is a mismatch.
"""
from __future__ import annotations

from functools import cache

ONE = ("Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Jack",
       "Queen", "King", "Ace")
MANY = ("Twos", "Threes", "Fours", "Fives", "Sixes", "Sevens", "Eights", "Nines", "Tens",
        "Jacks", "Queens", "Kings", "Aces")
# older words for the same ranks, read as today's
_OLDER = (("deuces", "twos"), ("deuce", "two"), ("treys", "threes"), ("trey", "three"))


def names_agree(rank: int, written: str) -> bool:
    """Whether ``written`` is GG's name for a hand of ``rank`` (engine.equity.evaluate's)."""
    text = written.strip().lower()
    if "ey" in text or "deuce" in text:
        for old, new in _OLDER:
            text = text.replace(old, new)
    return text in names(rank >> 12)


@cache
def names(key: int) -> frozenset[str]:
    """Every name GG writes for a hand of this category and top two ranks (lowercase);
    ``key`` is an engine.equity.evaluate rank without its last three kickers."""
    cat, top, second = key >> 12, (key >> 4) & 0xF, key & 0xF
    one, many, other = ONE[top], MANY[top], MANY[second]
    if cat == 0:
        out = (f"{one} high", f"{one}-High")
    elif cat == 1:
        out = (f"a pair of {many}", f"Pair of {many}")
    elif cat == 2:
        out = (f"two pair, {many} and {other}", f"Pair of {many} and Pair of {other}")
    elif cat == 3:
        out = (f"three of a kind, {many}", f"Three {many}")
    elif cat in (4, 8):
        kind = "straight" if cat == 4 else "straight flush"
        # top card first, but the wheel is "Ace to Five"
        span = "Ace to Five" if top == 3 else f"{one} to {ONE[top - 4]}"
        out = (f"a {kind}, {span}", f"{many}-High {kind}")
        if cat == 8 and top == 12:
            out += ("a Royal Flush", "Royal Flush")
    elif cat == 5:
        out = (f"a flush {one} high", f"{one} High Flush")
    elif cat == 6:
        out = (f"a full house, {many} full of {other}", f"{many} Full over {other}")
    else:
        out = (f"four of a kind, {many}", f"Four {many}")
    return frozenset(n.lower() for n in out)
