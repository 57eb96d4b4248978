"""The real server, `handlens dashboard`, loaded in headless Chromium (Debian's
chromium and chromium-driver, which .ci/run installs): every page renders without an
exception. With HANDLENS_SCREENSHOTS=1 it saves one screenshot per page in
docs/screenshots/ (the README shows them)."""
from __future__ import annotations

import os
import time

import pytest

from support.common import FAILED_HAND, ROOT, SCRIPT_NAME
from support.headless import CHROMIUM, DRIVER, READY, chromium, start_dashboard, stop

SHOTS = ROOT / "docs" / "screenshots"
# (url path, title, screenshot name)
PAGES = (("", "Overview", "overview"), ("stats", "Stats", "stats"),
         ("positions", "Positions", "positions"),
         ("matrix?player=Hero&game=cash", "Matrix", "matrix"),
         ("leaks?player=Hero&game=cash", "Leaks", "leaks"),
         ("prices?player=Hero&game=cash", "Price check", "prices"),
         ("starting_hands", "Starting hands", "starting_hands"),
         ("reports", "Reports", "reports"), ("tournaments", "Tournaments", "tournaments"),
         ("compare", "Compare players", "compare"),
         ("hands?hand=PokerStars%3A240000000003", "Hands", "hands"),
         ("verification", "Verification", "verification"), ("import", "Import", "import"),
         ("review?player=Hero&game=cash", "Review", "review"),
         ("coach?player=Hero&game=cash", "Coach", "coach"))

pytestmark = [pytest.mark.browser, pytest.mark.skipif(
    not (CHROMIUM.exists() and DRIVER.exists()),
    reason="the browser test needs Debian's chromium and chromium-driver "
           "(/usr/bin/chromium, /usr/bin/chromedriver): .ci/run installs them")]


@pytest.fixture(scope="module")
def server(dashboard_db, tmp_path_factory):
    log = tmp_path_factory.mktemp("server") / "server.log"
    try:
        proc, base = start_dashboard(dashboard_db, log)
    except RuntimeError as exc:
        pytest.fail(str(exc))
    yield base
    stop(proc)


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    driver = chromium(tmp_path_factory.mktemp("chromium-profile"))
    yield driver
    driver.quit()


def _load(driver, url: str, title: str) -> None:
    """Open a page and wait until Streamlit has run it and drawn its charts."""
    from selenium.webdriver.support.ui import WebDriverWait

    driver.get(url)
    WebDriverWait(driver, 60, poll_frequency=0.1).until(lambda d: d.execute_script(READY, title))
    time.sleep(1)  # let the grids and charts finish drawing


