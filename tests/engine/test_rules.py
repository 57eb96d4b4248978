"""One test per rule of ../shared/DESIGN.md's rules engine section (docs/RULES.md), on hand-written hands.

Seats: Hero (1, button), Villain (2, small blind), Third (3, big blind); $0.05/$0.10.
"""
from __future__ import annotations

from support.common import HEAD

from parsers.pokerstars import ROOM as STARS
from parsers.pokerstars import parse_hand

SEATS = """Seat 1: Hero ($10 in chips)
Seat 2: Villain ($10 in chips)
Seat 3: Third ($10 in chips)
"""
BLINDS = """Villain: posts small blind $0.05
Third: posts big blind $0.10
*** HOLE CARDS ***
"""


def verdict(body: str, head: str = HEAD, seats: str = SEATS):
    return STARS.judge(parse_hand(head + seats + body.strip("\n") + "\n"))


def steal(raise_line: str = "Hero: raises $0.20 to $0.30", extra: str = "") -> str:
    return BLINDS + raise_line + "\n" + extra + """Villain: folds
Third: folds
Uncalled bet ($0.20) returned to Hero
Hero collected $0.25 from pot
*** SUMMARY ***
Total pot $0.25 | Rake $0
Seat 1: Hero (button) collected ($0.25)
"""


SHOWDOWN = BLINDS + """Hero: calls $0.10
Villain: calls $0.05
Third: checks
*** FLOP *** [2c 7d Ts]
Villain: checks
Third: checks
Hero: checks
*** TURN *** [2c 7d Ts] [Jh]
Villain: checks
Third: checks
Hero: checks
*** RIVER *** [2c 7d Ts Jh] [Qh]
Villain: checks
Third: checks
Hero: checks
*** SHOW DOWN ***
Villain: shows [As Ad] (a pair of Aces)
Third: shows [Kc Kd] (a pair of Kings)
Hero: shows [3c 4c] (high card Queen)
Villain collected $0.30 from pot
*** SUMMARY ***
Total pot $0.30 | Rake $0
Board [2c 7d Ts Jh Qh]
"""


def test_a_correct_hand_is_ok():
    assert verdict(steal()).status == "ok"
    assert verdict(SHOWDOWN).status == "ok"


# ------------------------------------------------------------------ structure

def test_duplicate_card():
    v = verdict(SHOWDOWN.replace("[Kc Kd]", "[Kc Ts]"))
    assert v.status == "failed" and "DUPLICATE_CARD" in v.codes


def test_a_hand_of_one_player_fails():
    """One seated player who posts and collects the blind back: no hand was dealt."""
    body = """Hero: posts big blind $0.10
*** HOLE CARDS ***
Hero collected $0.10 from pot
*** SUMMARY ***
Total pot $0.10 | Rake $0
Seat 1: Hero (button) collected ($0.10)
"""
    v = verdict(body, seats="Seat 1: Hero ($10 in chips)\n")
    assert v.status == "failed" and "BAD_SEATING" in v.codes
    assert any("only Hero is dealt in" in f.message for f in v.findings)
    sat_out = SEATS.replace("Villain ($10 in chips)", "Villain ($10 in chips) is sitting out")
    v = verdict(body, seats=sat_out.replace("Third ($10 in chips)",
                                            "Third ($10 in chips) is sitting out"))
    assert v.status == "failed" and "BAD_SEATING" in v.codes


def test_unknown_seat_acting():
    v = verdict(steal(extra="Stranger: folds\n"))
    assert "UNKNOWN_PLAYER" in v.codes


def test_wrong_number_of_board_cards():
    v = verdict(SHOWDOWN.replace("*** RIVER *** [2c 7d Ts Jh] [Qh]", "")
                .replace("Board [2c 7d Ts Jh Qh]", "Board [2c 7d Ts Jh]")
                .replace("Villain: checks\nThird: checks\nHero: checks\n*** SHOW", "*** SHOW"))
    assert "BAD_BOARD" in v.codes


# ------------------------------------------------------------------ order

