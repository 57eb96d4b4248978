"""Importing into a real DuckDB file: idempotent, incremental, transactional."""
from __future__ import annotations

import shutil
from pathlib import Path

import duckdb
import pytest

from pipeline.ingest import importer as importer_module
from pipeline.ingest.importer import Importer
from pipeline.ingest.files import discover
from pipeline.store.database import Store

from support.common import HANDWRITTEN as SAMPLES
from support.common import SAMPLES as ALL_SAMPLES
from support.common import import_paths as run
from support.common import query

CASH = next(SAMPLES.glob("*Alcor*.txt"))


@pytest.mark.slow
def test_samples_import_and_reimport_adds_nothing(tmp_path):
    db = tmp_path / "h.duckdb"
    first = run(db, SAMPLES)
    assert (first.files, first.hands_new, first.parse_errors) == (3, 7, 0)
    again = run(db, SAMPLES)
    assert (again.hands_new, again.duplicates, again.files_unchanged) == (0, 7, 3)
    assert query(db, "SELECT count(*) FROM hands") == [(7,)]
    assert query(db, "SELECT count(*) FROM hand_players") == [(4 * 6 + 5 + 4 + 4,)]


def test_money_is_stored_exactly(tmp_path):
    db = tmp_path / "h.duckdb"
    run(db, SAMPLES)
    rows = query(db, "SELECT player, invested, collected, net FROM hand_players "
                     "WHERE hand_id = '240000000003' ORDER BY seat")
    assert [(p, str(i), str(c), str(n)) for p, i, c, n in rows][0] == (
        "Hero", "7.35", "11.40", "4.05")
    types = dict(query(db, "SELECT column_name, data_type FROM information_schema.columns "
                           "WHERE table_name = 'hand_players'"))
    assert types["net"] == "DECIMAL(18,2)"


def test_positions_are_stored(tmp_path):
    db = tmp_path / "h.duckdb"
    run(db, SAMPLES)
    rows = query(db, "SELECT player, position, position_group FROM hand_players "
                     "WHERE hand_id = '240000000003' ORDER BY seat")
    assert rows == [("Hero", "HJ", "MP"), ("MapleLeaf77", "CO", "CO"),
                    ("quietriver", "BTN", "BTN"), ("Tanzanite", "SB", "SB"),
                    ("kb_grinder", "BB", "BB"), ("OldOakTree", "UTG", "EP")]


def _hands_of(path: Path) -> list[str]:
    text = path.read_bytes().decode("utf-8-sig").replace("\r\n", "\n")
    return ["PokerStars Hand #" + h for h in text.split("PokerStars Hand #")[1:]]


@pytest.mark.slow
def test_a_growing_file_adds_only_its_new_hands(tmp_path):
    hands = _hands_of(CASH)
    live = tmp_path / "live" / "table.txt"
    live.parent.mkdir()
    cut = hands[2].index("*** SUMMARY ***")
    live.write_text("".join(hands[:2]) + hands[2][:cut])
    db = tmp_path / "h.duckdb"
    first = run(db, live.parent)
    assert (first.hands_new, first.incomplete, first.parse_errors) == (2, 1, 0)
    live.write_text("".join(hands))
    second = run(db, live.parent)
    assert (second.hands_new, second.incomplete, second.duplicates, second.parse_errors) == (2, 0, 0, 0)
    assert query(db, "SELECT count(*) FROM hands") == [(4,)]
    offsets = query(db, "SELECT byte_offset FROM hands ORDER BY byte_offset")
    data = live.read_bytes()
    assert all(data[o:].startswith(b"PokerStars Hand #") for (o,) in offsets)


@pytest.mark.slow
def test_a_file_cut_mid_line_is_read_again_when_it_grows(tmp_path):
    hands = _hands_of(CASH)
    live = tmp_path / "table.txt"
    whole = "".join(hands[:2]).rstrip("\n")
    live.write_text(whole[:-20])  # the last summary line is cut off
    db = tmp_path / "h.duckdb"
    first = run(db, live)
    assert first.hands_new == 1 and first.parse_errors == 1
    live.write_text(whole + "\n")
    second = run(db, live)
    assert second.hands_new == 1
    assert query(db, "SELECT count(*) FROM parse_errors") == [(0,)]


