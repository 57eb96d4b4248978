"""Full Tilt's lines → the engine's Hand: the base Builder, told how Full Tilt writes.

Full Tilt's conventions, read here (each named where it applies):
``RAISE_TO_IS_THE_STREET_TOTAL`` — "raises to $X" is what the raiser has in on the
street; calls and bets are what they add. ``LIVE_POST_IS_A_BIG_BLIND`` — "x posts $0.02"
(a player coming in, or back, out of the blinds' turn) is a live big blind, "posts a
dead small blind" the small blind they missed (dead money). ``ANTE_RETURNED_DEALS_OUT``
— "Ante of X returned to y": y timed out before the deal; the ante is not in the pot
and y is not dealt in. ``SUMMARY_SAYS_WHO_SAT_OUT`` — the seat lines do not always say
who is sitting out (a player sitting out since the last hand is listed like the
others): the SUMMARY's "is sitting out" does. ``OBSERVED_SEATS_FROM_THE_SUMMARY`` — the
hands an observer's client wrote in 2006 list no seats: the players are seated as the
SUMMARY lists them, their stacks not written (RoomRules.zero_stack_not_known).
``COLLECTS_FROM_THE_SUMMARY`` — some hands (Matrix tournaments' files) write no
"wins the pot" line: what the SUMMARY says each player collected or won is then what
they collected. ``BOARD_FROM_THE_SUMMARY`` — the same files may stop writing a
hand's streets once every player is all-in: the board is the SUMMARY's where the
hand's is the start of it (no action is ever made up). ``STAKES_IN_THOUSANDS`` — a header's stakes may be
written "50K/100K" (Flipout's, which every player antes all-in: "2B/2B Ante 2B").
``FLIPOUT_CHECKS`` — in those, the blinds "check" before the deal: a check with
nothing to play for, no action.
``CAP_FROM_THE_CAPPED`` — a capped table's header writes its cap ("$15 Cap No Limit")
or, since 2013, only "CAP NL": the cap is then what a player who "is capped" has put
in (no one capped: not judged). ``RUSH_TABLES`` — Rush Poker's cash tables are known by
their names (the header does not say), its tournaments by "(Rush)" or "Rush" in their
title. Fixed limit: "$1/$2 - Limit Hold'em" names the small and big bet (the base's
``FIXED_LIMIT_STAKES_ARE_BETS``). Times are the player's zone as written, the
bracketed ET time (from 2012) giving UTC; "15:13 ET - Wed, July 21, 2010" (July 2010)
is read too.
"""
from __future__ import annotations

import re
from decimal import ROUND_DOWN, Decimal

from engine.model.hand import (CENT, ZERO, Action, Collect, Hand, Kind, Show, Stakes, Street,
                         Structure, SummarySeat)
from parsers.base.builder import Builder
from parsers.base.errors import ParseError
from parsers.base.tourney import buy_in_cost
from parsers.base.values import money, seat_number
from parsers.base.values import cards as read_cards

PREDEAL, PREFLOP, FLOP, TURN, RIVER, SHOWDOWN = tuple(Street)
RAISE, CALL, BET = Kind.RAISE, Kind.CALL, Kind.BET
_new = tuple.__new__
LIMITS = {"No Limit": Structure.NO_LIMIT, "NL": Structure.NO_LIMIT,
          "Pot Limit": Structure.POT_LIMIT, "PL": Structure.POT_LIMIT,
          "Limit": Structure.FIXED_LIMIT, "FL": Structure.FIXED_LIMIT,
          "Fixed Limit": Structure.FIXED_LIMIT}
SITE = "Full Tilt Poker"
# another game's header (FullTiltBuilder.OTHER_GAME): its stakes, cap, limit and table
_STAKE = r"[$€£]?[\d,.]+[KMB]?"
_CAP = r"(?:[$€£]?[\d,.]+ (?:Cap )?|CAP |Cap )?"
_LIMIT = "No Limit|Pot Limit|Fixed Limit|Limit|NL|PL|FL"
_TABLE = re.compile(r"Game #\d+: (?:.+? \(\d+\), )?(?:Table )?(.+?)(?: \([^()]*\))? - ")
SITE_BY_BRAND = {"Full Tilt Poker": SITE, "FullTiltPoker": SITE,
                 "Full Tilt Poker.fr": "Full Tilt Poker.fr"}
FOLDED_ON = {"before the Flop": PREFLOP, "on the Flop": FLOP, "on the Turn": TURN,
             "on the River": RIVER}