def test_acting_out_of_turn():
    v = verdict(BLINDS + """Villain: folds
Hero: raises $0.20 to $0.30
Third: folds
Uncalled bet ($0.20) returned to Hero
Hero collected $0.25 from pot
*** SUMMARY ***
Total pot $0.25 | Rake $0
""")
    assert "OUT_OF_TURN" in v.codes


def test_acting_after_folding():
    v = verdict(steal(extra="Villain: folds\n").replace("Villain: folds\nThird: folds",
                                                         "Third: folds\nVillain: checks", 1))
    assert "ACTS_AFTER_FOLD" in v.codes


def test_acting_after_being_all_in():
    v = verdict(BLINDS + """Hero: raises $9.90 to $10 and is all-in
Villain: folds
Third: calls $9.90 and is all-in
*** FLOP *** [2c 7d Ts]
Hero: checks
*** TURN *** [2c 7d Ts] [Jh]
*** RIVER *** [2c 7d Ts Jh] [Qh]
*** SHOW DOWN ***
Hero: shows [As Ad] (a pair of Aces)
Third: shows [Kc Kd] (a pair of Kings)
Hero collected $20.05 from pot
*** SUMMARY ***
Total pot $20.05 | Rake $0
Board [2c 7d Ts Jh Qh]
""")
    assert "ACTS_WHILE_ALL_IN" in v.codes


def test_betting_round_closed_too_early():
    v = verdict(SHOWDOWN.replace("*** FLOP *** [2c 7d Ts]\nVillain: checks\nThird: checks\nHero: checks",
                                 "*** FLOP *** [2c 7d Ts]\nVillain: checks\nThird: checks"))
    assert "ROUND_CLOSED_EARLY" in v.codes


def test_incomplete_all_in_raise_does_not_reopen_betting():
    seats = SEATS.replace("Villain ($10 in chips)", "Villain ($0.45 in chips)")
    body = BLINDS + """Hero: raises $0.20 to $0.30
Villain: raises $0.15 to $0.45 and is all-in
Third: folds
Hero: raises $1.05 to $1.50
Uncalled bet ($1.05) returned to Hero
*** FLOP *** [2c 7d Ts]
*** TURN *** [2c 7d Ts] [Jh]
*** RIVER *** [2c 7d Ts Jh] [Qh]
*** SHOW DOWN ***
Hero: shows [As Ad] (a pair of Aces)
Villain: shows [Kc Kd] (a pair of Kings)
Hero collected $1 from pot
*** SUMMARY ***
Total pot $1 | Rake $0
Board [2c 7d Ts Jh Qh]
"""
    v = verdict(body, seats=seats)
    assert "REOPENED_WRONGLY" in v.codes
    legal = body.replace("Hero: raises $1.05 to $1.50\nUncalled bet ($1.05) returned to Hero\n",
                         "Hero: calls $0.15\n")
    assert verdict(legal, seats=seats).status == "ok"


# ------------------------------------------------------------------ amounts

def test_call_amount_wrong():
    v = verdict(SHOWDOWN.replace("Villain: calls $0.05", "Villain: calls $0.04"))
    assert "BAD_CALL_AMOUNT" in v.codes


def test_bet_below_the_minimum():
    v = verdict(BLINDS + """Hero: calls $0.10
Villain: calls $0.05
Third: checks
*** FLOP *** [2c 7d Ts]
Villain: bets $0.05
Third: folds
Hero: folds
Uncalled bet ($0.05) returned to Villain
Villain collected $0.30 from pot
*** SUMMARY ***
Total pot $0.30 | Rake $0
Board [2c 7d Ts]
""")
    assert "BET_TOO_SMALL" in v.codes


def test_raise_below_the_minimum_raise():
    v = verdict(BLINDS + """Hero: raises $0.20 to $0.30
Villain: raises $0.10 to $0.40
Third: folds
Hero: folds
Uncalled bet ($0.10) returned to Villain
Villain collected $0.70 from pot
*** SUMMARY ***
Total pot $0.70 | Rake $0
""")
    assert "RAISE_TOO_SMALL" in v.codes


