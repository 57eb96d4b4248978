"""iPoker network: the XML session files its clients write (William Hill, Betfair,
Titan, Paddy Power, bet365, iPoker.it, Unibet's old client, and the other skins).

No grammar: a hand is a <game> element of a <session>, read with ElementTree
(``read.py``, which names iPoker's conventions). Declared here: how a game starts
and ends in a file, the session header each game needs, and the rules.
"""
from __future__ import annotations

import re

from engine.rules.room_rules import RoomRules
from parsers.base.room import Room
from parsers.ipoker.read import PLACES, adds_up, parse

CLOSING = "</game>"


def whole(text: str) -> bool:
    """A game is whole at its end tag; a file cut after a game's last round (fpdb's
    test files are) holds a whole game where every player's actions put in the
    ``bet=`` the room wrote (a game still being written, or cut inside a round,
    does not end with a round's end tag)."""
    if CLOSING in text:
        return True
    if not text.rstrip().endswith("</round>"):
        return False
    try:
        return adds_up(text)
    except ValueError:
        return False


RULES = RoomRules(
    "iPoker",
    writes_summary=False,  # win= and bet= per player; no total pot, no rake
    # seats are places 1-10 whatever the table: a 6-max table seats 1, 3, 5, 6, 8, 10
    seat_places=PLACES,
    disconnect_protection=True,  # an all-in of "DP": held all-in for what is in
)

# each skin's client its own folder, an account's hands under data\<name>\History
CLIENT_FOLDERS = {"windows": tuple(rf"%LOCALAPPDATA%\{skin}\data\<name>\History\Data"
                                   for skin in ("Betfair Poker", "Red Star Poker",
                                                "Betsolid Poker", "bwin Poker France"))}

ROOM = Room(
    name="ipoker", title="iPoker",
    client_folders=CLIENT_FOLDERS,
    start=re.compile(r"<game\s[^>]*?gamecode="),
    parse=parse,
    rules=RULES,
    closing=CLOSING,
    whole=whole,
    ends_at_closing=True,
    # (a header's <general> holds no other session's start: a header cut short is not
    # read on into the next one)
    context=re.compile(r"<session\b[^>]*>\s*<general>(?:(?!<session\b).)*?</general>", re.S),
    # between games: the end of a session, an XML declaration, a new session's header
    between=re.compile(r"\s*(?:(?:</session>|<\?xml[^>]*\?>|<session\b[^>]*>\s*<general>"
                       r"(?:(?!<session\b).)*?</general>)\s*)*", re.S),
)
