"""The PokerStars grammar and builder, line form by line form."""
from __future__ import annotations

from datetime import datetime
from decimal import Decimal as D

import pytest
from support.common import HEAD

from engine.model.hand import Hand, Kind, Street, Structure, UnsupportedHand
from engine.rules.replay import replay
from parsers.base.errors import ParseError
from parsers.pokerstars import ROOM as STARS
from parsers.pokerstars import parse_hand

SEATS = """Seat 1: Hero ($10 in chips)
Seat 2: Villain ($12.40 in chips)
Seat 3: Third ($5 in chips)
"""
SUMMARY_FOLDS = """Seat 2: Villain (small blind) folded before Flop
Seat 3: Third (big blind) folded before Flop
"""


def hand(body: str, head: str = HEAD, seats: str = SEATS) -> Hand:
    return parse_hand(head + seats + body.strip("\n") + "\n")


STEAL = """Villain: posts small blind $0.05
Third: posts big blind $0.10
*** HOLE CARDS ***
Dealt to Hero [Ah Kd]
Hero: raises $0.20 to $0.30
Villain: folds
Third: folds
Uncalled bet ($0.20) returned to Hero
Hero collected $0.25 from pot
Hero: doesn't show hand
*** SUMMARY ***
Total pot $0.25 | Rake $0
Seat 1: Hero (button) collected ($0.25)
""" + SUMMARY_FOLDS


def test_a_simple_hand_is_read_completely():
    h = hand(STEAL)
    assert (h.site, h.hand_id, h.game, h.structure) == ("PokerStars", "100000000001",
                                                        "Hold'em", Structure.NO_LIMIT)
    assert (h.stakes.small_blind, h.stakes.big_blind, h.currency) == (D("0.05"), D("0.10"), "USD")
    assert (h.table, h.max_seats, h.button_seat) == ("Alcor", 6, 1)
    assert [(s.seat, s.player, s.stack) for s in h.seats] == [
        (1, "Hero", D(10)), (2, "Villain", D("12.40")), (3, "Third", D(5))]
    assert h.hero == "Hero" and h.seats[0].hole_cards == ("Ah", "Kd")
    assert [(a.street, a.player, a.kind, a.amount, a.raise_to) for a in h.actions] == [
        (Street.PREDEAL, "Villain", Kind.POST_SB, D("0.05"), None),
        (Street.PREDEAL, "Third", Kind.POST_BB, D("0.10"), None),
        (Street.PREFLOP, "Hero", Kind.RAISE, D("0.30"), D("0.30")),
        (Street.PREFLOP, "Villain", Kind.FOLD, D(0), None),
        (Street.PREFLOP, "Third", Kind.FOLD, D(0), None)]
    assert h.uncalled == (("Hero", D("0.20")),)
    assert [(c.player, c.amount, c.pot) for c in h.collects] == [("Hero", D("0.25"), None)]
    assert (h.summary.total_pot, h.summary.rake) == (D("0.25"), D(0))
    assert [s.outcome for s in h.summary.seats] == ["collected", "folded", "folded"]
    assert STARS.judge(h).status == "ok"


def test_times_are_kept_local_and_converted_to_utc():
    h = hand(STEAL)
    assert h.played_at == datetime(2024, 3, 9, 21, 15, 2) and h.time_zone == "CET"
    assert h.played_at_utc == datetime(2024, 3, 9, 20, 15, 2)


def test_raise_adds_what_it_takes_to_reach_the_total_not_the_written_increment():
    h = hand("""Villain: posts small blind $0.05
Third: posts big blind $0.10
*** HOLE CARDS ***
Hero: raises $0.30 to $0.30
Villain: folds
Third: raises $0.90 to $1
Hero: calls $0.70
*** FLOP *** [2c 7d Ts]
Third: bets $1 and is all-in
Hero: folds
Uncalled bet ($1) returned to Third
Third collected $2.05 from pot
*** SUMMARY ***
Total pot $2.05 | Rake $0
Board [2c 7d Ts]
Seat 1: Hero (button) folded on the Flop
Seat 2: Villain (small blind) folded before Flop
Seat 3: Third (big blind) collected ($2.05)
""")
    raises = [a for a in h.actions if a.kind == Kind.RAISE]
    assert [(a.amount, a.raise_to) for a in raises] == [(D("0.30"), D("0.30")), (D("0.90"), D(1))]
    bet = h.actions[-2]
    assert bet.street == Street.FLOP and bet.all_in and bet.raise_to == D(1)
    assert h.boards == (("2c", "7d", "Ts"),)
    assert STARS.judge(h).status == "ok"


def test_small_and_big_blinds_posted_together_leave_only_the_big_blind_live():
    h = hand("""Villain: posts small blind $0.05
Third: posts big blind $0.10
Hero: posts small & big blinds $0.15
*** HOLE CARDS ***
Villain: folds
Third: raises $0.20 to $0.30
Hero: calls $0.20
*** FLOP *** [2c 7d Ts]
Third: checks
Hero: checks
*** SUMMARY ***
Total pot $0.70 | Rake $0
""")
    assert h.actions[2].kind == Kind.POST_SB_BB and h.actions[2].amount == D("0.15")
    assert h.actions[-3].amount == D("0.20")  # 0.10 of Hero's post was live


def test_antes_straddles_and_a_big_blind_above_the_big_blind():
    h = hand("""Hero: posts the ante $0.02
Villain: posts the ante $0.02
Third: posts the ante $0.02
Villain: posts small blind $0.05
Third: posts big blind $0.10
Hero: posts straddle $0.20
*** HOLE CARDS ***
Villain: folds
Third: folds
Uncalled bet ($0.10) returned to Hero
Hero collected $0.41 from pot
*** SUMMARY ***
Total pot $0.41 | Rake $0
""")
    assert h.stakes.ante == D("0.02")
    assert [a.kind for a in h.actions[:6]] == [Kind.POST_ANTE] * 3 + [
        Kind.POST_SB, Kind.POST_BB, Kind.POST_STRADDLE]
    pm = hand("""Villain: posts small blind $2
Third: posts big blind $4
Hero: posts big blind $8
*** HOLE CARDS ***
Villain: folds
Third: folds
*** SUMMARY ***
Total pot $14 | Rake $0
""", head=HEAD.replace("PokerStars Hand", "PokerMaster Hand").replace("$0.05/$0.10", "$2/$4"))
    assert pm.site == "PokerMaster" and pm.actions[2].kind == Kind.POST_STRADDLE


