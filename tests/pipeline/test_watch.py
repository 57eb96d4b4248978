"""``handlens watch`` (pipeline/ingest/watch.py, folders.py, cli/watch.py): files written
into a watched folder the way a client writes them are imported as they arrive, and
the database is read meanwhile. Counts come from the hand text written (hand headers),
not from the project's tables."""
from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pipeline.cli.main import main
from pipeline.ingest import folders
from pipeline.ingest.watch import Watcher

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "sample_histories"
STARS = sorted((SAMPLES / "simulated").glob("*.txt"))
GG = SAMPLES / "ggpoker" / "GG20261105 - Handwritten - cash.txt"
HEADER = {"stars": re.compile(r"^PokerStars Hand #", re.M), "gg": re.compile(r"^Poker Hand #", re.M)}
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}
CLI = [sys.executable, "-m", "pipeline.cli"]


def _hands(text: str) -> list[str]:
    """A file's hands as written (each with the blank lines after it)."""
    starts = [m.start() for m in re.finditer(r"^(?:PokerStars Hand #|Poker Hand #)", text,
                                             re.M)]
    return [text[a:b] for a, b in zip(starts, starts[1:] + [len(text)])]


def _count(db: Path) -> int:
    """Hands in the database, read by another process as any reader would (it asks
    the writer for the file)."""
    code = ("import sys; sys.path.insert(0, sys.argv[2]);"
            "from pipeline.store.database import connect;"
            "c = connect(sys.argv[1], read_only=True, wait=10);"
            "print(c.execute('SELECT count(*) FROM hands').fetchall()[0][0])")
    out = subprocess.run([sys.executable, "-c", code, str(db), str(ROOT)],
                         capture_output=True, text=True, check=True)
    return int(out.stdout)


def _until(db: Path, expected: int, within: float) -> float:
    """Seconds until the database holds ``expected`` hands; fails after ``within``."""
    start = time.monotonic()
    while True:
        n = _count(db) if db.exists() else 0
        if n == expected:
            return time.monotonic() - start
        assert n < expected, f"{n} hands stored, only {expected} whole ones written"
        if time.monotonic() - start > within:
            pytest.fail(f"{n} of {expected} whole hands stored after {within:.0f} s")
        time.sleep(0.2)


def test_hands_written_as_a_client_writes_them_arrive_within_seconds(tmp_path):
    """Two tables written at once, line by line and flushed, the last hand of one
    cut off for a while: every whole hand is stored within 10 s of being written,
    and `handlens stats` answers during the writing every time."""
    if not STARS or not GG.exists():
        pytest.skip("sample_histories has no simulated PokerStars or GGPoker file")
    folder, db = tmp_path / "HandHistory", tmp_path / "h.duckdb"
    folder.mkdir()
    watch = subprocess.Popen(CLI + ["watch", str(folder), "--db", str(db), "--poll", "2"],
                             env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True)
    try:
        stars = _hands(STARS[0].read_text("utf-8"))[:40]
        gg = _hands(GG.read_text("utf-8"))[:12]
        a, b = (folder / "Table A.txt").open("w"), (folder / "GG Table B.txt").open("w")
        whole = 0
        for i in range(max(len(stars), len(gg))):
            for f, hands in ((a, stars), (b, gg)):
                if i < len(hands):
                    lines = hands[i].splitlines(keepends=True)
                    if f is a and i == len(stars) - 1:  # the last: cut off for a while
                        cut = len(lines) // 2
                        for line in lines[:cut]:
                            f.write(line)
                            f.flush()
                        lines = lines[cut:]
                        held = lines
                        continue
                    for line in lines:
                        f.write(line)
                        f.flush()
                    whole += 1
            if i % 10 == 9:  # now and then: is everything written so far in?
                _until(db, whole, within=10)
                stats = subprocess.run(CLI + ["stats", "--db", str(db), "--wait", "10"],
                                       env=ENV, capture_output=True, text=True, timeout=60)
                assert stats.returncode == 0, stats.stderr
        assert whole == len(stars) - 1 + len(gg)
        _until(db, whole, within=10)
        time.sleep(2.5)  # the cut-off hand waits (a poll has passed): still not stored
        assert _count(db) == whole
        for line in held:  # the rest of it arrives
            a.write(line)
            a.flush()
        _until(db, whole + 1, within=10)
        a.close()
        b.close()
    finally:
        watch.send_signal(signal.SIGINT)
        out, err = watch.communicate(timeout=60)
    assert watch.returncode == 0, err
    assert "watch stopped" in out
    batches = [line for line in out.splitlines() if re.match(r"\d\d:\d\d:\d\d  \+", line)]
    assert batches and sum(int(re.match(r"\S+  \+(\d+)", line)[1]) for line in batches) \
        == whole + 1  # one line a batch, their hands adding up to all written


