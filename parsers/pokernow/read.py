"""One hand of a PokerNow log (its CSV rows, newest first, as the file holds them) →
the text its grammar reads: the entries in the order they happened, one a line.

A hand's rows in the file run from its "-- ending hand #N --" row (the room's start
pattern: the file is newest first) down to its "-- starting hand #N" row, then the rows
of what happened at the table before it began (a player joining, the admin changing a
stack, a card shown after the hand before was over). ``lines`` gives the header first,
then those table rows (each marked ``BEFORE``), then the hand's own rows from the stacks to its end, each with
the line of the file's hand text it was read from (a parse error, and each action, names
the line of the file). ``RENAMED_IN_THE_HAND``: a player whose id changes during the hand
("changed the ID from paGZk1lxrw to e4MtM50XXb because authenticated login") is named in
the rest of the hand as the seats' line named them. Suits are written as letters and tens as "T" ("10♣" → "Tc"); a
row of several lines (the game's settings) is one line.
"""
from __future__ import annotations

import csv
import io
import re

_SUITS = {"♠": "s", "♥": "h", "♦": "d", "♣": "c"}
_CARD = re.compile(r"(10|[2-9TJQKA])([♠♥♦♣])")
STARTING = "-- starting hand #"
# The player "MagKirwin @ e4MtM50XXb" changed the ID from paGZk1lxrw to e4MtM50XXb because authenticated login.
_NEW_ID = re.compile(r'The player "(?P<name>.+?) @ (?P<new>[\w-]+)" changed the ID from '
                     r'(?P<old>[\w-]+) to [\w-]+ because')
BEFORE = "(before the hand) "  # marks a row written before the hand began


def card(m: re.Match[str]) -> str:
    rank, suit = m.groups()
    return ("T" if rank == "10" else rank) + _SUITS[suit]


def rows(text: str) -> list[tuple[list[str], int]]:
    """Each row (entry, at, order), with the line of ``text`` the row begins on."""
    out = []
    reader = csv.reader(io.StringIO(text))
    line = 1
    for row in reader:
        if row and row != ["entry", "at", "order"]:
            out.append((row, line))
        line = reader.line_num + 1
    return out


def lines(text: str) -> tuple[str, list[int]]:
    """The hand's text for its grammar, and for each of its lines the line of ``text``
    it comes from."""
    entries = rows(text)[::-1]  # (the order they happened)
    start = next((i for i, (row, _) in enumerate(entries) if row[0].startswith(STARTING)),
                 None)
    if start is not None:  # the header, the table's events before it, the hand
        entries = [entries[start], *entries[:start], *entries[start + 1:]]
    out, where = [], []
    renamed: dict[str, str] = {}
    for i, (row, line) in enumerate(entries):
        entry = row[0]
        for new, old in renamed.items():
            entry = entry.replace(new, old)
        if (m := _NEW_ID.match(entry)) is not None and start is not None and i > start:
            stacks = "".join(r[0] for r, _ in entries[1:i] if r[0].startswith("Player stacks:"))
            seated = re.search(rf'"([^"]+? @ {re.escape(m["old"])})"', stacks)
            if seated is not None:
                renamed[f'"{m["name"]} @ {m["new"]}"'] = f'"{seated[1]}"'
        if i == 0 and start is not None:  # the header: when it began, its row's order
            entry += f" at {row[1] if len(row) > 1 else ''} order {row[2] if len(row) > 2 else ''}"
        elif i <= start if start is not None else False:  # the table's, before the hand
            entry = BEFORE + entry
        out.append(_CARD.sub(card, entry.replace("\r", "").replace("\n", " | ")))
        where.append(line)
    return "\n".join(out) + "\n", where
