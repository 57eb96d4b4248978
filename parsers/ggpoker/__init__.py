"""GGPoker and its skins (Natural8, ...), which write the same text: cash games (#HD),
Rush & Cash (#RC), Spin & Gold (#SG), tournaments (#TM) and Battle Royale (#BR).

GG writes the PokerStars family's format (parsers/base); its grammar (grammar.lark)
says where it differs, and this module declares the rest: how the differing lines
are read (``GGBuilder``), which hands are of another game, and GG's rules.
"""
from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

from engine.model.hand import ZERO, Kind, Show, Stakes, Street, Structure
from engine.rules.room_rules import RoomRules
from parsers.base.builder import RUNS, Builder
from parsers.base.room import Room, summary_lists_every_seat
from parsers.base.text import TextParser
from parsers.base.values import money
from parsers.base.values import cards as read_cards
from parsers.ggpoker.names import names_agree
from parsers.ggpoker.summary import summary as tournament_summary

SITE = "GGPoker"
PREDEAL = Street.PREDEAL
FEES = ("jackpot", "bingo", "fortune", "tax")  # the pot line's fields besides the rake


class GGBuilder(Builder):
    """The base builder, reading the lines GG writes its own way."""
    DEALT_TO_EVERYONE = True  # a "Dealt to" line for every player, cards on the hero's

    PLACEHOLDERS = {**Builder.PLACEHOLDERS,
                    "DATE": r"\d{4}\/\d\d?\/\d\d? \d\d?:\d\d(?::\d\d)?",
                    "ROLES": r"(?: \((?:button|small blind|big blind)\))*"}

    SITE = SITE
    silent = Builder.silent | {"EV_CASHOUT", "INSURANCE"}
    # another game's header: Omaha, PLO-5, Short Deck, ...
    HOLDEM = ("Hold'em No Limit", "Hold'em Pot Limit", "Hold'em Limit", "Hold'em Fixed Limit")
    NOT_HOLDEM = ("ShortDeck", "Short Deck", "6+ Hold'em")
    OTHER_GAME = re.compile(
        r".*?Poker Hand #(?P<hand_id>[A-Z]*\d+): +(?:Tournament #\d+, .*? )?"
        r"(?P<game>Omaha Hi/Lo|Omaha|PLO-?\d*(?: Hi/Lo)?|ShortDeck|Short Deck|6\+ Hold'em|[^ ]+)"
        r"(?: (?P<limit>No Limit|Pot Limit|Fixed Limit|Limit))? *[-(]")

    @classmethod
    def game_structure(cls, game, limit):
        # PLO without a limit is pot limit
        return super().game_structure(game, limit) or (Structure.POT_LIMIT if "PLO" in game
                                                        else None)

    def tournament_cost(self) -> tuple[None, None]:
        return None, None  # the header names the tournament ("Daily Special $250"), not its buy-in

    def HEADER(self, hand_id, kind, tournament, title, limit, level, sb, bb, ante, date, tz):
        self.header(limit, site=self.SITE, hand_id=hand_id, zoom=kind == "RC" or None,
                    tournament=tournament, buy_in=title, level=level, sb=sb, bb=bb, date=date,
                    tz=tz)
        if ante:  # written inside the level since 2021: "Level10(250/500(60))"
            self.ante = money(ante)


    # Bet & Muck: a bet (or raise) that gives the hand up if it is called
    def BET_MUCK(self, player, amount, all_in):
        self.BET(player, amount, all_in)

    def RAISE_MUCK(self, player, by, to, all_in):
        self.RAISE(player, by, to, all_in, None)

    def BET_MUCK_FOLDS(self, player):
        # facing a raise, a fold; called, the betting is over: the cards go to the muck
        # unseen, the hand conceded at the showdown (the SUMMARY: "folded on the River")
        put = self.put
        if any(chips > put.get(player, ZERO) for chips in put.values()):
            self.FOLD(player, None)
        else:
            self.MUCKS(player)

    def STRADDLE(self, player, amount, all_in):
        self._post(Kind.POST_STRADDLE, player, amount, all_in)

    def CASH_DROP(self, amount):
        self.added.append(("cash drop", money(amount)))

    # EV Cashout: the room pays a player who cashed out and lost; one who cashed out
    # and won pays the room the difference (``cash_outs``: what the room paid, fee)
    def CASHOUT(self, player, amount):
        self.cash_outs.append((player, money(amount), ZERO))

    def CASHOUT_RISK(self, player, amount):
        self.cash_outs.append((player, -money(amount), ZERO))

    def INSURANCE_PREMIUM(self, player, amount):
        self.cash_outs.append((player, -money(amount), ZERO))

    def TOTAL_POT(self, total, rake, jackpot, bingo, fortune, tax):
        fees = tuple((kind, money(amount)) for kind, amount
                     in zip(FEES, (jackpot, bingo, fortune, tax)) if amount)
        added = sum((amount for _, amount in self.added), ZERO)
        self.pot = (money(total), money(rake) if rake else ZERO, (), fees, added)

    def BOARD(self, run, cards):
        # a later run's board lists only the cards that differ from the first run's
        board = read_cards(cards)
        number = RUNS[run]
        first = self.summary_boards.get(1, ())
        if number > 1 and len(board) < 5:
            board = first[:5 - len(board)] + board
        self.summary_boards[number] = board

    def stakes(self) -> Stakes:
        # BLINDS_AS_POSTED: a tournament's first hand of a new level is written with the
        # new level's blinds but played at the previous ones: the blinds posted (by
        # players left with chips behind: GG does not write a post all-in) are the hand's
        stakes = super().stakes()
        if self.head["tournament"] is None:
            return stakes
        bb = self._posted(Kind.POST_BB)
        if bb is None or not 0 < bb < stakes.big_blind:  # (the previous level's are lower)
            return stakes
        return Stakes(self._posted(Kind.POST_SB) or stakes.small_blind, bb, stakes.ante)

    def _posted(self, kind: str) -> Decimal | None:
        """The first blind of this kind, if its poster had chips left after it."""
        for a in self.actions:
            if a.street != PREDEAL:
                break
            if a.kind == kind:
                spent = sum((b.amount for b in self.actions
                             if b.player == a.player and b.street == PREDEAL), ZERO)
                stack = next((s[2] for s in self.seats if s[1] == a.player), ZERO)
                return a.amount if spent < stack else None
        return None

    # ------------------------------------------------------------ streets and shows
    def FIRST_FLOP(self, cards):
        self.FLOP(cards)

    def FIRST_TURN(self, board, cards):
        self.TURN(board, cards)

    def SHOWS(self, player, cards, hand_name):
        # GG shows the cards at the all-in and names the hand as it then stands
        self.shows.append(Show(player, read_cards(cards), True, hand_name, self.run,
                               len(self.boards.get(self.run, ()))))

    # ------------------------------------------------------------ the SUMMARY's seats
    def _time_bank(self, player: str, card_in: str | None, card_out: str | None) -> None:
        """A time bank card: bought from the other players, who share its price."""
        if card_in:
            self.cash_outs.append((player, money(card_in), ZERO))
        elif card_out:
            self.cash_outs.append((player, -money(card_out), ZERO))

    def SUMMARY_FOLDED(self, seat, player, card_in, card_out, street, hand_name):
        self._time_bank(player, card_in, card_out)
        super().SUMMARY_FOLDED(seat, player, street)  # (the name of cards not shown: left)

    def SUMMARY_COLLECTED(self, seat, player, card_in, card_out, collected, won):
        self._time_bank(player, card_in, card_out)
        super().SUMMARY_COLLECTED(seat, player, collected, won)

    def SUMMARY_MUCKED(self, seat, player, card_in, card_out, cards, won):
        self._time_bank(player, card_in, card_out)
        super().SUMMARY_MUCKED(seat, player, cards, won, None)

    def SUMMARY_SHOWED(self, seat, player, card_in, card_out, cards, won1, name1, won2, name2,
                       won3, name3, note, note_amount):
        # (the note repeats a cash-out line of the hand: "Cashout Risk ($22.68)"; its
        # amount must be one, though, like every amount of a line)
        if note_amount is not None:
            money(note_amount)
        self._time_bank(player, card_in, card_out)
        if " " not in cards:
            cards = ""  # one card shown (GG lets a player show one): not their hole cards
        super().SUMMARY_SHOWED(seat, player, cards, won1, name1, won2, name2, won3, name3,
                               None)


parse_hand = TextParser(Path(__file__).with_name("grammar.lark"), GGBuilder)

# How GG's hands are judged, where it differs from the standard rules: its own hand
# names; a player all-in on a blind may be folded (GG folds a player away, though it
# does not write them sitting out)
RULES = RoomRules(SITE, hand_names=names_agree, blind_all_in_folds=True,
                  writes_rebuys=True)

ROOM = Room(
    name="ggpoker", title="GGPoker",
    # "Poker Hand #RC3793509322: " (even mid-line, in files cut and joined), but not
    # other formats' "Run It Once Poker Hand #30266126:", "CoinPoker Hand #6347530307:"
    start=re.compile(r"(?<!Run It Once )(?<!Coin)Poker Hand #[A-Z]*\d+: "),
    parse=parse_hand,
    rules=RULES,
    whole=summary_lists_every_seat,
    # GG's house rules (7.1.2): a third-party tool is permitted only if it tiles tables
    # or runs hotkeys; a HUD is not
    forbids_live_tools=True,
    summary=tournament_summary,
)
