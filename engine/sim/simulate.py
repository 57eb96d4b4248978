"""Legal Hold'em hands, complete with pots, rake and showdown.

A dealer of its own (it does not ask the replay what is legal, so the two check
each other). ``play_hand`` deals a table's ``Setup`` and asks a strategy for each
decision (engine.sim.strategy; engine.sim.sessions builds a regular's tables) or decides at
random. ``simulate(rng)`` plays random tables at random: 2 to 10 players, no-limit,
pot-limit or fixed-limit, antes, straddles, short stacks so that side pots and
incomplete all-in raises come often, split pots and boards run twice. A Hand comes
back as PokerStars would record it; parsers.pokerstars.write renders it as text.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from decimal import ROUND_DOWN, Decimal

from engine.model.cards import DECK
from engine.equity.evaluate import evaluate, hand_name
from engine.model.hand import (ZERO, Action, Collect, Hand, Kind, Seat, Show, Stakes, Street,
                         Structure, Summary, SummarySeat)
from engine.model.positions import NAMES as POSITION_NAMES
from engine.rules.pots import Pot, build_pots, split, uncalled
from engine.sim.strategy import Spot

NAMES = ("Hero", "MapleLeaf77", "quietriver", "Tanzanite", "kb_grinder", "OldOakTree",
         "Ragnhild", "PocketFives99", "Brightwater", "zz_top_zz", "LimitLarry", "turnpike",
         "Zamboni", "Sr Radío", "nit.wit", "Ölkännchen")
CASH_STAKES = ((Decimal("0.01"), Decimal("0.02")), (Decimal("0.05"), Decimal("0.10")),
               (Decimal("0.25"), Decimal("0.50")), (Decimal("1"), Decimal("2")))
TOURNAMENT_STAKES = ((Decimal(10), Decimal(20)), (Decimal(50), Decimal(100)),
                     (Decimal(300), Decimal(600)))


@dataclass
class _Player:
    name: str
    seat: int
    stack: Decimal
    cards: tuple[str, ...] = ()
    put: Decimal = ZERO  # this street
    total: Decimal = ZERO  # this hand
    folded: bool = False
    all_in: bool = False
    folded_on: Street | None = None


@dataclass
class _Table:
    rng: random.Random
    structure: str
    stakes: Stakes
    unit: Decimal
    players: list[_Player]  # clockwise from the first seat after the button
    actions: list[Action] = field(default_factory=list)
    decide: Callable[[Spot], tuple[str, Decimal]] | None = None  # None: at random
    positions: dict[str, str] = field(default_factory=dict)  # player → "UTG" ... "BB"
    board: list[str] = field(default_factory=list)
    aggressors: dict[Street, str] = field(default_factory=dict)  # the last to bet or raise

    def live(self) -> list[_Player]:
        return [p for p in self.players if not p.folded]

    def able(self) -> list[_Player]:
        return [p for p in self.players if not p.folded and not p.all_in]

    def pot(self) -> Decimal:
        return sum((p.total for p in self.players), ZERO)

    def put_in(self, p: _Player, street: Street, kind: str, amount: Decimal,
               raise_to: Decimal | None = None, live: bool = True) -> None:
        amount = min(amount, p.stack)
        p.stack -= amount
        p.total += amount
        if live:
            p.put += amount
        if p.stack == 0:
            p.all_in = True
        self.actions.append(Action(street, p.name, kind, amount, raise_to, p.all_in))


START = datetime(2026, 11, 1, 20, 0)  # the simulated clock: a hand every 47 seconds


@dataclass
class Setup:
    """A table before the cards are dealt: who sits where with what, the game, the blinds."""
    structure: str
    stakes: Stakes
    unit: Decimal  # the smallest amount: a cent, or a chip
    max_seats: int
    button: int
    seats: list[tuple[int, str, Decimal]]  # seat number, player, stack; in seat order
    table: str | None = None  # by default "Simulated <number % 97>"
    tournament_id: str | None = None  # by default 3000000000 + number // 50 (tournaments)
    tournament_level: str = "I"
    buy_in: str = "$5.00+$0.50 USD"
    tournament: bool = False
    straddles: bool = True  # may the third player straddle (15 % of hands)


def simulate(rng: random.Random, start: datetime | None = None, number: int = 0,
             play: str = "random") -> Hand:
    """One legal, complete hand: hand id 250000000000 + ``number``, played at ``start``
    (by default 47 seconds a hand after START). ``play="random"``: a random table and
    random decisions (every rule comes up); ``"regular"``: a 6-max no-limit table where
    everyone plays engine.sim.strategy's sensible poker."""
    if play == "random":
        return play_hand(rng, _random_setup(rng), None, start, number)[0]
    if play == "regular":
        from engine.sim.strategy import decide
        return play_hand(rng, regular_setup(rng), decide, start, number)[0]
    raise ValueError(f"play must be 'random' or 'regular', not {play!r}")


