"""The Revolution Gaming network: the Cake Poker network until 2013 (Cake, Doyles Room,
...), today's skins Horizon Poker and others, whose client writes one text:
"Hand#2217011712000147 - Pebble Beach (6-Max) 11712 -- $0.25/$0.50 NL Hold'em --
2010/04/30 - 18:26:41" (cash, play money), "Hand#2865A31455000004 - $1,200 Guaranteed
T10687573 -- CASH -- $9 + $0.9 -- 10 Max -- Table 1 -- 0/10/20 NL Hold'em -- ..."
(tournaments; before 2012 without the entry, buy-in and size).

The grammar has the lines, the builder (build.py) what they mean and which hands are
of another game, names.py the hand names; this module declares the rest: how a hand
ends in a file, when it is whole, and the room's rules.
"""
from __future__ import annotations

import re
from pathlib import Path

from engine.rules.room_rules import UNCALLED_COLLECTED, RoomRules
from parsers.base.room import Room
from parsers.base.text import TextParser
from parsers.revolution.build import SITE, RevolutionBuilder
from parsers.revolution.names import names_agree

CLOSING = "***SHOW DOWN***"
parse_hand = TextParser(Path(__file__).with_name("grammar.lark"), RevolutionBuilder,
                        closing="\"***SHOW DOWN***\" line")

# after the last showdown: a pot paid, or the room's "Player left the table"
_PAID = re.compile(r"^(?:.+ wins \S+.*|Player left the table)$", re.MULTILINE)
# a tournament's lines Cake writes after a hand's blank lines, about that hand
_TRAILER = re.compile(r"(?:\n[^\S\n]*)*\n(?:.+ finished \d+ out of \d+ players\."
                      r"|Player left the table)(?=\n|$)")


def whole(text: str) -> bool:
    """A hand (the last of a file, which may still be being written) is whole once a
    pot is paid after its last "***SHOW DOWN***" (or the room wrote "Player left the
    table" there instead)."""
    at = text.rfind(CLOSING)
    return at >= 0 and _PAID.search(text, at) is not None


class RevolutionRoom(Room):
    """Cake's room: a hand ends at the blank line after its showdown, but a tournament's
    finishing line ("Hero finished 1 out of 10 players.") and "Player left the table"
    written after blank lines are still its own."""

    def end(self, text: str) -> int:
        own = super().end(text)
        while (m := _TRAILER.match(text, own)) is not None:
            own = m.end()
        return own


RULES = RoomRules(
    SITE,
    # "Two Pairs Tens and Sixes", "TwoPair": the category is judged
    hand_names=names_agree,
    # no total pot, no rake: what was collected is judged against the pot
    writes_summary=False,
    # a walk (2011): the big blind collects the whole pot, its own blind in it, no
    # uncalled bet written; every other bet nobody called is written returned
    uncalled_bet=UNCALLED_COLLECTED,
    # seats are places 1-10 whatever the table: a 6-max table's are 1, 2, 3, 8, 9, 10
    seat_places=10,
)

ROOM = RevolutionRoom(
    name="revolution", title="Revolution (Cake, Horizon)",
    # wherever it is (files start "ï»¿Hand#", a byte order mark read twice); the header
    # line goes on with " -- "
    start=re.compile(r"Hand#[0-9A-F]+ - (?=[^\n]* -- )"),
    parse=parse_hand,
    rules=RULES,
    closing=CLOSING,
    whole=whole,
)
