"""The Parquet dataset read through DuckDB views (pipeline/dataset/views.py) gives
what ``handlens import`` stores for the same input: every table, the stats and
dashboard queries, verify's report, the audit."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import duckdb
import polars as pl
import pytest

from pipeline import audit

from pipeline.dataset import compact

from pipeline.read import queries

from pipeline.dataset import scale

from pipeline.stats import aggregate

from pipeline.read import tournaments

from pipeline.read import verify
from pipeline.cli.main import main
from pipeline.dataset.layout import TABLES, part_key, read_manifest, write_manifest, write_parts
from pipeline.dataset.views import DatasetError, open_dataset
from pipeline.ingest.files import discover
from pipeline.dataset.tasks import import_file

from support.common import HANDWRITTEN, SAMPLES, import_paths

VIEWS = (*TABLES, "player_hand_flags", "player_hand_stats", "audit_sessions",
         "audit_findings")
FILE_COLUMNS = {"file_id": "file", "other_file_id": "other_file"}


def build_dataset(out: Path, *inputs: Path) -> None:
    """The plain loop: every input file's rows written as its parts, then the manifest."""
    for p in discover(inputs):
        path = str(p.resolve())
        tables, _ = import_file(path)
        write_parts(str(out), part_key(path), tables)
    write_manifest(str(out), {"units": {}})


def build_both(tmp: Path, *inputs: Path) -> tuple[Path, Path]:
    db, out = tmp / "store.duckdb", tmp / "dataset"
    import_paths(db, *inputs)
    build_dataset(out, *inputs)
    return db, out


def rows(con: duckdb.DuckDBPyConnection, table: str):
    """A table's rows as Arrow, each file id replaced by its file's path (the ids
    differ: a counter in the store, a digest of the path in the dataset)."""
    columns = [r[0] for r in con.execute(f"DESCRIBE {table}").fetchall()]
    select = []
    for c in columns:
        if c in FILE_COLUMNS:
            select.append(f"(SELECT f.path FROM files f WHERE f.file_id = t.{c}) AS {c}")
        elif not (table == "files" and c == "imported_at"):
            select.append(f't."{c}"')
    return con.sql(f"SELECT {', '.join(select)} FROM {table} t").to_arrow_table()


def differences(store: duckdb.DuckDBPyConnection, views: duckdb.DuckDBPyConnection,
                table: str) -> tuple[int, int, int]:
    """(rows, rows only in the store, rows only in the dataset): EXCEPT ALL both ways."""
    a, b = rows(store, table), rows(views, table)
    cmp = duckdb.connect()
    cmp.register("a", a)
    cmp.register("b", b)
    only = [cmp.execute(f"SELECT count(*) FROM (SELECT * FROM {x} EXCEPT ALL"
                        f" SELECT * FROM {y})").fetchall()[0][0] for x, y in ("ab", "ba")]
    return a.num_rows, *only


def assert_same_tables(db: Path, out: Path) -> dict[str, int]:
    store = duckdb.connect(str(db), read_only=True)
    views = open_dataset(str(out))
    try:
        found = {t: differences(store, views, t) for t in VIEWS}
    finally:
        store.close()
        views.close()
    assert {t: d[1:] for t, d in found.items()} == {t: (0, 0) for t in VIEWS}, found
    return {t: d[0] for t, d in found.items()}


def losers(out: Path) -> bool:
    """Whether the views resolve duplicates (a table of the copies that lost)."""
    con = open_dataset(str(out), audit=False)
    try:
        return bool(con.execute("SELECT count(*) FROM duckdb_tables()"
                                " WHERE table_name = 'dataset_losers'").fetchall()[0][0])
    finally:
        con.close()


def same(a, b) -> bool:
    if isinstance(a, pl.DataFrame):
        return isinstance(b, pl.DataFrame) and a.equals(b)
    if isinstance(a, dict):
        return isinstance(b, dict) and a.keys() == b.keys() and all(
            same(a[k], b[k]) for k in a)
    if isinstance(a, (list, tuple)):
        return type(a) is type(b) and len(a) == len(b) and all(map(same, a, b))
    return a == b


