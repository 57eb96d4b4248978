"""A session being played now, for the Live page's tests: simulated PokerStars hands of
two tables (two files of sample_histories), their clocks moved so that the hands are
played one after the other up to a moment ago, and what the text says of them (counted
from the text, not from the database)."""
from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

from support.common import ROOT

SIMULATED = sorted((ROOT / "sample_histories" / "simulated").glob("*.txt"))
_HAND = re.compile(r"(?=^PokerStars Hand #)", re.M)
_WHEN = re.compile(r" - \d{4}/\d\d/\d\d \d\d?:\d\d:\d\d ET")
_TABLE = re.compile(r"^Table '([^']+)'", re.M)
_SEAT = re.compile(r"^Seat \d+: (.+?) \(\$?[\d.,]+ in chips\)(.*)$", re.M)
HERO = "Hero"


@dataclass
class Table:
    name: str
    hands: list[str]  # the texts, in the order played


def tables(per_table: int) -> list[Table]:
    """The first ``per_table`` cash hands of two simulated files at different tables."""
    out: list[Table] = []
    for path in SIMULATED:
        text = path.read_text("utf-8-sig").replace("\r\n", "\n")
        hands = [h.strip() + "\n\n\n" for h in _HAND.split(text)
                 if h.strip() and "Tournament #" not in h][:per_table]
        names = {_TABLE.search(h).group(1) for h in hands}
        if len(hands) == per_table and len(names) == 1 and \
                not any(t.name in names for t in out):
            out.append(Table(names.pop(), hands))
        if len(out) == 2:
            return out
    raise LookupError("sample_histories has no two simulated tables of cash hands")


def played_now(two: list[Table], gap_seconds: int = 30) -> list[tuple[str, str]]:
    """(table, text) of every hand, the tables' hands alternating, ``gap_seconds``
    apart, the last a few seconds ago (New York's clock, as PokerStars writes ET)."""
    order = [(t.name, h) for pair in zip(*(t.hands for t in two)) for t, h in zip(two, pair)]
    now = datetime.now(ZoneInfo("America/New_York")).replace(microsecond=0)
    out = []
    for i, (name, hand) in enumerate(order):
        at = now - timedelta(seconds=gap_seconds * (len(order) - i))
        out.append((name, _WHEN.sub(f" - {at:%Y/%m/%d %H:%M:%S} ET", hand, count=1)))
    return out


def dealt(hand: str) -> list[str]:
    """The players dealt in, as the hand's seat lines name them."""
    head = hand.split("*** HOLE CARDS ***")[0]
    return [m.group(1) for m in _SEAT.finditer(head) if "sitting out" not in m.group(2)]


def write(folder: Path, hands: list[tuple[str, str]]) -> None:
    """Each table's hands in a file of its own, as the client writes them."""
    folder.mkdir(parents=True, exist_ok=True)
    files: dict[str, list[str]] = {}
    for name, text in hands:
        files.setdefault(name, []).append(text)
    for name, texts in files.items():
        (folder / f"HH {name}.txt").write_text("".join(texts), "utf-8")
