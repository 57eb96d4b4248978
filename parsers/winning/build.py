"""The Winning Poker Network's lines → the engine's Hand: the base Builder, told how
WPN writes. Two formats, each with its own grammar and builder:

``WinningBuilder`` (grammar.lark): since 2019, "Hand #N - Holdem(No Limit) - ...".
``OldBuilder`` (old.lark): before, "Game started at: ..." / "Game ID: N 1/2 <table>
(Hold'em)".

WPN's conventions, read here (each named where it applies):

``TOTAL_POT_IS_WHAT_WAS_PAID`` — the SUMMARY's total pot ("Total pot $1.19 | Rake
$0.04 | JP Fee $0.02", the old "Pot: 37.05. Rake 1.71. JP fee 0.24") is what the
winners collected: the pot the actions make is it plus the rake and the jackpot fee.

``SIDE_POTS_AT_THE_SHOWDOWN`` — after each street WPN writes the pot, what will be
paid of it ("Main pot $280.76 | Rake $0.76"), and each side pot on a line of its own
("Side pot(1) $836.62 | Rake $2.24"); those written at the showdown (or in the
SUMMARY) are the final pots: the SUMMARY's main and side pots, which must make the
total paid (earlier streets' are read for their amounts only).

``SEAT_DRAW`` — a Sit & Go's first hand writes, before the blinds, the card each player
drew for the button ("Dealt to Villain1 [5d]"): no part of the hand.

``WINNER_COLLECTS_IN_THE_SUMMARY`` — a pot won without a showdown has no "collected"
line in the hand: the SUMMARY's "did not show and won $0.25" (the old format's
"Collects: 0.49" of each player) says who collected what.

``RAISE_TO`` — "raises $2.15 to $2.33": what the raise adds, then the street total (the
total is read). The old format writes what the action adds only: "raises (18)".

``CAPS_IS_THE_CAP`` — a capped table's "caps $0.55": the player's street total, which
reaches the cap (the most a player may put in a hand): the cap is what they then
have in, blinds and earlier streets included.

``DEAD_IS_BOTH_BLINDS`` — "posts dead $0.03": a returning player's small and big blinds,
the small part dead; "posts $0.02": a player coming in posts the big blind. The old
format's "posts (5)" is a live blind of what it says, part of the player's bet.

``RUN_TWICE_SUMMARY`` — a hand run twice ("*** RUN IT TWICE ***", "*** FLOP 1 ***", ...,
"collected $92.25 from main pot 1": the run) lists its SUMMARY's seats after each
board ("Board 1 [..]", "Board 2 [..]"): a seat's later lines add what it won then.

``WAITING_IS_SITTING_OUT`` — a seated player who "waits for big blind" or "sits out"
before the deal is not dealt in (the seat line does not say so); "Seat 3: X will be
allowed to play after the button" stands for a player not seated yet.

``LIMIT_BY_THE_BLIND`` — the old format names no limit: a table whose big blind is the
first of its stakes ("2/4", big blind 2) is fixed limit, its stakes the bets.

``JACKPOT_FEE_NOT_WRITTEN`` — in 2014 the old format's jackpot tables ("Cristalite (JP)")
take a jackpot fee from a raked pot ($0.25) without writing it ("Pot: 37.75. Rake 2"):
there, what the actions put in beyond what was paid and raked is that fee.

``NOT_DEALT_SAT_OUT`` — the old format writes each card dealt ("Player X received a
card."): a seated player dealt none sat the hand out.

``UNNAMED_PLAYER`` — WPN sometimes writes a player without a name ("Player  has big
blind (2)", "Uncalled bet ($0.20) returned to "). The player is the seated one no other
line names, where there is exactly one; else a player the seats leave out, put on the
button's seat if free (else the first free seat), with a stack the room did not write.
"""
from __future__ import annotations

import re
from decimal import Decimal

from engine.model.hand import (ZERO, Action, Collect, Hand, Kind, Show, Stakes, Street, Structure,
                         SummarySeat)
from parsers.base.builder import FOLDED_ON, Builder, _new
from parsers.base.errors import ParseError
from parsers.base.values import cards as read_cards
from parsers.base.values import money, seat_number

SITE = "Winning Poker Network"
PREFLOP = Street.PREFLOP
LIMITS = {"No Limit": Structure.NO_LIMIT, "Pot Limit": Structure.POT_LIMIT,
          "Fixed Limit": Structure.FIXED_LIMIT,
          # every bet all-in: no-limit's rules, with no other size played
          "All-in or Fold Limit": Structure.NO_LIMIT}
