"""Absolute Poker's and UltimateBet's lines → the engine's Hand: the base Builder, told
how the Cereus network writes.

Its conventions, read here (each named where it applies):

``ONE_STAKE_IS_THE_BIG_BLIND`` — a no-limit or pot-limit header names the big blind only
("No Limit $0.02"); the small blind is the one posted (none posted: half the big
blind). A fixed-limit header ("Normal $200/$400") names the small and big bet, as the
base's ``FIXED_LIMIT_STAKES_ARE_BETS`` reads it.

``ALL_IN_IS_ANY_ACTION`` — "All-In $x" is what the player adds, everything left: before
the deal a blind (the small blind where none is posted yet, else the big blind);
after, a bet where none was made this street, a raise where it makes more than the
bet to call, else a call. "All-In(Raise) $x to $y" is a raise to the street total $y.

``HELD_ALL_IN_ON_TIMEOUT`` — "All-In (Timeout)" adds nothing: the player's time ran out
facing a bet and the room held them all in for what they had in (disconnect
protection, RoomRules.disconnect_protection); the bet nobody matched comes back.

``SITOUT_IS_NOT_DEALT_IN`` — a seated player with a "sitout" line ("sitout (wait for
BB)", or whose ante is returned, is not dealt in: the seat is sitting out. So is a
seated player who neither posts nor acts and whom the SUMMARY does not list
(``SUMMARY_LISTS_WHO_PLAYED``: it lists every player dealt in).

``POST_BOTH_DEAD_PART`` — a player coming back posts the big blind live and the small
blind dead: "Posts $1 dead $0.50"; until 2008 the whole post, then its dead part: "Posts
dead $40 dead $15" ($25 live). "Jackpot Rake ($0.50)" is a fee beside the rake.

``HAND_NUMBER_KEEPS_ITS_LETTER`` — since 2010 the hands are numbered "C282012441": the
letter is kept in the number (the numbers before it started again from lower ones).

``POTS_SPLIT_BY_THE_TOTAL`` — "Total Pot(5,480:3,750,1,730)" is the total, then each pot,
their amounts and thousands both separated by commas: the pots are the one reading
whose amounts add up to the total (none where no reading or several do).

``OBSERVED_HANDS`` — research data sets (HandHQ) keep hands seen by an observer, their
names anonymised: without a "Dealt to" line the hand has no hero.
"""
from __future__ import annotations

import re
from decimal import Decimal
from functools import cache

from engine.model.hand import (ZERO, Action, Kind, Stakes, Street, Structure, SummarySeat,
                               UnsupportedHand)
from parsers.base.builder import Builder
from parsers.base.errors import ParseError
from parsers.base.values import cards as read_cards
from parsers.base.values import half_blind

PREDEAL = Street.PREDEAL
CALL = Kind.CALL
_new = tuple.__new__
SITE = "Cereus"  # the network's one pool: Absolute Poker and UltimateBet, undistinguished
LIMITS = {"No Limit": Structure.NO_LIMIT, "NO LIMIT": Structure.NO_LIMIT,
          "Pot Limit": Structure.POT_LIMIT, "POT LIMIT": Structure.POT_LIMIT,
          "Normal": Structure.FIXED_LIMIT, "NORMAL": Structure.FIXED_LIMIT,
          "Limit": Structure.FIXED_LIMIT}
FOLDED_ON = {"POCKET CARDS": Street.PREFLOP, "FLOP": Street.FLOP, "TURN": Street.TURN,
             "RIVER": Street.RIVER}
_CARD = r"(?:10|[2-9TJQKA])[cdhs]"
_GAME_TYPE = re.compile(r"^Game Type: (?P<limit>\w+) (?P<game>.+?) *$", re.MULTILINE)
_MOST_GROUPS = 100  # a total's groups read at most (a table's pots are far fewer)
_PART = re.compile(r"[$€]?\d+(?:\.\d+)?")


def split_pots(text: str, total: Decimal) -> tuple[Decimal, ...]:
    """POTS_SPLIT_BY_THE_TOTAL: "3,750,1,730" with the total 5,480 → (3750, 1730): the one
    reading of the comma-separated groups as amounts (a group of three digits may go on
    the amount before it) that adds up to the total; () where none or several do."""
    groups = text.replace("$", "").replace("€", "").replace(" ", "").split(",")
    if len(groups) > _MOST_GROUPS or not all(_PART.fullmatch(g) for g in groups):
        return ()
    n = len(groups)

    @cache
    def readings(i: int, left: Decimal) -> tuple[tuple[Decimal, ...], ...]:
        """At most two readings of groups[i:] adding up to ``left``."""
        if i == n:
            return ((),) if left == 0 else ()
        found: list[tuple[Decimal, ...]] = []
        for j in range(i + 1, n + 1):
            if j > i + 1 and not _thousands(groups[i:j]):
                break  # (a longer amount holds the same group that is no thousands')
            amount = Decimal("".join(groups[i:j]))
            if amount > left:
                break  # (a longer one is larger still)
            found += [(amount, *rest) for rest in readings(j, left - amount)]
            if len(found) > 1:
                break
        return tuple(found[:2])

    found = readings(0, total)
    return found[0] if len(found) == 1 else ()