def query_results(con: duckdb.DuckDBPyConnection) -> dict:
    """What the commands and the dashboard ask, for the hero and for everyone."""
    hero = aggregate.hero(con)
    out = {"hero": hero, "options": queries.options(con)}
    for by in ("position", "hand", "stakes", "session"):
        out[f"stats {by}"] = aggregate.stats(con, hero, by)
    out["stats player"] = aggregate.stats(con, None, "player")
    for kind in queries.KINDS:
        f = queries.Filters(player=hero, kind=kind)
        out[kind] = {"overview": queries.overview(con, f),
                     "positions": queries.positions(con, f),
                     "starting_hands": queries.starting_hands(con, f),
                     "verification": queries.verification(con, f, None),
                     "players": queries.players(con)}
    if hero:
        out["tournaments"] = tournaments.tournaments(con, hero)
        out["tournament summary"] = tournaments.summary(con, hero)
    out["verify"] = verify.report(con, None, None, True, 10_000)
    out["failed"] = verify.report(con, "failed", None, True, 10_000)
    sessions, findings = audit.audit(con)
    paths = dict(con.execute("SELECT file_id, path FROM files").fetchall())
    out["audit"] = (sessions, [{k: paths.get(v) if k in FILE_COLUMNS else v
                                for k, v in r.items()} for r in findings.iter_rows(named=True)])
    return out


def assert_same_queries(db: Path, out: Path) -> None:
    store = duckdb.connect(str(db), read_only=True)
    views = open_dataset(str(out), audit=False)
    try:
        a, b = query_results(store), query_results(views)
    finally:
        store.close()
        views.close()
    assert a.keys() == b.keys()
    differ = [k for k in a if not same(a[k], b[k])]
    assert not differ, {k: (a[k], b[k]) for k in differ[:2]}


@pytest.fixture(scope="module")
def samples(tmp_path_factory) -> tuple[Path, Path]:
    return build_both(tmp_path_factory.mktemp("samples"), SAMPLES)


@pytest.fixture(scope="module")
def real(corpus, tmp_path_factory) -> tuple[Path, Path]:
    return build_both(tmp_path_factory.mktemp("corpus"), corpus)


@pytest.mark.slow
def test_samples_every_table_equal_both_ways(samples):
    counts = assert_same_tables(*samples)
    assert counts["hands"] > 1000 and counts["hand_players"] > counts["hands"]
    assert not losers(samples[1])  # no hand twice: the plain views
    assert counts["audit_findings"]


@pytest.mark.slow
def test_samples_stats_dashboard_verify_and_audit_equal(samples):
    assert_same_queries(*samples)


@pytest.mark.slow
def test_corpus_every_table_equal_both_ways(real):
    counts = assert_same_tables(*real)
    assert counts["hands"] > 1000


@pytest.mark.slow
def test_corpus_stats_dashboard_verify_and_audit_equal(real):
    assert_same_queries(*real)


def compacted(tmp: Path, source: Path, segments: int = 3) -> Path:
    """``source`` imported with ``handlens import --out``, then compacted into about
    ``segments`` segments."""
    out = tmp / "compacted"
    scale.run([source], str(out), workers=2, compact=False)
    units = read_manifest(str(out))["units"]
    target = sum(u["bytes"] for u in units.values()) // segments + 1
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(compact, "SEGMENT_BYTES", target)
        scale.compact_dataset(str(out))
    manifest = read_manifest(str(out))
    assert len(manifest["segments"]) >= min(segments, 2)
    assert all(u["segment"] for u in manifest["units"].values() if u["rows"])
    return out


