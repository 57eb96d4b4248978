"""``handlens import``: hand-history files into the database, or into a Parquet dataset
(--out), with a progress bar and a summary of what was read."""
from __future__ import annotations

import argparse
import json
import time

from pipeline.store.paths import printable
from pipeline.cli import common

NAME = "import"
HELP = "import hand-history files and folders (recursively)"
DESCRIPTION = ("Import hand-history files into the database. Files already imported are "
               "skipped; a file that has grown adds only its new hands.")


def arguments(imp: argparse.ArgumentParser) -> None:
    imp.add_argument("paths", nargs="+", metavar="PATH", help="files or folders")
    common.add_database(imp)
    common.add_workers(imp, "parsing processes")
    common.add_json(imp, "print the summary as one JSON object")
    common.add_quiet(imp)
    imp.add_argument("--equity", action="store_true",
                     help="also fill the all-in adjusted net of hands a version before 0.2 "
                          "stored without it, as handlens equity does (new hands always "
                          "get theirs)")
    imp.add_argument("--out", metavar="DIR|URI",
                     help="write a Parquet dataset there instead of a database: one part "
                          "per table per file, merged into larger segments when there are "
                          "many, a manifest last (the commands read it with --parquet)")
    imp.add_argument("--no-compact", action="store_true",
                     help="with --out: leave each file's parts as written (no merging into "
                          "segments this time; a later import merges them)")
    imp.add_argument("--engine", choices=("local", "dask"), default="local",
                     help="with --out: run the files' tasks in local processes (default) "
                          "or on a Dask cluster (pip install -e '.[dask]')")
    imp.add_argument("--address", metavar="tcp://HOST:8786",
                     help="with --engine dask: the scheduler (default: start a local "
                          "cluster of --workers processes for this run)")
    imp.add_argument("--range-mb", type=float, default=None, metavar="MB",
                     help="with --out: a file larger than this is read in byte ranges of "
                          "about this size, each a task of its own (default 64; 0: never)")


def run(args: argparse.Namespace) -> int:
    if args.out:
        return _into_dataset(args)
    if args.engine != "local" or args.address or args.range_mb is not None:
        common.say("--engine, --address and --range-mb are for a dataset: give --out DIR")
        return common.REFUSED
    from pipeline.cli.equity import fill_equity
    from pipeline.ingest.files import discover, size_of
    from pipeline.ingest.importer import Importer
    from pipeline.ingest.no_pandas import keep_pandas_out
    from pipeline.store.database import Store

    if args.own_process:  # (nothing here uses pandas; pyarrow would import it to ask
        keep_pandas_out()  # whether a list is a pandas object; half a second)
    files = discover(args.paths, exclude=[args.db, args.db + ".wal"])
    if not files:
        common.say(f"no files in {', '.join(args.paths)}: nothing to import")
    total_bytes = sum(size_of(f) for f in files)
    store = Store(args.db, threads=1, wait=args.wait, waiting=common.say)
    show = common.show_progress(args)
    try:
        if show:
            summary = _with_progress(Importer, store, files, total_bytes, args.workers)
        else:
            summary = Importer(store, args.workers).run(files)
        if args.equity and summary.preflop_pending:
            fill_equity(store, show, args.workers)
            summary.preflop_pending = 0
    finally:
        store.close()
    _report(args, summary, args.db)
    return 0


def _into_dataset(args: argparse.Namespace) -> int:
    """``import --out``: the files' tasks on the chosen engine, into a Parquet dataset."""
    from pipeline.dataset import scale

    if args.equity:
        common.say("--equity is for a database made before 0.2, not with --out")
        return common.REFUSED
    if args.range_mb is not None and args.range_mb < 0:
        common.say("--range-mb is a size in MB (0: never read a file in ranges)")
        return common.REFUSED
    range_bytes = (scale.RANGE_BYTES if args.range_mb is None
                   else int(args.range_mb * 2**20) or None)
    compact = False if args.no_compact else None

    def run_tasks(progress=None):
        return scale.run(args.paths, args.out, args.engine, args.address, args.workers,
                         progress, compact=compact, range_bytes=range_bytes)

    if common.show_progress(args):
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn
        with Progress("[bold]importing", BarColumn(), MofNCompleteColumn(), "files",
                      TimeElapsedColumn()) as bar:
            task = bar.add_task("files", total=None)
            summary = run_tasks(lambda done, total: bar.update(task, completed=done,
                                                               total=total))
    else:
        summary = run_tasks()
    _report(args, summary, args.out)
    return 0


