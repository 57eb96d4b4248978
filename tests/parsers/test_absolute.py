"""Absolute Poker / UltimateBet (the Cereus network, "Stage #…"): its grammar, builder
and rules, form by form, on hands written here in its format; then the real files
(../shared), where present, against the hand text and fpdb's figures."""
from __future__ import annotations

import re
from dataclasses import replace
from decimal import Decimal as D

import pytest
from support.common import SAMPLES, import_paths, import_real, query, real_folder

from engine.equity.evaluate import evaluate
from engine.model.hand import Kind, Street, Structure, UnsupportedHand
from engine.rules.replay import replay
from parsers.absolute import ROOM, RULES
from parsers.absolute.build import split_pots
from parsers.absolute.names import names_agree
from parsers.base.errors import ParseError
from parsers.base.split import decode, split_hands
from parsers.registry import detect


def parse(text: str):
    return ROOM.parse(text)


def codes(text: str, rules=RULES) -> set[str]:
    return {f.code for f in replay(parse(text), rules).findings}


def hands(name: str) -> list[str]:
    text, enc = decode((SAMPLES / "absolute" / name).read_bytes())
    return [raw.text for raw in split_hands(text, ROOM, enc)]


CASH, WALK, LIMIT = hands("cash.txt")
(TOURNEY,) = hands("tournament.txt")
(OBSERVED,) = hands("observed.txt")


def test_a_no_limit_cash_hand():
    h = parse(CASH)
    assert (h.site, h.hand_id, h.structure, h.currency) == ("Cereus", "C379100001",
                                                             Structure.NO_LIMIT, "USD")
    # ONE_STAKE_IS_THE_BIG_BLIND: "No Limit $0.10"; the small blind as posted
    assert (h.stakes.small_blind, h.stakes.big_blind) == (D("0.05"), D("0.10"))
    assert h.table == "Holmbury Rd.59" and h.button_seat == 3 and h.hero == "HERO"
    assert [s.seat for s in h.seats] == [1, 3, 4, 5, 6]  # (listed from the dealer on)
    assert str(h.played_at) == "2011-02-21 06:00:01" and str(h.played_at_utc) == "2011-02-21 11:00:01"
    bluejay = [a for a in h.actions if a.player == "BLUEJAY"]
    assert (bluejay[-1].kind, bluejay[-1].amount, bluejay[-1].raise_to, bluejay[-1].all_in) == \
        (Kind.RAISE, D("4.15"), D("4.20"), True)
    assert h.summary.total_pot == D("8.50") and h.summary.rake == D("0.40")
    assert h.nets()["HERO"] == D("3.90") and h.nets()["BLUEJAY"] == D("-4.20")
    assert ROOM.judge(h).status == "ok"


def test_a_walk_the_big_blind_collects_the_whole_pot():
    h = parse(WALK)
    assert not h.uncalled and h.collects[0].amount == D("0.35")
    assert ROOM.judge(h).status == "ok"


def test_fixed_limit_a_live_post_a_sitout_and_a_player_held_all_in():
    h = parse(LIMIT)
    assert h.structure == Structure.FIXED_LIMIT
    assert (h.stakes.small_blind, h.stakes.big_blind, h.stakes.small_bet, h.stakes.big_bet) == \
        (D("0.50"), D(1), D(1), D(2))
    away = next(s for s in h.seats if s.player == "AWAY")
    assert away.sitting_out  # SITOUT_IS_NOT_DEALT_IN
    assert [(a.kind, a.amount) for a in h.actions if a.player == "NEWGUY"][:1] == \
        [(Kind.POST_BB, D(1))]
    held = [a for a in h.actions if a.player == "NEWGUY"][-1]
    assert (held.street, held.kind, held.amount, held.all_in) == (Street.TURN, Kind.CALL, D(0), True)
    boris = next(s for s in h.seats if s.player == "BORIS")
    assert boris.hole_cards == ("3c", "8d")  # "Folds (Fold & Show [3c 8d])"
    assert ROOM.judge(h).status == "ok"


def test_disconnect_protection_matters():
    """NEWGUY's "All-In (Timeout)" adds nothing: without the rule the replay finds the
    call short."""
    assert codes(LIMIT) == set()
    assert "BAD_CALL_AMOUNT" in codes(LIMIT, replace(RULES, disconnect_protection=False))


def test_a_tournament_with_a_side_pot_and_tens_written_10():
    h = parse(TOURNEY)
    assert (h.kind, h.currency, h.tournament_id) == ("tournament", "chips", "5950001")
    assert h.seats[2].hole_cards == ("Ts", "Th")
    # POTS_SPLIT_BY_THE_TOTAL: "Total Pot(2,850:1,350,1,500)"
    assert h.summary.pots == (D(1350), D(1500))
    shorty = [a for a in h.actions if a.player == "SHORTY"][-1]
    assert (shorty.kind, shorty.amount, shorty.raise_to) == (Kind.RAISE, D(400), D(450))
    assert ROOM.judge(h).status == "ok"


def test_an_observed_hand_has_no_hero():
    h = parse(OBSERVED)
    assert h.hero is None and all(not s.hole_cards for s in h.seats)
    assert ROOM.judge(h).status == "ok"


