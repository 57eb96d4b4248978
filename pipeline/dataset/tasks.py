"""One unit of import work, the same whoever runs it: a file in, its rows and summary out.

``import_file`` reads one hand-history file (a local path, or any address pyarrow's
file systems open), finds its room, splits it, parses, judges and flattens every
hand (pipeline/ingest/unit.py) and returns the rows of every table with a summary. It needs
no shared state: the file's id is a digest of its path, so any process on any
machine gives the same rows for the same file. ``handlens import --out`` runs it in
a local process pool or as Dask tasks, each writing its own Parquet parts
(pipeline/dataset/layout.py), and a plain loop runs it in the tests.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path

import pyarrow as pa

from parsers.base.room import Room
from parsers.base.split import CUT, Piece, RawHand, decode, decode_from, pieces, split_hands
from parsers.registry import detect, room, summary_room
from pipeline.ingest.rows import SCHEMAS
from pipeline.ingest.summaries import summary_tables
from pipeline.ingest.files import cut_last, digest, discover, file_id_of, read_file, real_path
from pipeline.ingest.unit import parse_unit
from pipeline.store.paths import local, stored

FILES_SCHEMA = pa.schema([
    ("file_id", pa.int64()), ("path", pa.string()), ("size", pa.int64()),
    ("hash", pa.string()), ("resume_offset", pa.int64()), ("prefix_hash", pa.string()),
    ("format", pa.string()), ("encoding", pa.string()), ("hands", pa.int32()),
    ("errors", pa.int32()), ("imported_at", pa.timestamp("us"))])


@dataclass
class FileSummary:
    """What one file gave: counts for the import's summary."""

    path: str
    file_id: int
    hash: str = ""
    size: int = 0
    format: str | None = None
    hands: int = 0  # hand texts found
    stored: int = 0  # hands parsed (duplicates within the file left out)
    unsupported: int = 0  # of which games the engine does not play
    duplicates: int = 0  # hands found twice within the file
    incomplete: int = 0  # a last hand cut off (kept as a parse error)
    parse_errors: Counter = field(default_factory=Counter)  # by reason
    unreadable: str | None = None  # why the file could not be read
    recognised: bool = True  # False: no room's format
    supported: bool = True  # False: a room's format that handlens does not read yet

    def as_json(self) -> dict:
        out = {k: v for k, v in self.__dict__.items() if k != "parse_errors"}
        out["parse_errors"] = dict(self.parse_errors)
        return out


def read(path: str) -> bytes:
    """A file's bytes, from a local path or an address pyarrow's file systems open
    (``s3://``, ``gs://``, ``hdfs://``, ``file://``)."""
    if "://" not in path:
        return read_file(local(path))
    from pyarrow import fs
    filesystem, inner = fs.FileSystem.from_uri(_uri(path))
    with filesystem.open_input_stream(inner) as stream:
        return stream.read()


def _uri(address: str) -> str:
    """An address as written (``s3://bucket/HH 2026 Hold'em.txt``) as a URI pyarrow
    parses: what a file name may hold (spaces, quotes, #, %) percent-encoded."""
    from urllib.parse import quote
    return quote(address, safe=":/?=&@")


def import_file(path: str, verify: bool = True, stats: bool = True
                ) -> tuple[dict[str, pa.Table], FileSummary]:
    """Every row one file gives (the tables of pipeline/ingest/rows.py and ``files``), and
    its summary. Never raises for what the file holds; an unreadable file gives no
    rows and says why."""
    data, summary = load(path)
    if data is None:
        return {}, summary
    return import_data(data, summary, verify, stats)


def load(path: str) -> tuple[bytes | None, FileSummary]:
    """A file's bytes (None where it cannot be read: the summary says why) and its
    summary so far (size and hash)."""
    summary = FileSummary(path, file_id_of(path))
    try:
        data = read(path)
    except OSError as exc:
        summary.unreadable = exc.strerror or str(exc)
        return None, summary
    summary.size, summary.hash = len(data), digest(data)
    return data, summary