def test_capped_no_limit():
    h = hand("""Villain: posts small blind $0.25
Third: posts big blind $0.50
*** HOLE CARDS ***
Hero: raises $9.50 to $10 and has reached the $10 cap
Villain: folds
Third: folds
Uncalled bet ($9.50) returned to Hero
Hero collected $1.25 from pot
*** SUMMARY ***
Total pot $1.25 | Rake $0
""", head=HEAD.replace("($0.05/$0.10 USD)", "($0.25/$0.50 - $10 Cap -  USD)"))
    assert h.stakes.cap == D(10) and h.actions[2].raise_to == D(10)


SIDE_POTS = """Villain: posts small blind $0.05
Third: posts big blind $0.10
*** HOLE CARDS ***
Hero: raises $0.20 to $0.30
Villain: raises $12.10 to $12.40 and is all-in
Third: calls $4.90 and is all-in
Hero: calls $9.70 and is all-in
*** FLOP *** [2c 7d Ts]
*** TURN *** [2c 7d Ts] [Jh]
*** RIVER *** [2c 7d Ts Jh] [Qh]
*** SHOW DOWN ***
Hero: shows [As Ad] (a pair of Aces)
Villain: shows [Kc Kd] (a pair of Kings)
Third: shows [Ac Kh] (a straight, Ten to Ace)
Uncalled bet ($2.40) returned to Villain
Hero collected $10 from side pot
Third collected $15 from main pot
*** SUMMARY ***
Total pot $25 Main pot $15. Side pot $10. | Rake $0
Board [2c 7d Ts Jh Qh]
Seat 1: Hero (button) showed [As Ad] and won ($10) with a pair of Aces
Seat 2: Villain (small blind) showed [Kc Kd] and lost with a pair of Kings
Seat 3: Third (big blind) showed [Ac Kh] and won ($15) with a straight, Ten to Ace
"""


def test_side_pots_are_collected_by_name_and_summarised():
    h = hand(SIDE_POTS)
    assert [(c.player, c.pot) for c in h.collects] == [("Hero", 1), ("Third", 0)]
    assert h.summary.pots == (D(15), D(10))
    assert [(s.player, s.hand_name) for s in h.shows][2] == ("Third", "a straight, Ten to Ace")
    assert h.summary.seats[2].won == (D(15),)
    assert STARS.judge(h).status == "ok"


def test_a_changed_collected_amount_is_named():
    h = hand(SIDE_POTS.replace("Hero collected $10 from side pot", "Hero collected $11 from side pot"))
    assert {"RAKE_MISMATCH", "SUMMARY_MISMATCH"} <= set(STARS.judge(h).codes)


def test_cash_out_line():
    h = hand(SIDE_POTS.replace("Hero collected $10 from side pot\n",
                               "Hero collected $10 from side pot\n"
                               "Villain cashed out the hand for $1.50 | Cash Out Fee $0.03\n"))
    assert h.cash_outs == (("Villain", D("1.50"), D("0.03")),)


def test_run_it_twice_gives_two_boards():
    h = hand("""Villain: posts small blind $0.05
Third: posts big blind $0.10
*** HOLE CARDS ***
Hero: raises $9.90 to $10 and is all-in
Villain: folds
Third: calls $4.90 and is all-in
Uncalled bet ($5) returned to Hero
*** FIRST FLOP *** [2c 7d Ts]
*** SECOND FLOP *** [3c 8d 9s]
*** FIRST TURN *** [2c 7d Ts] [Jh]
*** SECOND TURN *** [3c 8d 9s] [4h]
*** FIRST RIVER *** [2c 7d Ts Jh] [Qh]
*** SECOND RIVER *** [3c 8d 9s 4h] [5h]
*** FIRST SHOW DOWN ***
Hero: shows [As Ad] (a pair of Aces)
Third: shows [Kc Kd] (a pair of Kings)
Hero collected $5.02 from pot
*** SECOND SHOW DOWN ***
Hero: shows [As Ad] (a pair of Aces)
Third: shows [Kc Kd] (a pair of Kings)
Hero collected $5.03 from pot
*** SUMMARY ***
Total pot $10.05 | Rake $0
Hand was run twice
FIRST Board [2c 7d Ts Jh Qh]
SECOND Board [3c 8d 9s 4h 5h]
Seat 1: Hero (button) showed [As Ad] and won ($5.02) with a pair of Aces, and won ($5.03) with a pair of Aces
Seat 2: Villain (small blind) folded before Flop
Seat 3: Third (big blind) showed [Kc Kd] and lost with a pair of Kings, and lost with a pair of Kings
""")
    assert h.boards == (("2c", "7d", "Ts", "Jh", "Qh"), ("3c", "8d", "9s", "4h", "5h"))
    assert [(c.amount, c.run) for c in h.collects] == [(D("5.02"), 1), (D("5.03"), 2)]
    assert h.summary.seats[0].won == (D("5.02"), D("5.03"))
    assert STARS.judge(h).status == "ok"


def test_an_unknown_line_is_a_parse_error_at_its_line():
    with pytest.raises(ParseError) as err:
        hand(STEAL.replace("Villain: folds", "Villain: dances on the table"))
    assert err.value.reason == "unrecognised line"
    assert err.value.line == 11
    assert "dances" in err.value.detail


def test_a_line_out_of_place_is_a_parse_error():
    with pytest.raises(ParseError) as err:
        hand(STEAL + "Villain: posts small blind $0.05\n")
    assert err.value.reason.startswith("line out of place")


def test_a_hand_without_summary_is_a_parse_error():
    with pytest.raises(ParseError) as err:
        hand(STEAL.split("*** SUMMARY ***")[0])
    assert "SUMMARY" in err.value.reason


def test_a_bad_card_is_a_parse_error():
    with pytest.raises(ParseError) as err:
        hand(STEAL.replace("[Ah Kd]", "[Ah Zz]"))
    assert err.value.reason == "bad card"


