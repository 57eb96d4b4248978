"""A player's tournaments: one row each, and their results summed by currency.

A tournament is one the player's hands name (a hand with a tournament id), or one a
summary file of theirs tells (``tournament_results``). Its buy-in is what the summary
says (every entry: re-entries too), else what its hands' header says
(``hands.buy_in_amount``, one entry's cost); its finish and winnings what the summary
says (the prize, bounties, everything received), else what a line of one of its hands
says (``tournament_finishes``); any may be unknown (NULL). Money stays DECIMAL:
different currencies are never summed together.
"""
from __future__ import annotations

from datetime import date
from decimal import Decimal

import duckdb
import polars as pl

# One row per tournament the player played, from their hands; the finish where written.
# Parameters: player, sites (empty: all), since, until (dates, NULL: open), player.
TOURNAMENTS_SQL = """
WITH played AS (
    SELECT h.site, h.tournament_id,
           any_value(h.buy_in) AS buy_in,
           max(h.buy_in_amount) AS buy_in_amount,
           any_value(h.buy_in_currency) AS buy_in_currency,
           min(coalesce(h.played_at_utc, h.played_at)) AS first_hand,
           max(coalesce(h.played_at_utc, h.played_at)) AS last_hand,
           count(*) AS hands,
           sum(p.net) AS chips_won
    FROM hand_players p JOIN hands h USING (site, hand_id)
    WHERE p.player = ? AND h.tournament_id IS NOT NULL
      AND (len(?::VARCHAR[]) = 0 OR list_contains(?::VARCHAR[], h.site))
    GROUP BY h.site, h.tournament_id
), finished AS (
    SELECT site, tournament_id, min(place) AS place, max(prize) AS prize,
           any_value(currency) AS prize_currency
    FROM tournament_finishes
    WHERE player = ?
    GROUP BY site, tournament_id
), summarised AS (  -- the player's summaries: theirs by name, or naming nobody where the
                    -- player is the hero of the tournament's hands; one a tournament
    SELECT * FROM tournament_results r
    WHERE (r.player = ? OR (r.player IS NULL AND EXISTS (
              SELECT 1 FROM hands hh WHERE hh.site = r.site
              AND hh.tournament_id = r.tournament_id AND hh.hero = ?)))
      AND (len(?::VARCHAR[]) = 0 OR list_contains(?::VARCHAR[], r.site))
    QUALIFY row_number() OVER (PARTITION BY r.site, r.tournament_id
                               ORDER BY r.player IS NULL) = 1
), joined AS (
    SELECT coalesce(t.site, r.site) AS site, coalesce(t.tournament_id, r.tournament_id)
               AS tournament_id,
           coalesce(t.buy_in, r.buy_in) AS buy_in,
           coalesce(t.buy_in_amount, r.cost) AS buy_in_amount,
           coalesce(r.currency, t.buy_in_currency, f.prize_currency) AS currency,
           coalesce(t.first_hand, r.started) AS first_hand, t.last_hand,
           coalesce(t.hands, 0) AS hands, t.chips_won,
           coalesce(r.place, f.place) AS place,
           CASE WHEN r.site IS NOT NULL THEN r.prize ELSE f.prize END AS prize,
           CASE WHEN r.site IS NOT NULL THEN r.currency ELSE f.prize_currency END
               AS prize_currency,
           r.name, r.entries, r.paid, r.bounties, r.received, r.received - r.paid AS profit,
           r.players, r.site IS NOT NULL AS summarised
    FROM played t
    FULL OUTER JOIN summarised r ON r.site = t.site AND r.tournament_id = t.tournament_id
    LEFT JOIN finished f ON f.site = coalesce(t.site, r.site)
         AND f.tournament_id = coalesce(t.tournament_id, r.tournament_id)
)
SELECT * FROM joined
WHERE (?::DATE IS NULL OR first_hand >= ?::DATE)
  AND (?::DATE IS NULL OR first_hand < ?::DATE + 1)
ORDER BY first_hand, site, tournament_id
"""
_HUNDRED = Decimal(100)
_CENT = Decimal("0.01")


