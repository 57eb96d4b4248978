"""This version's import against an earlier one, in instructions a hand.

Wall-clock figures on a shared machine drift by several per cent from run to run;
instruction counts (valgrind's callgrind) do not. Both versions import the same hands
in one process (one worker, DuckDB on one thread), each counted with and without the
import itself, so that start-up (loading every room's modules) is left out; the ratio
is printed.

    python bench/versus.py 15418d4            # 2,000 hands, made as import_bench does
    python bench/versus.py 15418d4 --hands 500 --dir FOLDER

Needs valgrind (Debian's package). The earlier version is checked out in a temporary
folder (git worktree) and removed after.
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

_IMPORT = """
import os, sys
sys.path.insert(0, os.getcwd())
try:
    from pipeline.ingest.importer import Importer
    from pipeline.ingest.files import discover
    from pipeline.store.database import Store
except ImportError:  # a version from before the layout by concern (issue 27)
    from pipeline.importer import Importer, discover
    from pipeline.store import Store
try:  # every room's module loaded in both counts: what is compared is the import's work
    from parsers.registry import rooms
    rooms()
except ImportError:  # (a version from before the registry)
    pass
store = Store(sys.argv[1], threads=1)
if sys.argv[3] == "run":
    Importer(store, workers=1).run(discover([sys.argv[2]]))
store.close()
"""
_REFS = re.compile(r"refs:\s+([\d,]+)")


def instructions(code: Path, folder: Path, work: Path) -> float:
    """Instructions the import of ``folder`` takes with the project at ``code``."""
    counts = {}
    for mode in ("skip", "run"):
        db = work / f"{code.name}-{mode}.duckdb"
        out = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={work / 'cg.out'}",
             sys.executable, "-c", _IMPORT, str(db), str(folder), mode],
            cwd=code, capture_output=True, text=True,
            env=dict(os.environ, PYTHONHASHSEED="1"))
        m = _REFS.search(out.stderr)
        if out.returncode or m is None:
            raise SystemExit(f"callgrind failed in {code}:\n{out.stderr[-2000:]}")
        counts[mode] = int(m.group(1).replace(",", ""))
    return counts["run"] - counts["skip"]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("rev", help="the earlier version (a git revision)")
    ap.add_argument("--hands", type=int, default=2000, help="hands to import (default 2000)")
    ap.add_argument("--dir", type=Path, help="import this folder instead")
    args = ap.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is needed: apt-get install valgrind")
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        folder = args.dir
        if folder is None:
            sys.path.insert(0, str(ROOT / "bench"))
            from import_bench import build_folder
            folder = work / "hands"
            build_folder(folder, args.hands)
        hands = args.hands if args.dir is None else None
        earlier = work / "earlier"
        subprocess.run(["git", "worktree", "add", "--detach", str(earlier), args.rev],
                       cwd=ROOT, check=True, capture_output=True)
        try:
            then = instructions(earlier, folder, work)
            now = instructions(ROOT, folder, work)
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(earlier)], cwd=ROOT,
                           capture_output=True)
    per = f" ({then / hands / 1e6:.3f} M and {now / hands / 1e6:.3f} M a hand)" if hands else ""
    print(f"import, instructions: {args.rev} {then:,}, this version {now:,}{per}")
    print(f"this version / {args.rev}: {now / then:.3f} of the instructions")


if __name__ == "__main__":
    main()
