"""Compaction: a dataset's small per-file parts merged into a few large segments.

``handlens import --out`` writes one part per table per input file. A query opens
every part of the tables it reads, so thousands of small parts cost more than the
rows in them (1,000,000 hands in 2,000 files: ``stats --parquet`` 4.5 s against
1.6 s on the same rows in DuckDB; docs/SCALE.md). At the end of an import
(``pipeline.dataset.scale.run``) ``compact`` merges the parts of many input files into
segments, ``DIR/<table>/seg-<id>.parquet``, one file a table a segment, each segment
the rows of up to SEGMENT_BYTES of the files' own parts (all tables together, as the
parts were first written; a segment compresses better, so it is smaller):

- when it pays: at least MIN_SOURCES input files with parts of their own, or
  segments smaller than half the target, are merged together;
- always, a segment that holds rows of an input file imported again (it grew or
  changed) is rewritten without them (by ``file_id``, a column of every part):
  the file's new rows are in its own new parts, or merged in with it.

Rows are streamed (pyarrow, record batches, a row group written every
ROW_GROUP_ROWS rows or ROW_GROUP_BYTES), so memory holds about one row group a
table, whatever the dataset's size; the file system is pyarrow's, as for the parts.
A segment is written under temporary names and renamed; it is part of the dataset
only once the manifest lists it, and what it replaces is deleted only after that
(``delete``).
"""
from __future__ import annotations

import time
import uuid
from dataclasses import dataclass, field

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from pipeline.dataset import layout
from pipeline.ingest.files import file_id_of

SEGMENT_BYTES = 128 * 2**20  # a segment's files' parts as first written, all tables
MIN_SOURCES = 16  # merge when this many input files' parts (or small segments) are loose
ROW_GROUP_ROWS = 128 * 1024
ROW_GROUP_BYTES = 32 * 2**20  # in memory, as Arrow


@dataclass
class Source:
    """What goes into a new segment: an input file's own parts, or a segment (with
    the file ids of the rows it keeps)."""

    name: str  # the unit's key or the segment's id: its parts are <table>/<name>.parquet
    rows: dict[str, int]
    size: int
    first: str  # a path, to keep the order of the input files
    units: list[str] = field(default_factory=list)
    keep: pa.Array | None = None  # the file ids whose rows are kept (a segment's)


@dataclass
class Compaction:
    units: dict[str, dict]
    segments: dict[str, dict]
    obsolete: list[str]  # parts (names within the dataset) to delete after the manifest
    info: dict


