"""A stored hand's chips, walked once: the replayer's street steps (steps.py) and its
table frames (frames.py) are both read off this walk.

``walk(table, actions, cards_out, uncalled)`` applies the actions (rows of the
``actions`` table, in order) to a ``Table`` of the hand's players and yields, after
each change, a ``Move`` saying what changed (the table shows the state after it): the deal
(preflop) and each later street reached (the bets in front gathered first), each
action, each uncalled bet returned after the hand's last action. A street whose board
was dealt is reached even when nobody could act on it (an all-in run-out). Posts count
with preflop; antes go straight into the middle, never in front of a player.
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from decimal import Decimal

ZERO = Decimal(0)
STREET_NAMES = {1: "Preflop", 2: "Flop", 3: "Turn", 4: "River"}
BOARD_AT = {1: 0, 2: 3, 3: 4, 4: 5}  # board cards seen on each street
_DIRECT = frozenset({"post_ante"})  # straight into the middle, never a bet in front


def boards_of(hand: dict) -> list[tuple[str, ...]]:
    """The cards of each run of the board, from a ``hands`` row (one run at least)."""
    return [tuple(b.split()) for b in (hand["boards"] or []) if b] or [
        tuple((hand["board"] or "").split())]


class Table:
    """The chips of one hand as the walk goes: behind each player, in front of them on
    this street, put in this hand; who folded, who is all-in."""

    def __init__(self, players: list[dict]):
        self.order = [p["player"] for p in players]
        self.dealt = {p["player"] for p in players if not p["sitting_out"]}
        self.stack = {p["player"]: p["stack"] for p in players}
        self.bet = dict.fromkeys(self.order, ZERO)
        self.put_in: dict[str, Decimal] = {}
        self.folded: set[str] = set()
        self.all_in: set[str] = set()

    def live(self) -> set[str]:
        """The players dealt in who have not folded."""
        return self.dealt - self.folded

    def total(self) -> Decimal:
        """Every chip put in so far, bets in front included."""
        return sum(self.put_in.values(), ZERO)

    def add(self, player: str, chips: Decimal, in_front: bool = True) -> None:
        self.put_in[player] = self.put_in.get(player, ZERO) + chips
        if player in self.stack:
            self.stack[player] -= chips
            if in_front:
                self.bet[player] += chips

    def act(self, a: dict) -> None:
        """One row of the actions table."""
        player = a["player"]
        self.add(player, a["amount"], a["kind"] not in _DIRECT)
        if a["kind"] == "fold":
            self.folded.add(player)
        if a["all_in"] or (player in self.stack and self.stack[player] <= 0
                           and a["amount"] > 0):
            self.all_in.add(player)

    def give_back(self, player: str, chips: Decimal) -> None:
        """An uncalled bet returned: back behind the player, who may no longer be all-in."""
        self.add(player, -chips)
        if self.stack.get(player, ZERO) > 0:
            self.all_in.discard(player)

    def gather(self) -> None:
        """The bets in front go to the middle (a street is dealt)."""
        self.bet = dict.fromkeys(self.order, ZERO)


@dataclass(frozen=True)
class Move:
    """What just changed: a street reached (``action`` and ``returned`` None), an
    action, or an uncalled bet returned."""

    street: int  # 1 preflop .. 4 river
    action: dict | None = None  # the actions row
    returned: tuple[str, Decimal] | None = None  # (player, chips) of an uncalled bet
    last: bool = False  # the last chips moved by the betting: no more action follows


def walk(table: Table, actions: list[dict], cards_out: int,
         uncalled: list[dict] = ()) -> Iterator[Move]:
    """The moves of the hand in order, each yielded once ``table`` (changed in place)
    shows it. ``cards_out``: how many cards the board's first run has; ``uncalled``:
    rows of player and amount."""
    last = max((a["seq"] for a in actions if a["street"] <= 4), default=None)
    returned = [(u["player"], u["amount"]) for u in uncalled]
    for street in STREET_NAMES:
        mine = [a for a in actions if max(a["street"], 1) == street and a["street"] <= 4]
        if street > 1:
            if not mine and cards_out < BOARD_AT[street]:
                return
            table.gather()
        yield Move(street)
        for a in mine:
            table.act(a)
            closing = a["seq"] == last
            yield Move(street, a, last=closing and not returned)
            if closing:
                for n, (player, chips) in enumerate(returned, 1):
                    table.give_back(player, chips)
                    yield Move(street, returned=(player, chips), last=n == len(returned))
