"""The Live page's figures: the chosen player's sessions of the day they last played,
the tables they are playing now with the opponents seated at each and their headline
stats (a HUD), and how recent the last hand is. Filters as in pipeline.read.queries
(their dates are not: the day is the last one played)."""
from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

import duckdb
import polars as pl

from pipeline.read.marks import player_notes
from pipeline.read.queries import Filters, _rows, in_money
from pipeline.read.reports import SESSION_GAP_MINUTES
from pipeline.stats.aggregate import flag_sums, ratios

ACTIVE_MINUTES = 10  # a table whose last hand is this close to the player's last one is being played
HUD_STATS = ("vpip", "pfr", "three_bet", "wtsd")  # with AF and the hands: what a HUD shows
# a table: its room's site, its tournament (if any) and its name
TABLE = ("h.site || coalesce(' ' || h.tournament_id, '') || coalesce(' ' || h.table_name, '')")


def forbidding_rooms() -> frozenset[str]:
    """The rooms (files.format) whose terms forbid live tools (``Room.forbids_live_tools``)."""
    from parsers.registry import rooms
    return frozenset(r.name for r in rooms() if r.forbids_live_tools)


def live(con: duckdb.DuckDBPyConnection, f: Filters) -> dict:
    """``latest``: the player's last hand's time (None: no hands); ``sessions``: their
    sessions ending on that day (a pause over SESSION_GAP_MINUTES starts one) with
    hands, tables, net, all-in adjusted, bb/100, hands and money (or big blinds) an
    hour; ``tables``: those whose last hand is within ACTIVE_MINUTES of the latest, with
    the hands and net there in the last session and whether the room forbids live tools; ``seats``:
    who sat at each of those tables in its last hand but the player, with their hands,
    VPIP, PFR, 3-bet, WTSD and AF over the database (the kind of game chosen);
    ``in_bb``: whether the figures are in big blinds (several currencies, chips)."""
    if f.player is None:
        raise ValueError("the live figures are one player's: choose a player")
    base = replace(f, since=None, until=None)
    rows, params = _rows(base)
    latest = con.execute(f"SELECT max(s.played_at) FROM {rows}", params).fetchall()[0][0]
    empty = {"latest": latest, "sessions": pl.DataFrame(), "tables": pl.DataFrame(),
             "seats": pl.DataFrame(), "in_bb": True}
    if latest is None:
        return empty
    rows, params = _rows(replace(base, since=latest.date() - timedelta(days=1)), hands=True)
    played = f"""
        SELECT s.site, s.hand_id, s.played_at, s.currency, s.net, s.net_bb,
               coalesce(s.allin_adj_net, s.net) AS adjusted,
               coalesce(s.allin_adj_net, s.net) / nullif(h.big_blind, 0) AS adjusted_bb,
               {TABLE} AS tbl, h.file_id,
               s.played_at - lag(s.played_at) OVER (ORDER BY s.played_at, s.hand_id) AS gap
        FROM {rows}"""
    sessions = con.sql(f"""
        WITH p AS ({played}),
        g AS (SELECT *, sum(CASE WHEN gap > INTERVAL {SESSION_GAP_MINUTES} MINUTE THEN 1
                                 ELSE 0 END)
                        OVER (ORDER BY played_at, hand_id ROWS UNBOUNDED PRECEDING) AS grp
              FROM p)
        SELECT min(played_at) AS start, max(played_at) AS "end", count(*) AS hands,
               count(DISTINCT tbl) AS tables, any_value(currency) AS currency,
               count(DISTINCT currency) AS currencies,
               sum(net)::DOUBLE AS net, sum(net_bb)::DOUBLE AS net_bb,
               sum(adjusted)::DOUBLE AS adjusted, sum(adjusted_bb)::DOUBLE AS adjusted_bb
        FROM g GROUP BY grp HAVING max(played_at)::DATE = ?::DATE ORDER BY start""",
                       params=params + [latest.date()]).pl()
    in_bb = not in_money(f, sessions["currency"].drop_nulls().unique().to_list()) or \
        bool((sessions["currencies"] > 1).any())
    hours = ((pl.col("end") - pl.col("start")).dt.total_seconds() / 3600)
    per_hour = pl.when(hours > 0)
    sessions = sessions.with_columns(
        (100 * pl.col("net_bb") / pl.col("hands")).round(2).alias("bb_per_100"),
        per_hour.then(pl.col("hands") / hours).alias("hands_per_hour"),
        per_hour.then(pl.col("net_bb" if in_bb else "net") / hours).alias("per_hour"))

    forbidding = sorted(forbidding_rooms())
    tables = con.sql(f"""
        WITH p AS ({played})
        SELECT tbl AS "table", max(played_at) AS last_hand, count(*) AS hands,
               sum(net)::DOUBLE AS net, sum(net_bb)::DOUBLE AS net_bb,
               arg_max(site, played_at) AS site, arg_max(hand_id, played_at) AS hand_id,
               bool_or(list_contains(?::VARCHAR[], fl.format)) AS forbids_live_tools
        FROM p JOIN files fl USING (file_id)
        WHERE played_at >= ?::TIMESTAMP
        GROUP BY tbl HAVING max(played_at) >= ?::TIMESTAMP - INTERVAL {ACTIVE_MINUTES} MINUTE
        ORDER BY last_hand DESC, "table" """,
                     params=params + [forbidding, sessions["start"][-1], latest]).pl()
    return {"latest": latest, "sessions": sessions, "tables": tables,
            "seats": _seats(con, tables, f), "in_bb": in_bb}


