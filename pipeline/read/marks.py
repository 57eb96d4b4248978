"""Notes and tags read for the pages (written by pipeline/store/notes.py): a player's
notes, beside their figures. Over a Parquet dataset, which carries none, there are none."""
from __future__ import annotations

import duckdb


def player_notes(con: duckdb.DuckDBPyConnection, players: list[tuple[str, str]],
                 ) -> dict[tuple[str, str], list[dict]]:
    """(site, player) -> their notes (on the player, not on a hand), newest first."""
    if not players:
        return {}
    try:
        cur = con.execute("""
            SELECT n.site, n.player, n.note_id, n.text, n.written_at
            FROM notes n
            JOIN (SELECT unnest(?::VARCHAR[]) AS site, unnest(?::VARCHAR[]) AS player) k
              ON k.site = n.site AND k.player = n.player
            WHERE n.hand_id IS NULL ORDER BY n.written_at DESC, n.note_id DESC""",
                          [[s for s, _ in players], [p for _, p in players]])
    except duckdb.CatalogException:  # a dataset: no notes table
        return {}
    out: dict[tuple[str, str], list[dict]] = {}
    for site, player, note_id, text, written_at in cur.fetchall():
        out.setdefault((site, player), []).append(
            {"note_id": note_id, "text": text, "written_at": written_at})
    return out


def notes_on(con: duckdb.DuckDBPyConnection, player: str) -> list[dict]:
    """One player's notes at every room they play under this name, newest first."""
    try:
        sites = [s for (s,) in con.execute(
            "SELECT DISTINCT site FROM notes WHERE player = ? AND hand_id IS NULL",
            [player]).fetchall()]
    except duckdb.CatalogException:
        return []
    found = player_notes(con, [(s, player) for s in sites])
    return sorted(({**n, "site": site} for (site, _), ns in found.items() for n in ns),
                  key=lambda n: (n["written_at"], n["note_id"]), reverse=True)