def test_a_hidden_card_is_left_out():
    h = hand(SIDE_POTS.replace("Hero: shows [As Ad]", "Hero: shows [XX Ad]"))
    assert h.shows[0].cards == ("Ad",)


@pytest.mark.parametrize("game", ["6+ Hold'em", "Omaha Hi/Lo", "Omaha", "5 Card Omaha",
                                  "Courchevel", "Split Hold'em"])
def test_other_games_are_recognised_not_misread(game):
    head = HEAD.replace("Hold'em No Limit", f"{game} Pot Limit")
    if game == "6+ Hold'em":
        head = head.replace("($0.05/$0.10 USD)", "(Button Blind $2 - Ante $2  USD)")
    h = parse_hand(head + SEATS + "Whatever: the rest of this hand is not read\n")
    assert isinstance(h, UnsupportedHand) and h.game == game


def test_zoom_archive_lines_are_indented():
    text = (HEAD + SEATS + STEAL).replace("PokerStars Hand", "PokerStars Zoom Hand")
    h = parse_hand(text.replace("\n", "\n "))
    assert h.zoom and len(h.actions) == 5


def test_tournament_header_seats_and_events():
    head = ("PokerStars Hand #204469397162: Tournament #2570765244, Freeroll  Hold'em No Limit"
            " - Level XII (350/700) - 2019/09/21 16:47:02 MSK [2019/09/21 9:47:02 ET]\n"
            "Table '2570765244 708' 9-max Seat #1 is the button\n")
    seats = ("Seat 1: Hero (34539 in chips, $0.91 bounty)\n"
             "Seat 2: Villain (12000 in chips) is sitting out\n"
             "Seat 3: Third (1475 in chips) out of hand (moved from another table into small blind)\n"
             "Seat 4: Fourth (5000 in chips)\n")
    h = parse_hand(head + seats + """Hero: posts the ante 70
Fourth: posts the ante 70
Fourth joins the table at seat #4
Hero: posts small blind 350
Fourth: posts big blind 700
*** HOLE CARDS ***
Hero said, "gl"
Hero: folds
Uncalled bet (350) returned to Fourth
Fourth collected 840 from pot
Hero finished the tournament in 3rd place and received $1.20.
*** SUMMARY ***
Total pot 840 | Rake 0
Seat 1: Hero (button) (small blind) folded before Flop
Seat 4: Fourth (big blind) collected (840)
""")
    assert (h.tournament_id, h.tournament_level, h.buy_in, h.currency) == (
        "2570765244", "XII", "Freeroll", "chips")
    assert (h.stakes.small_blind, h.stakes.big_blind, h.stakes.ante) == (D(350), D(700), D(70))
    assert h.seats[0].bounty == D("0.91")
    assert [s.sitting_out for s in h.seats] == [False, True, True, False]
    assert h.played_at_utc == datetime(2019, 9, 21, 13, 47, 2)
    assert STARS.judge(h).status == "ok"


def test_fixed_limit_stakes_name_the_bets():
    h = hand("""Villain: posts small blind $0.25
Third: posts big blind $0.50
*** HOLE CARDS ***
Hero: folds
Villain: folds
Uncalled bet ($0.25) returned to Third
Third collected $0.50 from pot
*** SUMMARY ***
Total pot $0.50 | Rake $0
""", head=HEAD.replace("Hold'em No Limit ($0.05/$0.10 USD)", "Hold'em Limit ($0.50/$1 USD)"))
    st = h.stakes
    assert h.structure == Structure.FIXED_LIMIT
    assert (st.small_blind, st.big_blind, st.small_bet, st.big_bet) == (
        D("0.25"), D("0.50"), D("0.50"), D(1))


@pytest.mark.parametrize("header, expect", [
    ("PokerStars Game #1003659126: Hold'em No Limit ($1/$2) - 2009/10/12 - 23:45:12 (ET)",
     ("PokerStars", "USD", "ET", datetime(2009, 10, 13, 3, 45, 12))),
    ("POKERSTARS GAME #13177128246:  HOLD'EM NO LIMIT ($2/$4) - 2007/11/11 - 13:27:23 (ET)",
     ("PokerStars", "USD", "ET", datetime(2007, 11, 11, 18, 27, 23))),
    ("PokerStars Hand #3406008447: Hold'em No Limit ($10/$20) - 2017/01/01 17:36:54",
     ("PokerStars", "USD", None, None)),
    ("Run It Once Poker Hand #30702949: Hold'em No Limit (€0.02/€0.04) - 2019/02/08 15:19 UTC [2019/02/08 16:19 CET]",
     ("Run It Once", "EUR", "UTC", datetime(2019, 2, 8, 15, 19))),
    ("PokerMaster Hand #3713015100020: Hold'em No Limit (¥2/¥4 CNY) - 2019/03/19 10:57:09 UTC",
     ("PokerMaster", "CNY", "UTC", datetime(2019, 3, 19, 10, 57, 9))),
    ("PokerStars Home Game #40404040404: {The Club}  Hold'em No Limit ($0.01/$0.02) - 2020/01/01 10:00:00 ET",
     ("PokerStars", "USD", "ET", datetime(2020, 1, 1, 15, 0))),
    ("PokerStars Hand #1: Hold'em No Limit (50/100) - 2020/01/01 10:00:00 ET",
     ("PokerStars", "play", "ET", datetime(2020, 1, 1, 15, 0))),
    ("PokerStars Home Game Hand #211213343323: {Rubes and Donks}  Hold'em No Limit (25/50) - 2020/04/02 20:45:33 ET",
     ("PokerStars", "play", "ET", datetime(2020, 4, 3, 0, 45, 33))),
    ("PokerStars Zoom Hand #1: Hold'em No Limit ($0.05/$0.10) - 2020/01/01 10:00:00 ET",
     ("PokerStars", "USD", "ET", datetime(2020, 1, 1, 15, 0))),
    ("Full Tilt Hand #19190000001: Hold'em No Limit ($0.05/$0.10) - 2017/01/01 10:00:00 ET",
     ("Full Tilt", "USD", "ET", datetime(2017, 1, 1, 15, 0))),
    ("Full Tilt Rush Hand #19190000002: Hold'em No Limit ($0.05/$0.10) - 2017/01/01 10:00:00 ET",
     ("Full Tilt", "USD", "ET", datetime(2017, 1, 1, 15, 0))),
    ("PokerBros Hand #1616183514566: Hold'em No Limit ($0.50/$1.00) - 2021/03/10 18:40:11 UTC",
     ("PokerBros", "USD", "UTC", datetime(2021, 3, 10, 18, 40, 11))),
])
def test_header_variants(header, expect):
    h = parse_hand(header + "\n" + HEAD.split("\n", 1)[1] + SEATS + STEAL)
    assert (h.site, h.currency, h.time_zone, h.played_at_utc) == expect


