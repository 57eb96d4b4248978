"""Readers are never refused while a writer writes (pipeline/store/handoff.py): the
writer lets go of the file between transactions while a reader asks for it.

The writer runs in another process (DuckDB's lock is the process's), the reader here.
"""
from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pipeline.store import handoff
from pipeline.store.database import DatabaseBusy, Store, connect

ROOT = Path(__file__).resolve().parents[2]

# A writer that never closes the file of itself: a transaction every 50 ms for
# ``seconds``, each adding one row, giving way after each when a reader asks.
WRITER = """
import sys, time
sys.path.insert(0, {root!r})
from pipeline.store.database import Store
store = Store({db!r}, threads=1)
store.set_meta("n", "0")
print("ready", flush=True)
end, n = time.monotonic() + {seconds}, 0
while time.monotonic() < end:
    n += 1
    store._run("BEGIN TRANSACTION")
    store.set_meta("n", str(n))
    store._run("COMMIT")
    {give_way}
    time.sleep(0.05)
store.close()
print("wrote", n, flush=True)
"""


def _writer(db: Path, seconds: float, give_way: bool = True) -> subprocess.Popen:
    code = WRITER.format(root=str(ROOT), db=str(db), seconds=seconds,
                         give_way="store.give_way()" if give_way else "pass")
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    assert proc.stdout.readline().strip() == "ready"
    return proc


def _read(db: Path, wait: float) -> tuple[int, float]:
    start = time.monotonic()
    con = connect(db, read_only=True, wait=wait)
    try:
        n = int(con.execute("SELECT value FROM meta WHERE key = 'n'").fetchall()[0][0])
    finally:
        con.close()
    return n, time.monotonic() - start


def test_a_reader_asks_and_the_writer_gives_way_between_transactions(tmp_path):
    db = tmp_path / "h.duckdb"
    writer = _writer(db, seconds=6)
    try:
        seen = []
        for _ in range(6):
            n, took = _read(db, wait=5)
            assert took < 2.0, f"a reader waited {took:.2f} s for the writer"
            seen.append(n)
            time.sleep(0.3)
        # each read sees what was committed so far, and the writer went on between reads
        assert seen == sorted(seen) and seen[-1] > seen[0]
    finally:
        out, _ = writer.communicate(timeout=30)
    assert writer.returncode == 0 and out.startswith("wrote")
    assert int(out.split()[1]) > seen[-1]  # it took the file back and wrote more
    assert not handoff.requests_dir(db).exists()  # every request taken back


def test_a_writer_that_does_not_give_way_keeps_readers_out(tmp_path):
    """The control: the same writer without give_way, and the reader is refused."""
    db = tmp_path / "h.duckdb"
    writer = _writer(db, seconds=4, give_way=False)
    try:
        with pytest.raises(DatabaseBusy):
            _read(db, wait=1.0)
    finally:
        writer.communicate(timeout=30)


def test_a_request_counts_while_fresh_and_is_removed_when_stale(tmp_path):
    db = tmp_path / "h.duckdb"
    assert not handoff.asked(db)  # no folder at all
    with handoff.Request(db) as request:
        assert request.path.exists() and handoff.asked(db)
        old = time.time() - handoff.FRESH - 1
        os.utime(request.path, (old, old))  # as if its reader had died waiting
        assert not handoff.asked(db)
        assert not request.path.exists()  # a stale request is removed
    assert not handoff.requests_dir(db).exists()


def test_give_way_does_nothing_when_nobody_asks(tmp_path):
    store = Store(tmp_path / "h.duckdb", threads=1)
    con = store.con
    assert store.give_way() is False and store.con is con
    store.close()


@pytest.mark.slow
def test_stats_answers_while_an_import_writes(tmp_path):
    """`handlens stats` run again and again during a real import answers every time,
    with the hands written so far (more each time, all of them at the end)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    hands = tmp_path / "hands"
    cli = [sys.executable, "-m", "pipeline.cli"]
    subprocess.run(cli + ["simulate", "--hands", "8000", "--out", str(hands)], env=env,
                   check=True, capture_output=True)
    db = tmp_path / "h.duckdb"
    imp = subprocess.Popen(cli + ["import", str(hands), "--db", str(db), "--quiet"], env=env,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    counts = []
    try:
        while imp.poll() is None:
            if not db.exists():
                time.sleep(0.1)
                continue
            start = time.monotonic()
            got = subprocess.run(cli + ["stats", "--db", str(db), "--player", "Hero",
                                        "--format", "csv", "--wait", "5"],
                                 env=env, capture_output=True, text=True)
            took = time.monotonic() - start
            if got.returncode == 0 and got.stdout.count("\n") > 1:
                counts.append(_hands_in(got.stdout))
            elif "no hands" not in got.stderr.lower() and "no database" not in got.stderr:
                pytest.fail(f"stats failed during the import ({took:.1f} s): {got.stderr}")
            assert took < 5.0, f"stats took {took:.1f} s during the import"
    finally:
        out, err = imp.communicate(timeout=300)
    assert imp.returncode == 0, err
    assert len(counts) >= 2, "the import ended before stats could read twice"
    assert counts == sorted(counts) and counts[0] < 8000


def _hands_in(csv_text: str) -> int:
    header, *rows = csv_text.strip().splitlines()
    at = header.split(",").index("hands")
    return sum(int(r.split(",")[at]) for r in rows)


def test_requests_are_hidden_from_an_import_of_the_databases_folder(tmp_path):
    """`handlens import .` with the database in that folder: a reader's request is
    never read as a file of hands."""
    from pipeline.ingest.files import discover
    db = tmp_path / "handlens.duckdb"
    with handoff.Request(db) as request:
        assert request.path.exists()
        assert request.path not in discover([tmp_path])
        assert not any(p.is_relative_to(handoff.requests_dir(db)) for p in discover([tmp_path]))
