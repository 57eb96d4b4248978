"""What the Revolution (Cake) lines mean: the base builder, reading the lines Cake writes
its own way (grammar.lark). Conventions, named where they apply:

- ``DEALT_STARTS_PREFLOP``: no "*** HOLE CARDS ***" line; the betting begins after the
  blinds ("Dealt to", or the first action of an observer's file).
- ``ALL_IN_ADDS``: "is all in 225" is what the player adds (the rest of their stack):
  a bet, a raise or a call by what the others have in.
- ``DEAD_BLIND_WITH_MINUS``: a returning player's "posts dead blind $-0,10 and big
  blind $0,10": the dead blind (written with a minus) is dead money, the big blind live.
- ``UNNAMED_SEAT_SAT_OUT``: a seated player no line names (no post, no action, no
  cards) was not dealt in: a player waiting for the big blind, which Cake does not mark.
- ``SHOWDOWN_A_POT``: a "***SHOW DOWN***" line a pot, each followed by its winners, the
  side pots first (the last made first), the main pot last.
- ``MUCKED_NAME_UNDERSCORED``: a loser's mucked cards may name him with "_" for each
  space ("Player_Space: mucks [8h,9d]" for the seated "Player Space").
- ``COIN_FLIP_ALL_IN``: a "Coin Flip" tournament's hand writes no post and no action:
  every player's whole stack goes in before the cards (an ante, all-in).
"""
from __future__ import annotations

import re
from decimal import Decimal

from engine.model.hand import Action, Collect, Hand, Kind, Show, Street, Structure
from parsers.base.builder import Builder
from parsers.base.tourney import buy_in_cost
from parsers.base.values import local_money, seat_number
from parsers.base.values import cards as read_cards

SITE = "Revolution Gaming"  # the network; its files name no skin
PREDEAL, PREFLOP = Street.PREDEAL, Street.PREFLOP
LIMITS = {"NL": Structure.NO_LIMIT, "PL": Structure.POT_LIMIT, "FL": Structure.FIXED_LIMIT}
# an amount without its sign: digits grouped in threes by a comma or a space, or not,
# then at most two decimals after a dot or a comma ("4,000", "2 477", "126,50", "0.9")
NUMBER = r"(?:\d{1,3}(?:[, ]\d{3})+|\d+)(?:[.,]\d{1,2})?(?![\d])"
_MAX = re.compile(r"\b(\d+)-[Mm]ax\b")
_COIN_FLIP = re.compile(r"\bCoin ?Flip\b", re.IGNORECASE)


def money(text: str) -> Decimal:
    """'$126,50' → 126.50, '4,000' and '2 477' → 4000 and 2477 (parsers.base.values)."""
    return local_money(text)


def cake_cards(text: str) -> tuple[str, ...]:
    """'9d,6d', '7d Qh' and ' Td, Ac ' → the cards."""
    return read_cards(" ".join(text.replace(",", " ").split()))


