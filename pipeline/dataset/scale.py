"""``handlens import --out DIR``: the import as independent tasks, into a Parquet dataset.

Each input file is one task (``import_into``): read it, parse, judge and flatten its
hands (pipeline/dataset/tasks.py), write its parts (pipeline/dataset/layout.py), return its summary.
A file larger than ``range_bytes`` (RANGE_BYTES) comes back instead as a plan: its
byte ranges, cut at hand starts, each then a task of its own (``import_range_into``,
parts ``<key>-<range>``); when all are done, this process writes the file's row of
``files`` and moves a hand found in two ranges to ``hand_copies``, as a file read
whole keeps it (pipeline/dataset/ranges.py). Tasks share nothing, so they run in a local
process pool (``engine="local"``) or on a Dask cluster (``engine="dask"``: the
scheduler at ``address``, or a local cluster started for the run). This process
lists the files, hands out the tasks, puts the ranges of a file together, and
writes the manifest when every task is done. A file whose content the manifest
already holds is not parsed again; a file that changed (grew) is read whole and its
parts replaced. Before the manifest, the parts are compacted where it pays
(pipeline/dataset/compact.py: many small parts merged into segments; a segment holding rows
of a file read again rewritten without them); the parts it replaces are deleted
after the manifest.
"""
from __future__ import annotations

import os
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, wait
from contextlib import contextmanager
from pathlib import Path

from pipeline.dataset import compact as compaction
from pipeline.dataset import layout
from pipeline.dataset import ranges
from pipeline.ingest.importer import Summary
from pipeline.dataset.tasks import (FilePlan, FileSummary, Range, import_data, import_range,
                                    list_inputs, load, plan_ranges)
from pipeline.ingest.workers import pool as worker_pool

RANGE_BYTES = 64 * 2**20  # a file larger than this is read in ranges of about this size


def import_into(path: str, out: str, known: str | None = None, verify: bool = True,
                stats: bool = True, range_bytes: int | None = RANGE_BYTES) -> dict:
    """One task: a file's rows written as its parts of the dataset ``out``; returns
    its summary (as JSON), with the rows written per table. ``known``: the hash of
    the file's content already in the dataset (nothing is done if it is unchanged).
    A file of a room's format larger than ``range_bytes`` is not parsed here: the
    result is ``{"path", "plan": FilePlan}``, its ranges to hand out."""
    data, summary = load(path)
    if data is None:
        return {**summary.as_json(), "rows": {}, "bytes": 0}
    if known is not None and summary.hash == known:
        return {"path": path, "unchanged": True}
    plan = plan_ranges(data, summary, range_bytes) if range_bytes else None
    if plan is not None:
        return {"path": path, "plan": plan}
    tables, summary = import_data(data, summary, verify, stats)
    sizes: dict[str, int] = {}
    rows = layout.write_parts(out, layout.content_key(path, summary.hash), tables, sizes)
    return {**summary.as_json(), "rows": rows, "bytes": sum(sizes.values())}


def import_range_into(r: Range, out: str, verify: bool = True, stats: bool = True) -> dict:
    """One task: a range of a large file written as its parts (``layout.content_key``);
    returns its summary, or ``changed`` where the file is no longer as planned."""
    got = import_range(r, verify, stats)
    if got is None:
        return {"path": r.path, "range": r.index, "changed": True}
    tables, summary = got
    key = layout.content_key(r.path, r.file_hash, r.index)
    sizes: dict[str, int] = {}
    rows = layout.write_parts(out, key, tables, sizes, file_id=summary.file_id)
    return {**summary.as_json(), "range": r.index, "key": key, "rows": rows,
            "bytes": sum(sizes.values()), "errors": tables["parse_errors"].num_rows}


