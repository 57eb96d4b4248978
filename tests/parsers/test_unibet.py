"""Unibet's own client (2019 on, "Game #N: Table €1 NL - ... Banzai"): its grammar,
builder and rules, form by form, on the hand-written sample (each hand judged by a
count made from its text); then the real file (../shared) where present."""
from __future__ import annotations

from datetime import datetime
from decimal import Decimal as D

import pytest
from support.common import SAMPLES, import_real, query, real_folder

from engine.model.hand import GameKind, Kind, Street, Structure, UnsupportedHand
from engine.rules.replay import replay
from engine.rules.room_rules import DEFAULT
from parsers.base.errors import ParseError
from parsers.base.split import decode, split_hands
from parsers.registry import detect
from parsers.unibet import ROOM, RULES, parse_hand, whole


def sample() -> list[str]:
    """The hands of the hand-written sample (sample_histories/unibet)."""
    path = next((SAMPLES / "unibet").glob("*.txt"))
    text, encoding = decode(path.read_bytes())
    return [raw.text for raw in split_hands(text, ROOM, encoding)]


SHOWDOWN, UNCALLED, SPLIT, ALL_IN = sample()


def codes(text: str, rules=RULES) -> set[str]:
    return {f.code for f in replay(parse_hand(text), rules).findings}


def status(text: str) -> str:
    return ROOM.judge(parse_hand(text)).status


def put_in(hand) -> dict[str, D]:
    """What each player put in by the actions (an independent count of the text)."""
    out: dict[str, D] = {}
    for a in hand.actions:
        out[a.player] = out.get(a.player, D(0)) + a.amount
    return out


# ---------------------------------------------------------------- the sample
def test_the_sample_has_four_hands_each_ok():
    assert [parse_hand(t).hand_id for t in sample()] == [
        "1500000001", "1500000002", "1500000003", "1500000004"]
    assert [status(t) for t in sample()] == ["ok"] * 4


def test_the_header_seats_and_button():
    h = parse_hand(SHOWDOWN)
    assert (h.site, h.table, h.currency, h.kind, h.zoom) == ("Unibet", "€1 NL", "EUR",
                                                             GameKind.CASH, True)
    assert h.structure == Structure.NO_LIMIT
    assert (h.stakes.small_blind, h.stakes.big_blind) == (D("0.05"), D("0.10"))
    # the clock first, the day after, no zone: the clock as written, UTC not known
    assert (h.played_at, h.played_at_utc, h.time_zone) == (datetime(2021, 5, 14, 20, 5, 11),
                                                          None, None)
    assert h.button_seat == 1  # "Anna has the button", Anna on seat 1
    assert [(s.seat, s.player, s.stack) for s in h.seats] == [
        (1, "Anna", D(10)), (2, "Bruno", D("4.20")), (3, "Hero", D(10)),
        (4, "Cleo", D("7.35")), (5, "Dario", D(0))]
    # Dario "(sitting out)" and named by no "Dealt in": not dealt in
    assert [s.player for s in h.seats if s.sitting_out] == ["Dario"]
    assert h.hero == "Hero" and dict((s.player, s.hole_cards) for s in h.seats)["Hero"] == (
        "Ah", "Kd")


def test_a_showdown_hand_counted_from_its_text():
    h = parse_hand(SHOWDOWN)
    # Anna 0.30 + 0.40 + 1, Hero 0.10 + 0.20 + 0.40 + 1, Bruno 0.05: 3.45, the total pot
    assert put_in(h) == {"Anna": D("1.70"), "Bruno": D("0.05"), "Hero": D("1.70"),
                         "Cleo": D(0)}
    assert sum(put_in(h).values()) == h.summary.total_pot == D("3.45")
    assert h.summary.rake == D("0.15")
    assert [(c.player, c.amount) for c in h.collects] == [("Hero", D("3.30"))]
    assert h.boards == (("Ks", "7d", "2c", "9h", "3s"),)
    assert [(s.player, s.cards, s.hand_name) for s in h.shows] == [
        ("Hero", ("Ah", "Kd"), "A Pair of Kings"), ("Anna", ("Qc", "Qd"), "A Pair of Queens")]
    # the Summary's own account: bet and won, each player who put chips in
    assert h.player_totals == (("Anna", D("1.70"), D(0)), ("Bruno", D("0.05"), D(0)),
                               ("Hero", D("1.70"), D("3.30")))
    raises = [a for a in h.actions if a.kind == Kind.RAISE]
    assert [(a.player, a.amount, a.raise_to) for a in raises] == [("Anna", D("0.30"),
                                                                   D("0.30"))]


