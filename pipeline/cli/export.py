"""``handlens export``: the chosen hands to Parquet, CSV (every table, rows as stored) or
PHH (the hands themselves), with the filters of stats and the dashboard."""
from __future__ import annotations

import argparse
import time
from pathlib import Path

from pipeline.cli import common

NAME = "export"
HELP = "write the hands to Parquet, CSV, PHH or PokerStars text, for notebooks and other tools"
DESCRIPTION = (
    "parquet and csv write every table of the chosen hands (hands, hand_players, actions, "
    "collections, showdowns, verdicts, findings, player_hand_stats, tournament_finishes, "
    "hand_copies), rows as stored, money exact. parquet: one dataset per table under OUT, "
    "partitioned by room and month; csv: one file per table. phh: the hands themselves in "
    "the Poker Hand History standard (pokerkit reads it), read again from their files, "
    "one OUT/ROOM/MONTH.phhs per room and month; hands PHH cannot express (dead blinds, "
    "run it twice, other games, ...) are skipped and counted by reason. stars: any room's "
    "hands as PokerStars writes them (the format most trackers, solvers and analysers "
    "read), one OUT/ROOM/MONTH.txt per room and month, each checked by reading it back; "
    "names kept, or --mask-names; hands the format cannot carry skipped by reason. forum: each hand "
    "as markdown for a forum post (stacks and actions in big blinds, or in money with "
    "--money; the result at the end), printed, or one OUT/SITE-ID.md each. html: each "
    "hand as one self-contained page with the table replayer (no server, no network), "
    "printed, or one OUT/SITE-ID.html each. The filters "
    "are those of stats and the dashboard, and --hand; with none, every hand.")


def arguments(ex: argparse.ArgumentParser) -> None:
    from pipeline.export.hands import FORMATS
    from pipeline.read.verify import STATUSES

    common.add_database(ex)
    ex.add_argument("--format", required=True, choices=FORMATS, help="what to write")
    ex.add_argument("--out", type=Path,
                    help="folder to write into (forum, stars: print the hands when not given)")
    ex.add_argument("--hand", action="append", default=[], metavar="SITE:ID",
                    help="only this hand (ID alone where one room has it); repeatable")
    ex.add_argument("--mask-names", action="store_true",
                    help="stars: the players as Hero, Player1, Player2, ... (the same player "
                         "the same name in every hand)")
    ex.add_argument("--money", action="store_true",
                    help="forum: amounts in the hand's money, not in big blinds")
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
    from pipeline.export.hands import HAND_TEXTS, TEXTS, export
    from pipeline.read.queries import Filters

    filters = Filters(player=args.player, kind=args.kind, since=args.since, until=args.until,
                      sites=tuple(args.room), stakes=tuple(args.stakes))
    if args.out is None and args.format not in (*TEXTS, "stars"):
        common.say(f"--format {args.format} writes a folder: give --out DIR")
        return common.REFUSED
    started = time.perf_counter()
    con = common.open_db(args.db, args.wait)
    try:
        if args.format in TEXTS:
            return _texts(con, args, filters)
        if args.out is None:
            return _printed(con, args, filters)
        keys = _named(con, args.hand)
        if keys == []:
            return 1
        done = export(con, args.out, args.format, filters, tuple(args.status), keys,
                      args.mask_names)
    finally:
        con.close()
    if args.format in HAND_TEXTS:
        print(f"{len(done.files):,} files, {done.hands:,} hands written")
        for reason, n in sorted(done.skipped.items(), key=lambda kv: (-kv[1], kv[0])):
            print(f"    {n:>8,} skipped: {reason}")
    else:
        for table, n in done.rows.items():
            print(f"{table:<18} {n:>12,} rows")
    print(f"{done.hands:,} hands → {args.out} ({args.format}, "
          f"{time.perf_counter() - started:.1f} s)")
    return 0


def _named(con, refs: list[str]) -> list[tuple[str, str]] | None:
    """The hands ``--hand`` names (None: none named; [] and said why: one not stored)."""
    from pipeline.store.notes import NotFound, hand

    if not refs:
        return None
    try:
        return [(t.site, t.hand_id) for t in (hand(con, ref) for ref in refs)]
    except NotFound as exc:
        common.say(str(exc))
        return []


def _printed(con, args: argparse.Namespace, filters) -> int:
    """The hands as PokerStars text on standard output (what was skipped, and why, on
    standard error)."""
    from pipeline.export.hands import chosen_hands, hand_texts

    keys = _named(con, args.hand)
    if keys == []:
        return 1
    if keys is None:
        keys = chosen_hands(con, filters, tuple(args.status))
    texts, skipped = hand_texts(con, args.format, keys, args.mask_names)
    if texts:
        print("\n\n".join(texts), end="")
    for reason, n in sorted(skipped.items(), key=lambda kv: (-kv[1], kv[0])):
        common.say(f"{n:,} skipped: {reason}")
    if not texts:
        common.say("no hand written")
        return 1
    return 0


def _texts(con, args: argparse.Namespace, filters) -> int:
    """One hand's text each (forum, html): the hands named, or those the filters choose."""
    from pipeline.export.forum import forum
    from pipeline.export.hands import TEXTS, chosen_hands, safe_name
    from pipeline.export.html import html

    keys = _named(con, args.hand)
    if keys == []:
        return 1
    if keys is None:
        keys = chosen_hands(con, filters, tuple(args.status))
    if not keys:
        common.say("no hand matches")
        return 1
    if args.out is not None:
        args.out.mkdir(parents=True, exist_ok=True)
    for site, hand_id in keys:
        text = (forum(con, site, hand_id, in_bb=not args.money) if args.format == "forum"
                else html(con, site, hand_id))
        if args.out is None:
            print(text)
        else:
            (args.out / f"{safe_name(site)}-{safe_name(hand_id)}.{TEXTS[args.format]}").write_text(
                text, "utf-8")
    if args.out is not None:
        common.say(f"{len(keys):,} hand{'' if len(keys) == 1 else 's'} → {args.out} "
                   f"({args.format})")
    return 0

