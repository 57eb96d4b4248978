"""An import killed at any moment, then run again to the end, gives exactly the clean import.

`handlens import` is started as a subprocess in its own process group and the whole group
(the writer and its worker processes) is SIGKILLed at a moment drawn from a seeded
``random.Random``; on the same database it may be killed two or three times in a row, and
then it is run once more to the end. That database must equal, table by table and row for
row, the one an uninterrupted import of the same folder wrote.

Moments are of four kinds, spread over the import:

- ``start``: a delay after the process started, drawn from a stratum of [0, d], d the
  clean import's duration (start-up and file discovery, parsing, the batches' commits);
- ``create``: while the new database is being created, once its write-ahead log holds a
  drawn fraction of what creating the schema writes;
- ``commit``: a delay after the run's first batch began to commit (its WAL grew by more
  than opening the database writes), drawn from a stratum of [0, c], c the clean
  import's time from there to its exit: the first commit, the last batch's writes and
  commit, the closing checkpoint, the exit;
- ``between``: a delay after the first batch's commit was written (the WAL, grown by a
  batch, stopped growing), drawn from [0, g], g the clean import's time from there to
  its last batch's commit: the first batch is committed, the last one not yet.

A delay after start alone would almost never land in the last three: creating the schema
takes some 20 ms and all the commits a few tenths of a second, at the end of an import of
several seconds whose length varies by more than that from run to run.

The input has 3,011 hands: sample_histories/simulated (`handlens simulate --hands 3000
--seed 2`, 500 hands a file) with parts 1-5 joined into one long session file (2,500
hands, more than a unit of work, `UNIT_HANDS`: its hands are committed in two
transactions, the file marked imported with the second) in which one line is changed to
"<player>: juggles" (a parse error); part 6 as it is; a copy of sample_histories/pokerstars;
and a live table file that grows: the first run on each database sees it cut in the
middle of its third hand, later runs (and the clean import) see it whole.

File ids are compared as they are: they are given in the sorted order of the files, and
an import resumed after a kill gives the next one (one more than the largest in `files`)
to the first file not marked imported, whose hands, if some were committed, carry that
same id; so here, the folder unchanged, they cannot legitimately differ. Only
``files.imported_at`` is left out.

The moments and what each kill left behind are printed (``pytest -s``) and are part of
the failure message.
"""
from __future__ import annotations

import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import duckdb
import pytest

from support.common import HANDWRITTEN, SAMPLES

pytestmark = pytest.mark.slow

HANDLENS = Path(sys.executable).with_name("handlens")
SEED = 20261130
POLL = 0.002  # seconds between looks at the write-ahead log
MIN_KILLS = 8  # kills that must hit a running import
# WAL growth that means a batch is being committed: opening a database writes less (some
# 20 KB creating it, some 15 KB re-creating its views), a batch several megabytes
COMMITTING = 64 * 1024
QUIET = 0.010  # seconds the WAL stays the same size once a batch's commit is written

# the tables compared, each with the columns its rows are listed by
TABLES = {
    "files": "path",
    "hands": "site, hand_id",
    "hand_players": "site, hand_id, seat",
    "actions": "site, hand_id, seq",
    "collections": "site, hand_id, run, pot, player",
    "showdowns": "site, hand_id, run, player",
    "verdicts": "site, hand_id",
    "findings": "site, hand_id, seq",
    "parse_errors": "file_id, byte_offset",
    "hand_copies": "site, hand_id, file_id, byte_offset",  # no hand a copy of itself
}
EXCLUDED = {"files": ("imported_at",)}


@dataclass(frozen=True)
class Moment:
    """When to kill: ``kind`` is ``start``, ``commit`` or ``between`` (``value`` seconds
    after the process started, after its first batch began to commit, after that commit
    was written) or ``create`` (``value`` the fraction of the schema's WAL written)."""

    kind: str
    value: float

    def __str__(self) -> str:
        if self.kind == "create":
            return f"create, {self.value:.0%} of the schema's WAL"
        return f"{self.kind} + {self.value:.3f} s"


@dataclass
class Run:
    """One `handlens import` run: how it ended and what the database held after it."""

    moment: Moment | None
    killed: bool = False
    seconds: float = 0.0  # from start to the kill, or to the exit
    # seconds from start to: the first batch's commit begun, written; the next commit begun
    commit_began: float | None = None
    first_written: float | None = None
    next_commit: float | None = None
    returncode: int | None = None
    stdout: str = ""
    stderr: str = ""
    wal_left: bool = False
    stored: dict = field(default_factory=dict)  # counts, as a next open would see them


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except FileNotFoundError:
        return -1


