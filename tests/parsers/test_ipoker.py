"""iPoker (XML sessions): the reader form by form, on games written inline in iPoker's
format; its rules; detection and splitting; then the real folders."""
from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from decimal import Decimal as D

import pytest
from support.common import import_paths, query, real_folder

from engine.model.hand import Kind, Street, Structure, UnsupportedHand
from engine.rules.replay import replay
from engine.rules.room_rules import DEFAULT
from parsers.base.errors import ParseError
from parsers.base.split import decode, split_hands
from parsers.ipoker import ROOM, RULES, whole
from parsers.ipoker.read import amount, card
from parsers.registry import detect



def session(game: str = "Holdem NL €0.05/€0.10", extra: str = "",
            table: str = "Lindholm, 900000001") -> str:
    return (f'<session sessioncode="1">\n<general>\n<mode>real</mode>\n'
            f"<gametype>{game}</gametype>\n<tablename>{table}</tablename>\n"
            f"<startdate>2026-11-06 20:00:00</startdate>\n<currency>EUR</currency>\n"
            f"<nickname>Hero</nickname>\n{extra}</general>")


def game(players: str, rounds: str, code: str = "8100000001") -> str:
    return (f'<game gamecode="{code}">\n<general>\n<startdate>2026-11-06 20:00:05</startdate>\n'
            f"<players>\n{players}</players>\n</general>\n{rounds}</game>")


def player(seat, name, chips, win="€0", bet="€0", dealer=0):
    return (f'<player seat="{seat}" name="{name}" chips="{chips}" dealer="{dealer}" '
            f'win="{win}" bet="{bet}" rebuy="0" addon="0" />\n')


def act(no, name, kind, amount="€0"):
    return f'<action no="{no}" player="{name}" type="{kind}" sum="{amount}" cards="" />\n'


def pocket(name, cards="X X"):
    return f'<cards type="Pocket" player="{name}">{cards}</cards>\n'


def hand(text: str):
    return ROOM.parse(text)


# A steal: Hero raises, both blinds fold. Actions listed player by player, numbered
# in the order they were taken; the raiser's win= holds their uncalled bet.
STEAL = session() + "\n" + game(
    player(1, "Hero", "€10", win="€0.45", bet="€0.30", dealer=1)
    + player(3, "Villa", "€12.40", bet="€0.05") + player(5, "Third", "€5", bet="€0.10"),
    '<round no="0">\n' + act(2, "Third", 2, "€0.10") + act(1, "Villa", 1, "€0.05")
    + '</round>\n<round no="1">\n' + pocket("Hero", "HA D10") + act(3, "Hero", 23, "€0.30")
    + pocket("Villa") + act(4, "Villa", 0) + pocket("Third") + act(5, "Third", 0)
    + "</round>\n")

SHOWDOWN = session("Holdem NL $0.02/$0.04", "<tablecurrency>USD</tablecurrency>\n") + "\n" + game(
    player(2, "Hero", "$1,234.50", win="$0.38", bet="$0.20", dealer=1)
    + player(5, "Villa", "$4", win="$0", bet="$0.20") + player(7, "Third", "$3", win="$0", bet="$0.04"),
    '<round no="0">\n' + act(1, "Villa", 1, "$0.02") + act(2, "Third", 2, "$0.04")
    + '</round>\n<round no="1">\n' + pocket("Hero", "SA SK") + act(3, "Hero", 23, "$0.12")
    + pocket("Villa", "H9 C9") + act(4, "Villa", 3, "$0.10") + pocket("Third")
    + act(5, "Third", 0) + '</round>\n<round no="2">\n<cards type="Flop" player="">SQ SJ D2</cards>\n'
    + act(7, "Hero", 3, "$0.08") + act(6, "Villa", 5, "$0.08")
    + '</round>\n<round no="3">\n<cards type="Turn" player="">C4</cards>\n'
    + act(9, "Hero", 4) + act(8, "Villa", 4)
    + '</round>\n<round no="4">\n<cards type="River" player="">S3</cards>\n'
    + act(11, "Hero", 4) + act(10, "Villa", 4) + "</round>\n")


# ------------------------------------------------------------------ the forms

def test_a_cash_game_is_read_completely():
    h = hand(STEAL)
    assert (h.site, h.hand_id, h.game, h.structure) == ("iPoker", "8100000001", "Hold'em",
                                                        Structure.NO_LIMIT)
    assert (h.stakes.small_blind, h.stakes.big_blind, h.currency) == (D("0.05"), D("0.10"), "EUR")
    assert (h.table, h.button_seat, h.hero) == ("Lindholm, 900000001", 1, "Hero")
    assert h.played_at == datetime(2026, 11, 6, 20, 0, 5) and h.played_at_utc is None
    assert [(s.seat, s.player, s.stack, s.hole_cards) for s in h.seats] == [
        (1, "Hero", D(10), ("Ah", "Td")), (3, "Villa", D("12.40"), ()), (5, "Third", D(5), ())]
    # ACTIONS_IN_NUMBER_ORDER: the small blind (no=1) before the big blind (no=2)
    assert [(a.street, a.player, a.kind, a.amount) for a in h.actions] == [
        (Street.PREDEAL, "Villa", Kind.POST_SB, D("0.05")),
        (Street.PREDEAL, "Third", Kind.POST_BB, D("0.10")),
        (Street.PREFLOP, "Hero", Kind.RAISE, D("0.30")),
        (Street.PREFLOP, "Villa", Kind.FOLD, D(0)),
        (Street.PREFLOP, "Third", Kind.FOLD, D(0))]
    # WIN_HOLDS_THE_UNCALLED_BET: win= 0.45 is the pot (0.25) and the bet back (0.20)
    assert h.uncalled == (("Hero", D("0.20")),)
    assert [(c.player, c.amount) for c in h.collects] == [("Hero", D("0.25"))]
    assert h.summary is None
    assert ROOM.judge(h).status == "ok"


