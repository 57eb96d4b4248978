"""Any room's hand as PokerStars writes one (``handlens export --format stars``), so that
the trackers, solvers and analysers that read PokerStars files read every room's hands.

``as_stars`` makes of a room's Hand the Hand PokerStars would have written for the same
play: its hand number (the id's digits), the time on PokerStars' clock (ET), seats
numbered round the table, the uncalled bet given back as PokerStars gives it (written,
and what the room paid with the pot instead taken off that collection), a SUMMARY made
from the hand (total pot, rake and fees as one rake, each seat's outcome), and hand
names as PokerStars prints them. ``write_any`` writes it (``write.write_hand``) and reads
the text back with PokerStars' own parser and rules: a hand that would not read back
with the same board, actions and nets, and an ok verdict, is skipped by named reason
(``errors.Skip``), never written wrong.
"""
from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime
from decimal import Decimal
from zoneinfo import ZoneInfo

from engine.equity.evaluate import evaluate, hand_name
from engine.model.hand import (ZERO, Collect, GameKind, Hand, Kind, Seat, Show, Street,
                               Summary, SummarySeat)
from engine.rules.pots import dead_part, uncalled
from parsers.base.errors import ParseError, Skip
from parsers.pokerstars import ROOM, parse_hand
from parsers.pokerstars.write import money_text, write_hand

Bet = tuple[str, Decimal]
# PokerStars' hand numbers are 12 digits today; trackers keep them in 64-bit integers
MOST_DIGITS = 18
_UTC, _ET = ZoneInfo("UTC"), ZoneInfo("America/New_York")
_TABLE_SIZES = (2, 6, 8, 9, 10)


def stars_id(hand_id: str) -> str | None:
    """The hand number a room's hand id is written as: its ASCII digits ("RC123-45" →
    "12345"); an id of more than ``MOST_DIGITS`` digits by a number of that many digits
    made from the whole id (stable); None for an id without digits."""
    digits = "".join(c for c in hand_id if "0" <= c <= "9")
    if not digits:
        return None
    if len(digits) > MOST_DIGITS:
        digest = hashlib.blake2b(hand_id.encode(), digest_size=8).digest()
        digits = str(int.from_bytes(digest, "big") % 10 ** MOST_DIGITS)
    return digits


def _refuse(hand: Hand) -> None:
    """Skip what PokerStars' format has no words for."""
    if hand.cash_outs:
        raise Skip("a cash-out", "PokerStars writes none")
    if hand.stakes.cap is not None:
        raise Skip("a capped game")
    if hand.button_seat is None:
        raise Skip("no button written")
    if hand.played_at is None:
        raise Skip("no time written")
    if stars_id(hand.hand_id) is None:
        raise Skip("a hand id without digits")
    if hand.kind == GameKind.TOURNAMENT and (hand.tournament_id is None
                                             or stars_id(hand.tournament_id) is None):
        raise Skip("a tournament not numbered", "PokerStars writes its number")
    if hand.currency == "chips" and hand.kind != GameKind.TOURNAMENT:
        raise Skip("a cash game of no currency named")
    if any(c != c.to_integral_value() for _, c in hand.chips_added):
        raise Skip("chips added that are not whole chips")


def _seats(hand: Hand) -> tuple[tuple[Seat, ...], int, int]:
    """The seats dealt in, numbered round the table; the button's number; the table's
    size."""
    dealt = hand.dealt_in()
    place = ({n: i for i, n in enumerate(hand.table_order, start=1)} if hand.table_order
             else {s.seat: s.seat for s in hand.seats})
    if any(s.seat not in place for s in dealt) or (
            hand.table_order and hand.button_seat not in place):
        raise Skip("a seat not round the table")
    button = place.get(hand.button_seat, hand.button_seat)
    seats = tuple(sorted((Seat(place[s.seat], s.player, s.stack, False, s.bounty,
                               s.hole_cards) for s in dealt), key=lambda s: s.seat))
    most = max([s.seat for s in seats] + [button])
    size = hand.max_seats if hand.max_seats and hand.max_seats >= most else next(
        (n for n in _TABLE_SIZES if n >= most), most)
    return seats, button, size


