"""Aliases (`handlens alias`, pipeline/store/aliases.py): one person behind screen names in
two rooms (the hand-written GGPoker and PokerStars samples). The person's stats, Compare
column, report and report card are those of both names together, counted against the
hand texts and the two names' own figures; aliases survive importing the files again;
a dataset's notes, tags and aliases live in a file of its own beside it."""
from __future__ import annotations

import contextlib
import io
import json
import re
from pathlib import Path

import duckdb
import pytest

from support.common import SAMPLES, import_paths, query
from pipeline.read.queries import Filters
from pipeline.read.reports import compare
from pipeline.read.report_card import report_card

GG, STARS = SAMPLES / "ggpoker", SAMPLES / "pokerstars"
# the person's names: the hero of the GGPoker files, a regular of the PokerStars ones
NAMES = (("GGPoker", "Hero", GG), ("PokerStars", "Tanzanite", STARS))


def _cli(*args: str) -> tuple[int, str, str]:
    from pipeline.cli.main import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(args))
    return code, out.getvalue(), err.getvalue()


def _seated_in(folder: Path, name: str) -> int:
    """Hands whose text seats ``name`` (not sitting out): the hand text's own count."""
    n = 0
    for path in folder.glob("*.txt"):
        text = path.read_text("utf-8-sig")
        for hand in re.split(r"\n\s*\n(?=\S)", text):
            if re.search(rf"^Seat \d+: {re.escape(name)} \((?!.*sitting out)", hand,
                         re.MULTILINE) and "Hold'em" in hand.split("\n", 1)[0]:
                n += 1
    return n


@pytest.fixture(scope="module")
def db(tmp_path_factory) -> Path:
    db = tmp_path_factory.mktemp("aliases") / "two-rooms.duckdb"
    import_paths(db, GG, STARS)
    for site, name, _ in NAMES:
        code, _, err = _cli("alias", "add", "Student", name, "--site", site, "--db", str(db))
        assert code == 0, err
    return db


def _con(db: Path):
    return duckdb.connect(str(db), read_only=True)


def test_a_person_has_the_hands_of_every_name(db):
    code, out, _ = _cli("stats", "--db", str(db), "--player", "Student", "--by", "stakes",
                        "--format", "json", "--kind", "cash")
    rows = json.loads(out)["rows"]
    hands = sum(r["hands"] for r in rows)
    each = {}
    for site, name, folder in NAMES:
        (each[name],), = query(db, "SELECT count(*) FROM player_hand_stats WHERE site = ? "
                                   "AND player = ? AND kind = 'cash'", [site, name])
    assert hands == sum(each.values()) and all(each.values())
    # ... which the texts count too (cash and tournament hands alike)
    (stored,), = query(db, "SELECT count(*) FROM player_hand_stats s WHERE (s.site, s.player)"
                           " IN (SELECT site, player FROM aliases WHERE person = 'Student')")
    assert stored == sum(_seated_in(folder, name) for _, name, folder in NAMES)
    # the PokerStars hero, of the same name as the GGPoker one, is not the person's
    from pipeline.read.queries import ROWS, player_where
    where, params = player_where(Filters(player="Student", kind="cash"))
    (hero_ps,), = query(db, "SELECT count(*) FROM player_hand_stats WHERE site = 'PokerStars'"
                            " AND player = 'Hero' AND kind = 'cash'")
    (taken,), = query(db, f"SELECT count(*) FILTER (WHERE s.site = 'PokerStars' AND s.player"
                          f" = 'Hero') FROM {ROWS} WHERE {where}", params)
    assert hero_ps and taken == 0