def test_pot_limit_preflop_no_limit_after():
    head = ("PokerStars Hand #86183965766: Tournament #2012090038, $200+$15 USD Hold'em Pot "
            "Limit Pre-Flop, No Limit Post-Flop - Level I (10/20) - 2012/09/14 17:05:13 ET\n"
            "Table '2012090038 14' 9-max Seat #1 is the button\n")
    h = parse_hand(head + SEATS + STEAL.replace("$", ""))
    assert h.structure == Structure.PL_PRE_NL_POST and h.buy_in == "$200+$15 USD"


def test_room_bug_summary_disagreement_is_named():
    h = hand(STEAL.replace("Total pot $0.25", "Total pot $0.35"))
    v = STARS.judge(h)
    assert v.status == "failed" and "POT_MISMATCH" in v.codes


# ---- PokerStars as today's client writes it

def test_a_home_game_tournament_with_its_club():
    head = ("PokerStars Home Game Hand #127873232695: {Staples Poker League} Tournament "
            "#1082114955, $1.00+$0.10 USD Hold'em No Limit - Level II (20/40) - 2015/01/01 "
            "15:05:50 MT [2015/01/01 17:05:50 ET]\n"
            "Table '1082114955 3' 9-max Seat #1 is the button\n")
    chips = {"$0.05": "20", "$0.10": "40", "$0.20": "80", "$0.30": "120", "$0.25": "100",
             "$0": "0", "$10 ": "1500 ", "$12.40": "1240", "$5 ": "900 "}
    text = SEATS + STEAL
    for cash, chip in chips.items():
        text = text.replace(cash, chip)
    text = head + text
    h = parse_hand(text)
    assert (h.tournament_id, h.buy_in, h.tournament_level, h.currency) == (
        "1082114955", "$1.00+$0.10 USD", "II", "chips")
    assert STARS.judge(h).status == "ok"
    from parsers.registry import detect
    assert detect("\n\n" + text) is STARS  # not another room's format


def test_lines_ending_in_white_space_read_as_the_same_lines():
    from parsers.base.split import normalise
    text = HEAD + SEATS + STEAL
    spaced = "\n".join(line + (" " if i % 2 else " \t") for i, line in
                       enumerate(text.split("\n")))
    assert parse_hand(normalise(spaced)) == parse_hand(normalise(text))


def test_an_observed_table_has_no_hero():
    h = hand(STEAL.replace("Dealt to Hero [Ah Kd]\n", ""))
    assert h.hero is None and all(not s.hole_cards for s in h.seats)
    assert STARS.judge(h).status == "ok"


SHOWDOWN_BODY = """Villain: posts small blind $0.05
Third: posts big blind $0.10
*** HOLE CARDS ***
Hero: calls $0.10
Villain: calls $0.05
Third: checks
*** FLOP *** [2c 7d Ts]
Villain: checks
Third: checks
Hero: checks
*** TURN *** [2c 7d Ts] [Jh]
Villain: checks
Third: bets $0.30
Hero: folds
Villain: calls $0.30
*** RIVER *** [2c 7d Ts Jh] [3s]
Villain: checks
Third: checks
*** SHOW DOWN ***
Third: shows [Jc Jd] (three of a kind, Jacks)
Villain: mucks hand
Third collected $0.90 from pot
*** SUMMARY ***
Total pot $0.90 | Rake $0
Board [2c 7d Ts Jh 3s]
Seat 1: Hero (button) folded before River
Seat 2: Villain (small blind) mucked [8h 9h]
Seat 3: Third (big blind) showed [Jc Jd] and collected ($0.90) with three of a kind, Jacks
"""


def test_folded_before_river_and_showed_and_collected():
    h = hand(SHOWDOWN_BODY)
    seats = h.summary.seats
    assert seats[0].folded_street == Street.TURN
    assert (seats[2].outcome, seats[2].won, seats[2].hand_names) == (
        "showed", (D("0.90"),), ("three of a kind, Jacks",))
    assert STARS.judge(h).status == "ok"
    wrong = hand(SHOWDOWN_BODY.replace("collected ($0.90)", "collected ($0.80)"))
    assert "SUMMARY_MISMATCH" in STARS.judge(wrong).codes


@pytest.mark.parametrize("line", ["Seat 2: Villain (small blind) mucked",
                                  "Seat 2: Villain mucked"])
def test_a_summary_seat_that_mucked_without_showing_is_read(line):
    """PokerStars' 2019-21 clients (and WPN, and others of the format) write a seat that
    mucked at showdown without its cards."""
    h = hand(SHOWDOWN_BODY.replace("Seat 2: Villain (small blind) mucked [8h 9h]", line))
    seat = h.summary.seats[1]
    assert (seat.player, seat.outcome, seat.cards) == ("Villain", "mucked", ())
    assert STARS.judge(h).status == "ok"


RETURNING = """Villain: posts small blind $0.05
Third: posts big blind $0.10
Hero: posts small blind $0.05
*** HOLE CARDS ***
Hero: raises $0.20 to $0.30
Villain: folds
Third: folds
Uncalled bet ($0.20) returned to Hero
Hero collected $0.30 from pot
*** SUMMARY ***
Total pot $0.30 | Rake $0
Seat 1: Hero (button) collected ($0.30)
"""


