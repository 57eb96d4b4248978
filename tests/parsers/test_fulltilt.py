"""Full Tilt Poker's own format (before 2016): its grammar, builder and rules, form by
form, on hands written here in Full Tilt's format; then Full Tilt's real files
(../shared), where present."""
from __future__ import annotations

from datetime import datetime
from decimal import Decimal as D

import pytest
from support.common import SAMPLES, import_paths, import_real, query, real_folder

from engine.model.hand import Hand, Kind, Street, Structure, UnsupportedHand
from engine.rules.replay import replay
from engine.rules.room_rules import DEFAULT
from parsers.base.errors import ParseError
from parsers.base.split import decode, split_hands
from parsers.fulltilt import ROOM as FT
from parsers.fulltilt import RULES, parse_hand
from parsers.fulltilt.names import names_agree
from parsers.registry import detect



def judge(text: str):
    return FT.judge(parse_hand(text))


def codes(text: str, rules=RULES) -> set[str]:
    return {f.code for f in replay(parse_hand(text), rules).findings}


# ---------------------------------------------------------------- cash, before 2013

CASH = """Full Tilt Poker Game #21000000001: Table Ember (6 max) - $0.50/$1 - No Limit Hold'em - 22:10:05 ET - 2010/05/14
Seat 1: Abelard ($100)
Seat 2: Brisk Ron ($63.20)
Seat 3: Calloway ($40), is sitting out
Seat 4: Hero ($104.50)
Seat 6: Dace ($87)
Abelard posts the small blind of $0.50
Brisk Ron posts the big blind of $1
Dace posts a dead small blind of $0.50
Dace posts $1
The button is in seat #6
*** HOLE CARDS ***
Dealt to Hero [Ac Kd]
Hero has 15 seconds left to act
Hero raises to $4
Dace calls $3
Abelard folds
Brisk Ron folds
Brisk Ron: gl
*** FLOP *** [Kh 7s 2d]
Hero bets $6
Dace calls $6
*** TURN *** [Kh 7s 2d] [9c]
Hero bets $14
Dace folds
Uncalled bet of $14 returned to Hero
Hero mucks
Hero wins the pot ($21)
*** SUMMARY ***
Total pot $22 | Rake $1
Board: [Kh 7s 2d 9c]
Seat 1: Abelard (small blind) folded before the Flop
Seat 2: Brisk Ron (big blind) folded before the Flop
Seat 3: Calloway is sitting out
Seat 4: Hero collected ($21), mucked
Seat 6: Dace (button) folded on the Turn
"""


def test_a_cash_hand_of_before_2013():
    h = parse_hand(CASH)
    assert (h.site, h.hand_id, h.structure, h.currency) == ("Full Tilt Poker", "21000000001",
                                                           Structure.NO_LIMIT, "USD")
    assert (h.stakes.small_blind, h.stakes.big_blind) == (D("0.50"), D("1"))
    assert (h.table, h.max_seats, h.button_seat, h.hero) == ("Ember", 6, 6, "Hero")
    assert h.played_at == datetime(2010, 5, 14, 22, 10, 5) and h.time_zone == "ET"
    assert h.played_at_utc == datetime(2010, 5, 15, 2, 10, 5)
    assert [s.sitting_out for s in h.seats] == [False, False, True, False, False]
    assert h.seats[1].player == "Brisk Ron" and h.seats[3].hole_cards == ("Ac", "Kd")
    assert h.uncalled == (("Hero", D(14)),)
    assert [(c.player, c.amount, c.pot) for c in h.collects] == [("Hero", D(21), None)]
    assert (h.summary.total_pot, h.summary.rake) == (D(22), D(1))
    assert judge(CASH).status == "ok"


def test_a_dead_small_blind_and_a_live_post():
    h = parse_hand(CASH)
    posts = [(a.player, a.kind, a.amount) for a in h.actions if a.street == Street.PREDEAL]
    assert posts == [("Abelard", Kind.POST_SB, D("0.50")), ("Brisk Ron", Kind.POST_BB, D(1)),
                     ("Dace", Kind.POST_DEAD, D("0.50")), ("Dace", Kind.POST_BB, D(1))]
    # the live post counts towards Dace's call: 3 more to make 4
    call = next(a for a in h.actions if a.kind == Kind.CALL)
    assert (call.player, call.amount) == ("Dace", D(3))


