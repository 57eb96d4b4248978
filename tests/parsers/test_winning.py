"""The Winning Poker Network (Americas Cardroom, BlackChip, ...): its two formats' grammars,
builders and rules, form by form, on hands written here in WPN's format; then WPN's real
files (../shared), where present."""
from __future__ import annotations

from decimal import Decimal as D

import pytest
from support.common import import_paths, query, real_folder

from engine.model.hand import GameKind, Hand, Kind, Street, Structure, UnsupportedHand
from engine.rules.replay import replay
from engine.rules.room_rules import DEFAULT
from parsers.base.errors import ParseError
from parsers.registry import detect
from parsers.winning import ROOM as WPN
from parsers.winning import RULES, parse_hand



def judge(text: str):
    return WPN.judge(parse_hand(text))


def findings(text: str, rules=RULES) -> set[str]:
    return {f.code for f in replay(parse_hand(text), rules).findings}


# ---------------------------------------------------------------- since 2019

CASH = """Hand #70000001 - Holdem(No Limit) - $0.01/$0.02 - 2019/05/22 04:41:53 UTC
Cedar Flats 6-max Seat #5 is the button
Seat 1: Ana P ($2.00)
Seat 2: Bo. Dune ($2.00)
Seat 3: Cid ($0.77)
Seat 5: Dora ($1.86)
Ana P posts the small blind $0.01
Bo. Dune posts the big blind $0.02
*** HOLE CARDS ***
Dealt to Bo. Dune [Kc Ad]
Cid raises $0.06 to $0.06
Dora folds
Ana P calls $0.05
Bo. Dune raises $0.16 to $0.18
Cid raises $0.59 to $0.77 and is all-in
Ana P folds
Bo. Dune calls $0.59
*** FLOP *** [Th Kh 3c]
Main pot $1.52 | Rake $0.08
*** TURN *** [Th Kh 3c] [6c]
Main pot $1.52 | Rake $0.08
*** RIVER *** [Th Kh 3c 6c] [7s]
Main pot $1.52 | Rake $0.08
*** SHOW DOWN ***
Main pot $1.52 | Rake $0.08
Cid shows [Ah As] (a pair of Aces [As Ah Kh Th 7s])
Bo. Dune shows [Kc Ad] (a pair of Kings [Kh Kc Ad Th 7s])
Cid collected $1.52 from main pot
*** SUMMARY ***
Total pot $1.52 | Rake $0.06 | JP Fee $0.02
Board [Th Kh 3c 6c 7s]
Seat 1: Ana P (small blind) folded on the Pre-Flop
Seat 2: Bo. Dune (big blind) showed [Kc Ad] and lost with a pair of Kings [Kh Kc Ad Th 7s]
Seat 3: Cid showed [Ah As] and won $1.52 with a pair of Aces [As Ah Kh Th 7s]
Seat 5: Dora (button) folded on the Pre-Flop and did not bet
"""

STEAL = """Hand #70000002 - Holdem(No Limit) - $0.05/$0.10 - 2019/06/28 02:38:17 UTC
Blitz Poker 6-max Seat #1 is the button
Seat 1: Pia ($10.30)
Seat 2: Quin ($10.00)
Seat 3: Hero ($10.00)
Seat 4: Rolf ($20.15)
Player waits
Quin posts the small blind $0.05
Hero posts the big blind $0.10
*** HOLE CARDS ***
Dealt to Hero [6s 3s]
Rolf raises $0.22 to $0.22
Pia folds
Quin folds
Hero folds
Uncalled bet ($0.12) returned to Rolf
Rolf does not show
*** SUMMARY ***
Total pot $0.25
Seat 1: Pia (button) folded on the Pre-Flop
Seat 2: Quin (small blind) folded on the Pre-Flop
Seat 3: Hero (big blind) folded on the Pre-Flop
Seat 4: Rolf did not show and won $0.25
""".replace("Player waits\n", "")

WALK = """Hand #70000003 - Holdem(No Limit) - $0.02/$0.05 - 2021/04/20 18:33:50 UTC
Fort Glen 9-max Seat #5 is the button
Seat 1: Sam ($9.10) is sitting out
Seat 2: Tove ($9.81)
Seat 5: Uli ($3.14)
Seat 6: Vera ($1.53)
Seat 7: Wim ($5.03)
Vera posts the small blind $0.02
Wim posts the big blind $0.05
*** HOLE CARDS ***
Tove folds
Uli folds
Vera folds
Wim does not show
*** SUMMARY ***
Total pot $0.07
Seat 2: Tove folded on the Pre-Flop and did not bet
Seat 5: Uli (button) folded on the Pre-Flop
Seat 6: Vera (small blind) folded on the Pre-Flop
Seat 7: Wim did not show and won $0.07
"""

CAPPED = """Hand #70000004 - Holdem(No Limit) - $0.01/$0.02 - 2019/11/08 04:43:23 UTC
Miramar (Cap) 9-max Seat #1 is the button
Seat 1: Abe ($0.00) is sitting out
Seat 2: Bea ($0.90)
Seat 3: Cal ($1.40)
Seat 9: Dag ($2.66)
Bea posts the small blind $0.01
Cal posts the big blind $0.02
*** HOLE CARDS ***
Dealt to Cal [9c Qd]
Dag raises $0.05 to $0.05
Bea calls $0.04
Cal calls $0.03
*** FLOP *** [Qh 5c 4d]
Main pot $0.15 | Rake $0.00
Bea checks
Cal bets $0.11
Dag caps $0.55
Bea folds
Cal calls $0.44
*** TURN *** [Qh 5c 4d] [As]
Main pot $1.19 | Rake $0.06
*** RIVER *** [Qh 5c 4d As] [6c]
Main pot $1.19 | Rake $0.06
*** SHOW DOWN ***
Main pot $1.19 | Rake $0.06
Cal shows [9c Qd] (a pair of Queens [Qh Qd As 9c 6c])
Dag shows [7d 6d] (a pair of Sixs [6d 6c As Qh 7d])
Cal collected $1.19 from main pot
*** SUMMARY ***
Total pot $1.19 | Rake $0.04 | JP Fee $0.02
Board [Qh 5c 4d As 6c]
Seat 2: Bea (small blind) folded on the Flop
Seat 3: Cal (big blind) showed [9c Qd] and won $1.19 with a pair of Queens [Qh Qd As 9c 6c]
Seat 9: Dag showed [7d 6d] and lost with a pair of Sixs [6d 6c As Qh 7d]
"""

