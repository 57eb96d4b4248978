"""``handlens stats``: a player's statistics grouped by position, position group, stack
depth, starting hand, stakes, session or player, or by two of them at once (a matrix:
position and depth), as a table, CSV or JSON."""
from __future__ import annotations

import argparse
import json
import sys

from pipeline.cli import common

NAME = "stats"
HELP = "player statistics by position, stack depth, starting hand, stakes, session or player"
DESCRIPTION = ("Statistics as defined in docs/STATS.md (VPIP, PFR, 3-bet, AF, WTSD, W$SD, "
               "...), with the chances and dones behind each percentage. A stat with no "
               "chances is shown empty.")
# pipeline.stats.aggregate.GROUPS (not imported: --help stays light)
GROUPS = ("position", "position_group", "depth", "hand", "stakes", "player", "session")
KINDS = common.KINDS
KIND_WORDS = {"cash": "cash games", "tournament": "tournaments", "play": "play money"}


def arguments(st: argparse.ArgumentParser) -> None:
    common.add_source(st)
    st.add_argument("--player", help="whose stats (default: the hero, whose cards are dealt "
                                     "in most hands)")
    st.add_argument("--by", default=("position",), type=_groups, metavar="GROUP[,GROUP]",
                    help="group by one of " + ", ".join(GROUPS) + ", or by several, comma "
                         "separated: a row a cell (--by position,depth: every stat by "
                         "position and effective stack depth). Default position")
    st.add_argument("--stats", type=_stat_list, default=None, metavar="STAT[,STAT]",
                    help="the stats of the table (default: the headline ones; names as "
                         "--format json gives them, e.g. vpip,check_raise_flop)")
    common.add_dates(st)
    st.add_argument("--kind", choices=KINDS,
                    help="cash games, tournaments or play money: never added together "
                         "(default: the kind the player has most hands of)")
    spots = st.add_argument_group(
        "action filters", "the player's hands in these spots only (each as the dashboard's "
                          "sidebar names it; quote a choice with spaces)")
    for option, name, words in SPOT_OPTIONS:
        spots.add_argument(option, dest=f"spot_{name}", metavar="CHOICE",
                           help=words + ": " + ", ".join(_choices(name)))
    spots.add_argument("--line", dest="spot_lines", action="append", metavar="LINE",
                       help="a line taken after the flop (again for several, all taken): "
                            + ", ".join(_choices("lines")))
    st.add_argument("--format", default="table", choices=("table", "csv", "json"),
                    help="table: the headline stats for a terminal (default); csv: every "
                         "stat, a row a group; json: every stat with its chances and dones")


SPOT_OPTIONS = (("--pot", "pot", "the pot type, by the raises before the flop"),
                ("--role", "role", "what the player did before the flop"),
                ("--on-flop", "position", "in or out of position on the flop"),
                ("--flop", "flop", "heads-up or multiway on the flop"),
                ("--street", "street", "the street the player reached at least"))


def _choices(name: str) -> list[str]:
    from pipeline.stats.spots import CHOICES
    return list(CHOICES[name])


def _spots(args: argparse.Namespace) -> dict | None:
    """The action filters given, each checked against its choices."""
    chosen = {name: getattr(args, f"spot_{name}") for _, name, _ in SPOT_OPTIONS}
    chosen["lines"] = getattr(args, "spot_lines") or []
    for name, value in chosen.items():
        for v in (value if isinstance(value, list) else [value] if value else []):
            if v not in _choices(name):
                raise ValueError(f"{v!r} is not a choice of {name} (the choices: "
                                 f"{', '.join(_choices(name))})")
    return {k: v for k, v in chosen.items() if v}


def _groups(text: str) -> tuple[str, ...]:
    keys = tuple(k.strip() for k in text.split(",") if k.strip())
    wrong = [k for k in keys if k not in GROUPS]
    if wrong or not keys or len(set(keys)) < len(keys):
        raise argparse.ArgumentTypeError(
            f"{text!r}: give one or more of {', '.join(GROUPS)}, comma separated, each once")
    return keys


