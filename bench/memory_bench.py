"""Memory: the peak resident size of ``handlens import``'s whole process tree for one
large file, this checkout against a baseline commit, measured in the same run.

The file is made of the simulated sessions in sample_histories/simulated, copied again
and again with new hand numbers until it is ``--mb`` megabytes (one long session file:
every hand new, each copy at tables of its own: no finding between hands). The import runs in a process of its own (the checkout's code, or the
baseline's through a git worktree on PYTHONPATH); its process tree (the writer and its
worker processes) is sampled every 20 ms from /proc. Prints each side's peak, seconds
and hands, and the ratio of the peaks.

    python bench/memory_bench.py --mb 1024                  # this checkout only
    python bench/memory_bench.py --mb 200 --against bec69a7  # and the baseline's
"""
from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SIMULATED = ROOT / "sample_histories" / "simulated"
_NUMBER = re.compile(rb"(Hand #)(\d+)")

_RUN = """
import sys
from pipeline.ingest.importer import Importer
from pipeline.ingest.files import discover
from pipeline.store.database import Store
store = Store(sys.argv[1], threads=1)
s = Importer(store).run(discover([sys.argv[2]]))
store.close()
print(s.hands_new, s.parse_errors)
"""


def make_file(path: Path, megabytes: int) -> None:
    """One session file of ``megabytes`` MB: the simulated hands, renumbered each copy,
    its tables renamed."""
    sessions = b"\n\n".join(p.read_bytes().strip() for p in sorted(SIMULATED.glob("*.txt")))
    target, copy = megabytes << 20, 0
    with path.open("wb") as out:
        while out.tell() < target:
            copy += 1
            renumbered = _NUMBER.sub(lambda m: m[1] + b"%d%s" % (copy, m[2]), sessions)
            out.write(renumbered.replace(b"Table '", b"Table 'c%d " % copy))
            out.write(b"\n\n\n")


def _tree_rss(root: int) -> int:
    """Resident bytes of a process and all its descendants, from /proc."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        children.setdefault(ppid, []).append(int(entry))
    total, todo = 0, [root]
    while todo:
        pid = todo.pop()
        todo.extend(children.get(pid, []))
        try:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1]) * 1024
        except OSError:
            pass
    return total


def measure(code_root: Path, file: Path, work: Path) -> tuple[int, float, str]:
    """Peak tree RSS, seconds and what the import printed, for the code at code_root."""
    db = work / f"m{time.monotonic_ns()}.duckdb"
    env = dict(os.environ, PYTHONPATH=str(code_root))
    start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-c", _RUN, str(db), str(file)], env=env,
                            cwd=code_root, stdout=subprocess.PIPE, text=True)
    peak = 0
    while proc.poll() is None:
        peak = max(peak, _tree_rss(proc.pid))
        time.sleep(0.02)
    out = proc.stdout.read().strip()
    seconds = time.perf_counter() - start
    if proc.returncode:
        raise SystemExit(f"the import failed ({proc.returncode}) for {code_root}")
    db.unlink(missing_ok=True)
    Path(str(db) + ".wal").unlink(missing_ok=True)
    return peak, seconds, out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mb", type=int, default=200, help="the file's size in MB")
    ap.add_argument("--against", help="a baseline commit, measured in the same run")
    ap.add_argument("--dir", type=Path, help="where to put the file and databases")
    args = ap.parse_args()
    work = Path(tempfile.mkdtemp(dir=args.dir))
    file = work / "large" / "session.txt"
    file.parent.mkdir()
    make_file(file, args.mb)
    print(f"file: {file.stat().st_size / 2**20:,.0f} MB")
    sides = [("this checkout", ROOT)]
    if args.against:
        tree = work / "baseline"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "-q", "--detach",
                        str(tree), args.against], check=True)
        sides.append((f"baseline {args.against}", tree))
    peaks = []
    try:
        for name, code in sides:
            peak, seconds, out = measure(code, file, work)
            peaks.append(peak)
            print(f"{name}: peak {peak / 2**20:,.0f} MB, {seconds:,.1f} s, "
                  f"hands new / parse errors: {out}")
    finally:
        if args.against:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force",
                            str(work / "baseline")], check=False)
        file.unlink()
    if len(peaks) == 2:
        print(f"peak ratio (this / baseline): {peaks[0] / peaks[1]:.3f}")


if __name__ == "__main__":
    main()
