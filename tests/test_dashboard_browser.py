"""The real server, `handlens dashboard`, loaded in headless Chromium (Debian's
chromium and chromium-driver, which .ci/run installs): every page renders without an
exception. With HANDLENS_SCREENSHOTS=1 it saves one screenshot per page in
docs/screenshots/ (the README shows them)."""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from conftest import FAILED_HAND, ROOT, SCRIPT_NAME

CHROMIUM = Path("/usr/bin/chromium")
DRIVER = Path("/usr/bin/chromedriver")
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


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def server(dashboard_db, tmp_path_factory):
    port = _free_port()
    log = tmp_path_factory.mktemp("server") / "server.log"
    handlens = Path(sys.executable).with_name("handlens")
    with log.open("w") as out:
        proc = subprocess.Popen([str(handlens), "dashboard", "--db", str(dashboard_db),
                                 "--port", str(port), "--address", "127.0.0.1"],
                                stdout=out, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}/"
    deadline = time.monotonic() + 60
    while True:
        try:
            with urllib.request.urlopen(base + "_stcore/health", timeout=2) as r:
                if r.read() == b"ok":
                    break
        except OSError:
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            pytest.fail("the dashboard did not start:\n" + log.read_text()[-3000:])
        time.sleep(0.3)
    yield base
    proc.terminate()
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    opts = Options()
    opts.binary_location = str(CHROMIUM)
    profile = tmp_path_factory.mktemp("chromium-profile")
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage",
                 f"--user-data-dir={profile}", "--window-size=1500,1600"):
        opts.add_argument(flag)
    driver = webdriver.Chrome(service=Service(str(DRIVER)), options=opts)
    driver.set_page_load_timeout(60)
    yield driver
    driver.quit()


# the page titled arguments[0] has finished running and every chart on it is drawn
READY = """
const title = arguments[0];
const heading = [...document.querySelectorAll('h1')].some(h => h.innerText.trim() === title);
const app = document.querySelector('[data-testid="stApp"]');
const running = !app || app.getAttribute('data-test-script-state') !== 'notRunning';
const charts = [...document.querySelectorAll('[data-testid="stPlotlyChart"]')];
return heading && !running && charts.every(c => c.querySelector('.main-svg'));
"""


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
