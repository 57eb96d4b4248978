"""The real server, `handlens dashboard`, loaded in headless Chromium (Debian's
chromium and chromium-driver, which .ci/run installs): every page renders without an
exception. With HANDLENS_SCREENSHOTS=1 it saves one screenshot per page in
docs/screenshots/ (the README shows them)."""
from __future__ import annotations

import os
import time

import pytest

from conftest import FAILED_HAND, ROOT, SCRIPT_NAME
from headless import CHROMIUM, DRIVER, READY, chromium, start_dashboard, stop

SHOTS = ROOT / "docs" / "screenshots"
# (url path, title, screenshot name)
PAGES = (("", "Overview", "overview"), ("positions", "Positions", "positions"),
         ("starting_hands", "Starting hands", "starting_hands"),
         ("hands?hand=PokerStars%3A240000000003", "Hands", "hands"),
         ("verification", "Verification", "verification"), ("import", "Import", "import"))

pytestmark = pytest.mark.skipif(
    not (CHROMIUM.exists() and DRIVER.exists()),
    reason="the browser test needs Debian's chromium and chromium-driver "
           "(/usr/bin/chromium, /usr/bin/chromedriver): .ci/run installs them")


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
            "verification": "Findings by code", "import": "Hand-history files"}[name] in body
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
    code = " ".join(e.text for e in browser.find_elements(By.CSS_SELECTOR, "pre, code"))
    assert f"{SCRIPT_NAME}: raises" in code  # the raw text, literally
    with pytest.raises(NoAlertPresentException):
        browser.switch_to.alert.text
    assert not browser.execute_script(
        "return [...document.scripts].some(s => s.text.includes('alert(1)'))")


# ---- the replayer's table: stepped through inside its iframe

STATE = """
const pot = document.querySelector('.middle .pot');
return {pot: pot ? pot.textContent : '',
        pots: [...document.querySelectorAll('.middle .pots')].map(t => t.textContent).join(' '),
        board: document.querySelectorAll('.middle .card').length,
        runs: document.querySelectorAll('.middle .run').length,
        text: document.getElementById('text').textContent,
        counter: document.getElementById('counter').textContent};
"""


def _step_through(driver, url: str, shot: str | None, shot_at=None) -> list[dict]:
    """Open a hand, click "Step" inside the table's iframe until the last frame; the
    state of the table after each click. ``shot``: a screenshot's name, taken 1280
    pixels wide, of the last frame or of the last one ``shot_at(state)`` accepts."""
    from selenium.webdriver.common.by import By

    if shot:
        driver.set_window_size(1280, 1000)
    _load(driver, url, "Hands")
    _no_exception(driver)
    table = driver.find_element(By.CSS_SELECTOR, "iframe")
    driver.execute_script("arguments[0].scrollIntoView()", table)
    driver.switch_to.frame(table)
    try:
        seen = [driver.execute_script(STATE)]
        step = driver.find_element(By.ID, "next")
        while step.is_enabled():
            step.click()
            seen.append(driver.execute_script(STATE))
            assert len(seen) < 500
        if shot and shot_at:
            at = max(i for i, state in enumerate(seen) if shot_at(state))
            driver.execute_script("const s = document.getElementById('slider');"
                                  f"s.value = {at}; s.oninput();")
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
    from conftest import query

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
    from conftest import query

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