def test_a_changed_amount_fails_with_the_right_finding():
    assert "RAKE_MISMATCH" in codes(CASH.replace("Rake $1", "Rake $1.50"))
    assert "POT_MISMATCH" in codes(CASH.replace("Dace calls $6", "Dace calls $5"))
    assert "SUMMARY_MISMATCH" in codes(CASH.replace("collected ($21)", "collected ($20)"))


def test_the_short_lived_date_format_of_july_2010():
    h = parse_hand(CASH.replace("22:10:05 ET - 2010/05/14", "15:13 ET - Wed, July 21, 2010"))
    assert h.played_at == datetime(2010, 7, 21, 15, 13) and h.time_zone == "ET"
    with pytest.raises(ParseError) as err:
        parse_hand(CASH.replace("22:10:05 ET - 2010/05/14", "15:13 ET - Wed, Juli 21, 2010"))
    assert err.value.line == 1 and err.value.reason == "bad value"


def test_archives_write_fulltiltpoker_and_number_their_hands():
    second = CASH.replace("#21000000001", "#21000000002")
    text = ("FullTiltPoker Game #21000000001" + CASH[CASH.index(":"):].replace("\n", "\n\n", 1)
            + "\n\n******************** # 2 *******************\n\n"
            + second.replace("Full Tilt Poker Game", "FullTiltPoker Game")
            .replace("*** SUMMARY ***\n", "*** SUMMARY ***\nDuration 71s\n"))
    decoded, enc = decode(text.encode("utf-8-sig"))
    raws = split_hands(decoded, FT, enc)
    assert [r.stray for r in raws] == [None, None]
    hands = [parse_hand(r.text) for r in raws]
    assert [h.hand_id for h in hands] == ["21000000001", "21000000002"]
    assert all(FT.judge(h).status == "ok" for h in hands)


def test_files_written_with_a_blank_line_after_every_line():
    spaced = "\n\n".join(CASH.split("\n")) + "\n\n\ufffd"
    decoded, enc = decode(spaced.encode("utf-16"))
    raws = split_hands(decoded, FT, enc)
    assert len(raws) == 1 and raws[0].stray is None
    assert FT.judge(parse_hand(raws[0].text)).status == "ok"


# ---------------------------------------------------------------- 2013 on, capped tables

NEW = """Full Tilt Poker Game #33000000001: Table Heron (6 max, shallow) - NL Hold'em - $0.25/$0.50 - 18:21:24 CET - 2013/09/24 [12:21:24 ET - 2013/09/24]
Seat 1: Hero ($20)
Seat 3: Marlow ($35.10)
Seat 5: Nim ($8)
Marlow posts the small blind of $0.25
Nim posts the big blind of $0.50
The button is in seat #1
*** HOLE CARDS ***
Dealt to Hero [Qs Qc]
Hero raises to $1.50
Marlow folds
Nim raises to $8, and is all in
Hero calls $6.50
Nim shows [Ah Kh]
Hero shows [Qs Qc]
*** FLOP *** [2s 9d 4c] (Total Pot: $16.25, 2 Players, 1 All-In)
*** TURN *** [2s 9d 4c] [Jh] (Total Pot: $16.25, 2 Players, 1 All-In)
*** RIVER *** [2s 9d 4c Jh] [3d] (Total Pot: $16.25, 2 Players, 1 All-In)
Nim shows Ace King high
Hero shows a pair of Queens
Hero wins the pot ($15.50) with a pair of Queens
*** SUMMARY ***
Total pot $16.25 | Rake $0.75
Board: [2s 9d 4c Jh 3d]
Seat 1: Hero (button) showed [Qs Qc] and won ($15.50) with a pair of Queens
Seat 3: Marlow (small blind) folded before the Flop
Seat 5: Nim (big blind) showed [Ah Kh] and lost with Ace King high
"""