def test_a_showdown_raise_to_calls_and_shown_cards():
    h = hand(SHOWDOWN)
    assert h.currency == "USD" and h.seats[0].stack == D("1234.50")
    raise_ = next(a for a in h.actions if a.kind == Kind.RAISE)
    assert (raise_.amount, raise_.raise_to) == (D("0.12"), D("0.12"))  # type 23: raise to
    assert h.boards == (("Qs", "Js", "2d", "4c", "3s"),)
    assert [(s.player, s.cards) for s in h.shows] == [("Hero", ("As", "Ks")),
                                                      ("Villa", ("9h", "9c"))]
    assert h.uncalled == () and [(c.player, c.amount) for c in h.collects] == [("Hero", D("0.38"))]
    assert ROOM.judge(h).status == "ok"


def test_what_does_not_add_up_is_found():
    more = ROOM.judge(hand(SHOWDOWN.replace('win="$0.38"', 'win="$0.50"')))
    assert more.status == "failed" and "RAKE_MISMATCH" in more.codes  # more than the pot
    wrong = ROOM.judge(hand(SHOWDOWN.replace('win="$0.38"', 'win="$0"').replace(
        'name="Villa" chips="$4" dealer="0" win="$0"', 'name="Villa" chips="$4" dealer="0" win="$0.38"')))
    assert wrong.status == "failed" and "WRONG_WINNER" in wrong.codes
    # BET_AND_WIN_ARE_THE_ROOMS_ACCOUNT: a bet= the actions do not make
    bet = ROOM.judge(hand(SHOWDOWN.replace('bet="$0.04"', 'bet="$0.10"')))
    assert bet.status == "failed" and "POT_MISMATCH" in bet.codes


def test_newer_clients_leave_the_uncalled_bet_out_of_win():
    # UNCALLED_APART_IN_NEWER_CLIENTS: with <client_version>, win= is the pot only
    newer = STEAL.replace("<mode>", "<client_version>21.1.1.9</client_version>\n<mode>").replace(
        'win="€0.45"', 'win="€0.25"')
    h = hand(newer)
    assert h.uncalled == (("Hero", D("0.20")),)
    assert [(c.player, c.amount) for c in h.collects] == [("Hero", D("0.25"))]
    assert ROOM.judge(h).status == "ok"
    # from an older client, the same win= holds the bet back: the pot paid only 0.05
    older = hand(STEAL.replace('win="€0.45"', 'win="€0.25"'))
    assert [(c.player, c.amount) for c in older.collects] == [("Hero", D("0.05"))]


def _client(text: str, version: str, enabled: str | None = None) -> str:
    """A game as a client of ``version`` writes its session header (with its
    <uncalled_bet_enabled> where given)."""
    flag = f"<uncalled_bet_enabled>{enabled}</uncalled_bet_enabled>\n" if enabled else ""
    return text.replace("<mode>", f"<client_version>{version}</client_version>\n{flag}<mode>", 1)


# Both all-in before the flop: Hero's 7.90 is called for the 4.60 Short has; the 3.30
# nobody called comes back. The loser Hero's win= is that 3.30 where the client pays an
# uncalled bet as a win (<uncalled_bet_enabled>false); Short's the pot, 9.20 + 0.30.
ALL_IN_OVER_A_SHORT_STACK = session("Holdem NL $0.10/$0.20") + "\n" + game(
    player(2, "Short", "$4.60", win="$9.50", bet="$4.60", dealer=1)
    + player(4, "Hero", "$7.90", win="$3.30", bet="$7.90")
    + player(6, "Blind", "$6", bet="$0.10") + player(8, "Big", "$9", bet="$0.20"),
    '<round no="0">\n' + act(1, "Blind", 1, "$0.10") + act(2, "Big", 2, "$0.20")
    + '</round>\n<round no="1">\n' + pocket("Short", "D6 S6") + act(3, "Short", 7, "$4.60")
    + pocket("Hero", "DQ CA") + act(4, "Hero", 7, "$7.90") + pocket("Blind") + act(5, "Blind", 0)
    + pocket("Big") + act(6, "Big", 0)
    + '</round>\n<round no="2">\n<cards type="Flop" player="">DJ C9 D9</cards>\n</round>\n'
    + '<round no="3">\n<cards type="Turn" player="">C10</cards>\n</round>\n'
    + '<round no="4">\n<cards type="River" player="">D3</cards>\n</round>\n')