PL = HEAD.replace("Hold'em No Limit", "Hold'em Pot Limit")


def test_pot_limit_raise_above_the_pot():
    # pot before Hero: 0.15; Hero may call 0.10 and raise 0.25: to 0.35 at most
    assert verdict(steal("Hero: raises $0.25 to $0.35").replace("$0.20) returned", "$0.25) returned"),
                   head=PL).status == "ok"
    v = verdict(steal("Hero: raises $0.26 to $0.36").replace("$0.20) returned", "$0.26) returned"),
                head=PL)
    assert "OVER_POT_LIMIT" in v.codes


FL = HEAD.replace("Hold'em No Limit ($0.05/$0.10 USD)", "Hold'em Limit ($0.10/$0.20 USD)")


def test_fixed_limit_bet_not_the_small_or_big_bet():
    ok = steal("Hero: raises $0.10 to $0.20").replace("$0.20) returned", "$0.10) returned")
    assert verdict(ok, head=FL).status == "ok"
    v = verdict(steal("Hero: raises $0.20 to $0.30"), head=FL)
    assert "WRONG_LIMIT_AMOUNT" in v.codes


def test_more_than_the_cap():
    body = BLINDS + """Hero: raises $0.10 to $0.20
Villain: raises $0.10 to $0.30
Third: raises $0.10 to $0.40
Hero: raises $0.10 to $0.50
Villain: folds
Third: folds
Uncalled bet ($0.10) returned to Hero
Hero collected $1.10 from pot
*** SUMMARY ***
Total pot $1.10 | Rake $0
"""
    v = verdict(body, head=FL)
    assert v.codes == ["OVER_CAP"]  # the hand is otherwise consistent


def test_fixed_limit_all_in_raise_of_half_a_bet_reopens_the_betting():
    body = BLINDS + """Hero: raises $0.10 to $0.20
Villain: raises $0.05 to $0.25 and is all-in
Third: folds
Hero: raises $0.15 to $0.40
Uncalled bet ($0.15) returned to Hero
*** FLOP *** [2c 7d Ts]
*** TURN *** [2c 7d Ts] [Jh]
*** RIVER *** [2c 7d Ts Jh] [Qh]
*** SHOW DOWN ***
Hero: shows [As Ad] (a pair of Aces)
Villain: shows [Kc Kd] (a pair of Kings)
Hero collected $0.60 from pot
*** SUMMARY ***
Total pot $0.60 | Rake $0
Board [2c 7d Ts Jh Qh]
"""
    seats = SEATS.replace("Villain ($10 in chips)", "Villain ($0.25 in chips)")
    assert verdict(body, head=FL, seats=seats).status == "ok"
    # the half-bet rule: the all-in counts as a full raise (to $0.30), so the next raise
    # is to $0.40, not a bet more than the all-in
    over_all_in = body.replace("raises $0.15 to $0.40", "raises $0.10 to $0.35").replace(
        "($0.15) returned", "($0.10) returned")
    v = verdict(over_all_in, head=FL, seats=seats)
    assert v.codes == ["WRONG_LIMIT_AMOUNT"] and "the raise is to 0.40" in v.findings[0].message
    # less than half a bet: an incomplete raise, which does not reopen
    short = (body.replace("raises $0.05 to $0.25", "raises $0.04 to $0.24")
             .replace("raises $0.15 to $0.40", "raises $0.06 to $0.30")
             .replace("($0.15) returned", "($0.06) returned").replace("$0.60", "$0.58"))
    v = verdict(short, head=FL, seats=SEATS.replace("Villain ($10 in chips)",
                                                    "Villain ($0.24 in chips)"))
    assert v.codes == ["REOPENED_WRONGLY"]


