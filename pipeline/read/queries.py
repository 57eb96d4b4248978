"""The dashboard's read-only queries: filters, aggregates, the winnings curve, lists.

Every function takes an open (read-only) connection and a ``Filters``; every value
from the user reaches SQL as a ``?`` parameter. The SQL text is built only from the
fixed fragments below, chosen by which filters are set. Money is summed as DECIMAL
in DuckDB and handed out as DOUBLE for display; results are polars DataFrames or
plain dicts.
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from datetime import date

import duckdb
import polars as pl

from engine.model.hand import GameKind
from pipeline.stats.aggregate import (  # noqa: F401 (POSITION_ORDER, hero, store_notice: for the dashboard)
    DEPTH, POSITION_ORDER, flag_sums, hero, ratios, store_notice)
from pipeline.stats.catalogue import DEPTHS, HEADLINE, RATIOS
from pipeline.stats import spots
from pipeline.store.database import connect
from pipeline.read.verify import CODES, STATUSES, STREETS  # noqa: F401 (for the dashboard)

GROUP_ORDER = ("EP", "MP", "CO", "BTN", "SB", "BB")
DEPTH_ORDER = tuple(label for label, _ in DEPTHS)  # the effective stacks' depths, in bb
RANKS = "AKQJT98765432"
KINDS = GameKind.ALL  # never pooled: money, tournament chips and play money do not add up
# what the Stakes filter chooses: the blinds of a cash game (or play money's), the
# buy-in of a tournament
STAKES = ("CASE WHEN h.kind <> 'tournament'"
          " THEN h.currency || ' ' || h.small_blind || '/' || h.big_blind"
          " ELSE coalesce(h.buy_in, 'buy-in not written') END")


@dataclass(frozen=True)
class Filters:
    """What the sidebar selects. Empty tuples and None mean "all"."""

    player: str | None = None
    kind: str = "cash"  # or "tournament", "play" (GameKind)
    since: date | None = None
    until: date | None = None  # included
    sites: tuple[str, ...] = ()
    stakes: tuple[str, ...] = ()  # labels as options() gives them: 'USD 0.05/0.10', a buy-in
    structures: tuple[str, ...] = ()
    table_sizes: tuple[int, ...] = ()
    positions: tuple[str, ...] = ()
    depths: tuple[str, ...] = ()  # effective stack depths, as DEPTH_ORDER names them
    # the action filters (pipeline/stats/spots.py: each a choice of its CHOICES)
    pot: str | None = None
    role: str | None = None
    position: str | None = None
    flop: str | None = None
    street: str | None = None
    lines: tuple[str, ...] = ()


# One condition per filter, over player rows ``s`` (player_hand_stats) joined to ``h``.
_PLAYER_ROW = {
    # a player, or a person: every one of their screen names (pipeline/store/aliases.py)
    "player": "(s.player = ? OR (s.site, s.player) IN (SELECT site, player FROM aliases "
              "WHERE person = ?))",
    "kind": "s.kind = ?",
    "since": "s.played_at >= ?",
    "until": "s.played_at < ?::DATE + 1",
    "sites": "list_contains(?::VARCHAR[], h.site)",
    "stakes": f"list_contains(?::VARCHAR[], {STAKES})",
    "structures": "list_contains(?::VARCHAR[], h.structure)",
    "table_sizes": "list_contains(?::INTEGER[], h.max_seats)",
    "positions": "list_contains(?::VARCHAR[], s.position)",
    "depths": f"list_contains(?::VARCHAR[], {DEPTH})",
}
# The same over hands ``h``; the player's own conditions through their rows ``s``.
_HAND = {
    "since": "coalesce(h.played_at_utc, h.played_at) >= ?",
    "until": "coalesce(h.played_at_utc, h.played_at) < ?::DATE + 1",
    "kind": "h.kind = ?",
    "sites": _PLAYER_ROW["sites"],
    "stakes": _PLAYER_ROW["stakes"],
    "structures": _PLAYER_ROW["structures"],
    "table_sizes": _PLAYER_ROW["table_sizes"],
}
_PLAYER_ROW.update({name: None for name in spots.CHOICES})  # (their SQL: spots.condition)
_BY_PLAYER = {name: _PLAYER_ROW[name] for name in ("player", "positions", "depths",
                                                    *spots.CHOICES)}
_HAND_ONLY = ("sites", "stakes", "structures", "table_sizes")  # need the hands joined


# filters whose condition asks for their value more than once, or never (a fixed choice)
_ASKED = {"player": 2, **{name: 0 for name in spots.CHOICES}}


def _condition(name: str, value: object, conditions: dict[str, str | None]) -> str:
    return spots.condition(name, value) if name in spots.CHOICES else conditions[name]


def _set(f: Filters) -> list[tuple[str, object]]:
    """(name, value) of each filter that is set, lists as lists."""
    out = []
    for field in fields(Filters):
        value = getattr(f, field.name)
        if value is None or value == ():
            continue
        out.append((field.name, list(value) if isinstance(value, tuple) else value))
    return out


def _values(chosen: list[tuple[str, object]]) -> list:
    """The parameters of the conditions of ``chosen``, in order."""
    return [value for name, value in chosen for _ in range(_ASKED.get(name, 1))]


def player_where(f: Filters) -> tuple[str, list]:
    """WHERE text and parameters over player rows ``s`` joined to hands ``h``."""
    chosen = _set(f)
    sql = " AND ".join(_condition(name, value, _PLAYER_ROW) for name, value in chosen)
    return sql or "TRUE", _values(chosen)


def hand_where(f: Filters) -> tuple[str, list]:
    """WHERE text and parameters over hands ``h``: a hand matches when the player
    (and positions) filters match one of its player rows."""
    chosen = _set(f)
    parts = [_HAND[name] for name, _ in chosen if name in _HAND]
    params = _values([(name, value) for name, value in chosen if name in _HAND])
    mine = [(name, value) for name, value in chosen if name in _BY_PLAYER]
    if mine:
        parts.append("EXISTS (SELECT 1 FROM player_hand_stats s WHERE s.site = h.site"
                     " AND s.hand_id = h.hand_id AND "
                     + " AND ".join(_condition(name, value, _BY_PLAYER)
                                    for name, value in mine) + ")")
        params += _values(mine)
    return " AND ".join(parts) or "TRUE", params


ROWS = "player_hand_stats s JOIN hands h ON h.site = s.site AND h.hand_id = s.hand_id"


def needs_hands(f: Filters) -> bool:
    """Whether a filter set is a hand's own (room, stakes, ...): the hands must be joined."""
    return any(name in _HAND_ONLY for name, _ in _set(f))


