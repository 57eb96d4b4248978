"""Values as rooms write them: amounts, seat numbers, cards, times.

Each function takes the text of one grammar field and returns the value, or raises
ValueError saying why the text is not one (the builder makes it the hand's parse
error, at the line it was reading).
"""
from __future__ import annotations

import re
from datetime import datetime
from decimal import ROUND_DOWN, Decimal
from functools import lru_cache
from zoneinfo import ZoneInfo

from engine.model.cards import parse_cards
from engine.model.hand import MAX_SEAT_NUMBER, check_amount

# An amount as the PokerStars family writes it: a currency sign or none, ASCII digits,
# thousands separated by commas, one decimal point; never followed by more digits
# ("$0.1.2" and "1,23" are not amounts).
AMOUNT = r"[$€£¥₹]?\d+(?:,\d{3})*(?:\.\d+)?(?![.,]?\d)"
CURRENCY_BY_SYMBOL = {"$": "USD", "€": "EUR", "£": "GBP", "¥": "CNY", "₹": "INR"}
_AMOUNT = re.compile(AMOUNT, re.ASCII)
_STRIP_MONEY = str.maketrans("", "", "$€£¥₹, ")
_HIDDEN = frozenset({"X", "XX", "Xx", "xx", "x"})
_DIGITS = re.compile(r"\d+")

# The zones rooms name, as IANA zones (PokerStars' "CET" follows summer time, as Paris does).
ZONES = {
    "ET": "America/New_York", "EST": "America/New_York", "EDT": "America/New_York",
    "CET": "Europe/Paris", "CEST": "Europe/Paris", "WET": "Europe/Lisbon",
    "WEST": "Europe/Lisbon", "EET": "Europe/Helsinki", "MSK": "Europe/Moscow",
    "PT": "America/Los_Angeles", "MT": "America/Denver", "CT": "America/Chicago",
    "AT": "America/Halifax", "BRT": "America/Sao_Paulo", "ART": "America/Argentina/Buenos_Aires",
    "JST": "Asia/Tokyo", "IST": "Asia/Kolkata", "CCT": "Asia/Shanghai", "KST": "Asia/Seoul",
    "AET": "Australia/Sydney", "ACT": "Australia/Adelaide", "AWST": "Australia/Perth",
    "NZT": "Pacific/Auckland", "UTC": "UTC", "GMT": "UTC",
    # as players' computers abbreviate them (partypoker writes the player's zone)
    "MSKS": "Europe/Moscow", "MSD": "Europe/Moscow",
    "MEZ": "Europe/Berlin", "MESZ": "Europe/Berlin", "BST": "Europe/London",
    "EEST": "Europe/Helsinki", "ICT": "Asia/Bangkok", "HKT": "Asia/Hong_Kong",
    "SGT": "Asia/Singapore", "AEST": "Australia/Sydney", "AEDT": "Australia/Sydney",
    "NZST": "Pacific/Auckland", "NZDT": "Pacific/Auckland", "BRST": "America/Sao_Paulo",
    "PST": "America/Los_Angeles", "PDT": "America/Los_Angeles", "MST": "America/Denver",
    "MDT": "America/Denver", "CST": "America/Chicago", "CDT": "America/Chicago",
    "AST": "America/Halifax", "ADT": "America/Halifax", "WEZ": "Europe/Lisbon",
    "WESZ": "Europe/Lisbon", "OEZ": "Europe/Helsinki", "OESZ": "Europe/Helsinki",
    "SAMT": "Europe/Samara", "YEKT": "Asia/Yekaterinburg", "YEKST": "Asia/Yekaterinburg",
    "OMST": "Asia/Omsk", "NOVT": "Asia/Novosibirsk", "KRAT": "Asia/Krasnoyarsk",
    "IRKT": "Asia/Irkutsk", "YAKT": "Asia/Yakutsk", "VLAT": "Asia/Vladivostok",
}


@lru_cache(maxsize=32768)  # amounts repeat (blinds, antes, common bets); Decimals are immutable
def money(text: str) -> Decimal:
    """'$1,234.50' → Decimal('1234.50'), exactly; ValueError for what is not an amount
    or is one the store cannot hold (see ``engine.model.hand.check_amount``)."""
    if _AMOUNT.fullmatch(text) is None:
        raise ValueError(f"not an amount: {text!r}")
    return check_amount(Decimal(text.translate(_STRIP_MONEY)))


_LOCAL_NUMBER = re.compile(r"(\d{1,3}(?:([.,])\d{3})?(?:\2\d{3})*|\d+)(?:[.,](\d{1,2}))?")
_STRIP_LOCAL = str.maketrans("", "", "$€£ ")


@lru_cache(maxsize=8192)
def local_money(text: str) -> Decimal:
    """An amount written with the separators of the player's locale, as 888 and
    partypoker write them: '$1,234.50 USD' → 1234.50, '26,02 €' → 26.02, '1.200' and
    '25 000' → 1200 and 25000. A separator followed by exactly three digits separates
    thousands (the same one throughout); one followed by one or two digits, the cents."""
    digits = text.translate(_STRIP_LOCAL)
    if digits[-3:].isalpha():  # a currency code after the number
        digits = digits[:-3]
    m = _LOCAL_NUMBER.fullmatch(digits)
    if m is None:
        raise ValueError(f"not an amount: {text!r}")
    whole, _, cents = m.groups()
    whole = whole.replace(",", "").replace(".", "")
    return check_amount(Decimal(f"{whole}.{cents}" if cents else whole))


_WHOLE, _CENT = Decimal(1), Decimal("0.01")


def half_blind(big_blind: Decimal) -> Decimal:
    """The small blind where none was posted: half the big blind, rounded down to a chip
    where the big blind is written in whole chips ("20": 10), else to a cent ("0.25":
    0.12, never 0.125)."""
    unit = _WHOLE if big_blind.as_tuple().exponent >= 0 else _CENT
    return (big_blind / 2).quantize(unit, ROUND_DOWN)


def seat_number(text: str) -> int:
    """A seat (or button, or table size) number as written; ValueError beyond 0–99
    (rooms number seats 1 to 10; the replay judges a seat the table does not have)."""
    n = int(text)
    if not 0 <= n <= MAX_SEAT_NUMBER:
        raise ValueError(f"seat number {n} out of range")
    return n


@lru_cache(maxsize=8192)  # hole cards and boards repeat; the tuples are immutable
def cards(text: str | None) -> tuple[str, ...]:
    """'Ah Kd' → ('Ah', 'Kd'); a card written hidden ('XX') is left out."""
    if not text:
        return ()
    if "X" in text or "x" in text:  # exports write a card not shown as XX
        return parse_cards(" ".join(c for c in text.split() if c not in _HIDDEN))
    return parse_cards(text)


@lru_cache(maxsize=64)
def zone(name: str) -> ZoneInfo | None:
    key = ZONES.get(name)
    return ZoneInfo(key) if key else None


def stamp(text: str) -> datetime:
    """'2009/11/25 6:21:05' (or '2009/10/12 - 23:45:12', '2019/02/08 15:19') → datetime."""
    return datetime(*map(int, _DIGITS.findall(text)))


def to_utc(when: datetime, zone_name: str | None) -> datetime | None:
    """A room's local time in a zone it named → UTC; None for a zone not known."""
    where = zone(zone_name) if zone_name else None
    if where is None:
        return None
    return when.replace(tzinfo=where).astimezone(zone("UTC")).replace(tzinfo=None)
