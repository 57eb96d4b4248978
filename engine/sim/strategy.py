"""A regular's decisions: ranges by position preflop, made hands and draws after.

``decide(spot)`` returns ``("fold" | "call" | "raise", raise_to)``: "call" is a check
when nothing is owed; the simulator makes ``raise_to`` legal (and ignores it at fixed
limit). Players differ by a looseness drawn from their name (the hero is 1.0): loose
players open and call wider and call down lighter.
"""
from __future__ import annotations

import random
import zlib
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal

from engine.model.cards import RANK_VALUE
from engine.equity.evaluate import evaluate
from engine.model.hand import Street
from engine.sim.preflop_rank import top_fraction

# the share of hands a regular opens first in, by position (9-max; 6-max's UTG is HJ-ish)
OPEN = {"UTG": 0.11, "UTG+1": 0.12, "UTG+2": 0.14, "UTG+3": 0.15, "LJ": 0.16, "HJ": 0.19,
        "CO": 0.27, "BTN": 0.44, "SB": 0.34, "BB": 0.10}
CALL = {"BTN": 0.2, "CO": 0.15, "SB": 0.09, "BB": 0.42}  # flat a single raise; others 0.10
LOOSENESS = (0.8, 1.0, 1.0, 1.25, 1.7)  # a nit, two regulars, a loose one, a fish


@dataclass
class Spot:
    """What a player sees when it is their turn."""
    street: Street
    cards: tuple[str, ...]
    board: tuple[str, ...]
    position: str
    player: str
    owed: Decimal  # to call
    pot: Decimal  # everything put in so far, this street's bets too
    level: Decimal  # the bet to match
    bets: int  # bets and raises this street (preflop the big blind is the first)
    can_raise: bool
    least: Decimal  # the smallest legal raise-to
    cap: Decimal  # the largest
    stack: Decimal  # behind
    put: Decimal  # in front of the player this street
    big_blind: Decimal
    players: int  # not folded
    aggressors: dict[Street, str]  # the last to bet or raise on each street so far
    rng: random.Random
    dealt: int = 6  # players dealt in
    fixed_limit: bool = False  # a call costs a bet at most: call wider


# leaks the hero can be made to play on purpose (``handlens simulate --leak``): the
# spot, and what the hero then does there instead of the regular's play
LEAKS = {"calls-3bets": "the hero, having opened, calls every 3-bet he does not 4-bet"}


def deciding(leak: str | None = None) -> Callable[[Spot], tuple[str, Decimal | None]]:
    """The decisions of the table: ``decide``, or with the hero playing ``leak`` badly."""
    if leak is None:
        return decide
    if leak not in LEAKS:
        raise ValueError(f"no leak {leak!r} (the leaks: {', '.join(LEAKS)})")

    def leaky(spot: Spot) -> tuple[str, Decimal | None]:
        move = decide(spot)
        if (spot.player == "Hero" and spot.street == Street.PREFLOP and spot.bets == 3
                and spot.put > spot.big_blind and move[0] == "fold"):
            return "call", None  # facing the 3-bet of the pot he opened: never folds
        return move
    return leaky


def looseness(name: str) -> float:
    if name == "Hero":
        return 1.0
    return LOOSENESS[zlib.crc32(name.encode("utf-8")) % len(LOOSENESS)]


def decide(spot: Spot) -> tuple[str, Decimal | None]:
    if spot.street == Street.PREFLOP:
        return _preflop(spot)
    return _postflop(spot)


def _preflop(s: Spot) -> tuple[str, Decimal | None]:
    loose = looseness(s.player)
    strength = top_fraction(s.cards)  # 0.005 for aces ... 1.0
    bb, rng = s.big_blind, s.rng
    deep = (s.stack + s.put) / bb
    raises = s.bets - 1
    if deep <= 15:  # push or fold
        if raises == 0:
            return ("raise", s.cap) if strength <= _open(s) * 1.3 else _check_or_fold(s)
        return ("call", None) if strength <= 0.09 * loose else ("fold", None)
    if raises == 0:
        if s.position == "BB":  # limpers, or the small blind completed
            return ("raise", s.level * 4) if strength <= 0.10 else ("call", None)
        if strength <= _open(s):
            return "raise", bb * (3 if s.position == "SB" or s.pot > 2 * bb else Decimal("2.5"))
        if s.position == "SB" and strength <= _open(s) + 0.2 and rng.random() < 0.4 * loose:
            return "call", None  # complete
        if loose > 1.5 and strength <= _open(s) * 1.5 and rng.random() < 0.3:
            return "call", None  # a fish limps
        return "fold", None
    if raises == 1:
        if s.owed > (s.stack + s.put) / 3:  # a shove or near it
            return ("call", None) if strength <= 0.05 * loose else ("fold", None)
        if strength <= 0.045 or (0.10 < strength <= 0.22 and _suited(s.cards)
                                  and rng.random() < 0.4):
            size = Decimal("3.6") if s.position in ("SB", "BB") else 3
            return _sized_raise(s, s.level * size)
        if strength <= CALL.get(s.position, 0.10) * loose:
            return "call", None
        return "fold", None
    if raises == 2:
        if s.fixed_limit and 0.017 < strength <= 0.15 * loose:
            return "call", None
        if strength <= 0.017:
            return _sized_raise(s, s.level * Decimal("2.3"))
        if strength <= 0.06 * loose and s.owed < (s.stack + s.put) / 3:
            return "call", None
        return "fold", None
    if strength <= 0.017:
        return "raise", s.cap
    return ("call", None) if strength <= 0.01 * loose else ("fold", None)