def _rows(f: Filters, hands: bool = False) -> tuple[str, list]:
    """FROM ... WHERE ... over the filtered player rows, and its parameters; the hands
    ``h`` joined only when asked or when a filter needs them (the player rows carry
    their hand's time, kind and currency)."""
    where, params = player_where(f)
    if hands or needs_hands(f):
        return f"{ROWS} WHERE {where}", params
    return f"player_hand_stats s WHERE {where}", params


def _frame(con: duckdb.DuckDBPyConnection, sql: str, params: list) -> pl.DataFrame:
    return con.sql(sql, params=params).pl()


def open_read_only(path: str, wait: float = 0.0) -> duckdb.DuckDBPyConnection:
    """A read-only connection, its schema version checked (pipeline.store.database.connect);
    while a writer holds the file, it is asked to give way, for up to ``wait`` seconds."""
    return connect(path, read_only=True, wait=wait)


# ---- the sidebar's choices

def people(con: duckdb.DuckDBPyConnection) -> list[str]:
    """The persons named (pipeline/store/aliases.py), in order."""
    return [r[0] for r in con.execute("SELECT DISTINCT person FROM aliases ORDER BY 1")
            .fetchall()]


def players(con: duckdb.DuckDBPyConnection, limit: int = 500) -> list[str]:
    """The persons, then the players with the most hands, most first (anonymous seats
    are no one)."""
    rows = con.execute("SELECT player FROM player_hand_flags WHERE NOT anonymous GROUP BY player"
                       " ORDER BY count(*) DESC, player LIMIT ?", [limit]).fetchall()
    return people(con) + [r[0] for r in rows]


