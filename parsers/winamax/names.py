"""Hand names as Winamax prints them: "One pair : Kings", "Two pairs : 9 and 7",
"Trips of 6", "Straight Queen high", "Flush Ace high", "Full of 9 and Tens",
"Quads of Jacks", "Straight flush Queen". Ranks Two to Nine are written as digits;
older clients write some ranks in the singular ("One pair : Jack")."""
from __future__ import annotations

_SINGULAR = ("2", "3", "4", "5", "6", "7", "8", "9", "Ten", "Jack", "Queen", "King", "Ace")
_PLURAL = ("2", "3", "4", "5", "6", "7", "8", "9", "Tens", "Jacks", "Queens", "Kings", "Aces")


def _nibble(rank: int, i: int) -> int:
    """The i-th deciding card rank of an ``engine.equity.evaluate`` rank (0 = Deuce ... 12 = Ace)."""
    return (rank >> (16 - 4 * i)) & 0xF


def winamax_names(rank: int) -> tuple[str, ...]:
    """The names Winamax prints for a hand of this rank (the first is the usual one)."""
    cat, top, second = rank >> 24, _nibble(rank, 0), _nibble(rank, 1)
    one, two = _SINGULAR[top], _PLURAL[top]
    if cat == 0:
        return (f"High card : {one}",)
    if cat == 1:
        return (f"One pair : {two}",)
    if cat == 2:
        return (f"Two pairs : {two} and {_PLURAL[second]}",)
    if cat == 3:
        return (f"Trips of {two}",)
    if cat == 4:
        return (f"Straight {one} high",)
    if cat == 5:
        return (f"Flush {one} high",)
    if cat == 6:
        return (f"Full of {two} and {_PLURAL[second]}",)
    if cat == 7:
        return (f"Quads of {two}",)
    names = (f"Straight flush {one}", f"Straight flush {one} high")
    return names + ("Royal flush",) if top == 12 else names


# older clients write some ranks in the singular: "One pair : Jack", "Full of Kings and Ten"
_ANY_NUMBER = {plural.lower(): one.lower() for one, plural in zip(_SINGULAR, _PLURAL)}


def _words(name: str) -> str:
    return " ".join(_ANY_NUMBER.get(w, w) for w in name.lower().split())


def names_agree(rank: int, written: str) -> bool:
    """Whether the name Winamax printed is the name of a hand of this rank."""
    written = _words(written)
    return any(_words(name) == written for name in winamax_names(rank))
