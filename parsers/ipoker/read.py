"""iPoker's XML → the engine's Hand: one <game> element, read with ElementTree.

iPoker writes no lines: a session (``<session><general>`` with the game type, the
table, the currency, the hero's nickname, a tournament's code and buy-in) holds
``<game>`` elements, each with its players (``<player seat= name= chips= dealer=
win= bet=/>``) and its rounds (0: blinds and antes; 1: the pocket cards and preflop;
2, 3, 4: flop, turn and river with their ``<cards>``), every action an ``<action
no= player= type= sum=/>``. The splitter puts the session's header in front of each
game (``parsers.ipoker.ROOM.context``); this module reads the two and feeds the base
Builder's methods, so that posts, bets, raises and calls are made exactly as for
the text rooms.

iPoker's conventions, each named where it is read:
``ACTIONS_IN_NUMBER_ORDER`` — a round's actions are listed player by player, not in
the order they were taken: their ``no`` gives the order;
``ACTION_TYPES`` — 0 fold, 1 small blind, 2 big blind, 3 call, 4 check, 5 bet,
6 raise by what it adds (``RAISE_ADDS``, "actiontxt=Raise" in the files that name
their actions), 7 all-in (what it adds), 8 and 9 sitting out (no blind posted),
15 ante, 23 raise to (the street's total);
``LIMIT_HOLDEM_NAMES_BETS_THEN_BLINDS`` — "LH 20/40 x2 Limit $10.00/$20.00" is
Limit Hold'em with bets of 20 and 40 and blinds of $10 and $20;
``BOTH_BLINDS_AS_BIG`` — a returning player's small and big blind are one type-2
post of both amounts;
``ALL_IN_IS_BET_RAISE_OR_CALL`` — an all-in (type 7) is a bet, raise or call by
what it makes against the street's bet; ``DISCONNECTED_IS_ALL_IN`` — an all-in
whose sum is "DP" (disconnect protection) adds nothing: the player, disconnected,
is all-in with what they have in;
``FIXED_LIMIT_STAKES_ARE_BETS`` — "Holdem L $5/$10" names the small and big bet;
``NOT_DEALT_SITS_OUT`` — a seated player dealt no pocket cards, or whose only
action is a type 8 or 9, sits out; ``POSTED_THEN_SAT_OUT`` — one who posted (an
ante) and then sat out folds in turn, the post staying in the pot;
``GAME_TOLD_BY_THE_POCKET`` — a game type naming no game ("PL €0.05/€0.10") is
Hold'em with two pocket cards, Omaha with four or five;
``BUTTON_BEFORE_THE_SMALL_BLIND`` — where no seat is marked ``dealer="1"`` (an empty
seat may be: the dead button), the button is the seat before the small blind's;
``SMALL_BLIND_NOT_POSTED_IS_HALF`` — a game type without stakes (tournaments) and no
small blind posted: the small blind is half the big blind;
``SHOWN_CARDS_ARE_POCKET_CARDS`` — cards shown at the showdown are the pocket cards
written for the player ("X X": not shown); one who reaches the showdown without
showing and wins nothing mucked;
``WIN_HOLDS_THE_UNCALLED_BET`` — iPoker writes no uncalled bet: a player's
``bet=`` is all they put in, their ``win=`` all they took back, so the bettor's
``win=`` holds the part of their bet nobody called (paid as a "win" even where
another player won the pot); the builder returns it, and what is left of the
``win=`` is what they collected from the pot;
``UNCALLED_APART_IN_NEWER_CLIENTS`` — the newer clients leave the uncalled bet out of
``win=`` (``bet=`` still holds it): it is given back apart. Which a file is, is what
its ``<uncalled_bet_enabled>`` says where written (true: apart; false, as the 17.5
clients and the files converted from Ignition's hands write: within the win); else a
``<client_version>`` of 20 or more gives it back apart, and a file without one (the
clients before 2018) within the win; a client before 20 that says nothing is told by
the room's own figures (``win=`` that hold the bet pay out more than the pot the
actions make);
``BET_AND_WIN_ARE_THE_ROOMS_ACCOUNT`` — each player's ``bet=`` and ``win=`` are the
room's own account of them: the Hand carries them (``Hand.player_totals``: what they
put in, and what came back, the uncalled bet given back apart being written nowhere)
and the replay judges them player by player (POT_MISMATCH, SUMMARY_MISMATCH).

The action types, checked against fpdb's iPoker reader, DriveHUD's and HHSmithy's and
against the room's own ``bet=`` on every real file: a sum is what the action adds,
but a type 23's, which is the street's total ("raise to"; type 6 is a raise by what
it adds); an all-in (7) is a call, bet or raise by what it adds; antes (15) and both
blinds (a type 2 of the two) are counted whole; 8 and 9 (a blind not posted) add
nothing. Where a ``bet=`` differs from that, the next game's ``chips=`` follow the
actions (a small blind who raised counted twice, an all-in player's ante counted
twice or not at all): the room's ``bet=`` is wrong, and the replay says so.
"""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import replace
from datetime import datetime
from decimal import ROUND_DOWN, Decimal
from functools import lru_cache
from html import unescape

