"""Properties of the rules engine on simulated hands: a legal hand, written as
PokerStars text and read back, verifies ok; one change makes it fail with the code
that names the change."""
from __future__ import annotations

import dataclasses
import random
from collections import Counter
from decimal import Decimal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.model.hand import Hand, Kind, Street, Structure
from engine.sim.simulate import simulate
from parsers.base.split import normalise
from parsers.pokerstars import ROOM as STARS
from parsers.pokerstars import parse_hand
from parsers.pokerstars.write import write_hand

seeds = st.integers(min_value=0, max_value=2**32 - 1)
PROPERTY = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def round_trip(hand: Hand):
    return STARS.judge(parse_hand(normalise(write_hand(hand))))


def a_hand(seed: int, want=lambda h: True, tries: int = 200) -> Hand:
    rng = random.Random(seed)
    for i in range(tries):
        h = simulate(rng, number=i)
        if want(h):
            return h
    pytest.skip("no simulated hand of the kind wanted")


@pytest.mark.slow
def test_ten_thousand_simulated_hands_round_trip_ok():
    rng = random.Random(2026)
    status, features = Counter(), Counter()
    for i in range(10_000):
        h = simulate(rng, number=i)
        parsed = parse_hand(normalise(write_hand(h)))
        assert parsed.actions == tuple(a._replace(line=p.line) for a, p in zip(h.actions, parsed.actions))
        assert sorted(parsed.collects) == sorted(h.collects) and parsed.boards == h.boards
        v = STARS.judge(parsed)
        status[v.status] += 1
        assert v.status == "ok", (v.findings, write_hand(h))
        features[h.structure] += 1
        features["ante"] += h.stakes.ante > 0
        features["straddle"] += any(a.kind == Kind.POST_STRADDLE for a in h.actions)
        features["side pots"] += len(h.summary.pots) > 1
        features["split pot"] += len({(c.run, c.pot) for c in h.collects}) < len(h.collects)
        features["run twice"] += len(h.boards) > 1
        features["heads-up"] += len(h.seats) == 2
        features["ten players"] += len(h.seats) == 10
        features["incomplete raise"] += _has_incomplete_raise(h)
    assert status == Counter(ok=10_000)
    for feature in (Structure.NO_LIMIT, Structure.POT_LIMIT, Structure.FIXED_LIMIT, "ante",
                    "straddle", "side pots", "split pot", "run twice", "heads-up",
                    "ten players", "incomplete raise"):
        assert features[feature] >= 20, (feature, features)


def _has_incomplete_raise(h: Hand) -> bool:
    level, full, street = Decimal(0), h.stakes.big_blind, None
    for a in h.actions:
        if a.street != street and a.street > Street.PREFLOP:
            level, full, street = Decimal(0), h.stakes.big_blind, a.street
        if a.kind == Kind.POST_BB:
            level = max(level, a.amount)
        if a.kind in (Kind.BET, Kind.RAISE):
            if a.all_in and a.raise_to - level < full:
                return True
            full = max(full, a.raise_to - level)
            level = a.raise_to
    return False


def _with_action(h: Hand, i: int, **changes) -> Hand:
    actions = list(h.actions)
    actions[i] = actions[i]._replace(**changes)
    return dataclasses.replace(h, actions=tuple(actions))


@PROPERTY
@given(seeds)
def test_a_changed_call_amount_is_bad_call_amount(seed):
    h = a_hand(seed, lambda h: any(a.kind == Kind.CALL for a in h.actions))
    i = next(i for i, a in enumerate(h.actions) if a.kind == Kind.CALL)
    unit = Decimal(1) if h.currency == "chips" else Decimal("0.01")
    v = round_trip(_with_action(h, i, amount=h.actions[i].amount + unit))
    assert v.status == "failed" and "BAD_CALL_AMOUNT" in v.codes


@PROPERTY
@given(seeds)
def test_a_changed_collected_sum_is_rake_mismatch(seed):
    h = a_hand(seed)
    collects = list(h.collects)
    collects[0] = collects[0]._replace(amount=collects[0].amount + 1)
    v = round_trip(dataclasses.replace(h, collects=tuple(collects)))
    assert v.status == "failed" and "RAKE_MISMATCH" in v.codes


