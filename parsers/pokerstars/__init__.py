"""PokerStars format family: grammar tokens → Hand.

The grammar (grammars/pokerstars.lark) accounts for every line and takes its
fields out; ``_Builder`` walks the lines of one hand in order and turns the
fields into the engine's Hand, keeping what the room wrote (the SUMMARY too) so
the replay can judge it. The family's own conventions are named here:
``FIXED_LIMIT_STAKES_ARE_BETS``, ``BIG_BLIND_OVER_BB_IS_STRADDLE``.
"""
from __future__ import annotations

import re
from datetime import datetime
from decimal import ROUND_DOWN, Decimal
from functools import cache, lru_cache
from pathlib import Path
from zoneinfo import ZoneInfo

from engine.cards import CardError, parse_cards
from engine.hand import (CENT, MAX_SEAT_NUMBER, ZERO, Action, Collect, Hand, Kind, Seat, Show,
                         Stakes, Street, Structure, Summary, SummarySeat, UnsupportedHand,
                         check_amount)
from engine.rules import RoomRules
from parsers.base.errors import ParseError
from parsers.base.lalr import LineGrammar, UnexpectedLine
from parsers.base.lexer import UNKNOWN, LineLexer
from parsers.base.room import Room

SITE_BY_BRAND = {
    "PokerStars": "PokerStars", "POKERSTARS": "PokerStars",
    "PokerMaster": "PokerMaster", "Run It Once Poker": "Run It Once",
}
SUPPORTED_GAMES = frozenset({"Hold'em", "HOLD'EM"})
GAMES = ("6+ Hold'em|Split Hold'em|Hold'em|HOLD'EM|Omaha Hi/Lo|Omaha|5 Card Omaha Hi/Lo|"
         "5 Card Omaha|6 Card Omaha Hi/Lo|6 Card Omaha|Courchevel Hi/Lo|Courchevel|"
         "7 Card Stud Hi/Lo|7 Card Stud|Razz|5 Card Draw|Triple Draw 2-7 Lowball|"
         "Single Draw 2-7 Lowball|Badugi")
LIMITS = {
    "No Limit": Structure.NO_LIMIT, "NO LIMIT": Structure.NO_LIMIT,
    "Pot Limit": Structure.POT_LIMIT, "POT LIMIT": Structure.POT_LIMIT,
    "Limit": Structure.FIXED_LIMIT, "LIMIT": Structure.FIXED_LIMIT,
    "Fixed Limit": Structure.FIXED_LIMIT,
    "Pot Limit Pre-Flop, No Limit Post-Flop": Structure.PL_PRE_NL_POST,
}
CURRENCY_BY_SYMBOL = {"$": "USD", "€": "EUR", "£": "GBP", "¥": "CNY", "₹": "INR"}
# The zones Stars names, as IANA zones (its "CET" follows summer time, as Paris does).
ZONES = {
    "ET": "America/New_York", "EST": "America/New_York", "EDT": "America/New_York",
    "CET": "Europe/Paris", "CEST": "Europe/Paris", "WET": "Europe/Lisbon",
    "WEST": "Europe/Lisbon", "EET": "Europe/Helsinki", "MSK": "Europe/Moscow",
    "PT": "America/Los_Angeles", "MT": "America/Denver", "CT": "America/Chicago",
    "AT": "America/Halifax", "BRT": "America/Sao_Paulo", "ART": "America/Argentina/Buenos_Aires",
    "JST": "Asia/Tokyo", "IST": "Asia/Kolkata", "CCT": "Asia/Shanghai", "KST": "Asia/Seoul",
    "AET": "Australia/Sydney", "ACT": "Australia/Adelaide", "AWST": "Australia/Perth",
    "NZT": "Pacific/Auckland", "UTC": "UTC", "GMT": "UTC",
}
# An amount as rooms write it: ASCII digits, thousands separated by commas, one
# decimal point; never followed by more digits ("$0.1.2" and "1,23" are not amounts).
AMOUNT = r"[$€£¥₹]?\d+(?:,\d{3})*(?:\.\d+)?(?![.,]?\d)"
PLACEHOLDERS = {
    "M": AMOUNT,
    "NAME": r".+?",
    "CARDS": r"[^\]]*",
    "GAME": GAMES.replace("/", r"\/").replace("+", r"\+"),
    "LIMIT": "|".join(sorted((re.escape(k) for k in LIMITS), key=len, reverse=True)),
    "DATE": r"\d{4}\/\d\d?\/\d\d?(?: -)? \d\d?:\d\d(?::\d\d)?",
}
_RUNS = {None: 1, "FIRST": 1, "SECOND": 2, "THIRD": 3}
_FOLDED_ON = {"before Flop": Street.PREFLOP, "before Turn": Street.FLOP,
              "on the Flop": Street.FLOP, "on the Turn": Street.TURN,
              "on the River": Street.RIVER}
