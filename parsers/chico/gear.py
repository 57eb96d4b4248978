"""ActionPoker.com and Gear Poker's dialect (gear.lark), read by the base Builder.

Conventions, named where applied: ``FOLDED_A_STREET_LATE`` (the SUMMARY names the
street after the one a player folded on: "Folded on the Turn" for a fold on the flop,
as every fold of the three hands seen), ``FIVE_CARDS_MADE`` (a winner's "showed [..]"
lists the five cards of the hand made, not the hole cards), ``NO_UNCALLED_WRITTEN``
(the bet nobody called is left to the replay), ``RAISE_IS_TO`` ("Raises 1000.00": the
bet it makes), ``SEATS_COUNTER_CLOCKWISE`` (the turn passes from a seat to the one
numbered below it: the table's order is the seats from the highest down). Times are
written without a zone (not known).
"""
from __future__ import annotations

import re
from datetime import datetime

from engine.model.hand import ZERO, Collect, Hand, Stakes, Street, SummarySeat
from parsers.base.builder import Builder
from parsers.base.values import cards as read_cards
from parsers.base.values import half_blind, stamp

GEAR_BRANDS = ("ActionPoker.com", "Gear Poker")
SITES = {"ActionPoker.com": "ActionPoker", "Gear Poker": "Gear Poker"}
FOLDED_ON = {"before Flop": Street.PREFLOP, "on the Flop": Street.PREFLOP,
             "on the Turn": Street.FLOP, "on the River": Street.TURN}  # FOLDED_A_STREET_LATE
HOLE = 2


class GearBuilder(Builder):
    """The base builder, reading ActionPoker.com's and Gear Poker's lines (module doc)."""

    PLACEHOLDERS = {**Builder.PLACEHOLDERS, "GEAR": "|".join(map(re.escape, GEAR_BRANDS)),
                    "ROLE": r"(?: \((?:Small Blind|Big Blind|Button)\) )?"}
    SHARED_PREFIXES = ("(?P<player>{NAME}): ",)
    silent = Builder.silent | {"SUMMARY_UNSAID"}

    def HEADER(self, brand, hand_id, date):
        # neither the limit nor the stakes are written: no limit (the bets of the hands
        # seen), the blinds posted
        self.head = {**self.HEAD, "site": SITES[brand], "hand_id": hand_id, "date": date}

    def TABLE(self, table, money, button):
        super().TABLE(table, None, button)
        self.play_money = money == "Play Money"

    def SEAT(self, seat, player, stack):
        super().SEAT(seat, player, stack, None, None, None)

    def POST_SB(self, player, amount):
        super().POST_SB(player, amount, None)
        if not self.head["sb"]:
            self.head["sb"] = amount

    def POST_BB(self, player, amount):
        super().POST_BB(player, amount, None)
        if not self.head["bb"]:
            self.head["bb"] = amount
            self.big_blind = self.money(amount)

    def FOLD(self, player):
        super().FOLD(player, None)

    def RAISE(self, player, to, all_in):
        super().RAISE(player, to, to, all_in, None)

    def POT(self, total, rake):
        self.pot = (self.money(total), self.money(rake), (), (), ZERO)

    def SUMMARY_FOLDED(self, seat, player, street):
        self.summary_seats.append(SummarySeat(int(seat), player, "folded", FOLDED_ON[street]))

    def SUMMARY_SHOWED(self, seat, player, cards, won):
        shown = read_cards(cards)
        self.summary_seats.append(SummarySeat(
            int(seat), player, "showed", cards=shown if len(shown) == HOLE else (),
            won=(self.money(won),) if won else ()))  # FIVE_CARDS_MADE

    def SUMMARY_COLLECTED(self, seat, player, collected):
        self.summary_seats.append(SummarySeat(int(seat), player, "collected",
                                              won=(self.money(collected),)))

    def stakes(self) -> Stakes:
        bb = self.money(self.head["bb"]) if self.head["bb"] else ZERO
        sb = self.money(self.head["sb"]) if self.head["sb"] else half_blind(bb)
        return Stakes(sb, bb, ZERO)

    def currency(self) -> str:
        return "play" if self.play_money else "USD"

    def played_at(self) -> tuple[datetime | None, datetime | None]:
        return stamp(self.head["date"]), None  # no zone written

    def finish(self) -> Hand:
        self.table_order = tuple(sorted((s[0] for s in self.seats), reverse=True))
        out = {s.player for s in self.summary_seats if s.outcome == "sat out"}  # "Is Sitting Out"
        self.seats = [(n, p, chips, sat or p in out, bounty)
                      for n, p, chips, sat, bounty in self.seats]
        self.collects = [Collect(s.player, w) for s in self.summary_seats for w in s.won]
        return super().finish()