MONTHS = {m: i for i, m in enumerate(
    ("January", "February", "March", "April", "May", "June", "July", "August",
     "September", "October", "November", "December"), start=1)}
# Rush Poker's cash tables (the names its client gave them)
RUSH_TABLES = frozenset((
    "Mach 10", "Lightning", "Velociraptor", "Supercharger", "Adrenaline", "Afterburner",
    "Mercury", "Apollo", "Warp Speed", "Speeding Bullet", "Flash", "Bazinga",
    "Lickety Split", "Electro", "Celerity", "Alacrity", "Dart", "Accelerator", "Sonic Boom",
    "Vroom", "Hermes", "Thunderbolt", "Swiftly Tilting", "Rapido", "Veyron"))
_THOUSANDS = {"K": Decimal(1000), "M": Decimal(1000000), "B": Decimal(1000000000)}
_CHIP = Decimal(1)


def stake(text: str) -> Decimal:
    """A header's stake: '$0.25', '15', '50K', '2B' (STAKES_IN_THOUSANDS)."""
    unit = _THOUSANDS.get(text[-1:])
    if unit is not None:
        return money(text[:-1]) * unit
    return money(text)


def _date(time: str, date: str) -> str:
    """'15:42:59', '2010/08/04' → '2010/08/04 15:42:59'; also 'Wed, July 21, 2010'."""
    if "," in date:
        _, month_day, year = date.split(", ")
        month, day = month_day.split(" ")
        if month not in MONTHS:
            raise ValueError(f"not a month: {month!r}")
        date = f"{year}/{MONTHS[month]}/{day}"
    return f"{date} {time}"


