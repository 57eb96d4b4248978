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
KINDS = ("cash", "tournament", "play")  # engine.model.hand.GameKind.ALL (not imported: --help stays light)
KIND_WORDS = {"cash": "cash games", "tournament": "tournaments", "play": "play money"}


def arguments(st: argparse.ArgumentParser) -> None:
    common.add_source(st)
    st.add_argument("--player", help="whose stats (default: the hero, whose cards are dealt "
                                     "in most hands)")
    st.add_argument("--by", default="position", choices=GROUPS,
                    help="group by (default position)")
    common.add_dates(st)
    st.add_argument("--kind", choices=KINDS,
                    help="cash games, tournaments or play money: never added together "
                         "(default: the kind the player has most hands of)")
    st.add_argument("--format", default="table", choices=("table", "csv", "json"),
                    help="table: the headline stats for a terminal (default); csv: every "
                         "stat, a row a group; json: every stat with its chances and dones")


def run(args: argparse.Namespace) -> int:
    from pipeline.stats.aggregate import hero, kinds, stats, store_notice, stored_version

    con = common.read(args)
    version = stored_version(con)
    notice = store_notice(con)
    if notice:
        common.say(notice.replace("`", ""))
    player = args.player if args.by == "player" or args.player else hero(con)
    if args.by == "player" and not args.player:
        player = None
    played = kinds(con, player)
    if not played:
        where = args.parquet or args.db
        common.say(f"no hands of {player!r} in {where} (handlens stats --by player lists "
                   f"who played)" if player else f"no hands in {where} yet")
        return 1
    kind = args.kind or next(iter(played), "cash")
    rows = stats(con, player, args.by, args.since, args.until, kind)
    if args.format == "json":
        print(json.dumps({"player": player, "by": args.by, "kind": kind,
                          "stats_version": version, "rows": rows}, default=str))
    elif args.format == "csv":
        _csv(rows, [args.by, "hands"])
    else:
        others = ", ".join(f"{KIND_WORDS[k]} {n:,} hands" for k, n in played.items()
                           if k != kind and k in KIND_WORDS)
        print(f"{player or 'all players'}, {KIND_WORDS[kind]}, by {args.by} (stats v{version}"
              f"; --format json for every stat with its chances"
              + (f"; also {others}: --kind" if others else "") + ")")
        print(_table(rows, args.by, kind))
    return 0


def _csv(rows: list[dict], columns_if_none: list[str]) -> None:
    import csv

    columns = list(rows[0]) if rows else columns_if_none
    out = csv.writer(sys.stdout)
    out.writerow(columns)
    for r in rows:
        out.writerow(["" if r[c] is None else r[c] for c in columns])


def _table(rows: list[dict], by: str, kind: str) -> str:
    """The terminal's table: the group, hands, net (money, where one currency: a
    tournament's chips are not), net in big blinds, bb/100 and the headline stats."""
    from pipeline.stats.catalogue import HEADINGS

    money = kind != "tournament"
    columns = [by, "hands", *(["net"] if money else []), "net_bb", "bb_per_100", *HEADINGS]
    headings = {"bb_per_100": "bb/100", "net_bb": "net bb", **HEADINGS}
    table = [[headings.get(c, c) for c in columns]]
    for r in rows:
        table.append([_net(r) if c == "net" else "" if r[c] is None else
                      f"{r[c]:.1f}" if isinstance(r[c], float) or c == "net_bb" else str(r[c])
                      for c in columns])
    widths = [max(len(row[i]) for row in table) for i in range(len(columns))]
    lines = []
    for n, row in enumerate(table):
        lines.append("  ".join(cell.ljust(w) if i == 0 else cell.rjust(w)
                               for i, (cell, w) in enumerate(zip(row, widths))))
        if n == 0:
            lines.append("  ".join("-" * w for w in widths))
    return "\n".join(lines)


def _net(row: dict) -> str:
    """Net in the group's currency; empty where its currencies are mixed (the net bb
    column counts them)."""
    return f"{row['net']} {row['currency']}" if row["net"] is not None else "mixed"
