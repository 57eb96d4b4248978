"""PokerNow.club's game logs: the CSV file (``entry,at,order``, one row an event, newest
first) its table's owner or players download. A log is one table's game from its first
hand to its last: cash (blinds, antes, straddles, missed blinds, run it twice) and its
tournaments' tables; Omaha and the other games are stored unsupported, as are bomb pots
and double-board hands (their betting the engine does not play).

Declares how PokerNow differs: how a hand's rows are found in the file and put in order
(read.py), its grammar (grammar.lark) and builder (build.py), and its rules.
"""
from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

from engine.model.hand import Hand, UnsupportedHand
from engine.rules.room_rules import RoomRules
from parsers.base.errors import ParseError
from parsers.base.room import Room
from parsers.base.text import TextParser
from parsers.pokernow.build import SITE, TABLE, PokerNowBuilder, hand_number
from parsers.pokernow.read import STARTING, lines

text_parser = TextParser(Path(__file__).with_name("grammar.lark"), PokerNowBuilder)
# hands whose betting the engine does not play: each player's bet before the flop and no
# preflop betting (a bomb pot), or two boards bet on at once
_OTHER_FORMS = (("(bomb pot bet)", "Hold'em bomb pot"), ("(second board)", "Hold'em double board"))
_NUMBER = re.compile(r"-- starting hand #(?P<number>\d+) +(?:\(id: (?P<hand_id>[\w-]+)\))?"
                     r".*? at (?P<at>\S*) order (?P<order>\d*)$")


def parse(text: str) -> Hand | UnsupportedHand:
    """One hand's rows (as the file holds them) → Hand (or UnsupportedHand); ParseError
    for rows that are none, at the line of the file's hand text."""
    ordered, where = lines(text)
    if not ordered.startswith(STARTING):
        raise ParseError(1, "a hand without its starting row (the log begins inside it)")
    for mark, game in _OTHER_FORMS:
        if mark in ordered:
            m = _NUMBER.match(ordered.partition("\n")[0])
            return UnsupportedHand(SITE, hand_number(m.groupdict()) if m else "", game,
                                   None, TABLE, None, text)
    try:
        hand = text_parser(ordered)
    except ParseError as exc:
        raise ParseError(_line(where, exc.line), exc.reason, exc.detail) from None
    if isinstance(hand, Hand):  # each action at its line of the file
        hand = replace(hand, actions=tuple(a._replace(line=_line(where, a.line))
                                           for a in hand.actions))
    return hand


def grammar_text(text: str) -> str:
    """One hand's rows as its grammar reads them (the lines read.py puts in order)."""
    return lines(text)[0]


def _line(where: list[int], line: int) -> int:
    return where[line - 1] if 0 < line <= len(where) else line


def whole(text: str) -> bool:
    """A hand is whole once its starting row is there (the file holds the newest first:
    the rows below its ending row, down to that one)."""
    return STARTING in text


RULES = RoomRules(
    SITE,
    writes_summary=False,  # no account of the pot: each winner's "collected" only
    rakes=False,
    # a straddle of 0.04 over a big blind of 0.02 may be raised to 0.06
    straddle_raises_by_its_increment=True,  # a home game's pot: what its winners collect is all of it
    # "raises to 34040 and go all in": the covering player's all-in, as far as it is called
    all_in_to_cover=True,
    # "Your hand is Qd, Qs" names nobody: the owner is known only where they show
    names_the_owner=False,
    # a log numbers hands by the game's count ("#280"), not in the order of the file's ids
    hand_ids_increase=False,
)

ROOM = Room(
    name="pokernow", title="PokerNow.club",
    # (no client folder: a log is downloaded from the table's page)
    # the newest row first: a hand begins, in the file, with its ending row
    start=re.compile(r'^"?-- ending hand #\d+ --"?,', re.MULTILINE),
    parse=parse,
    rules=RULES,
    whole=whole,
    closing=STARTING,
    # before the newest hand: the CSV's header, and what happened at the table after it
    between=re.compile(r'(?:entry,at,order\n)?(?:(?!"?-- (?:starting|ending) hand #)[^\n]*\n)*'),
)