def _draw_every_table(driver) -> None:
    """Scroll each table shown (not in a closed expander) into view and wait until its
    cells are drawn: tables below the fold are drawn only when seen."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    for table in driver.find_elements(By.CSS_SELECTOR, '[data-testid="stDataFrame"]'):
        if not table.is_displayed():
            continue
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", table)
        WebDriverWait(driver, 15, poll_frequency=0.1).until(
            lambda d: table.find_elements(By.CSS_SELECTOR, "table"))


def _no_exception(driver) -> None:
    from selenium.webdriver.common.by import By

    shown = driver.find_elements(By.CSS_SELECTOR, '[data-testid="stException"]')
    assert not shown, [e.text[:2000] for e in shown]
    assert "Traceback" not in driver.find_element(By.TAG_NAME, "body").text


@pytest.mark.parametrize("path,title,name", PAGES, ids=[p[2] for p in PAGES])
def test_page_renders(server, browser, path, title, name):
    from selenium.webdriver.common.by import By

    _load(browser, server + path, title)
    _no_exception(browser)
    body = browser.find_element(By.TAG_NAME, "body").text
    assert {"overview": "Winnings", "positions": "By position group",
            "starting_hands": "Hands of one class", "hands": "As the room wrote it",
            "verification": "Findings by code", "import": "Hand-history files",
            "stats": "Postflop", "reports": "By", "compare": "Preflop",
            "tournaments": "Each tournament", "review": "reviewed",
            "coach": "Month by month", "matrix": "standard errors",
            "leaks": "Flagged", "prices": "Decisions priced"}[name] in body
    if os.environ.get("HANDLENS_SCREENSHOTS") == "1":  # the whole page, in one picture
        height = browser.execute_script(
            "return document.querySelector('[data-testid=\"stMain\"]').scrollHeight")
        browser.set_window_size(1500, min(max(height + 40, 900), 3000))
        time.sleep(1)
        SHOTS.mkdir(parents=True, exist_ok=True)
        browser.save_screenshot(str(SHOTS / f"{name}.png"))
        browser.set_window_size(1500, 1600)


def test_names_are_text_in_the_browser(server, browser):
    from selenium.common.exceptions import NoAlertPresentException
    from selenium.webdriver.common.by import By

    _load(browser, server + f"hands?hand=PokerStars%3A{FAILED_HAND}", "Hands")
    _no_exception(browser)
    code = " ".join(e.text for e in browser.find_elements(
        By.CSS_SELECTOR, "pre, code"))
    assert f"{SCRIPT_NAME}: raises" in code  # the raw text, literally
    with pytest.raises(NoAlertPresentException):
        browser.switch_to.alert.text
    assert not browser.execute_script(
        "return [...document.scripts].some(s => s.text.includes('alert(1)'))")


# ---- the defects of issue 12, seen as a person sees them, at 1280 pixels

WIDTH = 1280
# every table drawn whose columns are wider than its frame (a clipped column)
CLIPPED = """
return [...document.querySelectorAll('[data-testid="stDataFrame"]')].map(el => {
  const sc = el.querySelector('.dvn-scroller');
  if (!sc || !sc.clientWidth) return null;
  const t = el.querySelector('table');
  return [sc.scrollWidth - sc.clientWidth, t ? t.innerText.slice(0, 60) : ''];
}).filter(x => x && x[0] > 1);
"""
# the text of the page and of every table (tables are drawn on a canvas; their text is
# also in an accessible table)
ALL_TEXT = """
return document.body.innerText + '\\n' + [...document.querySelectorAll(
  '[data-testid="stDataFrame"] table')].map(t => t.innerText).join('\\n');
