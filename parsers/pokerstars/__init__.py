"""PokerStars, and the rooms and tools that write its format as it is: its Home Games
and clubs, Full Tilt since it runs on PokerStars' software, PokerBros, PokerMaster,
Run It Once, Zoom archives, Holdem Manager and PokerTracker exports, converters.

The base grammar and builder are this format (parsers/base): the room declares its
brands, the games it writes, how its hands start and end, and its rules.
"""
from __future__ import annotations

import re
from pathlib import Path

from engine.equity.evaluate import hand_name
from engine.rules.room_rules import RoomRules
from parsers.base.builder import LIMITS, Builder
from parsers.base.room import Room, summary_lists_every_seat
from parsers.base.text import TextParser
from parsers.pokerstars.write import write_hand

GAMES = ("6+ Hold'em|Split Hold'em|Hold'em|HOLD'EM|Omaha Hi/Lo|Omaha|5 Card Omaha Hi/Lo|"
         "5 Card Omaha|6 Card Omaha Hi/Lo|6 Card Omaha|Courchevel Hi/Lo|Courchevel|"
         "7 Card Stud Hi/Lo|7 Card Stud|Razz|5 Card Draw|Triple Draw 2-7 Lowball|"
         "Single Draw 2-7 Lowball|Badugi")
# the brands that write the format, as a header names them → the site's name
SITE_BY_BRAND = {"PokerStars": "PokerStars", "POKERSTARS": "PokerStars",
                 "Full Tilt": "Full Tilt", "PokerBros": "PokerBros", "PokerMaster": "PokerMaster",
                 "Run It Once Poker": "Run It Once"}
BRAND = "|".join(map(re.escape, SITE_BY_BRAND))


_GAME = re.compile(GAMES.replace("/", r"\/").replace("+", r"\+"))
_LIMITS_LONGEST_FIRST = sorted(LIMITS, key=len, reverse=True)


class StarsBuilder(Builder):
    PLACEHOLDERS = {**Builder.PLACEHOLDERS, "BRAND": BRAND, "GAME": _GAME.pattern}
    site_by_brand = SITE_BY_BRAND
    # another game's header (6+ and Split Hold'em are other games)
    HOLDEM = ("Hold'em", "HOLD'EM")
    NOT_HOLDEM = ("6+ Hold'em", "Split Hold'em")
    HOLDEM_GAMES = frozenset(HOLDEM)
    OTHER_GAME = re.compile(rf"\s*(?P<brand>{BRAND})\b.*?#(?P<hand_id>\d+):\s*(?P<rest>.*)")

    @classmethod
    def unsupported(cls, fields, text):
        # the game: one of GAMES, else what the header writes before " - "; the limit:
        # the longest of the limits' words the header holds
        rest = fields["rest"]
        game = _GAME.search(rest)
        limit = next((k for k in _LIMITS_LONGEST_FIRST if k in rest), None)
        return super().unsupported({**fields, "limit": limit,
                                    "game": game[0] if game else rest.split(" - ")[0].strip()},
                                   text)


def names_agree(rank: int, written: str) -> bool:
    """PokerStars' hand names ("two pair, Aces and Kings"; exports add " - kickers")."""
    return hand_name(rank).lower() == written.split(" - ")[0].strip().lower()


# a player moved in "out of hand" is not listed in the SUMMARY
_OUT_OF_HAND = re.compile(r"^\s*Seat \d+: .* out of hand \(", re.MULTILINE)


def whole(text: str) -> bool:
    """A hand is whole once its SUMMARY lists every seat dealt in."""
    return summary_lists_every_seat(text, _OUT_OF_HAND)


parse_hand = TextParser(Path(__file__).with_name("grammar.lark"), StarsBuilder)

ROOM = Room(
    name="pokerstars", title="PokerStars",
    start=re.compile(rf"(?:{BRAND})(?: Zoom| Rush| Home Game| Home)? (?:Hand|Game|GAME) #\d+:"),
    parse=parse_hand,
    rules=RoomRules("PokerStars", hand_names=names_agree, writes_rebuys=True),
    # Run It Once prints hand names its own way ("Pair [Ad Kd Qs Qd 5c]")
    rules_by_site={"Run It Once": RoomRules("Run It Once")},
    whole=whole,
    between=re.compile(r"\s*(?:\*+ # \d+ \*+\s*)*"),  # Zoom archives number their hands
    write=write_hand,
)
