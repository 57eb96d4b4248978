"""GGPoker: its grammar, builder and rules, form by form, on hands written here in GG's
format; then GG's real files (../shared), where present."""
from __future__ import annotations

from decimal import Decimal as D

import pytest
from support.common import import_paths, import_real, query, real_folder

from engine.model.hand import Hand, Kind, Street, Structure, UnsupportedHand
from engine.rules.replay import replay
from engine.rules.room_rules import DEFAULT
from parsers.base.errors import ParseError
from parsers.base.split import split_hands
from parsers.ggpoker import ROOM as GG
from parsers.ggpoker import RULES, parse_hand
from parsers.ggpoker.names import names_agree
from parsers.registry import detect



def judge(text: str):
    return GG.judge(parse_hand(text))


# ---------------------------------------------------------------- cash (#HD)

CASH = """Poker Hand #HD23847001: Hold'em No Limit  ($0.5/$1) - 2018/11/12 11:43:27
Table 'NLHGold11' 6-max Seat #2 is the button
Seat 1: 7a1b2c3d ($100 in chips)
Seat 2: 9f8e7d6c ($100 in chips)
Seat 4: 5e4f3a2b ($150.25 in chips)
Seat 5: Hero ($100 in chips)
5e4f3a2b: posts small blind $0.5
Hero: posts big blind $1
*** HOLE CARDS ***
Dealt to 7a1b2c3d
Dealt to 9f8e7d6c
Dealt to 5e4f3a2b
Dealt to Hero [Ah Kd]
7a1b2c3d: folds
9f8e7d6c: raises $2 to $3
5e4f3a2b: folds
Hero: raises $7 to $10
9f8e7d6c: calls $7
*** FLOP *** [2c 7d Ts]
Hero: bets $8
9f8e7d6c: folds
Uncalled bet ($8) returned to Hero
*** SHOWDOWN ***
Hero collected $19.5 from pot
*** SUMMARY ***
Total pot $20.5 | Rake $1 | Jackpot $0 | Bingo $0
Board [2c 7d Ts]
Seat 1: 7a1b2c3d folded before Flop (didn't bet)
Seat 2: 9f8e7d6c (button) folded on the Flop
Seat 4: 5e4f3a2b (small blind) folded before Flop
Seat 5: Hero (big blind) won ($19.5)
"""


def test_a_cash_hand_with_the_double_space_of_older_headers():
    h = parse_hand(CASH)
    assert (h.site, h.hand_id, h.game, h.structure) == ("GGPoker", "HD23847001", "Hold'em",
                                                        Structure.NO_LIMIT)
    assert (h.stakes.small_blind, h.stakes.big_blind, h.currency) == (D("0.5"), D(1), "USD")
    assert (h.table, h.max_seats, h.button_seat, h.zoom) == ("NLHGold11", 6, 2, False)
    assert h.tournament_id is None and h.time_zone is None and h.played_at_utc is None
    assert [(s.seat, s.player, s.stack) for s in h.seats] == [
        (1, "7a1b2c3d", D(100)), (2, "9f8e7d6c", D(100)), (4, "5e4f3a2b", D("150.25")),
        (5, "Hero", D(100))]
    # "Dealt to" lines without cards name the other players dealt in: no cards for them
    assert h.hero == "Hero" and [s.hole_cards for s in h.seats] == [(), (), (), ("Ah", "Kd")]
    assert h.uncalled == (("Hero", D(8)),)
    assert (h.summary.total_pot, h.summary.rake, h.summary.fees) == (
        D("20.5"), D(1), (("jackpot", D(0)), ("bingo", D(0))))
    assert GG.judge(h).status == "ok"


def test_lines_ending_in_a_space_and_hands_split_from_a_file():
    text = ("\ufeff" + CASH.replace("Dealt to 7a1b2c3d", "Dealt to 7a1b2c3d ")
            + "\n\n" + CASH.replace("#HD23847001", "#HD23847002"))
    hands = split_hands(text, GG, "utf-8")
    assert [r.complete for r in hands] == [True, True]
    assert [parse_hand(r.text).hand_id for r in hands] == ["HD23847001", "HD23847002"]


def test_a_changed_amount_fails_with_the_right_finding():
    v = judge(CASH.replace("Hero collected $19.5", "Hero collected $20.5"))
    assert v.status == "failed"
    assert {"RAKE_MISMATCH", "SUMMARY_MISMATCH"} <= set(v.codes)
    v = judge(CASH.replace("9f8e7d6c: calls $7", "9f8e7d6c: calls $6"))
    assert "BAD_CALL_AMOUNT" in v.codes


# ---------------------------------------------------------------- Rush & Cash (#RC)

RUSH = """Poker Hand #RC3700000001: Hold'em No Limit ($0.02/$0.05) - 2025/08/09 08:19:13
Table 'RushAndCash10600001' 6-max Seat #1 is the button
Seat 1: Hero ($5 in chips)
Seat 2: 2a25e4ab ($5.44 in chips)
Seat 3: 872b82cc ($6.10 in chips)
2a25e4ab: posts small blind $0.02
872b82cc: posts big blind $0.05
*** HOLE CARDS ***
Dealt to Hero [Qs Qh]
Dealt to 2a25e4ab
Dealt to 872b82cc
Hero: raises $0.1 to $0.15
2a25e4ab: folds
872b82cc: calls $0.1
*** FLOP *** [Jd 7c 2h]
872b82cc: checks
Hero: bets $0.2
872b82cc: calls $0.2
*** TURN *** [Jd 7c 2h] [Js]
872b82cc: checks
Hero: checks
*** RIVER *** [Jd 7c 2h Js] [4d]
872b82cc: bets $0.4
Hero: calls $0.4
872b82cc: shows [Ad Jh] (three of a kind, Jacks)
Hero: shows [Qs Qh] (two pair, Queens and Jacks)
*** SHOWDOWN ***
872b82cc collected $1.44 from pot
*** SUMMARY ***
Total pot $1.52 | Rake $0.06 | Jackpot $0.02 | Bingo $0 | Fortune $0 | Tax $0
Board [Jd 7c 2h Js 4d]
Seat 1: Hero (button) showed [Qs Qh] and lost with two pair, Queens and Jacks
Seat 2: 2a25e4ab (small blind) folded before Flop
Seat 3: 872b82cc (big blind) showed [Ad Jh] and won ($1.44) with three of a kind, Jacks
"""


