"""``handlens export``: the chosen hands to Parquet, CSV (every table, rows as stored) or
PHH (the hands themselves), with the filters of stats and the dashboard."""
from __future__ import annotations

import argparse
import time
from pathlib import Path

from pipeline.cli import common

NAME = "export"
HELP = "write the hands to Parquet, CSV or PHH, for notebooks and other tools"
DESCRIPTION = (
    "parquet and csv write every table of the chosen hands (hands, hand_players, actions, "
    "collections, showdowns, verdicts, findings, player_hand_stats, tournament_finishes, "
    "hand_copies), rows as stored, money exact. parquet: one dataset per table under OUT, "
    "partitioned by room and month; csv: one file per table. phh: the hands themselves in "
    "the Poker Hand History standard (pokerkit reads it), read again from their files, "
    "one OUT/ROOM/MONTH.phhs per room and month; hands PHH cannot express (dead blinds, "
    "run it twice, other games, ...) are skipped and counted by reason. The filters are "
    "those of stats and the dashboard; with none, every hand.")


def arguments(ex: argparse.ArgumentParser) -> None:
    from pipeline.export.hands import FORMATS
    from pipeline.read.verify import STATUSES

    common.add_database(ex)
    ex.add_argument("--format", required=True, choices=FORMATS, help="what to write")
    ex.add_argument("--out", required=True, type=Path, help="folder to write into")
    ex.add_argument("--player", help="only hands this player was dealt into")
    common.add_dates(ex)
    ex.add_argument("--room", action="append", default=[], metavar="ROOM",
                    help="only this room, as stored (PokerStars, 888poker, ...); repeatable")
    ex.add_argument("--stakes", action="append", default=[], metavar="STAKES",
                    help="only these stakes, as the dashboard names them ('USD 0.05/0.10', "
                         "a tournament's buy-in); repeatable")
    ex.add_argument("--kind", choices=("cash", "tournament", "play"),
                    help="only cash games, tournaments or play money (default all)")
    ex.add_argument("--status", action="append", default=[], choices=STATUSES,
                    help="only hands with this verdict; repeatable")


def run(args: argparse.Namespace) -> int:
    from pipeline.export.hands import export
    from pipeline.read.queries import Filters

    filters = Filters(player=args.player, kind=args.kind, since=args.since, until=args.until,
                      sites=tuple(args.room), stakes=tuple(args.stakes))
    started = time.perf_counter()
    con = common.open_db(args.db, args.wait)
    try:
        done = export(con, args.out, args.format, filters, tuple(args.status))
    finally:
        con.close()
    if args.format == "phh":
        print(f"{len(done.files):,} files, {done.hands:,} hands written")
        for reason, n in sorted(done.skipped.items(), key=lambda kv: (-kv[1], kv[0])):
            print(f"    {n:>8,} skipped: {reason}")
    else:
        for table, n in done.rows.items():
            print(f"{table:<18} {n:>12,} rows")
    print(f"{done.hands:,} hands → {args.out} ({args.format}, "
          f"{time.perf_counter() - started:.1f} s)")
    return 0
