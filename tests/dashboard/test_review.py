"""The Review page (AppTest): a queue of tagged hands, one at a time; "reviewed, next"
writes the mark and goes on; a new session starts at the first hand not reviewed."""
from __future__ import annotations

import shutil

from pipeline.cli.main import main
from support.apptest import run_page, sql


def _shown(at) -> str:
    """The hand the replayer shows (its header names the room and id)."""
    return next(t.value for t in at.text if " #" in t.value and "·" in t.value)


def test_review_steps_through_a_tag_and_remembers(dashboard_db, tmp_path, monkeypatch):
    db = tmp_path / "h.duckdb"
    shutil.copy(dashboard_db, db)
    chosen = sql(db, """SELECT h.site, h.hand_id FROM hands h JOIN hand_players p
        USING (site, hand_id) WHERE p.player = 'Hero' AND h.kind = 'cash'
        ORDER BY p.played_at, h.hand_id LIMIT 3""")
    for site, hand_id in chosen:
        assert main(["tag", "add", "--hand", f"{site}:{hand_id}", "study", "--db", str(db)]) == 0
    query = {"player": "Hero", "game": "cash", "queue": "study"}
    at = run_page(db, "review", monkeypatch, query)
    assert any("0 of 3 reviewed" in c.value for c in at.caption)
    assert chosen[0][1] in _shown(at)
    at.button(key="review_next").click().run()
    assert sql(db, "SELECT hand_id FROM tags WHERE tag = 'reviewed'") == [(chosen[0][1],)]
    assert chosen[1][1] in _shown(at)
    at.button(key="review_skip").click().run()
    assert chosen[2][1] in _shown(at)

    again = run_page(db, "review", monkeypatch, query)  # another day: where it was left
    assert any("1 of 3 reviewed" in c.value for c in again.caption)
    assert chosen[1][1] in _shown(again)
