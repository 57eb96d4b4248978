"""Build the table of every heads-up preflop match-up's exact result (issue 15).

Two hands dealt from one deck, up to the naming of the suits, make 47,008 classes
(unordered pairs; engine/equity/headsup.py names them). For each class every one of the
1,712,304 boards is walked with engine/equity/board_walk.py: how many boards each hand wins
and how many tie, as exact integers. The classes are taken by their first hand (169
of them, up to suits): that hand's ranks on every board of the other 50 cards are
evaluated once, then each opponent's on the same boards, keeping the boards that
hold none of the opponent's cards. The result is engine/equity/data/headsup_preflop.npz:
each class as four card indexes (rank * 4 + suit) and its three counts.

About ten minutes on two cores. ``--check N`` then walks N classes again (all with
``--check 0``), each on its own as the import walks a deal it has no table for,
and N // 100 of them with poker-equity's compiled walk too; any difference fails.

    python bench/build_headsup_table.py [--out engine/equity/data] [--workers 2] [--check 0]
    python bench/build_headsup_table.py --table engine/equity/data/headsup_preflop.npz  # check all
"""
from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from itertools import combinations
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.equity import board_walk  # noqa: E402
from engine.equity.headsup import class_key  # noqa: E402

from engine.model.cards import DECK  # noqa: E402
BOARDS = 1_712_304  # C(48, 5)


def representative(key: tuple[int, ...]) -> tuple[int, int, int, int]:
    """A deal of the class ``key``: the suits marked 0, 1, 2, 3 dealt as c, d, h, s."""
    return tuple((-key[i]) * 4 + key[i + 1] for i in range(0, 8, 2))


def classes() -> list[tuple[int, int, int, int]]:
    """A deal of every class (sorted): the first hand one of the 169 whose first
    card is a club and whose second is a club or a diamond."""
    found = set()
    for a, b in combinations(combinations(range(52), 2), 2):
        if not set(a) & set(b):
            found.add(class_key([DECK[c] for c in a], [DECK[c] for c in b]))
    return sorted(representative(key) for key in found)


def walk_first(first: tuple[int, int], seconds: list[tuple[int, int]]) -> list[tuple[int, int, int]]:
    """(first wins, second wins, ties) against each of ``seconds``, on every board."""
    boards = board_walk.Boards(first, [])
    mine = board_walk.ranks([first], boards)[0]
    suited = boards.suited_rows()
    out = []
    for second in seconds:
        theirs = board_walk.ranks([second], boards)[0]
        free = (suited & np.uint64(board_walk.suited_bits(second))) == 0
        wins = np.count_nonzero((mine > theirs) & free)
        ties = np.count_nonzero((mine == theirs) & free)
        total = np.count_nonzero(free)
        if total != BOARDS:
            raise RuntimeError(f"{first} {second}: {total} boards, not {BOARDS}")
        out.append((int(wins), int(total - wins - ties), int(ties)))
    return out


def walk_alone(deal: tuple[int, int, int, int]) -> tuple[int, int, int]:
    """One class walked as the import walks a deal it has no table for."""
    return board_walk.headsup(deal[:2], deal[2:])


def walk_reference(deal: tuple[int, int, int, int]) -> tuple[int, int, int]:
    """One class walked by poker-equity (compiled, independent of this project)."""
    import poker_equity

    hands = ["".join(DECK[c] for c in deal[:2]), "".join(DECK[c] for c in deal[2:])]
    result = poker_equity.exact_from_text("holdem", hands, "", "")
    if not result.get("exact") or result["samples"] != BOARDS:
        raise RuntimeError(f"poker-equity did not walk every board for {hands}")
    return int(result["win_count"][0]), int(result["win_count"][1]), int(result["tie_count"][0])


def build(workers: int) -> tuple[np.ndarray, np.ndarray]:
    keys = classes()
    by_first = defaultdict(list)
    for i, deal in enumerate(keys):
        by_first[deal[:2]].append(i)
    counts = np.zeros((len(keys), 3), np.uint32)
    started, done = time.perf_counter(), 0
    with ProcessPoolExecutor(workers) as pool:
        jobs = {pool.submit(walk_first, first, [keys[i][2:] for i in rows]): rows
                for first, rows in by_first.items()}
        for job in jobs:
            rows = jobs[job]
            counts[rows] = job.result()
            done += len(rows)
            print(f"\r{done:,}/{len(keys):,} classes, "
                  f"{done / (time.perf_counter() - started):,.0f}/s", end="", flush=True)
    print()
    return np.array(keys, np.uint8), counts


def check(deals: np.ndarray, counts: np.ndarray, sample: int, workers: int) -> None:
    """Walk ``sample`` classes again (0: all) on their own; a hundredth of them with
    poker-equity too. Raises on the first difference."""
    rng = np.random.default_rng()
    started = time.perf_counter()
    rows = np.arange(len(deals)) if sample == 0 else rng.choice(len(deals), sample, replace=False)
    picked = [tuple(int(c) for c in deals[i]) for i in rows]
    with ProcessPoolExecutor(workers) as pool:
        for i, got in zip(rows, pool.map(walk_alone, picked, chunksize=16)):
            if tuple(int(v) for v in counts[i]) != got:
                raise AssertionError(f"class {deals[i]}: table {counts[i]}, walked {got}")
    for i in rows[:max(1, len(rows) // 100)]:
        got = walk_reference(tuple(int(c) for c in deals[i]))
        if tuple(int(v) for v in counts[i]) != got:
            raise AssertionError(f"class {deals[i]}: table {counts[i]}, poker-equity {got}")
    print(f"checked {len(rows):,} classes in {time.perf_counter() - started:,.0f} s on their own, {max(1, len(rows) // 100)} "
          "with poker-equity: all equal")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "engine" / "data",
                        help="folder for headsup_preflop.npz (default engine/equity/data)")
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--check", type=int, default=None, metavar="N",
                        help="then walk N classes again on their own (0: every class)")
    parser.add_argument("--table", type=Path, metavar="NPZ",
                        help="check this table (built already) instead of building one")
    args = parser.parse_args()
    started = time.perf_counter()
    if args.table:
        data = np.load(args.table)
        deals, counts = data["classes"], data["counts"]
        args.check = 0 if args.check is None else args.check
    else:
        deals, counts = build(args.workers)
        args.out.mkdir(parents=True, exist_ok=True)
        path = args.out / "headsup_preflop.npz"
        np.savez_compressed(path, classes=deals, counts=counts)
        print(f"{len(deals):,} classes in {time.perf_counter() - started:,.0f} s: {path} "
              f"({path.stat().st_size / 1e6:.2f} MB)")
    if args.check is not None:
        check(deals, counts, args.check, args.workers)


if __name__ == "__main__":
    main()