"""
NARROW_PAGES = (
    ("?game=cash", "Overview"), ("?game=tournament", "Overview"),
    ("?player=*&game=cash", "Overview"), ("stats?game=cash", "Stats"),
    ("positions?game=cash", "Positions"), ("starting_hands?game=cash", "Starting hands"),
    ("hands?game=cash", "Hands"), ("hands?player=*&game=tournament", "Hands"),
    ("reports?game=cash", "Reports"), ("compare?game=cash", "Compare players"),
    ("verification?game=cash", "Verification"), ("import", "Import"),
    ("live?player=Hero&game=cash", "Live"), ("review?player=Hero&game=cash", "Review"),
    ("coach?player=Hero&game=cash", "Coach"),
    ("matrix?player=Hero&game=cash&across=depth", "Matrix"),
    ("leaks?player=Hero&game=cash", "Leaks"), ("prices?player=Hero&game=cash", "Price check"),
    (f"hands?game=cash&hand=PokerStars%3A{FAILED_HAND}", "Hands"))


@pytest.fixture()
def narrow(browser):
    browser.set_window_size(WIDTH, 1400)
    yield browser
    browser.set_window_size(1500, 1600)


@pytest.mark.parametrize("path,title", NARROW_PAGES, ids=[p[0] or "overview" for p in NARROW_PAGES])
def test_no_clipped_column_and_no_none_at_1280(server, narrow, path, title):
    import re
    _load(narrow, server + path, title)
    _no_exception(narrow)
    if "hand=" in path:  # the replayer's actions, street by street: opened
        from selenium.webdriver.common.by import By
        narrow.find_element(By.CSS_SELECTOR, '[data-testid="stExpander"] summary').click()
        time.sleep(1)
    _draw_every_table(narrow)
    assert narrow.execute_script(CLIPPED) == []
    assert not re.search(r"\bNone\b", narrow.execute_script(ALL_TEXT))


def _metric(driver, label: str) -> str:
    from selenium.webdriver.common.by import By
    for m in driver.find_elements(By.CSS_SELECTOR, '[data-testid="stMetric"]'):
        lines = m.text.splitlines()
        if lines and lines[0] == label:
            return lines[1]
    raise AssertionError(f"no metric {label!r}")


def _sql(db, query: str) -> list[tuple]:
    import duckdb
    con = duckdb.connect(str(db), read_only=True)
    try:
        return con.execute(query).fetchall()
    finally:
        con.close()


def test_money_is_never_mixed_and_all_players_count_hands(server, narrow, dashboard_db):
    from selenium.webdriver.common.by import By
    currencies = [c for (c,) in _sql(dashboard_db, """SELECT DISTINCT h.currency
        FROM player_hand_flags s JOIN hands h USING (site, hand_id)
        WHERE s.player = 'Hero' AND h.kind = 'cash'""")]
    _load(narrow, server + "?player=Hero&game=cash", "Overview")
    labels = [m.text.splitlines()[0] for m in
              narrow.find_elements(By.CSS_SELECTOR, '[data-testid="stMetric"]')]
    assert "Net (chips)" not in labels
    if len(currencies) > 1:
        assert not [x for x in labels if x.startswith("Net (") and x != "Net (big blinds)"]
    _load(narrow, server + "?player=Hero&game=tournament", "Overview")
    assert "Hero · tournaments" in narrow.find_element(By.TAG_NAME, "body").text
    (hands,), = _sql(dashboard_db, """SELECT count(*) FROM player_hand_flags s
        JOIN hands h USING (site, hand_id) WHERE s.player = 'Hero'
        AND h.kind = 'tournament'""")
    assert _metric(narrow, "Hands") == f"{hands:,}"
    _load(narrow, server + "?player=*&game=cash", "Overview")
    (hands,), = _sql(dashboard_db, """SELECT count(*) FROM hands h WHERE h.supported
        AND h.kind = 'cash' AND EXISTS (SELECT 1 FROM player_hand_flags s
        WHERE s.site = h.site AND s.hand_id = h.hand_id)""")
    assert _metric(narrow, "Hands") == f"{hands:,}"


def test_one_time_zone_named(server, narrow):
    from selenium.webdriver.support.ui import WebDriverWait
    _load(narrow, server + "hands?player=*&game=cash", "Hands")
    WebDriverWait(narrow, 20, poll_frequency=0.1).until(
        lambda d: "played (UTC)" in d.execute_script(ALL_TEXT))


def test_a_grid_cell_click_lists_its_hands(server, narrow):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    _load(narrow, server + "starting_hands?player=Hero&game=cash", "Starting hands")

    def aa_cell(d):
        for host in d.find_elements(By.CSS_SELECTOR, "*"):
            root = d.execute_script("return arguments[0].shadowRoot", host)
            if root is not None:
                cells = root.find_elements(By.CSS_SELECTOR, '[data-hand="AA"]')
                if cells:
                    return cells[0]
        return False

    cell = WebDriverWait(narrow, 20, poll_frequency=0.2).until(aa_cell)
    assert cell.text.splitlines()[0] == "AA"
    cell.click()
    # the list of AA's hands, below the grid, and AA outlined in the grid
    WebDriverWait(narrow, 30, poll_frequency=0.1).until(
        lambda d: any(h.text.startswith("AA: ") for h in d.find_elements(By.TAG_NAME, "h3")))
    WebDriverWait(narrow, 30, poll_frequency=0.1).until(
        lambda d: "played (UTC)" in d.execute_script(ALL_TEXT).split("\nAA: ", 1)[-1])
    WebDriverWait(narrow, 10, poll_frequency=0.2).until(
        lambda d: "chosen" in (aa_cell(d).get_attribute("class") or ""))


def test_the_replay_link_keeps_the_filters(server, narrow):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    def a_replay_link(driver):
        return next((a for a in driver.find_elements(By.CSS_SELECTOR, "a")
                     if "hand=" in (a.get_attribute("href") or "")), None)

    _load(narrow, server + "verification?player=*&game=cash", "Verification")
    _draw_every_table(narrow)
    # the findings' grid draws its links after the page has run (slower on a loaded machine)
    link = WebDriverWait(narrow, 30, poll_frequency=0.2).until(a_replay_link)
    href = link.get_attribute("href")
    assert "player=*" in href or "player=%2A" in href
    assert "game=cash" in href
    _load(narrow, href, "Hands")
    _no_exception(narrow)
    body = narrow.find_element(By.TAG_NAME, "body").text
    assert "all players · cash games" in body


def test_the_import_notice_during_and_after_an_import(dashboard_db, browser, tmp_path):
    import shutil
    import subprocess
    import sys

    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    db = tmp_path / "busy.duckdb"
    shutil.copy(dashboard_db, db)
    proc, base = start_dashboard(db, tmp_path / "server.log")
    holder = None
    try:
        from support.apptest import LOCK_HOLDER
        holder = subprocess.Popen([sys.executable, "-c", LOCK_HOLDER, str(db)],
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        assert holder.stdout.readline().strip() == "locked"
        browser.get(base + "stats?game=cash")  # nothing cached yet: no figures to show
        WebDriverWait(browser, 60, poll_frequency=0.1).until(
            lambda d: "An import is writing" in d.find_element(By.TAG_NAME, "body").text)
        body = browser.find_element(By.TAG_NAME, "body").text
        assert "figures from before it" not in body  # none are shown: it does not say so
        holder.communicate("\n", timeout=30)
        holder = None
        # the page refreshes by itself, without a click
        WebDriverWait(browser, 30, poll_frequency=0.2).until(
            lambda d: "An import is writing" not in d.find_element(By.TAG_NAME, "body").text
            and d.execute_script(READY, "Stats"))
        _no_exception(browser)
        body = browser.find_element(By.TAG_NAME, "body").text
        assert "Preflop" in body and "Showdown" in body  # the figures, drawn
    finally:
        if holder is not None:
            holder.communicate("\n", timeout=30)
        stop(proc)


# ---- the replayer's table: stepped through inside its iframe

STATE = """
const pot = document.querySelector('.middle .pot');
return {pot: pot ? pot.textContent : '',
        pots: [...document.querySelectorAll('.middle .pots')].map(t => t.textContent).join(' '),
        board: document.querySelectorAll('.middle .card').length,
        runs: document.querySelectorAll('.middle .run').length,
        text: document.getElementById('text').textContent,
        lines: document.getElementById('lines').textContent,
        counter: document.getElementById('counter').textContent};
