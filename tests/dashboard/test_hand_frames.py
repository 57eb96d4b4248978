"""The table replayer's frames (pipeline/export/table/frames.py), run-out equities
(pipeline/export/table/runout.py) and HTML document (pipeline/export/table/table_view.py), on hands of
the sample database chosen by what they hold, not by id."""
from __future__ import annotations

import re
from dataclasses import replace
from decimal import Decimal
from html import escape

import duckdb
import pytest

from support.common import FAILED_HAND, SCRIPT_NAME
from engine.equity.allin import enumerated
from engine.rules.pots import build_pots
from pipeline.export.cards import card_text
from pipeline.export.table import frames
from pipeline.export.table import steps
from pipeline.export.table import runout
from support.apptest import frames_of

ZERO = Decimal(0)
OK_HANDS = """
SELECT h.site, h.hand_id FROM hands h JOIN verdicts v USING (site, hand_id)
WHERE v.status = 'ok' AND h.supported {where} ORDER BY h.site, h.hand_id LIMIT {limit}
"""


@pytest.fixture(scope="module")
def con(dashboard_db):
    c = duckdb.connect(str(dashboard_db), read_only=True)
    yield c
    c.close()


def hands(con, where: str = "", limit: int = 40) -> list[steps.Replay]:
    rows = con.execute(OK_HANDS.format(where=where, limit=limit)).fetchall()
    return [steps.load(con, site, hand_id) for site, hand_id in rows]


def built(r: steps.Replay) -> list[frames.Frame]:
    return frames.build(r)


def before_result(frames):
    return [f for f in frames if f.street != "Result"]


@pytest.mark.slow
def test_chips_are_conserved_in_every_frame(con):
    """Stacks behind plus everything put in is what the players sat down with, and the
    pots in the middle plus the bets in front are everything put in."""
    for r in hands(con, limit=150):
        start = sum((p["stack"] for p in r.players), ZERO)
        for f in before_result(built(r)):
            assert sum((s.stack for s in f.seats.values()), ZERO) + f.total == start, f.text
            in_front = sum((s.bet for s in f.seats.values()), ZERO)
            assert sum((p.amount for p in f.pots), ZERO) + in_front == f.total, f.text


def test_bets_are_gathered_when_a_street_is_dealt(con):
    dealt = 0
    for r in hands(con, "AND h.board IS NOT NULL", limit=60):
        frames = built(r)
        for f in frames:
            if f.text.split(":")[0] in ("Flop", "Turn", "River"):
                dealt += 1
                assert all(s.bet == 0 for s in f.seats.values()), f.text
                assert sum((p.amount for p in f.pots), ZERO) == f.total
        assert frames[-1].street == "Result"
        assert all(f.street == "Preflop" for f in frames[:2])
    assert dealt > 0


def test_the_last_frame_is_the_result(con):
    for r in hands(con, limit=80):
        last = built(r)[-1]
        after = {x["player"]: x["stack after"] for x in r.results}
        assert {p: s.stack for p, s in last.seats.items() if p in after} == after
        assert last.net == {x["player"]: x["net"] for x in r.results}
        won = {}
        for c in r.collected:
            won[c["player"]] = won.get(c["player"], ZERO) + c["amount"]
        assert last.won == won
        assert not last.pots and last.total == 0
        assert last.text not in last.lines  # each sentence said once


def test_a_result_of_one_sentence_is_said_once(con):
    """A hand whose room writes no total pot, one player collecting: the result's one
    sentence is the frame's text, not repeated in the lines below it."""
    (r,) = [x for x in hands(con, limit=80) if len({c["player"] for c in x.collected}) == 1][:1]
    r = replace(r, hand={**r.hand, "total_pot": None})
    last = built(r)[-1]
    assert "collected" in last.text and last.lines == ()


def test_side_pots_match_the_rooms_summary(con):
    """Hands whose summary names a main pot and side pots: the pots built from the
    chips put in are as many and hold the room's total."""
    side = hands(con, "AND len(h.summary_pots) > 1 AND len(h.boards) = 1", limit=25)
    assert side, "no side-pot hand in the samples"
    for r in side:
        (written,), = con.execute("SELECT summary_pots FROM hands WHERE site = ? AND"
                                  " hand_id = ?", [r.hand["site"], r.hand["hand_id"]]).fetchall()
        frames = built(r)
        settled = before_result(frames)[-1]
        assert len(settled.pots) == len(written), r.hand["hand_id"]
        assert sum((p.amount for p in settled.pots), ZERO) == r.hand["total_pot"]
        assert all(s.bet == 0 for s in settled.seats.values())
        # the main pot is open to every player in, each side pot to fewer
        sizes = [len(p.eligible) for p in settled.pots]
        assert sizes == sorted(sizes, reverse=True)


