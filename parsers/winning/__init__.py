"""Winning Poker Network (Americas Cardroom, BlackChip Poker, TruePoker, Yatahay,
...): the two formats its client has written.

Since 2019: "Hand #... - Holdem(No Limit) - $0.01/$0.02 - <date> UTC", tournaments
"Game Hand #... - Tournament #... - Holdem(No Limit) - Level 15 (250.00/500.00)- ...":
grammar.lark, build.py. Before: "Game started at: ..." / "Game ID: ..." with
"Player x has small blind (1)", a "------ Summary ------" and "Game ended at:":
old.lark, old.py. Party-format files a converter marks "(WPN)" are party's
(parsers/partypoker).
"""
from __future__ import annotations

import re
from pathlib import Path

from engine.hand import UnsupportedHand
from engine.rules import RoomRules
from parsers.base.builder import LIMITS
from parsers.base.room import Room
from parsers.base.text import TextParser
from parsers.base.values import AMOUNT
from parsers.winning.build import SITE, WPN_LIMITS, WinningBuilder
from parsers.winning.old import OLD_PLACEHOLDERS, OldBuilder, old_other_game

PLACEHOLDERS = {
    "M": AMOUNT,
    "NAME": r".+?",
    "CARDS": r"[^\]]*",
    "GAME": "Holdem",
    "LIMIT": "|".join(sorted((re.escape(k) for k in WPN_LIMITS), key=len, reverse=True)),
    "DATE": r"\d{4}\/\d\d?\/\d\d? \d\d?:\d\d:\d\d",
    "ROLES": r"(?: \((?:button|small blind|big blind)\))*",
}
SHARED_PREFIXES = ("(?P<player>{NAME}) ",)

_LOOSE_HEADER = re.compile(r"(?:Game )?Hand #(\d+) - (?:[^#\n]*Tournament #\d+ - )?"
                           r"([^()\n]+?) ?\(([^)\n]+)\)")


def other_game(first_line: str, text: str) -> UnsupportedHand | None:
    """A hand of another game than Hold'em (Omaha, Omaha H/L, 5Card Omaha, 7Stud),
    told by its first line."""
    loose = _LOOSE_HEADER.match(first_line)
    if loose is None or loose.group(2) == "Holdem":
        return None
    return UnsupportedHand(SITE, loose.group(1), loose.group(2),
                           WPN_LIMITS.get(loose.group(3), LIMITS.get(loose.group(3))),
                           None, None, text)


modern = TextParser(Path(__file__).with_name("grammar.lark"), WinningBuilder, PLACEHOLDERS,
                    SHARED_PREFIXES, other_game)
old = TextParser(Path(__file__).with_name("old.lark"), OldBuilder, OLD_PLACEHOLDERS,
                 ("Player (?P<player>{NAME}) ",), old_other_game,
                 closing="Summary")


def parser_for(text: str) -> TextParser:
    """The parser of a hand's format: the older one opens "Game started at:"."""
    return old if text.startswith("Game started at:") else modern


def parse_hand(text: str):
    """One hand's text → Hand (or UnsupportedHand); ParseError for text that is none.
    The room's UTF-16 files may end in an odd byte (a line end cut in half): read as
    a character that is not one, after the last hand's last line, it is no part of it."""
    if text.endswith("\ufffd"):
        text = text.rstrip("\ufffd").rstrip()
    return (old if text.startswith("Game started at:") else modern)(text)


def whole(text: str) -> bool:
    """A hand is whole once its SUMMARY's total pot is written (the old format: once
    the game has ended)."""
    if text.startswith("Game started at:"):
        return "\nGame ended at:" in text
    at = text.find("*** SUMMARY ***")
    return at >= 0 and text.find("\nTotal pot ", at) >= 0


RULES = RoomRules(
    "Winning Poker Network",
    # in a walk no line returns the part of the big blind the small blind did not
    # match: the big blind collects the whole pot (other uncalled bets are written)
    uncalled_bets_written=False,
    # the older format leaves a player's name out, and sometimes their seat: seated
    # by the builder with no stack written (parsers/winning/old.py, UNNAMED_PLAYER)
    zero_stack_not_known=True,
)

ROOM = Room(
    name="winning", title="Winning Poker Network",
    start=re.compile(r"(?:Game )?Hand #\d+ - (?:[^#\n]{0,80}Tournament #\d+ - )?"
                     r"[\w/ ]+\((?:No|Pot|Fixed|All-in or Fold) Limit\) - |Game started at: "),
    parse=parse_hand,
    rules=RULES,
    whole=whole,
)
