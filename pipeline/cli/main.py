"""The ``handlens`` command: import hand histories and look at what was stored."""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

DEFAULT_DB = "handlens.duckdb"
_DB = {"default": DEFAULT_DB, "help": f"database file (default {DEFAULT_DB})"}
_WAIT = {"type": float, "default": 60.0, "metavar": "SECONDS",
         "help": "while another process (an import) holds the database, wait this long "
                 "for it before giving up (default 60)"}
_PARQUET = ("read the Parquet dataset in folder DIR (handlens import --out; or at an address: "
            "s3://, gs://, file://...) instead of a database, through DuckDB views; "
            "duplicates across files count once")
BUSY = 75  # exit status when the database stayed busy: try again later (EX_TEMPFAIL)


def main(argv: list[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    if not getattr(args, "command", None):
        parser.print_help()
        return 2
    try:
        return args.run(args)
    except BrokenPipeError:  # the output was piped into a program that stopped reading
        sys.stderr.close()
        return 0
    except KeyboardInterrupt:
        print("handlens: interrupted; every batch written so far is complete", file=sys.stderr)
        return 130
    except Exception as exc:  # noqa: BLE001 - said in one line where it is not a bug
        return _refusal(exc, args)


def _refusal(exc: Exception, args: argparse.Namespace) -> int:
    """What stops a command without being a bug, in one line: a missing file, a
    database of another version, one another process holds, one DuckDB refuses."""
    from pipeline.dataset.views import DatasetError
    from pipeline.store.database import DatabaseBusy, SchemaError

    if isinstance(exc, (FileNotFoundError, SchemaError, DatabaseBusy, DatasetError)):
        print(f"handlens: {exc}", file=sys.stderr)
        return BUSY if isinstance(exc, DatabaseBusy) else 2
    if type(exc).__module__.lstrip("_").startswith("duckdb"):
        first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        where = getattr(args, "parquet", None) or getattr(args, "db", "")
        print(f"handlens: {where}: {first}", file=sys.stderr)
        return 2
    raise exc


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="handlens",
        description="Parse poker hand histories into DuckDB, verify them, study them.")
    p.add_argument("--version", action="version", version=f"handlens {_version()}")
    from pipeline.audit import CODES as CODES_BETWEEN_HANDS
    from pipeline.export.hands import FORMATS as EXPORT_FORMATS
    from pipeline.export.hands import STATUSES as EXPORT_STATUSES

    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    imp = sub.add_parser(
        "import", help="import hand-history files and folders (recursively)",
        description="Import hand-history files into the database. Files already "
                    "imported are skipped; a file that has grown adds only its new hands.")
    imp.add_argument("paths", nargs="+", metavar="PATH", help="files or folders")
    imp.add_argument("--db", **_DB)
    imp.add_argument("--wait", **_WAIT)
    imp.add_argument("--workers", type=int, default=None,
                     help="parsing processes (default: one per core)")
    imp.add_argument("--json", action="store_true", help="print the summary as one JSON object")
    imp.add_argument("--quiet", action="store_true", help="no progress bar")
    imp.add_argument("--equity", action="store_true",
                     help="also fill the all-in adjusted net of hands a version before 0.2 "
                          "stored without it, as handlens equity does (new hands always "
                          "get theirs)")
    imp.add_argument("--out", metavar="DIR|URI",
                     help="write a Parquet dataset there instead of a database: one part "
                          "per table per file, merged into larger segments when there are "
                          "many, a manifest last (the commands read it with --parquet)")
    imp.add_argument("--no-compact", action="store_true",
                     help="with --out: leave each file's parts as written (no merging into "
                          "segments this time; a later import merges them)")
    imp.add_argument("--engine", choices=("local", "dask"), default="local",
                     help="with --out: run the files' tasks in local processes (default) "
                          "or on a Dask cluster (pip install -e '.[dask]')")
    imp.add_argument("--address", metavar="tcp://HOST:8786",
                     help="with --engine dask: the scheduler (default: start a local "
                          "cluster of --workers processes for this run)")
    imp.add_argument("--range-mb", type=float, default=None, metavar="MB",
                     help="with --out: a file larger than this is read in byte ranges of "
                          "about this size, each a task of its own (default 64; 0: never)")
    imp.set_defaults(run=_cmd_import)

    ver = sub.add_parser(
        "verify", help="the rules engine's verdicts: counts, findings, the hands concerned",
        description="Report the verdict of every imported hand (ok, warning, failed, "
                    "unverifiable, unsupported) and the findings behind them.")
    _source(ver)
    ver.add_argument("--status", choices=("ok", "warning", "failed", "unverifiable", "unsupported"),
                     help="select hands with this verdict (default: failed)")
    ver.add_argument("--code", help="select hands with this finding code, e.g. POT_MISMATCH")
    ver.add_argument("--hands", action="store_true",
                     help="with --json: list the selected hands and their findings")
    ver.add_argument("--limit", type=int, default=50,
                     help="list at most N hands (default 50; --json --hands: 1000)")
    ver.add_argument("--json", action="store_true", help="print one JSON object")
    ver.add_argument("--recheck", action="store_true",
                     help="first judge every stored hand again, reading it back from its "
                          "file (after an upgrade of the rules engine); not with --parquet")
    ver.set_defaults(run=_cmd_verify)

    st = sub.add_parser(
        "stats", help="player statistics by position, starting hand, stakes, session or player",
        description="Statistics as defined in docs/STATS.md (VPIP, PFR, 3-bet, AF, WTSD, "
                    "W$SD, ...), with the chances and dones behind each percentage. A stat "
                    "with no chances is shown empty.")
    _source(st)
    st.add_argument("--player", help="whose stats (default: the hero, whose cards are dealt "
                                     "in most hands)")
    st.add_argument("--by", default="position",
                    choices=("position", "hand", "stakes", "session", "player"),
                    help="group by (default position)")
    st.add_argument("--since", type=_date, help="from this date (YYYY-MM-DD)")
    st.add_argument("--until", type=_date, help="to this date, included (YYYY-MM-DD)")
    st.add_argument("--format", default="table", choices=("table", "csv", "json"))
    st.set_defaults(run=_cmd_stats)

    au = sub.add_parser(
        "audit", help="what the files hide between hands: missing hands, stacks, edits",
        description="Checks that the hands of each table fit together: stacks carried "
                    "from hand to hand, the button and the big blind moving on, time and "
                    "hand numbers in order in each file, no hand missing, no hand read "
                    "twice with different content. Each finding names both hands with "
                    "their file and line. A finding here never changes a hand's own "
                    "verdict (handlens verify).")
    _source(au)
    au.add_argument("--player", help="only the table sessions this player sat in")
    au.add_argument("--since", type=_date, help="sessions from this date (YYYY-MM-DD)")
    au.add_argument("--until", type=_date, help="sessions to this date, included (YYYY-MM-DD)")
    au.add_argument("--code", choices=sorted(CODES_BETWEEN_HANDS),
                    help="only findings with this code")
    au.add_argument("--limit", type=int, default=100,
                    help="findings listed (default 100; 0: all)")
    au.add_argument("--json", action="store_true", help="print one JSON object")
    au.set_defaults(run=_cmd_audit)

    ex = sub.add_parser(
        "export", help="write the hands to Parquet, CSV or PHH, for notebooks and other tools",
        description="parquet and csv write every table of the chosen hands (hands, "
                    "hand_players, actions, collections, showdowns, verdicts, findings, "
                    "player_hand_stats, tournament_finishes, hand_copies), rows as stored, money exact. parquet: one dataset "
                    "per table under OUT, partitioned by room and month; csv: one file per "
                    "table. phh: the hands themselves in the Poker Hand History standard "
                    "(pokerkit reads it), read again from their files, one OUT/ROOM/MONTH.phhs "
                    "per room and month; hands PHH cannot express (dead blinds, run it twice, "
                    "other games, ...) are skipped and counted by reason. The filters are "
                    "those of stats and the dashboard; with none, every hand.")
    ex.add_argument("--db", **_DB)
    ex.add_argument("--wait", **_WAIT)
    ex.add_argument("--format", required=True, choices=EXPORT_FORMATS, help="what to write")
    ex.add_argument("--out", required=True, type=Path, help="folder to write into")
    ex.add_argument("--player", help="only hands this player was dealt into")
    ex.add_argument("--since", type=_date, help="from this date (YYYY-MM-DD)")
    ex.add_argument("--until", type=_date, help="to this date, included (YYYY-MM-DD)")
    ex.add_argument("--room", action="append", default=[], metavar="ROOM",
                    help="only this room, as stored (PokerStars, 888poker, ...); repeatable")
    ex.add_argument("--stakes", action="append", default=[], metavar="STAKES",
                    help="only these stakes, as the dashboard names them ('USD 0.05/0.10', "
                         "a tournament's buy-in); repeatable")
    ex.add_argument("--kind", choices=("cash", "tournament"),
                    help="only cash games or only tournaments (default both)")
    ex.add_argument("--status", action="append", default=[], choices=EXPORT_STATUSES,
                    help="only hands with this verdict; repeatable")
    ex.set_defaults(run=_cmd_export)

    eq = sub.add_parser(
        "equity", help="fill the all-in adjusted net a database made before 0.2 lacks",
        description="The import computes every hand's all-in adjusted net. Versions "
                    "before 0.2 left preflop all-ins without it: this command fills those "
                    "of such a database, committing as it goes (stop it any time; it "
                    "carries on where it stopped). On a database made by this version it "
                    "has nothing to do.")
    eq.add_argument("--db", **_DB)
    eq.add_argument("--wait", **_WAIT)
    eq.add_argument("--workers", type=int, default=None,
                    help="processes (default: one per core)")
    eq.add_argument("--quiet", action="store_true", help="no progress bar")
    eq.set_defaults(run=_cmd_equity)

    sim = sub.add_parser(
        "simulate", help="write simulated legal hands as PokerStars text",
        description="Play legal Hold'em hands and write them as PokerStars hand histories, "
                    "500 hands a file. --play regular (the default): a regular's database, "
                    "the hero (\"Hero\") in every hand, everyone playing sensible ranges "
                    "by position: no-limit cash sessions at 6-max and 9-max tables and "
                    "three stakes, a few pot-limit and fixed-limit ones, now and then a "
                    "sit-and-go with rising blinds. --play random: random tables (2-10 "
                    "players, NL/PL/FL, antes, straddles, short stacks) and random "
                    "decisions, so that side pots, incomplete raises, split pots and "
                    "boards run twice come often.")
    sim.add_argument("--hands", type=int, default=1000, help="how many hands (default 1000)")
    sim.add_argument("--out", required=True, help="folder to write into")
    sim.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    sim.add_argument("--play", choices=("regular", "random"), default="regular",
                     help="regular: sensible poker in sessions and sit-and-gos (default); "
                          "random: random tables and decisions, every rule")
    sim.set_defaults(run=_cmd_simulate)

    err = sub.add_parser("errors", help="list the hands that could not be parsed",
                         description="List parse errors as file:line and reason.")
    _source(err)
    err.add_argument("--limit", type=int, default=0, help="show at most N (default all)")
    err.add_argument("--text", action="store_true", help="also print each hand's raw text")
    err.set_defaults(run=_cmd_errors)

    dash = sub.add_parser(
        "dashboard", help="open the dashboard (Streamlit) over a database",
        description="Serve the dashboard over the database: overview and winnings graph, "
                    "positions, starting hands, a hand list with a replayer, verification, "
                    "and an Import page (the only part that writes). Pages read the "
                    "database read-only and keep working while `handlens import` writes. "
                    "Open the address it prints in a browser; Ctrl-C stops it.")
    where = dash.add_mutually_exclusive_group()
    where.add_argument("--db", **_DB)
    where.add_argument("--parquet", metavar="DIR",
                       help=_PARQUET + "; read-only: the Import page is off")
    dash.add_argument("--port", type=int, default=8501, help="port to serve on (default 8501)")
    dash.add_argument("--address", default="localhost",
                      help="address to listen on (default localhost: this machine only)")
    dash.set_defaults(run=_cmd_dashboard)
    return p


def _source(command: argparse.ArgumentParser) -> None:
    """--db FILE or --parquet DIR, and --wait."""
    where = command.add_mutually_exclusive_group()
    where.add_argument("--db", **_DB)
    where.add_argument("--parquet", metavar="DIR", help=_PARQUET)
    command.add_argument("--wait", **_WAIT)


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version
    try:
        return version("handlens")
    except PackageNotFoundError:
        return "(not installed)"


def _cmd_import(args: argparse.Namespace) -> int:
    if args.out:
        return _import_dataset(args)
    if args.engine != "local" or args.address or args.range_mb is not None:
        _say("--engine, --address and --range-mb are for a dataset: give --out DIR")
        return 2
    from pipeline.ingest.importer import Importer
    from pipeline.ingest.files import discover, size_of
    from pipeline.store.database import Store

    files = discover(args.paths, exclude=[args.db, args.db + ".wal"])
    total_bytes = sum(size_of(f) for f in files)
    store = Store(args.db, threads=1, wait=args.wait, waiting=_say)
    show = not (args.quiet or args.json) and sys.stderr.isatty()
    try:
        if show:
            summary = _import_with_progress(Importer, store, files, total_bytes, args.workers)
        else:
            summary = Importer(store, args.workers).run(files)
        if args.equity and summary.preflop_pending:
            _fill_equity(store, show, args.workers)
            summary.preflop_pending = 0
    finally:
        store.close()
    if args.json:
        print(json.dumps(summary.as_json()))
    else:
        _print_summary(summary, args.db)
    return 0


def _import_dataset(args: argparse.Namespace) -> int:
    """``import --out``: the files' tasks on the chosen engine, into a Parquet dataset."""
    from pipeline.dataset import scale

    if args.equity:
        _say("--equity is for a database made before 0.2, not with --out")
        return 2
    if args.range_mb is not None and args.range_mb < 0:
        _say("--range-mb is a size in MB (0: never read a file in ranges)")
        return 2
    range_bytes = (scale.RANGE_BYTES if args.range_mb is None
                   else int(args.range_mb * 2**20) or None)
    show = not (args.quiet or args.json) and sys.stderr.isatty()
    if show:
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn
        with Progress("[bold]importing", BarColumn(), MofNCompleteColumn(), "files",
                      TimeElapsedColumn()) as bar:
            task = bar.add_task("files", total=None)
            summary = scale.run(args.paths, args.out, args.engine, args.address, args.workers,
                                lambda done, total: bar.update(task, completed=done,
                                                               total=total),
                                compact=False if args.no_compact else None,
                                range_bytes=range_bytes)
    else:
        summary = scale.run(args.paths, args.out, args.engine, args.address, args.workers,
                            compact=False if args.no_compact else None,
                            range_bytes=range_bytes)
    if args.json:
        print(json.dumps(summary.as_json()))
    else:
        _print_summary(summary, args.out)
    return 0


def _import_with_progress(importer_cls, store, files, total_bytes, workers):
    from rich.progress import (BarColumn, Progress, TextColumn, TimeElapsedColumn,
                               TimeRemainingColumn)

    started = time.perf_counter()
    with Progress(TextColumn("[bold]{task.description}"), BarColumn(),
                  TextColumn("{task.fields[hands]:,} hands  {task.fields[rate]:,.0f} hands/s"),
                  TimeElapsedColumn(), TimeRemainingColumn(), transient=False) as bar:
        task = bar.add_task("importing", total=total_bytes or 1, hands=0, rate=0.0)
        done = {"hands": 0}

        def progress(hands: int, nbytes: int) -> None:
            done["hands"] += hands
            rate = done["hands"] / max(time.perf_counter() - started, 1e-9)
            bar.update(task, advance=nbytes, hands=done["hands"], rate=rate)

        summary = importer_cls(store, workers, progress=progress).run(files)
        bar.update(task, completed=total_bytes or 1)
    return summary


def _cmd_equity(args: argparse.Namespace) -> int:
    from pipeline.store.database import Store

    _open(args.db, args.wait).close()  # a clear message if there is no database
    store = Store(args.db, wait=args.wait, waiting=_say)
    started = time.perf_counter()
    try:
        done = _fill_equity(store, not args.quiet and sys.stderr.isatty(), args.workers)
    finally:
        store.close()
    print(f"preflop all-in hands computed: {done:,} in {time.perf_counter() - started:.1f} s"
          f" → {args.db}")
    return 0


def _fill_equity(store, show: bool, workers: int | None) -> int:
    """Fill the preflop all-ins' adjusted net, with a progress bar if ``show``."""
    from pipeline.ingest import preflop_equity

    total = preflop_equity.pending(store.con)
    if not (total and show):
        return preflop_equity.fill(store.con, workers=workers)
    from rich.progress import Progress
    with Progress(transient=False) as bar:
        task = bar.add_task("preflop all-in equity", total=total)
        return preflop_equity.fill(store.con, lambda n: bar.advance(task, n), workers=workers)


def _print_summary(s, db: str) -> None:
    from pipeline.ingest.importer import by_count
    rate = (s.hands_new + s.duplicates) / s.seconds if s.seconds else 0
    lines = [
        f"files            {s.files:>9,}" + (f"  ({s.files_unchanged:,} unchanged)"
                                              if s.files_unchanged else ""),
        f"hands new        {s.hands_new:>9,}",
        f"duplicates       {s.duplicates:>9,}  (already in the database)",
        f"incomplete       {s.incomplete:>9,}  (kept as parse errors; read again when the file grows)",
        f"unsupported      {s.unsupported:>9,}  (games other than Hold'em, stored as such)",
        f"parse errors     {s.parse_errors:>9,}" + ("  (handlens errors lists them)"
                                                    if s.parse_errors else ""),
    ]
    for reason, n in by_count(s.errors_by_reason):
        lines.append(f"    {n:>6,}  {reason}")
    for room, n in by_count(s.formats_not_supported):
        lines.append(f"format not supported yet: {room} ({n:,} file{'s' * (n != 1)})")
    if s.files_unreadable:
        lines.append(f"could not be read: {len(s.files_unreadable):,} "
                     f"file{'s' * (len(s.files_unreadable) != 1)} (the import went on)")
        lines.extend(f"    {path}: {why}" for path, why in s.files_unreadable[:10])
    if s.files_not_recognised:
        lines.append(f"not hand histories (format not recognised): "
                     f"{len(s.files_not_recognised):,} files")
        lines.extend(f"    {f}" for f in s.files_not_recognised[:10])
    if s.audit_findings:
        lines.append(f"between hands   {s.audit_findings:>9,}  findings (handlens audit lists them)")
    lines.append(f"{s.seconds:.2f} s ({rate:,.0f} hands/s) → {db}")
    if s.preflop_pending:
        lines.append(f"{s.preflop_pending:,} preflop all-in hands stored by a version before "
                     f"0.2 wait for their all-in adjusted net: handlens equity (or import "
                     f"--equity) computes it")
    print("\n".join(lines))


def _open(db: str, wait: float):
    from pipeline.store.database import connect

    if not Path(db).exists():
        raise FileNotFoundError(f"no database at {db} (run handlens import first)")
    return connect(db, read_only=True, wait=wait, waiting=_say)


def _read(args: argparse.Namespace):
    """The read-only connection a command reads: the database, or the dataset's views."""
    if args.parquet:
        from pipeline.dataset.views import open_dataset
        return open_dataset(args.parquet, audit=False)
    return _open(args.db, args.wait)


def _say(message: str) -> None:
    print(f"handlens: {message}", file=sys.stderr, flush=True)


def _cmd_verify(args: argparse.Namespace) -> int:
    from pipeline.read.verify import report

    if args.recheck and args.parquet:
        print("handlens: --recheck writes its verdicts into a database; a Parquet dataset "
              "is read-only (import the files again to judge them anew)", file=sys.stderr)
        return 2
    if args.recheck:
        from pipeline.ingest.recheck import recheck
        from pipeline.store.database import Store

        _open(args.db, args.wait).close()  # a clear message if there is no database
        store = Store(args.db, wait=args.wait, waiting=_say)
        try:
            counts = recheck(store)
        finally:
            store.close()
        if not args.json:
            print(f"judged again: {counts['hands']:,} hands"
                  + (f" ({counts['missing']:,} no longer found in their files)"
                     if counts["missing"] else ""))
    con = _read(args)
    status = args.status or (None if args.code else "failed")
    if args.json:
        limit = args.limit if args.limit != 50 else 1000
        print(json.dumps(report(con, status, args.code, args.hands, limit)))
        return 0
    r = report(con, status, args.code, True, args.limit)
    print(f"hands verified   {r['hands']:>9,}")
    for s, n in r["status"].items():
        print(f"  {s:<14} {n:>9,}")
    if r["codes"]:
        print("findings (hands with each code)")
        for code, n in r["codes"].items():
            print(f"  {code:<22} {n:>7,}")
    chosen = " and ".join(x for x in (status and f"status {status}", args.code and f"code {args.code}") if x)
    print(f"hands with {chosen}: {len(r['details'])}"
          + (f" (first {args.limit}; --limit shows more)" if len(r["details"]) >= args.limit else ""))
    for h in r["details"]:
        print(f"{h['file']}:{h['line']}: {h['site']} #{h['hand_id']} {h['status']}")
        for f in h["findings"]:
            print(f"    {f['code']}: {f['message']}")
    return 0


def _date(text: str):
    from datetime import date
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a date (YYYY-MM-DD): {text!r}") from None


def _cmd_stats(args: argparse.Namespace) -> int:
    from pipeline.stats.aggregate import SHOWN, hero, stats, version

    con = _read(args)
    player = args.player if args.by == "player" or args.player else hero(con)
    if args.by == "player" and not args.player:
        player = None
    rows = stats(con, player, args.by, args.since, args.until)
    if args.format == "json":
        print(json.dumps({"player": player, "by": args.by, "stats_version": version(),
                          "rows": rows}, default=str))
        return 0
    if args.format == "csv":
        import csv
        columns = list(rows[0]) if rows else [args.by, "hands"]
        out = csv.writer(sys.stdout)
        out.writerow(columns)
        for r in rows:
            out.writerow(["" if r[c] is None else r[c] for c in columns])
        return 0
    columns = [args.by, "hands", "net", "bb_per_100", *SHOWN]
    headings = {"bb_per_100": "bb/100", **SHOWN}
    print(f"{player or 'all players'} by {args.by} (stats v{version()}; "
          f"--format json for every stat with its chances)")
    table = [[headings.get(c, c) for c in columns]]
    for r in rows:
        table.append([_net(r) if c == "net" else "" if r[c] is None else
                      f"{r[c]:.1f}" if isinstance(r[c], float) else str(r[c]) for c in columns])
    widths = [max(len(row[i]) for row in table) for i in range(len(columns))]
    for n, row in enumerate(table):
        print("  ".join(cell.ljust(w) if i == 0 else cell.rjust(w)
                        for i, (cell, w) in enumerate(zip(row, widths))))
        if n == 0:
            print("  ".join("-" * w for w in widths))
    return 0


def _net(row: dict) -> str:
    """Net in the group's currency; in big blinds where currencies are mixed."""
    if row["net"] is not None:
        return f"{row['net']} {row['currency']}"
    return f"{row['net_bb']:.1f} bb" if row["net_bb"] is not None else ""


def _cmd_simulate(args: argparse.Namespace) -> int:
    from pipeline.cli.simulate import write_simulated

    files = write_simulated(Path(args.out), args.hands, args.seed, args.play)
    print(f"{args.hands:,} hands in {len(files)} files → {args.out}")
    return 0


def _cmd_errors(args: argparse.Namespace) -> int:
    con = _read(args)
    sql = "SELECT path, line, reason, raw_text FROM parse_errors ORDER BY path, line"
    if args.limit:
        sql += f" LIMIT {int(args.limit)}"
    rows = con.execute(sql).fetchall()
    for path, line, reason, text in rows:
        print(f"{path}:{line}: {reason}")
        if args.text:
            print("    " + text.replace("\n", "\n    "))
    if not rows:
        print("no parse errors")
    return 0


def _cmd_audit(args: argparse.Namespace) -> int:
    from pipeline import audit

    con = _read(args)
    try:
        sessions, findings = audit.in_scope(*audit.audit(con), audit.Scope(
            args.player, args.since, args.until))
        paths = dict(con.execute("SELECT file_id, path FROM files").fetchall())
    finally:
        con.close()
    if args.code:
        findings = findings.filter(code=args.code)
    listed = findings if args.limit == 0 else findings.head(args.limit)
    rows = [{**r, "file": paths.get(r["file_id"]), "other_file": paths.get(r["other_file_id"])}
            for r in listed.drop("tbl").iter_rows(named=True)]
    by_code = dict(findings.group_by("code").len().sort("code").rows())
    if args.json:
        print(json.dumps({"sessions": sessions.height,
                          "hands": int(sessions["hands"].sum() or 0),
                          "findings": findings.height, "by_code": by_code,
                          "listed": rows}, default=str))
        return 0
    print(f"table sessions   {sessions.height:>9,}\n"
          f"hands            {int(sessions['hands'].sum() or 0):>9,}\n"
          f"findings         {findings.height:>9,}")
    for code, n in by_code.items():
        print(f"    {n:>6,}  {code}: {audit.CODES[code]}")
    for r in rows:
        print(f"{r['code']}: {r['site']} hand {r['hand_id']} ({r['file']}:{r['line']}) "
              f"and {r['other_hand_id']} ({r['other_file']}:{r['other_line']})\n"
              f"    {r['message']}")
    if findings.height > len(rows):
        print(f"... {findings.height - len(rows):,} more (--limit 0 lists them all)")
    return 0


def _cmd_export(args: argparse.Namespace) -> int:
    from pipeline.export.hands import export
    from pipeline.read.queries import Filters

    filters = Filters(player=args.player, kind=args.kind, since=args.since, until=args.until,
                      sites=tuple(args.room), stakes=tuple(args.stakes))
    started = time.perf_counter()
    con = _open(args.db, args.wait)
    try:
        done = export(con, args.out, args.format, filters, tuple(args.status))
    finally:
        con.close()
    if args.format == "phh":
        print(f"{len(done.files):,} files, {done.hands:,} hands written")
        for reason, n in sorted(done.skipped.items(), key=lambda kv: (-kv[1], kv[0])):
            print(f"    {n:>8,} skipped: {reason}")
    else:
        for table, n in done.rows.items():
            print(f"{table:<18} {n:>12,} rows")
    print(f"{done.hands:,} hands → {args.out} ({args.format}, "
          f"{time.perf_counter() - started:.1f} s)")
    return 0


def _cmd_dashboard(args: argparse.Namespace) -> int:
    """Replace this process by `streamlit run dashboard/app.py` (through dashboard.serve,
    which loads what the pages need first), the database path
    passed in the HANDLENS_DB environment variable (a dataset's: HANDLENS_PARQUET)."""
    import os
    from importlib.util import find_spec

    spec = find_spec("dashboard")
    if spec is None or not spec.origin:
        raise FileNotFoundError("the dashboard package is not installed")
    app = Path(spec.origin).with_name("app.py")
    if args.parquet:
        from pipeline.dataset.views import open_dataset
        open_dataset(args.parquet, audit=False).close()  # a clear message if it is none
        where = args.parquet if "://" in args.parquet else str(Path(args.parquet).resolve())
        env = dict(os.environ, HANDLENS_PARQUET=where)
    else:
        db = Path(args.db).resolve()
        if not db.exists():
            print(f"handlens: no database at {db} yet: the dashboard's Import page creates "
                  f"it", file=sys.stderr)
        env = dict(os.environ, HANDLENS_DB=str(db))
        env.pop("HANDLENS_PARQUET", None)
    argv = [sys.executable, "-m", "dashboard.serve", "run", str(app),
            "--server.port", str(args.port), "--server.address", args.address,
            "--server.headless", "true", "--server.fileWatcherType", "none",
            "--browser.gatherUsageStats", "false", "--client.toolbarMode", "minimal"]
    sys.stdout.flush()
    sys.stderr.flush()
    os.execve(sys.executable, argv, env)
    return 0  # not reached


if __name__ == "__main__":
    sys.exit(main())
