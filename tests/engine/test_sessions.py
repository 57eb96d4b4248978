"""Simulated sit-and-gos: who finished where and the prizes, written as PokerStars
text, read back, imported and summed (the summary checked against sums written here,
from the simulated hands themselves)."""
from __future__ import annotations

import random
import re
from datetime import datetime
from decimal import Decimal as D

import pytest
from support.common import import_paths, query

from engine.model.hand import ZERO, Finish
from engine.sim.sessions import Clock, _finishes, payouts, sit_and_go
from parsers.base.split import normalise
from parsers.pokerstars import parse_hand
from parsers.pokerstars.write import write_hand
from pipeline.read.queries import open_read_only
from pipeline.read.tournaments import summary

SEEDS = range(12)  # the hero wins seed 7's; seeds 5, 6, 8, 11 end in the money
START = datetime(2026, 1, 1)


@pytest.fixture(scope="module")
def tournaments() -> list[list]:
    """Each seed's sit-and-go, its hands numbered apart from the others'."""
    out = []
    for seed in SEEDS:
        rng = random.Random(seed)
        out.append(list(sit_and_go(rng, Clock(rng, 1000 * seed, START))))
    return out


def _finished(hands) -> list[Finish]:
    return [f for h in hands for f in h.finishes]


def _buy_in(hands) -> tuple[D, D]:
    """The buy-in's part to the prize pool and its fee."""
    to_pool, fee = re.fullmatch(r"\$([\d.]+)\+\$([\d.]+) USD", hands[0].buy_in).groups()
    return D(to_pool), D(fee)


def _pool(hands) -> D:
    """The prize pool: the buy-in without its fee times the players of the first hand."""
    return _buy_in(hands)[0] * len(hands[0].seats)


def _won(tournaments) -> list:
    return next(t for t in tournaments if _finished(t)[-1][:2] == ("Hero", 1))


def test_some_tournaments_are_won_and_some_lost(tournaments):
    places = [next(f.place for f in _finished(t) if f.player == "Hero") for t in tournaments]
    assert 1 in places and any(p > 3 for p in places) and 2 in places


def test_finishes_are_read_back_from_the_text(tournaments):
    written = 0
    for hands in tournaments:
        for hand in hands:
            text = write_hand(hand)
            assert text.count("finished the tournament") + text.count(
                "wins the tournament") == len(hand.finishes)
            back = parse_hand(normalise(text))
            assert [(f.player, f.place, f.prize) for f in back.finishes] == [
                (f.player, f.place, f.prize) for f in hand.finishes]
            written += len(hand.finishes)
    assert written > 40


def test_the_lines_read_as_pokerstars_writes_them(tournaments):
    won = _won(tournaments)
    text = write_hand(won[-1])
    prizes = payouts(_pool(won), won[0].max_seats)
    assert (f"Hero wins the tournament and receives ${prizes[0]} - congratulations!\n"
            "*** SUMMARY ***") in text
    assert re.search(r"\n\S+ finished the tournament in 2nd place and received "
                     rf"\${re.escape(str(prizes[1]))}\.\nHero wins", text)
    out = write_hand(next(h for h in won if h.finishes))
    assert re.search(rf"finished the tournament in {won[0].max_seats}th place\n\*\*\* SUMM",
                     out)


def test_places_are_distinct_and_consecutive_down_to_the_heros(tournaments):
    for hands in tournaments:
        finished = _finished(hands)
        places = [f.place for f in finished]
        hero = next(f.place for f in finished if f.player == "Hero")
        entrants = len(hands[0].seats)
        # the others left at the table finish after the hero has gone: not in the file,
        # but for the winner of the hand the hero finishes 2nd in
        expected = list(range(entrants, hero - 1, -1)) + [1] * (hero == 2)
        assert sorted(places, reverse=True) == expected
        assert len({f.player for f in finished}) == len(finished)
        for hand in hands:  # in the order PokerStars writes them: the winner last
            written = [f.place for f in hand.finishes]
            assert written == sorted(p for p in written if p != 1) + [1] * (1 in written)
            assert {f.player for f in hand.finishes} <= {s.player for s in hand.seats}
    assert 1 in {len(h.finishes) for t in tournaments for h in t} and max(
        len(h.finishes) for t in tournaments for h in t) >= 2