def test_the_uncalled_bet_written_and_the_own_account_counting_it():
    h = parse_hand(UNCALLED)
    assert h.uncalled == (("Bruno", D("0.30")),)
    # the pot (0.25 + 0.05 + 0.25) is the total; the bet returned is not in it
    assert h.summary.total_pot == D("0.55") == sum(put_in(h).values()) - D("0.30")
    assert [(c.player, c.amount) for c in h.collects] == [("Bruno", D("0.53"))]
    # "bet €0.55 and won €0.83": the bet returned counted in both
    assert h.player_totals[0] == ("Bruno", D("0.55"), D("0.83"))
    # "folds  (timed out)" is a fold
    assert [a.kind for a in h.actions if a.player == "Anna"] == [Kind.FOLD]
    assert h.button_seat == 2


def test_a_split_pot_from_main_pot_and_a_disconnected_fold():
    h = parse_hand(SPLIT)
    assert [(c.player, c.amount, c.pot) for c in h.collects] == [
        ("Anna", D("0.27"), 0), ("Hero", D("0.27"), 0)]
    assert [a.kind for a in h.actions if a.player == "Cleo"] == [Kind.POST_SB, Kind.FOLD]
    assert h.summary.total_pot - h.summary.rake == D("0.54")


def test_an_all_in_nobody_calls_is_won_whole():
    # UNCALLED_COLLECTED: no return written; the raiser "wins" the whole pot, the bet
    # nobody called in it (11.57 + 0.05 + 0.10), and the total pot counts it
    h = parse_hand(ALL_IN)
    assert h.uncalled == ()
    raise_ = next(a for a in h.actions if a.kind == Kind.RAISE)
    assert (raise_.player, raise_.raise_to, raise_.all_in) == ("Hero", D("11.57"), True)
    assert [(c.player, c.amount) for c in h.collects] == [("Hero", D("11.72"))]
    assert h.summary.total_pot == D("11.72")
    assert status(ALL_IN) == "ok"
    # by the default rules (the return written), it is a warning
    assert codes(ALL_IN, DEFAULT) == {"BAD_UNCALLED_RETURN"}
    assert replay(parse_hand(ALL_IN), DEFAULT).status == "warning"


# ---------------------------------------------------------------- changes found
@pytest.mark.parametrize(("old", "new", "found"), [
    ("Hero wins €3.30", "Hero wins €3.40", {"RAKE_MISMATCH", "SUMMARY_MISMATCH"}),
    ("Seat 3: Hero: bet €1.70 and won €3.30, net result: €1.60",
     "Seat 3: Hero: bet €1.80 and won €3.40, net result: €1.60",
     {"POT_MISMATCH", "SUMMARY_MISMATCH"}),
    ("Anna calls €1\n", "Anna calls €1.10\n", {"BAD_CALL_AMOUNT", "POT_MISMATCH"}),
    ("Total pot €3.45", "Total pot €3.55", {"POT_MISMATCH", "RAKE_MISMATCH"}),
    ("[Qc Qd]", "[Qc Kd]", {"DUPLICATE_CARD"}),
    ("Anna shows [Qc Qd]", "Anna shows [Kc Kh]", {"WRONG_WINNER"}),
])
def test_a_changed_amount_or_card_is_found(old, new, found):
    changed = SHOWDOWN.replace(old, new)
    assert changed != SHOWDOWN
    assert found <= codes(changed)
    assert status(changed) == "failed"


