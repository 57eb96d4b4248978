"""How a room gives back the part of a bet nobody called: one small object a convention.

The rules say what comes back: what the top contributor put in beyond anyone else
(``pots.uncalled``). A room declares its way by name (``RoomRules.uncalled_bet``, one of
room_rules' ``UNCALLED_*``); ``CONVENTIONS`` maps the name to the object that stands for
it. A convention's ``settle`` answers two questions in a ``Settlement``: what it expects
to come back (``due``), and what of the hand's record it counts as given back
(``returned``: the returns written, or the bet its bettor collected with the pot). The
settlement's ``misreturn`` judges a record where the two differ: what it says, and
whether every player still ends with the same money.
"""
from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import NamedTuple

from engine.model.hand import ZERO, Hand
from engine.rules.room_rules import (UNCALLED_COLLECTED, UNCALLED_SILENT_OR_COLLECTED,
                                     UNCALLED_STAYS_IN_POT, UNCALLED_WRITTEN)

Bet = tuple[str, Decimal]  # (player, chips)


@dataclass(frozen=True, slots=True)
class Misreturn:
    """An uncalled bet the record gives back otherwise than due (BAD_UNCALLED_RETURN)."""

    message: str
    same_money: bool  # the room's way still gives every player the same money
    top: str  # whose bet it is
    # the pot the room paid with the uncalled bet left in it (same money), else None
    paid: Decimal | None = None
    kept: Decimal = ZERO  # of ``paid``, the uncalled bet left in it
    unwritten: Bet | None = None  # due, not written, yet the pot paid shows it came back


class Settlement(NamedTuple):
    """A hand's uncalled bet as its room's way expects it and as its record gives it
    (a tuple: one is made for every hand, and a frozen dataclass costs three times more)."""

    due: tuple[Bet, ...]  # what comes back by the room's way: one bet, or none
    returned: tuple[Bet, ...]  # what the record gives back: agreed when the same
    put_in: Decimal  # everything in the pot before anything comes back
    pot: Decimal  # ``put_in`` less what is due
    kept: Decimal = ZERO  # of what is due, what its bettor collected with the pot

    @property
    def paid(self) -> Decimal:
        """The pot the room paid out: the bet kept in it, if any."""
        return self.put_in if self.kept else self.pot

    def misreturn(self, hand: Hand, total: Decimal | None = None) -> Misreturn | None:
        """None where what the record gives back is what is due; else what is wrong.
        ``total``: the pot the room's SUMMARY says, as the replay reads it (by default
        its total pot as written)."""
        returned = self.returned
        if returned == self.due:
            return None
        due = self.due[0] if self.due else None
        room_pot = self.put_in - sum((amount for _, amount in returned), ZERO)
        top = due[0] if due else returned[0][0]
        if total is None:
            total = hand.summary.total_pot if hand.summary else None
        left_in = total == room_pot and {c.player for c in hand.collects} <= {top} \
            and all(p == top for p, _ in returned)
        same_money = (total == self.pot and not returned) or left_in
        owed = f"{due[1]} to {due[0]}" if due else "nothing"
        got = ", ".join(f"{amount} to {player}" for player, amount in returned) or "nothing"
        message = (f"uncalled bet returned: {got}; due: {owed}"
                   + (" (every player ends with the same money)" if same_money else ""))
        if left_in:  # the room left the uncalled bet in the pot it paid out
            return Misreturn(message, True, top, room_pot, room_pot - self.pot)
        if same_money:  # paid the pot without it: it came back, not written
            return Misreturn(message, True, top, unwritten=due)
        return Misreturn(message, False, top)


@dataclass(frozen=True)
class UncalledWritten:
    """The room writes the return ("Uncalled bet ($5) returned to ..."): the bet nobody
    called is due back, and what the room writes is what it gave back."""

    def settle(self, bet: Bet | None, hand: Hand, put_in: Decimal) -> Settlement:
        """``bet``: what the rules give back; ``put_in``: everything in the pot."""
        if bet is None:
            return Settlement((), tuple(hand.uncalled), put_in, put_in)
        return Settlement((bet,), tuple(hand.uncalled), put_in, put_in - bet[1])


@dataclass(frozen=True)
class UncalledStaysInPot(UncalledWritten):
    """The room returns none: the part nobody called stays in the pot (a side pot of its
    own when there are several) and its bettor collects it; nothing is due back. A
    return it does write is judged as written."""

    def settle(self, bet: Bet | None, hand: Hand, put_in: Decimal) -> Settlement:
        if bet is not None and not hand.uncalled:
            return Settlement((), (), put_in, put_in)
        return super().settle(bet, hand, put_in)


@dataclass(frozen=True)
class UncalledCollected(UncalledWritten):
    """The room writes none and gives it back only within what the bettor collects: what
    they collect beyond the pot is the bet back; a bet neither written nor collected is
    a finding (the nets would not balance)."""

    def settle(self, bet: Bet | None, hand: Hand, put_in: Decimal) -> Settlement:
        if bet is None or hand.uncalled:
            return super().settle(bet, hand, put_in)
        pot = put_in - bet[1]
        collects = hand.collects
        if sum((c.amount for c in collects), ZERO) > pot \
                and any(c.player == bet[0] for c in collects):
            return Settlement((bet,), (bet,), put_in, pot, kept=bet[1])  # paid with the pot
        return self.not_collected(bet, put_in, pot)

    def not_collected(self, bet: Bet, put_in: Decimal, pot: Decimal) -> Settlement:
        """Neither written nor collected: nothing came back."""
        return Settlement((bet,), (), put_in, pot)


@dataclass(frozen=True)
class UncalledSilentOrCollected(UncalledCollected):
    """The room writes none and gives it back silently or within what the bettor
    collects (a walk's big blind collects the whole pot)."""

    def not_collected(self, bet: Bet, put_in: Decimal, pot: Decimal) -> Settlement:
        return Settlement((bet,), (bet,), put_in, pot)  # given back silently


# RoomRules.uncalled_bet → the convention it names
CONVENTIONS: dict[str, UncalledWritten] = {
    UNCALLED_WRITTEN: UncalledWritten(),
    UNCALLED_STAYS_IN_POT: UncalledStaysInPot(),
    UNCALLED_COLLECTED: UncalledCollected(),
    UNCALLED_SILENT_OR_COLLECTED: UncalledSilentOrCollected(),
}
