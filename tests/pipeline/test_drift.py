"""The format drift alarm (pipeline/read/drift.py): a room's client starts writing a line
form handlens has not seen; the alarm names the room and the line's shape, with no
name and no figure of the hand in it."""
from __future__ import annotations

import re

from pipeline.cli.main import main
from pipeline.read.drift import alarms, shape
from pipeline.store.database import connect

from support.common import ROOT

SIMULATED = sorted((ROOT / "sample_histories" / "simulated").glob("*.txt"))


def _hands(text: str) -> list[str]:
    starts = [m.start() for m in re.finditer(r"^PokerStars Hand #", text, re.M)]
    return [text[a:b] for a, b in zip(starts, starts[1:] + [len(text)])]


def test_a_new_line_form_raises_the_alarm_with_its_masked_shape(tmp_path, capsys):
    folder = tmp_path / "hh"
    folder.mkdir()
    text = SIMULATED[0].read_text("utf-8-sig")
    hands = _hands(text)
    for i in range(12):  # the room's usual files: read whole
        (folder / f"a{i:02}.txt").write_text("".join(hands[i * 10:(i + 1) * 10]), "utf-8")
    db = str(tmp_path / "h.duckdb")
    assert main(["import", str(folder), "--db", db, "--quiet"]) == 0
    con = connect(db, read_only=True)
    try:
        assert alarms(con) == []  # nothing unusual
    finally:
        con.close()
    # a client update: "folds" now written as "passes" (with the time it took)
    changed = "".join(hands[120:150]).replace(": folds", ": passes after 3s")
    (folder / "z_new.txt").write_text(changed, "utf-8")
    capsys.readouterr()
    assert main(["import", str(folder), "--db", db, "--quiet"]) == 0
    capsys.readouterr()
    assert main(["errors", "--db", db]) == 0
    err = capsys.readouterr().err
    assert "format drift: pokerstars" in err
    assert "'<name>: passes after 9s'" in err  # the shape: name and figures masked
    players = set(re.findall(r"^Seat \d+: (.+?) \(.* in chips", changed, re.M))
    assert players and not any(re.search(rf"(?<!\w){re.escape(p)}(?!\w)", err)
                               for p in players)


def test_shape_masks_names_and_figures():
    assert shape("Ann: passes after 12s $3.50", ["Ann", "Bob"]) == "<name>: passes after 99s $9.99"