TOURNAMENT = """Game Hand #80586589 - Tournament #11182752 - Holdem(No Limit) - Level 15 (250.00/500.00)- 2019/07/21 17:44:50 UTC
Table '25' 9-max Seat #3 is the button
Seat 1: Hero (35976.00)
Seat 2: Eli (32187.00)
Seat 3: Fay (3795.00)
Hero posts ante 65.00
Eli posts ante 65.00
Fay posts ante 65.00
Hero posts the small blind 250.00
Eli posts the big blind 500.00
*** HOLE CARDS ***
Main pot 695.00
Dealt to Hero [6c 7h]
Fay raises 3730.00 to 3730.00 and is all-in
Hero folds
Eli folds
Uncalled bet (3230.00) returned to Fay
Fay does not show
*** SUMMARY ***
Total pot 1445.00
Seat 1: Hero (small blind) folded on the Pre-Flop
Seat 2: Eli (big blind) folded on the Pre-Flop
Seat 3: Fay did not show and won 1445.00
"""


def test_a_cash_hand():
    h = parse_hand(CASH)
    assert isinstance(h, Hand)
    assert (h.site, h.hand_id, h.structure, h.currency) == \
        ("Winning Poker Network", "70000001", Structure.NO_LIMIT, "USD")
    assert (h.stakes.small_blind, h.stakes.big_blind) == (D("0.01"), D("0.02"))
    assert (h.table, h.max_seats, h.button_seat, h.hero) == ("Cedar Flats", 6, 5, "Bo. Dune")
    assert str(h.played_at_utc) == "2019-05-22 04:41:53"
    assert [s.player for s in h.seats] == ["Ana P", "Bo. Dune", "Cid", "Dora"]
    raise_ = next(a for a in h.actions if a.player == "Cid" and a.all_in)
    assert (raise_.kind, raise_.amount, raise_.raise_to) == (Kind.RAISE, D("0.71"), D("0.77"))
    assert judge(CASH).status == "ok"


def test_the_total_pot_is_what_was_paid_the_rake_and_fee_after_it():
    s = parse_hand(CASH).summary
    assert (s.total_pot, s.rake, s.fees) == (D("1.60"), D("0.06"), (("jackpot", D("0.02")),))
    # read as the pot itself, the hand's pot would not match
    wrong = CASH.replace("Total pot $1.52", "Total pot $1.44")
    assert "RAKE_MISMATCH" in findings(wrong) or "POT_MISMATCH" in findings(wrong)


def test_a_winner_without_showdown_collects_in_the_summary():
    h = parse_hand(STEAL)
    assert [(c.player, c.amount) for c in h.collects] == [("Rolf", D("0.25"))]
    assert judge(STEAL).status == "ok"
    assert "RAKE_MISMATCH" in findings(STEAL.replace("won $0.25", "won $0.20"))


def test_rule_uncalled_bet_a_walk_pays_the_whole_pot():
    assert judge(WALK).status == "ok"
    assert "BAD_UNCALLED_RETURN" in findings(WALK, DEFAULT)
    assert replay(parse_hand(WALK), DEFAULT).status == "warning"


def test_a_capped_table_caps_is_the_street_total_and_names_the_cap():
    h = parse_hand(CAPPED)
    caps = next(a for a in h.actions if a.player == "Dag" and a.street == Street.FLOP)
    assert (caps.kind, caps.amount, caps.raise_to) == (Kind.RAISE, D("0.55"), D("0.55"))
    assert h.stakes.cap == D("0.60")  # 0.05 before the flop, 0.55 on it
    assert judge(CAPPED).status == "ok"


def test_a_tournament_hand():
    h = parse_hand(TOURNAMENT)
    assert (h.currency, h.tournament_id, h.tournament_level, h.table) == \
        ("chips", "11182752", "15", "25")
    assert h.stakes.ante == D("65.00")
    assert judge(TOURNAMENT).status == "ok"
    gtd = parse_hand(TOURNAMENT.replace("#80586589 - Tournament", "#80586589 - $5,000 GTD "
                                                                  "Tournament"))
    assert (gtd.tournament_id, gtd.buy_in) == ("11182752", "$5,000 GTD")


def test_posts_dead_is_both_blinds_and_waiting_players_sit_out():
    text = STEAL.replace("Hero posts the big blind $0.10\n",
                         "Hero posts the big blind $0.10\nPia waits for big blind\n"
                         "Rolf posts dead $0.15\n")
    text = text.replace("Pia folds\n", "").replace("Seat 1: Pia (button) folded on the "
                                                   "Pre-Flop\n", "")
    text = text.replace("$0.12) returned", "$0.12) returned").replace("won $0.25", "won $0.30")
    text = text.replace("Total pot $0.25", "Total pot $0.30")
    h = parse_hand(text)
    assert next(s for s in h.seats if s.player == "Pia").sitting_out
    dead = next(a for a in h.actions if a.player == "Rolf")
    assert (dead.kind, dead.amount) == (Kind.POST_SB_BB, D("0.15"))
    assert judge(text).status == "ok", replay(h, RULES).findings


