"""`handlens dashboard --watch`: the dashboard served and a watch importing beside it;
stopping the command stops both."""
from __future__ import annotations

import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from support.common import ROOT
from support.headless import start_dashboard, stop

pytestmark = pytest.mark.slow
STARS = sorted((ROOT / "sample_histories" / "simulated").glob("*.txt"))


def _count(db: Path) -> int:
    code = ("import sys; sys.path.insert(0, sys.argv[2]);"
            "from pipeline.store.database import connect;"
            "c = connect(sys.argv[1], read_only=True, wait=10);"
            "print(c.execute('SELECT count(*) FROM hands').fetchall()[0][0])")
    out = subprocess.run([sys.executable, "-c", code, str(db), str(ROOT)],
                         capture_output=True, text=True)
    return int(out.stdout) if out.returncode == 0 else 0


def test_dashboard_with_watch_imports_what_arrives_and_stops_both(tmp_path):
    if not STARS:
        pytest.skip("sample_histories has no simulated PokerStars file")
    folder, db, log = tmp_path / "hh", tmp_path / "h.duckdb", tmp_path / "dash.log"
    folder.mkdir()
    proc, base = start_dashboard(db, log, extra=("--watch", str(folder)))
    try:
        text = STARS[0].read_text("utf-8")
        expected = len(re.findall(r"^PokerStars Hand #", text, re.M))
        (folder / "table.txt").write_text(text, "utf-8")
        deadline = time.monotonic() + 20
        while _count(db) < expected and time.monotonic() < deadline:
            time.sleep(0.3)
        assert _count(db) == expected
    finally:
        stop(proc)
    out = log.read_text()
    assert "watching 1 folder" in out and "watch stopped" in out, out[-2000:]
    children = subprocess.run(["pgrep", "-f", f"watch {folder}"], capture_output=True, text=True)
    assert not children.stdout.strip(), "the watch outlived the dashboard"
