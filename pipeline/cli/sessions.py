"""``handlens sessions``: a player's sessions, each with its hours, hands and tables,
net, all-in adjusted net and rake paid, and its rates per hour (pipeline/read/sessions.py)."""
from __future__ import annotations

import argparse
import json

from pipeline.cli import common

NAME = "sessions"
HELP = "a player's sessions: money and bb per hour, hands per hour, tables, rake, all-in adjusted"
DESCRIPTION = (
    "The player's sessions (a pause of more than 30 minutes between their hands starts a "
    "new one): start, minutes (from the first hand to the last), hands, tables (and how "
    "many at once on average), net, all-in adjusted net and rake paid (money, in cash "
    "games of one currency; big blinds always), and per hour: money, big blinds, hands.")


def arguments(ses: argparse.ArgumentParser) -> None:
    common.add_player_hands(ses, "sessions")
    common.add_json(ses, "print the sessions as one JSON array")


def run(args: argparse.Namespace) -> int:
    from pipeline.read.sessions import sessions

    con, f = common.player_filters(args)
    if f is None:
        return 1
    player = f.player
    table = sessions(con, f)
    if table.is_empty():
        common.say(f"no {args.kind} hands of {player!r}")
        return 1
    rows = table.to_dicts()
    if args.json:
        print(json.dumps(rows, default=str))
        return 0
    heads = ["session", "start", "minutes", "hands", "tables", "at once", "net", "adj. net",
             "rake", "", "net bb", "adj. bb", "rake bb", "net/h", "bb/h", "hands/h"]
    keys = ["session", "start", "minutes", "hands", "tables", "at_once", "net",
            "allin_adj_net", "rake", "currency", "net_bb", "allin_adj_bb", "rake_bb",
            "net_per_hour", "bb_per_hour", "hands_per_hour"]
    print(f"{player}, {args.kind}: {len(rows):,} sessions")
    print(common.text_table(heads, [[_cell(r[k], k) for k in keys] for r in rows],
                            left=(1, 9)))
    print("Minutes from the first hand to the last; per hour: blank for a session of one "
          "moment. Money blank where a session mixes currencies (or in tournament chips).")
    return 0


def _cell(value, key: str) -> str:
    if value is None:
        return ""
    if key == "start":
        return f"{value:%Y-%m-%d %H:%M}"
    if key == "currency":
        return value
    if isinstance(value, float):
        return f"{value:,.1f}" if key in ("minutes", "hands_per_hour", "at_once") \
            else f"{value:+,.2f}" if key != "rake" and key != "rake_bb" else f"{value:,.2f}"
    return f"{value:,}"
