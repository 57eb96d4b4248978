"""The dashboard's stat tables and reports: every stat with its sample size, players side
by side, and results by session, stakes or date. Filters as in pipeline.read.queries."""
from __future__ import annotations

from dataclasses import replace

import duckdb
import polars as pl

from pipeline.read.queries import Filters, _rows, in_money
from pipeline.stats.aggregate import flag_sums
from pipeline.stats.catalogue import FACTORS, NAMES, RATIOS

_COUNTS = ("sum(s.post_bets) AS bets, sum(s.post_raises) AS raises,"
           " sum(s.post_calls) AS calls, sum(s.post_folds) AS folds")
SESSION_GAP_MINUTES = 30  # a longer pause between a player's hands starts a new session
REPORTS = ("session", "stakes", "day", "week", "month")


def _stat_rows(r: dict) -> list[tuple]:
    """(stat, label, group, percent or factor, done, chances) for every stat."""
    out = []
    for stat in RATIOS:
        label, group, _ = NAMES[stat]
        chance, done = r[f"{stat}_chance"] or 0, r[f"{stat}_done"] or 0
        out.append((stat, label, group, round(100 * done / chance, 1) if chance else None,
                    done, chance))
    aggressive = (r["bets"] or 0) + (r["raises"] or 0)
    calls, folds = r["calls"] or 0, r["folds"] or 0
    out.append(("af", FACTORS["af"][0], "Postflop",
                round(aggressive / calls, 2) if calls else None, aggressive, calls))
    every = aggressive + calls + folds
    out.append(("afq", FACTORS["afq"][0], "Postflop",
                round(100 * aggressive / every, 1) if every else None, aggressive, every))
    return out


_STAT_SCHEMA = {"stat": pl.String, "label": pl.String, "group": pl.String,
                "value": pl.Float64, "done": pl.Int64, "chances": pl.Int64}


def stat_table(con: duckdb.DuckDBPyConnection, f: Filters) -> pl.DataFrame:
    """Every stat of docs/STATS.md over the filtered rows: its value (percent; AF a
    factor), how often it was done and how many chances there were."""
    rows, params = _rows(f)
    cur = con.execute(f"SELECT {flag_sums()}, {_COUNTS} FROM {rows}", params)
    r = dict(zip([d[0] for d in cur.description], cur.fetchall()[0]))
    return pl.DataFrame(_stat_rows(r), schema=_STAT_SCHEMA, orient="row")


def compare(con: duckdb.DuckDBPyConnection, f: Filters, names: list[str]) -> dict:
    """Players side by side over the same filters (the chosen player is ignored):
    ``players``: hands, net in big blinds and bb/100 each; ``stats``: one row per stat,
    for each player its value and its sample size (chances). A name may be a person's
    (pipeline/store/aliases.py): the hands of all their screen names."""
    names = list(dict.fromkeys(names))
    if not names:
        return {"players": pl.DataFrame(), "stats": pl.DataFrame()}
    rows, params = _rows(replace(f, player=None))
    # who each row is: a name itself (at any room), or the person a (site, name) is
    members = [(n, None, n) for n in names] + [tuple(r) for r in con.execute(
        "SELECT person, site, player FROM aliases WHERE list_contains(?::VARCHAR[], person)",
        [names]).fetchall()]
    cur = con.execute(f"""
        SELECT m.who AS player, count(*) AS hands, sum(s.net_bb)::DOUBLE AS net_bb,
               {flag_sums()}, {_COUNTS}
        FROM {rows.replace(" WHERE ", " JOIN (SELECT unnest(?::VARCHAR[]) AS who, "
                           "unnest(?::VARCHAR[]) AS site, unnest(?::VARCHAR[]) AS player) m "
                           "ON m.player = s.player AND (m.site IS NULL OR m.site = s.site) "
                           "WHERE ", 1)}
        GROUP BY m.who""", [[m[0] for m in members], [m[1] for m in members],
                            [m[2] for m in members]] + params)
    cols = [d[0] for d in cur.description]
    found = {r[0]: dict(zip(cols, r)) for r in cur.fetchall()}
    players = pl.DataFrame(
        [(p, found[p]["hands"] if p in found else 0,
          found[p]["net_bb"] if p in found else None,
          round(100 * found[p]["net_bb"] / found[p]["hands"], 2) if p in found else None)
         for p in names],
        schema={"player": pl.String, "hands": pl.Int64, "net_bb": pl.Float64,
                "bb_per_100": pl.Float64}, orient="row")
    table: dict[str, list] = {}
    labels = None
    for i, p in enumerate(names):
        stat_rows = _stat_rows(found[p]) if p in found else None
        if labels is None and stat_rows:
            labels = [(x[1], x[2]) for x in stat_rows]
        table[f"value_{i}"] = [x[3] for x in stat_rows] if stat_rows else None
        table[f"n_{i}"] = [x[5] for x in stat_rows] if stat_rows else None
    if labels is None:
        return {"players": players, "stats": pl.DataFrame()}
    n = len(labels)
    stats = pl.DataFrame({"stat": [x[0] for x in labels], "group": [x[1] for x in labels],
                          **{k: (v if v is not None else [None] * n) for k, v in table.items()}},
                         schema_overrides={k: (pl.Float64 if k.startswith("value") else pl.Int64)
                                           for k in table})
    return {"players": players, "stats": stats}


