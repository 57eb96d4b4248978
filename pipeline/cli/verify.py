"""``handlens verify``: the rules engine's verdicts, counted and listed; --recheck
judges the stored hands again first."""
from __future__ import annotations

import argparse
import json

from pipeline.store.paths import printable
from pipeline.cli import common

NAME = "verify"
HELP = "the rules engine's verdicts: counts, findings, the hands concerned"
DESCRIPTION = ("Report the verdict of every imported hand (ok, warning, failed, "
               "unverifiable, unsupported) and the findings behind them.")


def arguments(ver: argparse.ArgumentParser) -> None:
    from pipeline.read.verify import STATUSES

    common.add_source(ver)
    ver.add_argument("--status", choices=STATUSES,
                     help="select hands with this verdict (default: failed)")
    ver.add_argument("--code", help="select hands with this finding code, e.g. POT_MISMATCH")
    ver.add_argument("--hands", action="store_true",
                     help="with --json: list the selected hands and their findings")
    ver.add_argument("--limit", type=int, default=50,
                     help="list at most N hands (default 50; --json --hands: 1000)")
    common.add_json(ver)
    ver.add_argument("--recheck", action="store_true",
                     help="first judge every stored hand again, reading it back from its "
                          "file (after an upgrade of the rules engine); not with --parquet")


def run(args: argparse.Namespace) -> int:
    from pipeline.read.verify import report

    if args.recheck and args.parquet:
        common.say("--recheck writes its verdicts into a database; a Parquet dataset is "
                   "read-only (import the files again to judge them anew)")
        return common.REFUSED
    if args.recheck:
        _recheck(args)
    con = common.read(args)
    status = args.status or (None if args.code else "failed")
    if args.json:
        limit = args.limit if args.limit != 50 else 1000
        print(json.dumps(report(con, status, args.code, args.hands, limit)))
        return 0
    r = report(con, status, args.code, True, args.limit)
    print(f"hands verified   {r['hands']:>9,}")
    for s, n in r["status"].items():
        print(f"  {s:<14} {n:>9,}")
    if r["codes"]:
        print("findings (hands with each code)")
        for code, n in r["codes"].items():
            print(f"  {code:<22} {n:>7,}")
    chosen = " and ".join(x for x in (status and f"status {status}",
                                      args.code and f"code {args.code}") if x)
    print(f"hands with {chosen}: {len(r['details'])}"
          + (f" (first {args.limit}; --limit shows more)"
             if len(r["details"]) >= args.limit else ""))
    for h in r["details"]:
        print(f"{printable(h['file'])}:{h['line']}: {h['site']} #{h['hand_id']} {h['status']}")
        for f in h["findings"]:
            print(f"    {f['code']}: {f['message']}")
    return 0


def _recheck(args: argparse.Namespace) -> None:
    """Judge every stored hand again, read back from its file."""
    from pipeline.ingest.recheck import recheck

    store = common.open_store(args.db, args.wait)
    try:
        counts = recheck(store)
    finally:
        store.close()
    if not args.json:
        print(f"judged again: {counts['hands']:,} hands"
              + (f" ({counts['missing']:,} no longer found in their files)"
                 if counts["missing"] else ""))
