"""Ranges of starting hands: written as players write them ("QQ+, AKs, ATs+, KQo,
22-55, 76s"), or the top share of hands, as the two-card combinations they hold."""
from __future__ import annotations

import re
from itertools import combinations

from engine.model.cards import DECK, RANK_VALUE, RANKS, starting_hand_class
from engine.sim.preflop_rank import TOP_FRACTION

Combo = tuple[str, str]
_TOKEN = re.compile(r"^([2-9TJQKA])([2-9TJQKA])([so]?)(\+?)(?:-([2-9TJQKA])([2-9TJQKA])([so]?))?$")


class RangeError(ValueError):
    """A range that cannot be read."""


_ALL: tuple[Combo, ...] = tuple(combinations(DECK, 2))
_BY_CLASS: dict[str, list[Combo]] = {}
for _combo in _ALL:
    _BY_CLASS.setdefault(starting_hand_class(_combo), []).append(_combo)


def _classes(token: str) -> list[str]:
    m = _TOKEN.match(token)
    if not m:
        raise RangeError(f"{token!r}: not a hand class (AA, AKs, AKo, AK), with + or a dash")
    a, b, kind, plus, a2, b2, kind2 = m.groups()
    hi, lo = RANK_VALUE[a], RANK_VALUE[b]
    if lo > hi:
        a, b, hi, lo = b, a, lo, hi
    kinds = [kind] if kind else ["s", "o"]
    if hi == lo:  # pairs: QQ, QQ+, 22-55
        if kind:
            raise RangeError(f"{token!r}: a pair is neither suited nor offsuit")
        top = RANK_VALUE["A"] if plus else hi
        if a2:
            if a2 != b2:
                raise RangeError(f"{token!r}: a range of pairs ends in a pair")
            top = RANK_VALUE[a2]
        low, high = sorted((hi, top))
        return [RANKS[v - 2] * 2 for v in range(low, high + 1)]
    if a2:  # K9s-KTs: the same high card, the kickers between
        if a2 != a or (kind2 or kind) != kind:
            raise RangeError(f"{token!r}: both ends need the same first card and suits")
        low, high = sorted((lo, RANK_VALUE[b2]))
        kickers = range(low, high + 1)
    else:  # ATs+: the kicker up to one under the high card
        kickers = range(lo, hi) if plus else [lo]
    return [a + RANKS[k - 2] + s for k in kickers for s in kinds]


def parse(text: str) -> list[Combo]:
    """The combinations of a range written as players write it; a share such as "15%"
    is the top of the starting hands (as engine.sim.preflop_rank orders them)."""
    combos: dict[Combo, None] = {}
    for token in filter(None, (t.strip() for t in re.split(r"[,\s]+", text))):
        if token.endswith("%"):
            try:
                share = float(token[:-1]) / 100
            except ValueError:
                raise RangeError(f"{token!r}: not a share of hands") from None
            for combo in top(share):
                combos[combo] = None
            continue
        for cls in _classes(token.upper().replace("S", "s").replace("O", "o")):
            for combo in _BY_CLASS[cls]:
                combos[combo] = None
    if not combos:
        raise RangeError(f"{text!r}: no hand in this range")
    return list(combos)


def top(share: float) -> list[Combo]:
    """The best ``share`` of the 1,326 combinations (at least the best class)."""
    share = max(0.0, min(1.0, share))
    best = min(TOP_FRACTION.values())
    return [c for c in _ALL if TOP_FRACTION[starting_hand_class(c)] <= max(share, best)]