@pytest.mark.slow
@pytest.mark.parametrize("which", ["samples", "real"])
def test_compacted_every_table_stats_and_dashboard_equal(which, request, tmp_path):
    """The parts merged into segments: every table (both ways), the commands' and the
    dashboard's queries, the audit, as the store holds them."""
    db, _ = request.getfixturevalue(which)
    out = compacted(tmp_path, SAMPLES if which == "samples" else request.getfixturevalue("corpus"))
    counts = assert_same_tables(db, out)
    assert counts["hands"] > 1000
    assert_same_queries(db, out)


def copies_folder(tmp_path: Path) -> Path:
    source = next(HANDWRITTEN.glob("*Alcor*.txt"))
    folder = tmp_path / "in"
    for sub in ("a", "b"):  # b's copy is the later path: its hands are the copies
        (folder / sub).mkdir(parents=True)
        shutil.copy(source, folder / sub / source.name)
    shutil.copy(next(HANDWRITTEN.glob("*T39*.txt")), folder / "c.txt")
    text = source.read_bytes()  # a copy cut inside its last hand: a parse error
    (folder / "d.txt").write_bytes(text[:text.rindex(b"*** SUMMARY ***")])
    return folder


@pytest.mark.slow
def test_two_copies_of_a_file_count_once_compacted(tmp_path):
    folder = copies_folder(tmp_path)
    db = tmp_path / "store.duckdb"
    import_paths(db, folder)
    out = compacted(tmp_path, folder, segments=2)
    assert read_manifest(str(out))["duplicates"] is True
    assert losers(out)
    assert_same_tables(db, out)
    assert_same_queries(db, out)


@pytest.mark.slow
def test_two_copies_of_a_file_count_once(tmp_path):
    folder = copies_folder(tmp_path)
    db, out = build_both(tmp_path, folder)
    counts = assert_same_tables(db, out)
    assert losers(out)
    assert assert_same_tables(db, f"file://{out}") == counts  # through pyarrow's files
    con = open_dataset(str(out), audit=False)
    hands = con.execute("SELECT count(*) FROM hands h JOIN files f USING (file_id)"
                        " WHERE f.path LIKE '%/a/%'").fetchall()[0][0]
    copies = con.execute("SELECT f.path FROM hand_copies c JOIN files f USING (file_id)"
                         ).fetchall()
    assert hands and len(copies) == 2 * hands - 1  # b's copies, d's but its last
    assert not any("/a/" in p for p, in copies)
    assert counts["parse_errors"] == 1
    assert counts["hands"] == con.execute(
        "SELECT count(DISTINCT (site, hand_id)) FROM hands").fetchall()[0][0]
    kept = con.execute("SELECT count(*) FROM (SELECT DISTINCT site, hand_id FROM"
                       " hand_players)").fetchall()[0][0]
    assert kept == counts["hands"]
    assert_same_queries(db, out)


@pytest.mark.slow
def test_a_file_imported_twice_leaves_the_same_rows(tmp_path):
    db, out = build_both(tmp_path, HANDWRITTEN)
    before = open_dataset(str(out), audit=False)
    first = {t: before.sql(f"SELECT * FROM {t}").to_arrow_table() for t in TABLES if t != "files"}
    build_dataset(out, HANDWRITTEN)  # every part written again, over the first
    after = open_dataset(str(out), audit=False)
    for t, table in first.items():
        assert after.sql(f"SELECT * FROM {t}").to_arrow_table().equals(table), t
    assert_same_tables(db, out)


def test_not_a_dataset(tmp_path):
    with pytest.raises(DatasetError, match="is not a handlens dataset \\(no manifest.json\\)"):
        open_dataset(str(tmp_path))
    with pytest.raises(DatasetError, match="not a handlens dataset"):
        open_dataset(str(tmp_path / "missing"))
    with pytest.raises(DatasetError, match="cannot hold"):
        open_dataset(str(tmp_path / "data[1]"))
    with pytest.raises(DatasetError, match="not a handlens dataset"):
        open_dataset(f"file://{tmp_path}/missing")