_PERIOD = {"day": "strftime(s.played_at, '%Y-%m-%d')",
           "week": "'week of ' || strftime(date_trunc('week', s.played_at), '%Y-%m-%d')",
           "month": "strftime(s.played_at, '%Y-%m')"}


# what a report's groups sum: the player rows' columns it reads, no more
_COLUMNS = ", ".join(f"s.{c}" for c in (
    "played_at", "hand_id", "currency", "net", "net_bb", "vpip_done", "vpip_chance",
    "pfr_done", "pfr_chance"))


def report(con: duckdb.DuckDBPyConnection, f: Filters, by: str) -> dict:
    """Results grouped by session (the chosen player's: a pause of more than
    SESSION_GAP_MINUTES starts a new one), stakes (a tournament's buy-in) or period:
    start, end, hands, net and its currency (cash games of one currency, else None), net
    in big blinds, bb/100, VPIP, PFR; ``in_money`` says which net the graph shows."""
    if by not in REPORTS:
        raise ValueError(f"no report by {by!r}")
    if by == "session" and f.player is None:
        raise ValueError("sessions are one player's: choose a player")
    rows, params = _rows(f)
    if by == "session":
        base = f"""
            SELECT *, sum(CASE WHEN gap > INTERVAL {SESSION_GAP_MINUTES} MINUTE THEN 1 ELSE 0 END)
                      OVER (ORDER BY played_at, hand_id ROWS UNBOUNDED PRECEDING) + 1 AS grp
            FROM (SELECT {_COLUMNS},
                         s.played_at - lag(s.played_at) OVER (ORDER BY s.played_at, s.hand_id)
                             AS gap
                  FROM {rows})"""
        key, label = "grp", "'session ' || grp"
    else:
        from pipeline.read.queries import STAKES
        grouped = STAKES if by == "stakes" else _PERIOD[by]
        if by == "stakes":
            rows, params = _rows(f, hands=True)
        base = f"SELECT {_COLUMNS}, {grouped} AS grp FROM {rows}"
        key, label = "grp", "grp::VARCHAR"
    table = con.sql(f"""
        WITH s AS ({base})
        SELECT {label} AS "group", min(played_at) AS start, max(played_at) AS "end",
               count(*) AS hands, count(DISTINCT currency) AS currencies,
               any_value(currency) AS currency, sum(net)::DOUBLE AS net,
               sum(net_bb)::DOUBLE AS net_bb,
               round(100 * sum(net_bb) / count(*), 2)::DOUBLE AS bb_per_100,
               round(100 * sum(vpip_done::INT) / nullif(sum(vpip_chance::INT), 0), 1)::DOUBLE
                   AS vpip,
               round(100 * sum(pfr_done::INT) / nullif(sum(pfr_chance::INT), 0), 1)::DOUBLE
                   AS pfr
        FROM s GROUP BY {key} ORDER BY start""", params=params).pl()
    currencies = sorted(set(table["currency"].drop_nulls().to_list())) if table.height else []
    money = in_money(f, currencies) and (table.height == 0 or table["currencies"].max() == 1)
    # a group's net in money where the group is cash games of one currency
    one = (pl.col("currencies") == 1) & pl.lit(f.kind == "cash")
    table = table.with_columns(pl.when(one).then(pl.col("net")).alias("net"),
                               pl.when(one).then(pl.col("currency")).alias("currency"))
    return {"table": table.drop("currencies"), "in_money": money,
            "currency": currencies[0] if money and currencies else None}
