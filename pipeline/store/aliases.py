"""Aliases: one person behind several screen names, across rooms (a student who plays
on three sites). A person is named like a player wherever one is chosen (``--player``,
the dashboard's player): the rows of every one of their names are theirs
(pipeline/read/queries.py). Kept in a table of their own (schema.sql ``aliases``), as
notes are: importing again, ``verify --recheck`` and an upgrade leave them be.
"""
from __future__ import annotations

import duckdb

from pipeline.store.notes import NotFound, player


def _is_screen_name(con: duckdb.DuckDBPyConnection, name: str) -> bool:
    return bool(con.execute("SELECT count(*) FROM hand_players WHERE player = ?",
                            [name]).fetchall()[0][0])


def add(con: duckdb.DuckDBPyConnection, person: str, names: list[tuple[str, str | None]]
        ) -> list[tuple[str, str]]:
    """Give ``person`` these screen names, (name, its room or None where one room has
    it); the (site, name) pairs newly given. NotFound: a name not in the database, or
    a person's name that is a player's (it would mix the two)."""
    person = person.strip()
    if not person:
        raise NotFound("a person needs a name")
    if _is_screen_name(con, person):
        raise NotFound(f"{person!r} is a screen name in the database: name the person "
                       "otherwise (their screen names are given after it)")
    found = [player(con, name, site) for name, site in names]
    added = []
    for target in found:
        pair = (target.site, target.player)
        have = con.execute("SELECT count(*) FROM aliases WHERE person = ? AND site = ? AND "
                           "player = ?", [person, *pair]).fetchall()[0][0]
        if not have:
            con.execute("INSERT INTO aliases VALUES (?, ?, ?)", [person, *pair]).fetchall()
            added.append(pair)
    return added


def remove(con: duckdb.DuckDBPyConnection, person: str,
           names: list[tuple[str, str | None]] | None = None) -> int:
    """Take these names (all, by default) from ``person``; how many were taken."""
    if names is None:
        where, params = "person = ?", [person]
    else:
        where = "person = ? AND (" + " OR ".join(
            "(player = ?" + (" AND site = ?)" if site else ")") for _, site in names) + ")"
        params = [person] + [x for name, site in names for x in (name, site) if x]
    (n,), = con.execute(f"SELECT count(*) FROM aliases WHERE {where}", params).fetchall()
    if not n:
        raise NotFound(f"no such name of {person!r}" if names else f"no person {person!r}")
    con.execute(f"DELETE FROM aliases WHERE {where}", params).fetchall()
    return n


def listed(con: duckdb.DuckDBPyConnection, person: str | None = None) -> list[dict]:
    """Each person's names, with the hands each name has: rows of person, site, player,
    hands."""
    cur = con.execute("""
        SELECT a.person, a.site, a.player,
               (SELECT count(*) FROM hand_players p WHERE p.site = a.site
                AND p.player = a.player) AS hands
        FROM aliases a WHERE (? IS NULL OR a.person = ?)
        ORDER BY a.person, a.site, a.player""", [person, person])
    cols = [d[0] for d in cur.description]
    return [dict(zip(cols, r)) for r in cur.fetchall()]


def people(con: duckdb.DuckDBPyConnection) -> list[str]:
    """The persons named, in order."""
    return [p for (p,) in con.execute("SELECT DISTINCT person FROM aliases ORDER BY 1")
            .fetchall()]
