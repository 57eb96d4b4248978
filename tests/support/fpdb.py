"""fpdb's per-player fields and the stat of ours each one is."""

FIELDS = {
    "street0VPI": ("vpip", "done"),
    "street0Aggr": ("pfr", "done"),
    "street0_3BChance": ("three_bet", "chance"), "street0_3BDone": ("three_bet", "done"),
    "street0_4BChance": ("four_bet", "chance"), "street0_4BDone": ("four_bet", "done"),
    "street0_FoldTo3BChance": ("fold_to_three_bet", "chance"),
    "street0_FoldTo3BDone": ("fold_to_three_bet", "done"),
    "raiseFirstInChance": ("rfi", "chance"), "raisedFirstIn": ("rfi", "done"),
    "foldBbToStealChance": ("fold_bb_to_steal", "chance"),
    "foldedBbToSteal": ("fold_bb_to_steal", "done"),
    "foldSbToStealChance": ("fold_sb_to_steal", "chance"),
    "foldedSbToSteal": ("fold_sb_to_steal", "done"),
    "street1Seen": ("saw_flop", "done"), "street2Seen": ("saw_turn", "done"),
    "street3Seen": ("saw_river", "done"),
    "sawShowdown": ("wtsd", "done"),
    "wonAtSD": ("wsd", "done"),
    "street1CBChance": ("cbet_flop", "chance"), "street1CBDone": ("cbet_flop", "done"),
    "wonWhenSeenStreet1": ("wwsf", "done"),
}


