"""Winning Poker Network's older format (old.lark) → the engine's Hand.

Its conventions, read here (each named where it applies):
``AMOUNT_IS_WHAT_IS_ADDED`` — "calls (0.17)", "raises (0.22)", "allin (1480)" give
the chips the action adds; ``ALL_IN_IS_BET_RAISE_OR_CALL`` — "allin (x)" is a bet, a
raise or a call by what it makes against the bet; ``POT_IS_WHAT_WAS_WON`` — "Pot:
37.05. Rake 1.71. JP fee 0.24" is the pot less the rake and the jackpot fee;
``COLLECTS_IN_THE_SUMMARY`` — no line says who collects: a summary line's "Collects:
x" does; ``CASH_UNLESS_A_TOURNAMENT_TABLE`` — the format names no currency: a table
named "<tournament>, Table <n>" plays chips, any other dollars; ``TEN_IS_10`` — a
card is written "10d"; ``UNNAMED_PLAYER`` — the room sometimes leaves a player's name
out ("Player  has big blind (2)"): the unnamed player is the one seated player the
hand names nowhere else (not dealt, not sitting out); where every seated player is
named, one not listed among the seats, seated on the button's seat if free (else
the first free seat) with no stack written (RoomRules.zero_stack_not_known); an
unnamed player still in the hand without a summary line of their own collects what
the summary's players do not; ``NOT_DEALT_IN`` — every player dealt in "received" a
card (or the unnamed player is): a seated player who did not is not in the hand;
``LIMIT_TOLD_BY_THE_BLIND`` — the format names no limit: stakes of "2/4" whose big
blind is posted as 2 are a fixed-limit game's small and big bet (no-limit stakes
are the blinds: "1/2", the big blind 2).
"""
from __future__ import annotations

import re

from engine.hand import ZERO, Action, Collect, Hand, Kind, Show, Street, Structure
from parsers.base.builder import Builder
from parsers.base.errors import ParseError
from parsers.base.values import cards as read_cards
from parsers.base.values import money, seat_number

PREFLOP, FLOP = Street.PREFLOP, Street.FLOP
FOLD, CALL, BET, RAISE = Kind.FOLD, Kind.CALL, Kind.BET, Kind.RAISE
OLD_PLACEHOLDERS = {
    "M": r"\d+(?:,\d{3})*(?:\.\d+)?",
    "NAME": r".*?",  # (UNNAMED_PLAYER: may be empty)
    "CARDS": r"[^\]]*",
}
_TOURNEY_TABLE = re.compile(r"(?P<name>.*), Table \d+$")
_BUY_IN = re.compile(r"^\$?[\d.,]+K?")
_GAME_ID = re.compile(r"^Game ID: (\d+) [\d.,]+/[\d.,]+ (.*?) ?\(([^()]*)\)(?: \d+-max)?$",
                      re.MULTILINE)
_new = tuple.__new__


def old_other_game(first_line: str, text: str):
    """A hand of another game than Hold'em (Six Plus Hold'em, Omaha, Stud), told by
    the game its "Game ID:" line names."""
    from engine.hand import UnsupportedHand

    m = _GAME_ID.search(text, 0, 400)
    if m is None or m.group(3) == "Hold'em":
        return None
    return UnsupportedHand("Winning Poker Network", m.group(1), m.group(3), None,
                           m.group(2), None, text)


def _ten(cards: str) -> str:
    return cards.replace("10", "T") if "10" in cards else cards  # TEN_IS_10


