"""``handlens tag``: tags on a hand, on one action of it, or on a player."""
from __future__ import annotations

import argparse
from pathlib import Path

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
    auto = sub.add_parser(
        "auto", help="set the auto-tags afresh from their rules",
        description="Set the auto-tags afresh over every hand, from the rules file (TOML): "
                    "by default autotags.toml beside handlens.toml in your config folder "
                    "if you made one, else the shipped rules (3-bet pot, hero all-in, pot "
                    "over 50 bb, river call, lost over 30 bb at showdown, failed verdict, "
                    "between-hands finding). Every import does this too; tags a person "
                    "set are never touched. Copy the shipped file (--show-rules prints "
                    "it) to make your own.")
    auto.add_argument("--rules", type=Path, help="this rules file instead")
    auto.add_argument("--show-rules", action="store_true",
                      help="print the rules file in use and where it is, and stop")
    for command in (add, remove, listed, auto):
        common.add_source(command)


def run(args: argparse.Namespace) -> int:
    from pipeline.store import notes

    if args.do == "auto":
        return _auto(args)

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


def _auto(args: argparse.Namespace) -> int:
    from pipeline.ingest import autotags

    path = args.rules or autotags.rules_path()
    try:
        rules = autotags.read_rules(path)
    except autotags.RulesError as exc:
        common.say(str(exc))
        return common.REFUSED
    if args.show_rules:
        common.say(f"the rules in use: {path}")
        print(path.read_text("utf-8"), end="")
        return 0
    store = common.open_store(args.db, args.wait)
    try:
        counts = autotags.apply(store.con, rules)
    finally:
        store.close()
    width = max((len(t) for t in counts), default=0)
    for tag, n in counts.items():
        print(f"{tag:<{width}}  {n:>8,}")
    common.say(f"{sum(counts.values()):,} auto-tags set from {path}")
    return 0