def test_the_same_hand_in_two_files_is_stored_once(tmp_path):
    shutil.copy(CASH, tmp_path / "a.txt")
    shutil.copy(CASH, tmp_path / "b.txt")
    s = run(tmp_path / "h.duckdb", tmp_path)
    assert (s.hands_new, s.duplicates) == (4, 4)


def test_bad_text_is_kept_with_file_line_and_reason(tmp_path):
    hands = _hands_of(CASH)
    broken = hands[1].replace("Tanzanite: checks", "Tanzanite: juggles")
    f = tmp_path / "t.txt"
    f.write_text(hands[0] + broken + hands[2])
    db = tmp_path / "h.duckdb"
    s = run(db, f)
    assert (s.hands_new, s.parse_errors) == (2, 1)
    (line, reason, raw), = query(db, "SELECT line, reason, raw_text FROM parse_errors")
    lines = f.read_text().split("\n")
    assert lines[line - 1] == "Tanzanite: juggles"
    assert reason == "unrecognised line: Tanzanite: juggles"
    assert raw.startswith("PokerStars Hand #240000000002")


def test_an_interrupted_write_leaves_no_half_hand(tmp_path, monkeypatch):
    db = tmp_path / "h.duckdb"
    store = Store(db)
    real = store._run

    def failing(sql, params=None):
        if sql.startswith("INSERT INTO actions"):
            raise RuntimeError("power cut")
        return real(sql, params)

    monkeypatch.setattr(store, "_run", failing)
    with pytest.raises(RuntimeError):
        Importer(store, 1).run(discover([SAMPLES]))
    store.close()
    assert query(db, "SELECT count(*) FROM hands") == [(0,)]
    assert query(db, "SELECT count(*) FROM files") == [(0,)]
    s = run(db, SAMPLES)
    assert s.hands_new == 7


def test_an_import_stopped_inside_a_file_then_run_again_is_the_clean_import(tmp_path,
                                                                          monkeypatch):
    """Stopped after the first of a file's units was written (its state provisional),
    the import run again reads the file whole: every table as a clean import's, no hand
    taken for a copy of itself."""
    monkeypatch.setattr(importer_module, "UNIT_HANDS", 2)
    clean, stopped = tmp_path / "clean.duckdb", tmp_path / "stopped.duckdb"
    run(clean, SAMPLES)
    store = Store(stopped)
    real, calls = store.write_many, []

    def stop_after_one(batches):
        if calls:
            raise KeyboardInterrupt
        calls.append(1)
        return real(batches)

    monkeypatch.setattr(store, "write_many", stop_after_one)
    with pytest.raises(KeyboardInterrupt):
        Importer(store, 1).run(discover([SAMPLES]))
    store.close()
    (before,), = query(stopped, "SELECT count(*) FROM hands")
    assert 0 < before < 7
    s = run(stopped, SAMPLES)
    assert (s.hands_new, s.duplicates) == (7 - before, 0)
    for table in ("hands", "hand_copies", "hand_players", "actions", "verdicts", "parse_errors"):
        sql = f"SELECT * FROM {table}"
        only = query(clean, f"ATTACH '{stopped}' AS s (READ_ONLY); "
                            f"SELECT count(*) FROM (({sql} EXCEPT ALL SELECT * FROM s.{table}) "
                            f"UNION ALL (SELECT * FROM s.{table} EXCEPT ALL {sql}))")
        assert only == [(0,)], table


@pytest.mark.slow
def test_worker_processes_give_the_same_result(tmp_path, monkeypatch):
    monkeypatch.setattr(importer_module, "UNIT_HANDS", 2)
    a = run(tmp_path / "a.duckdb", SAMPLES, workers=2)
    b = run(tmp_path / "b.duckdb", SAMPLES, workers=1)
    assert a.hands_new == b.hands_new == 7
    sql = "SELECT * EXCLUDE (file_id) FROM hands ORDER BY hand_id"
    assert query(tmp_path / "a.duckdb", sql) == query(tmp_path / "b.duckdb", sql)
    sql = "SELECT * FROM actions ORDER BY hand_id, seq"
    assert query(tmp_path / "a.duckdb", sql) == query(tmp_path / "b.duckdb", sql)


