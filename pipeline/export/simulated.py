"""Write simulated hands to files, as PokerStars would: 500 hands a file."""
from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

from engine.model.hand import Hand
from engine.sim.sessions import regular_hands
from engine.sim.simulate import START, simulate
from parsers.registry import room

write_hand = room("pokerstars").write

PER_FILE = 500
PLAYS = ("regular", "random")


def write_simulated(out: Path, hands: int, seed: int = 1, play: str = "regular",
                    leak: str | None = None) -> list[Path]:
    """``play="regular"``: a regular's sessions (engine.sim.sessions), the hero playing
    ``leak`` badly if given; ``"random"``: random tables and random decisions, every
    rule of the game."""
    out.mkdir(parents=True, exist_ok=True)
    stream = _hands(random.Random(seed), hands, seed * 10_000_000, play, leak)
    files = []
    for start in range(0, hands, PER_FILE):
        texts = [write_hand(next(stream)) for _ in range(start, min(start + PER_FILE, hands))]
        path = out / f"HH simulated seed {seed} part {start // PER_FILE + 1:04d}.txt"
        path.write_text("\n\n\n".join(texts) + "\n\n\n", encoding="utf-8")
        files.append(path)
    return files


def _hands(rng: random.Random, hands: int, first: int, play: str,
           leak: str | None) -> Iterator[Hand]:
    if play == "regular":
        yield from regular_hands(rng, hands, first, START, leak)
    elif play == "random":
        for i in range(hands):
            yield simulate(rng, START + timedelta(seconds=47 * i), number=first + i)
    else:
        raise ValueError(f"play must be one of {PLAYS}, not {play!r}")