class RevolutionBuilder(Builder):
    """Cake's lines → Hand (see the module doc)."""

    PLACEHOLDERS = {**Builder.PLACEHOLDERS,
                    "N": NUMBER, "M": rf"[$€£]?{NUMBER}",
                    "DATE": r"\d{4}[/.-]\d\d[/.-]\d\d - \d\d?:\d\d:\d\d"}
    SITE = SITE
    money = staticmethod(money)
    limits = LIMITS
    silent = Builder.silent | {"BOUNTY", "LEFT"}
    # another game's header: "... -- €0,04/€0,08 PL Omaha -- ...", "... 0/10/20 PL OmahaHiLo -- ..."
    HOLDEM = (" Hold'em -- ",)
    OTHER_GAME = re.compile(r"Hand#(?P<hand_id>[0-9A-F]+) - (?P<table>.*?) -- .*?"
                            r"(?P<limit>NL|PL|FL) (?P<game>[^-]+?) -- ")

    def __init__(self) -> None:
        super().__init__()
        self.title = ""  # a tournament's name
        self.showdowns = 0  # "***SHOW DOWN***" lines read

    # ------------------------------------------------------------ the header
    def HEADER(self, hand_id, table, number, sb, bb, limit, date):
        self.header(limit, site=SITE, hand_id=hand_id, sb=sb, bb=bb, date=date)
        self.table = f"{table} {number}"
        m = _MAX.search(table)
        self.max_seats = seat_number(m.group(1)) if m else None

    def TOURNAMENT(self, hand_id, title, tournament, entry, buy_in, max_seats, table, ante,
                   sb, bb, limit, date):
        # the buy-in where written ("$9 + $0.9"); before 2012 only the name says it
        self.header(limit, site=SITE, hand_id=hand_id, tournament=tournament,
                    buy_in=buy_in or title, sb=sb, bb=bb, date=date)
        if ante != "-1":  # (-1: no ante)
            money(ante)
        self.title = title
        self.table = table
        self.max_seats = seat_number(max_seats) if max_seats else None

    def tournament_cost(self) -> tuple[Decimal | None, str | None]:
        return buy_in_cost(self.head["buy_in"], fee_required=True)

    def BUTTON(self, button):
        self.button = seat_number(button)

    def SEAT(self, seat, player, stack, dealer):
        self.seats.append((seat_number(seat), player, money(stack), False, None))
        if dealer:
            self.button = seat_number(seat)

    # ------------------------------------------------------------ blinds and antes
    def POST_ANTE(self, player, amount):
        self._post(Kind.POST_ANTE, player, amount, None)

    def POST_DEAD(self, player, dead, big):
        # DEAD_BLIND_WITH_MINUS
        self._post(Kind.POST_DEAD, player, dead.replace("-", ""), None)
        self._post(Kind.POST_BB, player, big, None)

    # ------------------------------------------------------------ the betting
    def _betting(self) -> None:
        if self.street == PREDEAL:  # DEALT_STARTS_PREFLOP
            self.street = PREFLOP

    def DEALT(self, player, cards):
        self._betting()
        self.dealt[player] = cake_cards(cards)

    def FOLD(self, player, cards):
        self._betting()
        super().FOLD(player, cards)

    def CHECK(self, player):
        self._betting()
        super().CHECK(player)

    def CALL(self, player, amount, all_in):
        self._betting()
        super().CALL(player, amount, all_in)

    def BET(self, player, amount, all_in):
        self._betting()
        super().BET(player, amount, all_in)

    def RAISE(self, player, to):
        self._betting()
        super().RAISE(player, to, to, None, None)

    def ALL_IN(self, player, amount):
        # ALL_IN_ADDS
        self._betting()
        self.all_in_adds(player, money(amount))

    def UNCALLED(self, player, amount):
        super().UNCALLED(amount, player)

    # ------------------------------------------------------------ the streets
    def FLOP(self, cards):
        self._street(Street.FLOP, 1, cake_cards(cards))

    def TURN(self, cards):
        self._street(Street.TURN, 1, self.boards.get(1, ()) + cake_cards(cards))

    def RIVER(self, cards):
        self._street(Street.RIVER, 1, self.boards.get(1, ()) + cake_cards(cards))

    # ------------------------------------------------------------ the showdown
    def SHOWS(self, player, cards, hand_name):
        name = hand_name.strip() if hand_name else None
        self.shows.append(Show(player, cake_cards(cards), True, name or None))

    def MUCKS(self, player):
        self.shows.append(Show(player, (), False))

    def MUCKED(self, player, cards, hand_name):
        self.shows.append(Show(player, cake_cards(cards), False,
                               hand_name.strip() if hand_name else None))

    def SHOWDOWN(self):
        super().SHOWDOWN()
        self.showdowns += 1

    def COLLECTED(self, player, amount, hand_name):
        # which pot: told in finish() (SHOWDOWN_A_POT)
        self.collects.append(Collect(player, money(amount), self.showdowns))

    def FINISHED(self, player, place, entrants):
        self.finish_at(player, int(place), None)

    def CHIPS_ADDED(self, player, chips):
        self.chips_added.append((player, money(chips)))

    # ------------------------------------------------------------ the Hand
    def finish(self) -> Hand:
        seated = {s[1] for s in self.seats}
        self.shows = [s._replace(player=s.player.replace("_", " "))  # MUCKED_NAME_UNDERSCORED
                      if s.player not in seated and s.player.replace("_", " ") in seated
                      else s for s in self.shows]
        named = ({a.player for a in self.actions} | set(self.dealt)
                 | {s.player for s in self.shows} | {c.player for c in self.collects})
        if self.head["tournament"] and _COIN_FLIP.search(self.title) and not self.actions:
            # COIN_FLIP_ALL_IN
            self.actions = [Action(PREDEAL, player, Kind.POST_ANTE, stack, None, True, 0)
                            for _, player, stack, _, _ in sorted(self.seats)]
        # SHOWDOWN_A_POT: the k-th of n showdowns pays pot n - k (0 the main pot)
        n = self.showdowns
        self.collects = [c._replace(pot=None if n == 1 else n - c.pot) for c in self.collects]
        # UNNAMED_SEAT_SAT_OUT
        self.seats = [(seat, player, stack, out or player not in named, bounty)
                      for seat, player, stack, out, bounty in self.seats]
        return super().finish()