def run(paths: Iterable[str | Path], out: str, engine: str = "local",
        address: str | None = None, workers: int | None = None,
        progress: Callable[[int, int], None] | None = None,
        compact: bool | None = None, range_bytes: int | None = RANGE_BYTES) -> Summary:
    """Import every file under ``paths`` into the dataset ``out``; the import's summary.
    ``progress(files_done, files_in_all)`` is called as files are done. ``compact``:
    merge the parts when it pays (None), whenever there are any to merge (True), or
    never (False; a segment holding rows of a file read again is rewritten still).
    ``range_bytes``: files larger than this are read in ranges (None: never)."""
    started = time.perf_counter()
    _, root = layout.filesystem(out)
    inside = root.rstrip("/") + "/" if "://" not in out else out.rstrip("/") + "/"
    files = [f for f in list_inputs(paths)  # the same name on every worker
             if not f.startswith(inside)]  # (never the dataset's own parts)
    old = layout.read_manifest(out) or {}
    if old.get("layout") != layout.LAYOUT:  # an older layout: every file read again
        old = {}
    units: dict[str, dict] = dict(old.get("units", {}))
    segments: dict[str, dict] = dict(old.get("segments", {}))
    known = {u["path"]: u.get("hash") for u in units.values()}
    workers = workers or os.cpu_count() or 1
    results = []
    tell = progress or (lambda done, total: None)
    for result in _files(files, out, known, engine, address, workers, range_bytes):
        results.append(result)
        tell(len(results), len(files))
    summary = _summary(results)
    replaced = 0  # hands the dataset had from files read again (grown): not duplicates
    stale = set()  # segments holding rows of files read again
    obsolete = []  # parts the new manifest no longer lists: deleted after it
    read = {layout.part_key(r["path"]) for r in results  # (their stray parts are swept)
            if not r.get("unchanged")}
    for r in results:
        if not r.get("unchanged") and r.get("unreadable") is None:
            new = _units_of(r)
            for key in [k for k, u in units.items() if u["path"] == r["path"]]:
                before = units.pop(key)  # the file's units of before (whole or ranges)
                replaced += before.get("rows", {}).get("hands", 0)
                if before.get("segment") is not None:
                    stale.add(before["segment"])
                elif key not in new:  # parts no longer listed, and not written again
                    obsolete.extend(f"{name}/{key}.parquet" for name in layout.TABLES)
            units.update(new)
    merged = compaction.compact(out, units, segments, stale, compact)
    units, segments = merged.units, merged.segments
    parts = layout.parts_of(units, segments)
    totals = _totals(out, parts)
    duplicates = totals.pop("duplicates")
    summary.hands_new = max(totals["hands"] - old.get("summary", {}).get("hands", 0), 0)
    stored = sum(r.get("stored", 0) for r in results)
    summary.duplicates += max(stored - summary.hands_new - replaced, 0)
    summary.unsupported = max(totals["unsupported"]
                              - old.get("summary", {}).get("unsupported", 0), 0)
    summary.hands_new -= summary.unsupported
    summary.seconds = time.perf_counter() - started
    layout.write_manifest(out, {"units": units, "segments": segments, "parts": parts,
                                 "duplicates": duplicates, "engine": engine,
                                 "summary": totals, "last_import": summary.as_json(),
                                 "last_compaction": merged.info})
    listed = {part for names in parts.values() for part in names}
    compaction.delete(out, [name for name in merged.obsolete + obsolete  # only now
                            if name not in listed])
    if read:
        layout.sweep(out, read, set(units) | set(segments))
    return summary


def _units_of(result: dict) -> dict[str, dict]:
    """The manifest's entries for a file's parts: its own, or its ranges' and its row
    of ``files``."""
    if "units" in result:
        return result["units"]
    key = layout.content_key(result["path"], result["hash"])
    return {key: _unit(result, result["rows"], result["bytes"])}


def _unit(result: dict, rows: dict[str, int], nbytes: int) -> dict:
    return {"path": result["path"], "hash": result["hash"], "size": result["size"],
            "format": result["format"], "rows": rows, "bytes": nbytes}


def compact_dataset(out: str, merge: bool | None = True) -> dict:
    """Merge the parts of the dataset ``out`` as an import does at its end (``merge``:
    True whenever there is anything to merge, None when it pays); what was done."""
    old = layout.read_manifest(out)
    if old is None or old.get("layout") != layout.LAYOUT:
        raise ValueError(f"{out}: no dataset of this version of handlens to compact")
    merged = compaction.compact(out, old["units"], old.get("segments", {}), set(), merge)
    parts = layout.parts_of(merged.units, merged.segments)
    totals = _totals(out, parts)
    duplicates = totals.pop("duplicates")
    kept = {k: v for k, v in old.items()
            if k not in ("format", "schema", "stats", "layout", "written_at")}
    layout.write_manifest(out, {**kept, "units": merged.units, "segments": merged.segments,
                                 "parts": parts, "duplicates": duplicates,
                                 "summary": totals, "last_compaction": merged.info})
    compaction.delete(out, merged.obsolete)
    return merged.info


def _files(files: list[str], out: str, known: dict[str, str | None], engine: str,
           address: str | None, workers: int, range_bytes: int | None) -> Iterator[dict]:
    """Every file's result, as files are done: a file's task, or for a large file its
    ranges' tasks and then ``ranges.finish``. A file that changed while its ranges
    were read is read again whole (the parts its ranges wrote are swept after the
    manifest: ``layout.sweep``)."""
    ranged: dict[str, tuple[FilePlan, list[dict]]] = {}
    with _engine(engine, address, workers) as (submit, results):
        for f in files:
            submit(import_into, f, out, known.get(f), True, True, range_bytes)
        for result in results():
            if "plan" in result:
                plan = result["plan"]
                ranged[result["path"]] = (plan, [])
                for r in plan.ranges:
                    submit(import_range_into, r, out)
            elif "range" in result:
                plan, done = ranged[result["path"]]
                done.append(result)
                if len(done) < len(plan.ranges):
                    continue
                del ranged[result["path"]]
                if any(d.get("changed") for d in done):
                    submit(import_into, result["path"], out, None, True, True, None)
                else:
                    yield ranges.finish(out, plan, done)
            else:
                yield result