WPN_FOLDED_ON = FOLDED_ON | {"on the Pre-Flop": PREFLOP}


class WinningBuilder(Builder):
    """WPN's format since 2019 (see the module doc)."""

    PLACEHOLDERS = {**Builder.PLACEHOLDERS,
                    "NAME": r".*?",  # WPN writes some players without a name (UNNAMED_PLAYER)
                    "ROLES": r"(?: \((?:button|small blind|big blind)\))*"}
    SHARED_PREFIXES = ("(?P<player>{NAME}) ",)
    SITE = SITE
    limits = LIMITS
    silent = Builder.silent | {"SEAT_WAITING", "RUN_IT_TWICE", "TITLE"}
    # another game's header: Omaha, Omaha H/L, 5Card Omaha, Six Plus Hold'em, ...
    HOLDEM_GAMES = frozenset({"Holdem"})
    # (a tournament's title and number before it: "OSS #27 $100K GTD - ", "Tournament #1 - ")
    OTHER_GAME = re.compile(r"(?:Game )?Hand #(?P<hand_id>\d+) - (?:[^\n]*? - )??"
                            r"(?P<game>[^()\n-]+)\((?P<limit>[^()\n]*Limit)\)")

    def tournament_cost(self) -> tuple[None, None]:
        return None, None  # the header names the tournament ("$5,000 GTD"), not its buy-in

    def __init__(self) -> None:
        super().__init__()
        self.cap: Decimal | None = None
        self.hand_put: dict[str, Decimal] = {}  # chips each has put in the hand (the cap)
        self.summary_won: list[tuple[str, Decimal]] = []
        self.fees: tuple = ()
        self.named: set[str] = set()  # players lines name besides their actions
        self.summary_run = 1  # the run whose board the SUMMARY's seat lines follow
        self.pots_written: list[Decimal] = []  # the last pot lines: main pot, side pots
        self.pots_final = False  # written at the showdown or in the SUMMARY

    def HEADER(self, hand_id, title, tournament, limit, level, sb, bb, date, tz):
        self.header(limit, site=SITE, hand_id=hand_id, tournament=tournament,
                    buy_in=title or None, level=level, sb=sb, bb=bb, date=date, tz=tz)

    def TABLE(self, number, table, max_seats, play, button):
        self.table = table or number  # a tournament's table is numbered
        self.max_seats = seat_number(max_seats)
        self.button = seat_number(button)
        if play:
            self.head["currency"] = "play"

    def SEAT(self, seat, player, stack, out):
        number = seat_number(seat)
        self.seats.append((number, player, money(stack), out is not None, None))

    def FOLD(self, player):
        self.actions.append(_new(Action, (self.street, player, Kind.FOLD, ZERO, None, False,
                                          self.line)))

    def RAISE(self, player, by, to, all_in, cap):
        Builder.RAISE(self, player, by, to, all_in, None)  # RAISE_TO
        if cap:
            self.cap = money(cap)

    def DEALT(self, player, cards):
        # SEAT_DRAW: before the blinds, one card a player, drawn for the button
        if self.street == Street.PREDEAL:
            if len(read_cards(cards)) != 1:
                raise ParseError(self.line, "hole cards dealt before the blinds", cards)
            return
        Builder.DEALT(self, player, cards)

    def WAITS(self, player):
        # WAITING_IS_SITTING_OUT
        self.named.add(player)
        if self.street == Street.PREDEAL:
            seats = self.seats
            for i, seat in enumerate(seats):
                if seat[1] == player:
                    seats[i] = (seat[0], player, seat[2], True, seat[4])

    def POST_NEW(self, player, amount, all_in):
        # a player coming in posts the big blind, live (DEAD_IS_BOTH_BLINDS)
        self._post(Kind.POST_BB if money(amount) == self.big_blind else Kind.POST_DEAD,
                   player, amount, all_in)

    def CAPS(self, player, to, all_in):
        # CAPS_IS_THE_CAP: the street total, the cap reached
        total = money(to)
        put = self.put
        before = put.get(player, ZERO)
        amount = total - before
        most = max(put.values(), default=ZERO)
        kind = Kind.BET if most == ZERO else Kind.RAISE if total > most else Kind.CALL
        put[player] = total
        self.actions.append(_new(Action, (self.street, player, kind, amount,
                                          None if kind == Kind.CALL else total,
                                          all_in is not None, self.line)))
        self.cap = sum((a.amount for a in self.actions
                        if a.player == player and a.kind not in (Kind.POST_ANTE, Kind.POST_DEAD)),
                       ZERO)

    def POT(self, run, side, pot, notes):
        """The pot after a street ("Main pot 90.00", then "Side pot(1) 850.00", ...),
        read for its amounts (a line passed over must not hide an impossible one:
        "Rake $0.0807"); the pots written at the showdown, or in the SUMMARY, are the
        room's main and side pots (SIDE_POTS_AT_THE_SHOWDOWN). A run's pot ("Main pot
        2 $123.00", run it twice) is not the hand's."""
        amount = money(pot)
        for note in _NOTE_AMOUNT.findall(notes):
            money(note)
        if run is not None:  # (and the side pots after it neither)
            self.pots_written, self.pots_final = [], False
            return
        if side is None:
            self.pots_written = [amount]
            self.pots_final = self.street == Street.SHOWDOWN or self.pot is not None
        else:
            self.pots_written.append(amount)

    def SHOWS(self, player, cards, hand_name):
        Builder.SHOWS(self, player, cards, named(hand_name))

    # ------------------------------------------------------------ run it twice
    def RUN_FLOP(self, run, cards):
        self._street(Street.FLOP, int(run), read_cards(cards))

    def RUN_TURN(self, run, board, cards):
        self._street(Street.TURN, int(run), read_cards(board) + read_cards(cards))

    def RUN_RIVER(self, run, board, cards):
        self._street(Street.RIVER, int(run), read_cards(board) + read_cards(cards))

    def RUN_SHOWDOWN(self, run):
        self._street(Street.SHOWDOWN, int(run), ())

    # ------------------------------------------------------------ the SUMMARY
    def BOARD(self, run, cards):
        self.summary_run = int(run) if run else 1
        self.summary_boards[self.summary_run] = read_cards(cards)

    def _summary_seat(self, seat: SummarySeat) -> None:
        """RUN_TWICE_SUMMARY: a hand run twice lists its seats after each board: a
        seat's later lines add what it won on that run."""
        if self.summary_run > 1:
            for i, s in enumerate(self.summary_seats):
                if s.player == seat.player:
                    self.summary_seats[i] = s._replace(
                        won=s.won + seat.won, hand_names=s.hand_names + seat.hand_names)
                    return
        self.summary_seats.append(seat)

    def TOTAL_POT(self, total, rake, jackpot):
        # TOTAL_POT_IS_WHAT_WAS_PAID
        paid, cut = money(total), money(rake) if rake else ZERO
        fee = money(jackpot) if jackpot else ZERO
        self.fees = (("jackpot", fee),) if jackpot else ()
        self.pot = (paid + cut + fee, cut, (), self.fees, ZERO)

    def SUMMARY_FOLDED(self, seat, player, street):
        self._summary_seat(_new(SummarySeat, (int(seat), player, "folded",
                                              WPN_FOLDED_ON[street], (), (), ())))

    def SUMMARY_SHOWED(self, seat, player, cards, won, name):
        name = named(name)
        amount = (money(won),) if won else ()
        if won:
            self.summary_won.append((player, amount[0]))
        self._summary_seat(_new(SummarySeat, (int(seat), player, "showed", None,
                                              read_cards(cards), amount,
                                              (name,) if name else ())))

    def SUMMARY_MUCKED(self, seat, player, cards, won, name):
        named(name)
        amount = (money(won),) if won else ()
        if won:
            self.summary_won.append((player, amount[0]))
        self._summary_seat(_new(SummarySeat, (int(seat), player, "mucked", None,
                                              read_cards(cards), amount, ())))

    def SUMMARY_COLLECTED(self, seat, player, won):
        amount = money(won)
        self.summary_won.append((player, amount))
        self._summary_seat(_new(SummarySeat, (int(seat), player, "collected", None,
                                              (), (amount,), ())))

    # ------------------------------------------------------------ the Hand
    def stakes(self) -> Stakes:
        stakes = super().stakes()
        if self.cap is not None:
            return Stakes(stakes.small_blind, stakes.big_blind, stakes.ante, self.cap)
        return stakes

    def currency(self) -> str:
        head = self.head
        if self.in_tournament():  # (a tournament's number, level or name in the header)
            return "chips"
        if head["currency"]:
            return head["currency"]
        return "USD" if head["sb"].startswith("$") else "play"

    def finish(self) -> Hand:
        if not self.collects and self.summary_won:
            # WINNER_COLLECTS_IN_THE_SUMMARY
            self.collects = [Collect(p, a) for p, a in self.summary_won]
        if self.pot is not None and self.pots_final and len(self.pots_written) > 1:
            # SIDE_POTS_AT_THE_SHOWDOWN: what each pot pays, for the replay to add up
            total, rake, _, fees, added = self.pot
            self.pot = (total, rake, tuple(self.pots_written), fees, added)
        unnamed(self)
        return super().finish()


