"""Worker processes never outlive the import: its main process killed outright
(SIGKILL: no clean-up runs), every worker ends by itself within a few seconds."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from support.common import SAMPLES

pytestmark = pytest.mark.slow

HANDLENS = Path(sys.executable).with_name("handlens")


def _children(pid: int) -> set[int]:
    """The processes whose parent is ``pid`` (Linux's /proc)."""
    out = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                out.add(int(entry.name))
    return out


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    state = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0]
    return state != "Z"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs Linux's /proc")
@pytest.mark.parametrize("where", ["db", "out"])
def test_workers_end_when_the_import_is_killed(tmp_path, where):
    target = ["--db", str(tmp_path / "h.duckdb")] if where == "db" else [
        "--out", str(tmp_path / "ds")]
    workers: set[int] = set()
    main = subprocess.Popen([str(HANDLENS), "import", str(SAMPLES), *target, "--workers", "2",
                             "--quiet"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while len(workers) < 2 and time.monotonic() < deadline and main.poll() is None:
            workers = _children(main.pid)
            time.sleep(0.02)
        if len(workers) < 2:
            pytest.fail(f"the import did not start 2 workers (it ended: {main.poll()})")
        os.kill(main.pid, signal.SIGKILL)
        main.wait()
        deadline = time.monotonic() + 10
        while any(_alive(w) for w in workers) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not [w for w in workers if _alive(w)], "workers outlived the import"
    finally:
        if main.poll() is None:
            main.kill()
        for w in workers:  # (left running where the test failed)
            if _alive(w):
                os.kill(w, signal.SIGKILL)