from engine.model.cards import DECK
from engine.model.hand import (CENT, ZERO, Action, Collect, Hand, Kind, Show, Stakes, Street,
                         Structure, UnsupportedHand)
from engine.rules.pots import uncalled
from parsers.base.builder import Builder
from parsers.base.errors import ParseError
from parsers.base.tourney import buy_in_cost
from parsers.base.values import local_money
from parsers.base.elements import element

PREDEAL, PREFLOP, FLOP, TURN, RIVER = Street.PREDEAL, Street.PREFLOP, Street.FLOP, \
    Street.TURN, Street.RIVER
SITE = "iPoker"
_UNIT = {True: Decimal(1), False: CENT}

# ------------------------------------------------------------------ values
_NOT_DIGITS = re.compile(r"[^\d.,]+")
SIGNS = {"$": "USD", "€": "EUR", "£": "GBP", "RSD": "RSD", "kr": "SEK", "₹": "INR",
         "лв": "BGN", "zł": "PLN"}
_SIGN = re.compile(r"[$€£₹]|RSD|kr|лв|zł")


@lru_cache(maxsize=16384)  # amounts repeat (blinds, antes, stacks); Decimals are immutable
def amount(text: str) -> Decimal:
    """'$0.04', '€0,05', '£1,234.50', 'RSD1,110.25', '1 500', '0€' → Decimal; ValueError
    for what is not an amount (the separators as the client's language writes them:
    a separator before exactly three digits separates thousands)."""
    digits = _NOT_DIGITS.sub("", text)
    if not digits or not digits[0].isdigit():
        raise ValueError(f"not an amount: {text!r}")
    return local_money(digits)


# "Holdem NL $0.02/$0.04", "Holdem L $5/$10", "Holdem NL", "Omaha PL €0.50/€1",
# "Six Plus Holdem NL €0.25/€0.50", "Holdem NL 5/10", "LH $0.10/$0.20", "... Ante $0.02"
_GAMETYPE = re.compile(
    r"\s*(?P<game>.*?)\s*\b(?P<limit>NL|SL|LZ|PL|LP|FL|L|LH|БЛ|No ?[Ll]imit|Pot ?[Ll]imit"
    r"|Fixed ?[Ll]imit|Limit)\b\s*(?:(?P<sb>[^/\s]+)\s*/\s*(?P<bb>[^/\s]+))?"
    r"(?:\s*Ante\s*(?P<ante>\S+))?\s*$")
# "LH 20/40 x2 Limit $10.00/$20.00": Limit Hold'em, its bets, then its blinds
_LIMIT_HOLDEM = re.compile(r"\s*LH\s+(?P<small>[\d.,]+)\s*/\s*(?P<big>[\d.,]+)\b.*?"
                           r"\bLimit\s+(?P<sb>[^/\s]+)\s*/\s*(?P<bb>[^/\s]+)\s*$")
LIMITS = {"NL": Structure.NO_LIMIT, "SL": Structure.NO_LIMIT, "LZ": Structure.NO_LIMIT,
          "БЛ": Structure.NO_LIMIT, "PL": Structure.POT_LIMIT, "LP": Structure.POT_LIMIT,
          "L": Structure.FIXED_LIMIT, "FL": Structure.FIXED_LIMIT, "LH": Structure.FIXED_LIMIT,
          "Limit": Structure.FIXED_LIMIT}
HOLDEM = frozenset({"Holdem", "Hold'em", "Texas Holdem", "Texas Hold'em", ""})


def structure(limit: str) -> str:
    word = limit.replace(" ", "").lower()
    if word.startswith("nolimit"):
        return Structure.NO_LIMIT
    if word.startswith("potlimit"):
        return Structure.POT_LIMIT
    if word.startswith("fixedlimit"):
        return Structure.FIXED_LIMIT
    return LIMITS[limit]