def _stat_list(text: str) -> tuple[str, ...]:
    from pipeline.stats.catalogue import FACTORS, RATIOS

    names = tuple(k.strip() for k in text.split(",") if k.strip())
    wrong = [k for k in names if k not in RATIOS and k not in FACTORS]
    if wrong or not names:
        raise argparse.ArgumentTypeError(
            f"not a stat: {', '.join(wrong) or text!r} (the stats: "
            f"{', '.join((*RATIOS, *FACTORS))})")
    return names


def run(args: argparse.Namespace) -> int:
    from pipeline.stats.aggregate import (hero, kinds, stats, store_notice, stored_version,
                                          version_words)

    con = common.read(args)
    version = version_words(stored_version(con))
    notice = store_notice(con)
    if notice:
        common.say(notice.replace("`", ""))
    by = args.by
    player = args.player if "player" in by or args.player else hero(con)
    if "player" in by and not args.player:
        player = None
    played = kinds(con, player)
    if not played:
        where = args.parquet or args.db
        common.say(f"no hands of {player!r} in {where} (handlens stats --by player lists "
                   f"who played)" if player else f"no hands in {where} yet")
        return 1
    kind = args.kind or next(iter(played), "cash")
    try:
        spots = _spots(args)
    except ValueError as exc:
        common.say(str(exc))
        return common.REFUSED
    rows = stats(con, player, by, args.since, args.until, kind, spots)
    if args.format == "json":
        print(json.dumps({"player": player, "by": ",".join(by), "kind": kind,
                          "stats_version": version, "rows": rows}, default=str))
    elif args.format == "csv":
        _csv(rows, [*by, "hands"])
    else:
        others = ", ".join(f"{KIND_WORDS[k]} {n:,} hands" for k, n in played.items()
                           if k != kind and k in KIND_WORDS)
        print(f"{player or 'all players'}, {KIND_WORDS[kind]}, by {' and '.join(by)} (stats "
              f"v{version}; each stat in % with its chances; --format json for every stat"
              + (f"; also {others}: --kind" if others else "") + ")")
        print(_table(rows, by, kind, args.stats))
    return 0


def _csv(rows: list[dict], columns_if_none: list[str]) -> None:
    import csv

    columns = list(rows[0]) if rows else columns_if_none
    out = csv.writer(sys.stdout)
    out.writerow(columns)
    for r in rows:
        out.writerow(["" if r[c] is None else r[c] for c in columns])


def _table(rows: list[dict], by: tuple[str, ...], kind: str,
           shown: tuple[str, ...] | None) -> str:
    """The terminal's table: the groups, hands, net (money, where one currency: a
    tournament's chips are not), net in big blinds, bb/100 and the stats (the headline
    ones unless named), each percentage with its chances."""
    from pipeline.stats.catalogue import HEADINGS, LABELS

    money = kind != "tournament"
    stats = shown or tuple(HEADINGS)
    columns = [*by, "hands", *(["net"] if money else []), "net_bb", "bb_per_100", *stats]
    headings = {"bb_per_100": "bb/100", "net_bb": "net bb", **LABELS, **HEADINGS}
    table = [[headings.get(c, c) for c in columns]]
    for r in rows:
        table.append([_net(r) if c == "net" else _stat(r, c) if c in stats else
                      "" if r[c] is None else
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


def _stat(row: dict, stat: str) -> str:
    """A percentage with its chances ("24.3 (1,203)"), a factor as it is; empty
    without a chance."""
    value, chances = row[stat], row.get(f"{stat}_chance")
    if value is None:
        return ""
    return f"{value:.1f}" if chances is None else f"{value:.1f} ({chances:,})"


def _net(row: dict) -> str:
    """Net in the group's currency; empty where its currencies are mixed (the net bb
    column counts them)."""
    return f"{row['net']} {row['currency']}" if row["net"] is not None else "mixed"