def test_a_player_allowed_to_play_after_the_button_is_not_seated():
    text = STEAL.replace("Seat 4: Rolf ($20.15)\n", "Seat 4: Rolf ($20.15)\n"
                         "Seat 5: Ezra will be allowed to play after the button\n")
    assert [s.player for s in parse_hand(text).seats] == ["Pia", "Quin", "Hero", "Rolf"]


def test_an_unnamed_player_is_the_seat_no_line_names():
    text = STEAL.replace("Rolf raises", " raises").replace("returned to Rolf",
                                                             "returned to").replace(
        "Rolf does not show", " does not show").replace("Seat 4: Rolf did", "Seat 4:  did")
    h = parse_hand(text)
    assert next(s for s in h.seats if s.seat == 4).player == ""
    assert judge(text).status == "ok"


def test_other_games_are_unsupported():
    omaha = CASH.replace("Holdem(No Limit)", "Omaha(Pot Limit)")
    h = parse_hand(omaha)
    assert isinstance(h, UnsupportedHand)
    assert (h.game, h.structure) == ("Omaha", Structure.POT_LIMIT)
    assert isinstance(parse_hand(CASH.replace("Holdem(No Limit)", "Omaha H/L(Fixed Limit)")),
                      UnsupportedHand)


def test_a_hand_cut_short_is_a_parse_error():
    with pytest.raises(ParseError, match="SUMMARY"):
        parse_hand(CASH.split("*** SUMMARY ***")[0])
    assert not WPN.complete(CASH.split("*** SUMMARY ***")[0])
    assert not WPN.complete(CASH.split("Total pot")[0])
    assert WPN.complete(CASH)


def test_an_unknown_line_is_a_parse_error():
    with pytest.raises(ParseError, match="unrecognised line"):
        parse_hand(CASH.replace("Dora folds", "Dora dances"))


def test_detection():
    assert detect(CASH) is WPN and detect(TOURNAMENT) is WPN and detect(OLD_CASH) is WPN
    # party-format files a converter marks "(WPN)" stay partypoker's
    party = detect("***** Hand History for Game 1111111111 ***** (WPN)\n"
                   "$0.05/$0.10 USD NL Texas Hold'em - Monday, May 01, 12:00:00 EDT 2017\n")
    assert getattr(party, "name", party) != "winning"
    # another room's "<Room> Hand #1 - " is not WPN's
    assert detect("Unibet Hand #1558006027 - x") is not WPN


# ---------------------------------------------------------------- before 2019

OLD_CASH = """Game started at: 2016/6/21 21:6:22
Game ID: 665312038 1/2 (PRR) Longana (Short) - 2 (Hold'em)
Seat 1 is the button
Seat 1: Gus (100).
Seat 2: Hal (123.94).
Seat 3: Ivo (100).
Seat 5: Jan (61.43).
Seat 7: Kim (100).
Player Hal has small blind (1)
Player Ivo sitting out
Player Jan has big blind (2)
Player Hal received a card.
Player Hal received a card.
Player Jan received a card.
Player Jan received a card.
Player Kim received card: [Ac]
Player Kim received card: [10h]
Player Gus received a card.
Player Gus received a card.
Player Kim raises (6)
Player Gus folds
Player Hal folds
Player Jan allin (59.43)
Player Kim calls (55.43)
*** FLOP ***: [4s 4c 3h]
*** TURN ***: [4s 4c 3h] [5h]
*** RIVER ***: [4s 4c 3h 5h] [Kd]
------ Summary ------
Pot: 118.86. Rake 4. JP fee 1
Board: [4s 4c 3h 5h Kd]
Player Gus does not show cards.Bets: 0. Collects: 0. Wins: 0.
Player Hal does not show cards.Bets: 1. Collects: 0. Loses: 1.
Player Ivo does not show cards.Bets: 0. Collects: 0. Wins: 0.
*Player Jan shows: Two pairs. Kings and 4s [Kh Qc]. Bets: 61.43. Collects: 118.86. Wins: 57.43.
Player Kim shows: One pair of 4s [Ac 10h]. Bets: 61.43. Collects: 0. Loses: 61.43.
Game ended at: 2016/6/21 21:8:21
"""

OLD_TOURNAMENT = """Game started at: 2016/9/14 18:14:38
Game ID: 727816656 50/100 $10 Freeroll - On Demand, Table 18 (Hold'em)
Seat 3 is the button
Seat 1: Lea (1410).
Seat 2: Max (1156).
Seat 3: Ned (1940).
Player Lea posts ante (10)
Player Max ante (10)
Player Ned posts ante (10)
Player Lea has small blind (50)
Player Max has big blind (100)
Player Lea received a card.
Player Lea received a card.
Player Max received card: [10d]
Player Max received card: [9d]
Player Ned received a card.
Player Ned received a card.
Player Ned raises (1250)
Player Lea folds
Player Max folds
Uncalled bet (1150) returned to Ned
Player Ned mucks cards
------ Summary ------
Pot: 280
Player Lea does not show cards. Bets: 60. Collects: 0. Loses: 60.
Player Max does not show cards. Bets: 110. Collects: 0. Loses: 110.
*Player Ned mucks (does not show cards). Bets: 110. Collects: 280. Wins: 170.
Game ended at: 2016/9/14 18:15:37
"""


