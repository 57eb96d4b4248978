"""A hand's lines → the engine's Hand: the builder of the base grammar (lines.lark).

One method per terminal, named after it, whose parameters are named after the
terminal's fields, as a Lark Transformer's are: the lexer hands each line's fields
over in the order the method names them (checked when the grammar is built, so a
room that changes a line's fields must say how it reads them). A room whose lines
differ overrides the methods of those lines, and nothing else. The builder takes
values out of fields (``parsers.base.values``) and never parses a line again.

Conventions of the PokerStars family, named where they apply:
``FIXED_LIMIT_STAKES_ARE_BETS``, ``BIG_BLIND_OVER_BB_IS_STRADDLE``,
``SMALL_BLIND_AFTER_BIG_IS_DEAD``, ``CASHED_OUT_POT_IS_KEPT``.
"""
from __future__ import annotations

import inspect
import re
from collections.abc import Sequence
from datetime import datetime
from decimal import ROUND_DOWN, Decimal
from operator import itemgetter

from engine.model.hand import (CENT, MAX_SEAT_NUMBER, ZERO, Action, Collect, Finish, GameKind, Hand, Kind,
                         Seat, Show, Stakes, Street, Structure, Summary, SummarySeat, UnsupportedHand)
from parsers.base.errors import ParseError
from parsers.base import anonymous
from parsers.base.tourney import buy_in_cost, prize
from parsers.base.values import AMOUNT, CURRENCY_BY_SYMBOL, money, seat_number, stamp, to_utc
from parsers.base.values import cards as read_cards

PREDEAL, PREFLOP, FLOP, TURN, RIVER, SHOWDOWN = tuple(Street)
FOLD, CHECK, CALL, BET, RAISE = Kind.FOLD, Kind.CHECK, Kind.CALL, Kind.BET, Kind.RAISE
RUNS = {None: 1, "FIRST": 1, "SECOND": 2, "THIRD": 3}
# a named tuple made as a tuple, every field given: the same value, without the
# named tuple's Python-level __new__ (a speed measure only: an action or more a line)
_new = tuple.__new__
FOLDED_ON = {"before Flop": PREFLOP, "before Turn": FLOP, "before River": TURN,
             "on the Flop": FLOP, "on the Turn": TURN, "on the River": RIVER,
             # Run It Once: "folded during River"
             "during Preflop": PREFLOP, "during Flop": FLOP, "during Turn": TURN,
             "during River": RIVER}
DURING = {"Preflop": PREFLOP, "Flop": FLOP, "Turn": TURN, "River": RIVER}
_CHIP = Decimal(1)
_SEAT_NUMBER = itemgetter(0)  # a Seat's number (the Hand's seats are in seat order)
LIMITS = {
    "No Limit": Structure.NO_LIMIT, "NO LIMIT": Structure.NO_LIMIT,
    "Pot Limit": Structure.POT_LIMIT, "POT LIMIT": Structure.POT_LIMIT,
    "Limit": Structure.FIXED_LIMIT, "LIMIT": Structure.FIXED_LIMIT,
    "Fixed Limit": Structure.FIXED_LIMIT,
    "Pot Limit Pre-Flop, No Limit Post-Flop": Structure.PL_PRE_NL_POST,
}


class LineBuilder:
    """What every reader of a line grammar has: a method per terminal (named after it,
    its parameters named after the terminal's fields), bound to a grammar's terminals;
    the lines in ``silent`` say nothing kept. ``Builder`` (a hand) and
    parsers.base.summary's ``SummaryBuilder`` (a tournament summary) are such readers."""

    PLACEHOLDERS: dict[str, str] = {}
    SHARED_PREFIXES: tuple[str, ...] = ()
    silent: frozenset[str] = frozenset()
    methods: dict = {}

    def __init__(self) -> None:
        self.line = 0  # the line being read (a ParseError names it)

    @classmethod
    def fields(cls) -> dict[str, tuple[str, ...]]:
        """Each terminal's fields, in the order its method names them."""
        out = {}
        for name, method in inspect.getmembers(cls, inspect.isfunction):
            if name.isupper():
                out[name] = tuple(inspect.signature(method).parameters)[1:]
        return out

    @classmethod
    def bind(cls, terminals: Sequence[str]) -> None:
        """Make the class ready for a grammar's terminals: each has its method, or is
        one of the lines that say nothing kept."""
        missing = [t for t in terminals if not hasattr(cls, t) and t not in cls.silent]
        if missing:
            raise TypeError(f"{cls.__name__} has no method for the lines {missing}")
        cls.methods = {t: getattr(cls, t, None) for t in terminals}

    def read(self, tokens: Sequence) -> None:
        """Every line through its method."""
        methods = self.methods
        for kind, fields, self.line, _ in tokens:
            method = methods[kind]
            if method is not None:
                method(self, *fields)
        self.line = 1


