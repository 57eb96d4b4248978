"""Bovada's lines → the engine's Hand: the base Builder, told how Bovada writes.

Bovada's conventions, read here (each named where it applies):

``PLAYERS_ARE_POSITIONS`` — the tables are anonymous: a player is named by the position
they hold in this hand ("Dealer", "Small Blind", "UTG+1"), the hero marked "[ME]"
(left out of the name). The name kept is the one the seat line gives; a line naming a
player another way (the seat, "Seat 3" / "Seat+3", or the player id of the 2021
version's "Player Info" line) is read as that seat's player.

``SEATS_IN_TABLE_ORDER`` — the seat lines list the players clockwise. Cash tables
number them by seat, but tournaments number them by the player's entry (Seat 1243,
Seat 94, ...; a sit-and-go's 7, 1, 9, 6, ...): where the numbers are not rising or
exceed a table's ten seats, the numbers are kept as written and the order listed is
the table's (``Hand.table_order``). No number is 0, nor written twice, nor beyond ten
at a cash table (nor beyond what the store holds, 32767: such entries are numbered 1,
2, ... in the order listed). The button is the seat of the player named "Dealer" (or,
without one, the written "Set dealer [N]" at a cash table; else the seat before the
small blind's).

``STAKES_FROM_THE_BLINDS`` — cash headers write no stakes: the blinds are the ones posted
(the 2021 version's "Table Info" line names them); a big blind posted all-in for less, or
none posted, leaves it at twice the small blind. Fixed limit: the big blind is the small
bet, the big bet twice it.

``RAISE_TO_WITHOUT_BY`` — before August 2012 a raise is written "Raises $16", the
street total only; since, "Raises $0.90 to $1" (what it adds, the total).

``ALL_IN_IS_ANY_ACTION`` — "All-in $x" is what the player adds, everything left: before
the deal a blind (the small or big blind's, by the position's name) or an ante (by any
other player, or one no larger than the ante by a blind who has not posted it); after,
a bet where none was made this street, a raise where it makes more than the bet to
call, else a call.

``BOARD_WITHOUT_STREET_LINES`` — before 2013 the board may be dealt as "Card dealt to
table [..]" (three cards the flop, one the turn or the river).

``SHOWDOWN_NAMES_THE_FIVE`` — "Showdown [Qd Qc 9h 9c Kh] (Two pair)" gives the five cards
that play, not the hole cards (which "Card dealt to a spot" gave): the show is of the
cards dealt. Some versions write a player's showdown line twice: read once.

``RAKE_IS_WHAT_IS_LEFT`` — since 2013 the SUMMARY writes the total pot without its rake
("Total Pot($1.67)"): the rake is the total less what was collected.

``SUMMARY_FOLDS_NOT_READ`` — the SUMMARY's "Folded before the FLOP" / "Folded on the
TURN" lines name no reliable street (a player who folded before the flop is written
"Folded on the FLOP" in tournaments, "Folded before the RIVER" in Zone Poker): only the
SUMMARY's winners (what each won) are read.

``LINES_WRITTEN_TWICE`` — some hands write a line again and again at once ("Small
Blind : All-in 1405" four times, "Dealer : Hand Result 1630" three times): it is read
once (the total pot counts it once).

``SEATED_WITHOUT_A_PART_SAT_OUT`` — a seated player dealt no cards who neither posts nor
acts was not dealt in ("Sitout (wait for bb)", "Seat sit out").
"""
from __future__ import annotations

import re
from decimal import Decimal

from engine.model.hand import (MAX_SEAT_LABEL, MAX_SEAT_NUMBER, ZERO, Action, Collect, Hand,
                               Kind, Show, Stakes, Street, Structure, SummarySeat)
from parsers.base.builder import Builder
from parsers.base.errors import ParseError
from parsers.base.values import CURRENCY_BY_SYMBOL, money
from parsers.base.values import cards as read_cards

PREDEAL, PREFLOP, FLOP, TURN, RIVER = (Street.PREDEAL, Street.PREFLOP, Street.FLOP,
                                       Street.TURN, Street.RIVER)
