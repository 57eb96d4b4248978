"""Dashboard speed: seconds to render each page, run by Streamlit's AppTest.

For each page: "cold" is the first render with every cache empty (as after the server
starts or an import changes the database: the sidebar's own queries included),
"warm" a render of the same page again (cached figures). The baseline is a page
that only writes one line, measured in the same run, so the ratios compare across
machines. Build the database first (bench/build_large_db.py).

    python bench/dashboard_bench.py --db /tmp/handlens-1m.duckdb
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

PAGES = ("overview", "positions", "starting_hands", "hands", "verification", "import_files")


def _timed(at, repeat: int = 1) -> float:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        at.run(timeout=120)
        times.append(time.perf_counter() - started)
        if at.exception:
            raise SystemExit(f"the page failed: {at.exception[0].value}")
    return statistics.median(times)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", default="/tmp/handlens-1m.duckdb")
    ap.add_argument("--repeat", type=int, default=3, help="runs per figure (median)")
    args = ap.parse_args()
    if not Path(args.db).exists():
        raise SystemExit(f"no database at {args.db}: run bench/build_large_db.py first")
    os.environ["HANDLENS_DB"] = str(Path(args.db).resolve())
    import logging

    import streamlit as st
    from streamlit.testing.v1 import AppTest

    from pipeline.queries import open_read_only
    logging.getLogger("streamlit").setLevel(logging.ERROR)

    con = open_read_only(args.db)
    hands = con.execute("SELECT count(*) FROM hands").fetchall()[0][0]
    rows = con.execute("SELECT count(*) FROM player_hand_flags").fetchall()[0][0]
    hero = con.execute("SELECT count(*) FROM hand_players WHERE is_hero AND player ="
                       " (SELECT player FROM hand_players WHERE is_hero GROUP BY player"
                       "  ORDER BY count(*) DESC LIMIT 1)").fetchall()[0][0]
    some_hand = con.execute("SELECT site || ':' || hand_id FROM hands ORDER BY hand_id DESC"
                            " LIMIT 1").fetchall()[0][0]
    con.close()
    print(f"{args.db}: {hands:,} hands, {rows:,} player rows, the hero in {hero:,}")

    baseline_app = AppTest.from_string("import streamlit as st\nst.write('baseline')")
    baseline_app.run()
    baseline = _timed(baseline_app, 5)

    app = ROOT / "dashboard" / "app.py"
    print(f"{'page':<16}{'cold s':>8}{'warm s':>8}{'cold/base':>11}{'warm/base':>11}")
    print(f"{'(baseline)':<16}{baseline:>8.3f}{baseline:>8.3f}{1:>11.1f}{1:>11.1f}")
    worst = 0.0
    for page in PAGES:
        colds = []
        for _ in range(args.repeat):
            at = AppTest.from_file(str(app), default_timeout=120)
            if page == "hands":
                at.query_params["hand"] = some_hand
            at.run()  # the first run lands on Overview: switch, then measure the page
            at.switch_page(f"views/{page}.py")
            st.cache_data.clear()
            colds.append(_timed(at))
        cold = statistics.median(colds)
        warm = _timed(at, args.repeat)
        worst = max(worst, cold)
        print(f"{page:<16}{cold:>8.3f}{warm:>8.3f}{cold / baseline:>11.1f}"
              f"{warm / baseline:>11.1f}", flush=True)
    print(f"slowest page, cold: {worst:.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
