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
from engine.rules.room_rules import UNCALLED_COLLECTED, RoomRules
from parsers.base.builder import LIMITS, Builder
from parsers.base.room import Room, summary_lists_every_seat
from parsers.base.text import FormatsParser, TextParser
from parsers.pokerstars.summary import summary as tournament_summary
from parsers.pokerstars.write import write_hand, write_summary

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


# a player moved in "out of hand", or sitting out at Run It Once ("- Sitting Out"), is not
# listed in the SUMMARY
_OUT_OF_HAND = re.compile(r"^\s*Seat \d+: .*(?: out of hand \(| in chips\) - Sitting Out$)",
                          re.MULTILINE)
_LUGAR = re.compile(r"^Lugar \d+: ", re.MULTILINE)


def whole(text: str) -> bool:
    """A hand is whole once its SUMMARY lists every seat dealt in (in Portuguese: its
    SUMÁRIO every seat)."""
    if text.lstrip().startswith(PORTUGUESE):
        at = text.find("*** SUMÁRIO ***")
        return at >= 0 and len(_LUGAR.findall(text, at)) >= len(_LUGAR.findall(text, 0, at))
    return summary_lists_every_seat(text, _OUT_OF_HAND)


class PortugueseBuilder(StarsBuilder):
    """The Portuguese client's lines (portuguese.lark): the same hand in other words;
    the methods of the lines whose fields are fewer than the English ones'."""

    PLACEHOLDERS = {**StarsBuilder.PLACEHOLDERS,
                    "ROLES": r"(?: \((?:Botão|small blind|big blind)\))*"}
    FOLDED = {"antes Flop": "before Flop", "no Flop": "on the Flop", "no Turn": "on the Turn",
              "no River": "on the River"}

    def HEADER(self, brand, hand_id, tournament, buy_in, game, limit, level, sb, bb,
               currency, date, tz, date_et, tz_et):
        super().HEADER(brand, None, hand_id, None, tournament, buy_in, game, limit, level,
                       sb, bb, None, None, None, currency, date, tz, date_et, tz_et)

    def SEAT(self, seat, player, stack, out):
        super().SEAT(seat, player, stack, None, out, None)

    def RAISE(self, player, by, to, all_in):
        super().RAISE(player, by, to, all_in, None)

    def COLLECTED(self, player, amount):
        super().COLLECTED(player, amount, None, None, None)

    def TOTAL_POT(self, total, rake):
        super().TOTAL_POT(total, *(None,) * 10, None, rake)

    def BOARD(self, cards):
        super().BOARD(None, cards)

    def SUMMARY_FOLDED(self, seat, player, street):
        super().SUMMARY_FOLDED(seat, player, self.FOLDED[street])

    def SUMMARY_COLLECTED(self, seat, player, collected):
        super().SUMMARY_COLLECTED(seat, player, collected, None)


english = TextParser(Path(__file__).with_name("grammar.lark"), StarsBuilder)
portuguese = TextParser(Path(__file__).with_name("portuguese.lark"), PortugueseBuilder,
                        closing='"*** SUMÁRIO ***" line')
PORTUGUESE = "Mão PokerStars #"


def text_parser_for(text: str) -> TextParser:
    """The parser of a hand's language: the Portuguese client's hands start "Mão"."""
    return portuguese if text.lstrip().startswith(PORTUGUESE) else english


# one hand's text, in English or Portuguese → Hand (or UnsupportedHand)
parse_hand = FormatsParser(text_parser_for)

# Run It Once (its site's rules, where they differ from PokerStars'):
# - seats numbered as places around a table of six whatever its size: a 3-max table's
#   players sit on seats 1, 3 and 5, its button on one of them ("3-Max Seat #5");
# - a walk's big blind is collected with the pot, its own blind in it, and no uncalled
#   bet is written; any other bet nobody called is written returned ("Uncalled bet (80)
#   returned to ...", after the showdown's line) and judged as written;
# - hand names printed its own way ("Pair [Ad Kd Qs Qd 5c]"): not judged.
RUN_IT_ONCE = RoomRules("Run It Once", seat_places=6, uncalled_bet=UNCALLED_COLLECTED)

# between hands: white space, a Zoom archive's numbers (*********** # 2 ***********) and
# Run It Once's lines of stars (**** **** **** ****), each on a line of its own
BETWEEN = re.compile(r"\s*(?:(?:\*+ # \d+ \*+|\*+(?: +\*+)*)[^\S\n]*(?:\n\s*|\Z))*")

# where the client writes (docs/ROOMS.md#where-the-clients-write): one folder per
# licence, a folder per account under each
CLIENT_FOLDERS = {
    "windows": (r"%LOCALAPPDATA%\PokerStars\HandHistory",
                *(rf"%LOCALAPPDATA%\PokerStars.{licence}\HandHistory"
                  for licence in ("FR", "IT", "ES", "DE", "EU", "UK", "DK", "SE", "BE", "BG",
                                  "USNJ", "USMI")),
                r"%PROGRAMFILES%\PokerStars\HandHistory"),
    "darwin": tuple(f"~/Library/Application Support/PokerStars{licence}/HandHistory"
                    for licence in ("", "FR", "SE")),
}

ROOM = Room(
    name="pokerstars", title="PokerStars",
    client_folders=CLIENT_FOLDERS,
    start=re.compile(rf"(?:{BRAND})(?: Zoom| Rush| Home Game| Home)? (?:Hand|Game|GAME) #\d+:"
                     rf"|{PORTUGUESE}\d+:"),
    parse=parse_hand,
    rules=RoomRules("PokerStars", hand_names=names_agree, writes_rebuys=True),
    rules_by_site={"Run It Once": RUN_IT_ONCE},
    whole=whole,
    between=BETWEEN,
    write=write_hand,
    summary=tournament_summary,
    write_summary=write_summary,
)
