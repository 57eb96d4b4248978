"""The Independent Chip Model (Malmuth-Harville): what a tournament's stacks are worth in
prize money. A player finishes first with the share of the chips they hold; among the
others, the next place is given the same way, and so on. Exact (Fractions), over every
order of the players still in: 2^n states for n players, fine for a final table."""
from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from fractions import Fraction
from functools import lru_cache


def icm(stacks: Sequence[int | Decimal], payouts: Sequence[int | Decimal]) -> list[Fraction]:
    """Each player's expected prize, in the payouts' unit. ``stacks``: the chips of the
    players still in (a stack of 0: a player out, who takes the last places left, the
    larger stack before ... the order given); ``payouts``: the prize of each place,
    first first (places beyond it pay nothing)."""
    chips = [Fraction(s) for s in stacks]
    prizes = [Fraction(p) for p in payouts]
    alive = tuple(i for i, c in enumerate(chips) if c > 0)
    out = [i for i, c in enumerate(chips) if c <= 0]
    values = [Fraction(0)] * len(chips)
    for rank, i in enumerate(out):  # the places after those still in
        place = len(alive) + rank
        values[i] = prizes[place] if place < len(prizes) else Fraction(0)
    if not alive:
        return values
    paid = tuple(prizes[:len(alive)])
    share = _shares(tuple(chips[i] for i in alive), paid)
    for i, v in zip(alive, share):
        values[i] = v
    return values


@lru_cache(maxsize=4096)
def _shares(chips: tuple[Fraction, ...], paid: tuple[Fraction, ...]) -> tuple[Fraction, ...]:
    """``icm`` of players all still in, by dynamic programming over who is left."""
    n = len(chips)

    @lru_cache(maxsize=None)
    def value(left: frozenset[int], place: int) -> tuple[Fraction, ...]:
        # each player's expected prize from ``place`` on, ``left`` the players still to place
        out = [Fraction(0)] * n
        if place >= len(paid) or not left:
            return tuple(out)
        rest = sum(chips[j] for j in left)
        for j in left:
            p = chips[j] / rest
            out[j] += p * paid[place]
            for k, v in enumerate(value(left - {j}, place + 1)):
                out[k] += p * v
        return tuple(out)

    return value(frozenset(range(n)), 0)
