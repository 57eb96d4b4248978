"""The site-independent Hand: everything a room wrote about one hand, immutable.

Records that a hand holds many of (seats, actions, ...) are NamedTuples: as
immutable as frozen dataclasses and several times cheaper to build, which
matters on the per-hand path. Money is ``decimal.Decimal`` (tournament amounts are chips, also Decimal). A Hand
is complete enough to replay: seats and stacks, every action in order with the
chips it adds, boards, uncalled bets, showdown, collections, pot, rake and fees,
and the room's own SUMMARY section so the replay can compare the two.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from enum import IntEnum
from typing import NamedTuple

ZERO = Decimal(0)
CENT = Decimal("0.01")
# What a hand may hold, as the store keeps it: money as DECIMAL(18, 2) (cash in cents,
# tournament chips in the billions fit), seat numbers up to 99 (rooms use 1 to 10);
# seats numbered otherwise than by place (``Hand.table_order``) up to what the store's
# SMALLINT holds.
MONEY_LIMIT = Decimal(10) ** 16
MAX_SEAT_NUMBER = 99
MAX_SEAT_LABEL = 32767


def check_amount(amount: Decimal) -> Decimal:
    """``amount`` if the store can hold it exactly, else ValueError saying why."""
    if not -MONEY_LIMIT < amount < MONEY_LIMIT:  # (NaN too)
        raise ValueError(f"amount out of range: {amount}")
    if amount.as_tuple().exponent < -2:
        cents = amount.quantize(CENT)
        if cents != amount:
            raise ValueError(f"amount with more than two decimals: {amount}")
        return cents
    return amount


class Street(IntEnum):
    """Betting rounds in order; SHOWDOWN holds what happens after the river."""

    PREDEAL = 0  # blinds, antes, straddles before the cards are dealt
    PREFLOP = 1
    FLOP = 2
    TURN = 3
    RIVER = 4
    SHOWDOWN = 5

    def __repr__(self) -> str:
        """As Enum writes it ("<Street.FLOP: 2>"), read from a table: the content
        digest (pipeline.ingest.rows.content) writes one for every action."""
        return STREET_REPR[self._value_]


STREET_REPR = {s.value: f"<{Street.__name__}.{s.name}: {s.value}>" for s in Street}


class Kind:
    """Action kinds (plain strings: cheap, readable in the database)."""

    POST_SB = "post_sb"
    POST_BB = "post_bb"
    POST_SB_BB = "post_sb_bb"  # small & big blinds together: the small part is dead
    POST_DEAD = "post_dead"
    POST_ANTE = "post_ante"
    POST_STRADDLE = "post_straddle"
    POST_BUTTON_BLIND = "post_button_blind"
    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"

    POSTS = frozenset({POST_SB, POST_BB, POST_SB_BB, POST_DEAD, POST_ANTE,
                       POST_STRADDLE, POST_BUTTON_BLIND})


class GameKind:
    """A hand's kind (docs/GLOSSARY.md): never added together, as money, tournament
    chips and play money do not add up."""

    CASH = "cash"
    TOURNAMENT = "tournament"
    PLAY = "play"  # play money, a ring game's or a tournament's
    ALL = (CASH, TOURNAMENT, PLAY)

    @staticmethod
    def of(currency: str, tournament_id: str | None) -> str:
        """The kind a hand's currency and tournament number say."""
        return (GameKind.PLAY if currency == "play" else
                GameKind.CASH if tournament_id is None else GameKind.TOURNAMENT)


class Structure:
    NO_LIMIT = "NL"
    POT_LIMIT = "PL"
    FIXED_LIMIT = "FL"
    PL_PRE_NL_POST = "PL/NL"  # pot limit before the flop, no limit after


@dataclass(frozen=True, slots=True)
class Stakes:
    small_blind: Decimal
    big_blind: Decimal
    ante: Decimal = ZERO
    cap: Decimal | None = None  # capped no-limit: most a player may put in
    small_bet: Decimal | None = None  # fixed limit: preflop and flop bet
    big_bet: Decimal | None = None  # fixed limit: turn and river bet


class Seat(NamedTuple):
    seat: int
    player: str
    stack: Decimal
    sitting_out: bool = False
    bounty: Decimal | None = None
    hole_cards: tuple[str, ...] = ()


class Action(NamedTuple):
    street: Street
    player: str
    kind: str
    amount: Decimal = ZERO  # chips this action adds to the pot
    raise_to: Decimal | None = None  # bets and raises: the player's street total
    all_in: bool = False
    line: int = 0  # line number within the hand text


class Collect(NamedTuple):
    player: str
    amount: Decimal
    pot: int | None = None  # 0 the main pot, 1, 2, ... the side pots; None: the pot as
    #                         a whole (the only one, or all of them written as one)
    run: int = 1  # which board (run it twice)


class Show(NamedTuple):
    player: str
    cards: tuple[str, ...]
    shown: bool = True  # False: mucked with the cards known
    hand_name: str | None = None  # the name the room printed, "a pair of Kings"
    run: int = 1
    board: int | None = None  # the board cards out when shown, where the room names the
    #                           hand as it then stood (shown at an all-in); None: all


class SummarySeat(NamedTuple):
    """One ``Seat N: ...`` line of the SUMMARY section, as the room wrote it."""

    seat: int
    player: str
    outcome: str  # folded / showed / mucked / collected / won / sat
    folded_street: Street | None = None
    cards: tuple[str, ...] = ()
    won: tuple[Decimal, ...] = ()  # one amount per run it won
    hand_names: tuple[str, ...] = ()


