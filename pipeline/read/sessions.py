"""A player's sessions (a pause of more than SESSION_GAP_MINUTES between their hands
starts a new one): when, how long, hands and tables, net and all-in adjusted net in money
and big blinds, rake paid, and each of them per hour. Filters as in pipeline.read.queries."""
from __future__ import annotations

import duckdb
import polars as pl

from pipeline.read.queries import Filters, _rows
from pipeline.read.reports import SESSION_GAP_MINUTES


def sessions(con: duckdb.DuckDBPyConnection, f: Filters) -> pl.DataFrame:
    """A row per session (of the player's hands of the kind and dates; the other filters
    choose the hands summed), in order: session, start, end, minutes, tables (how many),
    at_once (tables played at once on average: each table's time from its first hand to
    its last, over the session's) — all of the whole session —, hands, currency (None where the session mixes
    them, or in a tournament's chips), net, allin_adj_net, rake (money, where one
    currency), net_bb, allin_adj_bb, rake_bb, and per hour net_per_hour, bb_per_hour,
    hands_per_hour (None for a session of one moment)."""
    if f.player is None:
        raise ValueError("sessions are one player's: choose a player")
    # the sessions are the player's hands' (of the kind and dates); the other filters
    # choose which of their hands are summed
    played, played_params = _rows(Filters(player=f.player, kind=f.kind, since=f.since,
                                          until=f.until), hands=True)
    rows, params = _rows(f, hands=True)
    money = f.kind == "cash"
    return con.sql(f"""
        WITH every AS (
            SELECT s.played_at, s.site, s.hand_id, s.currency, s.net, s.net_bb, s.rake_share,
                   s.allin_adj_net, h.big_blind, coalesce(h.table_name, h.site) AS tbl,
                   s.played_at - lag(s.played_at) OVER (ORDER BY s.played_at, s.site, s.hand_id)
                       AS gap
            FROM {played}),
        numbered AS (
            SELECT *, sum(CASE WHEN gap > INTERVAL {SESSION_GAP_MINUTES} MINUTE THEN 1 ELSE 0 END)
                      OVER (ORDER BY played_at, site, hand_id ROWS UNBOUNDED PRECEDING) + 1
                      AS session
            FROM every),
        kept AS (SELECT DISTINCT s.site, s.hand_id FROM {rows}),
        g AS (SELECT n.* FROM numbered n JOIN kept k USING (site, hand_id)),
        spans AS (  -- the whole session's: its time, its tables
            SELECT session, sum(epoch(max_at) - epoch(min_at)) AS table_seconds,
                   min(min_at) AS start, max(max_at) AS "end", count(*) AS tables
            FROM (SELECT session, tbl, min(played_at) AS min_at, max(played_at) AS max_at
                  FROM numbered GROUP BY session, tbl) GROUP BY session),
        totals AS (  -- the hands the filters keep
            SELECT session, count(*) AS hands,
                   count(DISTINCT currency) AS currencies, any_value(currency) AS currency,
                   sum(net)::DOUBLE AS net, sum(allin_adj_net)::DOUBLE AS allin_adj_net,
                   sum(rake_share)::DOUBLE AS rake, sum(net_bb)::DOUBLE AS net_bb,
                   sum(allin_adj_net / nullif(big_blind, 0))::DOUBLE AS allin_adj_bb,
                   sum(rake_share / nullif(big_blind, 0))::DOUBLE AS rake_bb
            FROM g GROUP BY session)
        SELECT t.session::INT AS session, p.start, p."end",
               round((epoch(p."end") - epoch(p.start)) / 60, 1) AS minutes, t.hands, p.tables,
               round(CASE WHEN p."end" > p.start
                          THEN p.table_seconds / (epoch(p."end") - epoch(p.start))
                          ELSE p.tables END, 2) AS at_once,
               CASE WHEN t.currencies = 1 AND ? THEN t.currency END AS currency,
               CASE WHEN t.currencies = 1 AND ? THEN t.net END AS net,
               CASE WHEN t.currencies = 1 AND ? THEN t.allin_adj_net END AS allin_adj_net,
               CASE WHEN t.currencies = 1 AND ? THEN t.rake END AS rake,
               t.net_bb, t.allin_adj_bb, t.rake_bb,
               CASE WHEN t.currencies = 1 AND ? AND p."end" > p.start
                    THEN round(t.net * 3600 / (epoch(p."end") - epoch(p.start)), 2) END
                    AS net_per_hour,
               CASE WHEN p."end" > p.start
                    THEN round(t.net_bb * 3600 / (epoch(p."end") - epoch(p.start)), 2) END
                    AS bb_per_hour,
               CASE WHEN p."end" > p.start
                    THEN round(t.hands * 3600 / (epoch(p."end") - epoch(p.start)), 1) END
                    AS hands_per_hour
        FROM totals t JOIN spans p USING (session) ORDER BY t.session""",
                   params=played_params + params + [money] * 5).pl()
