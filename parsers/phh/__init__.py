"""The Poker Hand History standard (PHH, phh-std; pokerkit reads and writes it): TOML,
one hand per ``.phh`` file, many in a ``.phhs`` file as tables ``[1]``, ``[2]``, ...

No grammar: a hand is read with the standard library's tomllib (``read.py``).
Declared here: where a hand starts (a ``.phh`` file's first line, a ``.phhs``
table's header, either followed by a ``variant =`` line before any other table), that
a hand is whole when it reads as TOML, what stands between hands (blank lines and
comments), and the rules.
"""
from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass

from engine.rules.room_rules import RoomRules
from parsers.base.room import Room
from parsers.phh.read import parse
from parsers.phh.write import write_hand

# lines up to a `variant =` line, none of them a table's header (bounded: a file of
# another format whose lines start with "[" is not read to its end for each)
_TO_VARIANT = r"(?=(?:(?!\[)[^\n]*\n){0,5000}?[^\S\n]*variant[^\S\n]*=)"
START = re.compile(
    r"\A" + _TO_VARIANT + r"(?=[\s\S]*?^[^\S\n]*actions[^\S\n]*=)"  # a .phh file
    r"|^\[[^\S\n]*[\w.\"' -]+[^\S\n]*\][^\S\r\n]*(?:#[^\n]*)?\r?\n" + _TO_VARIANT,  # .phhs
    re.MULTILINE)


def whole(text: str) -> bool:
    """A hand is whole when it reads as TOML (a file cut while being written does not)."""
    try:
        tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        return False
    return True


@dataclass(frozen=True)
class _Room(Room):
    """A hand's text runs to the next hand: TOML has no closing line, and blank lines
    and comments stand inside a hand as between hands."""

    def end(self, text: str) -> int:
        return len(text)


RULES = RoomRules(
    "PHH",
    writes_summary=False,  # no total pot, no rake: finishing stacks at most
    hand_ids_increase=False,  # ids are the hand number and a digest (read.fields.hand_id)
)

ROOM = _Room(
    name="phh", title="PHH",
    start=START,
    parse=parse,
    rules=RULES,
    closing="",
    whole=whole,
    between=re.compile(r"(?:\s*#[^\n]*)*\s*"),
    write=write_hand,
)
