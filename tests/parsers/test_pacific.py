"""888poker (Pacific Poker, Cassava and its skins): its grammar, builder and rules,
form by form, on hands written in 888's format; then the real folders."""
from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from decimal import Decimal as D

import pytest
from support.common import import_paths, query, real_folders

from engine.model.hand import Kind, Street, Structure, UnsupportedHand
from engine.rules.room_rules import UNCALLED_WRITTEN
from engine.rules.replay import replay
from parsers.base.errors import ParseError
from parsers.pacific import ROOM, RULES, money, read_cards
from parsers.registry import detect


def hand(text: str):
    return ROOM.parse(text.strip("\n"))


def judge(h, rules=RULES):
    return replay(h, rules)


def head(banner: str = "888poker", game: str = "$0.05/$0.10 Blinds No Limit Holdem",
         date: str = " 14 03 2021 18:05:33", table: str = "Table Lisbon 6 Max (Real Money)",
         hand_id: str = "700000001") -> str:
    return (f"#Game No : {hand_id}\n***** {banner} Hand History for Game {hand_id} *****\n"
            f"{game} - ***{date}\n{table}\n")


SEATS = """Seat 1 is the button
Total number of players : 4
Seat 1: Hero ( $10 )
Seat 2: Villain ( $12.40 )
Seat 4: Third ( $5 )
Seat 9: Fourth ( $1,234.50 )
"""
BLINDS = """Villain posts small blind [$0.05]
Third posts big blind [$0.10]
** Dealing down cards **
Dealt to Hero [ Ah, Kd ]
Fourth folds
"""
STEAL = head() + SEATS + BLINDS + """Hero raises [$0.30]
Villain folds
Third folds
** Summary **
Hero did not show his hand
Hero collected [ $0.25 ]
"""
SHOWDOWN = head() + SEATS + BLINDS + """Hero raises [$0.30]
Villain folds
Third calls [$0.20]
** Dealing flop ** [ Ac, 7d, 2s ]
Third checks
Hero bets [$0.40]
Third calls [$0.40]
** Dealing turn ** [ 9h ]
Third checks
Hero checks
** Dealing river ** [ 3c ]
Third bets [$1]
Hero calls [$1]
** Summary **
Hero shows [ Ah, Kd ]
Third mucks [ Qs, Qd ]
Hero collected [ $3.28 ]
"""


# ------------------------------------------------------------------ the forms

def test_a_cash_hand_is_read_completely():
    h = hand(STEAL)
    assert (h.site, h.hand_id, h.game, h.structure) == ("888poker", "700000001", "Hold'em",
                                                        Structure.NO_LIMIT)
    assert (h.stakes.small_blind, h.stakes.big_blind, h.currency) == (D("0.05"), D("0.10"), "USD")
    assert (h.table, h.max_seats, h.button_seat) == ("Lisbon", 6, 1)
    assert h.played_at == datetime(2021, 3, 14, 18, 5, 33)
    assert h.time_zone is None and h.played_at_utc is None  # 888 names no zone
    assert [(s.seat, s.player, s.stack) for s in h.seats] == [
        (1, "Hero", D(10)), (2, "Villain", D("12.40")), (4, "Third", D(5)),
        (9, "Fourth", D("1234.50"))]
    assert h.hero == "Hero" and h.seats[0].hole_cards == ("Ah", "Kd")
    assert [(a.street, a.player, a.kind, a.amount, a.raise_to) for a in h.actions] == [
        (Street.PREDEAL, "Villain", Kind.POST_SB, D("0.05"), None),
        (Street.PREDEAL, "Third", Kind.POST_BB, D("0.10"), None),
        (Street.PREFLOP, "Fourth", Kind.FOLD, D(0), None),
        (Street.PREFLOP, "Hero", Kind.RAISE, D("0.30"), D("0.30")),
        (Street.PREFLOP, "Villain", Kind.FOLD, D(0), None),
        (Street.PREFLOP, "Third", Kind.FOLD, D(0), None)]
    # 888 writes no uncalled bet: it goes back silently, and the pot collected is without it
    assert h.uncalled == (("Hero", D("0.20")),)
    assert [(c.player, c.amount, c.pot) for c in h.collects] == [("Hero", D("0.25"), None)]
    assert h.summary is None
    assert ROOM.judge(h).status == "ok"


def test_a_raise_is_what_it_adds():
    h = hand(SHOWDOWN)
    call = next(a for a in h.actions if a.kind == Kind.CALL)
    assert (call.player, call.amount) == ("Third", D("0.20"))  # 0.10 posted + 0.20 = 0.30
    assert h.boards == (("Ac", "7d", "2s", "9h", "3c"),)
    assert [(s.player, s.cards, s.shown) for s in h.shows] == [
        ("Hero", ("Ah", "Kd"), True), ("Third", ("Qs", "Qd"), False)]
    assert h.uncalled == ()
    assert ROOM.judge(h).status == "ok"