def find_players(con: duckdb.DuckDBPyConnection, text: str, limit: int = 50) -> list[str]:
    """Any person or player whose name holds ``text`` (case-insensitive), persons
    first, then most hands first; anonymous seats are no one."""
    rows = con.execute("SELECT player FROM player_hand_flags WHERE NOT anonymous"
                       " AND contains(lower(player), ?)"
                       " GROUP BY player ORDER BY count(*) DESC, player LIMIT ?",
                       [text.lower(), limit]).fetchall()
    return [p for p in people(con) if text.lower() in p.lower()] + [r[0] for r in rows]


def kind_counts(con: duckdb.DuckDBPyConnection, player: str | None,
                sites: tuple[str, ...] = ()) -> dict[str, int]:
    """Hands by kind (cash games, tournaments, play money) of a player (None: anyone's)
    in the rooms chosen (none: every room): what the sidebar's Game choice counts."""
    rooms = "(len(?::VARCHAR[]) = 0 OR list_contains(?::VARCHAR[], {t}.site))"
    if player is None:
        rows = con.execute("SELECT kind, count(*) FROM hands h WHERE supported AND "
                           + rooms.format(t="h") + " GROUP BY 1",
                           [list(sites), list(sites)]).fetchall()
    else:
        rows = con.execute("SELECT kind, count(*) FROM player_hand_stats s WHERE "
                           + _PLAYER_ROW["player"] + " AND " + rooms.format(t="s")
                           + " GROUP BY 1", [player, player, list(sites), list(sites)]
                           ).fetchall()
    counts = dict(rows)
    return {k: counts.get(k, 0) for k in KINDS}


def options(con: duckdb.DuckDBPyConnection) -> dict:
    """What each filter can choose from, and the dates the database covers: ``stakes``
    and ``hands`` by kind (cash games, tournaments)."""
    def column(sql: str) -> list:
        return [r[0] for r in con.execute(sql).fetchall()]

    first, last = con.execute("SELECT min(coalesce(played_at_utc, played_at))::DATE,"
                              " max(coalesce(played_at_utc, played_at))::DATE FROM hands"
                              ).fetchall()[0]
    kinds = dict(con.execute("SELECT kind, count(*) FROM hands WHERE supported"
                             " GROUP BY 1").fetchall())
    blinds = {kind: column(f"SELECT {STAKES} FROM (SELECT DISTINCT currency, small_blind,"
                           " big_blind, kind, buy_in FROM hands"
                           f" WHERE supported AND kind = '{kind}') h"
                           " ORDER BY h.currency, h.big_blind, h.small_blind")
              for kind in (GameKind.CASH, GameKind.PLAY)}
    return {
        "sites": column("SELECT DISTINCT site FROM hands ORDER BY 1"),
        "stakes": {
            **blinds,
            "tournament": column(f"SELECT DISTINCT {STAKES} FROM hands h"
                                 " WHERE supported AND kind = 'tournament' ORDER BY 1")},
        "hands": {k: kinds.get(k, 0) for k in KINDS},
        "structures": column("SELECT DISTINCT structure FROM hands"
                             " WHERE structure IS NOT NULL ORDER BY 1"),
        "table_sizes": column("SELECT DISTINCT max_seats FROM hands"
                              " WHERE max_seats IS NOT NULL ORDER BY 1"),
        "first": first, "last": last,
    }


# ---- aggregates

# the ratio stats the dashboard shows (AF is computed from the action counts)
RATIOS_SHOWN = tuple(k for k in HEADLINE if k in RATIOS)