def _random_setup(rng: random.Random) -> Setup:
    n = rng.choice((2, 2, 3, 4, 5, 6, 6, 6, 7, 8, 9, 10))
    structure = rng.choice((Structure.NO_LIMIT,) * 5 + (Structure.POT_LIMIT,) * 2
                           + (Structure.FIXED_LIMIT,) * 2)
    tournament = rng.random() < 0.25
    sb, bb = rng.choice(TOURNAMENT_STAKES if tournament else CASH_STAKES)
    unit = Decimal(1) if tournament else Decimal("0.01")
    ante = (bb / 10).quantize(unit, ROUND_DOWN) if rng.random() < 0.3 else ZERO
    if structure == Structure.FIXED_LIMIT:
        stakes = Stakes(sb, bb, ante, small_bet=bb, big_bet=2 * bb)
    else:
        stakes = Stakes(sb, bb, ante)
    max_seats = 10 if n > 9 else 9 if n > 6 else 6 if n > 2 else rng.choice((2, 6))
    seat_numbers = sorted(rng.sample(range(1, max_seats + 1), n))
    button = rng.choice(seat_numbers)
    names = rng.sample(NAMES, n)
    seats = []
    for seat, name in zip(seat_numbers, names):
        depth = rng.choice((100, 100, 100, 60, 40, 25, 12, 6, 3, 1))
        stack = (bb * depth * Decimal(rng.uniform(0.5, 1.5))).quantize(unit, ROUND_DOWN)
        seats.append((seat, name, max(stack, unit)))
    return Setup(structure, stakes, unit, max_seats, button, seats, tournament=tournament)


def regular_setup(rng: random.Random) -> Setup:
    """A 6-max $0.10/$0.25 no-limit table of five or six, the hero among them, stacks
    about 100 big blinds."""
    n = rng.choice((5, 6, 6))
    seat_numbers = sorted(rng.sample(range(1, 7), n))
    names = ["Hero"] + rng.sample(NAMES[1:], n - 1)
    rng.shuffle(names)
    bb = Decimal("0.25")
    seats = [(seat, name, (bb * rng.choice((100, 100, 100, 60, 150))))
             for seat, name in zip(seat_numbers, names)]
    return Setup(Structure.NO_LIMIT, Stakes(Decimal("0.10"), bb), Decimal("0.01"), 6,
                 rng.choice(seat_numbers), seats, straddles=False)


