"""Contributions → main and side pots, uncalled bets, splits with odd chips.

Pure functions over exact Decimals. A pot is what every player still in could win:
each all-in level of the players not folded closes one pot.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import NamedTuple

from engine.model.hand import ZERO, Kind


class Pot(NamedTuple):
    amount: Decimal
    eligible: frozenset[str]


DEAD_POSTS = frozenset({Kind.POST_ANTE, Kind.POST_DEAD, Kind.POST_SB_BB})


def dead_part(kind: str, amount: Decimal, big_blind: Decimal) -> Decimal:
    """What of a post is dead money (in the pot, but no part of a bet, so never
    returned as uncalled): an ante, a dead blind, the small blind of "small & big
    blinds"; nothing of any other action."""
    if kind not in DEAD_POSTS:
        return ZERO
    return amount - min(amount, big_blind) if kind == Kind.POST_SB_BB else amount


def uncalled(contributed: Mapping[str, Decimal]) -> tuple[str, Decimal] | None:
    """What the top contributor put in beyond anyone else: it goes back to them."""
    if len(contributed) < 2:
        top = next(iter(contributed), None)
        return (top, contributed[top]) if top is not None and contributed[top] > 0 else None
    second, most = sorted(contributed.values())[-2:]
    if most <= second:
        return None
    for player, chips in contributed.items():
        if chips == most:
            return player, most - second
    return None  # (not reached: ``most`` is one of the values)


def build_pots(contributed: Mapping[str, Decimal], live: set[str],
               all_in: set[str] = frozenset(), extra: Decimal = ZERO) -> list[Pot]:
    """Main pot first, then side pots. ``live``: players not folded; ``all_in``:
    players all-in, whose level closes a pot even if they were folded (as a sitting
    out player all-in on a blind is); such a pot goes to the same players as the next.
    ``extra``: money in no bet (dead money, money the room added): the main pot's."""
    at = contributed.get
    if all_in:
        levels = sorted({at(p, ZERO) for p in live | (all_in & contributed.keys())} - {ZERO})
    else:  # the common case: the players still in have put in the same
        levels = {at(p, ZERO) for p in live}
        if len(levels) > 1:
            levels = sorted(levels - {ZERO})
    if len(levels) <= 1:  # one pot: everyone still in has put in the same
        total = sum(contributed.values(), ZERO)
        if extra:
            return [Pot(total + extra if total > 0 else extra, frozenset(live))]
        return [Pot(total, frozenset(live))] if total > 0 else []
    pots: list[Pot] = []
    previous = ZERO
    for i, level in enumerate(levels):
        top = i == len(levels) - 1
        amount = sum((min(c, level) - min(c, previous) if not top else c - min(c, previous))
                     for c in contributed.values() if c > previous)
        eligible = frozenset(p for p in live if contributed.get(p, ZERO) >= level)
        if amount > 0:
            pots.append(Pot(amount, eligible))
        previous = level
    if extra:
        if pots:
            pots[0] = Pot(pots[0].amount + extra, pots[0].eligible)
        else:
            pots = [Pot(extra, frozenset(live))]
    return pots


def split(amount: Decimal, winners_from_button: Sequence[str], unit: Decimal) -> dict[str, Decimal]:
    """Equal shares in whole units; odd units go one each to the first winners
    clockwise from the button."""
    n = len(winners_from_button)
    units = int(amount / unit)
    share, odd = divmod(units, n)
    return {p: (share + (1 if i < odd else 0)) * unit for i, p in enumerate(winners_from_button)}