def test_uncalled_bet_enabled_false_pays_the_uncalled_bet_as_a_win():
    # UNCALLED_APART_IN_NEWER_CLIENTS is what <uncalled_bet_enabled> says where written:
    # false (a 2019 client) is win= holding the uncalled bet, as before 2018
    h = hand(_client(ALL_IN_OVER_A_SHORT_STACK, "19.9.7.4", "false"))
    assert h.uncalled == (("Hero", D("3.30")),)
    assert [(c.player, c.amount) for c in h.collects] == [("Short", D("9.50"))]
    verdict = ROOM.judge(h)
    assert verdict.status == "ok", verdict.findings
    # true: win= leaves it out; a win= of the pot only is then right, and one holding
    # the bet is paid twice
    apart = hand(_client(ALL_IN_OVER_A_SHORT_STACK.replace('win="$3.30"', 'win="$0"'),
                         "18.9.3.4", "true"))
    assert apart.uncalled == (("Hero", D("3.30")),) and ROOM.judge(apart).status == "ok"
    twice = ROOM.judge(hand(_client(ALL_IN_OVER_A_SHORT_STACK, "18.9.3.4", "true")))
    assert twice.status == "failed" and "RAKE_MISMATCH" in twice.codes


def test_a_client_before_20_that_does_not_say_is_told_by_its_figures():
    # no <uncalled_bet_enabled>, a client of before 20: win= holding the uncalled bet
    # pays out more than the pot the actions make (0.25), so it holds it ...
    holds = hand(_client(STEAL, "18.3.1.2"))
    assert [(c.player, c.amount) for c in holds.collects] == [("Hero", D("0.25"))]
    assert holds.uncalled == (("Hero", D("0.20")),) and ROOM.judge(holds).status == "ok"
    # ... and a win= of the pot alone leaves it out
    apart = hand(_client(STEAL.replace('win="€0.45"', 'win="€0.25"'), "18.3.1.2"))
    assert [(c.player, c.amount) for c in apart.collects] == [("Hero", D("0.25"))]
    assert ROOM.judge(apart).status == "ok"
    # from version 20 on, with nothing said, it is left out (a 2020 client's walk)
    newer = hand(_client(STEAL.replace('win="€0.45"', 'win="€0.25"'), "20.5.1.10"))
    assert newer.uncalled == (("Hero", D("0.20")),) and ROOM.judge(newer).status == "ok"


def test_each_player_s_bet_and_win_are_judged_against_the_replay():
    # BET_AND_WIN_ARE_THE_ROOMS_ACCOUNT: the Hand carries each player's bet= and win=
    h = hand(STEAL)
    assert h.player_totals == (("Hero", D("0.30"), D("0.45")), ("Villa", D("0.05"), D(0)),
                               ("Third", D("0.10"), D(0)))
    # a bet= the actions do not make names the player and both amounts
    off = ROOM.judge(hand(STEAL.replace('bet="€0.10"', 'bet="€0.15"')))
    assert off.status == "failed"
    assert [(f.code, f.message) for f in off.findings if f.code == "POT_MISMATCH"] == [
        ("POT_MISMATCH", "Third puts in 0.10 by the actions; the room's own account says 0.15")]
    # a win= that cannot hold the uncalled bet: the bet not given back, named once
    short = ROOM.judge(hand(STEAL.replace('win="€0.45"', 'win="€0.10"')))
    assert short.status == "failed" and short.codes == ["BAD_UNCALLED_RETURN"]


# The small blind opens, raising to 0.04 (type 23: to), and is called by the player who
# limped; the room's bet= of the small blind is 0.05, its blind counted twice (the
# stack of its next game, 1.52 from 1.56, says it put in 0.04).
SMALL_BLIND_OPENS = session("Holdem NL €0.01/€0.02") + "\n" + game(
    player(1, "Limper", "€2", win="€0.22", bet="€0.16", dealer=1)
    + player(2, "Small", "€1.56", win="€0", bet="€0.05")
    + player(3, "Big", "€3.05", bet="€0.02"),
    '<round no="0">\n' + act(1, "Small", 1, "€0.01") + act(2, "Big", 2, "€0.02")
    + '</round>\n<round no="1">\n' + pocket("Limper") + act(3, "Limper", 3, "€0.02")
    + pocket("Small") + act(4, "Small", 23, "€0.04") + pocket("Big") + act(5, "Big", 0)
    + act(6, "Limper", 3, "€0.02")
    + '</round>\n<round no="2">\n<cards type="Flop" player="">D4 H6 SJ</cards>\n'
    + act(7, "Small", 4) + act(8, "Limper", 5, "€0.12") + act(9, "Small", 0) + "</round>\n")


def test_a_small_blind_counted_twice_by_the_room_is_named():
    # type 23 is the street's total: the limper's call of 0.02 makes 0.04, the raise's
    h = hand(SMALL_BLIND_OPENS)
    assert [(a.player, a.amount) for a in h.actions if a.player == "Small"] == [
        ("Small", D("0.01")), ("Small", D("0.03")), ("Small", D(0)), ("Small", D(0))]
    verdict = ROOM.judge(h)
    assert verdict.status == "failed"
    assert [(f.code, f.severity, f.message) for f in verdict.findings] == [
        ("POT_MISMATCH", "error", "Small puts in 0.04 by the actions; the room's own account "
                                  "says 0.05")]


