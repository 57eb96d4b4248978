"""Nothing crashes, nothing is lost, nothing impossible is called ok: one test for each
case that once broke an import (issue 9), on real hands of the project's samples.

Each test imports files with the real importer into a real DuckDB file and checks
what a user would see: the summary, the stored hands and their verdicts, the errors.
"""
from __future__ import annotations

import codecs
import os
import re
import subprocess
import sys
import time
from decimal import Decimal
from pathlib import Path

import pytest
from support.common import HANDWRITTEN, query
from support.common import import_paths as run

from parsers.base.split import normalise
from parsers.pokerstars import ROOM as STARS
from parsers.pokerstars import parse_hand
from pipeline.ingest.importer import Importer
from pipeline.ingest.files import discover
from pipeline.store.database import Store

ALCOR = next(HANDWRITTEN.glob("*Alcor*.txt"))
VEGA = next(HANDWRITTEN.glob("*Vega*.txt"))  # fixed limit, one hand
HANDLENS = Path(sys.executable).with_name("handlens")


def alcor() -> list[str]:
    """The four Alcor hands, each ending with its blank lines."""
    text = ALCOR.read_bytes().decode("utf-8-sig").replace("\r\n", "\n")
    return ["PokerStars Hand #" + h for h in text.split("PokerStars Hand #")[1:]]


def imported(tmp_path: Path, *texts: str, name: str = "t.txt", encoding: str = "utf-8"):
    """Import one file made of ``texts``; returns (summary, db)."""
    folder = tmp_path / "in"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_bytes("".join(texts).encode(encoding))
    db = tmp_path / "h.duckdb"
    return run(db, folder), db


def verdict(text: str):
    return STARS.judge(parse_hand(normalise(text)))


def stored(db: Path) -> dict[str, str]:
    """hand id → verdict status."""
    return dict(query(db, "SELECT hand_id, status FROM verdicts"))


def errors(db: Path) -> list[str]:
    return [r for (r,) in query(db, "SELECT reason FROM parse_errors ORDER BY byte_offset")]


# ---------------------------------------------------------------- one bad hand, no crash

@pytest.mark.parametrize("line, new", [
    ("Seat 2: MapleLeaf77 ($12.40 in chips)", "Seat 200: MapleLeaf77 ($12.40 in chips)"),
    ("Table 'Alcor' 6-max Seat #1 is the button", "Table 'Alcor' 6-max Seat #300 is the button"),
    ("Table 'Alcor' 6-max Seat #1 is the button", "Table 'Alcor' 250-max Seat #1 is the button"),
])
def test_a_seat_button_or_table_size_above_127_is_that_hand_s_error(tmp_path, line, new):
    h = alcor()
    s, db = imported(tmp_path, h[0].replace(line, new), *h[1:])
    assert s.hands_new + s.parse_errors == 4 and s.hands_new >= 3
    assert set(stored(db)) >= {"240000000002", "240000000003", "240000000004"}
    assert "240000000001" not in stored(db) or stored(db)["240000000001"] != "ok"


def test_a_hand_of_more_than_32767_actions_is_stored(tmp_path):
    h = alcor()
    checks = "quietriver: checks\n" * 33_000
    long = h[1].replace("*** TURN ***", checks + "*** TURN ***")
    s, db = imported(tmp_path, h[0], long, *h[2:])
    assert (s.hands_new, s.parse_errors) == (4, 0)
    assert stored(db)["240000000002"] == "failed"  # checking out of turn, 33,000 times
    assert query(db, "SELECT max(seq) FROM actions")[0][0] > 32_767


@pytest.mark.parametrize("amount, reason", [
    ("$10000000000000000", "amount out of range"),
    ("$12.405", "amount with more than two decimals"),
])
def test_an_amount_the_store_cannot_hold_is_a_parse_error(tmp_path, amount, reason):
    h = alcor()
    s, db = imported(tmp_path, h[0].replace("$12.40 in chips", f"{amount} in chips"), *h[1:])
    assert (s.hands_new, s.parse_errors) == (3, 1)
    (line, why), = query(db, "SELECT line, reason FROM parse_errors")
    assert line == 4 and why.startswith("bad value: " + reason)


def test_a_fixed_limit_hand_without_its_small_blind_line_is_stored(tmp_path):
    text = VEGA.read_text("utf-8-sig").replace("Zamboni: posts small blind $0.25\n", "")
    text = text.replace("$0.50/$1", "$0.05/$0.10")  # half the small bet: 0.025
    s, db = imported(tmp_path, text)
    assert (s.hands_new, s.parse_errors) == (1, 0)
    assert query(db, "SELECT small_blind FROM hands") == [(Decimal("0.02"),)]


