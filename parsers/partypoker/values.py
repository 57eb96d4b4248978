"""Values as partypoker writes them: amounts, cards, dates and time zones.

Party writes amounts with the separators of the player's locale: "$1,234.50",
"$26,02 USD" (a comma for the decimals, Mac client), "3,000" and "1.200" (thousands,
tournament chips), "0,35 €" (the symbol after). A separator followed by exactly three
digits separates thousands; one followed by one or two digits, the cents.
"""
from __future__ import annotations

import re
from datetime import datetime

from engine.model.cards import parse_cards
from parsers.base.values import local_money

# An amount inside a line: a currency sign or none, digits with separators, a
# currency code or a sign after it, or none.
AMOUNT = r"(?:[$€£] ?)?\d[\d,.]*(?: +[A-Z]{3}| ?[$€£])?"
CURRENCY = {"$": "USD", "€": "EUR", "£": "GBP"}


money = local_money


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


