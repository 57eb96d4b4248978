"""Dashboard speed: seconds to render each page, run by Streamlit's AppTest.

For each page: "cold" is the first render with every cache empty (as after the server
starts or an import changes the database: the sidebar's own queries included),
"warm" a render of the same page again (cached figures). The baseline, measured in
the same run, is one plain scan of the database (open it read-only, sum the net of
every player row), so the ratios compare across machines. With ``--browser`` the
pages are also timed in headless Chromium against the real server, from asking for
the page to its last chart drawn. Build the database first (bench/build_large_db.py).

    python bench/dashboard_bench.py --db /tmp/handlens-1m.duckdb [--browser]
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

PAGES = ("overview", "live", "stats", "positions", "starting_hands", "hands", "reports", "compare",
         "verification", "import_files")


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
    ap.add_argument("--browser", action="store_true",
                    help="also time each page in headless Chromium (/usr/bin/chromium)")
    args = ap.parse_args()
    if not Path(args.db).exists():
        raise SystemExit(f"no database at {args.db}: run bench/build_large_db.py first")
    os.environ["HANDLENS_DB"] = str(Path(args.db).resolve())
    import logging

    import streamlit as st
    from streamlit.testing.v1 import AppTest

    from pipeline.read.queries import open_read_only
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

    def scan() -> float:
        started = time.perf_counter()
        con = open_read_only(args.db)
        con.execute("SELECT sum(net) FROM player_hand_flags").fetchall()
        con.close()
        return time.perf_counter() - started

    baseline = statistics.median(scan() for _ in range(5))

    app = ROOT / "dashboard" / "app.py"
    print(f"{'page':<16}{'cold s':>8}{'warm s':>8}{'cold/base':>11}{'warm/base':>11}")
    print(f"{'(baseline scan)':<16}{baseline:>8.3f}{baseline:>8.3f}{1:>11.1f}{1:>11.1f}")
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
    if args.browser:
        browser_times(args.db, args.repeat)
    return 0


def browser_times(db: str, repeat: int = 3) -> None:
    """Each page in headless Chromium, reached from the sidebar as a person does: on a
    server just started, in a browser just started (every cache empty), the Import
    page is opened first (the app's scripts load), then the page's link is clicked:
    "cold" runs until its content and charts are drawn; "warm" is the same after
    going to Import and back."""
    import tempfile

    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    sys.path.insert(0, str(ROOT / "tests"))
    from headless import READY, chromium, start_dashboard, stop

    titles = {"overview": "Overview", "stats": "Stats", "positions": "Positions",
              "starting_hands": "Starting hands", "hands": "Hands", "reports": "Reports",
              "compare": "Compare players", "verification": "Verification"}
    driver = None

    def drawn(title: str) -> None:
        WebDriverWait(driver, 60, poll_frequency=0.02).until(
            lambda d: d.execute_script(READY, title))

    def click(title: str) -> float:
        links = driver.find_elements(By.CSS_SELECTOR, '[data-testid="stSidebarNavLink"]')
        link = next(a for a in links if a.text.splitlines()[-1:] == [title])
        started = time.perf_counter()
        link.click()
        drawn(title)
        return time.perf_counter() - started

    print(f"\nin headless Chromium, from the sidebar, median of {repeat} servers"
          f" ({'page':<14}{'cold s':>8}{'warm s':>8})")
    for page, title in titles.items():
        colds, warm = [], []
        for _ in range(repeat):  # each cold visit on a server just started
            server, base = start_dashboard(db, Path(tempfile.mkdtemp()) / "server.log")
            driver = chromium(Path(tempfile.mkdtemp()))
            try:
                driver.get(base + "import")
                drawn("Import")
                colds.append(click(title))
                for _ in range(2):
                    click("Import")
                    warm.append(click(title))
            finally:
                driver.quit()
                stop(server)
        print(f"{'':<38}{page:<14}{statistics.median(colds):>8.2f}"
              f"{statistics.median(warm):>8.2f}", flush=True)


if __name__ == "__main__":
    sys.exit(main())
