"""The dashboard's server: Streamlit's command line, after loading what every page
needs (pandas for tables, Altair for charts, DuckDB, polars). Loaded here once, at
start, they are not loaded by the first page a person opens, which then comes up
about half a second sooner. `handlens dashboard` runs ``python -m dashboard.serve``."""
from __future__ import annotations

import sys


def main() -> int:
    import altair  # noqa: F401
    import duckdb  # noqa: F401
    import pandas  # noqa: F401
    import polars  # noqa: F401
    from streamlit.web.cli import main as streamlit

    return streamlit(args=sys.argv[1:], prog_name="streamlit")


if __name__ == "__main__":
    sys.exit(main())
