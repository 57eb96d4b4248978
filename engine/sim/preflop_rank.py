"""The 169 starting-hand classes ranked, best first, by the Chen formula.

``top_fraction(cards)`` is the share of all 1,326 two-card combinations that are
as good or better than ``cards`` (AA about 0.005, 72o 1.0): an opening range of
"the top 15 %" is then ``top_fraction(cards) <= 0.15``.
"""
from __future__ import annotations

from engine.model.cards import RANK_VALUE, RANKS

_HIGH_POINTS = {14: 10.0, 13: 8.0, 12: 7.0, 11: 6.0}


def hand_class(cards: tuple[str, ...]) -> str:
    """"AKs", "T9o", "77": the class of two hole cards."""
    a, b = sorted(cards, key=lambda c: RANK_VALUE[c[0]], reverse=True)
    if a[0] == b[0]:
        return a[0] + b[0]
    return a[0] + b[0] + ("s" if a[1] == b[1] else "o")


def chen_score(hand: str) -> float:
    """Bill Chen's points for a class, not rounded (ties broken later by the cards)."""
    high, low = RANK_VALUE[hand[0]], RANK_VALUE[hand[1]]
    points = _HIGH_POINTS.get(high, high / 2)
    if high == low:
        return max(points * 2, 5.0)
    if hand.endswith("s"):
        points += 2
    gap = high - low - 1
    points -= (0, 1, 2, 4)[gap] if gap < 4 else 5
    if gap <= 1 and high < 12:
        points += 1
    return points


def _combos(hand: str) -> int:
    return 6 if len(hand) == 2 else 4 if hand.endswith("s") else 12


def _ranked() -> dict[str, float]:
    classes = []
    for i, high in enumerate(reversed(RANKS)):
        for low in reversed(RANKS[:len(RANKS) - i]):
            if high == low:
                classes.append(high + low)
            else:
                classes += [high + low + "s", high + low + "o"]
    order = sorted(classes, key=lambda h: (chen_score(h), RANK_VALUE[h[0]], RANK_VALUE[h[1]],
                                           h.endswith("s")), reverse=True)
    seen, fractions = 0, {}
    for hand in order:
        seen += _combos(hand)
        fractions[hand] = seen / 1326
    return fractions


TOP_FRACTION = _ranked()


def top_fraction(cards: tuple[str, ...]) -> float:
    return TOP_FRACTION[hand_class(cards)]