def play_hand(rng: random.Random, setup: Setup, decide, start: datetime | None = None,
              number: int = 0) -> tuple[Hand, dict[str, Decimal]]:
    """The hand played at ``setup``, each decision by ``decide(spot) -> (move, to)``
    (engine.sim.strategy) or, when None, at random; and every player's stack after it."""
    structure, stakes = setup.structure, setup.stakes
    sb, bb, ante = stakes.small_blind, stakes.big_blind, stakes.ante
    button = setup.button
    seats = [_Player(name, seat, stack) for seat, name, stack in setup.seats]
    n = len(seats)
    after = [p for p in seats if p.seat > button] + [p for p in seats if p.seat <= button]
    deck = list(DECK)
    rng.shuffle(deck)
    for p in after:
        p.cards = (deck.pop(), deck.pop())
    t = _Table(rng, structure, stakes, setup.unit, after, decide=decide)
    if decide is not None:
        names = POSITION_NAMES[n]
        t.positions = {p.name: names[(i - 2) % n] if n > 2 else names[(i + 1) % 2]
                       for i, p in enumerate(after)}
    starting = {p.name: p.stack for p in after}

    # forced bets
    if ante:
        for p in after:
            t.put_in(p, Street.PREDEAL, Kind.POST_ANTE, ante, live=False)
    small = after[-1] if n == 2 else after[0]  # heads-up the button posts the small blind
    big = after[0] if n == 2 else after[1]
    if not small.all_in:
        t.put_in(small, Street.PREDEAL, Kind.POST_SB, sb)
    if not big.all_in:
        t.put_in(big, Street.PREDEAL, Kind.POST_BB, bb)
    opener, level, full = big, bb, bb
    if (setup.straddles and structure != Structure.FIXED_LIMIT and n >= 4
            and rng.random() < 0.15):
        straddler = after[2]
        if not straddler.all_in and straddler.stack > 2 * bb:
            t.put_in(straddler, Street.PREDEAL, Kind.POST_STRADDLE, 2 * bb)
            opener, level, full = straddler, 2 * bb, 2 * bb

    boards: list[list[str]] = [[]]
    for street in (Street.PREFLOP, Street.FLOP, Street.TURN, Street.RIVER):
        if street > Street.PREFLOP:
            for p in after:
                p.put = ZERO
            boards[0] += [deck.pop() for _ in range(3 if street == Street.FLOP else 1)]
        t.board = boards[0]
        if len(t.live()) > 1:
            first = (after.index(opener) + 1) % n if street == Street.PREFLOP else 0
            _betting_round(t, street, first, level if street == Street.PREFLOP else ZERO,
                           full if street == Street.PREFLOP else bb)
        if len(t.live()) < 2:
            boards[0] = boards[0][:_board_length(street)]
            break
        if len(t.able()) < 2 and street < Street.RIVER:
            # nobody can bet any more: the rest of the board is dealt, maybe twice
            if (rng.random() < 0.2 and structure != Structure.FIXED_LIMIT
                    and not setup.tournament):
                shared = len(boards[0])
                boards[0] += [deck.pop() for _ in range(5 - shared)]
                boards.append(boards[0][:shared] + [deck.pop() for _ in range(5 - shared)])
            else:
                boards[0] += [deck.pop() for _ in range(5 - len(boards[0]))]
            break
    hand = _finish(t, rng, boards, setup, starting, start, number)
    stacks = {p.name: p.stack for p in after}
    for c in hand.collects:
        stacks[c.player] += c.amount
    return hand, stacks


def _board_length(street: Street) -> int:
    return {Street.PREFLOP: 0, Street.FLOP: 3, Street.TURN: 4, Street.RIVER: 5}[street]


def _betting_round(t: _Table, street: Street, first: int, level: Decimal, full: Decimal) -> None:
    st = t.stakes
    size = (st.small_bet if street <= Street.FLOP else st.big_bet) if st.small_bet else None
    acted: set[str] = set()
    bets = 1 if level > 0 else 0
    counted = level  # fixed limit: the bet a raise is counted from (the half-bet rule)
    i = first
    while True:
        live = t.live()
        if len(live) < 2:
            return
        able = t.able()
        if len(able) == 0:
            return
        most = max(p.put for p in live)
        if len(able) == 1 and able[0].put >= min(level, most):
            return
        if all(p.name in acted and p.put >= level for p in able):
            return
        p = t.players[i % len(t.players)]
        i += 1
        if p.folded or p.all_in or (p.name in acted and p.put >= level):
            continue
        owed = level - p.put
        # a raise needs someone who could still put in more than the bet to match
        others_can_act = any(q is not p and q.stack + q.put > level for q in able)
        can_raise = others_can_act and p.name not in acted and (
            size is None or bets < 4) and p.stack > owed
        if owed > 0 and len(able) == 1:
            owed = min(level, most) - p.put  # nobody can match more
        if t.decide is None:
            move, to = _random_move(t, p, street, owed, can_raise,
                                    counted if size else level, full, size)
        else:
            move, to = _decided_move(t, p, street, owed, can_raise, level, counted, full,
                                     size, bets)
        if move == "fold":
            p.folded, p.folded_on = True, street
            t.actions.append(Action(street, p.name, Kind.FOLD))
        elif move == "call":
            if owed > 0:
                t.put_in(p, street, Kind.CALL, owed)
            else:
                t.actions.append(Action(street, p.name, Kind.CHECK))
        else:
            t.aggressors[street] = p.name
            increment = to - level
            if size is not None and (to >= counted + size or 2 * increment >= size):
                counted += size  # an all-in of half a bet or more counts as a whole one
            kind = Kind.BET if level == 0 else Kind.RAISE
            t.put_in(p, street, kind, to - p.put, to)
            if kind == Kind.BET:  # the next raise is by the bet, and by a big blind at least
                full = max(to, st.big_blind)
                acted = set()
            elif increment >= full:
                full = increment
                acted = set()
            level = to
            bets += 1
        acted.add(p.name)


