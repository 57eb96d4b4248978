"""Export the stored hands for other tools: Parquet datasets or CSV files.

The hands chosen (the stats filters: player, dates, rooms, stakes, cash or
tournament; and verdicts) are written table by table, each row as stored (money
stays exact: DECIMAL in Parquet, its digits in CSV):

- Parquet: one dataset per table, partitioned by room and month
  (``hands/room=PokerStars/month=2026-11/data_0.parquet``), written by DuckDB's COPY;
- CSV: one file per table (``hands.csv``), with a header;
- PHH (the Poker Hand History standard, which pokerkit reads): each hand read again
  from its file (``recheck.read_back``), parsed and written by ``parsers.phh.write``,
  one ``.phhs`` file per room and month (``PokerStars/2026-11.phhs``), hands as tables
  ``[1]``, ``[2]``, ... in the order they were played; hands PHH cannot express are
  skipped and counted by reason;
- PokerStars text (``stars``: the format most tools read), any room's hand written as
  PokerStars would have (parsers/pokerstars/convert.py), one ``ROOM/MONTH.txt`` per room
  and month, names kept or masked (``mask_names``: "Hero", "Player1", ... the same
  player the same pseudonym throughout); hands the format cannot carry are skipped and
  counted by reason.

Every table keyed by hand (``TABLES``) is exported, and the notes and tags on the hands
and their players (``MARKS``: one file each); read the datasets back with
``read_parquet('out/hands/**/*.parquet', hive_partitioning = true)`` or polars'
``scan_parquet``.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import duckdb

from pipeline.read.queries import Filters, hand_where

# the tables keyed by (site, hand_id), the hands first
TABLES = ("hands", "hand_players", "actions", "collections", "showdowns", "verdicts",
          "findings", "player_hand_stats", "tournament_finishes", "hand_copies")
FORMATS = ("parquet", "csv", "phh", "stars", "forum", "html")
HAND_TEXTS = ("phh", "stars")  # the hands themselves, read again from their files
# one hand's text each, printed or written OUT/SITE-ID.md (.html)
TEXTS = {"forum": "md", "html": "html"}


@dataclass
class Exported:
    """What an export wrote: rows per table, and where."""

    out: Path
    rows: dict[str, int] = field(default_factory=dict)
    skipped: dict[str, int] = field(default_factory=dict)  # phh: hands not written, by reason
    files: list[Path] = field(default_factory=list)  # phh: the files written

    @property
    def hands(self) -> int:
        return self.rows.get("hands", 0)


def _chosen(con: duckdb.DuckDBPyConnection, filters: Filters, statuses: tuple[str, ...],
            keys: list[tuple[str, str]] | None = None) -> None:
    """export_hands: the (site, hand_id) of each hand to export, with its room and month
    (``keys``: of these hands only)."""
    where, params = hand_where(filters)
    if statuses:
        where += " AND list_contains(?::VARCHAR[], v.status)"
        params.append(list(statuses))
    if keys is not None:
        where += (" AND (h.site, h.hand_id) IN (SELECT unnest(?::VARCHAR[]) AS s, "
                  "unnest(?::VARCHAR[]) AS h)")
        params += [[s for s, _ in keys], [h for _, h in keys]]
    con.execute(f"""
        CREATE OR REPLACE TEMP TABLE export_hands AS
        SELECT h.site, h.hand_id, h.site AS room,
               coalesce(strftime(coalesce(h.played_at_utc, h.played_at), '%Y-%m'),
                        'unknown') AS month
        FROM hands h LEFT JOIN verdicts v USING (site, hand_id)
        WHERE {where}""", params).fetchall()


def chosen_hands(con: duckdb.DuckDBPyConnection, filters: Filters,
                 statuses: tuple[str, ...] = ()) -> list[tuple[str, str]]:
    """(site, hand_id) of the hands the filters choose, in the order played."""
    _chosen(con, filters, statuses)
    try:
        return con.execute("""SELECT e.site, e.hand_id FROM export_hands e
            JOIN hands h USING (site, hand_id)
            ORDER BY coalesce(h.played_at_utc, h.played_at), e.site, e.hand_id""").fetchall()
    finally:
        con.execute("DROP TABLE IF EXISTS export_hands").fetchall()


def _quoted(path: Path) -> str:
    return "'" + str(path).replace("'", "''") + "'"


def export(con: duckdb.DuckDBPyConnection, out: Path, fmt: str,
           filters: Filters = Filters(kind=None), statuses: tuple[str, ...] = (),
           keys: list[tuple[str, str]] | None = None, mask_names: bool = False) -> Exported:
    """Write the chosen hands' rows of every table under ``out`` (a folder, made if
    missing; what an earlier export left there for the same tables is replaced).
    ``keys``: these hands (site, hand_id) only, whatever the filters."""
    if fmt not in FORMATS:
        raise ValueError(f"no export format {fmt!r} (one of {', '.join(FORMATS)})")
    out.mkdir(parents=True, exist_ok=True)
    _chosen(con, filters, statuses, keys)
    done = Exported(out)
    try:
        if fmt in HAND_TEXTS:
            _hand_texts(con, done, fmt, mask_names)
            return done
        for table in TABLES:
            rows = f"""SELECT t.*{', e.room, e.month' if fmt == 'parquet' else ''}
                       FROM {table} t JOIN export_hands e USING (site, hand_id)"""
            if fmt == "parquet":
                target = out / table
                options = "FORMAT parquet, PARTITION_BY (room, month), OVERWRITE_OR_IGNORE"
            else:
                target = out / f"{table}.csv"
                options = "FORMAT csv, HEADER"
            written = con.execute(f"COPY ({rows}) TO {_quoted(target)} ({options})").fetchall()
            done.rows[table] = int(written[0][0]) if written else 0
            if fmt == "parquet" and not done.rows[table]:
                # no partition to write: one empty file keeps the dataset and its columns
                target.mkdir(parents=True, exist_ok=True)
                con.execute(f"COPY ({rows} LIMIT 0) TO {_quoted(target / 'empty.parquet')}"
                            " (FORMAT parquet)").fetchall()
        _marks(con, out, fmt, done)
    finally:
        con.execute("DROP TABLE IF EXISTS export_hands").fetchall()
    return done


# notes and tags: those on the chosen hands (and their actions), and those on the
# players dealt in them; one file each (a player's have no room and month of a hand)
MARKS = ("notes", "tags")


def _marks(con: duckdb.DuckDBPyConnection, out: Path, fmt: str, done: Exported) -> None:
    for table in MARKS:
        rows = f"""SELECT t.* FROM {table} t
                   WHERE (t.hand_id IS NOT NULL AND EXISTS (SELECT 1 FROM export_hands e
                          WHERE e.site = t.site AND e.hand_id = t.hand_id))
                      OR (t.hand_id IS NULL AND EXISTS (SELECT 1 FROM export_hands e
                          JOIN hand_players p USING (site, hand_id)
                          WHERE p.site = t.site AND p.player = t.player))"""
        target = out / f"{table}.{'parquet' if fmt == 'parquet' else 'csv'}"
        options = "FORMAT parquet" if fmt == "parquet" else "FORMAT csv, HEADER"
        written = con.execute(f"COPY ({rows}) TO {_quoted(target)} ({options})").fetchall()
        done.rows[table] = int(written[0][0]) if written else 0


_HAND_FILES = """
SELECT h.site, h.hand_id, f.path, f.encoding, f.format, h.byte_offset, h.byte_length,
       h.supported, e.room, e.month
