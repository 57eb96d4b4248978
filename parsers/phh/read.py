"""One PHH hand's text (a ``.phh`` file, or one ``[n]`` table of a ``.phhs``) → an
engine Hand, or an UnsupportedHand for the variants the engine does not play.

The site is "PHH": the record, not a room, wrote the hand, and its ids are PHH's
(``fields.hand_id``). The record writes no closing account (no total pot, no rake)
and no collected lines: the pots are paid by the rules (``settle``), and the
replay judges its ``finishing_stacks`` against what the rules leave each player.
"""
from __future__ import annotations

import re
from decimal import Decimal

from engine.model.hand import CENT, GameKind, Hand, Seat, Stakes, Structure, UnsupportedHand
from engine.model.positions import go_round
from parsers.base import anonymous
from parsers.base.errors import ParseError
from parsers.phh import fields, settle
from parsers.phh.actions import Play, forced_bets, read_actions

SITE = "PHH"
HOLDEM = {"NT": Structure.NO_LIMIT, "FT": Structure.FIXED_LIMIT}
# the other variants of phh-std, as the hands table names games
OTHER = {
    "NS": ("6+ Hold'em", Structure.NO_LIMIT),
    "PO": ("Omaha", Structure.POT_LIMIT),
    "FO/8": ("Omaha Hi/Lo", Structure.FIXED_LIMIT),
    "F7S": ("7 Card Stud", Structure.FIXED_LIMIT),
    "F7S/8": ("7 Card Stud Hi/Lo", Structure.FIXED_LIMIT),
    "FR": ("Razz", Structure.FIXED_LIMIT),
    "N2L1D": ("Single Draw 2-7 Lowball", Structure.NO_LIMIT),
    "F2L3D": ("Triple Draw 2-7 Lowball", Structure.FIXED_LIMIT),
    "FB": ("Badugi", Structure.FIXED_LIMIT),
}

# TOURNAMENT_BY_ITS_EVENT: PHH has no field for a tournament; a hand is a tournament's
# where it names a blind level or its event is a tournament ("... Event #43: $50,000
# Poker Players Championship | Day 5"), never a cash game ("... Cash Game S4E12")
_TOURNAMENT_EVENT = re.compile(r"(?i)\b(?:event #?\d+|championship|tournament|main event|"
                               r"freeroll|sit ?(?:&|and|n) ?go|mtt|day \d+[a-z]?)\b")
_CASH_EVENT = re.compile(r"(?i)\bcash\b")


def parse(text: str) -> Hand | UnsupportedHand:
    doc, _table_key = fields.load(text)
    variant = doc.get("variant")
    structure = HOLDEM.get(variant) if isinstance(variant, str) else None
    table = str(doc["table"]) if doc.get("table") is not None else None
    if structure is None:
        game, other = (OTHER.get(variant) if isinstance(variant, str) else None) or (
            f"PHH variant {variant}", None)
        return UnsupportedHand(SITE, fields.hand_id(doc), game, other, table,
                               fields.played_at(doc)[0], text)
    return _holdem(doc, text, structure, table)


def _holdem(doc: dict, text: str, structure: str, table: str | None) -> Hand:
    line = lambda key: fields.line_of(text, key)[0]  # noqa: E731
    starting = doc.get("starting_stacks")
    if not isinstance(starting, list) or len(starting) < 2:
        raise ParseError(line("starting_stacks"), "no players",
                         "starting_stacks names fewer than two players")
    n = len(starting)
    stacks = fields.amounts(doc, "starting_stacks", n, line("starting_stacks"))
    antes = fields.amounts(doc, "antes", n, line("antes"))
    blinds = fields.amounts(doc, "blinds_or_straddles", n, line("blinds_or_straddles"))
    names = fields.players(doc, n)
    numbers, seat_count = fields.seats(doc, n)
    play = Play(names, dict(zip(names, stacks)))
    forced_bets(play, antes, blinds, line("blinds_or_straddles"))
    actions = doc.get("actions")
    if not isinstance(actions, list):
        raise ParseError(1, "no actions", "a PHH hand lists its actions (actions = [...])")
    read_actions(play, actions, text)
    currency = doc.get("currency") if isinstance(doc.get("currency"), str) else None
    currency = currency or "chips"
    unit = Decimal(1) if currency == "chips" else CENT
    back = settle.uncalled_bet(play)
    finishing = (fields.amounts(doc, "finishing_stacks", n, line("finishing_stacks"))
                 if "finishing_stacks" in doc else None)
    winnings = (fields.amounts(doc, "winnings", n, line("winnings"))
                if "winnings" in doc else None)
    collects = settle.collects(play, unit, winnings, finishing)
    small_bet = big_bet = None
    if structure == Structure.FIXED_LIMIT:
        small_bet = fields.amount(doc.get("small_bet"), "small_bet", line("small_bet"))
        big_bet = fields.amount(doc.get("big_bet"), "big_bet", line("big_bet"))
    local, zone, utc = fields.played_at(doc)
    # handlens' export keeps a room's tournament (user-defined fields)
    tournament_id = _text(doc, "_tournament_id")
    return Hand(
        site=SITE, hand_id=fields.hand_id(doc), game="Hold'em", structure=structure,
        stakes=Stakes(blinds[0], blinds[1], max(antes), small_bet=small_bet, big_bet=big_bet),
        currency=currency, table=table, max_seats=seat_count, button_seat=numbers[-1],
        played_at=local, time_zone=zone, played_at_utc=utc,
        seats=tuple(Seat(seat, name, stack, sitting_out=out, hole_cards=play.hole.get(name, ()))
                    for seat, name, stack, out in sorted(zip(numbers, names, stacks,
                                                             _sitting_out(doc, n)))),
        actions=tuple(play.actions),
        boards=tuple(tuple(b) for b in play.boards),
        uncalled=(back,) if back else (),
        shows=tuple(play.shows), collects=tuple(collects),
        finishing_stacks=tuple(zip(names, finishing)) if finishing is not None else None,
        tournament_id=tournament_id,
        tournament_level=_text(doc, "_tournament_level") or _text(doc, "level"),
        buy_in=_text(doc, "_buy_in"), kind=_kind(doc, tournament_id),
        # players not named (p1 ... pn) and anonymised names are seats, not people
        anonymous=anonymous.labelled(names, None, anonymous.LABELS),
        # the players go round the table p1 ... pn: seats written otherwise only name them
        table_order=() if go_round(numbers) else tuple(numbers),
    )


def _kind(doc: dict, tournament_id: str | None) -> str:
    """TOURNAMENT_BY_ITS_EVENT (above), or handlens' ``_kind``; "" lets the Hand say
    by its currency."""
    if _text(doc, "_kind") in GameKind.ALL:
        return _text(doc, "_kind")
    event = _text(doc, "event") or ""
    if tournament_id is not None or _text(doc, "level") is not None or (
            _TOURNAMENT_EVENT.search(event) and not _CASH_EVENT.search(event)):
        return GameKind.TOURNAMENT
    return ""


def _text(doc: dict, key: str) -> str | None:
    value = doc.get(key)
    return str(value) if isinstance(value, (str, int)) and not isinstance(value, bool) else None


def _sitting_out(doc: dict, n: int) -> list[bool]:
    """``_sitting_out`` (a user-defined field handlens' export writes: one boolean a
    player, true where the room marked the player sitting out though they post or fold),
    all false where not written as that."""
    marks = doc.get("_sitting_out")
    if isinstance(marks, list) and len(marks) == n and all(isinstance(m, bool) for m in marks):
        return list(marks)
    return [False] * n
