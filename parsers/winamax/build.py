"""Winamax's lines → the engine's Hand: the base builder, with the lines Winamax
writes otherwise and what they mean.

Winamax's conventions, named where they apply:
``TOTAL_POT_PAID_OUT`` ("Total pot" is what was paid out, the bet nobody called among
it, the rake beside it: kept as written, and read so by the replay through
``RoomRules.total_pot_paid_out``), ``TOTAL_IN_THOUSANDS`` (old tournaments write "Total
pot 3.37k"), ``UNCALLED_BET_IN_COLLECT`` (no "uncalled bet returned" line: the bet
nobody called is in its bettor's "collected" and "won" amounts and in the total pot,
where the Hand has it returned),
``SILENT_SEAT_SAT_OUT`` (players sitting out are seated like the others: one the hand
says nothing of, one who "denies big blind", one the SUMMARY says "folded" without a
street, was not dealt in), ``RAISE_TO_COUNTS_DEAD_BLIND`` (after a dead small blind
posted "out of position", "raises X to Y" counts it in Y), ``ONE_COLLECT_A_PLAYER``
(a player's "collected" line sums what they won from every pot, and its "main pot" /
"side pot N" is Winamax's own numbering, which merges pots with the same winners: the
collects name no pot).
"""
from __future__ import annotations

import re
from decimal import Decimal

from engine.model.hand import ZERO, Collect, Hand, Kind, Street, Structure, SummarySeat
from engine.rules.pots import dead_part, uncalled
from parsers.base.builder import PREFLOP, Builder
from parsers.base.values import CURRENCY_BY_SYMBOL, money
from parsers.base.values import cards as read_cards

LIMITS = {"no limit": Structure.NO_LIMIT, "pot limit": Structure.POT_LIMIT,
          "fixed limit": Structure.FIXED_LIMIT}
FAST_FOLD = frozenset({"Go Fast", "HOLD-UP", "ESCAPE"})
FOLDED_ON = {"pre-flop": Street.PREFLOP, "flop": Street.FLOP, "turn": Street.TURN,
             "river": Street.RIVER}
_THOUSAND = Decimal(1000)
_HALF_ROUNDING = Decimal(5)  # "3.37k": the pot is 3,370 within 5 chips


