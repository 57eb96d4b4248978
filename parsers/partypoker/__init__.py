"""partypoker, as its client writes hands ("***** Hand History for Game ... *****"),
and the tools that write its format (WPN and PokerBros converters, Enet exports).

Declares how party differs: its grammar (grammar.lark) and builder (build.py, which
also tells the games it writes), how its hands start and end in a file, and its rules.
"""
from __future__ import annotations

import re
from pathlib import Path

from engine.equity.evaluate import hand_name
from engine.rules.room_rules import UNCALLED_STAYS_IN_POT, RoomRules
from parsers.base.room import Room
from parsers.base.text import TextParser
from parsers.partypoker.build import PartyBuilder


def names_agree(rank: int, written: str) -> bool:
    """party's hand names: "two pairs, Tens and Twos", "a pair of Queens with Jack
    kicker" (the kicker that beat another hand: not judged), "a flush, king high --
    Ks,Qs,7s,5s,3s" (e-mailed hands)."""
    name = written.split(" -- ")[0].strip().rstrip(".").lower()
    name = _KICKER.sub("", name).replace("two pairs", "two pair").replace("twos", "deuces")
    ours = hand_name(rank).lower()
    return name == ours or (ours == "a royal flush" and name == "a straight flush, ten to ace")


_KICKER = re.compile(r" with \w+ kicker$")
_WINS = re.compile(r"^.+ wins .", re.MULTILINE)
_SEAT = re.compile(r"^[Ss]eat \d+: ", re.MULTILINE)
_BALANCE = re.compile(r"^.+ balance .", re.MULTILINE)


def whole(text: str) -> bool:
    """A hand is whole once a winner is written (e-mailed hands: once the summary has
    a balance line for every seat)."""
    at = text.find("** Summary **")
    if at >= 0:
        return len(_BALANCE.findall(text, at)) >= len(_SEAT.findall(text, 0, at))
    return _WINS.search(text) is not None


text_parser = TextParser(Path(__file__).with_name("grammar.lark"), PartyBuilder,
                         closing="winner")


# party's Mac client leaves out the line end after some lines: "Player3 is sitting
# outPlayer4 posts big blind [$0,25 USD].", "...with two pairs, Aces and Queens.Player4
# wins $27,36 USD from the main pot ..."
_GLUED = re.compile(r"(is sitting out|does not show cards\.|has (?:joined|left) the table\."
                    r"| wins [^\n]* with [^\n.]*\.)(?=[^\s.])")


def parse_hand(text: str):
    """One hand's text → Hand (or UnsupportedHand); ParseError for text that is none.
    Some of party's files put a NUL byte before each line, and its Mac client glues
    some lines together: neither is part of what a line says."""
    if "\x00" in text:
        text = text.replace("\x00", "")
    if _GLUED.search(text) is not None:
        text = _GLUED.sub("\\1\n", text)
    return text_parser(text)


RULES = RoomRules(
    "partypoker", hand_names=names_agree,
    writes_summary=False,  # the hand ends with who wins what; no total pot nor rake
    uncalled_bet=UNCALLED_STAYS_IN_POT,  # "wins" pays the bettor's uncalled bet with the pot
    zero_stack_not_known=True,  # a joining player is seated with $0, or not at all
)

CLIENT_FOLDERS = {"windows": (r"C:\Programs\PartyGaming\PartyPoker\HandHistory",
                             r"%PROGRAMFILES%\PartyGaming\PartyPoker\HandHistory",
                             r"C:\Programs\PMU\PMUPoker\HandHistory")}

ROOM = Room(
    name="partypoker", title="partypoker",
    client_folders=CLIENT_FOLDERS,
    start=re.compile(r"(?:Game #\d+ starts\.[\s\x00]*)?(?:#Game No : \d+[\s\x00]*)?"
                     r"\*{5} Hand History [Ff]or Game \w+ \*{5}"),
    parse=parse_hand,
    rules=RULES,
    closing="** Dealing down cards **",  # after it, a blank line ends the hand
    whole=whole,
    between=re.compile(r"[\s\x00]*(?:(?:Game #\d+ starts\.|#Game No : \d+)[\s\x00]*)*"),
    # partypoker's terms forbid HUDs (from 2019: no third-party tool shows opponents'
    # figures at the tables)
    forbids_live_tools=True,
)
