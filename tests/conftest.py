"""Shared fixtures: the real corpus beside the checkout, the project's samples."""
from __future__ import annotations

from pathlib import Path

import pytest

from support.common import CORPUS, SAMPLES, dashboard_extra_file


@pytest.fixture(scope="session")
def corpus() -> Path:
    if not (CORPUS / "holdem" / "stars").is_dir():
        pytest.skip(f"the real corpus is not at {CORPUS} (it lives beside the checkout, "
                    "in ../shared/corpus)")
    return CORPUS


# ---- the dashboard's tests: one database built once per session


@pytest.fixture(scope="session")
def dashboard_db(tmp_path_factory) -> Path:
    """sample_histories and the extra file above, imported with `handlens import`."""
    import subprocess
    import sys

    work = tmp_path_factory.mktemp("dashboard")
    extra = dashboard_extra_file(work / "extra")
    db = work / "sample.duckdb"
    handlens = Path(sys.executable).with_name("handlens")
    subprocess.run([str(handlens), "import", str(SAMPLES), str(extra.parent), "--db", str(db),
                    "--quiet"], check=True, capture_output=True)
    return db
