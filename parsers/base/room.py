"""A room's declaration: what the pipeline needs to read its files, and nothing more.

Each room's package (parsers/<room>/__init__.py) declares one ``Room``: how its
hands start and end in a file, how one hand's text becomes an engine Hand, and the
rules the replay judges its hands by. The importer, the registry and the replay read
these; nothing outside the room's package asks which room a hand is from.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from engine.model.hand import Hand, UnsupportedHand
from engine.rules.replay import Verdict, replay
from engine.rules.room_rules import RoomRules

if TYPE_CHECKING:
    from parsers.base.summary import SummaryParser

_BLANK_LINE = re.compile(r"\n[^\S\n]*\n")
_SEAT_LINE = re.compile(r"^[^\S\n]*Seat \d+: ", re.MULTILINE)
SUMMARY = "*** SUMMARY ***"


def summary_lists_every_seat(text: str, unlisted: re.Pattern[str] | None = None) -> bool:
    """Is a hand whole (``Room.whole``, for rooms whose SUMMARY lists every seat)? Once
    its SUMMARY has a seat line for every seat line above it, less those ``unlisted``
    matches (players the SUMMARY leaves out)."""
    at = text.find(SUMMARY)
    if at < 0:
        return False
    seated = len(_SEAT_LINE.findall(text, 0, at))
    if unlisted is not None:
        seated -= len(unlisted.findall(text, 0, at))
    return len(_SEAT_LINE.findall(text, at)) >= seated


@dataclass(frozen=True)
class Room:
    name: str  # the room's package, parsers/<name>, as files.format keeps it: "pokerstars"
    title: str  # for people: "PokerStars" (a site, the brand a hand was played on, is Hand.site)
    start: re.Pattern[str]  # where a hand begins; a file holding one is the room's
    parse: Callable[[str], Hand | UnsupportedHand]  # one hand's text, or ParseError
    rules: RoomRules  # the replay's rules for the room's hands ...
    rules_by_site: Mapping[str, RoomRules] = field(default_factory=dict)  # ... but these
    closing: str = SUMMARY  # the line that opens a hand's closing section
    whole: Callable[[str], bool] | None = None  # is a hand whole (default: ``closing`` in it)
    between: re.Pattern[str] = re.compile(r"\s*")  # what may stand between hands
    # XML rooms: a hand's own text ends with its closing line (the element's end tag),
    # not at the blank line after its closing section
    ends_at_closing: bool = False
    # what a hand needs from before it to be read (an XML session's header): the last
    # match before a hand is put in front of its text; None: a hand stands alone
    context: re.Pattern[str] | None = None
    # the room's writer, if it writes hands: Hand → its text (``errors.Skip`` for a
    # hand its format cannot express)
    write: Callable[[Hand], str] | None = None
    # where the room's client writes its hand histories by default, per system
    # ("windows": patterns with %LOCALAPPDATA%, %APPDATA%, %USERPROFILE%; "darwin": with
    # ~): the folders ``handlens watch`` watches when given none (Wine prefixes are
    # looked in for the Windows ones); pipeline/ingest/folders.py expands them
    client_folders: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    # the room's terms forbid tools that show figures of opponents during play (a HUD):
    # the Live page can hide the opponents at its tables with one switch
    forbids_live_tools: bool = False
    # its tournament summary files' reader (parsers.base.summary), where it writes them
    summary: SummaryParser | None = None
    # a tournament summary written as the room writes it (a result, its standings)
    write_summary: Callable[..., str] | None = None

    def players_in(self, text: str) -> set[str]:
        """The players a hand's text names where its lines can be read, also in a hand
        that could not be parsed whole (to mask their names in what is shown of it);
        empty for a room whose parser cannot say."""
        read = getattr(self.parse, "players", None)
        return read(text) if read is not None else set()

    def rules_for(self, hand: Hand) -> RoomRules:
        return self.rules_by_site.get(hand.site, self.rules)

    def judge(self, hand: Hand) -> Verdict:
        """The replay's verdict on one of the room's hands, by the room's rules."""
        return replay(hand, self.rules_for(hand))

    def complete(self, text: str) -> bool:
        """Is a hand's text whole (the last of a file may still be being written)?"""
        if self.whole is not None:
            return self.whole(text)
        return self.closing in text

    def end(self, text: str) -> int:
        """Where a hand's own text ends: at the first blank line after its closing
        section (rooms write blank lines after each hand, none inside one). What
        follows, up to the next hand, is between hands."""
        at = text.find(self.closing)
        if self.ends_at_closing:
            return len(text) if at < 0 else at + len(self.closing)
        blank = _BLANK_LINE.search(text, at) if at >= 0 else None
        return len(text) if blank is None else blank.start()
