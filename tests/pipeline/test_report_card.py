"""`handlens report-card` and the Coach page: each month's hands, winnings, sample sizes
and integrity, checked against SQL written here over the stored rows (the hands the
player was dealt into, the verdicts, the audit's findings at those hands)."""
from __future__ import annotations

import json

import duckdb
import pytest

from pipeline.cli.main import main
from support.apptest import metrics, run_page


def _q(db, sql, params=()):
    con = duckdb.connect(str(db), read_only=True)
    try:
        return con.execute(sql, list(params)).fetchall()
    finally:
        con.close()


def test_the_card_counts_each_month(dashboard_db, capsys):
    capsys.readouterr()
    assert main(["report-card", "--player", "Hero", "--json", "--db", str(dashboard_db)]) == 0
    months = json.loads(capsys.readouterr().out)
    expected = dict(_q(dashboard_db, """SELECT strftime(p.played_at, '%Y-%m'), count(*)
        FROM hand_players p JOIN hands h USING (site, hand_id)
        WHERE p.player = 'Hero' AND p.chances IS NOT NULL AND h.kind = 'cash' GROUP BY 1"""))
    assert {m["month"]: m["hands"] for m in months} == expected
    failed = _q(dashboard_db, """SELECT count(*) FROM verdicts v JOIN hand_players p
        USING (site, hand_id) JOIN hands h USING (site, hand_id)
        WHERE p.player = 'Hero' AND h.kind = 'cash' AND v.status = 'failed'""")[0][0]
    assert sum(m["failed"] for m in months) == failed > 0
    found = dict(_q(dashboard_db, """SELECT x.code, count(*) FROM audit_findings x
        JOIN hand_players p ON p.site = x.site AND p.hand_id = x.hand_id
        JOIN hands h ON h.site = x.site AND h.hand_id = x.hand_id
        WHERE p.player = 'Hero' AND p.chances IS NOT NULL AND h.kind = 'cash' GROUP BY 1"""))
    said: dict[str, int] = {}
    for m in months:
        for code, n in m["findings"].items():
            said[code] = said.get(code, 0) + n
    assert said == found and found
    vpip = _q(dashboard_db, """SELECT sum(s.vpip_chance::INT) FROM player_hand_stats s
        JOIN hands h USING (site, hand_id) WHERE s.player = 'Hero' AND h.kind = 'cash'""")[0][0]
    assert sum(m["vpip_chances"] for m in months) == vpip


@pytest.mark.parametrize("argv,status,said", [
    (["--player", "Hero", "--month", "2026-13"], 2, "not YYYY-MM"),
    (["--player", "nobody here"], 1, "no cash hands of 'nobody here'"),
])
def test_what_the_card_cannot_show_is_said(dashboard_db, capsys, argv, status, said):
    capsys.readouterr()
    assert main(["report-card", *argv, "--db", str(dashboard_db)]) == status
    assert said in capsys.readouterr().err


def test_the_coach_page(dashboard_db, monkeypatch):
    at = run_page(dashboard_db, "coach", monkeypatch, {"player": "Hero", "game": "cash"})
    (hands,), = _q(dashboard_db, """SELECT count(*) FROM hand_players p JOIN hands h
        USING (site, hand_id) WHERE p.player = 'Hero' AND p.chances IS NOT NULL
        AND h.kind = 'cash'""")
    shown = metrics(at)
    assert shown["Hands"] == f"{hands:,}"
    assert int(shown["Failed verdicts"]) > 0
    assert [w for w in at.warning if "gaps or changes" in w.value]  # the sample has some
    card = next(d.value for d in at.dataframe if "month" in d.value.columns)
    assert card["hands"].sum() == hands
