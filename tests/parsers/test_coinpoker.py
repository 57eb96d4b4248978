"""CoinPoker: its grammar, builder and rules, form by form, on hands written here in
CoinPoker's two formats (2024-2025 and 2026); then CoinPoker's real files (../shared),
where present."""
from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from decimal import Decimal as D

import pytest
from support.common import import_real, real_folder

from engine.model.hand import Hand, Kind, Street, Structure, UnsupportedHand
from engine.rules.replay import replay
from engine.rules.room_rules import DEFAULT, UNCALLED_COLLECTED, UNCALLED_SILENT_OR_COLLECTED
from parsers.base.errors import ParseError
from parsers.base.split import split_hands
from parsers.coinpoker import ROOM as COIN
from parsers.coinpoker import RULES, parse_hand
from parsers.coinpoker.names import names_agree
from parsers.registry import detect



def judge(text: str):
    return COIN.judge(parse_hand(text))


def kinds(h: Hand, street: Street) -> list[tuple]:
    return [(a.player, a.kind, a.amount, a.raise_to, a.all_in) for a in h.actions
            if a.street == street]


# ---------------------------------------------------------------- 2024-2025: cash

CASH = """CoinPoker Hand #500000001: Hold'em No Limit (0.01/0.02 ) 2025/06/02 21:14:07 GMT
Table 'NL ₮2 III' 7-max Seat #2 is the button
Seat 1: Wrenfield (2.00 in chips)
Seat 2: Osgood77 (1.62 in chips)
Seat 3: Peppercorn (2.40 in chips)
Seat 5: Thistledown (2.00 in chips) out of hand
Seat 6: Mossback (3.11 in chips)
Peppercorn: posts small blind 0.01
Mossback: posts big blind 0.02
*** HOLE CARDS ***
Dealt to Wrenfield [Ah Td]
Wrenfield: raises 0.04 to 0.06
Osgood77 has timed out
Osgood77 activated time-bank (30 seconds)
Osgood77: calls 0.06
Peppercorn: folds
Mossback: folds
*** FLOP *** [Tc 6s 2h]
Wrenfield: bets 0.08
Osgood77: calls 0.08
*** TURN *** [Tc 6s 2h] [Qd]
Wrenfield: bets 0.20
Osgood77: folds
Uncalled bet (0.20) returned to Wrenfield
Wrenfield collected 0.30 from pot
Wrenfield: doesn't show hand
*** SUMMARY ***
Total pot 0.31 | Rake 0.01
Board [ Tc 6s 2h Qd ]
Game ended: 2025/06/02 21:15:02 GMT
Seat 1: Wrenfield collected (0.30)
Seat 2: Osgood77 (button) folded on the Turn
Seat 3: Peppercorn (small blind) folded before Flop
Seat 5: Thistledown folded before Flop (didn't bet)
Seat 6: Mossback (big blind) folded before Flop
"""


def test_a_cash_hand_of_2025():
    h = parse_hand(CASH)
    assert (h.site, h.hand_id, h.game, h.structure) == ("CoinPoker", "500000001", "Hold'em",
                                                        Structure.NO_LIMIT)
    # TETHER: no sign is written; the tables are priced in tether
    assert (h.stakes.small_blind, h.stakes.big_blind, h.currency) == (D("0.01"), D("0.02"),
                                                                      "USDT")
    assert (h.table, h.max_seats, h.button_seat) == ("NL ₮2 III", 7, 2)
    assert h.played_at == datetime(2025, 6, 2, 21, 14, 7) and h.time_zone == "GMT"
    assert h.played_at_utc == datetime(2025, 6, 2, 21, 14, 7)
    assert [(s.seat, s.player, s.stack, s.sitting_out) for s in h.seats] == [
        (1, "Wrenfield", D(2), False), (2, "Osgood77", D("1.62"), False),
        (3, "Peppercorn", D("2.40"), False), (5, "Thistledown", D(2), True),
        (6, "Mossback", D("3.11"), False)]
    assert h.hero == "Wrenfield" and h.seats[0].hole_cards == ("Ah", "Td")
    assert h.uncalled == (("Wrenfield", D("0.20")),)
    assert (h.summary.total_pot, h.summary.rake, h.summary.boards) == (
        D("0.31"), D("0.01"), (("Tc", "6s", "2h", "Qd"),))
    assert judge(CASH).status == "ok"


def test_a_changed_amount_fails_with_the_right_finding():
    v = judge(CASH.replace("Wrenfield collected 0.30", "Wrenfield collected 0.31"))
    assert v.status == "failed" and {"RAKE_MISMATCH", "SUMMARY_MISMATCH"} <= set(v.codes)
    v = judge(CASH.replace("Osgood77: calls 0.08", "Osgood77: calls 0.07"))
    assert "BAD_CALL_AMOUNT" in v.codes


def test_hands_split_from_a_file_with_one_blank_line_between():
    text = CASH + "\n" + CASH.replace("#500000001", "#500000002")
    hands = split_hands(text, COIN, "utf-8")
    assert [r.complete for r in hands] == [True, True]
    assert [parse_hand(r.text).hand_id for r in hands] == ["500000001", "500000002"]