def in_money(f: Filters, currencies: list[str]) -> bool:
    """Whether net can be shown as money: cash games (or play money) of one currency. Otherwise it is
    counted in big blinds (tournament chips of different events, or dollars and euros,
    do not add up)."""
    return f.kind != "tournament" and len(currencies) == 1


def overview(con: duckdb.DuckDBPyConnection, f: Filters, points: int = 2000) -> dict:
    """The Overview: ``hands`` (each hand once), net in big blinds, bb/100, the shown
    stats, hands whose all-in adjusted net is not computed; ``by_currency``: hands, net,
    all-in adjusted net and bb/100 per currency; ``curve``, the cumulative winnings (see
    ``_curve``), in money for cash games of one currency, else in big blinds
    (``in_bb``). With no player chosen (all players) there is no net nor curve: the
    players' nets add up to minus the rake; ``rows`` counts the player rows."""
    if f.player is None:
        return _overview_all(con, f)
    rows, params = _rows(f)
    groups = _frame(con, f"""
        SELECT s.currency, count(*) AS hands, sum(s.net) AS net, sum(s.net_bb) AS net_bb,
               sum(coalesce(s.allin_adj_net, s.net)) AS allin_adjusted,
               count(*) FILTER (WHERE s.allin_adj_net IS NULL) AS allin_not_computed,
               sum(s.post_bets) + sum(s.post_raises) AS aggressive,
               sum(s.post_calls) AS calls, {flag_sums(RATIOS_SHOWN)}
        FROM {rows} GROUP BY s.currency""", params)
    n = int(groups["hands"].sum()) if groups.height else 0
    sums = {c: groups[c].sum() for c in groups.columns if c != "currency"}
    by_currency = (
        groups.select("currency", "hands", pl.col("net").cast(pl.Float64),
                      pl.col("allin_adjusted").cast(pl.Float64),
                      (100 * pl.col("net_bb").cast(pl.Float64) / pl.col("hands")).round(2)
                      .alias("bb_per_100"))
        .sort(["hands", "currency"], descending=[True, False]))
    in_bb = not in_money(f, by_currency["currency"].to_list())
    net_bb = float(sums["net_bb"]) if n else None
    return {
        "hands": n, "rows": n, "allin_not_computed": int(sums.get("allin_not_computed") or 0),
        "net_bb": net_bb,
        "bb_per_100": round(100 * net_bb / n, 2) if n else None, **ratios(sums, RATIOS_SHOWN),
        "by_currency": by_currency, "in_bb": in_bb,
        "curve": _curve(con, *_rows(f, hands=in_bb), in_bb, n, points),
    }


def _overview_all(con: duckdb.DuckDBPyConnection, f: Filters) -> dict:
    """The Overview over every player: hands counted once, the stats over all players."""
    rows, params = _rows(f)
    cur = con.execute(f"""
        SELECT count(DISTINCT (s.site, s.hand_id)) AS hands, count(*) AS rows,
               sum(s.post_bets) + sum(s.post_raises) AS aggressive,
               sum(s.post_calls) AS calls, {flag_sums(RATIOS_SHOWN)}
        FROM {rows}""", params)
    r = dict(zip([d[0] for d in cur.description], cur.fetchall()[0]))
    return {"hands": r["hands"], "rows": r["rows"], "allin_not_computed": 0,
            "net_bb": None, "bb_per_100": None, **ratios(r, RATIOS_SHOWN),
            "by_currency": None, "in_bb": True, "curve": None}


