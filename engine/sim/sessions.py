"""A regular's hands in order: cash sessions, now and then a sit-and-go.

Cash: no-limit mostly (a few pot-limit and fixed-limit sessions), 6-max or 9-max, at
three stakes; a session keeps its table and players for tens of hands, the button
moving clockwise and stacks carrying over (the hero tops up below 70 big blinds,
others rebuy or leave, newcomers sit down). A sit-and-go has one id and buy-in, its
blinds rising by a schedule every few hands, until the hero is out or has won; the
hand a player is knocked out of says their finish and prize (``Hand.finishes``).
Everyone plays engine.sim.strategy; the hero is in every hand.
"""
from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from datetime import datetime, timedelta
from decimal import ROUND_DOWN, Decimal

from engine.model.hand import ZERO, Finish, Hand, Stakes, Structure
from engine.sim.simulate import NAMES, Setup, play_hand
from engine.sim.strategy import deciding

OPPONENTS = NAMES[1:] + ("Brotherhood", "ace_o_spades", "TiltedTom", "LuckyLuuk",
                         "Cardamom", "NorthernLights", "pushbot3000", "Mme Bovary")
CASH_STAKES = ((Decimal("0.05"), Decimal("0.10")), (Decimal("0.10"), Decimal("0.25")),
               (Decimal("0.25"), Decimal("0.50")))
TABLES = ("Aludra", "Bellatrix", "Capella", "Diphda", "Electra", "Fomalhaut", "Gienah",
          "Hadar", "Izar", "Kochab", "Lesath", "Mirach", "Nunki", "Polaris")
# sit-and-go blind schedules (small blind, big blind, ante) by starting stack
SCHEDULES = {
    1500: ((10, 20, 0), (15, 30, 0), (25, 50, 0), (50, 100, 0), (75, 150, 0), (100, 200, 0),
           (100, 200, 25), (200, 400, 25), (300, 600, 50), (400, 800, 50), (600, 1200, 75),
           (800, 1600, 100), (1000, 2000, 100), (1500, 3000, 150), (2000, 4000, 200)),
    10000: ((50, 100, 0), (75, 150, 0), (100, 200, 0), (150, 300, 0), (200, 400, 25),
            (300, 600, 50), (400, 800, 75), (500, 1000, 100), (700, 1400, 150),
            (1000, 2000, 200), (1500, 3000, 300), (2000, 4000, 400), (3000, 6000, 600),
            (5000, 10000, 1000), (8000, 16000, 1600)),
}
# sit-and-go buy-ins (to the prize pool, fee) in USD by starting stack
BUY_INS = {1500: (("3.00", "0.30"), ("7.00", "0.50")), 10000: (("15.00", "1.50"),)}
PAID = {6: (65, 35), 9: (50, 30, 20)}  # the prize pool's percent by place, by table size
CENT = Decimal("0.01")


class Clock:
    """The next hand's number and time: a hand every 40-80 seconds."""

    def __init__(self, rng: random.Random, number: int, start: datetime):
        self.rng, self.number, self.now = rng, number, start

    def tick(self) -> tuple[datetime, int]:
        when, number = self.now, self.number
        self.now += timedelta(seconds=self.rng.randint(40, 80))
        self.number += 1
        return when, number

    def pause(self) -> None:
        """Between sessions: half an hour to a day."""
        self.now += timedelta(seconds=self.rng.randint(1800, 86400))


def regular_hands(rng: random.Random, count: int, first_number: int,
                  start: datetime, leak: str | None = None) -> Iterator[Hand]:
    """``count`` hands of a regular's database, numbered from ``first_number``; with
    ``leak`` (engine.sim.strategy.LEAKS), the hero plays that spot badly."""
    clock = Clock(rng, first_number, start)
    decide = deciding(leak)
    made, tables = 0, set()
    while made < count:
        pick = rng.random()
        if pick < 0.08:
            session = sit_and_go(rng, clock, decide)
        else:
            if len(tables) > len(TABLES) * 15:
                tables.clear()  # names may come back once half of them have been used
            while (table := f"{rng.choice(TABLES)} {roman(rng.randint(1, 30))}") in tables:
                pass
            tables.add(table)
            structure = (Structure.FIXED_LIMIT if pick < 0.11 else
                         Structure.POT_LIMIT if pick < 0.15 else Structure.NO_LIMIT)
            session = cash_session(rng, clock, structure, table, decide)
        for hand in session:
            yield hand
            made += 1
            if made == count:
                return
        clock.pause()


def cash_session(rng: random.Random, clock: Clock, structure: str,
                 name: str, decide=deciding()) -> Iterator[Hand]:
    """Tens of hands at one table called ``name``."""
    sb, bb = rng.choices(CASH_STAKES, weights=(4, 4, 2))[0]
    if structure == Structure.FIXED_LIMIT:
        stakes = Stakes(sb, bb, small_bet=bb, big_bet=2 * bb)
    else:
        stakes = Stakes(sb, bb)
    max_seats = rng.choice((6, 6, 9))
    seated = sorted(rng.sample(range(1, max_seats + 1), max_seats - rng.choice((0, 0, 1))))
    names = ["Hero"] + rng.sample(OPPONENTS, len(seated) - 1)
    rng.shuffle(names)
    table = {seat: name for seat, name in zip(seated, names)}
    stacks = {name: _buy_in(rng, bb, name) for name in names}
    button = rng.choice(seated)
    for _ in range(rng.randint(30, 120)):
        setup = Setup(structure, stakes, CENT, max_seats, button,
                      [(seat, table[seat], stacks[table[seat]]) for seat in sorted(table)],
                      table=name, straddles=False)
        hand, after = play_hand(rng, setup, decide, *clock.tick())
        yield hand
        stacks.update(after)
        played = set(table)
        _between_hands(rng, table, stacks, bb)
        button = _next_button(table, button, played)
        _sit_down(rng, table, stacks, bb, max_seats, button)