def test_equity_never_runs_on_a_hand_the_replay_refused(tmp_path):
    h = alcor()  # hand 3 is a turn all-in: its adjusted net needs the players' cards
    dup = h[2].replace("kb_grinder: shows [Tc 8c]", "kb_grinder: shows [Qh 8c]").replace(
        "showed [Tc 8c]", "showed [Qh 8c]")
    three = h[2].replace("Dealt to Hero [Qh Qd]", "Dealt to Hero [Qh Qd 2d]")
    for text, code in ((dup, "DUPLICATE_CARD"), (three, "BAD_HOLE_CARDS")):
        s, db = imported(tmp_path / code, text)
        assert (s.hands_new, s.parse_errors) == (1, 0)
        assert stored(db) == {"240000000003": "failed"}
        assert query(db, "SELECT count(*) FROM findings WHERE code = ?", [code]) == [(1,)]
        assert query(db, "SELECT count(*) FROM hand_players WHERE allin_adj_net <> net") == [(0,)]


def test_an_action_after_the_showdown_line(tmp_path):
    """The grammar puts the streets in order: betting after the showdown is out of
    place; and a Hand that holds such an action anyway fails the replay."""
    import dataclasses

    from engine.model.hand import Street
    h = alcor()
    late = h[1].replace("*** SHOW DOWN ***\n", "*** SHOW DOWN ***\nkb_grinder: bets $1\n")
    s, db = imported(tmp_path, h[0], late, *h[2:])
    assert (s.hands_new, s.parse_errors) == (3, 1)
    assert errors(db) == ["line out of place (BET): kb_grinder: bets $1"]
    hand = parse_hand(normalise(h[1]))
    bet = hand.actions[-1]._replace(street=Street.SHOWDOWN, kind="bet")
    v = STARS.judge(dataclasses.replace(hand, actions=hand.actions + (bet,)))
    assert v.status == "failed" and "OUT_OF_TURN" in v.codes


def test_rake_on_a_pot_nobody_put_anything_in(tmp_path):
    h = alcor()
    odd = h[3].replace("OldOakTree: posts big blind $0.10", "OldOakTree: posts big blind $0") \
        .replace("kb_grinder: posts small blind $0.05\n", "") \
        .replace("Uncalled bet ($0.05) returned to OldOakTree\n", "") \
        .replace("Total pot $0.10 | Rake $0", "Total pot $0 | Rake $0.10")
    s, db = imported(tmp_path, h[0], odd)
    assert (s.hands_new, s.parse_errors) == (2, 0)
    assert stored(db)["240000000004"] == "failed"


def test_a_file_that_cannot_be_read_is_reported_and_the_import_goes_on(tmp_path, monkeypatch):
    folder = tmp_path / "in"
    folder.mkdir()
    good, locked = folder / "a.txt", folder / "b.txt"
    good.write_text("".join(alcor()))
    locked.write_text("".join(alcor()))
    fifo = folder / "pipe.txt"
    os.mkfifo(fifo)
    (folder / "gone.txt").symlink_to(folder / "nowhere.txt")  # a file deleted meanwhile
    real = Path.open

    def open_(self, *args, **kwargs):  # the tests run as root, whom chmod does not stop
        if self.name == "b.txt":
            raise PermissionError(13, "Permission denied", str(self))
        return real(self, *args, **kwargs)

    monkeypatch.setattr(Path, "open", open_)
    s = run(tmp_path / "h.duckdb", folder)
    assert s.hands_new == 4
    why = dict(s.files_unreadable)
    assert why == {str(locked): "Permission denied", str(fifo): "not a regular file (a FIFO)",
                   str(folder / "gone.txt"): "No such file or directory"}


