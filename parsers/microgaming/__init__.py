"""Microgaming (the Microgaming Poker Network, MPN): hands written as XML.

Each hand is a ``<Game …>…</Game>`` element standing alone (a file may hold several,
one after another, with no session around them). It is read with a real XML parser
(``read.py``: the standard library's ElementTree), not a grammar, and mapped to the
same Hand as the text rooms through the base Builder. The room declares its rules
(``RULES``) and how its hands start and end in a file.
"""
from __future__ import annotations

import re

from engine.rules.room_rules import UNCALLED_SILENT_OR_COLLECTED, RoomRules
from parsers.base.room import Room
from parsers.microgaming.read import parse_hand

RULES = RoomRules(
    "Microgaming",
    # UNCALLED_IN_THE_WIN: when every other player folds, the uncalled bet is not
    # written: the winner's Win holds it (a MoneyReturned is written where the hand
    # goes on)
    uncalled_bet=UNCALLED_SILENT_OR_COLLECTED,
)

ROOM = Room(
    name="microgaming", title="Microgaming",
    start=re.compile(r'<Game\s(?:[^>]*?\s)?id="\d+"'),
    parse=parse_hand,
    rules=RULES,
    closing="</Game>",
    ends_at_closing=True,
    # between hands: white space, an XML declaration, what the client's files write
    # around each hand ("----PRIMA.DAT----" before, "ExtendedTableName: <table> [N]"
    # after)
    between=re.compile(r"(?:\s+|<\?xml[^>]*\?>|-{4}[^\n<]*?\.DAT-{4}"
                       r"|ExtendedTableName:[^\n]*)*", re.I),
)