def test_a_hand_is_whole_once_its_summary_lists_every_seat():
    assert COIN.complete(CASH)
    assert not COIN.complete(CASH[:CASH.index("Seat 6: Mossback (big blind)")])
    assert not COIN.complete(CASH[:CASH.index("*** SUMMARY ***")])


# the walk: the big blind collects the whole pot, its own blind in it, with no
# "Uncalled bet" line; before the flop, an all-in raise nobody called likewise
WALK = """CoinPoker Hand #500000003: Hold'em No Limit (0.01/0.02 ) 2025/06/02 21:16:40 GMT
Table 'NL ₮2 III' 7-max Seat #3 is the button
Seat 1: Wrenfield (2.29 in chips)
Seat 2: Osgood77 (1.48 in chips)
Seat 3: Peppercorn (2.39 in chips)
Seat 6: Mossback (3.09 in chips)
Seat 7: Fairweather (2.00 in chips)
Mossback: posts small blind 0.01
Fairweather: didn't post big blind
Wrenfield: posts big blind 0.02
*** HOLE CARDS ***
Dealt to Wrenfield [9c 9d]
Osgood77: folds
Peppercorn: folds
Mossback: folds
Wrenfield collected 0.03 from pot
Wrenfield: doesn't show hand
*** SUMMARY ***
Total pot 0.03 | Rake 0.00
Board [ ]
Game ended: 2025/06/02 21:16:52 GMT
Seat 1: Wrenfield (big blind) collected (0.03)
Seat 2: Osgood77 folded before Flop (didn't bet)
Seat 3: Peppercorn (button) folded before Flop (didn't bet)
Seat 6: Mossback (small blind) folded before Flop
Seat 7: Fairweather folded before Flop (didn't bet)
"""


def test_a_walk_s_big_blind_collects_its_own_blind_with_the_pot():
    h = parse_hand(WALK)
    assert h.uncalled == () and h.collects[0].amount == D("0.03")
    assert h.boards == ((),) and h.summary.boards == ()  # EMPTY_BOARD_WRITTEN
    assert COIN.judge(h).status == "ok"


def test_uncalled_bet_is_coinpoker_s_rule():
    """RoomRules.uncalled_bet=UNCALLED_COLLECTED: by the default rules the walk's uncalled
    blind, not written, is a finding (a warning, as every player ends with the same
    money)."""
    h = parse_hand(WALK)
    assert RULES.uncalled_bet == UNCALLED_COLLECTED
    v = replay(h, DEFAULT)
    assert v.status == "warning" and "BAD_UNCALLED_RETURN" in v.codes
    assert replay(h, RULES).status == "ok"


def test_a_player_who_did_not_post_the_big_blind_is_not_dealt_in():
    h = parse_hand(WALK)
    # NO_BLIND_SITS_OUT: the blind is posted by the next player
    assert [s.player for s in h.seats if s.sitting_out] == ["Fairweather"]
    assert COIN.judge(parse_hand(WALK.replace("Fairweather: didn't post big blind\n", "")
                                 )).status == "failed"  # (else a blind is missing)


STRADDLE = """CoinPoker Hand #500000004: Hold'em No Limit (0.01/0.02 ) 2025/06/02 21:18:00 GMT
Table 'NL ₮2 III' 7-max Seat #6 is the button
Seat 1: Wrenfield (2.32 in chips)
Seat 2: Osgood77 (1.48 in chips)
Seat 3: Peppercorn (2.39 in chips)
Seat 4: Hazelbrook (2.00 in chips)
Seat 6: Mossback (3.08 in chips)
Seat 7: Fairweather (2.00 in chips)
Fairweather: posts small blind 0.01
Wrenfield: posts big blind 0.02
Osgood77: posts straddle 0.04
Hazelbrook: posts small blind (dead) 0.01
Hazelbrook: posts big blind 0.02
*** HOLE CARDS ***
Dealt to Wrenfield [Kh 4s]
Peppercorn: folds
Hazelbrook: calls 0.02
Mossback: calls 0.04
Fairweather: folds
Wrenfield: folds
Osgood77: checks
*** FLOP *** [8d 8c 3s]
Osgood77: checks
Hazelbrook: bets 0.10
Mossback: folds
Osgood77: folds
Uncalled bet (0.10) returned to Hazelbrook
Hazelbrook collected 0.15 from pot
Hazelbrook: doesn't show hand
*** SUMMARY ***
Total pot 0.16 | Rake 0.01
Board [ 8d 8c 3s ]
Game ended: 2025/06/02 21:18:51 GMT
Seat 1: Wrenfield (big blind) folded before Flop
Seat 2: Osgood77 (straddle) folded on the Flop
Seat 3: Peppercorn folded before Flop (didn't bet)
Seat 4: Hazelbrook collected (0.15)
Seat 6: Mossback (button) folded on the Flop
Seat 7: Fairweather (small blind) folded before Flop
"""