def tournaments(con: duckdb.DuckDBPyConnection, player: str, since: date | None = None,
                until: date | None = None, sites: tuple[str, ...] = ()) -> pl.DataFrame:
    """The player's tournaments that started between ``since`` and ``until`` (both
    included) at ``sites`` (all if empty): site, tournament_id, buy_in (as written),
    buy_in_amount (one entry's), currency (the buy-in's, else the prize's), first_hand
    (the summary's start where no hand is stored), last_hand, hands, chips_won (net over
    the player's hands), place, prize and prize_currency (NULL where nothing says
    them); from a summary: name, entries, paid, bounties, received, profit, players
    (NULL without one) and ``summarised``."""
    chosen = list(sites)
    params = [player, chosen, chosen, player, player, player, chosen, chosen,
              since, since, until, until]
    return con.sql(TOURNAMENTS_SQL, params=params).pl()


def summary(con: duckdb.DuckDBPyConnection, player: str, since: date | None = None,
            until: date | None = None, sites: tuple[str, ...] = ()) -> dict:
    """The results of ``tournaments(...)``: how many, how many with a known finish,
    ITM % (a prize > 0, of those with a known finish) and ``by_currency``: per
    currency, the tournaments whose buy-in is known, their buy-ins, the prizes won in
    it, and ROI % ((prizes - buy-ins) / buy-ins over the tournaments whose buy-in and
    finish are both known, ``roi_tournaments`` of them: a tournament the files do not
    see finish has no result yet; a prize paid in another currency than the buy-in is
    left out of it; ``roi_buy_ins`` and ``roi_prizes``: what it is over)."""
    rows = tournaments(con, player, since, until, sites).to_dicts()
    known = [r for r in rows if r["place"] is not None or r["prize"] is not None
             or r["received"] is not None]
    in_money = [r for r in known if (r["prize"] or 0) > 0]
    by_currency: dict[str | None, dict] = {}
    for r in rows:
        # a summary's figures: every entry paid, everything received (bounties too)
        cost = r["paid"] if r["paid"] is not None else r["buy_in_amount"]
        won = r["received"] if r["received"] is not None else r["prize"]
        if cost is not None:
            entry = _entry(by_currency, r["currency"])
            entry["tournaments"] += 1
            entry["buy_ins"] += cost
            if r["place"] is not None or won is not None:  # its result is known
                entry["roi_tournaments"] += 1
                entry["roi_buy_ins"] += cost
                if won is not None and r["prize_currency"] in (None, r["currency"]):
                    entry["roi_prizes"] += won
        if won is not None:
            _entry(by_currency, r["prize_currency"])["prizes"] += won
    for entry in by_currency.values():  # (the ROI's own buy-ins and prizes kept: shown)
        paid, returned = entry["roi_buy_ins"], entry["roi_prizes"]
        entry["roi"] = (((returned - paid) * _HUNDRED / paid).quantize(_CENT) if paid
                        else None)
    return {
        "tournaments": len(rows),
        "with_finish": len(known),
        "in_the_money": len(in_money),
        "itm": (Decimal(len(in_money)) * _HUNDRED / len(known)).quantize(_CENT)
        if known else None,
        "by_currency": by_currency,
    }


def _entry(by_currency: dict, currency: str | None) -> dict:
    if currency not in by_currency:
        by_currency[currency] = {"tournaments": 0, "buy_ins": Decimal(0),
                                 "prizes": Decimal(0), "roi_tournaments": 0,
                                 "roi_buy_ins": Decimal(0), "roi_prizes": Decimal(0)}
    return by_currency[currency]


