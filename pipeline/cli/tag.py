"""``handlens tag``: tags on a hand, on one action of it, or on a player."""
from __future__ import annotations

import argparse

from pipeline.cli import about, common

NAME = "tag"
HELP = "tags on a hand, one of its actions, or a player: add, remove, list"
DESCRIPTION = (
    "Set tags on a hand (--hand SITE:ID), on one of its actions (--action N, the "
    "replayer's #) or on a player (--player NAME), take them off, list them (all, those "
    "of a hand or player, or the hands with --tag TAG). Tags are kept in their own "
    "table: importing the files again, `verify --recheck` and an upgrade keep them.")


def arguments(tag: argparse.ArgumentParser) -> None:
    sub = tag.add_subparsers(dest="do", metavar="add|remove|list", required=True)
    add = sub.add_parser("add", help="set tags", description="Set tags.")
    remove = sub.add_parser("remove", help="take tags off", description="Take tags off.")
    for command in (add, remove):
        command.add_argument("tags", nargs="+", metavar="TAG")
        about.add_target(command, required=True)
    listed = sub.add_parser("list", help="list the tags set",
                            description="List the tags set: on a hand (and its actions), "
                                        "on a player, or all; --tag TAG: where that one is.")
    about.add_target(listed, required=False)
    listed.add_argument("--tag", help="only this tag")
    common.add_json(listed, "print the tags as one JSON array")
    for command in (add, remove, listed):
        common.add_database(command)


def run(args: argparse.Namespace) -> int:
    from pipeline.store import notes

    def work(con) -> int:
        if args.do == "list":
            rows = notes.list_tags(con, about.target(con, args), args.tag)
            about.print_rows(rows, args.json,
                             lambda r: f"{about.about(r)}: {r['tag']}"
                                       + ("" if r["source"] == notes.USER else
                                          f"  (set by {r['source']})"))
            if not rows and not args.json:
                common.say("no tags")
            return 0
        on = about.target(con, args)
        if args.do == "add":
            done = notes.add_tags(con, on, args.tags)
            common.say(f"{on.label()}: " + (", ".join(done) + " set" if done else
                                            "had every one of these tags already"))
        else:
            done = notes.remove_tags(con, on, args.tags)
            common.say(f"{on.label()}: " + (", ".join(done) + " taken off" if done else
                                            "had none of these tags"))
        return 0

    return about.run_safely(args, work)
