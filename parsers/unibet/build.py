"""What Unibet's lines mean: the base builder, reading the lines Unibet writes its own
way (grammar.lark). Conventions, named where they apply:

- ``DEALT_IN_NAMES_EVERYONE``: every player dealt in is named under "*** Hole cards
  ***" ("Dealt in Player0", the owner's "Dealt to Hero [Ac 7c]"); a seated player
  not named there was not dealt in (as one written "(sitting out)"); one who posts
  or acts all the same makes the hand a parse error.
- ``BUTTON_BY_NAME``: "Player4 has the button": the button is that player's seat.
- ``CLOCK_FIRST``: the header writes the time before the day ("13:22:50 2021/04/04")
  and no zone: the clock as written, its UTC time not known.
- ``POOL_AS_TABLE``: the header's table is the Banzai pool's stake ("€1 NL"), its sign
  the hand's currency; Banzai is a fast-fold pool (the Hand's ``zoom``).
- ``OWN_ACCOUNT``: the Summary's "bet X and won Y, net result: Z", for each player who
  put chips in: what they put in (the bet nobody called with it) and what came back
  (won, and the bet returned): the Hand's ``player_totals``, judged by the replay. A
  net result other than won less bet is the room's own account contradicting itself:
  the hand is a parse error saying so.
- ``UTC_SINCE_2026``: 2026's client writes "Unibet Hand #N, Tournament #N, €0.93 + €0.07
  - 25.00/50.00 - No Limit Hold'Em - Total prize €4 - UTC 21:59:56 2026/06/05", then
  `Table "86116111" 3-max`: the time in UTC, the buy-in, the table and its size.
- ``OWNER_TAGGED``: since 2026 the owner's name carries a tag ("hero[Unibet_28204e…]"),
  kept in the name: the owner is that player.
- ``WON_NOT_SHOWED``: the Summary's seats say nothing of cards or folds; their "won"
  counts the bet returned, so they are no ``SummarySeat`` (the replay would take "won"
  for what was collected).
"""
from __future__ import annotations

import re
from dataclasses import replace
from decimal import Decimal

from engine.model.hand import ZERO, Hand, Show, Street, Structure
from parsers.base.builder import Builder
from parsers.base.errors import ParseError
from parsers.base.values import CURRENCY_BY_SYMBOL, money
from parsers.base.values import cards as read_cards

SITE = "Unibet"
LIMITS = {"NL": Structure.NO_LIMIT, "PL": Structure.POT_LIMIT, "FL": Structure.FIXED_LIMIT,
          "No Limit": Structure.NO_LIMIT}
# an amount without its sign, as AMOUNT (parsers.base.values) writes it
NUMBER = r"\d+(?:,\d{3})*(?:\.\d+)?(?![.,]?\d)"
_OWNER_TAG = re.compile(r"\[Unibet_[0-9a-f]+\]$")


def signed(text: str) -> Decimal:
    """'€-0.05' → -0.05, '€0.15' → 0.15 (a net result: the sign after the currency's)."""
    sign, digits = (-1, text.replace("-", "", 1)) if "-" in text else (1, text)
    return sign * money(digits)


