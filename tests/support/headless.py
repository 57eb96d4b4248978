"""Headless Chromium and a real `handlens dashboard` server, for the browser test and
bench/dashboard_bench.py: Debian's chromium and chromium-driver (.ci/run installs
them), started with the flags this closed network needs."""
from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

CHROMIUM = Path("/usr/bin/chromium")
DRIVER = Path("/usr/bin/chromedriver")

# the page titled arguments[0] has finished running and every chart on it is drawn
READY = """
const title = arguments[0];
const heading = [...document.querySelectorAll('h1')].some(h => h.innerText.trim() === title);
const app = document.querySelector('[data-testid="stApp"]');
const running = !app || app.getAttribute('data-test-script-state') !== 'notRunning';
const charts = [...document.querySelectorAll('[data-testid="stVegaLiteChart"]')];
return heading && !running && charts.every(c => c.querySelector('canvas, svg'));
"""


def chromium(profile: Path):
    """A headless Chromium driven through chromedriver, with a new empty profile."""
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    opts = Options()
    opts.binary_location = str(CHROMIUM)
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage",
                 f"--user-data-dir={profile}", "--window-size=1500,1600"):
        opts.add_argument(flag)
    driver = webdriver.Chrome(service=Service(str(DRIVER)), options=opts)
    driver.set_page_load_timeout(60)
    return driver


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_dashboard(db: Path | str, log: Path, wait: float = 60,
                    extra: tuple[str, ...] = ()) -> tuple[subprocess.Popen, str]:
    """`handlens dashboard` on a free port, once it answers its health check: the
    process and its address. RuntimeError (with the log's end) if it does not start."""
    port = free_port()
    handlens = Path(sys.executable).with_name("handlens")
    with open(log, "w") as out:
        proc = subprocess.Popen([str(handlens), "dashboard", "--db", str(db), "--port",
                                 str(port), "--address", "127.0.0.1", *extra],
                                stdout=out, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}/"
    deadline = time.monotonic() + wait
    while True:
        try:
            with urllib.request.urlopen(base + "_stcore/health", timeout=2) as r:
                if r.read() == b"ok":
                    return proc, base
        except OSError:
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            raise RuntimeError("the dashboard did not start:\n" + Path(log).read_text()[-3000:])
        time.sleep(0.2)


def stop(proc: subprocess.Popen) -> None:
    proc.terminate()
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
