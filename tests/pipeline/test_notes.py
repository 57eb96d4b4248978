"""Notes and tags (pipeline/store/notes.py, `handlens note`, `handlens tag`): on a hand,
on one action of it, on a player; kept through importing the same files again, `verify
--recheck` and an upgrade; carried by `export`; clear words for what is not there."""
from __future__ import annotations

import json
import shutil

import duckdb
import pytest

from pipeline.cli.main import main
from support.common import SAMPLES

FOLDER = SAMPLES / "pokerstars"


@pytest.fixture(scope="module")
def imported(tmp_path_factory):
    db = tmp_path_factory.mktemp("notes") / "h.duckdb"
    assert main(["import", str(FOLDER), "--db", str(db), "--quiet"]) == 0
    return db


@pytest.fixture()
def db(imported, tmp_path):
    copy = tmp_path / "h.duckdb"
    shutil.copy(imported, copy)
    return copy


def _one(db, sql, params=()):
    con = duckdb.connect(str(db), read_only=True)
    try:
        return con.execute(sql, list(params)).fetchall()
    finally:
        con.close()


def _river_call(db) -> tuple[str, str, int, str]:
    """(site, hand id, action number, player) of a call on the river."""
    return _one(db, "SELECT site, hand_id, seq, player FROM actions WHERE street = 4 AND"
                    " kind = 'call' ORDER BY site, hand_id, seq LIMIT 1")[0]


def _json(capsys, argv) -> list[dict]:
    capsys.readouterr()
    assert main(argv) == 0
    return json.loads(capsys.readouterr().out)


def test_notes_and_tags_survive_import_again_and_recheck(db, capsys):
    site, hand_id, seq, caller = _river_call(db)
    hand = f"{site}:{hand_id}"
    d = ["--db", str(db)]
    assert main(["note", "add", "--hand", hand, "the whole hand: fine", *d]) == 0
    assert main(["note", "add", "--hand", hand, "--action", str(seq), "thin", "call", *d]) == 0
    assert main(["note", "add", "--player", caller, "calls rivers light", *d]) == 0
    assert main(["tag", "add", "--hand", hand, "review", "bluff-catch", *d]) == 0
    assert main(["tag", "add", "--hand", hand, "--action", str(seq), "river call", *d]) == 0
    before = _json(capsys, ["note", "list", "--hand", hand, "--json", *d])
    assert [(n["seq"], n["text"]) for n in before] == [(None, "the whole hand: fine"),
                                                       (seq, "thin call")]

    assert main(["import", str(FOLDER), *d, "--quiet"]) == 0  # the same files again
    assert main(["verify", "--recheck", *d]) == 0
    capsys.readouterr()

    assert _json(capsys, ["note", "list", "--hand", hand, "--json", *d]) == before
    tags = [t for t in _json(capsys, ["tag", "list", "--hand", hand, "--json", *d])
            if t["source"] == "user"]  # (the import's auto-tags beside them)
    assert sorted((t["seq"] or -1, t["tag"]) for t in tags) == sorted(
        [(-1, "review"), (-1, "bluff-catch"), (seq, "river call")])
    # the action a note is on is still that call (the replay numbers actions the same way)
    assert _one(db, "SELECT player, kind FROM actions WHERE site = ? AND hand_id = ? AND "
                    "seq = ?", [site, hand_id, seq]) == [(caller, "call")]
    players = _json(capsys, ["note", "list", "--player", caller, "--json", *d])
    assert [n["text"] for n in players] == ["calls rivers light"]
    where = _json(capsys, ["tag", "list", "--tag", "river call", "--json", *d])
    assert [(t["hand_id"], t["seq"]) for t in where if t["source"] == "user"] == [(hand_id, seq)]