def test_the_header_of_2013_on_with_the_time_in_et_too():
    h = parse_hand(NEW)
    assert (h.stakes.small_blind, h.stakes.big_blind, h.max_seats) == (D("0.25"), D("0.50"), 6)
    assert h.played_at == datetime(2013, 9, 24, 18, 21, 24) and h.time_zone == "CET"
    assert h.played_at_utc == datetime(2013, 9, 24, 16, 21, 24)  # from the ET time
    assert judge(NEW).status == "ok"


def test_hands_shown_at_the_all_in_are_named_once_the_board_is_out():
    h = parse_hand(NEW)
    assert [(s.player, s.cards, s.hand_name) for s in h.shows] == [
        ("Nim", ("Ah", "Kh"), None), ("Hero", ("Qs", "Qc"), None),
        ("Nim", (), "Ace King high"), ("Hero", (), "a pair of Queens")]


def test_full_tilt_s_hand_names_are_judged():
    wrong = NEW.replace("Nim shows Ace King high", "Nim shows a pair of Jacks")
    assert "HAND_NAME_MISMATCH" in codes(wrong)
    assert "HAND_NAME_MISMATCH" not in codes(wrong, DEFAULT)  # names not judged by default
    assert codes(NEW) == set()


@pytest.mark.parametrize("cards, board, name", [
    ("As Kd", "Qh 9c 7d 4s 2h", "Ace King high"),
    ("2s 2d", "Qh 9c 7d 4s 3h", "a pair of Twos"),
    ("2s 2d", "Qh 9c 7d 4s 3h", "a pair of Deuces"),
    ("Ks 6d", "Kh 6c Td 4s 2h", "two pair, Kings and Sixes"),
    ("Js Jd", "Jh 6c Td 4s 2h", "three of a kind, Jacks"),
    ("3s 5d", "2h 4c 6d Ks Kh", "a straight, Six high"),
    ("As 2d", "3h 4c 5d Ks Kh", "a straight, Five high"),
    ("9h 6h", "4h 5d Jh 8c 7h", "a flush, Jack high"),
    ("Jd Js", "2d Jh 3c 3s Tc", "a full house, Jacks full of Threes"),
    ("9d 9s", "9h 9c 3c 3s Tc", "four of a kind, Nines"),
    ("Jd Td", "8d 9d 7d 2s 2c", "a straight flush, Jack high"),
])
def test_full_tilt_s_names_for_each_kind_of_hand(cards, board, name):
    from engine.equity.evaluate import evaluate
    rank = evaluate(cards.split() + board.split())
    assert names_agree(rank, name)
    assert not names_agree(rank, name + " and more")


def test_a_capped_table_s_cap_is_what_a_capped_player_has_put_in():
    text = NEW.replace("NL Hold'em", "CAP NL Hold'em").replace("$8)", "$40)").replace(
        "Nim raises to $8, and is all in", "Nim raises to $15, and is capped").replace(
        "Hero calls $6.50", "Hero calls $13.50, and is capped").replace(
        "$16.25", "$30.25").replace("1 All-In", "2 All-In").replace(
        "($15.50)", "($29.50)")
    h = parse_hand(text)
    assert h.stakes.cap == D(15)
    assert judge(text).status == "ok"
    old = NEW.replace("NL Hold'em - $0.25/$0.50", "$0.25/$0.50 - $15 Cap No Limit Hold'em")
    assert parse_hand(old).stakes.cap == D(15)
    assert parse_hand(NEW).stakes.cap is None


# ---------------------------------------------------------------- tournaments

