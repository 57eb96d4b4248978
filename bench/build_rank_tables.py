"""Write engine/equity/data/rank_tables.npz: board_walk's seven-card rank tables, built from
eval7's ranking (engine.equity.board_walk.built), so that no process spends half a second
building them at its first all-in. Reproducible on any machine:

    python bench/build_rank_tables.py          # write the file, then read it back and compare
"""
from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.equity import board_walk  # noqa: E402


def main() -> None:
    board_walk.save_tables()
    board_walk.tables.cache_clear()
    saved, made = board_walk.tables(), board_walk.built()
    if not all(np.array_equal(a, b) for a, b in zip(saved, made)):
        raise SystemExit("the tables read back differ from the tables built")
    size = board_walk.RANK_TABLES.stat().st_size
    print(f"{board_walk.RANK_TABLES}: {size:,} bytes, read back equal to the tables built")


if __name__ == "__main__":
    main()
