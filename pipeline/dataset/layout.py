"""A Parquet dataset of imported hands: parts per table, and a manifest that lists them.

Layout of DIR (a local folder, or any address pyarrow's file systems open)::

    DIR/manifest.json              written last: schema and stats versions, the input
                                   files ("units"), the segments, the parts of every
                                   table ("parts"), the totals, the import's summary
    DIR/<table>/<key>.parquet      the rows one input file gave to <table> (hands,
                                   hand_players, actions, ..., parse_errors, files);
                                   <key>-<range>: a range's of a large file
    DIR/<table>/seg-<id>.parquet   a segment: the rows of many input files, merged
                                   (pipeline/dataset/compact.py)

``key`` is a digest of the input file's path and the start of its content's hash
(``content_key``): a task run again (a retry) writes the same names and replaces
them, never adds a copy; the file imported again after it grew writes new names, so
a part the manifest lists is never written over (the old ones are deleted after the
new manifest). Each part is written under a temporary name and renamed into place, so
a reader never sees half a part. Every row carries its input file's ``file_id`` (the
child tables too, one column more than in the store), so a segment can be rewritten
without one file's rows and a copy of a hand is known by its file.

The manifest is the one truth of which parts make the dataset: readers read the
parts it lists, never a glob, and a part no longer listed is deleted only after
the manifest that drops it is written (a crash in between leaves a stray file that
nothing reads). Hands found in several files are all in the dataset; the views
(``pipeline.dataset.views``) keep one of them.
"""
from __future__ import annotations

import hashlib
import json
import os
import uuid
from datetime import datetime, timezone
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pyarrow is imported where parts are written: a reader of the
    import pyarrow as pa  # manifest (handlens stats --parquet) starts without it
    from pyarrow import fs

MANIFEST = "manifest.json"
FORMAT = "handlens-parquet-dataset"
LAYOUT = 2  # 2: the manifest lists the parts, child rows carry file_id, segments
TABLES = ("files", "hands", "hand_copies", "hand_players", "actions", "collections",
          "showdowns", "tournament_finishes", "verdicts", "findings", "parse_errors",
          "tournament_results")


def part_key(path: str) -> str:
    """The name of an input file's parts: a digest of its path."""
    return hashlib.blake2b(path.encode("utf-8", "surrogateescape"), digest_size=12).hexdigest()


def content_key(path: str, file_hash: str, index: int | None = None) -> str:
    """The name of an input file's parts (``index`` None; a file read in ranges: its
    row of ``files``) or of one range's: its path's key and the start of its content's
    hash, so a run that reads a changed file never writes over a part a manifest
    lists (a task run again on the same content writes the same names)."""
    name = f"{part_key(path)}-{file_hash[:12]}"
    return name if index is None else f"{name}-{index:05d}"


def sweep(out: str, files: set[str], keep: set[str]) -> list[str]:
    """Delete the parts of the input files ``files`` (their ``part_key``s) that are
    not ``keep`` (unit keys and segment ids): left by a run that stopped, or by
    ranges of a file that changed meanwhile. Temporary files of those keys too. The
    names deleted."""
    from pyarrow import fs
    filesystem_, root = filesystem(out)
    gone = []
    for name in TABLES:
        found = filesystem_.get_file_info(fs.FileSelector(f"{root}/{name}",
                                                          allow_not_found=True))
        for f in found:
            base = f.base_name
            stem = base.lstrip(".").split(".", 1)[0]
            temporary = base.startswith(".") and base.endswith(".tmp")
            if (base.endswith(".parquet") or temporary) and stem.split("-", 1)[0] in files \
                    and (temporary or stem not in keep):
                filesystem_.delete_file(f.path)
                gone.append(f"{name}/{base}")
    return gone


def filesystem(out: str) -> tuple[fs.FileSystem, str]:
    """The file system and the root path within it of a dataset address."""
    from pyarrow import fs
    if "://" in out:
        return fs.FileSystem.from_uri(out)
    return fs.LocalFileSystem(), os.path.abspath(out)