FROM export_hands e JOIN hands h USING (site, hand_id) JOIN files f USING (file_id)
ORDER BY e.room, e.month, coalesce(h.played_at_utc, h.played_at), f.path, h.byte_offset
"""


def _writer(fmt: str, mask_names: bool):
    """The format's writer: (a Hand, its room) → its text, or Skip."""
    if fmt == "stars":
        from pipeline.export.stars import Masks, stars_text
        masks = Masks() if mask_names else None
        return lambda hand, its: stars_text(hand, its, masks)
    from parsers.registry import room as room_named
    write_hand = room_named("phh").write
    return lambda hand, its: write_hand(hand)


def _file_text(fmt: str, hands: list[str]) -> str:
    """A file of hands: PHH's numbered tables; PokerStars' hands two blank lines apart."""
    if fmt == "phh":
        return "\n".join(f"[{i}]\n{text}" for i, text in enumerate(hands, start=1))
    return "\n\n".join(hands)


_SUFFIX = {"phh": "phhs", "stars": "txt"}


def hand_texts(con: duckdb.DuckDBPyConnection, fmt: str, keys: list[tuple[str, str]],
               mask_names: bool = False) -> tuple[list[str], dict[str, int]]:
    """These hands' texts in a format of ``HAND_TEXTS``, in the order played, and the
    hands skipped by reason (to print, or to share one hand)."""
    _chosen(con, Filters(kind=None), (), keys)
    try:
        groups, skipped = _texts(con, fmt, mask_names)
    finally:
        con.execute("DROP TABLE IF EXISTS export_hands").fetchall()
    return [text for hands in groups.values() for text in hands], skipped


