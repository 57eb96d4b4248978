"""What the commands share: the database options, opening a database (waiting while
an import holds it), dates, messages and exit codes.

Only argparse and the standard library at module level: every command's module
imports this one to build ``handlens --help``, which must stay light.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

DEFAULT_DB = "handlens.duckdb"
BUSY = 75  # exit status when the database stayed busy: try again later (EX_TEMPFAIL)
REFUSED = 2  # a missing file, a wrong option, a database of another version

PARQUET_HELP = ("read the Parquet dataset in folder DIR (handlens import --out; or at an "
                "address: s3://, gs://, file://...) instead of a database, through DuckDB "
                "views; duplicates across files count once")


def add_db(where) -> None:
    """--db FILE, on a command's parser or in a group of options that exclude each other."""
    where.add_argument("--db", default=DEFAULT_DB, help=f"database file (default {DEFAULT_DB})")


def add_wait(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "--wait", type=float, default=60.0, metavar="SECONDS",
        help="while another process (an import) holds the database, wait this long for it "
             "before giving up (default 60)")


def add_database(command: argparse.ArgumentParser) -> None:
    """--db FILE and --wait: a command that reads or writes a database only."""
    add_db(command)
    add_wait(command)


def add_source(command: argparse.ArgumentParser) -> None:
    """--db FILE or --parquet DIR, and --wait: a command that reads either."""
    where = command.add_mutually_exclusive_group()
    add_db(where)
    where.add_argument("--parquet", metavar="DIR", help=PARQUET_HELP)
    add_wait(command)


def add_dates(command: argparse.ArgumentParser, what: str = "") -> None:
    """--since and --until, days included; ``what`` names what they select."""
    of = f"{what} " if what else ""
    command.add_argument("--since", type=date, help=f"{of}from this date (YYYY-MM-DD)")
    command.add_argument("--until", type=date,
                         help=f"{of}to this date, included (YYYY-MM-DD)")


def add_workers(command: argparse.ArgumentParser, what: str) -> None:
    command.add_argument("--workers", type=int, default=None,
                         help=f"{what} (default: one per core)")


def add_quiet(command: argparse.ArgumentParser) -> None:
    command.add_argument("--quiet", action="store_true", help="no progress bar")


def add_json(command: argparse.ArgumentParser, what: str = "print one JSON object") -> None:
    command.add_argument("--json", action="store_true", help=what)


def date(text: str):
    """An argparse type: YYYY-MM-DD."""
    from datetime import date as day
    try:
        return day.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a date (YYYY-MM-DD): {text!r}") from None


def say(message: str) -> None:
    """A message for the person at the terminal (stderr), not part of the output."""
    print(f"handlens: {message}", file=sys.stderr, flush=True)


def open_db(db: str, wait: float):
    """A read-only connection to the database, waiting up to ``wait`` seconds while
    another process holds it."""
    from pipeline.store.database import connect

    if not Path(db).exists():
        raise FileNotFoundError(f"no database at {db} (run handlens import first)")
    return connect(db, read_only=True, wait=wait, waiting=say)


def open_store(db: str, wait: float):
    """The database's writer (pipeline.store.database.Store) for an existing database."""
    from pipeline.store.database import Store

    open_db(db, wait).close()  # a clear message if there is no database
    return Store(db, wait=wait, waiting=say)


def read(args: argparse.Namespace):
    """The read-only connection a command reads: the database, or the dataset's views."""
    if args.parquet:
        from pipeline.dataset.views import open_dataset
        return open_dataset(args.parquet, audit=False)
    return open_db(args.db, args.wait)


def show_progress(args: argparse.Namespace) -> bool:
    """A progress bar only for a person watching: not --quiet, not --json, a terminal."""
    return not (args.quiet or getattr(args, "json", False)) and sys.stderr.isatty()


def refusal(exc: Exception, args: argparse.Namespace) -> int:
    """What stops a command without being a bug, in one line and an exit status: a
    missing file, a database of another version, one another process holds, one DuckDB
    refuses. Anything else is raised again."""
    from pipeline.dataset.views import DatasetError
    from pipeline.store.database import DatabaseBusy, SchemaError

    from pipeline.ingest.folders import ConfigError

    if isinstance(exc, (FileNotFoundError, SchemaError, DatabaseBusy, DatasetError,
                        ConfigError)):
        print(f"handlens: {exc}", file=sys.stderr)
        return BUSY if isinstance(exc, DatabaseBusy) else REFUSED
    if type(exc).__module__.lstrip("_").startswith("duckdb"):
        first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        where = getattr(args, "parquet", None) or getattr(args, "db", "")
        print(f"handlens: {where}: {first}", file=sys.stderr)
        return REFUSED
    raise exc


KINDS = ("cash", "tournament", "play")  # engine.model.hand.GameKind.ALL (not imported: --help stays light)


def add_player_hands(command: argparse.ArgumentParser, whose: str) -> None:
    """--db/--parquet, --player (the hero by default), --kind (cash by default) and the
    dates: a command over one player's hands."""
    add_source(command)
    command.add_argument("--player", help=f"whose {whose} (default: the hero, whose cards "
                                          f"are dealt in most hands)")
    command.add_argument("--kind", choices=KINDS, default="cash",
                         help="cash games (default), tournaments or play money")
    add_dates(command, "hands")


def player_filters(args: argparse.Namespace):
    """(the read connection, the Filters of ``add_player_hands``' options); the filters
    None, said, where no player is named and the store has no hero."""
    from pipeline.read.queries import Filters
    from pipeline.stats.aggregate import hero

    con = read(args)
    player = args.player or hero(con)
    if player is None:
        say("no hands with a hero yet: name a player (--player)")
        return con, None
    return con, Filters(player=player, kind=args.kind, since=args.since, until=args.until)


def text_table(heads: list[str], rows: list[list[str]], left: tuple[int, ...] = (0,)) -> str:
    """Rows as a terminal table: a heading, a rule, columns as wide as their widest cell
    (those in ``left`` to the left, the others to the right)."""
    table = [heads, *rows]
    widths = [max(len(row[i]) for row in table) for i in range(len(heads))]
    lines = []
    for n, row in enumerate(table):
        lines.append("  ".join(c.ljust(w) if i in left else c.rjust(w)
                               for i, (c, w) in enumerate(zip(row, widths))).rstrip())
        if n == 0:
            lines.append("  ".join("-" * w for w in widths))
    return "\n".join(lines)