class UnibetBuilder(Builder):
    """Unibet's lines → Hand (see the module doc)."""

    PLACEHOLDERS = {**Builder.PLACEHOLDERS, "N": NUMBER}
    SHARED_PREFIXES = ("(?P<player>{NAME}) ",)
    SITE = SITE
    limits = LIMITS
    silent = Builder.silent | {"SEATED", "BLINDS", "PREFLOP"}
    # another game's header (fpdb names Pot Limit Omaha): stored as unsupported
    HOLDEM = (" - No Limit Hold'Em Banzai - ", " - No Limit Hold'Em - ")
    OTHER_GAME = re.compile(
        r"(?:Game #(?P<hand_id>\d+): Table (?P<table>[€$£]\d+ (?P<limit>NL|PL|FL))"
        r"|Unibet Hand #(?P<hand_id2>\d+)(?:, Tournament #\d+, [^-]+?)?) - [\d.]+/[\d.]+"
        r" - (?P<game>Pot Limit Omaha|[A-Z][\w' ]+?) - ")

    @classmethod
    def unsupported(cls, fields, text):
        if fields["hand_id"] is None:  # (2026's header)
            fields = {**fields, "hand_id": fields["hand_id2"], "limit": None}
        return super().unsupported(fields, text)

    def __init__(self) -> None:
        super().__init__()
        self.named: set[str] = set()  # players dealt in (DEALT_IN_NAMES_EVERYONE)
        self.totals: list[tuple[str, Decimal, Decimal]] = []  # OWN_ACCOUNT

    # ------------------------------------------------------------ the head
    def HEADER(self, hand_id, table, sign, limit, sb, bb, time, day):
        # CLOCK_FIRST, POOL_AS_TABLE
        self.header(limit, site=SITE, hand_id=hand_id, zoom="Banzai", sb=sb, bb=bb,
                    currency=CURRENCY_BY_SYMBOL[sign], date=f"{day} {time}")
        self.table = table

    def HAND_HEADER(self, hand_id, tournament, buy_in, sb, bb, limit, prize, time, day):
        # UTC_SINCE_2026
        self.header(limit, site=SITE, hand_id=hand_id, tournament=tournament, buy_in=buy_in,
                    sb=sb, bb=bb, date=f"{day} {time}", tz="UTC")

    def TABLE(self, table, max_seats):
        self.table = table
        self.max_seats = int(max_seats)

    def SEAT(self, seat, player, stack, out):
        super().SEAT(seat, player, stack, None, out, None)
        if stack[:1] in CURRENCY_BY_SYMBOL and self.head.get("currency") is None:
            self.head["currency"] = CURRENCY_BY_SYMBOL[stack[:1]]  # (2026: no sign above)

    def BUTTON(self, player):
        # BUTTON_BY_NAME
        seat = next((s[0] for s in self.seats if s[1] == player), None)
        if seat is None:
            raise ParseError(self.line, "the button is a player not seated", player)
        self.button = seat

    def POST_SB(self, player, amount):
        super().POST_SB(player, amount, None)

    def POST_BB(self, player, amount):
        super().POST_BB(player, amount, None)

    # ------------------------------------------------------------ the cards
    def DEALT_IN(self, player):
        self.named.add(player)

    def DEALT(self, player, cards):
        self.named.add(player)
        super().DEALT(player, cards)

    # ------------------------------------------------------------ the betting
    def FOLD(self, player, note):
        super().FOLD(player, None)

    def RAISE(self, player, by, to, all_in):
        super().RAISE(player, by, to, all_in, None)

    def RIVER(self, flop, turn, cards):
        self._street(Street.RIVER, 1, read_cards(flop) + read_cards(turn) + read_cards(cards))

    def UNCALLED(self, player, amount):
        super().UNCALLED(amount, player)


    def SHOWS(self, player, cards, hand_name):
        self.shows.append(Show(player, read_cards(cards), True, hand_name))

    # ------------------------------------------------------------ the Summary
    def TOTAL_POT(self, total, rake):
        self.pot = (money(total), money(rake) if rake else ZERO, (), (), ZERO)

    def SUMMARY_SEAT(self, seat, player, bet, won, net):
        # OWN_ACCOUNT
        put, back = money(bet), money(won)
        if signed(net) != back - put:
            raise ParseError(self.line, "the Summary's net result is not won less bet",
                             f"{player}: bet {bet}, won {won}, net result {net}")
        if all(s[1] != player for s in self.seats):
            raise ParseError(self.line, "a Summary seat for a player not seated", player)
        self.totals.append((player, put, back))

    # ------------------------------------------------------------ the Hand
    def hero_name(self) -> str | None:
        # OWNER_TAGGED: since 2026 the owner's name carries "[Unibet_…]" (and others'
        # cards may be dealt to them in the file: "Dealt to evymm [Qc Kh]")
        tagged = next((s[1] for s in self.seats if _OWNER_TAG.search(s[1])), None)
        return tagged or next(iter(self.dealt), None)

    def finish(self) -> Hand:
        # DEALT_IN_NAMES_EVERYONE
        named = self.named
        acting = next((a for a in self.actions if a.player not in named), None)
        if acting is not None:
            raise ParseError(acting.line, "a player acts who was not dealt in", acting.player)
        self.seats = [(seat, player, stack, out or player not in named, bounty)
                      for seat, player, stack, out, bounty in self.seats]
        return replace(super().finish(), player_totals=tuple(self.totals))