"""


def _to_the_end(driver) -> list[dict]:
    """Click the table's "Step" until the last frame: the state after each click."""
    from selenium.webdriver.common.by import By

    seen = [driver.execute_script(STATE)]
    step = driver.find_element(By.ID, "next")
    while step.is_enabled():
        step.click()
        seen.append(driver.execute_script(STATE))
        assert len(seen) < 500
    return seen


def _show_frame(driver, at: int) -> None:
    driver.execute_script(f"const s = document.getElementById('slider'); s.value = {at};"
                          " s.oninput();")


def _step_through(driver, url: str, shot: str | None, shot_at=None) -> list[dict]:
    """Open a hand, click "Step" inside the table's iframe until the last frame; the
    state of the table after each click. ``shot``: a screenshot's name, taken 1280
    pixels wide, of the last frame or of the last one ``shot_at(state)`` accepts."""
    from selenium.webdriver.common.by import By

    if shot:
        driver.set_window_size(1280, 1000)
    _load(driver, url, "Hands")
    _no_exception(driver)
    from selenium.webdriver.support.ui import WebDriverWait
    table = WebDriverWait(driver, 30, poll_frequency=0.2).until(
        lambda d: d.find_elements(By.CSS_SELECTOR, "iframe"))[0]
    driver.execute_script("arguments[0].scrollIntoView()", table)
    driver.switch_to.frame(table)
    try:
        seen = _to_the_end(driver)
        if shot and shot_at:
            _show_frame(driver, max(i for i, state in enumerate(seen) if shot_at(state)))
    finally:
        driver.switch_to.default_content()
    if shot:
        time.sleep(0.5)
        SHOTS.mkdir(parents=True, exist_ok=True)
        driver.save_screenshot(str(SHOTS / shot))
        driver.set_window_size(1500, 1600)
    return seen