def test_fixed_limit_short_all_in_bet_is_completed_to_a_full_bet():
    """Less than half a bet all-in counts as no bet: the next player completes it to
    the full bet; half a bet or more counts as a full bet, raised a bet more."""
    def river(all_in: str, raise_to: str) -> str:
        return BLINDS + f"""Hero: calls $0.10
Villain: calls $0.05
Third: checks
*** FLOP *** [2c 7d Ts]
Villain: checks
Third: checks
Hero: checks
*** TURN *** [2c 7d Ts] [Jh]
Villain: bets ${all_in} and is all-in
Third: raises ${float(raise_to) - float(all_in):.2f} to ${raise_to}
Hero: folds
Uncalled bet (${float(raise_to) - float(all_in):.2f}) returned to Third
*** RIVER *** [2c 7d Ts Jh] [Qh]
*** SHOW DOWN ***
Villain: shows [As Ad] (a pair of Aces)
Third: shows [Kc Kd] (a pair of Kings)
Villain collected ${0.30 + 2 * float(all_in):.2f} from pot
*** SUMMARY ***
Total pot ${0.30 + 2 * float(all_in):.2f} | Rake $0
Board [2c 7d Ts Jh Qh]
"""
    # "Limit ($0.10/$0.20)" names the bets: the turn's is $0.20, half of it $0.10
    for all_in, stack, good, bad in (("0.15", "0.25", "0.40", "0.35"),
                                     ("0.10", "0.20", "0.40", "0.30"),
                                     ("0.05", "0.15", "0.20", "0.25")):
        seats = SEATS.replace("Villain ($10 in chips)", f"Villain (${stack} in chips)")
        assert verdict(river(all_in, good), head=FL, seats=seats).status == "ok", all_in
        v = verdict(river(all_in, bad), head=FL, seats=seats)
        assert v.codes == ["WRONG_LIMIT_AMOUNT"], (all_in, v.codes)


def test_more_chips_than_the_stack():
    v = verdict(steal("Hero: raises $10.90 to $11"))
    assert "OVER_STACK" in v.codes


# ------------------------------------------------------------------ pots

SIDE = """Seat 1: Hero ($10 in chips)
Seat 2: Villain ($2 in chips)
Seat 3: Third ($5 in chips)
"""
SIDE_BODY = BLINDS + """Hero: raises $9.90 to $10 and is all-in
Villain: calls $1.95 and is all-in
Third: calls $4.90 and is all-in
Uncalled bet ($5) returned to Hero
*** FLOP *** [2c 7d Ts]
*** TURN *** [2c 7d Ts] [Jh]
*** RIVER *** [2c 7d Ts Jh] [Qh]
*** SHOW DOWN ***
Hero: shows [3c 4c] (high card Queen)
Villain: shows [As Ad] (a pair of Aces)
Third: shows [Kc Kd] (a pair of Kings)
Third collected $6 from side pot
Villain collected $6 from main pot
*** SUMMARY ***
Total pot $12 Main pot $6. Side pot $6. | Rake $0
Board [2c 7d Ts Jh Qh]
"""


def test_main_and_side_pots_rebuilt():
    assert verdict(SIDE_BODY, seats=SIDE).status == "ok"


def test_all_in_player_stays_in_for_the_pots_contributed_to():
    # Villain, all-in for the least, wins only the main pot
    v = verdict(SIDE_BODY.replace("Third collected $6 from side pot\nVillain collected $6 from main pot",
                                  "Villain collected $12 from pot"), seats=SIDE)
    assert v.status == "failed"


def test_uncalled_bet_returned_wrongly():
    v = verdict(SIDE_BODY.replace("Uncalled bet ($5)", "Uncalled bet ($4)"), seats=SIDE)
    assert "BAD_UNCALLED_RETURN" in v.codes


def test_collected_plus_rake_differs_from_pot():
    v = verdict(steal().replace("Total pot $0.25 | Rake $0", "Total pot $0.25 | Rake $0.02"))
    assert "RAKE_MISMATCH" in v.codes


def test_pot_awarded_to_player_not_eligible():
    v = verdict(SIDE_BODY.replace("Third collected $6 from side pot", "Villain collected $6 from side pot"),
                seats=SIDE)
    assert "NOT_ELIGIBLE" in v.codes