def test_changed_amounts_and_cards_fail_with_the_right_finding():
    more = judge(hand(SHOWDOWN.replace("Hero collected [ $3.28 ]", "Hero collected [ $3.50 ]")))
    assert more.status == "failed" and "RAKE_MISMATCH" in more.codes  # more than the pot
    call = judge(hand(SHOWDOWN.replace("Third calls [$0.20]", "Third calls [$0.30]")))
    assert call.status == "failed" and "BAD_CALL_AMOUNT" in call.codes
    card = judge(hand(SHOWDOWN.replace("Third mucks [ Qs, Qd ]", "Third mucks [ Ah, Qd ]")))
    assert card.status == "failed" and "DUPLICATE_CARD" in card.codes
    winner = judge(hand(SHOWDOWN.replace("Third mucks [ Qs, Qd ]", "Third shows [ 7s, 7c ]")))
    assert winner.status == "failed" and "WRONG_WINNER" in winner.codes
    order = judge(hand(SHOWDOWN.replace("Fourth folds\nHero raises", "Hero raises")
                       .replace("Villain folds\nThird calls", "Villain folds\nFourth folds\n"
                                                              "Third calls")))
    assert "OUT_OF_TURN" in order.codes


def test_a_walk_pays_the_big_blind_the_whole_pot():
    h = hand(head() + SEATS + BLINDS + """Hero folds
Villain folds
** Summary **
Third did not show his hand
Third collected [ $0.15 ]
""")
    assert h.uncalled == ()  # the big blind's unmatched part is in what it collects
    assert ROOM.judge(h).status == "ok"


def test_fixed_limit_the_header_names_the_blinds():
    text = head(game="$0.50/$1 Blinds Fix Limit Holdem") + """Seat 4 is the button
Total number of players : 3
Seat 4: Alpha ( $83.90 )
Seat 6: Bravo ( $20 )
Seat 9: Charlie ( $10 )
Bravo posts small blind [$0.50]
Charlie posts big blind [$1]
** Dealing down cards **
Alpha raises [$2]
Bravo raises [$2.50]
Charlie calls [$2]
Alpha calls [$1]
** Dealing flop ** [ 8h, Ks, 9c ]
Bravo bets [$1]
Charlie folds
Alpha calls [$1]
** Dealing turn ** [ Jd ]
Bravo bets [$2]
Alpha raises [$4]
Bravo calls [$2]
** Dealing river ** [ 5d ]
Bravo checks
Alpha bets [$2]
Bravo folds
** Summary **
Alpha did not show his hand
Alpha collected [ $18.10 ]
"""
    h = hand(text)
    assert h.structure == Structure.FIXED_LIMIT
    assert (h.stakes.small_blind, h.stakes.big_blind) == (D("0.50"), D(1))
    assert (h.stakes.small_bet, h.stakes.big_bet) == (D(1), D(2))
    assert h.uncalled == (("Alpha", D(2)),)
    assert ROOM.judge(h).status == "ok"
    wrong = judge(hand(text.replace("Alpha raises [$4]", "Alpha raises [$5]")))
    assert "WRONG_LIMIT_AMOUNT" in wrong.codes


POT_LIMIT = head(game="1/2 Blinds Pot Limit Holdem",
                 table="Table Alagoinhas (Practice Play)") + """Seat 7 is the button
Total number of players : 3
Seat 1: Alpha ( 1,774.60 )
Seat 3: Bravo ( 200 )
Seat 7: Charlie ( 236 )
Alpha posts small blind [1]
Bravo posts big blind [2]
** Dealing down cards **
Charlie raises [7]
Alpha calls [6]
Bravo folds
** Dealing flop ** [ 4d, Jd, Td ]
Alpha checks
Charlie bets [16]
Alpha folds
** Summary **
Charlie did not show his hand
Charlie collected [ 15.20 ]
"""


def test_pot_limit_play_money():
    h = hand(POT_LIMIT)
    assert (h.structure, h.currency, h.max_seats) == (Structure.POT_LIMIT, "play", None)
    assert h.seats[0].stack == D("1774.60")
    assert ROOM.judge(h).status == "ok"
    over = judge(hand(POT_LIMIT.replace("Charlie bets [16]", "Charlie bets [17]")))
    assert "OVER_POT_LIMIT" in over.codes


def test_snap_poker_is_fast_fold():
    h = hand(STEAL.replace("888poker Hand History", "888poker Snap Poker Hand History"))
    assert h.zoom and h.site == "888poker"
    assert ROOM.judge(h).status == "ok"


