"""Which format a file is written in, from the first hand's text.

Each supported family names how its hands start (for the splitter), how a complete
hand ends, and the function that parses one hand. Rooms whose formats are known
but not yet parsed are recognised by name, so the importer can say "format not
supported yet: GGPoker" instead of failing.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Format:
    name: str
    start: re.Pattern[str]  # where a hand begins
    end: re.Pattern[str]  # present in every complete hand
    parse: Callable[[str], Any]  # hand text → Hand | UnsupportedHand, or ParseError


def _stars_parse(text: str) -> Any:
    from parsers.pokerstars import parse_hand  # imported lazily: builds the grammar
    return parse_hand(text)


POKERSTARS = Format(
    "pokerstars",
    re.compile(r"(?:PokerStars|POKERSTARS|PokerMaster|Run It Once Poker)(?: Zoom| Home)?"
               r" (?:Hand|Game|GAME) #\d+:"),
    re.compile(r"^\s*\*\*\* SUMMARY \*\*\*", re.M),
    _stars_parse,
)
SUPPORTED = (POKERSTARS,)

# Rooms recognised but not parsed yet: (room, signature in the first hand)
NOT_YET = (
    ("GGPoker", re.compile(r"Poker Hand #[A-Z]{2,3}\d+:")),
    ("Winamax", re.compile(r"Winamax Poker - ")),
    ("888poker", re.compile(r"#Game No ?: ?\d+|888poker Hand History|\*\*\*\*\* 888")),
    ("PartyPoker", re.compile(r"\*\*\*\*\* Hand History [Ff]or Game|Game #\d+ starts\.|PartyPoker")),
    ("iPoker", re.compile(r"<session[ >]|<game gamecode=|<general>")),
    ("Full Tilt", re.compile(r"Full ?Tilt Poker(?: Game)? #|FullTiltPoker")),
    ("Bovada", re.compile(r"(?:Bovada|Ignition|Bodog) Hand #|Stage #\d+:")),
    ("Merge", re.compile(r"<description type=|Merge Gaming")),
    ("Winning Poker Network", re.compile(r"Game Hand #\d+ - |Hand #\d+ - \d{4}-\d\d-\d\d")),
    ("PKR", re.compile(r"Starting Hand #|PKR")),
    ("Absolute", re.compile(r"Stage #[A-Z]?\d+:|Absolute Poker")),
    ("UltimateBet", re.compile(r"UltimateBet|Ultimate Bet")),
    ("Cake", re.compile(r"Hand #\d+-\d+ - ")),
    ("Everleaf", re.compile(r"Everleaf|Blinds \$?[\d.]+/\$?[\d.]+ .* - \d{4}")),
    ("OnGame", re.compile(r"\*\*\*\*\* History for hand|OnGame")),
    ("Boss Media", re.compile(r"<HISTORY ID=|Boss")),
    ("BetOnline", re.compile(r"BetOnline")),
    ("Entraction", re.compile(r"Entraction|Game #\d+ - ")),
    ("Seals With Clubs", re.compile(r"Seals With Clubs|SwC")),
    ("PokerTracker", re.compile(r"PokerTracker|EHH")),
    ("Microgaming", re.compile(r"<Game id=")),
)


def detect(head: str) -> Format | str | None:
    """The Format of a file from its first few kilobytes of text; a room name where
    the room is known but not parsed yet; None where nothing is recognised."""
    for fmt in SUPPORTED:
        if fmt.start.search(head):
            return fmt
    for room, signature in NOT_YET:
        if signature.search(head):
            return room
    return None