def _script_errors(driver) -> list[str]:
    """Errors of the pages' scripts (not failed network requests: this closed network
    cannot fetch Streamlit's fonts)."""
    try:
        logs = driver.get_log("browser")
    except Exception:  # a driver without logs
        return []
    return [e["message"] for e in logs if e["level"] == "SEVERE" and e["source"] != "network"]


def _shots() -> bool:
    return os.environ.get("HANDLENS_SCREENSHOTS") == "1"


def test_stepping_through_a_side_pot(server, browser, dashboard_db):
    from support.common import query

    (site, hand_id), = query(dashboard_db, """
        SELECT site, hand_id FROM hands JOIN verdicts USING (site, hand_id)
        WHERE status = 'ok' AND len(summary_pots) > 1 AND len(boards) = 1
        AND len(string_split(board, ' ')) = 5 ORDER BY site, hand_id LIMIT 1""")
    _script_errors(browser)  # forget earlier pages' messages
    seen = _step_through(browser, server + f"hands?hand={site}%3A{hand_id}",
                         "replayer_side_pot.png" if _shots() else None,
                         lambda state: "Side pot" in state["pots"])
    assert seen[-1]["counter"] == f"action {len(seen)} of {len(seen)}"
    assert len({s["pot"] for s in seen}) > 2  # the pot grows
    assert [s["board"] for s in seen if s["board"]][0] == 3  # a flop first
    assert max(s["board"] for s in seen) == 5
    assert any("Main pot" in s["pots"] and "Side pot" in s["pots"] for s in seen)
    assert seen[-1]["text"] == "The pots are paid out" or "collected" in seen[-1]["text"]
    assert not _script_errors(browser)


def test_stepping_through_a_run_it_twice_hand(server, browser, dashboard_db):
    from support.common import query

    (site, hand_id, runs), = query(dashboard_db, """
        SELECT site, hand_id, len(boards) FROM hands JOIN verdicts USING (site, hand_id)
        WHERE status = 'ok' AND len(boards) = 2 ORDER BY site, hand_id LIMIT 1""")
    _script_errors(browser)
    seen = _step_through(browser, server + f"hands?hand={site}%3A{hand_id}",
                         "replayer_run_twice.png" if _shots() else None)
    assert seen[0]["board"] == 0 and seen[0]["runs"] == 0
    assert seen[-1]["runs"] == runs and seen[-1]["board"] == 5 * runs
    assert len({s["board"] for s in seen}) > 2  # the board changes as it is dealt
    assert not _script_errors(browser)


# ---- a hand shared as a file: the table page and the forum post, opened from disk

SHARED = {"side_pot": """SELECT site, hand_id FROM hands JOIN verdicts USING (site, hand_id)
              WHERE status = 'ok' AND len(summary_pots) > 1 AND len(boards) = 1
              AND len(string_split(board, ' ')) = 5 ORDER BY site, hand_id LIMIT 1""",
          "run_twice": """SELECT site, hand_id FROM hands JOIN verdicts USING (site, hand_id)
              WHERE status = 'ok' AND len(boards) = 2 ORDER BY site, hand_id LIMIT 1"""}


