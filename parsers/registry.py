"""Every room handlens reads, by name, and which room wrote a file.

A room is a package under parsers/ whose ``__init__`` declares ``ROOM`` (a
``parsers.base.room.Room``); it is imported the first time it is asked for, and its
grammar is built the first time one of its hands is parsed. Rooms known but not read
yet are named, so that the importer says "format not supported yet: GGPoker" rather
than nothing.
"""
from __future__ import annotations

import importlib
import re
from functools import cache

from parsers.base import regex_facts
from parsers.base.room import Room

# packages under parsers/, in the order a file is tried
ROOMS = (
    "pokerstars",
    "pacific",
    "winamax",
    "partypoker",
    "coinpoker",
    "ggpoker",
    "microgaming",
    "fulltilt",
    "bovada",
    "ipoker",
    "winning",
    "absolute",
    "revolution",
    "chico",
    "unibet",
    "pokernow",
    "phh",  # last: its start is looked for in files no room above recognised
)
HEAD = 1 << 20  # characters in which a room not read yet is looked for

# Rooms recognised but not read yet: (room, signature in the first hand)
NOT_YET = (
    ("Full Tilt tournament summary", re.compile(r"Full Tilt Poker(?:\.fr)? Tournament Summary ")),
    ("PokerStars in Russian", re.compile(r"Раздача PokerStars №")),
    ("Merge", re.compile(r"<description type=")),
    ("Everleaf", re.compile(r"Everleaf Gaming Game #")),
    ("OnGame", re.compile(r"History for hand")),
    ("Entraction", re.compile(r"Game # \d+ - ")),
    ("Seals With Clubs", re.compile(r"Hand #\d+-\d+ - ")),
    ("Kings Club", re.compile(r"^#\d+: ", re.M)),
    ("PokerTracker export", re.compile(r"\*\* Game ID \d+ Version")),
    ("Enet", re.compile(r"Game #\d+: (?:Hold'em|Omaha) \([^)]*\) - \d\d?:\d\d:\d\d \d")),
    ("PKR", re.compile(r"brings \S+ to table|Starting Hand #")),
    ("Boss Media", re.compile(r"<HISTORY ID=")),
)


@cache
def room(name: str) -> Room:
    """The room of this name (as files.format keeps it)."""
    if name not in ROOMS:
        raise KeyError(f"no room {name!r}")
    return importlib.import_module(f"parsers.{name}").ROOM


def rooms() -> tuple[Room, ...]:
    return tuple(room(name) for name in ROOMS)


def detect(text: str) -> Room | str | None:
    """The room whose hands the text holds, wherever its first hand starts; a room's
    name where it is known but not read yet (looked for in the first megabyte); None
    where nothing is recognised."""
    for r in rooms():
        if _may_hold(r.start, text) and r.start.search(text):
            return r
    head = text[:HEAD]
    for name, signature in NOT_YET:
        if _may_hold(signature, head) and signature.search(head):
            return name
    return None


def summary_room(text: str) -> Room | None:
    """The room whose tournament summary the text is (its first line says), or None."""
    for r in rooms():
        if r.summary is not None and r.summary.is_summary(text):
            return r
    return None


def _may_hold(rx: re.Pattern[str], text: str) -> bool:
    """Can ``rx`` match somewhere in ``text``? False only where the text lacks every
    fixed text a match needs: a file of another room is not searched through for a
    pattern without a fixed start (tens of milliseconds a megabyte)."""
    texts = _needed(rx)
    if texts is None:
        return True
    for t in texts:  # (a loop, not any(): this runs for every room on every file)
        if t in text:
            return True
    return False


@cache
def _needed(rx: re.Pattern[str]) -> tuple[str, ...] | None:
    return regex_facts.needed(rx)
