"""``handlens dashboard``: serve the Streamlit dashboard over a database or a dataset."""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from pipeline.cli import common

NAME = "dashboard"
HELP = "open the dashboard (Streamlit) over a database"
DESCRIPTION = ("Serve the dashboard over the database: overview and winnings graph, "
               "positions, starting hands, a hand list with a replayer, verification, and "
               "an Import page (the only part that writes). Pages read the database "
               "read-only and keep working while `handlens import` writes. Open the "
               "address it prints in a browser; Ctrl-C stops it.")


def arguments(dash: argparse.ArgumentParser) -> None:
    where = dash.add_mutually_exclusive_group()
    common.add_db(where)
    where.add_argument("--parquet", metavar="DIR",
                       help=common.PARQUET_HELP + "; read-only: the Import page is off")
    dash.add_argument("--port", type=int, default=8501, help="port to serve on (default 8501)")
    dash.add_argument("--address", default="localhost",
                      help="address to listen on (default localhost: this machine only)")


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
    os.execve(sys.executable, argv, env)
    return 0  # not reached