def _group_gone(pgid: int, timeout: float = 10.0) -> None:
    """Wait until no live process is left in the group. Zombies (dead, not reaped: here
    PID 1 reaps nobody) hold nothing and do not count."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                state, _ppid, pgrp = stat.read_text().rsplit(")", 1)[1].split()[:3]
            except (OSError, IndexError):
                continue
            if int(pgrp) == pgid and state != "Z":
                break
        else:
            return
        time.sleep(0.01)
    raise AssertionError(f"process group {pgid} still alive {timeout} s after SIGKILL")


def _stored(db: Path, scratch: Path) -> dict:
    """What the database holds, read from a copy (with its WAL, replayed there): the
    database itself is opened by nothing but `handlens import`."""
    scratch.mkdir(exist_ok=True)
    copy = scratch / "copy.duckdb"
    for suffix in ("", ".wal"):
        Path(f"{copy}{suffix}").unlink(missing_ok=True)
        if Path(f"{db}{suffix}").exists():
            shutil.copyfile(f"{db}{suffix}", f"{copy}{suffix}")
    if not copy.exists():
        return {"note": "no database"}
    try:
        con = duckdb.connect(str(copy))
        try:
            counts = {t: con.execute(f"SELECT count(*) FROM {t}").fetchone()[0]
                      for t in ("hands", "parse_errors", "files")}
            schema = con.execute("SELECT value FROM meta WHERE key = 'schema'").fetchall()
            counts["schema"] = schema[0][0] if schema else None
            return counts
        finally:
            con.close()
    except duckdb.Error as exc:
        return {"note": f"{type(exc).__name__}: {str(exc).splitlines()[0]}"}


def _import(db: Path, folder: Path, moment: Moment | None, schema_wal: int,
            scratch: Path) -> Run:
    """Run `handlens import` in its own process group; at ``moment``, SIGKILL the group."""
    run = Run(moment)
    wal = Path(f"{db}.wal")
    out, err = scratch / "stdout", scratch / "stderr"
    cmd = [str(HANDLENS), "import", str(folder), "--db", str(db), "--quiet", "--json",
           "--workers", "2"]
    with out.open("wb") as o, err.open("wb") as e:
        proc = subprocess.Popen(cmd, stdout=o, stderr=e, start_new_session=True)
    start, wal_before = time.monotonic(), max(_size(wal), 0)
    kind = moment.kind if moment else None
    deadline = start + moment.value if kind == "start" else None
    last_size, changed, written_size = wal_before, start, None
    while proc.poll() is None:
        now, size = time.monotonic(), _size(wal)
        if size != last_size:
            last_size, changed = size, now
        if run.commit_began is None:
            if size > wal_before + COMMITTING:
                run.commit_began = now - start
                deadline = now + moment.value if kind == "commit" else deadline
        elif run.first_written is None:
            if now - changed >= QUIET:
                run.first_written, written_size = now - start, size
                deadline = now + moment.value if kind == "between" else deadline
        elif run.next_commit is None and size != written_size:
            run.next_commit = now - start
        if kind == "create" and size >= moment.value * schema_wal > 0:
            deadline = now
        if deadline is not None and now >= deadline:
            os.killpg(proc.pid, signal.SIGKILL)
            run.killed = True
            break
        time.sleep(POLL)
    run.seconds = time.monotonic() - start
    run.returncode = proc.wait()
    if run.killed:
        _group_gone(proc.pid)
    run.stdout, run.stderr = out.read_text(), err.read_text()
    run.wal_left = wal.exists()
    run.stored = _stored(db, scratch)
    return run


def _differences(clean: Path, killed: Path) -> list[str]:
    """Rows of each table in one database and not the other (as multisets), listed by key;
    and hands stored twice."""
    con = duckdb.connect()
    problems = []
    try:
        for alias, path in (("clean", clean), ("killed", killed)):
            con.execute(f"ATTACH '{str(path).replace(chr(39), chr(39) * 2)}' AS {alias}"
                        " (READ_ONLY)")
        for table, key in TABLES.items():
            cols = "*"
            if table in EXCLUDED:
                cols = f"* EXCLUDE ({', '.join(EXCLUDED[table])})"
            for a, b in (("killed", "clean"), ("clean", "killed")):
                rows = con.execute(f"(SELECT {cols} FROM {a}.{table} EXCEPT ALL "
                                   f"SELECT {cols} FROM {b}.{table}) ORDER BY {key}").fetchall()
                if rows:
                    shown = "\n".join(f"        {_short(r)}" for r in rows[:5])
                    problems.append(f"{table}: {len(rows)} row(s) only in the {a} database"
                                    f" (key {key}):\n{shown}")
        twice = con.execute("SELECT site, hand_id, count(*) FROM killed.hands "
                            "GROUP BY ALL HAVING count(*) > 1 LIMIT 5").fetchall()
        if twice:
            problems.append(f"hands stored twice: {twice}")
    finally:
        con.close()
    return problems


def _short(row: tuple) -> str:
    return "(" + ", ".join(repr(v)[:60] for v in row) + ")"


def _summary(run: Run) -> dict:
    return json.loads(run.stdout.strip().splitlines()[-1])


# ---- the input


class LiveFile:
    """A table file still being written: the sample Alcor hands (with their own ids),
    first cut in the middle of the third hand, then whole."""

    def __init__(self, path: Path) -> None:
        text = next(HANDWRITTEN.glob("*Alcor*")).read_text("utf-8-sig").replace(
            "#2400000000", "#2430000000")
        hands = ["PokerStars Hand #" + h for h in text.split("PokerStars Hand #")[1:]]
        cut = hands[2].index("*** SUMMARY ***")
        self.path, self.whole = path, "".join(hands)
        self.part = "".join(hands[:2]) + hands[2][:cut]
        self.hands_in_part = 2

    def cut(self) -> None:
        self.path.write_text(self.part, "utf-8")

    def grow(self) -> None:
        self.path.write_text(self.whole, "utf-8")


def _build_input(folder: Path) -> LiveFile:
    sim = folder / "sim"
    sim.mkdir(parents=True)
    parts = sorted((SAMPLES / "simulated").glob("HH simulated seed * part *.txt"))
    assert len(parts) == 6
    session = "".join(p.read_text("utf-8") for p in parts[:5])
    tenth = [m.start() for m in re.finditer(r"^PokerStars Hand #", session, re.M)][9]
    line = re.compile(r"^([^\n:]+): checks$", re.M).search(session, tenth)
    session = session[:line.start()] + f"{line[1]}: juggles" + session[line.end():]
    # sorted before part 0006: the first unit ends with the session's first 2,000 hands
    (sim / "HH simulated seed 1 long session.txt").write_text(session, "utf-8")
    shutil.copy(parts[5], sim)
    shutil.copytree(HANDWRITTEN, folder / "pokerstars")
    live = LiveFile(folder / "live" / "table.txt")
    live.path.parent.mkdir()
    live.grow()
    return live


def _schema_wal(scratch: Path) -> int:
    """Bytes of WAL that creating a database writes (its schema and meta row)."""
    from pipeline.store.database import Store
    probe = scratch / "probe.duckdb"
    store = Store(probe, threads=1)
    try:
        return _size(Path(f"{probe}.wal"))
    finally:
        store.close()


def _plan(rng: random.Random, d: float, c: float, g: float) -> dict[str, list[Moment]]:
    """Databases (named) and the moments each is killed at, in turn, each moment drawn
    within its stratum of the import's time or of its commit phase. A ``create`` moment
    comes first (a new database); the kills before a ``commit`` moment leave nothing
    committed: its run commits the batches again. Every kill during the parsing has the
    same effect (nothing of the run committed), so later parsing moments would only
    cost time."""
    def start(lo, hi):
        return Moment("start", d * rng.uniform(lo, hi))

    def commit(lo, hi):
        return Moment("commit", c * rng.uniform(lo, hi))

    def between(lo, hi):
        return Moment("between", g * rng.uniform(lo, hi))

    return {
        # start-up and discovery, then parsing, then the first commit's WAL being written
        "A": [Moment("create", rng.uniform(0.1, 0.6)), start(0, 0.12), start(0.12, 0.45),
              commit(0, 0.1)],
        # the first batch committed, the last one writing; then the next run's start
        # (opening the WAL left)
        "B": [between(0.05, 0.35), start(0, 0.15)],
        # the last batch committing; then again the next run's start
        "C": [commit(0.3, 0.45), start(0, 0.15)],
        # the closing checkpoint; then twice the next run's start
        "D": [commit(0.45, 0.8), start(0, 0.08), start(0.08, 0.2)],
    }


# ---- the test


def _counts_make_sense(runs: list[Run], final: Run, clean: dict, part_hands: int) -> list[str]:
    """The final run's summary (and that of any run which ended before its moment) against
    what the database holds: no hand counted new twice, none lost."""
    problems = []
    total = clean["hands_new"] + clean["unsupported"]
    for prior, r in zip([Run(None)] + runs, runs + [final]):
        if r.killed or r.returncode != 0:
            continue
        s, grew = _summary(r), r.stored.get("hands", 0) - prior.stored.get("hands", 0)
        if s["hands_new"] + s["unsupported"] != grew:
            problems.append(f"a run counts {s['hands_new']} + {s['unsupported']} hands new, "
                            f"the database grew by {grew}")
    s = _summary(final)
    if final.stored.get("hands") != total:
        problems.append(f"{final.stored} after the last run, {total} hands in the folder")
    seen = s["hands_new"] + s["unsupported"] + s["duplicates"]
    # all hands are new or duplicates, but those of the live file's first part if the
    # last run resumed that file where an earlier one stopped
    if not total - part_hands <= seen <= total:
        problems.append(f"the last run saw {seen} hands (new or duplicates) of {total}")
    if (s["files"], s["incomplete"]) != (clean["files"], 0):
        problems.append(f"the last run read {s['files']} files, {s['incomplete']} hands "
                        f"incomplete")
    return problems


def test_an_import_killed_at_any_moment_then_run_again_gives_the_clean_import(tmp_path):
    began = time.monotonic()
    folder, scratch = tmp_path / "in", tmp_path / "scratch"
    scratch.mkdir()
    live = _build_input(folder)
    schema_wal = _schema_wal(scratch)

    clean_db = tmp_path / "clean.duckdb"
    clean = _import(clean_db, folder, None, schema_wal, scratch)
    assert clean.returncode == 0, clean.stderr
    assert None not in (clean.commit_began, clean.first_written, clean.next_commit)
    reference = _summary(clean)
    assert (reference["hands_new"], reference["parse_errors"], reference["incomplete"],
            clean.stored["hands"]) == (3010, 1, 0, 3010)
    d, c = clean.seconds, clean.seconds - clean.commit_began
    g = clean.next_commit - clean.first_written

    lines = [f"clean import: {d:.2f} s; its first commit begun at {clean.commit_began:.3f} s, "
             f"written at {clean.first_written:.3f} s, the next begun at "
             f"{clean.next_commit:.3f} s; creating the schema writes {schema_wal} bytes of WAL"]
    problems: list[str] = []
    kills = 0
    for name, moments in _plan(random.Random(SEED), d, c, g).items():
        db = tmp_path / f"{name}.duckdb"
        live.cut()
        runs = []
        for moment in moments:
            runs.append(_import(db, folder, moment, schema_wal, scratch))
            live.grow()
        final = _import(db, folder, None, schema_wal, scratch)

        kills += sum(r.killed for r in runs)
        for n, r in enumerate(runs, 1):
            lines.append(f"{name}{n}  {str(r.moment):<34} "
                         + (f"killed at {r.seconds:5.2f} s" if r.killed else
                            f"exited {r.returncode} at {r.seconds:5.2f} s")
                         + f"  WAL left: {'yes' if r.wal_left else 'no '}  then {r.stored}")
        lines.append(f"{name}   last run: exited {final.returncode} in {final.seconds:.2f} s"
                     f"  {final.stdout.strip() or final.stderr.strip()[-300:]}")
        where = f"database {name} (killed at {', '.join(map(str, moments))})"
        if final.returncode != 0:
            problems.append(f"{where}: the import after the kills failed:\n"
                            f"    {final.stderr.strip()[-500:]}")
            continue
        problems += [f"{where}: {p}" for p in
                     _counts_make_sense(runs, final, reference, live.hands_in_part)
                     + _differences(clean_db, db)]

    if kills < MIN_KILLS:
        problems.append(f"only {kills} kills hit a running import (at least {MIN_KILLS})")
    lines.append(f"{kills} kills, {time.monotonic() - began:.1f} s in all")
    report = "\n".join(lines)
    print("\n" + report)
    assert not problems, "\n".join(problems) + "\n\nmoments:\n" + report