def test_a_small_blind_posted_outside_the_small_blind_seat_is_dead_money():
    """A returning player's missed small blind: in the pot, not part of the bet, so
    their raise to $0.30 is called for $0.30 and $0.20 of it comes back."""
    h = hand(RETURNING)
    assert [a.kind for a in h.actions[:3]] == [Kind.POST_SB, Kind.POST_BB, Kind.POST_DEAD]
    assert h.actions[3].amount == D("0.30")  # dead money does not count towards the raise
    assert STARS.judge(h).status == "ok"
    wrong = hand(RETURNING.replace("Uncalled bet ($0.20)", "Uncalled bet ($0.25)")
                 .replace("$0.30 from pot", "$0.25 from pot")
                 .replace("Total pot $0.30", "Total pot $0.25")
                 .replace("collected ($0.30)", "collected ($0.25)"))
    assert "BAD_UNCALLED_RETURN" in STARS.judge(wrong).codes


BIG_BLIND_ANTE = """Villain: posts small blind 50
Third: posts the ante 100
Third: posts big blind 100
*** HOLE CARDS ***
Hero: raises 200 to 300
Villain: folds
Third: folds
Uncalled bet (200) returned to Hero
Hero collected 350 from pot
*** SUMMARY ***
Total pot 350 | Rake 0
Seat 1: Hero (button) collected (350)
"""


def test_a_big_blind_ante_is_no_part_of_the_big_blind_s_bet():
    head = ("PokerStars Hand #200000000001: Tournament #2000000001, $10+$1 USD Hold'em No "
            "Limit - Level V (50/100) - 2020/01/01 10:00:00 ET\n"
            "Table '2000000001 1' 9-max Seat #1 is the button\n")
    h = hand(BIG_BLIND_ANTE, head=head, seats=SEATS.replace("$", "").replace("12.40", "1240")
             .replace("(10 in", "(1000 in").replace("(5 in", "(500 in"))
    assert STARS.judge(h).status == "ok"


CASHED_OUT = """Villain: posts small blind $0.05
Third: posts big blind $0.10
*** HOLE CARDS ***
Hero: raises $4.90 to $5 and is all-in
Villain: folds
Third: calls $4.90 and is all-in
*** FLOP *** [2c 7d Ts]
*** TURN *** [2c 7d Ts] [Jh]
Hero cashed out the hand for $8.10 | Cash Out Fee $0.09
*** RIVER *** [2c 7d Ts Jh] [Qh]
*** SHOW DOWN ***
Hero: shows [As Ad] (a pair of Aces)
Third: shows [Kc Kd] (a pair of Kings)
*** SUMMARY ***
Total pot $10.05 | Rake $0
Board [2c 7d Ts Jh Qh]
Seat 1: Hero (button) showed [As Ad] and won ($10.05) with a pair of Aces (pot not awarded as player cashed out)
Seat 2: Villain (small blind) folded before Flop
Seat 3: Third (big blind) showed [Kc Kd] and lost with a pair of Kings
"""


def test_a_pot_won_by_a_player_who_cashed_out_is_kept_by_the_room():
    h = hand(CASHED_OUT, seats=SEATS.replace("$12.40", "$5").replace("($10 in", "($5 in"))
    assert h.cash_outs == (("Hero", D("8.10"), D("0.09")),)
    assert h.summary.fees == (("cashed out", D("10.05")),)
    assert h.summary.seats[0].won == () and h.summary.seats[0].hand_names == ("a pair of Aces",)
    assert STARS.judge(h).status == "ok"


def test_the_builder_makes_whole_records():
    """The builder makes its named tuples as plain tuples (a speed measure): each
    must still have every field, whatever fields the engine's records gain."""
    h = hand(SHOWDOWN_BODY)
    records = [*h.seats, *h.actions, *h.shows, *h.collects, *h.summary.seats]
    assert {type(r).__name__ for r in records} == {
        "Seat", "Action", "Show", "Collect", "SummarySeat"}
    assert all(len(r) == len(type(r)._fields) for r in records)


def test_anonymised_names_are_anonymous_seats_the_hero_never():
    """An anonymised export names players "Player3", "Seat 5", "Villain2" or by a hash:
    seats, not people (parsers/base/anonymous.py); the hero, dealt the cards, is a
    person whatever the name; a real name is never anonymous."""
    assert hand(STEAL).anonymous == frozenset()
    labels = {"Hero": "Player1", "Villain": "Player2", "Third": "3f9a0c1d2b7e4a6f"}
    text, seats = STEAL, SEATS
    for name, label in labels.items():
        text, seats = text.replace(name, label), seats.replace(name, label)
    h = hand(text, seats=seats)
    assert h.hero == "Player1" and h.anonymous == {"Player2", "3f9a0c1d2b7e4a6f"}
    for real in ("Player", "Seattle", "PlayerOne", "deadbeefcafe", "2024"):
        named = hand(STEAL.replace("Villain", real), seats=SEATS.replace("Villain", real))
        assert named.anonymous == frozenset(), real


# ---- damaged lines that real files hold (converters, exports)

@pytest.mark.parametrize("old, new", [
    ("Seat 3: Third (big blind) folded before Flop", 'Seat 3: Third (big blind) folded before Flop"'),
    ("Seat 1: Hero (button) collected ($0.25)", 'Seat 1: Hero (button) collected ($0.25)"'),
])
def test_a_summary_seat_with_a_stray_quote_at_its_end_is_the_usual_line(old, new):
    """An export that quoted each hand leaves a stray '"' at the end of its last line."""
    h = hand(STEAL.replace(old, new))
    assert h.summary == hand(STEAL).summary
    assert STARS.judge(h).status == "ok"


@pytest.mark.parametrize("line", ["Seat 1: Hero (button) folded before River",
                                  "Seat 2: Villain (small blind) mucked [8h 9h]",
                                  "Seat 3: Third (big blind) showed [Jc Jd] and collected"
                                  " ($0.90) with three of a kind, Jacks"])
def test_each_summary_seat_form_takes_a_stray_quote(line):
    h = hand(SHOWDOWN_BODY.replace(line, line + '"'))
    assert h.summary == hand(SHOWDOWN_BODY).summary
    assert STARS.judge(h).status == "ok"


def test_a_quote_inside_a_summary_seat_is_no_stray_quote():
    with pytest.raises(ParseError):
        hand(STEAL.replace("folded before Flop\n", 'folded "before Flop\n', 1))


