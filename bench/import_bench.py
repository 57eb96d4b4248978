"""Import speed: hands/s for split only, parse only and the whole import.

Builds (or takes) a folder of N PokerStars hands and prints each stage's rate as a
ratio to the split-only rate measured in the same run, so the figures compare
across machines. Peak memory of the import is printed too.

    python bench/import_bench.py --hands 100000
    python bench/import_bench.py --dir FOLDER      # an existing folder of histories
    python bench/import_bench.py --against 15418d4 # the whole import of an earlier
                                                   # version too, in turns, as a ratio
"""
from __future__ import annotations

import argparse
import json
import os
import re
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from parsers.pokerstars import ROOM as POKERSTARS  # noqa: E402
from parsers.base.split import decode, split_hands  # noqa: E402

CORPUS = ROOT.parent / "shared" / "corpus" / "holdem" / "stars"
_ID = re.compile(r"((?:Hand|Game|GAME) #)\d+")


def template_hands() -> list[str]:
    """Real Hold'em hands that parse: the corpus's, else the project's samples."""
    from engine.model.hand import Hand
    texts = []
    for folder in (CORPUS, ROOT / "sample_histories"):
        for path in sorted(folder.rglob("*.txt")) if folder.exists() else []:
            text, enc = decode(path.read_bytes())
            for raw in split_hands(text, POKERSTARS, enc):
                try:
                    if isinstance(POKERSTARS.parse(raw.text), Hand):
                        texts.append(raw.text)
                except ValueError:
                    pass
        if texts:
            break
    return texts


_SEATED = re.compile(r"^Seat \d+: (.+?) \([^()\n]*? in chips", re.M)


def renamed(text: str, copy: int) -> str:
    """A hand with its players renamed for copy number ``copy`` ("Ann" → "Ann~3"): the
    copies of a template then share no line that names a player, as the hands of a real
    folder seldom do (the lexer keeps the lines it has seen)."""
    names = sorted(set(_SEATED.findall(text.split("*** SUMMARY", 1)[0])), key=len,
                   reverse=True)
    if not names or not copy:
        return text
    rx = re.compile(r"(?<![\w~])(?:" + "|".join(map(re.escape, names)) + r")(?![\w~])")
    return rx.sub(lambda m: f"{m.group()}~{copy}", text)