SNG = """Full Tilt Poker Game #19500000001: $2 + $0.25 Sit & Go (148800001), Table 1 - 300/600 - Limit Hold'em - 18:58:46 ET - 2010/03/23
Seat 2: Orrin (7,723)
Seat 5: Hero (3,409)
Seat 6: Pell (50)
Seat 8: Quince (818)
Pell posts the small blind of 50, and is all in
Quince posts the big blind of 300
The button is in seat #5
*** HOLE CARDS ***
Dealt to Hero [2h 9h]
Orrin has 15 seconds left to act
Orrin calls 300
Hero folds
Quince checks
*** FLOP *** [2d 7s Qc]
Quince checks
Orrin checks
*** TURN *** [2d 7s Qc] [8s]
Quince checks
Orrin checks
*** RIVER *** [2d 7s Qc 8s] [5c]
Quince checks
Orrin checks
*** SHOW DOWN ***
Quince shows [Ts 4c] Queen Ten high
Orrin shows [2c As] a pair of Twos
Orrin wins the side pot (500) with a pair of Twos
Pell shows [7c 5s] two pair, Sevens and Fives
Pell wins the main pot (150) with two pair, Sevens and Fives
*** SUMMARY ***
Total pot 650 Main pot 150. Side pot 500. | Rake 0
Board: [2d 7s Qc 8s 5c]
Seat 2: Orrin showed [2c As] and won (500) with a pair of Twos
Seat 5: Hero (button) didn't bet (folded)
Seat 6: Pell (small blind) showed [7c 5s] and won (150) with two pair, Sevens and Fives
Seat 8: Quince (big blind) showed [Ts 4c] and lost with Queen Ten high
"""


def test_a_fixed_limit_sit_and_go_with_main_and_side_pots():
    h = parse_hand(SNG)
    assert (h.tournament_id, h.buy_in, h.table, h.currency) == ("148800001",
                                                                "$2 + $0.25 Sit & Go", "1", "chips")
    assert h.structure == Structure.FIXED_LIMIT
    s = h.stakes
    assert (s.small_blind, s.big_blind, s.small_bet, s.big_bet) == (150, 300, 300, 600)
    assert [(c.player, c.pot) for c in h.collects] == [("Orrin", 1), ("Pell", 0)]
    assert h.summary.pots == (150, 500)
    assert judge(SNG).status == "ok"
    assert "WRONG_WINNER" in codes(SNG.replace("[7c 5s]", "[3c 4s]").replace(
        "two pair, Sevens and Fives", "Queen Eight high"))


KO = """Full Tilt Poker Game #29500000001: $7,000 KO Guarantee (229400001), Table 11 - 50K/100K Ante 10000 - No Limit Hold'em - 16:06:40 ET - 2011/04/01
Seat 1: Hero (2,866,582)
Seat 6: Ruarc (1,693,418)
Hero antes 10,000
Ruarc antes 10,000
Hero posts the small blind of 50,000
Ruarc posts the big blind of 100,000
The button is in seat #1
*** HOLE CARDS ***
Dealt to Hero [Tc Kh]
Hero raises to 2,856,582, and is all in
Ruarc calls 1,583,418, and is all in
Hero shows [Tc Kh]
Ruarc shows [6s 6c]
Uncalled bet of 1,173,164 returned to Hero
*** FLOP *** [Ac Th Kd]
*** TURN *** [Ac Th Kd] [Kc]
*** RIVER *** [Ac Th Kd Kc] [3c]
Hero shows a full house, Kings full of Tens
Ruarc shows two pair, Kings and Sixes
Ruarc finishes in 2nd place
Hero wins the pot (3,386,836) with a full house, Kings full of Tens
*** SUMMARY ***
Total pot 3,386,836 | Rake 0
Board: [Ac Th Kd Kc 3c]
Seat 1: Hero (small blind) showed [Tc Kh] and won (3,386,836) with a full house, Kings full of Tens
Seat 6: Ruarc (big blind) showed [6s 6c] and lost with two pair, Kings and Sixes
"""


def test_stakes_in_thousands_and_antes():
    h = parse_hand(KO)
    assert (h.stakes.small_blind, h.stakes.big_blind, h.stakes.ante) == (50000, 100000, 10000)
    assert judge(KO).status == "ok"


