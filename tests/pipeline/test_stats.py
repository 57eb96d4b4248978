"""Stat flags on hand-made hands, one case each (docs/STATS.md; the stats version 2
adds: tests/pipeline/test_stats_v2.py), and the stats command."""
from __future__ import annotations

import json
import re
from decimal import Decimal

import pytest

from support.common import HANDWRITTEN

from parsers.pokerstars import ROOM as STARS
from parsers.pokerstars import parse_hand
from pipeline.cli.main import main
from support.hands import FOLDS_TO, SIX_MAX as HEAD, THREE_WAY_PREFLOP, stat_flags as flags

def test_a_walk_takes_the_chance_from_the_big_blind_only():
    """Version 2 (PokerTracker 4, Holdem Manager 3): those who folded to the big blind
    had their VPIP and PFR chance and declined it; the big blind had none."""
    f = flags(FOLDS_TO + """BTNp: folds
SBp: folds
Uncalled bet ($0.05) returned to BBp
BBp collected $0.10 from pot
*** SUMMARY ***
Total pot $0.10 | Rake $0
""")
    assert {p for p, (chance, _) in f.items() if "vpip" in chance} == {
        "UTGp", "HJp", "COp", "BTNp", "SBp"}
    assert {p for p, (chance, _) in f.items() if "pfr" in chance} == {
        "UTGp", "HJp", "COp", "BTNp", "SBp"}
    assert all("vpip" not in done and "pfr" not in done for _, done in f.values())
    assert "vpip" not in f["BBp"][0] and "pfr" not in f["BBp"][0]


def test_steal_and_fold_to_steal_blind_vs_steal():
    f = flags(FOLDS_TO + """BTNp: raises $0.20 to $0.30
SBp: folds
BBp: folds
Uncalled bet ($0.20) returned to BTNp
BTNp collected $0.25 from pot
*** SUMMARY ***
Total pot $0.25 | Rake $0
""")
    chance, done = f["BTNp"]
    assert {"steal", "rfi", "vpip", "pfr"} <= chance and {"steal", "rfi", "vpip", "pfr"} <= done
    assert "fold_sb_to_steal" in f["SBp"][1] and "fold_bb_to_steal" in f["BBp"][1]
    assert "steal" in f["COp"][0] and "steal" not in f["COp"][1]
    assert "steal" not in f["UTGp"][0]


def test_limp_and_cold_call_and_three_bet():
    f = flags("""UTGp: calls $0.10
HJp: raises $0.30 to $0.40
COp: calls $0.40
BTNp: raises $1 to $1.40
SBp: folds
BBp: folds
UTGp: folds
HJp: folds
COp: folds
Uncalled bet ($1) returned to BTNp
BTNp collected $1.45 from pot
*** SUMMARY ***
Total pot $1.45 | Rake $0
""")
    assert "limp" in f["UTGp"][1] and "limp" in f["HJp"][0] and "limp" not in f["HJp"][1]
    assert "cold_call" in f["COp"][1]
    assert "three_bet" in f["BTNp"][1] and "squeeze" in f["BTNp"][1]
    assert "fold_to_three_bet" in f["HJp"][1]
    assert "three_bet" in f["COp"][0] and "three_bet" not in f["COp"][1]
    assert "rfi" not in f["HJp"][0]  # a limper opened the pot


def test_cbet_and_fold_to_cbet_and_showdown():
    f = flags(FOLDS_TO + """BTNp: raises $0.20 to $0.30
SBp: folds
BBp: calls $0.20
*** FLOP *** [2c 7d Ts]
BBp: checks
BTNp: bets $0.40
BBp: calls $0.40
*** TURN *** [2c 7d Ts] [Jh]
BBp: checks
BTNp: bets $1
BBp: folds
Uncalled bet ($1) returned to BTNp
BTNp collected $1.45 from pot
*** SUMMARY ***
Total pot $1.45 | Rake $0
Board [2c 7d Ts Jh]
""")
    assert {"cbet_flop", "cbet_turn", "saw_flop", "saw_turn", "wwsf"} <= f["BTNp"][1]
    # the first bet BBp faced on the flop was the c-bet: called, not folded
    assert "fold_to_cbet_flop" in f["BBp"][0] and "fold_to_cbet_flop" not in f["BBp"][1]
    # saw the turn, folded on it: a chance to see the river, not seen
    assert "saw_river" in f["BBp"][0] and "saw_river" not in f["BBp"][1]
    # folded preflop: a chance to see the flop (dealt in), none to see the turn
    assert "saw_flop" in f["SBp"][0] and "saw_flop" not in f["SBp"][1]
    assert "saw_turn" not in f["SBp"][0]
    assert "wtsd" in f["BTNp"][0] and "wtsd" not in f["BTNp"][1]


