"""Action filters: the spots a player's hand was in, as SQL conditions over a player row
``s`` of player_hand_stats (its flags, position and stored actions). Each filter is a
fixed choice of fixed SQL: nothing of the user's reaches the text.

- pot: the pot type by the raises before the flop (anyone's: pipeline/stats/pot_types.py)
- role: what the player did before the flop (raised, 3-bet, only called, opened)
- position: in or out of position on the flop (acting last of those who saw it, or not)
- flop: heads-up or multiway on the flop (two players saw it, or more)
- street: the player reached at least the flop, turn, river or the showdown
- lines: what the player did after the flop, each a stat's done flag or a stored action
"""
from __future__ import annotations

from pipeline.stats.catalogue import BIT
from pipeline.stats.pot_types import pot_types

# the order of acting after the flop (heads-up: the big blind first, the button last)
POSTFLOP_ORDER = ("SB", "BB", "UTG", "UTG+1", "UTG+2", "UTG+3", "LJ", "HJ", "CO", "BTN")
_ORDER = "[" + ", ".join(f"'{p}'" for p in POSTFLOP_ORDER) + "]"
_SAW_FLOP = f"(o.dones & {BIT['saw_flop']}) <> 0"
_OTHERS = ("FROM player_hand_flags o WHERE o.site = s.site AND o.hand_id = s.hand_id"
           f" AND o.player <> s.player AND {_SAW_FLOP}")
_BEHIND = (f"EXISTS (SELECT 1 {_OTHERS} AND array_position({_ORDER}, o.position)"
           f" > array_position({_ORDER}, s.position))")
_ON_FLOP = f"(SELECT count(*) {_OTHERS})"

ROLES = {
    "raised": "s.pfr_done",
    "opened": "s.rfi_done",
    "3-bet": "s.three_bet_done",
    "only called": "s.vpip_done AND NOT s.pfr_done",
}
POSITIONS = {
    "in position": f"s.saw_flop_done AND NOT {_BEHIND}",
    "out of position": f"s.saw_flop_done AND {_BEHIND}",
}
FLOP = {
    "heads-up": f"s.saw_flop_done AND {_ON_FLOP} = 1",
    "multiway": f"s.saw_flop_done AND {_ON_FLOP} >= 2",
}
STREETS = {"flop": "s.saw_flop_done", "turn": "s.saw_turn_done", "river": "s.saw_river_done",
           "showdown": "s.wtsd_done"}
_STREET_NUMBER = {"flop": 2, "turn": 3, "river": 4}  # actions.street
_VERBS = {"bet": "bet", "call": "called", "raise": "raised", "check": "checked",
          "fold": "folded"}
# a line: a stat done (version 2's named lines), or one action on a street
LINES = {
    "c-bet the flop": "s.cbet_flop_done",
    "check-raised the flop": "s.check_raise_flop_done",
    "raised a flop c-bet": "s.raise_cbet_flop_done",
    "called a flop c-bet": ("s.fold_to_cbet_flop_chance AND NOT s.fold_to_cbet_flop_done"
                            " AND NOT s.raise_cbet_flop_done"),
    "folded to a flop c-bet": "s.fold_to_cbet_flop_done",
    "floated the flop": "s.float_flop_done",
    "donk bet the flop": "s.donk_flop_done",
    "c-bet the turn": "s.cbet_turn_done",
    "probed the turn": "s.probe_turn_done",
    "c-bet the river": "s.cbet_river_done",
    **{f"{word} the {street}": (
        "EXISTS (SELECT 1 FROM actions a WHERE a.site = s.site AND a.hand_id = s.hand_id"
        f" AND a.player = s.player AND a.street = {number} AND a.kind = '{kind}')")
       for street, number in _STREET_NUMBER.items() for kind, word in _VERBS.items()},
}
# filter name (a field of pipeline.read.queries.Filters) -> its choices' conditions
CHOICES = {"pot": pot_types("s"), "role": ROLES, "position": POSITIONS, "flop": FLOP,
           "street": STREETS, "lines": LINES}


def condition(name: str, value: str | list[str]) -> str:
    """The SQL of a filter's choice (``lines``: every line given, all of them taken)."""
    choices = CHOICES[name]
    if isinstance(value, list):
        return " AND ".join(f"({choices[v]})" for v in value)
    return f"({choices[value]})"
