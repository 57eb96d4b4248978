"""Judge stored hands again (after the rules engine changed): each hand is read back
from its file by its byte offset, parsed, replayed, and its verdict replaced."""
from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

import pyarrow as pa

from engine.model.hand import Hand
from parsers.base.errors import ParseError
from parsers.base.room import Room
from parsers.base.split import context_at, hand_text
from parsers.registry import room
from engine.rules.replay import Finding, Verdict, replay
from engine.rules.room_rules import RoomRules
from pipeline.ingest.rows import SCHEMAS, Batch
from pipeline.stats.catalogue import FLAGS_VERSION
from pipeline.store.database import CHILD_TABLES, Store
from pipeline.store import paths

_HANDS = """
SELECT h.site, h.hand_id, f.path, f.encoding, f.format, h.byte_offset, h.byte_length,
       h.file_id, h.line
FROM hands h JOIN files f USING (file_id)
WHERE h.supported
ORDER BY f.path, h.byte_offset
"""


def recheck(store: Store, progress: Callable[[int], None] | None = None,
            batch_size: int = 5000) -> dict[str, int]:
    """Re-judge every stored Hold'em hand read back from its file, and write its rows
    again (verdict, findings, and the players' positions and stat flags as this
    version computes them); returns counts of what happened. When every hand was
    found, the store's stats are of this version (``meta``)."""
    rows = store.con.execute(_HANDS).fetchall()
    place = {(r[0], r[1]): r[5:] for r in rows}  # offset, length, file id, line
    counts = {"hands": 0, "missing": 0}
    batch = Batch()
    keys: list[tuple[str, str]] = []
    for site, hand_id, hand, its in read_back(r[:7] for r in rows):
        if hand is None:
            counts["missing"] += 1  # the file moved or changed: its stored rows stay
            continue
        verdict = _judge(hand, its.rules_for(hand))
        offset, length, file_id, line = place[site, hand_id]
        try:
            batch.add_hand(hand, file_id, offset, length, line, verdict)
        except Exception:  # noqa: BLE001 - its rows stay as stored; its verdict is new
            batch.drop_last(site, hand_id)
            counts["rows_kept"] = counts.get("rows_kept", 0) + 1
        batch.add_verdict(site, hand_id, verdict)
        keys.append((site, hand_id))
        counts["hands"] += 1
        if len(keys) >= batch_size:
            _replace(store, batch, keys)
            if progress:
                progress(len(keys))
            batch, keys = Batch(), []
    if keys:
        _replace(store, batch, keys)
        if progress:
            progress(len(keys))
    if not counts["missing"] and not counts.get("rows_kept"):
        store.set_meta("stats", FLAGS_VERSION)
        store.set_meta("recheck", None)  # (what an upgrade of the schema could not know)
    return counts


def read_back(rows: Iterable[tuple]) -> Iterator[tuple[str, str, Hand | None, Room | None]]:
    """Each stored hand read again from its file: rows of (site, hand_id, path,
    encoding, format, byte_offset, byte_length), in file and offset order → (site,
    hand_id, the Hand, its room), the Hand None where the file no longer holds it."""
    data, current = b"", None
    lead, scanned = "", 0  # an XML room's context in force, and how far it was looked for
    for site, hand_id, path, encoding, fmt, offset, length in rows:
        if path != current:
            current = path
            file = paths.local(path)
            data = file.read_bytes() if file.exists() else b""
            lead, scanned = "", 0
        chunk = data[offset:offset + length]
        its = None
        try:
            its = room(fmt)
            text = hand_text(chunk, encoding)
            if its.context is not None:  # (an XML session's header, as the import put it)
                lead = context_at(data, offset, encoding, its.context, scanned, lead)
                scanned = offset
                if lead:
                    text = f"{lead}\n{text}"
            hand = its.parse(text)
        except (KeyError, ParseError):
            hand = None
        if not isinstance(hand, Hand) or (hand.site, hand.hand_id) != (site, hand_id):
            hand = None
        yield site, hand_id, hand, its


def _judge(hand: Hand, rules: RoomRules) -> Verdict:
    """The replay's verdict; a bug of the engine's on a hand stored before makes it
    unverifiable, never failed, and never stops the pass."""
    try:
        return replay(hand, rules)
    except Exception as exc:  # noqa: BLE001
        return Verdict("unverifiable", (Finding(
            "ENGINE_ERROR", f"the rules engine could not judge this hand: "
                            f"{type(exc).__name__}: {exc}", severity="unverifiable"),))


def _replace(store: Store, batch: Batch, keys: list[tuple[str, str]]) -> None:
    """The rechecked hands' rows in place of the stored ones, in one transaction: every
    table of a hand whose rows were made again, the verdict alone of the others."""
    tables = batch.tables()[0]
    made = {(site, hand_id) for site, hand_id in zip(tables["hands"]["site"].to_pylist(),
                                                     tables["hands"]["hand_id"].to_pylist())}
    con = store.con
    store._run("BEGIN TRANSACTION")
    try:
        for names, chosen in ((("verdicts", "findings"), keys),
                              (("hands", *CHILD_TABLES), [k for k in keys if k in made])):
            con.register("rechecked", _keys(chosen))
            for name in dict.fromkeys(names):
                store._run(f"DELETE FROM {name} WHERE (site, hand_id) IN "
                           f"(SELECT site, hand_id FROM rechecked)")
            con.unregister("rechecked")
        for name in ("hands", *CHILD_TABLES):
            con.register("batch_rows", tables[name])
            store._run(f"INSERT INTO {name} SELECT * FROM batch_rows")
            con.unregister("batch_rows")
        store._run("COMMIT")
    except BaseException:
        store._run("ROLLBACK")
        raise


def _keys(keys: list[tuple[str, str]]) -> pa.Table:
    return pa.table({"site": [k[0] for k in keys], "hand_id": [k[1] for k in keys]},
                    schema=pa.schema([SCHEMAS["verdicts"].field("site"),
                                      SCHEMAS["verdicts"].field("hand_id")]))