def test_a_file_deleted_while_the_import_runs(tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    for name in ("a.txt", "b.txt"):
        (folder / name).write_text("".join(alcor()).replace("#2400", f"#{ord(name[0])}"))
    files = discover([folder])
    (folder / "a.txt").unlink()
    store = Store(tmp_path / "h.duckdb")
    s = Importer(store, 1).run(files)
    store.close()
    assert s.hands_new == 4
    assert s.files_unreadable == [(str(folder / "a.txt"), "No such file or directory")]


# ---------------------------------------------------------------- nothing lost silently

def test_more_than_8_kb_before_the_first_hand(tmp_path):
    notes = "my notes about tonight's session\n" * 400  # 13 KB
    s, db = imported(tmp_path, notes, *alcor())
    assert s.hands_new == 4
    assert s.errors_by_reason == {"text before the first hand": 1}


@pytest.mark.parametrize("encoding", ["utf-16-be", "utf-16-le"])
def test_utf16_without_a_bom(tmp_path, encoding):
    text = "".join(alcor()).replace("kb_grinder", "kb_grïnder").replace("\n", "\r\n")
    s, db = imported(tmp_path, text, encoding=encoding)
    assert (s.hands_new, s.parse_errors) == (4, 0)
    assert query(db, "SELECT count(*) FROM hand_players WHERE player = 'kb_grïnder'") == [(4,)]


def test_an_unreadable_sub_folder_is_reported(tmp_path, monkeypatch):
    folder = tmp_path / "in"
    (folder / "locked").mkdir(parents=True)
    (folder / "a.txt").write_text("".join(alcor()))
    (folder / "locked" / "b.txt").write_text("".join(alcor()))
    real = os.scandir

    def scandir(path="."):
        if Path(path).name == "locked":
            raise PermissionError(13, "Permission denied", str(path))
        return real(path)

    monkeypatch.setattr(os, "scandir", scandir)
    s = run(tmp_path / "h.duckdb", folder)
    assert s.hands_new == 4
    assert s.files == 1 and s.files_unreadable == []  # a folder, not a file
    assert s.folders_unreadable == [(str(folder / "locked"), "Permission denied")]
    from pipeline.cli.import_files import summary_text
    assert "could not be listed: 1 folder" in summary_text(s, "h.duckdb")


# ---------------------------------------------------------------- nothing impossible is ok

@pytest.mark.parametrize("old, new, code", [
    ("Dealt to Hero [Ah Kd]", "Dealt to Hero [As As]", "DUPLICATE_CARD"),
    ("Dealt to Hero [Ah Kd]", "Dealt to Hero [Ah Kd Qc]", "BAD_HOLE_CARDS"),
    ("Seat 6: OldOakTree ($15 in chips)", "Seat 2: OldOakTree ($15 in chips)", "BAD_SEATING"),
    ("Seat 6: OldOakTree ($15 in chips)", "Seat 0: OldOakTree ($15 in chips)", "BAD_SEATING"),
    ("Alcor' 6-max", "Alcor' 2-max", "BAD_SEATING"),
    ("($0.05/$0.10 USD)", "($0/$0 USD)", "BAD_STAKES"),
    ("Seat #1 is the button", "Seat #0 is the button", "BAD_BUTTON"),
    ("Seat #1 is the button", "Seat #8 is the button", "BAD_BUTTON"),
])
def test_impossible_hands_fail(old, new, code):
    text = alcor()[0]
    assert old in text
    v = verdict(text.replace(old, new))
    assert v.status == "failed" and code in v.codes


def test_a_card_held_by_two_players_fails():
    text = alcor()[1].replace("kb_grinder: shows [8d 9d]", "kb_grinder: shows [8d Kh]") \
        .replace("showed [8d 9d]", "showed [8d Kh]")
    v = verdict(text)
    assert v.status == "failed" and "DUPLICATE_CARD" in v.codes


def test_cards_shown_that_are_not_the_cards_dealt_fail():
    text = alcor()[1].replace("Hero: shows [Kh Qh]", "Hero: shows [Ks Qs]")
    v = verdict(text)
    assert v.status == "failed" and "BAD_HOLE_CARDS" in v.codes


@pytest.mark.slow
@pytest.mark.parametrize("old, new", [
    ("posts big blind $0.10", "posts big blind $0.1.2"),
    ("posts big blind $0.10", "posts big blind 0x10"),
    ("Total pot $0.25 | Rake $0", "Total pot $0.1.2 | Rake $0"),
    ("Total pot $0.25 | Rake $0", "Total pot 0x10 | Rake $0"),
    ("Seat 2: MapleLeaf77", "Seat ٢: MapleLeaf77"),
    ("$12.40 in chips", "$1٢.40 in chips"),
])
def test_what_is_not_a_number_is_never_read_as_one(tmp_path, old, new):
    h = alcor()
    assert old in h[0]
    s, db = imported(tmp_path, h[0].replace(old, new), *h[1:])
    assert (s.hands_new, s.parse_errors) == (3, 1)
    assert "240000000001" not in stored(db)


def test_a_hand_cut_inside_its_summary_waits_and_is_judged_when_whole(tmp_path):
    h = alcor()
    live = tmp_path / "in" / "live.txt"
    live.parent.mkdir()
    cut = h[3].index("Seat 4: Tanzanite (button)")
    live.write_text("".join(h[:3]) + h[3][:cut])  # cut at a line end, SUMMARY half written
    db = tmp_path / "h.duckdb"
    first = run(db, live.parent)
    assert (first.hands_new, first.incomplete) == (3, 1)
    live.write_text("".join(h))
    second = run(db, live.parent)
    assert (second.hands_new, second.incomplete, second.parse_errors) == (1, 0, 0)
    assert stored(db) == {f"24000000000{i}": "ok" for i in range(1, 5)}


def test_a_hand_cut_mid_line_is_judged_again_when_the_file_grows(tmp_path):
    h = alcor()
    live = tmp_path / "in" / "live.txt"
    live.parent.mkdir()
    whole = "".join(h).rstrip("\n")
    live.write_text(whole[:-len("collected ($0.10)") + 11])  # "...collected ($0." no newline
    db = tmp_path / "h.duckdb"
    run(db, live.parent)
    assert stored(db).get("240000000004") != "ok"  # its last line reads "collected ($0."
    live.write_text(whole + "\n")
    second = run(db, live.parent)
    assert stored(db)["240000000004"] == "ok"  # judged again on the whole text
    assert query(db, "SELECT count(*) FROM hands") == [(4,)]
    assert second.parse_errors == 0


# ---------------------------------------------------------------- text, hand by hand

def test_one_invalid_byte_affects_only_its_own_hand(tmp_path):
    h = alcor()
    names = [t.replace("OldOakTree", "Jérôme") for t in h]
    data = (names[0].encode("utf-8") + names[1].replace("Jérôme", "Jér\x00me").encode("utf-8")
            .replace(b"\x00", b"\xff")  # one byte that is not UTF-8, in hand 2
            + names[2].replace("$", "€").replace("USD", "EUR").encode("utf-8") + names[3].encode("utf-8"))
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "t.txt").write_bytes(data)
    db = tmp_path / "h.duckdb"
    s = run(db, folder)
    assert (s.hands_new, s.parse_errors) == (4, 0)
    players = query(db, "SELECT hand_id, player FROM hand_players WHERE seat = 6 ORDER BY 1")
    # the hand with the bad byte is read as Windows-1252; the others are untouched
    assert players == [("240000000001", "Jérôme"), ("240000000002", "JÃ©rÿme"),
                       ("240000000003", "Jérôme"), ("240000000004", "Jérôme")]
    assert query(db, "SELECT currency FROM hands WHERE hand_id = '240000000003'") == [("EUR",)]