def _due(hand: Hand) -> Bet | None:
    """The bet nobody called, as PokerStars' rules give it back: what the top bettor
    put in beyond anyone else, dead money apart (engine.rules.replay's reckoning)."""
    contributed: dict[str, Decimal] = {}
    dead: dict[str, Decimal] = {}
    for a in hand.actions:
        contributed[a.player] = contributed.get(a.player, ZERO) + a.amount
        part = dead_part(a.kind, a.amount, hand.stakes.big_blind)
        if part:
            dead[a.player] = dead.get(a.player, ZERO) + part
    stacks = {s.player: s.stack for s in hand.seats}
    all_in = {a.player for a in hand.actions if a.all_in} | {
        p for p, c in contributed.items() if c >= stacks.get(p, c + 1)}
    if dead and not any(contributed[p] <= dead.get(p, ZERO) for p in all_in if p in contributed):
        contributed = {p: c - dead.get(p, ZERO) for p, c in contributed.items()}
    return uncalled(contributed)


def _collects(hand: Hand, returned: Sequence[Bet], due: Bet | None) -> tuple[Collect, ...]:
    """The collections with the uncalled bet given back as PokerStars gives it: what a
    player got back otherwise than as the bet due (the room paid it with the pot) is
    taken off their collection, and what is due back and the room gave back otherwise
    is so too."""
    change: dict[str, Decimal] = {}
    for player, amount in returned:
        change[player] = change.get(player, ZERO) + amount
    if due is not None:
        change[due[0]] = change.get(due[0], ZERO) - due[1]
    collects = list(hand.collects)
    for player, delta in change.items():
        if not delta:
            continue
        mine = [i for i, c in enumerate(collects) if c.player == player]
        if not mine:
            if delta < 0:
                raise Skip("an uncalled bet the room kept")
            collects.append(Collect(player, delta))
            continue
        i = max(mine, key=lambda i: collects[i].amount)
        left = collects[i].amount + delta
        if left < 0:
            raise Skip("an uncalled bet the room kept")
        collects[i] = collects[i]._replace(amount=left)
    return tuple(c for c in collects if c.amount)


def _shows(hand: Hand, boards: tuple[tuple[str, ...], ...]) -> tuple[Show, ...]:
    """Each player's cards shown once (run 1), named as PokerStars names them on the
    first board; a muck without cards kept as one."""
    seen: set[str] = set()
    shows = []
    for s in hand.shows:
        if s.player in seen or (s.shown and len(s.cards) < 2):
            continue
        seen.add(s.player)
        shows.append(Show(s.player, s.cards if s.shown else (), s.shown,
                          _name(s.cards, boards[0]) if s.shown else None, 1))
    return tuple(shows)


def _name(cards: Sequence[str], board: Sequence[str]) -> str | None:
    """PokerStars' name for the best hand of ``cards`` on ``board`` (None: fewer than
    five cards)."""
    together = [*cards, *board]
    if len(together) < 5 or len(set(together)) < len(together):
        return None
    return hand_name(evaluate(together))


def _summary(hand: Hand, seats: tuple[Seat, ...], collects: tuple[Collect, ...],
             shows: tuple[Show, ...], due: Bet | None) -> Summary:
    """The SUMMARY PokerStars would write: the pot less the uncalled bet, what of it
    nobody collected as its rake (fees among it), money the room added to it (PokerStars'
    format has Run It Once's words for it: a splash, "STP"), each seat's outcome."""
    put = sum((a.amount for a in hand.actions), ZERO)
    added = sum((x for _, x in hand.added_money), ZERO)  # (written as a splash, "STP")
    total = put - (due[1] if due else ZERO) + added
    collected = sum((c.amount for c in collects), ZERO)
    rake = total - collected
    if rake < 0:
        raise Skip("more collected than the pot")
    pots = ()
    written = hand.summary.pots if hand.summary else ()
    if len(written) > 1 and sum(written, ZERO) == total:
        pots = written
    folded = {a.player: a.street for a in hand.actions if a.kind == Kind.FOLD}
    shown = {s.player: s for s in shows}
    known = {s.player: s.hole_cards for s in seats if s.hole_cards}
    live = [s.player for s in seats if s.player not in folded]
    won: dict[str, dict[int, Decimal]] = {}
    for c in collects:
        runs = won.setdefault(c.player, {})
        runs[c.run] = runs.get(c.run, ZERO) + c.amount
    boards = [b for b in hand.boards if b] or [()]
    out = []
    for s in seats:
        p = s.player
        mine = won.get(p, {})
        if p in folded:
            out.append(SummarySeat(s.seat, p, "folded", max(folded[p], Street.PREFLOP)))
        elif p in shown and shown[p].shown:
            cards = shown[p].cards
            names = tuple(_name(cards, b) or "" for b in boards)
            out.append(SummarySeat(s.seat, p, "showed", None, cards,
                                   tuple(mine.get(r, ZERO) for r in range(1, len(boards) + 1)),
                                   names))
        elif len(live) > 1 and not mine:
            out.append(SummarySeat(s.seat, p, "mucked", None, known.get(p, ())))
        else:
            out.append(SummarySeat(s.seat, p, "collected", None, (),
                                   (sum(mine.values(), ZERO),)))
    return Summary(total, rake, pots, (), tuple(boards) if len(boards) > 1 else (),
                   tuple(out), added)


