"""Compaction (pipeline/dataset/compact.py): the parts of many input files merged into segments
at the end of ``handlens import --out``, the manifest listing exactly what is read,
files imported again replacing their rows inside a segment."""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import duckdb
import pytest

from support.common import HANDWRITTEN
from support.common import import_paths as store_import
from pipeline.dataset import compact
from pipeline.dataset import layout
from pipeline.dataset import scale
from pipeline.dataset.views import open_dataset
from support.datasets import compare

CASH = next(HANDWRITTEN.glob("*Alcor*.txt"))  # 4 hands


def _hands_of(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    starts = [i for i in range(len(text)) if text.startswith("PokerStars Hand #", i)]
    return [text[a:b] for a, b in zip(starts, [*starts[1:], len(text)])]


def tables_folder(folder: Path, files: int, start: int = 0) -> list[Path]:
    """``files`` copies of the Alcor table, each with hand ids of its own."""
    text = CASH.read_text(encoding="utf-8")
    folder.mkdir(parents=True, exist_ok=True)
    made = []
    for i in range(start, start + files):
        path = folder / f"table {i:03d}.txt"
        path.write_text(text.replace("#24000000", f"#24{i:03d}000"), encoding="utf-8")
        made.append(path)
    return made


def on_disk(out: Path) -> set[str]:
    """Every part in the tables' folders (temporary names too)."""
    return {f"{t}/{e.name}" for t in layout.TABLES if (out / t).is_dir()
            for e in os.scandir(out / t)}


def listed(out: Path) -> set[str]:
    return {p for ps in layout.read_manifest(str(out))["parts"].values() for p in ps}


def counts(out: Path) -> dict[str, int]:
    con = open_dataset(str(out), audit=False)
    try:
        return {t: con.execute(f"SELECT count(*) FROM {t}").fetchall()[0][0]
                for t in ("hands", "hand_players", "actions", "files", "hand_copies")}
    finally:
        con.close()


@pytest.mark.slow
def test_many_small_parts_are_merged_when_it_pays(tmp_path, monkeypatch):
    folder = tmp_path / "in"
    tables_folder(folder, compact.MIN_SOURCES - 1)
    out = tmp_path / "ds"
    scale.run([folder], str(out), workers=1)  # too few parts to pay: left as they are
    manifest = layout.read_manifest(str(out))
    assert manifest["segments"] == {} and len(manifest["parts"]["hands"]) == 15
    assert manifest["duplicates"] is False
    tables_folder(folder, 1, start=15)  # one more file: 16 loose, merged
    sizes = [u["bytes"] for u in manifest["units"].values()]
    assert max(sizes) < 1.05 * min(sizes)
    monkeypatch.setattr(compact, "SEGMENT_BYTES", int(6.5 * min(sizes)))
    s = scale.run([folder], str(out), workers=1)
    assert (s.files_unchanged, s.hands_new, s.duplicates) == (15, 4, 0)
    manifest = layout.read_manifest(str(out))
    segments = manifest["segments"]
    assert len(segments) == 3  # 16 files, up to 6 a segment
    assert sorted(s["units"] for s in segments.values()) == [4, 6, 6]
    assert all(u["segment"] in segments for u in manifest["units"].values())
    assert sum(s["rows"]["hands"] for s in segments.values()) == 64
    assert manifest["last_compaction"]["files_merged"] == 16
    assert on_disk(out) == listed(out)  # the files' own parts deleted
    assert {p.split("/")[1] for p in listed(out)} == {f"{s}.parquet" for s in segments}
    cash = counts_of_cash()
    assert counts(out) == {"hands": 64, "hand_players": 16 * cash["hand_players"],
                           "actions": 16 * cash["actions"], "files": 16, "hand_copies": 0}
    store_import(tmp_path / "h.duckdb", folder)
    assert compare(tmp_path / "h.duckdb", out) == {}


def counts_of_cash() -> dict[str, int]:
    from pipeline.dataset.tasks import import_file
    tables, _ = import_file(str(CASH))
    return {t: tables[t].num_rows for t in tables}


@pytest.mark.slow
@pytest.mark.parametrize("merge", [True, False])
def test_a_grown_file_in_a_segment_replaces_its_rows(tmp_path, merge):
    """A file whose rows are in a segment grows: the segment is rewritten without its
    old rows (merged with its new ones, or those left in parts of their own), no hand
    twice, the same rows as handlens import of the final files."""
    folder = tmp_path / "in"
    tables_folder(folder, 5, start=1)  # hand ids of their own (live.txt has Alcor's)
    hands = _hands_of(CASH)
    live = folder / "live.txt"
    live.write_text("".join(hands[:2]) + hands[2][:hands[2].index("*** SUMMARY ***")])
    out = tmp_path / "ds"
    first = scale.run([folder], str(out), workers=1, compact=True)
    assert (first.hands_new, first.incomplete) == (22, 1)
    before = layout.read_manifest(str(out))
    (old,) = before["segments"]
    live.write_text("".join(hands))
    second = scale.run([folder], str(out), workers=1, compact=merge)
    assert (second.files_unchanged, second.hands_new, second.duplicates,
            second.incomplete) == (5, 2, 0, 0)
    after = layout.read_manifest(str(out))
    assert old not in after["segments"] and len(after["segments"]) == 1
    (key, unit), = [(k, u) for k, u in after["units"].items()
                    if u["path"] == str(live.resolve())]
    assert key == layout.content_key(str(live.resolve()), unit["hash"])
    assert (unit.get("segment") is not None) == merge
    assert on_disk(out) - listed(out) == (
        set() if merge else {f"{t}/{key}.parquet"
                             for t in layout.TABLES if not unit["rows"].get(t)})
    assert counts(out)["hands"] == 24
    con = open_dataset(str(out), audit=False)
    assert con.execute("SELECT count(*) - count(DISTINCT (site, hand_id)) FROM"
                       " hand_players WHERE player = 'Hero'").fetchall() == [(0,)]
    assert not con.execute("SELECT count(*) FROM duckdb_tables()"
                           " WHERE table_name = 'dataset_losers'").fetchall()[0][0]
    third = scale.run([folder], str(out), workers=1)
    assert (third.files_unchanged, third.hands_new) == (6, 0)
    store_import(tmp_path / "h.duckdb", folder)
    assert compare(tmp_path / "h.duckdb", out) == {}


def test_only_the_listed_parts_are_read(tmp_path):
    """A part the manifest does not list (a late retry of a task, what a crash left
    before the manifest) is not read; the old manifest's reader sees the old set."""
    folder = tmp_path / "in"
    paths = tables_folder(folder, 3)
    out = tmp_path / "ds"
    scale.run([folder], str(out), workers=1, compact=True)
    before = counts(out)
    assert before["hands"] == 12
    scale.import_into(str(paths[0].resolve()), str(out))  # a task run again, late
    (segment,) = layout.read_manifest(str(out))["segments"]
    shutil.copy(out / "hands" / f"{segment}.parquet", out / "hands" / "seg-stray.parquet")
    assert on_disk(out) - listed(out)
    assert counts(out) == before
    con = duckdb.connect()
    assert con.execute(f"SELECT count(*) FROM '{out}/hands/*.parquet'").fetchall() == [(28,)]


def test_copies_of_hands_across_segments_keep_the_first_file(tmp_path, monkeypatch):
    """The same hands in two files that land in different segments: the manifest says
    some hand occurs twice, the views keep the first file's copy (by file_id)."""
    folder = tmp_path / "in"
    tables_folder(folder, 3)
    shutil.copy(folder / "table 001.txt", folder / "z copy.txt")
    monkeypatch.setattr(compact, "SEGMENT_BYTES", 1)  # a segment a file
    out = tmp_path / "ds"
    s = scale.run([folder], str(out), workers=1, compact=True)
    assert (s.hands_new, s.duplicates) == (12, 4)
    manifest = layout.read_manifest(str(out))
    assert manifest["duplicates"] is True and len(manifest["segments"]) == 4
    con = open_dataset(str(out), audit=False)
    copies = con.execute("SELECT f.path FROM hand_copies c JOIN files f USING (file_id)"
                         ).fetchall()
    assert [p.rsplit("/", 1)[1] for p, in copies] == ["z copy.txt"] * 4
    assert con.execute("SELECT count(*), count(DISTINCT (site, hand_id, seq)) FROM actions"
                       ).fetchall()[0] == (3 * counts_of_cash()["actions"],) * 2
    assert counts(out)["hands"] == 12


def test_compact_dataset_merges_an_import_left_uncompacted(tmp_path):
    folder = tmp_path / "in"
    tables_folder(folder, 4)
    out = tmp_path / "ds"
    scale.run([folder], str(out), workers=1, compact=False)
    before = counts(out)
    assert len(listed(out)) > 4 * 3 and not layout.read_manifest(str(out))["segments"]
    info = scale.compact_dataset(str(out))
    assert (info["segments_written"], info["files_merged"]) == (1, 4)
    assert counts(out) == before and on_disk(out) == listed(out)
    assert layout.read_manifest(str(out))["summary"]["hands"] == 16


def test_an_address_goes_through_pyarrow_file_systems(tmp_path):
    """An output given as an address (file://, as s3:// or gs:// would be): the parts,
    the segments and the manifest written through pyarrow's file system; the hands
    counted through it too (a hand twice: the manifest says so, and the summary)."""
    folder = tmp_path / "in"
    tables_folder(folder, 3)
    shutil.copy(folder / "table 000.txt", folder / "zz.txt")
    out = tmp_path / "ds"
    s = scale.run([folder], f"file://{out}", workers=1, compact=True)
    assert s.files == 4
    manifest = layout.read_manifest(str(out))
    assert len(manifest["segments"]) == 1 and manifest["duplicates"] is True
    assert (s.hands_new, s.duplicates) == (12, 4)
    assert manifest["summary"] == {"hands": 12, "unsupported": 0}
    assert on_disk(out) == listed(out)
    c = counts(out)  # zz.txt's hands are copies of table 000's
    assert (c["hands"], c["files"], c["hand_copies"], c["actions"]) == (
        12, 4, 4, 3 * counts_of_cash()["actions"])


def test_a_dataset_of_the_older_layout_is_imported_again(tmp_path):
    from pipeline.dataset.views import DatasetError
    folder = tmp_path / "in"
    tables_folder(folder, 2)
    out = tmp_path / "ds"
    scale.run([folder], str(out), workers=1)
    manifest = layout.read_manifest(str(out))
    del manifest["layout"], manifest["parts"]  # as handlens wrote it before segments
    (out / "manifest.json").write_text(__import__("json").dumps(manifest))
    with pytest.raises(DatasetError, match="older handlens"):
        open_dataset(str(out))
    s = scale.run([folder], str(out), workers=1)
    assert (s.files_unchanged, s.hands_new) == (0, 8)
    assert counts(out)["hands"] == 8
