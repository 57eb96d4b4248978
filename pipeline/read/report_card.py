"""The coach's report card: one player, month by month — the main stats with their
sample sizes, winnings and all-in adjusted winnings in big blinds, and the integrity of
the history (hands, failed verdicts, findings between hands by code), so that a backer
sees at a glance whether a student's history is complete and unedited."""
from __future__ import annotations

import duckdb

from pipeline.read.queries import Filters, _rows
from pipeline.stats.aggregate import flag_sums, ratios

CARD_STATS = ("vpip", "pfr", "three_bet", "wtsd", "wsd")


def report_card(con: duckdb.DuckDBPyConnection, f: Filters, month: str | None = None,
                ) -> list[dict]:
    """One dict per month (YYYY-MM; only ``month`` if given), oldest first: hands, net
    and all-in adjusted in big blinds, bb/100, each of CARD_STATS (percent) with its
    ``<stat>_chances``, AF; ``failed`` (hands with a failed verdict), ``findings`` (the
    audit's findings between hands at the player's hands, by code)."""
    if f.player is None:
        raise ValueError("a report card is one player's: choose a player")
    rows, params = _rows(f, hands=True)  # (its WHERE is the filters': the month joins it)
    if month is not None:
        rows, params = rows + " AND strftime(s.played_at, '%Y-%m') = ?", params + [month]
    cur = con.execute(f"""
        SELECT strftime(s.played_at, '%Y-%m') AS month, count(*) AS hands,
               sum(s.net_bb)::DOUBLE AS net_bb,
               sum(coalesce(s.allin_adj_net / nullif(h.big_blind, 0), s.net_bb))::DOUBLE
                   AS allin_adj_bb,
               sum(s.post_bets) + sum(s.post_raises) AS aggressive, sum(s.post_calls) AS calls,
               count(*) FILTER (WHERE EXISTS (SELECT 1 FROM verdicts v WHERE v.site = s.site
                   AND v.hand_id = s.hand_id AND v.status = 'failed')) AS failed,
               {flag_sums(CARD_STATS)}
        FROM {rows} GROUP BY 1 ORDER BY 1""", params)
    cols = [d[0] for d in cur.description]
    out = []
    for r in cur.fetchall():
        row = dict(zip(cols, r))
        card = {"month": row["month"], "hands": row["hands"], "net_bb": row["net_bb"],
                "bb_per_100": round(100 * row["net_bb"] / row["hands"], 2),
                "allin_adj_bb": row["allin_adj_bb"], "failed": row["failed"],
                **ratios(row, CARD_STATS)}
        for stat in CARD_STATS:
            card[f"{stat}_chances"] = row[f"{stat}_chance"] or 0
        card["findings"] = {}
        out.append(card)
    found = con.execute(f"""
        SELECT strftime(s.played_at, '%Y-%m') AS month, x.code, count(*)
        FROM audit_findings x JOIN (SELECT s.site, s.hand_id, s.played_at FROM {rows}) s
          ON s.site = x.site AND s.hand_id = x.hand_id
        GROUP BY 1, 2 ORDER BY 1, 2""", params).fetchall()
    by_month = {c["month"]: c for c in out}
    for m, code, n in found:
        if m in by_month:
            by_month[m]["findings"][code] = n
    return out