# the session's header: its simple elements, <name>value</name>
_FIELD = re.compile(r"<(\w+)>([^<]*)</\1>")
_TOURNAMENT_NO = re.compile(r"\(#(\d+)\)|,\s*(\d+)(?:\s+\w+)?\s*$|(\d+)\s*$")
_DATES = ((re.compile(r"\d{4}-\d\d-\d\d \d\d?:\d\d:\d\d$"), "%Y-%m-%d %H:%M:%S"),
          (re.compile(r"\d{4}/\d\d/\d\d \d\d?:\d\d:\d\d$"), "%Y/%m/%d %H:%M:%S"),
          (re.compile(r"\d\d-[A-Za-z]{3}-\d{4} \d\d?:\d\d:\d\d$"), "%d-%b-%Y %H:%M:%S"),
          (re.compile(r"\d\d-[A-Za-z]{3}-\d{4} \d\d?:\d\d$"), "%d-%b-%Y %H:%M"),
          (re.compile(r"\d\d/\d\d/\d{4} \d\d?:\d\d:\d\d$"), "%d/%m/%Y %H:%M:%S"),
          (re.compile(r"\d\d/\d\d/\d{4} \d\d?:\d\d$"), "%d/%m/%Y %H:%M"),
          (re.compile(r"\d\d\.\d\d\.\d{4} \d\d?:\d\d:\d\d$"), "%d.%m.%Y %H:%M:%S"),
          (re.compile(r"\d\d\.\d\d\.\d{4} \d\d?:\d\d$"), "%d.%m.%Y %H:%M"))


def stamp(text: str | None) -> datetime | None:
    if not text:
        return None
    text = text.strip()
    for pattern, form in _DATES:
        if pattern.match(text):
            return datetime.strptime(text, form)
    raise ValueError(f"not a date: {text!r}")


@lru_cache(maxsize=64)  # every game of a session has the same header (not to be changed)
def header(text: str) -> dict[str, str]:
    """The session's <general> fields (the first of each name)."""
    out: dict[str, str] = {}
    for name, value in _FIELD.findall(text):
        if name not in out:
            out[name] = unescape(value).strip() if "&" in value else value.strip()
    return out


PLACES = 10  # seats are places 1-10 whatever the table (RoomRules.seat_places)

# ------------------------------------------------------------------ cards
_RANK = {"10": "T", "1": "T"}


def card(text: str) -> str | None:
    """'CA' → 'Ac', 'H10' → 'Th'; None for a card not shown ('X')."""
    if text[:1] in "Xx":
        return None
    suit, rank = text[0].lower(), text[1:]
    rank = _RANK.get(rank, rank.upper())
    if rank + suit not in DECK:  # (a damaged card: "H1,", "SÍ7")
        raise ParseError(1, "not a card", text)
    return rank + suit


def cards(text: str | None) -> tuple[str, ...]:
    """Cards as written in a <cards> element; () where any is hidden."""
    out = []
    for c in (text or "").split():
        value = card(c)
        if value is None:
            return ()
        out.append(value)
    return tuple(out)


# ------------------------------------------------------------------ the builder
FOLD_, SB_, BB_, CALL_, CHECK_, BET_, RAISE_ADDS_, ALLIN_, OUT8_, OUT9_, ANTE_, RAISE_TO_ = \
    "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "15", "23"
SITTING_OUT = frozenset({OUT8_, OUT9_})
STREETS = {"Flop": FLOP, "Turn": TURN, "River": RIVER}