def test_a_net_result_that_is_not_won_less_bet_is_a_parse_error():
    with pytest.raises(ParseError, match="net result is not won less bet"):
        parse_hand(SHOWDOWN.replace("net result: €1.60", "net result: €1.70"))
    with pytest.raises(ParseError, match="net result is not won less bet"):
        parse_hand(SHOWDOWN.replace("net result: €-0.05", "net result: €0.05"))


def test_a_player_who_acts_not_dealt_in_is_a_parse_error():
    with pytest.raises(ParseError, match="acts who was not dealt in"):
        parse_hand(SHOWDOWN.replace("Dealt in Cleo\n", ""))


def test_the_button_must_be_seated():
    with pytest.raises(ParseError, match="button is a player not seated"):
        parse_hand(SHOWDOWN.replace("Anna has the button", "Zed has the button"))


@pytest.mark.parametrize("line", [
    "Hand cancelled",  # fpdb names it, but no example of the line: not read
    "Player0 posts the ant €0.01",  # fpdb's pattern, no example: not read
    "Anna said, \"gl\"",
])
def test_a_line_unibet_is_not_known_to_write_is_a_parse_error(line):
    with pytest.raises(ParseError, match="unrecognised line"):
        parse_hand(SHOWDOWN.replace("Cleo folds\n", f"Cleo folds\n{line}\n"))


def test_a_hand_cut_short_is_not_whole():
    assert whole(SHOWDOWN) and whole(ALL_IN)
    cut = SHOWDOWN[:SHOWDOWN.index("Seat 3: Hero: bet")]
    assert not whole(cut)  # Hero wins, but his Summary line is not written yet
    assert not whole(SHOWDOWN[:SHOWDOWN.index("Total pot")])
    with pytest.raises(ParseError):
        parse_hand(SHOWDOWN[:SHOWDOWN.index("*** Summary ***")])


def test_pot_limit_omaha_is_stored_unsupported():
    omaha = SHOWDOWN.replace("No Limit Hold'Em Banzai", "Pot Limit Omaha").replace(
        "Table €1 NL", "Table €1 PL")
    hand = parse_hand(omaha)
    assert isinstance(hand, UnsupportedHand)
    assert (hand.site, hand.hand_id, hand.game, hand.structure) == (
        "Unibet", "1500000001", "Pot Limit Omaha", Structure.POT_LIMIT)


def test_unibet_and_enet_are_told_apart():
    assert detect(SHOWDOWN) is ROOM
    enet = "Game #19408739: Hold'em (€0,05/€0,10) - 12:16:31 3.10.2012 - %6\n"
    assert detect(enet) == "Enet"
    assert detect("Game #12056513: Omaha (€0,10/€0,25) - 21:50:56 23.8.2012 - %6\n") == "Enet"
    # the 2026 client's header is Unibet's too
    assert detect("Unibet Hand #1558006027 - 0.03/0.05 - Pot Limit Omaha - UTC 21:59:40 "
                  "2026/06/05\n") is ROOM


def test_the_streets_are_in_order():
    h = parse_hand(SHOWDOWN)
    streets = [a.street for a in h.actions if a.player == "Hero"]
    assert streets == [Street.PREDEAL, Street.PREFLOP, Street.FLOP, Street.FLOP, Street.TURN,
                       Street.RIVER]


# ---------------------------------------------------------------- the real files
# fpdb's regression file (its only Unibet file): one hand, the 0.95 all-in nobody calls
REAL_NETS = {"Player0": D("-0.05"), "Player1": D("-0.10"), "Hero": D("0.15")}


@pytest.fixture(scope="module")
def real(tmp_path_factory):
    folder = real_folder("corpus", "unibet")
    db = tmp_path_factory.mktemp("unibet") / "unibet.duckdb"
    summary, holdem, errors = import_real(db, folder, share=0.99)
    return folder, db, summary, holdem, errors