TOURNAMENT = head(game="25 000/50 000 Blinds No Limit Holdem", date="",
                  table="Tournament #154648012 Free 10 Max (Real Money)") + """Seat 10 is the button
Total number of players : 3
Seat 1: Alpha ( 1 123 698 )
Seat 2: Bravo ( 324 685 )
Seat 10: Charlie ( 298 292 )
Alpha posts ante [6 000]
Bravo posts ante [6 000]
Charlie posts ante [6 000]
Alpha posts small blind [25 000]
Bravo posts big blind [50 000]
** Dealing down cards **
Dealt to Bravo [ Ks, Ac ]
Charlie folds
Alpha raises [1 092 698]
Bravo calls [268 685]
** Dealing flop ** [ Jd, 6s, Js ]
** Dealing turn ** [ 3c ]
** Dealing river ** [ Qd ]
** Summary **
Alpha shows [ Kd, 6d ]
Bravo shows [ Ks, Ac ]
Alpha collected [ 655 370 ]
"""


def test_a_tournament_hand_with_antes_and_an_all_in():
    h = hand(TOURNAMENT)
    assert (h.tournament_id, h.buy_in, h.currency, h.table) == ("154648012", "Free", "chips", "")
    assert h.played_at is None  # 888.ro's tournament headers have no date
    assert (h.stakes.small_blind, h.stakes.big_blind, h.stakes.ante) == (
        D(25000), D(50000), D(6000))
    assert h.seats[0].stack == D(1123698)
    assert h.uncalled == (("Alpha", D(799013)),)  # the all-in's excess, given back silently
    assert ROOM.judge(h).status == "ok"


def test_an_all_ins_excess_written_as_collected():
    h = hand(TOURNAMENT + "Alpha collected [ 799 013 ]\n")
    assert h.uncalled == ()  # what was collected holds it
    assert ROOM.judge(h).status == "ok"


def test_a_tournament_pot_is_paid_whole():
    v = judge(hand(TOURNAMENT.replace("collected [ 655 370 ]", "collected [ 655 000 ]")))
    assert v.status == "failed" and "RAKE_MISMATCH" in v.codes


GERMAN = head(game="0,01\xa0$/0,02\xa0$ Blinds No Limit Holdem",
              table="Table Dortmund 9 Max (Real Money)") + """Seat 1 is the button
Total number of players : 3
Seat 1: Anna ( 0,77\xa0$ )
Seat 5: Bernd ( 2\xa0$ )
Seat 10: Carla ( 1\xa0234,56\xa0$ )
Bernd posts small blind [0,01\xa0$]
Carla posts big blind [0,02\xa0$]
** Dealing down cards **
Dealt to Bernd [ JHerz, QPik ]
Anna raises [0,06\xa0$]
Bernd calls [0,05\xa0$]
Carla calls [0,04\xa0$]
** Dealing flop ** [ 10Herz, 8Herz, 3Pik ]
Bernd checks
Carla bets [0,12\xa0$]
Anna folds
Bernd calls [0,12\xa0$]
** Dealing turn ** [ 2Pik ]
Bernd checks
Carla checks
** Dealing river ** [ 3Herz ]
Bernd checks
Carla checks
** Summary **
Bernd shows [ JHerz, QPik ]
Carla shows [ 4Karo, 4Kreuz ]
Carla collected [ 0,40\xa0$ ]
"""


def test_a_german_export_comma_decimals_suits_as_words_no_break_spaces(tmp_path):
    from parsers.base.split import decode, split_hands
    text, enc = decode(GERMAN.encode("utf-8"))
    raw, = split_hands(text, ROOM, enc)
    h = ROOM.parse(raw.text)
    assert (h.stakes.small_blind, h.stakes.big_blind, h.currency) == (D("0.01"), D("0.02"), "USD")
    assert [s.stack for s in h.seats] == [D("0.77"), D(2), D("1234.56")]
    assert h.seats[1].hole_cards == ("Jh", "Qs") and h.seats[2].hole_cards == ("4d", "4c")
    assert h.boards == (("Th", "8h", "3s", "2s", "3h"),)
    assert h.collects[0].amount == D("0.40")
    assert ROOM.judge(h).status == "ok"


def test_seat_ten_at_a_nine_max_table():
    h = hand(GERMAN.replace("\xa0", " "))
    assert (h.max_seats, h.seats[-1].seat) == (9, 10)
    assert ROOM.judge(h).status == "ok"


