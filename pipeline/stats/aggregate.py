"""Aggregates over player_hand_stats: one parameterised query, grouped as asked."""
from __future__ import annotations

from collections.abc import Iterable
from datetime import date

import duckdb

from pipeline.stats.catalogue import DEPTHS, FLAGS_VERSION, RATIOS, STATS_VERSION
from pipeline.stats.spots import condition

POSITION_ORDER = ("UTG", "UTG+1", "UTG+2", "UTG+3", "LJ", "HJ", "CO", "BTN", "SB", "BB")
GROUP_ORDER = ("EP", "MP", "CO", "BTN", "SB", "BB")  # engine.model.positions.GROUPS's


def _listed(values: Iterable[str]) -> str:
    return "[" + ", ".join(f"'{v}'" for v in values) + "]"


# the effective stack's depth (docs/STATS.md): its label, of DEPTHS, for a row ``s``
DEPTH = ("CASE " + " ".join(f"WHEN s.effective_bb {bound or 'IS NOT NULL'} THEN '{label}'"
                            for label, bound in DEPTHS) + " END")

# a group's key and its order, over the rows ``s``
_GROUPS = {
    "position": ("s.position", f"array_position({_listed(POSITION_ORDER)}, s.position)"),
    "position_group": ("s.position_group",
                       f"array_position({_listed(GROUP_ORDER)}, s.position_group)"),
    "depth": (DEPTH, f"array_position({_listed(label for label, _ in DEPTHS)}, {DEPTH})"),
    "hand": ("s.hand_class", "count(*) DESC"),
    # ANONYMOUS_SEATS: seat labels are no one: together in one row
    "player": ("CASE WHEN s.anonymous THEN 'anonymous seats' ELSE s.player END",
               "count(*) DESC"),
    # a cash game's blinds, a tournament's buy-in (as the dashboard's Stakes filter)
    "stakes": ("CASE WHEN s.kind <> 'tournament' THEN h.currency || ' ' || h.small_blind"
               " || '/' || h.big_blind ELSE coalesce(h.buy_in, 'buy-in not written') END",
               "count(*) DESC"),
    "session": ("session", "min(s.played_at)"),
}

# a player's rows, or a person's: every one of their screen names (pipeline/store/
# aliases.py); its parameters, the name three times
PLAYER_IS = ("(? IS NULL OR s.player = ? OR (s.site, s.player) IN (SELECT site, player "
             "FROM aliases WHERE person = ?))")

HERO = """
SELECT player FROM hand_players WHERE is_hero AND NOT coalesce(anonymous, false)
GROUP BY player ORDER BY count(*) DESC LIMIT 1
"""


def flag_sums(stats: Iterable[str] = RATIOS) -> str:
    """SQL select items: each stat's chances and dones summed, named as the columns."""
    return ", ".join(f"sum({r}_chance::INT) AS {r}_chance, sum({r}_done::INT) AS {r}_done"
                     for r in stats)


def ratios(row: dict, stats: Iterable[str] = RATIOS) -> dict:
    """From summed flags: AF, and each stat's percentage (None without a chance)."""
    out = {"af": round(row["aggressive"] / row["calls"], 2) if row["calls"] else None}
    for r in stats:
        chance, done = row[f"{r}_chance"], row[f"{r}_done"]
        out[r] = round(100 * done / chance, 1) if chance else None
    return out


def hero(con: duckdb.DuckDBPyConnection) -> str | None:
    rows = con.execute(HERO).fetchall()  # read to the end: the connection is reused
    row = rows[0] if rows else None
    return row[0] if row else None


GROUPS = tuple(_GROUPS)


