"""A player's tournaments: one row each, and their results summed by currency.

A tournament hand is one with a tournament id. A tournament's buy-in is what its
hands' header says (``hands.buy_in_amount``, its total cost), its finish and prize
what a line of one of its hands says (``tournament_finishes``); either may be
unknown (NULL). Money stays DECIMAL: different currencies are never summed together.
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
)
SELECT t.site, t.tournament_id, t.buy_in, t.buy_in_amount,
       coalesce(t.buy_in_currency, f.prize_currency) AS currency,
       t.first_hand, t.last_hand, t.hands, t.chips_won,
       f.place, f.prize, f.prize_currency
FROM played t LEFT JOIN finished f USING (site, tournament_id)
WHERE (?::DATE IS NULL OR t.first_hand >= ?::DATE)
  AND (?::DATE IS NULL OR t.first_hand < ?::DATE + 1)
ORDER BY t.first_hand, t.site, t.tournament_id
"""
_HUNDRED = Decimal(100)
_CENT = Decimal("0.01")


def tournaments(con: duckdb.DuckDBPyConnection, player: str, since: date | None = None,
                until: date | None = None, sites: tuple[str, ...] = ()) -> pl.DataFrame:
    """The player's tournaments that started between ``since`` and ``until`` (both
    included) at ``sites`` (all if empty): site, tournament_id, buy_in (as written),
    buy_in_amount, currency (the buy-in's, else the prize's), first_hand, last_hand,
    hands, chips_won (net over the player's hands), place, prize and prize_currency
    (NULL where no line says them)."""
    chosen = list(sites)
    params = [player, chosen, chosen, player, since, since, until, until]
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
    known = [r for r in rows if r["place"] is not None or r["prize"] is not None]
    in_money = [r for r in known if (r["prize"] or 0) > 0]
    by_currency: dict[str | None, dict] = {}
    for r in rows:
        if r["buy_in_amount"] is not None:
            entry = _entry(by_currency, r["currency"])
            entry["tournaments"] += 1
            entry["buy_ins"] += r["buy_in_amount"]
            if r["place"] is not None or r["prize"] is not None:  # its result is known
                entry["roi_tournaments"] += 1
                entry["roi_buy_ins"] += r["buy_in_amount"]
                if r["prize"] is not None and r["prize_currency"] in (None, r["currency"]):
                    entry["roi_prizes"] += r["prize"]
        if r["prize"] is not None:
            _entry(by_currency, r["prize_currency"])["prizes"] += r["prize"]
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