def test_a_straddle_and_a_returning_player_s_dead_small_blind():
    h = parse_hand(STRADDLE)
    assert [(p, k, a) for p, k, a, _, _ in kinds(h, Street.PREDEAL)] == [
        ("Fairweather", Kind.POST_SB, D("0.01")), ("Wrenfield", Kind.POST_BB, D("0.02")),
        ("Osgood77", Kind.POST_STRADDLE, D("0.04")),
        ("Hazelbrook", Kind.POST_DEAD, D("0.01")), ("Hazelbrook", Kind.POST_BB, D("0.02"))]
    assert COIN.judge(h).status == "ok"


# ---------------------------------------------------------------- 2024-2025: tournaments

TOURNAMENT = """CoinPoker Hand #500000100: Tournament #1400001, ₮0.50 Night Owl PKO, 10 Seats GTD Hold'em No Limit (100/200 ante 25 play) 2025/02/01 23:40:12 GMT
Table '7' 7-max Seat #2 is the button
Seat 1: Bellweather (4000 in chips)
Seat 2: Cinderford (1500 in chips)
Seat 3: Dunmore (6200 in chips)
Seat 4: Eastcott (2600 in chips) is sitting out
Bellweather: posts the ante 25
Cinderford: posts the ante 25
Dunmore: posts the ante 25
Eastcott: posts the ante 25
Dunmore: posts small blind 100
Eastcott: posts big blind 200
*** HOLE CARDS ***
Dealt to Dunmore [Qd Qc]
Bellweather: raises 3975 and is all-in
Cinderford: calls 1475 and is all-in
Dunmore: calls 3875
Eastcott: folds
*** FLOP *** [Jh 7d 2s]
*** TURN *** [Jh 7d 2s] [9c]
*** RIVER *** [Jh 7d 2s 9c] [3d]
*** SHOW DOWN ***
Bellweather: shows [Ah Kh] (Ace high)
Dunmore: shows [Qd Qc] (a pair of Queens)
Dunmore collected 5000 from side-pot 1
Cinderford: shows [Js Jc] (three of kind, Jacks)
Cinderford collected 4725 from pot
*** SUMMARY ***
Total pot 9725 | Rake 0
Board [ Jh 7d 2s 9c 3d ]
Game ended: 2025/02/01 23:40:55 GMT
Seat 1: Bellweather showed [Ah Kh]
Seat 2: Cinderford (button) showed [Js Jc] and won (4725) with three of kind, Jacks
Seat 3: Dunmore (small blind) showed [Qd Qc] and won (5000) with a pair of Queens
Seat 4: Eastcott (big blind) folded before Flop
"""


def test_a_2026_tournament_table_line_names_the_tournament_first():
    """Since 2026 a tournament's table line reads "Tournament '<name>' '<table>' ...":
    the same hand as with the old "Table '<table>'" line."""
    new = TOURNAMENT.replace("Table '7' 7-max Seat #2 is the button",
                             "Tournament '₮0.50 Night Owl PKO' '7' 7-max Seat #2 is the button")
    assert new != TOURNAMENT
    h = parse_hand(new)
    assert h == parse_hand(TOURNAMENT)
    assert (h.table, h.max_seats, h.button_seat) == ("7", 7, 2)
    assert COIN.judge(h).status == COIN.judge(parse_hand(TOURNAMENT)).status


def test_a_tournament_with_the_ante_in_the_header_and_a_side_pot():
    h = parse_hand(TOURNAMENT)
    assert (h.tournament_id, h.buy_in, h.currency) == (
        "1400001", "₮0.50 Night Owl PKO, 10 Seats GTD", "chips")
    assert h.stakes == type(h.stakes)(D(100), D(200), D(25))
    # ALL_IN_RAISE_ADDS: "raises 3975 and is all-in" adds 3975 (all Bellweather had)
    assert kinds(h, Street.PREFLOP)[:3] == [
        ("Bellweather", Kind.RAISE, D(3975), D(3975), True),
        ("Cinderford", Kind.CALL, D(1475), None, True),
        ("Dunmore", Kind.CALL, D(3875), None, False)]
    # SIDE_POT_NUMBERED: with a side pot named, "from pot" is the main pot
    assert [(c.player, c.amount, c.pot) for c in h.collects] == [
        ("Dunmore", D(5000), 1), ("Cinderford", D(4725), 0)]
    assert COIN.judge(h).status == "ok"


def test_side_pots_paid_to_the_wrong_player_fail():
    v = judge(TOURNAMENT.replace("Dunmore collected 5000 from side-pot 1",
                                 "Bellweather collected 5000 from side-pot 1")
              .replace("Seat 1: Bellweather showed [Ah Kh]",
                       "Seat 1: Bellweather showed [Ah Kh] and won (5000)")
              .replace("Seat 3: Dunmore (small blind) showed [Qd Qc] and won (5000) with a "
                       "pair of Queens", "Seat 3: Dunmore (small blind) showed [Qd Qc]"))
    assert "WRONG_WINNER" in v.codes