# heads-up all-ins of a player in single-table tournaments whose payouts a summary lists
ALL_INS_SQL = """
SELECT h.site, h.hand_id, h.tournament_id, coalesce(h.played_at_utc, h.played_at) AS played_at,
       h.total_pot, p.invested, p.net, p.allin_adj_net, r.payouts, r.currency
FROM hand_players p
JOIN hands h USING (site, hand_id)
JOIN tournament_results r ON r.site = h.site AND r.tournament_id = h.tournament_id
     AND (r.player = p.player OR (r.player IS NULL AND h.hero = p.player))
WHERE p.player = ? AND len(r.payouts) > 0 AND r.players <= h.max_seats
  AND p.allin_adj_net IS NOT NULL AND h.total_pot > 0
  AND EXISTS (SELECT 1 FROM actions a WHERE a.site = h.site AND a.hand_id = h.hand_id
              AND a.all_in)
  AND NOT EXISTS (SELECT 1 FROM actions a WHERE a.site = h.site AND a.hand_id = h.hand_id
                  AND a.player = p.player AND a.kind = 'fold')
  AND (SELECT count(*) FROM hand_players o WHERE o.site = h.site AND o.hand_id = h.hand_id
       AND o.position IS NOT NULL AND NOT EXISTS (
           SELECT 1 FROM actions a WHERE a.site = o.site AND a.hand_id = o.hand_id
           AND a.player = o.player AND a.kind = 'fold')) = 2
ORDER BY played_at, h.site, h.hand_id
"""


def final_table_allins(con: duckdb.DuckDBPyConnection, player: str) -> list[dict]:
    """The player's heads-up all-ins in single-table tournaments (every player left is
    at the table) whose summary lists the payouts: for each, the chips won (net) and
    the chip EV (the all-in adjusted net), beside their worth in prize money by the
    Independent Chip Model (engine/equity/icm.py): ``icm_before`` (the stacks before
    the hand), ``icm_ev`` (the all-in's expected change: won with the player's pot
    equity, lost otherwise) and ``icm_result`` (the change as it fell), in the
    payouts' currency."""
    from engine.equity.icm import icm

    out = []
    for site, hand_id, tid, when, pot, invested, net, adjusted, payouts, currency in \
            con.execute(ALL_INS_SQL, [player]).fetchall():
        seats = con.execute(
            "SELECT player, stack, invested, net FROM hand_players WHERE site = ? AND"
            " hand_id = ? AND stack > 0 ORDER BY stack DESC, seat", [site, hand_id]).fetchall()
        folded = {r[0] for r in con.execute(
            "SELECT player FROM actions WHERE site = ? AND hand_id = ? AND kind = 'fold'",
            [site, hand_id]).fetchall()}
        names = [s[0] for s in seats]
        if player not in names:
            continue
        villain = next((s[0] for s in seats if s[0] != player and s[0] not in folded
                        and s[2] > 0), None)
        if villain is None:
            continue
        before = {s[0]: s[1] for s in seats}
        left = {s[0]: s[1] - s[2] for s in seats}
        win, lose = dict(left), dict(left)
        win[player] += pot
        lose[villain] += pot
        after = {s[0]: s[1] + s[3] for s in seats}
        equity = (Decimal(adjusted) + invested) / pot

        def worth(stacks: dict) -> Decimal:
            values = icm([stacks[n] for n in names], payouts)
            v = values[names.index(player)]
            return Decimal(v.numerator) / Decimal(v.denominator)

        now = worth(before)
        expected = equity * worth(win) + (1 - equity) * worth(lose)
        out.append({
            "site": site, "hand_id": hand_id, "tournament_id": tid, "played_at": when,
            "players": len(names), "equity": (100 * equity).quantize(_CENT),
            "chips_net": net, "chips_ev": Decimal(adjusted).quantize(Decimal(1)),
            "icm_before": now.quantize(_CENT), "icm_ev": (expected - now).quantize(_CENT),
            "icm_result": (worth(after) - now).quantize(_CENT), "currency": currency})
    return out