def test_a_big_blind_all_in_counted_twice_is_more_than_it_had():
    # a 2017 client (uncalled bet paid as a win): the big blind raises all-in to 1.00,
    # the limper folds; its bet= 1.10 counts the blind twice, more than its 1.00
    text = _client(session() + "\n" + game(
        player(1, "Limper", "€4", bet="€0.10", dealer=1)
        + player(3, "Small", "€3", bet="€0.05")
        + player(5, "Big", "€1", win="€1.15", bet="€1.10"),
        '<round no="0">\n' + act(1, "Small", 1, "€0.05") + act(2, "Big", 2, "€0.10")
        + '</round>\n<round no="1">\n' + pocket("Limper") + act(3, "Limper", 3, "€0.10")
        + pocket("Small") + act(4, "Small", 0) + pocket("Big", "CJ DJ") + act(5, "Big", 23, "€1")
        + act(6, "Limper", 0) + "</round>\n"), "17.5.5.19", "false")
    h = hand(text)
    assert h.uncalled == (("Big", D("0.90")),)
    assert [(c.player, c.amount) for c in h.collects] == [("Big", D("0.25"))]
    verdict = ROOM.judge(h)
    assert [(f.code, f.severity, f.message) for f in verdict.findings] == [
        ("POT_MISMATCH", "error", "Big puts in 1.00 by the actions; the room's own account "
                                  "says 1.10, more than the 1 they had")]


def test_a_small_blind_counted_twice_in_a_bet_given_back_apart_is_a_warning():
    # a 2018 client returns the uncalled bet apart: the small blind raises to 15, the big
    # blind folds; bet= 17.50 counts the blind twice, and so does the return no figure
    # writes: every player ends with the same money (win= 10, the pot)
    text = _client(session("Holdem NL €2.50/€5.00") + "\n" + game(
        player(1, "Button", "€502.50", win="€10", bet="€17.50", dealer=1)
        + player(8, "Big", "€668.80", bet="€5"),
        '<round no="0">\n' + act(1, "Button", 1, "€2.50") + act(2, "Big", 2, "€5")
        + '</round>\n<round no="1">\n' + pocket("Button", "HA HK") + act(3, "Button", 23, "€15")
        + pocket("Big") + act(4, "Big", 0) + "</round>\n"), "18.9.3.4", "true")
    h = hand(text)
    assert h.uncalled == (("Button", D(10)),)
    assert h.player_totals == (("Button", D("17.50"), None), ("Big", D(5), D(0)))
    verdict = ROOM.judge(h)
    assert verdict.status == "warning", verdict.findings
    assert [(f.code, f.message) for f in verdict.findings] == [
        ("POT_MISMATCH", "Button puts in 15.00 by the actions; the room's own account says 17.50 "
                         "(the extra it counts comes back with the uncalled bet)")]


def test_a_cash_table_s_header_with_a_buy_in_of_nothing_is_no_tournament():
    # CASH_HEADER_WITH_A_BUY_IN_OF_NOTHING: a converted cash table (Bovada's hands as
    # iPoker XML) writes <place>0, <buyin>$0+$0 and <totalbuyin>$0, and no tournament;
    # its pots are raked (win= 0.29 of a pot of 0.30) and its amounts are cents
    head = ("<place>0</place>\n<buyin>$0+$0</buyin>\n<totalbuyin>$0</totalbuyin>\n"
            "<win>0</win>\n")
    text = session("Holdem NL $0.02/$0.05", head, table="Harbour Lights") + "\n" + game(
        player(3, "P2_100001AB", "4.90", win="0.29", bet="0.20")
        + player(5, "Hero", "5", bet="0.05") + player(6, "P4_100002CD", "2.77", bet="0.05")
        + player(8, "P5_100003EF", "4.40", dealer=1),
        '<round no="0">\n' + act(1, "P2_100001AB", 1, "0.02") + act(2, "Hero", 2, "0.05")
        + '</round>\n<round no="1">\n' + pocket("P4_100002CD") + act(3, "P4_100002CD", 3, "0.05")
        + pocket("P5_100003EF") + act(4, "P5_100003EF", 0) + pocket("P2_100001AB", "SQ DQ")
        + act(5, "P2_100001AB", 23, "0.20") + pocket("Hero", "C7 H2") + act(6, "Hero", 0)
        + act(7, "P4_100002CD", 0) + "</round>\n")
    h = hand(text)
    assert (h.currency, h.tournament_id, h.buy_in) == ("USD", None, None)
    assert h.uncalled == (("P2_100001AB", D("0.15")),)
    verdict = ROOM.judge(h)
    assert verdict.status == "ok", verdict.findings
    # a tournament's header names it, and so does a buy-in that costs something
    named = hand(text.replace("<place>0</place>", "<tournamentname>Sunday Kick</tournamentname>"))
    paid = hand(text.replace("<totalbuyin>$0</totalbuyin>", "<totalbuyin>$1.10</totalbuyin>"))
    assert named.currency == paid.currency == "chips"


def test_a_partial_game_with_only_its_blinds_is_no_hand():
    partial = STEAL.replace(' win="€0.45" bet="€0.30"', "").replace(' win="€0" bet="€0.05"', "")
    partial = partial.replace(' win="€0" bet="€0.10"', "")
    with pytest.raises(ParseError, match="partial game"):
        hand(partial)