MATRIX = """Full Tilt Poker Game #31400000001: Turbo $8K Guarantee (Rush) (248000001), Table 13 - NL Hold'em - 80/160 - 14:15:26 CT - 2013/01/24 [15:15:26 ET - 2013/01/24]
Seats: 9
Seat 1: Sorrel (7,945)
Seat 2: Tegan (9,185)
Seat 3: Hero (4,296)
Tegan posts the small blind of 80
Hero posts the big blind of 160
The button is in seat #1
*** HOLE CARDS ***
Dealt to Hero [5c 7s]
Sorrel raises to 320
Tegan folds
Hero folds
Uncalled bet of 160 returned to Sorrel
*** SUMMARY ***
Total pot 400 | Rake 0
Seat 1: Sorrel (button) collected (400), mucked
Seat 2: Tegan (small blind) folded before the Flop
Seat 3: Hero (big blind) folded before the Flop
"""


def test_rush_tournaments_and_the_table_size_line():
    h = parse_hand(MATRIX)
    assert h.zoom and h.max_seats == 9 and h.table == "13"
    assert parse_hand(CASH.replace("Table Ember (6 max)", "Table Mach 10")).zoom
    assert not parse_hand(CASH).zoom


def test_a_hand_without_its_win_line_is_paid_as_its_summary_says():
    # (Matrix tournaments' files leave out the lines after the uncalled bet)
    h = parse_hand(MATRIX)
    assert [(c.player, c.amount) for c in h.collects] == [("Sorrel", D(400))]
    assert judge(MATRIX).status == "ok"


def test_a_board_left_short_is_the_summary_s():
    text = KO.replace("*** RIVER *** [Ac Th Kd Kc] [3c]\n", "")
    h = parse_hand(text)
    assert h.boards == (("Ac", "Th", "Kd", "Kc", "3c"),)
    assert judge(text).status == "ok"
    # a board that is not the start of the SUMMARY's is left as written
    other = KO.replace("*** RIVER *** [Ac Th Kd Kc] [3c]", "*** RIVER *** [Ac Th Kd Kc] [3d]")
    assert "SUMMARY_MISMATCH" in codes(other)


# ---------------------------------------------------------------- observers' hands

OBSERVED = """Full Tilt Poker Game #1080000001: Table Shoal (6 max) - $25/$50 - No Limit Hold'em - 17:47:12 ET - 2006/10/09
Vela Morn posts the small blind of $25
Wicker posts the big blind of $50
The button is in seat #3
*** HOLE CARDS ***
Vela Morn raises to $1,000, and is all in
Wicker folds
Uncalled bet of $950 returned to Vela Morn
Vela Morn mucks
Vela Morn wins the pot ($100)
*** SUMMARY ***
Total pot $100 | Rake $0
Seat 3: Vela Morn (small blind) collected ($100), mucked
Seat 4: Wicker (big blind) folded before the Flop
"""


def test_an_observer_s_hand_seats_its_players_as_the_summary_lists_them():
    h = parse_hand(OBSERVED)
    assert [(s.seat, s.player, s.stack) for s in h.seats] == [(3, "Vela Morn", 0),
                                                            (4, "Wicker", 0)]
    assert h.hero is None


def test_stacks_not_written_are_not_judged():
    """RoomRules.zero_stack_not_known: an observer's hand writes no stacks."""
    assert RULES.zero_stack_not_known
    assert judge(OBSERVED).status == "ok"
    assert replay(parse_hand(OBSERVED), DEFAULT).status == "failed"


# ---------------------------------------------------------------- run it twice