@pytest.mark.parametrize("line", [" HOLE CARDS", "** HOLE CARDS **", "*** HOLE CARDS",
                                  "HOLE CARDS", "**HOLE CARDS**"])
def test_a_hole_cards_line_whose_stars_a_converter_damaged(line):
    h = hand(STEAL.replace("*** HOLE CARDS ***", line))
    assert h == hand(STEAL)
    assert STARS.judge(h).status == "ok"


def test_a_damaged_hole_cards_line_is_taken_only_where_the_hole_cards_are():
    # anywhere else it is no line handlens knows ...
    with pytest.raises(ParseError) as err:
        hand(STEAL.replace("Villain: folds", "Villain: folds\n** HOLE CARDS **"))
    assert (err.value.reason, err.value.detail) == ("unrecognised line", "** HOLE CARDS **")
    # ... and at the end of a hand cut short it is the line cut, not the hole cards
    with pytest.raises(ParseError) as err:
        hand(STEAL.split("*** HOLE CARDS ***")[0] + "*** HOLE CARDS")
    assert (err.value.reason, err.value.detail) == ("unrecognised line", "*** HOLE CARDS")
    for text in ("*** HOLE CARDS ** *", "*** HOLE CARDS *** [Ah Kd]", "HOLE CARDS: Hero"):
        with pytest.raises(ParseError):
            hand(STEAL.replace("*** HOLE CARDS ***", text))


def _unnumbered(h: Hand) -> Hand:
    """The hand with its actions' line numbers left out."""
    from dataclasses import replace
    return replace(h, actions=tuple(a._replace(line=0) for a in h.actions))


@pytest.mark.parametrize("where", ["Dealt to Hero [Ah Kd]", "Villain: folds",
                                   "Uncalled bet ($0.20) returned to Hero",
                                   "Seat 1: Hero (button) collected ($0.25)"])
def test_a_bare_name_line_of_a_seated_player_is_ignored(where):
    """An empty chat line: a player's name and its colon, and nothing after it."""
    h = hand(STEAL.replace(where, where + "\nVillain:"))
    assert _unnumbered(h) == _unnumbered(hand(STEAL))
    assert STARS.judge(h).status == "ok"


def test_a_bare_name_line_is_read_only_for_a_seated_player_and_not_as_a_cut_line():
    with pytest.raises(ParseError) as err:
        hand(STEAL.replace("Villain: folds", "Villain: folds\nStranger:"))
    assert (err.value.reason, err.value.detail) == ("unrecognised line", "Stranger:")
    # nor where no line about the table may stand (before the seats)
    with pytest.raises(ParseError) as err:
        hand(STEAL, seats="Villain:\n" + SEATS)
    assert (err.value.reason, err.value.detail) == ("unrecognised line", "Villain:")
    # a hand cut short after "Villain:" (its action cut off) is a line cut, as before
    with pytest.raises(ParseError) as err:
        hand(STEAL.split("Villain: folds")[0] + "Villain:")
    assert (err.value.reason, err.value.detail) == ("unrecognised line", "Villain:")


# ---- Run It Once

RIO_HEAD = ("Run It Once Poker Hand #{id}: Tournament #70001, €4.69+€0.31 Cub3d, Hold'em No"
            " Limit (10/20) - 2021/01/05 20:{minute} UTC [2021/01/05 21:{minute} CET]\n")
# a walk at a 3-max table: its seats are numbered 1, 3 and 5, the big blind collects
# the whole pot (its own blind too) and no uncalled bet is written
RIO_WALK = RIO_HEAD.format(id=52400000001, minute="00") + """Table ID '52400000000' 3-Max Seat #5 is the button
Seat 1: Ann B (500 in chips)
Seat 3: Bob C (500 in chips) [hero]
Seat 5: Cara D (500 in chips)
Ann B: posts small blind 10
Bob C: posts big blind 20
*** HOLE CARDS ***
Dealt to Ann B [7c 2d]
Dealt to Bob C [Qs 9h]
Dealt to Cara D [8d 3s]
Cara D: folds
Ann B: folds
*** SHOWDOWN ***
Bob C: mucks hand
Bob C collected 30 from pot
*** SUMMARY ***
Total pot 30 | Rake 0
Seat 5: Cara D (button) folded before Flop
Seat 1: Ann B (small blind) folded before Flop
Seat 3: Bob C (big blind) mucked hand and won 30
"""
# a bet nobody called on the river: the return written after the showdown's line, the
# river's fold "folded during River" in the SUMMARY
RIO_RIVER = RIO_HEAD.format(id=52400000002, minute="01") + """Table ID '52400000000' 3-Max Seat #1 is the button
Seat 1: Ann B (490 in chips)
Seat 3: Bob C (510 in chips) [hero]
Seat 5: Cara D (500 in chips)
Bob C: posts small blind 10
Cara D: posts big blind 20
*** HOLE CARDS ***
Dealt to Bob C [Ah Td]
Dealt to Cara D [Kc Qc]
Dealt to Ann B [5h 5s]
Ann B: raises 20 to 40
Bob C: calls 30
Cara D: calls 20
*** FLOP *** [Ts 6c 2h]
Bob C: bets 60
Cara D: calls 60
Ann B: folds
*** TURN *** [Ts 6c 2h] [9d]
Bob C: checks
Cara D: checks
*** RIVER *** [Ts 6c 2h 9d] [3c]
Bob C: bets 150
Cara D: folds
Bob C: mucks hand
*** SHOWDOWN ***
Bob C: mucks hand
Uncalled bet (150) returned to Bob C
Bob C collected 240 from pot
*** SUMMARY ***
Total pot 240 | Rake 0
Board [Ts 6c 2h 9d 3c]
Seat 1: Ann B (button) folded before Turn
Seat 5: Cara D (big blind) folded during River
Seat 3: Bob C (small blind) mucked hand and won 240
"""
# heads-up on seats 1 and 5: the button's seat is "(small blind/button)"
RIO_HEADS_UP = RIO_HEAD.format(id=52400000003, minute="02") + """Table ID '52400000000' 3-Max Seat #5 is the button
Seat 1: Ann B (700 in chips)
Seat 5: Cara D (800 in chips) [hero]
Cara D: posts small blind 15
Ann B: posts big blind 30
*** HOLE CARDS ***
Dealt to Cara D [Jd Jc]
Dealt to Ann B [Ks 4s]
Cara D: raises 30 to 60
Ann B: calls 30
*** FLOP *** [Jh 8s 2s]
Ann B: checks
Cara D: bets 80
Ann B: calls 80
*** TURN *** [Jh 8s 2s] [6d]
Ann B: checks
Cara D: checks
*** RIVER *** [Jh 8s 2s 6d] [Qh]
Ann B: checks
Cara D: checks
*** SHOWDOWN ***
Cara D shows [Jd Jc] for Three of Kind [Qh Jh Jd Jc 8s]
Cara D collected 280 from pot
*** SUMMARY ***
Total pot 280 | Rake 0
Board [Jh 8s 2s 6d Qh]
Seat 5: Cara D (small blind/button) showed [Jd Jc] and won 280 with Three of Kind J's and Q 8
Seat 1: Ann B (big blind) mucked [Ks 4s] and lost
"""
# a cash walk: the big blind collects the pot with its own blind, no return written
RIO_CASH_WALK = """Run It Once Poker Hand #30400000001:  Hold'em No Limit (€0.05/€0.10) - 2019/06/26 19:34 UTC [2019/06/26 20:34 CET]
Table ID '30400000000' 6-Max Seat #2 is the button
Seat 1: Ann B (€12.10 in chips)
Seat 2: Bob C (€10 in chips)
Seat 3: Cara D (€9.85 in chips)
Seat 4: Dan E (€10 in chips)
Seat 6: Eve F (€20.40 in chips)
Cara D: posts small blind €0.05
Dan E: posts big blind €0.10
*** HOLE CARDS ***
Dealt to Ann B [9c 4d]
Dealt to Bob C [Th 2s]
Dealt to Cara D [Kd 7h]
Dealt to Dan E [Qc Jc]
Dealt to Eve F [6s 3d]
Eve F: folds
Ann B: folds
Bob C: folds
Cara D: folds
*** SHOWDOWN ***
Dan E: mucks hand
Dan E collected €0.15 from pot
*** SUMMARY ***
Total pot €0.15 | Rake €0.00
Seat 6: Eve F folded before Flop
Seat 1: Ann B folded before Flop
Seat 2: Bob C (button) folded before Flop
Seat 3: Cara D (small blind) folded before Flop
Seat 4: Dan E (big blind) mucked hand and won €0.15
"""