def test_the_uncalled_bet_is_paid_apart_where_another_player_wins():
    # "an uncalled bet and a 2nd winner": the bettor's win= is only the bet back
    text = session("Holdem NL £0.05/£0.10") + "\n" + game(
        player(1, "SB", "£9", bet="£0.05") + player(3, "BB", "£9", bet="£0.10")
        + player(5, "Hero", "£7.22", win="£0.46", bet="£6.50")
        + player(6, "Short", "£6.04", win="£11.42", bet="£6.04", dealer=1),
        '<round no="0">\n' + act(1, "SB", 1, "£0.05") + act(2, "BB", 2, "£0.10")
        + '</round>\n<round no="1">\n' + pocket("Hero", "CA HQ") + act(3, "Hero", 23, "£0.40")
        + act(7, "Hero", 23, "£6.50") + pocket("Short", "DK SK") + act(4, "Short", 23, "£1.20")
        + act(8, "Short", 7, "£4.84") + pocket("BB") + act(6, "BB", 0) + pocket("SB")
        + act(5, "SB", 0) + '</round>\n<round no="2">\n<cards type="Flop" player="">D5 C7 D9</cards>\n'
        + '</round>\n<round no="3">\n<cards type="Turn" player="">DJ</cards>\n</round>\n'
        + '<round no="4">\n<cards type="River" player="">DQ</cards>\n</round>\n')
    h = hand(text)
    assert h.uncalled == (("Hero", D("0.46")),)
    assert [(c.player, c.amount) for c in h.collects] == [("Short", D("11.42"))]
    assert any(a.all_in and a.player == "Short" for a in h.actions)
    verdict = ROOM.judge(h)
    assert verdict.status == "ok", verdict.findings


def test_fixed_limit_names_the_bets_and_both_blinds_are_one_post():
    text = session("Holdem L $5/$10") + "\n" + game(
        player(3, "A", "$381", bet="$2.50") + player(5, "B", "$193.42", bet="$5")
        + player(6, "C", "$162.75", bet="$7.50") + player(8, "Hero", "$448.10", win="$25", bet="$10")
        + player(10, "D", "$155.10", dealer=1),
        '<round no="0">\n' + act(1, "A", 1, "$2.50") + act(2, "B", 2, "$5") + act(3, "C", 2, "$7.50")
        + '</round>\n<round no="1">\n' + pocket("A") + act(7, "A", 0) + pocket("B") + act(8, "B", 0)
        + pocket("C") + act(4, "C", 0) + pocket("Hero", "HK D7") + act(5, "Hero", 23, "$10")
        + pocket("D") + act(6, "D", 0) + "</round>\n")
    h = hand(text)
    assert h.structure == Structure.FIXED_LIMIT and h.currency == "USD"
    s = h.stakes
    assert (s.small_blind, s.big_blind, s.small_bet, s.big_bet) == (D("2.50"), D(5), D(5), D(10))
    assert [a.kind for a in h.actions[:3]] == [Kind.POST_SB, Kind.POST_BB, Kind.POST_SB_BB]
    assert h.uncalled == (("Hero", D(5)),)
    assert ROOM.judge(h).status == "ok"


def test_the_flat_format_limit_holdem_and_a_raise_by_what_it_adds():
    # "LH 20/40 x2 Limit $10.00/$20.00": bets 20/40, blinds $10/$20; type 6 adds its sum
    text = session("LH 20/40 x2 Limit $10.00/$20.00") + "\n" + game(
        player(3, "Villain", "$553.97", win="$0.00", bet="$40.00")
        + player(8, "Hero", "$400.00", win="$99.00", bet="$60.00", dealer=1),
        '<round no="0">\n' + act(1, "Hero", 1, "$10.00") + act(2, "Villain", 2, "$20.00")
        + '</round>\n<round no="1">\n' + pocket("Villain", "x x") + pocket("Hero", "SK HJ")
        + act(3, "Hero", 6, "$30.00") + act(4, "Villain", 3, "$20.00")
        + '</round>\n<round no="2">\n<cards type="Flop">DQ C7 S6</cards>\n'
        + act(5, "Villain", 4) + act(6, "Hero", 5, "$20.00") + act(7, "Villain", 0)
        + "</round>\n")
    h = hand(text)
    s = h.stakes
    assert (h.structure, s.small_blind, s.big_blind, s.small_bet, s.big_bet) == (
        Structure.FIXED_LIMIT, D(10), D(20), D(20), D(40))
    raise_ = next(a for a in h.actions if a.kind == Kind.RAISE)
    assert (raise_.amount, raise_.raise_to, raise_.all_in) == (D(30), D(40), False)
    assert h.uncalled == (("Hero", D(20)),)
    assert ROOM.judge(h).status == "ok"


def test_a_tournament_antes_and_stakes_from_the_posts():
    h = hand(open(_sample("tournament"), encoding="utf-8").read().split("<game ", 1)[0]
             .split("<session", 1)[1].join(["<session", ""]) + "\n" + _first_game("tournament"))
    assert (h.currency, h.tournament_id, h.buy_in) == ("chips", "12345678", "€11")
    assert (h.stakes.small_blind, h.stakes.big_blind, h.stakes.ante) == (D(50), D(100), D(25))
    assert ROOM.judge(h).status == "ok"


