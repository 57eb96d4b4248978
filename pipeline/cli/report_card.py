"""``handlens report-card``: a player's month-by-month card for a coach or a backer."""
from __future__ import annotations

import argparse
import json

from pipeline.cli import common

NAME = "report-card"
HELP = "a player's month by month: stats with sample sizes, winnings, the history's integrity"
DESCRIPTION = (
    "For a coach or a backer: the player's months, each with its hands, VPIP, PFR, 3-bet, "
    "WTSD and W$SD (with their chances), AF, net and all-in adjusted net in big blinds, "
    "bb/100, and the history's integrity: hands with a failed verdict and the findings "
    "between hands (missing hands, edited copies, stacks that do not carry over, ...), "
    "by code. Cash games by default (--kind).")


def arguments(card: argparse.ArgumentParser) -> None:
    card.add_argument("--player", required=True, help="whose card")
    card.add_argument("--month", metavar="YYYY-MM", help="only this month")
    card.add_argument("--kind", choices=("cash", "tournament", "play"), default="cash",
                      help="cash games (default), tournaments or play money")
    common.add_database(card)
    common.add_json(card, "print the months as one JSON array")


def run(args: argparse.Namespace) -> int:
    from pipeline.read.queries import Filters
    from pipeline.read.report_card import CARD_STATS, report_card

    if args.month is not None and not _is_month(args.month):
        common.say(f"--month {args.month!r}: not YYYY-MM")
        return common.REFUSED
    con = common.open_db(args.db, args.wait)
    try:
        months = report_card(con, Filters(player=args.player, kind=args.kind), args.month)
    finally:
        con.close()
    if not months:
        common.say(f"no {args.kind} hands of {args.player!r}"
                   + (f" in {args.month}" if args.month else ""))
        return 1
    if args.json:
        print(json.dumps(months, indent=1))
        return 0
    heads = ["month", "hands", "net bb", "adj. bb", "bb/100",
             *(s.upper().replace("THREE_BET", "3B").replace("WSD", "W$SD") for s in CARD_STATS),
             "AF", "failed", "between hands"]
    lines = []
    for m in months:
        stats = [("–" if m[s] is None else f"{m[s]:.1f}") + f" ({m[s + '_chances']:,})"
                 for s in CARD_STATS]
        found = ", ".join(f"{code} {n}" for code, n in m["findings"].items()) or "none"
        lines.append([m["month"], f"{m['hands']:,}", f"{m['net_bb']:+,.1f}",
                      f"{m['allin_adj_bb']:+,.1f}", f"{m['bb_per_100']:+,.2f}", *stats,
                      "–" if m["af"] is None else f"{m['af']:.2f}", f"{m['failed']:,}", found])
    widths = [max(len(h), *(len(r[i]) for r in lines)) for i, h in enumerate(heads)]
    print("  ".join(h.ljust(w) for h, w in zip(heads, widths)).rstrip())
    for r in lines:
        print("  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip())
    print("Stats in percent, each with its chances; AF a factor. Integrity: hands whose "
          "verdict failed, and the findings between hands (handlens audit lists them).")
    return 0


def _is_month(text: str) -> bool:
    year, _, month = text.partition("-")
    return len(year) == 4 and year.isdigit() and month.isdigit() and 1 <= int(month) <= 12