def test_donk_bet_flop_and_turn_and_none_in_position():
    f = flags(FOLDS_TO + """BTNp: raises $0.20 to $0.30
SBp: calls $0.20
BBp: calls $0.20
*** FLOP *** [2c 7d Ts]
SBp: checks
BBp: bets $0.40
BTNp: calls $0.40
SBp: folds
*** TURN *** [2c 7d Ts] [Jh]
BBp: checks
BTNp: bets $1
BBp: calls $1
*** RIVER *** [2c 7d Ts Jh] [3s]
BBp: bets $2
BTNp: folds
Uncalled bet ($2) returned to BBp
BBp collected $3.55 from pot
*** SUMMARY ***
Total pot $3.70 | Rake $0.15
Board [2c 7d Ts Jh 3s]
""")
    # flop: the preflop raiser (BTNp) acts last: SBp checked, BBp bet into him
    assert "donk_flop" in f["SBp"][0] and "donk_flop" not in f["SBp"][1]
    assert "donk_flop" in f["BBp"][0] and "donk_flop" in f["BBp"][1]
    assert "donk_flop" not in f["BTNp"][0]  # the aggressor cannot donk into himself
    # turn: BBp led the flop, so BBp is the aggressor; BTNp acts after him: no chance
    assert "donk_turn" not in f["BBp"][0] and "donk_turn" not in f["BTNp"][0]
    # river: BTNp bet the turn; BBp, first to act, bets into him
    assert "donk_river" in f["BBp"][0] and "donk_river" in f["BBp"][1]


def test_incomplete_all_in_and_showdown_money():
    head = HEAD.replace("Seat 2: HJp ($10 in chips)", "Seat 2: HJp ($0.45 in chips)")
    f = flags("""UTGp: raises $0.20 to $0.30
HJp: raises $0.15 to $0.45 and is all-in
COp: folds
BTNp: folds
SBp: folds
BBp: folds
UTGp: calls $0.15
*** FLOP *** [2c 7d Ts]
*** TURN *** [2c 7d Ts] [Jh]
*** RIVER *** [2c 7d Ts Jh] [Qh]
*** SHOW DOWN ***
UTGp: shows [As Ad] (a pair of Aces)
HJp: shows [Kc Kd] (a pair of Kings)
UTGp collected $1.05 from pot
*** SUMMARY ***
Total pot $1.05 | Rake $0
Board [2c 7d Ts Jh Qh]
""", head)
    assert {"wtsd", "wsd", "saw_river"} <= f["UTGp"][1]
    assert "wsd" in f["HJp"][0] and "wsd" not in f["HJp"][1]
    assert "three_bet" in f["HJp"][1]  # an all-in re-raise counts as a 3-bet


def test_heads_up_button_is_btn_and_bb():
    head = HEAD.replace("Seat #4 is the button", "Seat #1 is the button").split("Seat 2:")[0] \
        + "Seat 2: BBp ($10 in chips)\nUTGp: posts small blind $0.05\nBBp: posts big blind $0.10\n*** HOLE CARDS ***\n"
    f = flags("""UTGp: raises $0.20 to $0.30
BBp: folds
Uncalled bet ($0.20) returned to UTGp
UTGp collected $0.20 from pot
*** SUMMARY ***
Total pot $0.20 | Rake $0
""", head)
    assert "steal" in f["UTGp"][1] and "fold_bb_to_steal" in f["BBp"][1]