class IPokerBuilder(Builder):
    """Builds one Hand from a session's header and one <game> (see the module doc)."""

    def __init__(self, head: dict[str, str]) -> None:
        super().__init__()
        self.session = head
        self.stacks: dict[str, Decimal] = {}
        self.left: dict[str, Decimal] = {}  # what each player still has behind
        self.spent: dict[str, Decimal] = {}  # what each player put in
        self.dead: dict[str, Decimal] = {}  # of which dead money (antes, both blinds' small)
        self.sb = self.posted_sb = self.posted_bb = None
        self.ante_written = ZERO
        self.small_bet = self.big_bet = None
        self.hand_id = ""
        self.when = self.table_size = None
        self.players: list[tuple[int, str, Decimal]] = []  # (seat, name, stack), as written
        self.seat_numbers: set[str | None] = set()
        self.written_bet: dict[str, Decimal] = {}  # the room's bet= and win= of each player
        self.written_win: dict[str, Decimal] = {}
        self.accounted: list[str] = []  # the players whose bet= and win= are written
        self.totals: tuple | None = None  # Hand.player_totals, as _settle reads them
        self.pocket: set[str] = set()  # players dealt pocket cards (shown or not)
        self.away: set[str] = set()  # players who sat out (types 8 and 9)
        self.acted: set[str] = set()
        self.sat_out: list[tuple[str, int]] = []  # who posted, then sat out, at which action
        self.board: tuple[str, ...] = ()
        self.in_tournament = False

    # ------------------------------------------------------------ the header
    def game_type(self, gametype: str) -> None:
        lh = _LIMIT_HOLDEM.match(gametype)
        if lh is not None:  # LIMIT_HOLDEM_NAMES_BETS_THEN_BLINDS
            self.structure = Structure.FIXED_LIMIT
            self.small_bet, self.big_bet = amount(lh["small"]), amount(lh["big"])
            self.big_blind = self.small_bet
            return
        m = _GAMETYPE.match(gametype)
        if m is None:
            raise ParseError(1, "unrecognised game type", gametype)
        self.structure = structure(m["limit"])
        sb, bb = m["sb"], m["bb"]
        if sb and bb:
            low, high = amount(sb), amount(bb)
            if self.structure == Structure.FIXED_LIMIT:  # FIXED_LIMIT_STAKES_ARE_BETS
                self.small_bet, self.big_bet = low, high
                self.big_blind = low
            else:
                self.sb, self.big_blind = low, high
        if m["ante"]:
            self.ante_written = amount(m["ante"])

    # ------------------------------------------------------------ the game's elements
    def game(self, root: ET.Element) -> Hand:
        """One <game>: its <general>, then its rounds, then the Hand."""
        self.game_type(self.session["gametype"])
        general = root.find("general")
        if general is None:
            raise ParseError(1, "the game has no <general>")
        self.hand_id = root.get("gamecode") or ""
        self.general(general)
        for rnd in root.findall("round"):
            self.round(rnd)
        self.line = 1
        return self.finish()

    def general(self, general: ET.Element) -> None:
        """The game's <general>: when it started, its stakes (newer clients write them
        per game), its <players>."""
        head = self.session
        self.when = general.findtext("startdate") or head.get("startdate")
        self.table_size = general.findtext("tablesize") or head.get("tablesize")
        players = general.find("players")
        if players is None or not len(players):
            raise ParseError(1, "the game has no players")
        for name in ("smallblind", "bigblind", "ante"):
            value = general.findtext(name)
            if value and value.strip():
                if name == "smallblind":
                    self.sb = amount(value)
                elif name == "bigblind":
                    self.big_blind = amount(value)
                else:
                    self.ante_written = amount(value)
        if not any("win" in p.attrib for p in players):
            raise ParseError(1, "a partial game: no player's win= or bet= is written (the "
                                "file holds its blinds only)")
        for p in players:
            self.player(p)

    def player(self, p: ET.Element) -> None:
        """One <player seat= name= chips= dealer= win= bet=/> (an empty seat: no name)."""
        name = p.get("name")
        seat = p.get("seat")
        if seat and seat.isascii() and seat.isdigit() and not 1 <= int(seat) <= PLACES:
            raise ParseError(1, f"seat number {seat} out of range", name or "")
        if seat in self.seat_numbers:  # (empty seats' too: each is written once)
            raise ParseError(1, f"seat {seat} written twice", name or "")
        self.seat_numbers.add(seat)
        if p.get("dealer") == "1" and seat and seat.isdigit():
            self.button = int(seat)  # (an empty seat's too: the dead button)
        if not name:
            return  # an empty seat: name="" chips="$0"
        if not seat or not seat.isdigit():
            raise ParseError(1, "a player without a seat", name)
        stack = amount(p.get("chips") or "0")
        self.players.append((int(seat), name, stack))
        self.stacks[name] = self.left[name] = stack
        self.written_bet[name] = amount(p.get("bet") or "0")
        self.written_win[name] = amount(p.get("win") or "0")
        if "bet" in p.attrib and "win" in p.attrib:
            self.accounted.append(name)

    def round(self, rnd: ET.Element) -> None:
        """One <round>: 0 the blinds and antes, 1 the pocket cards and preflop, then one
        a street, its <cards> first; its actions in number order."""
        no = rnd.get("no")
        if no == "0":
            street = PREDEAL
        elif no == "1":
            self.HOLE_CARDS()
            street = PREFLOP
        else:
            street = None
        actions = []
        for el in rnd:
            if el.tag == "action":
                actions.append(el)
            elif el.tag == "cards":
                dealt = self.cards_dealt(el)
                if dealt is not None:
                    street = dealt
        if street is None:
            raise ParseError(self.line or 1, f"a round ({no}) without its cards")
        actions.sort(key=_number)  # ACTIONS_IN_NUMBER_ORDER
        for el in actions:
            self.action(el)

    def cards_dealt(self, el: ET.Element) -> Street | None:
        """A <cards> element: a player's pocket cards, or a street's (its street)."""
        kind = el.get("type")
        if kind == "Pocket":
            player = el.get("player") or ""
            self.pocket.add(player)
            shown = cards(el.text)
            if shown:
                self.dealt[player] = shown
        elif kind in STREETS:
            new = cards(el.text)
            if not new:
                raise ParseError(self.line or 1, f"the {kind.lower()} is not written",
                                 el.text or "")
            self.board += new
            self._street(STREETS[kind], 1, self.board)
            return STREETS[kind]
        return None

    def action(self, el: ET.Element) -> None:
        """One <action no= player= type= sum=/>, read by its type (ACTION_TYPES)."""
        self.line = int(el.get("no") or 0)
        kind = el.get("type") or ""
        player = el.get("player") or ""
        if kind in SITTING_OUT or kind in (FOLD_, CHECK_):
            nothing = el.get("sum") or "0"
            if nothing != "DP" and amount(nothing):  # (every one written: "$0")
                raise ParseError(self.line, "an action that puts nothing in with a sum",
                                 nothing)
        if kind in SITTING_OUT:
            self.away.add(player)
            if player in self.spent:  # POSTED_THEN_SAT_OUT: see _fold_in_turn
                self.sat_out.append((player, self.line))
            return
        if kind == FOLD_:
            if player not in self.left:
                raise ParseError(self.line, "an action by a player who is not seated", player)
            self.FOLD(player, None)
        elif kind == CHECK_:
            self.CHECK(player)
        elif kind in (ALLIN_, RAISE_ADDS_) and el.get("sum") == "DP":
            # DISCONNECTED_IS_ALL_IN: disconnect protection, all-in with what is in
            self.CALL(player, "0", "all-in")
        elif kind in (SB_, BB_, ANTE_):
            self.post(kind, player, amount(el.get("sum") or "0"))
            return
        else:
            self.act(kind, player, amount(el.get("sum") or "0"))
        self.acted.add(player)

    # ------------------------------------------------------------ the actions
    def act(self, kind: str, player: str, value: Decimal) -> None:
        """One action of the types that put chips in (or not): through the base
        Builder's methods, with the amounts it reads."""
        left = self.left.get(player)
        if left is None:
            raise ParseError(self.line, "an action by a player who is not seated", player)
        put = self.put
        if kind == RAISE_TO_:  # raise to: the street's total
            mine = put.get(player, ZERO)
            added = value - mine
            all_in = "all-in" if added >= left else None
            if not any(put.values()) and self.street != PREFLOP:
                self.BET(player, str(added), all_in)
            else:
                self.RAISE(player, str(added), str(value), all_in, None)
        elif kind == CALL_:
            self.CALL(player, str(value), "all-in" if value >= left else None)
            added = value
        elif kind == BET_:
            self.BET(player, str(value), "all-in" if value >= left else None)
            added = value
        elif kind in (ALLIN_, RAISE_ADDS_):  # ALL_IN_IS_BET_RAISE_OR_CALL, RAISE_ADDS
            mine = put.get(player, ZERO)
            level = max(put.values(), default=ZERO)
            all_in = "all-in" if kind == ALLIN_ or value >= left else None
            if mine + value <= level:
                self.CALL(player, str(value), all_in)
            elif level == ZERO and self.street != PREFLOP:
                self.BET(player, str(value), all_in)
            else:
                self.RAISE(player, str(value), str(mine + value), all_in, None)
            added = value
        else:
            raise ParseError(self.line, "unknown action type", kind)
        self.left[player] = left - added
        self.spent[player] = self.spent.get(player, ZERO) + added

    def post(self, kind: str, player: str, value: Decimal) -> None:
        left = self.left.get(player)
        if left is None:
            raise ParseError(self.line, "a post by a player who is not seated", player)
        all_in = "all-in" if value >= left else None
        text = str(value)
        if kind == ANTE_:
            self.POST_ANTE(player, text, all_in)
            self.dead[player] = self.dead.get(player, ZERO) + value
        elif kind == SB_:
            self.POST_SB(player, text, all_in)
            if self.posted_sb is None and not all_in:
                self.posted_sb = value
        else:
            bb = self.big_blind or self.posted_bb
            sb = self.sb or self.posted_sb
            if bb and sb and value == bb + sb and self.saw_big_blind:  # BOTH_BLINDS_AS_BIG
                self.POST_SB_BB(player, text, all_in)
                self.dead[player] = self.dead.get(player, ZERO) + value - bb
            else:
                if not self.big_blind and not all_in:
                    self.big_blind = value  # a tournament's: as posted
                if self.posted_bb is None and not all_in:
                    self.posted_bb = value
                self.POST_BB(player, text, all_in)
        self.left[player] = left - value
        self.spent[player] = self.spent.get(player, ZERO) + value

    # ------------------------------------------------------------ the Hand
    def finish(self) -> Hand:
        head, players = self.session, self.players
        if self.button is None:  # BUTTON_BEFORE_THE_SMALL_BLIND: no dealer="1" written
            self.button = _button(self, players)
        for player, line in self.sat_out:
            _fold_in_turn(self, players, player, line)
        # NOT_DEALT_SITS_OUT: no pocket cards (where others have them), or only sat out
        names = {name for _, name, _ in players}
        dealt_in = self.pocket if self.pocket else names
        out = {name for name in names
               if name not in dealt_in or (name in self.away and name not in self.acted)}
        nickname = head.get("nickname")
        self.hero = nickname if nickname in names and nickname in self.dealt else None
        folded = {a.player for a in self.actions if a.kind == Kind.FOLD}
        live = [name for _, name, _ in players if name not in folded
                and (name not in out or name in self.acted)]
        if len(live) > 1:  # SHOWN_CARDS_ARE_POCKET_CARDS
            for name in live:
                if name in self.dealt:
                    self.shows.append(Show(name, self.dealt[name]))
                elif not self.written_win.get(name):
                    self.shows.append(Show(name, (), False))
        self._settle()
        self.seats = [(seat, name, stack, name in out, None) for seat, name, stack in players]
        self.table = head.get("tablename") or ""
        self.max_seats = _int(self.table_size)
        staked = self.sb is not None or self.small_bet is not None  # stakes in the game type
        self.in_tournament = _in_tournament(head, staked)
        buy_in = head.get("totalbuyin") or head.get("buyin") if self.in_tournament else None
        tournament = _tournament(head) if self.in_tournament else None
        self.head = {**self.HEAD, "site": SITE, "hand_id": self.hand_id,
                     "tournament": tournament, "buy_in": buy_in}
        hand = super().finish()
        if buy_in and tournament is None:  # (a tournament whose number is not written)
            cost, currency = buy_in_cost(buy_in)
            hand = replace(hand, buy_in_amount=cost, buy_in_currency=currency)
        return replace(hand, player_totals=self.totals)

    def _settle(self) -> None:
        """WIN_HOLDS_THE_UNCALLED_BET (or UNCALLED_APART_IN_NEWER_CLIENTS): the uncalled
        bet, and what each collected; BET_AND_WIN_ARE_THE_ROOMS_ACCOUNT: each player's
        bet= and win= are the Hand's ``player_totals``, which the replay judges."""
        bets = {p: v - self.dead.get(p, ZERO) for p, v in self.spent.items()}
        back = uncalled(bets)
        wins = dict(self.written_win)
        apart = None  # the player whose uncalled bet comes back without a figure
        if back is not None:
            top, extra = back
            if self._uncalled_apart(top, extra):
                # given back apart: win= is what the pot paid
                self.uncalled.append(back)
                apart = top
            elif wins.get(top, ZERO) >= extra:
                wins[top] -= extra
                self.uncalled.append(back)
        self.collects = [Collect(p, v) for p, v in wins.items() if v]
        written = set(self.accounted)
        self.totals = tuple((name, self.written_bet[name],
                             None if name == apart else self.written_win[name])
                            for _, name, _ in self.players if name in written) or None

    def _uncalled_apart(self, top: str, extra: Decimal) -> bool:
        """UNCALLED_APART_IN_NEWER_CLIENTS: does the room give the uncalled bet back
        apart (``win=`` leaves it out, ``bet=`` still holds it), or within the bettor's
        ``win=`` (WIN_HOLDS_THE_UNCALLED_BET)? ``<uncalled_bet_enabled>`` says so where
        written (true: apart; false, as the 17.5 clients and the files converted from
        Ignition write: within the win); else the clients from version 20 give it back
        apart, and those that write no ``<client_version>`` (before 2018) within the win,
        unless ``bet=`` leaves it out too; a client before 20 that says nothing: the
        room's own figures tell (win= that hold the bet pay out more than the pot the
        actions make)."""
        head = self.session
        enabled = head.get("uncalled_bet_enabled", "").lower()
        if enabled in ("true", "false"):
            return enabled == "true"
        version = _major(head.get("client_version"))
        if version is not None and version >= 20:
            return True
        if self.written_bet.get(top) == self.spent.get(top, ZERO) - extra:
            return True  # bet= and win= leave it out
        if version is None:
            return False
        pot = sum(self.spent.values(), ZERO) - extra
        wins = self.written_win
        return not (wins.get(top, ZERO) >= extra and sum(wins.values(), ZERO) > pot)

    def played_at(self) -> tuple[datetime | None, None]:
        return stamp(self.when), None  # (no time zone is written)

    def hero_name(self) -> str | None:
        return self.hero

    def currency(self) -> str:
        return _currency(self.session, self.in_tournament)

    def tournament_cost(self) -> tuple[Decimal | None, str | None]:
        return buy_in_cost(self.head["buy_in"])

    def stakes(self) -> Stakes:
        if self.structure == Structure.FIXED_LIMIT and self.small_bet is not None:
            half = (self.small_bet / 2).quantize(CENT)
            return Stakes(self.posted_sb or half, self.small_bet, self.ante,
                          small_bet=self.small_bet, big_bet=self.big_bet)
        bb = self.big_blind or self.posted_bb or ZERO
        # SMALL_BLIND_NOT_POSTED_IS_HALF: a game type without stakes (tournaments) and
        # no small blind posted (a dead small blind): half the big blind
        sb = self.sb or self.posted_sb or (bb / 2).quantize(_UNIT[bb == bb.to_integral()],
                                                           ROUND_DOWN)
        return Stakes(sb, bb, self.ante or self.ante_written)