def test_the_real_file_is_stored_and_verifies(real):
    folder, db, summary, holdem, errors = real
    assert (holdem, errors) == (["ok"], [])
    assert query(db, "SELECT site, hand_id, currency FROM hands") == [
        ("Unibet", "1463192545", "EUR")]


def test_the_real_hand_agrees_with_its_own_account(real):
    folder, *_ = real
    path = next(folder.rglob("*.txt"))
    h = parse_hand(path.read_text("utf-8"))
    # the text's own figures: each "net result", and won less bet
    nets = {p: back - put for p, put, back in h.player_totals}
    assert nets == REAL_NETS
    collected = {c.player: c.amount for c in h.collects}
    ours = {p: collected.get(p, D(0)) - v for p, v in put_in(h).items() if v}
    assert ours == REAL_NETS
    assert [s.player for s in h.seats if s.sitting_out] == []
    assert sum(1 for s in h.seats if not s.sitting_out) == 6  # "Dealt in" five, "Dealt to" one



# 2026's client: its header, table line and tagged owner, in the lines of fpdb-3's sample
# of the format (an anonymised real hand); the players here are other names
HAND_2026 = """Unibet Hand #1558009001, Tournament #85614799, €0.93 + €0.07 - 25.00/50.00 - No Limit Hold'Em - Total prize €4 - UTC 22:10:05 2026/06/05
Table "86116199" 3-max
*** Seated players ***
Seat 1: anouk (415)
Seat 3: brecht (315)
Seat 5: me[Unibet_0a1b2c3d4e5f6789] (770)
*** Blinds and button ***
brecht has the button
me[Unibet_0a1b2c3d4e5f6789] posts small blind 25
anouk posts big blind 50
*** Hole cards ***
Dealt to me[Unibet_0a1b2c3d4e5f6789] [8c Jc]
Dealt in anouk
Dealt in brecht
*** Preflop ***
brecht folds
me[Unibet_0a1b2c3d4e5f6789] calls 25
anouk checks
*** Flop *** [4s Tc 8d]
me[Unibet_0a1b2c3d4e5f6789] bets 50
anouk calls 50
*** Turn *** [4s Tc 8d] [Ac]
me[Unibet_0a1b2c3d4e5f6789] bets 50
anouk calls 50
*** River *** [4s Tc 8d] [Ac] [9d]
me[Unibet_0a1b2c3d4e5f6789] checks
anouk checks
*** Showdown ***
anouk shows [Qc Kh], High card
me[Unibet_0a1b2c3d4e5f6789] shows [8c Jc], A Pair of Eights
me[Unibet_0a1b2c3d4e5f6789] wins 300
*** Summary ***
Total pot 300
Seat 1: anouk: bet 150 and won 0, net result: -150
Seat 5: me[Unibet_0a1b2c3d4e5f6789]: bet 150 and won 300, net result: 150
"""


def test_the_2026_client_s_tournament_hand():
    from parsers.unibet import parse_hand
    h = parse_hand(HAND_2026)
    assert (h.hand_id, h.kind, h.currency, h.tournament_id) == ("1558009001", "tournament",
                                                                 "chips", "85614799")
    assert (h.table, h.max_seats, h.button_seat) == ("86116199", 3, 3)
    assert h.hero == "me[Unibet_0a1b2c3d4e5f6789]" and h.buy_in_amount == D("1.00")
    assert str(h.played_at_utc) == "2026-06-05 22:10:05"
    assert ROOM.judge(h).status == "ok"  # (seats 1, 3 and 5 of a 3-max table: places)
    wrong = HAND_2026.replace("wins 300", "wins 350").replace("won 300, net result: 150",
                                                             "won 350, net result: 200")
    assert ROOM.judge(parse_hand(wrong)).status == "failed"