def test_rush_and_cash_with_the_pot_line_s_four_fees():
    h = parse_hand(RUSH)
    assert h.hand_id == "RC3700000001" and h.zoom
    assert h.summary.fees == (("jackpot", D("0.02")), ("bingo", D(0)), ("fortune", D(0)),
                              ("tax", D(0)))
    assert [(s.player, s.cards, s.hand_name, s.board) for s in h.shows] == [
        ("872b82cc", ("Ad", "Jh"), "three of a kind, Jacks", 5),
        ("Hero", ("Qs", "Qh"), "two pair, Queens and Jacks", 5)]
    assert [s.hand_names for s in h.summary.seats] == [
        ("two pair, Queens and Jacks",), (), ("three of a kind, Jacks",)]
    assert GG.judge(h).status == "ok"


def test_a_fee_changed_fails_the_pot_s_account():
    v = judge(RUSH.replace("Jackpot $0.02", "Jackpot $0.03"))
    assert "RAKE_MISMATCH" in v.codes


def test_a_changed_card_fails_with_the_right_finding():
    v = judge(RUSH.replace("[Jd 7c 2h Js] [4d]", "[Jd 7c 2h Js] [Qd]")
              .replace("Js 4d]", "Js Qd]"))
    assert v.status == "failed" and "WRONG_WINNER" in v.codes
    v = judge(RUSH.replace("Hero: shows [Qs Qh]", "Hero: shows [Qs Jd]"))
    assert v.status == "failed" and "BAD_HOLE_CARDS" in v.codes


def test_a_wrong_hand_name_is_named():
    v = judge(RUSH.replace("won ($1.44) with three of a kind, Jacks",
                           "won ($1.44) with three of a kind, Queens"))
    assert v.codes == ["HAND_NAME_MISMATCH"]


# ---------------------------------------------------------------- Spin & Gold (#SG)

SPIN = """Poker Hand #SG3010000002: Tournament #221300001, Spin&Gold #7 Hold'em No Limit - Level2(15/30) - 2025/07/28 04:10:00
Table '9001' 3-max Seat #1 is the button
Seat 1: Hero (500 in chips)
Seat 2: 6f76cf14 (480 in chips)
Seat 3: 1a2b3c4d (520 in chips)
6f76cf14: posts small blind 15
1a2b3c4d: posts big blind 30
*** HOLE CARDS ***
Dealt to Hero [8s 8d]
Dealt to 6f76cf14
Dealt to 1a2b3c4d
Hero: raises 30 to 60
6f76cf14: folds
1a2b3c4d: calls 30
*** FLOP *** [Kd 8h 2c]
1a2b3c4d: bets 100
Hero: raises 340 to 440 and is all-in
1a2b3c4d: calls 340
Hero: shows [8s 8d] (three of a kind, Eights)
1a2b3c4d: shows [Ks Qs] (a pair of Kings)
*** TURN *** [Kd 8h 2c] [Kc]
*** RIVER *** [Kd 8h 2c Kc] [3d]
*** SHOWDOWN ***
Hero collected 1,015 from pot
*** SUMMARY ***
Total pot 1,015 | Rake 0 | Jackpot 0 | Bingo 0 | Fortune 0 | Tax 0
Board [Kd 8h 2c Kc 3d]
Seat 1: Hero (button) showed [8s 8d] and won (1,015) with a full house, Eights full of Kings
Seat 2: 6f76cf14 (small blind) folded before Flop
Seat 3: 1a2b3c4d (big blind) showed [Ks Qs] and lost with three of a kind, Kings
"""


def test_spin_and_gold_names_a_hand_shown_at_the_all_in_as_it_then_stood():
    h = parse_hand(SPIN)
    assert (h.hand_id, h.tournament_id, h.buy_in, h.tournament_level) == (
        "SG3010000002", "221300001", "Spin&Gold #7", "2")
    assert (h.currency, h.stakes.small_blind, h.stakes.big_blind) == ("chips", D(15), D(30))
    # shown on the flop: "three of a kind, Eights" then, a full house by the river
    assert [s.board for s in h.shows] == [3, 3]
    assert GG.judge(h).status == "ok"
    v = judge(SPIN.replace("(three of a kind, Eights)", "(a full house, Eights full of Kings)"))
    assert v.codes == ["HAND_NAME_MISMATCH"]


# ---------------------------------------------------------------- tournaments (#TM, #BR)

BOUNTY = """Poker Hand #TM5000000001: Tournament #258197843, $15 Bounty Hunters Special Hold'em No Limit - Level10(250/500(60)) - 2026/01/22 03:14:09
Table '511' 8-max Seat #3 is the button
Seat 1: fe40ce4b (20,000 in chips)
Seat 2: Hero (15,310 in chips)
Seat 3: 57f81f34 (9,800 in chips)
Seat 4: 2c7fbf96 (12,000 in chips)
fe40ce4b: posts the ante 60
Hero: posts the ante 60
57f81f34: posts the ante 60
2c7fbf96: posts the ante 60
2c7fbf96: posts small blind 250
fe40ce4b: posts big blind 500
*** HOLE CARDS ***
Dealt to fe40ce4b
Dealt to Hero [Ah Ad]
Dealt to 57f81f34
Dealt to 2c7fbf96
Hero: raises 700 to 1,200
57f81f34: folds
2c7fbf96: folds
fe40ce4b: folds
Uncalled bet (700) returned to Hero
*** SHOWDOWN ***
Hero collected 1,490 from pot
*** SUMMARY ***
Total pot 1,490 | Rake 0 | Jackpot 0 | Bingo 0 | Fortune 0 | Tax 0
Seat 1: fe40ce4b (big blind) folded before Flop
Seat 2: Hero won (1,490)
Seat 3: 57f81f34 (button) folded before Flop
Seat 4: 2c7fbf96 (small blind) folded before Flop
"""


