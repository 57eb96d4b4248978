"""Anonymous seats: players a record names by a label instead of a name.

A room that writes no names (Bovada / Ignition's "Big Blind", "UTG+1"), an anonymised
export ("Player3", "Seat 5", "Villain 2") or hashed names give labels, not people:
the same label is a different person hand to hand, so it must never be offered as a
player nor counted as one (``hand_players.anonymous``). The hero, whose cards the
file's owner was dealt, is never anonymous; where the room names the hero by a label
too, the hero is stored under one name (``Builder.HERO_NAME``).
"""
from __future__ import annotations

import re
from dataclasses import replace

from engine.model.hand import Hand

# the labels anonymised exports and hashing write, whatever the room
LABELS = re.compile(r"(?i)(?:player|seat|villain|opponent|p)[ _#]?\d{1,2}"
                    r"|(?=[a-z]*\d)(?=\d*[a-f])[0-9a-f]{16,}")


def labelled(names: list[str], hero: str | None, labels: re.Pattern[str]) -> frozenset[str]:
    """The names that are labels (``labels``), the hero's left out."""
    return frozenset(n for n in names if n != hero and labels.fullmatch(n))


def hero_named(hand: Hand, name: str) -> Hand:
    """The hand with its hero's label replaced by ``name`` in every part that names a
    player (a room whose hero is a label: the same person in every hand)."""
    label = hand.hero
    if label is None or label == name:
        return hand

    def who(p: str) -> str:
        return name if p == label else p

    def each(items):
        return tuple(x._replace(player=name) if x.player == label else x for x in items)

    summary = hand.summary
    if summary is not None:
        summary = replace(summary, seats=each(summary.seats))
    return replace(
        hand, hero=name, seats=each(hand.seats), actions=each(hand.actions),
        shows=each(hand.shows), collects=each(hand.collects),
        uncalled=tuple((who(p), a) for p, a in hand.uncalled),
        cash_outs=tuple((who(p), a, f) for p, a, f in hand.cash_outs),
        added_money=tuple((who(p), a) for p, a in hand.added_money),
        chips_added=tuple((who(p), a) for p, a in hand.chips_added),
        finishes=each(hand.finishes), summary=summary,
        finishing_stacks=None if hand.finishing_stacks is None else
        tuple((who(p), c) for p, c in hand.finishing_stacks),
        player_totals=None if hand.player_totals is None else
        tuple((who(p), put, back) for p, put, back in hand.player_totals))
