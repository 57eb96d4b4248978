"""888poker, Pacific Poker, Cassava and the skins of its network.

What 888 writes otherwise than the base format (grammar.lark has its lines):
amounts in brackets with the currency before or after and the decimal mark of the
client's language ("[$0.02]", "[0,02 $]", "[25 000]"); cards as "[ Ah, Kd ]", with
suits or ranks in the client's language ("10Herz", "Knh"); the amount of a raise is
what it adds; no uncalled bet, total pot or rake is written. The room declares its
rules (``RULES``), how its hands start and end, and (``PacificBuilder.OTHER_GAME``) how
it tells another game.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from datetime import datetime
from decimal import Decimal
from functools import lru_cache
from pathlib import Path

from engine.model.hand import (ZERO, Action, Collect, Hand, Kind, Show, Stakes, Street,
                               Structure, UnsupportedHand)
from engine.rules.pots import DEAD_POSTS, dead_part, uncalled
from engine.rules.room_rules import UNCALLED_SILENT_OR_COLLECTED, RoomRules
from parsers.base.builder import Builder
from parsers.base.room import Room
from parsers.base.text import TextParser
from parsers.base.tourney import buy_in_cost
from parsers.base.values import local_money, seat_number

PREDEAL, PREFLOP, FLOP, TURN, RIVER = Street.PREDEAL, Street.PREFLOP, Street.FLOP, \
    Street.TURN, Street.RIVER
FOLD, CHECK, CALL, BET, RAISE = Kind.FOLD, Kind.CHECK, Kind.CALL, Kind.BET, Kind.RAISE

# ------------------------------------------------------------------ amounts
CURRENCIES = "$€£"
# "$1,234.50", "1.234,50 $", "$ 10", "25 000", "222,75$": digits in groups of three
# after a comma, dot or space, then at most two decimals after a comma or dot
AMOUNT = r"(?:[$€£] ?)?\d+(?:[ .,]\d{3})*(?:[.,]\d{1,2})?(?: ?[$€£])?"
CURRENCY_BY_SYMBOL = {"$": "USD", "€": "EUR", "£": "GBP"}


money = local_money  # (the grammar's {M} has told an amount from what is not)


# ------------------------------------------------------------------ cards
# Ranks and suits in the client's languages: English; German suits ("10Herz",
# "QKreuz"); Dutch ranks (Boer, Vrouw, Heer: "Hc" is the king of clubs); Swedish
# ranks (Knekt, Dam, Ess: "Knh", "Dd", "Ec"); Russian ranks in Cyrillic (Валет, Дама,
# Король, Туз: "Вh" is the jack of hearts; see ``windows_1251``). No two spellings
# name different cards.
RANKS = {r: r for r in "23456789TJQKA"} | {"10": "T", "B": "J", "V": "Q", "H": "K",
                                            "Kn": "J", "D": "Q", "E": "A",
                                            "В": "J", "Д": "Q", "К": "K", "Т": "A"}
SUITS = {s: s for s in "cdhs"} | {"Kreuz": "c", "Karo": "d", "Herz": "h", "Pik": "s"}
# The Spanish client (and TowerTorneosPoker, a Spanish-speaking skin) names suits by
# their Spanish initials (tréboles, corazones, diamantes, picas) and ten "D" (diez);
# the Portuguese client by theirs (copas, espadas, ouros, paus) and ten "D" (dez). Its
# "Ac" is the ace of hearts, its "7p" the seven of spades (Spanish) or of clubs
# (Portuguese): a hand's cards are read in the language their suits say
# (``spelling_of``).
SPANISH_RANKS = {r: r for r in "23456789TJQKA"} | {"10": "T", "D": "T"}
SPANISH_SUITS = {"t": "c", "c": "h", "d": "d", "p": "s"}
PORTUGUESE_SUITS = {"p": "c", "c": "h", "o": "d", "e": "s"}


def spellings(ranks: dict[str, str], suits: dict[str, str]) -> dict[str, str]:
    """Every spelling of a card → the card ("10Herz" → "Th")."""
    out: dict[str, str] = {}
    for rank, r in ranks.items():
        for suit, s in suits.items():
            if out.setdefault(rank + suit, r + s) != r + s:
                raise ValueError(f"{rank + suit} would name two cards")
    return out


CARD = spellings(RANKS, SUITS)
SPANISH_CARD = spellings(SPANISH_RANKS, SPANISH_SUITS)
PORTUGUESE_CARD = spellings(SPANISH_RANKS, PORTUGUESE_SUITS)
_SUIT = re.compile(r"(?:Kreuz|Karo|Herz|Pik|.)$")
_LATIN_SUITS = frozenset(SUITS)
_NOT_SWEDISH = frozenset({"J", "Q", "A"})  # (Swedish writes them Kn, D, E)


def spelling_of(texts: Iterable[str]) -> dict[str, str]:
    """The language of a hand's cards (its card texts, "Ah, Kd"), by the suits they
    name: English's (and German's) c d h s; else Spanish's t c d p; else Portuguese's
    c e o p. Cards of clubs and diamonds only read as English's, unless a ten "D"
    stands with a J, Q or A (in Swedish "D" is the queen, and J, Q, A are not written):
    then as Spanish (the suits, read either way, name the same cards in relation to
    each other: only which suit is which is not known)."""
    suits: set[str] = set()
    ranks: set[str] = set()
    for text in texts:
        for card in text.split(", "):
            suit = _SUIT.search(card)
            if suit is not None:
                suits.add(suit.group())
                ranks.add(card[:suit.start()])
    if suits <= _LATIN_SUITS:
        if suits <= {"c", "d"} and "D" in ranks and ranks & _NOT_SWEDISH:
            return SPANISH_CARD
        return CARD
    if suits <= SPANISH_SUITS.keys():
        return SPANISH_CARD
    if suits <= PORTUGUESE_SUITS.keys():
        return PORTUGUESE_CARD
    return CARD  # (suits of no one language: the card not read is named)


def read_cards(text: str, spelled: dict[str, str] = CARD) -> tuple[str, ...]:
    """'Ah, Kd' (or '10Herz, QPik') → ('Ah', 'Kd'); ValueError for what is not a card."""
    try:
        return tuple(spelled[c] for c in text.split(", "))
    except KeyError as exc:
        raise ValueError(f"not a card: {exc.args[0]!r}") from None


# ------------------------------------------------------------------ the text
# 888's Russian client of 2011-12 writes its files in Windows-1251 (Cyrillic): its card
# ranks В, Д, К, Т (bytes C2, C4, CA, D2), "Бесплатно" for a freeroll. Such a hand is
# no UTF-8, so it is read as Windows-1252 (parsers/base/split.py), which makes those
# ranks "Â", "Ä", "Ê", "Ò" ("Âh"): a hand whose cards hold one, or whose text holds a
# word of Windows-1251's letters only, is read again as Windows-1251.
_CYRILLIC_RANK_AS_1252 = re.compile(r"(?:\[ |, )[ÂÄÊÒ](?:[cdhs]|Kreuz|Karo|Herz|Pik)(?=,| \])")
_CYRILLIC_WORD_AS_1252 = re.compile(r"[À-ÿ]{4,}")


def windows_1251(text: str) -> str:
    """A hand's text as Windows-1252 read it → as its Windows-1251 bytes say, where it
    shows it was written so (see above); else the text as it is."""
    if text.isascii() or not (_CYRILLIC_RANK_AS_1252.search(text)
                              or _CYRILLIC_WORD_AS_1252.search(text)):
        return text
    try:
        return text.encode("cp1252").decode("cp1251")
    except UnicodeError:  # a character Windows-1252 does not have: not read so
        return text


# ------------------------------------------------------------------ the builder
LIMITS = {"No Limit": Structure.NO_LIMIT, "Pot Limit": Structure.POT_LIMIT,
          "Fix Limit": Structure.FIXED_LIMIT}
MAIN_BRANDS = re.compile(r"(?:Cassava|888[\w.-]*|Pacific Poker)$")
_BANNER = re.compile(r"\*{4,5} (.+?)(?: Snap Poker| BLAST)? Hand History for Game (\d+)")


@lru_cache(maxsize=64)
def site(brand: str) -> str:
    """888's own brands (Cassava, 888poker, 888.ro, 888poker.ca-on, Pacific Poker)
    are one site, "888poker"; a skin of its network is named as it writes itself."""
    return "888poker" if MAIN_BRANDS.match(brand) else brand


class PacificBuilder(Builder):
    """888's lines → Hand. Conventions, named where they apply:
    ``RAISE_ADDS`` (a raise's amount is what it adds, not what it makes),
    ``BLINDS_NAME_STAKES`` (fixed limit: the header names the blinds; the small bet is
    the big blind), ``SITS_OUT_BY_FOLDING`` (a player who folds before the deal, instead
    of posting, sits out), ``UNCALLED_NOT_WRITTEN`` (the part of a bet nobody called goes
    back without a line of its own: see ``returned``)."""

    PLACEHOLDERS = {**Builder.PLACEHOLDERS, "M": AMOUNT, "CARDS": r"[^\]]+?"}
    SHARED_PREFIXES = ("(?P<player>{NAME}) ",)
    money = staticmethod(money)
    silent = Builder.silent | {"GAME_NO", "PLAYERS", "DOESNT_SHOW"}
    limits = LIMITS
    # another game's (Omaha, Omaha Hi/Lo): told by its game line, under the banner
    HOLDEM = ("Holdem", "Hold'em")
    OTHER_GAME = re.compile(r"(?:.*?) Blinds (?P<limit>No Limit|Pot Limit|Fix Limit) (?P<game>.+?)"
                            r"(?: Jackpot table)? - \*\*\*")
    site_of = staticmethod(site)

    @classmethod
    def other_game(cls, first_line, text):
        # the game line is the one with " Blinds " (a "#Game No" line may come first)
        at = text.find(" Blinds ", 0, 1000)
        if at < 0:
            return None
        start = text.rfind("\n", 0, at) + 1
        end = text.find("\n", at)
        line = text[start:end if end >= 0 else len(text)]
        if cls.says_holdem(line):
            return None
        game, banner = cls.OTHER_GAME.match(line), _BANNER.search(text, 0, start)
        if game is None or banner is None:
            return None
        return cls.unsupported({**game.groupdict(), "brand": banner[1], "hand_id": banner[2]},
                               text)

    def __init__(self) -> None:
        super().__init__()
        self.dealt_down = False  # observers' files have no "** Dealing down cards **"
        self.spelled = CARD  # how the cards are written: by their suits, or the brand
        self.early = False  # a fold before "** Dealing down cards **", or before any card

    CARD_LINES = frozenset({"DEALT", "FLOP", "TURN", "RIVER", "SHOWS", "MUCKS"})

    def build(self, tokens: Sequence) -> Hand:
        """The hand's cards are read in the language their suits say (``spelling_of``:
        each line's cards are its last field)."""
        lines = self.CARD_LINES
        self.spelled = spelling_of([fields[-1] for kind, fields, _, _ in tokens
                                    if kind in lines])
        return super().build(tokens)

    # ------------------------------------------------------------ the header
    def HEADER(self, brand, fast, blast, hand_id):
        self.head = {**self.HEAD, "site": site(brand), "brand": brand, "hand_id": hand_id,
                     "zoom": fast, "kind": None}
        if "TowerTorneos" in brand:
            self.spelled = SPANISH_CARD

    def GAME(self, sb, bb, limit, date):
        head = self.head
        head["sb"], head["bb"], head["date"] = sb, bb, date
        self.structure = LIMITS[limit]
        self.big_blind = money(bb)

    def TABLE(self, table, max_seats, kind):
        self.table = table
        self.max_seats = seat_number(max_seats) if max_seats else None
        self.head["kind"] = kind

    def TOURNAMENT(self, tournament, buy_in, table, max_seats, kind):
        head = self.head
        head["tournament"], head["buy_in"], head["kind"] = tournament, buy_in, kind
        self.table = table or ""
        self.max_seats = seat_number(max_seats) if max_seats else None

    def BUTTON(self, button):
        self.button = seat_number(button)

    def SEAT(self, seat, player, stack):
        self.seats.append((seat_number(seat), player, money(stack), False, None))

    # ------------------------------------------------------------ blinds and antes
    def POST_SB(self, player, amount):
        self._post(Kind.POST_SB, player, amount, None)

    def POST_BB(self, player, amount):
        self._post(Kind.POST_BB, player, amount, None)

    def POST_ANTE(self, player, amount):
        self._post(Kind.POST_ANTE, player, amount, None)
        self.ante = max(self.ante, money(amount))  # (a short stack's ante is all it has)

    def POST_DEAD(self, player, small, big):
        if big and money(big):
            total = money(small) + money(big)
            self._post(Kind.POST_SB_BB, player, str(total), None)
        else:
            self._post(Kind.POST_DEAD, player, small, None)

    # ------------------------------------------------------------ the betting
    def HOLE_CARDS(self):
        self.street = PREFLOP
        self.dealt_down = True

    def DEALT(self, player, cards):
        self.dealt[player] = read_cards(cards, self.spelled)
        self.hero = player

    def FOLD(self, player):
        self.actions.append(Action(self.street, player, FOLD, ZERO, None, False, self.line))
        if self.street == PREDEAL:
            self.early = True  # before the cards: see finish()

    def CALL(self, player, amount):
        super().CALL(player, amount, None)

    def BET(self, player, amount):
        super().BET(player, amount, None)

    def RAISE(self, player, amount):
        value = money(amount)  # RAISE_ADDS
        put = self.put
        to = put[player] = put.get(player, ZERO) + value
        self.actions.append(Action(self.street, player, RAISE, value, to, False, self.line))

    # ------------------------------------------------------------ the streets
    def FLOP(self, cards):
        self._street(FLOP, 1, read_cards(cards, self.spelled))

    def TURN(self, cards):
        self._street(TURN, 1, self.boards.get(1, ()) + read_cards(cards, self.spelled))

    def RIVER(self, cards):
        self._street(RIVER, 1, self.boards.get(1, ()) + read_cards(cards, self.spelled))

    # ------------------------------------------------------------ the closing section
    def SHOWS(self, player, cards):
        self.shows.append(Show(player, read_cards(cards, self.spelled)))

    def MUCKS(self, player, cards):
        self.shows.append(Show(player, read_cards(cards, self.spelled), False))

    def COLLECTED(self, player, amount):
        self.collects.append(Collect(player, money(amount)))

    # ------------------------------------------------------------ the Hand
    def stakes(self) -> Stakes:
        sb, bb = money(self.head["sb"]), self.big_blind
        if self.structure == Structure.FIXED_LIMIT:  # BLINDS_NAME_STAKES
            return Stakes(sb, bb, self.ante, small_bet=bb, big_bet=2 * bb)
        return Stakes(sb, bb, self.ante)

    def currency(self) -> str:
        head = self.head
        if head["tournament"] is not None:
            return "chips"
        if head["kind"] != "Real Money":
            return "play"
        sb = head["sb"]
        symbol = next((c for c in sb if c in CURRENCIES), "$")
        if symbol == "$" and head["brand"].endswith(".ca-on"):
            return "CAD"  # Ontario's 888poker plays in Canadian dollars
        return CURRENCY_BY_SYMBOL[symbol]

    def returned(self, actions: list[Action]) -> tuple[tuple[str, Decimal], ...]:
        """UNCALLED_NOT_WRITTEN: what the top bettor bet beyond anyone else goes back to
        them, silently, unless what was collected holds it (a walk's big blind collects
        the whole pot; an all-in's excess is written as collected). Dead money is no
        part of a bet (``posts dead blind [$0.50 + $1]``: the $0.50), so never comes
        back; unless a player is all-in on dead money alone (an all-in ante): then, as
        the replay has it, dead money makes the levels too."""
        put: dict[str, Decimal] = {}
        dead: dict[str, Decimal] = {}
        big_blind = self.big_blind
        for a in actions:
            p = a.player
            put[p] = put.get(p, ZERO) + a.amount
            if a.kind in DEAD_POSTS:
                dead[p] = dead.get(p, ZERO) + dead_part(a.kind, a.amount, big_blind)
        bets = put
        if dead:
            stacks = {player: stack for _, player, stack, *_ in self.seats}
            if not any(chips >= stacks.get(p, chips + 1) and chips <= dead.get(p, ZERO)
                       for p, chips in put.items()):
                bets = {p: chips - dead.get(p, ZERO) for p, chips in put.items()}
        back = uncalled(bets)
        if back is None:
            return ()
        collected = sum((c.amount for c in self.collects), ZERO)
        return () if collected > sum(put.values(), ZERO) - back[1] else (back,)

    def tournament_cost(self) -> tuple[Decimal | None, str | None]:
        cost, currency = buy_in_cost(self.head["buy_in"])
        return cost, "play" if cost and self.head["kind"] != "Real Money" else currency

    def played_at(self) -> tuple[datetime | None, None]:
        date = self.head["date"]
        if not date:
            return None, None  # (no time zone is written: no UTC time)
        day, month, year, clock = date.split(" ")  # "04 07 2016 02:30:27": day, month, year
        hour, minute, second = clock.split(":")
        return datetime(int(year), int(month), int(day), int(hour), int(minute),
                        int(second)), None

    def cards_known(self) -> dict[str, tuple[str, ...]]:
        known = {s.player: s.cards for s in self.shows}
        known.update(self.dealt)
        return known

    def finish(self) -> Hand:
        actions = self.actions
        if self.early and self.dealt_down:  # SITS_OUT_BY_FOLDING: not dealt in
            away = {a.player for a in actions if a.street == PREDEAL and a.kind == FOLD}
            self.actions = [a for a in actions if a.street != PREDEAL or a.kind != FOLD]
            self.seats = [(seat, player, stack, out or player in away, bounty)
                          for seat, player, stack, out, bounty in self.seats]
        elif not self.dealt_down:  # an observer's file: the betting begins after the blinds
            self.actions = [a._replace(street=PREFLOP) if a.street == PREDEAL
                            and a.kind not in Kind.POSTS else a for a in actions]
        self.uncalled = list(self.returned(self.actions))
        return super().finish()


# ------------------------------------------------------------------ the room

def whole(text: str) -> bool:
    """A hand is whole once its closing section ends with a collection written whole
    (888 ends a hand so; one whose pot nobody collected ends "did not show his hand").
    A file still being written may stop anywhere."""
    if text.endswith(" ]"):
        last = text[text.rfind("\n"):]
        return " collected [ " in last and "** Summary **" in text
    return text.endswith(" did not show his hand") and "** Summary **" in text


text_parser = TextParser(Path(__file__).with_name("grammar.lark"), PacificBuilder,
                          closing="** Summary **")


def parse_hand(text: str) -> Hand | UnsupportedHand:
    """One hand's text → Hand (read again as Windows-1251 where it was written so)."""
    return text_parser(windows_1251(text))


RULES = RoomRules(
    "888poker",
    writes_summary=False,  # "** Summary **" lists shows and collections: no pot, no rake
    uncalled_bet=UNCALLED_SILENT_OR_COLLECTED,
    calls_whole_bet=True,  # a call facing a short all-in big blind completes the blind
    seat_places=10,  # seats are places 1-10 whatever the table: a 9-max table has seat 10
)

CLIENT_FOLDERS = {"windows": (r"%USERPROFILE%\Documents\888poker\HandHistory",
                             r"%APPDATA%\PacificPoker\HandHistory")}

ROOM = Room(
    name="pacific", title="888poker",
    client_folders=CLIENT_FOLDERS,
    # with the "#Game No" line any brand (a skin) may follow; without it, 888's own
    start=re.compile(r"#Game No : \d+[^\S\n]*\n\*{4,5} [^*\n]+? Hand History for Game \d+"
                     r"|\*{4,5} (?:Cassava|888[\w.-]*|Pacific Poker)(?: Snap Poker| BLAST)?"
                     r" Hand History for Game \d+"),
    parse=parse_hand,
    rules=RULES,
    closing="** Summary **",
    whole=whole,
)