def test_rooms_not_supported_yet_are_named_per_file(tmp_path):
    (tmp_path / "everleaf.txt").write_text("Everleaf Gaming Game #1234\n"
                                          "***** Hand history for game #1234 *****\n")
    (tmp_path / "notes.txt").write_text("my notes\n")
    (tmp_path / "in").mkdir()
    for name in ("everleaf.txt", "notes.txt"):
        (tmp_path / name).rename(tmp_path / "in" / name)
    s = run(tmp_path / "h.duckdb", tmp_path / "in")
    assert dict(s.formats_not_supported) == {"Everleaf": 1}
    assert s.files_not_recognised == [str(tmp_path / "in" / "notes.txt")]


def test_a_database_of_another_version_is_refused_clearly(tmp_path):
    from pipeline.store.database import SchemaError
    db = tmp_path / "old.duckdb"
    con = duckdb.connect(str(db))
    con.execute("CREATE TABLE hands (site VARCHAR)")
    con.close()
    with pytest.raises(SchemaError, match="another version of handlens"):
        Store(db)


@pytest.mark.parametrize("encoding, newline", [("utf-16", "\r\n"), ("cp1252", "\r"),
                                               ("utf-8-sig", "\n")])
def test_files_in_every_encoding_and_line_end_import_whole(tmp_path, encoding, newline):
    text = "".join(_hands_of(CASH)).replace("kb_grinder", "kb_grïnder")
    f = tmp_path / "in" / "table.txt"
    f.parent.mkdir()
    f.write_bytes(text.replace("\n", newline).encode(encoding))
    db = tmp_path / "h.duckdb"
    s = run(db, f.parent)
    assert (s.hands_new, s.parse_errors) == (4, 0)
    rows = query(db, "SELECT byte_offset, byte_length, line FROM hands ORDER BY byte_offset")
    data = f.read_bytes()
    codec = "utf-16-le" if encoding == "utf-16" else encoding.replace("-sig", "")
    for offset, length, line in rows:
        chunk = data[offset:offset + length].decode(codec)
        assert chunk.startswith("PokerStars Hand #")
        assert data[:offset].decode(codec, errors="ignore").count(newline) + 1 == line
    assert query(db, "SELECT count(*) FROM hand_players WHERE player = 'kb_grïnder'") == [(4,)]


@pytest.mark.slow
def test_one_folder_mixing_every_room_imports_in_one_command(tmp_path):
    """Files of every room side by side: each file read by its own room."""
    from support.common import SAMPLES as ALL_SAMPLES
    from support.common import query

    from parsers.registry import ROOMS
    folder = tmp_path / "mixed"
    folder.mkdir()
    for name in ROOMS:
        for path in (ALL_SAMPLES / name).iterdir():  # (.txt; PHH's .phh and .phhs)
            if path.is_file():
                shutil.copy(path, folder / path.name)
    s = run(tmp_path / "h.duckdb", folder)
    assert (s.parse_errors, s.files_not_recognised, dict(s.formats_not_supported)) == (0, [], {})
    formats = {f for (f,) in query(tmp_path / "h.duckdb", "SELECT DISTINCT format FROM files")}
    assert formats == set(ROOMS)
    statuses = query(tmp_path / "h.duckdb", "SELECT DISTINCT status FROM verdicts")
    assert statuses == [("ok",)]


TABLES_OF_A_FILE = {  # what one file's import leaves, in an order that does not vary
    "hands": "SELECT * EXCLUDE (file_id) FROM hands ORDER BY hand_id",
    "hand_copies": "SELECT * EXCLUDE (file_id) FROM hand_copies ORDER BY byte_offset",
    "parse_errors": "SELECT * EXCLUDE (file_id, path) FROM parse_errors ORDER BY byte_offset",
    "files": "SELECT * EXCLUDE (file_id, path, imported_at) FROM files ORDER BY path",
    "actions": "SELECT * FROM actions ORDER BY hand_id, seq",
}


@pytest.mark.slow
@pytest.mark.parametrize("encoding, newline", [("utf-8", "\n"), ("utf-16", "\r\n"),
                                               ("cp1252", "\r")])
