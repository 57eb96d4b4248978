"""The dashboard's pages through Streamlit's AppTest, against the sample database:
the numbers shown are checked against SQL written here, independently of the app."""
from __future__ import annotations

import html
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import duckdb
import pytest

from support.common import BOLD_NAME, FAILED_HAND, SCRIPT_NAME, dashboard_extra_file
from support.apptest import LOCK_HOLDER, frame, metrics, run_page, sql, texts

PAGES = ("overview", "positions", "starting_hands", "hands", "verification", "import_files")


# the pages' figures: tests/dashboard/test_dashboard_pages.py


# ---- Hands and the replayer

@pytest.mark.slow
def test_replayer_street_by_street(dashboard_db, monkeypatch):
    at = run_page(dashboard_db, "hands", monkeypatch, {"hand": "PokerStars:240000000003"})
    pots = [m.value for m in at.metric if m.label == "Pot before the street"]
    # preflop, flop, turn, river; in the hand's currency
    assert pots == ["0.00 USD", "4.10 USD", "16.10 USD", "16.10 USD"]
    assert [t.label for t in at.tabs] == ["Preflop", "Flop", "Turn", "River",
                                          "Showdown & result"]
    flop = [df.value for df in at.dataframe if "action" in df.value.columns][1]
    assert list(flop["action"]) == ["bets 2.00", "raises to 6.00", "calls 4.00"]
    assert list(flop["pot"]) == [6.10, 12.10, 16.10]
    turn = [df.value for df in at.dataframe if "action" in df.value.columns][2]
    assert list(turn["action"])[-1] == "uncalled bet returned 5.84"
    stacks = [df.value for df in at.dataframe if "stack" in df.value.columns]
    assert dict(zip(stacks[1]["player"], stacks[1]["stack"]))["Hero"] == pytest.approx(11.84)
    results = frame(at, "stack before", "stack after")
    assert dict(zip(results["player"], results["net"]))["Hero"] == pytest.approx(4.05)
    collected = frame(at, "pot", "run", "amount")
    assert sorted(zip(collected["player"], collected["amount"])) == [
        ("Hero", 11.40), ("kb_grinder", 3.90)]
    assert metrics(at)["Verdict"] == "ok"
    raw = [html.unescape(e.proto.body) for e in at.get("html")]
    raw = [t for t in raw if ">PokerStars Hand #240000000003" in t]
    assert raw and "*** SUMMARY ***" in raw[0]
    assert any(c.value.endswith("Hold'em.txt:80") for c in at.caption)


def test_replayer_shows_a_failed_hands_findings(dashboard_db, monkeypatch):
    at = run_page(dashboard_db, "hands", monkeypatch, {"hand": f"PokerStars:{FAILED_HAND}"})
    assert metrics(at)["Verdict"] == "failed"
    listed, = [html.unescape(e.proto.body) for e in at.get("html")
               if 'class="findings"' in e.proto.body]
    stored = sql(dashboard_db, "SELECT code, message FROM findings WHERE hand_id = ?",
                 [FAILED_HAND])
    assert listed.count("<li>") == len(stored) > 0
    for code, message in stored:  # each explanation whole, with its code
        assert f"<b>{code}</b>" in listed and message in listed


def test_replayer_draws_the_table(dashboard_db, monkeypatch):
    """The Hands page with ?hand= draws the table document: one frame per action and
    per street dealt, and the last frame says who collected what (checked against the
    collections table)."""
    from support.apptest import frames_of

    (site, hand_id, currency), = sql(dashboard_db, """
        SELECT site, hand_id, currency FROM hands WHERE len(summary_pots) > 1
        AND len(boards) = 1 ORDER BY site, hand_id LIMIT 1""")
    places = ",.0f" if currency == "chips" else ",.2f"
    at = run_page(dashboard_db, "hands", monkeypatch, {"hand": f"{site}:{hand_id}"})
    (table,) = at.get("iframe")
    frames = frames_of(table.proto.srcdoc)
    (actions,), = sql(dashboard_db, "SELECT count(*) FROM actions WHERE site = ? AND"
                      " hand_id = ? AND street <= 4", [site, hand_id])
    assert len(frames) > actions
    # the pot in the middle names its unit (the hand's currency, or chips)
    import re
    pots = re.findall(r'class=\\"pot\\".*?\\u003ePot (.*?)\\u003c', table.proto.srcdoc)
    assert pots and all(p.endswith(f" {currency}") for p in pots), pots[:3]
    collected = sql(dashboard_db, "SELECT player, amount FROM collections WHERE site = ?"
                    " AND hand_id = ?", [site, hand_id])
    last = " ".join(frames[-1]["lines"])
    for player, amount in collected:
        assert f"{player} collected {amount:{places}}" in last or f"{amount:{places}} from" in last
    assert metrics(at)["Verdict"]
    assert any(h.value == "As the room wrote it" for h in at.subheader)


