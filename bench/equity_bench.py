"""All-in equity speed: the heads-up table, the preflop walk, against poker-equity.

Prints, for random deals, look-ups a second of the heads-up preflop table
(engine/equity/headsup.py) and milliseconds a deal of engine/equity/board_walk.py's preflop
counting (by rank multisets, flush boards apart) and of its board-by-board walk,
each as a ratio to poker-equity's compiled walk of the same deals, measured in the
same run on the same machine.

    python bench/equity_bench.py [--deals 20] [--lookups 200000]
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.equity import board_walk  # noqa: E402

from engine.equity import headsup  # noqa: E402

DECK = list(board_walk.INDEX)


def _deals(rng: random.Random, players: int, n: int) -> list[list[str]]:
    return [rng.sample(DECK, 2 * players) for _ in range(n)]


def _per_deal(fn, deals) -> float:
    started = time.perf_counter()
    for d in deals:
        fn(d)
    return (time.perf_counter() - started) / len(deals)


def _poker_equity(cards: list[str]) -> None:
    import poker_equity
    hands = ["".join(cards[i:i + 2]) for i in range(0, len(cards), 2)]
    poker_equity.exact_from_text("holdem", hands, "", "")


def _counted(cards: list[str]) -> None:
    holes = [(board_walk.INDEX[cards[i]], board_walk.INDEX[cards[i + 1]])
             for i in range(0, len(cards), 2)]
    board_walk.shares(holes, [], [], [list(range(len(holes)))])


def _walked(cards: list[str]) -> None:
    holes = [(board_walk.INDEX[cards[i]], board_walk.INDEX[cards[i + 1]])
             for i in range(0, len(cards), 2)]
    boards = board_walk.Boards([c for h in holes for c in h], [])
    r = board_walk.ranks(holes, boards)
    board_walk._won(r)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=20, help="random deals a row (default 20)")
    ap.add_argument("--lookups", type=int, default=200_000,
                    help="heads-up table look-ups to time (default 200,000)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    board_walk.tables(), board_walk._every_board()  # built once a process: not timed
    headsup.counts(["As", "Ad"], ["Kc", "Kd"])
    _counted(["Ah", "Kh", "Qh", "Jh", "2c", "2d"])  # its small tables, built at first use

    pairs = [(d[:2], d[2:]) for d in _deals(rng, 2, args.lookups)]
    started = time.perf_counter()
    for a, b in pairs:
        headsup.counts(a, b)
    lookup = (time.perf_counter() - started) / len(pairs)
    print(f"heads-up preflop table: {1 / lookup:,.0f} look-ups a second "
          f"({lookup * 1e6:.1f} µs each)")

    print(f"\n{'players':>7} {'poker-equity':>13} {'board by board':>15} {'by multisets':>13}"
          f" {'ratio':>7}   (ms a preflop deal; ratio: poker-equity / by multisets)")
    for players in (2, 3, 4, 6):
        deals = _deals(rng, players, args.deals)
        reference = _per_deal(_poker_equity, deals[: max(2, args.deals // 5)])
        walked = _per_deal(_walked, deals)
        counted = _per_deal(_counted, deals)
        print(f"{players:>7} {reference * 1e3:>13.1f} {walked * 1e3:>15.1f} "
              f"{counted * 1e3:>13.2f} {reference / counted:>7.0f}")
    print(f"\nthe table / poker-equity, heads-up: "
          f"{_per_deal(_poker_equity, [a + b for a, b in pairs[:3]]) / lookup:,.0f}x")


if __name__ == "__main__":
    main()