def test_a_file_cut_in_pieces_of_one_hand_gives_the_rows_of_one_piece(
        tmp_path, monkeypatch, encoding, newline):
    """The main process cuts files at hand headers and the workers split the pieces:
    with a piece a hand, or the file read in windows of a few bytes, a file holding notes between hands, a broken hand, a copy
    of a hand and a cut last hand, then grown, gives the rows, the file's state and
    the summary of the same file in one piece."""
    hands = [h.replace("kb_grinder", "kb_grïnder") for h in _hands_of(CASH)]
    broken = hands[1].replace("Tanzanite: checks", "Tanzanite: juggles")
    cut = hands[3].index("*** SUMMARY ***")
    first = hands[0] + "my notes\n\n" + broken + hands[2] + hands[0] + hands[3][:cut]
    grown = first + hands[3][cut:] + "more notes\n"

    def imports(unit_hands: int, workers: int, folder: str, window: int | None = None):
        monkeypatch.setattr(importer_module, "UNIT_HANDS", unit_hands)
        if window:
            monkeypatch.setattr(importer_module, "WINDOW", window)
        f = tmp_path / folder / "table.txt"
        f.parent.mkdir()
        db = tmp_path / f"{folder}.duckdb"
        out = []
        for text in (first, grown):
            f.write_bytes(text.replace("\n", newline).encode(encoding))
            summary = run(db, f, workers=workers).as_json()
            summary.pop("seconds")
            out.append((summary, {name: query(db, sql)
                                  for name, sql in TABLES_OF_A_FILE.items()}))
        return out

    whole = imports(100, 1, "whole")
    # read in windows of bytes smaller than a hand and a few hands long (the file's
    # last hand then starts in a window of its own, the grown file resumes mid-window)
    windowed = [imports(2, 1, f"window{w}", w) for w in (1000, 2048, 5000)]
    pieces = imports(1, 2, "pieces")
    for other in (pieces, *windowed):
        for (sa, ta), (sb, tb) in zip(other, whole):
            assert sa == sb
            for name in ta:
                assert ta[name] == tb[name], name
    (s1, t1), (s2, t2) = pieces
    assert (s1["hands_new"], s1["incomplete"], s1["parse_errors"], s1["duplicates"]) == (
        2, 1, 2, 1)
    assert (s2["hands_new"], s2["incomplete"], s2["parse_errors"]) == (1, 0, 1)
    assert [f[-2:] for f in t2["files"]] == [(6, 3)]  # hands, errors (as before pieces)


def test_units_written_together_commit_or_roll_back_together(tmp_path, monkeypatch):
    """A writer that falls behind writes the units waiting in one transaction
    (Store.write_many): the same rows as one transaction a unit, and a failure in the
    last unit leaves none of them."""
    from pipeline.ingest.unit import parse_unit
    monkeypatch.setattr(importer_module, "UNIT_HANDS", 2)
    planner = Importer(Store(tmp_path / "plan.duckdb", threads=1), workers=1)
    units = list(planner._units(discover([SAMPLES])))
    planner.store.close()
    batches = [(parse_unit(u.parts).tables, u.finishes, u.drop_errors_from, u.replace_from)
               for u in units]
    assert len(batches) >= 3
    one = Store(tmp_path / "one.duckdb")
    counts = [one.write(*batch) for batch in batches]
    one.close()
    together = Store(tmp_path / "together.duckdb")
    real = together._save_files
    last = batches[-1][1][-1]

    def failing(files):
        if last in files:
            raise RuntimeError("disk full")
        real(files)

    monkeypatch.setattr(together, "_save_files", failing)
    with pytest.raises(RuntimeError, match="disk full"):
        together.write_many(batches)
    assert together.con.execute("SELECT count(*) FROM hands").fetchall() == [(0,)]
    monkeypatch.setattr(together, "_save_files", real)
    assert together.write_many(batches) == counts
    together.close()
    for sql in ("SELECT * EXCLUDE (file_id) FROM hands ORDER BY hand_id",
                "SELECT * FROM actions ORDER BY hand_id, seq",
                "SELECT * EXCLUDE (imported_at) FROM files ORDER BY file_id"):
        assert query(tmp_path / "one.duckdb", sql) == query(tmp_path / "together.duckdb", sql)