def test_the_old_format():
    h = parse_hand(OLD_CASH)
    assert (h.hand_id, h.currency, h.table, h.button_seat, h.hero) == \
        ("665312038", "USD", "(PRR) Longana (Short) - 2", 1, "Kim")
    assert h.played_at_utc is None and str(h.played_at) == "2016-06-21 21:06:22"
    assert next(s for s in h.seats if s.player == "Kim").hole_cards == ("Ac", "Th")
    assert next(s for s in h.seats if s.player == "Ivo").sitting_out
    # amounts are what the action adds: raises (6) is to 6; an all-in may be a raise
    kinds = [(a.player, a.kind, a.amount, a.raise_to) for a in h.actions
             if a.kind in (Kind.RAISE, Kind.CALL)]
    assert kinds == [("Kim", Kind.RAISE, D(6), D(6)), ("Jan", Kind.RAISE, D("59.43"), D("61.43")),
                     ("Kim", Kind.CALL, D("55.43"), None)]
    assert h.summary.total_pot == D("123.86")  # paid, then rake and jackpot fee
    assert [(c.player, c.amount) for c in h.collects] == [("Jan", D("118.86"))]
    assert {s.player: s.cards for s in h.shows} == {"Jan": ("Kh", "Qc"), "Kim": ("Ac", "Th")}
    assert judge(OLD_CASH).status == "ok"
    assert "WRONG_WINNER" in findings(OLD_CASH.replace("[Kh Qc]", "[7h 2c]"))


def test_the_old_format_s_tournaments():
    h = parse_hand(OLD_TOURNAMENT)
    assert (h.currency, h.buy_in, h.stakes.ante) == ("chips", "$10 Freeroll - On Demand", D(10))
    # a tournament known by its header's words (no number written): never a cash game
    assert (h.kind, h.tournament_id) == (GameKind.TOURNAMENT, None)
    assert parse_hand(OLD_CASH).kind == GameKind.CASH
    play = parse_hand(OLD_CASH.replace("(PRR) Longana (Short) - 2", "PM Hold`em 5/10"))
    assert (play.kind, play.currency) == (GameKind.PLAY, "play")
    assert judge(OLD_TOURNAMENT).status == "ok"
    pms = parse_hand(OLD_TOURNAMENT.replace("$10 Freeroll - On Demand, Table 18 (Hold'em)",
                                            "PMS_27056799 (Hold'em) 8-max"))
    assert (pms.currency, pms.tournament_id, pms.max_seats) == ("chips", "27056799", 8)


def test_the_old_format_s_other_games_and_cut_hands():
    six = parse_hand(OLD_CASH.replace("(Hold'em)", "(Six Plus Hold'em)"))
    assert isinstance(six, UnsupportedHand) and six.game == "Six Plus Hold'em"
    with pytest.raises(ParseError):
        parse_hand(OLD_CASH.split("------ Summary")[0])
    assert not WPN.complete(OLD_CASH.split("Game ended")[0])
    assert WPN.complete(OLD_CASH)


def test_rule_zero_stack_not_known_an_unnamed_player_no_seat_holds():
    # nobody seated is silent: the unnamed player is seated by the builder, on the
    # button's seat, their stack not written
    text = (OLD_TOURNAMENT.replace("Seat 3: Ned (1940).\n", "")
            .replace("Player Ned", "Player ").replace("returned to Ned", "returned to"))
    h = parse_hand(text)
    assert next(s for s in h.seats if s.player == "").seat == 3
    assert judge(text).status == "ok"
    assert "OVER_STACK" in findings(text, DEFAULT)


# ---------------------------------------------------------------- WPN's real files

@pytest.mark.parametrize("where", ["corpus", "wild"])
def test_wpn_s_real_files_are_stored_and_verify(where, tmp_path):
    db = tmp_path / "winning.duckdb"
    summary = import_paths(db, real_folder(where, "winning"))
    assert "internal error" not in summary.errors_by_reason
    hands = query(db, "SELECT h.supported, v.status, h.hand_id FROM hands h JOIN verdicts v"
                      " USING (site, hand_id)")
    errors = query(db, "SELECT reason FROM parse_errors")
    holdem = [(status, hand_id) for supported, status, hand_id in hands if supported]
    assert holdem
    assert len(holdem) >= 0.97 * (len(holdem) + len(errors))
    # a hand not ok must be one the room wrote wrongly: a player without a name (seated
    # by the builder) who won, left out of the summary: no line says who collected
    wrong = [hand_id for status, hand_id in holdem if status != "ok"]
    for hand_id in wrong:
        codes = query(db, "SELECT DISTINCT code FROM findings WHERE hand_id = ?", [hand_id])
        unnamed = query(db, "SELECT count(*) FROM hand_players WHERE hand_id = ? AND player = ''"
                            " AND collected = 0", [hand_id])
        assert (codes, unnamed) == ([("RAKE_MISMATCH",)], [(1,)]), hand_id
    assert len(wrong) <= max(1, 0.03 * len(holdem))
    assert all(status == "unsupported" for supported, status, _ in hands if not supported)


OLD_LIMIT = """Game started at: 2016/8/2 10:53:40
Game ID: 693968595 2/4 Airavata 2 (Hold'em)
Seat 2 is the button
Seat 1: Ora (20).
Seat 2: Pim (80).
Seat 3: Rue (55).
Player Pim has small blind (1)
Player Ora has big blind (2)
Player Ora received card: [5h]
Player Ora received card: [9s]
Player Pim received a card.
Player Pim received a card.
Player Pim raises (3)
Player Ora calls (2)
*** FLOP ***: [Qc 2s 4c]
Player Ora checks
Player Pim bets (2)
Player Ora folds
Uncalled bet (2) returned to Pim
Player Pim mucks cards
------ Summary ------
Pot: 7.85. Rake 0.15
Board: [Qc 2s 4c]
Player Ora does not show cards.Bets: 4. Collects: 0. Loses: 4.
*Player Pim mucks (does not show cards). Bets: 4. Collects: 7.85. Wins: 3.85.
Game ended at: 2016/8/2 10:54:10
"""


