"""A hand's pot type by the raises before the flop, read from its players' stored stat
flags: SQL conditions over a hand or a player row (the hand list's filter, the action
filters, the auto-tag rules)."""
from __future__ import annotations

from pipeline.stats.catalogue import BIT


def any_done(stat: str, alias: str = "h") -> str:
    """Someone dealt in the hand of the row ``alias`` (a hand, or a player's row) did
    ``stat`` (its flag set)."""
    return (f"EXISTS (SELECT 1 FROM player_hand_flags o WHERE o.site = {alias}.site"
            f" AND o.hand_id = {alias}.hand_id AND (o.dones & {BIT[stat]}) <> 0)")


def pot_types(alias: str = "h") -> dict[str, str]:
    """Each pot type's condition over the rows ``alias``."""
    def done(stat: str) -> str:
        return any_done(stat, alias)

    return {
        "walk or limped": f"NOT {done('pfr')}",
        "raised": f"{done('pfr')} AND NOT {done('three_bet')}",
        "3-bet": f"{done('three_bet')} AND NOT {done('four_bet')}",
        "4-bet or more": done("four_bet"),
    }


POT_TYPES = pot_types()  # over hands ``h``
