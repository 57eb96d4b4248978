"""``handlens import --out``: the same rows as ``handlens import``, whichever engine runs
the tasks (a plain loop, the local process pool, a 2-worker Dask LocalCluster), with
retried tasks, grown files, copies, bad text, UTF-16 and unsupported games."""
from __future__ import annotations

import shutil
from pathlib import Path

import duckdb
import pytest

from support.common import HANDWRITTEN, SAMPLES
from support.common import import_paths as store_import
from pipeline.dataset import layout
from pipeline.dataset import scale
from pipeline.store.database import CHILD_TABLES
from pipeline.dataset.tasks import list_inputs
from support.datasets import compare

pytestmark = pytest.mark.slow  # a Dask cluster and many imports

CASH = next(HANDWRITTEN.glob("*Alcor*.txt"))
CHILDREN = CHILD_TABLES


@pytest.fixture(scope="module")
def cluster():
    """A Dask cluster of two worker processes on this machine, for the module."""
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as local:
        yield local.scheduler_address


def _hands_of(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    starts = [i for i in range(len(text)) if text.startswith("PokerStars Hand #", i)]
    return [text[a:b] for a, b in zip(starts, [*starts[1:], len(text)])]


@pytest.fixture(scope="module")
def mixed(tmp_path_factory) -> Path:
    """The samples, and a file of each kind that is not plain: bad text, UTF-16, a room
    not supported yet, no hand history at all (no hand in two files: the dataset keeps
    every copy, its views keep one; tests/pipeline/test_dataset_views.py)."""
    folder = tmp_path_factory.mktemp("mixed")
    shutil.copytree(SAMPLES, folder / "samples")
    hands = _hands_of(CASH)
    edge = folder / "edge"
    edge.mkdir()
    (edge / "broken.txt").write_text((hands[0] + hands[1].replace(
        "Tanzanite: checks", "Tanzanite: juggles")).replace("#2400", "#2499"))
    (edge / "utf16.txt").write_bytes("".join(hands).replace("#2400", "#2477").replace(
        "\n", "\r\n").encode("utf-16"))
    (edge / "everleaf.txt").write_text("Everleaf Gaming Game #1234\n"
                                       "***** Hand history for game #1234 *****\n")
    (edge / "notes.txt").write_text("my notes\n")
    return folder


def test_the_dataset_holds_the_rows_handlens_import_stores(mixed, tmp_path):
    """Both directions, every table, the local process pool; and the summaries agree."""
    s = store_import(tmp_path / "h.duckdb", mixed)
    d = scale.run([mixed], str(tmp_path / "ds"), workers=2)
    assert compare(tmp_path / "h.duckdb", tmp_path / "ds") == {}
    for field in ("files", "hands_new", "unsupported", "parse_errors", "incomplete",
                  "formats_not_supported", "files_not_recognised", "errors_by_reason"):
        assert getattr(d, field) == getattr(s, field), field
    assert d.parse_errors == 1 and dict(d.formats_not_supported) == {"Everleaf": 1}
    manifest = layout.read_manifest(str(tmp_path / "ds"))
    assert manifest["schema"] and manifest["summary"]["hands"] == s.hands_new + s.unsupported
    assert len(manifest["units"]) == d.files - len(d.files_unreadable)


def test_dask_and_a_plain_loop_write_the_same_rows(mixed, tmp_path, cluster):
    local = scale.run([mixed], str(tmp_path / "local"), workers=2)
    dask = scale.run([mixed], str(tmp_path / "dask"), engine="dask", address=cluster)
    loop = scale.run([mixed], str(tmp_path / "loop"), workers=1)
    assert compare(None, tmp_path / "local", tmp_path / "dask", tmp_path / "loop") == {}
    assert dask.as_json() | {"seconds": 0} == local.as_json() | {"seconds": 0}
    assert loop.hands_new == local.hands_new > 3000


def test_a_retried_task_replaces_its_parts(tmp_path, cluster):
    out = str(tmp_path / "ds")
    first = scale.import_into(str(CASH), out)
    again = scale.import_into(str(CASH), out)  # as a task the cluster runs again
    assert first["rows"] == again["rows"] and first["rows"]["hands"] == 4
    key = layout.content_key(str(CASH), first["hash"])
    for table in layout.TABLES:
        assert [p.name for p in (tmp_path / "ds" / table).iterdir()] == [f"{key}.parquet"]
    con = duckdb.connect()
    assert con.execute(f"SELECT count(*) FROM '{out}/hands/*.parquet'").fetchall() == [(4,)]


def test_a_grown_file_is_read_again_whole(tmp_path, cluster):
    hands = _hands_of(CASH)
    live = tmp_path / "live" / "table.txt"
    live.parent.mkdir()
    live.write_text("".join(hands[:2]) + hands[2][:hands[2].index("*** SUMMARY ***")])
    out = str(tmp_path / "ds")
    first = scale.run([live.parent], out, engine="dask", address=cluster)
    assert (first.hands_new, first.incomplete, first.parse_errors) == (2, 1, 0)
    live.write_text("".join(hands))
    second = scale.run([live.parent], out, engine="dask", address=cluster)
    assert (second.hands_new, second.incomplete, second.parse_errors, second.duplicates) == (
        2, 0, 0, 0)
    third = scale.run([live.parent], out, engine="dask", address=cluster)
    assert (third.files_unchanged, third.hands_new) == (1, 0)
    store_import(tmp_path / "h.duckdb", live.parent)
    assert compare(tmp_path / "h.duckdb", tmp_path / "ds") == {}


def test_two_copies_of_a_file_count_once(tmp_path):
    shutil.copy(CASH, tmp_path / "a.txt")
    shutil.copy(CASH, tmp_path / "b.txt")
    s = scale.run([tmp_path / "a.txt", tmp_path / "b.txt"], str(tmp_path / "ds"), workers=2)
    assert (s.hands_new, s.duplicates) == (4, 4)  # as handlens import counts them


def test_import_out_on_the_command_line(tmp_path, capsys):
    from pipeline.cli.main import main
    out = tmp_path / "ds"
    shutil.copy(CASH, tmp_path / "cash.txt")
    assert main(["import", str(tmp_path), "--out", str(out), "--quiet"]) == 0
    assert main(["import", str(tmp_path), "--out", str(out), "--quiet"]) == 0  # not its parts
    said = capsys.readouterr().out
    assert "files                    1  (1 unchanged)" in said, said
    assert main(["import", str(CASH), "--out", str(out), "--quiet"]) == 0  # the same hands
    said = capsys.readouterr().out
    assert "hands new                0" in said and "duplicates               4" in said
    assert str(out) in said
    assert main(["import", str(CASH), "--engine", "dask", "--quiet",
                 "--db", str(tmp_path / "x.duckdb")]) == 2
    assert "give --out DIR" in capsys.readouterr().err


def test_inputs_given_as_addresses_are_listed_through_their_file_system(mixed, tmp_path):
    """``file://`` takes the code path of any object store (pyarrow's file systems):
    the folder listed recursively, hidden files left out, each file read by its
    address; the same rows as the folder given as a local path."""
    (mixed / "samples" / ".hidden.txt").write_text(CASH.read_text())
    try:
        listed = list_inputs([f"file://{mixed}"])
        assert listed == [f"file://{f}" for f in list_inputs([mixed])]
        assert not any("/." in f for f in listed) and len(listed) > 4
        assert list_inputs([f"file://{CASH}"]) == [f"file://{CASH}"]
        both = (p for p in (f"file://{CASH}", mixed / "edge"))  # once through, not twice
        assert list_inputs(both) == sorted([f"file://{CASH}", *list_inputs([mixed / "edge"])])
        with pytest.raises(FileNotFoundError):
            list_inputs([f"file://{tmp_path}/nothing"])
        by_address = scale.run([f"file://{mixed}"], str(tmp_path / "uri"), workers=2)
        by_path = scale.run([mixed], str(tmp_path / "path"), workers=2)
    finally:
        (mixed / "samples" / ".hidden.txt").unlink()
    named = by_address.as_json() | {"seconds": 0}
    assert named.pop("files_not_recognised") == [
        f"file://{p}" for p in by_path.files_not_recognised]
    by_path_named = by_path.as_json() | {"seconds": 0}
    del by_path_named["files_not_recognised"]
    assert named == by_path_named
    con = duckdb.connect()
    hands = "SELECT site, hand_id, content FROM '{}/hands/*.parquet' ORDER BY ALL"
    assert (con.execute(hands.format(tmp_path / "uri")).fetchall()
            == con.execute(hands.format(tmp_path / "path")).fetchall())


def _large(hands: int = 40) -> str:
    """A long table's file: ``hands`` hands, notes between two of them, a broken hand,
    a hand written again far from its first copy, the last hand cut off."""
    base = _hands_of(CASH)
    out = [base[i % 4].replace("Hand #2400000000", f"Hand #25{i:02d}000000", 1)
           for i in range(hands)]
    out[13] = out[13].replace("Tanzanite: checks", "Tanzanite: juggles")
    out[hands // 2] += "my notes\n\n"
    out.insert(hands * 3 // 4, out[3])  # the same hand again, in a later range
    return "".join(out[:-1]) + out[-1][:out[-1].index("*** SUMMARY ***")]


def _on_disk(out: Path) -> set[str]:
    return {f"{p.parent.name}/{p.name}" for p in out.glob("*/*.parquet")}


@pytest.mark.parametrize("encoding, newline", [("utf-8", "\n"), ("utf-16", "\r\n")])
def test_a_large_file_is_read_in_ranges_as_a_store_reads_it_whole(
        tmp_path, cluster, encoding, newline):
    """A file larger than range_bytes: its ranges are tasks of their own, on Dask and
    in the local pool; every table equals handlens import's, the hand written twice
    in two ranges included (one hand, one copy); grown, it is read again and the
    ranges of before no longer listed are deleted."""
    folder = tmp_path / "in"
    folder.mkdir()
    live = folder / "table.txt"
    text = _large()
    live.write_bytes(text.replace("\n", newline).encode(encoding))
    size = live.stat().st_size
    dask_out, local_out, whole_out = tmp_path / "dask", tmp_path / "local", tmp_path / "whole"
    dask = scale.run([folder], str(dask_out), engine="dask", address=cluster,
                     range_bytes=size // 7, compact=False)
    local = scale.run([folder], str(local_out), workers=2, range_bytes=size // 7)
    whole = scale.run([folder], str(whole_out), workers=2, range_bytes=None)
    s = store_import(tmp_path / "h.duckdb", folder)
    assert compare(None, whole_out, dask_out, local_out) == {}
    _same_as_the_store(tmp_path / "h.duckdb", dask_out)
    for d in (dask, local):
        assert d.as_json() | {"seconds": 0} == whole.as_json() | {"seconds": 0}
    assert (s.hands_new, s.duplicates, s.parse_errors, s.incomplete) == (38, 1, 2, 1)
    assert (dask.hands_new, dask.duplicates, dask.parse_errors, dask.incomplete) == (38, 1, 2, 1)
    units = layout.read_manifest(str(dask_out))["units"]
    assert sum("range" in u for u in units.values()) >= 6

    live.write_bytes(_large(20).replace("\n", newline).encode(encoding))  # rewritten, shorter
    scale.run([folder], str(dask_out), engine="dask", address=cluster, range_bytes=size // 7,
              compact=False)
    store_import(tmp_path / "h2.duckdb", folder)
    _same_as_the_store(tmp_path / "h2.duckdb", dask_out)
    manifest = layout.read_manifest(str(dask_out))
    listed = {p for parts in manifest["parts"].values() for p in parts}
    assert listed <= _on_disk(dask_out)
    keys = {p.split("/")[1].removesuffix(".parquet") for p in _on_disk(dask_out)}
    assert keys == set(manifest["units"])  # the ranges of before no longer there
    assert 2 <= sum("range" in u for u in manifest["units"].values()) <= 4


def _same_as_the_store(store: Path, out: Path) -> None:
    """Every table of the dataset equals the store's; ``files`` as the views give it
    (its hands as the store counts them: those kept, and the errors)."""
    from pipeline.dataset.views import open_dataset
    assert set(compare(store, out).get(str(out), {})) <= {"files"}
    sql = "SELECT path, size, hash, resume_offset, format, encoding, hands, errors FROM files"
    views = open_dataset(str(out), audit=False)
    assert views.execute(sql).fetchall() == duckdb.connect(str(store), read_only=True
                                                           ).execute(sql).fetchall()


def test_a_file_changed_while_its_ranges_are_read_is_read_again_whole(tmp_path, monkeypatch):
    """The ranges check their bytes against the plan: a file written meanwhile is read
    again whole, and the parts its ranges wrote are deleted."""
    folder = tmp_path / "in"
    folder.mkdir()
    live = folder / "table.txt"
    live.write_text(_large())
    real = scale.import_range_into

    def meanwhile(r, out, *args):
        if r.index == 3:  # the file is written again while its ranges are read
            live.write_text(_large().replace("Hero", "Hera"))
        return real(r, out, *args)

    monkeypatch.setattr(scale, "import_range_into", meanwhile)
    out = tmp_path / "ds"
    s = scale.run([folder], str(out), workers=1, range_bytes=live.stat().st_size // 7)
    store_import(tmp_path / "h.duckdb", folder)
    _same_as_the_store(tmp_path / "h.duckdb", out)
    assert s.hands_new == 38
    units = layout.read_manifest(str(out))["units"]
    assert len(units) == 1 and not any("range" in u for u in units.values())
    keys = {p.split("/")[1].removesuffix(".parquet") for p in _on_disk(out)}
    assert keys == set(units)


def test_range_mb_on_the_command_line(tmp_path, capsys):
    from pipeline.cli.main import main
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "table.txt").write_text(_large())
    out = tmp_path / "ds"
    assert main(["import", str(tmp_path / "in"), "--out", str(out), "--quiet",
                 "--range-mb", "0.01", "--workers", "1"]) == 0
    assert "hands new               38" in capsys.readouterr().out
    units = layout.read_manifest(str(out))["units"].values()
    assert sum("range" in u for u in units) >= 4
    assert main(["import", str(tmp_path / "in"), "--range-mb", "1"]) == 2
    assert "give --out DIR" in capsys.readouterr().err


def test_every_real_file_read_in_ranges_gives_the_hands_of_one_split(monkeypatch):
    """Each range decoded from its own bytes and split alone, as its task does: every
    real file of every room (UTF-8 with stray bytes, BOMs, UTF-16, CR and CRLF) cut
    into 3, 7 and 20 ranges gives the hand texts of the file split whole."""
    from support.common import CORPUS
    from parsers.base.room import Room
    from parsers.base.split import decode, split_hands
    from parsers.registry import detect
    from pipeline.dataset import tasks
    from pipeline.dataset.tasks import FileSummary, import_range, plan_ranges
    from pipeline.ingest.files import cut_last, digest
    files = sorted(f for root in (CORPUS, CORPUS.parent / "wild") if root.is_dir()
                   for f in root.rglob("*") if f.is_file())
    if not files:
        pytest.skip("no real files beside the checkout (../shared/corpus, ../shared/wild)")
    planned = 0
    for f in files:
        data = f.read_bytes()
        text, enc = decode(data)
        fmt = detect(text)
        if not isinstance(fmt, Room):
            continue
        whole, _ = cut_last(split_hands(text, fmt, enc), data)
        for parts in (3, 7, 20):
            plan = plan_ranges(data, FileSummary(str(f), 0, digest(data), len(data)),
                               max(1, len(data) // parts))
            if plan is None:
                continue
            planned += 1
            seen: list = []  # the hand texts each range's task would parse
            monkeypatch.setattr(tasks, "_parsed", lambda _, __, hands, *a: seen.extend(hands))
            for r in plan.ranges:
                import_range(r)
            assert seen == whole, (f, parts)
    assert planned > 300


def _unlisted_rows(out: Path) -> int:
    """Rows in parts on disk that the manifest does not list (a glob would read them)."""
    import pyarrow.parquet as pq
    listed = {p for parts in layout.read_manifest(str(out))["parts"].values() for p in parts}
    return sum(pq.read_metadata(p).num_rows for p in out.glob("*/*.parquet")
               if f"{p.parent.name}/{p.name}" not in listed)


def _names_on_disk(out: Path) -> set[str]:
    """The names of the parts and temporary files in the dataset's table folders."""
    return {p.name.removesuffix(".parquet") for p in out.glob("*/*") if p.is_file()}


def test_a_changed_file_that_vanishes_while_its_ranges_are_read_leaves_the_dataset_whole(
        tmp_path, monkeypatch):
    """A file read in ranges, then changed, then gone while its new ranges are read:
    the parts the manifest lists are never written over (a range's parts are named by
    the file's content), the dataset still reads as the first import, and what the
    new ranges wrote is swept."""
    folder = tmp_path / "in"
    folder.mkdir()
    live = folder / "table.txt"
    live.write_text(_large())
    out = tmp_path / "ds"
    size = live.stat().st_size
    scale.run([folder], str(out), workers=1, range_bytes=size // 7)
    store_import(tmp_path / "h.duckdb", folder)
    first = layout.read_manifest(str(out))
    real = scale.import_range_into

    def meanwhile(r, out_, *args):
        result = real(r, out_, *args)
        if r.index == 2:  # the ranges before have written their parts: the file goes
            live.unlink()
        return result

    live.write_text(_large().replace("Hero", "Hera"))
    monkeypatch.setattr(scale, "import_range_into", meanwhile)
    s = scale.run([folder], str(out), workers=1, range_bytes=size // 7)
    assert [p for p, _ in s.files_unreadable] == [str(live)]
    manifest = layout.read_manifest(str(out))
    assert manifest["units"] == first["units"] and manifest["parts"] == first["parts"]
    assert _names_on_disk(out) == set(first["units"])
    _same_as_the_store(tmp_path / "h.duckdb", out)


def test_a_file_read_whole_then_in_ranges_leaves_no_part_of_before(tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    live = folder / "table.txt"
    live.write_text(_large(20))
    out = tmp_path / "ds"
    scale.run([folder], str(out), workers=2, range_bytes=None)
    assert _names_on_disk(out) == set(layout.read_manifest(str(out))["units"])
    assert len(_names_on_disk(out)) == 1
    live.write_text(_large(40))  # grown, now past range_bytes
    scale.run([folder], str(out), workers=2, range_bytes=live.stat().st_size // 5)
    units = layout.read_manifest(str(out))["units"]
    assert len(units) >= 5 and _names_on_disk(out) == set(units)
    assert _unlisted_rows(out) == 0  # (the file's parts of its whole read all gone)
    store_import(tmp_path / "h.duckdb", folder)
    _same_as_the_store(tmp_path / "h.duckdb", out)


def test_a_large_file_at_an_address_is_read_in_ranges_through_its_file_system(tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "table.txt").write_text(_large())
    size = (folder / "table.txt").stat().st_size
    by_address = scale.run([f"file://{folder}"], f"file://{tmp_path}/uri", workers=2,
                           range_bytes=size // 5)
    by_path = scale.run([folder], str(tmp_path / "path"), workers=2, range_bytes=size // 5)
    assert by_address.hands_new == by_path.hands_new == 38
    units = layout.read_manifest(str(tmp_path / "uri"))["units"].values()
    assert sum("range" in u for u in units) >= 4
    con = duckdb.connect()
    hands = "SELECT site, hand_id, byte_offset, line, content FROM '{}/hands/*.parquet' ORDER BY ALL"
    assert (con.execute(hands.format(tmp_path / "uri")).fetchall()
            == con.execute(hands.format(tmp_path / "path")).fetchall())


def test_a_run_stopped_after_its_tasks_leaves_the_dataset_as_it_was(tmp_path, monkeypatch):
    """A grown file's task writes parts of new names: a run stopped before its
    manifest (here: in the compaction) has written over no part the manifest lists;
    the next run finishes the job and leaves nothing unlisted."""
    hands = _hands_of(CASH)
    folder = tmp_path / "in"
    folder.mkdir()
    live = folder / "table.txt"
    live.write_text("".join(hands[:2]) + hands[2][:hands[2].index("*** SUMMARY ***")])
    out = tmp_path / "ds"
    scale.run([folder], str(out), workers=1)
    store_import(tmp_path / "before.duckdb", folder)
    listed = {p: (out / p).read_bytes()
              for parts in layout.read_manifest(str(out))["parts"].values() for p in parts}
    live.write_text("".join(hands))

    def stopped(*args, **kwargs):
        raise RuntimeError("stopped")

    monkeypatch.setattr(scale.compaction, "compact", stopped)
    with pytest.raises(RuntimeError, match="stopped"):
        scale.run([folder], str(out), workers=1)
    assert {p: (out / p).read_bytes() for p in listed} == listed
    _same_as_the_store(tmp_path / "before.duckdb", out)
    monkeypatch.undo()
    s = scale.run([folder], str(out), workers=1)
    assert s.hands_new == 2
    store_import(tmp_path / "after.duckdb", folder)
    _same_as_the_store(tmp_path / "after.duckdb", out)
    assert _unlisted_rows(out) == 0
    assert _names_on_disk(out) == set(layout.read_manifest(str(out))["units"])