_GAME_CODE = re.compile(r'<game\b[^>]*\bgamecode="([^"]*)"')
_GAME_START = re.compile(r"<game[\s>]")
_ESCAPED = re.compile("[\udc80-\udcff]")


def parse(text: str) -> Hand | UnsupportedHand:
    """One hand's text — the session's header, a line end, the <game> element — →
    Hand (UnsupportedHand for another game); ParseError for what cannot be read."""
    start = _GAME_START.search(text)
    if start is None:
        raise ParseError(1, "no <game> element")
    at = start.start()
    before = text[:at]
    if _ESCAPED.search(before) is not None:
        # the header of a file not in UTF-8 (its hands are read as Windows-1252 by the
        # splitter; the header put in front of them is not)
        before = before.encode("utf-8", "surrogateescape").decode("cp1252", "replace")
    head = header(before) if at else {}
    game_text = text[at:]
    line0 = text.count("\n", 0, at)
    gametype = head.get("gametype")
    if gametype is None:
        raise ParseError(1, "the game is not preceded by its session's header (no <gametype>)")
    m = _GAMETYPE.match(gametype)
    game = (m["game"] if m else gametype).strip()
    if _LIMIT_HOLDEM.match(gametype):
        game = ""  # "LH 20/40 x2 Limit $10.00/$20.00": Limit Hold'em
    if not game:  # GAME_TOLD_BY_THE_POCKET: "PL €0.05/€0.10" names no game
        game = _by_pocket(game_text)
    if game not in HOLDEM:
        code = _GAME_CODE.match(game_text)
        return UnsupportedHand(SITE, code.group(1) if code else "", game.replace(
            "Six Plus Holdem", "6+ Hold'em"), structure(m["limit"]) if m else None,
            head.get("tablename"), None, before + game_text)
    end = game_text.find("</game>")
    if end >= 0:  # (the line of the end tag may go on: "</game></session>")
        game_text = game_text[:end + 7]
    else:
        game_text += "</game>"  # a file cut after its last round (see ``whole``)
    root = element(game_text, line0)
    b = IPokerBuilder(head)
    try:
        return b.game(root)
    except ParseError:
        raise
    except (ArithmeticError, ValueError, KeyError, IndexError, TypeError) as exc:
        raise ParseError(b.line or 1, "bad value", str(exc)) from None


