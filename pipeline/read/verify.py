"""Verdicts as people and programs read them: counts by status and finding code,
and the hands selected by status or code with their findings."""
from __future__ import annotations

import duckdb

from engine.rules.replay import CODES  # noqa: F401 (what each finding code means, for readers)

STATUSES = ("ok", "warning", "failed", "unverifiable", "unsupported")

_SELECTED = """
SELECT v.site, v.hand_id, f.path, h.line, v.status
FROM verdicts v
JOIN hands h USING (site, hand_id)
JOIN files f USING (file_id)
WHERE (? IS NULL OR v.status = ?)
  AND (? IS NULL OR EXISTS (SELECT 1 FROM findings x
                            WHERE x.site = v.site AND x.hand_id = v.hand_id AND x.code = ?))
ORDER BY f.path, h.line
LIMIT ?
"""

_FINDINGS = f"""
WITH selected AS ({_SELECTED})
SELECT site, hand_id, code, street, action, message
FROM findings JOIN selected USING (site, hand_id)
ORDER BY site, hand_id, seq
"""

STREETS = ("posts", "preflop", "flop", "turn", "river", "showdown")


def report(con: duckdb.DuckDBPyConnection, status: str | None = None, code: str | None = None,
           details: bool = False, limit: int = 1000) -> dict:
    """``{"hands", "status", "codes"}`` and, with ``details``, the selected hands."""
    counts = dict(con.execute("SELECT status, count(*) FROM verdicts GROUP BY status").fetchall())
    out = {
        "hands": sum(counts.values()),
        "status": {s: counts.get(s, 0) for s in STATUSES},
        "codes": dict(con.execute(
            "SELECT code, count(DISTINCT (site, hand_id)) n FROM findings GROUP BY code "
            "ORDER BY n DESC, code").fetchall()),
    }
    if details:
        out["details"] = selected_hands(con, status, code, limit)
    return out


def selected_hands(con, status: str | None, code: str | None, limit: int) -> list[dict]:
    params = [status, status, code, code, limit]
    rows = con.execute(_SELECTED, params).fetchall()
    found: dict[tuple[str, str], list[dict]] = {}
    for site, hand_id, fcode, street, action, message in con.execute(_FINDINGS, params).fetchall():
        found.setdefault((site, hand_id), []).append({
            "code": fcode, "street": None if street is None else STREETS[street],
            "action": action, "message": message})
    return [{"site": site, "hand_id": hand_id, "file": path, "line": line, "status": st,
             "findings": found.get((site, hand_id), [])}
            for site, hand_id, path, line, st in rows]