def import_data(data: bytes, summary: FileSummary, verify: bool = True, stats: bool = True
                ) -> tuple[dict[str, pa.Table], FileSummary]:
    """``import_file`` of bytes already read (``load``)."""
    text, encoding = decode(data)
    fmt = detect(text)
    resume, prefix = len(data), summary.hash
    if isinstance(fmt, Room):
        summary.format = fmt.name
        hands, again = cut_last(split_hands(text, fmt, encoding), data)
        if again is not None:
            resume, prefix = again, digest(data[:again])
        tables = _parsed(summary, fmt.name, hands, verify, stats)
    else:
        summary.format, summary.recognised, summary.supported = fmt, fmt is not None, False
        tables = {name: schema.empty_table() for name, schema in SCHEMAS.items()}
        its = summary_room(text) if fmt is None else None
        if its is not None:  # a tournament summary file: its result, or why not
            summary.format, summary.recognised = f"{its.name} summary", True
            resume = 0  # (read whole each time it changes, as the store's import does)
            tables.update(summary_tables(its, text, summary.file_id, summary.path))
            summary.parse_errors.update(tables["parse_errors"].column("reason").to_pylist())
    tables["files"] = files_table(summary, encoding, resume, prefix,
                                  tables["parse_errors"].num_rows)
    return tables, summary


def files_table(summary: FileSummary, encoding: str, resume: int, prefix: str,
                errors: int) -> pa.Table:
    """A file's row of the table ``files``."""
    return pa.Table.from_pylist([{
        "file_id": summary.file_id, "path": summary.path, "size": summary.size,
        "hash": summary.hash, "resume_offset": resume, "prefix_hash": prefix,
        "format": summary.format, "encoding": encoding, "hands": summary.hands,
        "errors": errors, "imported_at": datetime.now()}], schema=FILES_SCHEMA)


@dataclass(frozen=True)
class Range:
    """A byte range of a large file, from a hand's start (or the file's) to the next
    range's: a unit of work of its own (``import_range``)."""

    path: str
    index: int
    offset: int
    length: int
    line: int  # the file's line it begins on
    context: str  # the context in force where it begins (an XML session's header)
    final: bool  # the file ends with it
    encoding: str
    format: str  # the room's name
    digest: str  # of its bytes, as planned: a file changed since is not read in part
    file_hash: str  # of the whole file, as planned (in its parts' names)


@dataclass
class FilePlan:
    """A large file cut into ranges, and what is known of it as a whole."""

    summary: FileSummary  # size, hash, format: the counts come from the ranges
    encoding: str
    resume_offset: int
    prefix_hash: str
    ranges: list[Range]