def _button(b: IPokerBuilder, seats: list) -> int | None:
    """Where no seat is marked dealer="1": the seat before the small blind's (the
    small blind's own, heads-up); None without a small blind."""
    sb = next((a.player for a in b.actions if a.kind == Kind.POST_SB), None)
    if sb is None:
        return None
    numbers = sorted(seat for seat, _, _ in seats)
    mine = next(seat for seat, name, _ in seats if name == sb)
    dealt = {a.player for a in b.actions if a.street >= PREFLOP} | {
        a.player for a in b.actions if a.kind in (Kind.POST_SB, Kind.POST_BB)}
    if len(dealt) == 2:
        return mine
    return mine - 1 if mine > 1 else numbers[-1]


_POCKET = re.compile(r'<cards\b[^>]*\btype="Pocket"[^>]*>([^<]*)</cards>')
_BY_CARDS = {4: "Omaha", 5: "5 Card Omaha", 6: "6 Card Omaha"}


def _by_pocket(game_text: str) -> str:
    """The game of a game type that names none, told by how many pocket cards a player
    holds: "" (Hold'em) for two (or where no pocket cards are written)."""
    m = _POCKET.search(game_text)
    n = len(m.group(1).split()) if m else 2
    return "" if n == 2 else _BY_CARDS.get(n, f"{n}-card game")