def hand_text(con: duckdb.DuckDBPyConnection, fmt: str, site: str, hand_id: str
              ) -> tuple[str | None, str | None]:
    """One hand's text in a format of ``HAND_TEXTS`` (the replayer's "share"), or None
    and why it was not written."""
    texts, skipped = hand_texts(con, fmt, [(site, hand_id)])
    if texts:
        return texts[0], None
    return None, next(iter(skipped), "the hand is not stored")


def _hand_texts(con: duckdb.DuckDBPyConnection, done: Exported, fmt: str,
                mask_names: bool) -> None:
    """One ``ROOM/MONTH.phhs`` (``.txt``) per room and month of the chosen hands (written
    whole, replacing an earlier export's file of that name)."""
    groups, done.skipped = _texts(con, fmt, mask_names)
    for (room, month), hands in groups.items():
        folder = done.out / safe_name(room)
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"{safe_name(month)}.{_SUFFIX[fmt]}"
        path.write_text(_file_text(fmt, hands), "utf-8")
        done.files.append(path)
    done.rows["hands"] = sum(len(hands) for hands in groups.values())


def _texts(con: duckdb.DuckDBPyConnection, fmt: str, mask_names: bool
           ) -> tuple[dict[tuple[str, str], list[str]], dict[str, int]]:
    """The chosen hands' texts by room and month, each in the order played; the hands
    skipped, by reason."""
    from parsers.base.errors import Skip
    from pipeline.ingest.recheck import read_back

    write = _writer(fmt, mask_names)
    rows = con.execute(_HAND_FILES).fetchall()  # in the order played
    skipped: Counter[str] = Counter()
    skipped[f"a game {fmt} export does not write"] = sum(not r[7] for r in rows)
    # read each file once, in offset order (read_back's rows: site ... byte_length)
    by_file = sorted((r[:7] for r in rows if r[7]), key=lambda r: (r[2], r[5]))
    texts = {}
    for site, hand_id, hand, its in read_back(by_file):
        if hand is None:
            skipped["not found in its file again"] += 1
            continue
        try:
            texts[(site, hand_id)] = write(hand, its)
        except Skip as skip:
            skipped[skip.reason] += 1
    groups: dict[tuple[str, str], list[str]] = {}
    for site, hand_id, *_, room, month in rows:
        if (site, hand_id) in texts:
            groups.setdefault((room, month), []).append(texts[(site, hand_id)])
    return groups, {reason: n for reason, n in skipped.items() if n}


def safe_name(name: str) -> str:
    """A room or month as a file name (no separators)."""
    return "".join(c if c.isalnum() or c in "-_. " else "_" for c in name) or "_"
