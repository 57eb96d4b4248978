"""``handlens watch``: import the rooms' folders as hands arrive, a line per batch."""
from __future__ import annotations

import argparse
from pathlib import Path

from pipeline.cli import common

NAME = "watch"
HELP = "import the rooms' folders as hands are written, until Ctrl-C"
DESCRIPTION = (
    "Watch folders and import hand histories as the rooms' clients write them: new and "
    "grown files within seconds (folder events, and a look through every folder every "
    "--poll seconds for drives that send none), a hand cut off at the end of a file "
    "when the rest arrives. With no PATH: the folders where the rooms' clients write "
    "(Windows, macOS, and Wine prefixes on Linux; docs/ROOMS.md lists them) that exist "
    "here, and those added with --add. The database is free between batches: "
    "`handlens stats`, the dashboard and the other commands read it meanwhile. "
    "Whatever was written while the watch was stopped is imported when it starts.")


def arguments(watch: argparse.ArgumentParser) -> None:
    watch.add_argument("paths", nargs="*", metavar="PATH",
                       help="folders to watch (default: the rooms' and the config's)")
    common.add_database(watch)
    watch.add_argument("--add", nargs="+", metavar="PATH", type=Path,
                       help="add folders to those watched by default (in handlens.toml, "
                            "the user's config folder), then stop")
    watch.add_argument("--remove", nargs="+", metavar="PATH", type=Path,
                       help="remove folders added with --add, then stop")
    watch.add_argument("--list", action="store_true",
                       help="list the folders watched with no PATH (and whether each "
                            "exists), then stop")
    watch.add_argument("--poll", type=float, default=5.0, metavar="SECONDS",
                       help="look through every folder this often (default 5)")
    common.add_workers(watch, "parsing processes for a large batch")


def run(args: argparse.Namespace) -> int:
    from pipeline.ingest import folders

    if args.add or args.remove:
        kept = folders.add(args.add) if args.add else folders.remove(args.remove)
        print(f"{folders.config_path()}: {len(kept)} folder{'s' * (len(kept) != 1)}")
        for f in kept:
            print(f"    {f}{'' if f.is_dir() else '  (does not exist now)'}")
        return 0
    if args.list:
        return _list(folders)
    if args.paths:
        chosen = [Path(p) for p in args.paths]
        missing = [p for p in chosen if not p.is_dir()]
        if missing:
            common.say(f"no such folder: {missing[0]}")
            return common.REFUSED
    else:
        chosen = [f.path for f in folders.default_folders()]
        if not chosen:
            common.say("no room's folder here and none added: give a PATH, or add one "
                       "with handlens watch --add PATH (handlens watch --list shows "
                       "where it looked)")
            return common.REFUSED
    return _watch(args, chosen)


def _list(folders) -> int:
    print(f"config: {folders.config_path()}")
    listed = folders.client_folders() + [folders.Folder(p, "handlens.toml")
                                         for p in folders.configured()]
    for f in listed:
        print(f"{'watched' if f.exists else 'absent ':8} {f.path}  ({f.source})")
    import os
    import sys
    if not sys.platform.startswith("win") and sys.platform != "darwin" and \
            not folders.wine_prefixes(dict(os.environ), Path.home()):
        print("no Wine prefix found ($WINEPREFIX, ~/.wine, Lutris, Bottles, PlayOnLinux): "
              "the rooms' Windows folders are looked for inside one")
    return 0


def _watch(args: argparse.Namespace, chosen: list[Path]) -> int:
    import threading

    from pipeline.ingest.watch import Watcher

    db = Path(args.db).absolute()
    print(f"watching {len(chosen)} folder{'s' * (len(chosen) != 1)} → {db} (Ctrl-C stops)",
          flush=True)
    for p in chosen:
        print(f"    {p}", flush=True)
    said: set = set()

    def say_batch(batch) -> None:
        print(batch_line(batch), flush=True)
        if batch.summary.parse_errors:  # a room writing lines not seen before?
            for alarm in _alarms(db, args.wait):
                if (alarm.room, tuple(alarm.new_shapes)) not in said:
                    said.add((alarm.room, tuple(alarm.new_shapes)))
                    print(f"{batch.at:%H:%M:%S}  {alarm.text()}", flush=True)

    watcher = Watcher(db, chosen, on_batch=say_batch, workers=args.workers or 1,
                      poll=args.poll, wait=args.wait, waiting=common.say,
                      on_error=common.say)
    stop = threading.Event()
    if threading.current_thread() is threading.main_thread():
        _stop_on_signals(stop)
    try:
        watcher.run(stop)
    except KeyboardInterrupt:  # a second Ctrl-C: the batch being written is dropped whole
        pass  # (run's own finally has stopped the observer)
    print("handlens: watch stopped; every batch written so far is complete", flush=True)
    return 0


def _stop_on_signals(stop) -> None:
    """Ctrl-C (or a service manager's SIGTERM) stops once the batch being written is
    in; a second Ctrl-C stops at once."""
    import signal

    def first(*_) -> None:
        if stop.is_set():
            raise KeyboardInterrupt
        stop.set()
        common.say("stopping once this batch is written (Ctrl-C again: now)")

    signal.signal(signal.SIGINT, first)
    signal.signal(signal.SIGTERM, lambda *_: stop.set())


def _alarms(db: Path, wait: float) -> list:
    from pipeline.read.drift import alarms
    from pipeline.store.database import connect

    con = connect(db, read_only=True, wait=wait)
    try:
        return alarms(con)
    finally:
        con.close()


def batch_line(batch) -> str:
    """One line for a batch: the time, hands new, files, what went wrong."""
    s = batch.summary
    at = batch.at.strftime("%H:%M:%S")
    if batch.audited:
        return f"{at}  audit between hands: {s.audit_findings:,} findings (handlens audit)"
    names = ", ".join(p.name for p in batch.files[:3])
    more = f" and {len(batch.files) - 3} more" if len(batch.files) > 3 else ""
    parts = [f"+{s.hands_new:,} hand{'s' * (s.hands_new != 1)}",
             f"{len(batch.files)} file{'s' * (len(batch.files) != 1)} ({names}{more})"]
    if s.duplicates:
        parts.append(f"{s.duplicates:,} already in")
    if s.incomplete:
        parts.append(f"{s.incomplete:,} cut off, waiting for the rest")
    if s.parse_errors:
        parts.append(f"{s.parse_errors:,} parse error{'s' * (s.parse_errors != 1)} "
                     f"(handlens errors)")
    if s.files_not_recognised:
        parts.append(f"{len(s.files_not_recognised):,} not hand histories")
    return f"{at}  " + " · ".join(parts)
