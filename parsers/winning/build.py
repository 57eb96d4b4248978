"""Winning Poker Network's lines (its client since 2019) → the engine's Hand: the base
Builder, told how WPN writes.

WPN's conventions, read here (each named where it applies):
``AMOUNT_IS_WHAT_IS_ADDED`` — "calls $0.04", "bets", "caps $0.55" give the chips the
action adds ("raises $0.25 to $0.26" adds $0.25, to $0.26 on the street);
``TOTAL_POT_IS_WHAT_WAS_WON`` — the SUMMARY's "Total pot $1.19 | Rake $0.04 | JP Fee
$0.02" is the pot less the rake and the jackpot fee: the pot is their sum;
``CAPS_IS_A_BET_TO_THE_CAP`` — on capped tables ("Miramar (Cap)") "caps $0.55" is a
bet, or a raise, of what the player has left under the table's cap; the cap is what
the player has then put in (blinds, bets; antes and dead blinds are no bet);
``POSTS_IS_A_BIG_BLIND`` — a player coming in writes "posts $0.02": a live big blind;
``POSTS_DEAD_IS_BOTH_BLINDS`` — "posts dead $0.03" is the big blind, live, and the
small blind missed, dead (an amount no more than the big blind: dead only);
``BLITZ_IS_FAST_FOLD`` — the "Blitz Poker" tables are fast-fold tables;
``NOT_DEALT_IN`` — a seated player who "waits for big blind" or "sits out" before the
deal is not dealt in (the seat line does not say so); ``WON_IN_THE_SUMMARY`` — a pot
won without a showdown has no "collected" line: the SUMMARY's "did not show and won
$0.25" is what the player collects.
"""
from __future__ import annotations

from dataclasses import replace

from engine.hand import ZERO, Action, Collect, Hand, Kind, Stakes, Street, Structure, SummarySeat
from parsers.base.builder import LIMITS, Builder
from parsers.base.values import cards as read_cards
from parsers.base.values import money, seat_number

PREDEAL, PREFLOP, FLOP, TURN, RIVER = (Street.PREDEAL, Street.PREFLOP, Street.FLOP,
                                       Street.TURN, Street.RIVER)
SITE = "Winning Poker Network"
WPN_LIMITS = dict(LIMITS) | {"All-in or Fold Limit": Structure.NO_LIMIT}
FOLDED_ON = {"Pre-Flop": PREFLOP, "Flop": FLOP, "Turn": TURN, "River": RIVER}
_new = tuple.__new__
_NO_BET = frozenset({Kind.POST_ANTE, Kind.POST_DEAD})


class WinningBuilder(Builder):
    """Builds one Hand from WPN's lines (see the module doc)."""

    limits = WPN_LIMITS
    silent = Builder.silent | {"POT", "SEAT_EVENT"}

    def __init__(self) -> None:
        super().__init__()
        self.capper: tuple[str, int] | None = None  # (player, index of the "caps" action)
        self.play_money = False

    def HEADER(self, hand_id, buy_in, tournament, game, limit, level, sb, bb, date, tz):
        self.head = {"site": SITE, "hand_id": hand_id, "zoom": None, "tournament": tournament,
                     "buy_in": buy_in or None, "level": level, "sb": sb, "bb": bb, "cap": None,
                     "currency": None, "date": date, "tz": tz, "date_et": None, "tz_et": None}
        self.structure = self.limits[limit]
        self.big_blind = money(sb if self.structure == Structure.FIXED_LIMIT else bb)

    def TABLE(self, quoted, table, max_seats, play, button):
        self.table = quoted if quoted is not None else table
        self.max_seats = seat_number(max_seats)
        self.button = seat_number(button)
        self.play_money = play is not None
        if table is not None and table.startswith("Blitz"):  # BLITZ_IS_FAST_FOLD
            self.head["zoom"] = "Blitz"

    def SEAT(self, seat, player, stack, out):
        super().SEAT(seat, player, stack, None, out, None)

    def NOT_DEALT(self, player):
        if self.street == PREDEAL:  # NOT_DEALT_IN
            self.seats = [(n, p, stack, True, b) if p == player else (n, p, stack, out, b)
                          for n, p, stack, out, b in self.seats]

    def POST(self, player, amount, all_in):
        self._post(Kind.POST_BB, player, amount, all_in)  # POSTS_IS_A_BIG_BLIND

    def POST_DEAD(self, player, amount, all_in):
        # POSTS_DEAD_IS_BOTH_BLINDS
        kind = Kind.POST_SB_BB if money(amount) > self.big_blind else Kind.POST_DEAD
        self._post(kind, player, amount, all_in)

    def FOLD(self, player):
        super().FOLD(player, None)

    def RAISE(self, player, by, to, all_in):
        super().RAISE(player, by, to, all_in, None)

    def CAPS(self, player, amount, all_in):
        # CAPS_IS_A_BET_TO_THE_CAP
        value = money(amount)
        put = self.put
        betting = self.street == PREFLOP or any(put.values())
        total = put[player] = put.get(player, ZERO) + value
        self.capper = (player, len(self.actions))
        self.actions.append(_new(Action, (self.street, player, Kind.RAISE if betting else Kind.BET,
                                          value, total, all_in is not None, self.line)))

    def COLLECTED(self, player, amount, main, side_n):
        pot = 0 if main else int(side_n) if side_n else None
        self.collects.append(_new(Collect, (player, money(amount), pot, self.run)))

    def TOTAL_POT(self, total, rake, jp_fee):
        # TOTAL_POT_IS_WHAT_WAS_WON
        taken = money(rake) if rake else ZERO
        fees = (("jackpot", money(jp_fee)),) if jp_fee else ()
        fee = fees[0][1] if fees else ZERO
        self.pot = (money(total) + taken + fee, taken, (), fees, ZERO)

    def SUMMARY_FOLDED(self, seat, player, street):
        self.summary_seats.append(_new(SummarySeat, (int(seat), player, "folded",
                                                     FOLDED_ON[street], (), (), ())))

    def SUMMARY_SHOWED(self, seat, player, cards, won, hand_name):
        self.summary_seats.append(_new(SummarySeat, (
            int(seat), player, "showed", None, read_cards(cards),
            (money(won),) if won else (), (hand_name,) if hand_name else ())))

    def SUMMARY_MUCKED(self, seat, player, cards, won):
        self.summary_seats.append(_new(SummarySeat, (
            int(seat), player, "mucked", None, read_cards(cards),
            (money(won),) if won else (), ())))

    def SUMMARY_WON(self, seat, player, won):
        self.summary_seats.append(_new(SummarySeat, (int(seat), player, "collected", None,
                                                     (), (money(won),), ())))

    def finish(self) -> Hand:
        if not self.collects:  # WON_IN_THE_SUMMARY
            self.collects = [_new(Collect, (s.player, s.won[0], None, 1))
                             for s in self.summary_seats if s.won]
        return super().finish()

    def currency(self) -> str:
        if self.head["tournament"] is not None:
            return "chips"
        if self.play_money:
            return "play"
        return super().currency()

    def stakes(self) -> Stakes:
        stakes = super().stakes()
        if self.capper is None:
            return stakes
        player, at = self.capper
        cap = sum((a.amount for a in self.actions[:at + 1]
                   if a.player == player and a.kind not in _NO_BET), ZERO)
        return replace(stakes, cap=cap)