def test_a_bounty_tournament_with_the_ante_written_inside_the_level():
    h = parse_hand(BOUNTY)
    assert (h.tournament_id, h.buy_in, h.tournament_level) == (
        "258197843", "$15 Bounty Hunters Special", "10")
    assert (h.stakes.small_blind, h.stakes.big_blind, h.stakes.ante) == (D(250), D(500), D(60))
    assert [a.kind for a in h.actions[:4]] == [Kind.POST_ANTE] * 4
    assert GG.judge(h).status == "ok"


BATTLE = """Poker Hand #BR1100000001: Tournament #279277562, Mystery Battle Royale $3 Hold'em No Limit - Level4(40/80(16)) - 2026/04/18 20:42:47
Table '59' 5-max Seat #1 is the button
Seat 1: 647abfe7 (2,499 in chips)
Seat 2: a81061d (376 in chips)
Seat 3: Hero (934 in chips)
647abfe7: posts the ante 16
a81061d: posts the ante 16
Hero: posts the ante 16
a81061d: posts small blind 40
Hero: posts big blind 80
*** HOLE CARDS ***
Dealt to 647abfe7
Dealt to a81061d
Dealt to Hero [7c 7s]
647abfe7: folds
a81061d: raises 280 to 360 and is all-in
Hero: calls 280
a81061d: shows [As 4d]
Hero: shows [7c 7s]
*** FLOP *** [2d 9h Jc]
*** TURN *** [2d 9h Jc] [5s]
*** RIVER *** [2d 9h Jc 5s] [Kh]
*** SHOWDOWN ***
Hero collected 768 from pot
*** SUMMARY ***
Total pot 768 | Rake 0 | Jackpot 0 | Bingo 0 | Fortune 0 | Tax 0
Board [2d 9h Jc 5s Kh]
Seat 1: 647abfe7 (button) folded before Flop
Seat 2: a81061d (small blind) showed [As 4d] and lost with Ace high
Seat 3: Hero (big blind) showed [7c 7s] and won (768) with a pair of Sevens
"""


def test_battle_royale():
    h = parse_hand(BATTLE)
    assert (h.hand_id, h.buy_in, h.stakes.ante, h.max_seats) == (
        "BR1100000001", "Mystery Battle Royale $3", D(16), 5)
    assert h.boards == (("2d", "9h", "Jc", "5s", "Kh"),)
    assert GG.judge(h).status == "ok"
    v = judge(BATTLE.replace("Hero collected 768", "a81061d collected 768"))
    assert v.status == "failed" and "WRONG_WINNER" in v.codes


OLD_LEVEL = """Poker Hand #TM247000001: Tournament #5259595, Daily Special $250 Hold'em No Limit - Level3 (80/160) - 2020/06/02 19:25:21
Table '6' 8-max Seat #5 is the button
Seat 1: Hero (9,086 in chips)
Seat 3: 5d46d288 (13,648 in chips)
Seat 5: d6d937c9 (4,192 in chips)
Seat 7: c4607254 (9,627 in chips)
Hero: posts the ante 18
5d46d288: posts the ante 18
d6d937c9: posts the ante 18
c4607254: posts the ante 18
c4607254: posts small blind 60
Hero: posts big blind 120
*** HOLE CARDS ***
Dealt to Hero [Ks Kd]
Dealt to 5d46d288
Dealt to d6d937c9
Dealt to c4607254
5d46d288: raises 180 to 300
d6d937c9: folds
c4607254: folds
Hero: calls 180
*** FLOP *** [Kh 7s 7c]
Hero: checks
5d46d288: bets 400
Hero: calls 400
*** TURN *** [Kh 7s 7c] [2d]
Hero: checks
5d46d288: checks
*** RIVER *** [Kh 7s 7c 2d] [Jd]
Hero: bets 1,000
5d46d288: calls 1,000
Hero: shows [Ks Kd] (Kings Full over Sevens)
5d46d288: shows [Ad Jc] (Pair of Jacks and Pair of Sevens)
*** SHOWDOWN ***
Hero collected 3,532 from pot
*** SUMMARY ***
Total pot 3,532
Board [Kh 7s 7c 2d Jd]
Seat 1: Hero (big blind) showed [Ks Kd] and won (3,532) with Kings Full over Sevens
Seat 3: 5d46d288 showed [Ad Jc] and lost with Pair of Jacks and Pair of Sevens
Seat 5: d6d937c9 (button) folded before Flop
Seat 7: c4607254 (small blind) folded before Flop
"""


def test_a_level_s_first_hand_is_played_at_the_blinds_posted():
    # the header names the new level (80/160); the hand was played at 60/120
    h = parse_hand(OLD_LEVEL)
    assert (h.tournament_level, h.stakes.small_blind, h.stakes.big_blind) == ("3", D(60), D(120))
    assert (h.summary.total_pot, h.summary.rake, h.summary.fees) == (D(3532), D(0), ())
    assert GG.judge(h).status == "ok"  # the old client's names: "Kings Full over Sevens"


def test_a_short_stack_s_big_blind_is_not_taken_for_the_level_s():
    # GG does not write "and is all-in" on a blind: one the poster had no chips beyond is
    # a short blind, not the hand's
    h = parse_hand(OLD_LEVEL.replace("(80/160)", "(60/120)").replace(
        "Hero (9,086 in chips)", "Hero (100 in chips)").replace(
        "Hero: posts big blind 120", "Hero: posts big blind 82"))
    assert h.stakes.big_blind == D(120)


# ---------------------------------------------------------------- run it twice, three times