def test_a_returning_players_dead_blind_and_a_player_sitting_out():
    h = hand(head(game="$0.01/$0.02 Blinds No Limit Holdem",
                  table="Table Huelva (Real Money)") + """Seat 10 is the button
Total number of players : 6
Seat 1: Alpha ( $2.58 )
Seat 2: Bravo ( $4.14 )
Seat 3: Charlie ( $1.37 )
Seat 5: Delta ( $2 )
Seat 6: Echo ( $0.22 )
Seat 10: Fox ( $1.97 )
Alpha posts small blind [$0.01]
Bravo posts big blind [$0.02]
Charlie posts dead blind [$0.01 + $0.02]
Echo folds
Delta posts big blind [$0.02]
** Dealing down cards **
Charlie checks
Delta checks
Fox folds
Alpha calls [$0.01]
Bravo checks
** Dealing flop ** [ 4s, Ac, 7h ]
Alpha checks
Bravo checks
Charlie bets [$0.06]
Delta folds
Alpha folds
Bravo folds
** Summary **
Charlie did not show his hand
Charlie collected [ $0.09 ]
""")
    dead = next(a for a in h.actions if a.player == "Charlie")
    assert (dead.kind, dead.amount) == (Kind.POST_SB_BB, D("0.03"))
    assert [s.player for s in h.seats if s.sitting_out] == ["Echo"]  # folded before the deal
    dead_only = hand(STEAL.replace("** Dealing down cards **",
                                   "Fourth posts dead blind [$0.05]\n** Dealing down cards **"))
    assert [(a.kind, a.amount) for a in dead_only.actions if a.player == "Fourth"][0] == (
        Kind.POST_DEAD, D("0.05"))
    assert not any(a.player == "Echo" for a in h.actions)
    assert ROOM.judge(h).status == "ok"


# $0.50/$1: Delta comes back posting both blinds, the small one dead. The pot: Bravo
# 0.50 + 0.50, Charlie 1 + 10, Delta 0.50 dead + 1 + 10 = 23.50; Charlie collects 22.33
# (rake 1.17). Delta bet no more than Charlie called: nothing is uncalled.
DEAD_AND_LIVE = head(game="$0.50/$1 Blinds No Limit Holdem", date=" 02 05 2023 21:14:09",
                     table="Table Quito 6 Max (Real Money)", hand_id="700000077") + """\
Seat 1 is the button
Total number of players : 4
Seat 1: Alpha ( $100 )
Seat 2: Bravo ( $80.25 )
Seat 3: Charlie ( $64 )
Seat 5: Delta ( $50 )
Bravo posts small blind [$0.50]
Charlie posts big blind [$1]
Delta posts dead blind [$0.50 + $1]
** Dealing down cards **
Dealt to Delta [ Kc, Qc ]
Delta checks
Alpha folds
Bravo calls [$0.50]
Charlie checks
** Dealing flop ** [ 9c, 5d, 2h ]
Bravo checks
Charlie checks
Delta bets [$10]
Bravo folds
Charlie calls [$10]
** Dealing turn ** [ Jd ]
Charlie checks
Delta checks
** Dealing river ** [ 3s ]
Charlie checks
Delta checks
** Summary **
Charlie shows [ 9h, 8h ]
Delta shows [ Kc, Qc ]
Charlie collected [ $22.33 ]
"""


def test_a_dead_small_blind_is_no_part_of_the_bet_never_returned():
    """``posts dead blind [$0.50 + $1]``: the $0.50 is dead money in the pot, the $1 a
    live big blind; the dead half is not an uncalled bet given back."""
    h = hand(DEAD_AND_LIVE)
    assert h.uncalled == ()
    assert h.nets() == {"Alpha": D(0), "Bravo": D("-1.00"), "Charlie": D("11.33"),
                        "Delta": D("-11.50")}
    assert ROOM.judge(h).status == "ok"
    # Delta raises and everyone folds: the raise comes back (2), the pot of 3 (the
    # blinds, the dead half and Delta's live $1) is Delta's: +1.50
    steal = hand(DEAD_AND_LIVE.split("Delta checks")[0] + """Delta raises [$2]
Alpha folds
Bravo folds
Charlie folds
** Summary **
Delta did not show his hand
Delta collected [ $3 ]
""")
    assert steal.uncalled == (("Delta", D(2)),)
    assert steal.nets()["Delta"] == D("1.50")
    assert ROOM.judge(steal).status == "ok"