class Builder(LineBuilder):
    """Builds one Hand from the tokens of one hand (see the module doc)."""

    # what the grammar's {placeholders} stand for; a room extends the table:
    # PLACEHOLDERS = {**Builder.PLACEHOLDERS, "NAME": r".*?"}
    PLACEHOLDERS: dict[str, str] = {
        "M": AMOUNT,
        "NAME": r".+?",
        "CARDS": r"[^\]]*",
        "LIMIT": "|".join(sorted((re.escape(k) for k in LIMITS), key=len, reverse=True)),
        "DATE": r"\d{4}\/\d\d?\/\d\d?(?: -)? \d\d?:\d\d(?::\d\d)?",
        # (Run It Once: heads-up, the button's seat is "(small blind/button)")
        "ROLES": r"(?: \((?:button|small blind|big blind|button blind|small blind/button)\))*",
    }
    # line starts many lines share: matched once a line (a speed measure only)
    SHARED_PREFIXES: tuple[str, ...] = ("(?P<player>{NAME}): ", "(?P<player>{NAME}) ")

    # the header's fields (Builder.header): a room's header sets those it writes
    HEAD: dict[str, str | None] = dict.fromkeys((
        "site", "hand_id", "zoom", "tournament", "buy_in", "level", "sb", "bb", "cap",
        "currency", "date", "tz", "date_et", "tz_et"))
    money = staticmethod(money)  # an amount's text → Decimal: the room's way of writing them
    # the room writes a "Dealt to" line for every player dealt in (cards only on the
    # hero's): a line naming a player not seated is an error
    DEALT_TO_EVERYONE = False
    SITE: str | None = None  # the room's site, where its header names no brand
    # players named by a label, not a name (parsers/base/anonymous.py): anonymous seats
    ANONYMOUS_NAMES: re.Pattern[str] = anonymous.LABELS
    HERO_NAME: str | None = None  # the hero's name where the room writes a label for it
    site_by_brand: dict[str, str] = {}  # a room's brands as written → its site's name
    limits: dict[str, str] = LIMITS  # limit words as written → Structure
    silent: frozenset[str] = frozenset({"HOLE_CARDS", "SUMMARY", "RUN_TWICE", "DOESNT_SHOW",
                                        "TABLE_DEPOSIT", "EVENT", "CHAT", "ARCHIVE_SEP"})
    # ^ lines that say nothing the Hand keeps
    # lines read in a damaged or bare form that, as the last line of a hand cut short,
    # are that line cut off (parsers.base.text names it an unrecognised line)
    CUT_LINES: frozenset[str] = frozenset({"HOLE_CARDS_DAMAGED", "NAME_ONLY"})

    def __init__(self) -> None:
        super().__init__()
        self.head: dict = {}  # the header's fields
        self.structure = Structure.NO_LIMIT
        self.big_blind = ZERO
        self.table, self.max_seats, self.button = "", None, None
        self.seats: list[tuple] = []  # (seat, player, stack, sitting out, bounty), as written
        self.hero: str | None = None
        self.dealt: dict[str, tuple[str, ...]] = {}
        self.actions: list[Action] = []
        self.boards: dict[int, tuple[str, ...]] = {}
        self.uncalled: list[tuple[str, Decimal]] = []
        self.shows: list[Show] = []
        self.collects: list[Collect] = []
        self.cash_outs: list[tuple[str, Decimal, Decimal]] = []
        self.added: list[tuple[str, Decimal]] = []
        self.summary_seats: list[SummarySeat] = []
        self.summary_boards: dict[int, tuple[str, ...]] = {}
        self.pot: tuple | None = None  # (total, rake, pots, fees, added), from the SUMMARY
        self.not_awarded: list[Decimal] = []  # pots of players who cashed out
        self.street = PREDEAL
        self.run = 1
        self.put: dict[str, Decimal] = {}  # chips each player has in on this street
        self.ante = ZERO
        self.small_blind_posted: Decimal | None = None
        self.saw_big_blind = False
        self.finishes: list[Finish] = []  # players out of the tournament (or its winner)
        self.chips_added: list[tuple[str, Decimal]] = []  # rebuys and add-ons after the hand
        # the seat numbers clockwise, where they are no places (Hand.table_order)
        self.table_order: tuple[int, ...] = ()

    # ------------------------------------------------------------ the whole hand
    def build(self, tokens: Sequence) -> Hand:
        """Read every line, then make the Hand."""
        self.read(tokens)
        return self.finish()

    # ------------------------------------------------------------ another game
    # A hand of another game than Hold'em is stored unsupported, told by its first line:
    # one holding a word of HOLDEM (and none of NOT_HOLDEM) is Hold'em's; else OTHER_GAME
    # matches another game's, its named groups the hand_id, the game (Hold'em after all
    # if one of HOLDEM_GAMES) and, where written, the limit (read by ``limits``), the
    # brand (by ``site_of``) and the table. A first line it does not match is left to
    # the grammar, which says where it fails.
    OTHER_GAME: re.Pattern[str] | None = None
    HOLDEM: tuple[str, ...] = ()
    NOT_HOLDEM: tuple[str, ...] = ()
    HOLDEM_GAMES: frozenset[str] = frozenset()

    @classmethod
    def other_game(cls, first_line: str, text: str) -> UnsupportedHand | None:
        """The hand, if its first line says it is of another game (see above)."""
        if cls.OTHER_GAME is None or cls.says_holdem(first_line):
            return None
        m = cls.OTHER_GAME.match(first_line)
        return None if m is None else cls.unsupported(m.groupdict(), text)

    @classmethod
    def says_holdem(cls, line: str) -> bool:
        """Does a header's line hold a word of HOLDEM and none of NOT_HOLDEM?"""
        for word in cls.HOLDEM:  # (loops, not any(): this runs on every hand)
            if word in line:
                for other in cls.NOT_HOLDEM:
                    if other in line:
                        return False
                return True
        return False

    @classmethod
    def unsupported(cls, fields: dict[str, str | None], text: str) -> UnsupportedHand | None:
        """The hand of the game the header's fields name (None: Hold'em after all)."""
        game = fields["game"]
        if game in cls.HOLDEM_GAMES:
            return None
        return UnsupportedHand(cls.site_of(fields.get("brand")), fields["hand_id"], game,
                               cls.game_structure(game, fields.get("limit")),
                               fields.get("table"), None, text)

    @classmethod
    def game_structure(cls, game: str, limit: str | None) -> str | None:
        """Another game's betting structure, by its limit as written (None: not written)."""
        return cls.limits.get(limit) if limit else None

    @classmethod
    def site_of(cls, brand: str | None) -> str:
        """The site of a brand as the header writes it (None: ``SITE``)."""
        return cls.SITE if brand is None else cls.site_by_brand[brand]

    # ------------------------------------------------------------ the header
    def header(self, limit: str, **fields: str | None) -> None:
        """The header's fields (those not given as ``HEAD`` has them), and the
        structure and big blind its limit and stakes name."""
        head = self.head = {**self.HEAD, **fields}
        self.structure = self.limits[limit]
        # FIXED_LIMIT_STAKES_ARE_BETS: "Limit ($1/$2)" names the small and big bet;
        # the big blind is the small bet
        self.big_blind = self.money(head["sb"] if self.structure == Structure.FIXED_LIMIT
                                    else head["bb"])

    def HEADER(self, brand, zoom, hand_id, club, tournament, buy_in, game, limit, level,
               sb, bb, cap, button_blind, button_ante, currency, date, tz, date_et, tz_et):
        self.header(limit, site=self.site_by_brand[brand], hand_id=hand_id, zoom=zoom,
                    tournament=tournament, buy_in=buy_in, level=level, sb=sb, bb=bb, cap=cap,
                    currency=currency, date=date, tz=tz, date_et=date_et, tz_et=tz_et)

    def TABLE(self, table, max_seats, button):
        self.table = table
        self.max_seats = seat_number(max_seats) if max_seats else None
        self.button = seat_number(button) if button else None

    def SEAT(self, seat, player, stack, bounty, out, hero):
        number = int(seat)  # (the grammar's digits are ASCII)
        if number > MAX_SEAT_NUMBER:
            seat_number(seat)  # says why
        self.seats.append((number, player, self.money(stack), out is not None,
                           self.money(bounty) if bounty else None))
        if hero:
            self.hero = player

    # ------------------------------------------------------------ blinds and antes
    def _post(self, kind: str, player: str, amount: str, all_in: str | None) -> None:
        value = self.money(amount)
        put = self.put
        if kind == Kind.POST_ANTE:
            if not self.ante and not all_in:
                self.ante = value
        elif kind == Kind.POST_SB_BB:
            # the big blind part is live, the small blind part is dead
            put[player] = put.get(player, ZERO) + min(value, self.big_blind)
        elif kind == Kind.POST_DEAD or (kind == Kind.POST_SB and self.saw_big_blind):
            # dead money: in the pot, but not part of the player's bet.
            # SMALL_BLIND_AFTER_BIG_IS_DEAD: the blinds are written small blind first; a
            # small blind posted after the big blind is a returning player's missed blind
            kind = Kind.POST_DEAD
        else:
            if kind == Kind.POST_BB:
                if self.saw_big_blind and value > self.big_blind:
                    kind = Kind.POST_STRADDLE  # BIG_BLIND_OVER_BB_IS_STRADDLE
                self.saw_big_blind = True
            elif kind == Kind.POST_SB and self.small_blind_posted is None and not all_in:
                self.small_blind_posted = value
            put[player] = put.get(player, ZERO) + value
        self.actions.append(_new(Action, (self.street, player, kind, value, None,
                                          all_in is not None, self.line)))

    def POST_SB(self, player, amount, all_in):
        self._post(Kind.POST_SB, player, amount, all_in)

    def POST_BB(self, player, amount, all_in):
        self._post(Kind.POST_BB, player, amount, all_in)

    def POST_SB_BB(self, player, amount, all_in):
        self._post(Kind.POST_SB_BB, player, amount, all_in)

    def POST_ANTE(self, player, amount, all_in):
        self._post(Kind.POST_ANTE, player, amount, all_in)

    def POST_STRADDLE(self, player, amount, all_in):
        self._post(Kind.POST_STRADDLE, player, amount, all_in)

    def POST_BUTTON_BLIND(self, player, amount, all_in):
        self._post(Kind.POST_BUTTON_BLIND, player, amount, all_in)

    def POST_DEAD(self, player, amount, all_in):
        self._post(Kind.POST_DEAD, player, amount, all_in)

    # ------------------------------------------------------------ the betting
    def DEALT(self, player, cards):
        if self.DEALT_TO_EVERYONE and player not in self.seated:
            raise ParseError(self.line, "a player dealt in who is not seated", player)
        if cards:
            self.dealt[player] = self.dealt.get(player, ()) + read_cards(cards)

    def FOLD(self, player, cards):
        self.actions.append(_new(Action, (self.street, player, FOLD, ZERO, None, False,
                                          self.line)))
        if cards:
            self.shows.append(Show(player, read_cards(cards)))

    def FOLDED_DURING(self, player, street):
        # Run It Once: "folded during River", written on the street it names
        if DURING[street] != self.street:
            raise ParseError(self.line, "a fold on another street than the one played",
                             f"{player}: folded during {street}")
        self.FOLD(player, None)

    def CHECK(self, player):
        self.actions.append(_new(Action, (self.street, player, CHECK, ZERO, None, False,
                                          self.line)))

    def CALL(self, player, amount, all_in):
        value = self.money(amount)
        put = self.put
        put[player] = put.get(player, ZERO) + value
        self.actions.append(_new(Action, (self.street, player, CALL, value, None,
                                          all_in is not None, self.line)))

    def BET(self, player, amount, all_in):
        value = self.money(amount)
        put = self.put
        to = put[player] = put.get(player, ZERO) + value
        self.actions.append(_new(Action, (self.street, player, BET, value, to,
                                          all_in is not None, self.line)))

    def RAISE(self, player, by, to, all_in, cap):
        # "raises X to Y": Y is what counts (some exports misstate X), but X must be an amount
        self.money(by)
        total = self.money(to)
        put = self.put
        amount = total - put.get(player, ZERO)
        put[player] = total
        self.actions.append(_new(Action, (self.street, player, RAISE, amount, total,
                                          all_in is not None, self.line)))

    def all_in_adds(self, player: str, value: Decimal) -> None:
        """An all-in written as what it adds, without saying what it is (rooms whose
        "All-In $x" is any action): a bet where nothing is bet on the street (before the
        flop the big blind is), a raise where it makes more than the bet to call, else
        a call."""
        put = self.put
        total = put.get(player, ZERO) + value
        facing = max(put.values(), default=ZERO)
        put[player] = total
        if facing == ZERO and self.street != PREFLOP:
            kind, to = BET, total
        elif total > facing:
            kind, to = RAISE, total
        else:
            kind, to = CALL, None
        self.actions.append(_new(Action, (self.street, player, kind, value, to, True,
                                          self.line)))

    # ------------------------------------------------------------ the streets
    def _street(self, street: Street, run: int, board: tuple[str, ...]) -> None:
        if street != SHOWDOWN:
            self.boards[run] = board
        if street != self.street:
            self.put = {}
        self.street, self.run = street, run

    def HOLE_CARDS(self):
        self.street = PREFLOP
        if self.DEALT_TO_EVERYONE:
            self.seated = {s[1] for s in self.seats}

    HOLE_CARDS_DAMAGED = HOLE_CARDS

    def NAME_ONLY(self, player):
        # an empty chat line: said nothing; a seated player's only
        if all(s[1] != player for s in self.seats):
            raise ParseError(self.line, "unrecognised line", f"{player}:")

    def FLOP(self, cards):
        self._street(FLOP, 1, read_cards(cards))

    def TURN(self, board, cards):
        self._street(TURN, 1, read_cards(board) + read_cards(cards))

    def RIVER(self, board, cards):
        self._street(RIVER, 1, read_cards(board) + read_cards(cards))

    def SHOWDOWN(self):
        self._street(SHOWDOWN, 1, ())

    def RUN_FLOP(self, run, cards):
        self._street(FLOP, RUNS[run], read_cards(cards))

    def RUN_TURN(self, run, board, cards):
        self._street(TURN, RUNS[run], read_cards(board) + read_cards(cards))

    def RUN_RIVER(self, run, board, cards):
        self._street(RIVER, RUNS[run], read_cards(board) + read_cards(cards))

    def RUN_SHOWDOWN(self, run):
        self._street(SHOWDOWN, RUNS[run], ())

    # ------------------------------------------------------------ after the betting
    def UNCALLED(self, amount, player):
        self.uncalled.append((player, self.money(amount)))

    def COLLECTED(self, player, amount, main, side, side_n):
        # "from pot": the pot as a whole; "main pot": 0; "side pot": 1; "side pot-2": 2
        pot = 0 if main else (int(side_n) if side_n else 1) if side else None
        self.collects.append(_new(Collect, (player, self.money(amount), pot, self.run)))

    def CASH_OUT(self, player, amount, fee):
        self.cash_outs.append((player, self.money(amount), self.money(fee) if fee else ZERO))

    def SHOWS(self, player, cards, hand_name):
        self.shows.append(_new(Show, (player, read_cards(cards), True, hand_name, self.run,
                                      None)))

    SHOWS_FOR = SHOWS

    def MUCKS(self, player):
        self.shows.append(Show(player, (), False, None, self.run))

    def ADDED_MONEY(self, amount):
        self.added.append(("splash", self.money(amount)))

    # ------------------------------------------------------------ the SUMMARY
    def TOTAL_POT(self, total, pot0, pot1, pot2, pot3, pot4, pot5, pot6, pot7, pot8, pot9,
                  added, rake):
        written = (pot0, pot1, pot2, pot3, pot4, pot5, pot6, pot7, pot8, pot9)
        pots = tuple(self.money(p) for p in written if p)
        self.pot = (self.money(total), self.money(rake), pots, (),
                    self.money(added) if added else ZERO)

    def BOARD(self, run, cards):
        self.summary_boards[RUNS[run]] = read_cards(cards)

    def SUMMARY_FOLDED(self, seat, player, street):
        self.summary_seats.append(_new(SummarySeat, (int(seat), player, "folded",
                                                     FOLDED_ON[street], (), (), ())))

    def _kept(self, won: tuple[Decimal, ...], cashed_out: str | None) -> tuple[Decimal, ...]:
        """CASHED_OUT_POT_IS_KEPT: what a player who cashed out (the room paid them
        during the hand) "won" is not awarded: the room keeps it, as it does a fee."""
        if cashed_out and "not awarded" in cashed_out:
            self.not_awarded.extend(won)
            return ()
        return won

    def SUMMARY_SHOWED(self, seat, player, cards, won1, name1, won2, name2, won3, name3,
                       cashed_out):
        won = self._kept(tuple(self.money(w) for w in (won1, won2, won3) if w), cashed_out)
        names = tuple(n for n in (name1, name2, name3) if n)
        self.summary_seats.append(_new(SummarySeat, (int(seat), player, "showed", None,
                                                     read_cards(cards), won, names)))

    def SUMMARY_MUCKED(self, seat, player, cards, won, cashed_out):
        self.summary_seats.append(_new(SummarySeat, (
            int(seat), player, "mucked", None, read_cards(cards),
            self._kept((self.money(won),), cashed_out) if won else (), ())))

    def SUMMARY_COLLECTED(self, seat, player, collected, won):
        self.summary_seats.append(_new(SummarySeat, (int(seat), player, "collected", None,
                                                     (), (self.money(collected or won),), ())))

    def SUMMARY_SAT_OUT(self, seat, player):
        self.summary_seats.append(SummarySeat(int(seat), player, "sat out"))

    # ------------------------------------------------------------ the tournament
    def FINISHED(self, player, place, prize, won, winner):
        # "finished the tournament in 3rd place and received $12.40." / "wins the
        # tournament and receives $100.00 - congratulations!" (a prize not an amount,
        # a ticket, is left unknown: the line is the tournament's, not the hand's)
        self.finish_at(player, 1 if winner else int(place) if place else None, prize or won)

    def CHIPS_ADDED(self, player, chips):
        self.chips_added.append((player, Decimal(chips.replace(",", ""))))

    def finish_at(self, player: str, place: int | None, written: str | None) -> None:
        """A player's finish; the prize as written (its currency, where it names none,
        the buy-in's)."""
        amount, currency = prize(written)
        if amount is not None and currency is None:
            currency = self.tournament_cost()[1]
        self.finishes.append(Finish(player, place, amount, currency))

    def tournament_cost(self) -> tuple[Decimal | None, str | None]:
        """The buy-in's total cost and currency, from the header's text (a room whose
        text is a tournament's name, not its buy-in, says none)."""
        return buy_in_cost(self.head.get("buy_in"))

    # ------------------------------------------------------------ the Hand
    def stakes(self) -> Stakes:
        head = self.head
        sb, bb, cap = head["sb"], head["bb"], head["cap"]
        if self.structure == Structure.FIXED_LIMIT:
            small_bet, big_bet = self.money(sb), self.money(bb)
            # no small blind posted: half the small bet, in whole cents (or chips)
            half = (small_bet / 2).quantize(_CHIP if sb.isdigit() else CENT, ROUND_DOWN)
            return Stakes(self.small_blind_posted or half, small_bet, self.ante,
                          small_bet=small_bet, big_bet=big_bet)
        return Stakes(self.money(sb), self.big_blind, self.ante,
                      self.money(cap) if cap else None)

    def in_tournament(self) -> bool:
        """Whether the header names a tournament: its number, its level or its buy-in."""
        head = self.head
        return (head["tournament"] is not None or head["level"] is not None
                or head["buy_in"] is not None)

    def currency(self) -> str:
        head = self.head
        if self.in_tournament():
            return "chips"
        return (head["currency"] or CURRENCY_BY_SYMBOL.get((head["sb"] or "")[:1])
                or "play")

    def played_at(self) -> tuple[datetime | None, datetime | None]:
        """When the hand was played, on the room's clock and in UTC (None: not known)."""
        head = self.head
        played_at = stamp(head["date"])
        utc = (to_utc(stamp(head["date_et"]), head["tz_et"]) if head["date_et"]
               else to_utc(played_at, head["tz"]))
        return played_at, utc

    def cards_known(self) -> dict[str, tuple[str, ...]]:
        """Each player's hole cards, where the hand shows them."""
        known = {s.player: s.cards for s in self.summary_seats if s.cards}
        known.update((s.player, s.cards) for s in self.shows if len(s.cards) > 1)
        known.update(self.dealt)
        return known

    def hand_seats(self) -> tuple[Seat, ...]:
        """The Hand's seats, in seat order, with the cards known."""
        known = self.cards_known()
        seats = [_new(Seat, (seat, player, stack, out, bounty, known.get(player, ())))
                 for seat, player, stack, out, bounty in self.seats]
        seats.sort(key=_SEAT_NUMBER)
        return tuple(seats)

    def summary(self) -> Summary | None:
        """The room's own account of the hand (its SUMMARY's pot), if it wrote one."""
        if self.pot is None:
            return None
        total, rake, pots, fees, added = self.pot
        if self.not_awarded:
            fees += tuple(("cashed out", a) for a in self.not_awarded)
        boards = self.summary_boards
        return Summary(total, rake, pots, fees, tuple(boards[k] for k in sorted(boards)),
                       tuple(self.summary_seats), added)

    def hero_name(self) -> str | None:
        """Whose cards the file's owner was dealt: the hero the room marks, else the
        player a "Dealt to" line names."""
        return self.hero or next(iter(self.dealt), None)

    def finish(self) -> Hand:
        """The Hand, made of what the lines said and of the hooks above."""
        head = self.head
        played_at, utc = self.played_at()
        boards = self.boards
        buy_in = head["buy_in"]
        currency = self.currency()
        # GameKind: a room's hooks name a tournament's money "chips", play money "play"
        kind = (GameKind.PLAY if currency == "play" else GameKind.TOURNAMENT
                if currency == "chips" or head["tournament"] is not None else GameKind.CASH)
        in_tournament = kind == GameKind.TOURNAMENT
        cost, cost_currency = self.tournament_cost() if in_tournament else (None, None)
        hero = self.hero_name()
        hand = Hand(
            site=head["site"], hand_id=head["hand_id"], game="Hold'em",
            structure=self.structure, stakes=self.stakes(), currency=currency, kind=kind,
            table=self.table, max_seats=self.max_seats, button_seat=self.button,
            played_at=played_at, time_zone=head["tz"], played_at_utc=utc,
            seats=self.hand_seats(), actions=tuple(self.actions),
            boards=tuple(boards[k] for k in sorted(boards)) or ((),),
            uncalled=tuple(self.uncalled), shows=tuple(self.shows),
            collects=tuple(self.collects), cash_outs=tuple(self.cash_outs),
            added_money=tuple(self.added), summary=self.summary(),
            tournament_id=head["tournament"], tournament_level=head["level"],
            buy_in=buy_in.strip() if buy_in else None, zoom=head["zoom"] is not None,
            hero=hero, buy_in_amount=cost, buy_in_currency=cost_currency,
            finishes=tuple(self.finishes) if in_tournament else (),
            chips_added=tuple(self.chips_added), table_order=self.table_order,
            anonymous=anonymous.labelled([s[1] for s in self.seats], hero, self.ANONYMOUS_NAMES))
        return anonymous.hero_named(hand, self.HERO_NAME) if self.HERO_NAME else hand