def test_the_old_format_s_fixed_limit_told_by_the_big_blind_and_players_not_dealt_in():
    h = parse_hand(OLD_LIMIT)
    assert h.structure == Structure.FIXED_LIMIT
    assert (h.stakes.big_blind, h.stakes.small_bet, h.stakes.big_bet) == (D(2), D(2), D(4))
    # Rue, seated, was dealt no card: sat the hand out
    assert next(s for s in h.seats if s.player == "Rue").sitting_out
    assert judge(OLD_LIMIT).status == "ok"
    # read as no-limit, the bet of 2 on the flop is below a big blind of 4
    nl = OLD_LIMIT.replace("has big blind (2)", "has big blind (4)").replace(
        "raises (3)", "raises (5)").replace("calls (2)", "calls (0)")
    assert parse_hand(nl).structure == Structure.NO_LIMIT


def test_the_old_format_s_live_post_play_money_and_muck_at_showdown():
    text = (OLD_CASH.replace("(PRR) Longana (Short) - 2", "PM Hold`em 1/2")
            .replace("Player Ivo sitting out\n", "")
            .replace("Player Jan has big blind (2)\n", "Player Jan has big blind (2)\n"
                     "Player Ivo posts (1)\n")
            .replace("Seat 3: Ivo (100).", "Seat 8: Ivo (100).")
            .replace("Player Kim raises (6)", "Player Ivo received a card.\nPlayer Ivo received "
                     "a card.\nPlayer Kim raises (6)\nPlayer Ivo calls (5)")
            .replace("Player Kim calls (55.43)\n", "Player Kim calls (55.43)\nPlayer Ivo folds\n")
            .replace("Pot: 118.86", "Pot: 124.86")
            .replace("Collects: 118.86", "Collects: 124.86"))
    h = parse_hand(text)
    assert h.currency == "play"
    post = next(a for a in h.actions if a.player == "Ivo")
    assert (post.kind, post.amount) == (Kind.POST_BB, D(1))
    assert judge(text).status == "ok", replay(h, RULES).findings
    # a player mucking at the showdown concedes it
    mucked = OLD_CASH.replace("Player Kim shows: One pair of 4s [Ac 10h].",
                              "Player Kim mucks (does not show cards).").replace(
        "*** RIVER ***: [4s 4c 3h 5h] [Kd]\n", "*** RIVER ***: [4s 4c 3h 5h] [Kd]\n"
                                              "Player Kim mucks cards\n")
    assert judge(mucked).status == "ok"


def test_the_old_format_s_utf16_files_with_a_blank_line_after_each(tmp_path):
    from parsers.base.split import decode, split_hands
    data = ("\ufeff" + "\r\r\n".join(OLD_CASH.splitlines()) + "\r\r\n\r\r\n").encode(
        "utf-16-le") + b"\n"  # and an odd byte at the end
    text, encoding = decode(data)
    hands = split_hands(text, WPN, encoding)
    assert [h.stray for h in hands] == [None]
    assert judge(hands[0].text).status == "ok"


def test_the_2014_jackpot_tables_fee_not_written_and_a_dead_small_blind():
    unwritten = OLD_CASH.replace(". JP fee 1", "")
    assert "POT_MISMATCH" in findings(unwritten)
    jp = unwritten.replace("(PRR) Longana (Short) - 2", "Cristalite (JP) - CAP - 6-Max - 3")
    h = parse_hand(jp)
    assert (h.summary.total_pot, h.summary.fees) == (D("123.86"), (("jackpot", D(1)),))
    assert judge(jp).status == "ok"
    dead = OLD_CASH.replace("Player Ivo sitting out\n", "").replace(
        "Player Jan has big blind (2)\n", "Player Jan has big blind (2)\n"
        "Player Ivo posts (1) as a dead bet\nPlayer Ivo posts (2)\n")
    dead = dead.replace("Player Kim raises (6)", "Player Ivo received a card.\nPlayer Ivo received"
                        " a card.\nPlayer Kim raises (6)").replace(
        "Player Hal folds\n", "Player Hal folds\nPlayer Ivo folds\n").replace(
        "Pot: 118.86", "Pot: 121.86").replace("Collects: 118.86", "Collects: 121.86")
    h = parse_hand(dead)
    assert [a.kind for a in h.actions if a.player == "Ivo"][:2] == [Kind.POST_DEAD, Kind.POST_BB]
    assert judge(dead).status == "ok", replay(h, RULES).findings