def _curve(con: duckdb.DuckDBPyConnection, rows: str, params: list, in_bb: bool, n: int,
           points: int) -> pl.DataFrame:
    """Cumulative winnings hand by hand in the order played, in big blinds or money:
    net, all-in adjusted (net where it is not computed), showdown and non-showdown,
    from 0 at hand 0. Every hand is summed; the points drawn are thinned to about
    ``points``: the hands are cut into runs of equal length, each run is summed, and
    the running totals are taken at the end of each run (the last hand included)."""
    value = "s.net_bb" if in_bb else "s.net"
    adjusted = "s.allin_adj_net / nullif(h.big_blind, 0)" if in_bb else "s.allin_adj_net"
    step = max(1, -(-n // points))
    # the running sums are for drawing: DOUBLE (the figures shown are summed exactly)
    curve = _frame(con, f"""
        WITH played AS (
            SELECT row_number() OVER (ORDER BY s.played_at, s.hand_id) AS hand,
                   {value}::DOUBLE AS v, coalesce(({adjusted})::DOUBLE, {value}::DOUBLE) AS a,
                   s.wsd_chance AS went
            FROM {rows}),
        runs AS (
            SELECT max(hand) AS hand, sum(v) AS net, sum(a) AS allin_adjusted,
                   sum(CASE WHEN went THEN v ELSE 0 END) AS showdown,
                   sum(CASE WHEN went THEN 0 ELSE v END) AS non_showdown
            FROM played GROUP BY (hand - 1) // {int(step)})
        SELECT hand, sum(net) OVER w AS net, sum(allin_adjusted) OVER w AS allin_adjusted,
               sum(showdown) OVER w AS showdown, sum(non_showdown) OVER w AS non_showdown
        FROM runs WINDOW w AS (ORDER BY hand ROWS UNBOUNDED PRECEDING)
        ORDER BY hand""", params)  # a whole number of ours, written in: a faster plan
    start = pl.DataFrame({c: [0] for c in curve.columns}).cast(curve.schema)
    return pl.concat([start, curve]) if curve.height else curve


def positions(con: duckdb.DuckDBPyConnection, f: Filters) -> dict[str, pl.DataFrame]:
    """By position and by position group (one scan): hands, net, net in big blinds,
    bb/100 and the shown stats, in table order; and the currencies of the hands."""
    rows, params = _rows(f)
    cur = con.execute(f"""
        SELECT s.position, s.position_group, count(*) AS hands,
               min(s.currency) AS first_currency, max(s.currency) AS last_currency,
               sum(s.net)::DOUBLE AS net, sum(s.net_bb)::DOUBLE AS net_bb,
               sum(s.post_bets) + sum(s.post_raises) AS aggressive,
               sum(s.post_calls) AS calls, {flag_sums(RATIOS_SHOWN)}
        FROM {rows} AND s.position IS NOT NULL
        GROUP BY GROUPING SETS ((s.position), (s.position_group))""", params)
    names = [d[0] for d in cur.description]
    found = [dict(zip(names, values)) for values in cur.fetchall()]
    out: dict = {"currencies": _currencies(found)}
    for by, order in (("position", POSITION_ORDER), ("position_group", GROUP_ORDER)):
        table = []
        for r in sorted((r for r in found if r[by] is not None),
                        key=lambda r: order.index(r[by]) if r[by] in order else len(order)):
            shown = ratios(r, RATIOS_SHOWN)
            table.append((r[by], r["hands"], r["net"], r["net_bb"],
                          round(100 * (r["net_bb"] or 0) / r["hands"], 2),
                          *(shown[k] for k in HEADLINE)))
        out[by] = pl.DataFrame(table, orient="row", schema={
            by: pl.String, "hands": pl.Int64, "net": pl.Float64, "net_bb": pl.Float64,
            "bb_per_100": pl.Float64, **{k: pl.Float64 for k in HEADLINE}})
    return out


def _currencies(rows: list[dict]) -> list[str]:
    return sorted({r[k] for r in rows for k in ("first_currency", "last_currency") if r[k]})


def starting_hands(con: duckdb.DuckDBPyConnection, f: Filters) -> dict:
    """``classes``: one row per starting-hand class dealt: hands, net, net in bb,
    bb/100, and its share of the hands whose cards are known (percent);
    ``currencies``: those of the hands."""
    rows, params = _rows(f)
    classes = _frame(con, f"""
        SELECT s.hand_class, count(*) AS hands, min(s.currency) AS first_currency,
               max(s.currency) AS last_currency, sum(s.net)::DOUBLE AS net,
               sum(s.net_bb)::DOUBLE AS net_bb,
               round(100 * sum(s.net_bb) / count(*), 2)::DOUBLE AS bb_per_100,
               (100 * count(*) / sum(count(*)) OVER ())::DOUBLE AS frequency
        FROM {rows} AND s.hand_class IS NOT NULL
        GROUP BY s.hand_class ORDER BY hands DESC, s.hand_class""", params)
    return {"currencies": _currencies(classes.select("first_currency", "last_currency")
                                      .to_dicts()),
            "classes": classes.drop("first_currency", "last_currency")}


def grid_cell(i: int, j: int) -> str:
    """The class at row i, column j of the 13 x 13 grid: pairs on the diagonal,
    suited above it, offsuit below it (AA top left, AKs right of it)."""
    if i == j:
        return RANKS[i] * 2
    if i < j:
        return RANKS[i] + RANKS[j] + "s"
    return RANKS[j] + RANKS[i] + "o"


HAND_CLASSES = tuple(grid_cell(i, j) for i in range(13) for j in range(13))


# ---- verdicts

def verification(con: duckdb.DuckDBPyConnection, f: Filters, status: str | None = "failed",
                 code: str | None = None, limit: int = 200) -> dict:
    """Counts by status and by finding code over the filtered hands, and the hands
    selected (by status and/or code) with their findings."""
    by_hand = "h.site = {t}.site AND h.hand_id = {t}.hand_id"
    if f.player is not None:  # from the player's rows: no pass over every hand
        where, params = player_where(f)
        mine = "player_hand_stats s JOIN {t} ON {a}.site = s.site AND {a}.hand_id = s.hand_id"
        hands = (" JOIN hands h ON " + by_hand) if needs_hands(f) else ""
        of_verdicts = mine.format(t="verdicts v", a="v") + hands.format(t="v")
        of_findings = mine.format(t="findings x", a="x") + hands.format(t="x")
        chosen_from = (mine.format(t="verdicts v", a="v") + " JOIN hands h ON "
                       + by_hand.format(t="v"))
    else:
        where, params = hand_where(f)
        of_verdicts = "verdicts v JOIN hands h ON " + by_hand.format(t="v")
        of_findings = "findings x JOIN hands h ON " + by_hand.format(t="x")
        chosen_from = of_verdicts
    counts = dict(con.execute(
        f"SELECT v.status, count(*) FROM {of_verdicts} WHERE {where} GROUP BY v.status",
        params).fetchall())
    codes = _frame(con, f"""
        SELECT x.code, count(DISTINCT (x.site, x.hand_id)) AS hands, count(*) AS findings
        FROM {of_findings} WHERE {where} GROUP BY x.code ORDER BY hands DESC, x.code""",
                   params)
    chosen = f"""
        SELECT v.site, v.hand_id, v.status, fl.path, h.line,
               coalesce(h.played_at_utc, h.played_at) AS played_at,
               h.played_at_utc IS NOT NULL AS zone_known
        FROM {chosen_from} JOIN files fl ON fl.file_id = h.file_id
        WHERE {where} AND (? IS NULL OR v.status = ?)
          AND (? IS NULL OR EXISTS (SELECT 1 FROM findings x WHERE x.site = v.site
                                    AND x.hand_id = v.hand_id AND x.code = ?))
        ORDER BY played_at, v.site, v.hand_id
        LIMIT ?"""
    chosen_params = params + [status, status, code, code, limit]
    hands = _frame(con, chosen, chosen_params)
    found = _frame(con, f"""
        WITH c AS ({chosen})
        SELECT x.site, x.hand_id, x.seq, x.code, x.severity, x.street, x.action, x.message
        FROM findings x JOIN c USING (site, hand_id)
        ORDER BY x.site, x.hand_id, x.seq""", chosen_params)
    # verified: the hands the engine replayed (another game's hand is not one of them)
    return {"hands": sum(n for s, n in counts.items() if s != "unsupported"),
            "status": {s: counts.get(s, 0) for s in STATUSES},
            "codes": codes, "selected": hands, "findings": found}