def stats(con: duckdb.DuckDBPyConnection, player: str | None, by: str | tuple[str, ...],
          since: date | None = None, until: date | None = None,
          kind: str | None = None, spots: dict | None = None) -> list[dict]:
    """One dict per group of the hands of ``kind`` (None: every kind), grouped by one
    of GROUPS or several (a cell each: position and depth): the group's keys, hands, its
    currency (or "mixed"), net (None across currencies: chips and dollars do not add
    up), net in big blinds, bb/100, each stat's percentage, chances and dones.
    ``spots``: action filters (pipeline/stats/spots.py: name -> choice, or choices for
    ``lines``), the player's rows kept only in those spots."""
    keys = (by,) if isinstance(by, str) else tuple(by)
    chosen = " AND ".join(condition(name, value) for name, value in (spots or {}).items()
                          if value) or "TRUE"
    groups = ", ".join(f"{_GROUPS[k][0].replace('h.', 's.')} AS grp{i}"
                       for i, k in enumerate(keys))
    order = ", ".join(f"{_GROUPS[k][1].replace('h.', 's.').replace('s.played_at', 'played_at')}"
                      f", grp{i}" for i, k in enumerate(keys))
    sums = flag_sums()
    # a gap of more than 30 minutes between a player's hands starts a new session
    base = """
        SELECT *, sum(CASE WHEN gap > INTERVAL 30 MINUTE THEN 1 ELSE 0 END)
                  OVER (PARTITION BY {who} ORDER BY played_at ROWS UNBOUNDED PRECEDING) + 1
                  AS session
        FROM (SELECT s.*, h.small_blind, h.big_blind, h.buy_in,
                     s.played_at - lag(s.played_at) OVER (PARTITION BY {who_s}
                                                          ORDER BY s.played_at) AS gap
              FROM player_hand_stats s JOIN hands h USING (site, hand_id)
              WHERE {player_is} AND (? IS NULL OR s.kind = ?)
                AND (? IS NULL OR s.played_at >= ?)
                AND (? IS NULL OR s.played_at < ?::DATE + 1))
    """.format(who="player" if player is None else "NULL",
               who_s="s.player" if player is None else "NULL", player_is=PLAYER_IS
               ) if "session" in keys else """
        SELECT s.*, h.small_blind, h.big_blind, h.buy_in
        FROM player_hand_stats s JOIN hands h USING (site, hand_id)
        WHERE {player_is} AND (? IS NULL OR s.kind = ?)
          AND (? IS NULL OR s.played_at >= ?)
          AND (? IS NULL OR s.played_at < ?::DATE + 1)
    """.format(player_is=PLAYER_IS)
    sql = f"""
        WITH s AS ({base})
        SELECT {groups}, count(*) AS hands, sum(net) AS net,
               count(DISTINCT currency) AS currencies, any_value(currency) AS currency,
               sum(net_bb) AS net_bb, 100 * sum(net_bb) / count(*) AS bb_per_100,
               sum(allin_adj_net) AS allin_adj_net,
               count(*) FILTER (WHERE allin_adj_net IS NULL) AS allin_not_computed,
               sum(post_bets) + sum(post_raises) AS aggressive, sum(post_calls) AS calls,
               {sums}
        FROM s WHERE {chosen}  -- (the action filters after the sessions are numbered)
        GROUP BY {", ".join(f"grp{i}" for i in range(len(keys)))}
        ORDER BY {order}
    """
    params = [player, player, player, kind, kind, since, since, until, until]
    cur = con.execute(sql, params)
    names = [d[0] for d in cur.description]
    out = []
    for row in cur.fetchall():
        r = dict(zip(names, row))
        one = r["currencies"] == 1  # money adds up only within one currency
        item = {**{k: r[f"grp{i}"] for i, k in enumerate(keys)}, "hands": r["hands"],
                "currency": r["currency"] if one else "mixed",
                "net": r["net"] if one else None, "net_bb": r["net_bb"],
                "allin_adj_net": r["allin_adj_net"],
                "allin_not_computed": r["allin_not_computed"],
                "bb_per_100": None if r["bb_per_100"] is None else round(float(r["bb_per_100"]), 2),
                **ratios(r)}
        for stat in RATIOS:  # the counts behind each percentage
            item[f"{stat}_chance"], item[f"{stat}_done"] = r[f"{stat}_chance"], r[f"{stat}_done"]
        out.append(item)
    return out


def kinds(con: duckdb.DuckDBPyConnection, player: str | None) -> dict[str, int]:
    """The player's (None: everyone's) hands by kind, most first."""
    return dict(con.execute(f"SELECT kind, count(*) FROM player_hand_flags s"
                            f" WHERE {PLAYER_IS} GROUP BY kind"
                            " ORDER BY count(*) DESC, kind", [player] * 3).fetchall())


def stored_version(con: duckdb.DuckDBPyConnection) -> str:
    """The version of the definitions the stored flags follow, as catalogue's
    FLAGS_VERSION writes it: the store's ``meta`` says; a store with hands and no word
    of it was made by version 1."""
    rows = con.execute("SELECT value FROM meta WHERE key = 'stats'").fetchall()
    if rows:  # (a Parquet dataset's views: its manifest's word)
        return rows[0][0]
    stored = con.execute("SELECT count(*) FROM (SELECT 1 FROM hands LIMIT 1)").fetchall()[0][0]
    return "1" if stored else FLAGS_VERSION


def version_words(flags: str) -> str:
    """A stored flags' version as a reader is told it: "2", or "2 without the stats it
    adds" (a store of an earlier handlens), or "1"."""
    if flags == FLAGS_VERSION:
        return STATS_VERSION
    return f"{flags} without the stats it adds" if flags == STATS_VERSION else flags


def store_notice(con: duckdb.DuckDBPyConnection) -> str | None:
    """What a reader should know of a store an earlier handlens wrote (its stat flags
    of an older version, what an upgrade of its schema could not know); None: nothing."""
    parts = []
    version = stored_version(con)
    if version != FLAGS_VERSION:
        parts.append(f"its stats follow version {version_words(version)} of the "
                     f"definitions, this handlens's are version {STATS_VERSION} (the next "
                     f"`handlens import` makes them again from the stored hands)")
    rows = con.execute("SELECT value FROM meta WHERE key = 'recheck'").fetchall()
    if rows:
        parts.append(f"{rows[0][0]} (`handlens verify --recheck` reads the files again "
                     f"and brings every hand up to date)")
    if not parts:
        return None
    return "This database was written by an earlier handlens: " + "; ".join(parts) + "."
