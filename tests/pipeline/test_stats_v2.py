"""The stats version 2 adds (docs/STATS.md, "Added in version 2"), each on hands written
here whose answer is read off the hand by eye, and the effective stack."""
from __future__ import annotations

from decimal import Decimal

from support.hands import FOLDS_TO, SIX_MAX, stat_flags as flags

END = """*** SUMMARY ***
Total pot $1 | Rake $0
"""


def test_fold_to_four_bet_is_the_three_bettors():
    f = flags("""UTGp: folds
HJp: raises $0.20 to $0.30
COp: raises $0.60 to $0.90
BTNp: folds
SBp: folds
BBp: folds
HJp: raises $1.60 to $2.50
COp: folds
Uncalled bet ($1.60) returned to HJp
HJp collected $1.95 from pot
""" + END)
    assert "fold_to_four_bet" in f["COp"][0] and "fold_to_four_bet" in f["COp"][1]
    assert "fold_to_four_bet" not in f["HJp"][0]  # the opener faced a 3-bet, not a 4-bet
    assert "fold_to_three_bet" in f["HJp"][0] and "fold_to_three_bet" not in f["HJp"][1]
    # a 3-bettor who calls the 4-bet had the chance and did not fold
    f = flags("""UTGp: folds
HJp: raises $0.20 to $0.30
COp: raises $0.60 to $0.90
BTNp: folds
SBp: folds
BBp: folds
HJp: raises $1.60 to $2.50
COp: calls $1.60
*** FLOP *** [2c 7d Ts]
""" + END)
    assert "fold_to_four_bet" in f["COp"][0] and "fold_to_four_bet" not in f["COp"][1]


def test_three_bet_vs_steal_is_the_blinds_facing_a_steal_alone():
    f = flags(FOLDS_TO + """BTNp: raises $0.20 to $0.30
SBp: raises $0.70 to $1
BBp: folds
BTNp: folds
Uncalled bet ($0.70) returned to SBp
SBp collected $0.70 from pot
""" + END)
    assert "three_bet_vs_steal" in f["SBp"][0] and "three_bet_vs_steal" in f["SBp"][1]
    assert "three_bet_vs_steal" not in f["BBp"][0]  # faced a 3-bet, not the steal alone
    f = flags(FOLDS_TO + """BTNp: raises $0.20 to $0.30
SBp: folds
BBp: calls $0.20
*** FLOP *** [2c 7d Ts]
""" + END)
    assert "three_bet_vs_steal" in f["SBp"][0] and "three_bet_vs_steal" not in f["SBp"][1]
    assert "three_bet_vs_steal" in f["BBp"][0] and "three_bet_vs_steal" not in f["BBp"][1]
    # an open from early position is no steal: no chance
    f = flags("""UTGp: raises $0.20 to $0.30
HJp: folds
COp: folds
BTNp: folds
SBp: folds
BBp: raises $0.60 to $0.90
UTGp: folds
""" + END)
    assert "three_bet_vs_steal" not in f["BBp"][0] and "three_bet" in f["BBp"][1]
    # a caller between the steal and the blind: no chance
    f = flags("""UTGp: folds
HJp: folds
COp: raises $0.20 to $0.30
BTNp: calls $0.30
SBp: folds
BBp: raises $1 to $1.30
""" + END)
    assert "three_bet_vs_steal" not in f["BBp"][0] and "squeeze" in f["BBp"][1]


# HJp opens, BBp calls: heads-up to the flop, BBp first to act after it
HJ_VS_BB = """UTGp: folds
HJp: raises $0.20 to $0.30
COp: folds
BTNp: folds
SBp: folds
BBp: calls $0.20
*** FLOP *** [2c 7d Ts]
"""


def test_c_bets_on_every_street_and_the_answers_to_them():
    f = flags(HJ_VS_BB + """BBp: checks
HJp: bets $0.40
BBp: calls $0.40
*** TURN *** [2c 7d Ts] [Jh]
BBp: checks
HJp: bets $1
BBp: calls $1
*** RIVER *** [2c 7d Ts Jh] [3s]
BBp: checks
HJp: bets $2
BBp: folds
Uncalled bet ($2) returned to HJp
HJp collected $3.45 from pot
""" + END)
    chance, done = f["HJp"]
    assert {"cbet_flop", "cbet_turn", "cbet_river"} <= chance & done
    chance, done = f["BBp"]
    answers = {"fold_to_cbet_flop", "raise_cbet_flop", "fold_to_cbet_turn",
               "fold_to_cbet_river"}
    assert answers <= chance and done & answers == {"fold_to_cbet_river"}
    # checked, a bet came, then called: a check-raise's chance, not taken
    assert "check_raise_flop" in chance and "check_raise_flop" not in done
    # called the c-bet out of position: never checked to, no float
    assert "float_flop" not in chance
    assert "probe_turn" not in chance  # the raiser bet the flop


