"""PHH's forced bets and action notation → the engine's actions, boards and shows.

Notation (phh-std, as pokerkit reads it): ``d dh p1 AcKd`` deals p1 their hole cards
(``??`` an unknown card), ``d db Jc3d5c`` deals to the board, ``p3 cbr 300``
completes, bets or raises *to* 300 on the street, ``p2 cc`` checks or calls, ``p1 f``
folds, ``p3 sm AcKd`` shows (``sm -``: the cards dealt; ``sm`` alone mucks); ``#``
starts a commentary; an empty action does nothing. Board cards dealt beyond five
(after an all-in) are a further run, sharing the cards dealt before the all-in.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from engine.model.cards import CardError, parse_card
from engine.model.hand import ZERO, Action, Kind, Show, Street
from parsers.base.errors import ParseError
from parsers.phh.fields import amount, line_of

_STREET_BY_BOARD = {0: Street.PREFLOP, 3: Street.FLOP, 4: Street.TURN, 5: Street.RIVER}


@dataclass
class Play:
    """What the actions leave: the engine's records, and the chips as they stand."""

    names: list[str]
    stack: dict[str, Decimal]
    actions: list[Action] = field(default_factory=list)
    hole: dict[str, tuple[str, ...]] = field(default_factory=dict)
    shows: list[Show] = field(default_factory=list)
    boards: list[list[str]] = field(default_factory=lambda: [[]])
    contributed: dict[str, Decimal] = field(default_factory=dict)
    dead: dict[str, Decimal] = field(default_factory=dict)  # antes: in the pot, in no bet
    folded: set[str] = field(default_factory=set)
    all_in: set[str] = field(default_factory=set)
    street: Street = Street.PREFLOP
    on_street: dict[str, Decimal] = field(default_factory=dict)  # this street's bets
    shared: int = 0  # board cards dealt before the last player action (later runs share them)

    def put_in(self, street: Street, player: str, kind: str, chips: Decimal, line: int,
               raise_to: Decimal | None = None) -> None:
        chips = min(chips, self.stack[player])
        self.stack[player] -= chips
        self.contributed[player] = self.contributed.get(player, ZERO) + chips
        if kind == Kind.POST_ANTE:
            self.dead[player] = self.dead.get(player, ZERO) + chips
        else:
            self.on_street[player] = self.on_street.get(player, ZERO) + chips
        all_in = self.stack[player] <= 0 and chips > 0
        if all_in:
            self.all_in.add(player)
        if raise_to is not None:
            raise_to = self.on_street[player]
        self.actions.append(Action(street, player, kind, chips, raise_to, all_in, line))


def forced_bets(play: Play, antes: list[Decimal], blinds: list[Decimal], line: int) -> None:
    """Antes, then blinds and straddles, as PHH lists them from p1 (heads-up reversed:
    the button, p2, posts the first entry)."""
    names = play.names
    order = names[::-1] if len(names) == 2 else names
    for name, ante in zip(order, antes):
        if ante:
            play.put_in(Street.PREDEAL, name, Kind.POST_ANTE, ante, line)
    for i, (name, blind) in enumerate(zip(order, blinds)):
        if blind:
            kind = Kind.POST_SB if i == 0 else Kind.POST_BB if i == 1 else Kind.POST_STRADDLE
            play.put_in(Street.PREDEAL, name, kind, blind, line)


def read_actions(play: Play, notations: list, text: str) -> None:
    """Every action in order, onto ``play``."""
    index = {f"p{i}": name for i, name in enumerate(play.names, start=1)}
    at = 0
    for notation in notations:
        if not isinstance(notation, str):
            raise ParseError(1, "not an action", repr(notation))
        line, at = line_of(text, notation, at)
        words = notation.partition("#")[0].split()
        if not words:
            continue  # a no-op (a commentary alone)
        actor, verb, args = words[0], words[1] if len(words) > 1 else "", words[2:]
        if actor == "d":
            _deal(play, verb, args, index, line, notation)
            continue
        player = index.get(actor)
        if player is None:
            raise ParseError(line, "unknown player", notation)
        if verb == "sm":
            _show(play, player, args, line, notation)
            continue
        if len(args) > (1 if verb == "cbr" else 0):
            raise ParseError(line, "unrecognised action", notation)
        play.shared = sum(map(len, play.boards[-1:]))
        street = play.street
        owed = max(play.on_street.values(), default=ZERO) - play.on_street.get(player, ZERO)
        if verb == "f":
            play.folded.add(player)
            play.actions.append(Action(street, player, Kind.FOLD, ZERO, None, False, line))
        elif verb == "cc":
            if owed > 0:
                play.put_in(street, player, Kind.CALL, owed, line)
            else:
                play.actions.append(Action(street, player, Kind.CHECK, ZERO, None, False, line))
        elif verb == "cbr" and args:
            to = amount(_number(args[0]), notation, line)
            if to <= play.on_street.get(player, ZERO):
                raise ParseError(line, "raise to no more than already in", notation)
            facing = any(play.on_street.values()) if street != Street.PREFLOP else True
            kind = Kind.RAISE if facing else Kind.BET
            play.put_in(street, player, kind, to - play.on_street.get(player, ZERO), line,
                        raise_to=to)
        else:
            raise ParseError(line, "unrecognised action", notation)


def _number(word: str):
    """An amount as the notation writes it: an integer, else an exact decimal."""
    try:
        return int(word)
    except ValueError:
        try:
            return Decimal(word)
        except ArithmeticError:
            return word


def _cards(text: str, line: int, notation: str) -> tuple[tuple[str, ...], int]:
    """Cards written together ("AcKd", "??Ad") → the known ones, and how many."""
    if len(text) % 2:
        raise ParseError(line, "bad cards", notation)
    known = []
    for i in range(0, len(text), 2):
        card = text[i:i + 2]
        if "?" in card:
            continue
        try:
            known.append(parse_card(card))
        except CardError:
            raise ParseError(line, "bad cards", notation) from None
    return tuple(known), len(text) // 2


def _deal(play: Play, verb: str, args: list[str], index: dict[str, str], line: int,
          notation: str) -> None:
    if verb == "dh" and len(args) == 2 and args[0] in index:
        known, _ = _cards(args[1], line, notation)
        play.hole[index[args[0]]] = known  # "????": none known
    elif verb == "db" and len(args) == 1:
        cards, _ = _cards(args[0], line, notation)
        board = play.boards[-1]
        if len(board) >= 5:  # a further run, sharing what was dealt before the all-in
            board = play.boards[-1][:play.shared]
            play.boards.append(board)
        board.extend(cards)
        street = _STREET_BY_BOARD.get(len(board))
        if street is not None and street > play.street:
            play.street = street
            play.on_street = {}
    else:
        raise ParseError(line, "unrecognised action", notation)


def _show(play: Play, player: str, args: list[str], line: int, notation: str) -> None:
    if not args:
        play.shows.append(Show(player, (), False))  # mucked, cards not shown
    elif args == ["-"]:
        play.shows.append(Show(player, play.hole.get(player, ()), True))
    elif len(args) == 1:
        known, _ = _cards(args[0], line, notation)
        play.shows.append(Show(player, known, True))
    else:
        raise ParseError(line, "unrecognised action", notation)