def test_amounts_cards_and_other_games():
    assert [amount(t) for t in ("$0.04", "€0,05", "£1,234.50", "RSD1,110.25", "1 500", "0€")] == [
        D("0.04"), D("0.05"), D("1234.50"), D("1110.25"), D(1500), D(0)]
    assert (card("CA"), card("H10"), card("c10"), card("X")) == ("Ac", "Th", "Tc", None)
    for gametype, name in (("Omaha PL €0.50/€1", "Omaha"),
                           ("Six Plus Holdem NL €0.25/€0.50", "6+ Hold'em")):
        other = hand(STEAL.replace("Holdem NL €0.05/€0.10", gametype))
        assert isinstance(other, UnsupportedHand) and other.game == name
        assert other.hand_id == "8100000001"


def test_texts_that_are_no_whole_game_say_why():
    with pytest.raises(ParseError, match="session's header"):
        hand(STEAL[STEAL.index("<game "):])
    with pytest.raises(ParseError, match="not well-formed"):
        hand(STEAL.replace("</round>", "", 1))
    with pytest.raises(ParseError, match="not seated"):
        hand(STEAL.replace('player="Third" type="2"', 'player="Nobody" type="2"'))


def test_a_file_cut_after_a_game_s_last_round_holds_a_whole_game():
    cut = STEAL[:STEAL.rindex("</game>")].rstrip()
    assert whole(cut) and hand(cut).hand_id == "8100000001"
    assert not whole(cut[:cut.rindex("<action")])  # cut inside a round
    short = cut[:cut.rindex('<round no="1">')] + "</round>"  # a round missing
    assert not whole(short.replace("</round></round>", "</round>"))


def test_the_button_an_empty_seat_s_or_before_the_small_blind():
    dead = STEAL.replace('dealer="1"', 'dealer="0"').replace(
        "<players>\n", '<players>\n<player seat="10" name="" chips="€0" dealer="1" win="€0" bet="€0" />\n')
    assert hand(dead).button_seat == 10 and ROOM.judge(hand(dead)).status == "ok"
    unmarked = STEAL.replace('dealer="1"', 'dealer="0"')
    assert hand(unmarked).button_seat == 2  # the seat before the small blind's (seat 3)
    assert ROOM.judge(hand(unmarked)).status == "ok"


def test_a_game_type_without_a_game_and_a_line_going_on_after_the_end_tag():
    bare = STEAL.replace("Holdem NL €0.05/€0.10", "PL €0.05/€0.10")
    assert hand(bare).structure == Structure.POT_LIMIT  # two pocket cards: Hold'em
    five = bare.replace("HA D10", "HA D10 S2 S3 S4").replace(">X X<", ">X X X X X<")
    other = hand(five)
    assert isinstance(other, UnsupportedHand) and other.game == "5 Card Omaha"
    assert hand(STEAL + "</session>").hand_id == "8100000001"


def test_antes_then_sitting_out_folds_in_turn():
    text = session("Holdem NL $0.05/$0.10") + "\n" + game(
        player(1, "SB", "$20", bet="$0.07") + player(3, "Away", "$11.76", bet="$0.02")
        + player(5, "Hero", "$22.45", win="$0.31", bet="$0.12")
        + player(6, "Btn", "$5.66", bet="$0.12", dealer=1),
        '<round no="0">\n' + act(1, "Away", 15, "$0.02") + act(2, "SB", 15, "$0.02")
        + act(3, "Hero", 15, "$0.02") + act(4, "Btn", 15, "$0.02") + act(6, "SB", 1, "$0.05")
        + act(7, "Hero", 2, "$0.10") + '</round>\n<round no="1">\n' + act(5, "Away", 9)
        + pocket("SB") + act(9, "SB", 0) + pocket("Hero", "HJ D4") + act(10, "Hero", 4)
        + pocket("Btn", "C6 D7") + act(8, "Btn", 3, "$0.10")
        + '</round>\n<round no="2">\n<cards type="Flop" player="">CQ C10 DQ</cards>\n'
        + act(11, "Hero", 4) + act(12, "Btn", 4)
        + '</round>\n<round no="3">\n<cards type="Turn" player="">D5</cards>\n'
        + act(13, "Hero", 4) + act(14, "Btn", 4)
        + '</round>\n<round no="4">\n<cards type="River" player="">S2</cards>\n'
        + act(15, "Hero", 4) + act(16, "Btn", 4) + "</round>\n")
    h = hand(text)
    assert [s.player for s in h.seats if s.sitting_out] == ["Away"]
    preflop = [(a.player, a.kind) for a in h.actions if a.street == Street.PREFLOP]
    assert preflop == [("Btn", Kind.CALL), ("SB", Kind.FOLD), ("Away", Kind.FOLD),
                       ("Hero", Kind.CHECK)]
    verdict = ROOM.judge(h)
    assert verdict.status == "ok", verdict.findings


def test_a_tournament_s_small_blind_not_posted_is_half_the_big():
    text = session("Holdem NL", "<tournamentcode>42</tournamentcode>\n") + "\n" + game(
        player(1, "A", "1,045", bet="275") + player(2, "B", "8,295", win="825", bet="525",
                                                     dealer=1)
        + player(3, "C", "5,000", bet="25"),
        '<round no="0">\n' + act(1, "A", 15, "25") + act(2, "B", 15, "25") + act(3, "C", 15, "25")
        + act(4, "A", 2, "250") + '</round>\n<round no="1">\n' + pocket("A") + pocket("B")
        + pocket("C") + act(6, "C", 0) + act(5, "B", 23, "500") + act(7, "A", 0) + "</round>\n")
    h = hand(text)
    assert (h.currency, h.tournament_id) == ("chips", "42")
    assert (h.stakes.small_blind, h.stakes.big_blind, h.stakes.ante) == (D(125), D(250), D(25))
    assert h.uncalled == (("B", D(250)),)
    assert ROOM.judge(h).status == "ok"


