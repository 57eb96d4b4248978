"""``handlens report FILE:LINE`` (pipeline/cli/report.py, pipeline/export/masked.py): a
hand for a bug report, with no original name in it and everything else kept. The names
and amounts are read from the hand text here, not from the project's tables."""
from __future__ import annotations

import re

from pipeline.cli.main import main
from pipeline.read.masked import mask_names

from support.common import ROOT

STARS = sorted((ROOT / "sample_histories" / "pokerstars").glob("*.txt"))
SEAT = re.compile(r"^Seat \d+: (.+?) \(.* in chips", re.M)  # the seat lines, not the summary
KEPT = re.compile(r"\$[\d.,]+|\[[2-9TJQKA][cdhs][^\]]*\]|\d{4}/\d\d/\d\d \d\d:\d\d:\d\d")


def _hands(text: str) -> list[str]:
    """The file's hands as written, each from its header to the next."""
    starts = [m.start() for m in re.finditer(r"^PokerStars Hand #", text, re.M)]
    return [text[a:b] for a, b in zip(starts, starts[1:] + [len(text)])]


def _first_hand(text: str) -> str:
    return _hands(text)[0]


def test_a_stored_hand_is_written_with_no_name_of_its_players(tmp_path, capsys):
    source = STARS[0]
    db = str(tmp_path / "h.duckdb")
    assert main(["import", str(source.parent), "--db", db, "--quiet"]) == 0
    capsys.readouterr()
    out = tmp_path / "report.txt"
    assert main(["report", f"{source.resolve()}:3", "--db", db, "--out", str(out)]) == 0
    written = out.read_text("utf-8")
    original = _first_hand(source.read_text("utf-8-sig"))
    names = set(SEAT.findall(original))
    assert len(names) >= 2
    for name in names:
        assert not re.search(rf"(?<!\w){re.escape(name)}(?!\w)", written), name
    # amounts, cards and times kept, and the text line for line
    assert KEPT.findall(written) == KEPT.findall(original)
    assert len(written.strip().splitlines()) == len(original.strip().splitlines())
    assert f"{len(names)} names replaced" in capsys.readouterr().err


def test_a_hand_that_could_not_be_parsed_is_reported_with_its_line(tmp_path, capsys):
    source = STARS[0]
    hands = _hands(source.read_text("utf-8-sig"))
    broken = hands[1].replace(": folds", ": shrugs", 1)  # a line no room writes
    assert broken != hands[1]
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "t.txt").write_text("".join([hands[0], broken, *hands[2:]]), "utf-8")
    db = str(tmp_path / "h.duckdb")
    assert main(["import", str(folder), "--db", db, "--quiet"]) == 0
    capsys.readouterr()
    assert main(["errors", "--db", db]) == 0
    where = capsys.readouterr().out.splitlines()[0].split(": ", 1)[0]  # FILE:LINE
    assert main(["report", where, "--db", db]) == 0
    captured = capsys.readouterr()
    assert "shrugs" in captured.out  # the line the room changed, its shape kept
    for name in set(SEAT.findall(broken)):  # names known from the file's other hands
        assert not re.search(rf"(?<!\w){re.escape(name)}(?!\w)", captured.out), name
    assert "unrecognised line" in captured.err


def test_mask_names_is_consistent_and_whole_word():
    text = "Ann: bets $1\nAnnette: calls $1\nAnn collected $2\nDealt to Annette [Ah Kd]"
    masked, given = mask_names(text, ["Ann", "Annette"])
    assert given == {"Ann": "Player1", "Annette": "Player2"}
    assert masked == ("Player1: bets $1\nPlayer2: calls $1\nPlayer1 collected $2\n"
                      "Dealt to Player2 [Ah Kd]")
    assert mask_names("no one", []) == ("no one", {})


def test_report_says_what_it_cannot_find(tmp_path, capsys):
    db = str(tmp_path / "h.duckdb")
    assert main(["import", str(STARS[0].parent), "--db", db, "--quiet"]) == 0
    assert main(["report", "nowhere.txt:3", "--db", db]) == 1
    assert main(["report", "no-line-here", "--db", db]) == 2
    assert "not FILE:LINE" in capsys.readouterr().err
