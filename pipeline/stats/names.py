"""What each stat is called on screen and what it counts, in docs/STATS.md's words."""
from __future__ import annotations

# stat -> (label, group, what is counted: done / chance)
NAMES: dict[str, tuple[str, str, str]] = {
    "vpip": ("VPIP", "Preflop", "put money in voluntarily / dealt in, not a walk"),
    "pfr": ("PFR", "Preflop", "raised / dealt in, not a walk"),
    "limp": ("Limp", "Preflop", "first voluntary action a call of the big blind, unraised"),
    "rfi": ("RFI", "Preflop", "raised / everyone before folded"),
    "three_bet": ("3-bet", "Preflop", "re-raised / faced exactly one raise"),
    "four_bet": ("4-bet", "Preflop", "re-raised / faced exactly two raises"),
    "fold_to_three_bet": ("Fold to 3-bet", "Preflop", "folded / opened and faced a 3-bet"),
    "cold_call": ("Cold call", "Preflop", "called / faced a raise with no money in yet"),
    "squeeze": ("Squeeze", "Preflop", "re-raised / faced a raise and a caller"),
    "steal": ("Steal attempt", "Preflop", "raised / CO, BTN or SB folded to"),
    "fold_sb_to_steal": ("SB fold to steal", "Preflop", "folded / SB facing a steal"),
    "fold_bb_to_steal": ("BB fold to steal", "Preflop", "folded / BB facing a steal"),
    "saw_flop": ("Saw flop", "Postflop", "in the hand when the flop came / dealt in"),
    "saw_turn": ("Saw turn", "Postflop", "in the hand when the turn came / saw the flop"),
    "saw_river": ("Saw river", "Postflop", "in the hand when the river came / saw the turn"),
    "cbet_flop": ("Flop c-bet", "Postflop", "bet / last preflop raiser, not bet into"),
    "cbet_turn": ("Turn c-bet", "Postflop", "bet / c-bet the flop, not raised"),
    "fold_to_cbet_flop": ("Fold to flop c-bet", "Postflop", "folded / faced a flop c-bet"),
    "donk_flop": ("Donk bet flop", "Postflop", "bet into the preflop aggressor / could"),
    "donk_turn": ("Donk bet turn", "Postflop", "bet into the flop aggressor / could"),
    "donk_river": ("Donk bet river", "Postflop", "bet into the turn aggressor / could"),
    "wtsd": ("WTSD", "Showdown", "went to showdown / saw the flop"),
    "wsd": ("W$SD", "Showdown", "won money at showdown / went to showdown"),
    "wwsf": ("WWSF", "Showdown", "won money / saw the flop"),
}
# the two stats that are not done / chance: from the postflop action counts
FACTORS: dict[str, tuple[str, str, str]] = {
    "af": ("AF", "Postflop", "(bets + raises) / calls, after the flop"),
    "afq": ("AFq", "Postflop", "(bets + raises) / (bets + raises + calls + folds), %"),
}
