"""A database written by an earlier handlens, brought up to this schema in place.

Each step takes one schema version to the next with what the stored rows say, in the
writer's transaction. What only a hand's text says (a tournament known by words of its
header, a room's anonymous seats) is marked to be read again: ``meta`` key ``recheck``
holds why, ``handlens verify --recheck`` reads the files again and clears it.
"""
from __future__ import annotations

import duckdb

# schema 9 -> 10: each hand's kind (cash, tournament, play money) on hands and player
# rows in place of the player rows' tournament flag; the player rows' anonymous mark;
# the hands' table order (none before: seats were numbered as places)
_9_TO_10 = """
DROP VIEW IF EXISTS player_hand_stats;
DROP VIEW IF EXISTS player_hand_flags;
ALTER TABLE hands ADD COLUMN kind VARCHAR;
ALTER TABLE hands ADD COLUMN table_order SMALLINT[];
UPDATE hands SET kind = CASE WHEN NOT supported THEN NULL
                             WHEN currency = 'play' THEN 'play'
                             WHEN tournament_id IS NOT NULL OR currency = 'chips' THEN 'tournament'
                             ELSE 'cash' END;
ALTER TABLE hand_players ADD COLUMN kind VARCHAR;
ALTER TABLE hand_players ADD COLUMN anonymous BOOLEAN;
UPDATE hand_players SET kind = h.kind, anonymous = false
FROM hands h WHERE h.site = hand_players.site AND h.hand_id = hand_players.hand_id;
ALTER TABLE hand_players DROP COLUMN tournament;
ALTER TABLE audit_sessions ADD COLUMN kind VARCHAR;
UPDATE audit_sessions SET kind = CASE WHEN tournament_id IS NOT NULL THEN 'tournament'
                                      ELSE 'cash' END;
"""
_9_TO_10_RECHECK = ("kinds taken from the stored currency (a hand in chips counted a "
                    "tournament's) and no seat marked anonymous")

# schema 10 -> 11: notes and tags (their tables are created by schema.sql as any
# writer opens the file); nothing stored changes, nothing is to be read again
_10_TO_11 = ""

# schema 11 -> 12: aliases (a person's screen names), made by schema.sql likewise
_11_TO_12 = ""

# schema 12 -> 13: the stat flags in 64 bits (version 2's stats past the 32nd), and each
# player's effective stack; both are filled by the next import's restat (the ``stats``
# meta key of such a store is older than FLAGS_VERSION), from the stored rows; the
# tournaments' results from their summary files (a table schema.sql makes)
_12_TO_13 = """
DROP VIEW IF EXISTS player_hand_stats;
DROP VIEW IF EXISTS player_hand_flags;
ALTER TABLE hand_players ALTER chances SET DATA TYPE BIGINT;
ALTER TABLE hand_players ALTER dones SET DATA TYPE BIGINT;
ALTER TABLE hand_players ADD COLUMN IF NOT EXISTS effective_bb DECIMAL(18, 2);
"""

STEPS: dict[str, tuple[str, str, str | None]] = {
    "9": ("10", _9_TO_10, _9_TO_10_RECHECK),
    "10": ("11", _10_TO_11, None),
    "11": ("12", _11_TO_12, None),
    "12": ("13", _12_TO_13, None),
}


def can_upgrade(version: str | None, target: str) -> bool:
    """Whether the steps lead from ``version`` to ``target``."""
    seen = set()
    while version in STEPS and version not in seen:
        seen.add(version)
        version = STEPS[version][0]
    return version == target


def upgrade(con: duckdb.DuckDBPyConnection, version: str, target: str) -> list[str]:
    """Run the steps from ``version`` to ``target`` inside the caller's transaction;
    the reasons the hands should be read again, one a step."""
    reasons = []
    while version != target:
        version, sql, reason = STEPS[version]
        for statement in filter(str.strip, sql.split(";")):
            con.execute(statement).fetchall()
        if reason:
            reasons.append(reason)
    con.execute("DELETE FROM meta WHERE key = 'schema'").fetchall()
    con.execute("INSERT INTO meta VALUES ('schema', ?)", [target]).fetchall()
    if reasons:  # added to a recheck still pending from before
        pending = con.execute("SELECT value FROM meta WHERE key = 'recheck'").fetchall()
        con.execute("DELETE FROM meta WHERE key = 'recheck'").fetchall()
        con.execute("INSERT INTO meta VALUES ('recheck', ?)",
                    ["; ".join([r for (r,) in pending if r] + reasons)]).fetchall()
    return reasons