def test_disconnect_protection_is_an_all_in_with_what_is_in():
    text = STEAL.replace(act(4, "Villa", 0), act(4, "Villa", 7, "DP"))
    villa = [a for a in hand(text).actions if a.player == "Villa"]
    assert [(a.kind, a.amount, a.all_in) for a in villa][-1] == (Kind.CALL, D(0), True)


def test_disconnect_protection_matters():
    """Villa disconnects facing a raise: held all-in with the small blind in, they win
    the main pot with aces; Hero and Third play on for the side pot."""
    text = session() + "\n" + game(
        player(1, "Hero", "€10", win="€0.50", bet="€0.30", dealer=1)
        + player(3, "Villa", "€12.40", win="€0.15", bet="€0.05")
        + player(5, "Third", "€5", bet="€0.30"),
        '<round no="0">\n' + act(1, "Villa", 1, "€0.05") + act(2, "Third", 2, "€0.10")
        + '</round>\n<round no="1">\n' + pocket("Hero", "SK HK") + act(3, "Hero", 23, "€0.30")
        + pocket("Villa", "SA HA") + act(4, "Villa", 7, "DP") + pocket("Third", "D2 C7")
        + act(5, "Third", 3, "€0.20")
        + '</round>\n<round no="2">\n<cards type="Flop" player="">C3 D8 H9</cards>\n'
        + act(6, "Third", 4) + act(7, "Hero", 4)
        + '</round>\n<round no="3">\n<cards type="Turn" player="">SJ</cards>\n'
        + act(8, "Third", 4) + act(9, "Hero", 4)
        + '</round>\n<round no="4">\n<cards type="River" player="">D4</cards>\n'
        + act(10, "Third", 4) + act(11, "Hero", 4) + "</round>\n")
    h = hand(text)
    assert ROOM.judge(h).status == "ok"
    v = replay(h, replace(RULES, disconnect_protection=False))
    assert "BAD_CALL_AMOUNT" in v.codes


def test_seat_places_matters():
    # a 6-max table (<tablesize>6</tablesize>, as newer clients write it) seats players
    # on the places of a 10-seat table
    text = session(extra="<tablesize>6</tablesize>\n") + "\n" + game(
        player(1, "Hero", "€10", win="€0.45", bet="€0.30", dealer=1)
        + player(8, "Villa", "€12.40", bet="€0.05") + player(10, "Third", "€5", bet="€0.10"),
        '<round no="0">\n' + act(1, "Villa", 1, "€0.05") + act(2, "Third", 2, "€0.10")
        + '</round>\n<round no="1">\n' + pocket("Hero", "HA D10") + act(3, "Hero", 23, "€0.30")
        + pocket("Villa") + act(4, "Villa", 0) + pocket("Third") + act(5, "Third", 0)
        + "</round>\n")
    h = hand(text)
    assert h.max_seats == 6
    assert replay(h, replace(RULES, seat_places=None)).status != "ok"
    assert replay(h, RULES).status == "ok"


def test_writes_summary_matters():
    h = hand(STEAL)
    assert replay(h, DEFAULT).status == "failed"  # no SUMMARY: a finding by default
    assert replay(h, RULES).status == "ok"


# ------------------------------------------------------------------ detection, splitting

def test_detection_and_each_game_gets_its_session_header():
    data = ('<?xml version="1.0" encoding="utf-8"?>\n' + STEAL.replace("</game>", "</game>\n"
            + game(player(1, "Hero", "€10", bet="€0.05", dealer=1) + player(3, "V", "€5", win="€0.15",
                                                              bet="€0.10"),
                   '<round no="0">\n' + act(1, "Hero", 1, "€0.05") + act(2, "V", 2, "€0.10")
                   + '</round>\n<round no="1">\n' + pocket("Hero", "S2 C7") + act(3, "Hero", 0)
                   + pocket("V") + "</round>\n", code="8100000002")) + "\n</session>\n")
    assert detect(data) is ROOM
    text, enc = decode(data.encode("utf-16"))
    raws = split_hands(text, ROOM, enc)
    assert [r.stray for r in raws] == [None, None]
    hands = [hand(r.text) for r in raws]
    assert [h.hand_id for h in hands] == ["8100000001", "8100000002"]
    assert [h.currency for h in hands] == ["EUR", "EUR"]
    assert all(ROOM.judge(h).status == "ok" for h in hands)


# ------------------------------------------------------------------ the real folders

def _sample(kind: str):
    from support.common import SAMPLES
    return next((SAMPLES / "ipoker").glob(f"*{kind}*"))


def _first_game(kind: str) -> str:
    text = open(_sample(kind), encoding="utf-8").read()
    return text[text.index("<game "):text.index("</game>") + len("</game>")]


@pytest.fixture(scope="module", params=["corpus", "wild"])
def imported(request, tmp_path_factory):
    folder = real_folder(request.param, "ipoker")
    db = tmp_path_factory.mktemp("ipoker") / "ipoker.duckdb"
    return folder, import_paths(db, folder), db


