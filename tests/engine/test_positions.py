"""Positions from the button, as STATS.md names them."""
from __future__ import annotations

import pytest

from engine.model.positions import NAMES, positions


@pytest.mark.parametrize("n", range(3, 11))
def test_full_tables_name_every_seat_once(n):
    seats = list(range(1, n + 1))
    pos = positions(seats, button=1)
    assert sorted(pos.values()) == sorted(NAMES[n])
    assert pos[1] == "BTN" and pos[2] == "SB" and pos[3] == "BB"


def test_heads_up_the_button_is_btn():
    assert positions([3, 7], button=7) == {7: "BTN", 3: "BB"}
    assert positions([3, 7], button=3) == {3: "BTN", 7: "BB"}


def test_empty_seats_are_skipped_going_round():
    assert positions([2, 5, 9], button=9) == {9: "BTN", 2: "SB", 5: "BB"}


def test_missing_small_blind_leaves_the_big_blind_as_bb():
    # button on 1, seat 2 empty: seat 3 posts the big blind, there is no small blind
    pos = positions([1, 3, 4, 5], button=1, big_blind_seat=3)
    assert pos == {3: "BB", 4: "HJ", 5: "CO", 1: "BTN"}


def test_dead_button():
    # the button seat is empty: the seats after it still get SB and BB
    assert positions([1, 2, 4], button=3) == {4: "SB", 1: "BB", 2: "BTN"}