_STRIP_MONEY = str.maketrans("", "", "$€£¥₹, ")
_NAMED_AMOUNT = re.compile(r"([A-Za-z][A-Za-z -]*?(?:-\d+)?):? (" + AMOUNT + ")", re.ASCII)
_AMOUNT = re.compile(AMOUNT, re.ASCII)
_RESULT = re.compile(r"(?:won \(?([^)\s]*)\)?|lost)(?: with (.*?))?(?=, and |$)")
_CHIP = Decimal(1)
_HIDDEN = frozenset({"X", "XX", "Xx", "xx", "x"})
_INDENT = re.compile(r"^[ \t]+", re.M)
_DIGITS = re.compile(r"\d+")
_GAME = re.compile(PLACEHOLDERS["GAME"])
_LOOSE_HEADER = re.compile(
    r"\s*(PokerStars|POKERSTARS|PokerMaster|Run It Once Poker)\b.*?#(\d+):\s*(.*)")


@lru_cache(maxsize=32768)  # amounts repeat (blinds, antes, common bets); Decimals are immutable
def money(text: str) -> Decimal:
    """'$1,234.50' → Decimal('1234.50'), exactly; ValueError for what is not an amount
    or is one the store cannot hold (see ``engine.hand.check_amount``)."""
    if _AMOUNT.fullmatch(text) is None:
        raise ValueError(f"not an amount: {text!r}")
    return check_amount(Decimal(text.translate(_STRIP_MONEY)))


def seat_number(text: str) -> int:
    """A seat (or button, or table size) number as written; ValueError beyond 1–99
    (rooms number seats 1 to 10; the replay judges a seat the table does not have)."""
    n = int(text)
    if not 0 <= n <= MAX_SEAT_NUMBER:
        raise ValueError(f"seat number {n} out of range")
    return n


@lru_cache(maxsize=64)
def _zone(name: str) -> ZoneInfo | None:
    key = ZONES.get(name)
    return ZoneInfo(key) if key else None


def _stamp(text: str) -> datetime:
    """'2009/11/25 6:21:05' (or '2009/10/12 - 23:45:12', '2019/02/08 15:19') → datetime."""
    return datetime(*map(int, _DIGITS.findall(text)))


def _to_utc(stamp: datetime, zone_name: str | None) -> datetime | None:
    zone = _zone(zone_name) if zone_name else None
    if zone is None:
        return None
    return stamp.replace(tzinfo=zone).astimezone(_zone("UTC")).replace(tzinfo=None)


def _cards(text: str | None, line: int) -> tuple[str, ...]:
    if not text:
        return ()
    try:
        if "X" in text or "x" in text:  # exports write a card not shown as XX
            return parse_cards(" ".join(c for c in text.split() if c not in _HIDDEN))
        return parse_cards(text)
    except CardError as exc:
        raise ParseError(line, "bad card", str(exc)) from None