def test_antes_all_in_make_the_levels_the_bigger_ante_comes_back():
    """BLAST's all-in phase: antes only. Ana is all-in on her ante of 300: dead money
    then makes the levels (as the replay has it), and 200 of Beto's 500 come back."""
    h = hand(head(banner="888poker BLAST", game="$20/$40 Blinds No Limit Holdem",
                  date=" 12 01 2019 20:01:11",
                  table="Tournament #133500001 $4.75 + $0.25 - Table #1 3 Max (Real Money)",
                  hand_id="700000088") + """\
Seat 1 is the button
Total number of players : 2
Seat 1: Ana ( $300 )
Seat 2: Beto ( $500 )
Ana posts ante [$300]
Beto posts ante [$500]
** Dealing down cards **
Dealt to Ana [ Ks, Kd ]
** Dealing flop ** [ 2c, 7h, 9d ]
** Dealing turn ** [ Js ]
** Dealing river ** [ 3h ]
** Summary **
Beto shows [ 4c, 5c ]
Ana shows [ Ks, Kd ]
Ana collected [ $600 ]
""")
    assert h.uncalled == (("Beto", D(200)),)
    assert h.nets() == {"Ana": D(300), "Beto": D(-300)}
    assert ROOM.judge(h).status == "ok"


def test_an_observers_file_has_no_dealing_line():
    h = hand(STEAL.replace("** Dealing down cards **\nDealt to Hero [ Ah, Kd ]\n", ""))
    assert h.hero is None
    assert [a.street for a in h.actions if a.kind not in Kind.POSTS] == [Street.PREFLOP] * 4
    assert ROOM.judge(h).status == "ok"


def test_banners_brands_and_currencies():
    cassava = hand(STEAL.replace("888poker Hand", "Cassava Hand"))
    assert cassava.site == "888poker"
    no_game_no = hand(STEAL.split("\n", 1)[1].replace("888poker Hand", "Pacific Poker Hand"))
    assert no_game_no.site == "888poker" and no_game_no.hand_id == "700000001"
    ontario = hand(STEAL.replace("888poker Hand", "888poker.ca-on Hand"))
    assert (ontario.site, ontario.currency) == ("888poker", "CAD")
    skin = hand(STEAL.replace("888poker Hand", "LuckyAcePoker.com Hand"))
    assert skin.site == "LuckyAcePoker.com"
    euro = hand(STEAL.replace("$", "€"))
    assert euro.currency == "EUR"
    dutch = hand(STEAL.replace("$", "$ ").replace("12.40", "12,40").replace("1,234.50", "1.234,50"))
    assert [s.stack for s in dutch.seats] == [D(10), D("12.40"), D(5), D("1234.50")]


def test_the_room_is_detected_and_another_rooms_banner_is_not_taken():
    assert detect(STEAL) is ROOM
    assert detect(STEAL.split("\n", 1)[1]) is ROOM
    party = "#Game No : 11614201072\n***** Hand History for Game 11614201072 *****\n"
    assert detect(party) is not ROOM
    betfair = "***** Betfair Poker Hand History for Game 100000000 *****\n"
    assert detect(betfair) is not ROOM


def test_other_games_are_unsupported():
    omaha = hand(STEAL.replace("No Limit Holdem", "Pot Limit Omaha")
                 .replace("[ Ah, Kd ]", "[ Ah, Kd, 2c, 3c ]"))
    assert isinstance(omaha, UnsupportedHand)
    assert (omaha.site, omaha.hand_id, omaha.game, omaha.structure) == (
        "888poker", "700000001", "Omaha", Structure.POT_LIMIT)
    hilo = hand(STEAL.replace("No Limit Holdem", "Pot Limit OmahaHL"))
    assert isinstance(hilo, UnsupportedHand) and hilo.game == "OmahaHL"


def test_broken_text_is_a_parse_error_naming_the_line():
    with pytest.raises(ParseError) as unknown:
        hand(STEAL.replace("Seat 2: Villain ( $12.40 )", "Seat 2:  ( $12.40 )"))
    assert unknown.value.reason == "unrecognised line" and unknown.value.line == 8
    with pytest.raises(ParseError) as order:
        hand(SHOWDOWN.replace("** Dealing flop ** [ Ac, 7d, 2s ]\n", ""))
    assert order.value.reason == "line out of place (TURN)"
    with pytest.raises(ParseError) as cut:
        hand(STEAL.split("** Summary **")[0])
    assert cut.value.reason == "the hand ends before its ** Summary **"
    with pytest.raises(ParseError) as card:
        hand(STEAL.replace("[ Ah, Kd ]", "[ Ah, Zz ]"))
    assert card.value.reason == "bad value"


def test_a_hand_is_whole_once_its_summary_is():
    assert ROOM.complete(STEAL.strip())
    assert not ROOM.complete(STEAL.split("** Summary **")[0])
    assert not ROOM.complete(STEAL.strip()[:-3])
    assert not ROOM.complete(SHOWDOWN.strip().rsplit("\n", 1)[0])  # no collection yet


