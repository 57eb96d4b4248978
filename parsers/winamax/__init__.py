"""Winamax: cash games, Go Fast / HOLD-UP / ESCAPE fast-fold pools and tournaments.

The base grammar's streets and showdown, with Winamax's own lines (grammar.lark) and
how Winamax means them (``WinamaxBuilder``); the room's rules for the replay
(``RULES``) and its hand names (``names.py``).
"""
from __future__ import annotations

import re
from pathlib import Path

from engine.rules.room_rules import ODD_CHIP_FROM_BUTTON_BACKWARDS, RoomRules
from parsers.base.room import Room
from parsers.base.text import TextParser
from parsers.winamax.build import WinamaxBuilder
from parsers.winamax.names import names_agree

_SEATED = re.compile(r"^Seat \d+: (.+) \([^()]*\)$", re.MULTILINE)
_YEAR = re.compile(r" - (\d{4})/\d\d?/\d\d? ")
_EVERYONE_LISTED_UNTIL = 2012  # until then the SUMMARY lists every player dealt in
_DENIES = (" denies ", " deny ")  # a player sitting out, not listed


def whole(text: str) -> bool:
    """Is a hand whole (the last of a file may still be being written)? Its SUMMARY lists
    every player who collected or showed, and, in hands of 2012 and before (whose
    SUMMARY lists who folded too), every player who posted or acted."""
    at = text.find("*** SUMMARY ***")
    if at < 0:
        return False
    head, summary = text[:at].split("\n"), text[at:].split("\n")[1:]
    listed = {line.partition(": ")[2] for line in summary if line.startswith("Seat ")}
    due = {line.split(mark, 1)[0] for line in head for mark in (" collected ", " shows [")
           if mark in line}
    year = _YEAR.search(head[0])
    if (year and int(year.group(1)) <= _EVERYONE_LISTED_UNTIL) or " folded" in text[at:]:
        seated = _SEATED.findall(text, 0, at)
        due.update(name for name in seated if any(
            line.startswith(name + " ") and not line[len(name):].startswith(_DENIES)
            for line in head[1:]))
    return all(any(entry.startswith(name + " ") for entry in listed) for name in due)


# Winamax's conventions, as rules for the replay (see docs/ROOMS.md):
RULES = RoomRules(
    "Winamax",
    # the odd chip of a split pot goes to the winner nearest the button, counter-clockwise
    odd_chip=ODD_CHIP_FROM_BUTTON_BACKWARDS,
    # "shows [Kd Jd] (Two pairs : Kings and 9)": Winamax's own wording
    hand_names=names_agree,
    # "Total pot 1.02€ | Rake 0.03€": what was paid out, the bet nobody called among it
    total_pot_paid_out=True,
)

parse_hand = TextParser(Path(__file__).with_name("grammar.lark"), WinamaxBuilder)

CLIENT_FOLDERS = {
    "windows": (r"%APPDATA%\winamax\documents\accounts\<name>\history",
                r"%USERPROFILE%\Documents\Winamax Poker\accounts\<name>\history"),
    "darwin": ("~/Library/Application Support/winamax/documents/accounts/<name>/history",
               "~/Documents/Winamax Poker/accounts/<name>/history"),
    "linux": ("~/.config/winamax/documents/accounts/<name>/history",),  # the native client
}

ROOM = Room(
    name="winamax", title="Winamax",
    client_folders=CLIENT_FOLDERS,
    # (a tournament's summary file, "Winamax Poker - Tournament summary : ...", holds no hand)
    start=re.compile(r"Winamax Poker - (?!Tournament summary)"),
    parse=parse_hand,
    rules=RULES,
    whole=whole,
)