# HHSmithy's test samples that are not iPoker's own text: a hand with a player who is
# not seated (InValidHand, a parse error), a player added twice (Full Ring), a
# shoot-out made up with no blinds, a hand made up with no pocket cards written.
WILD_SAMPLES_MADE_UP = 4


def test_the_real_hands_are_stored_and_verify(imported):
    folder, summary, db = imported
    assert "internal error" not in summary.errors_by_reason
    stored = query(db, "SELECT count(*) FROM hands h JOIN files f USING (file_id)"
                       " WHERE f.format = 'ipoker' AND h.supported")[0][0]
    errors = query(db, "SELECT count(*) FROM parse_errors")[0][0]
    verdicts = dict(query(db, "SELECT status, count(*) FROM verdicts WHERE status !="
                              " 'unsupported' GROUP BY ALL"))
    judged = sum(verdicts.values())
    if folder.parent.name == "holdem":
        assert stored >= 0.97 * (stored + errors + summary.incomplete)
        assert verdicts.get("ok", 0) >= 0.97 * judged
    else:
        assert stored + WILD_SAMPLES_MADE_UP >= 0.97 * (stored + errors + summary.incomplete)
        assert verdicts.get("ok", 0) + WILD_SAMPLES_MADE_UP >= 0.97 * judged


def test_stored_games_are_judged_again_with_their_session_header(tmp_path):
    """`verify --recheck` reads each game back by its offset: its session's header is
    found before it in the file, as the import found it."""
    from support.common import SAMPLES

    from pipeline.ingest.recheck import recheck
    from pipeline.store.database import Store
    db = tmp_path / "ipoker.duckdb"
    summary = import_paths(db, SAMPLES / "ipoker")
    stored = query(db, "SELECT count(*) FROM hands WHERE supported")[0][0]
    assert stored == summary.hands_new > 0
    store = Store(db)
    try:
        counts = recheck(store)
    finally:
        store.close()
    assert counts == {"hands": stored, "missing": 0}


@pytest.mark.parametrize("damaged", ["H1,", "S\u00cd7", "Z9", "HAK"])
def test_a_card_that_is_no_card_is_a_parse_error(damaged):
    """(fuzzing) A damaged card ("D10" with a byte flipped) is a parse error, not an
    internal error of the stats ("too many values to unpack")."""
    with pytest.raises(ParseError) as err:
        card(damaged)
    assert err.value.reason == "not a card"
    with pytest.raises(ParseError):
        hand(STEAL.replace("HA D10", "HA " + damaged))


def test_a_session_header_cut_short_does_not_read_on_into_the_next():
    """(fuzzing) A header cut before its </general> is text between hands; the next
    game reads its own session's header (not the cut one's game type)."""
    cut = session("Holdem L $5/$10").split("<nickname>")[0]
    hands = split_hands(cut + "\n" + STEAL + "\n", ROOM, "utf-8")
    assert [h.stray is not None for h in hands] == [True, False]
    assert "Holdem L $5/$10" not in hands[1].text
    assert hand(hands[1].text).stakes.big_blind == D("0.10")


@pytest.mark.parametrize("kind", [0, 4, 8])
def test_a_fold_check_or_sitting_out_with_a_sum_is_a_parse_error(kind):
    """(fuzzing) Every fold, check and sitting out is written sum="$0": one with chips
    (or an amount of four decimals) is no hand iPoker writes, not an ignored sum."""
    text = STEAL.replace(act(4, "Villa", 0), act(4, "Villa", kind, "€0.05"))
    assert text != STEAL
    with pytest.raises(ParseError) as err:
        hand(text)
    assert err.value.reason == "an action that puts nothing in with a sum"
    with pytest.raises(ParseError):
        hand(STEAL.replace(act(4, "Villa", 0), act(4, "Villa", kind, "€0.0003")))


@pytest.mark.parametrize("seat", ["0", "11", "200"])
def test_a_seat_beyond_the_ten_places_is_a_parse_error(seat):
    """(fuzzing) iPoker's seats are places 1 to 10: seat 200 (the button's too) was
    stored ok."""
    with pytest.raises(ParseError) as err:
        hand(STEAL.replace('seat="1" name="Hero"', f'seat="{seat}" name="Hero"'))
    assert err.value.reason == f"seat number {seat} out of range"


def test_a_seat_written_twice_is_a_parse_error():
    """(fuzzing) A player moved onto a seat also written empty (name="") was stored ok:
    each seat is written once, empty or taken."""
    empty = '<player seat="3" name="" chips="€0" dealer="0" win="€0" bet="€0" />\n'
    text = STEAL.replace(player(1, "Hero", "€10", win="€0.45", bet="€0.30", dealer=1),
                         player(1, "Hero", "€10", win="€0.45", bet="€0.30", dealer=1)
                         + empty.replace('seat="3"', 'seat="2"'))
    assert ROOM.judge(hand(text)).status == "ok"  # an empty seat of its own: fine
    with pytest.raises(ParseError) as err:
        hand(STEAL.replace(player(1, "Hero", "€10", win="€0.45", bet="€0.30", dealer=1),
                           player(1, "Hero", "€10", win="€0.45", bet="€0.30", dealer=1) + empty))
    assert err.value.reason == "seat 3 written twice"
