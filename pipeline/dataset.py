"""A Parquet dataset of imported hands: one part per table per input file, a manifest.

Layout of DIR (a local folder, or any address pyarrow's file systems open)::

    DIR/manifest.json              written last: schema and stats versions, the parts,
                                   the import's summary
    DIR/<table>/<key>.parquet      the rows one input file gave to <table> (hands,
                                   hand_players, actions, ..., parse_errors, files)

``key`` is a digest of the input file's path: a task run again (a retry, or the
file imported again after it grew) writes the same names and replaces them, never
adds a copy. Each part is written under a temporary name and renamed into place, so
a reader never sees half a part. Hands found in several files are all in the
dataset; the views (``pipeline.dataset_views``) keep one of them.
"""
from __future__ import annotations

import hashlib
import json
import uuid
from datetime import datetime, timezone

import pyarrow as pa
import pyarrow.parquet as pq
from pyarrow import fs

MANIFEST = "manifest.json"
FORMAT = "handlens-parquet-dataset"
TABLES = ("files", "hands", "hand_copies", "hand_players", "actions", "collections",
          "showdowns", "tournament_finishes", "verdicts", "findings", "parse_errors")


def part_key(path: str) -> str:
    """The name of an input file's parts: a digest of its path."""
    return hashlib.blake2b(path.encode("utf-8", "surrogateescape"), digest_size=12).hexdigest()


def filesystem(out: str) -> tuple[fs.FileSystem, str]:
    """The file system and the root path within it of a dataset address."""
    if "://" in out:
        return fs.FileSystem.from_uri(out)
    import os
    return fs.LocalFileSystem(), os.path.abspath(out)


def write_parts(out: str, key: str, tables: dict[str, pa.Table]) -> dict[str, int]:
    """Write one input file's rows, a part a table; returns the rows of each."""
    filesystem_, root = filesystem(out)
    rows = {}
    for name in TABLES:
        table = tables.get(name)
        if table is None:
            continue
        folder = f"{root}/{name}"
        filesystem_.create_dir(folder, recursive=True)
        temporary = f"{folder}/.{key}.{uuid.uuid4().hex}.tmp"
        pq.write_table(table, temporary, filesystem=filesystem_, compression="zstd")
        filesystem_.move(temporary, f"{folder}/{key}.parquet")
        rows[name] = table.num_rows
    return rows


def read_manifest(out: str) -> dict | None:
    """The dataset's manifest, or None where there is none yet."""
    filesystem_, root = filesystem(out)
    try:
        with filesystem_.open_input_stream(f"{root}/{MANIFEST}") as stream:
            return json.loads(stream.read())
    except FileNotFoundError:
        return None


def write_manifest(out: str, manifest: dict) -> None:
    """Write the manifest (last: a dataset without one is not finished)."""
    from pipeline.store import SCHEMA_VERSION
    from pipeline.stats import STATS_VERSION
    filesystem_, root = filesystem(out)
    manifest = {"format": FORMAT, "schema": SCHEMA_VERSION, "stats": STATS_VERSION,
                "written_at": datetime.now(timezone.utc).isoformat(timespec="seconds"),
                **manifest}
    filesystem_.create_dir(root, recursive=True)
    temporary = f"{root}/.{MANIFEST}.{uuid.uuid4().hex}.tmp"
    with filesystem_.open_output_stream(temporary) as stream:
        stream.write(json.dumps(manifest, indent=1, default=str).encode())
    filesystem_.move(temporary, f"{root}/{MANIFEST}")
