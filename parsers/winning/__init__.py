"""The Winning Poker Network: Americas Cardroom, BlackChip Poker, TruePoker, Yatahay and
the network's other skins write the same text, in two formats. Since 2019: "Hand
#68217077 - Holdem(No Limit) - $0.05/$0.10 - 2019/06/28 02:38:17 UTC" (cash, Blitz
fast-fold and capped tables, run it twice), "Game Hand #N - Tournament #N -
Holdem(No Limit) - Level 15 (250.00/500.00)- ..." (tournaments), read by grammar.lark.
Before: "Game started at: 2016/6/21 21:6:22" / "Game ID: 665312038 1/2 (PRR) Longana
(Short) - 2 (Hold'em)", each line "Player <name> ...", read by old.lark.

The grammars have the lines, the builders (build.py) what they mean and which hands are
of another game, names.py the hand names; this module declares the rest: which format a
hand is in, how a hand starts and ends in a file, and the room's rules. (Party-format
files a converter marks "(WPN)" are partypoker's: parsers/partypoker.)
"""
from __future__ import annotations

import re
from pathlib import Path

from engine.rules.room_rules import UNCALLED_COLLECTED, RoomRules
from parsers.base.room import Room
from parsers.base.text import FormatsParser, TextParser
from parsers.winning.build import OldBuilder, WinningBuilder
from parsers.winning.names import names_agree

modern = TextParser(Path(__file__).with_name("grammar.lark"), WinningBuilder)
old = TextParser(Path(__file__).with_name("old.lark"), OldBuilder,
                 closing="\"Game ended at:\" line")


def text_parser_for(text: str) -> TextParser:
    """The parser of a hand's format: the old one's hands start "Game started at:"."""
    return old if text.startswith("Game started at:") else modern


# one hand's text, in either format → Hand (or UnsupportedHand), or ParseError
parse_hand = FormatsParser(text_parser_for)


_SUMMARY_SEAT = re.compile(r"^Seat \d+: ", re.MULTILINE)
# a seat line above the SUMMARY: a player dealt in unless sitting out or out of hand
_SEATED = re.compile(r"^Seat \d+: (.*) \([$\d][^()]*\)( is sitting out| out of hand .*)?$",
                     re.MULTILINE)
_NOT_DEALT = re.compile(r"^(.*) (?:waits for big blind|sits out|is sitting out)$", re.MULTILINE)


def whole(text: str) -> bool:
    """A hand (the last of a file, which may still be being written) is whole once the
    old format's "Game ended at:" line is there, or the SUMMARY's total pot and a seat
    line for every player dealt in (it leaves out players sitting out or waiting for the
    big blind)."""
    if text.startswith("Game started at:"):
        return "\nGame ended at:" in text
    at = text.find("*** SUMMARY ***")
    if at < 0 or "\nTotal pot " not in text[at:]:
        return False
    dealt = {m.group(1) for m in _SEATED.finditer(text, 0, at) if not m.group(2)}
    dealt -= {m.group(1) for m in _NOT_DEALT.finditer(text, 0, at)}
    return len(_SUMMARY_SEAT.findall(text, at)) >= max(len(dealt), 1)


RULES = RoomRules(
    "Winning Poker Network",
    # the category of the hand a name says ("a pair of Queens", "One pair of 9s")
    hand_names=names_agree,
    # UNNAMED_PLAYER: a player the seats leave out, put on a seat by the builder: the
    # room did not write their stack
    zero_stack_not_known=True,
    # a walk: no uncalled bet is written, the big blind collects the whole pot (its
    # own blind included)
    uncalled_bet=UNCALLED_COLLECTED,
)

_ENDED = re.compile(r"^Game ended at:.*$", re.MULTILINE)
# Between hands, besides white space, WPN's downloaded histories (Sit & Go 2.0 and
# other tournaments' files) write a line of dashes after a tournament's last hand and,
# before its first, the tournament's <Game Information> (its "Title: SNG 2.0 $5.50",
# "Entry #", "Begin Time", "Play Type", "Game Type", "Bet Limit Type", each "key:
# value") then "<Hand History>" (some files leave that line out). The hands themselves say what they need (the
# tournament, the game); these are no part of any hand, so passed over.
_DASHES = r"-{3,}"
_GAME_INFORMATION = r"<Game Information>(?:\s*[^\s<:][^\r\n:]*:[^\r\n]*)*(?:\s*<Hand History>)?"
_BETWEEN = re.compile(f"(?:[\\s\ufffd]+|{_DASHES}|{_GAME_INFORMATION})*")
# in the hand's own text, after its SUMMARY, a line that starts what is between hands
_AFTER_SUMMARY = re.compile(r"\n(?:-{3,}|<Game Information>)$", re.MULTILINE)


class WinningRoom(Room):
    """WPN's room: a hand of the old format ends with its "Game ended at:" line (its
    UTF-16 files write a blank line after every line, so no blank line ends it); a hand
    of today's ends at the blank line after its SUMMARY, or at a line of dashes or a
    <Game Information> block that follows it without one."""

    def end(self, text: str) -> int:
        if text.startswith("Game started at:"):
            m = _ENDED.search(text)
            return len(text) if m is None else m.end()
        own = super().end(text)
        at = text.find(self.closing)
        m = _AFTER_SUMMARY.search(text, at if at >= 0 else 0, own)
        return own if m is None else m.start()


CLIENT_FOLDERS = {"windows": (r"C:\AmericasCardroom\handHistory", r"C:\ACR Poker\handHistory"),
                  "darwin": ("~/Downloads/AmericasCardroom/handHistory",)}

ROOM = WinningRoom(
    name="winning", title="Winning Poker Network",
    client_folders=CLIENT_FOLDERS,
    # wherever it is, not only where a line starts ("^" finds none in a file of CR line
    # ends; a hand may start mid-line where files were cut and joined), but "Hand #" in
    # "Game Hand #" starts none, nor another room's "Unibet Hand #1 - x": WPN's header
    # names its game and limit, "Holdem(No Limit)", on the line
    start=re.compile(r"(?<!Game )(?:Game )?Hand #\d+ - (?=[^\r\n(]{0,200}\()"
                     r"|Game started at: "),
    parse=parse_hand,
    rules=RULES,
    whole=whole,
    # white space; the half character an odd byte at the end of a UTF-16 file decodes
    # to; lines of dashes and <Game Information> blocks (_BETWEEN)
    between=_BETWEEN,
)
