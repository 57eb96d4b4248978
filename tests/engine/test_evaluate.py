"""The evaluator: exhaustive category counts, distinct ranks, names, speed is in bench/."""
from __future__ import annotations

import itertools
import random
from collections import Counter

import eval7
import pytest

from engine.model.cards import DECK
from engine.equity.evaluate import category, evaluate, hand_name


@pytest.mark.slow
def test_every_five_card_hand_has_the_right_category_and_7462_ranks():
    deck = [eval7.Card(c) for c in DECK]
    counts: Counter = Counter()
    ranks = set()
    for combo in itertools.combinations(deck, 5):
        r = eval7.evaluate(combo)
        counts[r >> 24] += 1
        ranks.add(r)
    assert [counts[i] for i in range(9)] == [1302540, 1098240, 123552, 54912, 10200, 5108,
                                             3744, 624, 40]
    assert len(ranks) == 7462


@pytest.mark.parametrize("cards, name", [
    ("Ah Kd 9c 7s 5h 3d 2c", "high card Ace"),
    ("Kh Kd 9c 7s 5h 3d 2c", "a pair of Kings"),
    ("Kh Kd 2c 2s 5h 3d 7c", "two pair, Kings and Deuces"),
    ("Qh Qd Qc 7s 5h 3d 2c", "three of a kind, Queens"),
    ("5c 4d 3h 2s Ah 9d 9c", "a straight, Ace to Five"),
    ("9c 8d 7h 6s 5h Kd Kc", "a straight, Five to Nine"),
    ("6c 5d 4h 3s 2h Kd Kc", "a straight, Deuce to Six"),
    ("Ah 9h 7h 3h 2h Kd Kc", "a flush, Ace high"),
    ("Qh Qd Qc As Ad 3d 2c", "a full house, Queens full of Aces"),
    ("Ah Ad Ac As Kd 3d 2c", "four of a kind, Aces"),
    ("9h 8h 7h 6h 5h Kd Kc", "a straight flush, Five to Nine"),
    ("As Ks Qs Js Ts 2d 3d", "a Royal Flush"),
])
def test_names_as_pokerstars_prints_them(cards, name):
    assert hand_name(evaluate(cards.split())) == name


def test_better_hands_rank_higher():
    assert evaluate("Ah Ad 2c 3d 7h 9s Jc".split()) > evaluate("Kh Kd 2c 3d 7h 9s Jc".split())
    assert category(evaluate("Ah Ad 2c 3d 7h 9s Jc".split())) == "pair"


@pytest.mark.slow
def test_agrees_with_pokerkit_on_random_hands():
    pokerkit = pytest.importorskip("pokerkit")
    rng = random.Random(7)
    lookup = pokerkit.StandardHighHand
    for _ in range(3000):
        cards = rng.sample(DECK, 9)
        a, b, board = cards[:2], cards[2:4], cards[4:]
        ours = (evaluate(a + board) > evaluate(b + board)) - (evaluate(a + board) < evaluate(b + board))
        ha = lookup.from_game("".join(a), "".join(board))
        hb = lookup.from_game("".join(b), "".join(board))
        theirs = (ha > hb) - (ha < hb)
        assert ours == theirs, (a, b, board)