def test_a_pot_nobody_collects_fails():
    v = judge(hand(STEAL.replace("Hero collected [ $0.25 ]\n", "")))
    assert v.status == "failed" and "RAKE_MISMATCH" in v.codes


# ------------------------------------------------------------------ values

@pytest.mark.parametrize("text, value", [
    ("$1,234.50", "1234.50"), ("1.234,50 $", "1234.50"), ("25 000", "25000"),
    ("222,75$", "222.75"), ("$ 10", "10"), ("2,141", "2141"), ("0,5 €", "0.5"),
    ("42.797,60 $", "42797.60"), ("£3", "3"), ("1 123 698", "1123698")])
def test_amounts_in_every_locale(text, value):
    assert money(text) == D(value)


def test_cards_in_every_language():
    assert read_cards("Ah, 10d") == ("Ah", "Td")
    assert read_cards("10Herz, QKreuz, AKaro, 2Pik") == ("Th", "Qc", "Ad", "2s")
    assert read_cards("Hc, Vs, Bh") == ("Kc", "Qs", "Jh")  # Dutch
    assert read_cards("Knh, Dd, Ec") == ("Jh", "Qd", "Ac")  # Swedish
    with pytest.raises(ValueError):
        read_cards("Xh, Ah")


def read_file_bytes(data: bytes):
    """A file's bytes → its one hand, read as the importer reads it."""
    from parsers.base.split import decode, split_hands
    text, enc = decode(data)
    raw, = split_hands(text, ROOM, enc)
    return ROOM.parse(raw.text)


# 888's Russian client (2011): Windows-1251, ranks Валет, Дама, Король, Туз. Read as
# Russian, Boris's pair of aces (Т) beats Alisa's jacks (В); read with В as the ace,
# Alisa would win. Pot 0.12 + 0.12 + 0.04 + 0.20 + 0.20 = 0.68, rake 0.03.
RUSSIAN = head(banner="Cassava", game="0,02$/0,04$ Blinds No Limit Holdem",
               date=" 03 07 2011 00:50:21", table="Table Omsk (Real Money)",
               hand_id="700000101") + """\
Seat 1 is the button
Total number of players : 3
Seat 1: Alisa ( 4$ )
Seat 2: Boris ( 3,50$ )
Seat 4: Vera ( 2$ )
Boris posts small blind [0,02$]
Vera posts big blind [0,04$]
** Dealing down cards **
Dealt to Alisa [ Вd, Вc ]
Alisa raises [0,12$]
Boris calls [0,10$]
Vera folds
** Dealing flop ** [ Тs, 7c, 3h ]
Boris checks
Alisa bets [0,20$]
Boris calls [0,20$]
** Dealing turn ** [ Дh ]
Boris checks
Alisa checks
** Dealing river ** [ Кc ]
Boris checks
Alisa checks
** Summary **
Alisa shows [ Вd, Вc ]
Boris shows [ Тd, 4c ]
Boris collected [ 0,65$ ]
"""


def test_the_russian_clients_windows_1251_file_cyrillic_ranks():
    h = read_file_bytes(RUSSIAN.encode("cp1251"))  # "Вd" is bytes C2 64: no UTF-8
    assert h.seats[0].hole_cards == ("Jd", "Jc") and h.seats[1].hole_cards == ("Ad", "4c")
    assert h.boards == (("As", "7c", "3h", "Qh", "Kc"),)
    assert h.nets() == {"Alisa": D("-0.32"), "Boris": D("0.33"), "Vera": D("-0.04")}
    assert ROOM.judge(h).status == "ok"
    # the same hand written in UTF-8 reads the same
    assert read_file_bytes(RUSSIAN.encode("utf-8")).boards == h.boards
    # a freeroll's buy-in, "Бесплатно", without a face card to tell the code page
    free = RUSSIAN.replace("Table Omsk (Real Money)",
                           "Tournament #38000001 Бесплатно - Table #12 (Real Money)")
    for cyrillic, latin in (("Вd, Вc", "9d, 9c"), ("Тs", "6s"), ("Дh", "5h"), ("Кc", "2c"),
                            ("Тd", "8d"), ("0,65$", "0,65$")):
        free = free.replace(cyrillic, latin)
    t = read_file_bytes(free.encode("cp1251"))
    assert (t.buy_in, t.buy_in_amount) == ("Бесплатно", D(0))


