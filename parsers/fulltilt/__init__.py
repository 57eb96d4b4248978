"""Full Tilt Poker, as its own client wrote hands until 2016 ("Full Tilt Poker Game
#…"; "FullTiltPoker Game #…" in archives): cash (Rush Poker, capped, shallow and deep
tables, heads-up and 6-max, play chips), tournaments (sit & gos, Matrix, KO,
guarantees, Rush tournaments). Full Tilt's hands of 2016 and later are PokerStars'
format (``Full Tilt Hand #…``), read by parsers/pokerstars.

Declares how Full Tilt differs: its grammar (grammar.lark) and builder (build.py, which
also tells the games it writes), its hand names (names.py), how its hands start and end
in a file, and its rules.
"""
from __future__ import annotations

import re
from pathlib import Path

from engine.rules.room_rules import RoomRules
from parsers.base.errors import ParseError
from parsers.base.room import Room, summary_lists_every_seat
from parsers.base.text import TextParser
from parsers.fulltilt.build import SITE, FullTiltBuilder
from parsers.fulltilt.names import names_agree

text_parser = TextParser(Path(__file__).with_name("grammar.lark"), FullTiltBuilder)
_CANCELLED = re.compile(r"^Hand #\d+ has been cancell?ed", re.MULTILINE)


def parse_hand(text: str):
    """One hand's text → Hand (or UnsupportedHand); ParseError for text that is none."""
    cancelled = _CANCELLED.search(text)
    if cancelled is not None:
        raise ParseError(text.count("\n", 0, cancelled.start()) + 1,
                         "the room cancelled the hand", cancelled.group(0))
    try:
        return text_parser(text)
    except ParseError as exc:
        if exc.line == 2 and exc.reason == "line out of place (SUMMARY)":
            raise ParseError(2, "the hand's lines are missing: the file holds only its "
                                "header and SUMMARY") from None
        raise


RULES = RoomRules(
    SITE, hand_names=names_agree,
    # observers' hands of 2006 write no stacks (OBSERVED_SEATS_FROM_THE_SUMMARY)
    zero_stack_not_known=True,
)

_BLANK_LINE = re.compile(r"\n[^\S\n]*\n")
_TWO_LINES = re.compile(r"\S\n\S")
# a blank line, then a line that is no part of a SUMMARY
_BLANK_THEN_OTHER = re.compile(r"\n[^\S\n]*\n\s*(?!Seat \d+: |\*\*\* SUMMARY|Pot \d|Board: |Total pot |"
                               r"Duration )\S")


class FullTiltRoom(Room):
    """Full Tilt's files are sometimes written with a blank line after every line
    (UTF-16 exports): in those, a hand ends at the first blank line after its SUMMARY
    that is followed by a line no SUMMARY holds; in the others, at the first blank
    line after the SUMMARY."""

    def end(self, text: str) -> int:
        at = text.find(self.closing)
        if at < 0:
            return len(text)
        spaced = _TWO_LINES.search(text, 0, at) is None
        blank = (_BLANK_THEN_OTHER if spaced else _BLANK_LINE).search(text, at)
        return len(text) if blank is None else blank.start()


CLIENT_FOLDERS = {"windows": (r"%PROGRAMFILES%\Full Tilt Poker\HandHistory",
                             r"%PROGRAMFILES(X86)%\Full Tilt Poker\HandHistory")}

ROOM = FullTiltRoom(
    name="fulltilt", title="Full Tilt Poker",
    client_folders=CLIENT_FOLDERS,
    # "Full Tilt Poker Game #22821112219: ", archives' "FullTiltPoker Game #…" and the
    # French site's "Full Tilt Poker.fr Game #…"; not
    # the "Full Tilt Hand #…" of 2016 on (PokerStars' format: parsers/pokerstars)
    start=re.compile(r"(?:Full Tilt Poker(?:\.fr)?|FullTiltPoker) Game #\d+: "),
    parse=parse_hand,
    rules=RULES,
    whole=summary_lists_every_seat,
    # archives number their hands; UTF-16 files written a byte too long end in a lone
    # byte (decoded as U+FFFD): neither is a hand
    between=re.compile(r"\s*(?:\*+ # \d+ \*+\s*)*(?:\ufffd\s*)?"),
)