class WinamaxBuilder(Builder):
    """Builds one Hand from one Winamax hand's tokens (see the module doc)."""

    PLACEHOLDERS = {**Builder.PLACEHOLDERS,
                    # {M} is the number: the currency sign after it is {C}, outside the field
                    "C": "[€$£]?",
                    "DATE": r"\d{4}\/\d\d?\/\d\d? \d\d?:\d\d:\d\d",
                    "ROLES": r"(?: \((?:button|small blind|big blind)\))*"}
    SHARED_PREFIXES = ("(?P<player>{NAME}) ",)
    SITE = "Winamax"
    limits = LIMITS
    silent = Builder.silent | {"BLINDS"}
    # another game's header: Omaha, Omaha5, Stud, Razz, 2-7 ...
    HOLDEM = (" - Holdem ",)
    OTHER_GAME = re.compile(r"Winamax Poker - .*? - HandId: #(?P<hand_id>[\d-]+) - (?P<game>.+?)"
                            r"(?: (?P<limit>no limit|pot limit|fixed limit))? \(")

    def __init__(self) -> None:
        super().__init__()
        self.out: set[str] = set()  # players the hand says were not dealt in
        self.dead: dict[str, Decimal] = {}  # dead blinds posted "out of position"

    # ------------------------------------------------------------ the head
    def HEADER(self, kind, pool, event, buy_in, level, hand_id, game, limit, ante, sb,
               currency, bb, date, tz):
        in_tournament = event is not None
        # fixed limit: "(0.05€/0.10€)" names the small and big bet (the base's convention)
        self.header(limit, site=self.SITE, hand_id=hand_id, zoom=kind in FAST_FOLD or None,
                    # the tournament's number: the table's "(548967895)#0037", else the hand's
                    tournament=hand_id.split("-", 1)[0] if in_tournament else None,
                    buy_in=buy_in, level=level, sb=sb, bb=bb,
                    currency=CURRENCY_BY_SYMBOL.get(currency) if currency else None,
                    date=date, tz=tz)
        if ante:  # tournaments write the ante in the level: "(140/600/1200)"
            self.ante = money(ante)

    def TABLE(self, table, tournament, max_seats, button):
        super().TABLE(table, max_seats, button)
        if tournament and self.head["tournament"] is not None:
            self.head["tournament"] = tournament

    def SEAT(self, seat, player, stack, bounty):
        super().SEAT(seat, player, stack, bounty, None, None)

    def ROOM_MONEY(self, kind, amount):
        # HOLD-UP (and ESCAPE) pots: money the room adds before the cards are dealt
        self.added.append((kind.lower(), money(amount)))

    # ------------------------------------------------------------ blinds
    def POST_SB(self, player, amount, out, all_in):
        if out is None:
            return self._post(Kind.POST_SB, player, amount, all_in)
        value, small = money(amount), money(self.head["sb"])
        if value > small and self.structure != Structure.FIXED_LIMIT:
            # small and big blind at once: the big blind is live, the rest dead
            self.dead[player] = value - self.big_blind
            return self._post(Kind.POST_SB_BB, player, amount, all_in)
        self.dead[player] = value
        self._post(Kind.POST_DEAD, player, amount, all_in)

    def POST_BB(self, player, amount, out, all_in):
        if out is not None and not money(amount):
            return  # "posts big blind 0€ out of position": posted with the small blind
        self._post(Kind.POST_BB, player, amount, all_in)

    def DENIES(self, player):
        self.out.add(player)

    # ------------------------------------------------------------ the betting
    def FOLD(self, player):
        super().FOLD(player, None)

    def RAISE(self, player, by, to, all_in):
        dead = self.dead.get(player) if self.street == PREFLOP else None
        if dead:  # RAISE_TO_COUNTS_DEAD_BLIND
            to = str(money(to) - dead)
        super().RAISE(player, by, to, all_in, None)

    # ------------------------------------------------------------ after the betting
    def COLLECTED(self, player, amount, main, side, side_n):
        self.collects.append(Collect(player, money(amount), None, self.run))  # ONE_COLLECT_A_PLAYER

    # ------------------------------------------------------------ the SUMMARY
    def TOTAL_POT(self, total, thousands, rake):
        taken = money(rake) if rake else ZERO
        paid = money(total)
        if thousands:  # TOTAL_IN_THOUSANDS: exact where what was collected rounds to it
            paid *= _THOUSAND
            collected = sum((c.amount for c in self.collects), ZERO)
            if abs(collected - paid) <= _HALF_ROUNDING:
                paid = collected
        # TOTAL_POT_PAID_OUT: kept as written, what was paid out (the bet nobody called
        # among it), the rake beside it (RoomRules.total_pot_paid_out reads it so)
        self.pot = (paid, taken, (), (), ZERO)

    def SUMMARY_FOLDED(self, seat, player, street):
        if street is None:  # SILENT_SEAT_SAT_OUT: folded without a turn
            self.out.add(player)
            body = next((a.street for a in self.actions
                         if a.player == player and a.kind == Kind.FOLD), PREFLOP)
        self.summary_seats.append(SummarySeat(int(seat), player, "folded",
                                              folded_street=FOLDED_ON[street] if street
                                              else body))

    def SUMMARY_SHOWED(self, seat, player, cards, won, hand_name):
        self.summary_seats.append(SummarySeat(
            int(seat), player, "showed", cards=read_cards(cards),
            won=(money(won),) if won else (), hand_names=(hand_name,) if hand_name else ()))

    def SUMMARY_MUCKED(self, seat, player, cards, won):
        self.summary_seats.append(SummarySeat(int(seat), player, "mucked",
                                              cards=read_cards(cards),
                                              won=(money(won),) if won else ()))

    def SUMMARY_COLLECTED(self, seat, player, won):
        self.summary_seats.append(SummarySeat(int(seat), player, "collected",
                                              won=(money(won),)))

    # ------------------------------------------------------------ the Hand
    def _return_uncalled(self) -> Decimal:
        """UNCALLED_BET_IN_COLLECT: the bet nobody called, taken out of what its bettor
        collected and won, as returned; nothing where Winamax paid them less than it
        (the replay then says what is wrong)."""
        put: dict[str, Decimal] = {}
        bb = self.big_blind
        for a in self.actions:  # bets: dead money is never returned
            put[a.player] = put.get(a.player, ZERO) + a.amount - dead_part(a.kind, a.amount, bb)
        back = uncalled(put)
        if back is None or self.uncalled:
            return ZERO
        player, amount = back
        mine = [c for c in self.collects if c.player == player]
        if sum((c.amount for c in mine), ZERO) < amount:
            return ZERO
        self.collects = [c for c in self.collects if c.player != player] + _less(mine, amount)
        for i, seat in enumerate(self.summary_seats):
            if seat.player == player and sum(seat.won, ZERO) >= amount:
                self.summary_seats[i] = seat._replace(won=tuple(
                    c.amount for c in _less([Collect(player, w) for w in seat.won], amount,
                                            keep_empty=True)))
        self.uncalled.append((player, amount))
        return amount

    def finish(self) -> Hand:
        self._return_uncalled()
        if self.pot is not None:
            # the room's money is in Winamax's total pot: the SUMMARY's own account has it
            total, rake, pots, fees, _ = self.pot
            added = sum((a for _, a in self.added), ZERO)
            self.pot = (total, rake, pots, fees, added)
        # SILENT_SEAT_SAT_OUT: a seated player of whom the hand says nothing was not dealt in
        named = {a.player for a in self.actions} | self.dealt.keys()
        named.update(s.player for s in self.summary_seats)
        named.update(s.player for s in self.shows)
        named.update(c.player for c in self.collects)
        out = self.out
        self.seats = [(seat, player, stack, player in out or player not in named, bounty)
                      for seat, player, stack, _, bounty in self.seats]
        return super().finish()


def _less(collects: list[Collect], amount: Decimal, keep_empty: bool = False) -> list[Collect]:
    """``collects`` with ``amount`` taken off, from the last one back."""
    out = []
    for c in reversed(collects):
        take = min(c.amount, amount)
        amount -= take
        if c.amount - take or keep_empty:
            out.append(c._replace(amount=c.amount - take))
    return out[::-1]
