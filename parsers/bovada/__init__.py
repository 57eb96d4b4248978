"""Bovada, Ignition and Bodog (Bodog.com, Bodog.eu, Bodog UK, ...): one format, written
by the same software ("Bovada Hand #N TBL#N HOLDEM No Limit - 2016-08-09 12:41:32"),
cash games, Zone Poker (fast-fold), tournaments, and 2021's version ("[MVS]").

Declares how Bovada differs: its grammar (grammar.lark) and builder (build.py), which
games it writes, the names it gives hands, and its rules.
"""
from __future__ import annotations

import re
from pathlib import Path

from engine.rules.room_rules import UNCALLED_COLLECTED, RoomRules
from parsers.base.room import Room
from parsers.base.text import TextParser
from parsers.bovada.build import BRANDS, BovadaBuilder

# Bovada's names of a hand's category ("Two pair"), by engine.equity.evaluate's category
_NAMES = ("high card", "one pair", "two pair", "three of a kind", "straight", "flush",
          "full house", "four of a kind", "straight flush")


def names_agree(rank: int, written: str) -> bool:
    """Bovada names a hand by its category only: "High Card", "One pair", "Two pair",
    "Three of a kind", "Straight", "Flush", "Full House", "Four of a kind", "Straight
    Flush", "Royal Straight Flush"."""
    category = rank >> 24
    name = written.strip().lower()
    if category == 8 and (rank >> 16) & 0xF == 12:
        return name in ("royal straight flush", "royal flush")
    return 0 <= category < len(_NAMES) and name == _NAMES[category]


_DEALT = re.compile(r"^([^\[\]:\n]*?)(?: +\[ME\])? : Card dealt to a spot \[", re.MULTILINE)
_SUMMARY_SEAT = re.compile(r"^Seat[+ ]\d+: ?", re.MULTILINE)


def whole(text: str) -> bool:
    """A hand (the last of a file, which may still be being written) is whole once its
    SUMMARY is there and, where it writes a total pot, lists a seat for every player
    dealt cards (Zone Poker's empty SUMMARY is whole as it stands)."""
    at = text.find("*** SUMMARY ***")
    if at < 0:
        return False
    if "Total Pot(" not in text[at:]:  # (another hand's SUMMARY cut short is not whole)
        return "Zone" in text[:text.find("\n")]  # ("Zone Poker ID#1205 HOLDEMZonePoker")
    return len(_SUMMARY_SEAT.findall(text, at)) >= len(set(_DEALT.findall(text, 0, at)))


parse_hand = TextParser(Path(__file__).with_name("grammar.lark"), BovadaBuilder)

RULES = RoomRules(
    "Bovada", hand_names=names_agree,
    # Zone Poker's hands of 2018 and 2021 close with an empty SUMMARY (no total pot)
    writes_summary=False,
    # a walk: no uncalled bet is written, the big blind collects the whole pot
    uncalled_bet=UNCALLED_COLLECTED,
    # players are named by their place at the table ("Dealer", "UTG+1"), hand by hand
    names_players=False,
)

CLIENT_FOLDERS = {"windows": (r"%USERPROFILE%\Bovada Poker\Hand History", r"C:\Bovada\Hand History",
                             r"%USERPROFILE%\Ignition Casino Poker\Hand History"),
                  "darwin": ("~/Ignition Casino Poker/Hand History",)}

ROOM = Room(
    name="bovada", title="Bovada",
    client_folders=CLIENT_FOLDERS,
    start=re.compile(BRANDS + r" Hand #C?\d+"),
    parse=parse_hand,
    rules=RULES,
    whole=whole,
)
