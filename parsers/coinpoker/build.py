"""CoinPoker's lines → the engine's Hand: the base Builder, told how CoinPoker writes.

CoinPoker's conventions, read here (each named where it applies):
``TETHER`` — cash tables play in tether: amounts written "₮0.02" (2026) or without a
sign (2024-2025, whose tables are named "NL ₮2 I") are USDT; tournament amounts are
chips ("(50/100 ante 13 play)");
``ALL_IN_RAISE_ADDS`` — "raises 0.46 and is all-in", without "to", gives what the
raise adds (the player's street total is what they had in plus it);
``ALLIN_IS_BET_RAISE_OR_CALL`` — 2026's "ALLIN x" adds x: a bet where nothing was bet
on the street, a call where x makes no more than the bet to call (all-in for less or
exactly), a raise where it makes more;
``RETURN_IS_UNCALLED`` — 2026's "RETURN x" is the uncalled bet returned (CoinPoker
writes it, in a walk too); 2024-2025 write "Uncalled bet (x) returned to" after the
flop, but no line for an uncalled bet before it (a walk's big blind, an all-in raise
nobody called): the bettor's "collected" holds it, as the total pot does
(``RoomRules.uncalled_bet=UNCALLED_COLLECTED``);
``SIDE_POT_NUMBERED`` — "collected 52 from side-pot 1" names side pot 1; where a hand
names side pots, its "collected ... from pot" lines are the main pot's;
``SPLASH_PAID_OR_KEPT`` — "SPLASH dropped x" is money the room drops into the pot
(in the total pot it writes); where what was collected, the rake and the fees make
the total pot without it, the room took it back unpaid (seen in hands won without a
showdown): the Hand keeps it as a fee, "splash kept";
``NO_BLIND_SITS_OUT`` — a player who "didn't post big blind" is not dealt in
(the SUMMARY lists them as folded before the flop);
``DEALT_NAMES_WHO_PLAYS`` — 2026 writes a "Dealt to" line for every player dealt in
(cards only for the hero's): a seated player it does not name was not dealt in;
``EMPTY_BOARD_WRITTEN`` — "Board [ ]" is no board;
``ZONES_AS_THE_PLAYER_S`` — the time zone is the player's computer's, as a name
("CEST", "EDT", "GMT", "UTC") or an offset ("+08", "+00"); a name that stands for
several zones ("CST", "IST") gives no UTC time;
``SUMMARY_WON_IS_THE_FIRST_POT`` — 2026's SUMMARY gives a player who collected from
several pots only what they collected first ("won (₮5.69)" after "collected ₮5.69
from pot" and "collected ₮0.10 from pot"): such a line is read as naming every pot
they collected; one naming another amount is left as written.
"""
from __future__ import annotations

import re
from dataclasses import replace
from datetime import timedelta
from decimal import Decimal
from functools import lru_cache

from engine.model.hand import (ZERO, Action, Collect, Hand, Kind, Stakes, Street, Structure,
                               SummarySeat, UnsupportedHand)
from parsers.base.builder import Builder
from parsers.base.values import AMOUNT
from parsers.base.values import cards as read_cards
from parsers.base.values import money as plain_money

PREDEAL, PREFLOP = Street.PREDEAL, Street.PREFLOP
FOLD, CHECK, CALL, BET, RAISE = Kind.FOLD, Kind.CHECK, Kind.CALL, Kind.BET, Kind.RAISE
LIMITS = {"No Limit": Structure.NO_LIMIT, "Pot Limit": Structure.POT_LIMIT,
          "Limit": Structure.FIXED_LIMIT, "Fixed Limit": Structure.FIXED_LIMIT,
          "NLH": Structure.NO_LIMIT, "PLH": Structure.POT_LIMIT,
          "FLH": Structure.FIXED_LIMIT}
SITE = "CoinPoker"
# the endings of a game's name that say it is Hold'em
HOLDEM_ENDINGS = ("Hold'em No Limit", "Hold'em Pot Limit", "Hold'em Limit", "Hold'em Fixed Limit",
                  "NLH", "PLH", "FLH")
_LEVEL = re.compile(r" - Level \w+$")
# another game's structure: the first of these words its name holds
GAME_STRUCTURES = {"PLO": Structure.POT_LIMIT, "Pot Limit": Structure.POT_LIMIT,
                   "No Limit": Structure.NO_LIMIT, "NLO": Structure.NO_LIMIT}
# ZONES_AS_THE_PLAYER_S: the 2026 client writes its player's own zone; these names
# stand for more than one (CST: China's and the American Central; IST: India's,
# Ireland's, Israel's), so no UTC time is taken from them
AMBIGUOUS_ZONES = frozenset({"CST", "IST"})
TETHER = "USDT"
_new = tuple.__new__


@lru_cache(maxsize=8192)
def money(text: str) -> Decimal:
    """'₮1.35' (or '1.35', '5000') → Decimal('1.35')."""
    return plain_money(text[1:] if text[:1] == "₮" else text)