def test_a_handwritten_side_pot(con):
    """Alcor's third hand (sample_histories/pokerstars, and its renamed copy): one
    player all-in preflop, two go on: a main pot of the preflop money for the three, a
    side pot of the flop's for the two; after the turn's fold the bet goes back."""
    found = con.execute("SELECT site, hand_id FROM hands WHERE table_name = 'Alcor'"
                        " AND len(summary_pots) = 2 ORDER BY hand_id").fetchall()
    assert found
    r = steps.load(con, *found[0])
    frames = built(r)
    preflop_in, folded_preflop = {}, set()
    for a in r.actions:
        if a["street"] <= 1:
            preflop_in[a["player"]] = preflop_in.get(a["player"], ZERO) + a["amount"]
            if a["kind"] == "fold":
                folded_preflop.add(a["player"])
    (shover,) = {a["player"] for a in r.actions if a["street"] <= 1 and a["all_in"]}
    turn = next(f for f in frames if f.text.startswith("Turn:"))
    main, side = turn.pots
    assert main.amount == sum(preflop_in.values(), ZERO)
    assert main.eligible == set(preflop_in) - folded_preflop
    assert side.eligible == main.eligible - {shover}
    assert side.amount == turn.total - main.amount
    (back,) = r.uncalled
    i = next(i for i, f in enumerate(frames) if f.text.startswith("Uncalled bet"))
    assert back["player"] in frames[i].text
    assert frames[i].seats[back["player"]].stack == (
        frames[i - 1].seats[back["player"]].stack + back["amount"])
    assert frames[i].seats[back["player"]].bet == frames[i - 1].seats[back["player"]].bet - \
        back["amount"]


def test_uncalled_bets_go_back(con):
    rows = con.execute("""
        SELECT h.site, h.hand_id FROM hands h JOIN verdicts v USING (site, hand_id)
        WHERE v.status = 'ok' AND EXISTS (SELECT 1 FROM hand_players p JOIN (
            SELECT site, hand_id, player, sum(amount) AS put FROM actions GROUP BY ALL) a
            USING (site, hand_id, player)
            WHERE p.site = h.site AND p.hand_id = h.hand_id AND a.put > p.invested)
        ORDER BY h.site, h.hand_id LIMIT 30""").fetchall()
    assert rows
    for site, hand_id in rows:
        r = steps.load(con, site, hand_id)
        frames = built(r)
        returned = [f for f in frames if f.text.startswith("Uncalled bet")]
        assert len(returned) == len(r.uncalled)
        settled = before_result(frames)[-1]
        for p in r.players:  # what is left in is what the player invested
            assert settled.seats[p["player"]].put_in == p["invested"]


def test_run_it_twice_shows_every_board(con):
    twice = hands(con, "AND len(h.boards) > 1", limit=20)
    assert twice, "no run-it-twice hand in the samples"
    for r in twice:
        boards = tuple(tuple(b.split()) for b in r.hand["boards"])
        frames = built(r)
        assert frames[-1].boards == boards
        assert frames[0].boards == ((),)
        split = next(f for f in frames if len(f.boards) > 1)
        common = len(split.boards[0]) - (1 if len(split.boards[0]) > 3 else 3)
        assert len({b[:common] for b in boards}) == 1  # the runs share what came before
        assert "run 1" in split.text and "run 2" in split.text


@pytest.mark.slow
def test_runout_equity_matches_an_independent_enumeration(con):
    """At the frames where the board runs out, each pot's shares are those eval7
    finds walking every board to come (engine.equity.allin.enumerated)."""
    checked = 0
    for r in hands(con, "AND h.board IS NOT NULL", limit=400):
        # preflop all-ins take seconds in Python: engine/equity's own tests hold those
        frames = [f if len(f.boards[0]) >= 3 else replace(f, runout=False) for f in built(r)]
        hole = {p["player"]: p["hole_cards"] for p in r.players}
        for i, shares in runout.equities(frames, hole).items():
            f = frames[i]
            live = {p: tuple(hole[p].split()) for p, s in f.seats.items()
                    if not (s.folded or s.out)}
            put_in = {p: s.put_in for p, s in f.seats.items() if s.put_in}
            pots = build_pots(put_in, set(live), {p for p, s in f.seats.items() if s.all_in})
            dead = [c for p, cards in hole.items() if p not in live and cards
                    for c in cards.split()]
            expected = enumerated(f.boards[0], live, pots, dead)
            assert [s for _, s in shares] == expected
            assert [a for a, _ in shares] == [p.amount for p in pots]
            assert all(sum(s.values()) == 1 for _, s in shares)
            checked += 1
        if checked >= 12:
            break
    assert checked > 0


