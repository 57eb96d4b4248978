"""Notes and tags in the replayer (AppTest): written on one action from the page, shown
in the table at that action's frame, and still there after the same files are imported
again and `verify --recheck` reads them once more."""
from __future__ import annotations

import duckdb

import html
import shutil

from pipeline.cli.main import main
from support.apptest import frames_of, run_page, sql


def _frames(at) -> list[dict]:
    (table,) = at.get("iframe")
    return frames_of(table.proto.srcdoc)


def test_a_note_on_an_action_shows_at_that_action_and_survives(dashboard_db, tmp_path,
                                                               monkeypatch):
    db = tmp_path / "h.duckdb"
    shutil.copy(dashboard_db, db)
    (site, hand_id, seq, player), = sql(db, """
        SELECT site, hand_id, seq, player FROM actions WHERE street = 4 AND kind = 'call'
        ORDER BY site, hand_id, seq LIMIT 1""")
    key = f"{site}_{hand_id}"
    at = run_page(db, "hands", monkeypatch, {"hand": f"{site}:{hand_id}"})
    at.selectbox(key=f"mark_on_{key}").set_value(seq)
    at.text_area(key=f"mark_text_{key}").input("too loose <b>here</b>")
    at.text_input(key=f"mark_tags_{key}").input("review, river call")
    next(b for b in at.button if b.label == "Save").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert sql(db, "SELECT seq, text FROM notes WHERE site = ? AND hand_id = ?",
               [site, hand_id]) == [(seq, "too loose <b>here</b>")]
    assert sorted(sql(db, "SELECT seq, tag FROM tags WHERE hand_id = ? AND source = 'user'",
                      [hand_id])) == [
        (seq, "review"), (seq, "river call")]

    def noted() -> list[dict]:
        return [f for f in _frames(at) if any("too loose" in line for line in f["lines"])]

    (frame,) = noted()  # one frame: the call's
    assert html.unescape(frame["text"]).startswith(f"{player} calls")
    assert "Note: too loose &lt;b&gt;here&lt;/b&gt;" in frame["lines"]  # escaped
    tagged = [line for line in frame["lines"] if line.startswith("Tags: ")]
    assert tagged and {"review", "river call"} <= set(tagged[0][6:].split(", "))

    paths = sorted({p for (p,) in sql(db, "SELECT path FROM files")})
    assert main(["import", *paths, "--db", str(db), "--quiet"]) == 0
    assert main(["verify", "--recheck", "--db", str(db)]) == 0
    at.run()
    (again,) = noted()
    assert again["text"] == frame["text"] and again["lines"] == frame["lines"]

    remove = [b for b in at.button if b.label == "remove"]
    assert len(remove) == 2  # the note, and the tags of that action
    remove[0].click().run()
    assert sql(db, "SELECT count(*) FROM notes WHERE hand_id = ?", [hand_id]) == [(0,)]


def test_the_hand_list_filters_by_tag_and_note(dashboard_db, tmp_path, monkeypatch):
    from support.apptest import frame
    db = tmp_path / "h.duckdb"
    shutil.copy(dashboard_db, db)
    chosen = sql(db, "SELECT site, hand_id FROM hands WHERE kind = 'cash' ORDER BY site,"
                     " hand_id LIMIT 3")
    for site, hand_id in chosen[:2]:
        assert main(["tag", "add", "--hand", f"{site}:{hand_id}", "review", "--db", str(db)]) == 0
    site, hand_id = chosen[2]
    assert main(["note", "add", "--hand", f"{site}:{hand_id}", "look", "--db", str(db)]) == 0
    at = run_page(db, "hands", monkeypatch, {"player": "*", "game": "cash", "tag": "review"})
    listed = frame(at, "hand_id", "status")
    assert sorted(listed["hand_id"]) == sorted(h for _, h in chosen[:2])
    at = run_page(db, "hands", monkeypatch, {"player": "*", "game": "cash",
                                             "note": "with a note"})
    assert list(frame(at, "hand_id", "status")["hand_id"]) == [hand_id]


def test_a_players_notes_beside_their_stats(dashboard_db, tmp_path, monkeypatch):
    db = tmp_path / "h.duckdb"
    shutil.copy(dashboard_db, db)
    assert main(["note", "add", "--player", "Hero", "--site", "PokerStars", "tilts <late>",
                 "--db", str(db)]) == 0
    at = run_page(db, "stats", monkeypatch, {"player": "Hero", "game": "cash"})
    shown = [e.proto.body for e in at.get("html") if "Your notes" in e.proto.body]
    assert shown and "tilts &lt;late&gt; <small>(PokerStars" in shown[0]
    at = run_page(db, "stats", monkeypatch, {"player": "kb_grinder", "game": "cash"})
    assert not [e for e in at.get("html") if "Your notes" in e.proto.body]


def test_the_replayer_shares_the_hand(dashboard_db, monkeypatch):
    """Three downloads: the table as one HTML file, the hand as a forum post, the hand as
    PokerStars text (which PokerStars' parser reads back with the same nets); a hand
    the format cannot carry says why instead."""
    from parsers.pokerstars import parse_hand
    from pipeline.export.hands import hand_text
    (site, hand_id), = sql(dashboard_db, "SELECT site, hand_id FROM hands JOIN verdicts "
                                         "USING (site, hand_id) WHERE supported AND status = "
                                         "'ok' AND site <> 'PokerStars' ORDER BY site, hand_id "
                                         "LIMIT 1")
    at = run_page(dashboard_db, "hands", monkeypatch, {"hand": f"{site}:{hand_id}"})
    labels = [b.proto.label for b in at.get("download_button")]
    assert labels == ["Share: the table (.html)", "Share: a forum post (.md)",
                      "Share: PokerStars text (.txt)"]
    con = duckdb.connect(str(dashboard_db), read_only=True)
    try:
        text, why = hand_text(con, "stars", site, hand_id)
    finally:
        con.close()
    nets = dict(sql(dashboard_db, "SELECT player, net FROM hand_players WHERE site = ? AND "
                                  "hand_id = ? AND net <> 0", [site, hand_id]))
    assert why is None and {p: n for p, n in parse_hand(text).nets().items() if n} == nets
    (failed,), = sql(dashboard_db, "SELECT site || ':' || hand_id FROM verdicts WHERE "
                                   "status = 'failed' ORDER BY ALL LIMIT 1")
    at = run_page(dashboard_db, "hands", monkeypatch, {"hand": failed})
    stars = [b for b in at.button if b.label == "Share: PokerStars text"]
    assert stars and stars[0].disabled and "a failed verdict" in stars[0].help
