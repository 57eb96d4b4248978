"""The Chico network: BetOnline, SportsBetting.ag, Tiger Gaming, PayNoRake, and its
older skins ActionPoker.com and Gear Poker. Each skin's brand is stored as its site.

Chico writes the PokerStars family's format (parsers/base) in its own way
(grammar.lark, read by ``ChicoBuilder`` in build.py); ActionPoker.com and Gear Poker
write a dialect of their own, Title Case with full stops (gear.lark, ``GearBuilder``).
This module declares the rest: where a hand starts and when it is whole, which hands
are of another game, and the rules the replay judges them by.
"""
from __future__ import annotations

import re
from pathlib import Path

from engine.rules.room_rules import UNCALLED_SILENT_OR_COLLECTED, RoomRules
from parsers.base.room import Room
from parsers.base.text import TextParser
from parsers.chico.build import BRAND, ChicoBuilder
from parsers.chico.gear import GEAR_BRANDS, GearBuilder

_HERE = Path(__file__).parent
chico = TextParser(_HERE / "grammar.lark", ChicoBuilder)
gear = TextParser(_HERE / "gear.lark", GearBuilder)


def parse_hand(text: str):
    """One hand's text, in either dialect → Hand (or UnsupportedHand), or ParseError."""
    return (gear if text.startswith(GEAR_BRANDS) else chico)(text)


parse_hand.players = lambda text: (gear if text.startswith(GEAR_BRANDS) else chico).players(text)

_SEATED = re.compile(r"^Seat \d+: (.*) \([\d.,]+ in [Cc]hips\)( - Sitting out)?", re.MULTILINE)
_LEFT = re.compile(r"^(.*) has left the table$", re.MULTILINE)
_LISTED = re.compile(r"^Seat \d+: ", re.MULTILINE)


def whole(text: str) -> bool:
    """A hand is whole once its SUMMARY lists every seat but those sitting out and those
    who left the table during the hand (the SUMMARY leaves both out)."""
    at = text.find("*** SUMMARY ***")
    if at < 0:
        return False
    seated = [m for m in _SEATED.finditer(text, 0, at) if not m.group(2)]
    left = set(_LEFT.findall(text, 0, at))
    due = sum(1 for m in seated if m.group(1) not in left)
    return len(_LISTED.findall(text, at)) >= due


# How Chico's hands are judged, where it differs from the standard rules: seats are
# numbered 0 to 9 at a table of ten; the SUMMARY's total pot is the pot after the rake;
# a player seated with 0.00 in chips who plays had their buy-in not recorded yet; no
# hand names are printed
RULES = RoomRules("Chico", first_seat=0, total_pot_after_rake=True, zero_stack_not_known=True)
# ActionPoker.com and Gear Poker write no uncalled bet: it goes back silently
GEAR = RoomRules("Chico (ActionPoker, Gear Poker)", first_seat=0, total_pot_after_rake=True,
                 uncalled_bet=UNCALLED_SILENT_OR_COLLECTED)

ROOM = Room(
    name="chico", title="Chico (BetOnline, SportsBetting, TigerGaming)",
    start=re.compile(rf"(?:{BRAND}) Game #\d+: "),
    parse=parse_hand,
    rules=RULES,
    rules_by_site={"ActionPoker": GEAR, "Gear Poker": GEAR},
    whole=whole,
    # a tournament's file may open with the lobby's notice
    between=re.compile(r"\s*(?:Tournament will start in a moment\.\s*)*"),
)