def test_a_cancelled_hand_is_a_parse_error_saying_so():
    cancelled = TOURNAMENT[:TOURNAMENT.index("Bellweather: raises")] + """Bellweather: folds
Cinderford: folds
*** HAND CANCELLED ***
All bets returned (500)
*** SUMMARY ***
Total pot 500 | Rake 0
Board [ ]
Game ended: 2025/02/01 23:40:30 GMT
Seat 1: Bellweather collected (25)
Seat 2: Cinderford (button) collected (25)
Seat 3: Dunmore (small blind) collected (125)
Seat 4: Eastcott (big blind) collected (225)
"""
    with pytest.raises(ParseError) as err:
        parse_hand(cancelled)
    assert (err.value.line, err.value.reason, err.value.detail) == (
        17, "hand cancelled by the room", "all bets returned (500)")


# ---------------------------------------------------------------- 2026

NEW = """CoinPoker Hand #6500000001: NLH (₮0.02/₮0.05) 2026/06/07 21:02:11 CEST
Table '200700' 6-max Seat #1 is the button
Seat 1: a1b2c3d4 (₮5 in chips)
Seat 2: Hero (₮6.35 in chips)
Seat 3: 0f0e0d0c (₮2.10 in chips)
Seat 4: 99887766 (₮8 in chips)
Hero: posts small blind ₮0.02
0f0e0d0c: posts big blind ₮0.05
*** HOLE CARDS ***
Dealt to a1b2c3d4
Dealt to Hero [Kc Kd]
Dealt to 0f0e0d0c
Dealt to 99887766
99887766: raises ₮0.10 to ₮0.15
a1b2c3d4: folds
Hero: raises ₮0.35 to ₮0.50
0f0e0d0c: ALLIN ₮2.05
99887766: ALLIN ₮7.85
Hero: ALLIN ₮5.85
99887766: RETURN ₮1.65
*** FLOP *** [Td 4c 4h]
*** TURN *** [Td 4c 4h] [2s]
*** RIVER *** [Td 4c 4h 2s] [7c]
*** SHOWDOWN ***
Hero: shows [Kc Kd] (Two Pair)
Hero collected ₮6.03 from pot
Hero: shows [Kc Kd] (Two Pair)
Hero collected ₮8.20 from pot
99887766: shows [Ac Qs] (One Pair)
0f0e0d0c: shows [Js Jh] (Two Pair)
*** SUMMARY ***
Total pot ₮14.80 | Rake ₮0.50 | Splash Fee ₮0.07
Hand was run once
Board [ Td 4c 4h 2s 7c ]
Game ended: 2026/06/07 21:03:40 CEST
Seat 1: a1b2c3d4 folded before Flop (didn't bet)
Seat 2: Hero showed [Kc Kd] and won (₮6.03) with Two Pair
Seat 3: 0f0e0d0c showed [Js Jh] and lost with Two Pair
Seat 4: 99887766 showed [Ac Qs] and lost with One Pair
"""


def test_a_hand_of_2026_in_tether_with_hex_names():
    h = parse_hand(NEW)
    assert (h.hand_id, h.currency, h.structure) == ("6500000001", "USDT", Structure.NO_LIMIT)
    assert (h.stakes.small_blind, h.stakes.big_blind) == (D("0.02"), D("0.05"))
    assert h.time_zone == "CEST" and h.played_at_utc == datetime(2026, 6, 7, 19, 2, 11)
    # "Dealt to" lines without cards name the other players dealt in: no cards for them
    assert h.hero == "Hero" and [s.hole_cards for s in h.seats] == [
        (), ("Kc", "Kd"), ("Js", "Jh"), ("Ac", "Qs")]
    assert h.summary.fees == (("splash fee", D("0.07")),)
    assert COIN.judge(h).status == "ok"


def test_allin_is_a_bet_a_raise_or_a_call_by_what_it_adds():
    h = parse_hand(NEW)
    # ALLIN_IS_BET_RAISE_OR_CALL; RETURN_IS_UNCALLED
    assert kinds(h, Street.PREFLOP)[3:] == [
        ("0f0e0d0c", Kind.RAISE, D("2.05"), D("2.10"), True),
        ("99887766", Kind.RAISE, D("7.85"), D(8), True),
        ("Hero", Kind.CALL, D("5.85"), None, True)]
    assert h.uncalled == (("99887766", D("1.65")),)
    bet = parse_hand(NEW.replace("0f0e0d0c: ALLIN ₮2.05\n99887766: ALLIN ₮7.85\n"
                                 "Hero: ALLIN ₮5.85\n99887766: RETURN ₮1.65\n",
                                 "0f0e0d0c: folds\n99887766: calls ₮0.35\n")
                     .replace("*** TURN ***", "Hero: ALLIN ₮5.85\n99887766: folds\n"
                              "Hero: RETURN ₮5.85\n*** TURN ***"))
    assert kinds(bet, Street.FLOP)[0] == ("Hero", Kind.BET, D("5.85"), D("5.85"), True)


