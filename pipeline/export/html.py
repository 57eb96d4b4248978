"""A hand as one self-contained HTML file (``handlens export --format html``, the
replayer's "share" button): the table stepping through the hand, with its all-in
equities, in a page that fetches nothing (pipeline/export/table)."""
from __future__ import annotations

import duckdb

from pipeline.export.table import frames, runout, table_view
from pipeline.export.table.runout import Shares
from pipeline.export.table.steps import Replay, load


def hero_of(r: Replay) -> str | None:
    """The hand's hero: the hands row's, else the player marked as the hero."""
    return r.hand.get("hero") or next((p["player"] for p in r.players if p["is_hero"]), None)


def document(r: Replay, hero: str | None = None,
             shares: dict[int, Shares] | None = None,
             built: list[frames.Frame] | None = None, title: str | None = None,
             at: int | None = None) -> str:
    """The table document of a loaded hand; ``hero``: the player drawn at the bottom (the
    hand's hero by default); ``shares``, ``built``: the run-out's equities and the
    frames, where already worked out; ``at``: the action to open at."""
    built = frames.build(r) if built is None else built
    if shares is None:
        shares = runout.equities(built, {p["player"]: p["hole_cards"] for p in r.players})
    h = r.hand
    return table_view.document(built, r.players, h["currency"], h["max_seats"],
                               h["button_seat"], hero or hero_of(r), shares, title, at)


def title_of(r: Replay) -> str:
    """"GGPoker hand RC123 · NL Hold'em USD 0.05/0.10 · table Lyon · 2026-11-02 14:03 UTC"."""
    h = r.hand
    when = h.get("played_at_utc") or h.get("played_at")
    stakes = (f"tournament {h['tournament_id']}, blinds {h['small_blind']}/{h['big_blind']}"
              if h.get("tournament_id") else f"{h['currency']} {h['small_blind']}/{h['big_blind']}")
    return " · ".join(x for x in (
        f"{h['site']} hand {h['hand_id']}",
        f"{h.get('structure') or ''} {h.get('game') or ''}".strip(), stakes,
        f"table {h['table_name']}" if h.get("table_name") else None,
        (f"{when:%Y-%m-%d %H:%M}" + (" UTC" if h.get("played_at_utc") else "")) if when
        else None) if x)


def html(con: duckdb.DuckDBPyConnection, site: str, hand_id: str) -> str:
    """The stored hand as one HTML file; KeyError if it is not stored."""
    r = load(con, site, hand_id)
    if r is None:
        raise KeyError(f"no hand {site}:{hand_id}")
    return document(r, title=title_of(r))
