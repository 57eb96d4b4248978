"""Any room's hands as PokerStars text (``handlens export --format stars``), names kept
or masked by consistent pseudonyms (``Masks``).

Each hand is judged again by its own room's rules (the uncalled bets a room gives back
without writing them are known only so), made PokerStars-shaped and checked by reading
it back (parsers/pokerstars/convert.py); a hand the format cannot carry is skipped by
named reason.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from engine.model.hand import Hand
from parsers.base.errors import Skip
from parsers.base.room import Room
from parsers.pokerstars.convert import Bet, write_any

HERO = "Hero"


class Masks:
    """Pseudonyms for the players of an export, one for each player in every hand: a
    hand's hero "Hero" (the next hero met "Hero2", ...), the others "Player1",
    "Player2", ... in the order first met."""

    def __init__(self) -> None:
        self.names: dict[str, str] = {}
        self.heroes = 0
        self.others = 0

    def __call__(self, hand: Hand) -> Callable[[str], str]:
        names = self.names
        if hand.hero is not None and hand.hero not in names:
            self.heroes += 1
            names[hand.hero] = HERO if self.heroes == 1 else f"{HERO}{self.heroes}"

        def pseudonym(player: str) -> str:
            if player not in names:
                self.others += 1
                names[player] = f"Player{self.others}"
            return names[player]
        return pseudonym


def renamed(hand: Hand, name: Callable[[str], str]) -> Hand:
    """The hand with every player named by ``name`` (seats, actions, returns, showdown,
    collections, the summary, the hero, finishes, chips added)."""
    s = hand.summary
    return replace(
        hand,
        seats=tuple(x._replace(player=name(x.player)) for x in hand.seats),
        actions=tuple(a._replace(player=name(a.player)) for a in hand.actions),
        uncalled=tuple((name(p), x) for p, x in hand.uncalled),
        shows=tuple(x._replace(player=name(x.player)) for x in hand.shows),
        collects=tuple(c._replace(player=name(c.player)) for c in hand.collects),
        cash_outs=tuple((name(p), x, f) for p, x, f in hand.cash_outs),
        summary=None if s is None else replace(
            s, seats=tuple(x._replace(player=name(x.player)) for x in s.seats)),
        hero=None if hand.hero is None else name(hand.hero),
        finishes=tuple(f._replace(player=name(f.player)) for f in hand.finishes),
        chips_added=tuple((name(p), x) for p, x in hand.chips_added),
        finishing_stacks=None if hand.finishing_stacks is None else tuple(
            (name(p), x) for p, x in hand.finishing_stacks),
        player_totals=None if hand.player_totals is None else tuple(
            (name(p), *rest) for p, *rest in hand.player_totals),
        anonymous=frozenset(name(p) for p in hand.anonymous))


def stars_text(hand: Hand, its: Room, masks: Masks | None = None) -> str:
    """One hand of room ``its`` as PokerStars text (parsers.base.errors.Skip where it
    cannot be)."""
    verdict = its.judge(hand)
    if verdict.status == "failed":  # written anew, its summary would hide the room's error
        raise Skip("a failed verdict", "the room's record does not add up")
    returned: tuple[Bet, ...] = hand.uncalled + verdict.unwritten_returns
    if masks is not None:
        name = masks(hand)
        hand = renamed(hand, name)
        returned = tuple((name(p), x) for p, x in returned)
    return write_any(hand, returned)
