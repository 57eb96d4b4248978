"""PokerNow's lines (as parsers/pokernow/read.py puts them) → the engine's Hand: the
base Builder, told how PokerNow writes.

Its conventions, read here (each named where it applies):

``AMOUNTS_ARE_STREET_TOTALS`` — "calls 2575", "bets 3650", "raises to 13062": each is the
player's total on the street, not what the action adds.

``RAISE_TO_THE_BET_IS_A_CALL`` — a call of an all-in is sometimes written "raises to" the
bet it calls: read as the call it is.

``PLAYERS_ARE_NAME_AT_ID`` — a player is "name @ id" (the id PokerNow gives the player's
login or device): kept whole as the player's name, so that two players of one name (two
"Guest"s) stay two.

``THE_OWNER_IS_NOT_NAMED`` — "Your hand is Qd, Qs" gives the log owner's cards without
their name: the hero is the player who shows those cards in the hand (else the hand has
no hero, and the cards are not put on a seat).

``STAKES_FROM_THE_POSTS`` — no header names the stakes: the big blind is the first one
posted (none posted, or one all in for less: twice the small blind), the small blind the
one posted (none: half the big blind). "posts a missing small blind" is dead money,
"posts a missed big blind" a live big blind, "posts a straddle" a straddle (the last two
street totals, as every amount: ``AMOUNTS_ARE_STREET_TOTALS``).

``MUCKED_BY_SILENCE`` — PokerNow writes the cards shown at a showdown, never a muck: a
player still in at a showdown who shows nothing has mucked.

``DEAD_BUTTON_BEFORE_THE_BLINDS`` — "(dead button)" names no dealer: the button is on the
seat before the small blind's (an empty one, or a player's who is not dealt in).

``THE_CLOCK_IS_UTC`` — a hand's time is its first row's, written in UTC
("2021-10-10T04:50:17.713Z").

``HAND_NUMBER_AND_ID`` — since 2021 the header writes the hand's id ("(id: 8wngiivxok1b)"),
kept as the hand's number; before it only the game's count of hands ("#280"), which
each game starts again: the count and the row's order ("280-163384141771300") then.

``PLAY_CHIPS`` — PokerNow deals play chips (what a home game settles elsewhere is not in
the log): every hand is play money, never added to cash games' or tournaments' money.
"""
from __future__ import annotations

import re
from datetime import datetime

from engine.model.hand import ZERO, Action, Collect, Kind, Show, Stakes, Street, Structure
from parsers.base.builder import Builder
from parsers.base.errors import ParseError
from parsers.base.values import cards as read_cards
from parsers.base.values import half_blind, seat_number

_new = tuple.__new__
SITE = "PokerNow"
TABLE = "PokerNow"  # (a log names no table: one log is one table's game)
PLACES = 10  # a table's seats, #1 to #10
_SEAT = re.compile(r'#(\d+) "(.+? @ [\w-]+)" \(([^()]*)\)')
LIMITS = {"No Limit": Structure.NO_LIMIT, "Pot Limit": Structure.POT_LIMIT,
          "Limit": Structure.FIXED_LIMIT}
_GAME = re.compile(r"(?P<limit>No Limit|Pot Limit|Limit)? ?(?P<game>.+)")


def read(cards: str) -> tuple[str, ...]:
    """'8s, Ad' → ('8s', 'Ad')."""
    return read_cards(cards.replace(",", " "))


