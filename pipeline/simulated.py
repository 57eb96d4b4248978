"""Write simulated hands to files, as PokerStars would: 500 hands a file."""
from __future__ import annotations

import random
from datetime import timedelta
from pathlib import Path

from engine.simulate import START, simulate
from parsers.pokerstars.write import write_hand

PER_FILE = 500


def write_simulated(out: Path, hands: int, seed: int = 1) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    rng = random.Random(seed)
    files = []
    for start in range(0, hands, PER_FILE):
        texts = [write_hand(simulate(rng, START + timedelta(seconds=47 * i),
                                     number=seed * 10_000_000 + i))
                 for i in range(start, min(start + PER_FILE, hands))]
        path = out / f"HH simulated seed {seed} part {start // PER_FILE + 1:04d}.txt"
        path.write_text("\n\n\n".join(texts) + "\n\n\n", encoding="utf-8")
        files.append(path)
    return files
