"""The Independent Chip Model (engine/equity/icm.py) against an enumeration written here:
every finishing order, its Harville probability (each place to a player by their share
of the chips still in), each player's prize summed."""
from __future__ import annotations

from fractions import Fraction
from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.equity.icm import icm


def _by_orders(stacks, payouts) -> list[Fraction]:
    n = len(stacks)
    out = [Fraction(0)] * n
    for order in permutations(range(n)):
        p, left = Fraction(1), sum(stacks)
        for i in order:
            p *= Fraction(stacks[i], left) if left else 0
            left -= stacks[i]
        for place, i in enumerate(order):
            if place < len(payouts):
                out[i] += p * payouts[place]
    return out


def test_a_known_table():
    # 50/30/20 chips for 50/30/20 prizes: the leader 25 + 0.3·(50/70)·30 + ... (by hand)
    got = icm([50, 30, 20], [50, 30, 20])
    assert got[0] == Fraction(25) + (Fraction(3, 10) * Fraction(5, 7) + Fraction(1, 5)
                                     * Fraction(5, 8)) * 30 + (1 - Fraction(1, 2) - (
        Fraction(3, 10) * Fraction(5, 7) + Fraction(1, 5) * Fraction(5, 8))) * 20
    assert sum(got) == 100
    assert icm([1000, 1000], [65, 35]) == [50, 50]


def test_a_player_out_takes_the_last_place_left():
    assert icm([5000, 0, 3000], [50, 30, 20])[1] == 20
    assert icm([0, 0, 10], [50, 30, 20]) == [30, 20, 50]  # (the first out higher)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(1, 5000), min_size=2, max_size=6),
       st.lists(st.integers(0, 100), min_size=1, max_size=4))
def test_equals_every_finishing_order(stacks, payouts):
    payouts = sorted(payouts, reverse=True)
    assert icm(stacks, payouts) == _by_orders(stacks, payouts)
    assert sum(icm(stacks, payouts)) == sum(payouts[:len(stacks)])


@pytest.mark.parametrize("n", [9, 10])
def test_a_full_table_is_quick_and_adds_up(n):
    got = icm(list(range(1000, 1000 * (n + 1), 1000)), [50, 30, 20])
    assert sum(got) == 100 and got == sorted(got)