def test_split_not_equal():
    tie = SHOWDOWN.replace("[Kc Kd] (a pair of Kings)", "[Ac Ah] (a pair of Aces)").replace(
        "Villain collected $0.30 from pot", "Villain collected $0.15 from pot\nThird collected $0.15 from pot")
    assert verdict(tie).status == "ok"
    v = verdict(tie.replace("Villain collected $0.15", "Villain collected $0.20")
                .replace("Third collected $0.15", "Third collected $0.10"))
    assert "BAD_SPLIT" in v.codes


def test_ties_split_equally_odd_chip_left_of_the_button():
    tie = SHOWDOWN.replace("[Kc Kd] (a pair of Kings)", "[Ac Ah] (a pair of Aces)").replace(
        "Villain collected $0.30 from pot", "Villain collected $0.15 from pot\nThird collected $0.14 from pot"
    ).replace("Total pot $0.30 | Rake $0", "Total pot $0.30 | Rake $0.01")
    assert verdict(tie).status == "ok"
    swapped = tie.replace("Villain collected $0.15", "Villain collected $0.14").replace(
        "Third collected $0.14", "Third collected $0.15")
    assert "BAD_SPLIT" in verdict(swapped).codes


# ------------------------------------------------------------------ showdown

def test_winner_without_the_best_hand():
    v = verdict(SHOWDOWN.replace("Villain collected $0.30", "Third collected $0.30"))
    assert "WRONG_WINNER" in v.codes


def test_printed_hand_name_mismatch():
    v = verdict(SHOWDOWN.replace("(a pair of Kings)", "(two pair, Kings and Queens)"))
    assert "HAND_NAME_MISMATCH" in v.codes


def test_hidden_cards_at_showdown_are_unverifiable():
    v = verdict(SHOWDOWN.replace("Villain: shows [As Ad] (a pair of Aces)\n", ""))
    assert v.status == "unverifiable" and "CARDS_NOT_SHOWN" in v.codes


def test_summary_that_disagrees_with_the_hand():
    v = verdict(SHOWDOWN + "Seat 2: Villain (small blind) showed [As Ad] and won ($0.40) with a pair of Aces\n")
    assert "SUMMARY_MISMATCH" in v.codes


def test_the_room_s_own_account_of_each_player_against_the_replay():
    # Hand.player_totals (iPoker's bet= and win=): what each put in, what came back
    from dataclasses import replace as with_
    from decimal import Decimal as D
    hand = parse_hand(HEAD + SEATS + steal())
    right = (("Hero", D("0.30"), D("0.45")), ("Villain", D("0.05"), D(0)),
             ("Third", D("0.10"), D(0)))
    assert STARS.judge(with_(hand, player_totals=right)).status == "ok"
    off = STARS.judge(with_(hand, player_totals=(("Hero", D("0.35"), D("0.45")),) + right[1:]))
    assert [(f.code, f.severity, f.message) for f in off.findings] == [
        ("POT_MISMATCH", "error", "Hero puts in 0.30 by the actions; the room's own account "
                                  "says 0.35")]
    back = STARS.judge(with_(hand, player_totals=right[:2] + (("Third", D("0.10"), D("0.05")),)))
    assert [(f.code, f.message) for f in back.findings] == [
        ("SUMMARY_MISMATCH", "Third takes back 0 in the hand (collected, and an uncalled bet "
                             "given back); the room's own account says 0.05")]
    # what comes back without a figure (None) is not judged; the extra it counts in, no
    # more than that bet, a warning
    apart = STARS.judge(with_(hand, player_totals=(("Hero", D("0.35"), None),) + right[1:]))
    assert apart.status == "warning" and apart.codes == ["POT_MISMATCH"]


# ------------------------------------------------------------------ standard order

HEADS_UP = """Seat 1: Hero ($10 in chips)
Seat 2: Villain ($10 in chips)
"""


