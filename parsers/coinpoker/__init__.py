"""CoinPoker: its client's text hand histories, in the formats it has written.

2024-2025: "CoinPoker Hand #191700538: Hold'em No Limit (0.01/0.02 ) 2025/01/12 02:32:52
GMT", amounts without a sign, tournaments "Tournament #1287772, <name> Hold'em No Limit
(400/800 ante 100 play)". 2026: "CoinPoker Hand #6347530307: NLH (₮0.02/₮0.05)
2026/06/07 19:20:28 CEST", amounts in tether, "Hero" and hex ids for the others,
"ALLIN", "RETURN", splashes and bomb pots; and 2026's export of the table's hands
("Hold'em No Limit (₮0.50/₮1.00 - Ante ₮0.16 CPCC) - 2026/08/19 15:57:11 +00").

All are the PokerStars family's format where the grammar (grammar.lark) does not say
otherwise; the builder (build.py) reads what CoinPoker's lines mean and which hands are
of another game (Omaha, bomb pots). This module declares the rest: how a hand starts
and ends in a file, which hands were cancelled, and CoinPoker's rules.
"""
from __future__ import annotations

import re
from pathlib import Path

from engine.rules.room_rules import UNCALLED_COLLECTED, RoomRules
from parsers.base.errors import ParseError
from parsers.base.room import Room, summary_lists_every_seat
from parsers.base.text import TextParser
from parsers.coinpoker.build import SITE, CoinBuilder
from parsers.coinpoker.names import names_agree

text_parser = TextParser(Path(__file__).with_name("grammar.lark"), CoinBuilder)

CANCELLED = "\n*** HAND CANCELLED ***"
_RETURNED = re.compile(r"All bets returned \(([^)\n]*)\)")


def parse_hand(text: str):
    """One hand's text → Hand (or UnsupportedHand); ParseError for text that is none.
    A hand the room cancelled ("*** HAND CANCELLED ***", "All bets returned (1310)",
    each player collecting what they had put in) was not played to its end: the rules
    have nothing to judge it by, so it is a parse error saying so."""
    at = text.find(CANCELLED)
    if at >= 0:
        returned = _RETURNED.search(text, at)
        raise ParseError(text.count("\n", 0, at) + 2, "hand cancelled by the room",
                         f"all bets returned ({returned.group(1)})" if returned
                         else "all bets returned")
    return text_parser(text)


# How CoinPoker's hands are judged, where it differs from the standard rules: its own
# hand names (names.py); the 2024-2025 client writes no uncalled bet before the flop
# (a walk's big blind, an all-in raise nobody called): the bettor's "collected" (and
# the total pot) holds it
# an uncalled bet not written (a walk's, an all-in raise nobody called) is in what the
# bettor collects: never given back silently
RULES = RoomRules(SITE, hand_names=names_agree, uncalled_bet=UNCALLED_COLLECTED)

ROOM = Room(
    name="coinpoker", title="CoinPoker",
    start=re.compile(r"CoinPoker Hand #\d+: "),
    parse=parse_hand,
    rules=RULES,
    whole=summary_lists_every_seat,
)