@pytest.mark.slow
def test_replayer_says_when_the_file_is_gone(dashboard_db, monkeypatch, tmp_path):
    db = tmp_path / "moved.duckdb"
    work = tmp_path / "files"
    extra = dashboard_extra_file(work)
    subprocess.run([str(Path(sys.executable).with_name("handlens")), "import", str(work),
                    "--db", str(db), "--quiet"], check=True, capture_output=True)
    extra.unlink()
    at = run_page(db, "hands", monkeypatch, {"hand": "PokerStars:241000000001"})
    assert any(t.startswith("file no longer there: ") for t in texts(at))
    assert metrics(at)["Verdict"] == "ok"  # the rest comes from the database


# ---- Verification

OMAHA = """PokerStars Hand #259000000001:  Omaha Pot Limit ($0.05/$0.10 USD) - 2026/11/05 21:00:00 ET
Table 'Omaha Table' 6-max Seat #1 is the button
Seat 1: Ann ($10 in chips)
Seat 2: Bob ($10 in chips)
Ann: posts small blind $0.05
Bob: posts big blind $0.10
*** HOLE CARDS ***
Ann: folds
Uncalled bet ($0.05) returned to Bob
Bob collected $0.10 from pot
*** SUMMARY ***
Total pot $0.10 | Rake $0
Seat 1: Ann (button) (small blind) folded before Flop
Seat 2: Bob (big blind) collected ($0.10)

"""


def test_verification_of_all_players(dashboard_db, monkeypatch, tmp_path):
    from pipeline.cli.main import main
    from pipeline.read import queries
    db = tmp_path / "with_omaha.duckdb"
    shutil.copy(dashboard_db, db)
    (tmp_path / "omaha").mkdir()
    (tmp_path / "omaha" / "omaha.txt").write_text(OMAHA, "utf-8")
    assert main(["import", str(tmp_path / "omaha"), "--db", str(db), "--quiet"]) == 0
    at = run_page(db, "verification", monkeypatch)
    at.selectbox(key="f_player").set_value("\x00all").run()
    for kind in ("cash", "tournament"):  # (each hand's kind from its text: tests/parsers)
        at.radio(key="f_kind").set_value(kind).run()
        (hands,), = sql(db, "SELECT count(*) FROM verdicts JOIN hands"
                            " USING (site, hand_id) WHERE kind = ?", [kind])
        assert metrics(at)["Hands verified"] == f"{hands:,}"
    # over every kind: another game's hand is counted as unsupported, not as verified
    con = duckdb.connect(str(db), read_only=True)
    try:
        every = queries.verification(con, queries.Filters(kind=None))
    finally:
        con.close()
    (supported, other), = sql(db, "SELECT count(*) FILTER (supported),"
                                  " count(*) FILTER (NOT supported) FROM hands")
    assert other == 1 and every["status"]["unsupported"] == 1
    assert every["hands"] == supported


# ---- Import