@pytest.mark.parametrize("damage", [b"PokerStar\xffs Hand #", b"Poker\x0cStars Hand #",
                                    b"PokerStars Hand "])
def test_a_damaged_header_spoils_only_its_own_hand(tmp_path, damage):
    h = [t.encode("utf-8") for t in alcor()]
    h[2] = h[2].replace(b"PokerStars Hand #", damage, 1)
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "t.txt").write_bytes(b"".join(h))
    db = tmp_path / "h.duckdb"
    s = run(db, folder)
    assert (s.hands_new, s.parse_errors) == (3, 1)
    assert stored(db) == dict.fromkeys(["240000000001", "240000000002", "240000000004"], "ok")
    (line, reason), = query(db, "SELECT line, reason FROM parse_errors")
    assert reason.startswith("text between hands: Poker") and line == 1 + b"".join(
        h[:2]).count(b"\n")


@pytest.mark.slow
@pytest.mark.parametrize("blank", ["\t\n", "\u2003\u2003\n", " \t \n", "\u3000\n"])
def test_a_white_space_line_between_hands_is_a_separator(tmp_path, blank):
    h = [t.rstrip("\n") + "\n\n" + blank + "\n" for t in alcor()]
    s, db = imported(tmp_path, *h)
    assert (s.hands_new, s.parse_errors) == (4, 0)
    assert set(stored(db).values()) == {"ok"}


def test_a_bom_in_the_middle_of_a_concatenated_file(tmp_path):
    data = codecs.BOM_UTF8 + "".join(alcor()[:2]).encode() + codecs.BOM_UTF8 \
        + "".join(alcor()[2:]).encode()
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "t.txt").write_bytes(data)
    s = run(tmp_path / "h.duckdb", folder)
    assert (s.hands_new, s.parse_errors) == (4, 0)


# ---------------------------------------------------------------- one database, many processes

