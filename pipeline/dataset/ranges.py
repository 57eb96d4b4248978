"""The end of a large file read in ranges (``handlens import --out``): its row of
``files``, and the hands found in two of its ranges.

Each range of a file is a task of its own (pipeline/dataset/scale.py), which keeps a hand
found twice within the range once, as a file read whole does. A hand in two ranges
is seen by neither: ``finish`` looks for such hands over the ranges' ``hands`` parts
(two columns read) and, as the file read whole would, keeps the first copy, moves
the later one to ``hand_copies`` and drops the rows it gave to the tables of hands
(players, actions, verdicts, ...). Then it writes the file's row of ``files``, with
the hand texts and errors of all its ranges.
"""
from __future__ import annotations

from collections import Counter

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from pipeline.dataset import layout
from pipeline.ingest.rows import SCHEMAS
from pipeline.store.database import CHILD_TABLES
from pipeline.dataset.tasks import FilePlan, files_table

def finish(out: str, plan: FilePlan, done: list[dict]) -> dict:
    """A file's result (as a file's task returns it, with ``units``: the manifest's
    entries of its ranges and of its own row of ``files``) from its ranges' results."""
    done = sorted(done, key=lambda d: d["range"])
    _move_copies(out, done)
    summary = plan.summary
    summary.hands = sum(d["hands"] for d in done)
    summary.stored = sum(d["stored"] for d in done)
    summary.unsupported = sum(d["unsupported"] for d in done)
    summary.duplicates = sum(d["duplicates"] for d in done)
    summary.incomplete = sum(d["incomplete"] for d in done)
    summary.parse_errors = sum((Counter(d["parse_errors"]) for d in done), Counter())
    files = files_table(summary, plan.encoding, plan.resume_offset, plan.prefix_hash,
                        sum(d["errors"] for d in done))
    key = layout.content_key(summary.path, summary.hash)
    sizes: dict[str, int] = {}
    rows = layout.write_parts(out, key, {"files": files}, sizes)
    entry = {"path": summary.path, "hash": summary.hash, "size": summary.size,
             "format": summary.format}
    units = {key: {**entry, "rows": rows, "bytes": sum(sizes.values())}}
    for d in done:
        units[d["key"]] = {**entry, "rows": d["rows"], "bytes": d["bytes"], "range": d["range"]}
    return {**summary.as_json(), "units": units}


def _move_copies(out: str, done: list[dict]) -> None:
    """Hands found in an earlier range too: moved to hand_copies, their rows dropped
    (the ranges' parts rewritten, their results' counts mended)."""
    filesystem, root = layout.filesystem(out)
    with_hands = [d for d in done if d["rows"].get("hands")]
    if len(with_hands) < 2:
        return
    keys = pa.concat_tables([
        _keyed(pq.read_table(f"{root}/hands/{d['key']}.parquet", columns=["site", "hand_id"],
                             filesystem=filesystem)).append_column(
            "range", pa.array([d["range"]] * d["rows"]["hands"], pa.int32()))
        for d in with_hands])
    counts = keys.group_by("key").aggregate([("range", "count"), ("range", "min")])
    twice = counts.filter(pc.greater(counts["range_count"], 1))
    if not twice.num_rows:
        return
    for d in with_hands:
        mine = keys.filter(pc.equal(keys["range"], d["range"]))["key"]
        earlier = twice.filter(pc.less(twice["range_min"], d["range"]))["key"]
        copies = mine.filter(pc.is_in(mine, value_set=earlier))
        if len(copies):  # only the ranges that hold a later copy are rewritten
            _drop(out, d, copies)


def _keyed(table: pa.Table) -> pa.Table:
    """The table with a column ``key``: site and hand id in one string."""
    return table.append_column("key", pc.binary_join_element_wise(
        table["site"], table["hand_id"], "\x00"))


def _drop(out: str, d: dict, copies: pa.Array) -> None:
    """Rewrite a range's parts without the hands ``copies`` (keys), kept as copies."""
    filesystem, root = layout.filesystem(out)

    def part(name: str) -> pa.Table:
        return pq.read_table(f"{root}/{name}/{d['key']}.parquet", filesystem=filesystem)

    hands = _keyed(part("hands"))
    copy = pc.is_in(hands["key"], value_set=copies)
    moved = hands.filter(copy)
    tables = {"hands": hands.filter(pc.invert(copy)).drop_columns(["key"])}
    old = part("hand_copies") if d["rows"].get("hand_copies") else None
    new = moved.select(SCHEMAS["hand_copies"].names).cast(SCHEMAS["hand_copies"])
    tables["hand_copies"] = new if old is None else pa.concat_tables([old,
                                                                      new.cast(old.schema)])
    for name in CHILD_TABLES:  # the tables whose rows belong to a hand
        if d["rows"].get(name):
            table = _keyed(part(name))
            keep = pc.invert(pc.is_in(table["key"], value_set=copies))
            tables[name] = table.filter(keep).drop_columns(["key"])
    before = sum(filesystem.get_file_info(f"{root}/{name}/{d['key']}.parquet").size
                 for name in tables if d["rows"].get(name))
    sizes: dict[str, int] = {}
    rows = layout.write_parts(out, d["key"], tables, sizes)
    d["bytes"] += sum(sizes.values()) - before
    d["rows"] = {**d["rows"], **rows}
    n = moved.num_rows
    unsupported = n - sum(moved["supported"].to_pylist())
    d["stored"] -= n
    d["unsupported"] -= unsupported
    d["duplicates"] += n
