"""The price check (pipeline/read/prices.py, ``handlens price-check``): hands written here
whose price is worked out by hand, equities against poker-equity's independent
enumeration (a range's too, and every shown-down decision of the corpus), and the
replayer opened at the decision."""
from __future__ import annotations

import json
import re
from fractions import Fraction

import pytest

from pipeline.cli.main import main
from pipeline.read.prices import price_check
from pipeline.read.queries import Filters, open_read_only
from support.common import CORPUS, import_paths
from support.hands import SIX_MAX

RIVER_CALL = SIX_MAX + """Dealt to BBp [Kc Kd]
UTGp: folds
HJp: folds
COp: raises $0.20 to $0.30
BTNp: folds
SBp: folds
BBp: calls $0.20
*** FLOP *** [2c 7d 9h]
BBp: checks
COp: bets $0.40
BBp: calls $0.40
*** TURN *** [2c 7d 9h] [Ts]
BBp: checks
COp: checks
*** RIVER *** [2c 7d 9h Ts] [3s]
BBp: checks
COp: bets $1
BBp: calls $1
*** SHOW DOWN ***
COp: shows [Ac Ad] (a pair of Aces)
BBp: shows [Kc Kd] (a pair of Kings)
COp collected $3.45 from pot
*** SUMMARY ***
Total pot $3.45 | Rake $0
Board [2c 7d 9h Ts 3s]
Seat 1: UTGp folded before Flop (didn't bet)
Seat 2: HJp folded before Flop (didn't bet)
Seat 3: COp showed [Ac Ad] and won ($3.45) with a pair of Aces
Seat 4: BTNp (button) folded before Flop (didn't bet)
Seat 5: SBp (small blind) folded before Flop
Seat 6: BBp (big blind) showed [Kc Kd] and lost with a pair of Kings
"""
SHOVE_FOLDED = SIX_MAX.replace("#100000000001", "#100000000002") + """Dealt to BBp [Kc Kd]
UTGp: folds
HJp: folds
COp: folds
BTNp: raises $9.90 to $10 and is all-in
SBp: folds
BBp: folds
Uncalled bet ($9.90) returned to BTNp
BTNp collected $0.25 from pot
*** SUMMARY ***
Total pot $0.25 | Rake $0
Seat 1: UTGp folded before Flop (didn't bet)
Seat 2: HJp folded before Flop (didn't bet)
Seat 3: COp folded before Flop (didn't bet)
Seat 4: BTNp (button) collected ($0.25)
Seat 5: SBp (small blind) folded before Flop
Seat 6: BBp (big blind) folded before Flop
"""


@pytest.fixture(scope="module")
def db(tmp_path_factory):
    work = tmp_path_factory.mktemp("prices")
    (work / "hands").mkdir()
    (work / "hands" / "two.txt").write_text(RIVER_CALL + "\n\n" + SHOVE_FOLDED + "\n\n\n",
                                            encoding="utf-8")  # (ended: not still written)
    path = work / "p.duckdb"
    import_paths(path, work / "hands")
    return path


def _check(db, ranges=None) -> dict:
    con = open_read_only(str(db))
    try:
        return price_check(con, Filters(player="BBp"), ranges)
    finally:
        con.close()


def test_a_river_call_against_shown_cards_is_priced_by_hand(db):
    (river,) = [d for d in _check(db)["decisions"] if d["street"] == 4]
    # the pot after the call: the dead small blind 0.05, 0.30 each preflop, 0.40 each on
    # the flop, the bet and the call of 1: 3.45; the call 1 of it; KK against AA: no win
    assert river["decision"] == "call" and river["owed"] == 1.0 and river["pot"] == 3.45
    assert river["price"] == round(100 / 3.45, 2)
    assert river["equity"] == 0.0 and river["ev_call"] == -10.0 and river["mistake"] == 10.0
    assert river["against"] == "shown: COp Ac Ad"


def _poker_equity(mine: str, theirs: list[str], board: str = "", dead: str = "") -> Fraction:
    """The first hand's share of the pot, by poker-equity, averaged over ``theirs``."""
    poker_equity = pytest.importorskip("poker_equity")
    total = Fraction(0)
    for hand in theirs:
        r = poker_equity.exact_from_text("holdem", [mine, hand], board, dead)
        total += Fraction(r["share_sum"][0]).limit_denominator(10 ** 9) / r["samples"]
    return total / len(theirs)


def test_a_fold_to_a_shove_against_a_range_equals_poker_equity(db):
    aces = ["AcAd", "AcAh", "AcAs", "AdAh", "AdAs", "AhAs"]
    (shove,) = [d for d in _check(db, "AA")["decisions"] if d["street"] == 1]
    # calling 9.90 (all the big blind has left) for a pot of 10 + 10 + the dead 0.05
    assert shove["decision"] == "fold" and shove["owed"] == 9.9 and shove["pot"] == 20.05
    equity = _poker_equity("KcKd", aces)
    assert shove["equity"] == round(100 * float(equity), 2)
    ev = (equity * Fraction("20.05") - Fraction("9.90")) / Fraction("0.10")
    assert shove["ev_call"] == round(float(ev), 2) and shove["mistake"] == 0.0  # fold right
    assert shove["against"] == "the range given"
    (loose,) = [d for d in _check(db, "72o")["decisions"] if d["street"] == 1]
    sevens = [f"7{a}2{b}" for a in "cdhs" for b in "cdhs" if a != b]
    equity = _poker_equity("KcKd", sevens)
    assert loose["equity"] == round(100 * float(equity), 2)
    assert loose["mistake"] == round(float((equity * Fraction("20.05") - Fraction("9.90"))
                                           / Fraction("0.10")), 2) > 50


