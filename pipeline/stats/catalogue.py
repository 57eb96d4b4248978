"""The catalogue of stats (docs/STATS.md): each stat's name, label, group and what it
counts, the bit it is stored in, and the version of their definitions.

The words every reader uses (pipeline/read, the dashboard, the stats command) and the
layout of the stored flags (pipeline/store/schema.sql reads the bits): no computing
here; pipeline/stats/flags.py computes the flags of each hand at import.
"""
from __future__ import annotations

STATS_VERSION = "2"  # of the definitions: a stored flag means what this version says
# what a store's meta key ``stats`` says of its flags: the version, and ".1" for the
# stats version 2 adds (a store that says "2" has its conventions only; "1", version 1)
FLAGS_VERSION = "2.1"

# the ratio stats, each stored as <name>_chance and <name>_done; bit i is RATIOS[i]
RATIOS = ("vpip", "pfr", "limp", "rfi", "three_bet", "four_bet", "fold_to_three_bet",
          "cold_call", "squeeze", "steal", "fold_sb_to_steal", "fold_bb_to_steal",
          "saw_flop", "saw_turn", "saw_river", "cbet_flop", "cbet_turn", "fold_to_cbet_flop",
          "wtsd", "wsd", "wwsf", "donk_flop", "donk_turn", "donk_river",
          # added in version 2
          "fold_to_four_bet", "cbet_river", "fold_to_cbet_turn", "fold_to_cbet_river",
          "raise_cbet_flop", "check_raise_flop", "probe_turn", "float_flop",
          "three_bet_vs_steal")
BIT = {stat: 1 << i for i, stat in enumerate(RATIOS)}  # the schema's view reads these bits
# the effective stack's depths in big blinds (its label, the bound it stays under):
# < 20, 20 to under 40, 40 to under 100, 100 to 150, over 150
DEPTHS = (("<20", "< 20"), ("20-40", "< 40"), ("40-100", "< 100"), ("100-150", "<= 150"),
          (">150", None))
# the postflop action counts stored beside the bits (AF and AFq are made of them)
COUNTS = ("post_bets", "post_raises", "post_calls", "post_folds")

# stat -> (label, group, what is counted: done / chance)
NAMES: dict[str, tuple[str, str, str]] = {
    "vpip": ("VPIP", "Preflop", "put money in voluntarily / dealt in, but a walk's big blind"),
    "pfr": ("PFR", "Preflop", "raised / dealt in, but a walk's big blind"),
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
    "three_bet_vs_steal": ("3-bet vs steal", "Preflop", "re-raised / SB or BB facing a steal"),
    "fold_to_four_bet": ("Fold to 4-bet", "Preflop", "folded / 3-bet and faced a 4-bet"),
    "saw_flop": ("Saw flop", "Postflop", "in the hand when the flop came / dealt in"),
    "saw_turn": ("Saw turn", "Postflop", "in the hand when the turn came / saw the flop"),
    "saw_river": ("Saw river", "Postflop", "in the hand when the river came / saw the turn"),
    "cbet_flop": ("Flop c-bet", "Postflop", "bet / last preflop raiser, not bet into"),
    "cbet_turn": ("Turn c-bet", "Postflop", "bet / c-bet the flop, not raised"),
    "cbet_river": ("River c-bet", "Postflop", "bet / c-bet the turn, not raised, not bet into"),
    "fold_to_cbet_flop": ("Fold to flop c-bet", "Postflop", "folded / faced a flop c-bet"),
    "raise_cbet_flop": ("Raise flop c-bet", "Postflop", "raised / faced a flop c-bet"),
    "fold_to_cbet_turn": ("Fold to turn c-bet", "Postflop", "folded / faced a turn c-bet"),
    "fold_to_cbet_river": ("Fold to river c-bet", "Postflop", "folded / faced a river c-bet"),
    "check_raise_flop": ("Flop check-raise", "Postflop", "raised / checked, then faced a bet"),
    "probe_turn": ("Turn probe", "Postflop",
                   "bet / before the raiser, who checked the flop through"),
    "float_flop": ("Flop float", "Postflop",
                   "bet the turn / called a c-bet in position, checked to"),
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

LABELS = {stat: label for stat, (label, _, _) in {**NAMES, **FACTORS}.items()}
# the stats a summary shows first (the overview, the positions table, handlens stats)
HEADLINE = ("vpip", "pfr", "three_bet", "af", "wtsd", "wsd")
# their headings in the terminal's table, where "3-bet" is written "3B"
HEADINGS = {stat: "3B" if stat == "three_bet" else LABELS[stat] for stat in HEADLINE}
