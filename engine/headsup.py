"""Heads-up preflop match-ups by class: two hands alike up to the naming of the suits.

Whether Ah Kh against Qc Qd wins a board depends on the ranks of the four cards and
on which of them share a suit, not on which suits those are. ``class_key`` says that
in a few tuples (no trying of the 24 suit renamings): the ranks of each hand, high
card first, the lesser hand first, and the suits as the order in which they first
appear. Two match-ups have one key exactly when a renaming of the suits makes one
the other (tests/test_headsup.py checks it against the 24 renamings).

The table of every class's exact result over all 1,712,304 boards is built by
bench/build_headsup_table.py (issue 15: not shipped yet); ``counts`` reads it.
"""
from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path

RANKS = "23456789TJQKA"
TABLE = Path(__file__).with_name("data") / "headsup_preflop.npz"


def _card(card: str) -> tuple[int, str]:
    return RANKS.index(card[0]), card[1]


def _orderings(a: Sequence[str], b: Sequence[str]):
    """Each way of writing the match-up that names the same class, and whether ``a``
    is written first: a hand's two cards either way where their ranks are equal, and
    the hands either way."""
    x = sorted((_card(c) for c in a), reverse=True)
    y = sorted((_card(c) for c in b), reverse=True)
    for first, second, a_first in ((x, y, True), (y, x, False)):
        for f in _either(first):
            for s in _either(second):
                yield (*f, *s), a_first


def _either(hand: list) -> tuple:
    return ((hand[0], hand[1]), (hand[1], hand[0])) if hand[0][0] == hand[1][0] \
        else ((hand[0], hand[1]),)


def _least(a: Sequence[str], b: Sequence[str]) -> tuple[tuple[int, ...], bool]:
    """The class key, and whether ``a`` is its first hand (in a class whose hands
    are alike, either)."""
    best, a_first = None, False
    for cards, first in _orderings(a, b):
        marks: dict[str, int] = {}
        key = []
        for rank, suit in cards:
            key += (-rank, marks.setdefault(suit, len(marks)))
        key = tuple(key)
        if best is None or key < best:
            best, a_first = key, first
        elif key == best:
            a_first = a_first or first
    return best, a_first


def class_key(a: Sequence[str], b: Sequence[str]) -> tuple[int, ...]:
    """The match-up's class: (minus rank, suit mark) of its four cards in the least
    way of writing it, each suit marked by the order of its first appearance."""
    return _least(a, b)[0]


@lru_cache(maxsize=1)
def _table() -> tuple[dict[tuple[int, ...], tuple[int, bool]], object]:
    """The built table: class key → (row, whether the row's first hand is the key's
    first), and the rows' counts (loaded once)."""
    if not TABLE.exists():
        raise FileNotFoundError(f"the heads-up table is not built yet ({TABLE}: "
                                "python bench/build_headsup_table.py)")
    import numpy as np

    data = np.load(TABLE)
    deck = [r + s for r in RANKS for s in "cdhs"]
    rows = {}
    for i, k in enumerate(data["classes"].tolist()):
        key, first = _least([deck[c] for c in k[:2]], [deck[c] for c in k[2:]])
        rows[key] = (i, first)
    return rows, data["counts"]


def counts(a: Sequence[str], b: Sequence[str]) -> tuple[int, int, int]:
    """Boards (of 1,712,304) on which ``a`` wins, ``b`` wins, they tie."""
    rows, table = _table()
    key, a_first = _least(a, b)
    row, row_first = rows[key]
    first, second, ties = (int(v) for v in table[row])
    return (first, second, ties) if a_first == row_first else (second, first, ties)