def test_a_changed_amount_is_found():
    assert "RAKE_MISMATCH" in codes(CASH.replace("Collects $8.10", "Collects $8.20"))
    assert "BAD_CALL_AMOUNT" in codes(CASH.replace("HERO - Calls $3.90", "HERO - Calls $3.80"))
    assert "WRONG_WINNER" in codes(TOURNEY.replace("[Qd Qs]", "[Qd 2h]"))


@pytest.mark.parametrize("text, total, pots", [
    ("3,750,1,730", "5480", ("3750", "1730")),
    ("1,350,1,500", "2850", ("1350", "1500")),
    ("$6.40,$4.20", "10.60", ("6.40", "4.20")),
    ("1,000,500", "1500", ("1000", "500")),
    ("1,000,500", "1000500", ("1000500",)),
    ("1,000,500", "7", ()),  # no reading adds up: none
    (",".join(["1"] * 40), "40", ("1",) * 40),  # (one reading, found at once)
    (",".join(["100"] * 30), "3000", ("100",) * 30),
])
def test_pots_are_split_by_their_total(text, total, pots):
    assert split_pots(text, D(total)) == tuple(D(p) for p in pots)


@pytest.mark.parametrize("cards, name", [
    ("9h 6d 5d 3c 9d 8d 7s", "Straight, five to nine"),
    ("Ad Kc Ks 3d 9c 2h 7s", "One pair, kings(ace kicker)"),
    ("Ac Ad Qh Qc 6c 9d 2s", "Two Pair, aces and queens(nine kicker)"),
    ("10s Ks Kh Kc 10d 2s 3h".replace("10", "T"), "Full house, kings full of tens"),
    ("As Ks Qs 8s 5s 2d 3h", "Flush, ace high"),
    ("Ah Jc 10c 9c 6s 3d 2h".replace("10", "T"), "ace high"),
])
def test_absolute_s_hand_names(cards, name):
    rank = evaluate(cards.split())
    assert names_agree(rank, name)
    assert not names_agree(rank, "One pair, twos")


def test_a_post_with_its_dead_part():
    text = LIMIT.replace("NEWGUY - Posts $1\n", "NEWGUY - Posts $1 dead $0.50\n")
    text = text.replace("Total Pot($13.50)", "Total Pot($14)").replace("Collects $13 ", "Collects $13.50 ") \
        .replace("won Total ($13) All-In HI:($13)", "won Total ($13.50) All-In HI:($13.50)")
    h = parse(text)
    assert [(a.kind, a.amount) for a in h.actions if a.player == "NEWGUY"][:2] == \
        [(Kind.POST_BB, D(1)), (Kind.POST_DEAD, D("0.50"))]
    assert ROOM.judge(h).status == "ok"
    # until 2008: the whole post first ("Posts dead $1.50 dead $0.50": $1 live)
    old = parse(text.replace("Posts $1 dead $0.50", "Posts dead $1.50 dead $0.50"))
    assert [a.amount for a in old.actions if a.player == "NEWGUY"][:2] == [D(1), D("0.50")]


def test_other_games_are_unsupported():
    other = CASH.replace("Holdem  No Limit", "Omaha Hi/Lo  Pot Limit", 1)
    h = parse(other)
    assert isinstance(h, UnsupportedHand) and h.game == "Omaha Hi/Lo"


def test_an_unknown_line_and_the_7_2_proposition_are_parse_errors():
    with pytest.raises(ParseError) as e:
        parse(CASH.replace("ROOKIE77 - Folds", "ROOKIE77 - Dances"))
    assert e.value.reason == "unrecognised line"
    prop = CASH.replace("HERO Collects $8.10 from main pot",
                        "HERO Collects $40 from 72 proposition pot\nHERO Collects $8.10 from main pot")
    with pytest.raises(ParseError) as e:
        parse(prop)
    assert "proposition" in e.value.reason


def test_files_are_detected():
    assert detect(CASH) is ROOM and detect(TOURNEY) is ROOM


def test_the_hand_written_samples_verify():
    texts = [t for name in ("cash.txt", "tournament.txt", "observed.txt") for t in hands(name)]
    assert len(texts) >= 5
    assert {ROOM.judge(parse(t)).status for t in texts} == {"ok"}


# ---------------------------------------------------------------- the real files

def _hands_in_text(folder) -> int:
    return sum(len(re.findall(r"^Stage #", p.read_text("latin-1"), re.M))
               for p in folder.rglob("*") if p.is_file())


@pytest.mark.parametrize("name", ["absolute", "ultimatebet"])
def test_the_real_files_are_stored_and_verify(name, tmp_path):
    folder = real_folder("corpus", name)
    db = tmp_path / "abs.duckdb"
    summary = import_real(db, folder, share=0.99)[0]
    assert not summary.files_not_recognised
    stored = query(db, "SELECT count(*) FROM hands")[0][0]
    assert stored == _hands_in_text(folder)  # every hand the text holds
    statuses = query(db, "SELECT DISTINCT status FROM verdicts")
    assert statuses == [("ok",)]


def test_the_real_other_games_are_unsupported(tmp_path):
    folder = real_folder("other games", "absolute")
    db = tmp_path / "abs.duckdb"
    import_paths(db, folder)
    assert query(db, "SELECT count(*) FROM hands WHERE supported")[0][0] == 0
    assert query(db, "SELECT count(*) FROM parse_errors")[0][0] == 0