def test_no_river_c_bet_after_a_raised_turn_or_a_lead():
    f = flags(HJ_VS_BB + """BBp: checks
HJp: bets $0.40
BBp: calls $0.40
*** TURN *** [2c 7d Ts] [Jh]
BBp: checks
HJp: bets $1
BBp: raises $2 to $3
HJp: calls $2
*** RIVER *** [2c 7d Ts Jh] [3s]
BBp: checks
HJp: bets $2
""" + END)
    assert "cbet_river" not in f["HJp"][0]
    assert "cbet_turn" in f["HJp"][1]
    assert "fold_to_cbet_turn" in f["BBp"][0] and "fold_to_cbet_turn" not in f["BBp"][1]
    f = flags(HJ_VS_BB + """BBp: checks
HJp: bets $0.40
BBp: calls $0.40
*** TURN *** [2c 7d Ts] [Jh]
BBp: checks
HJp: bets $1
BBp: calls $1
*** RIVER *** [2c 7d Ts Jh] [3s]
BBp: bets $2
HJp: folds
""" + END)
    assert "cbet_river" not in f["HJp"][0]  # bet into before his first river action
    assert "donk_river" in f["BBp"][1] and "fold_to_cbet_river" not in f["BBp"][0]


def test_flop_check_raise_and_raise_of_the_c_bet():
    f = flags(HJ_VS_BB + """BBp: checks
HJp: bets $0.40
BBp: raises $0.80 to $1.20
HJp: folds
Uncalled bet ($0.80) returned to BBp
BBp collected $1.45 from pot
""" + END)
    chance, done = f["BBp"]
    assert {"check_raise_flop", "raise_cbet_flop", "fold_to_cbet_flop"} <= chance
    assert {"check_raise_flop", "raise_cbet_flop"} <= done and "fold_to_cbet_flop" not in done
    assert "check_raise_flop" not in f["HJp"][0]  # bet first: no check to raise from
    # a check-raise of a bet that was not the c-bet: a check-raise, no c-bet answered
    f = flags("""UTGp: folds
HJp: raises $0.20 to $0.30
COp: folds
BTNp: calls $0.30
SBp: folds
BBp: calls $0.20
*** FLOP *** [2c 7d Ts]
BBp: checks
HJp: checks
BTNp: bets $0.60
BBp: raises $1.40 to $2
HJp: folds
BTNp: folds
""" + END)
    assert "check_raise_flop" in f["BBp"][1] and "check_raise_flop" in f["HJp"][0]
    assert "check_raise_flop" not in f["HJp"][1]  # folded to it
    assert "raise_cbet_flop" not in f["BBp"][0]  # the raiser checked: no c-bet
    assert "cbet_flop" in f["HJp"][0] and "cbet_flop" not in f["HJp"][1]


def test_turn_probe_after_the_raiser_checks_the_flop_through():
    f = flags(HJ_VS_BB + """BBp: checks
HJp: checks
*** TURN *** [2c 7d Ts] [Jh]
BBp: bets $0.30
HJp: folds
Uncalled bet ($0.30) returned to BBp
BBp collected $0.65 from pot
""" + END)
    assert "probe_turn" in f["BBp"][0] and "probe_turn" in f["BBp"][1]
    assert "probe_turn" not in f["HJp"][0]  # the raiser cannot probe himself
    assert "donk_turn" not in f["BBp"][0]  # nobody bet the flop: no aggressor to donk into
    f = flags(HJ_VS_BB + """BBp: checks
HJp: checks
*** TURN *** [2c 7d Ts] [Jh]
BBp: checks
HJp: bets $0.30
""" + END)
    assert "probe_turn" in f["BBp"][0] and "probe_turn" not in f["BBp"][1]
    # in position to the raiser there is no probe (the raiser acts first on the turn)
    f = flags("""UTGp: folds
HJp: folds
COp: folds
BTNp: folds
SBp: raises $0.20 to $0.30
BBp: calls $0.20
*** FLOP *** [2c 7d Ts]
SBp: checks
BBp: checks
*** TURN *** [2c 7d Ts] [Jh]
SBp: checks
BBp: bets $0.30
""" + END)
    assert "probe_turn" not in f["BBp"][0]


