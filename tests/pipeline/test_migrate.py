"""A database written by the handlens before (schema 9) is brought up to this schema when
opened, reading or writing, with every hand's rows kept; ``verify --recheck`` then reads
the files again for what only the hand's text says."""
from __future__ import annotations

import json
import shutil

import duckdb
import pytest

from support.common import SAMPLES
from pipeline.cli.main import main
from pipeline.stats.catalogue import FLAGS_VERSION
from pipeline.store.database import SCHEMA_VERSION, Store, connect

FOLDERS = [SAMPLES / "pokerstars", SAMPLES / "phh", SAMPLES / "winning"]
# schema 10 as schema 9 had it: no kinds, no anonymous mark, the player rows' flag
_TO_9 = """
DROP VIEW player_hand_stats; DROP VIEW player_hand_flags;
ALTER TABLE hand_players ADD COLUMN tournament BOOLEAN;
UPDATE hand_players SET tournament = h.tournament_id IS NOT NULL FROM hands h
WHERE h.site = hand_players.site AND h.hand_id = hand_players.hand_id;
ALTER TABLE hand_players DROP COLUMN kind; ALTER TABLE hand_players DROP COLUMN anonymous;
ALTER TABLE hands DROP COLUMN kind; ALTER TABLE hands DROP COLUMN table_order;
ALTER TABLE audit_sessions DROP COLUMN kind;
ALTER TABLE hand_players DROP COLUMN effective_bb;
UPDATE meta SET value = '9' WHERE key = 'schema';
UPDATE meta SET value = '2' WHERE key = 'stats'
"""


@pytest.fixture(scope="module")
def stores(tmp_path_factory):
    """(a store imported now, the same store as schema 9 wrote it)."""
    tmp = tmp_path_factory.mktemp("migrate")
    new = tmp / "new.duckdb"
    assert main(["import", *map(str, FOLDERS), "--db", str(new), "--quiet"]) == 0
    old = tmp / "old.duckdb"
    shutil.copy(new, old)
    con = duckdb.connect(str(old))
    for statement in filter(str.strip, _TO_9.split(";")):
        con.execute(statement)
    con.close()
    return new, old


def _rows(db, sql):
    con = duckdb.connect(str(db), read_only=True)
    try:
        return sorted(con.execute(sql).fetchall(), key=repr)
    finally:
        con.close()


def test_a_schema_9_store_is_brought_up_when_read(stores, tmp_path):
    new, old = stores
    db = tmp_path / "old.duckdb"
    shutil.copy(old, db)
    con = connect(db, read_only=True)  # (the dashboard's and the CLI readers' way in)
    version, = con.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
    why, = con.execute("SELECT value FROM meta WHERE key = 'recheck'").fetchone()
    con.close()
    assert version == SCHEMA_VERSION and "chips" in why  # (why the files are to be read)
    # every row as imported now, but what only the text says: a hand in chips is taken
    # for a tournament's (PHH's research games are cash games in chips)
    hands = "SELECT * EXCLUDE (kind, table_order) FROM hands"
    assert _rows(db, hands) == _rows(new, hands)
    # (the flags the store had: without the stats version 2 adds, made at the next import)
    players = "SELECT * EXCLUDE (kind, anonymous, effective_bb) FROM hand_players"
    assert _rows(db, players) == _rows(new, players)
    kinds = "SELECT site, hand_id, kind FROM hands"
    changed = set(_rows(db, kinds)) ^ set(_rows(new, kinds))
    assert changed and {(site, kind) for site, _, kind in changed} == {
        ("PHH", "tournament"), ("PHH", "cash")}
    # the stats read the kinds stored
    assert _rows(db, "SELECT kind, count(*) FROM player_hand_stats GROUP BY 1") == _rows(
        db, "SELECT h.kind, count(*) FROM hand_players p JOIN hands h USING (site, hand_id)"
            " WHERE p.chances IS NOT NULL GROUP BY 1")


def test_verify_recheck_reads_the_files_again_for_the_rest(stores, tmp_path, capsys):
    new, old = stores
    db = tmp_path / "old.duckdb"
    shutil.copy(old, db)
    Store(db).close()  # (a writer brings it up too)
    assert main(["verify", "--db", str(db), "--recheck", "--json"]) in (0, 1)
    capsys.readouterr()
    for sql in ("SELECT site, hand_id, kind FROM hands",
                "SELECT site, hand_id, player, kind, anonymous FROM hand_players",
                "SELECT * FROM hands"):
        assert _rows(db, sql) == _rows(new, sql)
    assert _rows(db, "SELECT value FROM meta WHERE key = 'recheck'") == []


