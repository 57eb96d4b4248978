"""``handlens audit``: what the files hide between hands (pipeline/audit.py), counted
by code and listed with both hands' files and lines."""
from __future__ import annotations

import argparse
import json

from pipeline.store.paths import printable
from pipeline.cli import common

NAME = "audit"
HELP = "what the files hide between hands: missing hands, stacks, edits"
DESCRIPTION = ("Checks that the hands of each table fit together: stacks carried from hand "
               "to hand, the button and the big blind moving on, time and hand numbers in "
               "order in each file, no hand missing, no hand read twice with different "
               "content. Each finding names both hands with their file and line. A finding "
               "here never changes a hand's own verdict (handlens verify).")


def arguments(au: argparse.ArgumentParser) -> None:
    from pipeline.audit import CODES

    common.add_source(au)
    au.add_argument("--player", help="only the table sessions this player sat in")
    common.add_dates(au, "sessions")
    au.add_argument("--code", choices=sorted(CODES), help="only findings with this code")
    au.add_argument("--limit", type=int, default=100,
                    help="findings listed (default 100; 0: all)")
    common.add_json(au)


def run(args: argparse.Namespace) -> int:
    from pipeline import audit

    con = common.read(args)
    try:
        sessions, findings = audit.in_scope(*audit.audit(con), audit.Scope(
            args.player, args.since, args.until))
        paths = dict(con.execute("SELECT file_id, path FROM files").fetchall())
    finally:
        con.close()
    if args.code:
        findings = findings.filter(code=args.code)
    listed = findings if args.limit == 0 else findings.head(args.limit)
    rows = [{**r, "file": paths.get(r["file_id"]), "other_file": paths.get(r["other_file_id"])}
            for r in listed.drop("tbl").iter_rows(named=True)]
    by_code = dict(findings.group_by("code").len().sort("code").rows())
    hands = int(sessions["hands"].sum() or 0)
    if args.json:
        print(json.dumps({"sessions": sessions.height, "hands": hands,
                          "findings": findings.height, "by_code": by_code,
                          "listed": rows}, default=str))
        return 0
    print(f"table sessions   {sessions.height:>9,}\n"
          f"hands            {hands:>9,}\n"
          f"findings         {findings.height:>9,}")
    for code, n in by_code.items():
        print(f"    {n:>6,}  {code}: {audit.CODES[code]}")
    for r in rows:
        print(f"{r['code']}: {r['site']} hand {r['hand_id']} ({printable(r['file'])}:{r['line']}) "
              f"and {r['other_hand_id']} ({printable(r['other_file'])}:{r['other_line']})\n"
              f"    {r['message']}")
    if findings.height > len(rows):
        print(f"... {findings.height - len(rows):,} more (--limit 0 lists them all)")
    return 0