def _random_move(t: _Table, p: _Player, street: Street, owed: Decimal, can_raise: bool,
                 level: Decimal, full: Decimal,
                 size: Decimal | None) -> tuple[str, Decimal | None]:
    """Fold a quarter of the time when owing, call or check, else raise at random."""
    choice = t.rng.random()
    if owed > 0 and choice < 0.25:
        return "fold", None
    if not can_raise or choice < 0.65:
        return "call", None
    return "raise", _raise_to(t, p, street, level, full, size, owed)


def _decided_move(t: _Table, p: _Player, street: Street, owed: Decimal, can_raise: bool,
                  level: Decimal, counted: Decimal, full: Decimal, size: Decimal | None,
                  bets: int) -> tuple[str, Decimal | None]:
    """Ask t.decide, then make its raise a legal one."""
    if size is not None:
        least = cap = min(counted + size, p.put + p.stack)
    else:
        least, cap = _raise_bounds(t, p, level, full, owed)
    spot = Spot(street=street, cards=p.cards, board=tuple(t.board),
                position=t.positions.get(p.name, ""), player=p.name, owed=owed,
                pot=t.pot(), level=level, bets=bets, can_raise=can_raise, least=least,
                cap=cap, stack=p.stack, put=p.put, big_blind=t.stakes.big_blind,
                players=len(t.live()), aggressors=dict(t.aggressors), rng=t.rng,
                dealt=len(t.players), fixed_limit=size is not None)
    move, to = t.decide(spot)
    if move == "fold" and owed == 0:
        move = "call"  # a check costs nothing
    if move != "raise" or not can_raise:
        return ("call" if move == "raise" else move), None
    to = to.quantize(t.unit, ROUND_DOWN) if to is not None else least
    return "raise", max(least, min(cap, to))


def _raise_bounds(t: _Table, p: _Player, level: Decimal, full: Decimal,
                  owed: Decimal) -> tuple[Decimal, Decimal]:
    """The least legal bet or raise total and the most (the pot at pot limit, the
    stack); the two are equal when the player can only go all-in."""
    most_to = p.put + p.stack
    least = level + (full if level > 0 else t.stakes.big_blind)
    if t.structure == Structure.POT_LIMIT:
        cap = level + t.pot() + owed
    else:
        cap = most_to
    cap = min(cap, most_to)
    return min(least, cap), cap


def _raise_to(t: _Table, p: _Player, street: Street, level: Decimal, full: Decimal,
              size: Decimal | None, owed: Decimal) -> Decimal:
    """A legal bet or raise total, sometimes all-in."""
    if size is not None:
        return min(level + size, p.put + p.stack)
    least, cap = _raise_bounds(t, p, level, full, owed)
    if least >= cap:
        return cap  # all-in (or the pot) for no more than a minimum raise
    pick = t.rng.random()
    if pick < 0.4:
        to = least
    elif pick < 0.8:
        to = least + (cap - least) * Decimal(t.rng.random()) / 3
    else:
        to = cap
    return max(least, min(cap, to.quantize(t.unit, ROUND_DOWN)))