def _hold(db: Path, seconds: float) -> subprocess.Popen:
    """Another process writing the database for ``seconds`` (as an import does)."""
    code = ("import duckdb, sys, time; c = duckdb.connect(sys.argv[1]); print('held', flush=True);"
            " time.sleep(float(sys.argv[2]))")
    proc = subprocess.Popen([sys.executable, "-c", code, str(db), str(seconds)],
                            stdout=subprocess.PIPE, text=True)
    assert proc.stdout.readline().strip() == "held"
    return proc


@pytest.fixture
def sample_db(tmp_path) -> Path:
    db = tmp_path / "h.duckdb"
    subprocess.run([str(HANDLENS), "import", str(HANDWRITTEN), "--db", str(db), "--quiet"],
                   check=True, capture_output=True)
    return db


@pytest.mark.slow
@pytest.mark.parametrize("command", [["stats"], ["verify"], ["errors"]])
def test_a_reader_waits_for_an_import_then_runs(sample_db, command):
    holder = _hold(sample_db, 2.0)
    started = time.monotonic()
    out = subprocess.run([str(HANDLENS), *command, "--db", str(sample_db)],
                         capture_output=True, text=True, timeout=60)
    holder.wait()
    assert out.returncode == 0, out.stderr
    assert "waiting up to 60 s" in out.stderr and "Traceback" not in out.stderr
    assert time.monotonic() - started >= 1.5


@pytest.mark.slow
@pytest.mark.parametrize("command", [["stats"], ["import", str(HANDWRITTEN)]])
def test_a_database_still_busy_after_the_wait_is_one_line(sample_db, command):
    holder = _hold(sample_db, 8.0)
    out = subprocess.run([str(HANDLENS), *command, "--db", str(sample_db), "--wait", "1"],
                         capture_output=True, text=True, timeout=60)
    holder.kill()
    assert out.returncode == 75
    last = out.stderr.strip().splitlines()[-1]
    assert re.fullmatch(r"handlens: .* is in use by process \d+ \(.*\); still busy after 1 s "
                        r"\(--wait SECONDS waits longer\)", last), out.stderr
    assert "Traceback" not in out.stderr


# ---------------------------------------------------------------- what must keep holding

@pytest.mark.slow
def test_200_mb_in_one_file_is_imported_in_full(tmp_path):
    """One file of 200 MB (about 120,000 simulated hands, each with a new id)."""
    sample = sorted((HANDWRITTEN.parent / "simulated").glob("*.txt"))[0]
    hands = sample.read_text("utf-8").split("\n\n\n")
    hands = [h.strip("\n") for h in hands if h.strip()]
    ids = re.compile(r"(Hand #)\d+")
    folder = tmp_path / "in"
    folder.mkdir()
    n = size = 0
    with (folder / "big.txt").open("w", encoding="utf-8") as out:
        while size < 200 * 2**20:
            text = ids.sub(lambda m: f"{m.group(1)}{7_000_000_000 + n}",
                           hands[n % len(hands)], count=1) + "\n\n\n"
            out.write(text)
            size += len(text)
            n += 1
    db = tmp_path / "h.duckdb"
    s = run(db, folder, workers=2)
    assert (s.hands_new, s.parse_errors, s.incomplete) == (n, 0, 0)
    assert query(db, "SELECT count(*), max(byte_offset) > 200e6 FROM hands") == [(n, True)]
    assert query(db, "SELECT hands, errors FROM files") == [(n, 0)]


def test_a_hand_our_code_fails_on_is_kept_with_its_traceback(tmp_path, monkeypatch):
    """Isolation: a bug of ours in any stage of one hand (here the stat flags, which
    run after the hand's first rows are written) affects that hand only."""
    from pipeline.ingest import rows

    real = rows.hand_flags

    def flaky(hand, positions):
        if hand.hand_id == "240000000002":
            raise ZeroDivisionError("a bug")
        return real(hand, positions)

    monkeypatch.setattr(rows, "hand_flags", flaky)
    s, db = imported(tmp_path, *alcor())
    assert (s.hands_new, s.parse_errors) == (3, 1)
    assert s.errors_by_reason == {"internal error": 1}
    (reason, detail), = query(db, "SELECT reason, detail FROM parse_errors")
    assert reason == "internal error: ZeroDivisionError: a bug"
    assert "Traceback" in detail and "flaky" in detail
    for table in ("hands", "hand_players", "actions", "verdicts"):
        assert query(db, f"SELECT count(*) FROM {table} WHERE hand_id = '240000000002'") \
            == [(0,)], table