def _fold_in_turn(b: IPokerBuilder, seats: list, player: str, line: int) -> None:
    """POSTED_THEN_SAT_OUT: a player who posted (an ante) and then sat out (type 8 or
    9) is not dealt in: their post stays in the pot, and they fold when their turn
    comes before the flop (iPoker writes the sitting out among the blinds)."""
    actions = b.actions
    blinds = [a.player for a in actions if a.street == PREDEAL and a.kind in
              (Kind.POST_BB, Kind.POST_SB_BB, Kind.POST_SB)]
    clockwise = [name for _, name, _ in sorted(seats)]
    if not blinds or player not in clockwise:
        return
    last = clockwise.index(blinds[-1])
    order = clockwise[last + 1:] + clockwise[:last + 1]
    rank = {name: i for i, name in enumerate(order)}
    mine = rank[player]
    at, previous = len(actions), -1
    for i, a in enumerate(actions):
        if a.street == PREDEAL:
            at = i + 1
            continue
        if a.street != PREFLOP:
            break
        r = rank.get(a.player, -1)
        at = i
        if r > mine or r < previous:
            break
        previous, at = r, i + 1
    actions.insert(at, Action(PREFLOP, player, Kind.FOLD, ZERO, None, False, line))


def _number(el: ET.Element) -> int:
    try:
        return int(el.get("no") or 0)
    except ValueError:
        raise ParseError(1, "an action's number is not a number", el.get("no") or "") from None