def _buy_in(rng: random.Random, bb: Decimal, name: str) -> Decimal:
    if name == "Hero":
        return 100 * bb
    return bb * rng.choice((100, 100, 100, 100, 40, 60, 150, 250))


def _between_hands(rng: random.Random, table: dict[int, str], stacks: dict[str, Decimal],
                   bb: Decimal) -> None:
    """Top-ups, rebuys, players leaving."""
    if stacks["Hero"] < 70 * bb:
        stacks["Hero"] = 100 * bb
    for seat, name in list(table.items()):
        if name == "Hero":
            continue
        if stacks[name] == 0 and rng.random() < 0.6:
            stacks[name] = _buy_in(rng, bb, name)
        elif stacks[name] == 0 or rng.random() < 0.01:
            del table[seat]


def _sit_down(rng: random.Random, table: dict[int, str], stacks: dict[str, Decimal],
              bb: Decimal, max_seats: int, button: int) -> None:
    """Now and then someone sits down, in an empty seat not between the button and the
    big blind (there a newcomer would have to wait for the button to pass)."""
    seats = sorted(table)
    after = [s for s in seats if s > button] + [s for s in seats if s <= button]
    big = after[1] if len(after) > 2 else after[0]
    empty = [s for s in range(1, max_seats + 1) if s not in table
             and not 0 < (s - button) % 100 < (big - button) % 100]
    if empty and (len(table) < 3 or rng.random() < 0.2):
        # someone new to the table (who left does not come back: their stack then
        # would have to be what they left with)
        newcomer = rng.choice([n for n in OPPONENTS if n not in stacks]
                              or [n for n in OPPONENTS if n not in table.values()])
        table[rng.choice(empty)] = newcomer
        stacks[newcomer] = _buy_in(rng, bb, newcomer)


def _next_button(table: dict[int, str], button: int, played: set[int] | None = None) -> int:
    """The next seat clockwise that is taken, by a player of the hand before where
    ``played`` names their seats (a player who has just sat down waits for the button
    to pass, so the blinds move on one seat)."""
    seats = sorted(s for s in table if played is None or s in played) or sorted(table)
    return next((s for s in seats if s > button), seats[0])


def sit_and_go(rng: random.Random, clock: Clock, decide=deciding()) -> Iterator[Hand]:
    """A single-table tournament, until the hero is out or has won (see ``_finishes``)."""
    chips = rng.choice((1500, 1500, 10000))
    schedule = SCHEDULES[chips]
    to_pool, fee = rng.choice(BUY_INS[chips])
    buy_in = f"${to_pool}+${fee} USD"
    max_seats = rng.choice((6, 9, 9))
    names = ["Hero"] + rng.sample(OPPONENTS, max_seats - 1)
    rng.shuffle(names)
    table = dict(zip(range(1, max_seats + 1), names))
    stacks = {name: Decimal(chips) for name in names}
    prizes = payouts(Decimal(to_pool) * len(names), max_seats)
    tournament_id = str(3_100_000_000 + clock.number)
    per_level = rng.randint(8, 12)
    button = rng.choice(sorted(table))
    played = 0
    while "Hero" in table.values() and len(table) > 1:
        level = min(played // per_level, len(schedule) - 1)
        sb, bb, ante = (Decimal(x) for x in schedule[level])
        setup = Setup(Structure.NO_LIMIT, Stakes(sb, bb, ante), Decimal(1), max_seats, button,
                      [(seat, table[seat], stacks[table[seat]]) for seat in sorted(table)],
                      tournament_id=tournament_id, tournament_level=roman(level + 1),
                      buy_in=buy_in, tournament=True, straddles=False)
        hand, after = play_hand(rng, setup, decide, *clock.tick())
        before = dict(stacks)
        stacks.update(after)
        finishes = _finishes(table, before, stacks, prizes)
        yield dataclasses.replace(hand, finishes=finishes) if finishes else hand
        played += 1
        for seat, name in list(table.items()):
            if stacks[name] == ZERO:
                del table[seat]
        if table:
            button = _next_button(table, button)


def payouts(pool: Decimal, max_seats: int) -> tuple[Decimal, ...]:
    """The prizes by place (1st first): ``PAID``'s shares of the pool in cents, the
    cents left over to the winner, so that they add up to the pool exactly."""
    shares = [(pool * p / 100).quantize(CENT, ROUND_DOWN) for p in PAID[max_seats]]
    shares[0] += pool - sum(shares, ZERO)
    return tuple(shares)


def _finishes(table: dict[int, str], before: dict[str, Decimal], after: dict[str, Decimal],
              prizes: tuple[Decimal, ...]) -> tuple[Finish, ...]:
    """The finishes of a hand, in the order PokerStars writes them: those knocked out,
    best place first, then the winner when one player is left. Knocked out in one
    hand, the one who started it with more chips finishes higher; equal stacks: the
    lower seat higher (simply; not a rule of the room)."""
    out = sorted((seat for seat, name in table.items() if after[name] == ZERO),
                 key=lambda seat: (-before[table[seat]], seat))
    left = len(table) - len(out)
    places = [(table[seat], left + 1 + i) for i, seat in enumerate(out)]
    if out and left == 1:
        places.append((next(n for s, n in table.items() if s not in out), 1))

    def finish(player: str, place: int) -> Finish:
        if place <= len(prizes):
            return Finish(player, place, prizes[place - 1], "USD")
        return Finish(player, place)

    return tuple(finish(player, place) for player, place in places)


def roman(n: int) -> str:
    out = ""
    for value, letters in ((10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")):
        while n >= value:
            out, n = out + letters, n - value
    return out