class OldBuilder(Builder):
    """Builds one Hand from the older format's lines (see the module doc)."""

    silent = frozenset({"SUMMARY", "ENDED", "EVENT", "MUCKS"})

    def __init__(self) -> None:
        super().__init__()
        self.named: set[str] = set()  # players a line names, besides their seat
        self.bb_posted = None  # the first big blind posted (LIMIT_TOLD_BY_THE_BLIND)
        self.dealt_in: set[str] = set()  # players a "received" line names
        self.results: list[tuple[str, object]] = []  # (player, collects) of the summary
        self.head = {"site": "Winning Poker Network", "hand_id": "", "zoom": None,
                     "tournament": None, "buy_in": None, "level": None, "sb": "0",
                     "bb": "0", "cap": None, "currency": "USD", "date": None, "tz": None,
                     "date_et": None, "tz_et": None}

    def build(self, tokens) -> Hand:
        named = self.named
        for kind, fields, _, _ in tokens:
            if kind not in ("SEAT", "GAME_ID", "STARTED", "BUTTON") and fields:
                if kind == "UNCALLED":
                    named.add(fields[1])
                elif kind not in ("TOTAL_POT", "FLOP", "TURN", "RIVER", "BOARD"):
                    named.add(fields[0])
        return super().build(tokens)

    # ------------------------------------------------------------ the header
    def STARTED(self, date):
        self.head["date"] = date

    def GAME_ID(self, hand_id, sb, bb, table, game, max_seats):
        head = self.head
        head["hand_id"], head["sb"], head["bb"] = hand_id, sb, bb
        self.big_blind = money(bb)
        self.table = table
        tourney = _TOURNEY_TABLE.match(table)
        if tourney is not None:  # CASH_UNLESS_A_TOURNAMENT_TABLE
            head["tournament"] = ""
            buy_in = _BUY_IN.match(tourney.group("name"))
            head["buy_in"] = buy_in.group(0) if buy_in else None
        self.max_seats = seat_number(max_seats) if max_seats else None

    def BUTTON(self, button):
        self.button = seat_number(button)

    def SEAT(self, seat, player, stack):
        super().SEAT(seat, player, stack, None, None, None)

    def POST(self, player, amount):
        self._post(Kind.POST_BB, player, amount, None)

    def POST_SB(self, player, amount):
        self._post(Kind.POST_SB, player, amount, None)

    def POST_BB(self, player, amount):
        if self.bb_posted is None:
            self.bb_posted = money(amount)
        self._post(Kind.POST_BB, player, amount, None)

    def POST_ANTE(self, player, amount):
        self._post(Kind.POST_ANTE, player, amount, None)

    def POST_STRADDLE(self, player, amount):
        self._post(Kind.POST_STRADDLE, player, amount, None)

    # ------------------------------------------------------------ the betting
    def DEALT(self, player, cards):
        self.street = PREFLOP  # (no line opens the preflop: the deal does)
        self.dealt_in.add(player)
        self.dealt[player] = self.dealt.get(player, ()) + read_cards(_ten(cards))

    def DEALT_HIDDEN(self, player):
        self.street = PREFLOP
        self.dealt_in.add(player)

    def FOLD(self, player):
        self.street = self.street or PREFLOP
        super().FOLD(player, None)

    def CHECK(self, player):
        self.street = self.street or PREFLOP
        super().CHECK(player)

    def CALL(self, player, amount):
        self.street = self.street or PREFLOP
        super().CALL(player, amount, None)

    def BET(self, player, amount):
        super().BET(player, amount, None)

    def _adds(self, player: str, amount: str, all_in: bool) -> None:
        # AMOUNT_IS_WHAT_IS_ADDED, ALL_IN_IS_BET_RAISE_OR_CALL
        self.street = self.street or PREFLOP
        value = money(amount)
        put = self.put
        facing = max(put.values(), default=ZERO)
        total = put[player] = put.get(player, ZERO) + value
        if total <= facing:
            action = (self.street, player, CALL, value, None, all_in, self.line)
        else:
            kind = BET if facing == ZERO and self.street != PREFLOP else RAISE
            action = (self.street, player, kind, value, total, all_in, self.line)
        self.actions.append(_new(Action, action))

    def RAISE(self, player, amount):
        self._adds(player, amount, False)

    def ALL_IN(self, player, amount):
        self._adds(player, amount, True)

    def CAPS(self, player, amount):
        self._adds(player, amount, False)

    def FLOP(self, cards):
        super().FLOP(_ten(cards))

    def TURN(self, board, cards):
        super().TURN(_ten(board), _ten(cards))

    def RIVER(self, board, cards):
        super().RIVER(_ten(board), _ten(cards))

    # ------------------------------------------------------------ the summary
    def TOTAL_POT(self, total, rake, jp_fee):
        # POT_IS_WHAT_WAS_WON
        taken = money(rake) if rake else ZERO
        fee = money(jp_fee) if jp_fee else ZERO
        self.pot = (money(total) + taken + fee, taken, (), (("jackpot", fee),) if jp_fee else (),
                    ZERO)

    def BOARD(self, cards):
        self.summary_boards[1] = read_cards(_ten(cards))

    def RESULT(self, player, mucked, hand_name, cards, bets, collects):
        won = money(collects)
        money(bets)
        self.results.append((player, won))
        if won:  # COLLECTS_IN_THE_SUMMARY
            self.collects.append(_new(Collect, (player, won, None, 1)))
        if cards:
            self.shows.append(Show(player, read_cards(_ten(cards)), True, hand_name or None))
        elif mucked:
            self.shows.append(Show(player, read_cards(_ten(mucked)), False))

    # ------------------------------------------------------------ the Hand
    def finish(self) -> Hand:
        sb, bb = money(self.head["sb"]), money(self.head["bb"])
        if self.bb_posted == sb < bb:  # LIMIT_TOLD_BY_THE_BLIND
            self.structure, self.big_blind = Structure.FIXED_LIMIT, sb
        unnamed = self._name_the_unnamed() if "" in self.named else None
        if self.dealt_in:  # NOT_DEALT_IN
            dealt = self.dealt_in | {unnamed}
            self.seats = [(n, p, stack, out or p not in dealt, b)
                          for n, p, stack, out, b in self.seats]
        return super().finish()

    def _name_the_unnamed(self) -> str:
        """UNNAMED_PLAYER (see the module doc)."""
        seated = [s for s in self.seats if s[1] not in self.named]
        if len(seated) > 1:
            raise ParseError(1, "a player whose name the room left out plays, and several "
                                "seated players could be them",
                             ", ".join(s[1] for s in seated))
        if seated:
            name = seated[0][1]
        else:
            taken = {s[0] for s in self.seats}
            free = self.button if self.button not in taken else \
                next(n for n in range(1, 11) if n not in taken)
            name = "(unnamed)"
            self.seats.append((free, name, ZERO, False, None))
        self.actions = [a._replace(player=name) if a.player == "" else a for a in self.actions]
        self.uncalled = [(name if p == "" else p, a) for p, a in self.uncalled]
        self.collects = [c._replace(player=name) if c.player == "" else c for c in self.collects]
        self.shows = [s._replace(player=name) if s.player == "" else s for s in self.shows]
        if "" not in {p for p, _ in self.results} and self.pot is not None:
            folded = any(a.player == name and a.kind == FOLD for a in self.actions)
            total, rake, _, fees, _ = self.pot
            rest = total - rake - sum((a for _, a in fees), ZERO) \
                - sum((c.amount for c in self.collects), ZERO)
            if rest > 0 and not folded:
                self.collects.append(_new(Collect, (name, rest, None, 1)))
        return name