_NOTE_AMOUNT = re.compile(r" (\S+)(?= \||$)")
_NAMED_CARDS = re.compile(r"\[([^\]]*)\]")


def named(name: str | None) -> str | None:
    """A hand's name as written ("a straight, Nine high [9h 8s 7s 6d 5c]"), once the
    cards it lists are cards (CardError if not: the name is kept, its cards must be)."""
    if name:
        for listed in _NAMED_CARDS.findall(name):
            read_cards(listed)
    return name


def unnamed(builder: WinningBuilder) -> None:
    """UNNAMED_PLAYER: the player WPN wrote without a name, seated (see the module doc)."""
    if not any(a.player == "" for a in builder.actions) and \
            not any(p == "" for p, _ in builder.uncalled):
        return
    seated = {s[1] for s in builder.seats}
    if "" in seated:
        return
    named = builder.named | {a.player for a in builder.actions} | set(builder.dealt) | \
        {c.player for c in builder.collects} | {s.player for s in builder.shows}
    silent = [s for s in builder.seats if s[1] not in named]
    if len(silent) == 1:
        seat = silent[0]
        builder.seats[builder.seats.index(seat)] = (seat[0], "", seat[2], False, seat[4])
        return
    taken = {s[0] for s in builder.seats}
    free = builder.button if builder.button not in taken else \
        next(n for n in range(1, 100) if n not in taken)
    builder.seats.append((free, "", ZERO, False, None))


