"""The ``handlens`` command: the parser built from the commands' modules, and dispatch.

Each command is a module of this package with NAME, HELP, DESCRIPTION, ``arguments``
(its options) and ``run`` (what it does, returning the exit status). Only the chosen
command's options are built, and a module imports what its command uses only when it
runs: ``handlens --help`` loads neither DuckDB nor polars nor the dashboard.
"""
from __future__ import annotations

import argparse
import sys

from pipeline.cli import (alias, audit, common, dashboard, equity, errors, export,
                          import_files, leaks, note, price_check, report, report_card,
                          sessions, simulate, stats, tag, verify, watch)

# in the order ``handlens --help`` lists them
COMMANDS = (import_files, watch, verify, stats, sessions, leaks, price_check, audit, export,
            equity, simulate, errors, report, note, tag, alias, report_card, dashboard)


def main(argv: list[str] | None = None, own_process: bool = False) -> int:
    """Run the command ``argv`` names. ``own_process``: the process is handlens's own
    (the program, not a caller's Python), so a command may shape it for its work."""
    argv = sys.argv[1:] if argv is None else list(argv)
    parser = build_parser(_chosen(argv))
    args = parser.parse_args(argv)
    args.own_process = own_process
    if not getattr(args, "command", None):
        parser.print_help()
        return common.REFUSED
    try:
        return args.run(args)
    except BrokenPipeError:  # the output was piped into a program that stopped reading
        sys.stderr.close()
        return 0
    except KeyboardInterrupt:
        print("handlens: interrupted; every batch written so far is complete", file=sys.stderr)
        return 130
    except Exception as exc:  # noqa: BLE001 - said in one line where it is not a bug
        return common.refusal(exc, args)


def build_parser(chosen: str | None = None) -> argparse.ArgumentParser:
    """The parser of every command; with ``chosen``, only that command's options are
    added (the others listed with their help only; "" adds none)."""
    p = argparse.ArgumentParser(
        prog="handlens",
        description="Parse poker hand histories into DuckDB, verify them, study them.")
    p.add_argument("--version", action=_Version, help="show the version and exit")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")
    for command in COMMANDS:
        parser = sub.add_parser(command.NAME, help=command.HELP,
                                description=command.DESCRIPTION)
        if chosen is None or chosen == command.NAME:
            command.arguments(parser)
        parser.set_defaults(run=command.run)
    return p


def _chosen(argv: list[str]) -> str:
    """The command named on the line: the first word that is not an option (handlens'
    own options take no value); "" when there is none."""
    return next((a for a in argv if not a.startswith("-")), "")


class _Version(argparse.Action):
    """--version, read from the installed package's metadata only when asked for
    (importlib.metadata costs every command a few hundredths of a second)."""

    def __init__(self, option_strings, dest=argparse.SUPPRESS, default=argparse.SUPPRESS,
                 help=None):
        super().__init__(option_strings, dest=dest, default=default, nargs=0, help=help)

    def __call__(self, parser, namespace, values, option_string=None):
        print(f"handlens {_version()}")
        parser.exit()


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version
    try:
        return version("handlens")
    except PackageNotFoundError:
        return "(not installed)"


def program() -> int:
    """The handlens program (its console script, and ``python -m pipeline.cli``)."""
    return main(own_process=True)


if __name__ == "__main__":
    sys.exit(program())
