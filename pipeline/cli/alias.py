"""``handlens alias``: one person behind several screen names (add, remove, list)."""
from __future__ import annotations

import argparse

from pipeline.cli import about, common

NAME = "alias"
HELP = "one person behind several screen names: add, remove, list"
DESCRIPTION = (
    "Give a person their screen names, on one room or several (a student who plays on "
    "three sites): then --player PERSON (stats, report, report-card, export) and the "
    "dashboard's player choose the hands of every one of their names, and Compare "
    "sets a person beside a player. A person's name must not be a screen name. "
    "Aliases are kept in their own table: importing again, `verify --recheck` and an "
    "upgrade keep them.")


def arguments(alias: argparse.ArgumentParser) -> None:
    sub = alias.add_subparsers(dest="do", metavar="add|remove|list", required=True)
    add = sub.add_parser("add", help="give a person screen names",
                         description="Give PERSON these screen names.")
    remove = sub.add_parser("remove", help="take screen names from a person",
                            description="Take these screen names (all, when none is "
                                        "given) from PERSON.")
    listed = sub.add_parser("list", help="list the persons and their names",
                            description="List each person's screen names and their hands.")
    add.add_argument("person", metavar="PERSON")
    add.add_argument("names", nargs="+", metavar="NAME", help="a screen name")
    remove.add_argument("person", metavar="PERSON")
    remove.add_argument("names", nargs="*", metavar="NAME", help="a screen name")
    listed.add_argument("person", nargs="?", metavar="PERSON", help="only this person")
    for command in (add, remove):
        command.add_argument("--site", help="the names' room, where several rooms have one")
    common.add_json(listed, "print the names as one JSON array")
    for command in (add, remove, listed):
        common.add_source(command)


def run(args: argparse.Namespace) -> int:
    from pipeline.store import aliases

    def work(con) -> int:
        if args.do == "list":
            rows = aliases.listed(con, args.person)
            about.print_rows(rows, args.json, lambda r: f"{r['person']}: {r['player']} "
                                                        f"({r['site']}, {r['hands']:,} hands)")
            if not rows and not args.json:
                common.say("no aliases" + (f" of {args.person!r}" if args.person else ""))
            return 0
        names = [(name, args.site) for name in args.names]
        if args.do == "add":
            added = aliases.add(con, args.person, names)
            common.say(f"{args.person}: " + (", ".join(f"{p} ({s})" for s, p in added)
                                             + " given" if added else "had these names already"))
        else:
            n = aliases.remove(con, args.person, names or None)
            common.say(f"{args.person}: {n} name{'s' if n != 1 else ''} taken off")
        return 0

    return about.run_safely(args, work)