_TOURNAMENT_TABLE = re.compile(r"(.*), Table \d+$")
_PMS = re.compile(r"PMS_(\d+)")


def old_cards(text: str) -> tuple[str, ...]:
    """The old format writes a ten "10": '10d' → ('Td',)."""
    return read_cards(text.replace("10", "T"))


class OldBuilder(WinningBuilder):
    """WPN's format before 2019 (see the module doc): what an action adds, each card
    on a line, the players' account in the summary."""

    PLACEHOLDERS = {**WinningBuilder.PLACEHOLDERS, "M": r"\d+(?:,\d{3})*(?:\.\d+)?"}
    SHARED_PREFIXES = ("Player (?P<player>{NAME}) ",)
    silent = WinningBuilder.silent | {"RECEIVED", "ENDED", "BUTTON"}
    in_tournament = False
    # another game's (Omaha, 7Stud, ...): named at the end of the "Game ID:" line, the
    # second; no limit written
    HOLDEM_GAMES = frozenset({"Hold'em"})
    OTHER_GAME = re.compile(r"Game ID: (?P<hand_id>\d+) .*\((?P<game>[^()]*)\)(?: \d+-max)?$",
                            re.MULTILINE)

    @classmethod
    def other_game(cls, first_line, text):
        m = cls.OTHER_GAME.search(text, 0, 400)
        return None if m is None else cls.unsupported(m.groupdict(), text)

    def __init__(self) -> None:
        super().__init__()
        self.received: set[str] = set()  # players dealt cards

    def finish(self) -> Hand:
        # JACKPOT_FEE_NOT_WRITTEN
        if self.pot is not None and not self.fees and "(JP)" in self.table and self.pot[1]:
            total, rake, pots, _, added = self.pot
            put = sum((a.amount for a in self.actions), ZERO) - \
                sum((amount for _, amount in self.uncalled), ZERO)
            if put > total:
                self.pot = (put, rake, pots, (("jackpot", put - total),), added)
        # NOT_DEALT_SAT_OUT: a seated player dealt no card sat the hand out
        if self.received:
            self.seats = [s if s[1] in self.received or s[3] else (s[0], s[1], s[2], True, s[4])
                          for s in self.seats]
        return super().finish()

    def HEADER(self, date):
        self.head = {**self.HEAD, "site": SITE, "date": date}

    def GAME_ID(self, hand_id, sb, bb, table, max_seats):
        head = self.head
        head.update(hand_id=hand_id, sb=sb, bb=bb)
        self.big_blind = money(bb)
        self.max_seats = seat_number(max_seats) if max_seats else None
        # a tournament's table: "$10 Freeroll - On Demand, Table 18"; "PMS_27056799"
        # names the tournament (its hands are numbered after it)
        m = _TOURNAMENT_TABLE.match(table)
        pms = _PMS.search(table)
        if m is not None:  # (its number is not written)
            self.in_tournament, head["buy_in"] = True, m.group(1)
        elif pms is not None:
            head["tournament"] = pms.group(1)
        self.table = table

    def BUTTON(self, button):
        self.button = seat_number(button)

    def POST_BB(self, player, amount, all_in):
        # LIMIT_BY_THE_BLIND: the header names no limit; a fixed-limit table's stakes
        # are its bets ("2/4"), its big blind the small bet
        head = self.head
        if not self.saw_big_blind and amount == head["sb"] and \
                money(head["sb"]) * 2 == money(head["bb"]):
            self.structure = Structure.FIXED_LIMIT
            self.big_blind = money(amount)
        self._post(Kind.POST_BB, player, amount, all_in)

    def POST_NEW(self, player, amount, all_in):
        # "posts (5)": a player coming in posts a live blind, part of their bet
        self._post(Kind.POST_BB, player, amount, all_in)

    def SEAT(self, seat, player, stack):
        self.seats.append((seat_number(seat), player, money(stack), False, None))

    def RECEIVED(self, player):
        self.street = PREFLOP
        self.received.add(player)

    def DEALT(self, player, cards):
        self.street = PREFLOP
        self.received.add(player)
        self.dealt[player] = self.dealt.get(player, ()) + old_cards(cards)

    def _adds(self, player: str, amount: str, kind: str | None, all_in: bool) -> None:
        """RAISE_TO: the old format writes what the action adds; a kind of None: the
        bet, raise or call the amount makes (an all-in)."""
        value = money(amount)
        put = self.put
        before = put.get(player, ZERO)
        total = before + value
        most = max(put.values(), default=ZERO)
        if kind is None:
            kind = Kind.BET if most == ZERO and self.street > PREFLOP else \
                Kind.RAISE if total > most else Kind.CALL
        put[player] = total
        self.actions.append(_new(Action, (self.street, player, kind, value,
                                          None if kind == Kind.CALL else total, all_in,
                                          self.line)))

    def CALL(self, player, amount):
        self._adds(player, amount, Kind.CALL, False)

    def BET(self, player, amount):
        self._adds(player, amount, Kind.BET, False)

    def RAISE(self, player, amount):
        self._adds(player, amount, Kind.RAISE, False)

    def ALL_IN(self, player, amount):
        self._adds(player, amount, None, True)

    def CAPS(self, player, amount):
        self._adds(player, amount, None, False)
        self.cap = sum((a.amount for a in self.actions
                        if a.player == player and a.kind not in (Kind.POST_ANTE, Kind.POST_DEAD)),
                       ZERO)

    def FLOP(self, cards):
        self._street(Street.FLOP, 1, old_cards(cards))

    def TURN(self, board, cards):
        self._street(Street.TURN, 1, old_cards(board) + old_cards(cards))

    def RIVER(self, board, cards):
        self._street(Street.RIVER, 1, old_cards(board) + old_cards(cards))

    def BOARD(self, cards):
        self.summary_boards[1] = old_cards(cards)

    def SUMMARY_PLAYER(self, player, mucked, hand_name, cards, collects, bets, net):
        # WINNER_COLLECTS_IN_THE_SUMMARY: "Collects: 37.05" (its bets and net, read for
        # nothing else, must still be amounts)
        money(bets), money(net)
        amount = money(collects)
        self.named.add(player)
        if amount:
            self.summary_won.append((player, amount))
        if cards:
            self.shows.append(Show(player, old_cards(cards), True, hand_name or None))
        elif mucked:
            self.shows.append(Show(player, old_cards(mucked), False))

    def currency(self) -> str:
        # cash: the network plays in dollars (the old format writes no sign), play
        # money at its "PM" tables ("PM Hold`em 5/10")
        if self.in_tournament or self.head["tournament"]:
            return "chips"
        return "play" if self.table.startswith("PM ") else "USD"