RUN_TWICE = """Hand #779379637 - Holdem(No Limit) - $3.00/$6.00 - 2021/04/16 19:14:14 UTC
Parachute 6-max Seat #5 is the button
Seat 1: Una ($124.50)
Seat 2: Val ($1142.13)
Seat 3: Hero ($120.00)
Seat 4: Wes ($134.00)
Seat 5: Xia ($180.00)
Seat 6: Yon ($517.75)
Yon posts the small blind $3.00
Una posts the big blind $6.00
*** HOLE CARDS ***
Dealt to Hero [Qc Qs]
Val folds
Hero raises $120.00 to $120.00 and is all-in
Wes raises $134.00 to $134.00 and is all-in
Xia folds
Yon folds
Una folds
Uncalled bet ($14.00) returned to Wes
*** RUN IT TWICE ***
*** FLOP 1 *** [8h Qd 7d]
Main pot 1 $123.00 | Rake $1.50
*** TURN 1 *** [8h Qd 7d] [7h]
Main pot 1 $123.00 | Rake $1.50
*** RIVER 1 *** [8h Qd 7d 7h] [5d]
Main pot 1 $123.00 | Rake $1.50
*** SHOW DOWN 1 ***
Main pot 1 $123.00 | Rake $1.50
Hero shows [Qc Qs] (a full house, Queens full of Sevens [Qc Qs Qd 7d 7h])
Wes shows [Td 7s] (three of a kind, Set of Sevens [7s 7h 7d Qd Td])
Hero collected $123.00 from main pot 1
*** FLOP 2 *** [6c 9s Jh]
Main pot 2 $123.00 | Rake $1.50
*** TURN 2 *** [6c 9s Jh] [8c]
Main pot 2 $123.00 | Rake $1.50
*** RIVER 2 *** [6c 9s Jh 8c] [6s]
Main pot 2 $123.00 | Rake $1.50
*** SHOW DOWN 2 ***
Main pot 2 $123.00 | Rake $1.50
Hero shows [Qc Qs] (two pair, Queens and Sixs [Qc Qs 6s 6c Jh])
Wes shows [Td 7s] (a straight, Ten high [Td 9s 8c 7s 6c])
Wes collected $123.00 from main pot 2
*** SUMMARY ***
Total pot $246.00 | Rake $2.76 | JP Fee $0.24
Board 1 [8h Qd 7d 7h 5d]
Seat 1: Una (big blind) folded on the Pre-Flop
Seat 2: Val folded on the Pre-Flop and did not bet
Seat 3: Hero showed [Qc Qs] and won $123.00 with a full house, Queens full of Sevens [Qc Qs Qd 7d 7h]
Seat 4: Wes showed [Td 7s] and lost with three of a kind, Set of Sevens [7s 7h 7d Qd Td]
Seat 5: Xia (button) folded on the Pre-Flop
Seat 6: Yon (small blind) folded on the Pre-Flop
Board 2 [6c 9s Jh 8c 6s]
Seat 1: Una (big blind) folded on the Pre-Flop
Seat 2: Val folded on the Pre-Flop and did not bet
Seat 3: Hero showed [Qc Qs] and lost with two pair, Queens and Sixs [Qc Qs 6s 6c Jh]
Seat 4: Wes showed [Td 7s] and won $123.00 with a straight, Ten high [Td 9s 8c 7s 6c]
Seat 5: Xia (button) folded on the Pre-Flop
Seat 6: Yon (small blind) folded on the Pre-Flop
"""


def test_a_hand_run_twice():
    h = parse_hand(RUN_TWICE)
    assert h.boards == (("8h", "Qd", "7d", "7h", "5d"), ("6c", "9s", "Jh", "8c", "6s"))
    assert [(c.player, c.run) for c in h.collects] == [("Hero", 1), ("Wes", 2)]
    assert len(h.summary.seats) == 6
    assert judge(RUN_TWICE).status == "ok"
    swapped = RUN_TWICE.replace("Hero collected $123.00 from main pot 1",
                                "Wes collected $123.00 from main pot 1")
    assert "WRONG_WINNER" in findings(swapped)


def test_forms_other_tools_list_a_title_a_player_out_of_hand_and_the_cap_reached():
    text = TOURNAMENT.replace("Table '25'", "Title: SNG 2.0 $5.50\nTable '25'").replace(
        "Seat 3: Fay (3795.00)", "Seat 3: Fay (3795.00)\nSeat 4: Gil (900.00) out of hand "
        "(moved from another table into small blind)")
    assert next(s for s in parse_hand(text).seats if s.player == "Gil").sitting_out
    assert judge(text).status == "ok"
    capped = CASH.replace("Cid raises $0.59 to $0.77 and is all-in",
                          "Cid raises $0.59 to $0.77 and has reached the $0.77 cap")
    assert parse_hand(capped).stakes.cap == D("0.77")
    assert judge(capped).status == "ok"


def test_rule_hand_names_the_category_is_judged():
    from parsers.winning.names import names_agree
    wrong = CASH.replace("(a pair of Aces [As Ah Kh Th 7s])",
                         "(two pair, Aces and Kings [As Ah Kh Th 7s])")
    assert "HAND_NAME_MISMATCH" in findings(wrong)
    assert replay(parse_hand(wrong), DEFAULT).status == "ok"
    assert "HAND_NAME_MISMATCH" in findings(OLD_CASH.replace("Two pairs. Kings and 4s",
                                                             "One pair of 4s"))
    pair, straight = 1 << 24, 4 << 24
    assert names_agree(pair, "a pair of Sixs [6d 6c As Qh 7d]")
    assert names_agree(straight, "Straight") and not names_agree(straight, "a straight flush")
    assert names_agree(pair, "something else")  # words it does not use are not judged


def test_a_file_with_cr_line_ends_and_hands_joined_mid_line():
    """Hands start at their header wherever it is (no "^": a CR-only file has no line
    starts for it), even after a space; "Hand #" inside "Game Hand #" starts none."""
    from parsers.base.split import decode, split_hands
    for sep in ("\r", "\n"):
        data = sep.join((CASH + "\n" + TOURNAMENT + "\n" + OLD_CASH).splitlines()).encode()
        text, encoding = decode(data)
        hands = split_hands(text, WPN, encoding)
        assert [h.stray for h in hands] == [None] * 3
        assert [judge(h.text).status for h in hands] == ["ok"] * 3
    joined = (CASH.rstrip("\n") + " " + TOURNAMENT).encode()  # cut and joined mid-line
    text, encoding = decode(joined)
    assert [h.text.split("\n", 1)[0][:9] for h in split_hands(text, WPN, encoding)] == \
        ["Hand #700", "Game Hand"]
    text, encoding = decode(CASH.replace("Bo. Dune posts", "Bo. Dune " + CASH, 1).encode())
    assert [h.text[:9] for h in split_hands(text, WPN, encoding)] == ["Hand #700"] * 2