@pytest.mark.slow
def test_import_a_folder_and_an_upload(dashboard_db, monkeypatch, tmp_path):
    db = tmp_path / "copy.duckdb"
    shutil.copy(dashboard_db, db)
    (before,), = sql(db, "SELECT count(*) FROM hands")
    folder = tmp_path / "new"
    text = dashboard_extra_file(folder).read_text("utf-8").replace("#2410000000", "#2420000000")
    (folder / "HH20261104 Alcor II - $0.05-$0.10 - USD No Limit Hold'em.txt").write_text(text)
    at = run_page(db, "import_files", monkeypatch)
    at.text_input(key="folder").input(str(folder))
    at.button(key="import").click().run(timeout=120)
    assert not at.exception and not at.error, [e.value for e in at.error]
    shown = metrics(at)
    assert (shown["Files"], shown["New hands"], shown["Parse errors"]) == ("1", "4", "0")
    bar, = at.get("progress")  # fed by the import's progress lines
    assert (bar.proto.value, bar.proto.text) == (100, "4 new hands")
    assert sql(db, "SELECT count(*) FROM hands")[0][0] == before + 4

    upload = text.replace("#2420000000", "#2430000000").encode()
    at.file_uploader(key="uploads").set_value(("../../escape.txt", upload, "text/plain"))
    at.button(key="import").click().run(timeout=120)
    assert not at.exception and not at.error, [e.value for e in at.error]
    assert metrics(at)["New hands"] == "4"
    assert metrics(at)["Files"] == "2"  # the upload, and the folder again (unchanged)
    kept = tmp_path / "copy-uploads" / "escape.txt"
    assert kept.read_bytes() == upload  # kept beside the database, never outside it
    (path,), = sql(db, "SELECT path FROM files WHERE path LIKE '%escape.txt'")
    assert Path(path) == kept.resolve()

    at.switch_page("views/overview.py").run()  # the new hands show at once
    (hero_hands,), = sql(db, "SELECT count(*) FROM player_hand_flags s JOIN hands h"
                             " USING (site, hand_id) WHERE s.player = 'Hero'"
                             " AND h.kind = 'cash'")  # (the page shows cash games)
    assert metrics(at)["Hands"] == f"{hero_hands:,}"


@pytest.mark.slow
def test_import_computes_preflop_equity(dashboard_db, monkeypatch, tmp_path):
    from support.hands import THREE_WAY_PREFLOP
    db = tmp_path / "copy.duckdb"
    shutil.copy(dashboard_db, db)
    folder = tmp_path / "allin"
    folder.mkdir()
    (folder / "three-way.txt").write_text(THREE_WAY_PREFLOP, encoding="utf-8")
    pending = "SELECT count(DISTINCT hand_id) FROM player_hand_flags WHERE allin_adj_net IS NULL"
    at = run_page(db, "import_files", monkeypatch)
    at.text_input(key="folder").input(str(folder))
    at.button(key="import").click().run(timeout=600)
    assert not at.exception and not at.error, [e.value for e in at.error]
    assert metrics(at)["New hands"] == "1"
    bar, = at.get("progress")
    assert (bar.proto.value, bar.proto.text) == (100, "1 new hands")
    assert sql(db, pending) == [(0,)]
    (filled,), = sql(db, "SELECT count(*) FROM player_hand_flags WHERE hand_id = '240000009001'"
                         " AND allin_adj_net <> net")
    assert filled == 3  # all three players' equity-shared pots, not their plain net
    assert not any("count at their plain net" in str(i.value) for i in at.info)


def test_import_names_a_missing_folder(dashboard_db, monkeypatch, tmp_path):
    at = run_page(dashboard_db, "import_files", monkeypatch)
    at.text_input(key="folder").input(str(tmp_path / "nowhere"))
    at.button(key="import").click().run()
    assert at.error[0].value == "No such file or folder:"
    assert str(tmp_path / "nowhere") in texts(at)


# ---- Text is shown as text

def test_player_names_show_literally(dashboard_db, monkeypatch):
    for name in (SCRIPT_NAME, BOLD_NAME):
        at = run_page(dashboard_db, "hands", monkeypatch)
        at.selectbox(key="f_player").set_value(name).run()
        assert not at.exception
        assert f"{name} · cash games" in texts(at)
        listed = frame(at, "hand_id", "stakes")
        assert set(listed["hand_id"]) == {h for (h,) in sql(
            dashboard_db, "SELECT hand_id FROM player_hand_flags WHERE player = ?", [name])}
        # never through Markdown or HTML: no element of those kinds holds the name
        for kind in ("markdown", "caption", "title", "header", "subheader", "info",
                     "warning", "error", "success"):
            for element in getattr(at, kind):
                assert name not in str(element.value), (kind, element.value)
        stacks = [df.value for df in at.dataframe if "stack" in df.value.columns][0]
        assert name in set(stacks["player"])