def test_compare_and_the_report_card_add_the_names_up(db):
    con = _con(db)
    try:
        f = Filters(kind="cash")
        side = compare(con, f, ["Student", "Tanzanite"])["players"]
        got = dict(zip(side["player"].to_list(), side["hands"].to_list()))
        nets = dict(zip(side["player"].to_list(), side["net_bb"].to_list()))
        (gg, gg_net), = con.execute("SELECT count(*), sum(net_bb)::DOUBLE FROM "
                                    "player_hand_stats WHERE site = 'GGPoker' AND player = "
                                    "'Hero' AND kind = 'cash'").fetchall()
        assert got["Student"] == got["Tanzanite"] + gg
        assert nets["Student"] == pytest.approx(nets["Tanzanite"] + gg_net)
        card = report_card(con, Filters(player="Student", kind="cash"))
        assert sum(m["hands"] for m in card) == got["Student"]
        alone = report_card(con, Filters(player="Tanzanite", kind="cash"))
        assert sum(m["hands"] for m in alone) == got["Tanzanite"]
    finally:
        con.close()
    code, out, _ = _cli("report-card", "--db", str(db), "--player", "Student", "--json",
                        "--kind", "cash")
    assert code == 0 and sum(m["hands"] for m in json.loads(out)) == got["Student"]


def test_aliases_are_kept_and_refused_where_they_would_mix(db):
    import_paths(db, GG, STARS)  # the same files again
    code, out, _ = _cli("alias", "list", "--db", str(db), "--json")
    assert {(r["site"], r["player"]) for r in json.loads(out)} == {n[:2] for n in NAMES}
    code, _, err = _cli("alias", "add", "Tanzanite", "Hero", "--site", "GGPoker",
                        "--db", str(db))
    assert code == 1 and "is a screen name" in err
    code, _, err = _cli("alias", "add", "Student", "Hero", "--db", str(db))
    assert code == 1 and "several rooms" in err  # Hero plays at both: say which
    code, _, err = _cli("alias", "add", "Student", "nobody-such", "--db", str(db))
    assert code == 1 and "no player" in err


def test_a_datasets_notes_tags_and_aliases_are_its_side_file(tmp_path):
    out = tmp_path / "dataset"
    code, _, err = _cli("import", str(GG), str(STARS), "--out", str(out), "--quiet")
    assert code == 0, err
    from pipeline.dataset.views import MARKS_FILE, open_dataset
    con = open_dataset(str(out), audit=False)
    (site, hand_id), = con.execute("SELECT site, hand_id FROM hands WHERE supported "
                                   "ORDER BY ALL LIMIT 1").fetchall()
    assert con.execute("SELECT count(*) FROM notes").fetchall() == [(0,)]  # none yet
    con.close()
    ref = f"{site}:{hand_id}"
    for args in (("note", "add", "--hand", ref, "a thin call"),
                 ("tag", "add", "review", "--hand", ref, "--action", "3"),
                 ("alias", "add", "Student", "Tanzanite")):
        code, _, err = _cli(*args, "--parquet", str(out))
        assert code == 0, err
    assert (out / MARKS_FILE).is_file()
    code, text, _ = _cli("note", "list", "--parquet", str(out), "--json")
    assert [(n["site"], n["hand_id"], n["text"]) for n in json.loads(text)] == [
        (site, hand_id, "a thin call")]
    code, text, _ = _cli("stats", "--parquet", str(out), "--player", "Student", "--format",
                         "json", "--kind", "cash")
    rows = json.loads(text)["rows"]
    con = open_dataset(str(out), audit=False)
    (alone,), = con.execute("SELECT count(*) FROM player_hand_stats WHERE player = "
                            "'Tanzanite' AND kind = 'cash'").fetchall()
    con.close()
    assert alone and sum(r["hands"] for r in rows) == alone


def test_the_dashboard_offers_and_compares_a_person(db, monkeypatch):
    """The sidebar offers the person (marked so), and Compare sets them beside one of
    their names with the hands of both names."""
    from support.apptest import frame, run_page

    at = run_page(db, "compare", monkeypatch, {"compare": ["Student", "Tanzanite"],
                                               "game": "cash"})
    player = at.sidebar.selectbox(key="f_player")
    assert "Student" in player.options or "Student (person)" in player.options
    shown = frame(at, "player", "hands")
    hands = dict(zip(shown["player"].to_list(), shown["hands"].to_list()))
    (gg,), = query(db, "SELECT count(*) FROM player_hand_stats WHERE site = 'GGPoker' AND "
                       "player = 'Hero' AND kind = 'cash'")
    assert hands["Student"] == hands["Tanzanite"] + gg
