"""Unibet's own poker client (2019 on, after Unibet left the iPoker network), whose
hands start "Game #1463192545: Table €1 NL - 0.05/0.10 - No Limit Hold'Em Banzai -
13:22:50 2021/04/04" (Banzai, its fast-fold cash pools).

The grammar has the lines, the builder (build.py) what they mean and which hands are
of another game; this module declares the rest: where a hand starts, when it is whole,
and the room's rules.
"""
from __future__ import annotations

import re
from pathlib import Path

from engine.rules.room_rules import UNCALLED_COLLECTED, RoomRules
from parsers.base.room import Room
from parsers.base.text import TextParser
from parsers.unibet.build import SITE, UnibetBuilder

CLOSING = "*** Summary ***"
parse_hand = TextParser(Path(__file__).with_name("grammar.lark"), UnibetBuilder,
                        closing='"*** Summary ***" line')

_TOTAL = re.compile(r"^Total pot .+$", re.MULTILINE)


def whole(text: str) -> bool:
    """A hand (the last of a file, which may still be being written) is whole once its
    Summary's total pot is written and every player its "wins" lines name has their
    seat line after it."""
    at = text.find(CLOSING)
    if at < 0 or _TOTAL.search(text, at) is None:
        return False
    summary = text[at:]
    winners = {line.split(" wins ", 1)[0] for line in text[:at].split("\n")
               if " wins " in line}
    return all(f": {name}: bet " in summary for name in winners)


RULES = RoomRules(
    SITE,
    # "Uncalled bet returned to X: €0.10" where written; where not (a raise all fold
    # to), its bettor "wins" the whole pot, the bet nobody called in it, and the total
    # pot counts it
    uncalled_bet=UNCALLED_COLLECTED,
    # 2026: a 3-max table seats its players on seats 1, 3 and 5 (places around a larger
    # table, as iPoker's clients number them): seats up to ten, whatever the table's size
    seat_places=10,
)

ROOM = Room(
    name="unibet", title="Unibet",
    start=re.compile(r"Game #\d+: Table [€$£]\d+ (?:NL|PL|FL) - |Unibet Hand #\d+[, ]"),
    parse=parse_hand,
    rules=RULES,
    closing=CLOSING,
    whole=whole,
)