# 888's Spanish client (a Cassava sit-and-go of 2012): suits tréboles, corazones,
# diamantes, picas; ten "D". Hero's "Ac, 7c" and the board's three "c" are a flush of
# hearts; Villano's "Kt" is the king of clubs, the board's "Kc" the king of hearts.
SPANISH = head(banner="Cassava", game="15 €/30 € Blinds No Limit Holdem",
               date=" 25 06 2012 14:39:42",
               table="Tournament #39100001 0,09 € + 0,01 € - Table #1 (Real Money)",
               hand_id="700000102") + """\
Seat 1 is the button
Total number of players : 3
Seat 1: Hero ( 500 € )
Seat 2: Villano ( 470 € )
Seat 4: Tercero ( 530 € )
Villano posts small blind [15 €]
Tercero posts big blind [30 €]
** Dealing down cards **
Dealt to Hero [ Ac, 7c ]
Hero raises [60 €]
Villano calls [45 €]
Tercero folds
** Dealing flop ** [ Kc, 2p, 5c ]
Villano checks
Hero bets [90 €]
Villano calls [90 €]
** Dealing turn ** [ Dt ]
Villano checks
Hero checks
** Dealing river ** [ 9c ]
Villano checks
Hero checks
** Summary **
Villano shows [ Kt, Kd ]
Hero shows [ Ac, 7c ]
Hero collected [ 330 € ]
"""


def test_the_spanish_clients_suits():
    h = read_file_bytes(SPANISH.encode("cp1252"))  # the euro sign as byte 80
    assert h.seats[0].hole_cards == ("Ah", "7h") and h.seats[1].hole_cards == ("Kc", "Kd")
    assert h.boards == (("Kh", "2s", "5h", "Tc", "9h"),)
    assert ROOM.judge(h).status == "ok"
    # the hero's cards alone, "7p, 8t": spades and clubs
    folded = hand(SPANISH.split("Hero raises")[0].replace("[ Ac, 7c ]", "[ 7p, 8t ]")
                  + "Hero folds\nVillano folds\n** Summary **\nTercero collected [ 45 € ]\n")
    assert folded.seats[0].hole_cards == ("7s", "8c")
    assert ROOM.judge(folded).status == "ok"


def test_the_portuguese_clients_suits():
    """Copas, espadas, ouros, paus: its "p" is clubs, not the Spanish spades."""
    text = (SPANISH.replace("[ Kc, 2p, 5c ]", "[ Kc, 2e, 5c ]")
            .replace("[ Dt ]", "[ Dp ]").replace("[ Kt, Kd ]", "[ Kp, Ko ]"))
    h = hand(text)
    assert h.seats[1].hole_cards == ("Kc", "Kd")
    assert h.boards == (("Kh", "2s", "5h", "Tc", "9h"),)
    assert ROOM.judge(h).status == "ok"


def test_the_language_of_a_hands_cards_is_told_by_its_suits():
    from parsers.pacific import CARD, PORTUGUESE_CARD, SPANISH_CARD, spelling_of
    assert spelling_of(["Ah, Kd", "Qs, 2c, 5d"]) is CARD
    assert spelling_of(["Kc, Dd"]) is CARD  # clubs and diamonds only: as English
    assert spelling_of(["Knh, Dd", "Ec"]) is CARD  # Swedish: "Dd" the queen
    assert spelling_of(["Dd, Ac"]) is SPANISH_CARD  # a ten "D" beside an ace: not Swedish
    assert spelling_of(["7p, 8t"]) is SPANISH_CARD
    assert spelling_of(["Qo, 4p"]) is PORTUGUESE_CARD
    assert spelling_of(["10Herz, QKreuz"]) is CARD


def test_a_spanish_skin_writes_suits_by_their_spanish_initials():
    h = hand(STEAL.replace("888poker Hand", "TowerTorneosPoker Hand")
             .replace("[ Ah, Kd ]", "[ Ac, Dt ]"))
    assert h.site == "TowerTorneosPoker" and h.seats[0].hole_cards == ("Ah", "Tc")


# ------------------------------------------------------------------ RoomRules, one by one

def test_rule_writes_summary_false():
    """888 closes a hand with shows and collections only: no SUMMARY finding."""
    h = hand(STEAL)
    assert "SUMMARY_MISMATCH" in judge(h, replace(RULES, writes_summary=True)).codes
    assert judge(h).status == "ok"


def test_rule_uncalled_bet_silently_or_collected():
    """888 writes no uncalled bet: a walk's big blind collects the whole pot."""
    walk = hand(head() + SEATS + BLINDS + "Hero folds\nVillain folds\n** Summary **\n"
                "Third collected [ $0.15 ]\n")
    assert "BAD_UNCALLED_RETURN" in judge(walk, replace(RULES, uncalled_bet=UNCALLED_WRITTEN)).codes
    assert judge(walk).status == "ok"