def test_the_2026_summary_names_a_player_s_first_pot_only():
    h = parse_hand(NEW)
    # SUMMARY_WON_IS_THE_FIRST_POT: "won (₮6.03)" after collecting ₮6.03 and ₮8.20
    hero = next(s for s in h.summary.seats if s.player == "Hero")
    assert hero.won == (D("14.23"),)
    v = judge(NEW.replace("won (₮6.03)", "won (₮6.02)"))
    assert "SUMMARY_MISMATCH" in v.codes


SPLASH = """CoinPoker Hand #6500000002: NLH (₮0.02/₮0.05) 2026/06/07 21:04:00 CEST
Table '200700' 6-max Seat #2 is the button
Seat 1: a1b2c3d4 (₮5 in chips)
Seat 2: Hero (₮14.23 in chips)
Seat 4: 99887766 (₮1.65 in chips)
Seat 5: 5a5b5c5d (₮3 in chips)
SPLASH dropped ₮0.50
99887766: posts small blind ₮0.02
5a5b5c5d: posts big blind ₮0.05
a1b2c3d4: posts auto big blind ₮0.05
*** HOLE CARDS ***
Dealt to a1b2c3d4
Dealt to Hero [7s 6s]
Dealt to 99887766
Dealt to 5a5b5c5d
a1b2c3d4: checks
Hero: raises ₮0.10 to ₮0.15
99887766: folds
5a5b5c5d: folds
a1b2c3d4: calls ₮0.10
*** FLOP *** [6h 6d Kc]
a1b2c3d4: checks
Hero: bets ₮0.20
a1b2c3d4: folds
Hero: RETURN ₮0.20
*** SHOWDOWN ***
Hero collected ₮0.35 from pot
*** SUMMARY ***
Total pot ₮0.87 | Rake ₮0.02
Hand was run once
Board [ 6h 6d Kc ]
Game ended: 2026/06/07 21:04:44 CEST
Seat 1: a1b2c3d4 folded on the Flop
Seat 2: Hero won (₮0.35)
Seat 4: 99887766 folded before Flop (didn't bet)
Seat 5: 5a5b5c5d folded before Flop (didn't bet)
"""


def test_a_splash_the_winner_was_not_paid_is_kept_by_the_room():
    h = parse_hand(SPLASH)
    assert h.added_money == (("splash", D("0.50")),)
    # SPLASH_PAID_OR_KEPT: 0.35 + 0.02 make the pot without the splash
    assert h.summary.fees == (("splash kept", D("0.50")),) and h.summary.added == D("0.50")
    assert COIN.judge(h).status == "ok"


def test_a_splash_paid_to_the_winner_is_no_fee():
    h = parse_hand(SPLASH.replace("₮0.35", "₮0.85"))
    assert h.summary.fees == ()
    assert COIN.judge(h).status == "ok"
    v = judge(SPLASH.replace("₮0.35", "₮0.60"))  # neither: the amounts are wrong
    assert v.status == "failed" and "RAKE_MISMATCH" in v.codes


def test_an_auto_big_blind_is_live():
    h = parse_hand(SPLASH)
    assert kinds(h, Street.PREDEAL)[2] == ("a1b2c3d4", Kind.POST_BB, D("0.05"), None, False)
    assert kinds(h, Street.PREFLOP)[0][:2] == ("a1b2c3d4", Kind.CHECK)


@pytest.mark.parametrize("cards,written,wrong", [
    ("Ks Ad 2d 3c 7c 8s 4h", "Ace high", "King high"),
    ("Ks Ad 2d 3c 7c 8s 4h", "High Card", "One Pair"),
    ("Tc As Kc 7s Td 8h 9s", "a pair of Tens", "a pair of Nines"),
    ("Tc As Kc 7s Td 8h 9s", "One Pair", "Two Pair"),
    ("Kd 7d Kc 7s Td 8h 9s", "two pairs, Kings and Sevens", "two pairs, Kings and Tens"),
    ("Kd 7d Kc 7s Td 8h 9s", "Two Pair", "One Pair"),
    ("Qh Ad Qc 3d 9s Qd 2d", "three of kind, Queens", "three of kind, Aces"),
    ("Qh Ad Qc 3d 9s Qd 2d", "Three Of A Kind", "Full House"),
    ("Ah 6s 7h 4c 9c 3s 5c", "a straight, Seven high", "a straight, Nine high"),
    ("Ah 2s 3h 4c 5c Ks Kd", "a straight, Five high", "a straight, Ace high"),
    ("Js Ks Qd 4s 7s 9s 2c", "a flush, King high", "a flush, Queen high"),
    ("Js Ks Qd 4s 7s 9s 2c", "Flush", "Straight"),
    ("8s 8c 7s 7h 7d 5h Jh", "a full house, Sevens over Eights",
     "a full house, Eights over Sevens"),
    ("8s 8c 7s 7h 7d 5h Jh", "Full House", "Three Of A Kind"),
    ("2s 2c 2h 2d 7d 5h Jh", "four of kind, Twos", "four of kind, Jacks"),
    ("Ts Js Qs Ks As 5h Jh", "Royal Flush", "Flush"),
])
def test_coinpoker_s_hand_names(cards, written, wrong):
    from engine.equity.evaluate import evaluate
    rank = evaluate(cards.split())
    assert names_agree(rank, written) and not names_agree(rank, wrong)


