"""engine/equity/board_walk.py: its seven-card ranks order hands as eval7 does, and its two ways
of counting a preflop deal's boards (board by board; by rank multisets with the flush
boards apart) agree with each other and with poker-equity's compiled walk."""
from __future__ import annotations

import random

import eval7
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.equity import board_walk
from engine.equity.board_walk import INDEX, TIE_UNIT

DECK = list(INDEX)
CARD = {c: eval7.Card(c) for c in DECK}


def _agree(hands: list[list[int]]) -> None:
    """board_walk's ranks and eval7's put ``hands`` in the same order, ties alike."""
    mine = np.array([board_walk.rank_of(h) for h in hands])
    theirs = np.array([eval7.evaluate([CARD[DECK[c]] for c in h]) for h in hands])
    order = np.argsort(theirs, kind="stable")
    mine, theirs = mine[order], theirs[order]
    assert (np.diff(mine) >= 0).all()  # never better where eval7 says worse
    assert ((np.diff(mine) == 0) == (np.diff(theirs) == 0)).all()  # tied exactly where it ties


def test_ranks_order_random_hands_as_eval7_does():
    rng = random.Random(11)
    _agree([rng.sample(range(52), 7) for _ in range(30_000)])


def test_ranks_order_the_rare_hands_as_eval7_does():
    """Every straight flush, four of a kind and full house shape over a few suits,
    with kickers: the hands a random sample seldom holds."""
    rng = random.Random(3)
    hands = []
    for top in range(3, 13):  # straight flushes, the wheel's included, with two kickers
        ranks = [(top - i) % 13 if top - i >= 0 else 12 for i in range(5)]
        suited = [r * 4 + 2 for r in ranks]
        rest = [c for c in range(52) if c not in suited]
        hands.append(suited + rng.sample(rest, 2))
    for r in range(13):  # quads, and trips with trips
        quads = [r * 4 + s for s in range(4)]
        hands.append(quads + rng.sample([c for c in range(52) if c // 4 != r], 3))
        other = (r + 5) % 13
        hands.append([r * 4, r * 4 + 1, r * 4 + 2, other * 4, other * 4 + 1, other * 4 + 2,
                      (r + 7) % 13 * 4 + 3])
    for _ in range(3000):  # flushes of six and seven cards
        suit = rng.randrange(4)
        suited = [r * 4 + suit for r in rng.sample(range(13), rng.choice((5, 6, 7)))]
        rest = [c for c in range(52) if c % 4 != suit]
        hands.append(suited + rng.sample(rest, 7 - len(suited)))
    _agree(hands + [rng.sample(range(52), 7) for _ in range(3000)])


def test_shipped_rank_tables_are_the_tables_built_from_eval7():
    """engine/equity/data/rank_tables.npz (bench/build_rank_tables.py) holds exactly what
    ``built`` computes from eval7's ranking, and it is what ``tables`` reads."""
    assert board_walk.RANK_TABLES.exists(), "run bench/build_rank_tables.py"
    shipped, made = board_walk.tables(), board_walk.built()
    assert [a.dtype for a in shipped] == [b.dtype for b in made]
    assert all(np.array_equal(a, b) for a, b in zip(shipped, made))


def test_rank_keys_sum_uniquely():
    by_sum, by_mask = board_walk.built()  # raises where two rank multisets share a sum
    # seven cards hold 4,824 of the 7,462 five-card classes (no 7-high, for one): the
    # best is a royal flush, the best without a flush four aces with a king
    assert len(np.union1d(np.unique(by_sum), np.unique(by_mask))) == 4824  # 0: the worst
    assert by_mask.max() == 4823
    ace, king = 12, 11
    quads = board_walk._KEYS[ace] * 4 + board_walk._KEYS[king] * 3
    assert by_sum[quads] == by_sum.max()


@pytest.mark.parametrize("n, k", [(52, 5), (46, 5), (45, 2), (44, 1), (10, 3)])
def test_subsets_are_every_combination_once(n, k):
    columns = board_walk.subsets(n, k)
    rows = np.stack(columns, axis=1)
    from math import comb
    assert len(rows) == comb(n, k)
    assert (np.diff(rows.astype(int), axis=1) > 0).all()  # increasing: each a set
    assert len({tuple(r) for r in rows[:: max(1, len(rows) // 5000)]}) == len(
        rows[:: max(1, len(rows) // 5000)])


def _walked_board_by_board(holes, dead, pots):
    boards = board_walk.Boards([c for h in holes for c in h] + list(dead), [])
    r = board_walk.ranks(holes, boards)
    return boards.count, [board_walk._won(r[list(p)]) for p in pots]


deals = st.integers(2, 6).flatmap(lambda n: st.tuples(
    st.just(n), st.lists(st.integers(0, 51), min_size=2 * n + 4, max_size=2 * n + 4,
                         unique=True),
    st.integers(0, 4), st.lists(st.sets(st.integers(0, n - 1), min_size=1), max_size=3)))


@pytest.mark.slow
@settings(max_examples=25, deadline=None)
@given(deals)
def test_preflop_counts_by_multisets_equal_the_walk_board_by_board(deal):
    """Any number of players, cards of folded players out of the deck, any pots."""
    n, cards, dead, extra = deal
    holes = [tuple(cards[2 * i:2 * i + 2]) for i in range(n)]
    pots = [list(range(n))] + [sorted(p) for p in extra]
    fast = board_walk.shares(holes, [], cards[2 * n:2 * n + dead], pots)
    assert fast == _walked_board_by_board(holes, cards[2 * n:2 * n + dead], pots)
    boards = fast[0]
    assert all(sum(won) == boards * TIE_UNIT for won in fast[1])


@pytest.mark.parametrize("known_in_suit", [9, 10, 11])
def test_preflop_counts_when_a_suit_is_almost_out_of_the_deck(known_in_suit):
    """Too few cards of a suit left for five (then four, then three) of it on the board:
    those flush groups are empty, and the count is still every board's."""
    hearts = [rank * 4 + 2 for rank in range(13)]
    others = [c for c in range(52) if c % 4 != 2]
    cards = hearts[:known_in_suit] + others[:12 - known_in_suit + (known_in_suit % 2)]
    holes = [tuple(cards[i:i + 2]) for i in range(0, 10, 2)]
    dead, pots = cards[10:], [[0, 1, 2, 3, 4], [0, 2], [1]]
    fast = board_walk.shares(holes, [], dead, pots)
    assert fast == _walked_board_by_board(holes, dead, pots)
    assert all(sum(won) == fast[0] * TIE_UNIT for won in fast[1])


def test_preflop_counts_equal_poker_equity():
    """Three deals, multi-way, walked by poker-equity's compiled enumerator."""
    poker_equity = pytest.importorskip("poker_equity")
    for hands, dead in ((["AcAd", "KcKd", "7h8h"], ""), (["As2s", "9d9h", "KhQh", "Tc9c"], ""),
                        (["JsTs", "6c6d"], "2h3h")):
        holes = [(INDEX[h[:2]], INDEX[h[2:]]) for h in hands]
        dead_cards = [INDEX[dead[i:i + 2]] for i in range(0, len(dead), 2)]
        boards, (won,) = board_walk.shares(holes, [], dead_cards, [list(range(len(hands)))])
        result = poker_equity.exact_from_text("holdem", hands, "", dead)
        assert result["exact"] and result["samples"] == boards
        # poker-equity sums a tie's 1/k in floating point: exact again in 2520ths
        assert won == [round(share * TIE_UNIT) for share in result["share_sum"]]


def test_flop_and_turn_walks_count_every_board():
    holes = [(INDEX["Ah"], INDEX["Kh"]), (INDEX["Qc"], INDEX["Qd"])]
    for board in (["2h", "7h", "Qs"], ["2h", "7h", "Qs", "3c"]):
        boards, (won,) = board_walk.shares(holes, [INDEX[c] for c in board], [], [[0, 1]])
        assert boards == (990 if len(board) == 3 else 44)
        assert sum(won) == boards * TIE_UNIT
