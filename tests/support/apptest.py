"""The dashboard's pages run by Streamlit's AppTest, and what they show read back."""
from __future__ import annotations

import json
import re
from pathlib import Path

import duckdb
import polars as pl
from streamlit.testing.v1 import AppTest

from support.common import ROOT

APP = ROOT / "dashboard" / "app.py"


def run_page(db: Path, page: str, monkeypatch, query: dict | None = None) -> AppTest:
    monkeypatch.setenv("HANDLENS_DB", str(db))
    at = AppTest.from_file(str(APP), default_timeout=60)
    if query:  # the address a session starts from
        at.query_params.update(query)
    at.run()
    if query:
        at.query_params.update(query)
    if page != "overview":
        at.switch_page(f"views/{page}.py")
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def sql(db: Path, query: str, params: list | None = None) -> list[tuple]:
    con = duckdb.connect(str(db), read_only=True)
    try:
        return con.execute(query, params or []).fetchall()
    finally:
        con.close()


def metrics(at: AppTest) -> dict[str, str]:
    return {m.label: m.value for m in at.metric}


def texts(at: AppTest) -> list[str]:
    return [t.value for t in at.text]


def frame(at: AppTest, *columns: str):
    """The first dataframe shown with all these columns."""
    for df in at.dataframe:
        value = df.value
        if all(c in value.columns for c in columns):
            return value
    raise AssertionError(f"no table with columns {columns}")


def charts(at: AppTest) -> list[tuple[dict, pl.DataFrame]]:
    """Each chart drawn: its Vega-Lite spec and the data it was given."""
    import pyarrow as pa

    out = []
    for e in at.get("vega_lite_chart"):
        data, = e.proto.datasets
        out.append((json.loads(e.proto.spec),
                    pl.from_arrow(pa.ipc.open_stream(data.data.data).read_all())))
    return out


LOCK_HOLDER = """
import sys, duckdb
con = duckdb.connect(sys.argv[1])
con.execute("CREATE TABLE IF NOT EXISTS _held (x INTEGER)").fetchall()
print("locked", flush=True)
sys.stdin.readline()
con.close()
"""


def frames_of(document: str) -> list[dict]:
    """The frames a table document carries, each with its SVG put together as its
    script does."""
    data = json.loads(re.search(r"const data = (.*);\n", document).group(1))
    return [{**f, "svg": "".join(data["parts"][k] for k in f["svg"])} for f in data["frames"]]


