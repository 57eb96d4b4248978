"""Each room's import rate, as a ratio to PokerStars' measured in the same run.

The hands are the real ones beside the checkout (../shared/corpus/holdem and
../shared/wild), each file given to the room that `parsers.registry.detect` names.
A room's rate is the per-hand work of the import (parse, replay, rows: the work of
``pipeline.ingest.unit.parse_unit``) over its stored hands, best of ``--repeat`` rounds
taken in turns, so that a slow moment of the machine falls on every room alike.

    python bench/rooms.py            # every room
    python bench/rooms.py --repeat 7
    python bench/rooms.py --add DIR  # and the real files in DIR (rooms ../shared lacks)
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.model.hand import Hand  # noqa: E402
from parsers.base.room import Room  # noqa: E402
from parsers.base.split import decode, split_hands  # noqa: E402
from parsers.registry import detect, rooms  # noqa: E402
from pipeline.ingest.unit import parse_unit  # noqa: E402

SHARED = ROOT.parent / "shared"
FOLDERS = (SHARED / "corpus" / "holdem", SHARED / "wild")
BASELINE = "pokerstars"


def hands_by_room(folders=FOLDERS) -> dict[str, list]:
    """Every parsed Hold'em hand's raw text in the real folders, by room: the parts
    of a unit (file id, path, room, hands)."""
    parts: dict[str, list] = {r.name: [] for r in rooms()}
    file_id = 0
    for folder in folders:
        for path in sorted(folder.rglob("*")) if folder.is_dir() else []:
            if not path.is_file():
                continue
            text, encoding = decode(path.read_bytes())
            room = detect(text)
            if not isinstance(room, Room):
                continue
            good = []
            for raw in split_hands(text, room, encoding):
                try:
                    if not raw.stray and isinstance(room.parse(raw.text), Hand):
                        good.append(raw)
                except ValueError:
                    continue
            if good:
                file_id += 1
                parts[room.name].append((file_id, str(path), room.name, good))
    return parts


def rate(parts: list, rounds: int) -> float:
    """Hands a second through parse, replay and rows: best of ``rounds``."""
    n = sum(len(p[3]) for p in parts)
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        parse_unit(parts)
        best = min(best, time.perf_counter() - start)
    return n / best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=5, help="rounds per room (best kept)")
    ap.add_argument("--add", action="append", default=[], metavar="DIR",
                    help="a folder of real files besides ../shared's (may be given again)")
    args = ap.parse_args()
    parts = hands_by_room((*FOLDERS, *map(Path, args.add)))
    if not parts.get(BASELINE):
        sys.exit(f"no {BASELINE} hands found in {', '.join(map(str, FOLDERS))}")
    names = [n for n, p in parts.items() if p]
    for n in names:  # warm up: each room's grammar is built on its first hand
        parse_unit(parts[n][:1])
    best = dict.fromkeys(names, 0.0)
    for _ in range(args.repeat):  # rooms in turns
        for n in names:
            best[n] = max(best[n], rate(parts[n], 1))
    base = best[BASELINE]
    print(f"{'room':<12} {'hands':>7} {'hands/s':>9} {'vs ' + BASELINE:>14}")
    for n in names:
        count = sum(len(p[3]) for p in parts[n])
        print(f"{n:<12} {count:>7} {best[n]:>9,.0f} {best[n] / base:>14.2f}")
    for n, p in parts.items():
        if not p:
            print(f"{n:<12} {0:>7}  (no real files of this room beside the checkout)")


if __name__ == "__main__":
    main()