# ---- An import writing, no database, another version's database


def test_an_import_writing_shows_the_last_figures(dashboard_db, monkeypatch, tmp_path):
    db = tmp_path / "locked.duckdb"
    shutil.copy(dashboard_db, db)
    at = run_page(db, "overview", monkeypatch)
    before = metrics(at)
    holder = subprocess.Popen([sys.executable, "-c", LOCK_HOLDER, str(db)],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "locked"
        os.utime(db)  # the file changed: the cached figures are no longer current
        started = time.perf_counter()
        at.run()
        assert time.perf_counter() - started < 5
        assert not at.exception and not at.error
        assert metrics(at) == before  # the last figures
        assert any("An import is writing" in i.value for i in at.info)

        at.selectbox(key="f_player").set_value(BOLD_NAME).run()  # nothing cached for it
        assert not at.exception and not at.error
        assert any("An import is writing" in i.value for i in at.info)
    finally:
        holder.communicate("\n", timeout=30)
    at.run()  # the import is done: fresh figures, no notice
    assert not at.exception and not at.info
    assert f"{BOLD_NAME} · cash games" in texts(at)
    (hands,), = sql(db, "SELECT count(*) FROM player_hand_flags WHERE player = ?", [BOLD_NAME])
    assert metrics(at)["Hands"] == f"{hands:,}"


def test_no_database_yet(monkeypatch, tmp_path):
    at = run_page(tmp_path / "none.duckdb", "overview", monkeypatch)
    assert "no database here yet" in at.info[0].value
    at = run_page(tmp_path / "none.duckdb", "import_files", monkeypatch)
    assert at.button(key="import")


@pytest.mark.parametrize("page", PAGES)
def test_an_empty_database(monkeypatch, tmp_path, page):
    from pipeline.store.database import Store
    Store(tmp_path / "empty.duckdb").close()
    at = run_page(tmp_path / "empty.duckdb", page, monkeypatch)
    assert not at.error
    if page in ("overview", "positions"):
        assert at.info[0].value == "No hands match these filters."


def test_another_versions_database(monkeypatch, tmp_path):
    db = tmp_path / "old.duckdb"
    con = duckdb.connect(str(db))
    con.execute("CREATE TABLE meta (key VARCHAR, value VARCHAR)")
    con.execute("INSERT INTO meta VALUES ('schema', '0')")
    con.close()
    at = run_page(db, "overview", monkeypatch)
    assert "another version of handlens" in at.error[0].value


@pytest.mark.parametrize("damage", ("garbage", "truncated"))
def test_a_damaged_database_is_one_line_not_a_traceback(dashboard_db, monkeypatch, tmp_path,
                                                        damage):
    db = tmp_path / "damaged.duckdb"
    if damage == "garbage":
        db.write_bytes(b"this is no database at all\n" * 200)
    else:  # a copy cut off half way (a disk that filled up, a copy interrupted)
        data = Path(dashboard_db).read_bytes()
        db.write_bytes(data[: len(data) // 2])
    at = run_page(db, "overview", monkeypatch)
    assert not at.exception, at.exception[0].message if at.exception else ""
    assert at.error and f"handlens cannot read {db}" in at.error[0].value
    assert "\n" not in at.error[0].value and "Traceback" not in at.error[0].value


@pytest.mark.parametrize("page", PAGES)
def test_every_page_runs(dashboard_db, monkeypatch, page):
    at = run_page(dashboard_db, page, monkeypatch)
    assert at.title[0].value.replace(" ", "_").lower() in (page, "import")


# ---- every room

def test_every_room_imported_is_offered_and_shown(dashboard_db, monkeypatch):
    """sample_histories mixes every room read: the Room filter offers each, and the
    hand list of one room shows that room's hands and no other's."""
    rooms = sorted(r for (r,) in sql(dashboard_db, "SELECT DISTINCT site FROM hands"))
    assert {"PokerStars", "GGPoker", "888poker", "Winamax", "PartyPoker"} <= set(rooms)
    at = run_page(dashboard_db, "hands", monkeypatch)
    room_filter = at.multiselect(key="f_sites")
    assert sorted(room_filter.options) == rooms
    from dashboard.sidebar import ALL_PLAYERS
    at.selectbox(key="f_player").set_value(ALL_PLAYERS)
    room_filter.set_value(["Winamax"]).run()
    assert not at.exception
    listed = frame(at, "hand_id", "stakes")
    winamax = {h for (h,) in sql(dashboard_db, "SELECT hand_id FROM hands WHERE site = 'Winamax'"
                                               " AND tournament_id IS NULL AND supported")}
    assert set(listed["hand_id"]) == winamax


def test_the_game_choice_counts_the_chosen_players_hands_in_the_chosen_rooms(
        dashboard_db, monkeypatch):
    at = run_page(dashboard_db, "overview", monkeypatch)
    at.selectbox(key="f_player").set_value(BOLD_NAME).run()
    (cash,), = sql(dashboard_db, "SELECT count(*) FROM player_hand_flags"
                                 " WHERE player = ? AND kind = 'cash'", [BOLD_NAME])
    (everyone,), = sql(dashboard_db, "SELECT count(*) FROM hands"
                                     " WHERE supported AND kind = 'cash'")
    assert cash < everyone
    assert f"Cash games ({cash:,})" in at.radio(key="f_kind").options
    at.selectbox(key="f_player").set_value("\x00all").run()
    (site, n), = sql(dashboard_db, "SELECT site, count(*) FROM hands WHERE supported AND"
                                   " kind = 'cash' GROUP BY site ORDER BY count(*) LIMIT 1")
    at.multiselect(key="f_sites").set_value([site]).run()
    assert f"Cash games ({n:,})" in at.radio(key="f_kind").options


def test_the_replayers_tables_never_show_none(dashboard_db, monkeypatch):
    """Every table of the replayer that holds an empty cell draws it as "–", and no
    column is without a name."""
    at = run_page(dashboard_db, "hands", monkeypatch, {"hand": f"PokerStars:{FAILED_HAND}"})
    with_gaps = 0
    for df in at.dataframe:
        frame_ = df.value
        assert all(str(c).strip() for c in frame_.columns), list(frame_.columns)
        if frame_.isna().any().any():
            with_gaps += 1
            assert df.proto.placeholder == "–", list(frame_.columns)
    assert with_gaps, "the failed hand's tables hold empty cells (its findings' actions)"


def test_the_hands_page_keeps_its_filters_when_you_come_back(dashboard_db, monkeypatch):
    at = run_page(dashboard_db, "hands", monkeypatch)
    at.selectbox(key="list_status").set_value("failed").run()
    at.radio(key="list_order").set_value("ascending").run()
    at.switch_page("views/overview.py").run()
    assert not at.exception
    at.switch_page("views/hands.py").run()
    assert not at.exception
    assert at.selectbox(key="list_status").value == "failed"
    assert at.radio(key="list_order").value == "ascending"
    listed = frame(at, "hand_id", "status")
    assert set(listed["status"]) == {"failed"}


def test_the_replayer_says_what_its_amounts_are_in(dashboard_db, monkeypatch):
    (site, hand_id), = sql(dashboard_db, "SELECT site, hand_id FROM hands WHERE supported"
                                         " AND tournament_id IS NOT NULL LIMIT 1")
    at = run_page(dashboard_db, "hands", monkeypatch, {"hand": f"{site}:{hand_id}"})
    pots = [m.value for m in at.metric if m.label == "Pot before the street"]
    assert pots and all(p.endswith(" chips") for p in pots)  # a tournament's: chips
    assert any(m.value == "**Result** (in chips)" for m in at.markdown)
