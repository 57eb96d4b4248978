"""``handlens note``: notes on a hand, on one action of it, or on a player."""
from __future__ import annotations

import argparse

from pipeline.cli import about, common

NAME = "note"
HELP = "notes on a hand, one of its actions, or a player: add, remove, list"
DESCRIPTION = (
    "Write a note on a hand (--hand SITE:ID), on one of its actions (--action N, the "
    "replayer's #: 'the river call') or on a player (--player NAME: a read), list them, "
    "remove one by its number. Notes are kept in their own table: importing the files "
    "again, `verify --recheck` and an upgrade keep them.")


def arguments(note: argparse.ArgumentParser) -> None:
    sub = note.add_subparsers(dest="do", metavar="add|remove|list", required=True)
    add = sub.add_parser("add", help="write a note", description="Write a note.")
    add.add_argument("text", nargs="+", help="the note (words are joined by spaces)")
    about.add_target(add, required=True)
    remove = sub.add_parser("remove", help="remove a note by its number",
                            description="Remove a note by its number (`note list` shows it).")
    remove.add_argument("note_id", type=int, metavar="NUMBER")
    listed = sub.add_parser("list", help="list the notes",
                            description="List the notes: on a hand (and its actions), on a "
                                        "player, or all.")
    about.add_target(listed, required=False)
    common.add_json(listed, "print the notes as one JSON array")
    for command in (add, remove, listed):
        common.add_source(command)


def run(args: argparse.Namespace) -> int:
    from pipeline.store import notes

    def work(con) -> int:
        if args.do == "add":
            on = about.target(con, args)
            number = notes.add_note(con, on, " ".join(args.text))
            common.say(f"note #{number} on {on.label()}")
        elif args.do == "remove":
            notes.remove_note(con, args.note_id)
            common.say(f"note #{args.note_id} removed")
        else:
            rows = notes.list_notes(con, about.target(con, args))
            about.print_rows(rows, args.json, lambda r: f"#{r['note_id']:<4} {about.about(r)}"
                             f"  ({r['written_at']:%Y-%m-%d %H:%M} UTC): {r['text']}")
            if not rows and not args.json:
                common.say("no notes")
        return 0

    return about.run_safely(args, work)