def plan_ranges(data: bytes, summary: FileSummary, range_bytes: int) -> FilePlan | None:
    """A file of a room's format cut at hand starts into ranges of about
    ``range_bytes`` bytes; None where it is no such file or holds one range only."""
    if len(data) <= range_bytes:
        return None
    text, encoding = decode(data)
    fmt = detect(text)
    if not isinstance(fmt, Room):
        return None
    cut = pieces(text, fmt, encoding, chars=max(1, len(text) * range_bytes // len(data)),
                 texts=False)
    if len(cut) < 3:
        return None
    summary.format = fmt.name
    last = replace(cut[-1], text=text[cut[-1].at:])  # the last hand: is it whole?
    _, again = cut_last(last.split(fmt), data)
    # the last hand alone would be a task of its own: it goes with the range before
    cut[-2:] = [replace(cut[-2], final=True, starts=cut[-2].starts + cut[-1].starts)]
    resume, prefix = (len(data), summary.hash) if again is None else (again,
                                                                      digest(data[:again]))
    ends = [p.offset for p in cut[1:]] + [len(data)]
    ranges = [Range(summary.path, i, p.offset, end - p.offset, p.line, p.context, p.final,
                    encoding, fmt.name, digest(data[p.offset:end]), summary.hash)
              for i, (p, end) in enumerate(zip(cut, ends))]
    return FilePlan(summary, encoding, resume, prefix, ranges)


def import_range(r: Range, verify: bool = True, stats: bool = True
                 ) -> tuple[dict[str, pa.Table], FileSummary] | None:
    """Every row a range of a file gives (all tables but ``files``: the file's row
    needs every range) and its summary (its hand texts, hands, errors); None where
    the file changed since it was planned."""
    summary = FileSummary(r.path, file_id_of(r.path))
    try:
        data = read_range(r.path, r.offset, r.length)
    except OSError:
        return None
    if len(data) != r.length or digest(data) != r.digest:
        return None
    summary.format = r.format
    text = decode_from(data, 0, r.encoding)
    fmt = room(r.format)
    hands = Piece(text, r.encoding, r.offset, r.line, r.context, r.final).split(fmt)
    if r.final:
        hands, _ = cut_last(hands, data)
    return _parsed(summary, fmt.name, hands, verify, stats), summary


def _parsed(summary: FileSummary, room_name: str, hands: list[RawHand], verify: bool,
            stats: bool) -> dict[str, pa.Table]:
    """The rows of a file's (or a range's) hand texts; their counts in ``summary``."""
    summary.hands = len(hands)
    summary.incomplete = sum(1 for h in hands if h.stray == CUT)
    result = parse_unit([(summary.file_id, summary.path, room_name, hands)], verify, stats)
    tables = result.tables
    summary.duplicates = result.duplicates
    summary.parse_errors = +result.reasons
    summary.parse_errors.pop(CUT, None)
    summary.stored = tables["hands"].num_rows
    summary.unsupported = summary.stored - sum(tables["hands"]["supported"].to_pylist())
    return tables


def read_range(path: str, offset: int, length: int) -> bytes:
    """``length`` bytes of a file from ``offset`` (a local path or an address)."""
    if "://" not in path:
        with open(local(path), "rb") as stream:
            stream.seek(offset)
            return stream.read(length)
    from pyarrow import fs
    filesystem, inner = fs.FileSystem.from_uri(_uri(path))
    with filesystem.open_input_file(inner) as stream:
        return stream.read_at(length, offset)


def list_inputs(paths: Iterable[str | Path]) -> list[str]:
    """Every file to import under ``paths``, as the addresses tasks read: local files
    and folders (``pipeline.ingest.files.discover``: recursive, hidden ones left out) by
    their absolute path; an address with ``://`` (``s3://bucket/prefix``,
    ``gs://...``, ``hdfs://host:port/...``, ``file:///...``) listed through pyarrow's
    file system for it, recursively, hidden names left out."""
    paths = [str(p) for p in paths]  # (read twice below: a generator would be spent)
    on_disk = [p for p in paths if "://" not in p]
    found = [stored(real_path(p)) for p in discover(on_disk)] if on_disk else []
    for address in (p for p in paths if "://" in p):
        found.extend(_listed(address))
    return sorted(set(found))


def _listed(address: str) -> list[str]:
    from pyarrow import fs
    filesystem, inner = fs.FileSystem.from_uri(_uri(address))
    base = address.split("?", 1)[0].rstrip("/")
    if not base.endswith(inner.rstrip("/")):
        raise ValueError(f"{address}: cannot tell the file system's prefix from its path")
    prefix = base[:len(base) - len(inner.rstrip("/"))]
    info = filesystem.get_file_info(inner)
    if info.type == fs.FileType.NotFound:
        raise FileNotFoundError(f"no such file or folder: {address}")
    if info.type == fs.FileType.File:
        return [address]
    infos = filesystem.get_file_info(fs.FileSelector(inner, recursive=True))
    return [prefix + i.path for i in infos if i.type == fs.FileType.File
            and not any(part.startswith(".") for part in i.path[len(inner):].split("/"))]