def test_heads_up_button_posts_small_blind_acts_first_preflop_and_last_after():
    head = HEAD
    body = """Hero: posts small blind $0.05
Villain: posts big blind $0.10
*** HOLE CARDS ***
Hero: calls $0.05
Villain: checks
*** FLOP *** [2c 7d Ts]
Villain: checks
Hero: bets $0.20
Villain: folds
Uncalled bet ($0.20) returned to Hero
Hero collected $0.20 from pot
*** SUMMARY ***
Total pot $0.20 | Rake $0
Board [2c 7d Ts]
"""
    assert verdict(body, head=head, seats=HEADS_UP).status == "ok"
    # the big blind acting first before the flop is out of turn
    assert "OUT_OF_TURN" in verdict(body.replace("Hero: calls $0.05\nVillain: checks",
                                                 "Villain: checks\nHero: calls $0.05"),
                                    head=head, seats=HEADS_UP).codes
    # and the button acting first after the flop, too
    assert "OUT_OF_TURN" in verdict(body.replace("Villain: checks\nHero: bets $0.20",
                                                 "Hero: bets $0.20\nVillain: checks")
                                    .replace("Villain: folds\n", ""),
                                    head=head, seats=HEADS_UP).codes


def test_preflop_starts_left_of_the_big_blind_later_streets_left_of_the_button():
    assert verdict(SHOWDOWN).status == "ok"
    v = verdict(SHOWDOWN.replace("*** FLOP *** [2c 7d Ts]\nVillain: checks\nThird: checks",
                                 "*** FLOP *** [2c 7d Ts]\nThird: checks\nVillain: checks"))
    assert "OUT_OF_TURN" in v.codes


def test_live_big_blind_keeps_the_option():
    v = verdict(SHOWDOWN.replace("Villain: calls $0.05\nThird: checks\n", "Villain: calls $0.05\n"))
    assert "ROUND_CLOSED_EARLY" in v.codes
    option = BLINDS + """Hero: calls $0.10
Villain: calls $0.05
Third: raises $0.20 to $0.30
Hero: folds
Villain: folds
Uncalled bet ($0.20) returned to Third
Third collected $0.30 from pot
*** SUMMARY ***
Total pot $0.30 | Rake $0
"""
    assert verdict(option).status == "ok"


def test_antes_and_straddles():
    body = """Hero: posts the ante $0.01
Villain: posts the ante $0.01
Third: posts the ante $0.01
Fourth: posts the ante $0.01
Villain: posts small blind $0.05
Third: posts big blind $0.10
Fourth: posts straddle $0.20
*** HOLE CARDS ***
Hero: raises $0.20 to $0.40
Villain: folds
Third: folds
Fourth: folds
Uncalled bet ($0.20) returned to Hero
Hero collected $0.59 from pot
*** SUMMARY ***
Total pot $0.59 | Rake $0
"""
    seats = SEATS + "Seat 4: Fourth ($10 in chips)\n"
    head = HEAD
    # the order: Hero (1) is first after the straddler (4); min raise after a straddle is to 0.40
    assert verdict(body, head=head, seats=seats).status == "ok"
    small = body.replace("raises $0.20 to $0.40", "raises $0.10 to $0.30").replace(
        "Uncalled bet ($0.20)", "Uncalled bet ($0.10)")
    assert "RAISE_TOO_SMALL" in verdict(small, head=head, seats=seats).codes


def test_the_rules_doc_names_each_room_whose_rules_differ():
    """docs/RULES.md's table lists, per rule, the rooms whose rules differ from the
    default: every room's every such rule is in its row."""
    from dataclasses import fields

    from support.common import ROOT
    from engine.rules.room_rules import DEFAULT
    from parsers.registry import rooms
    doc = (ROOT / "docs" / "RULES.md").read_text(encoding="utf-8").split("## Room rules")[1]
    rows = {line.split("`")[1]: line for line in doc.splitlines() if line.startswith("| `")}
    assert set(rows) == {f.name for f in fields(DEFAULT)} - {"name"}
    for room in rooms():
        for f in fields(DEFAULT):
            mine, default = getattr(room.rules, f.name), getattr(DEFAULT, f.name)
            if f.name != "name" and mine != default:
                assert room.title in rows[f.name], (room.title, f.name)