@pytest.fixture()
def watched(tmp_path):
    """(a folder to watch, a database beside it, the simulated file's hands)."""
    if not STARS:
        pytest.skip("sample_histories has no simulated PokerStars file")
    folder, db = tmp_path / "hh", tmp_path / "h.duckdb"
    folder.mkdir()
    return folder, db, _hands(STARS[0].read_text("utf-8-sig"))


def test_a_restart_imports_what_was_written_meanwhile(watched):
    folder, db, hands = watched
    (folder / "t.txt").write_text("".join(hands[:5]), "utf-8")
    Watcher(db, [folder]).step(scan=True)
    assert _count(db) == 5
    with (folder / "t.txt").open("a", encoding="utf-8") as f:  # while no watch ran
        f.write("".join(hands[5:9]))
    watcher = Watcher(db, [folder])
    batch = watcher.step(scan=True)
    assert batch.summary.hands_new == 4 and _count(db) == 9
    assert watcher.step(scan=True) is None  # nothing changed: nothing read


def test_a_look_through_the_folders_finds_what_no_event_told(tmp_path):
    """Polling alone (no observer: a network drive): a file appears, the next look
    imports it; the database's own files in the folder are never read as hands."""
    if not STARS:
        pytest.skip("sample_histories has no simulated PokerStars file")
    folder = tmp_path / "hh"
    folder.mkdir()
    db = folder / "inside.duckdb"  # the database inside the watched folder
    watcher = Watcher(db, [folder], audit_after=0)
    assert watcher.step(scan=True) is None
    text = STARS[0].read_text("utf-8")
    (folder / "new.txt").write_text(text, "utf-8")
    batch = watcher.step(scan=True)
    assert [p.name for p in batch.files] == ["new.txt"]
    assert batch.summary.hands_new == len(HEADER["stars"].findall(text))
    assert watcher.step(scan=True) is None  # the db, its .wal and requests: not hands
    assert not watcher._unaudited  # quiet (audit_after=0): the audit has run


def test_a_failed_batch_is_said_and_tried_again(tmp_path):
    folder, db = tmp_path / "hh", tmp_path / "h.duckdb"
    folder.mkdir()
    db.write_text("not a database")
    said = []
    watcher = Watcher(db, [folder], on_error=said.append)
    (folder / "a.txt").write_text("PokerStars Hand #1: nothing more\n", "utf-8")
    assert watcher.step(scan=True) is None and said and "tried again" in said[0]
    assert watcher.seen == {}  # looked at again next time


# ------------------------------------------------------------------ folders and config
def test_client_folders_on_each_system(tmp_path):
    stars = [f for f in folders.client_folders("win32", {"LOCALAPPDATA": r"C:\Users\a\AppData\Local",
                                                          "APPDATA": r"C:\Users\a\AppData\Roaming",
                                                          "USERPROFILE": r"C:\Users\a"}, tmp_path)
             if f.source.startswith("PokerStars")]
    assert stars, "PokerStars declares its client's folder on Windows"
    assert all("AppData" in str(f.path) for f in stars)
    mac = folders.client_folders("darwin", {}, tmp_path)
    assert mac and all(str(f.path).startswith(str(tmp_path)) for f in mac)
    # Linux: inside each Wine prefix (a user's profile, or the drive), and a native
    # client's own folder under the home folder
    user = tmp_path / ".wine" / "drive_c" / "users" / "me"
    user.mkdir(parents=True)
    wine = folders.client_folders("linux", {}, tmp_path)
    assert user / "AppData/Local/PokerStars/HandHistory" in [f.path for f in wine]
    assert all(f.path.is_relative_to(tmp_path / ".wine" / "drive_c")
               or f.path.is_relative_to(tmp_path / ".config") for f in wine)
    assert not any("<" in str(f.path) for f in wine)  # an account's name: watched above it
    bare = folders.client_folders("linux", {}, tmp_path / "nowine")
    assert bare and not any(".wine" in str(f.path) for f in bare)