class PokerNowBuilder(Builder):
    """Builds one Hand from PokerNow's lines (see the module doc)."""

    PLACEHOLDERS = {
        **Builder.PLACEHOLDERS,
        "NAME": r'[^"]+? @ [\w-]+',
        "CARDS": r"[2-9TJQKA][shdc](?:, [2-9TJQKA][shdc])*",
    }
    SHARED_PREFIXES = ('"(?P<player>{NAME})" ',)
    SITE = SITE
    silent = frozenset({"ENDING", "EVENT", "BEFORE", "UNDEALT", "RUN_TWICE_ASKED", "RUN_TWICE_CHOICE",
                        "RUN_TWICE_AGREED"})
    HOLDEM = ("Texas Hold'em)", "Texas Hold'em (")
    # another game's header: Pot Limit Omaha Hi, Pot Limit Omaha Hi/Lo 8 or Better, ...
    OTHER_GAME = re.compile(
        r"-- starting hand #(?P<number>\d+) +(?:\(id: (?P<hand_id>[\w-]+)\) +)?\(?"
        r"(?P<limit>No Limit|Pot Limit|Limit)? ?(?P<game>[^()]+?)\)? +\(.*?\) --"
        r"(?: at (?P<at>\S*) order (?P<order>\d*))?")

    @classmethod
    def unsupported(cls, fields, text):
        hand = super().unsupported({**fields, "hand_id": hand_number(fields)}, text)
        return hand

    def __init__(self) -> None:
        super().__init__()
        self.your_cards: tuple[str, ...] = ()
        self.dealer: str | None = None
        self.at = ""

    # ------------------------------------------------------------ the header
    def HEADER(self, number, hand_id, game, dealer, dead_button, at, order):
        m = _GAME.fullmatch(game)
        self.structure = LIMITS[m.group("limit") or "No Limit"]
        self.head = {**self.HEAD, "site": SITE, "date": at, "tz": "UTC",
                     "hand_id": hand_number({"number": number, "hand_id": hand_id,
                                             "at": at, "order": order})}
        self.dealer = dealer
        self.at = at or ""
        self.table = TABLE

    def SEATS(self, seats):
        for number, player, stack in _SEAT.findall(seats):
            if any(s[1] == player for s in self.seats):
                raise ParseError(self.line, "two seats of one name", player)
            self.seats.append((seat_number(number), player, self.money(stack), False, None))
        if not self.seats:
            raise ParseError(self.line, "no seat in the stacks' line", seats[:80])
        if self.dealer is not None:
            self.button = next((s[0] for s in self.seats if s[1] == self.dealer), None)
            if self.button is None:
                raise ParseError(self.line, "the dealer is not seated", self.dealer)

    def YOUR_HAND(self, cards):
        self.your_cards = read(cards)

    # ------------------------------------------------------------ blinds and antes
    def POST_SB(self, player, amount, all_in):
        self._post(Kind.POST_SB, player, amount, all_in)

    def POST_BB(self, player, amount, all_in):
        if not self.saw_big_blind and not all_in:
            self.big_blind = self.money(amount)
        self._post(Kind.POST_BB, player, amount, all_in)

    def POST_STRADDLE(self, player, amount, all_in):
        # a small blind who straddles "posts a straddle of 40": 40 in all (30 more)
        self._post_to(Kind.POST_STRADDLE, player, amount, all_in)

    def POST_MISSED_BB(self, player, amount, all_in):
        # live: a player back on the small blind who "posts a small blind of 1" and
        # "posts a missed big blind of 3" adds 2
        self.saw_big_blind = True
        self._post_to(Kind.POST_BB, player, amount, all_in)

    def _post_to(self, kind: str, player: str, amount: str, all_in: str | None) -> None:
        """A post whose amount is the player's street total (AMOUNTS_ARE_STREET_TOTALS)."""
        total = self.money(amount)
        added = total - self.put.get(player, ZERO)
        self.put[player] = total
        self.actions.append(_new(Action, (self.street, player, kind, added, None,
                                          all_in is not None, self.line)))

    def POST_DEAD(self, player, amount, all_in):
        self._post(Kind.POST_DEAD, player, amount, all_in)

    # ------------------------------------------------------------ the betting
    def _deal(self) -> None:
        """The first action after the posts: the hole cards are dealt."""
        if self.street == Street.PREDEAL:
            self.street = Street.PREFLOP

    def FOLD(self, player):
        self._deal()
        super().FOLD(player, None)

    def CHECK(self, player):
        self._deal()
        super().CHECK(player)

    def CALL(self, player, amount, all_in):
        # AMOUNTS_ARE_STREET_TOTALS
        self._deal()
        total = self.money(amount)
        added = total - self.put.get(player, ZERO)
        if added < ZERO:
            raise ParseError(self.line, "a call to less than the player has in", amount)
        self.put[player] = total
        self.actions.append(_new(Action, (self.street, player, Kind.CALL, added, None,
                                          all_in is not None, self.line)))

    def BET(self, player, amount, all_in):
        self._deal()
        total = self.money(amount)
        added = total - self.put.get(player, ZERO)
        self.put[player] = total
        self.actions.append(_new(Action, (self.street, player, Kind.BET, added, total,
                                          all_in is not None, self.line)))

    def RAISE(self, player, to, all_in):
        # RAISE_TO_THE_BET_IS_A_CALL: "raises to 39433" where 39433 is the bet to call
        self._deal()
        if self.money(to) == max(self.put.values(), default=None) != self.put.get(player):
            self.CALL(player, to, all_in)
            return
        super().RAISE(player, to, to, all_in, None)

    # ------------------------------------------------------------ the streets
    def FLOP(self, cards):
        super().FLOP(cards.replace(",", " "))

    def TURN(self, board, cards):
        super().TURN(board.replace(",", " "), cards)

    def RIVER(self, board, cards):
        super().RIVER(board.replace(",", " "), cards)

    def RUN_FLOP(self, run, cards):
        super().RUN_FLOP(run.upper(), cards.replace(",", " "))

    def RUN_TURN(self, run, board, cards):
        self.run_board(run, board, cards, Street.TURN)

    def RUN_RIVER(self, run, board, cards):
        self.run_board(run, board, cards, Street.RIVER)

    def run_board(self, run: str, board: str, cards: str, street: Street) -> None:
        self._street(street, 2, read(board) + read(cards))

    # ------------------------------------------------------------ after the betting
    def SHOWS(self, player, cards):
        super().SHOWS(player, cards.replace(",", " "), None)

    def COLLECTED(self, player, amount, hand_name, second, best):
        value = self.money(amount)
        if not value:
            return  # "collected 0 from pot" (a walk's big blind, the blind given back)
        self.collects.append(_new(Collect, (player, value, None,
                                            2 if second else 1)))

    # ------------------------------------------------------------ the Hand
    def finish(self):
        self.dead_button()
        self.mucked_by_silence()
        return super().finish()

    def dead_button(self) -> None:
        # DEAD_BUTTON_BEFORE_THE_BLINDS: "(dead button)": the button is on the seat
        # before the small blind's (before the big blind's, by two, without one)
        if self.button is None:
            seat_of = {s[1]: s[0] for s in self.seats}
            sb = next((a.player for a in self.actions if a.kind == Kind.POST_SB), None)
            bb = next((a.player for a in self.actions if a.kind == Kind.POST_BB), None)
            if sb in seat_of:
                self.button = (seat_of[sb] - 2) % PLACES + 1
            elif bb in seat_of:
                self.button = (seat_of[bb] - 3) % PLACES + 1

    def mucked_by_silence(self) -> None:
        # MUCKED_BY_SILENCE: at a showdown (a hand that ends with cards shown and more
        # than one player in), a player still in who shows nothing has mucked
        if not self.shows:
            return
        folded = {a.player for a in self.actions if a.kind == Kind.FOLD}
        dealt = [s[1] for s in self.seats if not s[3]]
        acted = {a.player for a in self.actions}
        shown = {s.player for s in self.shows}
        still_in = [p for p in dealt if p in acted and p not in folded]
        if len(still_in) > 1:
            self.shows.extend(Show(p, (), False, None, self.run)
                              for p in still_in if p not in shown)

    def stakes(self) -> Stakes:
        bb = self.big_blind or (self.small_blind_posted or ZERO) * 2
        return Stakes(self.small_blind_posted or half_blind(bb), bb, self.ante)

    def currency(self) -> str:
        return "play"  # PLAY_CHIPS

    def played_at(self) -> tuple[datetime | None, datetime | None]:
        if not self.at:
            return None, None
        when = datetime.fromisoformat(self.at.rstrip("Z")).replace(microsecond=0)
        return when, when  # THE_CLOCK_IS_UTC

    def hero_name(self) -> str | None:
        # THE_OWNER_IS_NOT_NAMED: whoever shows the owner's cards
        mine = set(self.your_cards)
        if not mine:
            return None
        hero = next((s.player for s in self.shows if set(s.cards) == mine), None)
        if hero is not None:
            self.dealt[hero] = self.your_cards
        return hero


def hand_number(fields: dict) -> str:
    """HAND_NUMBER_AND_ID: the id written, else the game's count and the row's order."""
    if fields.get("hand_id"):
        return fields["hand_id"]
    return f"{fields['number']}-{fields.get('order') or fields.get('at') or ''}"
