"""Format drift: a room's client starts writing lines handlens has not seen.

Per room, the share of hand texts that could not be read (parse errors) in its most
recent files, against the same share in its files before them. A room whose recent
rate jumps (at least ``MIN_ERRORS`` errors, and more than twice its usual rate plus one
point), or whose recent files hold an unrecognised line of a shape its earlier files
never held, raises an alarm naming the room and the lines' shapes: players' names
(those of the file's stored hands) and figures masked, so the shape can be shown and
sent without the hand.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

import duckdb

from pipeline.read.masked import mask_names

RECENT = 10  # a room's most recent files, against the rest
KNOWN_FILES = 200  # the files before them whose players' names are masked too
MIN_ERRORS = 2
UNRECOGNISED = "unrecognised line: "
_DIGITS = re.compile(r"\d")


@dataclass
class Alarm:
    room: str
    recent_files: int
    recent_rate: float  # parse errors / hand texts in the recent files
    usual_rate: float  # the same in the files before them
    new_shapes: list[tuple[str, int]] = field(default_factory=list)  # (shape, how many)

    def text(self) -> str:
        usual = f"usually {self.usual_rate:.1%}"
        line = (f"format drift: {self.room}: {self.recent_rate:.1%} of the hands in its last "
                f"{self.recent_files} file{'s' * (self.recent_files != 1)} could not be "
                f"read ({usual})")
        if self.new_shapes:
            line += "; new line" + "s" * (len(self.new_shapes) != 1) + ": " + "; ".join(
                f"{shape!r} ×{n}" for shape, n in self.new_shapes[:3])
        return line + " (handlens errors; handlens report FILE:LINE for a bug report)"


def shape(line: str, names: list[str]) -> str:
    """A line with the players' names as <name> and every digit as 9."""
    masked, given = mask_names(line, names)
    for pseudonym in given.values():
        masked = re.sub(rf"(?<!\w){pseudonym}(?!\w)", "<name>", masked)
    return _DIGITS.sub("9", masked)


def alarms(con: duckdb.DuckDBPyConnection, recent: int = RECENT) -> list[Alarm]:
    """The rooms whose recent files show drift (see the module doc)."""
    files = con.execute("""
        SELECT f.format, f.file_id,
               (SELECT count(*) FROM hands h WHERE h.file_id = f.file_id) AS hands,
               (SELECT count(*) FROM parse_errors e WHERE e.file_id = f.file_id) AS errors
        FROM files f WHERE f.format IS NOT NULL ORDER BY f.format, f.file_id""").fetchall()
    by_room: dict[str, list[tuple[int, int, int]]] = {}
    for room, file_id, hands, errors in files:
        by_room.setdefault(room, []).append((file_id, hands, errors))
    out = []
    for room, rows in by_room.items():
        last, before = rows[-recent:], rows[:-recent]
        errors = sum(e for _, _, e in last)
        if errors < MIN_ERRORS or not before:  # (no history: nothing is unusual yet)
            continue
        rate = errors / max(sum(h + e for _, h, e in last), 1)
        usual = sum(e for _, _, e in before) / max(sum(h + e for _, h, e in before), 1)
        new = _new_shapes(con, room, [f for f, _, _ in last], [f for f, _, _ in before])
        if rate > 2 * usual + 0.01 or new:
            out.append(Alarm(room, len(last), rate, usual, new))
    return out


def _new_shapes(con: duckdb.DuckDBPyConnection, room: str, recent: list[int],
                before: list[int]) -> list[tuple[str, int]]:
    # the names of the room's recent players (a player seen only in hands that could
    # not be read is not known: the alarm says the shape, the rest is for `report`)
    names = [r[0] for r in con.execute(
        "SELECT DISTINCT p.player FROM hand_players p JOIN hands h USING (site, hand_id)"
        " WHERE h.file_id IN (SELECT unnest(?)) AND NOT coalesce(p.anonymous, false)",
        [recent + before[-KNOWN_FILES:]]).fetchall()]

    def shapes(file_ids: list[int]) -> Counter:
        if not file_ids:
            return Counter()
        rows = con.execute(
            "SELECT reason, raw_text FROM parse_errors WHERE file_id IN (SELECT unnest(?))"
            " AND starts_with(reason, ?)", [file_ids, UNRECOGNISED]).fetchall()
        out = Counter()
        for reason, text in rows:  # (and the names the hand's own readable lines hold)
            out[shape(reason[len(UNRECOGNISED):], names + sorted(_players(room, text)))] += 1
        return out

    seen = shapes(before)
    return [(s, n) for s, n in shapes(recent).most_common() if s not in seen]


def _players(room_name: str, text: str | None) -> set[str]:
    from parsers.registry import ROOMS, room
    if not text or room_name not in ROOMS:
        return set()
    try:
        return room(room_name).players_in(text)
    except Exception:  # noqa: BLE001 - a text no lexer reads: no names from it
        return set()