class _Builder:
    """Turns one hand's tokens, in order, into a Hand (one pass, no parsing)."""

    def __init__(self, tokens: list) -> None:
        self.tokens = tokens

    def build(self) -> Hand:
        header, table = self.tokens[0], self.tokens[1]
        (brand, zoom, hand_id, club, tournament, buy_in, game, limit, level, sb, bb, cap,
         button_blind, button_ante, currency, date, tz, date_et, tz_et) = header.value
        self.structure = LIMITS[limit]
        line = table.line  # the line being read, for _failing_line
        table_name, max_seats, button = table.value
        max_seats = seat_number(max_seats) if max_seats else None
        button = seat_number(button) if button else None
        line = header.line
        seats: list[tuple] = []  # (seat, player, stack, sitting_out, bounty), as written
        hero_mark = None
        dealt: dict[str, tuple[str, ...]] = {}
        actions: list[Action] = []
        boards: dict[int, tuple[str, ...]] = {}
        uncalled, shows, collects, cash_outs, added = [], [], [], [], []
        summary_seats: list[SummarySeat] = []
        summary_boards: dict[int, tuple[str, ...]] = {}
        total = rake = None
        pots: tuple[Decimal, ...] = ()
        fees: list[tuple[str, Decimal]] = []

        # FIXED_LIMIT_STAKES_ARE_BETS: "Limit ($1/$2)" names the small and big bet;
        # the big blind is the small bet
        big_blind = money(sb if self.structure == Structure.FIXED_LIMIT else bb)
        street = Street.PREDEAL
        run = 1
        put: dict[str, Decimal] = {}  # chips each player has in on this street
        ante = ZERO
        small_blind_posted = None
        saw_big_blind = False

        for tok in self.tokens[2:]:
            kind, v, line = tok.type, tok.value, tok.line
            if kind == "SEAT":
                seat, player, stack, bounty, out, hero = v
                number = int(seat)  # (the grammar's digits are ASCII)
                if number > MAX_SEAT_NUMBER:
                    seat_number(seat)  # says why
                seats.append((number, player, money(stack), out is not None,
                              money(bounty) if bounty else None))
                if hero:
                    hero_mark = player
            elif kind in _ACTION_KINDS:
                player = v[0]
                if kind == "FOLD":
                    actions.append(Action(street, player, FOLD, ZERO, None, False, line))
                    if v[1]:
                        shows.append(Show(player, _cards(v[1], line)))
                elif kind == "CHECK":
                    actions.append(Action(street, player, CHECK, ZERO, None, False, line))
                elif kind == "CALL":
                    amount = money(v[1])
                    put[player] = put.get(player, ZERO) + amount
                    actions.append(Action(street, player, CALL, amount, None,
                                          v[2] is not None, line))
                elif kind == "BET":
                    amount = money(v[1])
                    to = put[player] = put.get(player, ZERO) + amount
                    actions.append(Action(street, player, BET, amount, to,
                                          v[2] is not None, line))
                else:  # RAISE: "raises X to Y": Y is what counts (some exports misstate X)
                    money(v[1])  # ... but X must still be an amount
                    to = money(v[2])
                    amount = to - put.get(player, ZERO)
                    put[player] = to
                    actions.append(Action(street, player, RAISE, amount, to,
                                          v[3] is not None, line))
            elif kind in _POST_KINDS:
                player, amount, all_in = v[0], money(v[1]), v[2] is not None
                post = _POST_KINDS[kind]
                if post == Kind.POST_ANTE:
                    if not ante and not all_in:
                        ante = amount
                elif post == Kind.POST_SB_BB:
                    # the big blind part is live, the small blind part is dead
                    put[player] = put.get(player, ZERO) + min(amount, big_blind)
                else:
                    if post == Kind.POST_BB:
                        if saw_big_blind and amount > big_blind:
                            post = Kind.POST_STRADDLE  # BIG_BLIND_OVER_BB_IS_STRADDLE
                        saw_big_blind = True
                    elif post == Kind.POST_SB and small_blind_posted is None and not all_in:
                        small_blind_posted = amount
                    put[player] = put.get(player, ZERO) + amount
                actions.append(Action(street, player, post, amount, None, all_in, line))
            elif kind == "SUMMARY_SEAT":
                summary_seats.append(_summary_seat(v, line))
            elif kind == "DEALT":
                cards = _cards(v[1], line)
                dealt[v[0]] = dealt.get(v[0], ()) + cards
            elif kind == "HOLE_CARDS":
                street = Street.PREFLOP
            elif kind in _STREETS:
                new_street = _STREETS[kind]
                run = _RUNS[v[0]]
                if new_street == Street.FLOP:
                    boards[run] = _cards(v[1], line)
                elif new_street != Street.SHOWDOWN:
                    boards[run] = _cards(v[1], line) + _cards(v[2], line)
                if new_street != street:
                    put = {}
                street = new_street
            elif kind == "UNCALLED":
                uncalled.append((v[1], money(v[0])))
            elif kind == "COLLECTED":
                collects.append(Collect(v[0], money(v[1]), v[2], run))
            elif kind == "SHOWS" or kind == "SHOWS_FOR":
                shows.append(Show(v[0], _cards(v[1], line), True, v[2], run))
            elif kind == "MUCKS":
                shows.append(Show(v[0], (), False, None, run))
            elif kind == "CASH_OUT":
                cash_outs.append((v[0], money(v[1]), money(v[2])))
            elif kind == "ADDED_MONEY":
                added.append((v[0], money(v[1])))
            elif kind == "TOTAL_POT":
                total, rake = money(v[0]), money(v[2])
                named = [(n.strip(), money(a)) for n, a in _NAMED_AMOUNT.findall(v[1] + v[3])]
                pots = tuple(a for n, a in named if n.lower().startswith(("main pot", "side pot")))
                fees = [(n, a) for n, a in named
                        if not n.lower().startswith(("main pot", "side pot"))]
            elif kind == "BOARD":
                summary_boards[_RUNS[v[0]]] = _cards(v[1], line)
            # DOESNT_SHOW, TABLE_DEPOSIT, EVENT, CHAT, SUMMARY, RUN_TWICE, ARCHIVE_SEP:
            # nothing the replay needs

        line = header.line  # what follows reads the header's fields
        if self.structure == Structure.FIXED_LIMIT:
            small_bet, big_bet = money(sb), money(bb)
            # no small blind posted: half the small bet, in whole cents (or chips)
            half = (small_bet / 2).quantize(_CHIP if sb.isdigit() else CENT, ROUND_DOWN)
            stakes = Stakes(small_blind_posted or half, small_bet, ante,
                            small_bet=small_bet, big_bet=big_bet)
        else:
            stakes = Stakes(money(sb), big_blind, ante, money(cap) if cap else None)

        is_tournament = tournament is not None
        symbol = (sb or "")[:1]
        cur = ("chips" if is_tournament else currency or CURRENCY_BY_SYMBOL.get(symbol)
               or "play")
        played_at = _stamp(date)
        utc = _to_utc(_stamp(date_et), tz_et) if date_et else _to_utc(played_at, tz)

        known = {s.player: s.cards for s in summary_seats if s.cards}
        known.update((s.player, s.cards) for s in shows if len(s.cards) > 1)
        known.update(dealt)
        seat_rows = [Seat(seat, player, stack, out, bounty, known.get(player, ()))
                     for seat, player, stack, out, bounty in seats]
        seat_rows.sort(key=lambda s: s.seat)
        hero = hero_mark or next(iter(dealt), None)

        summary = None
        if total is not None:
            summary = Summary(total, rake, pots, tuple(fees),
                              tuple(summary_boards[k] for k in sorted(summary_boards)),
                              tuple(summary_seats))
        return Hand(
            site=SITE_BY_BRAND[brand], hand_id=hand_id, game="Hold'em",
            structure=self.structure, stakes=stakes, currency=cur, table=table_name,
            max_seats=max_seats, button_seat=button,
            played_at=played_at, time_zone=tz, played_at_utc=utc,
            seats=tuple(seat_rows), actions=tuple(actions),
            boards=tuple(boards[k] for k in sorted(boards)) or ((),),
            uncalled=tuple(uncalled), shows=tuple(shows), collects=tuple(collects),
            cash_outs=tuple(cash_outs), added_money=tuple(added), summary=summary,
            tournament_id=tournament, tournament_level=level,
            buy_in=buy_in.strip() if buy_in else None, zoom=zoom is not None, hero=hero)