def test_lines_read_for_nothing_else_still_hold_amounts_and_cards():
    """A street's pot line, a hand's name and the old SUMMARY's bets and net are read
    for nothing else, but an amount there must be one, and a card a card (fuzzing:
    "Rake $0.0807" and "[9h 8s 7s 6d Zz]" passed over, the hand stored ok)."""
    assert judge(CASH).status == "ok" and judge(OLD_CASH).status == "ok"
    for bad in (CASH.replace("Main pot $1.52 | Rake $0.08", "Main pot $1.52 | Rake $0.0807", 1),
                CASH.replace("Main pot $1.52 |", "Main pot $1.525 |", 1),
                CASH.replace("a pair of Aces [As Ah Kh", "a pair of Aces [As Zz Kh", 1),
                CASH.replace("(a pair of Kings [Kh Kc", "(a pair of Kings [Kh Kz", 1),
                OLD_CASH.replace("Bets: 1. Collects: 0. Loses: 1.",
                                 "Bets: 1.005. Collects: 0. Loses: 1.")):
        with pytest.raises(ParseError):
            parse_hand(bad)


def test_a_hand_cut_in_its_summary_is_not_whole():
    """The last hand of a file cut after one of its SUMMARY's seat lines is not whole
    until a seat line is there for every player dealt in (fuzzing: it was once one
    seat line was)."""
    for text in (CASH, STEAL, WALK, CAPPED, TOURNAMENT):
        assert WPN.complete(text.strip())
        summary = text.index("*** SUMMARY ***")
        last = text.rindex("\nSeat ")
        assert last > summary
        assert not WPN.complete(text[:last])


SIDE_POT = """Game Hand #80600001 - Tournament #11200001 - Holdem(No Limit) - Level 1 (10.00/20.00)- 2019/07/25 02:31:33 UTC
Table '1' 9-max Seat #1 is the button
Seat 1: Ann (300.00)
Seat 2: Bob (2000.00)
Seat 3: Cy (2000.00)
Bob posts the small blind 10.00
Cy posts the big blind 20.00
*** HOLE CARDS ***
Dealt to Bob [Kd Qc]
Ann raises 300.00 to 300.00 and is all-in
Bob calls 290.00
Cy calls 280.00
*** FLOP *** [Ks 8d 4c]
Main pot 900.00
Bob bets 400.00
Cy calls 400.00
*** TURN *** [Ks 8d 4c] [2h]
Main pot 900.00
Side pot(1) 800.00
Bob checks
Cy checks
*** RIVER *** [Ks 8d 4c 2h] [9s]
Main pot 900.00
Side pot(1) 800.00
Bob checks
Cy checks
*** SHOW DOWN ***
Main pot 900.00
Side pot(1) 800.00
Bob shows [Kd Qc] (a pair of Kings [Ks Kd Qc 9s 8d])
Cy shows [Jh Th] (a high card, King high [Ks Jh Th 9s 8d])
Ann shows [Ah Ad] (a pair of Aces [Ah Ad Ks 9s 8d])
Ann collected 900.00 from main pot
Bob collected 800.00 from side pot-1
*** SUMMARY ***
Total pot 1700.00 | Rake 0.00
Board [Ks 8d 4c 2h 9s]
Seat 1: Ann (button) showed [Ah Ad] and won 900.00 with a pair of Aces [Ah Ad Ks 9s 8d]
Seat 2: Bob (small blind) showed [Kd Qc] and won 800.00 with a pair of Kings [Ks Kd Qc 9s 8d]
Seat 3: Cy (big blind) showed [Jh Th] and lost with a high card, King high [Ks Jh Th 9s 8d]
"""


def test_side_pots_each_on_its_line_after_the_main_pot():
    """"Side pot(1) 800.00" after "Main pot 900.00": those written at the showdown are
    the hand's pots (SIDE_POTS_AT_THE_SHOWDOWN), which must make the total paid; a
    street's earlier ones are the pot before its betting."""
    h = parse_hand(SIDE_POT)
    assert h.summary.pots == (D(900), D(800))
    assert [(c.player, c.amount, c.pot) for c in h.collects] == [("Ann", D(900), 0),
                                                                 ("Bob", D(800), 1)]
    assert judge(SIDE_POT).status == "ok"
    at = SIDE_POT.index("*** SHOW DOWN ***")
    wrong = SIDE_POT[:at] + SIDE_POT[at:].replace("Side pot(1) 800.00", "Side pot(1) 700.00", 1)
    assert "SUMMARY_MISMATCH" in findings(wrong)
    # a street's pots are not the hand's: where no showdown writes them, none are kept
    no_showdown = SIDE_POT[:at] + SIDE_POT[at:].replace(
        "Main pot 900.00\nSide pot(1) 800.00\n", "", 1)
    assert parse_hand(no_showdown).summary.pots == ()
    assert judge(no_showdown).status == "ok"
    # written in the SUMMARY, under the total: the same pots
    in_summary = no_showdown.replace("Total pot 1700.00 | Rake 0.00\n",
                                     "Total pot 1700.00 | Rake 0.00\nMain pot 900.00\n"
                                     "Side pot(1) 800.00\n")
    assert parse_hand(in_summary).summary.pots == (D(900), D(800))
    assert judge(in_summary).status == "ok"
    # a cash table's pots, what each pays after its rake ("| Rake $0.76")
    cash = (SIDE_POT.replace("Game Hand #80600001 - Tournament #11200001 - Holdem(No Limit) - "
                             "Level 1 (10.00/20.00)- ", "Hand #70600001 - Holdem(No Limit) - "
                             "$10.00/$20.00 - ")
            .replace("Table '1' 9-max", "Cedar Flats 9-max"))
    for amount in ("300.00", "2000.00", "10.00", "20.00", "290.00", "280.00", "400.00"):
        cash = cash.replace(f" {amount}", f" ${amount}").replace(f"({amount})", f"(${amount})")
    cash = (cash.replace("Main pot 900.00", "Main pot $895.50 | Rake $4.50")
            .replace("Side pot(1) 800.00", "Side pot(1) $796.00 | Rake $4.00")
            .replace("collected 900.00", "collected $895.50")
            .replace("collected 800.00", "collected $796.00")
            .replace("won 900.00", "won $895.50").replace("won 800.00", "won $796.00")
            .replace("Total pot 1700.00 | Rake 0.00", "Total pot $1691.50 | Rake $7.50 | "
                     "JP Fee $1.00"))
    h = parse_hand(cash)
    assert (h.currency, h.summary.pots) == ("USD", (D("895.50"), D("796.00")))
    assert judge(cash).status == "ok"


