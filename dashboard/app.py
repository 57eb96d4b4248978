"""handlens dashboard: the entry point ``streamlit run`` starts (see ``handlens dashboard``).

It lays out the pages, draws the shared filters in the sidebar and runs the page
chosen, turning "an import is writing" and "no database yet" into short notices.
The database is the file named by the HANDLENS_DB environment variable, or a Parquet
dataset's folder named by HANDLENS_PARQUET (read-only).
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run from a checkout that was not installed
    sys.path.insert(0, str(ROOT))

import duckdb  # noqa: E402
import streamlit as st  # noqa: E402

from dashboard import data, sidebar  # noqa: E402
from pipeline.store.database import SchemaError  # noqa: E402

BUSY = ("An import is writing to the database: these figures show once it is done (the "
        "page refreshes by itself).")
STALE = ("An import is writing to the database; these are the figures from before it. "
         "The page refreshes by itself once it is done.")
WAIT_SECONDS = 2  # how often a page waiting for an import looks again
PAGES = {
    "Player": [
        st.Page("views/overview.py", title="Overview", icon=":material/monitoring:",
                default=True),
        st.Page("views/live.py", title="Live", icon=":material/sensors:", url_path="live"),
        st.Page("views/stats.py", title="Stats", icon=":material/table_chart:"),
        st.Page("views/positions.py", title="Positions", icon=":material/event_seat:"),
        st.Page("views/matrix.py", title="Matrix", icon=":material/view_module:",
                url_path="matrix"),
        st.Page("views/leaks.py", title="Leaks", icon=":material/troubleshoot:",
                url_path="leaks"),
        st.Page("views/prices.py", title="Price check", icon=":material/balance:",
                url_path="prices"),
        st.Page("views/starting_hands.py", title="Starting hands", icon=":material/grid_on:"),
        st.Page("views/hands.py", title="Hands", icon=":material/playing_cards:"),
        st.Page("views/review.py", title="Review", icon=":material/rate_review:",
                url_path="review"),
        st.Page("views/reports.py", title="Reports", icon=":material/date_range:"),
        st.Page("views/tournaments.py", title="Tournaments", icon=":material/emoji_events:"),
    ],
    "Coach and auditor": [
        st.Page("views/coach.py", title="Coach", icon=":material/school:", url_path="coach"),
        st.Page("views/compare.py", title="Compare players", icon=":material/group:"),
        st.Page("views/verification.py", title="Verification", icon=":material/verified:"),
    ],
    "Data": [
        st.Page("views/import_files.py", title="Import", icon=":material/upload_file:",
                url_path="import"),
    ],
}


@st.fragment(run_every=WAIT_SECONDS)
def _wait_for_the_import() -> None:
    """While an import holds the database: look again now and then, and draw the whole
    page afresh once the import is done."""
    try:
        data.connect(data.db_path()).close()
    except data.Busy:
        return
    st.rerun(scope="app")


st.set_page_config(page_title="handlens", page_icon=":material/playing_cards:",
                   layout="wide")
page = st.navigation(PAGES, expanded=True)  # every page named, none behind "View more"
# narrower side margins than Streamlit's wide layout (5 rem): the hand lists and the
# findings keep every column whole beside the sidebar at 1280 pixels
st.html("<style>[data-testid='stMainBlockContainer'] {padding-left: 2rem; "
        "padding-right: 2rem;}</style>")
notice = st.empty()
st.session_state["handlens_stale"] = False
waiting = False
try:
    try:
        sidebar.draw()
    except data.NoDatabase:
        if page.url_path != "import":
            raise
    page.run()
except data.Busy:
    notice.info(BUSY, icon=":material/hourglass_top:")
    waiting = True
except data.NoDatabase as missing:
    with notice.container():
        st.info("There is no handlens dataset here (no manifest.json): `handlens import "
                "PATH --out DIR` writes one." if data.dataset_path() else
                "There is no database here yet: import hand histories on the Import page "
                "(or with `handlens import`).", icon=":material/info:")
        st.code(str(missing), language=None)
except SchemaError as exc:
    with notice.container():
        st.error("This database was written by another version of handlens.")
        st.text(str(exc))
except duckdb.Error as exc:  # a damaged or truncated file, or one that is no database
    first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    notice.error(f"handlens cannot read {data.db_path()}: {first}", icon=":material/error:")
finally:
    data.close()  # never hold the file between runs: an importer may be waiting
if st.session_state.get("handlens_stale") and not waiting:
    notice.info(STALE, icon=":material/hourglass_top:")
    waiting = True
if waiting:
    _wait_for_the_import()