@pytest.mark.slow
def test_stats_command(tmp_path, capsys):
    db = str(tmp_path / "h.duckdb")
    main(["import", str(HANDWRITTEN), "--db", db, "--json"])
    capsys.readouterr()
    # Hero's hands in the files: five of cash games (dollars), two of a tournament
    texts = [p.read_text("utf-8") for p in sorted(HANDWRITTEN.glob("*.txt"))]
    written = [h for t in texts for h in t.split("\n\n\n") if "Dealt to Hero" in h]
    in_tournament = sum("Tournament #" in h for h in written)
    assert (len(written), in_tournament) == (7, 2)
    # cash games and tournaments are never added together: the kind of most hands first
    assert main(["stats", "--db", db, "--format", "json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["player"] == "Hero" and out["stats_version"] == "2" and out["kind"] == "cash"
    assert sum(r["hands"] for r in out["rows"]) == len(written) - in_tournament
    assert main(["stats", "--db", db, "--kind", "tournament", "--format", "json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert sum(r["hands"] for r in out["rows"]) == in_tournament
    assert main(["stats", "--db", db, "--by", "player", "--format", "csv"]) == 0
    assert capsys.readouterr().out.splitlines()[0].startswith("player,hands,currency,net")
    assert main(["stats", "--db", db, "--by", "player", "--format", "json"]) == 0
    hero_row = next(r for r in json.loads(capsys.readouterr().out)["rows"]
                    if r["player"] == "Hero")
    assert hero_row["currency"] == "USD" and hero_row["net"] is not None
    # the net column holds one unit: money in cash games; none in tournaments (chips of
    # different tournaments do not add up), where net counts big blinds
    assert main(["stats", "--db", db, "--by", "stakes"]) == 0
    table = capsys.readouterr().out
    assert "USD 0.05/0.10" in table and " USD " in table and "chips" not in table
    assert main(["stats", "--db", db, "--by", "stakes", "--kind", "tournament"]) == 0
    table = capsys.readouterr().out
    head = re.split(r"\s{2,}", table.splitlines()[1].strip())
    assert "net" not in head and "net bb" in head
    assert table.splitlines()[3].startswith("$5.00+$0.50 USD ")  # a tournament by its buy-in


def test_stats_dates_and_sessions(tmp_path, capsys):
    db = str(tmp_path / "h.duckdb")
    main(["import", str(HANDWRITTEN), "--db", db, "--json"])
    capsys.readouterr()
    main(["stats", "--db", db, "--since", "2026-11-02", "--until", "2026-11-02",
          "--kind", "tournament", "--format", "json"])
    rows = json.loads(capsys.readouterr().out)["rows"]
    assert sum(r["hands"] for r in rows) == 2  # the tournament's two hands, on 2 November
    main(["stats", "--db", db, "--by", "session", "--format", "json"])
    sessions = json.loads(capsys.readouterr().out)["rows"]
    # a day apart each: the cash game and the limit game (the tournament is another kind)
    assert [r["hands"] for r in sessions] == [4, 1]
    empty = [r for r in sessions if r["cbet_flop_chance"] == 0]
    assert all(r["cbet_flop"] is None for r in empty)  # no chance: empty, not 0 %


@pytest.mark.slow
def test_all_in_adjusted_net_of_a_turn_all_in(tmp_path):
    """The sample's third cash hand: Hero (Qh Qd) all-in on the turn against kb_grinder's
    made straight (Tc 8c on Qs Jd 4c 9h). Hero wins the main pot (4.10) on 10 of the 44
    rivers (three 4s, 9s and Js pair the board, the last queen); the side pot (12) is
    Hero's alone; the rake (0.80) is taken from both pro rata (keep = 15.30 / 16.10)."""
    from decimal import Decimal

    import duckdb

    from pipeline.ingest.importer import Importer
    from pipeline.ingest.files import discover
    from pipeline.store.database import Store
    db = tmp_path / "h.duckdb"
    store = Store(db)
    Importer(store, workers=1).run(discover([HANDWRITTEN]))
    store.close()
    con = duckdb.connect(str(db), read_only=True)
    got = dict(con.execute("SELECT player, allin_adj_net FROM player_hand_stats"
                           " WHERE hand_id = '240000000003'").fetchall())
    keep = Decimal("15.30") / Decimal("16.10")
    hero = Decimal("4.10") * keep * 10 / 44 + 12 * keep - Decimal("7.35")
    kb = Decimal("4.10") * keep * 34 / 44 - Decimal("1.35")
    assert got["Hero"] == hero.quantize(Decimal("0.0001"))
    assert got["kb_grinder"] == kb.quantize(Decimal("0.0001"))
    assert got["OldOakTree"] == Decimal("-7.35")  # folded: keeps the net
    preflop = dict(con.execute("SELECT player, allin_adj_net FROM player_hand_stats"
                               " WHERE hand_id = '240000001001'").fetchall())
    # Hero's Js Jc against Ad Kd, all-in preflop: the pot of 1,240 shared by the boards
    # each wins (poker-equity's count, independent of the import's table)
    poker_equity = pytest.importorskip("poker_equity")
    walked = poker_equity.exact_from_text("holdem", ["JsJc", "AdKd"], "", "")
    wins, ties = int(walked["win_count"][0]), int(walked["tie_count"][0])
    share = Decimal(1240) * (2 * wins + ties) / (2 * int(walked["samples"]))
    assert preflop["Hero"] == (share - 600).quantize(Decimal("0.0001"))
    assert preflop["zz_top_zz"] == (1240 - share - 600).quantize(Decimal("0.0001"))
    assert preflop["Brightwater"] == Decimal(-5)  # folded: keeps the net


@pytest.mark.slow
def test_all_in_adjusted_net_of_a_three_way_preflop_all_in_with_a_side_pot(tmp_path):
    """Shorty (7h 8h) all-in for 300, Hero (As Ad) for 1000, Villain (Kc Kd) calls:
    main pot 3 x 300 = 900 among the three, side pot 2 x 700 = 1400 between Hero and
    Villain (Shorty's cards out of the deck), no rake. Computed by the import itself;
    the equities checked against eval7 evaluating all 1,370,754 boards here, one by
    one (an enumeration independent of the import's)."""
    from decimal import Decimal
    from fractions import Fraction

    from engine.equity.allin import enumerated
    from engine.rules.pots import Pot
    from pipeline.ingest.importer import Importer
    from pipeline.ingest.files import discover
    from pipeline.store.database import Store

    assert STARS.judge(parse_hand(THREE_WAY_PREFLOP.strip() + "\n")).status == "ok"
    (tmp_path / "hh").mkdir()
    (tmp_path / "hh" / "three-way.txt").write_text(THREE_WAY_PREFLOP, encoding="utf-8")
    store = Store(tmp_path / "h.duckdb")
    summary = Importer(store, workers=1).run(discover([tmp_path / "hh"]))
    assert summary.preflop_pending == 0
    adjusted = "SELECT player, allin_adj_net FROM player_hand_stats ORDER BY player"
    got = dict(store.con.execute(adjusted).fetchall())
    store.close()

    hole = {"Shorty": ("7h", "8h"), "Hero": ("As", "Ad"), "Villain": ("Kc", "Kd")}
    main = Pot(Decimal(900), frozenset(hole))
    side = Pot(Decimal(1400), frozenset({"Hero", "Villain"}))
    eq_main, eq_side = enumerated([], hole, [main, side])
    assert sum(eq_main.values()) == sum(eq_side.values()) == 1

    def money(fraction: Fraction, pot: int) -> Decimal:
        return Decimal(pot) * fraction.numerator / fraction.denominator

    want = {"Shorty": money(eq_main["Shorty"], 900) - 300,
            "Hero": money(eq_main["Hero"], 900) + money(eq_side["Hero"], 1400) - 1000,
            "Villain": money(eq_main["Villain"], 900) + money(eq_side["Villain"], 1400) - 1000}
    assert got == {p: v.quantize(Decimal("0.0001")) for p, v in want.items()}
    assert abs(sum(got.values())) <= Decimal("0.0003")  # no rake: the chips only move
    assert got["Hero"] > 0 > got["Villain"]  # aces are the favourite in both pots


@pytest.mark.slow
def test_equity_fills_what_an_earlier_version_left(tmp_path, capsys):
    """A database made before 0.2 holds preflop all-ins without their adjusted net
    (made here by emptying it): the import says so, computes its own new hands, and
    --equity (handlens equity) fills the old ones."""
    (tmp_path / "hh").mkdir()
    (tmp_path / "hh" / "three-way.txt").write_text(THREE_WAY_PREFLOP, encoding="utf-8")
    db = str(tmp_path / "e.duckdb")
    assert main(["import", str(tmp_path / "hh"), "--db", db, "--quiet"]) == 0
    assert "wait for their all-in adjusted net" not in capsys.readouterr().out
    import duckdb
    con = duckdb.connect(db)
    pending = "SELECT count(*) FROM player_hand_flags WHERE allin_adj_net IS NULL"
    assert con.execute(pending).fetchall() == [(0,)]
    computed = con.execute("SELECT player, allin_adj_net FROM player_hand_flags").fetchall()
    con.execute("UPDATE hand_players SET allin_adj_net = NULL WHERE chances IS NOT NULL")
    con.close()
    (tmp_path / "hh" / "again.txt").write_text(
        THREE_WAY_PREFLOP.replace("#240000009001", "#240000009002"), encoding="utf-8")
    assert main(["import", str(tmp_path / "hh"), "--db", db, "--quiet"]) == 0
    assert ("1 preflop all-in hands stored by a version before 0.2 wait for their all-in"
            in capsys.readouterr().out)
    assert main(["import", str(tmp_path / "hh"), "--db", db, "--quiet", "--equity"]) == 0
    assert "wait for their all-in adjusted net" not in capsys.readouterr().out
    con = duckdb.connect(db, read_only=True)
    assert con.execute(pending).fetchall() == [(0,)]  # the new hand and the old one
    assert sorted(con.execute("SELECT player, allin_adj_net FROM player_hand_flags"
                              " WHERE hand_id = '240000009001'").fetchall()) == sorted(computed)
    by_hand = con.execute("SELECT hand_id, sum(allin_adj_net) FROM player_hand_flags"
                          " GROUP BY hand_id ORDER BY hand_id").fetchall()
    assert len(by_hand) == 2 and all(abs(total) <= Decimal("0.0003") for _, total in by_hand)


def test_a_board_run_twice_is_worth_what_one_run_is():
    """Every hand run more than once in the simulated sessions: its all-in adjusted net
    is computed (not left at the net), and equals that of the same hand with only its
    first run, since equity is taken when the betting ends, before the runs part."""
    from dataclasses import replace

    from support.common import SAMPLES
    from engine.model.hand import Hand
    from parsers.base.split import decode, split_hands
    from pipeline.stats.flags import allin_adjusted
    runs_twice = []
    for path in sorted((SAMPLES / "simulated").glob("*.txt")):
        text, enc = decode(path.read_bytes())
        for raw in split_hands(text, STARS, enc):
            hand = STARS.parse(raw.text)
            if isinstance(hand, Hand) and len(hand.boards) > 1:
                runs_twice.append(hand)
    assert len(runs_twice) >= 10
    adjusted = 0
    for hand in runs_twice:
        invested: dict = {}
        for act in hand.actions:
            invested[act.player] = invested.get(act.player, 0) + act.amount
        for player, amount in hand.uncalled:
            invested[player] -= amount
        twice = allin_adjusted(hand, invested)
        once = allin_adjusted(replace(hand, boards=hand.boards[:1]), invested)
        assert twice == once, hand.hand_id
        adjusted += bool(twice)
    assert adjusted >= len(runs_twice) // 2  # most were all-in with cards to come


ABSENT = """PokerStars Hand #240000009101: Tournament #3900000009, $5.00+$0.50 USD Hold'em No Limit - Level II (15/30) - 2026/11/05 21:10:11 CET [2026/11/05 15:10:11 ET]
Table '3900000009 1' 6-max Seat #1 is the button
Seat 1: Alpha (1500 in chips)
Seat 2: Absent (1485 in chips) is sitting out
Seat 3: Gamma (1500 in chips)
Seat 4: Delta (1500 in chips)
Absent: posts the ante 5
Alpha: posts the ante 5
Gamma: posts the ante 5
Delta: posts the ante 5
Absent: posts small blind 15
Gamma: posts big blind 30
*** HOLE CARDS ***
Delta: folds
Alpha: raises 60 to 90
Absent: folds
Gamma: folds
Uncalled bet (60) returned to Alpha
Alpha collected 95 from pot
*** SUMMARY ***
Total pot 95 | Rake 0
Seat 1: Alpha (button) collected (95)
Seat 2: Absent (small blind) folded before Flop
Seat 3: Gamma (big blind) folded before Flop
Seat 4: Delta folded before Flop (didn't bet)
"""


def test_a_player_sitting_out_but_dealt_in_keeps_the_hand_and_its_loss(tmp_path):
    """A tournament deals an absent player in, posts and folds for them: their hand,
    blinds and loss are in their record (position, stats, all-in adjusted net)."""
    from support.common import import_paths, query
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "absent.txt").write_text(ABSENT, "utf-8")
    import_paths(tmp_path / "h.duckdb", folder)
    rows = dict((p, r) for p, *r in query(
        tmp_path / "h.duckdb", "SELECT player, position, net, allin_adj_net, chances IS NOT NULL"
                               " FROM hand_players"))
    assert rows["Absent"] == ["SB", Decimal("-20"), Decimal("-20"), True]
    assert rows["Gamma"][0] == "BB" and rows["Alpha"][0] == "BTN" and rows["Delta"][0] == "CO"
    assert query(tmp_path / "h.duckdb", "SELECT players FROM hands") == [(4,)]
    assert query(tmp_path / "h.duckdb", "SELECT count(*) FROM hand_players"
                                        " WHERE allin_adj_net IS NULL") == [(0,)]
    assert query(tmp_path / "h.duckdb", "SELECT status FROM verdicts") == [("ok",)]


def test_a_store_of_stats_version_1_is_said_and_brought_up_by_recheck(tmp_path, capsys):
    """Flags stored by an earlier handlens (here: spoiled, the store's word of its
    version taken away) are named as such by ``stats``; ``verify --recheck`` writes
    every hand's rows again as this version computes them."""
    import duckdb
    from pipeline.stats.catalogue import STATS_VERSION
    from support.common import import_paths, query
    clean, old = tmp_path / "clean.duckdb", tmp_path / "old.duckdb"
    import_paths(clean, HANDWRITTEN)
    import_paths(old, HANDWRITTEN)
    con = duckdb.connect(str(old))
    con.execute("DELETE FROM meta WHERE key = 'stats'")
    con.execute("UPDATE hand_players SET chances = 0, position = NULL WHERE player = 'Hero'")
    con.close()
    capsys.readouterr()
    assert main(["stats", "--db", str(old), "--format", "json"]) == 0
    out = capsys.readouterr()
    assert json.loads(out.out)["stats_version"] == "1"
    assert "version 1 of the definitions" in out.err and "next handlens import" in out.err
    assert main(["verify", "--db", str(old), "--recheck"]) == 0
    capsys.readouterr()
    assert main(["stats", "--db", str(old), "--format", "json"]) == 0
    out = capsys.readouterr()
    assert json.loads(out.out)["stats_version"] == STATS_VERSION and "recheck" not in out.err
    for table in ("hands", "hand_players", "actions", "verdicts", "findings"):
        only = query(clean, f"ATTACH '{old}' AS o (READ_ONLY); SELECT count(*) FROM ("
                            f"(SELECT * FROM {table} EXCEPT ALL SELECT * FROM o.{table}) UNION ALL"
                            f" (SELECT * FROM o.{table} EXCEPT ALL SELECT * FROM {table}))")
        assert only == [(0,)], table