@pytest.mark.parametrize("kind", SHARED)
def test_a_shared_hand_opens_offline_and_its_forum_post_reads(browser, dashboard_db,
                                                              tmp_path, kind):
    """`export --format html` and `--format forum` of a side-pot hand and a run-it-twice
    hand: the page, opened as a file, steps to the end with every pot or board; the
    forum post, as pasted, names them (screenshots: share_*.png, forum_*.png)."""
    import html as html_text

    from selenium.webdriver.common.by import By

    from pipeline.cli.main import main
    from support.common import query

    (site, hand_id), = query(dashboard_db, SHARED[kind])
    for fmt in ("html", "forum"):
        assert main(["export", "--format", fmt, "--hand", f"{site}:{hand_id}", "--out",
                     str(tmp_path), "--db", str(dashboard_db)]) == 0
    page, = tmp_path.glob("*.html")
    post, = tmp_path.glob("*.md")
    browser.set_window_size(1280, 900)
    _script_errors(browser)
    browser.get(page.as_uri())
    seen = _to_the_end(browser)
    if kind == "side_pot":
        _show_frame(browser, max(i for i, s in enumerate(seen) if "Side pot" in s["pots"]))
        assert any("Main pot" in s["pots"] and "Side pot" in s["pots"] for s in seen)
    else:
        assert seen[-1]["runs"] == 2 and seen[-1]["board"] == 10
    assert not _script_errors(browser)
    if _shots():
        SHOTS.mkdir(parents=True, exist_ok=True)
        time.sleep(0.3)
        browser.save_screenshot(str(SHOTS / f"share_{kind}.png"))
    text = post.read_text("utf-8")
    assert ("side pot" in text) if kind == "side_pot" else ("run 2 times" in text)
    shown = tmp_path / "post.html"  # the post as a reader sees it before it is rendered
    shown.write_text('<!DOCTYPE html><meta charset="utf-8"><body style="margin:16px;'
                     'font:15px/1.45 monospace;white-space:pre-wrap;max-width:1180px">'
                     + html_text.escape(text), "utf-8")
    browser.get(shown.as_uri())
    assert "Result" in browser.find_element(By.TAG_NAME, "body").text
    if _shots():
        browser.save_screenshot(str(SHOTS / f"forum_{kind}.png"))
    browser.set_window_size(1500, 1600)


# ---- the Live page: a session written while it is open, seen without a reload

def test_the_live_page_follows_a_session_without_a_reload(browser, tmp_path):
    import re
    import subprocess
    import sys

    from selenium.webdriver.support.ui import WebDriverWait

    from support import live

    if len(live.SIMULATED) < 2:
        pytest.skip("sample_histories has no simulated PokerStars files")
    hands = live.played_now(live.tables(40), gap_seconds=12)
    folder, db = tmp_path / "hh", tmp_path / "live.duckdb"
    handlens = [sys.executable, "-m", "pipeline.cli.main"]

    def write_and_import(upto: int) -> int:
        live.write(folder, hands[:upto])
        subprocess.run([*handlens, "import", str(folder), "--db", str(db), "--quiet"],
                       check=True, capture_output=True, cwd=ROOT)
        return sum(live.HERO in live.dealt(h) for _, h in hands[:upto])

    first = write_and_import(50)
    proc, base = start_dashboard(db, tmp_path / "server.log")
    try:
        browser.set_window_size(WIDTH, 1400)
        _load(browser, base + f"live?player={live.HERO}&game=cash", "Live")
        _no_exception(browser)
        assert _metric(browser, "Hands") == f"{first:,}"
        every = write_and_import(len(hands))
        # the page looks again by itself: no driver.get, no click
        WebDriverWait(browser, 30, poll_frequency=0.3).until(
            lambda d: _metric(d, "Hands") == f"{every:,}")
        WebDriverWait(browser, 30, poll_frequency=0.3).until(
            lambda d: "playing now" in d.execute_script(ALL_TEXT))
        _draw_every_table(browser)
        _no_exception(browser)
        if _shots():
            height = browser.execute_script(
                "return document.querySelector('[data-testid=\"stMain\"]').scrollHeight")
            browser.set_window_size(WIDTH, min(max(height + 40, 900), 3000))
            time.sleep(1.5)
            browser.save_screenshot(str(SHOTS / "live.png"))
            browser.set_window_size(WIDTH, 1400)
        assert browser.execute_script(CLIPPED) == []
        assert not re.search(r"\bNone\b", browser.execute_script(ALL_TEXT))
    finally:
        browser.set_window_size(1500, 1600)
        stop(proc)