SHORT_BIG_BLIND = head(game="$100/$200 Blinds No Limit Holdem", date=" 17 02 2012 00:38:15",
                       table="Tournament #36216773 Free - Table #374 (Real Money)") + """Seat 7 is the button
Total number of players : 3
Seat 7: Alpha ( $490 )
Seat 9: Hero ( $3,400 )
Seat 10: Bravo ( $145 )
Alpha posts ante [$20]
Hero posts ante [$20]
Bravo posts ante [$20]
Hero posts small blind [$100]
Bravo posts big blind [$125]
** Dealing down cards **
Dealt to Hero [ 4d, 7h ]
Alpha folds
Hero calls [$100]
** Dealing flop ** [ 8c, 2d, 8d ]
** Dealing turn ** [ 5c ]
** Dealing river ** [ Js ]
** Summary **
Hero shows [ 4d, 7h ]
Bravo shows [ Td, Jc ]
Bravo collected [ $310 ]
Hero collected [ $75 ]
"""


def test_rule_calls_whole_bet():
    """Facing a big blind all-in for less, 888's call completes the blind; the part
    nobody matched is paid back (here, written as collected)."""
    h = hand(SHORT_BIG_BLIND)
    assert h.table == "374" and h.uncalled == ()
    assert "BAD_CALL_AMOUNT" in judge(h, replace(RULES, calls_whole_bet=False)).codes
    assert judge(h).status == "ok"
    loser_paid = judge(hand(SHORT_BIG_BLIND.replace("Bravo collected [ $310 ]",
                                                     "Hero collected [ $310 ]")))
    assert "WRONG_WINNER" in loser_paid.codes


def test_rule_seat_places():
    """888 numbers seats as places 1-10 whatever the table: seat 10 at a 9-max table."""
    h = hand(GERMAN.replace("\xa0", " "))
    v = judge(h, replace(RULES, seat_places=None))
    assert v.status == "warning" and v.codes == ["BAD_SEATING"]
    assert judge(h).status == "ok"
    beyond = judge(hand(GERMAN.replace("\xa0", " ").replace("Seat 10: Carla", "Seat 11: Carla")))
    assert "BAD_SEATING" in beyond.codes


# ------------------------------------------------------------------ the real folders

@pytest.fixture(scope="module")
def imported(tmp_path_factory):
    folders = real_folders("pacificpoker")
    db = tmp_path_factory.mktemp("pacific") / "pacific.duckdb"
    summary = import_paths(db, *folders)
    return summary, db


# Hands 888 wrote wrongly: what the replay finds, and why it is 888's text, not handlens.
ROOM_DEFECTS = {
    "172275663": {"BAD_SPLIT"},  # a tie of two full houses; only one winner is paid
    "1008664844": {"BAD_STAKES"},  # BLAST's all-in phase: "42.797,60 $/0 $ Blinds"
    "539478640": {"WRONG_WINNER"},  # two pair mucked, a pair paid (a test sample)
}


def test_the_real_hands_are_stored_and_verify(imported):
    summary, db = imported
    assert "internal error" not in summary.errors_by_reason
    stored = query(db, "SELECT count(*) FROM hands h JOIN files f USING (file_id)"
                       " WHERE f.format = 'pacific' AND h.supported")[0][0]
    errors = query(db, "SELECT count(*) FROM parse_errors")[0][0]
    assert stored >= 0.98 * (stored + errors + summary.incomplete)
    verdicts = dict(query(db, "SELECT status, count(*) FROM verdicts WHERE status !="
                              " 'unsupported' GROUP BY ALL"))
    assert verdicts.get("ok", 0) >= 0.97 * sum(verdicts.values())
    failed = query(db, "SELECT v.hand_id, list(DISTINCT x.code) FROM verdicts v"
                       " JOIN findings x USING (site, hand_id) WHERE v.status = 'failed'"
                       " AND x.severity = 'error' GROUP BY ALL")
    assert {hid: set(codes) for hid, codes in failed} == {
        hid: codes for hid, codes in ROOM_DEFECTS.items()
        if hid in {h for h, _ in failed}}
    assert query(db, "SELECT count(*) FROM verdicts WHERE status NOT IN"
                     " ('ok', 'failed', 'unsupported')")[0][0] == 0


def test_the_broken_texts_are_explained(imported):
    summary, db = imported
    reasons = [r for (r,) in query(db, "SELECT reason FROM parse_errors")]
    # a seat without a player's name (888 wrote blank names); a test sample cut before
    # its Summary, at a file's end (kept, and read again if the file grows)
    assert sorted(reasons) == [
        "incomplete: the file ends inside this hand (read again when the file grows): "
        "#Game No : 539304607",
        "unrecognised line: Seat 2:  ( $895 )"]
    assert summary.incomplete == 1