TWICE = """Full Tilt Poker Game #35400000001: Table Myrtle (6 max) - CAP NL Hold'em - $5/$10 - 04:44:44 ET - 2015/04/08
Seat 1: Yarrow ($300), is sitting out
Seat 2: Zell ($877.65)
Seat 3: Aurel ($609.35)
Seat 4: Bexley ($752.25)
Seat 5: Hero ($600)
Seat 6: Crail ($300)
Aurel posts the small blind of $5
Bexley posts the big blind of $10
The button is in seat #2
*** HOLE CARDS ***
Dealt to Hero [5s Ah]
Hero folds
Crail raises to $20
Zell calls $20
Aurel folds
Bexley calls $10
*** FLOP *** [Td 3d 3h] (Total Pot: $65, 3 Players)
Bexley checks
Crail bets $40
Zell folds
Bexley calls $40
*** TURN *** [Td 3d 3h] [Qh] (Total Pot: $145, 2 Players)
Bexley checks
Crail bets $72.50
Bexley has 15 seconds left to act
Bexley raises to $240, and is capped
Crail calls $167.50, and is capped
Players agree to Run It Twice
Bexley shows [Jd Qd]
Crail shows [6d Ad]
*** RIVER 1 *** [Td 3d 3h Qh] [Ac] (Total Pot: $625, 2 Players, 2 All-In)
*** RIVER 2 *** [Td 3d 3h Qh] [2h] (Total Pot: $625, 2 Players, 2 All-In)
*** SHOW DOWN 1 ***
Bexley shows two pair, Queens and Threes
Crail shows two pair, Aces and Threes
*** SHOW DOWN 2 ***
Bexley shows two pair, Queens and Threes
Crail shows a pair of Threes
Crail wins pot 1 ($311) with two pair, Aces and Threes
Bexley wins pot 2 ($311) with two pair, Queens and Threes
*** SUMMARY ***
Total pot $625 | Rake $3
*** SUMMARY 1 ***
Pot 1 $311
Board: [Td 3d 3h Qh Ac]
Seat 1: Yarrow is sitting out
Seat 2: Zell (button) folded on the Flop
Seat 3: Aurel (small blind) folded before the Flop
Seat 4: Bexley (big blind) showed [Jd Qd] and lost with two pair, Queens and Threes
Seat 5: Hero didn't bet (folded)
Seat 6: Crail showed [6d Ad] and won ($311) with two pair, Aces and Threes
*** SUMMARY 2 ***
Pot 2 $311
Board: [Td 3d 3h Qh 2h]
Seat 1: Yarrow is sitting out
Seat 2: Zell (button) folded on the Flop
Seat 3: Aurel (small blind) folded before the Flop
Seat 4: Bexley (big blind) showed [Jd Qd] and won ($311) with two pair, Queens and Threes
Seat 5: Hero didn't bet (folded)
Seat 6: Crail showed [6d Ad] and lost with a pair of Threes
"""


def test_run_it_twice_on_a_capped_table():
    h = parse_hand(TWICE)
    assert h.boards == (("Td", "3d", "3h", "Qh", "Ac"), ("Td", "3d", "3h", "Qh", "2h"))
    assert [(c.player, c.amount, c.run) for c in h.collects] == [("Crail", D(311), 1),
                                                                ("Bexley", D(311), 2)]
    assert h.stakes.cap == D(300)
    assert [(s.player, s.won) for s in h.summary.seats if s.won] == [("Bexley", (D(311),)),
                                                                     ("Crail", (D(311),))]
    assert judge(TWICE).status == "ok"
    swapped = TWICE.replace("Crail wins pot 1", "Crail wins pot 2").replace(
        "Bexley wins pot 2", "Bexley wins pot 1")
    assert "WRONG_WINNER" in codes(swapped)


# ---------------------------------------------------------------- lines about the table

def test_events_chat_and_a_returned_ante():
    text = KO.replace("Hero antes 10,000\n", "Hero antes 10,000\nZora sits down\n").replace(
        "*** HOLE CARDS ***\n", "*** HOLE CARDS ***\nZora adds 2,660\n5 seconds left to act\n"
        "Ruarc has been disconnected\nRuarc has reconnected\nRuarc: nh\n")
    assert judge(text).status == "ok"
    returned = SNG.replace("Quince posts", "Hero antes 25\nAnte of 25 returned to Hero\n"
                           "Quince posts")
    h = parse_hand(returned)
    assert not any(a.player == "Hero" and a.kind == Kind.POST_ANTE for a in h.actions)
    assert next(s for s in h.seats if s.player == "Hero").sitting_out


