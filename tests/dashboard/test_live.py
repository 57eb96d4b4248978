"""The Live page (AppTest) over a session being written: its figures follow the hands
imported, and the opponents at each table and their hands are those the hand texts
name (counted here from the text)."""
from __future__ import annotations

from collections import Counter

import polars as pl
import pytest

from pipeline.cli.main import main
from support import live
from support.apptest import metrics, run_page

pytestmark = pytest.mark.skipif(len(live.SIMULATED) < 2,
                                reason="sample_histories has no simulated PokerStars files")
QUERY = {"player": live.HERO, "game": "cash"}


def _import(folder, db) -> None:
    assert main(["import", str(folder), "--db", str(db), "--quiet"]) == 0


def _huds(at) -> list[pl.DataFrame]:
    return [pl.from_pandas(d.value) for d in at.dataframe if "seat" in d.value.columns]


def test_live_follows_a_session_being_written(tmp_path, monkeypatch):
    hands = live.played_now(live.tables(40))
    folder, db = tmp_path / "hh", tmp_path / "h.duckdb"
    live.write(folder, hands[:50])
    _import(folder, db)
    at = run_page(db, "live", monkeypatch, QUERY)
    mine = [h for _, h in hands[:50] if live.HERO in live.dealt(h)]
    assert metrics(at)["Hands"] == f"{len(mine):,}"
    status = " ".join(m.value for m in at.markdown)
    assert "16 minutes ago" in status and "playing now" not in status, status

    # both tables, each with the players its last hand seats but the hero, and each
    # opponent's hands over everything imported
    seen = Counter(p for _, h in hands[:50] for p in live.dealt(h))
    last = {}
    for name, h in hands[:50]:
        last[name] = h
    huds = _huds(at)
    assert len(huds) == 2
    expected = {frozenset(p for p in live.dealt(h) if p != live.HERO) for h in last.values()}
    assert {frozenset(t["player"].to_list()) for t in huds} == expected
    for t in huds:
        assert dict(zip(t["player"], t["hands"])) == {p: seen[p] for p in t["player"]}
        assert t["vpip"].is_between(0, 100).all()

    # a read written on one of them shows beside their figures
    someone = huds[0]["player"][0]
    assert main(["note", "add", "--player", someone, "folds to 3-bets", "--db", str(db)]) == 0
    at.run()
    noted = {p: n for t in _huds(at) for p, n in zip(t["player"], t["note"])}
    assert noted[someone] == "folds to 3-bets"
    assert sum(n is not None for n in noted.values()) == 1

    live.write(folder, hands)  # the rest of the session arrives
    _import(folder, db)
    at.run()
    assert not at.exception
    mine = [h for _, h in hands if live.HERO in live.dealt(h)]
    assert metrics(at)["Hands"] == f"{len(mine):,}"
    assert "playing now" in " ".join(m.value for m in at.markdown)
    listed = next(pl.from_pandas(d.value) for d in at.dataframe if "replay" in d.value.columns)
    assert listed.height == 10  # the last hands, newest first, each with its replay link
    assert listed["replay"].str.contains("hand=PokerStars").all()


def test_rooms_that_forbid_live_tools_keep_their_opponents_hidden(tmp_path, monkeypatch):
    import pipeline.read.live as figures
    monkeypatch.setattr(figures, "forbidding_rooms", lambda: frozenset({"pokerstars"}))
    hands = live.played_now(live.tables(10))
    folder, db = tmp_path / "hh", tmp_path / "h.duckdb"
    live.write(folder, hands)
    _import(folder, db)
    at = run_page(db, "live", monkeypatch, QUERY)
    assert _huds(at) == []
    assert any("forbid live tools" in c.value for c in at.caption)
    at.toggle(key="live_hide").set_value(False).run()
    assert len(_huds(at)) == 2


def test_live_asks_for_a_player(tmp_path, monkeypatch):
    hands = live.played_now(live.tables(5))
    folder, db = tmp_path / "hh", tmp_path / "h.duckdb"
    live.write(folder, hands)
    _import(folder, db)
    at = run_page(db, "live", monkeypatch, {"player": "*", "game": "cash"})
    assert any("Choose a player" in i.value for i in at.info)
