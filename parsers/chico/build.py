"""How the Chico network writes a hand (grammar.lark: its lines), read by the base Builder.

Conventions, named where applied: ``BLINDS_AS_POSTED`` (a tournament's header writes
"$10.00/$20.00" whatever the level: the stakes are the blinds posted),
``ZERO_ANTE_IS_NONE`` ("ante processed 0.00" posts nothing), ``POST_DEAD_ADDS_SMALL_BLIND``
("post dead 0.50" is the big blind live and the small blind dead; "post dead 0.00" the
small blind only), ``ONE_POT_A_LINE`` (one "Total pot" line a pot, the 2011 client
writing some twice: the SUMMARY's total is their sum, net of the rake, which each line
repeats), ``COLLECTED_IN_SUMMARY`` (what a player won is written in the SUMMARY only),
``ZERO_COLLECTED`` ("collected (0.00)": not dealt in, or, having played to the end,
beaten without showing), ``SILENT_SEAT_SAT_OUT`` (a seat of whom the hand says nothing,
the SUMMARY leaving it out, was not dealt in), ``BOARD_IN_SUMMARY`` (the streets dealt once the betting is
over are written in the SUMMARY's board only), ``ZONE_AS_NAMED`` (the clock's zone by
its Windows name, each with its own offset), ``LEAVING_FOLDS`` (a player in the hand
who "has left the table" folds, when the turn comes to their seat).
"""
from __future__ import annotations

import re
from datetime import datetime, timedelta
from decimal import Decimal

from engine.model.hand import ZERO, Action, Collect, Hand, Kind, Show, Stakes, SummarySeat, UnsupportedHand
from parsers.base.builder import PREDEAL, Builder
from parsers.base.values import cards as read_cards
from parsers.base.values import half_blind, stamp

# the brands as a header names them → the site each is stored as
SITE_BY_BRAND = {"BetOnline Poker": "BetOnline", "SportsBetting.ag Poker": "SportsBetting.ag",
                 "Tiger Gaming": "Tiger Gaming", "PayNoRake": "PayNoRake",
                 "ActionPoker.com": "ActionPoker", "Gear Poker": "Gear Poker"}
BRAND = "|".join(map(re.escape, SITE_BY_BRAND))
# ZONE_AS_NAMED: the hours each zone the clock names is behind UTC
ZONE_OFFSETS = {"Eastern Daylight Time": -4, "Eastern Standard Time": -5, "EDT": -4, "EST": -5,
                "Central Daylight Time": -5, "Central Standard Time": -6,
                "Mountain Daylight Time": -6, "Mountain Standard Time": -7,
                "Pacific Daylight Time": -7, "Pacific Standard Time": -8,
                "GMT Daylight Time": 1, "GMT Standard Time": 0}
# another game's header, or Omaha under a Hold'em header (Chico heads its PLO tables
# "Hold'em Pot Limit" and deals four cards: OMAHA_AS_HOLDEM)
OTHER_GAME = re.compile(rf"(?P<brand>{BRAND}) Game #(?P<hand_id>\d+): +(?:Tournament #\d+: +)?"
                        r"(?P<game>Omaha Hi/Lo|Omaha|Razz|7 Card Stud Hi/Lo|7 Card Stud|Badugi|"
                        r"Triple Draw 2-7 Lowball|Single Draw 2-7 Lowball|5 Card Draw|Hold'em)"
                        r"(?: (?P<limit>No Limit|Pot Limit|Limit))?")
_FOUR_CARDS = re.compile(r"^(?:Dealt to .*? \[|.* shows )\S+ \S+ \S+ \S+\]?$", re.MULTILINE)