TWICE = """Poker Hand #RC3700000004: Hold'em No Limit ($0.05/$0.1) - 2025/09/01 20:00:00
Table 'RushAndCash20000001' 6-max Seat #1 is the button
Seat 1: aa11bb22 ($10 in chips)
Seat 2: Hero ($10 in chips)
Seat 3: cc33dd44 ($8 in chips)
Hero: posts small blind $0.05
cc33dd44: posts big blind $0.1
*** HOLE CARDS ***
Dealt to aa11bb22
Dealt to Hero [Ah Kh]
Dealt to cc33dd44
aa11bb22: folds
Hero: raises $0.2 to $0.3
cc33dd44: calls $0.2
*** FIRST FLOP *** [Kd 9s 4h]
Hero: bets $0.3
cc33dd44: raises $7.4 to $7.7 and is all-in
Hero: calls $7.4
cc33dd44: shows [9c 9d] (three of a kind, Nines)
Hero: shows [Ah Kh] (a pair of Kings)
*** FIRST TURN *** [Kd 9s 4h] [2c]
*** FIRST RIVER *** [Kd 9s 4h 2c] [7s]
*** SECOND TURN *** [Kd 9s 4h] [Kc]
*** SECOND RIVER *** [Kd 9s 4h Kc] [Jh]
*** FIRST SHOWDOWN ***
cc33dd44 collected $7.68 from pot
*** SECOND SHOWDOWN ***
cc33dd44 collected $7.67 from pot
*** SUMMARY ***
Total pot $16 | Rake $0.6 | Jackpot $0.05 | Bingo $0 | Fortune $0 | Tax $0
Hand was run two times
FIRST Board [Kd 9s 4h 2c 7s]
SECOND Board [Kc Jh]
Seat 1: aa11bb22 (button) folded before Flop (didn't bet)
Seat 2: Hero (small blind) showed [Ah Kh] and lost with a pair of Kings, and lost
Seat 3: cc33dd44 (big blind) showed [9c 9d] and won ($7.68) with three of a kind, Nines, and won ($7.67)
"""


def test_run_twice_with_the_first_run_s_streets_named_first_and_bet_on():
    h = parse_hand(TWICE)
    assert h.boards == (("Kd", "9s", "4h", "2c", "7s"), ("Kd", "9s", "4h", "Kc", "Jh"))
    # the SUMMARY lists only the cards that differ: each run's whole board is built
    assert h.summary.boards == h.boards
    assert [(a.street, a.kind) for a in h.actions if a.street == Street.FLOP] == [
        (Street.FLOP, Kind.BET), (Street.FLOP, Kind.RAISE), (Street.FLOP, Kind.CALL)]
    assert [(c.player, c.amount, c.run) for c in h.collects] == [
        ("cc33dd44", D("7.68"), 1), ("cc33dd44", D("7.67"), 2)]
    assert GG.judge(h).status == "ok"
    v = judge(TWICE.replace("SECOND Board [Kc Jh]", "SECOND Board [Kc Js]"))
    assert "SUMMARY_MISMATCH" in v.codes


THRICE = """Poker Hand #HD1245000001: Hold'em No Limit  ($0.5/$1) - 2018/11/16 13:15:16
Table 'NLHGold14' 6-max Seat #2 is the button
Seat 1: 88kkaa62 ($50 in chips)
Seat 2: 25611aab ($179.23 in chips)
Seat 3: Hero ($118.31 in chips)
Seat 4: 22ab6yhc ($30 in chips)
Hero: posts small blind $0.5
22ab6yhc: posts big blind $1
*** HOLE CARDS ***
Dealt to 88kkaa62
Dealt to 25611aab
Dealt to Hero [8d 3s]
Dealt to 22ab6yhc
88kkaa62: raises $2 to $3
25611aab: folds
Hero: folds
22ab6yhc: calls $2
*** FLOP *** [Th 9c 5s]
22ab6yhc: bets $27 and is all-in
88kkaa62: calls $27
22ab6yhc: shows [Kc Qs] (King high)
88kkaa62: shows [Js Jd] (a pair of Jacks)
*** FIRST TURN *** [Th 9c 5s] [6h]
*** FIRST RIVER *** [Th 9c 5s 6h] [Jc]
*** SECOND TURN *** [Th 9c 5s] [4d]
*** SECOND RIVER *** [Th 9c 5s 4d] [Kd]
*** THIRD TURN *** [Th 9c 5s] [Ad]
*** THIRD RIVER *** [Th 9c 5s Ad] [2h]
*** FIRST SHOWDOWN ***
22ab6yhc collected $19.34 from pot
*** SECOND SHOWDOWN ***
22ab6yhc collected $19.33 from pot
*** THIRD SHOWDOWN ***
88kkaa62 collected $19.33 from pot
*** SUMMARY ***
Total pot $60.5 | Rake $2.5 | Jackpot $0 | Bingo $0
Hand was run three times
FIRST Board [Th 9c 5s 6h Jc]
SECOND Board [4d Kd]
THIRD Board [Ad 2h]
Seat 1: 88kkaa62 showed [Js Jd] and lost with Three Jacks, and lost, and won ($19.33)
Seat 2: 25611aab (button) folded before Flop (didn't bet)
Seat 3: Hero (small blind) folded before Flop
Seat 4: 22ab6yhc (big blind) showed [Kc Qs] and won ($19.34) with Kings-High Straight, and won ($19.33), and lost
"""


def test_run_three_times_after_a_flop_bet_on():
    h = parse_hand(THRICE)
    assert [b[3:] for b in h.boards] == [("6h", "Jc"), ("4d", "Kd"), ("Ad", "2h")]
    assert h.summary.boards == h.boards
    assert GG.judge(h).status == "ok"


# ---------------------------------------------------------------- EV Cashout, Cash Drop

CASHOUT = """Poker Hand #RC3700000005: Hold'em No Limit ($0.02/$0.05) - 2025/08/16 13:24:37
Table 'RushAndCash855479' 6-max Seat #1 is the button
Seat 1: 7337997d ($5 in chips)
Seat 2: Hero ($4 in chips)
Seat 3: be4fec29 ($6 in chips)
Hero: posts small blind $0.02
be4fec29: posts big blind $0.05
*** HOLE CARDS ***
Dealt to 7337997d
Dealt to Hero [Jh Jc]
Dealt to be4fec29
7337997d: raises $0.1 to $0.15
Hero: raises $0.35 to $0.5
be4fec29: folds
7337997d: calls $0.35
*** FLOP *** [Js 8d 2c]
Hero: bets $3.5 and is all-in
7337997d: calls $3.5
Hero: shows [Jh Jc] (three of a kind, Jacks)
7337997d: shows [8h 8c] (three of a kind, Eights)
Hero: Chooses to EV Cashout
*** TURN *** [Js 8d 2c] [3h]
*** RIVER *** [Js 8d 2c 3h] [Ks]
Hero: Pays Cashout Risk ($0.75)
*** SHOWDOWN ***
Hero collected $7.68 from pot
*** SUMMARY ***
Total pot $8.05 | Rake $0.3 | Jackpot $0.07 | Bingo $0 | Fortune $0 | Tax $0
Board [Js 8d 2c 3h Ks]
Seat 1: 7337997d (button) showed [8h 8c] and lost with three of a kind, Eights
Seat 2: Hero (small blind) showed [Jh Jc] and won ($7.68) with three of a kind, Jacks, Cashout Risk ($0.75)
Seat 3: be4fec29 (big blind) folded before Flop
"""