def _with_progress(importer_cls, store, files, total_bytes, workers):
    from rich.progress import (BarColumn, Progress, TextColumn, TimeElapsedColumn,
                               TimeRemainingColumn)

    started = time.perf_counter()
    with Progress(TextColumn("[bold]{task.description}"), BarColumn(),
                  TextColumn("{task.fields[hands]:,} hands  {task.fields[rate]:,.0f} hands/s"),
                  TimeElapsedColumn(), TimeRemainingColumn(), transient=False) as bar:
        task = bar.add_task("importing", total=total_bytes or 1, hands=0, rate=0.0)
        done = {"hands": 0}

        def progress(hands: int, nbytes: int) -> None:
            done["hands"] += hands
            rate = done["hands"] / max(time.perf_counter() - started, 1e-9)
            bar.update(task, advance=nbytes, hands=done["hands"], rate=rate)

        summary = importer_cls(store, workers, progress=progress).run(files)
        bar.update(task, completed=total_bytes or 1)
    return summary


def _report(args: argparse.Namespace, summary, where: str) -> None:
    if args.json:
        print(json.dumps(summary.as_json()))
    else:
        print(summary_text(summary, where))


def _more(listed: list, shown: int = 10) -> list[str]:
    """The line saying how many of a list were not shown (none if all were)."""
    if len(listed) <= shown:
        return []
    return [f"    ... and {len(listed) - shown:,} more (--json lists them all)"]


def summary_text(s, where: str) -> str:
    """The import's summary as a person reads it: counts, reasons, what was passed over."""
    from pipeline.ingest.importer import by_count

    rate = (s.hands_new + s.duplicates) / s.seconds if s.seconds else 0
    lines = [
        f"files            {s.files:>9,}" + (f"  ({s.files_unchanged:,} unchanged)"
                                              if s.files_unchanged else ""),
        f"hands new        {s.hands_new:>9,}",
        f"duplicates       {s.duplicates:>9,}  (already in the database)",
        f"incomplete       {s.incomplete:>9,}  (kept as parse errors; read again when the file grows)",
        f"unsupported      {s.unsupported:>9,}  (games other than Hold'em, stored as such)",
        f"parse errors     {s.parse_errors:>9,}" + ("  (handlens errors lists them)"
                                                    if s.parse_errors else ""),
    ]
    if s.tournament_summaries:
        lines.insert(5, f"tournament summaries {s.tournament_summaries:>5,}  (each "
                        f"tournament's buy-in, finish and winnings)")
    for reason, n in by_count(s.errors_by_reason):
        lines.append(f"    {n:>6,}  {reason}")
    for room, n in by_count(s.formats_not_supported):
        lines.append(f"format not supported yet: {room} ({n:,} file{'s' * (n != 1)})")
    if s.files_unreadable:
        lines.append(f"could not be read: {len(s.files_unreadable):,} "
                     f"file{'s' * (len(s.files_unreadable) != 1)} (the import went on)")
        lines.extend(f"    {printable(path)}: {why}" for path, why in s.files_unreadable[:10])
        lines.extend(_more(s.files_unreadable))
    if s.folders_unreadable:
        n = len(s.folders_unreadable)
        lines.append(f"could not be listed: {n:,} folder{'s' * (n != 1)} (the import went on)")
        lines.extend(f"    {printable(path)}: {why}" for path, why in s.folders_unreadable[:10])
        lines.extend(_more(s.folders_unreadable))
    if s.files_not_recognised:
        lines.append(f"not hand histories (format not recognised): "
                     f"{len(s.files_not_recognised):,} files")
        lines.extend(f"    {printable(f)}" for f in s.files_not_recognised[:10])
        lines.extend(_more(s.files_not_recognised))
    if s.restated:
        lines.append(f"stats made again {s.restated:>8,}  stored hands, to this version's "
                     f"definitions (from their stored rows)")
    if s.audit_findings:
        lines.append(f"between hands   {s.audit_findings:>9,}  findings (handlens audit lists them)")
    if s.autotag_error:
        lines.append(f"auto-tags not set: {s.autotag_error}")
    lines.append(f"{s.seconds:.2f} s ({rate:,.0f} hands/s) → {where}")
    if s.preflop_pending:
        lines.append(f"{s.preflop_pending:,} preflop all-in hands stored by a version before "
                     f"0.2 wait for their all-in adjusted net: handlens equity (or import "
                     f"--equity) computes it")
    return "\n".join(lines)
