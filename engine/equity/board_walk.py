"""Every board still to come, walked exactly with NumPy: who holds the best hand on each.

A seven-card hand's rank is read from two tables, no sorting and no branching per
board (the method of SKPokerEval):

- without a flush, the rank depends only on how many cards of each rank there are.
  Each rank has a key chosen so that the sum of any seven cards' keys is unique
  (``_KEYS``; ``tables()`` checks it over all 49,205 rank multisets): the sum indexes
  a table of ranks;
- a flush is seen in the sum of the cards' suit nibbles (one suit counts five or
  more); its rank is read from its 13-bit mask of ranks in that suit. Seven cards
  that hold a flush hold neither a full house nor four of a kind, so the flush rank
  is the hand's.

The tables hold eval7's ranking (engine/equity/evaluate.py), renumbered densely (0 the
worst, 4,823 the best: seven cards hold 4,824 classes): any two hands compare
as eval7 compares them. They ship as engine/equity/data/rank_tables.npz (written by
bench/build_rank_tables.py; a test builds them again and compares). ``ranks``
evaluates every player's hand on every board of a set at once: a preflop deal's 1.7
million boards in tens of milliseconds a player.
"""
from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations_with_replacement
from math import comb
from pathlib import Path

import numpy as np

from engine.model.cards import DECK

