"""Build the table of every heads-up preflop match-up's exact result (issue 15).

Two hands dealt from one deck, up to the naming of the suits, make 47,008 classes
(unordered pairs). For each class, every one of the 1,712,304 boards is walked by
poker-equity's compiled enumerator: how many boards each hand wins, and how many
tie, as exact integers. The result is a small NumPy file, each class as four card
indexes (rank * 4 + suit, the suits renamed to the least naming, the first hand the
lesser) and three counts.

It takes hours (about half a second a class on 2 cores, the enumerator using every
core): it saves what it has every
few hundred classes and carries on from there when run again.

    python bench/build_headsup_table.py --out /tmp/headsup [--limit N]
"""
from __future__ import annotations

import argparse
import itertools
import time
from pathlib import Path

import numpy as np

RANKS = "23456789TJQKA"
SUITS = "cdhs"
DECK = [r + s for r in RANKS for s in SUITS]
INDEX = {card: i for i, card in enumerate(DECK)}
BOARDS = 1_712_304  # C(48, 5)
_RENAMINGS = [dict(zip(range(4), order)) for order in itertools.permutations(range(4))]


def canonical(a: tuple[int, int], b: tuple[int, int]) -> tuple[int, int, int, int]:
    """The least of the 24 suit renamings of two hands (card indexes), each hand's
    cards in order and the lesser hand first: one key for a whole class."""
    best = None
    for rename in _RENAMINGS:
        x = tuple(sorted(c // 4 * 4 + rename[c % 4] for c in a))
        y = tuple(sorted(c // 4 * 4 + rename[c % 4] for c in b))
        key = x + y if x <= y else y + x
        if best is None or key < best:
            best = key
    return best


def classes() -> list[tuple[int, int, int, int]]:
    """Every class, in order."""
    hands = list(itertools.combinations(range(52), 2))
    found = set()
    for i, a in enumerate(hands):
        for b in hands[i + 1:]:
            if not set(a) & set(b):
                found.add(canonical(a, b))
    return sorted(found)


def walk(key: tuple[int, int, int, int]) -> tuple[int, int, int]:
    """(boards the first hand wins, boards the second wins, boards tied), exactly."""
    import poker_equity

    hands = ["".join(DECK[c] for c in key[:2]), "".join(DECK[c] for c in key[2:])]
    result = poker_equity.exact_from_text("holdem", hands, "", "")
    if not result.get("exact") or result["samples"] != BOARDS:
        raise RuntimeError(f"poker-equity did not walk every board for {hands}")
    wins, ties = result["win_count"], result["tie_count"]
    counts = int(wins[0]), int(wins[1]), int(ties[0])
    if sum(counts) != BOARDS:
        raise RuntimeError(f"counts that do not add up for {hands}: {counts}")
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", required=True, type=Path, help="folder for the table")
    parser.add_argument("--limit", type=int, default=0, help="stop after N classes (0: all)")
    parser.add_argument("--every", type=int, default=200, help="save every N classes")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    keys_path = args.out / "classes.npy"
    if keys_path.exists():
        keys = np.load(keys_path)
    else:
        keys = np.array(classes(), dtype=np.uint8)
        np.save(keys_path, keys)
    done_path = args.out / "counts.npy"
    counts = np.load(done_path) if done_path.exists() else np.full((len(keys), 3), -1, np.int64)
    todo = np.flatnonzero(counts[:, 0] < 0)
    if args.limit:
        todo = todo[:args.limit]
    print(f"{len(keys):,} classes, {len(keys) - len(np.flatnonzero(counts[:, 0] < 0)):,} "
          f"done, {len(todo):,} to walk now", flush=True)
    started = time.perf_counter()
    for n, i in enumerate(todo, 1):
        counts[i] = walk(tuple(int(c) for c in keys[i]))
        if n % args.every == 0 or n == len(todo):
            np.save(args.out / "counts.tmp.npy", counts)
            (args.out / "counts.tmp.npy").replace(done_path)
            rate = n / (time.perf_counter() - started)
            print(f"{n:,}/{len(todo):,}  {rate:.2f} classes/s", flush=True)
    if (counts[:, 0] >= 0).all():
        np.savez_compressed(args.out / "headsup_preflop.npz", classes=keys,
                            counts=counts.astype(np.uint32))
        print(f"complete: {args.out / 'headsup_preflop.npz'}")


if __name__ == "__main__":
    main()
