"""The matrix: every stat across positions, position groups or effective stack depths
(docs/STATS.md), each cell with its chances, beside the player's value over all of them.
Filters as in pipeline.read.queries."""
from __future__ import annotations

import math

import duckdb
import polars as pl

from pipeline.read.queries import DEPTH, DEPTH_ORDER, GROUP_ORDER, POSITION_ORDER, Filters, _rows
from pipeline.read.reports import _COUNTS, _stat_rows
from pipeline.stats.aggregate import flag_sums

ALL = "all"  # the column of every hand the filters keep
# what the columns can be: their SQL over the player rows ``s``, and their order
ACROSS = {
    "position": ("s.position", POSITION_ORDER),
    "position_group": ("s.position_group", GROUP_ORDER),
    "depth": (DEPTH, DEPTH_ORDER),
}
FEW = 30  # chances under which a cell is not told apart from the player's value
SCHEMA = {"stat": pl.String, "label": pl.String, "group": pl.String, "column": pl.String,
          "value": pl.Float64, "done": pl.Int64, "chances": pl.Int64, "z": pl.Float64}


def matrix(con: duckdb.DuckDBPyConnection, f: Filters, across: str) -> dict:
    """``cells``: a row per stat and column (the column ``all`` first, then the groups
    of ``across`` in their order, those with hands), with the value, done, chances and
    ``z``: how many standard errors the cell's percentage lies from the player's over
    all the columns (None for AF, for a cell of under FEW chances, or where the
    player's value is 0 or 100 %); ``hands``: the hands of each column."""
    key, order = ACROSS[across]
    rows, params = _rows(f)
    cur = con.execute(f"""
        SELECT CASE WHEN grouping({key}) = 0 THEN coalesce({key}, 'unknown') END AS "column",
               count(*) AS hands, {flag_sums()}, {_COUNTS}
        FROM {rows} GROUP BY GROUPING SETS ((), ({key}))""", params)
    names = [d[0] for d in cur.description]
    found = {}
    for row in cur.fetchall():
        r = dict(zip(names, row))
        found[r["column"] if r["column"] is not None else ALL] = r
    if not found.get(ALL, {}).get("hands"):
        return {"cells": pl.DataFrame(schema=SCHEMA), "hands": {}}
    columns = [ALL, *(c for c in order if c in found), *(c for c in found
                                                          if c not in order and c != ALL)]
    overall = {s[0]: s for s in _stat_rows(found[ALL])}
    cells = []
    for column in columns:
        for stat, label, group, value, done, chances in _stat_rows(found[column]):
            cells.append((stat, label, group, column, value, done, chances,
                          None if column == ALL else _z(value, chances, overall[stat][3],
                                                        stat)))
    return {"cells": pl.DataFrame(cells, schema=SCHEMA, orient="row"),
            "hands": {c: found[c]["hands"] for c in columns}}


def _z(value: float | None, chances: int, reference: float | None, stat: str) -> float | None:
    """How far a cell's percentage lies from the reference, in standard errors of a
    proportion of ``chances`` draws at the reference's rate."""
    if stat == "af" or value is None or reference is None or chances < FEW:
        return None
    p = reference / 100
    if p <= 0 or p >= 1:
        return None
    return round((value / 100 - p) / math.sqrt(p * (1 - p) / chances), 2)