_KEYS = (0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181)
INDEX = {card: i for i, card in enumerate(DECK)}  # card index = rank * 4 + suit
CARD_KEY = np.array([_KEYS[c // 4] for c in range(52)], np.int32)
CARD_SUIT = np.array([1 << (4 * (c % 4)) for c in range(52)], np.int32)  # a nibble a suit
CARD_BIT = np.array([1 << (c // 4) for c in range(52)], np.int32)
SUIT_OF = np.arange(52, dtype=np.int32) % 4
_FIVE = 0x3333  # added to the suit nibbles: a nibble of 5 or more reaches its 8 bit
_EIGHTS = 0x8888
TIE_UNIT = 2520  # divisible by any number of tied winners up to 10


RANK_TABLES = Path(__file__).with_name("data") / "rank_tables.npz"


@lru_cache(maxsize=1)
def tables() -> tuple[np.ndarray, np.ndarray]:
    """(rank by the sum of seven cards' rank keys, rank of a flush by its rank mask):
    read from the package's data file (a few milliseconds), else built (``built``)."""
    if not RANK_TABLES.exists():
        return built()
    with np.load(RANK_TABLES) as saved:
        by_sum = np.zeros(int(saved["size"]), np.uint16)
        by_sum[saved["sums"]] = saved["ranks"]
        return by_sum, saved["by_mask"]


def save_tables(path: Path = RANK_TABLES) -> None:
    """Write the tables as ``built`` makes them (the rank of each of the 49,205 sums
    that occur, not the ten million entries between them)."""
    by_sum, by_mask = built()
    sums = np.flatnonzero(by_sum).astype(np.int32)
    np.savez_compressed(path, size=len(by_sum), sums=sums, ranks=by_sum[sums], by_mask=by_mask)


def built() -> tuple[np.ndarray, np.ndarray]:
    """``tables`` computed from eval7's ranking, checking that the keys' sums are unique
    (about half a second)."""
    import eval7

    suits = "cdhs"
    rank_sets = [r for r in combinations_with_replacement(range(13), 7)
                 if max(r.count(x) for x in set(r)) <= 4]
    sums = np.array([sum(_KEYS[x] for x in r) for r in rank_sets], np.int64)
    if len(np.unique(sums)) != len(sums):
        raise AssertionError("rank keys whose sums are not unique")
    # each multiset dealt with suits in turn: no suit gets more than two of the seven
    plain = [eval7.evaluate([eval7.Card("23456789TJQKA"[x] + suits[i % 4])
                             for i, x in enumerate(r)]) for r in rank_sets]
    masks = [m for m in range(1 << 13) if 5 <= m.bit_count() <= 7]
    flush = [eval7.evaluate([eval7.Card("23456789TJQKA"[x] + "s")
                             for x in range(13) if m >> x & 1]) for m in masks]
    values = np.unique(np.array(plain + flush, np.int64))
    by_sum = np.zeros(int(sums.max()) + 1, np.uint16)
    by_sum[sums] = np.searchsorted(values, plain)
    by_mask = np.zeros(1 << 13, np.uint16)
    by_mask[masks] = np.searchsorted(values, flush)
    return by_sum, by_mask


def rank_of(cards: Sequence[int]) -> int:
    """One seven-card hand's rank, read from the tables as ``ranks`` reads them."""
    by_sum, by_mask = tables()
    nibbles = sum(int(CARD_SUIT[c]) for c in cards)
    for suit in range(4):
        if nibbles >> (4 * suit) & 0xF >= 5:
            return int(by_mask[sum(int(CARD_BIT[c]) for c in cards if c % 4 == suit)])
    return int(by_sum[sum(int(CARD_KEY[c]) for c in cards)])


@lru_cache(maxsize=16)
def subsets(n: int, k: int) -> tuple[np.ndarray, ...]:
    """Every k-subset of range(n) in lexicographic order, as k columns (uint8, each
    contiguous: gathers along a column are what the walk does)."""
    if k == 0:
        return ()
    rows = np.arange(n, dtype=np.uint8).reshape(n, 1)
    for _ in range(k - 1):
        last = rows[:, -1].astype(np.int64)
        more = n - 1 - last  # how many larger values may follow each row
        grown = np.repeat(rows, more, axis=0)
        starts = np.repeat(np.cumsum(more) - more, more)
        after = np.arange(len(grown)) - starts + np.repeat(last, more) + 1
        rows = np.hstack([grown, after.astype(np.uint8).reshape(-1, 1)])
    assert len(rows) == comb(n, k)
    return tuple(np.ascontiguousarray(column) for column in rows.T)


class Boards:
    """Every board that completes ``board`` from the cards not ``known``: each board's
    rank-key sum and suit nibbles, and (read only for boards where a hand may hold a
    flush) its ranks in each suit."""

    def __init__(self, known: Sequence[int], board: Sequence[int]) -> None:
        taken = set(known) | set(board)
        if board:  # a flop or a turn: at most 1,081 boards
            rest = np.array([c for c in range(52) if c not in taken], np.uint8)
            columns = tuple(rest[p] for p in subsets(len(rest), 5 - len(board)))
            self.rows = None
            self._key, self._suit, self._suited = _sums(columns)
        else:  # preflop: the boards of the whole deck that hold no known card
            self._key, self._suit, self._suited = _every_board()
            self.rows = np.flatnonzero(self._suited & np.uint64(suited_bits(taken)) == 0)
        self.count = len(self._key) if self.rows is None else len(self.rows)
        self.key = self._at(self._key) + sum(int(CARD_KEY[c]) for c in board)
        self.suit = self._at(self._suit) + sum(int(CARD_SUIT[c]) for c in board)
        self._board = np.uint64(suited_bits(board))

    def _at(self, column: np.ndarray) -> np.ndarray:
        return column if self.rows is None else column[self.rows]

    def suited_rows(self) -> np.ndarray:
        """Each board's cards as one integer (see ``suited_bits``)."""
        return self._at(self._suited) | self._board

    def in_suit(self, which: np.ndarray, suit: np.ndarray) -> np.ndarray:
        """Each of the boards ``which``'s ranks (a 13-bit mask) in its ``suit``."""
        at = which if self.rows is None else self.rows[which]
        suited = self._suited[at] | self._board
        return (suited >> (suit.astype(np.uint64) * np.uint64(16))).astype(np.int32) & 0x1FFF


def suited_bits(cards) -> int:
    """Cards as one integer: a 16-bit field a suit, a bit a rank in it."""
    return sum(1 << (16 * (c % 4) + c // 4) for c in cards)


def _sums(columns: Sequence[np.ndarray]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Boards' (given as columns of cards) rank-key sums, suit nibbles and suited ranks."""
    key = sum((CARD_KEY[c] for c in columns), np.zeros(len(columns[0]), np.int32))
    suit = sum((CARD_SUIT[c] for c in columns), np.zeros(len(columns[0]), np.int32))
    suited = np.zeros(len(key), np.uint64)
    for c in columns:
        suited |= np.left_shift(np.uint64(1), (c % 4 * 16 + c // 4).astype(np.uint64))
    return key, suit, suited


@lru_cache(maxsize=1)
def _every_board() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The 2,598,960 boards of a whole deck (about 40 MB, built once a process)."""
    return _sums(subsets(52, 5))


def ranks(holes: Sequence[Sequence[int]], boards: Boards) -> np.ndarray:
    """Each hand's rank on each board (players × boards, uint16; higher is better)."""
    by_sum, by_mask = tables()
    out = np.empty((len(holes), boards.count), np.uint16)
    for i, (a, b) in enumerate(holes):
        out[i] = by_sum[boards.key + (CARD_KEY[a] + CARD_KEY[b])]
        counts = boards.suit + (CARD_SUIT[a] + CARD_SUIT[b] + _FIVE) & _EIGHTS
        flushed = np.flatnonzero(counts)
        if flushed.size:
            high = counts[flushed]  # the one suit of five or more: its nibble's 8 bit
            which = (high >= 0x80).astype(np.int32) + (high >= 0x800) + (high >= 0x8000)
            mask = boards.in_suit(flushed, which)
            for card in (a, b):
                mask |= np.where(which == SUIT_OF[card], CARD_BIT[card], 0)
            out[i, flushed] = by_mask[mask]
    return out


def headsup(first: Sequence[int], second: Sequence[int], board: Sequence[int] = (),
            dead: Sequence[int] = ()) -> tuple[int, int, int]:
    """Boards to come on which ``first`` wins, ``second`` wins, they tie."""
    boards = Boards([*first, *second, *dead], board)
    return _compared(*ranks([first, second], boards))


def _compared(first: np.ndarray, second: np.ndarray) -> tuple[int, int, int]:
    wins, ties = np.count_nonzero(first > second), np.count_nonzero(first == second)
    return int(wins), len(first) - int(wins) - int(ties), int(ties)


def shares(holes: Sequence[Sequence[int]], board: Sequence[int], dead: Sequence[int],
           pots: Sequence[Sequence[int]]) -> tuple[int, list[list[int]]]:
    """(boards to come, for each pot its players' wins in ``TIE_UNIT``ths of a board:
    a tie of k players gives each TIE_UNIT / k). ``pots``: each pot's players, as
    indexes into ``holes``; ``dead``: other cards out of the deck."""
    if not board:
        return _preflop_shares(holes, dead, pots)
    boards = Boards([c for h in holes for c in h] + list(dead), board)
    r = ranks(holes, boards)
    return boards.count, [_won(r[list(players)]) for players in pots]


def _won(r: np.ndarray, weight: np.ndarray | None = None) -> list[int]:
    """Each player's wins (rows of ranks, a column a board) in TIE_UNITths, a board
    counting ``weight`` times (float64 holding whole numbers: each sum is a whole
    number under 2**53, so exact, and taken by BLAS as one dot product)."""
    if weight is None:
        if len(r) == 2:
            return _split(_compared(r[0], r[1]))
        weight = np.ones(r.shape[1])
    if len(r) == 1:
        return [round(weight.sum()) * TIE_UNIT]
    won = np.empty(r.shape)
    if len(r) == 2:  # heads-up: no array of winners needed
        np.greater(r[0], r[1], out=won[0])
        np.equal(r[0], r[1], out=won[1])
        wins, ties = (round(x) for x in won @ weight)
        return _split((wins, round(weight.sum()) - wins - ties, ties))
    np.equal(r, r.max(axis=0), out=won)
    # a k-way tie gives each TIE_UNIT // k (a whole number, as each quotient is)
    split = weight * np.floor(TIE_UNIT / (np.ones(len(r)) @ won))
    return [round(x) for x in won @ split]


def _split(counts: tuple[int, int, int]) -> list[int]:
    """Heads-up (wins, losses, ties) as each player's wins in TIE_UNITths."""
    wins, losses, ties = counts
    return [wins * TIE_UNIT + ties * (TIE_UNIT // 2), losses * TIE_UNIT + ties * (TIE_UNIT // 2)]


def _preflop_shares(holes: Sequence[Sequence[int]], dead: Sequence[int],
                    pots: Sequence[Sequence[int]]) -> tuple[int, list[list[int]]]:
    """``shares`` for five cards to come, without walking the boards one by one.

    Where nobody holds a flush, every hand's rank depends only on the board's ranks:
    each of the 6,175 multisets of five ranks is evaluated once (``_plain``: by the
    hand's two ranks and the multiset), counted as many times as the deck can deal it
    without anybody holding a flush. A board on which somebody holds a flush has three
    or more cards of one suit: for each k = 3, 4, 5 and each suit where a player can
    make a flush with k board cards of it, the boards with k cards of the suit are
    taken as (which k ranks of the suit, none of them known) × (the multiset of the
    other cards' ranks), each counted as often as the deck deals it, and taken off its
    multiset's count. All of it is laid out in one array of ranks (a row a player, a
    column a multiset or a flush board) and one of weights, written in place: a few
    dozen NumPy calls a deal."""
    n = len(holes)
    left = [4] * 13  # cards of each rank still in the deck
    taken = [0] * 4  # known ranks in each suit
    for c in [c for h in holes for c in h] + list(dead):
        left[c // 4] -= 1
        taken[c % 4] |= 1 << (c // 4)
    bits = [[sum(1 << (c // 4) for c in h if c % 4 == suit) for suit in range(4)]
            for h in holes]  # each player's ranks in each suit
    left_of, taken_of = np.array(left), np.array(taken)
    groups = []  # (k, suits, each row's suit among them, each row's k ranks)
    for k in (3, 4, 5):
        suits = [s for s in range(4) if max(b[s].bit_count() for b in bits) + k >= 5]
        if suits:
            masks = _rank_sets(k)
            at, rows = np.nonzero((masks[None, :] & taken_of[suits, None]) == 0)
            groups.append((k, suits, at, rows))
    sizes = [len(rows) * _SPLITS[k] for k, _, _, rows in groups]
    plain_rows = _plain()[[_PAIR[a // 4, b // 4] for a, b in holes]]
    r = np.empty((n, _MULTISETS + sum(sizes)), np.uint16)
    weight = np.empty(r.shape[1])  # how many boards each column stands for (whole)
    r[:, :_MULTISETS] = plain_rows
    changed = [rank for rank in range(13) if left[rank] < 4]
    factors = _factors()  # whole numbers: the whole deck's product holds the factors taken off
    dealt = (_whole_deck() * factors[changed, [left[rank] for rank in changed]].prod(axis=0)
             / factors[changed, 4].prod(axis=0))
    weight[:_MULTISETS] = dealt
    by_mask, start = tables()[1], _MULTISETS
    for (k, suits, at, rows), size in zip(groups, sizes):
        others = _rank_multisets(5 - k, 3)[0]
        others_left = left_of - 1 + (taken_of[suits, None] >> _RANKS & 1)  # not of the suit
        ways = _CHOOSE[others_left[:, :, None], others[None]].prod(axis=1)  # suit × multiset
        w = weight[start:start + size].reshape(len(rows), _SPLITS[k])
        w[...] = ways[at]
        boards = _combined(k)[rows]  # each flush board's multiset of five ranks
        # a flush board is not a board of its multiset without a flush
        weight[:_MULTISETS] -= np.bincount(boards.ravel(), weights=w.ravel(),
                                           minlength=_MULTISETS)
        in_suit = _rank_sets(k)[rows]  # each row's k ranks of the suit
        for p, b in enumerate(bits):
            view = r[p, start:start + size].reshape(len(rows), _SPLITS[k])
            can = np.array([b[s].bit_count() + k >= 5 for s in suits])
            if not can.all():
                np.take(plain_rows[p], boards, out=view)
            if can.any():  # a flush: its rank is the suit's ranks' alone
                flush = by_mask[in_suit | np.array([b[s] for s in suits])[at]]
                if can.all():
                    view[...] = flush[:, None]
                else:
                    mine = can[at]
                    view[mine] = flush[mine, None]
        start += size
    return round(dealt.sum()), [_won(r[list(players)], weight) for players in pots]


_MULTISETS = 6175  # multisets of five ranks, at most four alike
_SPLITS = {3: 91, 4: 13, 5: 1}  # multisets of the 5 - k ranks not of the suit


@lru_cache(maxsize=1)
def _factors() -> np.ndarray:
    """[rank, cards of it left] → for each multiset of five ranks, the ways to deal its
    cards of that rank: C(left, how many of the rank it holds)."""
    multisets = _rank_multisets(5, 4)[0]
    return np.array([[_CHOOSE[left][multisets[rank]] for left in range(5)]
                     for rank in range(13)], float)


_RANKS = np.arange(13)

_PAIR = np.zeros((13, 13), np.int64)  # a hand's two ranks (either order) → 0..90
for _i, (_a, _b) in enumerate((a, b) for a in range(13) for b in range(a, 13)):
    _PAIR[_a, _b] = _PAIR[_b, _a] = _i


@lru_cache(maxsize=1)
def _whole_deck() -> np.ndarray:
    """Boards of each multiset of five ranks that a whole deck deals."""
    return _CHOOSE[4][_rank_multisets(5, 4)[0]].prod(axis=0).astype(float)


@lru_cache(maxsize=1)
def _plain() -> np.ndarray:
    """The rank without a flush of every hand (by its two ranks, 91 rows) on every
    multiset of five board ranks (6,175 columns): 1.1 MB, read row by row."""
    by_sum = tables()[0]
    counts, keys, _ = _rank_multisets(5, 4)
    pairs = np.array([_KEYS[a] + _KEYS[b] for a in range(13) for b in range(a, 13)])
    # a hand and a board can never hold a rank five times: those entries are never read
    return by_sum[np.minimum(pairs[:, None] + keys[None, :], len(by_sum) - 1)]


@lru_cache(maxsize=4)
def _combined(k: int) -> np.ndarray:
    """For k ranks of one suit (``_rank_sets(k)``) by a multiset of the other 5 - k
    ranks (``_rank_multisets(5 - k, 3)``), a row a set of k ranks: the five's multiset
    (its column of ``_rank_multisets(5, 4)``)."""
    _, keys, order = _rank_multisets(5, 4)
    _, rest_keys, _ = _rank_multisets(5 - k, 3)
    suited = np.array([sum(_KEYS[r] for r in range(13) if m >> r & 1) for m in _rank_sets(k)])
    both = suited[:, None] + rest_keys[None, :]
    found = order[np.minimum(np.searchsorted(keys, both, sorter=order), len(keys) - 1)]
    return np.where(keys[found] == both, found, 0)  # (a rank five times: never read)


_CHOOSE = np.array([[comb(n, k) for k in range(5)] for n in range(5)], np.int64)


@lru_cache(maxsize=8)
def _rank_multisets(size: int, most: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The multisets of ``size`` ranks, no rank more than ``most`` times: each as a
    count a rank (13 rows, a column a multiset), its rank-key sum, and the order
    that sorts the sums (6,175 of five ranks, at most four alike)."""
    found = [r for r in combinations_with_replacement(range(13), size)
             if all(r.count(x) <= most for x in r)]
    counts = np.zeros((13, len(found)), np.int64)
    for i, r in enumerate(found):
        for x in r:
            counts[x, i] += 1
    keys = (np.array(_KEYS, np.int64) @ counts).astype(np.int32)
    return counts, keys, np.argsort(keys, kind="stable")


@lru_cache(maxsize=8)
def _rank_sets(size: int) -> np.ndarray:
    """The sets of ``size`` distinct ranks, each as a 13-bit mask."""
    return np.array([m for m in range(1 << 13) if m.bit_count() == size], np.int32)