def test_the_writer_takes_the_results_ready_after_the_first_in_order():
    from collections import deque
    from concurrent.futures import Future
    futures = [Future() for _ in range(4)]
    for i in (0, 1, 3):  # the third is still running
        futures[i].set_result(f"result {i}")
    window = deque((f"unit {i}", f) for i, f in enumerate(futures))
    assert importer_module._ready(window) == [("unit 0", "result 0"), ("unit 1", "result 1")]
    assert [u for u, _ in window] == ["unit 2", "unit 3"]  # in order: 3 waits for 2


@pytest.mark.parametrize("window", [None, 700, 3000])
def test_a_grown_session_file_resumes_with_its_context_line_and_digest(
        tmp_path, monkeypatch, window):
    """An XML file of two sessions (a cash one, then a tournament one), first cut inside
    the tournament's last game, then whole: read in windows of bytes (smaller than a
    game, or a few games long) and resumed where the last import stopped, it gives the
    rows and the file's state of the whole file imported at once; the resumed games
    are read with the tournament session's header (the context before them), at their
    own lines."""
    folder = ALL_SAMPLES / "ipoker"
    cash, tournament = (next(folder.glob(f"*{kind} session.txt")).read_bytes()
                        for kind in ("cash", "tournament"))
    whole = cash + b"\n" + tournament
    cut = whole.rindex(b"<game ") + 200
    if window:
        monkeypatch.setattr(importer_module, "WINDOW", window)
    f = tmp_path / "grown" / "session.txt"
    f.parent.mkdir()
    f.write_bytes(whole[:cut])
    first = run(tmp_path / "grown.duckdb", f)
    assert first.incomplete == 1
    f.write_bytes(whole)
    again = run(tmp_path / "grown.duckdb", f)
    assert (again.hands_new, again.incomplete, again.parse_errors) == (1, 0, 0)
    monkeypatch.setattr(importer_module, "WINDOW", 64 << 20)
    clean = tmp_path / "clean" / "session.txt"
    clean.parent.mkdir()
    clean.write_bytes(whole)
    run(tmp_path / "clean.duckdb", clean)
    for name, sql in TABLES_OF_A_FILE.items():
        assert query(tmp_path / "grown.duckdb", sql) == query(tmp_path / "clean.duckdb", sql), name
    kinds = query(tmp_path / "grown.duckdb", "SELECT kind, count(*) FROM hands GROUP BY kind"
                                             " ORDER BY kind")
    assert [k for k, _ in kinds] == ["cash", "tournament"]


def test_the_context_before_an_offset_is_the_nearest_whatever_the_window():
    """The context in force at an offset is the last one before it, looked for in
    windows going back from it: found across a window's edge, never an older one."""
    import io
    import re

    pattern = re.compile(r"<s n=\d+>.*?</s>", re.S)
    data = b"".join(b"<s n=%d>%s</s>\n<g>%s</g>\n" % (i, b"x" * (i % 7), b"y" * 40)
                    for i in range(40))
    for offset in range(0, len(data), 13):
        expected = importer_module.context_at(data, offset, "utf-8", pattern)
        for window in (100, 257, 4096):  # (a quarter of each: longer than a context)
            found = importer_module._context_before(io.BytesIO(data), offset, "utf-8",
                                                    pattern, window)
            assert found == expected, (offset, window)


@pytest.mark.parametrize("window", [1, 2, 3, 5, 8, 1000])
def test_the_line_of_an_offset_counts_every_line_end_once_whatever_the_window(
        monkeypatch, window):
    """Lines counted a window at a time equal those of the whole text counted at once,
    a doubled line end (CR CR LF, LF CR) one line end even where a window cuts it."""
    import io
    import random

    from parsers.base.split import count_lines
    monkeypatch.setattr(importer_module, "WINDOW", window)
    rnd = random.Random(7)
    text = "".join(rnd.choice(["a", "b", "\n", "\r", "\r\n", "\r\r\n", "\n\r", "é"])
                   for _ in range(400))
    data = text.encode("utf-8")
    for offset in range(0, len(data) + 1, 7):
        head = data[:offset].decode("utf-8", errors="replace")
        assert importer_module._line_of(io.BytesIO(data), offset, "utf-8") == \
            1 + count_lines(head), offset