def _finish(t: _Table, rng: random.Random, boards: list[list[str]], setup: Setup,
            starting: dict[str, Decimal], start: datetime | None, number: int) -> Hand:
    players = {p.name: p for p in t.players}
    contributed = {p.name: p.total for p in t.players}
    back = uncalled(contributed)
    if back:
        contributed[back[0]] -= back[1]
        players[back[0]].stack += back[1]
    live = [p.name for p in t.players if not p.folded]
    all_in = {p.name for p in t.players if p.all_in}
    pots = build_pots(contributed, set(live), all_in)
    total = sum((pot.amount for pot in pots), ZERO)
    flop_seen = len(boards[0]) >= 3
    rake = ZERO
    tournament = setup.tournament
    if not tournament and flop_seen:
        rake = min((total * Decimal("0.05")).quantize(t.unit, ROUND_DOWN), 3 * t.stakes.big_blind)
    collects, won, names = _award(t, pots, boards, rake, live)
    shows, mucked = [], set()
    showdown = len(live) > 1
    if showdown:
        winners = {c.player for c in collects}
        for name in live:
            if name not in winners and not players[name].all_in and rng.random() < 0.3:
                mucked.add(name)
                shows.append(Show(name, (), False))
            else:
                for run, board in enumerate(boards, start=1):
                    shows.append(Show(name, players[name].cards, True,
                                      hand_name(evaluate(players[name].cards + tuple(board))), run))
    hero = t.players[0].name if "Hero" not in players else "Hero"
    seats = tuple(Seat(p.seat, p.name, starting[p.name], False, None,
                       p.cards if (p.name == hero or (showdown and p.name in live)) else ())
                  for p in sorted(t.players, key=lambda p: p.seat))
    summary_seats = []
    for p in sorted(t.players, key=lambda p: p.seat):
        if p.folded:
            summary_seats.append(SummarySeat(p.seat, p.name, "folded",
                                             folded_street=p.folded_on or Street.PREFLOP))
        elif showdown and p.name in mucked:
            summary_seats.append(SummarySeat(p.seat, p.name, "mucked", cards=p.cards))
        elif showdown:
            runs = won.get(p.name, [ZERO] * len(boards))
            summary_seats.append(SummarySeat(
                p.seat, p.name, "showed", cards=p.cards,
                won=tuple(a for a in runs if a), hand_names=tuple(names[p.name])))
        else:
            summary_seats.append(SummarySeat(p.seat, p.name, "collected",
                                             won=(sum(won.get(p.name, []), ZERO),)))
    paid = tuple(sum((c.amount for c in collects if (c.pot or 0) == i), ZERO)
                 for i in range(len(pots))) if len(pots) > 1 else ()
    summary = Summary(total, rake, paid, (), tuple(tuple(b) for b in boards if b),
                      tuple(summary_seats))
    when = start or START + timedelta(seconds=47 * number)
    return Hand(
        site="PokerStars", hand_id=str(250000000000 + number), game="Hold'em",
        structure=t.structure, stakes=t.stakes, currency="chips" if tournament else "USD",
        table=setup.table or f"Simulated {number % 97}", max_seats=setup.max_seats,
        button_seat=setup.button,
        played_at=when, time_zone="ET", played_at_utc=None, seats=seats,
        actions=tuple(t.actions), boards=tuple(tuple(b) for b in boards),
        uncalled=(back,) if back else (), shows=tuple(shows), collects=tuple(collects),
        summary=summary,
        tournament_id=(setup.tournament_id or str(3000000000 + number // 50))
        if tournament else None,
        tournament_level=setup.tournament_level if tournament else None,
        buy_in=setup.buy_in if tournament else None, hero=hero)


def _award(t: _Table, pots: list[Pot], boards: list[list[str]], rake: Decimal,
           live: list[str]):
    """Collections per pot and run: the rake comes out of the main pot first; each
    share is split among the best hands, odd chips from the button's left."""
    players = {p.name: p for p in t.players}
    order = [p.name for p in t.players]
    collects: list[Collect] = []
    won: dict[str, list[Decimal]] = {}
    names: dict[str, list[str]] = {name: [] for name in live}
    left = rake
    runs = len(boards)
    for i, pot in enumerate(pots):
        take = min(left, pot.amount)
        left -= take
        amount = pot.amount - take
        halves = split(amount, [f"run {k}" for k in range(runs)], t.unit)
        shares = [halves[f"run {k}"] for k in range(runs)]
        for run, (board, share) in enumerate(zip(boards, shares), start=1):
            contenders = [p for p in order if p in pot.eligible]
            if len(contenders) == 1:
                winners = contenders
            else:
                ranks = {p: evaluate(players[p].cards + tuple(board)) for p in contenders}
                best = max(ranks.values())
                winners = [p for p in contenders if ranks[p] == best]
            for player, got in split(share, winners, t.unit).items():
                if got:
                    collects.append(Collect(player, got, i if len(pots) > 1 else None, run))
                    won.setdefault(player, [ZERO] * runs)[run - 1] += got
    if len(live) > 1:
        for name in live:
            for board in boards:
                names[name].append(hand_name(evaluate(players[name].cards + tuple(board))))
    return collects, won, names