def test_ev_cashout_paid_back_by_a_winner():
    # the winner had cashed out: the pot is theirs, less the risk they pay the room back
    h = parse_hand(CASHOUT)
    assert h.cash_outs == (("Hero", D("-0.75"), D(0)),)
    assert h.summary.seats[1].won == (D("7.68"),)
    assert GG.judge(h).status == "ok"


def test_the_summary_s_cash_out_note_holds_an_amount():
    """(fuzzing) "EV Cashout ($8.6201)" is no amount: the hand is a parse error, the
    note not taken for part of the hand's name."""
    with pytest.raises(ParseError) as err:
        parse_hand(CASHOUT.replace("Jacks, Cashout Risk ($0.75)", "Jacks, Cashout Risk ($0.7501)"))
    assert err.value.reason == "bad value" and "0.7501" in str(err.value)
    assert err.value.line == CASHOUT.count("\n", 0, CASHOUT.index("Jacks, Cashout")) + 1


def test_ev_cashout_paid_to_a_loser():
    text = (CASHOUT.replace("Hero: Chooses", "7337997d: Chooses")
            .replace("Hero: Pays Cashout Risk ($0.75)", "7337997d: Receives Cashout ($1.05)")
            .replace(", Cashout Risk ($0.75)", "")
            .replace("lost with three of a kind, Eights", "lost with three of a kind, Eights, "
                                                           "EV Cashout ($1.05)"))
    h = parse_hand(text)
    assert h.cash_outs == (("7337997d", D("1.05"), D(0)),)
    assert GG.judge(h).status == "ok"


def test_all_in_insurance_lines():
    text = (CASHOUT.replace("Hero: Chooses to EV Cashout",
                            "Hero: get an all-in insurance (premium ($0/$0.5/$0) for "
                            "($0/$8/$0) - (Mandatory/Main/Sub))")
            .replace("Hero: Pays Cashout Risk ($0.75)",
                     "Hero: pay premium of all-in insurance ($0.5)")
            .replace("Cashout Risk ($0.75)", "AII Premium ($0.5)"))
    h = parse_hand(text)
    assert h.cash_outs == (("Hero", D("-0.5"), D(0)),)
    assert GG.judge(h).status == "ok"


DROP = """Poker Hand #RC3700000006: Hold'em No Limit ($0.02/$0.05) - 2025/08/09 10:05:57
Table 'RushAndCash10628760' 6-max Seat #1 is the button
Seat 1: 81dc8735 ($5.71 in chips)
Seat 2: Hero ($10.02 in chips)
Seat 3: a4992980 ($8.14 in chips)
Cash Drop to Pot : total $0.5
Hero: posts small blind $0.02
a4992980: posts big blind $0.05
*** HOLE CARDS ***
Dealt to 81dc8735
Dealt to Hero [Kc Qc]
Dealt to a4992980
81dc8735: folds
Hero: raises $0.1 to $0.15
a4992980: calls $0.1
*** FLOP *** [Qd 7h 3s]
Hero: bets $0.3
a4992980: folds
Uncalled bet ($0.3) returned to Hero
*** SHOWDOWN ***
Hero collected $0.77 from pot
*** SUMMARY ***
Total pot $0.8 | Rake $0.03 | Jackpot $0 | Bingo $0 | Fortune $0 | Tax $0
Board [Qd 7h 3s]
Seat 1: 81dc8735 (button) folded before Flop (didn't bet)
Seat 2: Hero (small blind) won ($0.77)
Seat 3: a4992980 (big blind) folded on the Flop
"""


def test_cash_drop_is_money_the_room_adds():
    h = parse_hand(DROP)
    assert h.added_money == (("cash drop", D("0.5")),) and h.summary.added == D("0.5")
    assert GG.judge(h).status == "ok"
    v = judge(DROP.replace("total $0.5", "total $0.4"))
    assert "POT_MISMATCH" in v.codes


TIME_BANK = (RUSH.replace("Seat 1: Hero (button) showed",
                          "Seat 1: Hero (button) received ($0.01) from time bank card, showed")
             .replace("Seat 2: 2a25e4ab (small blind) folded",
                      "Seat 2: 2a25e4ab (small blind) received ($0.01) from time bank card, "
                      "folded")
             .replace("Seat 3: 872b82cc (big blind) showed",
                      "Seat 3: 872b82cc (big blind) bought time bank card ($0.02), showed"))


def test_a_time_bank_card_bought_from_the_other_players():
    h = parse_hand(TIME_BANK)
    assert h.cash_outs == (("Hero", D("0.01"), D(0)), ("2a25e4ab", D("0.01"), D(0)),
                           ("872b82cc", D("-0.02"), D(0)))
    assert GG.judge(h).status == "ok"


def test_a_folded_seat_s_hand_name_is_read_and_left_unjudged():
    h = parse_hand(RUSH.replace("(small blind) folded before Flop",
                                "(small blind) folded before Flop with a pair of Jacks"))
    assert GG.judge(h).status == "ok"


# ---------------------------------------------------------------- straddles, missed blinds

