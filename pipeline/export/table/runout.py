"""Each live player's equity in each pot at the frames where the board runs out.

A frame marked ``runout`` (pipeline/export/table/frames.py) is one after which nobody can bet
any more and every live player's two cards are known: each pot (bets in front
included) is then shared by the chance of holding the best hand on the boards still
to come, counted exactly by engine.equity.allin (a few ms for a multi-way preflop all-in);
the dashboard computes this for the hand shown, and caches it.
"""
from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from engine.model.cards import DECK
from engine.equity.allin import pot_equities
from engine.rules.pots import build_pots
from pipeline.export.table.frames import Frame

_CARDS = frozenset(DECK)


Shares = tuple[tuple[Decimal, dict[str, Fraction]], ...]


def equities(frames: list[Frame], hole_cards: dict[str, str | None]) -> dict[int, Shares]:
    """frame index -> for each pot (main first), its amount and each eligible player's
    share of it. Frames whose cards do not make a deal (unknown, repeated) are left out."""
    out = {}
    for i, frame in enumerate(frames):
        if frame.runout:
            shares = _at(frame, hole_cards)
            if shares is not None:
                out[i] = shares
    return out


def _at(frame: Frame, hole_cards: dict[str, str | None]) -> Shares | None:
    live = [p for p, s in frame.seats.items() if not (s.folded or s.out)]
    hole = {p: tuple((hole_cards.get(p) or "").split()) for p in live}
    dead = [c for p, cards in hole_cards.items() if p not in hole and cards
            for c in cards.split()]
    board = frame.boards[0]
    cards = [c for held in hole.values() for c in held] + dead + list(board)
    if (len(frame.boards) != 1 or any(len(h) != 2 for h in hole.values())
            or len(set(cards)) != len(cards) or not set(cards) <= _CARDS):
        return None
    put_in = {p: s.put_in for p, s in frame.seats.items() if s.put_in}
    all_in = {p for p, s in frame.seats.items() if s.all_in}
    pots = build_pots(put_in, set(live), all_in & put_in.keys())
    try:
        return tuple(zip((pot.amount for pot in pots), pot_equities(board, hole, pots, dead)))
    except ValueError:
        return None
