"""A hand's pot type by the raises before the flop, read from its players' stored stat
flags: SQL conditions over a hand ``h`` (the hand list's filter, the auto-tag rules)."""
from __future__ import annotations

from pipeline.stats.catalogue import BIT


def any_done(stat: str) -> str:
    """Someone dealt in the hand ``h`` did ``stat`` (its flag set)."""
    return ("EXISTS (SELECT 1 FROM player_hand_flags o WHERE o.site = h.site"
            f" AND o.hand_id = h.hand_id AND (o.dones & {BIT[stat]}) <> 0)")


POT_TYPES = {
    "walk or limped": f"NOT {any_done('pfr')}",
    "raised": f"{any_done('pfr')} AND NOT {any_done('three_bet')}",
    "3-bet": f"{any_done('three_bet')} AND NOT {any_done('four_bet')}",
    "4-bet or more": any_done("four_bet"),
}
