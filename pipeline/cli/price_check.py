"""``handlens price-check``: a player's big decisions priced: each river call or fold
facing a bet and each all-in decision, pot odds against equity (pipeline/read/prices.py)."""
from __future__ import annotations

import argparse
import json

from pipeline.cli import common

NAME = "price-check"
HELP = "every river call or fold and all-in decision: the pot odds against the equity"
DESCRIPTION = (
    "Every call or fold of the player facing a bet on the river, and every all-in decision "
    "on any street: the price (the equity a call needs, from the hand's pots; only hands "
    "whose verdict is ok) against the exact equity versus the opponents' cards where they "
    "were shown, else versus a range (one opponent: --range, or the top VPIP share of "
    "hands from their stats). The worst first: the big blinds each decision gave away "
    "(a call below its price, a fold above it). No later betting, no rake.")


def arguments(check: argparse.ArgumentParser) -> None:
    common.add_player_hands(check, "decisions")
    check.add_argument("--range", dest="range_text", metavar="RANGE",
                       help='the opponent\'s range where their cards were not shown, as '
                            'players write it: "QQ+, AKs, ATs+, 76s" or "15%%" (default: '
                            'the top share of hands of their VPIP)')
    check.add_argument("--limit", type=int, default=20,
                       help="list the worst N (default 20; 0: all)")
    common.add_json(check, "print every decision as one JSON object")


def run(args: argparse.Namespace) -> int:
    from engine.equity.ranges import RangeError
    from pipeline.read.prices import price_check

    con, f = common.player_filters(args)
    if f is None:
        return 1
    player = f.player
    try:
        found = price_check(con, f, args.range_text, args.limit or None)
    except RangeError as exc:
        common.say(f"--range: {exc}")
        return common.REFUSED
    if args.json:
        print(json.dumps({"player": player, "kind": args.kind, **found}))
        return 0
    rows = found["decisions"]
    print(f"{player}, {args.kind}: {found['priced']:,} decisions priced"
          + (f" (the worst {len(rows)})" if len(rows) < found["priced"] else ""))
    if rows:
        print(_table(rows))
    for reason, n in found["unpriced"].items():
        print(f"not priced: {n:,} ({reason})")
    print("Price: the equity a call needs; EV of a call and mistake in big blinds.")
    return 0


_STREETS = {1: "preflop", 2: "flop", 3: "turn", 4: "river"}


def _table(rows: list[dict]) -> str:
    heads = ["hand", "street", "decision", "to call", "pot", "price %", "equity %",
             "EV call bb", "mistake bb", "against"]
    return common.text_table(heads, [[
        f"{r['site']}:{r['hand_id']}", _STREETS[r["street"]], r["decision"],
        f"{r['owed']:,.2f}", f"{r['pot']:,.2f}", f"{r['price']:.1f}", f"{r['equity']:.1f}",
        f"{r['ev_call']:+.2f}", f"{r['mistake']:.2f}", r["against"]] for r in rows],
        left=(0, 1, 2, 9))
