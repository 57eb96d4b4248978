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
    complete: Callable[[str], bool]  # is a hand's text whole (its closing section all there)?
    end: Callable[[str], int]  # where a hand's own text ends (what follows is between hands)
    between: re.Pattern[str]  # text that may stand between hands and is no hand
    parse: Callable[[str], Any]  # hand text → Hand | UnsupportedHand, or ParseError


def _stars_parse(text: str) -> Any:
    from parsers.pokerstars import parse_hand  # imported lazily: builds the grammar
    return parse_hand(text)


_STARS_SUMMARY = re.compile(r"^\s*\*\*\* SUMMARY \*\*\*", re.M)
_STARS_SEAT = re.compile(r"^\s*Seat \d+: ", re.M)
_BLANK_LINE = re.compile(r"\n[^\S\n]*\n")
_STARS_OUT_OF_HAND = re.compile(r"^\s*Seat \d+: .* out of hand \(", re.M)


def _stars_complete(text: str) -> bool:
    """A PokerStars hand is whole once its SUMMARY lists every seat dealt in (a
    player moved in "out of hand" is not listed)."""
    m = _STARS_SUMMARY.search(text)
    if m is None:
        return False
    head, tail = text[:m.start()], text[m.end():]
    dealt = len(_STARS_SEAT.findall(head)) - len(_STARS_OUT_OF_HAND.findall(head))
    return len(_STARS_SEAT.findall(tail)) >= dealt


def _stars_end(text: str) -> int:
    """A hand's own text ends at the first blank line after its SUMMARY: rooms write
    no blank line inside a hand, and blank lines after each."""
    at = text.find("*** SUMMARY ***")
    blank = _BLANK_LINE.search(text, at) if at >= 0 else None
    return len(text) if blank is None else blank.start()


POKERSTARS = Format(
    "pokerstars",
    re.compile(r"(?:PokerStars|POKERSTARS|PokerMaster|Run It Once Poker)(?: Zoom| Home)?"
               r" (?:Hand|Game|GAME) #\d+:"),
    _stars_complete,
    _stars_end,
    re.compile(r"\s*(?:\*+ # \d+ \*+\s*)*"),  # Zoom archives number their hands
    _stars_parse,
)
SUPPORTED = (POKERSTARS,)

# Rooms recognised but not parsed yet: (room, signature in the first hand)
NOT_YET = (
    ("GGPoker", re.compile(r"Poker Hand #[A-Z]{2,3}\d+:")),
    ("Winamax", re.compile(r"Winamax Poker - ")),
    ("888poker", re.compile(r"(?:888poker|Cassava|Pacific Poker) Hand History|\*\*\*\*\* 888")),
    ("PartyPoker", re.compile(r"\*\*\*\*\* Hand History [Ff]or Game|PartyPoker")),
    ("iPoker", re.compile(r"<session[ >]|<game gamecode=|<general>")),
    ("Full Tilt", re.compile(r"Full ?Tilt Poker(?: Game)? #|FullTiltPoker")),
    ("Bovada", re.compile(r"(?:Bovada|Ignition|Bodog) Hand #")),
    ("Absolute / UltimateBet", re.compile(r"Stage #[A-Z]?\d+:")),
    ("Merge", re.compile(r"<description type=")),
    ("Winning Poker Network", re.compile(r"Game started at:|Game Hand #")),
    ("BetOnline", re.compile(r"BetOnline Poker Game #")),
    ("Cake", re.compile(r"Hand# ?\d+ - ")),
    ("Everleaf", re.compile(r"Everleaf Gaming Game #")),
    ("OnGame", re.compile(r"History for hand")),
    ("Entraction", re.compile(r"Game # \d+ - ")),
    ("Seals With Clubs", re.compile(r"Hand #\d+-\d+ - ")),
    ("Kings Club", re.compile(r"^#\d+: ", re.M)),
    ("PokerTracker export", re.compile(r"\*\* Game ID \d+ Version")),
    ("Unibet / Enet", re.compile(r"Game #\d+: (?:Table|Hold'em)")),
    ("PKR", re.compile(r"brings \S+ to table|Starting Hand #")),
    ("Boss Media", re.compile(r"<HISTORY ID=")),
    ("Microgaming", re.compile(r"<Game id=")),
)


HEAD = 1 << 20  # characters in which a room not supported yet is looked for


def detect(text: str) -> Format | str | None:
    """The Format of a file's text, wherever its first hand starts; a room name where
    the room is known but not parsed yet (looked for in the first megabyte); None
    where nothing is recognised."""
    for fmt in SUPPORTED:
        if fmt.start.search(text):
            return fmt
    head = text[:HEAD]
    for room, signature in NOT_YET:
        if signature.search(head):
            return room
    return None
