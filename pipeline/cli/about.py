"""What ``handlens note`` and ``handlens tag`` are about: a hand (``--hand SITE:ID``),
one of its actions (``--action N``) or a player (``--player NAME``), as options shared
by both, and their lists printed as text or JSON."""
from __future__ import annotations

import argparse
import json

from pipeline.cli import common


def add_target(command: argparse.ArgumentParser, required: bool) -> None:
    what = command.add_argument_group("what it is about" + ("" if required else
                                                           " (default: everything)"))
    what.add_argument("--hand", metavar="SITE:ID",
                      help="a hand, as the pages and commands name it (ID alone where one "
                           "room has it)")
    what.add_argument("--action", type=int, metavar="N",
                      help="one action of the hand: its number, the replayer's #")
    what.add_argument("--player", metavar="NAME", help="a player (an opponent's read)")
    what.add_argument("--site", help="the player's room, where several have that name")
    command.set_defaults(target_required=required)


def target(con, args: argparse.Namespace):
    """The Target the options name (None: none named and none needed); ValueError
    (said by the caller) when they name none or both, or what is not there."""
    from pipeline.store import notes

    if args.hand and args.player:
        raise ValueError("name a hand or a player, not both")
    if args.action is not None and not args.hand:
        raise ValueError("--action N is an action of a hand: give --hand SITE:ID too")
    if args.hand:
        return notes.hand(con, args.hand, args.action)
    if args.player:
        return notes.player(con, args.player, args.site)
    if args.target_required:
        raise ValueError("name what it is about: --hand SITE:ID [--action N] or "
                         "--player NAME")
    return None


def about(row: dict) -> str:
    """'PokerStars:123 action #7', 'PokerStars:123', 'player Bob (PokerStars)'."""
    if row["hand_id"] is None:
        return f"player {row['player']} ({row['site']})"
    return f"{row['site']}:{row['hand_id']}" + (
        f" action #{row['seq']}" if row["seq"] is not None else "")


def print_rows(rows: list[dict], as_json: bool, line) -> None:
    """Each row as ``line(row)`` gives it, or all as one JSON array."""
    if as_json:
        print(json.dumps(rows, default=str, indent=1))
    else:
        for row in rows:
            print(line(row))


def run_safely(args: argparse.Namespace, work) -> int:
    """Open the database to write (or a dataset's notes, tags and aliases, with
    --parquet), do ``work(con)``, say a ValueError in one line."""
    if getattr(args, "parquet", None):
        from pipeline.dataset.views import open_dataset
        con = open_dataset(args.parquet, audit=False, marks_writable=True)
        close = con.close
    else:
        store = common.open_store(args.db, args.wait)
        con, close = store.con, store.close
    try:
        return work(con)
    except ValueError as exc:
        common.say(str(exc))
        return 1
    finally:
        close()