def test_a_sit_and_go_file_its_game_information_and_dashes_between_hands():
    """WPN's downloaded tournament histories: each tournament's hands after its
    <Game Information> block ("key: value" lines, then "<Hand History>"), a line of
    dashes after its last; neither is part of a hand nor an error. Its first hand
    writes the card each player drew for the button (SEAT_DRAW)."""
    from parsers.base.split import decode, split_hands
    info = ("<Game Information>\nTitle: SNG 2.0 $5.50\nEntry #: 4000001\n"
            "Begin Time: 2019/07/21 17:40:02 UTC\nBuyin to Payout: Real To Real\n"
            "Play Type: Sit & Go\nGame Type: Hold\u2019em\nBet Limit Type: No Limit\n\n"
            "<Hand History>\n")
    dashes = "-" * 68 + "\n"
    first = TOURNAMENT.replace("Hero posts ante", "Dealt to Hero [5d]\nDealt to Eli [Ks]\n"
                                                  "Dealt to Fay [As]\nHero posts ante", 1)
    assert parse_hand(first).seats[0].hole_cards == ("6c", "7h")
    files = (info + first + "\n" + SIDE_POT + "\n" + dashes + info + TOURNAMENT + "\n" + dashes,
             # a line of dashes right under the SUMMARY; an old-format hand among them
             info + TOURNAMENT + dashes + info + CASH + "\n" + OLD_CASH + dashes + "\n")
    for body in files:
        for sep in ("\n", "\r\n"):
            text, encoding = decode(body.replace("\n", sep).encode("utf-8"))
            hands = split_hands(text, WPN, encoding)
            assert [h.stray for h in hands] == [None] * 3
            assert all(h.complete and dashes not in h.text + "\n" and "<" not in h.text
                       for h in hands)
            assert [judge(h.text).status for h in hands] == ["ok"] * 3
    # some files leave out the "<Hand History>" line
    text, encoding = decode((info.replace("<Hand History>\n", "") + TOURNAMENT).encode())
    assert [(h.stray, judge(h.text).status) for h in split_hands(text, WPN, encoding)] == [
        (None, "ok")]
    # what is not a separator nor such a block still is text between hands
    text, encoding = decode((TOURNAMENT + "\n-- notes --\n" + CASH).encode())
    assert [h.stray is not None for h in split_hands(text, WPN, encoding)] == [False, True, False]
    with pytest.raises(ParseError, match="hole cards dealt before the blinds"):
        parse_hand(TOURNAMENT.replace("Hero posts ante", "Dealt to Hero [5d 6d]\nHero posts ante"))


def test_a_summary_seat_that_mucked_without_its_cards():
    """"Seat 6: Villain3 mucked": the loser's cards not written (the hand says "mucks
    hand")."""
    text = CASH.replace("Bo. Dune shows [Kc Ad] (a pair of Kings [Kh Kc Ad Th 7s])",
                        "Bo. Dune mucks hand").replace(
        "Seat 2: Bo. Dune (big blind) showed [Kc Ad] and lost with a pair of Kings "
        "[Kh Kc Ad Th 7s]", "Seat 2: Bo. Dune (big blind) mucked")
    h = parse_hand(text)
    assert [(s.player, s.outcome, s.cards) for s in h.summary.seats if s.seat == 2] == [
        ("Bo. Dune", "mucked", ())]
    assert judge(text).status == "ok"


def test_a_tournament_named_without_its_number_is_a_tournament():
    """WPN headers may name a tournament by its title alone ("OSS #27 $100K GTD", "$5
    Turbo 9-Max"): a tournament's hand in chips, never a cash game."""
    for title in ("OSS #27 $100K GTD", "$5 Turbo 9-Max"):
        text = TOURNAMENT.replace("Tournament #11182752", title)
        h = parse_hand(text)
        assert (h.kind, h.currency, h.tournament_id, h.tournament_level) == (
            GameKind.TOURNAMENT, "chips", None, "15")
        assert h.buy_in == title and judge(text).status == "ok"
    h = parse_hand(TOURNAMENT)
    assert (h.kind, h.tournament_id, h.buy_in) == (GameKind.TOURNAMENT, "11182752", None)
