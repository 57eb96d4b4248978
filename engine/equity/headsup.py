"""Heads-up preflop match-ups by class: two hands alike up to the naming of the suits.

Whether Ah Kh against Qc Qd wins a board depends on the ranks of the four cards and
on which of them share a suit, not on which suits those are. ``class_key`` says that
in a few tuples (no trying of the 24 suit renamings): the ranks of each hand, high
card first, the lesser hand first, and the suits as the order in which they first
appear. Two match-ups have one key exactly when a renaming of the suits makes one
the other (tests/engine/test_headsup.py checks it against the 24 renamings).

The table of every class's exact result over all 1,712,304 boards is built by
bench/build_headsup_table.py and shipped in engine/equity/data (under 1 MB); ``counts``
reads it, loading it once at first use (under 0.1 s).
"""
from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path


RANKS = "23456789TJQKA"
TABLE = Path(__file__).with_name("data") / "headsup_preflop.npz"


_CARD = {r + u: (i, u) for i, r in enumerate(RANKS) for u in "cdhs"}


def _hand(cards: Sequence[str]) -> tuple:
    """A hand's two (rank, suit), high card first."""
    x, y = _CARD[cards[0]], _CARD[cards[1]]
    return (x, y) if x >= y else (y, x)


def _either(hand: tuple) -> tuple:
    """A hand's ways of being written: either card first where their ranks are equal."""
    return (hand, (hand[1], hand[0])) if hand[0][0] == hand[1][0] else (hand,)


def _least(a: Sequence[str], b: Sequence[str]) -> tuple[tuple[int, ...], bool]:
    """The class key, and whether ``a`` is its first hand (in a class whose hands
    are alike, either). Each way of writing the match-up that names the same class is
    tried: the hand with the higher ranks first (either, where the ranks are the same)
    and a pair's two cards either way; the suits are marked by first appearance."""
    x, y = _hand(a), _hand(b)
    rx, ry = (x[0][0], x[1][0]), (y[0][0], y[1][0])
    ways = ((x, y, True),) if rx > ry else ((y, x, False),) if rx < ry \
        else ((x, y, True), (y, x, False))
    best, a_first = None, False
    for first, second, is_a in ways:
        for f in _either(first):
            for t in _either(second):
                marks: dict[str, int] = {}
                key = (-f[0][0], marks.setdefault(f[0][1], 0),
                       -f[1][0], marks.setdefault(f[1][1], len(marks)),
                       -t[0][0], marks.setdefault(t[0][1], len(marks)),
                       -t[1][0], marks.setdefault(t[1][1], len(marks)))
                if best is None or key < best:
                    best, a_first = key, is_a
                elif key == best:
                    a_first = a_first or is_a
    return best, a_first


def class_key(a: Sequence[str], b: Sequence[str]) -> tuple[int, ...]:
    """The match-up's class: (minus rank, suit mark) of its four cards in the least
    way of writing it, each suit marked by the order of its first appearance."""
    return _least(a, b)[0]


@lru_cache(maxsize=1)
def _table() -> dict[tuple[int, ...], tuple[int, int, int]]:
    """The built table: class key → its counts, the key's first hand first. Loaded
    once. Each class is stored as the deal its key names (bench/build_headsup_table.py
    ``representative``: suit mark m dealt as suit m), so its key is read off its cards
    (tests/engine/test_headsup.py checks it against ``class_key``)."""
    if not TABLE.exists():
        raise FileNotFoundError(f"the heads-up table is missing ({TABLE}: "
                                "python bench/build_headsup_table.py builds it)")
    import numpy as np

    with np.load(TABLE) as data:
        deals, counts = data["classes"].astype(np.int64), data["counts"]
    keys = np.empty((len(deals), 8), np.int64)
    keys[:, 0::2] = -(deals // 4)  # minus each card's rank
    keys[:, 1::2] = deals % 4  # its suit's mark
    return dict(zip(map(tuple, keys.tolist()), map(tuple, counts.tolist())))


def counts(a: Sequence[str], b: Sequence[str]) -> tuple[int, int, int]:
    """Boards (of 1,712,304) on which ``a`` wins, ``b`` wins, they tie."""
    key, a_first = _least(a, b)
    first, second, ties = _table()[key]
    return (first, second, ties) if a_first else (second, first, ties)