def _open(s: Spot) -> float:
    position = "HJ" if s.dealt <= 6 and s.position == "UTG" else s.position
    return OPEN.get(position, 0.15) * looseness(s.player)


def _sized_raise(s: Spot, to: Decimal) -> tuple[str, Decimal]:
    """A raise to ``to``, or all-in when that would commit a good part of the stack."""
    return "raise", (s.cap if to > (s.stack + s.put) * Decimal("0.4") else to)


def _check_or_fold(s: Spot) -> tuple[str, None]:
    return ("call", None) if s.owed == 0 else ("fold", None)


def _suited(cards: tuple[str, ...]) -> bool:
    return cards[0][1] == cards[1][1]


def _postflop(s: Spot) -> tuple[str, Decimal | None]:
    made, draw = made_hand(s.cards, s.board), has_draw(s.cards, s.board)
    loose, rng = looseness(s.player), s.rng
    if s.owed == 0:
        return _bet_or_check(s, made, draw)
    price = float(s.owed / (s.pot + s.owed))
    if made == 4 and rng.random() < 0.45:
        return _sized_raise(s, s.level * 3)
    if (made == 3 and s.bets == 1 and rng.random() < 0.1) or (
            draw and s.street == Street.FLOP and s.bets == 1 and rng.random() < 0.12):
        return _sized_raise(s, s.level * 3)
    if made >= 3:
        return ("call", None) if s.bets <= 2 or price < 0.35 or made == 4 else ("fold", None)
    chance = {2: 0.9 if price < 0.4 else 0.5, 1: 0.6 if price <= 0.35 else 0.1,
              0: 0.2 if price <= 0.3 and s.street == Street.FLOP else 0.03}[made]
    if s.street == Street.RIVER:
        chance *= 0.6 if made == 2 else 0.25
    elif s.street == Street.TURN and made == 1:
        chance *= 0.5
    if s.street != Street.RIVER and draw and price <= 0.36:
        chance = max(chance, 0.85)
    if s.bets >= 2:
        chance *= 0.5
    if s.fixed_limit:
        chance *= 1.5
    return ("call", None) if rng.random() < min(1.0, chance * loose) else ("fold", None)


def _bet_or_check(s: Spot, made: int, draw: bool) -> tuple[str, Decimal | None]:
    me, aggressors = s.player, s.aggressors
    previous = Street(s.street - 1)
    if s.street == Street.FLOP and aggressors.get(Street.PREFLOP) == me:
        chance = (0.55, 0.62, 0.75, 0.85, 0.9)[made] + (0.1 if draw else 0)
        if s.players > 2 and made <= 1:
            chance -= 0.25
        size = Decimal("0.33") if s.rng.random() < 0.5 else Decimal("0.6")
    elif aggressors.get(previous) == me:  # a second or third barrel
        chance = (0.25, 0.2, 0.5, 0.7, 0.85)[made] + (0.25 if draw else 0)
        if s.street == Street.RIVER:
            chance = (0.2, 0.05, 0.25, 0.6, 0.9)[made]
        size = Decimal("0.66")
    else:
        chance = (0.2 if s.players == 2 else 0.05, 0.1, 0.3, 0.5, 0.75)[made]
        if draw and s.street != Street.RIVER:
            chance += 0.2
        size = Decimal("0.5") if s.rng.random() < 0.5 else Decimal("0.75")
    if s.rng.random() < chance:
        return _sized_raise(s, s.pot * size)
    return "call", None


def made_hand(cards: tuple[str, ...], board: tuple[str, ...]) -> int:
    """0 nothing (or only the board's), 1 a weak pair, 2 top pair with a weak kicker,
    3 top pair with a good kicker or an overpair, 4 two pair or better of one's own."""
    rank = evaluate(cards + board)
    category = rank >> 24
    if len(board) == 5 and evaluate(board) == rank:
        return 0
    on_board = Counter(c[0] for c in board)
    board_most = max(on_board.values())
    if category >= 3 and not (category == 3 and board_most == 3):
        return 4
    if category == 2 and board_most < 2:
        return 4
    if category == 0 or (category == 3 and board_most == 3):
        return 0
    # one pair of the player's own (maybe beside a pair on the board)
    ranks = sorted((RANK_VALUE[r] for r in on_board), reverse=True)
    mine = [RANK_VALUE[c[0]] for c in cards]
    if mine[0] == mine[1]:
        if on_board.get(cards[0][0]):
            return 4  # a set: counted above unless the board pairs too
        return 3 if mine[0] > ranks[0] else 1
    paired = [r for r in mine if r in ranks]
    if not paired:
        return 0
    if max(paired) == ranks[0]:
        kicker = min(mine) if max(paired) == max(mine) else max(mine)
        return 3 if kicker >= 10 else 2
    return 1


def has_draw(cards: tuple[str, ...], board: tuple[str, ...]) -> bool:
    """A flush draw or an open-ended straight draw that uses a hole card."""
    if len(board) >= 5:
        return False
    suits = Counter(c[1] for c in cards + board)
    if any(n == 4 and any(c[1] == suit for c in cards) for suit, n in suits.items()):
        return True
    values = {RANK_VALUE[c[0]] for c in cards + board}
    values |= {1} if 14 in values else set()
    own = {RANK_VALUE[c[0]] for c in cards}
    for low in range(1, 11):
        run = set(range(low, low + 4))
        if run <= values and own & run and 2 <= low <= 10:
            return True
    return False