@pytest.mark.slow
def test_cli_commands_over_the_dataset(samples, capsys):
    db, out = samples
    for command in (["stats", "--format", "json"], ["stats", "--by", "hand", "--format", "csv"],
                    ["verify", "--json", "--hands"], ["errors"], ["audit", "--json"]):
        capsys.readouterr()
        assert main([*command, "--db", str(db)]) == 0
        from_store = capsys.readouterr().out
        assert main([*command, "--parquet", str(out)]) == 0
        from_dataset = capsys.readouterr().out
        if command[0] == "audit":  # file ids differ (the files' paths are there too)
            from_store, from_dataset = (
                [{k: v for k, v in r.items() if k not in FILE_COLUMNS}
                 for r in json.loads(text)["listed"]] for text in (from_store, from_dataset))
            assert from_store and all(r["file"] for r in from_store)
        assert from_dataset == from_store, command


@pytest.mark.slow
def test_a_dataset_at_an_address_reads_as_the_folder(samples, capsys):
    """``file://`` takes the code path of any object store (pyarrow's file systems,
    no DuckDB extension): every table, the stats, dashboard, verify and audit queries
    and the commands' output as the folder's."""
    db, out = samples
    address = f"file://{out}"
    assert assert_same_tables(db, address)["hands"] > 1000
    assert_same_queries(db, address)
    said = []
    for where in (str(out), address):
        capsys.readouterr()
        assert main(["stats", "--format", "json", "--parquet", where]) == 0
        said.append(capsys.readouterr().out)
    assert said[0] == said[1] and json.loads(said[0])


def test_cli_refuses_what_parquet_cannot_do(samples, tmp_path, capsys):
    db, out = samples
    assert main(["verify", "--recheck", "--parquet", str(out)]) == 2
    assert "--recheck" in capsys.readouterr().err
    assert main(["stats", "--parquet", str(tmp_path)]) == 2
    assert "no manifest.json" in capsys.readouterr().err
    assert main(["dashboard", "--parquet", str(tmp_path)]) == 2
    assert "no manifest.json" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["stats", "--parquet", str(out), "--db", str(db)])


def dashboard_page(monkeypatch, page: str, db: Path | None = None, out: Path | None = None):
    """A dashboard page run by AppTest over the database or the dataset."""
    from streamlit.testing.v1 import AppTest

    from support.common import ROOT
    monkeypatch.delenv("HANDLENS_PARQUET", raising=False)
    if out is not None:
        monkeypatch.setenv("HANDLENS_PARQUET", str(out))
    else:
        monkeypatch.setenv("HANDLENS_DB", str(db))
    at = AppTest.from_file(str(ROOT / "dashboard" / "app.py"), default_timeout=120)
    at.query_params.update({"player": "*", "game": "cash"})
    at.run()
    if page != "overview":
        at.switch_page(f"views/{page}.py")
        at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


@pytest.mark.slow
@pytest.mark.parametrize("page", ["overview", "verification", "positions"])
def test_dashboard_pages_over_the_dataset(samples, monkeypatch, page):
    db, out = samples
    pages = [dashboard_page(monkeypatch, page, **where)
             for where in ({"db": db}, {"out": out}, {"out": f"file://{out}"})]
    metrics = [{m.label: m.value for m in at.metric} for at in pages]
    tables = [[d.value for d in at.dataframe] for at in pages]
    assert metrics[0] or tables[0]
    for other in (1, 2):  # the folder, and the folder as an address
        assert metrics[other] == metrics[0] and len(tables[other]) == len(tables[0])
        assert all(a.equals(b) for a, b in zip(tables[0], tables[other]))


def test_dashboard_import_page_says_the_dataset_is_read_only(samples, monkeypatch):
    at = dashboard_page(monkeypatch, "import_files", out=samples[1])
    assert any("read-only" in i.value for i in at.info)
    assert not at.button