def test_flop_float_is_a_turn_bet_in_position_after_calling_the_c_bet():
    f = flags("""UTGp: folds
HJp: folds
COp: raises $0.20 to $0.30
BTNp: calls $0.30
SBp: folds
BBp: folds
*** FLOP *** [2c 7d Ts]
COp: bets $0.40
BTNp: calls $0.40
*** TURN *** [2c 7d Ts] [Jh]
COp: checks
BTNp: bets $1
COp: folds
Uncalled bet ($1) returned to BTNp
BTNp collected $1.55 from pot
""" + END)
    assert "float_flop" in f["BTNp"][0] and "float_flop" in f["BTNp"][1]
    assert "cbet_turn" in f["COp"][0] and "cbet_turn" not in f["COp"][1]
    f = flags("""UTGp: folds
HJp: folds
COp: raises $0.20 to $0.30
BTNp: calls $0.30
SBp: folds
BBp: folds
*** FLOP *** [2c 7d Ts]
COp: bets $0.40
BTNp: calls $0.40
*** TURN *** [2c 7d Ts] [Jh]
COp: checks
BTNp: checks
""" + END)
    assert "float_flop" in f["BTNp"][0] and "float_flop" not in f["BTNp"][1]
    # the c-bettor bets the turn again: no float chance
    f = flags("""UTGp: folds
HJp: folds
COp: raises $0.20 to $0.30
BTNp: calls $0.30
SBp: folds
BBp: folds
*** FLOP *** [2c 7d Ts]
COp: bets $0.40
BTNp: calls $0.40
*** TURN *** [2c 7d Ts] [Jh]
COp: bets $1
""" + END)
    assert "float_flop" not in f["BTNp"][0]


def test_effective_stack_is_the_smaller_of_a_stack_and_the_largest_other():
    head = (SIX_MAX.replace("Seat 1: UTGp ($10 in chips)", "Seat 1: UTGp ($1.50 in chips)")
            .replace("Seat 4: BTNp ($10 in chips)", "Seat 4: BTNp ($25 in chips)"))
    got = flags(FOLDS_TO + "BTNp: folds\nSBp: folds\n" + END, head, effective=True)
    assert got["UTGp"] == Decimal("15.00")  # short: his own stack
    assert got["BTNp"] == Decimal("100.00")  # the deepest: the largest other stack ($10)
    assert got["HJp"] == Decimal("100.00")


def test_the_stats_command_takes_the_action_filters(dashboard_db, capsys):
    """``stats --flop heads-up --line "bet the flop"``: the hero's hands where two saw
    the flop and the hero bet it, counted here from the stored actions."""
    import json

    from pipeline.cli.main import main
    from support.common import query
    (expected,), = query(dashboard_db, """
        SELECT count(*) FROM hand_players p JOIN hands h USING (site, hand_id)
        WHERE p.player = 'Hero' AND h.kind = 'cash' AND p.position IS NOT NULL
          AND length(h.board) >= 8
          AND EXISTS (SELECT 1 FROM actions a WHERE a.site = p.site AND a.hand_id = p.hand_id
                      AND a.player = 'Hero' AND a.street = 2 AND a.kind = 'bet')
          AND (SELECT count(*) FROM hand_players o WHERE o.site = p.site
               AND o.hand_id = p.hand_id AND o.position IS NOT NULL AND NOT EXISTS (
                   SELECT 1 FROM actions f WHERE f.site = o.site AND f.hand_id = o.hand_id
                   AND f.player = o.player AND f.kind = 'fold' AND f.street <= 1)) = 2""")
    assert expected > 5
    capsys.readouterr()
    assert main(["stats", "--db", str(dashboard_db), "--kind", "cash", "--flop", "heads-up",
                 "--line", "bet the flop", "--format", "json"]) == 0
    rows = json.loads(capsys.readouterr().out)["rows"]
    assert sum(r["hands"] for r in rows) == expected
    assert main(["stats", "--db", str(dashboard_db), "--pot", "5-bet"]) == 2
    assert "not a choice of pot" in capsys.readouterr().err
