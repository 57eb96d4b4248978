"""``handlens equity``: fill the all-in adjusted net a database made before 0.2 lacks."""
from __future__ import annotations

import argparse
import time

from pipeline.cli import common

NAME = "equity"
HELP = "fill the all-in adjusted net a database made before 0.2 lacks"
DESCRIPTION = ("The import computes every hand's all-in adjusted net. Versions before 0.2 "
               "left preflop all-ins without it: this command fills those of such a "
               "database, committing as it goes (stop it any time; it carries on where it "
               "stopped). On a database made by this version it has nothing to do.")


def arguments(eq: argparse.ArgumentParser) -> None:
    common.add_database(eq)
    common.add_workers(eq, "processes")
    common.add_quiet(eq)


def run(args: argparse.Namespace) -> int:
    store = common.open_store(args.db, args.wait)
    started = time.perf_counter()
    try:
        done = fill_equity(store, common.show_progress(args), args.workers)
    finally:
        store.close()
    print(f"preflop all-in hands computed: {done:,} in {time.perf_counter() - started:.1f} s"
          f" → {args.db}")
    return 0


def fill_equity(store, show: bool, workers: int | None) -> int:
    """Fill the preflop all-ins' adjusted net, with a progress bar if ``show``; how
    many hands were filled."""
    from pipeline.ingest import preflop_equity

    total = preflop_equity.pending(store.con)
    if not (total and show):
        return preflop_equity.fill(store.con, workers=workers)
    from rich.progress import Progress
    with Progress(transient=False) as bar:
        task = bar.add_task("preflop all-in equity", total=total)
        return preflop_equity.fill(store.con, lambda n: bar.advance(task, n), workers=workers)