def test_a_read_that_fails_midway_is_reported_and_the_next_import_reads_it_all(
        tmp_path, monkeypatch):
    """A file whose read fails after some windows (a disk error, a network share gone)
    is reported with the reason, the other files imported; the next import reads it
    again whole and gives the clean import's rows."""
    from pipeline.ingest import files as files_module

    monkeypatch.setattr(importer_module, "WINDOW", 1000)  # (the file: 5 windows)
    monkeypatch.setattr(importer_module, "UNIT_HANDS", 1)
    folder = tmp_path / "in"
    folder.mkdir()
    shutil.copy(CASH, folder / "a.txt")
    shutil.copy(next(SAMPLES.glob("*.txt")), folder / "b.txt")
    real = files_module.Reading.read
    reads = {"n": 0}

    def failing(self, n):
        if self.f.name.endswith("a.txt"):
            reads["n"] += 1
            if reads["n"] == 3:
                raise OSError(5, "Input/output error")
        return real(self, n)

    monkeypatch.setattr(files_module.Reading, "read", failing)
    db = tmp_path / "h.duckdb"
    s = run(db, folder)
    assert s.files_unreadable == [(str(folder / "a.txt"), "Input/output error")]
    assert 0 < query(db, "SELECT count(*) FROM hands h JOIN files f USING (file_id)"
                         " WHERE f.path LIKE '%a.txt'")[0][0]
    monkeypatch.setattr(files_module.Reading, "read", real)
    again = run(db, folder)
    assert again.files_unreadable == [] and again.files_unchanged == 1
    clean = tmp_path / "clean.duckdb"
    run(clean, folder)
    for name, sql in TABLES_OF_A_FILE.items():
        assert query(db, sql) == query(clean, sql), name


def test_file_states_are_upserted_together_the_last_of_a_file_kept(tmp_path):
    """Store._save_files: new files inserted, known ones replaced, a file listed twice
    in one write stored once with its last state; counts read from the store."""
    from pipeline.store.database import FileState
    store = Store(tmp_path / "s.duckdb")

    def state(i, size):
        return FileState(i, f"/f{i}", size, f"h{size}", size, f"p{size}", "pokerstars",
                         "utf-8", 0, 0)
    store._save_files([state(1, 10), state(2, 20)])
    store._save_files([state(2, 21), state(3, 30), state(2, 22)])
    rows = store.con.execute("SELECT file_id, size, hash, hands, errors FROM files"
                             " ORDER BY file_id").fetchall()
    store.close()
    assert rows == [(1, 10, "h10", 0, 0), (2, 22, "h22", 0, 0), (3, 30, "h30", 0, 0)]


def test_the_content_digest_is_of_what_every_player_saw_as_repr_writes_it(tmp_path):
    """hand.content is the digest of the repr of (time, table, button, seats and stacks,
    actions, boards, uncalled, collections, pot and rake): the rows module writes that
    text out itself, and a hand stored before keeps its digest only if it is the same."""
    from hashlib import blake2b

    from engine.model.hand import Hand
    from parsers.base.split import decode, split_hands
    from parsers.registry import detect
    db = tmp_path / "h.duckdb"
    run(db, ALL_SAMPLES)
    stored = dict(((s, h), c) for s, h, c in query(db, "SELECT site, hand_id, content FROM hands"))
    checked = 0
    for path in sorted(ALL_SAMPLES.rglob("*.txt"))[:40]:
        text, enc = decode(path.read_bytes())
        room = detect(text)
        for raw in split_hands(text, room, enc) if hasattr(room, "parse") else []:
            try:
                hand = room.parse(raw.text)
            except ValueError:
                continue
            if not isinstance(hand, Hand) or (hand.site, hand.hand_id) not in stored:
                continue
            s = hand.summary
            seen = repr((hand.played_at, hand.table, hand.button_seat,
                         [(x.seat, x.player, x.stack, x.sitting_out) for x in hand.seats],
                         [(a.street, a.player, a.kind, a.amount) for a in hand.actions],
                         hand.boards, hand.uncalled, [(c.player, c.amount) for c in hand.collects],
                         (s.total_pot, s.rake) if s else None))
            digest = blake2b(seen.encode("utf-8", "replace"), digest_size=12).hexdigest()
            assert stored[(hand.site, hand.hand_id)] == digest, (path, hand.hand_id)
            checked += 1
    assert checked > 500
