"""``handlens errors``: the texts that could not become a hand, as file:line and reason."""
from __future__ import annotations

import argparse

from pipeline.store.paths import printable
from pipeline.cli import common

NAME = "errors"
HELP = "list the hands that could not be parsed"
DESCRIPTION = "List parse errors as file:line and reason."
_ERRORS = "SELECT path, line, reason, raw_text FROM parse_errors ORDER BY path, line"


def arguments(err: argparse.ArgumentParser) -> None:
    common.add_source(err)
    err.add_argument("--limit", type=int, default=0, help="show at most N (default all)")
    err.add_argument("--text", action="store_true", help="also print each hand's raw text")


def run(args: argparse.Namespace) -> int:
    con = common.read(args)
    if not getattr(args, "parquet", None):
        from pipeline.read.drift import alarms
        for alarm in alarms(con):
            common.say(alarm.text())
    sql = _ERRORS + (f" LIMIT {int(args.limit)}" if args.limit else "")
    rows = con.execute(sql).fetchall()
    for path, line, reason, text in rows:
        print(f"{printable(path)}:{line}: {reason}")
        if args.text:
            print("    " + text.replace("\n", "\n    "))
    if not rows:
        print("no parse errors")
    return 0
