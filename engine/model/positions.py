"""Table positions named from the button, as in docs/STATS.md.

Positions depend on who is dealt in: seated and not sitting out. They are named
from the first to act preflop to the last (the big blind). A missing small blind
(dead button, empty small blind seat) still leaves the big blind as BB, and the
player who posted the big blind is the BB even where the button stayed behind.
"""
from __future__ import annotations

from collections.abc import Sequence

NAMES: dict[int, tuple[str, ...]] = {
    2: ("BTN", "BB"),
    3: ("BTN", "SB", "BB"),
    4: ("CO", "BTN", "SB", "BB"),
    5: ("HJ", "CO", "BTN", "SB", "BB"),
    6: ("UTG", "HJ", "CO", "BTN", "SB", "BB"),
    7: ("UTG", "LJ", "HJ", "CO", "BTN", "SB", "BB"),
    8: ("UTG", "UTG+1", "LJ", "HJ", "CO", "BTN", "SB", "BB"),
    9: ("UTG", "UTG+1", "UTG+2", "LJ", "HJ", "CO", "BTN", "SB", "BB"),
    10: ("UTG", "UTG+1", "UTG+2", "UTG+3", "LJ", "HJ", "CO", "BTN", "SB", "BB"),
}
GROUPS = {"UTG": "EP", "UTG+1": "EP", "UTG+2": "EP", "UTG+3": "EP", "LJ": "MP",
          "HJ": "MP", "CO": "CO", "BTN": "BTN", "SB": "SB", "BB": "BB"}


def positions(seats: Sequence[int], button: int | None,
              big_blind_seat: int | None = None,
              table_order: Sequence[int] = ()) -> dict[int, str]:
    """Seat → position for the seats dealt in.

    ``seats`` are the dealt-in seat numbers; ``button`` the button seat (which may be
    empty); ``big_blind_seat`` the seat that posted the big blind, when known;
    ``table_order`` the seat numbers clockwise where they are not in their own order
    (``Hand.table_order``; the button then one of them).
    """
    n = len(seats)
    if n < 2 or n > 10:
        return {}
    if table_order:
        dealt = set(seats)
        ordered = [s for s in table_order if s in dealt]
        if len(ordered) != n:
            return {}
        if button is None:
            button = ordered[-1]
        place = {s: i for i, s in enumerate(table_order)}
        mark = place.get(button, len(table_order))
        after = ([s for s in ordered if place[s] > mark]
                 + [s for s in ordered if place[s] <= mark])
    else:
        ordered = sorted(seats)
        if button is None:
            button = ordered[-1]
        # clockwise from the first seat after the button; the button's seat comes last
        after = [s for s in ordered if s > button] + [s for s in ordered if s <= button]
    if n == 2:
        # heads-up: the button posts the small blind and is named BTN
        btn = after[-1] if after[-1] == button else after[0]
        other = after[0] if btn == after[-1] else after[1]
        return {btn: "BTN", other: "BB"}
    if big_blind_seat in after and big_blind_seat not in after[:2]:
        # the big blind is further on than the button says (a dead button: the
        # button stays where its player's seat emptied): the big blind is who posted it
        i = after.index(big_blind_seat)
        after = after[i - 1:] + after[:i - 1]
    if big_blind_seat is not None and big_blind_seat == after[0] and n < 10:
        # no small blind this hand: name the table as if the small blind were there
        names = [p for p in NAMES[n + 1] if p != "SB"]
        preflop_order = after[1:] + after[:1]
    else:
        names = list(NAMES[n])
        preflop_order = after[2:] + after[:2]
    return dict(zip(preflop_order, names))


def go_round(numbers: Sequence[int]) -> bool:
    """Do seat numbers, listed clockwise, go round the table in their own order (rising
    from some seat on, once round)? Then they are places; else they only name the
    seats (``Hand.table_order``)."""
    n = len(numbers)
    falls = sum(1 for i in range(n) if numbers[i] >= numbers[(i + 1) % n])
    return falls <= 1