def _summary_seat(v: tuple, line: int) -> SummarySeat:
    (seat, player, roles, outcome, shown, results, mucked, muck_won, collected, won,
     cashed_out) = v
    word = outcome.split(" ", 1)[0]
    if word == "folded":
        street = next(s for k, s in _FOLDED_ON.items() if k in outcome)
        return SummarySeat(int(seat), player, "folded", folded_street=street)
    if word == "showed":
        amounts, names = [], []
        for amount, name in _RESULT.findall(results):
            if amount:
                amounts.append(money(amount))
            if name:
                names.append(name)
        return SummarySeat(int(seat), player, "showed", cards=_cards(shown, line),
                           won=tuple(amounts), hand_names=tuple(names))
    if word == "mucked":
        return SummarySeat(int(seat), player, "mucked", cards=_cards(mucked, line),
                           won=(money(muck_won),) if muck_won else ())
    if word in ("collected", "won"):
        return SummarySeat(int(seat), player, "collected",
                           won=(money(collected or won),))
    return SummarySeat(int(seat), player, "sat out")


FOLD, CHECK, CALL, BET, RAISE = Kind.FOLD, Kind.CHECK, Kind.CALL, Kind.BET, Kind.RAISE
_ACTION_KINDS = frozenset({"FOLD", "CHECK", "CALL", "BET", "RAISE"})
_POST_KINDS = {
    "POST_SB": Kind.POST_SB, "POST_BB": Kind.POST_BB, "POST_SB_BB": Kind.POST_SB_BB,
    "POST_ANTE": Kind.POST_ANTE, "POST_STRADDLE": Kind.POST_STRADDLE,
    "POST_BUTTON_BLIND": Kind.POST_BUTTON_BLIND,
}
_STREETS = {"FLOP": Street.FLOP, "TURN": Street.TURN, "RIVER": Street.RIVER,
            "SHOWDOWN": Street.SHOWDOWN}