STRADDLE = """Poker Hand #HD582000001: Hold'em No Limit ($0.5/$1) - 2019/12/11 16:21:51
Table 'NLHGold7' 6-max Seat #6 is the button
Seat 1: x1nvdam1 ($103.5 in chips)
Seat 2: 3fak3jfj ($106.89 in chips)
Seat 3: Hero ($100.23 in chips)
Seat 4: 62dfdfaf ($105.63 in chips)
Seat 6: 12dca2d ($133.34 in chips)
x1nvdam1: posts small blind $0.5
3fak3jfj: posts big blind $1
Hero: straddle $2
62dfdfaf: posts missed blind $0.5
62dfdfaf: posts big blind $1
*** HOLE CARDS ***
Dealt to x1nvdam1
Dealt to 3fak3jfj
Dealt to Hero [Jc Jd]
Dealt to 62dfdfaf
Dealt to 12dca2d
62dfdfaf: calls $1
12dca2d: folds
x1nvdam1: folds
3fak3jfj: folds
Hero: raises $6 to $8
62dfdfaf: calls $6
*** FLOP *** [Th Jh 7d]
Hero: bets $10
62dfdfaf: folds
Uncalled bet ($10) returned to Hero
*** SHOWDOWN ***
Hero collected $17.2 from pot
*** SUMMARY ***
Total pot $18 | Rake $0.8 | Jackpot $0 | Bingo $0 | Fortune $0 | Tax $0
Board [Th Jh 7d]
Seat 1: x1nvdam1 (small blind) folded before Flop
Seat 2: 3fak3jfj (big blind) folded before Flop
Seat 3: Hero won ($17.2)
Seat 4: 62dfdfaf folded on the Flop
Seat 6: 12dca2d (button) folded before Flop (didn't bet)
"""


def test_a_straddle_and_a_missed_blind():
    h = parse_hand(STRADDLE)
    assert [(a.player, a.kind, a.amount) for a in h.actions[:5]] == [
        ("x1nvdam1", Kind.POST_SB, D("0.5")), ("3fak3jfj", Kind.POST_BB, D(1)),
        ("Hero", Kind.POST_STRADDLE, D(2)), ("62dfdfaf", Kind.POST_DEAD, D("0.5")),
        ("62dfdfaf", Kind.POST_BB, D(1))]
    assert GG.judge(h).status == "ok"
    # the missed blind is dead: a call of the whole straddle is one too many
    v = judge(STRADDLE.replace("62dfdfaf: calls $1\n", "62dfdfaf: calls $1.5\n"))
    assert "BAD_CALL_AMOUNT" in v.codes


# ---------------------------------------------------------------- GG's rules

def test_gg_s_hand_names_today_s_and_the_older_client_s():
    from engine.equity.evaluate import evaluate

    def agree(cards: str, written: str) -> bool:
        return names_agree(evaluate(cards.split()), written)

    assert agree("Ah Kd 2c 7d 9s", "Ace high") and agree("Ah Kd 2c 7d 9s", "Ace-High")
    assert agree("3h 3d Ac 7d 9s", "a pair of Threes") and agree("3h 3d Ac 7d 9s", "Pair of Treys")
    assert agree("Kh Kd 7c 7d 9s", "two pair, Kings and Sevens")
    assert agree("Kh Kd 7c 7d 9s", "Pair of Kings and Pair of Sevens")
    assert agree("Jh Jd Jc 7d 9s", "three of a kind, Jacks") and agree("Jh Jd Jc 7d 9s", "Three Jacks")
    assert agree("3h 4d 5c 6d 7s", "a straight, Seven to Three")
    assert agree("3h 4d 5c 6d 7s", "Sevens-High Straight")
    assert agree("Ah 2d 3c 4d 5s", "a straight, Ace to Five")
    assert agree("Ah 2d 3c 4d 5s", "Fives-High Straight")
    assert agree("Kh 2h 7h 9h Jh", "a flush King high") and agree("Kh 2h 7h 9h Jh", "King High Flush")
    assert agree("Th Td Tc 4d 4s", "a full house, Tens full of Fours")
    assert agree("Th Td Tc 4d 4s", "Tens Full over Fours")
    assert agree("Jh Jd Jc Js 4s", "four of a kind, Jacks")
    assert not agree("Kh Kd 7c 7d 9s", "a pair of Kings")
    assert not agree("3h 4d 5c 6d 7s", "a straight, Three to Seven")
    assert not agree("Kh 2h 7h 9h Jh", "a flush, King high")  # PokerStars' wording


def test_gg_judges_hand_names_the_default_rules_do_not():
    wrong = parse_hand(RUSH.replace("(three of a kind, Jacks)", "(three of a kind, Kings)"))
    assert RULES.hand_names is names_agree
    assert GG.judge(wrong).codes == ["HAND_NAME_MISMATCH"]
    assert replay(wrong, DEFAULT).status == "ok"


AWAY = """Poker Hand #SG3013000001: Tournament #221458264, Spin&Gold #7 Hold'em No Limit - Level1(10/20) - 2025/07/29 00:49:00
Table '57649' 3-max Seat #2 is the button
Seat 1: f1543060 (300 in chips)
Seat 2: Hero (590 in chips)
Seat 3: 16ec1d67 (10 in chips)
16ec1d67: posts small blind 10
f1543060: posts big blind 20
*** HOLE CARDS ***
Dealt to f1543060
Dealt to Hero [2h 9c]
Dealt to 16ec1d67
Hero: folds
16ec1d67: folds
Uncalled bet (10) returned to f1543060
*** SHOWDOWN ***
f1543060 collected 20 from pot
*** SUMMARY ***
Total pot 20 | Rake 0 | Jackpot 0 | Bingo 0 | Fortune 0 | Tax 0
Seat 1: f1543060 (big blind) collected (20)
Seat 2: Hero (button) folded before Flop (didn't bet)
Seat 3: 16ec1d67 (small blind) folded before Flop
"""


def test_a_player_all_in_on_a_blind_may_be_folded():
    # GG folds a player away from the table even when the blind took all their chips
    h = parse_hand(AWAY)
    assert RULES.blind_all_in_folds and not DEFAULT.blind_all_in_folds
    v = GG.judge(h)
    assert v.status == "warning" and v.codes == ["ACTS_WHILE_ALL_IN"]
    assert replay(h, DEFAULT).status == "failed"
    # a player all-in by their own bet still may not fold
    v = judge(BATTLE.replace("Hero: calls 280\n", "Hero: calls 280\na81061d: folds\n"))
    assert v.status == "failed"