@PROPERTY
@given(seeds)
def test_a_board_card_dealt_twice_is_duplicate_card(seed):
    # one run: a card changed in one run's flop only would split the runs early
    h = a_hand(seed, lambda h: len(h.boards) == 1 and len(h.boards[0]) >= 3
               and h.seats[0].hole_cards)
    hole = next(s.hole_cards[0] for s in h.seats if s.hole_cards)
    board = (hole,) + h.boards[0][1:]
    v = round_trip(dataclasses.replace(h, boards=(board,) + h.boards[1:]))
    assert v.status == "failed" and "DUPLICATE_CARD" in v.codes


@PROPERTY
@given(seeds)
def test_two_actions_swapped_are_out_of_turn(seed):
    def swappable(h):
        return any(a.street >= Street.PREFLOP and b.street == a.street and a.player != b.player
                   for a, b in zip(h.actions, h.actions[1:]))
    h = a_hand(seed, swappable)
    i = next(i for i, (a, b) in enumerate(zip(h.actions, h.actions[1:]))
             if a.street >= Street.PREFLOP and b.street == a.street and a.player != b.player)
    actions = list(h.actions)
    actions[i], actions[i + 1] = actions[i + 1], actions[i]
    v = round_trip(dataclasses.replace(h, actions=tuple(actions)))
    assert v.status == "failed" and "OUT_OF_TURN" in v.codes


@PROPERTY
@given(seeds)
def test_a_raise_below_the_minimum_is_raise_too_small(seed):
    def small_raise_possible(h):
        return h.structure == Structure.NO_LIMIT and _full_raise(h) is not None
    h = a_hand(seed, small_raise_possible)
    i, level = _full_raise(h)
    unit = Decimal(1) if h.currency == "chips" else Decimal("0.01")
    a = h.actions[i]
    to = level + unit
    v = round_trip(_with_action(h, i, raise_to=to, amount=a.amount - (a.raise_to - to)))
    assert v.status == "failed" and "RAISE_TOO_SMALL" in v.codes


def _full_raise(h: Hand):
    """A raise that is not all-in and raises by more than one chip, with the bet it faced."""
    level, street = Decimal(0), None
    unit = Decimal(1) if h.currency == "chips" else Decimal("0.01")
    for i, a in enumerate(h.actions):
        if a.street != street and a.street > Street.PREFLOP:
            level, street = Decimal(0), a.street
        if a.kind in (Kind.POST_BB, Kind.POST_STRADDLE, Kind.POST_SB):
            level = max(level, a.amount)
        if a.kind in (Kind.BET, Kind.RAISE):
            if a.kind == Kind.RAISE and not a.all_in and a.raise_to - level > 2 * unit \
                    and level >= h.stakes.big_blind:
                return i, level
            level = a.raise_to
    return None


@PROPERTY
@given(seeds)
def test_a_changed_total_pot_is_pot_mismatch(seed):
    h = a_hand(seed)
    summary = dataclasses.replace(h.summary, total_pot=h.summary.total_pot + 1)
    v = round_trip(dataclasses.replace(h, summary=summary))
    assert v.status == "failed" and "POT_MISMATCH" in v.codes


@PROPERTY
@given(seeds)
def test_a_pot_paid_to_a_loser_is_wrong_winner(seed):
    def contested(h):
        shown = {s.player for s in h.shows if s.shown}
        takers = {c.player for c in h.collects}
        return len(h.boards) == 1 and len(h.summary.pots) == 0 and len(shown - takers) > 0 \
            and len(takers) == 1
    h = a_hand(seed, contested, tries=2000)
    loser = sorted({s.player for s in h.shows if s.shown} - {c.player for c in h.collects})[0]
    collects = tuple(c._replace(player=loser) for c in h.collects)
    v = round_trip(dataclasses.replace(h, collects=collects))
    assert v.status == "failed" and "WRONG_WINNER" in v.codes
