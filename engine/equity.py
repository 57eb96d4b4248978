"""All-in equity, exact, for all-in adjusted winnings (docs/STATS.md, Money).

When every player still in has shown their cards and no more betting was possible
before the board was complete, each pot is shared by equity: the fraction of the
boards still to come on which a player holds the best hand, ties split. The rest of
the board is enumerated exactly. This module does it for one or two cards to come
(an all-in on the flop or the turn); preflop all-ins (five cards to come) are not
computed yet and are reported as such.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from itertools import combinations
from math import comb

from engine.cards import DECK
from engine.evaluate import PREBUILT as CARD
from engine.evaluate import evaluate_prebuilt as rank
from engine.pots import Pot

MOST_TO_COME = 2  # cards still to come that are enumerated exactly


class TooManyToCome(ValueError):
    """More board cards to come than this module enumerates."""


def pot_equities(board: Sequence[str], hole: Mapping[str, Sequence[str]],
                 pots: Sequence[Pot], dead: Sequence[str] = ()) -> list[dict[str, Fraction]]:
    """For each pot, each eligible player's exact share of it over the boards to come.

    ``board``: the cards out when the betting ended; ``hole``: every live player's
    two cards; ``dead``: other cards known to be out of the deck (folded hands shown).
    """
    to_come = 5 - len(board)
    if to_come > MOST_TO_COME:
        raise TooManyToCome(f"{to_come} cards to come")
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
    # wins counted in 2520ths (divisible by any number of tied winners up to 10)
    wins = [[0] * len(players) for _ in pots]
    for rest in combinations(deck, to_come):
        ranks = [rank(c + rest) for c in cards]
        for who, won in zip(eligible, wins):
            best = max(ranks[i] for i in who)
            tied = [i for i in who if ranks[i] == best]
            share = 2520 // len(tied)
            for i in tied:
                won[i] += share
    return [{players[i]: Fraction(won[i], boards * 2520) for i in who}
            for who, won in zip(eligible, wins)]