def test_a_player_the_summary_says_is_sitting_out_is_not_dealt_in():
    text = CASH.replace("Seat 3: Calloway ($40), is sitting out", "Seat 3: Calloway ($40)")
    h = parse_hand(text)
    assert next(s for s in h.seats if s.player == "Calloway").sitting_out
    assert judge(text).status == "ok"


# ---------------------------------------------------------------- what is not a hand

@pytest.mark.parametrize("header, game, structure", [
    ("Full Tilt Poker Game #18900000001: Table Gaines (6 max) - $0.01/$0.02 - Pot Limit Omaha Hi"
     " - 11:37:56 ET - 2010/03/03", "Omaha Hi", Structure.POT_LIMIT),
    ("Full Tilt Poker Game #33700000001: Table Dickson (6 max) - FL Omaha H/L - $0.50/$1 - "
     "20:31:38 ET - 2014/01/05", "Omaha H/L", Structure.FIXED_LIMIT),
    ("FullTiltPoker Game #579300001: $200 + $10 Heads Up Sit & Go (3795352), Table 1 - 40/80 - "
     "Limit Razz - 21:27:00 ET - 2006/04/19", "Razz", Structure.FIXED_LIMIT),
    ("Full Tilt Poker Game #24300000001: Table Pam (6 max) - $5/$10 - $400 Pot Limit Omaha Hi - "
     "15:35:09 ET - 2010/10/02", "Omaha Hi", Structure.POT_LIMIT),
])
def test_other_games_are_unsupported_not_misread(header, game, structure):
    h = parse_hand(header + "\n" + CASH.split("\n", 1)[1])
    assert isinstance(h, UnsupportedHand)
    assert (h.site, h.game, h.structure) == ("Full Tilt Poker", game, structure)


def test_an_unknown_line_is_a_parse_error_at_its_line():
    with pytest.raises(ParseError) as err:
        parse_hand(CASH.replace("Abelard folds", "Abelard dances"))
    assert err.value.line == 17 and err.value.reason == "unrecognised line"


def test_a_hand_cut_short_is_a_parse_error():
    with pytest.raises(ParseError) as err:
        parse_hand(CASH[:CASH.index("*** SUMMARY ***")])
    assert err.value.reason == "the hand ends before its SUMMARY"
    assert not FT.complete(CASH[:CASH.index("Seat 6: Dace (button)")])
    assert FT.complete(CASH)


def test_partial_cancelled_and_emptied_hands_say_why():
    with pytest.raises(ParseError) as err:
        parse_hand(CASH.replace("2010/05/14\n", "2010/05/14 (partial)\n"))
    assert "partial" in err.value.reason
    with pytest.raises(ParseError) as err:
        parse_hand(CASH.replace("Hero mucks\n", "Hand #21000000001 has been canceled\n"))
    assert err.value.reason == "the room cancelled the hand"
    empty = CASH.split("\n", 1)[0] + "\n" + CASH[CASH.index("*** SUMMARY ***"):]
    with pytest.raises(ParseError) as err:
        parse_hand(empty)
    assert err.value.line == 2 and "only its header and SUMMARY" in err.value.reason
    with pytest.raises(ParseError) as err:
        parse_hand(CASH.replace("The button is in seat #6\n", ""))
    assert "no button" in err.value.reason


def test_files_are_told_from_pokerstars_ones():
    assert detect(CASH) is FT
    assert detect(CASH.replace("Full Tilt Poker Game", "FullTiltPoker Game")) is FT
    # Full Tilt since 2016 writes PokerStars' format: PokerStars' room reads it
    stars = ("Full Tilt Hand #19190000001: Hold'em No Limit ($0.05/$0.10) - 2017/01/01 "
             "10:00:00 ET\nTable 'Ember' 6-max Seat #1 is the button\n")
    found = detect(stars)
    assert found is not FT and found.name == "pokerstars"
    assert FT.start.search(stars) is None


def test_hands_are_hands():
    assert all(isinstance(parse_hand(t), Hand) for t in (CASH, NEW, SNG, KO, MATRIX,
                                                          OBSERVED, TWICE))


