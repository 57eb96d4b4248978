"""``handlens stats``: a player's statistics grouped by position, starting hand, stakes,
session or player, as a table, CSV or JSON."""
from __future__ import annotations

import argparse
import json
import sys

from pipeline.cli import common

NAME = "stats"
HELP = "player statistics by position, starting hand, stakes, session or player"
DESCRIPTION = ("Statistics as defined in docs/STATS.md (VPIP, PFR, 3-bet, AF, WTSD, W$SD, "
               "...), with the chances and dones behind each percentage. A stat with no "
               "chances is shown empty.")
GROUPS = ("position", "hand", "stakes", "session", "player")


def arguments(st: argparse.ArgumentParser) -> None:
    common.add_source(st)
    st.add_argument("--player", help="whose stats (default: the hero, whose cards are dealt "
                                     "in most hands)")
    st.add_argument("--by", default="position", choices=GROUPS,
                    help="group by (default position)")
    common.add_dates(st)
    st.add_argument("--format", default="table", choices=("table", "csv", "json"))


def run(args: argparse.Namespace) -> int:
    from pipeline.stats.aggregate import hero, stats, stored_version
    from pipeline.stats.catalogue import STATS_VERSION

    con = common.read(args)
    version = stored_version(con)
    if version != STATS_VERSION:
        common.say(f"these figures follow version {version} of the stat definitions "
                   f"(stored by an earlier handlens); handlens verify --recheck brings them "
                   f"to version {STATS_VERSION}")
    player = args.player if args.by == "player" or args.player else hero(con)
    if args.by == "player" and not args.player:
        player = None
    rows = stats(con, player, args.by, args.since, args.until)
    if args.format == "json":
        print(json.dumps({"player": player, "by": args.by, "stats_version": version,
                          "rows": rows}, default=str))
    elif args.format == "csv":
        _csv(rows, [args.by, "hands"])
    else:
        print(f"{player or 'all players'} by {args.by} (stats v{version}; "
              f"--format json for every stat with its chances)")
        print(_table(rows, args.by))
    return 0


def _csv(rows: list[dict], columns_if_none: list[str]) -> None:
    import csv

    columns = list(rows[0]) if rows else columns_if_none
    out = csv.writer(sys.stdout)
    out.writerow(columns)
    for r in rows:
        out.writerow(["" if r[c] is None else r[c] for c in columns])


def _table(rows: list[dict], by: str) -> str:
    """The terminal's table: the group, hands, net, bb/100 and the headline stats."""
    from pipeline.stats.catalogue import HEADINGS

    columns = [by, "hands", "net", "bb_per_100", *HEADINGS]
    headings = {"bb_per_100": "bb/100", **HEADINGS}
    table = [[headings.get(c, c) for c in columns]]
    for r in rows:
        table.append([_net(r) if c == "net" else "" if r[c] is None else
                      f"{r[c]:.1f}" if isinstance(r[c], float) else str(r[c]) for c in columns])
    widths = [max(len(row[i]) for row in table) for i in range(len(columns))]
    lines = []
    for n, row in enumerate(table):
        lines.append("  ".join(cell.ljust(w) if i == 0 else cell.rjust(w)
                               for i, (cell, w) in enumerate(zip(row, widths))))
        if n == 0:
            lines.append("  ".join("-" * w for w in widths))
    return "\n".join(lines)


def _net(row: dict) -> str:
    """Net in the group's currency; in big blinds where currencies are mixed."""
    if row["net"] is not None:
        return f"{row['net']} {row['currency']}"
    return f"{row['net_bb']:.1f} bb" if row["net_bb"] is not None else ""