def test_hand_names_are_judged_in_coinpoker_s_wording():
    """RoomRules.hand_names: a wrong name fails by CoinPoker's rules; the default rules
    judge no name."""
    for text, right, wrong in ((TOURNAMENT, "(three of kind, Jacks)", "(a pair of Jacks)"),
                               (NEW, "shows [Js Jh] (Two Pair)", "shows [Js Jh] (Full House)")):
        assert COIN.judge(parse_hand(text)).status == "ok"
        h = parse_hand(text.replace(right, wrong))
        assert "HAND_NAME_MISMATCH" in COIN.judge(h).codes
        assert replay(h, DEFAULT).status == "ok"


@pytest.mark.parametrize("header,game,structure", [
    ("CoinPoker Hand #6345250344: PLO 4 (₮0.01/₮0.02) 2026/06/07 19:56:35 CEST", "PLO 4",
     Structure.POT_LIMIT),
    ("CoinPoker Hand #6345250345: PLO 5 (₮0.05/₮0.10) 2026/06/07 19:56:35 CEST", "PLO 5",
     Structure.POT_LIMIT),
    ("CoinPoker Hand #6359930078: NLH BombPot (₮0.01/₮0.02/₮0.08) 2026/06/07 20:14:02 CEST",
     "Hold'em bomb pot", Structure.NO_LIMIT),
    ("CoinPoker Hand #191700001: Omaha Pot Limit (0.01/0.02 ) 2025/01/12 02:32:52 GMT",
     "Omaha Pot Limit", Structure.POT_LIMIT),
])
def test_other_games_and_bomb_pots_are_unsupported(header, game, structure):
    h = parse_hand(header + "\nTable '200601' 6-max Seat #1 is the button\n")
    assert isinstance(h, UnsupportedHand)
    assert (h.site, h.game, h.structure) == ("CoinPoker", game, structure)


def test_an_unknown_line_is_a_parse_error_at_its_line():
    with pytest.raises(ParseError) as err:
        parse_hand(NEW.replace("a1b2c3d4: folds", "a1b2c3d4: dances"))
    assert err.value.line == 15 and err.value.reason == "unrecognised line"


def test_a_hand_cut_short_is_a_parse_error():
    with pytest.raises(ParseError) as err:
        parse_hand(NEW[:NEW.index("*** SUMMARY ***")])
    assert err.value.reason == "the hand ends before its SUMMARY"


def test_a_seated_player_no_dealt_line_names_was_not_dealt_in():
    # DEALT_NAMES_WHO_PLAYS
    text = NEW.replace("Seat 4: 99887766 (₮8 in chips)\n",
                       "Seat 4: 99887766 (₮8 in chips)\nSeat 5: 12ab34cd (₮3 in chips)\n")
    h = parse_hand(text)
    assert [s.player for s in h.seats if s.sitting_out] == ["12ab34cd"]
    assert COIN.judge(h).status == "ok"


def test_a_player_dealt_in_who_is_not_seated_is_a_parse_error():
    with pytest.raises(ParseError) as err:
        parse_hand(NEW.replace("Dealt to 0f0e0d0c", "Dealt to 0f0e0d0x"))
    assert err.value.reason == "a player dealt in who is not seated"


def test_files_are_told_from_other_rooms_files():
    for text in (CASH, NEW, TOURNAMENT):
        assert detect(text) is COIN
    assert detect(NEW.replace("CoinPoker Hand #6500000001: NLH (₮0.02/₮0.05)",
                              "Poker Hand #HD6500000001: Hold'em No Limit ($0.02/$0.05) -")
                  ).name == "ggpoker"


def test_hands_are_hands():
    assert all(isinstance(parse_hand(t), Hand) for t in (CASH, WALK, STRADDLE, TOURNAMENT,
                                                          NEW, SPLASH))


# ---------------------------------------------------------------- CoinPoker's real files

@pytest.mark.parametrize("where", ["corpus", "wild"])
def test_coinpoker_s_real_files_are_stored_and_verify(where, tmp_path):
    errors = import_real(tmp_path / "coin.duckdb", real_folder(where, "coinpoker"))[2]
    # the only parse errors: hands the room cancelled
    assert all(reason.startswith("hand cancelled by the room") for reason in errors)


# ---------------------------------------------------------------- 2026: more forms

def _sample(name: str) -> list[str]:
    from support.common import SAMPLES
    text = (SAMPLES / "coinpoker" / name).read_text("utf-8")
    return [raw.text for raw in split_hands(text, COIN, "utf-8")]


