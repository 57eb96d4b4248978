"""All-in equity, exact, for all-in adjusted winnings (docs/STATS.md, Money).

When every player still in has shown their cards and no more betting was possible
before the board was complete, each pot is shared by equity: the fraction of the
boards still to come on which a player holds the best hand, ties split. A heads-up
preflop all-in with no other card known is read from the table of every such
match-up (engine/equity/headsup.py, about 5 µs); anything else is walked exactly over
every board still to come by engine/equity/board_walk.py (a flop or turn all-in in about
0.1 ms, a multi-way preflop one in a few ms). ``enumerated`` does the same with
eval7 in Python, board by board: the tests' independent reference.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from fractions import Fraction
from functools import lru_cache
from itertools import combinations
from math import comb

from engine.equity import board_walk

from engine.equity import headsup
from engine.model.cards import DECK
from engine.equity.evaluate import PREBUILT as CARD
from engine.equity.evaluate import evaluate_prebuilt as rank
from engine.model.hand import ZERO
from engine.rules.pots import Pot, build_pots

_PLACES = Decimal("0.0001")


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
    Every live player's cards are out of the deck for every pot, a side pot's too.
    """
    players = list(hole)
    eligible = tuple(tuple(players.index(p) for p in pot.eligible if p in hole)
                     for pot in pots)
    shares = _shares(tuple(tuple(hole[p]) for p in players), tuple(board), tuple(dead),
                     eligible)
    return [{players[i]: share for i, share in zip(who, pot)}
            for who, pot in zip(eligible, shares)]


@lru_cache(maxsize=4096)
def _shares(holes: tuple[tuple[str, ...], ...], board: tuple[str, ...], dead: tuple[str, ...],
            eligible: tuple[tuple[int, ...], ...]) -> tuple[tuple[Fraction, ...], ...]:
    """``pot_equities`` by the players' places: for each pot, its players' shares in
    the order ``eligible`` names them. Kept for the deals seen last (a deal read
    again, the same hand in two files, is not walked again)."""
    if not board and not dead and len(holes) == 2:  # heads-up preflop: the table
        wins, losses, ties = headsup.counts(holes[0], holes[1])
        whole = 2 * (wins + losses + ties)
        both = (Fraction(2 * wins + ties, whole), Fraction(2 * losses + ties, whole))
        return tuple(tuple(both[i] if len(who) == 2 else Fraction(1) for i in who)
                     for who in eligible)
    index = board_walk.INDEX
    boards, won = board_walk.shares([[index[c] for c in h] for h in holes],
                                    [index[c] for c in board], [index[c] for c in dead],
                                    [list(who) for who in eligible])
    whole = boards * board_walk.TIE_UNIT
    return tuple(tuple(Fraction(w, whole) for w in wins) for wins in won)


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
            share = board_walk.TIE_UNIT // len(tied)
            for i in tied:
                won[i] += share
    return [{players[i]: Fraction(won[i], boards * board_walk.TIE_UNIT) for i in who}
            for who, won in zip(eligible, wins)]