def test_the_hand_written_samples_verify():
    files = sorted((SAMPLES / "fulltilt").glob("*.txt"))
    assert files
    statuses = []
    for path in files:
        text, enc = decode(path.read_bytes())
        for raw in split_hands(text, FT, enc):
            assert raw.stray is None
            statuses.append(FT.judge(parse_hand(raw.text)).status)
    assert len(statuses) >= 5 and set(statuses) == {"ok"}


# ---------------------------------------------------------------- Full Tilt's real files

@pytest.mark.parametrize("where", ["corpus", "wild"])
def test_full_tilt_s_real_files_are_stored_and_verify(where, tmp_path):
    summary = import_real(tmp_path / "ft.duckdb", real_folder(where, "fulltilt", "ftp"))[0]
    assert not summary.files_not_recognised


def test_full_tilt_s_other_games_are_stored_as_unsupported(tmp_path):
    folder = real_folder("other games", "fulltilt", "ftp")
    db = tmp_path / "ft.duckdb"
    import_paths(db, folder)
    games = dict(query(db, "SELECT game, count(*) FROM hands WHERE NOT supported GROUP BY game"))
    assert {"Omaha Hi", "Omaha H/L", "Courchevel Hi"} <= set(games)
    assert query(db, "SELECT count(*) FROM parse_errors")[0][0] == 0
    statuses = query(db, "SELECT DISTINCT v.status FROM hands h JOIN verdicts v"
                         " USING (site, hand_id) WHERE h.supported")
    assert statuses == [("ok",)]


FLIPOUT = """Full Tilt Poker Game #34500000001: $300 Flipout (272200001), Table 1 - NL Hold'em - 2B/2B Ante 2B - 04:46:00 ET - 2014/08/07
Seat 1: Amsel (3,000)
Seat 2: Brack (3,000)
Seat 3: Hero (3,000)
Amsel antes 3,000, and is all in
Brack antes 3,000, and is all in
Hero antes 3,000, and is all in
Amsel checks
Brack checks
The button is in seat #3
*** HOLE CARDS ***
Dealt to Hero [Tc 9d]
Amsel shows [9s 3c]
Brack shows [8c 4h]
Hero shows [Tc 9d]
*** FLOP *** [4s 8h Ts] (Total Pot: 9,000, 3 Players, 3 All-In)
*** TURN *** [4s 8h Ts] [5h] (Total Pot: 9,000, 3 Players, 3 All-In)
*** RIVER *** [4s 8h Ts 5h] [6d] (Total Pot: 9,000, 3 Players, 3 All-In)
Amsel shows Ten Nine high
Brack shows two pair, Eights and Fours
Hero shows a pair of Tens
Brack wins the pot (9,000) with two pair, Eights and Fours
Hero is feeling sad
*** SUMMARY ***
Total pot 9,000 | Rake 0
Board: [4s 8h Ts 5h 6d]
Seat 1: Amsel (small blind) showed [9s 3c] and lost with Ten Nine high
Seat 2: Brack (big blind) showed [8c 4h] and won (9,000) with two pair, Eights and Fours
Seat 3: Hero (button) showed [Tc 9d] and lost with a pair of Tens
"""


def test_a_flipout_hand_every_player_all_in_on_the_ante():
    h = parse_hand(FLIPOUT)
    assert h.stakes.big_blind == D(2_000_000_000) and h.stakes.ante == D(2_000_000_000)
    assert [a.kind for a in h.actions] == [Kind.POST_ANTE] * 3  # the blinds' checks: none
    assert judge(FLIPOUT).status == "ok"


def test_the_french_site_and_tournament_summary_files():
    fr = CASH.replace("Full Tilt Poker Game", "Full Tilt Poker.fr Game").replace("$", "€")
    h = parse_hand(fr)
    assert (h.site, h.currency) == ("Full Tilt Poker.fr", "EUR")
    assert detect(fr) is FT and FT.judge(h).status == "ok"
    summary = ("Full Tilt Poker Tournament Summary $26 Super Turbo Matrix (244600001) Hold'em "
               "No Limit\n2012/11/23 2:19:25 ET\n")
    assert detect(summary) == "Full Tilt tournament summary"
