"""handlens export (pipeline/export/hands.py): the Parquet datasets and CSV files hold the
chosen hands' rows, read back by DuckDB and polars with the database's row counts
and money sums; filters choose what they say."""
from __future__ import annotations

import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import duckdb
import polars as pl
import pytest

from support.common import import_paths, query
from pipeline.export.hands import MARKS, TABLES

HANDLENS = Path(sys.executable).with_name("handlens")
# a money column of each table, summed to compare (None: count rows only)
MONEY = {"hands": "total_pot", "hand_players": "net", "actions": "amount",
         "collections": "amount", "showdowns": None, "verdicts": None, "findings": None,
         "player_hand_stats": "net", "tournament_finishes": "prize", "hand_copies": None}


def _export(db: Path, out: Path, *args: str) -> str:
    done = subprocess.run([str(HANDLENS), "export", "--db", str(db), "--out", str(out), *args],
                          check=True, capture_output=True, text=True)
    return done.stdout


def _in_db(db: Path, table: str, where: str = "TRUE", params=None) -> tuple[int, Decimal]:
    money = MONEY[table]
    total = f"coalesce(sum(t.{money}), 0)" if money else "0"
    return tuple(query(db, f"SELECT count(*), {total} FROM {table} t JOIN hands h"
                           f" USING (site, hand_id) JOIN verdicts v USING (site, hand_id)"
                           f" WHERE {where}", params)[0])


def _dataset(out: Path, table: str) -> str:
    return f"read_parquet('{out / table}/**/*.parquet', hive_partitioning = true)"


def _check_parquet(db: Path, out: Path, where: str = "TRUE", params=None) -> None:
    for table in TABLES:
        want = _in_db(db, table, where, params)
        money = MONEY[table]
        total = f"coalesce(sum({money}), 0)" if money else "0"
        got = duckdb.connect().execute(f"SELECT count(*), {total} FROM {_dataset(out, table)}"
                                       ).fetchall()[0]
        assert tuple(got) == want, table
        frame = pl.scan_parquet(f"{out / table}/**/*.parquet", hive_partitioning=True)
        agg = [pl.len()] + ([pl.col(money).sum()] if money else [])
        row = frame.select(agg).collect().row(0)
        assert row[0] == want[0], table
        if money:  # exact: a Decimal column, not a float
            assert frame.collect_schema()[money] == pl.Decimal(None, 2) or \
                isinstance(frame.collect_schema()[money], pl.Decimal), table
            assert Decimal(str(row[1] or 0)) == want[1], table


@pytest.fixture(scope="module")
def sample_db(dashboard_db) -> Path:
    return dashboard_db


@pytest.mark.slow
def test_parquet_holds_every_row_with_exact_money(sample_db, tmp_path):
    out = tmp_path / "all"
    printed = _export(sample_db, out, "--format", "parquet")
    _check_parquet(sample_db, out)
    hands = query(sample_db, "SELECT count(*) FROM hands")[0][0]
    assert f"{hands:,} hands" in printed
    # partitioned by room and month
    rooms = {p.name for p in (out / "hands").iterdir()}
    assert "room=PokerStars" in rooms
    assert any(p.name.startswith("month=20") for p in (out / "hands" / "room=PokerStars").iterdir())


@pytest.mark.slow
def test_filters_choose_the_hands(sample_db, tmp_path):
    out = tmp_path / "chosen"
    _export(sample_db, out, "--format", "parquet", "--room", "PokerStars", "--status", "ok",
            "--kind", "tournament")
    where = "h.site = 'PokerStars' AND v.status = 'ok' AND h.tournament_id IS NOT NULL"
    assert _in_db(sample_db, "hands", where)[0] > 0
    _check_parquet(sample_db, out, where)
    rooms = duckdb.connect().execute(
        f"SELECT DISTINCT room FROM {_dataset(out, 'hands')}").fetchall()
    assert rooms == [("PokerStars",)]


@pytest.mark.slow
def test_a_player_and_dates(sample_db, tmp_path):
    out = tmp_path / "hero"
    first = query(sample_db, "SELECT min(coalesce(h.played_at_utc, h.played_at))::DATE FROM hands h"
                             " JOIN hand_players USING (site, hand_id) WHERE player = 'Hero'")[0][0]
    _export(sample_db, out, "--format", "parquet", "--player", "Hero", "--since", str(first),
            "--until", str(first))
    where = ("EXISTS (SELECT 1 FROM player_hand_stats s WHERE s.site = h.site AND "
             "s.hand_id = h.hand_id AND s.player = 'Hero') AND "
             "coalesce(h.played_at_utc, h.played_at)::DATE = ?")
    assert _in_db(sample_db, "hands", where, [first])[0] > 0
    _check_parquet(sample_db, out, where, [first])


@pytest.mark.slow
def test_csv_one_file_per_table(sample_db, tmp_path):
    out = tmp_path / "csv"
    _export(sample_db, out, "--format", "csv")
    assert sorted(p.name for p in out.iterdir()) == sorted(f"{t}.csv" for t in TABLES + MARKS)
    for table in TABLES:
        want = _in_db(sample_db, table)
        money = MONEY[table]
        total = f"coalesce(sum({money}::DECIMAL(18, 2)), 0)" if money else "0"
        got = duckdb.connect().execute(
            f"SELECT count(*), {total} FROM read_csv('{out / table}.csv', header = true,"
            f" all_varchar = true)").fetchall()[0]
        assert tuple(got) == want, table


@pytest.mark.slow
def test_the_corpus_reads_back_the_same(corpus, tmp_path):
    db = tmp_path / "corpus.duckdb"
    import_paths(db, corpus, workers=2)
    out = tmp_path / "corpus"
    _export(db, out, "--format", "parquet")
    _check_parquet(db, out)


def test_an_unknown_database_is_refused(tmp_path):
    done = subprocess.run([str(HANDLENS), "export", "--db", str(tmp_path / "none.duckdb"),
                           "--format", "csv", "--out", str(tmp_path / "x")],
                          capture_output=True, text=True)
    assert done.returncode == 2 and "none.duckdb" in done.stderr
