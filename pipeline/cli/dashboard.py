"""``handlens dashboard``: serve the Streamlit dashboard over a database or a dataset."""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from pipeline.cli import common

NAME = "dashboard"
HELP = "open the dashboard (Streamlit) over a database"
DESCRIPTION = (
    "Serve the dashboard over the database. Its pages: Overview (the winnings graph), "
    "Live (the session being played: its tables, the opponents' HUD figures, the last "
    "hands), Stats, Positions, Matrix (every stat by position or stack depth), Leaks (what to fix, "
    "against the pool, the best months or a coach's targets), Price check (river "
    "and all-in decisions priced), Starting "
    "hands, Hands (the hand list and the replayer), "
    "Review (a queue of tagged hands, one by one), Reports, Tournaments, Coach (a "
    "player's report card), Compare players, Verification (verdicts, findings and what lies between hands) and Import. "
    "The pages read the database and keep working while an import or a watch writes; "
    "only the Import page and the replayer's notes and tags write. With --watch, this "
    "command runs `handlens watch` beside the dashboard. Open the address it prints in "
    "a browser; Ctrl-C stops it.")


def arguments(dash: argparse.ArgumentParser) -> None:
    where = dash.add_mutually_exclusive_group()
    common.add_db(where)
    where.add_argument("--parquet", metavar="DIR",
                       help=common.PARQUET_HELP + "; read-only: the Import page is off")
    dash.add_argument("--port", type=int, default=8501, help="port to serve on (default 8501)")
    dash.add_argument("--address", default="localhost",
                      help="address to listen on (default localhost: this machine only)")
    dash.add_argument("--watch", nargs="*", metavar="PATH", default=None,
                      help="also watch folders and import hands as they are written (as "
                           "handlens watch does; no PATH: the rooms' folders and those "
                           "added with handlens watch --add)")


def run(args: argparse.Namespace) -> int:
    """Replace this process by `streamlit run dashboard/app.py` (through dashboard.serve,
    which loads what the pages need first), the database path passed in the HANDLENS_DB
    environment variable (a dataset's: HANDLENS_PARQUET)."""
    from importlib.util import find_spec

    spec = find_spec("dashboard")
    if spec is None or not spec.origin:
        raise FileNotFoundError("the dashboard package is not installed")
    app = Path(spec.origin).with_name("app.py")
    if args.parquet:
        from pipeline.dataset.views import open_dataset
        open_dataset(args.parquet, audit=False).close()  # a clear message if it is none
        where = args.parquet if "://" in args.parquet else str(Path(args.parquet).resolve())
        env = dict(os.environ, HANDLENS_PARQUET=where)
    else:
        db = Path(args.db).resolve()
        if not db.exists():
            common.say(f"no database at {db} yet: the dashboard's Import page creates it")
        env = dict(os.environ, HANDLENS_DB=str(db))
        env.pop("HANDLENS_PARQUET", None)
    argv = [sys.executable, "-m", "dashboard.serve", "run", str(app),
            "--server.port", str(args.port), "--server.address", args.address,
            "--server.headless", "true", "--server.fileWatcherType", "none",
            "--browser.gatherUsageStats", "false", "--client.toolbarMode", "minimal"]
    sys.stdout.flush()
    sys.stderr.flush()
    if getattr(args, "watch", None) is None:
        os.execve(sys.executable, argv, env)
        return 0  # not reached
    if args.parquet:
        common.say("--watch imports into a database (--db), not a dataset")
        return common.REFUSED
    return _with_watch(argv, env, [sys.executable, "-m", "pipeline.cli", "watch",
                                   *args.watch, "--db", str(db)])


def _with_watch(dashboard: list[str], env: dict, watch: list[str]) -> int:
    """The dashboard and a watch, side by side; either ending (or Ctrl-C) ends both."""
    import signal
    import subprocess
    import time

    def interrupt(*_):
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, interrupt)  # stopped by a service manager: both end
    watcher = subprocess.Popen(watch)
    server = subprocess.Popen(dashboard, env=env)
    try:
        while watcher.poll() is None and server.poll() is None:
            time.sleep(0.5)
    except KeyboardInterrupt:
        pass  # (both got the Ctrl-C too: the watch finishes its batch)
    finally:
        for proc in (server, watcher):
            if proc.poll() is None:
                proc.send_signal(signal.SIGINT)
        for proc in (server, watcher):
            try:
                proc.wait(timeout=60)
            except subprocess.TimeoutExpired:
                proc.kill()
    return watcher.returncode or 0