# every cell of the tables shown, measured in the grid's font: (heading, widest text)
CELL_WIDTHS = """
const c = document.createElement('canvas').getContext('2d');
c.font = '14px "Source Sans", sans-serif';
return [...document.querySelectorAll('[data-testid="stDataFrame"] table')].map(t => {
  const rows = [...t.querySelectorAll('tr')].map(r => [...r.children].map(x => x.innerText));
  return rows[0].map((h, i) => {
    const cells = rows.slice(1).map(r => r[i] || '');
    const w = cells.map(x => c.measureText(x).width);
    const at = w.indexOf(Math.max(0, ...w));
    return [h, at < 0 ? 0 : w[at], at < 0 ? '' : cells[at]];
  });
});
"""
PADDING = 16  # the grid's cell padding, both sides


@pytest.mark.parametrize("path", ["hands?player=Hero&game=cash&sort=pot",
                                  "hands?player=*&game=cash&sort=pot"])
def test_the_hand_list_shows_every_value_whole(server, narrow, path):
    """A five-card board, a verdict, a hand number: each cell's text fits its column."""
    from dashboard.hand_table import WIDTHS
    _load(narrow, server + path, "Hands")
    _draw_every_table(narrow)
    tables = narrow.execute_script(CELL_WIDTHS)
    listed = next(t for t in tables if any(h == "board" for h, _, _ in t))
    boards = [w for h, w, _ in listed if h == "board"]
    assert boards and boards[0] > 80  # five cards among them (sorted by the pot)
    # the text columns (a number's cell is drawn formatted; the table under it holds
    # the raw value)
    text_columns = ("played", "room", "hand", "stakes", "pos.", "cards", "board", "verdict")
    cut = [(h, text) for h, w, text in listed
           if h.split()[:1] and h.split()[0] in text_columns
           and w + PADDING > WIDTHS[h.split()[0]]]
    assert not cut, cut


def test_a_note_shows_in_the_table_at_its_action(dashboard_db, browser, tmp_path):
    """A note written on a river call (`handlens note`) is shown in the table at that
    action's frame, and at no other (screenshot: replayer_note.png)."""
    import shutil

    from pipeline.cli.main import main
    from support.common import query

    db = tmp_path / "noted.duckdb"
    shutil.copy(dashboard_db, db)
    (site, hand_id, seq, player), = query(db, """
        SELECT site, hand_id, seq, player FROM actions WHERE street = 4 AND kind = 'call'
        ORDER BY site, hand_id, seq LIMIT 1""")
    assert main(["note", "add", "--hand", f"{site}:{hand_id}", "--action", str(seq),
                 "thin: the river bet is half the pot", "--db", str(db)]) == 0
    proc, base = start_dashboard(db, tmp_path / "server.log")
    try:
        seen = _step_through(browser, base + f"hands?hand={site}%3A{hand_id}",
                             "replayer_note.png" if _shots() else None,
                             lambda state: "Note: " in state["lines"])
    finally:
        stop(proc)
    noted = [s for s in seen if "Note: thin: the river bet is half the pot" in s["lines"]]
    assert len(noted) == 1 and noted[0]["text"].startswith(f"{player} calls")