class ChicoBuilder(Builder):
    """The base builder, reading the lines Chico writes its own way (module doc)."""

    PLACEHOLDERS = {**Builder.PLACEHOLDERS, "BRAND": BRAND,
                    "NAME": r".*?"}  # (a stack left at the table has no name: "Seat 4:  (100.00 in chips)")
    site_by_brand = SITE_BY_BRAND
    silent = Builder.silent | {"NOT_RECORDED", "JOINS"}

    @classmethod
    def other_game(cls, first_line: str, text: str) -> UnsupportedHand | None:
        m = OTHER_GAME.match(first_line)
        if m is None:
            return None
        game = m["game"]
        if game == "Hold'em":
            if _FOUR_CARDS.search(text) is None:
                return None
            game = "Omaha"  # OMAHA_AS_HOLDEM
        return UnsupportedHand(cls.site_by_brand[m["brand"]], m["hand_id"], game,
                               cls.game_structure(game, m["limit"]), None, None, text)

    def __init__(self) -> None:
        super().__init__()
        self.pot_lines: list[tuple[Decimal, Decimal | None]] = []
        self.zero_collected: list[tuple[int, str]] = []
        self.left: list[tuple[int, str]] = []  # (the actions before, player) of who left

    def EVENT(self, player):
        self.left.append((len(self.actions), player))

    # ------------------------------------------------------------ header and seats
    def HEADER(self, brand, hand_id, tournament, limit, sb, bb, date, tz):
        self.header(limit or "No Limit", site=self.site_by_brand[brand], hand_id=hand_id,
                    tournament=tournament, sb=sb, bb=bb, date=date, tz=tz)

    def SEAT(self, seat, player, stack, out):
        super().SEAT(seat, player, stack, None, out, None)

    def played_at(self) -> tuple[datetime | None, datetime | None]:
        # ZONE_AS_NAMED: "Eastern Daylight Time" is UTC-4, "GMT Standard Time" UTC
        played_at, tz = stamp(self.head["date"]), self.head["tz"]
        hours = ZONE_OFFSETS.get(tz) if tz else None
        return played_at, None if hours is None else played_at - timedelta(hours=hours)

    # ------------------------------------------------------------ blinds and antes
    def POST_BB(self, player, amount, all_in):
        if self.head["tournament"] is not None and not self.saw_big_blind:
            self.big_blind = self.money(amount)  # BLINDS_AS_POSTED
        super().POST_BB(player, amount, all_in)

    def ANTE(self, player, amount):
        if self.money(amount):  # ZERO_ANTE_IS_NONE
            self._post(Kind.POST_ANTE, player, amount, None)

    def POST_NOW(self, player, amount):
        self._post(Kind.POST_BB, player, amount, None)

    def POST_DEAD_BLINDS(self, player, amount):
        # POST_DEAD_ADDS_SMALL_BLIND: the small blind is dead beside what is written
        live, small = self.money(amount), self.money(self.head["sb"])
        if live:
            self._post(Kind.POST_SB_BB, player, str(live + small), None)
        else:
            self._post(Kind.POST_DEAD, player, str(small), None)

    # ------------------------------------------------------------ betting and showdown
    def DEALT(self, player, cards):
        if cards:  # "Dealt to Player2 []": the owner sat at the table, not dealt in
            super().DEALT(player, cards)

    def RAISE(self, player, by, to, all_in):
        super().RAISE(player, by, to, all_in, None)

    def SHOWS(self, player, cards):
        self.shows.append(Show(player, read_cards(cards), True, None, self.run, None))

    def POT(self, total, rake):
        line = (self.money(total), self.money(rake) if rake else None)
        if not self.pot_lines or self.pot_lines[-1] != line:  # ONE_POT_A_LINE: (written twice)
            self.pot_lines.append(line)

    # ------------------------------------------------------------ the SUMMARY
    def BOARD(self, run, cards):
        if cards:  # "Board []": none dealt
            super().BOARD(run, cards)

    def SUMMARY_SHOWED(self, seat, player, cards, won):
        self.summary_seats.append(SummarySeat(int(seat), player, "showed",
                                              cards=read_cards(cards),
                                              won=(self.money(won),) if won else ()))

    def SUMMARY_COLLECTED(self, seat, player, collected):
        amount = self.money(collected)
        if amount:
            self.summary_seats.append(SummarySeat(int(seat), player, "collected",
                                                  won=(amount,)))
        else:
            self.zero_collected.append((int(seat), player))

    # ------------------------------------------------------------ the Hand
    def stakes(self) -> Stakes:
        stakes = super().stakes()
        if self.head["tournament"] is None:
            return stakes
        # BLINDS_AS_POSTED: a blind that is the poster's whole stack says nothing of the
        # level; a small blind not known is half the big blind
        bb = self._posted(Kind.POST_BB) or stakes.big_blind
        sb = self._posted(Kind.POST_SB) or half_blind(bb)
        return Stakes(sb, bb, stakes.ante)

    def _posted(self, kind: str) -> Decimal | None:
        """The first blind of this kind, where its poster had chips left after it."""
        stacks = {s[1]: s[2] for s in self.seats}
        for a in self.actions:
            if a.street != PREDEAL:
                break
            if a.kind == kind:
                return a.amount if a.amount < stacks.get(a.player, ZERO) else None
        return None

    def _settle_summary(self) -> None:
        """COLLECTED_IN_SUMMARY, ZERO_COLLECTED, ONE_POT_A_LINE and BOARD_IN_SUMMARY."""
        for s in self.summary_seats:
            for amount in s.won:
                self.collects.append(Collect(s.player, amount))
        acted = {a.player for a in self.actions if a.kind != Kind.FOLD}
        folded = {a.player for a in self.actions if a.kind == Kind.FOLD}
        out = set()
        for seat, player in self.zero_collected:
            if player in acted - folded:
                self.shows.append(Show(player, (), False, None, self.run))
                self.summary_seats.append(SummarySeat(seat, player, "mucked"))
            else:
                out.add(player)
                self.summary_seats.append(SummarySeat(seat, player, "sat out"))
        # SILENT_SEAT_SAT_OUT: a seat of whom the hand says nothing (one who left the table
        # before their turn, whom the SUMMARY leaves out) was not dealt in
        named = acted | folded | self.dealt.keys() | {s.player for s in self.summary_seats}
        self.seats = [(n, p, stack, sat or p in out or p not in named, bounty)
                      for n, p, stack, sat, bounty in self.seats]
        if self.pot_lines:
            total = sum((t for t, _ in self.pot_lines), ZERO)
            self.pot = (total, self.pot_lines[-1][1] or ZERO, (), (), ZERO)
        board, dealt = self.summary_boards.get(1, ()), self.boards.get(1, ())
        if len(board) > len(dealt) and board[:len(dealt)] == dealt:
            self.boards[1] = board

    def _leavers_fold(self) -> None:
        """LEAVING_FOLDS: each player still in the hand who left the table folds at the
        first action after theirs, in turn, of a player seated after them."""
        folded = {a.player for a in self.actions if a.kind == Kind.FOLD}
        played = {a.player for a in self.actions}
        seat = {p: n for n, p, *_ in self.seats}
        stack = {p: chips for _, p, chips, *_ in self.seats}
        for at, player in reversed(self.left):
            if player not in played or player in folded or player not in seat:
                continue
            put = sum((a.amount for a in self.actions if a.player == player), ZERO)
            if any(a.all_in for a in self.actions if a.player == player) \
                    or 0 < stack[player] <= put:
                continue  # all-in: in the hand to the end
            street = self.actions[at - 1].street if at else PREDEAL
            prev = self.actions[at - 1].player if at else None
            end = at
            while end < len(self.actions) and self.actions[end].street == street:
                nxt = self.actions[end].player
                if prev is not None and _between(seat.get(prev), seat[player],
                                                 seat.get(nxt), self.button):
                    break
                prev, end = nxt, end + 1
            self.actions.insert(end, Action(street, player, Kind.FOLD, ZERO, None, False,
                                            self.line))
            folded.add(player)

    def finish(self) -> Hand:
        self._leavers_fold()
        self._settle_summary()
        return super().finish()


def _between(a: int | None, b: int, c: int | None, button: int | None) -> bool:
    """Does seat ``b`` come after ``a`` and before ``c``, clockwise from the button?"""
    if a is None or c is None:
        return False
    def place(n: int) -> int:
        return (n - (button or 0) - 1) % 100
    pa, pb, pc = place(a), place(b), place(c)
    return pa < pb < pc if pa < pc else pb > pa or pb < pc
