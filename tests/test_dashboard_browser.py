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