def test_tags_set_once_and_taken_off(db, capsys):
    site, hand_id, _, _ = _river_call(db)
    d = ["--db", str(db), "--hand", f"{site}:{hand_id}"]
    assert main(["tag", "add", "review", "review", *d]) == 0
    assert main(["tag", "add", "review", *d]) == 0
    def mine():
        return [t["tag"] for t in _json(capsys, ["tag", "list", "--json", *d])
                if t["source"] == "user"]
    assert mine() == ["review"]
    assert main(["tag", "remove", "review", *d]) == 0
    assert mine() == []
    assert main(["note", "add", "first", *d]) == 0
    (note,) = _json(capsys, ["note", "list", "--json", *d])
    assert main(["note", "remove", str(note["note_id"]), "--db", str(d[1])]) == 0
    assert _json(capsys, ["note", "list", "--json", *d]) == []


@pytest.mark.parametrize("argv,said", [
    (["note", "add", "--hand", "PokerStars:1", "x"], "no hand PokerStars:1"),
    (["note", "add", "x"], "name what it is about"),
    (["note", "add", "--player", "nobody at all", "x"], "no player 'nobody at all'"),
    (["note", "remove", "999"], "no note #999"),
    (["tag", "add", "--action", "3", "x"], "--action N is an action of a hand"),
])
def test_what_is_not_there_is_said(db, capsys, argv, said):
    capsys.readouterr()
    assert main([*argv, "--db", str(db)]) == 1
    assert said in capsys.readouterr().err


def test_an_action_that_is_not_there_is_said(db, capsys):
    site, hand_id, _, _ = _river_call(db)
    (last,), = _one(db, "SELECT max(seq) FROM actions WHERE site = ? AND hand_id = ?",
                    [site, hand_id])
    capsys.readouterr()
    assert main(["note", "add", "--hand", hand_id, "--action", str(last + 1), "x",
                 "--db", str(db)]) == 1
    assert f"has no action #{last + 1}" in capsys.readouterr().err


def test_a_schema_10_database_gets_the_tables_and_keeps_a_pending_recheck(db):
    from pipeline.store.database import SCHEMA_VERSION, connect
    con = duckdb.connect(str(db))
    con.execute("DROP TABLE notes; DROP TABLE tags")
    con.execute("UPDATE meta SET value = '10' WHERE key = 'schema'")
    con.execute("INSERT INTO meta VALUES ('recheck', 'an earlier reason')")
    con.close()
    connect(db, read_only=True).close()
    assert _one(db, "SELECT value FROM meta WHERE key = 'schema'") == [(SCHEMA_VERSION,)]
    assert _one(db, "SELECT value FROM meta WHERE key = 'recheck'") == [("an earlier reason",)]
    assert _one(db, "SELECT count(*) FROM notes") == [(0,)]


def test_export_carries_the_notes_of_the_hands_and_players_exported(db, tmp_path):
    site, hand_id, seq, caller = _river_call(db)
    d = ["--db", str(db)]
    assert main(["note", "add", "--hand", f"{site}:{hand_id}", "--action", str(seq), "hm",
                 *d]) == 0
    assert main(["note", "add", "--player", caller, "a read", *d]) == 0
    assert main(["tag", "add", "--hand", f"{site}:{hand_id}", "review", *d]) == 0
    out = tmp_path / "out"
    assert main(["export", "--format", "parquet", "--out", str(out), *d]) == 0
    con = duckdb.connect()
    notes = con.execute(f"SELECT hand_id, seq, player, text FROM '{out}/notes.parquet'"
                        " ORDER BY note_id").fetchall()
    assert notes == [(hand_id, seq, None, "hm"), (None, None, caller, "a read")]
    assert con.execute(f"SELECT tag FROM '{out}/tags.parquet' WHERE source = 'user'"
                       ).fetchall() == [("review",)]
    other = tmp_path / "other"  # hands of another room: none of these notes
    assert main(["export", "--format", "csv", "--out", str(other), "--room", "GGPoker",
                 *d]) == 0
    assert con.execute(f"SELECT count(*) FROM read_csv('{other}/notes.csv')").fetchall() \
        == [(0,)]