@pytest.mark.parametrize("text", [RIO_WALK, RIO_RIVER, RIO_HEADS_UP, RIO_CASH_WALK])
def test_run_it_once_hands_verify_by_the_site_s_rules(text):
    h = parse_hand(text)
    assert h.site == "Run It Once"
    v = STARS.judge(h)
    assert (v.status, list(v.codes)) == ("ok", [])


def test_run_it_once_numbers_a_3_max_table_s_seats_1_3_and_5():
    h = parse_hand(RIO_WALK)
    assert (h.max_seats, h.button_seat, [s.seat for s in h.seats]) == (3, 5, [1, 3, 5])
    rules = STARS.rules_for(h)
    assert rules.seat_places == 6
    # by PokerStars' rules the table has seats 1 to 3 only
    codes = replay(h, STARS.rules).codes
    assert "BAD_SEATING" in codes and "BAD_BUTTON" in codes
    # a seat beyond the six places is still wrong
    h = parse_hand(RIO_WALK.replace("Seat 5: Cara D", "Seat 7: Cara D")
                   .replace("Seat #5 is", "Seat #7 is"))
    assert "BAD_SEATING" in STARS.judge(h).codes


def test_run_it_once_writes_no_uncalled_bet_in_a_walk():
    """The big blind nobody called is collected with the pot; PokerStars writes it back."""
    for text in (RIO_WALK, RIO_CASH_WALK):
        h = parse_hand(text)
        assert h.uncalled == ()
        assert "BAD_UNCALLED_RETURN" in replay(h, STARS.rules).codes  # PokerStars' rule
        assert STARS.judge(h).status == "ok"
    # collected without the blind it is a finding still
    short = RIO_WALK.replace("collected 30", "collected 20").replace("Total pot 30",
                                                                    "Total pot 20")
    short = short.replace("and won 30", "and won 20")
    assert "BAD_UNCALLED_RETURN" in STARS.judge(parse_hand(short)).codes
    # a written return is judged as written
    wrong = RIO_RIVER.replace("Uncalled bet (150)", "Uncalled bet (140)")
    assert "BAD_UNCALLED_RETURN" in STARS.judge(parse_hand(wrong)).codes


def test_run_it_once_folded_during_river_is_a_fold_on_the_river():
    h = parse_hand(RIO_RIVER)
    seat = next(s for s in h.summary.seats if s.player == "Cara D")
    assert (seat.outcome, seat.folded_street) == ("folded", Street.RIVER)
    wrong = RIO_RIVER.replace("Seat 1: Ann B (button) folded before Turn",
                              "Seat 1: Ann B (button) folded during River")
    assert "SUMMARY_MISMATCH" in STARS.judge(parse_hand(wrong)).codes


@pytest.mark.parametrize("street, line", [("River", "Cara D: folds"),
                                          ("Flop", "Ann B: folds")])
def test_run_it_once_folded_during_a_street_as_an_action_line_is_a_fold(street, line):
    text = RIO_RIVER.replace(line, line.replace("folds", f"folded during {street}"))
    assert parse_hand(text).actions == parse_hand(RIO_RIVER).actions
    assert STARS.judge(parse_hand(text)).status == "ok"
    # the street it names must be the one being played
    with pytest.raises(ParseError):
        parse_hand(RIO_RIVER.replace(line, line.replace("folds", "folded during Turn")))


def test_the_seat_of_a_heads_up_button_is_small_blind_and_button():
    h = parse_hand(RIO_HEADS_UP)
    seat = h.summary.seats[0]
    assert (seat.player, seat.outcome, seat.won) == ("Cara D", "showed", (D(280),))


