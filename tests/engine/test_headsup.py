"""engine/equity/headsup.py: its classes of heads-up match-ups (one key exactly for the
match-ups a renaming of the suits makes alike, checked against trying all 24
renamings, and the hands' order kept), and the shipped table of every class's exact
counts, sampled against every board walked one by one and against poker-equity."""
from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.equity.headsup import _least, class_key

from engine.equity.board_walk import INDEX

DECK = list(INDEX)
_RENAMED = [dict(zip(range(4), order)) for order in itertools.permutations(range(4))]


def canonical(a: tuple[int, int], b: tuple[int, int]) -> tuple[int, int, int, int]:
    """The least of the 24 suit renamings of two hands (card indexes), each hand's
    cards in order and the lesser hand first: the brute force ``class_key`` is held to."""
    best = None
    for rename in _RENAMED:
        x = tuple(sorted(c // 4 * 4 + rename[c % 4] for c in a))
        y = tuple(sorted(c // 4 * 4 + rename[c % 4] for c in b))
        key = x + y if x <= y else y + x
        if best is None or key < best:
            best = key
    return best

RENAMINGS = [dict(zip("cdhs", order)) for order in itertools.permutations("cdhs")]
deals = st.lists(st.sampled_from(DECK), min_size=4, max_size=4, unique=True)


def _brute(cards: list[str]) -> tuple[int, ...]:
    return canonical((INDEX[cards[0]], INDEX[cards[1]]), (INDEX[cards[2]], INDEX[cards[3]]))


@settings(max_examples=400, deadline=None)
@given(deals)
def test_every_renaming_of_the_suits_has_one_key(cards):
    key, a_first = _least(cards[:2], cards[2:])
    for rename in RENAMINGS:
        renamed = [c[0] + rename[c[1]] for c in cards]
        assert _least(renamed[:2], renamed[2:]) == (key, a_first)
        # either card order within a hand, the same
        assert class_key(renamed[1::-1], renamed[3:1:-1]) == key
    # the hands the other way: the same class, the other hand first (or alike)
    other, b_first = _least(cards[2:], cards[:2])
    assert other == key and (b_first != a_first or (a_first and b_first))


@settings(max_examples=300, deadline=None)
@given(deals, deals)
def test_one_key_exactly_where_a_renaming_makes_them_alike(p, q):
    assert (class_key(p[:2], p[2:]) == class_key(q[:2], q[2:])) == (_brute(p) == _brute(q))


@settings(max_examples=300, deadline=None)
@given(deals, st.sampled_from(RENAMINGS), st.booleans())
def test_a_renamed_deal_is_found_alike(cards, rename, swap):
    renamed = [c[0] + rename[c[1]] for c in cards]
    if swap:
        renamed = renamed[2:] + renamed[:2]
    assert class_key(cards[:2], cards[2:]) == class_key(renamed[:2], renamed[2:])
    assert _brute(cards) == _brute(renamed)


def test_suits_that_differ_are_other_classes():
    suited = class_key(["Ah", "Kh"], ["Qs", "Qh"])  # a queen of the ace-king's suit
    offsuit = class_key(["Ah", "Kh"], ["Qs", "Qc"])
    assert suited != offsuit
    assert class_key(["Ah", "Kh"], ["Qd", "Qh"]) == suited
    assert class_key(["As", "Ks"], ["Qc", "Qd"]) == offsuit


def _sample(n: int, seed: int) -> list[tuple[list[str], list[str]]]:
    """``n`` classes of the shipped table picked at random, each as a deal of it with
    the suits renamed at random and the hands either way round."""
    import numpy as np

    from engine.equity.headsup import TABLE
    rng = random.Random(seed)
    classes = np.load(TABLE)["classes"]
    deals = []
    for row in rng.sample(range(len(classes)), n):
        rename = rng.choice(RENAMINGS)
        cards = [DECK[c][0] + rename[DECK[c][1]] for c in classes[row]]
        a, b = cards[:2], cards[2:]
        deals.append((b, a) if rng.random() < 0.5 else (a, b))
    return deals


def _walked(deal: tuple[list[str], list[str]]) -> tuple[int, int, int]:
    from engine.equity import board_walk
    a, b = deal
    return board_walk.headsup([INDEX[c] for c in a], [INDEX[c] for c in b])


def test_the_table_holds_every_class_once():
    import numpy as np

    from engine.equity.headsup import TABLE
    data = np.load(TABLE)
    classes, counts = data["classes"], data["counts"].astype(np.int64)
    assert len(classes) == 47_008 == len({tuple(c) for c in classes.tolist()})
    assert (counts.sum(axis=1) == 1_712_304).all()
    keys = {class_key([DECK[c] for c in k[:2]], [DECK[c] for c in k[2:]]) for k in classes}
    assert len(keys) == 47_008


def test_each_stored_deal_is_its_class_written_least_way_first():
    """The table is keyed at load by reading each class's key off its stored deal
    (no ``_least`` at load): right only if every deal is its key written out (suit
    mark m as suit m) with its counts' first hand as the key's first hand."""
    import numpy as np

    from engine.equity import headsup
    with np.load(headsup.TABLE) as data:
        classes, counts = data["classes"].tolist(), data["counts"].tolist()
    table = headsup._table()
    for deal, row in zip(classes, counts):
        key, first = _least([DECK[c] for c in deal[:2]], [DECK[c] for c in deal[2:]])
        assert first and table[key] == tuple(row), deal


@pytest.mark.slow
def test_two_thousand_sampled_classes_equal_every_board_walked():
    """2,000 classes picked at random (a new pick each run: the seed is in the message),
    each renamed and turned at random, read from the table: each equals the count of
    every one of its 1,712,304 boards walked one by one, on two processes."""
    from concurrent.futures import ProcessPoolExecutor

    from engine.equity import headsup
    seed = random.randrange(1 << 30)
    deals = _sample(2000, seed)
    with ProcessPoolExecutor(2) as pool:
        walked = list(pool.map(_walked, deals, chunksize=50))
    for (a, b), got in zip(deals, walked):
        assert headsup.counts(a, b) == got, (a, b, f"seed {seed}")


def test_sampled_classes_equal_poker_equity():
    """Three classes against poker-equity's compiled walk (independent of this project)."""
    poker_equity = pytest.importorskip("poker_equity")
    from engine.equity import headsup
    for a, b in _sample(3, random.randrange(1 << 30)):
        result = poker_equity.exact_from_text("holdem", ["".join(a), "".join(b)], "", "")
        want = (int(result["win_count"][0]), int(result["win_count"][1]),
                int(result["tie_count"][0]))
        assert headsup.counts(a, b) == want, (a, b)
