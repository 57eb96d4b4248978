"""A PHH hand's TOML → its fields, and the fields every hand needs: amounts as
Decimal, players and seats, the hand id and the time.

PHH lists its players p1 ... pn in the order of play from the small blind: p1 sits
left of the button, pn is the button (heads-up, pn the button posts the small blind:
the blinds and antes are written reversed). Seats are the ``seats`` field where
written, else 1 ... n; the button is pn's seat.
"""
from __future__ import annotations

import hashlib
import json
import re
import tomllib
from datetime import datetime, time
from decimal import Decimal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from engine.model.hand import check_amount
from parsers.base.errors import ParseError

_AT_LINE = re.compile(r"line (\d+)")
# what names the hand: who played, where, when and what was dealt (an edited copy's
# changed actions or stacks keep its id, so the audit finds it as an edited copy)
_IDENTITY = ("variant", "event", "venue", "url", "city", "region", "country", "year",
             "month", "day", "time", "hand", "level", "table", "seats", "players",
             "starting_stacks", "antes", "blinds_or_straddles")
_DEAL = re.compile(r"^\s*d\s+dh\b")


def load(text: str) -> tuple[dict, str | None]:
    """The hand's fields, and the name of its table in a ``.phhs`` file (None in a
    ``.phh`` file). Floats are read as Decimal, exactly as written."""
    try:
        doc = tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as exc:
        at = _AT_LINE.search(str(exc))
        raise ParseError(int(at.group(1)) if at else 1, "not TOML", str(exc)) from None
    if "variant" in doc:
        return doc, None
    tables = [(key, value) for key, value in doc.items() if isinstance(value, dict)]
    if len(tables) == 1 and "variant" in tables[0][1]:
        return tables[0][1], tables[0][0]
    raise ParseError(1, "no variant", "a PHH hand names its variant (variant = \"NT\")")


def amount(value, what: str, line: int = 1) -> Decimal:
    """A TOML number as exact money."""
    if isinstance(value, bool) or not isinstance(value, (int, Decimal)):
        raise ParseError(line, "not an amount", f"{what}: {value!r}")
    if isinstance(value, Decimal) and not value.is_finite():
        raise ParseError(line, "amount not known", f"{what}: {value}")
    try:
        return check_amount(Decimal(value))
    except ValueError as exc:
        raise ParseError(line, "amount out of range", f"{what}: {exc}") from None


def amounts(doc: dict, key: str, n: int, line: int = 1) -> list[Decimal]:
    """An array field of one amount per player (zeros where not written)."""
    values = doc.get(key)
    if values is None:
        return [Decimal(0)] * n
    if not isinstance(values, list) or len(values) != n:
        raise ParseError(line, "wrong number of entries",
                         f"{key} has {len(values) if isinstance(values, list) else 'no'} "
                         f"entries for {n} players")
    return [amount(v, f"{key}[{i}]", line) for i, v in enumerate(values)]


def players(doc: dict, n: int) -> list[str]:
    """The players' names (``players``), p1 ... pn where not written or empty."""
    names = doc.get("players")
    if not isinstance(names, list) or len(names) != n:
        names = [""] * n
    return [str(name).strip() or f"p{i}" for i, name in enumerate(names, start=1)]


def seats(doc: dict, n: int) -> tuple[list[int], int | None]:
    """Each player's seat number and the table's size (``seat_count``, else not known)."""
    written = doc.get("seats")
    if isinstance(written, list) and len(written) == n and all(
            isinstance(s, int) and not isinstance(s, bool) for s in written):
        numbers = list(written)
    else:
        numbers = list(range(1, n + 1))
    count = doc.get("seat_count")
    return numbers, count if isinstance(count, int) and not isinstance(count, bool) else None


def hand_id(doc: dict) -> str:
    """The ``hand`` number where written, followed by a digest of what names the hand
    (PHH hand numbers restart in every session and every event, so the number alone
    does not tell two hands apart); the digest alone where no number is written."""
    named = {key: doc[key] for key in _IDENTITY if key in doc}
    named["dealt"] = [a for a in doc.get("actions", ()) if isinstance(a, str) and _DEAL.match(a)]
    digest = hashlib.blake2b(json.dumps(named, sort_keys=True, default=str).encode(),
                             digest_size=8).hexdigest()
    number = doc.get("hand")
    return f"{number}-{digest}" if number is not None and str(number).strip() else digest


def played_at(doc: dict) -> tuple[datetime | None, str | None, datetime | None]:
    """(local time, its zone, UTC) from year/month/day/time/time_zone. Without a zone
    the spec reads the time as the venue's where city, region and country are written
    (a zone not known here), else as UTC."""
    year, month, day = doc.get("year"), doc.get("month"), doc.get("day")
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in (year, month, day)):
        return None, None, None
    clock = doc.get("time")
    try:
        local = datetime.combine(datetime(year, month, day).date(),
                                 clock if isinstance(clock, time) else time())
    except ValueError:
        return None, None, None
    local = local.replace(tzinfo=None)
    zone = doc.get("time_zone")
    if isinstance(zone, str) and zone:
        try:
            utc = local.replace(tzinfo=ZoneInfo(zone)).astimezone(ZoneInfo("UTC"))
            return local, zone, utc.replace(tzinfo=None)
        except (ZoneInfoNotFoundError, ValueError):
            return local, zone, None
    abbreviation = doc.get("time_zone_abbreviation")
    if isinstance(abbreviation, str) and abbreviation:
        return local, abbreviation, local if abbreviation.upper() == "UTC" else None
    if all(doc.get(k) for k in ("city", "region", "country")):
        return local, None, None
    return local, "UTC", local


def line_of(text: str, needle: str, start: int = 0) -> tuple[int, int]:
    """The 1-based line of ``needle`` in ``text`` from ``start`` on, and where it
    ends (1 and ``start`` where it is not found)."""
    at = text.find(needle, start)
    if at < 0:
        return 1, start
    return text.count("\n", 0, at) + 1, at + len(needle)
