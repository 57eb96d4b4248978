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