def _major(version: str | None) -> int | None:
    """A <client_version>'s major number ("18.9.3.4" → 18); None where not written."""
    head = (version or "").strip().split(".")[0]
    return int(head) if head.isdigit() else None


def _int(text: str | None) -> int | None:
    return int(text) if text and text.strip().isdigit() else None


def _currency(head: dict[str, str], tournament: bool) -> str:
    if tournament:
        return "chips"
    if head.get("mode", "real") not in ("real", ""):
        return "play"
    written = head.get("tablecurrency")
    if written and written.isalpha():
        return written.upper()
    sign = _SIGN.search(head.get("gametype", ""))
    if sign is not None:
        return SIGNS[sign.group()]
    written = head.get("currency")
    return written.upper() if written and written.isalpha() else "play"


_NOT_NOTHING = re.compile(r"[1-9]")


def _in_tournament(head: dict[str, str], staked: bool) -> bool:
    """A session names its tournament, or its buy-in; CASH_HEADER_WITH_A_BUY_IN_OF_NOTHING:
    the converters that write other rooms' cash tables as iPoker XML (Bovada, Ignition,
    BetOnline hands) write ``<buyin>$0+$0</buyin>`` (or ``0``) and no tournament: a buy-in
    of nothing at a game type with stakes is a cash table's."""
    if head.get("tournamentcode") or head.get("tournamentname"):
        return True
    buy_in = head.get("totalbuyin") or head.get("buyin")
    if not buy_in:
        return False
    return not staked or _NOT_NOTHING.search(buy_in) is not None


def _tournament(head: dict[str, str]) -> str | None:
    code = head.get("tournamentcode")
    if code:
        return code
    for name in ("tablename", "tournamentname"):
        m = _TOURNAMENT_NO.search(head.get(name) or "")
        if m:
            return next(g for g in m.groups() if g)
    return None


# ------------------------------------------------------------------ whole or not
_ACTION = re.compile(r"<action\b[^>]*>")
_ATTR = re.compile(r'(\w+)="([^"]*)"')
_ROUND = re.compile(r'<round\b[^>]*\bno="(\d+)"')
_PLAYER = re.compile(r"<player\b[^>]*>")
_ADDS = frozenset({SB_, BB_, CALL_, BET_, RAISE_ADDS_, ALLIN_, ANTE_})


def adds_up(text: str) -> bool:
    """Do every player's actions put in what the room's ``bet=`` says? (A game cut
    after its last round, with all its actions, does; one cut short does not.)"""
    written: dict[str, Decimal] = {}
    for tag in _PLAYER.findall(text):
        attrs = dict(_ATTR.findall(tag))
        if "name" not in attrs:
            return False
        written[unescape(attrs["name"])] = amount(attrs.get("bet") or "0")
    if not written:
        return False
    spent: dict[str, Decimal] = {}
    pieces = _ROUND.split(text)  # text, no, text, no, text ...
    street: dict[str, Decimal] = {}
    for i in range(1, len(pieces), 2):
        if pieces[i] != "1":  # rounds 0 (the blinds) and 1 (preflop) are one street
            street = {}
        rows = []
        for tag in _ACTION.findall(pieces[i + 1]):
            attrs = dict(_ATTR.findall(tag))
            rows.append((int(attrs.get("no") or 0), attrs))
        rows.sort(key=lambda r: r[0])
        for _, attrs in rows:
            kind, player = attrs.get("type"), unescape(attrs.get("player") or "")
            text_sum = attrs.get("sum") or "0"
            value = ZERO if text_sum == "DP" else amount(text_sum)
            if kind == RAISE_TO_:
                added = value - street.get(player, ZERO)
            elif kind in _ADDS:
                added = value
            else:
                continue
            if kind != ANTE_:
                street[player] = street.get(player, ZERO) + added
            spent[player] = spent.get(player, ZERO) + added
    return all(spent.get(p, ZERO) == v for p, v in written.items())
