"""What changes in a hand as it is replayed, owned by one object.

A ``HandState`` holds who is dealt in and in which order, each player's chips behind
and in the pot (dead money apart), this street's bets, who has folded (and on which
street) and who is all-in. The replay and the betting round (engine.rules.betting) read
its attributes, never change them, and ask its methods for every change: a fold, chips
put in, an all-in, a new street, an uncalled bet given back. It judges nothing (the
findings are the replay's and the round's).
"""
from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal

from engine.model.hand import ZERO, Street


class HandState:
    """A hand's chips and players as the actions leave them; see the module doc."""

    __slots__ = ("order", "seat_index", "twice", "stack", "contributed", "dead", "street_bets",
                 "folded", "all_in", "live_n", "able_n", "cap")

    def __init__(self, order: list[str], stack: dict[str, Decimal],
                 cap: Decimal | None = None) -> None:
        """``order``: the players dealt in, clockwise from the seat after the button;
        ``stack``: their chips behind; ``cap``: what a capped game lets one put in."""
        self.order = order
        self.seat_index = dict(zip(order, range(len(order))))  # a player's place in order
        self.twice = order + order  # twice[i:i + n]: everyone, from the i-th on
        self.stack = stack  # chips behind
        self.contributed = dict.fromkeys(stack, ZERO)  # chips in the pot this hand
        self.dead: dict[str, Decimal] = {}  # antes, dead blinds: in the pot, in no bet
        self.street_bets: dict[str, Decimal] = {}  # this street's bets (posts' live part)
        self.folded: dict[str, Street] = {}  # who folded, on which street
        self.all_in: set[str] = set()
        self.live_n = self.able_n = len(order)  # not folded; not folded nor all-in
        self.cap = cap

    # ------------------------------------------------------------ changes
    def fold(self, p: str, street: Street) -> None:
        if p not in self.folded:
            self.folded[p] = street
            self.live_n -= 1
            if p not in self.all_in:
                self.able_n -= 1

    def hold_all_in(self, p: str) -> None:
        """``p`` is all-in (no chips left, the cap reached, held so when disconnected)."""
        if p not in self.all_in:
            self.all_in.add(p)
            if p not in self.folded:
                self.able_n -= 1

    def post_dead(self, p: str, amount: Decimal) -> None:
        """Dead money of ``p``'s with no chips moving (a post of nothing, ``amount`` 0)."""
        self.dead[p] = self.dead.get(p, ZERO) + amount

    def put_in(self, p: str, amount: Decimal, bet: Decimal | None,
               dead: Decimal | None = None) -> None:
        """``p`` moves ``amount`` from behind into the pot: their bet on this street
        becomes ``bet`` (None: no bet, as an ante), ``dead`` of it is dead money; all-in
        when nothing is left or the cap is reached (dead money is no bet against it)."""
        if bet is not None:
            self.street_bets[p] = bet
        if dead is not None:
            self.dead[p] = self.dead.get(p, ZERO) + dead
        left = self.stack[p] = self.stack[p] - amount
        mine = self.contributed[p] = self.contributed[p] + amount
        cap = self.cap
        if left <= 0 or (cap is not None and mine - self.dead.get(p, ZERO) >= cap):
            self.hold_all_in(p)

    def new_street(self) -> None:
        """The bets of a street are in the pot: the next begins with none."""
        self.street_bets = {}

    def give_back(self, p: str, amount: Decimal) -> None:
        """An uncalled bet goes back behind ``p``."""
        self.contributed[p] -= amount
        self.stack[p] += amount

    # ------------------------------------------------------------ questions
    def pot(self) -> Decimal:
        """The players' chips in the pot (money the room added not counted)."""
        return sum(self.contributed.values(), ZERO)

    def bets(self) -> tuple[dict[str, Decimal], Mapping[str, Decimal]]:
        """What each player bet this hand (a new dict), and the dead money that goes to
        the main pot whoever posted it (to read): none where a player all-in has put in
        no more than dead money (that money makes a level)."""
        dead, contributed = self.dead, self.contributed
        if not dead:
            return contributed.copy(), dead
        if self.all_in and any(contributed[p] <= dead.get(p, ZERO) for p in self.all_in):
            return contributed.copy(), {}
        return {p: c - dead.get(p, ZERO) for p, c in contributed.items()}, dead

    def live(self) -> set[str]:
        """The players not folded."""
        return self.contributed.keys() - self.folded.keys()