def _thousands(groups: list[str]) -> bool:
    """Are these comma-separated groups one amount ("1", "730" → 1,730)? Every group
    after the first of three digits (the last may have cents), the first of one to three."""
    head, *rest = groups
    if rest and not (head.isdigit() and len(head) <= 3):
        return False
    return all(g.isdigit() and len(g) == 3 for g in rest[:-1]) and \
        all(len(g.split(".")[0]) == 3 and g.split(".")[0].isdigit() for g in rest[-1:])


class AbsoluteBuilder(Builder):
    """Builds one Hand from Absolute's lines (see the module doc)."""

    PLACEHOLDERS = {
        **Builder.PLACEHOLDERS,
        "M": r"[$€]?\d+(?:,\d{3})*(?:\.\d+)?(?![.,]?\d)",
        "LIMIT": "No Limit|NO LIMIT|Pot Limit|POT LIMIT|Normal|NORMAL",
        "CARDS": rf"{_CARD}(?: {_CARD})*",
        "ROLES": r"(?: \((?:dealer|small blind|big blind)\))*",
    }
    SHARED_PREFIXES = ("(?P<player>{NAME}) - ", "(?P<player>{NAME}) ")
    SITE = SITE
    limits = LIMITS
    silent = frozenset({"SUMMARY", "DOESNT_SHOW", "NO_SMALL_BLIND"})
    # another game's header: Omaha, Omaha Hi/Lo, Seven Card Hi/Lo, Razz, ...
    HOLDEM = (" Holdem ", " HOLDEM ")
    OTHER_GAME = re.compile(
        r"Stage #(?P<hand_id>C?\d+):? +(?:Tourney ID \d+ +)?(?P<game>.+?) +"
        r"(?:\(1 [Oo][Nn] 1\) +)?(?:[A-Za-z ]*?(?:Tournament|TOURNAMENT) +)?"
        r"(?P<limit>No Limit|NO LIMIT|Pot Limit|POT LIMIT|Normal|NORMAL) ")

    @classmethod
    def other_game(cls, first_line: str, text: str) -> UnsupportedHand | None:
        """A HORSE table names its round's game on the second line ("Game Type: Limit
        Razz"): a round of another game than Hold'em is stored unsupported."""
        if " HORSE " in first_line:
            m = _GAME_TYPE.search(text)
            if m is not None and m.group("game") != "Holdem":
                hand_id = re.match(r"Stage #(C?\d+)", first_line)
                return UnsupportedHand(SITE, hand_id.group(1) if hand_id else "", m.group("game"),
                                       cls.game_structure(m.group("game"), m.group("limit")),
                                       None, None, text)
            return None
        return super().other_game(first_line, text)

    def __init__(self) -> None:
        super().__init__()
        self.money_kind = "USD"
        self.sitting_out: set[str] = set()

    # ------------------------------------------------------------ the header
    def HEADER(self, hand_id, tournament, game, heads_up, tour_kind, limit, sb, bb, ante,
               speed, date, tz):
        fixed = limit in ("Normal", "NORMAL")
        # ONE_STAKE_IS_THE_BIG_BLIND: a fixed-limit header names both bets
        self.header(limit or "No Limit", site=SITE, hand_id=hand_id, tournament=tournament,
                    sb=sb if fixed or bb else None, bb=bb or sb, date=date, tz=tz)
        if ante:
            self.ante = self.money(ante)
        if (sb or "")[:1] == "€":
            self.money_kind = "EUR"

    def GAME_TYPE(self, limit, game):
        self.structure = Structure.FIXED_LIMIT  # (a HORSE round of Hold'em: fixed limit)
        self.big_blind = self.money(self.head["sb"] or self.head["bb"])

    def TABLE(self, table, money, button):
        self.table = table
        self.button = int(button)
        if money == "Play":
            self.money_kind = "play"

    def SEAT(self, seat, player, stack):
        super().SEAT(seat, player, stack, None, None, None)

    # ------------------------------------------------------------ blinds and antes
    def POST_LIVE(self, player, amount):
        self._post(Kind.POST_BB, player, amount, None)

    def POST_BOTH(self, player, whole, live, dead):
        # POST_BOTH_DEAD_PART: "Posts $1 dead $0.50" (live, dead); until 2008 "Posts dead
        # $40 dead $15" (the whole post, its dead part)
        value, dead_part = self.money(live), self.money(dead)
        if whole:
            value -= dead_part
        self.put[player] = self.put.get(player, ZERO) + value
        self.saw_big_blind = True
        self.actions.append(_new(Action, (PREDEAL, player, Kind.POST_BB, value, None, False,
                                          self.line)))
        self.actions.append(_new(Action, (PREDEAL, player, Kind.POST_DEAD, dead_part, None,
                                          False, self.line)))

    def ANTE_RETURNED(self, player, amount):
        # the ante of a player sitting out, back: not in the pot, not dealt in
        self.money(amount)
        self.actions = [a for a in self.actions
                        if not (a.player == player and a.kind == Kind.POST_ANTE)]
        self.sitting_out.add(player)

    def POST_SB(self, player, amount):
        self._post(Kind.POST_SB, player, amount, None)

    def POST_BB(self, player, amount):
        self._post(Kind.POST_BB, player, amount, None)

    def POST_ANTE(self, player, amount):
        self._post(Kind.POST_ANTE, player, amount, None)

    def POCKET_CARDS(self):
        self.HOLE_CARDS()

    def SITS_OUT(self, player):
        self.sitting_out.add(player)  # SITOUT_IS_NOT_DEALT_IN

    # ------------------------------------------------------------ the betting
    def CALL(self, player, amount):
        super().CALL(player, amount, None)

    def BET(self, player, amount):
        super().BET(player, amount, None)

    def RAISE(self, player, by, to):
        super().RAISE(player, by, to, None, None)

    def ALL_IN_RAISE(self, player, by, to):
        super().RAISE(player, by, to, "all in", None)

    def ALL_IN(self, player, amount):
        # ALL_IN_IS_ANY_ACTION
        if self.street == PREDEAL:
            kind = Kind.POST_BB if self.saw_small_blind() else Kind.POST_SB
            self._post(kind, player, amount, "all in")
            return
        self.all_in_adds(player, self.money(amount))

    def saw_small_blind(self) -> bool:
        return any(a.kind == Kind.POST_SB for a in self.actions)

    def HELD_ALL_IN(self, player):
        # HELD_ALL_IN_ON_TIMEOUT: all in for what is in, nothing added
        self.actions.append(_new(Action, (self.street, player, CALL, ZERO, None, True,
                                          self.line)))

    # ------------------------------------------------------------ the SUMMARY
    def PROPOSITION(self, player, amount):
        raise ParseError(self.line, "a 7-2 game's proposition pot is not read (a side bet "
                                    "the other players paid, not written as their actions)")

    def TOTAL_POT(self, total, pots, rake, jackpot):
        value = self.money(total)
        self.pot = (value, self.money(rake) if rake else ZERO,
                    split_pots(pots, value) if pots else (),
                    (("jackpot", self.money(jackpot)),) if jackpot else (), ZERO)

    def SUMMARY_FOLDED(self, seat, player, street):
        self.summary_seats.append(_new(SummarySeat, (int(seat), player, "folded",
                                                     FOLDED_ON[street], (), (), ())))

    def SUMMARY_WON(self, seat, player, won, high, hand_name, cards):
        shown = read_cards(cards)
        self.summary_seats.append(_new(SummarySeat, (
            int(seat), player, "showed" if shown else "collected", None, shown,
            (self.money(won),), (hand_name,) if hand_name else ())))

    def SUMMARY_LOST(self, seat, player, hand_name, cards):
        self.summary_seats.append(_new(SummarySeat, (int(seat), player, "showed", None,
                                                     read_cards(cards), (), (hand_name,))))

    def SUMMARY_MUCKED(self, seat, player, cards):
        self.summary_seats.append(_new(SummarySeat, (int(seat), player, "mucked", None,
                                                     read_cards(cards), (), ())))

    # ------------------------------------------------------------ the Hand
    def stakes(self) -> Stakes:
        if self.structure == Structure.FIXED_LIMIT:
            return super().stakes()
        bb = self.big_blind
        return Stakes(self.small_blind_posted or half_blind(bb), bb, self.ante)

    def currency(self) -> str:
        if self.head["tournament"] is not None:
            return "chips"
        return self.money_kind

    def hand_seats(self):
        # SITOUT_IS_NOT_DEALT_IN; and SUMMARY_LISTS_WHO_PLAYED: a seated player who
        # neither posts nor acts and whom the SUMMARY does not list was not dealt in
        listed = {s.player for s in self.summary_seats}
        acted = {a.player for a in self.actions}
        out = self.sitting_out | {p for _, p, *_ in self.seats
                                  if listed and p not in listed and p not in acted}
        if out:
            self.seats = [(n, p, stack, was_out or p in out, bounty)
                          for n, p, stack, was_out, bounty in self.seats]
        return super().hand_seats()