def build_folder(folder: Path, hands: int, per_file: int = 500, simulated: bool = False,
                 fresh_names: bool = False) -> None:
    if simulated:  # hands the project's simulator plays, 500 a file
        from pipeline.export.simulated import write_simulated
        write_simulated(folder, hands, seed=7)
        return
    templates = template_hands()
    folder.mkdir(parents=True, exist_ok=True)
    for start in range(0, hands, per_file):
        chunk = []
        for i in range(start, min(start + per_file, hands)):
            text = templates[i % len(templates)]
            if fresh_names:
                text = renamed(text, i // len(templates))
            chunk.append(_ID.sub(lambda m: f"{m.group(1)}{900000000000 + i}", text, count=1))
        (folder / f"HH bench {start // per_file:05d}.txt").write_text(
            "\n\n\n".join(chunk) + "\n\n\n", encoding="utf-8")


def folder_of(given: Path | None, hands: int, tmp: str | Path) -> Path:
    """``given``, or a new folder of ``hands`` hands (copies of real ones) under ``tmp``."""
    if given is not None:
        return given
    folder = Path(tmp) / "hands"
    build_folder(folder, hands)
    return folder


def split_only(folder: Path) -> int:
    n = 0
    for path in sorted(folder.rglob("*.txt")):  # noqa: SIM113
        text, enc = decode(path.read_bytes())
        n += len(split_hands(text, POKERSTARS, enc))
    return n


def parse_only(folder: Path, judge: bool = False) -> int:
    """Parse (and replay) every hand, the garbage collector paused as in the import's
    workers (it would otherwise scan the many small objects of each hand again and
    again)."""
    import gc

    from engine.rules.replay import replay
    gc.disable()
    try:
        return _parse_files(folder, judge, replay)
    finally:
        gc.enable()


def _parse_files(folder: Path, judge: bool, replay) -> int:
    """A file's hands parsed, then judged: stage by stage, as the import's workers do."""
    n = 0
    for path in sorted(folder.rglob("*.txt")):
        text, enc = decode(path.read_bytes())
        hands = []
        for raw in split_hands(text, POKERSTARS, enc):
            n += 1
            try:
                hands.append(POKERSTARS.parse(raw.text))
            except ValueError:
                continue
        if judge:
            for hand in hands:
                replay(hand)
    return n


def worker_stages(folder: Path, limit: int = 6000) -> dict[str, float]:
    """One core, µs a hand, best of five: what a worker does to each hand, stage by stage
    (steadier than whole imports on a shared machine)."""
    import gc

    from engine.model.hand import Hand
    from engine.rules.replay import replay
    from pipeline.ingest.rows import Batch
    texts = []
    for path in sorted(folder.rglob("*.txt")):
        text, enc = decode(path.read_bytes())
        texts += [r.text for r in split_hands(text, POKERSTARS, enc)]
        if len(texts) >= limit:
            break
    texts = texts[:limit]
    hands = [h for h in (POKERSTARS.parse(t) for t in texts) if isinstance(h, Hand)]

    def rows(stats: bool):
        batch = Batch(stats)
        for h in hands:
            batch.add_hand(h, 1, 0, 0, 1)
        batch.tables()

    def best(fn, *args, runs: int = 5) -> float:
        times = []
        for _ in range(runs):
            t = time.perf_counter()
            fn(*args)
            times.append(time.perf_counter() - t)
        return min(times) / len(hands) * 1e6

    gc.disable()
    try:
        return {"parse": best(lambda: [POKERSTARS.parse(t) for t in texts], runs=3),
                "replay": best(lambda: [replay(h) for h in hands]),
                "rows": best(rows, False), "rows_stats": best(rows, True)}
    finally:
        gc.enable()


def all_in_hands(db: Path) -> tuple[int, int, int]:
    """(hands whose all-in adjusted net the import computed, of them with an all-in
    before the flop, hands left without it)."""
    import duckdb
    con = duckdb.connect(str(db), read_only=True)
    try:
        return con.execute("""
            WITH adjusted AS (SELECT DISTINCT site, hand_id FROM player_hand_flags
                              WHERE allin_adj_net <> net)
            SELECT count(*),
                   count(*) FILTER (WHERE (site, hand_id) IN (
                       SELECT (site, hand_id) FROM actions WHERE all_in AND street <= 1)),
                   (SELECT count(DISTINCT hand_id) FROM player_hand_flags
                    WHERE allin_adj_net IS NULL)
            FROM adjusted""").fetchall()[0]
    finally:
        con.close()


_IMPORT = """
import json, resource, sys
try:
    from pipeline.ingest.importer import Importer
    from pipeline.ingest.files import discover
    from pipeline.store.database import Store
    from pipeline.ingest import rows
except ImportError:  # a version from before the layout by concern (issue 27)
    from pipeline.importer import Importer, discover
    from pipeline.store import Store
    from pipeline import rows
if "noequity" in sys.argv[3]:  # the same import, all-in adjusted net left out (forked workers)
    rows.allin_adjusted = lambda hand, invested: {}
store = Store(sys.argv[1], threads=1)
s = Importer(store, verify="verify" in sys.argv[3], stats="stats" in sys.argv[3]).run(
    discover([sys.argv[2]]))
store.close()
me = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
cpu = resource.getrusage(resource.RUSAGE_SELF)
kids = resource.getrusage(resource.RUSAGE_CHILDREN)
print(json.dumps({"hands": s.hands_new + s.duplicates + s.parse_errors, "seconds": s.seconds,
                  "main_cpu": cpu.ru_utime + cpu.ru_stime,
                  "cpu": cpu.ru_utime + cpu.ru_stime + kids.ru_utime + kids.ru_stime,
                  "peak_main_mb": me / 1024, "peak_worker_mb": kids.ru_maxrss / 1024}))
"""


CONFIGS = {"store_only": (False, False, True), "bare": (False, True, True),
           "no_stats": (True, False, True), "no_equity": (True, True, False),
           "full": (True, True, True)}  # (replay, stat flags, all-in adjusted net)


def whole_imports(folder: Path, db: Path, repeat: int = 1,
                  against: Path | None = None) -> dict[str, dict]:
    """Each configuration's median of ``repeat`` runs, the configurations taking turns
    (A B C D A B C D ...) so that a slow spell of a shared machine falls on all alike.
    ``against``: a checkout of an earlier version, whose whole import takes its turn
    too (as "earlier")."""
    configs = dict(CONFIGS)  # "full" last: its database is the one left for what follows
    if against is not None:
        configs = {"earlier": CONFIGS["full"], **CONFIGS}
    runs: dict[str, list[dict]] = {name: [] for name in configs}
    for _ in range(repeat):
        for name, (verify, stats, equity) in configs.items():
            code = against if name == "earlier" else ROOT
            runs[name].append(_one_import(folder, db, verify, stats, equity, code))
    medians = {}
    for name, done in runs.items():
        done.sort(key=lambda r: r["seconds"])
        medians[name] = dict(done[len(done) // 2])
        medians[name]["cpu"] = sorted(r["cpu"] for r in done)[len(done) // 2]
    return medians


def _one_import(folder: Path, db: Path, verify: bool, stats: bool, equity: bool = True,
                code: Path = ROOT) -> dict:
    for old in (db, db.with_name(db.name + ".wal")):
        if old.exists():
            old.unlink()
    parts = ("verify" if verify else "") + ("+stats" if stats else "") + \
        ("" if equity else "+noequity")
    out = subprocess.run([sys.executable, "-c", _IMPORT, str(db), str(folder), parts or "none"],
                         cwd=code, capture_output=True, text=True, check=True, env=_ENV)
    return json.loads(out.stdout.strip().splitlines()[-1])


_ENV = dict(os.environ)  # the imports' environment (see as_installed)
PACKAGES = ("engine", "parsers", "pipeline", "dashboard")


def as_installed(tmp: Path, *trees: Path) -> None:
    """Run the imports as an installed handlens runs: its modules compiled to bytecode
    beforehand (pip compiles them when it installs; a sandbox that sets
    PYTHONDONTWRITEBYTECODE would otherwise have every process compile them anew), for
    every tree alike. The bytecode goes to a folder under ``tmp``, not beside the code."""
    _ENV.pop("PYTHONDONTWRITEBYTECODE", None)
    _ENV["PYTHONPYCACHEPREFIX"] = str(tmp / "bytecode")
    for tree in trees:
        subprocess.run([sys.executable, "-m", "compileall", "-q",
                        *(str(tree / p) for p in PACKAGES if (tree / p).is_dir())],
                       env=_ENV, check=True, capture_output=True)


def _checkout(rev: str, where: Path) -> Path:
    """The project at git revision ``rev``, in a folder of its own (no work tree here
    changes)."""
    subprocess.run(["git", "worktree", "add", "--detach", str(where), rev], cwd=ROOT,
                   check=True, capture_output=True)
    return where


def timed(fn, *args) -> tuple[int, float]:
    t = time.perf_counter()
    n = fn(*args)
    return n, time.perf_counter() - t


def equity_only(folder: Path, db: Path, repeat: int) -> None:
    """The whole import with and without the all-in adjusted net, in turns."""
    runs: dict[bool, list[dict]] = {False: [], True: []}
    for _ in range(repeat):
        for equity in (False, True):
            runs[equity].append(_one_import(folder, db, True, True, equity))
    rate = {e: sorted(r["hands"] / r["seconds"] for r in done)[len(done) // 2]
            for e, done in runs.items()}
    cpu = {e: sorted(r["cpu"] / r["hands"] for r in done)[len(done) // 2]
           for e, done in runs.items()}
    adjusted, preflop, pending = all_in_hands(db)
    hands = runs[True][-1]["hands"]
    print(f"{hands:,} hands; all-in adjusted net computed for {adjusted:,} "
          f"({adjusted / hands:.1%}), {preflop:,} all-in preflop ({preflop / hands:.1%}); "
          f"{pending:,} left without it")
    print(f"whole import: {rate[True]:,.0f} hands/s with all-in equity, {rate[False]:,.0f} "
          f"without: ratio {rate[True] / rate[False]:.3f} (median of {repeat}, in turns); "
          f"CPU a hand {cpu[True] * 1e6:.0f} µs with, {cpu[False] * 1e6:.0f} µs without")


def versus(folder: Path, db: Path, repeat: int, earlier: Path, rev: str) -> None:
    """The whole import of this version and of ``rev`` (checked out at ``earlier``), in
    turns: each one's CPU a hand (all processes, workers included) and the ratio."""
    runs: dict[str, list[dict]] = {"earlier": [], "now": []}
    for _ in range(repeat):
        for name, code in (("earlier", earlier), ("now", ROOT)):
            runs[name].append(_one_import(folder, db, True, True, True, code))
    cpu = {n: sorted(r["cpu"] / r["hands"] for r in done)[len(done) // 2]
           for n, done in runs.items()}
    rate = {n: sorted(r["hands"] / r["seconds"] for r in done)[len(done) // 2]
            for n, done in runs.items()}
    main = {n: sorted(r["main_cpu"] / r["hands"] for r in done)[len(done) // 2]
            for n, done in runs.items()}
    hands = runs["now"][-1]["hands"]
    print(f"{hands:,} hands, whole import (replay, stat flags, all-in equity), median of "
          f"{repeat} in turns")
    print(f"CPU a hand, all processes: {cpu['now'] * 1e6:.0f} µs now, "
          f"{cpu['earlier'] * 1e6:.0f} µs at {rev}: ratio {cpu['now'] / cpu['earlier']:.3f}")
    print(f"  of it the main process (reading, writing): {main['now'] * 1e6:.0f} µs now, "
          f"{main['earlier'] * 1e6:.0f} µs at {rev}")
    print(f"hands/s: {rate['now']:,.0f} now, {rate['earlier']:,.0f} at {rev}: ratio "
          f"{rate['now'] / rate['earlier']:.3f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hands", type=int, default=20000, help="hands to generate (default 20000)")
    ap.add_argument("--dir", type=Path, help="use this folder instead of generating one")
    ap.add_argument("--repeat", type=int, default=3,
                    help="runs of each whole import; the median is shown (default 3)")
    ap.add_argument("--against", metavar="REV",
                    help="also time the whole import of this git revision (checked out "
                         "in a temporary folder), in turns with this one")
    ap.add_argument("--simulated", action="store_true",
                    help="generate the hands with the simulator (default: copies of the real "
                         "corpus's PokerStars hands, or of sample_histories without it)")
    ap.add_argument("--fresh-names", action="store_true",
                    help="rename the players of each copy of a corpus hand, so that copies "
                         "share no line naming a player (the default copies repeat every "
                         "line of its few hundred templates)")
    ap.add_argument("--versus-only", action="store_true",
                    help="with --against: only the two whole imports, in turns, and the "
                         "ratio of their CPU a hand")
    ap.add_argument("--from-source", action="store_true",
                    help="let every process compile the project's modules from source, as "
                         "with PYTHONDONTWRITEBYTECODE set (default: bytecode compiled "
                         "beforehand for every version alike, as pip installs it)")
    ap.add_argument("--equity-only", action="store_true",
                    help="only the whole import with and without all-in equity, in turns")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = args.dir or Path(tmp) / "hands"
        if args.dir is None:
            build_folder(folder, args.hands, simulated=args.simulated,
                         fresh_names=args.fresh_names)
        if not args.from_source:
            as_installed(Path(tmp), ROOT)
        if args.equity_only:
            return equity_only(folder, Path(tmp) / "bench.duckdb", args.repeat)
        if args.versus_only:
            if not args.against:
                raise SystemExit("--versus-only needs --against REV")
            earlier = _checkout(args.against, Path(tmp) / "earlier")
            if not args.from_source:
                as_installed(Path(tmp), earlier)
            try:
                return versus(folder, Path(tmp) / "bench.duckdb", args.repeat, earlier,
                              args.against)
            finally:
                subprocess.run(["git", "worktree", "prune"], cwd=ROOT, check=True)
        n_split, t_split = timed(split_only, folder)
        n_parse, t_parse = timed(parse_only, folder)
        n_judge, t_judge = timed(parse_only, folder, True)
        stages = worker_stages(folder)
        db = Path(tmp) / "bench.duckdb"
        earlier = _checkout(args.against, Path(tmp) / "earlier") if args.against else None
        if earlier is not None and not args.from_source:
            as_installed(Path(tmp), earlier)
        imports = whole_imports(folder, db, args.repeat, earlier)
        store_only, bare, no_stats = imports["store_only"], imports["bare"], imports["no_stats"]
        no_equity, result = imports["no_equity"], imports["full"]
        adjusted, preflop, pending = all_in_hands(db)
    if args.against:  # its folder went with the temporary one
        subprocess.run(["git", "worktree", "prune"], cwd=ROOT, check=True)
    base = n_split / t_split
    rows = [("split only (1 core)", n_split / t_split),
            ("split + parse (1 core)", n_parse / t_parse),
            ("split + parse + replay (1 core)", n_judge / t_judge),
            ("import: parse and store only (all cores)",
             store_only["hands"] / store_only["seconds"]),
            ("whole import, no replay (all cores)", bare["hands"] / bare["seconds"]),
            ("whole import, no stat flags (all cores)", no_stats["hands"] / no_stats["seconds"]),
            ("whole import, no all-in equity", no_equity["hands"] / no_equity["seconds"]),
            ("whole import (all cores, DuckDB)", result["hands"] / result["seconds"])]
    print(f"{n_split:,} hands in {folder}")
    print(f"{'stage':36} {'hands/s':>10} {'ratio to split':>15}")
    for name, rate in rows:
        print(f"{name:36} {rate:>10,.0f} {rate / base:>15.3f}")
    cpu, cpu_bare = result["cpu"] / result["hands"], bare["cpu"] / bare["hands"]
    print(f"CPU a hand, all processes: {cpu * 1e6:.0f} µs ({cpu_bare * 1e6:.0f} µs without "
          f"replay): replay adds {cpu / cpu_bare - 1:.1%} to the import's work "
          f"({result['seconds'] / bare['seconds'] - 1:.1%} to its wall time), "
          f"{(t_judge - t_parse) / t_parse:.1%} to split + parse on one core")
    cpu_no_stats = no_stats["cpu"] / no_stats["hands"]
    print(f"stat flags add {cpu / cpu_no_stats - 1:.1%} to the import's work "
          f"({result['seconds'] / no_stats['seconds'] - 1:.1%} to its wall time)")
    print(f"import main process CPU: {result['main_cpu'] / result['hands'] * 1e6:.0f} µs a hand")
    parse, judge, rows, flags = (stages["parse"], stages["replay"], stages["rows"],
                                 stages["rows_stats"] - stages["rows"])
    print(f"one core, µs a hand: parse {parse:.0f}, rows {rows:.0f}, replay {judge:.0f}, "
          f"stat flags {flags:.0f}: replay adds {judge / (parse + rows):.1%} to parse + rows; "
          f"stat flags add {flags / (parse + rows + judge):.1%} to parse + rows + replay")
    rate = result["hands"] / result["seconds"]
    print(f"all-in adjusted net computed by the import for {adjusted:,} hands "
          f"({adjusted / result['hands']:.1%}), {preflop:,} of them all-in preflop "
          f"({preflop / result['hands']:.1%} of all hands); {pending:,} left without it")
    print(f"whole import with all-in equity / without: "
          f"{rate / (no_equity['hands'] / no_equity['seconds']):.3f} "
          f"(CPU a hand: {result['cpu'] / result['hands'] * 1e6:.0f} µs with, "
          f"{no_equity['cpu'] / no_equity['hands'] * 1e6:.0f} µs without)")
    if "earlier" in imports:
        then = imports["earlier"]
        print(f"whole import, {args.against}: {then['hands'] / then['seconds']:,.0f} hands/s; "
              f"this version / {args.against}: "
              f"{(result['hands'] / result['seconds']) / (then['hands'] / then['seconds']):.3f}"
              f" (CPU a hand: {then['cpu'] / then['hands'] * 1e6:.0f} µs then, "
              f"{cpu * 1e6:.0f} µs now)")
    print(f"peak memory: import process {result['peak_main_mb']:.0f} MB, "
          f"largest worker {result['peak_worker_mb']:.0f} MB")
    print(f"(bench process itself: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB)")


if __name__ == "__main__":
    main()
