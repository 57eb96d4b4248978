"""Absolute Poker and UltimateBet, the Cereus network (2007-2011, "Stage #…"): cash
games (no limit, pot limit, fixed limit, heads-up), sit-and-gos and tournaments; and
the research data sets mined from its tables (HandHQ: anonymised, observed hands).

Declares how Absolute differs: its grammar (grammar.lark) and builder (build.py), its
hand names (names.py), and its rules.
"""
from __future__ import annotations

import re
from pathlib import Path

from engine.rules.room_rules import UNCALLED_SILENT_OR_COLLECTED, RoomRules
from parsers.absolute.build import SITE, AbsoluteBuilder
from parsers.absolute.names import names_agree
from parsers.base.room import Room
from parsers.base.text import TextParser

RULES = RoomRules(
    SITE, hand_names=names_agree,
    # "All-In (Timeout)": held all in for what is in (HELD_ALL_IN_ON_TIMEOUT)
    disconnect_protection=True,
    # a walk: no return is written, the big blind collects the whole pot; a bet not
    # called after the deal is written returned
    uncalled_bet=UNCALLED_SILENT_OR_COLLECTED,
)

ROOM = Room(
    name="absolute", title="Absolute Poker / UltimateBet",
    # (no client folders: the network closed in 2012; its files are archives and data sets)
    start=re.compile(r"Stage #C?\d+[: ]"),
    parse=TextParser(Path(__file__).with_name("grammar.lark"), AbsoluteBuilder),
    rules=RULES,
)
