"""An import run in its own process, reporting progress as JSON lines on stdout.

The dashboard starts ``python -m pipeline.ingest.job --db FILE PATH...`` rather than
importing inside its server: the import is then one more writer process, exactly
like ``handlens import`` (its worker pool is not forked from a threaded server), and
the dashboard's pages read the database the same way whoever writes it.

Lines written: ``{"total_bytes": N, "files": N}`` first, then ``{"bytes": B,
"hands": H}`` as files are read and batches written, then ``{"summary": {...}}`` (``Summary.as_json()``) or ``{"error": "..."}``.
"""
from __future__ import annotations

import argparse
import json
import sys

import duckdb

from pipeline.ingest.importer import Importer
from pipeline.ingest.files import discover, size_of
from pipeline.store.database import Store

def _say(**fields) -> None:
    print(json.dumps(fields, default=str), flush=True)


def run(db: str, paths: list[str], workers: int | None = None) -> int:
    try:
        files = discover(paths, exclude=[db, db + ".wal"])
    except FileNotFoundError as exc:
        _say(error=str(exc))
        return 2
    _say(total_bytes=sum(size_of(f) for f in files), files=len(files))
    done = {"bytes": 0, "hands": 0}

    def progress(hands: int, nbytes: int) -> None:
        done["hands"] += hands
        done["bytes"] += nbytes
        _say(**done)

    try:
        store = Store(db, threads=1)
    except (duckdb.Error, RuntimeError) as exc:
        _say(error=f"cannot open {db} for writing: {exc}")
        return 2
    try:
        summary = Importer(store, workers, progress=progress).run(files)
    finally:
        store.close()
    _say(summary=summary.as_json())
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m pipeline.ingest.job",
                                 description=__doc__.splitlines()[0])
    ap.add_argument("paths", nargs="+", metavar="PATH")
    ap.add_argument("--db", required=True)
    ap.add_argument("--workers", type=int, default=None)
    args = ap.parse_args(argv)
    return run(args.db, args.paths, args.workers)


if __name__ == "__main__":
    sys.exit(main())