def _time(hand: Hand) -> tuple[datetime, str | None]:
    """When, on PokerStars' clock (ET) where the hand's time in UTC is known, else on the
    room's clock with no zone."""
    if hand.played_at_utc is None:
        return hand.played_at, None
    et = hand.played_at_utc.replace(tzinfo=_UTC).astimezone(_ET)
    return et.replace(tzinfo=None, microsecond=0), "ET"


def as_stars(hand: Hand, returned: Sequence[Bet] | None = None) -> Hand:
    """The Hand PokerStars would write for ``hand``'s play; ``returned``: the uncalled
    bets the room gave back (by default those it wrote; the replay's verdict adds those
    it gave back without a word). Skip where PokerStars' format cannot carry it."""
    _refuse(hand)
    seats, button, size = _seats(hand)
    names = {s.player for s in seats}
    if any(a.player not in names for a in hand.actions):
        raise Skip("an action by a player not dealt in")
    due = _due(hand)
    collects = _collects(hand, hand.uncalled if returned is None else returned, due)
    boards = tuple(b for b in hand.boards if b) or ((),)
    shows = _shows(hand, boards)
    when, zone = _time(hand)
    hero = hand.hero if hand.hero in names else None
    tournament = stars_id(hand.tournament_id) if hand.tournament_id is not None else None
    return replace(
        hand, site="PokerStars", hand_id=stars_id(hand.hand_id),
        table=hand.table or f"{hand.site} {hand.hand_id}", max_seats=size,
        button_seat=button, played_at=when, time_zone=zone, seats=seats,
        boards=boards, uncalled=(due,) if due else (), shows=shows, collects=collects,
        summary=_summary(hand, seats, collects, shows, due), tournament_id=tournament,
        tournament_level=_level(hand.tournament_level) if tournament else None,
        buy_in=_buy_in(hand) if tournament else None, zoom=False, hero=hero,
        finishes=hand.finishes if tournament else (), table_order=(),
        chips_added=tuple((p, c) for p, c in hand.chips_added if p in names),
        finishing_stacks=None, player_totals=None, anonymous=frozenset())


def _level(level: str | None) -> str:
    """A level as one word (PokerStars writes Roman numerals: "Level IV")."""
    word = "".join(c for c in (level or "") if c.isascii() and c.isalnum())
    return word or "I"


def _buy_in(hand: Hand) -> str:
    """The buy-in as PokerStars writes one: its total cost ("$11 USD"); "Freeroll" where
    none is known."""
    if hand.buy_in_amount is not None and hand.buy_in_currency:
        return money_text(hand.buy_in_amount, hand.buy_in_currency) + (
            f" {hand.buy_in_currency}" if len(hand.buy_in_currency) == 3 else "")
    return "Freeroll"


def write_any(hand: Hand, returned: Sequence[Bet] | None = None) -> str:
    """``hand`` as PokerStars text that reads back as played: the same board, actions and
    nets, and an ok verdict by PokerStars' rules (else Skip, naming what differs)."""
    stars = as_stars(hand, returned)
    text = write_hand(stars)
    try:
        back = parse_hand(text)
    except ParseError as err:
        raise Skip("written text PokerStars' grammar does not read", err.reason) from None
    if back.boards != stars.boards:
        raise Skip("a board that reads back otherwise")
    if [a[:4] for a in back.actions] != [a[:4] for a in hand.actions]:
        raise Skip("actions that read back otherwise")
    nets = {p: n for p, n in _nets(hand, returned).items() if n}
    if {p: n for p, n in back.nets().items() if n} != nets:
        raise Skip("nets that read back otherwise")
    verdict = ROOM.judge(back)
    if verdict.status != "ok":
        raise Skip(f"PokerStars' rules judge it otherwise ({', '.join(sorted(set(verdict.codes)))})")
    return text


def _nets(hand: Hand, returned: Sequence[Bet] | None) -> dict[str, Decimal]:
    """Each player's net as the room's record gives it (its returns, written or not)."""
    net = hand.nets()
    for player, amount in hand.uncalled:
        net[player] -= amount
    for player, amount in (hand.uncalled if returned is None else returned):
        net[player] = net.get(player, ZERO) + amount
    return net
