"""Seven-card evaluations a second through engine.equity.evaluate (the replay's API),
as a ratio to eval7 called directly on prebuilt cards in the same run.

    python bench/evaluate_bench.py [--hands 500000]
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import eval7  # noqa: E402

from engine.model.cards import DECK  # noqa: E402
from engine.equity.evaluate import evaluate, hand_name  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hands", type=int, default=500_000)
    n = ap.parse_args().hands
    rng = random.Random(1)
    hands = [rng.sample(DECK, 7) for _ in range(n)]
    prebuilt = [[eval7.Card(c) for c in h] for h in hands]
    t = time.perf_counter()
    for h in prebuilt:
        eval7.evaluate(h)
    base = n / (time.perf_counter() - t)
    t = time.perf_counter()
    for h in hands:
        evaluate(h)
    ours = n / (time.perf_counter() - t)
    t = time.perf_counter()
    for h in hands[: n // 10]:
        hand_name(evaluate(h))
    named = n / 10 / (time.perf_counter() - t)
    print(f"{'':38} {'evals/s':>12} {'ratio':>7}")
    print(f"{'eval7 on prebuilt cards (baseline)':38} {base:>12,.0f} {1:>7.3f}")
    print(f"{'engine.equity.evaluate on card strings':38} {ours:>12,.0f} {ours / base:>7.3f}")
    print(f"{'engine.equity.evaluate + hand_name':38} {named:>12,.0f} {named / base:>7.3f}")


if __name__ == "__main__":
    main()
