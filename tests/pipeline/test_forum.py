"""`handlens export --format forum`: each hand as markdown for a forum post. The pot it
gives before each street is the replayer's (dashboard/replay, its own walk of the
chips), for every verified hand of the sample; a side pot and a hand run twice say
every pot and every board; the result comes last."""
from __future__ import annotations

import re
from html import escape as html_escape
from decimal import Decimal

import duckdb
import pytest

from pipeline.export.table import steps
from pipeline.cli.main import main
from pipeline.export.forum import cards, forum


@pytest.fixture(scope="module")
def con(dashboard_db):
    c = duckdb.connect(str(dashboard_db), read_only=True)
    yield c
    c.close()


def _ok(con, where: str = "", limit: int = 400) -> list[tuple[str, str]]:
    return con.execute(f"""SELECT h.site, h.hand_id FROM hands h JOIN verdicts v
        USING (site, hand_id) WHERE v.status = 'ok' AND h.supported AND h.kind = 'cash'
        {where} ORDER BY h.site, h.hand_id LIMIT {limit}""").fetchall()


def test_the_pot_before_each_street_is_the_replayers(con):
    checked = 0
    for site, hand_id in _ok(con, "AND len(h.boards) = 1 AND h.board IS NOT NULL"):
        text = forum(con, site, hand_id, in_bb=False)
        currency = con.execute("SELECT currency FROM hands WHERE site = ? AND hand_id = ?",
                               [site, hand_id]).fetchall()[0][0]
        shown = {m.group(1): Decimal(m.group(2).replace(",", "")) for m in re.finditer(
            rf"^\*\*(Flop|Turn|River)\*\* \(([\d,.]+) {currency}\)", text, re.M)}
        r = steps.load(con, site, hand_id)
        expected = {s.street.capitalize(): s.pot for s in r.steps
                    if s.street.lower() not in ("preflop", "posts")}
        assert shown == {k: v for k, v in expected.items() if k in shown}, (hand_id, text)
        assert set(shown) == set(expected), (hand_id, set(shown), set(expected))
        checked += len(shown)
    assert checked > 100


def test_a_side_pot_and_a_hand_run_twice(con):
    (site, hand_id), = con.execute("""SELECT site, hand_id FROM hands
        WHERE len(summary_pots) > 1 AND len(boards) = 1 ORDER BY site, hand_id LIMIT 1""").fetchall()
    text = forum(con, site, hand_id)
    collected = con.execute("SELECT count(*) FROM collections WHERE site = ? AND hand_id = ?"
                            " AND pot > 0", [site, hand_id]).fetchall()[0][0]
    assert collected and text.count("from side pot") == collected
    assert text.index("**Result**") > text.index("**Showdown**")  # the result comes last

    (site, hand_id, boards), = con.execute("""SELECT site, hand_id, boards FROM hands
        WHERE len(boards) = 2 ORDER BY site, hand_id LIMIT 1""").fetchall()
    text = forum(con, site, hand_id)
    assert "run 2 times" in text and all(cards(b) in text for b in boards)


def test_the_command_prints_or_writes_each_hand(dashboard_db, tmp_path, capsys, con):
    (site, hand_id), = _ok(con, limit=1)
    capsys.readouterr()
    assert main(["export", "--format", "forum", "--hand", f"{site}:{hand_id}",
                 "--db", str(dashboard_db)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"**{site} ·") and f"hand {hand_id}" in out
    assert main(["export", "--format", "forum", "--room", site, "--kind", "cash",
                 "--out", str(tmp_path), "--db", str(dashboard_db)]) == 0
    written = list(tmp_path.glob("*.md"))
    (n,), = con.execute("SELECT count(*) FROM hands WHERE site = ? AND kind = 'cash'",
                        [site]).fetchall()
    assert len(written) == n and (tmp_path / f"{site}-{hand_id}.md").exists()
    assert main(["export", "--format", "csv", "--db", str(dashboard_db)]) == 2  # no --out


def test_html_is_one_page_that_fetches_nothing(dashboard_db, tmp_path, con):
    """`export --format html`: one page a hand, the table replayer whose frames are the
    hand's actions; no outside resource (the page forbids any by its policy)."""
    (site, hand_id), = con.execute("""SELECT site, hand_id FROM hands
        WHERE len(summary_pots) > 1 AND len(boards) = 1 ORDER BY site, hand_id LIMIT 1""").fetchall()
    assert main(["export", "--format", "html", "--hand", f"{site}:{hand_id}",
                 "--out", str(tmp_path), "--db", str(dashboard_db)]) == 0
    (page,) = tmp_path.glob("*.html")
    text = page.read_text("utf-8")
    assert text.startswith("<!DOCTYPE html>") and f"<title>{site} hand {hand_id}" in text
    assert "default-src 'none'" in text and not re.search(r"""(src|href)=["']?https?:""", text)
    players = [p for (p,) in con.execute("SELECT DISTINCT player FROM actions WHERE site = ? "
                                         "AND hand_id = ?", [site, hand_id]).fetchall()]
    assert players and all(html_escape(p) in text for p in players)
    pots = con.execute("SELECT summary_pots FROM hands WHERE site = ? AND hand_id = ?",
                       [site, hand_id]).fetchall()[0][0]
    assert "Side pot" in text or "side pot" in text, pots