# ---------------------------------------------------------------- other games, errors

@pytest.mark.parametrize("header, game, structure", [
    ("Poker Hand #OM2268205: PLO ($0.05/$0.1) - 2023/11/01 17:53:18", "PLO", Structure.POT_LIMIT),
    ("Poker Hand #OM1349864: PLO-5 ($2/$5) - 2021/04/13 16:21:36", "PLO-5", Structure.POT_LIMIT),
    ("Poker Hand #RC58843003: Omaha Pot Limit ($0.01/$0.02) - 2021/04/12 07:43:21", "Omaha",
     Structure.POT_LIMIT),
    ("Poker Hand #117121737812: ShortDeck No Limit ($100) - 2021/04/01 11:44:46", "ShortDeck",
     Structure.NO_LIMIT),
    (("Poker Hand #TM999: Tournament #9, High Rollers PLO $1K Omaha Pot Limit - Level9 "
      "(250/500) - 2020/06/02 19:17:33"), "Omaha", Structure.POT_LIMIT),
])
def test_other_games_are_unsupported_not_misread(header, game, structure):
    h = parse_hand(header + "\nTable 'PLOBlue21' 6-max Seat #1 is the button\n")
    assert isinstance(h, UnsupportedHand)
    assert (h.site, h.game, h.structure) == ("GGPoker", game, structure)


def test_an_unknown_line_is_a_parse_error_at_its_line():
    with pytest.raises(ParseError) as err:
        parse_hand(CASH.replace("7a1b2c3d: folds", "7a1b2c3d: dances"))
    assert err.value.line == 14 and err.value.reason == "unrecognised line"


def test_a_hand_cut_short_is_a_parse_error():
    with pytest.raises(ParseError) as err:
        parse_hand(CASH[:CASH.index("*** SUMMARY ***")])
    assert err.value.reason == "the hand ends before its SUMMARY"


def test_files_are_told_from_pokerstars_ones():
    assert detect(CASH) is GG
    rio = CASH.replace("Poker Hand #HD23847001: Hold'em No Limit  ($0.5/$1)",
                       "Run It Once Poker Hand #30266126:  Hold'em No Limit (€0.05/€0.10)")
    assert detect(rio) is not GG
    assert GG.start.search(rio) is None
    coin = CASH.replace("Poker Hand #HD23847001: Hold'em No Limit  ($0.5/$1)",
                        "CoinPoker Hand #191700538: Hold'em No Limit (0.01/0.02 )")
    assert GG.start.search(coin) is None


# ---------------------------------------------------------------- GG's real files

@pytest.mark.slow
@pytest.mark.parametrize("where", ["corpus", "wild"])
def test_gg_s_real_files_are_stored_and_verify(where, tmp_path):
    import_real(tmp_path / "gg.duckdb", real_folder(where, "ggpoker"))


def test_gg_s_other_games_are_stored_as_unsupported(tmp_path):
    db = tmp_path / "gg.duckdb"
    import_paths(db, real_folder("other games", "ggpoker"))
    games = dict(query(db, "SELECT game, count(*) FROM hands WHERE NOT supported GROUP BY game"))
    assert {"PLO", "PLO-5", "Omaha", "ShortDeck"} <= set(games)
    assert query(db, "SELECT count(*) FROM hands WHERE supported")[0][0] == 0
    assert query(db, "SELECT count(*) FROM parse_errors")[0][0] == 0


def test_hands_are_hands():
    assert all(isinstance(parse_hand(t), Hand) for t in (CASH, RUSH, SPIN, BOUNTY, BATTLE,
                                                          OLD_LEVEL, TWICE, THRICE, CASHOUT,
                                                          DROP, STRADDLE, AWAY))


def test_one_card_shown_is_not_taken_for_the_hole_cards():
    h = parse_hand(RUSH.replace("Hero: shows [Qs Qh] (two pair, Queens and Jacks)\n", "")
                   .replace("Seat 1: Hero (button) showed [Qs Qh] and lost with two pair, "
                            "Queens and Jacks", "Seat 1: Hero (button) showed [Qs] and lost")
                   .replace("Dealt to Hero [Qs Qh]", "Dealt to Hero"))
    assert h.seats[0].hole_cards == ()
    assert GG.judge(h).status == "unverifiable"  # the pot went to a showdown of one hand


def test_a_player_dealt_in_who_is_not_seated_is_a_parse_error():
    with pytest.raises(ParseError) as err:
        parse_hand(CASH.replace("Dealt to 9f8e7d6c", "Dealt to 9f8e7.d6c"))
    assert err.value.line == 11 and err.value.reason == "a player dealt in who is not seated"


def test_blinds_posted_above_the_level_s_are_not_the_hand_s():
    h = parse_hand(OLD_LEVEL.replace("(80/160)", "(0/0)"))
    assert h.stakes.big_blind == 0 and GG.judge(h).status == "failed"


# ---------------------------------------------------------------- Bet & Muck
# GG's Bet & Muck: a bet on the river that gives the hand up if it is called. The bet is
# written "Bet & Muck $x" (a raise "Bet & Muck $x to $y"); called, the bettor's cards go
# to the muck unseen, "Bet & Muck folds", and the caller takes the pot; the SUMMARY has
# the bettor "folded on the River".