def test_run_twice_from_two_boards_dealt_whole_after_a_straddle_written_late():
    text = _sample("CoinPoker 2026 NLH 300111 Hero.txt")[3]
    h = parse_hand(text)
    # STRADDLE after the "Dealt to" lines: a post, before the betting
    assert kinds(h, Street.PREDEAL)[-1] == ("77aa88bb", Kind.POST_STRADDLE, D("0.20"), None,
                                            False)
    assert kinds(h, Street.PREFLOP)[0][:2] == ("1a2b3c4d", Kind.FOLD)
    assert h.boards == (("Ks", "9d", "4c", "2h", "7s"), ("Qd", "Kc", "5c", "Td", "6d"))
    assert [(c.player, c.amount, c.run) for c in h.collects] == [
        ("Hero", D("4.25"), 1), ("77aa88bb", D("4.25"), 2)]
    assert COIN.judge(h).status == "ok"
    v = judge(text.replace("Hero collected ₮4.25 from pot", "77aa88bb collected ₮4.25 from pot")
              .replace("and won (₮4.25) with One Pair, and lost", "and lost with One Pair, and lost")
              .replace("and lost with One Pair, and won (₮4.25)", "and won (₮4.25) with One Pair, "
                       "and won (₮4.25)"))
    assert "WRONG_WINNER" in v.codes


TWICE = """CoinPoker Hand #6500000003: NLH (₮0.02/₮0.05) 2026/06/07 21:06:00 CEST
Table '200700' 6-max Seat #1 is the button
Seat 1: a1b2c3d4 (₮5 in chips)
Seat 2: Hero (₮4 in chips)
Seat 3: 0f0e0d0c (₮6 in chips)
Hero: posts small blind ₮0.02
0f0e0d0c: posts big blind ₮0.05
*** HOLE CARDS ***
Dealt to a1b2c3d4
Dealt to Hero [9h 9c]
Dealt to 0f0e0d0c
a1b2c3d4: folds
Hero: raises ₮0.10 to ₮0.15
0f0e0d0c: calls ₮0.10
*** FIRST FLOP *** [Ts 8c 2d]
Hero: bets ₮0.20
0f0e0d0c: raises ₮0.60 to ₮0.80
Hero: ALLIN ₮3.65
0f0e0d0c: calls ₮3.05
*** FIRST TURN *** [Ts 8c 2d] [5h]
*** FIRST RIVER *** [Ts 8c 2d 5h] [3s]
*** SECOND TURN *** [Ts 8c 2d] [Tc]
*** SECOND RIVER *** [Ts 8c 2d Tc] [Ad]
*** FIRST SHOWDOWN ***
Hero: shows [9h 9c] (One Pair)
Hero collected ₮3.80 from pot
0f0e0d0c: shows [Ah 8h] (One Pair)
*** SECOND SHOWDOWN ***
0f0e0d0c: shows [Ah 8h] (Two Pair)
0f0e0d0c collected ₮3.80 from pot
Hero: shows [9h 9c] (Two Pair)
*** SUMMARY ***
Total pot ₮8 | Rake ₮0.40
Hand was run two times
FIRST Board [ Ts 8c 2d 5h 3s ]
SECOND Board [ Ts 8c 2d Tc Ad ]
Game ended: 2026/06/07 21:07:00 CEST
Seat 1: a1b2c3d4 folded before Flop (didn't bet)
Seat 2: Hero showed [9h 9c] and won (₮3.80) with One Pair, and lost with Two Pair
Seat 3: 0f0e0d0c showed [Ah 8h] and lost with One Pair, and won (₮3.80) with Two Pair
"""


def test_run_twice_on_a_flop_bet_on_first():
    h = parse_hand(TWICE)
    assert kinds(h, Street.FLOP)[2] == ("Hero", Kind.RAISE, D("3.65"), D("3.85"), True)
    assert h.boards == (("Ts", "8c", "2d", "5h", "3s"), ("Ts", "8c", "2d", "Tc", "Ad"))
    assert [s.won for s in h.summary.seats] == [(), (D("3.80"),), (D("3.80"),)]
    assert COIN.judge(h).status == "ok"
    swapped = (TWICE.replace("Hero collected", "X collected")
               .replace("0f0e0d0c collected", "Hero collected")
               .replace("X collected", "0f0e0d0c collected"))  # each run paid to its loser
    assert "WRONG_WINNER" in judge(swapped).codes


OPPONENTS = "CoinPoker 2026 opponents export 300900.txt"


def test_the_opponents_export_with_a_table_ante_and_a_zone_as_an_offset():
    h = parse_hand(_sample(OPPONENTS)[0])
    assert (h.stakes.small_blind, h.stakes.big_blind, h.stakes.ante) == (D("0.50"), D(1),
                                                                         D("0.16"))
    assert h.currency == "USDT" and h.hero is None
    assert h.time_zone == "+00" and h.played_at_utc == h.played_at
    assert kinds(h, Street.TURN)[-2] == ("Tamarack", Kind.RAISE, D("58.54"), D("58.54"), True)
    assert COIN.judge(h).status == "ok"
    eight = parse_hand(_sample(OPPONENTS)[1].replace(" +00", " +08"))
    assert eight.played_at_utc == datetime(2026, 8, 19, 7, 59, 10)