@contextmanager
def _engine(engine: str, address: str | None, workers: int):
    """``(submit(fn, *args), results())`` of the engine: results as tasks finish,
    tasks submitted meanwhile included."""
    if engine == "dask":
        with _dask(address, workers) as pair:
            yield pair
    elif workers <= 1:
        queue: deque = deque()
        yield (lambda fn, *args: queue.append((fn, args)), lambda: _drain(queue))
    else:
        pool = worker_pool(workers)
        pending: set = set()

        def results() -> Iterator[dict]:
            nonlocal pending
            while pending:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in done:
                    yield future.result()

        try:
            yield (lambda fn, *args: pending.add(pool.submit(fn, *args)), results)
        finally:  # a task that failed, or Ctrl-C: what is queued is dropped
            pool.shutdown(wait=True, cancel_futures=True)


def _drain(queue: deque) -> Iterator[dict]:
    while queue:
        fn, args = queue.popleft()
        yield fn(*args)


# How the local cluster differs from Dask's defaults (docs/SCALE.md says the same for
# a real cluster's workers):
# - Dask starts its workers with MALLOC_TRIM_THRESHOLD_=65536 (glibc then hands freed
#   memory back to the system at once): the many short-lived allocations of parsing
#   and replaying run about a quarter slower so (bench/scale_bench.py); not set here;
# - the statistical profiler samples every task's stack 100 times a second;
# - the event loops' ticks (every 20 ms), the system and memory monitors and work
#   stealing wake each process dozens of times a second, on the cores the tasks need:
#   idle, the cluster takes a sixth of the CPU it took.
LOCAL_CLUSTER = {"distributed.nanny.pre-spawn-environ.MALLOC_TRIM_THRESHOLD_": None,
                 "distributed.worker.profile.enabled": False,
                 "distributed.admin.tick.interval": "1s",
                 "distributed.admin.system-monitor.interval": "5s",
                 "distributed.worker.memory.monitor-interval": "1s",
                 "distributed.scheduler.work-stealing": False}


@contextmanager
def _dask(address: str | None, workers: int):
    try:
        from distributed import Client, LocalCluster, as_completed
    except ImportError:
        raise SystemExit("handlens: --engine dask needs Dask: "
                         "pip install 'handlens[dask]' (or -e '.[dask]')") from None
    import dask
    cluster = None
    if address is None:  # a cluster of this machine's cores, for this run only
        with dask.config.set(LOCAL_CLUSTER):
            cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                   dashboard_address=None)
    client = Client(address or cluster)
    finished = as_completed()
    try:
        def results() -> Iterator[dict]:
            for future in finished:
                yield future.result()

        yield (lambda fn, *args: finished.add(client.submit(fn, *args, pure=False)), results)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def _summary(results: list[dict]) -> Summary:
    """The tasks' summaries added up (hands new and duplicates across files: later)."""
    s = Summary(files=len(results))
    for r in results:
        if r.get("unchanged"):
            s.files_unchanged += 1
            continue
        f = FileSummary(**{k: v for k, v in r.items() if k in FileSummary.__dataclass_fields__})
        if f.unreadable is not None:
            s.unreadable(f.path, f.unreadable)
        elif not f.recognised:
            s.files_not_recognised.append(f.path)
        elif f.format and f.format.endswith(" summary"):
            s.tournament_summaries += 1 - sum(f.parse_errors.values())
        elif not f.supported:
            s.formats_not_supported[f.format] += 1
        s.incomplete += f.incomplete
        s.duplicates += f.duplicates
        s.parse_errors += sum(f.parse_errors.values())
        s.errors_by_reason.update(f.parse_errors)
    return s


def _totals(out: str, parts: dict[str, list[str]]) -> dict:
    """Hands in the whole dataset, each counted once, of them the unsupported, and
    whether any hand occurs more than once (None: not looked at)."""
    import duckdb
    filesystem_, root = layout.filesystem(out)
    if not parts["hands"]:
        return {"hands": 0, "unsupported": 0, "duplicates": False}
    con = duckdb.connect()
    try:
        names = [f"{root}/{p}" for p in parts["hands"]]
        if "://" in out:  # through pyarrow's file system (DuckDB's httpfs is not here)
            import pyarrow.dataset as pads
            con.register("hands", pads.dataset(names, format="parquet",
                                               filesystem=filesystem_))
            source, params = "hands", []
        else:
            source, params = "read_parquet(?)", [names]
        hands, supported, rows = con.execute(
            "SELECT count(*), count(*) FILTER (WHERE supported), sum(n) FROM (SELECT"
            " any_value(supported) AS supported, count(*) AS n FROM " + source +
            " GROUP BY site, hand_id)", params).fetchall()[0]
    finally:
        con.close()
    return {"hands": hands, "unsupported": hands - supported, "duplicates": rows > hands}