def test_run_it_once_s_separators_between_hands_are_no_part_of_a_hand():
    from parsers.base.split import split_hands
    for sep in ("**** **** **** **** **** **** **** ****", "********", "**** ****"):
        text = f"{RIO_WALK}\n\n{sep}\n\n\n{RIO_RIVER}\n\n{sep}\n\n\n{RIO_HEADS_UP}\n\n{sep}\n"
        raws = split_hands(text, STARS, "utf-8")
        assert [r.stray for r in raws] == [None] * 3, [r.text for r in raws if r.stray]
        assert [STARS.judge(parse_hand(r.text)).status for r in raws] == ["ok"] * 3
        # written right after the SUMMARY, without a blank line, too
        glued = f"{RIO_WALK}{sep}\n{RIO_RIVER}{sep}\n"
        raws = split_hands(glued, STARS, "utf-8")
        assert [r.stray for r in raws] == [None] * 2
        assert [STARS.judge(parse_hand(r.text)).status for r in raws] == ["ok"] * 2


def test_run_it_once_s_seat_sitting_out_is_not_dealt_in_nor_summarised():
    text = RIO_CASH_WALK.replace("Seat 6: Eve F (€20.40 in chips)\n",
                                 "Seat 5: Finn G (€10 in chips) - Sitting Out\n"
                                 "Seat 6: Eve F (€20.40 in chips)\n")
    h = parse_hand(text)
    assert [(s.seat, s.sitting_out) for s in h.seats if s.player == "Finn G"] == [(5, True)]
    assert STARS.judge(h).status == "ok"
    # the SUMMARY does not list the seat: the hand is whole without it
    assert STARS.complete(text) and not STARS.complete(text[:text.rindex("Seat 4: Dan E")])


# ---------------------------------------------------------------- the client in Portuguese

PORTUGUESE = """Mão PokerStars #137739000001: Torneio #1270299999, 4500+500 Hold'em No Limit - Nível II (15/30) - 2015/07/08 21:05:10 ET
Mesa '1270299999 1' 6-max Lugar #3 é o botão
Lugar 1: Hero (1480 em fichas)
Lugar 2: Bia_07 (1525 em fichas)
Lugar 3: Caio (1500 em fichas)
Lugar 4: Duda (1495 em fichas)
Hero: coloca ante 3
Bia_07: coloca ante 3
Caio: coloca ante 3
Duda: coloca ante 3
Duda: paga o small blind 15
Hero: paga o big blind 30
*** CARTAS DA MÃO ***
Hero recebe [Ah Qh]
Bia_07: iguala 30
Caio: aumenta 60 para 90
Duda: desiste
Hero: aumenta 210 para 300
Bia_07: desiste
Caio: iguala 210
*** FLOP *** [Qd 7s 2c]
Hero: aposta 350
Caio: desiste
Aposta não-igualada (350) voltou para Hero
Hero recebeu 657 do pote
*** SUMÁRIO ***
Total pote 657 | comissão 0
Mesa [Qd 7s 2c]
Lugar 1: Hero (big blind) recebeu (657)
Lugar 2: Bia_07 desistiu antes Flop
Lugar 3: Caio (Botão) desistiu no Flop
Lugar 4: Duda (small blind) desistiu antes Flop


Mão PokerStars #137739000042: Torneio #1270299999, 4500+500 Hold'em No Limit - Nível II (15/30) - 2015/07/08 21:06:02 ET
Mesa '1270299999 1' 6-max Lugar #4 é o botão
Lugar 1: Hero (1834 em fichas)
Lugar 2: Bia_07 (1492 em fichas)
Lugar 3: Caio (1197 em fichas)
Lugar 4: Duda (1477 em fichas)
Hero: coloca ante 3
Bia_07: coloca ante 3
Caio: coloca ante 3
Duda: coloca ante 3
Hero: paga o small blind 15
Bia_07: paga o big blind 30
*** CARTAS DA MÃO ***
Hero recebe [7c 7d]
Caio: desiste
Duda: desiste
Hero: iguala 15
Bia_07: passa
*** FLOP *** [Ks 9h 4d]
Hero: passa
Bia_07: aposta 30
Hero: desiste
Aposta não-igualada (30) voltou para Bia_07
Bia_07 recebeu 72 do pote
*** SUMÁRIO ***
Total pote 72 | comissão 0
Mesa [Ks 9h 4d]
Lugar 1: Hero (small blind) desistiu no Flop
Lugar 2: Bia_07 (big blind) recebeu (72)
Lugar 3: Caio desistiu antes Flop (não apostou)
Lugar 4: Duda (Botão) desistiu antes Flop (não apostou)
"""


def _portuguese_hands():
    from parsers.base.split import split_hands as _split
    return _split(PORTUGUESE, STARS, "utf-8")


def test_the_portuguese_client_s_hands():
    raws = _portuguese_hands()
    assert len(raws) == 2 and all(r.complete and r.stray is None for r in raws)
    first = STARS.parse(raws[0].text)
    assert (first.site, first.hand_id, first.tournament_id, first.button_seat) == \
        ("PokerStars", "137739000001", "1270299999", 3)
    assert (first.stakes.small_blind, first.stakes.big_blind, first.stakes.ante) == (15, 30, 3)
    assert first.hero == "Hero" and first.seats[0].hole_cards == ("Ah", "Qh")
    hero_raise = [a for a in first.actions if a.player == "Hero"][-2]
    assert (hero_raise.kind, hero_raise.amount, hero_raise.raise_to) == ("raise", 270, 300)
    assert first.uncalled == (("Hero", 350),) and first.summary.total_pot == 657
    assert {STARS.judge(STARS.parse(r.text)).status for r in raws} == {"ok"}
    wrong = raws[0].text.replace("Hero recebeu 657 do pote", "Hero recebeu 675 do pote")
    assert STARS.judge(STARS.parse(wrong)).status == "failed"
    # the next hand's stacks follow from the first's nets
    second = STARS.parse(raws[1].text)
    nets = first.nets()
    assert {s.player: s.stack for s in second.seats} == \
        {s.player: s.stack + nets[s.player] for s in first.seats}


def test_a_portuguese_line_not_seen_is_a_parse_error():
    text = _portuguese_hands()[0].text.replace("Duda: desiste", "Duda: mostra [2c 2d]")
    with pytest.raises(ParseError) as e:
        STARS.parse(text)
    assert e.value.reason == "unrecognised line"