@pytest.mark.parametrize("header,zone,utc", [
    ("CoinPoker Hand #3925170738:  Hold'em No Limit (₮0.02/₮0.05 CPCC) - 2026/06/07 21:02:11 UTC",
     "UTC", datetime(2026, 6, 7, 21, 2, 11)),
    ("CoinPoker Hand #3925170739: NLH (₮0.02/₮0.05) 2026/06/07 21:02:11 KST", "KST",
     datetime(2026, 6, 7, 12, 2, 11)),
    ("CoinPoker Hand #3925170740: NLH (₮0.02/₮0.05) 2026/06/07 21:02:11 CST", "CST", None),
    ("CoinPoker Hand #3925170741: NLH (₮0.02/₮0.05) 2026/06/07 21:02:11 -05", "-05",
     datetime(2026, 6, 8, 2, 2, 11)),
    ("CoinPoker Hand #3925170742: NLH (₮0.02/₮0.05) 2026/06/07 21:02:11", None, None),
])
def test_the_player_s_zone_as_written(header, zone, utc):
    # ZONES_AS_THE_PLAYER_S: CST names China's zone and America's Central: no UTC time
    h = parse_hand(header + NEW[NEW.index("\n"):])
    assert (h.time_zone, h.played_at_utc) == (zone, utc)
    assert COIN.judge(h).status == "ok"


def test_a_2026_tournament_header_with_its_level():
    h = parse_hand(NEW.replace("NLH (₮0.02/₮0.05) 2026/06/07 21:02:11 CEST",
                               "Tournament #88001, ₮5 Daily Grind NLH - Level III (₮0.02/₮0.05) "
                               "- 2026/06/07 21:02:11 CEST"))
    assert (h.tournament_id, h.buy_in, h.tournament_level, h.currency) == (
        "88001", "₮5 Daily Grind", "III", "chips")


def test_auto_big_blind_mega_splash_and_a_cash_out_line():
    text = (SPLASH.replace("a1b2c3d4: posts auto big blind ₮0.05", "a1b2c3d4: AUTOBB ₮0.05")
            .replace("SPLASH dropped", "MEGA SPLASH dropped")
            .replace("Hero collected ₮0.35 from pot\n",
                     "Hero collected ₮0.35 from pot\na1b2c3d4 cashed out the hand for ₮0.10 | "
                     "Cash Out Fee ₮0.01\n"))
    h = parse_hand(text)
    assert kinds(h, Street.PREDEAL)[2][:2] == ("a1b2c3d4", Kind.POST_BB)
    assert h.added_money == (("splash", D("0.50")),)
    assert h.cash_outs == (("a1b2c3d4", D("0.10"), D("0.01")),)
    cashed = parse_hand(text.replace("Seat 1: a1b2c3d4 folded on the Flop",
                                     "Seat 1: a1b2c3d4 cashed out for ₮0.10 | Cash Out Fee ₮0.01"))
    assert cashed.summary.seats[0].outcome == "mucked"


def test_an_uncalled_bet_not_written_and_not_collected_is_not_ok():
    """(fuzzing) CoinPoker leaves an uncalled bet unwritten only where the bettor's
    "collected" holds it: never given back silently, which would store nets that do
    not balance (RoomRules.uncalled_bet=UNCALLED_COLLECTED)."""
    h = parse_hand(CASH.replace("Uncalled bet (0.20) returned to Wrenfield\n", ""))
    v = COIN.judge(h)
    assert v.status != "ok" and "BAD_UNCALLED_RETURN" in v.codes
    silent = replace(RULES, uncalled_bet=UNCALLED_SILENT_OR_COLLECTED)
    assert "BAD_UNCALLED_RETURN" not in replay(h, silent).codes


# ---------------------------------------------------------------- damaged lines
# (the base grammar's, as other rooms of the PokerStars family read them)

def _unnumbered(h: Hand) -> Hand:
    return replace(h, actions=tuple(a._replace(line=0) for a in h.actions))


@pytest.mark.parametrize("line", ["Seat 1: Wrenfield collected (0.30)",
                                  "Seat 2: Osgood77 (button) folded on the Turn",
                                  "Seat 5: Thistledown folded before Flop (didn't bet)"])
def test_a_summary_seat_with_a_stray_quote_at_its_end(line):
    h = parse_hand(CASH.replace(line, line + '"'))
    assert h.summary == parse_hand(CASH).summary and COIN.judge(h).status == "ok"


@pytest.mark.parametrize("line", ["** HOLE CARDS **", "*** HOLE CARDS", " HOLE CARDS"])
def test_a_hole_cards_line_whose_stars_were_damaged(line):
    h = parse_hand(CASH.replace("*** HOLE CARDS ***", line))
    assert h == parse_hand(CASH) and COIN.judge(h).status == "ok"


def test_a_seated_player_s_bare_name_line_is_ignored():
    h = parse_hand(CASH.replace("Peppercorn: folds\n", "Peppercorn: folds\nOsgood77:\n"))
    assert _unnumbered(h) == _unnumbered(parse_hand(CASH)) and COIN.judge(h).status == "ok"
    with pytest.raises(ParseError):
        parse_hand(CASH.replace("Peppercorn: folds\n", "Peppercorn: folds\nNobody:\n"))