def test_watch_add_list_remove(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv(folders.CONFIG_ENV, str(tmp_path / "cfg" / "handlens.toml"))
    hh = tmp_path / "My Hands"
    hh.mkdir()
    assert main(["watch", "--add", str(hh), str(tmp_path / "later")]) == 0
    assert folders.configured() == [hh, tmp_path / "later"]
    assert main(["watch", "--list"]) == 0
    out = capsys.readouterr().out
    assert f"watched  {hh}" in out and f"absent   {tmp_path / 'later'}" in out
    assert [f.path for f in folders.default_folders() if f.source == "handlens.toml"] == \
        [hh, tmp_path / "later"]
    assert main(["watch", "--remove", str(tmp_path / "later")]) == 0
    assert folders.configured() == [hh]


def test_a_broken_config_is_said_in_one_line(tmp_path, monkeypatch, capsys):
    config = tmp_path / "handlens.toml"
    config.write_text("[watch\nfolders = 3", "utf-8")
    monkeypatch.setenv(folders.CONFIG_ENV, str(config))
    assert main(["watch", "--list"]) != 0
    err = capsys.readouterr().err
    assert str(config) in err and "Traceback" not in err


def test_watch_with_nothing_to_watch_says_what_to_do(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv(folders.CONFIG_ENV, str(tmp_path / "none.toml"))
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setattr(folders, "client_folders", lambda *a, **k: [])
    assert main(["watch", "--db", str(tmp_path / "h.duckdb")]) == 2
    assert "--add PATH" in capsys.readouterr().err
    assert main(["watch", str(tmp_path / "missing")]) == 2


def test_dashboard_help_names_every_page(capsys):
    titles = re.findall(r'st\.Page\("views/\w+\.py", title="([^"]+)"',
                        (ROOT / "dashboard" / "app.py").read_text("utf-8"))
    assert len(titles) >= 10
    with pytest.raises(SystemExit):
        main(["dashboard", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    missing = [t for t in titles if t not in text]
    assert not missing, f"dashboard --help does not name {missing}"
    assert "--watch" in text


def test_rooms_md_lists_every_declared_client_folder():
    from parsers.registry import rooms
    text = (ROOT / "docs" / "ROOMS.md").read_text("utf-8")
    section = text[text.index("## Where the clients write"):]
    missing = [(r.name, p) for r in rooms() for ps in r.client_folders.values() for p in ps
               if f"`{p}`" not in section]
    assert not missing, f"docs/ROOMS.md does not list {missing}"


@pytest.mark.slow
def test_a_changed_line_form_in_a_watched_file_raises_the_drift_notice(watched):
    folder, db, hands = watched
    for i in range(12):  # the room's usual files
        (folder / f"a{i:02}.txt").write_text("".join(hands[i * 10:(i + 1) * 10]), "utf-8")
    watch = subprocess.Popen(CLI + ["watch", str(folder), "--db", str(db), "--poll", "1"],
                             env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True)
    try:
        _until(db, 120, within=30)
        changed = "".join(hands[120:140]).replace(": folds", ": passes after 3s")
        (folder / "z_new.txt").write_text(changed, "utf-8")
        time.sleep(4)
    finally:
        watch.send_signal(signal.SIGINT)
        out, err = watch.communicate(timeout=60)
    assert watch.returncode == 0, err
    notice = [line for line in out.splitlines() if "format drift: pokerstars" in line]
    assert notice and "'<name>: passes after 9s'" in notice[0], out
    players = set(re.findall(r"^Seat \d+: (.+?) \(.* in chips", changed, re.M))
    assert not any(re.search(rf"(?<!\w){re.escape(p)}(?!\w)", notice[0]) for p in players)