class Finish(NamedTuple):
    """A player's finish in the tournament, as a line of the hand writes it."""

    player: str
    place: int | None  # 1 the winner; None where the line names no place
    prize: Decimal | None = None  # None: no prize written (or not an amount: a ticket)
    currency: str | None = None  # the prize's (ISO code), where written


@dataclass(frozen=True, slots=True)
class Summary:
    """A room's own account of the hand (its SUMMARY section, where it writes one)."""

    total_pot: Decimal
    rake: Decimal
    pots: tuple[Decimal, ...] = ()  # main pot, side pot 1, ... when written
    fees: tuple[tuple[str, Decimal], ...] = ()  # taken from the pot besides the rake:
    #                                             (kind, amount), kind "jackpot", "tax", ...
    boards: tuple[tuple[str, ...], ...] = ()
    seats: tuple[SummarySeat, ...] = ()
    added: Decimal = ZERO  # put into the pot by the room (a splash), as written here


@dataclass(frozen=True, slots=True)
class Hand:
    site: str
    hand_id: str
    game: str  # "Hold'em"
    structure: str  # Structure.*
    stakes: Stakes
    currency: str  # ISO code, "chips" for tournaments, "play" for play money
    table: str | None  # None: the record names no table (PHH may not)
    max_seats: int | None
    button_seat: int | None
    played_at: datetime | None  # the room's local clock, naive
    time_zone: str | None  # the zone the room named for played_at
    played_at_utc: datetime | None  # None where the room named no known zone
    seats: tuple[Seat, ...]
    actions: tuple[Action, ...]
    boards: tuple[tuple[str, ...], ...] = ((),)
    uncalled: tuple[tuple[str, Decimal], ...] = ()
    shows: tuple[Show, ...] = ()
    collects: tuple[Collect, ...] = ()
    cash_outs: tuple[tuple[str, Decimal, Decimal], ...] = ()  # player, amount, fee
    added_money: tuple[tuple[str, Decimal], ...] = ()  # splash-the-pot and the like
    summary: Summary | None = None
    tournament_id: str | None = None
    tournament_level: str | None = None
    buy_in: str | None = None  # as written
    zoom: bool = False
    hero: str | None = None  # whose cards the file's owner was dealt
    buy_in_amount: Decimal | None = None  # the buy-in's total cost (prize pool, bounty, fee)
    buy_in_currency: str | None = None  # ISO code, "FPP" / "SC" (points); None: not written
    finishes: tuple[Finish, ...] = ()  # players who finished the tournament in this hand
    # chips a player received after the hand, as it writes them (a rebuy, an add-on)
    chips_added: tuple[tuple[str, Decimal], ...] = ()
    # what each player had at the end of the hand, where the record writes it (the Poker
    # Hand History's finishing_stacks): (player, chips); None where it writes none
    finishing_stacks: tuple[tuple[str, Decimal], ...] | None = None
    # GameKind: "" lets the hand say (a tournament by its number, play money by its
    # currency); a room that knows a tournament by other words says "tournament"
    kind: str = ""
    # players the record names by a label, not a name (a seat, a position, a hash): seats,
    # never people; the hero is never among them
    anonymous: frozenset[str] = frozenset()
    # each player's own account as the room writes it (iPoker's bet= and win=): (player,
    # what they put in, what they took back: their winnings and any uncalled bet given
    # back to them; None where part of that is written nowhere, an uncalled bet the room
    # returns without a figure); None where the record writes no such account
    player_totals: tuple[tuple[str, Decimal, Decimal | None], ...] | None = None
    # the seat numbers clockwise round the table, where the numbers do not go round it
    # in their own order (Bovada's tournaments number a player by their entry, "Seat
    # 1243", and list the seats clockwise): the numbers name the seats, this says where
    # they are; empty: seat numbers are places, clockwise in their order
    table_order: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if not self.kind:
            object.__setattr__(self, "kind", GameKind.of(self.currency, self.tournament_id))

    def dealt_in(self) -> list[Seat]:
        """The seats dealt into the hand (docs/STATS.md, "Who is dealt in"): not sitting
        out, or marked sitting out but posting, dealt cards or acting anyway (a
        tournament deals an absent player in and folds for them)."""
        if not any(s.sitting_out for s in self.seats):
            return list(self.seats)
        acted = {a.player for a in self.actions}
        return [s for s in self.seats
                if not s.sitting_out or s.player in acted or s.hole_cards]

    def nets(self) -> dict[str, Decimal]:
        """Each player's chips won or lost, as written: what they collected (after the
        rake), less what they put in, an uncalled bet given back. Players who put
        nothing in and collected nothing are left out."""
        net: dict[str, Decimal] = {}
        for a in self.actions:
            net[a.player] = net.get(a.player, ZERO) - a.amount
        for player, back in self.uncalled:
            net[player] = net.get(player, ZERO) + back
        for c in self.collects:
            net[c.player] = net.get(c.player, ZERO) + c.amount
        return net


@dataclass(frozen=True, slots=True)
class UnsupportedHand:
    """A hand of a game the engine does not play (Omaha, Short Deck, ...)."""

    site: str
    hand_id: str
    game: str
    structure: str | None
    table: str | None
    played_at: datetime | None
    text: str = field(default="", repr=False)