class CoinBuilder(Builder):
    """Builds one Hand from CoinPoker's lines (see the module doc)."""
    DEALT_TO_EVERYONE = True  # a "Dealt to" line for every player, cards on the hero's

    PLACEHOLDERS = {**Builder.PLACEHOLDERS, "M": "₮?" + AMOUNT,
                    "DATE": r"\d{4}\/\d\d?\/\d\d? \d\d?:\d\d(?::\d\d)?",
                    "ROLES": r"(?: \((?:button|small blind|big blind|straddle)\))*"}
    money = staticmethod(money)  # TETHER
    SITE = SITE
    limits = LIMITS
    silent = Builder.silent | {"RUN_COUNT", "GAME_ENDED", "EVENT"}
    # another game's header (PLO 4, PLO 5, Omaha, ...): the game stands between the hand's
    # number (and tournament) and the stakes
    OTHER_GAME = re.compile(r"CoinPoker Hand #(?P<hand_id>\d+): +(?:Tournament #\d+, )?"
                            r"(?P<game>.*) \(")

    @classmethod
    def unsupported(cls, fields, text):
        game = _LEVEL.sub("", fields["game"])
        if game.endswith(HOLDEM_ENDINGS):
            return None
        if game.endswith(" BombPot"):
            # every player antes, no betting before a flop, often two boards: the engine
            # does not play it
            limit = game[:-len(" BombPot")].rsplit(" ", 1)[-1]
            return UnsupportedHand(SITE, fields["hand_id"], "Hold'em bomb pot",
                                   LIMITS.get(limit), None, None, text)
        return super().unsupported({**fields, "game": game}, text)

    @classmethod
    def game_structure(cls, game, limit):
        return next((s for word, s in GAME_STRUCTURES.items() if word in game), None)

    def tournament_cost(self) -> tuple[None, None]:
        return None, None  # the header names the tournament ("Bankroll Starter Freeroll"), not its buy-in

    def __init__(self) -> None:
        super().__init__()
        self.splash = ZERO
        self.play = False
        self.not_posted: set[str] = set()
        self.named: set[str] = set()  # the players a "Dealt to" line names

    # ------------------------------------------------------------ the header
    def HEADER(self, hand_id, tournament, title, limit, short, level, sb, bb, ante, level_ante,
               table_ante, code, play, date, tz):
        self.header(limit or short, site=SITE, hand_id=hand_id, tournament=tournament,
                    buy_in=title, level=level, sb=sb, bb=bb, date=date, tz=tz)
        ante = ante or level_ante or table_ante
        if ante:
            self.ante = money(ante)
        self.play = play is not None

    def SEAT(self, seat, player, stack, out):
        self.seats.append((int(seat), player, money(stack), out is not None, None))

    # ------------------------------------------------------------ blinds and antes
    def SPLASH(self, amount):
        value = money(amount)
        self.splash += value
        self.added.append(("splash", value))

    def NO_BLIND(self, player):  # NO_BLIND_SITS_OUT
        self.not_posted.add(player)

    def _posted(self, kind: str, player: str, amount: str, all_in: str | None) -> None:
        street = self.street
        if street == PREFLOP:  # (2026 writes a straddle after the "Dealt to" lines)
            self.street = PREDEAL
        self._post(kind, player, amount, all_in)
        self.street = street

    def POST_SB(self, player, amount, all_in):
        self._posted(Kind.POST_SB, player, amount, all_in)

    def POST_BB(self, player, amount, all_in):
        self._posted(Kind.POST_BB, player, amount, all_in)

    def POST_ANTE(self, player, amount, all_in):
        self._posted(Kind.POST_ANTE, player, amount, all_in)

    def POST_STRADDLE(self, player, amount, all_in):
        self._posted(Kind.POST_STRADDLE, player, amount, all_in)

    def POST_DEAD(self, player, amount, all_in):
        self._posted(Kind.POST_DEAD, player, amount, all_in)

    def TABLE(self, tournament_name, table, max_seats, button):
        super().TABLE(table, max_seats, button)  # (the header names the tournament too)

    # ------------------------------------------------------------ the betting
    def DEALT(self, player, cards):
        super().DEALT(player, cards)
        self.named.add(player)

    def RAISE(self, player, by, to, all_in):
        added = money(by)
        put = self.put
        before = put.get(player, ZERO)
        # "raises X to Y": Y is the street total; ALL_IN_RAISE_ADDS: without "to", X is added
        total = money(to) if to else before + added
        put[player] = total
        self.actions.append(_new(Action, (self.street, player, RAISE, total - before, total,
                                          all_in is not None, self.line)))

    def ALL_IN(self, player, amount):
        # ALLIN_IS_BET_RAISE_OR_CALL: by what it makes against the bet to call
        value = money(amount)
        put = self.put
        total = put.get(player, ZERO) + value
        top = max(put.values(), default=ZERO)
        if self.street == PREFLOP and self.saw_big_blind:
            top = max(top, self.big_blind)  # a short big blind is still the bet to call
        put[player] = total
        if not top:
            kind, to = BET, total
        elif total <= top:
            kind, to = CALL, None
        else:
            kind, to = RAISE, total
        self.actions.append(_new(Action, (self.street, player, kind, value, to, True,
                                          self.line)))

    # ------------------------------------------------------------ after the betting
    def RETURN(self, player, amount):  # RETURN_IS_UNCALLED
        self.uncalled.append((player, money(amount)))

    def FIRST_FLOP(self, cards):
        self.FLOP(cards)

    def FIRST_TURN(self, board, cards):
        self.TURN(board, cards)

    def COLLECTED(self, player, amount, main, side_n):
        # SIDE_POT_NUMBERED: "from pot" is settled in finish()
        pot = 0 if main else int(side_n) if side_n else None
        self.collects.append(_new(Collect, (player, money(amount), pot, self.run)))

    # ------------------------------------------------------------ the SUMMARY
    def TOTAL_POT(self, total, rake, splash_fee, jackpot):
        fees = tuple((kind, money(amount)) for kind, amount
                     in (("splash fee", splash_fee), ("jackpot", jackpot)) if amount)
        self.pot = (money(total), money(rake), (), fees, self.splash)

    def BOARD(self, run, cards):
        board = read_cards(cards)
        if board:  # EMPTY_BOARD_WRITTEN: "Board [ ]" is none
            super().BOARD(run, cards)

    def SUMMARY_SHOWED(self, seat, player, cards, won1, name1, won2, name2, won3, name3):
        won = tuple(money(w) for w in (won1, won2, won3) if w)
        names = tuple(n for n in (name1, name2, name3) if n)
        self.summary_seats.append(_new(SummarySeat, (int(seat), player, "showed", None,
                                                     read_cards(cards), won, names)))

    def SUMMARY_MUCKED(self, seat, player, cards):
        self.summary_seats.append(_new(SummarySeat, (int(seat), player, "mucked", None,
                                                     read_cards(cards), (), ())))

    def SUMMARY_CASHED_OUT(self, seat, player, cards, amount, fee):
        self.summary_seats.append(_new(SummarySeat, (int(seat), player,
                                                     "showed" if cards else "mucked", None,
                                                     read_cards(cards), (), ())))

    def SUMMARY_COLLECTED(self, seat, player, won1, won2, won3):
        won = tuple(money(w) for w in (won1, won2, won3) if w)
        self.summary_seats.append(_new(SummarySeat, (int(seat), player, "collected", None,
                                                     (), won, ())))

    # ------------------------------------------------------------ the Hand
    def stakes(self) -> Stakes:
        sb = money(self.head["sb"])
        if self.structure == Structure.FIXED_LIMIT:
            small_bet, big_bet = sb, money(self.head["bb"])
            return Stakes(self.small_blind_posted or small_bet / 2, small_bet, self.ante,
                          small_bet=small_bet, big_bet=big_bet)
        return Stakes(sb, self.big_blind, self.ante)

    def currency(self) -> str:
        if self.head["tournament"] is not None:
            return "chips"
        return "play" if self.play else TETHER  # TETHER

    def finish(self) -> Hand:
        collects = self.collects
        if any(c.pot for c in collects):  # SIDE_POT_NUMBERED: "from pot" is the main pot
            self.collects = [c._replace(pot=0) if c.pot is None else c for c in collects]
        away = self.not_posted
        if len(self.named) > 1:  # DEALT_NAMES_WHO_PLAYS: the others were not dealt in
            away = away | {s[1] for s in self.seats if s[1] not in self.named}
        if away:  # NO_BLIND_SITS_OUT
            self.seats = [(seat, player, stack, out or player in away, bounty)
                          for seat, player, stack, out, bounty in self.seats]
        if len(self.collects) > 1:  # SUMMARY_WON_IS_THE_FIRST_POT
            self._first_pot_won()
        if self.splash and self.pot is not None:  # SPLASH_PAID_OR_KEPT
            total, rake, pots, fees, added = self.pot
            paid = sum((c.amount for c in self.collects), ZERO) + rake \
                + sum((a for _, a in fees), ZERO)
            if paid == total - self.splash:
                self.pot = (total, rake, pots, fees + (("splash kept", self.splash),), added)
        hand = super().finish()
        tz = self.head["tz"]
        if tz in AMBIGUOUS_ZONES:  # ZONES_AS_THE_PLAYER_S
            hand = replace(hand, played_at_utc=None)
        elif tz and tz[0] in "+-":  # a zone written as its offset from UTC: "+08", "-05:00"
            hours, minutes = int(tz[1:3]), int(tz[-2:]) if len(tz) > 3 else 0
            offset = timedelta(hours=hours, minutes=minutes)
            utc = hand.played_at - offset if tz[0] == "+" else hand.played_at + offset
            hand = replace(hand, played_at_utc=utc)
        return hand

    def _first_pot_won(self) -> None:
        by_player: dict[str, list[Decimal]] = {}
        for c in self.collects:
            by_player.setdefault(c.player, []).append(c.amount)
        seats = self.summary_seats
        for i, s in enumerate(seats):
            got = by_player.get(s.player)
            if got and len(got) > 1 and len(s.won) == 1 and s.won[0] == got[0]:
                seats[i] = s._replace(won=(sum(got, ZERO),))