class _StarsLexer(LineLexer):
    placeholders = PLACEHOLDERS
    shared_prefixes = ("(?P<player>{NAME}): ", "(?P<player>{NAME}) ")


GRAMMAR = Path(__file__).with_name("grammar.lark").read_text("utf-8")


@cache
def grammar() -> LineGrammar:
    """The grammar, built the first time a hand is parsed."""
    return LineGrammar(GRAMMAR, _StarsLexer)


def _unsupported(text: str, first_line: str) -> UnsupportedHand | None:
    """A hand of a game other than Hold'em, recognised from its first line."""
    loose = _LOOSE_HEADER.match(first_line)
    if loose is None:
        return None
    game = _GAME.search(loose.group(3))
    name = game.group(0) if game else loose.group(3).split(" - ")[0].strip()
    if name in SUPPORTED_GAMES:
        return None
    limit = next((LIMITS[k] for k in sorted(LIMITS, key=len, reverse=True)
                  if k in loose.group(3)), None)
    return UnsupportedHand(SITE_BY_BRAND[loose.group(1)], loose.group(2), name, limit,
                           None, None, text)


def parse_hand(text: str) -> Hand | UnsupportedHand:
    """One hand's text (line ends normalised to \\n) → Hand, or ParseError."""
    end = text.find("\n")
    if text[end + 1:end + 2] == " " and end >= 0:  # Zoom archives indent every line
        text = _INDENT.sub("", text)
        end = text.find("\n")
    first_line = text if end < 0 else text[:end]
    if "Hold'em" not in first_line and "HOLD'EM" not in first_line \
            or "6+ Hold'em" in first_line or "Split Hold'em" in first_line:
        unsupported = _unsupported(text, first_line)
        if unsupported is not None:
            return unsupported
    lines = grammar()
    tokens = lines.tokens(text)
    try:
        lines.check(tokens)
    except UnexpectedLine as exc:
        tok = exc.token
        if tok is None:
            raise ParseError(text.count("\n") + 1, "the hand ends before its SUMMARY") from None
        if tok.type == UNKNOWN:
            raise ParseError(tok.line, "unrecognised line", tok.text[:160]) from None
        raise ParseError(tok.line, f"line out of place ({tok.type})", tok.text[:160]) from None
    try:
        return _Builder(tokens).build()
    except ParseError:
        raise
    except (ArithmeticError, ValueError, KeyError, IndexError) as exc:
        line = _failing_line(exc)
        text_line = next((t.text for t in tokens if t.line == line), "")
        detail = f"{exc}" + (f" in {text_line[:160]!r}" if text_line else "")
        raise ParseError(line, "bad value", detail) from None


def _failing_line(exc: BaseException) -> int:
    """The line the builder was reading when ``exc`` was raised (its local ``line``,
    read from the traceback: nothing to keep up to date on the way)."""
    line, tb = 0, exc.__traceback__
    while tb is not None:
        if tb.tb_frame.f_code is _Builder.build.__code__:
            line = tb.tb_frame.f_locals.get("line", 0)
        tb = tb.tb_next
    return line or 1


# ---------------------------------------------------------------- the room
_SEAT_LINE = re.compile(r"^\s*Seat \d+: ", re.M)
_OUT_OF_HAND = re.compile(r"^\s*Seat \d+: .* out of hand \(", re.M)


def _whole(text: str) -> bool:
    """A hand is whole once its SUMMARY lists every seat dealt in (a player moved in
    "out of hand" is not listed)."""
    at = text.find("*** SUMMARY ***")
    if at < 0:
        return False
    head, tail = text[:at], text[at:]
    dealt = len(_SEAT_LINE.findall(head)) - len(_OUT_OF_HAND.findall(head))
    return len(_SEAT_LINE.findall(tail)) >= dealt


ROOM = Room(
    name="pokerstars", title="PokerStars",
    start=re.compile(r"(?:PokerStars|POKERSTARS|PokerMaster|Run It Once Poker)(?: Zoom| Home)?"
                     r" (?:Hand|Game|GAME) #\d+:"),
    parse=parse_hand,
    rules=RoomRules("PokerStars"),
    # Run It Once prints hand names its own way ("Pair [Ad Kd Qs Qd 5c]")
    rules_by_site={"Run It Once": RoomRules("Run It Once", pokerstars_hand_names=False)},
    whole=_whole,
    between=re.compile(r"\s*(?:\*+ # \d+ \*+\s*)*"),  # Zoom archives number their hands
)
