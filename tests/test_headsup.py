"""engine/headsup.py's classes of heads-up match-ups: one key exactly for the match-ups
a renaming of the suits makes alike (checked against trying all 24 renamings, as the
table's build script does), and the hands' order kept."""
from __future__ import annotations

import itertools
import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.headsup import _least, class_key

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench.build_headsup_table import DECK, INDEX, canonical  # noqa: E402

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


def test_counts_are_read_in_the_hands_order(tmp_path, monkeypatch):
    """A small table of three classes built as the build script does; each deal of a
    class, renamed and either way round, reads the counts poker-equity walks for it."""
    import random

    import numpy as np

    from bench.build_headsup_table import walk
    from engine import headsup

    deals = [["Ah", "Kh", "Qs", "Qh"], ["7c", "2d", "9d", "8d"], ["As", "Ad", "Kc", "Kd"]]
    keys = [_brute(d) for d in deals]
    table = tmp_path / "headsup_preflop.npz"
    np.savez_compressed(table, classes=np.array(keys, np.uint8),
                        counts=np.array([walk(k) for k in keys], np.uint32))
    monkeypatch.setattr(headsup, "TABLE", table)
    headsup._table.cache_clear()
    rng = random.Random(5)
    try:
        for cards in deals:
            rename = rng.choice(RENAMINGS)
            renamed = [c[0] + rename[c[1]] for c in cards]
            for a, b in ((renamed[:2], renamed[2:]), (renamed[2:], renamed[:2])):
                key = (INDEX[a[0]], INDEX[a[1]], INDEX[b[0]], INDEX[b[1]])
                assert headsup.counts(a, b) == walk(key), (a, b)
    finally:
        headsup._table.cache_clear()
