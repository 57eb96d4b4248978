"""A tournament's money as rooms write it: the buy-in's total cost, a prize.

``buy_in_cost`` reads the buy-in text a header gives ("$5.00+$0.50 USD", "4,50€ +
0,50€", "$10+$10+$2", "Freeroll", "50FPP") into the total a player paid (prize pool,
bounty and fee together) and its currency; ``prize`` reads the amount a finishing line
names ("$12.40", "€1,50"). Amounts are read with either separator (``local_money``).
What is not an amount gives None: a buy-in or prize not known, never a guess.
"""
from __future__ import annotations

import re
from decimal import Decimal

from engine.model.hand import ZERO
from parsers.base.values import CURRENCY_BY_SYMBOL, local_money

_SIGN = r"[$€£¥₹]"
_PART = rf"(?:{_SIGN} ?)?\d[\d.,]*(?: ?{_SIGN})?"
# amounts joined by "+", then a currency code or points ("USD", "FPP"; "SC" StarsCoin), then
# whatever else the room wrote after it (a tournament's kind: "Sit & Go", "Classic")
_BUY_IN = re.compile(rf"(?P<parts>{_PART}(?: ?\+ ?{_PART})*)(?: ?(?P<code>[A-Z]{{3}}|SC))?"
                     rf"(?![A-Za-z])(?: (?P<rest>.*))?")
_SIGNS = re.compile(_SIGN)
_CODE = re.compile(r" ?(?P<code>[A-Z]{3})$")
# a tournament without buy-in, as rooms write it
FREE = frozenset({"freeroll", "free", "gratuit", "бесплатно", "gratis"})


def buy_in_cost(text: str | None, fee_required: bool = False
                ) -> tuple[Decimal | None, str | None]:
    """The total a buy-in text says a player paid, and its currency (ISO code, "FPP",
    "SC"; None where the text names none); (None, None) where the text is no buy-in.
    ``fee_required``: only "amount + fee" is a buy-in (a room whose text may be a
    tournament's name: "$1,000 Guarantee")."""
    if not text:
        return None, None
    text = text.strip()
    if text.lower() in FREE:
        return ZERO, None
    m = _BUY_IN.fullmatch(text)
    if m is None or (fee_required and "+" not in m.group("parts")):
        return None, None
    parts = [p.strip() for p in m.group("parts").split("+")]
    signs = {s for p in parts for s in _SIGNS.findall(p)}
    if len(signs) > 1:
        return None, None  # two currencies in one buy-in: not a sum
    try:
        total = sum((local_money(_SIGNS.sub("", p)) for p in parts), ZERO)
    except ValueError:
        return None, None
    code = m.group("code") or (CURRENCY_BY_SYMBOL[signs.pop()] if signs else None)
    return total, code


def prize(text: str | None) -> tuple[Decimal | None, str | None]:
    """A prize as a finishing line writes it ("$12.40", "₹1520 .35", "$3 USD", "1,50 €")
    → its amount and currency; (None, None) where it is no amount (a ticket)."""
    if not text:
        return None, None
    text = text.strip().rstrip(".")
    code = _CODE.search(text)
    if code is not None:
        text = text[:code.start()]
    signs = set(_SIGNS.findall(text))
    digits = _SIGNS.sub("", text).replace(" ", "")
    if len(signs) > 1 or not digits[:1].isdigit():
        return None, None
    try:
        amount = local_money(digits)
    except ValueError:
        return None, None
    currency = code.group("code") if code else (CURRENCY_BY_SYMBOL[signs.pop()] if signs
                                                else None)
    return amount, currency