def write_parts(out: str, key: str, tables: dict[str, pa.Table],
                sizes: dict[str, int] | None = None,
                file_id: int | None = None) -> dict[str, int]:
    """Write one input file's rows (or a range's), a part a table; returns the rows
    of each (and puts the bytes of each part in ``sizes``, where given). Every table
    gets the file's id (``file_id``, else ``tables["files"]``'s) as a column
    ``file_id`` where it has none."""
    import pyarrow as pa
    import pyarrow.parquet as pq
    filesystem_, root = filesystem(out)
    if file_id is None and "files" in tables:
        file_id = tables["files"]["file_id"][0].as_py()
    rows = {}
    for name in TABLES:
        table = tables.get(name)
        if table is None:
            continue
        if "file_id" not in table.schema.names and file_id is not None:
            table = table.append_column(
                "file_id", pa.array([file_id] * table.num_rows, pa.int64()))
        folder = f"{root}/{name}"
        filesystem_.create_dir(folder, recursive=True)
        temporary = f"{folder}/.{key}.{uuid.uuid4().hex}.tmp"
        pq.write_table(table, temporary, filesystem=filesystem_, compression="zstd")
        if sizes is not None:
            sizes[name] = filesystem_.get_file_info(temporary).size
        filesystem_.move(temporary, f"{folder}/{key}.parquet")
        rows[name] = table.num_rows
    return rows


def unit_parts(key: str, rows: dict[str, int]) -> dict[str, str]:
    """An input file's own parts that hold rows: table -> name within the dataset."""
    return {name: f"{name}/{key}.parquet" for name in TABLES if rows.get(name)}


def parts_of(units: dict[str, dict], segments: dict[str, dict]) -> dict[str, list[str]]:
    """The parts of every table (names within the dataset): the segments', and those
    of the input files no segment holds; only parts with rows."""
    parts: dict[str, list[str]] = {name: [] for name in TABLES}
    for sid in sorted(segments):
        for name, part in unit_parts(sid, segments[sid].get("rows", {})).items():
            parts[name].append(part)
    for key in sorted(units):
        if units[key].get("segment") is None:
            for name, part in unit_parts(key, units[key].get("rows", {})).items():
                parts[name].append(part)
    return parts


def listed_parts(out: str) -> dict[str, list[str]]:
    """The parts found in the tables' folders now (for a manifest written without
    its list: a dataset made part by part, as the tests make one)."""
    from pyarrow import fs
    filesystem_, root = filesystem(out)
    parts = {}
    for name in TABLES:
        found = filesystem_.get_file_info(fs.FileSelector(f"{root}/{name}",
                                                          allow_not_found=True))
        parts[name] = sorted(f"{name}/{f.base_name}" for f in found
                             if f.base_name.endswith(".parquet")
                             and not f.base_name.startswith("."))
    return parts


def read_manifest(out: str) -> dict | None:
    """The dataset's manifest, or None where there is none yet."""
    if "://" not in out:
        try:
            with open(os.path.join(out, MANIFEST), "rb") as stream:
                return json.loads(stream.read())
        except FileNotFoundError:
            return None
    filesystem_, root = filesystem(out)
    try:
        with filesystem_.open_input_stream(f"{root}/{MANIFEST}") as stream:
            return json.loads(stream.read())
    except FileNotFoundError:
        return None


def write_manifest(out: str, manifest: dict) -> None:
    """Write the manifest (last: a dataset without one is not finished). Without
    ``parts``, it lists the parts found in the folders."""
    from pipeline.store.database import SCHEMA_VERSION
    from pipeline.stats.catalogue import FLAGS_VERSION
    filesystem_, root = filesystem(out)
    manifest = {"format": FORMAT, "schema": SCHEMA_VERSION, "stats": FLAGS_VERSION,
                "layout": LAYOUT,
                "written_at": datetime.now(timezone.utc).isoformat(timespec="seconds"),
                **manifest}
    if "parts" not in manifest:
        manifest["parts"] = listed_parts(out)
    filesystem_.create_dir(root, recursive=True)
    temporary = f"{root}/.{MANIFEST}.{uuid.uuid4().hex}.tmp"
    with filesystem_.open_output_stream(temporary) as stream:
        stream.write(json.dumps(manifest, indent=1, default=str).encode())
    filesystem_.move(temporary, f"{root}/{MANIFEST}")