BET_MUCK = """Poker Hand #HD52300001: Hold'em No Limit  ($0.02/$0.05) - 2019/04/02 10:11:12
Table 'NLHGold5' 6-max Seat #3 is the button
Seat 1: 3e9a1f20 ($5.40 in chips)
Seat 3: Hero ($5 in chips)
Seat 4: b71c0d42 ($7.12 in chips)
b71c0d42: posts small blind $0.02
3e9a1f20: posts big blind $0.05
*** HOLE CARDS ***
Dealt to 3e9a1f20
Dealt to Hero [Kh Qd]
Dealt to b71c0d42
Hero: raises $0.10 to $0.15
b71c0d42: folds
3e9a1f20: calls $0.10
*** FLOP *** [Qs 7c 2d]
3e9a1f20: checks
Hero: bets $0.15
3e9a1f20: calls $0.15
*** TURN *** [Qs 7c 2d] [5h]
3e9a1f20: checks
Hero: checks
*** RIVER *** [Qs 7c 2d 5h] [9s]
3e9a1f20: Bet & Muck $0.40
Hero: calls $0.40
3e9a1f20: Bet & Muck folds
Hero: shows [Kh Qd] (Pair of Queens)
*** SHOWDOWN ***
Hero collected $1.39 from pot
*** SUMMARY ***
Total pot $1.42 | Rake $0.03 | Jackpot $0 | Bingo $0
Board [Qs 7c 2d 5h 9s]
Seat 1: 3e9a1f20 (big blind) folded on the River
Seat 3: Hero (button) showed [Kh Qd] and won ($1.39) with Pair of Queens
Seat 4: b71c0d42 (small blind) folded before Flop
"""
# not called: the bet comes back as any uncalled bet does
BET_MUCK_UNCALLED = BET_MUCK[:BET_MUCK.index("Hero: calls $0.40")] + """Hero: folds
Uncalled bet ($0.40) returned to 3e9a1f20
*** SHOWDOWN ***
3e9a1f20 collected $0.60 from pot
*** SUMMARY ***
Total pot $0.62 | Rake $0.02 | Jackpot $0 | Bingo $0
Board [Qs 7c 2d 5h 9s]
Seat 1: 3e9a1f20 (big blind) won ($0.60)
Seat 3: Hero (button) folded on the River
Seat 4: b71c0d42 (small blind) folded before Flop
"""


def test_bet_and_muck_called_gives_the_pot_to_the_caller():
    h = parse_hand(BET_MUCK)
    bet = next(a for a in h.actions if a.player == "3e9a1f20" and a.street == Street.RIVER)
    assert (bet.kind, bet.amount) == (Kind.BET, D("0.40"))
    # the bettor's cards go to the muck unseen: no fold once the betting is closed
    assert [a.kind for a in h.actions if a.street == Street.RIVER] == [Kind.BET, Kind.CALL]
    assert [(s.player, s.shown) for s in h.shows] == [("3e9a1f20", False), ("Hero", True)]
    v = GG.judge(h)
    assert (v.status, list(v.codes)) == ("ok", [])
    wrong = parse_hand(BET_MUCK.replace("Hero collected $1.39", "Hero collected $1.29"))
    assert GG.judge(wrong).status == "failed"


def test_bet_and_muck_not_called_comes_back_as_uncalled():
    h = parse_hand(BET_MUCK_UNCALLED)
    assert h.uncalled == (("3e9a1f20", D("0.40")),)
    assert GG.judge(h).status == "ok"


def test_bet_and_muck_as_a_raise_and_its_fold_facing_a_raise():
    text = BET_MUCK.replace("3e9a1f20: Bet & Muck $0.40\nHero: calls $0.40",
                            "3e9a1f20: checks\nHero: bets $0.20\n"
                            "3e9a1f20: Bet & Muck $0.40 to $0.60\nHero: calls $0.40")
    text = text.replace("$1.39", "$1.79").replace("Total pot $1.42 | Rake $0.03",
                                                 "Total pot $1.82 | Rake $0.03")
    h = parse_hand(text)
    raise_ = next(a for a in h.actions if a.kind == Kind.RAISE and a.street == Street.RIVER)
    assert (raise_.player, raise_.amount, raise_.raise_to) == ("3e9a1f20", D("0.60"), D("0.60"))
    assert GG.judge(h).status == "ok"
    # re-raised, the Bet & Muck player's "folds" is a fold facing the raise
    text = BET_MUCK.replace("Hero: calls $0.40\n3e9a1f20: Bet & Muck folds\n"
                            "Hero: shows [Kh Qd] (Pair of Queens)\n",
                            "Hero: raises $0.80 to $1.20\n3e9a1f20: Bet & Muck folds\n"
                            "Uncalled bet ($0.80) returned to Hero\n")
    text = text.replace("Hero collected $1.39", "Hero collected $1.39").replace(
        "Seat 3: Hero (button) showed [Kh Qd] and won ($1.39) with Pair of Queens",
        "Seat 3: Hero (button) won ($1.39)")
    h = parse_hand(text)
    assert h.actions[-1].kind == Kind.FOLD and h.actions[-1].player == "3e9a1f20"
    assert GG.judge(h).status == "ok"


# ---------------------------------------------------------------- damaged lines
# (the base grammar's, as GG's own lines read them too)

def _unnumbered(h: Hand) -> Hand:
    from dataclasses import replace
    return replace(h, actions=tuple(a._replace(line=0) for a in h.actions))


@pytest.mark.parametrize("line", ["Seat 1: 7a1b2c3d folded before Flop (didn't bet)",
                                  "Seat 5: Hero (big blind) won ($19.5)"])
def test_a_summary_seat_with_a_stray_quote_at_its_end(line):
    h = parse_hand(CASH.replace(line, line + '"'))
    assert h.summary == parse_hand(CASH).summary and GG.judge(h).status == "ok"


def test_a_showed_seat_with_a_stray_quote_after_its_hand_name():
    text = next(t for t in (RUSH, SPIN, TWICE, CASHOUT) if "showed [" in t)
    seat = next(x for x in text.split("\n") if " showed [" in x)
    h = parse_hand(text.replace(seat, seat + '"'))
    assert h.summary == parse_hand(text).summary


@pytest.mark.parametrize("line", ["** HOLE CARDS **", "*** HOLE CARDS", " HOLE CARDS"])
def test_a_hole_cards_line_whose_stars_were_damaged(line):
    h = parse_hand(CASH.replace("*** HOLE CARDS ***", line))
    assert h == parse_hand(CASH) and GG.judge(h).status == "ok"


def test_a_seated_player_s_bare_name_line_is_ignored():
    h = parse_hand(CASH.replace("7a1b2c3d: folds\n", "7a1b2c3d: folds\n9f8e7d6c:\n"))
    assert _unnumbered(h) == _unnumbered(parse_hand(CASH)) and GG.judge(h).status == "ok"
    with pytest.raises(ParseError):
        parse_hand(CASH.replace("7a1b2c3d: folds\n", "7a1b2c3d: folds\n1234abcd:\n"))