def test_review_keys_mark_and_go_on(dashboard_db, browser, tmp_path):
    """On the Review page, the key n marks the hand reviewed and shows the next."""
    import re
    import shutil

    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    db = tmp_path / "review.duckdb"
    shutil.copy(dashboard_db, db)
    proc, base = start_dashboard(db, tmp_path / "server.log")
    try:
        _load(browser, base + "review?player=Hero&game=cash&queue=3-bet+pot", "Review")

        def reviewed(d) -> int:
            m = re.search(r"([\d,]+) of [\d,]+ reviewed",
                          d.find_element(By.TAG_NAME, "body").text)
            return int(m.group(1).replace(",", "")) if m else -1

        assert reviewed(browser) == 0
        browser.find_element(By.TAG_NAME, "h1").click()  # the page has the focus
        ActionChains(browser).send_keys("n").perform()
        WebDriverWait(browser, 30, poll_frequency=0.2).until(lambda d: reviewed(d) == 1)
        _no_exception(browser)
    finally:
        stop(proc)
    from support.common import query
    assert query(db, "SELECT count(*) FROM tags WHERE tag = 'reviewed'") == [(1,)]



# ---- the analysis pages over a simulated hero with a planted leak, at 1280 pixels

@pytest.fixture(scope="module")
def leaky_server(tmp_path_factory):
    """A dashboard over 12,000 simulated hands, the hero calling every 3-bet he opened
    into (``simulate --leak calls-3bets``)."""
    from pipeline.cli.main import main
    work = tmp_path_factory.mktemp("leaky")
    assert main(["simulate", "--hands", "12000", "--seed", "5", "--out", str(work / "hands"),
                 "--leak", "calls-3bets"]) == 0
    db = work / "leaky.duckdb"
    assert main(["import", str(work / "hands"), "--db", str(db), "--quiet"]) == 0
    try:
        proc, base = start_dashboard(db, work / "server.log")
    except RuntimeError as exc:
        pytest.fail(str(exc))
    yield base
    stop(proc)


ANALYSIS = (("matrix?player=Hero&game=cash&stats=Postflop", "Matrix", "Flop check-raise"),
            ("leaks?player=Hero&game=cash", "Leaks", "Fold to 3-bet"),
            ("prices?player=Hero&game=cash", "Price check", "replay"))


@pytest.mark.parametrize("path,title,seen", ANALYSIS, ids=[a[1] for a in ANALYSIS])
def test_the_analysis_pages_of_a_planted_leak_at_1280(leaky_server, narrow, path, title, seen):
    """The matrix, the leaks (the planted one flagged first) and the price check, whole
    at 1280 pixels (docs/screenshots/analysis_*.png with HANDLENS_SCREENSHOTS=1)."""
    _load(narrow, leaky_server + path, title)
    _no_exception(narrow)
    _draw_every_table(narrow)
    assert narrow.execute_script(CLIPPED) == []
    text = narrow.execute_script(ALL_TEXT)
    assert seen in text
    if title == "Leaks":  # the planted leak: the first flagged row
        first = narrow.execute_script(
            "return document.querySelector('[data-testid=\"stDataFrame\"] table tbody tr')"
            ".textContent")
        assert first.startswith("Fold to 3-bet"), first
    if os.environ.get("HANDLENS_SCREENSHOTS") == "1":
        height = narrow.execute_script(
            "return document.querySelector('[data-testid=\"stMain\"]').scrollHeight")
        narrow.set_window_size(WIDTH, min(max(height + 40, 900), 2400))
        time.sleep(1)
        SHOTS.mkdir(parents=True, exist_ok=True)
        narrow.save_screenshot(str(SHOTS / f"analysis_{title.split()[0].lower()}.png"))