def test_amounts_are_chips_or_money():
    assert frames.amount(Decimal("12345"), "chips") == "12,345"
    assert frames.amount(Decimal("1234.5"), "USD") == "1,234.50"
    assert card_text(("Ah", "Td")) == "A♥ T♦" == card_text("Ah Td")


def _document(con, site, hand_id):
    from pipeline.export.table import table_view

    r = steps.load(con, site, hand_id)
    frames = built(r)
    hole = {p["player"]: p["hole_cards"] for p in r.players}
    return r, frames, table_view.document(
        frames, r.players, r.hand["currency"], r.hand["max_seats"], r.hand["button_seat"],
        r.hand["hero"], runout.equities(frames, hole))


def test_the_document_escapes_names_and_fetches_nothing(con):
    r, frames, doc = _document(con, "PokerStars", FAILED_HAND)
    assert SCRIPT_NAME in {p["player"] for p in r.players}
    assert SCRIPT_NAME not in doc and "alert(1)</" not in doc
    assert doc.count("<script>") == 1
    assert not re.search(r"(src|href)\s*=|https?://|@import|url\(", doc)
    shown = frames_of(doc)
    assert len(shown) == len(frames)
    assert any("&lt;script&gt;alert(1)&lt;/script&gt;" in f["svg"] for f in shown)
    assert [f["text"] for f in shown] == [escape(f.text) for f in frames]


def test_seats_numbered_otherwise_than_round_the_table_are_laid_out_by_position():
    """Bovada's tournaments number seats by entry (Hand.table_order): the table is drawn
    round as the positions go, not in the order of the numbers."""
    from pipeline.export.table.table_view import Layout, clockwise
    players = [{"seat": 3, "player": "Big Blind", "position": "BB"},
               {"seat": 5, "player": "Dealer", "position": "BTN"},
               {"seat": 18, "player": "UTG+1", "position": "CO"},
               {"seat": 19, "player": "Small Blind", "position": "SB"},
               {"seat": 20, "player": "UTG", "position": "HJ"}]
    order = clockwise(players)
    assert order == [20, 18, 5, 19, 3]
    layout = Layout({p["player"]: p["seat"] for p in players}, 9, "Small Blind", order)
    # from the hero at the bottom, clockwise: the big blind, UTG, UTG+1, the dealer
    assert [n for n, _ in sorted(layout.slot.items(), key=lambda x: x[1])] == [19, 3, 20, 18, 5]
    # seats numbered round the table, as most rooms do, keep their places
    assert clockwise([{"seat": n, "player": str(n), "position": pos} for n, pos in
                      ((1, "SB"), (2, "BB"), (4, "CO"), (6, "BTN"))]) is None


def test_signed_figures_never_show_minus_zero():
    from dashboard.show import signed
    assert [signed(v, 0) for v in (-0.3, -0.6, 1.2, 0.0, -0.0)] == ["0", "-1", "+1", "0", "0"]
    assert [signed(v, 2) for v in (-0.004, 0.005, -1234.5)] == ["0.00", "+0.01", "-1,234.50"]


def test_the_grid_cells_never_show_minus_zero():
    import polars as pl
    from dashboard.hand_grid import cells
    classes = pl.DataFrame({"hand_class": ["AA", "72o"], "hands": [3, 5],
                            "net_bb": [-0.2, 12.0], "bb_per_100": [-0.04, 240.0],
                            "frequency": [0.3, 0.5]})
    drawn = cells(classes, "bb/100", "net_bb", "big blinds")
    by_name = {c["name"]: c for c in drawn["cells"]}
    assert by_name["AA"]["lines"][1] == "0"  # -0.2 big blinds, shown to the whole one
    assert "-0" not in by_name["AA"]["tip"] and "0.0 bb/100" in by_name["AA"]["tip"]
    assert by_name["72o"]["lines"][1] == "+12"


def test_the_heros_cards_stand_whole_above_the_name_plate(con):
    r, _, doc = _document(con, "PokerStars", FAILED_HAND)
    svg = frames_of(doc)[0]["svg"]
    hero = re.search(r'<g class="seat[^"]*hero[^"]*">(.*?)<rect class="plate" x="[\d.]+" '
                     r'y="([\d.]+)"', svg, re.S)
    assert hero, "the hero's seat is drawn"
    plate_top = float(hero.group(2))
    cards = re.findall(r'<rect x="[\d.]+" y="([\d.]+)" width="[\d.]+" height="([\d.]+)"',
                       hero.group(1))
    assert len(cards) >= 2
    assert all(float(y) + float(h) <= plate_top for y, h in cards)  # none behind it