def test_a_won_tournament_pays_exactly_its_pool(tournaments):
    for hands in tournaments:
        finished = _finished(hands)
        if finished[-1].place != 1:
            continue
        paid = [f for f in finished if f.prize is not None]
        assert sum((f.prize for f in paid), ZERO) == _pool(hands)
        shares = {6: (65, 35), 9: (50, 30, 20)}[hands[0].max_seats]
        assert sorted(f.place for f in paid) == list(range(1, len(shares) + 1))
        assert all(f.currency == "USD" for f in paid)
        for f in paid[:-1]:  # all but the winner get their share to the cent
            assert f.prize == _pool(hands) * shares[f.place - 1] / 100
        assert all(f.prize is None for f in finished if f.place > len(shares))


def test_the_cents_left_over_go_to_the_winner():
    assert payouts(D("10.01"), 9) == (D("5.01"), D("3.00"), D("2.00"))
    assert payouts(D("18.00"), 6) == (D("11.70"), D("6.30"))


def test_knocked_out_in_one_hand_the_bigger_stack_finishes_higher():
    table = {1: "A", 2: "B", 3: "C", 4: "D", 5: "E"}
    before = {"A": D(500), "B": D(300), "C": D(300), "D": D(900), "E": D(100)}
    after = {"A": D(2000), "B": ZERO, "C": ZERO, "D": ZERO, "E": D(100)}
    prizes = (D(10), D(6), D(4))
    assert _finishes(table, before, after, prizes) == (
        Finish("D", 3, D(4), "USD"), Finish("B", 4), Finish("C", 5))  # B, C: seat order
    heads_up = _finishes({1: "A", 4: "D"}, before, {"A": D(2100), "D": ZERO}, prizes)
    assert heads_up == (Finish("D", 2, D(6), "USD"), Finish("A", 1, D(10), "USD"))


def test_the_import_sums_the_heros_results(tournaments, tmp_path):
    folder = tmp_path / "files"
    folder.mkdir()
    texts = [write_hand(h) for hands in tournaments for h in hands]
    (folder / "sngs.txt").write_text("\n\n\n".join(texts) + "\n\n\n", encoding="utf-8")
    db = tmp_path / "s.duckdb"
    assert import_paths(db, folder).parse_errors == 0
    (rows,), = query(db, "SELECT count(*) FROM tournament_finishes")
    con = open_read_only(str(db))
    try:
        got = summary(con, "Hero")
    finally:
        con.close()
    assert rows == sum(len(_finished(t)) for t in tournaments)
    # the same figures from the simulated hands
    cost = sum((sum(_buy_in(t), ZERO) for t in tournaments), ZERO)
    hero = [next(f for f in _finished(t) if f.player == "Hero") for t in tournaments]
    won = sum((f.prize for f in hero if f.prize is not None), ZERO)
    cashed = sum(f.prize is not None for f in hero)
    assert (got["tournaments"], got["with_finish"], got["in_the_money"]) == (
        len(SEEDS), len(SEEDS), cashed)
    assert got["itm"] == (D(cashed) * 100 / len(SEEDS)).quantize(D("0.01"))
    usd = got["by_currency"]["USD"]
    assert (usd["tournaments"], usd["roi_tournaments"]) == (len(SEEDS), len(SEEDS))
    assert (usd["buy_ins"], usd["prizes"]) == (cost, won)
    assert usd["roi"] == ((won - cost) * 100 / cost).quantize(D("0.01"))
    assert set(got["by_currency"]) == {"USD"}
