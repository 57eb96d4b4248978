"""Finding the files under the paths given: links to folders followed, each folder
once, a link in a loop reported (never a crash), the database itself left out."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pipeline.dataset.tasks import list_inputs
from pipeline.ingest.files import discover
from support.common import HANDWRITTEN, import_paths, query

ALCOR = next(HANDWRITTEN.glob("*Alcor*.txt"))


@pytest.fixture
def tree(tmp_path) -> Path:
    """in/a.txt, in/sub/b.txt (two hand files), a link to sub, a link back up to in, a
    link to itself and a link to a file that is not there."""
    top = tmp_path / "in"
    (top / "sub").mkdir(parents=True)
    shutil.copy(ALCOR, top / "a.txt")
    text = ALCOR.read_text("utf-8-sig").replace("#2400000000", "#2420000000")
    (top / "sub" / "b.txt").write_text(text, "utf-8")
    (top / "linked").symlink_to(top / "sub")  # two ways to one folder: walked once
    (top / "sub" / "up").symlink_to(top)  # a loop back up the tree
    (top / "loop.txt").symlink_to(top / "loop.txt")  # a link to itself
    return top


def test_a_folder_with_link_loops_is_walked_once(tree):
    found = discover([tree])
    names = sorted(p.name for p in found)
    assert names == ["a.txt", "b.txt", "loop.txt"], names


def test_a_linked_folder_is_walked(tmp_path):
    """A room's folder kept elsewhere and linked in (a Wine prefix, a synced drive)."""
    (tmp_path / "real" / "deep").mkdir(parents=True)
    shutil.copy(ALCOR, tmp_path / "real" / "deep" / "c.txt")
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "PokerStars").symlink_to(tmp_path / "real")
    assert [p.relative_to(tmp_path / "in") for p in discover([tmp_path / "in"])] == [
        Path("PokerStars/deep/c.txt")]


def test_the_import_goes_on_past_a_link_loop_and_says_why(tree, tmp_path):
    db = tmp_path / "h.duckdb"
    s = import_paths(db, tree)
    assert s.hands_new == 2 * len(ALCOR.read_text("utf-8-sig").split("PokerStars Hand #")[1:])
    why = dict(s.files_unreadable)
    assert list(why) == [str(tree / "loop.txt")]
    assert "symbolic links" in why[str(tree / "loop.txt")]
    paths = [p for (p,) in query(db, "SELECT path FROM files ORDER BY path")]
    assert [Path(p).name for p in paths] == ["a.txt", "b.txt"]


def test_import_out_lists_the_same_files(tree):
    assert sorted(Path(p).name for p in list_inputs([tree])) == ["a.txt", "b.txt", "loop.txt"]


def test_the_database_inside_an_imported_folder_is_left_out(tree):
    db = tree / "h.duckdb"
    db.write_bytes(b"")
    (tree / "db-link").symlink_to(db)
    found = discover([tree], exclude=[db])
    assert db not in found and tree / "db-link" not in found


# ---------------------------------------------------------------- names that are not plain text

@pytest.fixture
def odd_names(tmp_path) -> Path:
    """A hand file whose name holds bytes that are not UTF-8, and one with a line end
    in its name holding a hand that cannot be parsed."""
    import os
    top = tmp_path / "in"
    top.mkdir()
    raw = os.fsencode(top) + b"/HH caf\xe9 \xff.txt"  # Latin-1 bytes, as an old archive has them
    with open(raw, "wb") as f:
        f.write(ALCOR.read_bytes())
    broken = ALCOR.read_text("utf-8-sig").replace("#2400000000", "#2430000000").replace(
        "*** SUMMARY ***", "*** SUMARY ***", 1)
    (top / "two\nlines.txt").write_text(broken, "utf-8")
    return top


def test_a_name_that_is_not_utf8_is_stored_so_the_file_is_found_again(odd_names, tmp_path):
    from pipeline.ingest.recheck import _HANDS, read_back
    from pipeline.store.paths import local
    db = tmp_path / "h.duckdb"
    import_paths(db, odd_names)
    (path,) = [p for (p,) in query(db, "SELECT path FROM files") if "caf" in p]
    assert path.endswith("HH caf\\xe9 \\xff.txt") and "\ufffd" not in path
    assert local(path).exists()
    rows = query(db, _HANDS)
    back = [hand for site, hand_id, hand, _ in read_back(r[:7] for r in rows if "caf" in r[2])]
    assert len(back) == 4 and all(h is not None for h in back)


def test_a_line_end_in_a_name_is_never_printed_raw(odd_names, tmp_path):
    import subprocess
    import sys
    db = tmp_path / "h.duckdb"
    import_paths(db, odd_names)
    handlens = Path(sys.executable).with_name("handlens")
    out = subprocess.run([str(handlens), "errors", "--db", str(db)], capture_output=True,
                         text=True, check=True).stdout
    (line,) = [x for x in out.splitlines() if "lines.txt" in x]
    assert "two\\nlines.txt:" in line


def test_a_parse_error_names_its_file_as_the_files_table_does(odd_names, tmp_path):
    """Through a linked folder too: the path of a parse error is its file's stored
    path (resolved), as ``import --out`` writes it."""
    (tmp_path / "via").symlink_to(odd_names)
    db = tmp_path / "h.duckdb"
    import_paths(db, tmp_path / "via")
    assert query(db, "SELECT count(*) FROM parse_errors") == [(1,)]
    assert query(db, "SELECT count(*) FROM parse_errors p JOIN files f USING (file_id)"
                     " WHERE p.path <> f.path") == [(0,)]
