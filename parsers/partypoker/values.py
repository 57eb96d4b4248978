"""Values as partypoker writes them: amounts, cards, dates and time zones.

Party writes amounts with the separators of the player's locale: "$1,234.50",
"$26,02 USD" (a comma for the decimals, Mac client), "3,000" and "1.200" (thousands,
tournament chips), "0,35 €" (the symbol after). A separator followed by exactly three
digits separates thousands; one followed by one or two digits, the cents.
"""
from __future__ import annotations

import re
from datetime import datetime
from decimal import Decimal
from functools import lru_cache
from zoneinfo import ZoneInfo

from engine.cards import parse_cards
from engine.hand import check_amount
from parsers.base.values import ZONES

# An amount inside a line: a currency sign or none, digits with separators, a
# currency code or a sign after it, or none.
AMOUNT = r"(?:[$€£] ?)?\d[\d,.]*(?: +[A-Z]{3}| ?[$€£])?"
CURRENCY = {"$": "USD", "€": "EUR", "£": "GBP"}
_NUMBER = re.compile(r"(\d{1,3}(?:([.,])\d{3})?(?:\2\d{3})*|\d+)(?:[.,](\d{1,2}))?")
_STRIP = str.maketrans("", "", "$€£ ")


@lru_cache(maxsize=8192)  # amounts repeat (blinds, antes, common bets)
def money(text: str) -> Decimal:
    """'$1,234.50 USD' → Decimal('1234.50'); '26,02' → 26.02; '1.200' → 1200."""
    digits = text.translate(_STRIP)
    if digits[-3:].isalpha():
        digits = digits[:-3]
    m = _NUMBER.fullmatch(digits)
    if m is None:
        raise ValueError(f"not an amount: {text!r}")
    whole, _, cents = m.groups()
    whole = whole.replace(",", "").replace(".", "")
    return check_amount(Decimal(f"{whole}.{cents}" if cents else whole))


def currency(text: str) -> str | None:
    """The currency an amount names: its code, else its sign."""
    text = text.strip()
    if text[-3:].isalpha() and text[-3:].isupper():
        return text[-3:]
    for sign, code in CURRENCY.items():
        if sign in text:
            return code
    return None


def cards(text: str | None) -> tuple[str, ...]:
    """' 4c, Qh ' or '9c , 2s' → ('4c', 'Qh')."""
    if not text:
        return ()
    return parse_cards(text.replace(",", " "))


_MONTHS = {m: i for i, m in enumerate(("jan", "feb", "mar", "apr", "may", "jun", "jul",
                                       "aug", "sep", "oct", "nov", "dec"), start=1)}
_DAY = re.compile(r"([A-Za-z]+) (\d\d?),? (\d\d?):(\d\d):(\d\d)$")


def stamp(day: str, year: str) -> datetime:
    """('Monday, May 21, 16:56:05', '2012') or ('Mon Jul 12 13:38:32', '2010') → datetime."""
    m = _DAY.search(day)
    month = _MONTHS.get(m.group(1)[:3].lower()) if m else None
    if month is None:
        raise ValueError(f"not a date: {day!r}")
    return datetime(int(year), month, int(m.group(2)), int(m.group(3)), int(m.group(4)),
                     int(m.group(5)))


# The zones party names (the player's computer's, as its system abbreviates them),
# beside those every room uses (parsers.base.values.ZONES).
PARTY_ZONES = {
    **ZONES,
    "MSK": "Europe/Moscow", "MSKS": "Europe/Moscow", "MSD": "Europe/Moscow",
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


@lru_cache(maxsize=64)
def _zone(name: str) -> ZoneInfo | None:
    key = PARTY_ZONES.get(name)
    return ZoneInfo(key) if key else None


def to_utc(when: datetime, zone: str | None) -> datetime | None:
    """Local time in a zone party named → UTC; None where it named none known."""
    where = _zone(zone) if zone else None
    if where is None:
        return None
    return when.replace(tzinfo=where).astimezone(_zone("UTC")).replace(tzinfo=None)
