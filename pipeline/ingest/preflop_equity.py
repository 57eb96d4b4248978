"""Preflop all-ins' adjusted net for databases made before version 0.2.

The import computes every hand's ``allin_adj_net`` (pipeline/stats/flags.py). Versions
before 0.2 left preflop all-ins' NULL, to be filled later: this pass (``handlens
equity``) fills them from the stored rows (cards, chips put in, all-in players,
rake), committing as it goes. An interrupted pass leaves NULLs that the next run
takes up again.
"""
from __future__ import annotations

import os
from collections import defaultdict
from collections.abc import Callable
from decimal import Decimal

import duckdb
import pyarrow as pa

from engine.equity.allin import adjusted_net
from pipeline.ingest.workers import pool as worker_pool

PENDING = "SELECT DISTINCT site, hand_id FROM player_hand_flags WHERE allin_adj_net IS NULL"

_ROWS = f"""
WITH todo AS ({PENDING} ORDER BY site, hand_id LIMIT ?),
shoved AS (SELECT DISTINCT site, hand_id, player FROM actions SEMI JOIN todo USING (site, hand_id)
           WHERE all_in)
SELECT site, hand_id, hp.player, hp.hole_cards, hp.invested,
       hp.chances IS NOT NULL AND hp.allin_adj_net IS NULL AS pending, h.rake,
       s.player IS NOT NULL AS all_in
FROM todo
JOIN hands h USING (site, hand_id)
JOIN hand_players hp USING (site, hand_id)
LEFT JOIN shoved s USING (site, hand_id, player)
ORDER BY site, hand_id
"""

_UPDATE = """
UPDATE hand_players f SET allin_adj_net = u.allin_adj_net FROM filled u
WHERE f.site = u.site AND f.hand_id = u.hand_id AND f.player = u.player
"""

_SCHEMA = pa.schema([("site", pa.string()), ("hand_id", pa.string()), ("player", pa.string()),
                     ("allin_adj_net", pa.decimal128(18, 4))])


def pending(con: duckdb.DuckDBPyConnection) -> int:
    """Hands whose preflop all-in equity is still to compute."""
    return con.execute(f"SELECT count(*) FROM ({PENDING})").fetchall()[0][0]


def fill(con: duckdb.DuckDBPyConnection, progress: Callable[[int], None] | None = None,
         batch: int = 20, workers: int | None = None) -> int:
    """Compute every pending hand, ``batch`` hands a transaction, in worker processes;
    returns how many hands were filled."""
    done = 0
    workers = workers or os.cpu_count() or 1
    pool = worker_pool(workers) if workers > 1 else None
    try:
        while True:
            rows = con.execute(_ROWS, [batch]).fetchall()
            if not rows:
                return done
            hands: dict[tuple[str, str], list[tuple]] = defaultdict(list)
            for row in rows:
                hands[row[0], row[1]].append(row[2:])
            results = (pool.map(_adjusted, hands.values()) if pool
                       else map(_adjusted, hands.values()))
            filled = [(site, hand_id, player, value)
                      for (site, hand_id), adjusted in zip(hands, results)
                      for player, value in adjusted.items()]
            _write(con, filled)
            done += len(hands)
            if progress:
                progress(len(hands))
    finally:
        if pool:
            pool.shutdown(cancel_futures=True)


def _adjusted(players: list[tuple]) -> dict[str, Decimal | None]:
    """One hand's pending players and their adjusted net (None: cannot be computed,
    which the pass records as the plain net so it is not tried again)."""
    hole = {p: tuple(cards.split()) for p, cards, _, pending, _, _ in players if pending}
    invested = {p: amount for p, _, amount, _, _, _ in players}
    all_in = {p for p, *_, in_ in players if in_}
    dead = [c for p, cards, *_ in players if p not in hole and cards for c in cards.split()]
    rake = players[0][4] or Decimal(0)
    cards = [c for held in hole.values() for c in held] + dead
    if len(hole) < 2 or any(len(held) != 2 for held in hole.values()) \
            or len(set(cards)) != len(cards):
        return dict.fromkeys(hole)  # not a deal (the replay failed such a hand)
    adjusted = adjusted_net((), hole, invested, all_in, rake, dead)
    return {p: adjusted[p] for p in hole}


def _write(con: duckdb.DuckDBPyConnection, filled: list[tuple]) -> None:
    table = pa.Table.from_pylist(
        [dict(zip(_SCHEMA.names, row)) for row in filled if row[3] is not None], schema=_SCHEMA)
    con.execute("BEGIN TRANSACTION").fetchall()
    try:
        con.register("filled", table)
        con.execute(_UPDATE).fetchall()
        con.unregister("filled")
        unfilled = [(s, h, p) for s, h, p, v in filled if v is None]
        if unfilled:  # keep the plain net: nothing to adjust by
            con.executemany("UPDATE hand_players SET allin_adj_net = net"
                            " WHERE site = ? AND hand_id = ? AND player = ?", unfilled)
        con.execute("COMMIT").fetchall()
    except BaseException:
        con.execute("ROLLBACK").fetchall()
        raise