def test_the_command_and_a_range_it_cannot_read(db, capsys):
    assert main(["price-check", "--db", str(db), "--player", "BBp", "--json"]) == 0
    found = json.loads(capsys.readouterr().out)
    assert found["priced"] == 2
    # the fold of KK to the shove of a player who played half his hands (VPIP 50 %:
    # the top half of hands) is the worst; the river call next
    fold, call = found["decisions"]
    assert fold["against"] == "BTNp's VPIP range (50 %)" and fold["mistake"] > call["mistake"]
    assert call["mistake"] == 10.0
    assert main(["price-check", "--db", str(db), "--player", "BBp"]) == 0
    out = capsys.readouterr().out
    assert "river" in out and "call" in out and "shown: COp Ac Ad" in out
    assert main(["price-check", "--db", str(db), "--player", "BBp", "--range", "AX+"]) == 2
    assert "--range" in capsys.readouterr().err


def test_the_replay_link_opens_the_table_at_the_decision(db, monkeypatch):
    from support.apptest import run_page
    (river,) = [d for d in _check(db)["decisions"] if d["street"] == 4]
    at = run_page(db, "hands", monkeypatch, {"player": "BBp", "game": "cash",
                                             "hand": f"PokerStars:{river['hand_id']}",
                                             "action": str(river["seq"])})
    page, = [e.proto.srcdoc for e in at.main if getattr(e, "type", "") == "iframe"]
    start = int(re.search(r'"start":(\d+)', page).group(1))
    frames = json.loads(re.search(r"const data = (\{.*?\});\n", page).group(1))["frames"]
    # the table as it stands before the call: the bet just made is the last thing seen
    assert "COp bets" in frames[start]["text"] and "BBp calls" in frames[start + 1]["text"]


@pytest.mark.slow
def test_every_shown_down_decision_of_the_corpus_equals_poker_equity(tmp_path):
    """Every decision of any player of the corpus priced against shown cards: the share of
    each pot it can win, by poker-equity's enumeration, weighted by the pots."""
    pytest.importorskip("poker_equity")
    if not CORPUS.is_dir():
        pytest.skip(f"no corpus at {CORPUS} (../shared/corpus, beside the checkout)")
    path = tmp_path / "corpus.duckdb"
    import_paths(path, CORPUS)
    con = open_read_only(str(path))
    decisions = []
    try:
        for kind in ("cash", "tournament", "play"):
            decisions += price_check(con, Filters(player=None, kind=kind))["decisions"]
    finally:
        con.close()
    shown = [d for d in decisions if d["against"].startswith("shown")]
    assert len(shown) >= 30
    import poker_equity
    for d in shown:
        me = d["player"]
        value = Fraction(0)
        for amount, eligible in d["pots"]:
            players = [p for p in eligible if p in d["cards"]]
            if players == [me]:  # a pot only the player can win (the others folded)
                value += Fraction(amount).limit_denominator(10 ** 6)
                continue
            others = [c for p, c in d["cards"].items() if p not in players]
            r = poker_equity.exact_from_text(
                "holdem", [d["cards"][p].replace(" ", "") for p in players],
                "".join(d["board"]), "".join(others).replace(" ", "") + "".join(d["dead"]))
            share = Fraction(r["share_sum"][players.index(me)]).limit_denominator(10 ** 9)
            value += Fraction(amount).limit_denominator(10 ** 6) * share / r["samples"]
        equity = value / Fraction(d["pot"]).limit_denominator(10 ** 6)
        assert d["equity"] == pytest.approx(100 * float(equity), abs=0.006), d


def test_an_all_in_call_with_players_behind_who_fold_is_priced(tmp_path):
    """UTG all-in, the cut-off calls, the three behind fold: the call is priced against
    UTG's shown cards (those who fold later contest no pot; their blinds stay in)."""
    text = SIX_MAX.replace("#100000000001", "#100000000003") + """Dealt to COp [Qc Qd]
UTGp: raises $9.90 to $10 and is all-in
HJp: folds
COp: calls $10
BTNp: folds
SBp: folds
BBp: folds
*** FLOP *** [2c 7d 9h]
*** TURN *** [2c 7d 9h] [Ts]
*** RIVER *** [2c 7d 9h Ts] [3s]
*** SHOW DOWN ***
UTGp: shows [Ac Kd] (high card Ace)
COp: shows [Qc Qd] (a pair of Queens)
COp collected $20.15 from pot
*** SUMMARY ***
Total pot $20.15 | Rake $0
Board [2c 7d 9h Ts 3s]
Seat 1: UTGp showed [Ac Kd] and lost with high card Ace
Seat 2: HJp folded before Flop (didn't bet)
Seat 3: COp showed [Qc Qd] and won ($20.15) with a pair of Queens
Seat 4: BTNp (button) folded before Flop (didn't bet)
Seat 5: SBp (small blind) folded before Flop
Seat 6: BBp (big blind) folded before Flop
"""
    (tmp_path / "h").mkdir()
    (tmp_path / "h" / "one.txt").write_text(text + "\n\n\n", encoding="utf-8")
    db = tmp_path / "p.duckdb"
    import_paths(db, tmp_path / "h")
    con = open_read_only(str(db))
    try:
        found = price_check(con, Filters(player="COp"))
    finally:
        con.close()
    (call,) = found["decisions"]
    assert call["against"] == "shown: UTGp Ac Kd" and call["behind"] == 3
    assert call["owed"] == 10.0 and call["pot"] == 20.15  # both stacks and the blinds
    equity = _poker_equity("QcQd", ["AcKd"])
    assert call["equity"] == round(100 * float(equity), 2) and call["mistake"] == 0.0