def test_a_store_of_an_unknown_schema_is_still_refused(stores, tmp_path):
    from pipeline.store.database import SchemaError
    db = tmp_path / "odd.duckdb"
    shutil.copy(stores[1], db)
    con = duckdb.connect(str(db))
    con.execute("UPDATE meta SET value = '8' WHERE key = 'schema'")
    con.close()
    with pytest.raises(SchemaError, match="another version of handlens"):
        connect(db, read_only=True)


# ---------------------------------------------------------------- stat flags of an older version

def test_stats_of_an_older_version_are_made_again_from_the_stored_rows(tmp_path, capsys):
    """A store whose flags follow older definitions: the next import makes every hand's
    positions and stat columns again from its stored rows (no file read), equal to what
    importing the files gives."""
    folders = [str(p) for p in sorted(SAMPLES.iterdir()) if p.is_dir()]
    fresh = tmp_path / "fresh.duckdb"
    assert main(["import", *folders, "--db", str(fresh), "--quiet"]) == 0
    old = tmp_path / "old.duckdb"
    shutil.copy(fresh, old)
    con = duckdb.connect(str(old))
    con.execute("UPDATE meta SET value = '1' WHERE key = 'stats'")
    # flags as an older version might have left them: other bits, no position; a player
    # marked sitting out as not dealt in (no stat, no all-in adjusted net)
    con.execute("UPDATE hand_players SET chances = 0, dones = 0, position = NULL,"
                " position_group = NULL, post_bets = NULL WHERE NOT sitting_out")
    con.execute("UPDATE hand_players SET chances = NULL, dones = NULL, position = NULL,"
                " position_group = NULL, net_bb = NULL, allin_adj_net = NULL"
                " WHERE sitting_out")
    assert con.execute("SELECT count(*) FROM hand_players WHERE sitting_out"
                       " AND invested > 0").fetchone()[0] > 0  # (dealt in by version 2)
    con.close()
    gone = tmp_path / "elsewhere"  # (the files are not read: they are not there)
    gone.mkdir()
    capsys.readouterr()
    assert main(["import", str(gone), "--db", str(old)]) == 0
    assert "stats made again" in capsys.readouterr().out
    every = "SELECT * FROM hand_players"
    assert _rows(old, every) == _rows(fresh, every)
    assert _rows(old, "SELECT value FROM meta WHERE key = 'stats'") == [(FLAGS_VERSION,)]


def test_a_store_without_the_stats_version_2_adds_is_brought_up_by_the_next_import(
        tmp_path, capsys):
    """Schema 12, stats "2" (the handlens before these stats: 32-bit flags, no effective
    stack): opened, it is said; the next import fills the new stats and the effective
    stacks from the stored rows, equal to a fresh import's; no file is read."""
    folders = [str(p) for p in sorted(SAMPLES.iterdir()) if p.is_dir()]
    fresh = tmp_path / "fresh.duckdb"
    assert main(["import", *folders, "--db", str(fresh), "--quiet"]) == 0
    old = tmp_path / "old.duckdb"
    shutil.copy(fresh, old)
    con = duckdb.connect(str(old))
    for statement in ("DROP VIEW player_hand_stats", "DROP VIEW player_hand_flags",
                      f"UPDATE hand_players SET chances = chances & {(1 << 24) - 1},"
                      f" dones = dones & {(1 << 24) - 1}",
                      "ALTER TABLE hand_players ALTER chances SET DATA TYPE INTEGER",
                      "ALTER TABLE hand_players ALTER dones SET DATA TYPE INTEGER",
                      "ALTER TABLE hand_players DROP COLUMN effective_bb",
                      "UPDATE meta SET value = '12' WHERE key = 'schema'",
                      "UPDATE meta SET value = '2' WHERE key = 'stats'"):
        con.execute(statement)
    con.close()
    capsys.readouterr()
    assert main(["stats", "--db", str(old), "--format", "json"]) == 0
    out = capsys.readouterr()
    assert "without the stats it adds" in out.err
    assert all(r["check_raise_flop_chance"] == 0 for r in json.loads(out.out)["rows"])
    gone = tmp_path / "elsewhere"
    gone.mkdir()
    assert main(["import", str(gone), "--db", str(old)]) == 0
    assert "stats made again" in capsys.readouterr().out
    every = "SELECT * FROM hand_players"
    assert _rows(old, every) == _rows(fresh, every)
    assert _rows(old, "SELECT count(*) FROM hand_players WHERE (dones >> 24) <> 0"
                      " OR effective_bb IS NOT NULL") != [(0,)]