def _seats(con: duckdb.DuckDBPyConnection, tables: pl.DataFrame, f: Filters) -> pl.DataFrame:
    """The opponents at each table's last hand, with their HUD stats over the database."""
    schema = {"table": pl.String, "seat": pl.Int64, "player": pl.String,
              "anonymous": pl.Boolean, "hands": pl.Int64, **{s: pl.Float64 for s in HUD_STATS},
              "af": pl.Float64, "note": pl.String}
    if tables.is_empty():
        return pl.DataFrame(schema=schema)
    keys = [f"{s}\x00{h}" for s, h in zip(tables["site"].to_list(), tables["hand_id"].to_list())]
    names = dict(zip(keys, tables["table"].to_list()))
    seated = con.execute("""
        SELECT site, hand_id, seat, player, coalesce(anonymous, false)
        FROM hand_players
        WHERE list_contains(?::VARCHAR[], site || chr(0) || hand_id) AND player <> ?
              AND chances IS NOT NULL
        ORDER BY seat""", [keys, f.player]).fetchall()
    # once each (one may sit at two of the tables)
    known = sorted({(site, player) for site, _, _, player, anonymous in seated if not anonymous})
    found: dict[tuple[str, str], dict] = {}
    if known:
        cur = con.execute(f"""
            SELECT s.site, s.player, count(*) AS hands, {flag_sums(HUD_STATS)},
                   sum(s.post_bets) + sum(s.post_raises) AS aggressive,
                   sum(s.post_calls) AS calls
            FROM player_hand_stats s
            JOIN (SELECT unnest(?::VARCHAR[]) AS site, unnest(?::VARCHAR[]) AS player) k
              ON k.site = s.site AND k.player = s.player
            WHERE s.kind = ?
            GROUP BY s.site, s.player""",
                          [[s for s, _ in known], [p for _, p in known], f.kind])
        cols = [d[0] for d in cur.description]
        for r in cur.fetchall():
            row = dict(zip(cols, r))
            found[(row["site"], row["player"])] = {"hands": row["hands"],
                                                   **ratios(row, HUD_STATS)}
    noted = {who: " · ".join(n["text"] for n in notes)
             for who, notes in player_notes(con, known).items()}
    out = []
    for site, hand_id, seat, player, anonymous in seated:
        stats = {} if anonymous else found.get((site, player), {})
        out.append({"table": names[f"{site}\x00{hand_id}"], "seat": seat, "player": player,
                    "anonymous": anonymous, "hands": stats.get("hands"),
                    **{s: stats.get(s) for s in HUD_STATS}, "af": stats.get("af"),
                    "note": None if anonymous else noted.get((site, player))})
    return pl.DataFrame(out, schema=schema, orient="row")