class FullTiltBuilder(Builder):
    """Builds one Hand from Full Tilt's lines (see the module doc)."""

    PLACEHOLDERS = {**Builder.PLACEHOLDERS,
                    "STAKE": r"[$€£]?\d+(?:,\d{3})*(?:\.\d+)?[KMB]?",
                    "LIMIT": _LIMIT,
                    "ROLES": r"(?: \((?:button|small blind|big blind)\))*"}
    SHARED_PREFIXES = ("(?P<player>{NAME}) ",)
    SITE = SITE
    limits = LIMITS
    silent = frozenset({"HOLE_CARDS", "SUMMARY", "DURATION", "RUN_POT", "EVENT", "CHAT"})
    # another game's header (Omaha, Omaha H/L, Courchevel, Stud, Razz, draw games, the
    # mixed games' other rounds): its limit and game after the stakes (until 2013), or
    # before them (since: limit2, game2, as in HEADER)
    HOLDEM = (" Hold'em - ",)
    OTHER_GAME = re.compile(
        rf".*?(?:Full Tilt Poker(?:\.fr)?|FullTiltPoker) Game #(?P<hand_id>\d+): .*? - "
        rf"(?:{_STAKE}/{_STAKE}(?: Ante {_STAKE})? - {_CAP}(?P<limit>{_LIMIT}) (?P<game>.+?) - "
        rf"|{_CAP}(?P<limit2>{_LIMIT}) (?P<game2>.+?) - {_STAKE}/)")

    @classmethod
    def unsupported(cls, fields, text):
        table = _TABLE.search(text.partition("\n")[0])
        if fields["game"] is None:
            fields = {**fields, "game": fields["game2"], "limit": fields["limit2"]}
        return super().unsupported({**fields, "table": table.group(1) if table else None}, text)

    def FINISHES(self, player, place, winner, prize, rest):
        self.finish_at(player, 1 if winner else int(place), prize)

    def tournament_cost(self) -> tuple[Decimal | None, str | None]:
        # the header names the tournament: "$2 + $0.25 Sit & Go" its buy-in and fee,
        # "$1,000 Guarantee" its prize pool; only the first is a buy-in
        return buy_in_cost(self.head.get("buy_in"), fee_required=True)

    def __init__(self) -> None:
        super().__init__()
        self.stakes_written: tuple[Decimal, Decimal] = (ZERO, ZERO)
        self.cap_written: Decimal | None = None
        self.capped_game = False
        self.capped: str | None = None  # the first player an action says is capped
        self.ante_written: Decimal | None = None
        self.sat_out: set[str] = set()
        self.dealt_out: set[str] = set()  # antes returned (ANTE_RETURNED_DEALS_OUT)
        self.summary_run = 0  # run it twice: the SUMMARY section being read (1, 2, ...)
        self.run_seats: dict[str, list] = {}

    # ------------------------------------------------------------ the header
    def HEADER(self, brand, hand_id, buy_in, tournament, tour_table, match, table, attributes,
               sb, bb, ante, cap, cap_word, limit, cap2, cap_word2, limit2, sb2, bb2, ante2, time,
               tz, date, time_et, tz_et, date_et, partial):
        if partial:
            raise ParseError(1, "a partial hand: the room wrote only the part of it its "
                                "client saw (the header ends \"(partial)\")")
        if sb is None:
            sb, bb, ante, cap, cap_word, limit = sb2, bb2, ante2, cap2, cap_word2, limit2
        self.head = {**self.HEAD, "site": SITE_BY_BRAND[brand], "hand_id": hand_id,
                     "tournament": tournament, "buy_in": buy_in, "sb": sb, "bb": bb,
                     "date": _date(time, date), "tz": tz,
                     "date_et": _date(time_et, date_et) if time_et else None, "tz_et": tz_et}
        self.structure = self.limits[limit]
        small, big = self.stakes_written = stake(sb), stake(bb)
        # FIXED_LIMIT_STAKES_ARE_BETS: the big blind is the small bet
        self.big_blind = small if self.structure == Structure.FIXED_LIMIT else big
        if ante:
            self.ante_written = stake(ante)
        if cap:
            self.cap_written = money(cap)
        self.capped_game = cap is not None or cap_word is not None
        self.table = tour_table or match or table
        if tournament is not None:
            rush = "Rush" in buy_in
        else:
            rush = table in RUSH_TABLES
        self.head["zoom"] = True if rush else None
        if attributes:
            for word in attributes.split(", "):
                if word.endswith(" max"):
                    self.max_seats = seat_number(word[:-4])
                elif word == "heads up":
                    self.max_seats = 2

    def SEATS(self, max_seats):
        self.max_seats = seat_number(max_seats)

    def SEAT(self, seat, player, stack, out):
        super().SEAT(seat, player, stack, None, out, None)

    def BUTTON(self, button):
        self.button = seat_number(button)

    # ------------------------------------------------------------ blinds and antes
    def POST_LIVE(self, player, amount, all_in):
        self._post(Kind.POST_BB, player, amount, all_in)  # LIVE_POST_IS_A_BIG_BLIND

    def ANTE_RETURNED(self, amount, player):
        # ANTE_RETURNED_DEALS_OUT
        money(amount)
        self.actions = [a for a in self.actions
                        if not (a.player == player and a.kind == Kind.POST_ANTE)]
        self.dealt_out.add(player)

    # ------------------------------------------------------------ the betting
    def CHECK(self, player):
        if self.street == PREDEAL:
            return  # FLIPOUT_CHECKS: the blinds' checks of a Flipout hand, all-in on the ante
        super().CHECK(player)

    def FOLD(self, player):
        super().FOLD(player, None)

    def CALL(self, player, amount, all_in, capped):
        super().CALL(player, amount, all_in)
        if capped and self.capped is None:
            self.capped = player

    def BET(self, player, amount, all_in, capped):
        super().BET(player, amount, all_in)
        if capped and self.capped is None:
            self.capped = player

    def RAISE(self, player, to, all_in, capped):
        # RAISE_TO_IS_THE_STREET_TOTAL
        total = money(to)
        put = self.put
        amount = total - put.get(player, ZERO)
        put[player] = total
        self.actions.append(_new(Action, (self.street, player, RAISE, amount, total,
                                          all_in is not None, self.line)))
        if capped and self.capped is None:
            self.capped = player

    # ------------------------------------------------------------ the streets
    def RUN_FLOP(self, run, cards):
        self._street(FLOP, int(run), read_cards(cards))

    def RUN_TURN(self, run, board, cards):
        self._street(TURN, int(run), read_cards(board) + read_cards(cards))

    def RUN_RIVER(self, run, board, cards):
        # a run's river after the first run's streets: that run shares what was dealt
        self._street(RIVER, int(run), read_cards(board) + read_cards(cards))

    def RUN_SHOWDOWN(self, run):
        self._street(SHOWDOWN, int(run), ())

    # ------------------------------------------------------------ after the betting
    def WINS(self, player, verb, main, side, side_n, run, amount, hand_name):
        # "the pot": the pot as a whole; "the main pot": 0; "the side pot": 1, or its number
        pot = 0 if main else (int(side_n) if side_n else 1) if side else None
        self.collects.append(_new(Collect, (player, money(amount), pot,
                                            int(run) if run else self.run)))

    def SHOWS_NAME(self, player, hand_name):
        self.shows.append(_new(Show, (player, (), True, hand_name, self.run, None)))

    def MUCKS(self, player, cards):
        self.shows.append(Show(player, read_cards(cards), False, None, self.run))

    # ------------------------------------------------------------ the SUMMARY
    def BOARD(self, cards):
        self.summary_boards[self.summary_run or 1] = read_cards(cards)

    def RUN_SUMMARY(self, run):
        self.summary_run = int(run)

    def _seat(self, seat: str, player: str, outcome: str, street, cards: tuple,
              won: tuple, names: tuple) -> None:
        if self.summary_run:  # run it twice: one section a run, merged per player
            self.run_seats.setdefault(player, []).append(
                (int(seat), outcome, street, cards, won))
            return
        self.summary_seats.append(_new(SummarySeat, (int(seat), player, outcome, street,
                                                     cards, won, names)))

    def SUMMARY_FOLDED(self, seat, player, no_bet, street):
        self._seat(seat, player, "folded", PREFLOP if no_bet else FOLDED_ON[street], (), (), ())

    def SUMMARY_SHOWED(self, seat, player, cards, won, hand_name):
        self._seat(seat, player, "showed", None, read_cards(cards),
                   (money(won),) if won else (), (hand_name,) if hand_name else ())

    def SUMMARY_MUCKED(self, seat, player, cards, hand_name):
        self._seat(seat, player, "mucked", None, read_cards(cards), (),
                   (hand_name,) if hand_name and cards else ())

    def SUMMARY_COLLECTED(self, seat, player, collected):
        self._seat(seat, player, "collected", None, (), (money(collected),), ())

    def SUMMARY_SAT_OUT(self, seat, player):
        self.sat_out.add(player)  # SUMMARY_SAYS_WHO_SAT_OUT
        self._seat(seat, player, "sat out", None, (), (), ())

    # ------------------------------------------------------------ the Hand
    def stakes(self) -> Stakes:
        small, big = self.stakes_written
        ante = self.ante_written if self.ante_written is not None else self.ante
        if self.structure == Structure.FIXED_LIMIT:
            half = (small / 2).quantize(_CHIP if small == small.to_integral() and
                                        self.head["tournament"] else CENT, ROUND_DOWN)
            return Stakes(self.small_blind_posted or half, small, ante,
                          small_bet=small, big_bet=big)
        return Stakes(small, big, ante, self._cap())

    def _cap(self) -> Decimal | None:
        """CAP_FROM_THE_CAPPED"""
        if not self.capped_game:
            return None
        if self.cap_written is not None:
            return self.cap_written
        if self.capped is None:
            return None
        return sum((a.amount for a in self.actions if a.player == self.capped
                    and a.kind not in (Kind.POST_DEAD, Kind.POST_ANTE)), ZERO)

    def finish(self) -> Hand:
        if self.button is None:
            raise ParseError(1, "no button: the room did not write where the button was "
                                "(a hand it cancelled?)")
        if self.run_seats:
            self._merge_runs()
        body = self.boards.get(1, ())
        written = self.summary_boards.get(1, ())
        if len(self.boards) <= 1 and len(written) > len(body) \
                and written[:len(body)] == body:  # BOARD_FROM_THE_SUMMARY
            self.boards[1] = written
        if not self.collects:  # COLLECTS_FROM_THE_SUMMARY
            self.collects = [_new(Collect, (s.player, won, None, 1))
                             for s in self.summary_seats for won in s.won]
        if not self.seats:  # OBSERVED_SEATS_FROM_THE_SUMMARY
            self.seats = [(s.seat, s.player, ZERO, s.outcome == "sat out", None)
                          for s in self.summary_seats]
        out = self.sat_out | self.dealt_out
        if out:
            self.seats = [(seat, player, stack, sitting_out or player in out, bounty)
                          for seat, player, stack, sitting_out, bounty in self.seats]
        return super().finish()

    def _merge_runs(self) -> None:
        """Run it twice: a SUMMARY section a run, each listing every seat; one seat a
        player, with what they won in each run."""
        for player, rows in self.run_seats.items():
            seat, outcome, street, cards, _ = rows[0]
            won = tuple(w for row in rows for w in row[4])
            for row in rows:
                if row[1] in ("showed", "collected"):
                    outcome = "showed" if row[3] else row[1]
                cards = cards or row[3]
            self.summary_seats.append(SummarySeat(seat, player, outcome, street, cards, won))
