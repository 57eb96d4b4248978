"""All-in equity, exact, for all-in adjusted winnings (docs/STATS.md, Money).

When every player still in has shown their cards and no more betting was possible
before the board was complete, each pot is shared by equity: the fraction of the
boards still to come on which a player holds the best hand, ties split. Every board
still to come is walked exactly by the poker-equity library (compiled): an all-in on
the flop or the turn (at most 1,081 boards) in ~0.2 ms, a preflop all-in (1,712,304
boards heads-up) in about a third of a second. Equity does not change when suits are
renamed, so results are remembered under the suit-renamed form of the cards.
``enumerated`` does the same with eval7 in Python: the tests' independent reference.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from fractions import Fraction
from functools import lru_cache
from itertools import combinations, permutations
from math import comb

import poker_equity

from engine.cards import DECK
from engine.evaluate import PREBUILT as CARD
from engine.evaluate import evaluate_prebuilt as rank
from engine.hand import ZERO
from engine.pots import Pot, build_pots

MOST_TO_COME = 2  # cards still to come that the import computes; more: handlens equity
_PLACES = Decimal("0.0001")
_TIES = 2520  # divisible by any number of tied winners up to 10


def adjusted_net(board: Sequence[str], hole: Mapping[str, Sequence[str]],
                 invested: Mapping[str, Decimal], all_in: set[str], rake: Decimal,
                 dead: Sequence[str] = ()) -> dict[str, Decimal]:
    """Every investor's all-in adjusted net: each pot (after rake, taken pro rata)
    shared by equity, less what the player put in. ``hole``: the live players."""
    pots = build_pots(invested, set(hole), all_in)
    total = sum((pot.amount for pot in pots), ZERO)
    keep = (total - rake) / total if total else ZERO
    adjusted = {p: -amount for p, amount in invested.items()}
    for pot, share in zip(pots, pot_equities(board, hole, pots, dead)):
        for p, fraction in share.items():
            adjusted[p] += pot.amount * keep * fraction.numerator / fraction.denominator
    return {p: v.quantize(_PLACES) for p, v in adjusted.items()}


def pot_equities(board: Sequence[str], hole: Mapping[str, Sequence[str]],
                 pots: Sequence[Pot], dead: Sequence[str] = ()) -> list[dict[str, Fraction]]:
    """For each pot, each eligible player's exact share of it over the boards to come.

    ``board``: the cards out when the betting ended; ``hole``: every live player's
    two cards; ``dead``: other cards known to be out of the deck (folded hands shown).
    """
    return [_walked(board, {p: hole[p] for p in hole if p in pot.eligible},
                    [*dead, *(c for p in hole if p not in pot.eligible for c in hole[p])])
            for pot in pots]


def enumerated(board: Sequence[str], hole: Mapping[str, Sequence[str]],
               pots: Sequence[Pot], dead: Sequence[str] = ()) -> list[dict[str, Fraction]]:
    """``pot_equities`` computed independently: every board to come evaluated with eval7
    here, in Python (the reference the tests hold poker-equity's walk to; ~1 ms for a
    flop all-in, seconds for a preflop one)."""
    to_come = 5 - len(board)
    used = set(board) | set(dead) | {c for cards in hole.values() for c in cards}
    deck = [CARD[c] for c in DECK if c not in used]
    players = list(hole)
    cards = [tuple(CARD[c] for c in hole[p]) + tuple(CARD[c] for c in board) for p in players]
    boards = comb(len(deck), to_come)
    if len(players) == 2 and len(pots) == 1:  # heads-up, one pot: the common case
        a, b = cards
        won_a = won_b = 0  # in halves
        for rest in combinations(deck, to_come):
            rank_a, rank_b = rank(a + rest), rank(b + rest)
            if rank_a > rank_b:
                won_a += 2
            elif rank_b > rank_a:
                won_b += 2
            else:
                won_a += 1
                won_b += 1
        return [{players[0]: Fraction(won_a, 2 * boards), players[1]: Fraction(won_b, 2 * boards)}]
    eligible = [[players.index(p) for p in pot.eligible] for pot in pots]
    wins = [[0] * len(players) for _ in pots]  # in 2520ths of a board
    for rest in combinations(deck, to_come):
        ranks = [rank(c + rest) for c in cards]
        for who, won in zip(eligible, wins):
            best = max(ranks[i] for i in who)
            tied = [i for i in who if ranks[i] == best]
            share = _TIES // len(tied)
            for i in tied:
                won[i] += share
    return [{players[i]: Fraction(won[i], boards * _TIES) for i in who}
            for who, won in zip(eligible, wins)]


def _walked(board: Sequence[str], hole: Mapping[str, Sequence[str]],
            dead: Sequence[str]) -> dict[str, Fraction]:
    """One pot's shares by poker-equity's exact walk over every board to come."""
    players = list(hole)
    if len(players) == 1:
        return {players[0]: Fraction(1)}
    hands, board_key, dead_key = _renamed([tuple(hole[p]) for p in players], board, dead)
    return dict(zip(players, _walk(hands, board_key, dead_key)))


@lru_cache(maxsize=4096)
def _walk(hands: tuple[tuple[str, ...], ...], board: tuple[str, ...],
          dead: tuple[str, ...]) -> tuple[Fraction, ...]:
    result = poker_equity.exact_from_text("holdem", ["".join(h) for h in hands],
                                          "".join(board), "".join(dead))
    if result is None or not result.get("exact"):
        raise ValueError(f"poker-equity could not walk every board for {hands}")
    boards = result["samples"]
    # each board's share of a tie is 1/k: summed in floating point, exact in 2520ths
    return tuple(Fraction(round(share * _TIES), boards * _TIES) for share in result["share_sum"])


_SUIT_NAMES = [dict(zip("cdhs", order)) for order in permutations("cdhs")]


def _renamed(hands: list[tuple[str, ...]], board: Sequence[str], dead: Sequence[str]):
    """The least of the 24 suit renamings of the cards (players keep their order):
    one key for every deal that differs only by the names of the suits."""
    best = None
    for name in _SUIT_NAMES:
        key = (tuple(tuple(sorted(c[0] + name[c[1]] for c in h)) for h in hands),
               tuple(sorted(c[0] + name[c[1]] for c in board)),
               tuple(sorted(c[0] + name[c[1]] for c in dead)))
        if best is None or key < best:
            best = key
    return best