FOLD, CHECK, CALL, BET, RAISE = Kind.FOLD, Kind.CHECK, Kind.CALL, Kind.BET, Kind.RAISE
_new = tuple.__new__
LIMITS = {None: Structure.NO_LIMIT, "No Limit": Structure.NO_LIMIT,
          "Pot Limit": Structure.POT_LIMIT, "Fixed Limit": Structure.FIXED_LIMIT}
SITE_BY_BRAND = {"Bovada": "Bovada", "Ignition": "Ignition"}  # every Bodog brand is "Bodog"
BRANDS = r"(?:Bovada|Ignition|Bodog(?:\.com|\.eu| UK| Canada|88)?)"
_TABLE_SIZE = 10  # the most seats a table has: numbers beyond are entry numbers
_SEAT_NAME = re.compile(r"Seat ?\+?(\d+)")
_PLAYER_ID = re.compile(r"Seat ?(\d+): (\S+?),?(?= |$)")
_SMALL_BLIND, _BIG_BLIND, _DEALER = "Small Blind", "Big Blind", "Dealer"


class BovadaBuilder(Builder):
    """Builds one Hand from Bovada's lines (see the module doc)."""

    PLACEHOLDERS = {
        **Builder.PLACEHOLDERS,
        # a position ("Big Blind", "UTG+1"): no brackets, parentheses nor colon
        "NAME": r"[^\[\]():]*[^\[\](): ]",
        "ME": r"(?: +\[ME\])",
        # cards, "Ks Ad" ("9h Ad-Ad Qd 9h 8h 7c" in the SUMMARY, "Ac 5s Kd  " on its board):
        # nothing else, so a card that is no card is never passed over in a line not read
        "CARDS": r"(?:[2-9TJQKA][cdhs]|[ -])*",
        # the rest of a SUMMARY line: words, and cards or a mark in brackets
        "TAIL": r"(?:[^\[\]]|\[(?:(?:[2-9TJQKA][cdhs]|[ -])*|Mucked|Does not show|ME)\])*",
    }
    SHARED_PREFIXES = ("(?P<player>{NAME}){ME}? : ",)
    # PLAYERS_ARE_POSITIONS: every player is a seat label, the hero stored as "Hero" (as
    # PokerTracker 4 and Holdem Manager 3 name the Ignition hero): one person every hand
    ANONYMOUS_NAMES = re.compile(r"(?s).*")
    HERO_NAME = "Hero"
    limits = LIMITS
    # another game's header: Omaha, Omaha Hi-Lo, Stud
    HOLDEM = (" HOLDEM",)
    OTHER_GAME = re.compile(
        r"(?P<brand>" + BRANDS + r") Hand #C?(?P<hand_id>\d+):? +(?:(?:Zone Poker ID|TBL)#\d+ +)?"
        r"(?P<game>[A-Z0-9_]+(?: HiLo)?)(?:ZonePoker)?[ ,].*?"
        r"(?P<limit>No Limit|Pot Limit|Fixed Limit)?(?: -|- Level)")
    silent = frozenset({"HOLE_CARDS", "SUMMARY", "SEATING_INFO", "SHOWDOWN_NAME",
                        "SUMMARY_FOLD", "SUMMARY_OTHER", "EVENT",
                        "TABLE_EVENT"})

    def __init__(self) -> None:
        super().__init__()
        self.site, self.hand_id, self.tz = "Bovada", "", None
        self.date = ""
        self.tournament = self.level = None
        self.header_blinds: tuple[Decimal, Decimal] | None = None
        self.table_blinds: tuple[Decimal, Decimal] | None = None
        self.written_button: int | None = None
        self.zone = False
        self.currency_code = "play"  # until an amount with a currency sign is read
        self.seat_of: dict[str, int] = {}  # name → seat number as written
        self.aliases: dict[str, str] = {}  # another name of a seated player → the name
        self.sb_post: Decimal | None = None
        self.bb_post: Decimal | None = None
        self.short_bb: Decimal | None = None  # a big blind posted all-in
        self.antes: set[str] = set()
        self.shown: set[str] = set()
        self.street_lines = False  # a line that deals the board was read
        self.all_in_lines: set[int] = set()  # lines "All-in $x" read after the deal
        self.total: Decimal | None = None
        self.rake: Decimal | None = None

    def build(self, tokens) -> Hand:
        """Read every line, a line written again at once read once
        (LINES_WRITTEN_TWICE), then make the Hand."""
        methods = self.methods
        last = None
        for kind, fields, self.line, _ in tokens:
            method = methods[kind]
            if method is None:
                continue
            if last is not None and kind == last[0] and fields == last[1]:
                continue
            last = (kind, fields)
            method(self, *fields)
        self.line = 1
        return self.finish()

    @classmethod
    def site_of(cls, brand):
        return SITE_BY_BRAND.get(brand, "Bodog")

    @classmethod
    def unsupported(cls, fields, text):
        # a game's words are joined by underscores: "OMAHA_HILO"
        return super().unsupported({**fields, "game": fields["game"].replace("_", " ")}, text)

    # ------------------------------------------------------------ the header
    def HEADER(self, brand, hand_id, zone, table, tournament, tour_table, limit, level,
               sb, bb, date, tz):
        self.site = self.site_of(brand)
        self.hand_id = hand_id
        self.zone = zone == "Zone Poker ID"
        self.table = tour_table or table or ""
        self.structure = LIMITS[limit]
        if tournament is not None:
            self.tournament, self.level = tournament, level
            if sb is not None:
                self.header_blinds = (money(sb), money(bb))
                self.big_blind = self.header_blinds[1]
        self.date, self.tz = date, tz

    def TABLE_INFO(self, sb, bb):
        self.table_blinds = (money(sb), money(bb))
        self.big_blind = self.table_blinds[1]

    def SEAT(self, seat, player, me, stack, out):
        number = int(seat)
        if player in self.seat_of:
            raise ParseError(self.line, "two seats of one name", player)
        if number < 1:  # (SEATS_IN_TABLE_ORDER: neither a seat nor an entry number)
            raise ParseError(self.line, f"seat number {number}", player)
        if number in self.seat_of.values():
            raise ParseError(self.line, f"two players on seat {number}", player)
        self.seat_of[player] = number
        if stack[0] in CURRENCY_BY_SYMBOL:
            self.currency_code = CURRENCY_BY_SYMBOL[stack[0]]
        self.seats.append((number, player, money(stack), out is not None, None))
        if me:
            self.hero = player

    def PLAYER_INFO(self, info):
        # Seat1: P1-d07e92..., Seat2: P2-44fbd5...: the K-th seat listed and its player's id
        listed = [s[1] for s in self.seats]
        for k, pid in _PLAYER_ID.findall(info):
            k = int(k)
            name = next((p for n, p, *_ in self.seats if n == k), None)
            if name is None and 1 <= k <= len(listed):
                name = listed[k - 1]
            if name is not None:
                self.aliases[pid] = name

    def SET_DEALER(self, player, button):
        if button:
            self.written_button = int(button)

    def _who(self, player: str) -> str:
        """PLAYERS_ARE_POSITIONS: the seated player a line names."""
        if player in self.seat_of:
            return player
        name = self.aliases.get(player)
        if name is None:
            m = _SEAT_NAME.fullmatch(player)
            if m is not None:
                number = int(m.group(1))
                name = next((p for n, p, *_ in self.seats if n == number), None)
        if name is None:
            raise ParseError(self.line, "a player who is not seated", player)
        return name

    # ------------------------------------------------------------ blinds and antes
    def POST_SB(self, player, amount):
        player = self._who(player)
        if self.sb_post is None:
            self.sb_post = money(amount)
        self._post(Kind.POST_SB, player, amount, None)

    def POST_BB(self, player, amount):
        player = self._who(player)
        value = money(amount)
        if self.bb_post is None:
            self.bb_post = value
            if not self.big_blind:
                self.big_blind = value
        self._post(Kind.POST_BB, player, amount, None)

    def POST_NEW_BB(self, player, amount):
        # a player coming in posts a live big blind out of position
        player = self._who(player)
        value = money(amount)
        self.actions.append(_new(Action, (self.street, player, Kind.POST_BB, value, None,
                                          False, self.line)))
        self.put[player] = self.put.get(player, ZERO) + value

    def POST_SB_BB(self, player, amount):
        player = self._who(player)
        self._post(Kind.POST_SB_BB, player, amount, None)

    def POST_ANTE(self, player, amount):
        player = self._who(player)
        self.antes.add(player)
        self._post(Kind.POST_ANTE, player, amount, None)

    def _all_in_post(self, player: str, amount: str) -> None:
        """ALL_IN_IS_ANY_ACTION, before the deal: a blind or an ante."""
        value = money(amount)
        ante = self.ante
        ante_first = ante and player not in self.antes and value <= ante
        if player == _BIG_BLIND and not ante_first and self.bb_post is None:
            self.short_bb = value
            self.saw_big_blind = True
            self.put[player] = self.put.get(player, ZERO) + value
            self.actions.append(_new(Action, (PREDEAL, player, Kind.POST_BB, value, None, True,
                                              self.line)))
        elif (player == _SMALL_BLIND or (player == _DEALER and _SMALL_BLIND not in self.seat_of)) \
                and not ante_first and not self.saw_big_blind \
                and not any(a.kind == Kind.POST_SB for a in self.actions):
            self._post(Kind.POST_SB, player, amount, "all-in")
        else:
            self.antes.add(player)
            self._post(Kind.POST_ANTE, player, amount, "all-in")

    # ------------------------------------------------------------ the betting
    def DEALT(self, player, cards):
        player = self._who(player)
        self.dealt[player] = read_cards(cards)
        if self.street == PREDEAL:
            self.street = PREFLOP

    def HOLE_CARDS(self):
        self.street = PREFLOP

    def FLOP(self, cards):
        self.street_lines = True
        super().FLOP(cards)

    def TURN(self, board, cards):
        self.street_lines = True
        super().TURN(board, cards)

    def RIVER(self, board, cards):
        self.street_lines = True
        super().RIVER(board, cards)

    def FOLD(self, player):
        self.actions.append(_new(Action, (self.street, self._who(player), FOLD, ZERO, None,
                                          False, self.line)))

    def FOLD_SHOWS(self, player, cards, one):
        # "Show1 [4s]": the player showed one card of the two
        player = self._who(player)
        self.FOLD(player)
        self.shows.append(Show(player, read_cards(one if one else cards)))

    def CHECK(self, player):
        self.actions.append(_new(Action, (self.street, self._who(player), CHECK, ZERO, None,
                                          False, self.line)))

    def CALL(self, player, amount):
        Builder.CALL(self, self._who(player), amount, None)

    def BET(self, player, amount):
        Builder.BET(self, self._who(player), amount, None)

    def RAISE(self, player, by, to):
        # RAISE_TO_WITHOUT_BY: "Raises $16" before August 2012 is the street total
        self._raise_to(self._who(player), money(to or by), False)

    def ALL_IN_RAISE(self, player, by, to):
        self._raise_to(self._who(player), money(to or by), True)

    def _raise_to(self, player: str, total: Decimal, all_in: bool) -> None:
        put = self.put
        amount = total - put.get(player, ZERO)
        put[player] = total
        self.actions.append(_new(Action, (self.street, player, RAISE, amount, total, all_in,
                                          self.line)))

    def ALL_IN(self, player, amount):
        player = self._who(player)
        if self.street == PREDEAL:
            self._all_in_post(player, amount)
            return
        # ALL_IN_IS_ANY_ACTION: a bet, a raise or a call, by what it makes
        self.all_in_lines.add(self.line)
        self.all_in_adds(player, money(amount))

    # ------------------------------------------------------------ the board
    def CARD_TO_TABLE(self, cards):
        # BOARD_WITHOUT_STREET_LINES: three cards the flop, then one card a street
        self.street_lines = True
        dealt = read_cards(cards)
        board = self.boards.get(1, ())
        street = {0: FLOP, 3: TURN, 4: RIVER}.get(len(board))
        if street is None or (street == FLOP) != (len(dealt) == 3):
            raise ParseError(self.line, "a board card dealt out of turn", cards)
        self._street(street, 1, board + dealt)

    # ------------------------------------------------------------ after the betting
    def UNCALLED(self, player, amount):
        self.uncalled.append((self._who(player), money(amount)))

    def SHOWDOWN(self, player, best, hand_name):
        # SHOWDOWN_NAMES_THE_FIVE: the cards shown are the cards dealt
        player = self._who(player)
        read_cards(best)
        if player in self.shown:
            return  # written twice (2021)
        self.shown.add(player)
        self.shows.append(_new(Show, (player, self.dealt.get(player, ()), True, hand_name,
                                      1, None)))

    def DOESNT_SHOW(self, player, cards):
        # the winner of a pot nobody contested: the cards, not shown, are the ones dealt
        player = self._who(player)
        held = read_cards(cards)
        dealt = self.dealt.get(player)
        if dealt is not None and sorted(held) != sorted(dealt):
            raise ParseError(self.line, "the cards not shown are not the cards dealt", cards)

    def MUCKS(self, player, cards, hand_name):
        player = self._who(player)
        if player in self.shown:
            return
        self.shown.add(player)
        held = read_cards(cards)
        dealt = self.dealt.get(player)
        if dealt is not None and sorted(held) != sorted(dealt):
            raise ParseError(self.line, "the cards mucked are not the cards dealt", cards)
        self.shows.append(_new(Show, (player, held, False, hand_name, 1, None)))

    def COLLECTED(self, player, side, amount):
        self.collects.append(_new(Collect, (self._who(player), money(amount), None, 1)))

    # ------------------------------------------------------------ the SUMMARY
    def TOTAL_POT(self, total, rake):
        self.total = money(total)
        self.rake = money(rake) if rake else None

    def BOARD(self, cards):
        board = read_cards(cards)
        if board:  # ("Board [ ]": none)
            self.summary_boards[1] = board

    def SUMMARY_WON(self, seat, player, won):
        player = self._who(player)
        self.summary_seats.append(_new(SummarySeat, (int(seat), player, "collected", None,
                                                     (), (money(won),), ())))

    # ------------------------------------------------------------ the Hand
    def _blinds(self) -> tuple[Decimal, Decimal]:
        """STAKES_FROM_THE_BLINDS."""
        if self.header_blinds is not None:
            return self.header_blinds
        if self.table_blinds is not None:
            return self.table_blinds
        sb, bb = self.sb_post, self.bb_post
        if bb is None:
            bb = max(self.short_bb or ZERO, 2 * sb if sb else ZERO)
            if not bb:
                bb = next((a.amount for a in self.actions if a.kind == Kind.POST_BB), ZERO)
        if sb is None:
            sb = (bb / 2).quantize(Decimal(1) if bb == bb.to_integral() and bb > 2
                                   else Decimal("0.01"))
        return sb, bb

    def stakes(self) -> Stakes:
        sb, bb = self._blinds()
        if self.structure == Structure.FIXED_LIMIT:
            return Stakes(sb, bb, self.ante, small_bet=bb, big_bet=2 * bb)
        return Stakes(sb, bb, self.ante)

    def _numbers(self) -> tuple[dict[str, int], int | None]:
        """SEATS_IN_TABLE_ORDER: each player's seat number, and the button's."""
        written = [n for n, *_ in self.seats]
        rising = all(a < b for a, b in zip(written, written[1:]))
        if rising and written[-1] <= _TABLE_SIZE:
            numbers = {p: n for n, p, *_ in self.seats}
            button = numbers.get(_DEALER, self.written_button)
            if button is None and _SMALL_BLIND in numbers:
                # no dealer seated nor written: the (dead) button is right of the small blind
                blind = numbers[_SMALL_BLIND]
                button = blind - 1 if blind > 1 else written[-1]
            return numbers, button
        if self.tournament is None and max(written) > _TABLE_SIZE:
            # SEATS_IN_TABLE_ORDER: only tournaments number players by their entry
            raise ParseError(1, f"a cash table's seat number {max(written)} out of range")
        # SEATS_IN_TABLE_ORDER: the numbers as written, clockwise in the order listed
        # (numbered 1, 2, ... where one is beyond what the store holds)
        listed = written if max(written) <= MAX_SEAT_LABEL else \
            list(range(1, len(written) + 1))
        self.table_order = tuple(listed)
        numbers = {p: n for n, (_, p, *_) in zip(listed, self.seats)}
        place = {p: i for i, (_, p, *_) in enumerate(self.seats)}
        if _DEALER in numbers:
            return numbers, numbers[_DEALER]
        blind = place.get(_SMALL_BLIND, place.get(_BIG_BLIND))
        # (no dealer seated nor written: the seat before the small blind's, or the big's)
        return numbers, None if blind is None else listed[blind - 1]

    def _streets_from_betting(self) -> None:
        """BOARD_ONLY_IN_THE_SUMMARY: hands of 2012 that deal the board without a line
        (the SUMMARY's "Board [..]" names it): each betting round ends where every
        player still able to act has acted and matched the bet, and the next action
        is the next street's. Raises and all-ins, written as street totals or as what
        they add, are read again against the street they are on."""
        stacks = {p: stack for _, p, stack, *_ in self.seats}
        put: dict[str, Decimal] = {}
        out: set[str] = set()  # folded or all-in
        acted: set[str] = set()
        actions = []
        street, facing = PREFLOP, ZERO
        for a in self.actions:
            p, kind, amount = a.player, a.kind, a.amount
            if a.street == PREDEAL:
                stacks[p] = stacks.get(p, ZERO) - amount
                if kind in (Kind.POST_SB, Kind.POST_BB, Kind.POST_SB_BB):
                    put[p] = put.get(p, ZERO) + (min(amount, self.big_blind)
                                                 if kind == Kind.POST_SB_BB else amount)
                    facing = max(facing, put[p])
                if stacks[p] <= 0:
                    out.add(p)
                actions.append(a)
                continue
            able = [q for q in self.dealt if q not in out]
            if street < RIVER and acted and all(q in acted and put.get(q, ZERO) >= facing
                                                for q in able):
                street, put, facing, acted = Street(street + 1), {}, ZERO, set()
            before = put.get(p, ZERO)
            to = None
            if kind == FOLD:
                out.add(p)
            elif kind in (BET, RAISE) and a.line not in self.all_in_lines:
                # a bet adds its amount; a raise names the street total
                to = a.raise_to if kind == RAISE else before + amount
                amount = to - before
                kind = BET if facing == ZERO else RAISE
            elif a.line in self.all_in_lines:  # "All-in $x": what it adds
                to = before + amount
                kind = (BET if facing == ZERO and street != PREFLOP else
                        RAISE if to > facing else CALL)
                if kind == CALL:
                    to = None
            if to is not None:
                put[p] = to
                facing = to
                acted = set()
            elif kind == CALL:
                put[p] = before + amount
            acted.add(p)
            stacks[p] = stacks.get(p, ZERO) - amount
            if a.all_in or stacks[p] <= 0:
                out.add(p)
            actions.append(_new(Action, (street, p, kind, amount, to, a.all_in, a.line)))
        self.actions = actions
        self.boards = {1: self.summary_boards[1]}

    def cards_known(self) -> dict[str, tuple[str, ...]]:
        return dict(self.dealt)  # (SHOWDOWN_NAMES_THE_FIVE: what is shown was dealt)

    def hero_name(self) -> str | None:
        return self.hero  # "[ME]" (every player's cards are dealt in the file)

    def currency(self) -> str:
        return "chips" if self.tournament else self.currency_code

    def finish(self) -> Hand:
        if not self.street_lines and self.summary_boards.get(1):
            self._streets_from_betting()
        numbers, self.button = self._numbers()
        # SEATED_WITHOUT_A_PART_SAT_OUT
        part = {a.player for a in self.actions} | {c.player for c in self.collects}
        part |= self.dealt.keys()
        seats = []
        for _, p, stack, _, _ in self.seats:  # (a seat line's "sitting out" agrees)
            n = numbers[p]
            if n > (MAX_SEAT_LABEL if self.table_order else MAX_SEAT_NUMBER):
                raise ParseError(1, f"seat number {n} out of range")
            seats.append((n, p, stack, p not in part, None))
        self.seats = seats
        if self.total is not None:
            rake = self.rake
            if rake is None:  # RAKE_IS_WHAT_IS_LEFT
                rake = self.total - sum((c.amount for c in self.collects), ZERO)
                if rake < 0:
                    rake = ZERO
            self.pot = (self.total, rake, (), (), ZERO)
        self.head = {**self.HEAD, "site": self.site, "hand_id": self.hand_id,
                     "tournament": self.tournament, "level": self.level,
                     "zoom": True if self.zone else None, "date": self.date, "tz": self.tz}
        return super().finish()