def compact(out: str, units: dict[str, dict], segments: dict[str, dict],
            stale: set[str] = frozenset(), merge: bool | None = None,
            target: int | None = None) -> Compaction:
    """The dataset's units and segments after merging (see the module doc); writes
    the new segments. ``stale``: the segments that still hold rows of files read
    again (always rewritten); ``merge``: None merges when it pays, True whenever
    there is anything to merge, False never (the stale segments only)."""
    started = time.perf_counter()
    target = target or SEGMENT_BYTES
    units = {k: dict(u) for k, u in units.items()}
    segments = dict(segments)
    members: dict[str, list[str]] = {}
    for key in sorted(units, key=lambda k: units[k]["path"]):
        if units[key].get("segment") is not None:
            members.setdefault(units[key]["segment"], []).append(key)
    loose = [Source(key, u["rows"], u.get("bytes", 0), u["path"], [key])
             for key, u in units.items()
             if u.get("segment") is None and layout.unit_parts(key, u.get("rows", {}))]

    def of_segment(sid: str) -> Source:
        """A segment as a source: its size is that of its files' parts as they were
        written (the measure of the target; the segment itself is smaller)."""
        keys = members.get(sid, [])
        keep = pa.array(sorted({file_id_of(units[k]["path"]) for k in keys}), pa.int64())
        return Source(sid, segments[sid].get("rows", {}),
                      sum(units[k].get("bytes", 0) for k in keys),
                      units[keys[0]]["path"] if keys else "", keys, keep)

    must = [of_segment(sid) for sid in sorted(stale) if sid in segments]
    small = [source for sid in sorted(segments) if sid not in stale
             if (source := of_segment(sid)).size < target // 2]
    optional = loose + small
    if merge is False or (merge is None and not must and len(optional) < MIN_SOURCES):
        sources = must
    elif not must and len(loose) == 0 and len(small) <= 1:
        sources = []  # one small segment alone: nothing to gain
    else:
        sources = must + optional
    sources.sort(key=lambda s: s.first)

    groups: list[list[Source]] = []
    size = 0
    for source in sources:  # in the files' order, up to the target a segment
        if not groups or (size + source.size > target and groups[-1]):
            groups.append([])
            size = 0
        groups[-1].append(source)
        size += source.size
    obsolete: list[str] = []
    written = written_bytes = 0
    for group in groups:
        sid, rows, size = _write_segment(out, group)
        keys = [k for s in group for k in s.units]
        for s in group:
            if s.keep is None:  # a file's own parts, every table (those without rows too)
                obsolete.extend(f"{name}/{s.name}.parquet" for name in layout.TABLES)
            else:
                obsolete.extend(layout.unit_parts(s.name, s.rows).values())
                del segments[s.name]
        if rows:
            segments[sid] = {"rows": rows, "bytes": size, "units": len(keys)}
            written += 1
            written_bytes += size
        for k in keys:
            units[k]["segment"] = sid if rows else None
    info = {"segments_written": written, "bytes_written": written_bytes,
            "sources": len(sources), "files_merged": sum(len(s.units) for s in sources),
            "seconds": round(time.perf_counter() - started, 3)}
    return Compaction(units, segments, obsolete, info)


def _write_segment(out: str, group: list[Source]) -> tuple[str, dict[str, int], int]:
    """Merge the sources' parts into a new segment, a file a table; its id, rows per
    table and bytes."""
    filesystem, root = layout.filesystem(out)
    sid = f"seg-{uuid.uuid4().hex[:16]}"
    rows: dict[str, int] = {}
    size = 0
    for name in layout.TABLES:
        inputs = [(f"{root}/{name}/{s.name}.parquet", s.keep) for s in group
                  if s.rows.get(name)]
        if not inputs:
            continue
        temporary = f"{root}/{name}/.{sid}.{uuid.uuid4().hex}.tmp"
        n = _merge(filesystem, inputs, temporary)
        if n:
            size += filesystem.get_file_info(temporary).size
            filesystem.move(temporary, f"{root}/{name}/{sid}.parquet")
            rows[name] = n
    return sid, rows, size


def _merge(filesystem, inputs: list[tuple[str, pa.Array | None]], where: str) -> int:
    """Stream the rows of ``inputs`` (each with the file ids to keep, or None: all)
    into one Parquet file; its rows (0: nothing written)."""
    writer = None
    batches: list[pa.RecordBatch] = []
    pending = pending_bytes = total = 0

    def flush() -> None:
        nonlocal batches, pending, pending_bytes
        if batches:
            writer.write_table(pa.Table.from_batches(batches), row_group_size=pending)
        batches, pending, pending_bytes = [], 0, 0

    try:
        for path, keep in inputs:
            with filesystem.open_input_file(path) as stream:
                part = pq.ParquetFile(stream)
                if writer is None:
                    schema = part.schema_arrow
                    writer = pq.ParquetWriter(where, schema, filesystem=filesystem,
                                              compression="zstd")
                for batch in part.iter_batches(batch_size=65536, use_threads=False):
                    if keep is not None:
                        batch = batch.filter(pc.is_in(batch["file_id"], value_set=keep))
                    if not batch.num_rows:
                        continue
                    if batch.schema != schema:
                        batch = pa.RecordBatch.from_arrays(batch.columns, schema=schema)
                    batches.append(batch)
                    pending += batch.num_rows
                    pending_bytes += batch.nbytes
                    total += batch.num_rows
                    if pending >= ROW_GROUP_ROWS or pending_bytes >= ROW_GROUP_BYTES:
                        flush()
        if writer is not None:
            flush()
    finally:
        if writer is not None:
            writer.close()
    if writer is not None and not total:
        filesystem.delete_file(where)
    return total


def delete(out: str, names: list[str]) -> None:
    """Delete parts no longer listed (after the manifest that drops them is written)."""
    filesystem, root = layout.filesystem(out)
    for name in names:
        try:
            filesystem.delete_file(f"{root}/{name}")
        except FileNotFoundError:
            pass
