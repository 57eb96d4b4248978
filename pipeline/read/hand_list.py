"""The dashboard's lists of hands: filtered by the sidebar (``Filters``) and by what
happened in the hand (``HandQuery``), sorted over every hand that matches, the first
``limit`` of them returned. With a player chosen a row is that player's hand (their
cards, position and net); with all players a row is a hand, listed once."""
from __future__ import annotations

from dataclasses import dataclass

import duckdb
import polars as pl

from pipeline.read.queries import STAKES, Filters, hand_where, needs_hands, player_where
from pipeline.stats.catalogue import RATIOS
from pipeline.stats.pot_types import POT_TYPES as POT_SQL

POT_TYPES = tuple(POT_SQL)
STREETS_REACHED = ("flop", "turn", "river", "showdown")
SORTS = {"time": "played_at", "net": "net_bb", "pot": "pot_bb"}


@dataclass(frozen=True)
class HandQuery:
    """What the hand list selects beyond the sidebar's filters (None: any)."""

    status: str | None = None  # verdict
    hand_class: str | None = None  # the chosen player's starting hand (anyone's: all)
    showdown: bool | None = None  # the chosen player went to showdown
    pot_type: str | None = None  # one of POT_TYPES, by the preflop raises
    all_in: bool | None = None  # someone was all-in
    street: str | None = None  # reached at least: one of STREETS_REACHED
    min_pot_bb: float | None = None  # the total pot, in big blinds
    max_pot_bb: float | None = None
    opponent: str | None = None  # another player dealt in
    tag: str | None = None  # a tag on the hand or one of its actions
    noted: bool | None = None  # a note on the hand or one of its actions
    spot: str | None = None  # the chosen player had a chance at this stat (RATIOS)
    sort: str = "time"  # one of SORTS
    descending: bool = True


_BOARD_CARDS = "coalesce(length(h.board) + 1, 0) // 3"
_REACHED = {"flop": f"{_BOARD_CARDS} >= 3", "turn": f"{_BOARD_CARDS} >= 4",
            "river": f"{_BOARD_CARDS} >= 5",
            "showdown": "EXISTS (SELECT 1 FROM showdowns w WHERE w.site = h.site"
                        " AND w.hand_id = h.hand_id AND w.shown)"}
_POT_BB = "(h.total_pot / nullif(h.big_blind, 0))"


def _conditions(q: HandQuery, player: bool) -> tuple[list[str], list]:
    parts, params = [], []
    if q.status is not None:
        parts.append("EXISTS (SELECT 1 FROM verdicts v WHERE v.site = h.site"
                     " AND v.hand_id = h.hand_id AND v.status = ?)")
        params.append(q.status)
    if q.hand_class is not None:
        parts.append("s.hand_class = ?" if player else
                     "EXISTS (SELECT 1 FROM player_hand_flags o WHERE o.site = h.site"
                     " AND o.hand_id = h.hand_id AND o.hand_class = ?)")
        params.append(q.hand_class)
    if player and q.showdown is not None:
        parts.append("s.wsd_chance = ?")
        params.append(q.showdown)
    if q.pot_type is not None:
        parts.append(f"({POT_SQL[q.pot_type]})")
    if q.all_in is not None:
        parts.append(("" if q.all_in else "NOT ")
                     + "EXISTS (SELECT 1 FROM actions a WHERE a.site = h.site"
                       " AND a.hand_id = h.hand_id AND a.all_in)")
    if q.street is not None:
        parts.append(_REACHED[q.street])
    if q.min_pot_bb is not None:
        parts.append(f"{_POT_BB} >= ?")
        params.append(q.min_pot_bb)
    if q.max_pot_bb is not None:
        parts.append(f"{_POT_BB} <= ?")
        params.append(q.max_pot_bb)
    if q.opponent is not None:
        parts.append("EXISTS (SELECT 1 FROM player_hand_flags o WHERE o.site = h.site"
                     " AND o.hand_id = h.hand_id AND o.player = ?"
                     + (" AND o.player <> s.player)" if player else ")"))
        params.append(q.opponent)
    if q.tag is not None:
        parts.append("EXISTS (SELECT 1 FROM tags t WHERE t.site = h.site"
                     " AND t.hand_id = h.hand_id AND t.tag = ?)")
        params.append(q.tag)
    if q.spot is not None and player:
        if q.spot not in RATIOS:
            raise ValueError(f"no stat {q.spot!r}")
        parts.append(f"s.{q.spot}_chance")
    if q.noted is not None:
        parts.append(("" if q.noted else "NOT ") + "EXISTS (SELECT 1 FROM notes n"
                     " WHERE n.site = h.site AND n.hand_id = h.hand_id)")
    return parts, params


def tag_names(con: duckdb.DuckDBPyConnection) -> list[str]:
    """The tags set on hands, most used first (none over a dataset without tags)."""
    try:
        return [t for (t,) in con.execute(
            "SELECT tag FROM tags WHERE hand_id IS NOT NULL GROUP BY tag"
            " ORDER BY count(*) DESC, tag").fetchall()]
    except duckdb.CatalogException:
        return []


def _player_hands_by_time(con: duckdb.DuckDBPyConnection, f: Filters, descending: bool,
                          limit: int) -> tuple[int, pl.DataFrame]:
    """``hand_list`` of a player's hands by time with nothing asked of the hands: counted
    and chosen from the player's rows alone, the hands joined to the rows listed."""
    where, params = player_where(f)
    base = f"player_hand_stats s WHERE {where}"
    total = con.execute(f"SELECT count(*) FROM {base}", params).fetchall()[0][0]
    direction = "DESC" if descending else "ASC"
    listed = con.sql(f"""
        WITH chosen AS (
            SELECT s.site, s.hand_id, s.player, s.position, s.net::DOUBLE AS net,
                   s.net_bb::DOUBLE AS net_bb, s.wsd_chance AS showdown, s.played_at
            FROM {base} ORDER BY s.played_at {direction}, s.site, s.hand_id {direction}
            LIMIT ?)
        SELECT c.site, c.hand_id, c.player, c.position, c.net, c.net_bb, c.showdown,
               c.played_at, h.played_at_utc IS NOT NULL AS zone_known,
               {_POT_BB}::DOUBLE AS pot_bb, {STAKES} AS stakes, h.structure, h.players,
               h.currency, h.total_pot::DOUBLE AS pot, h.board, v.status,
               hp.hole_cards AS cards
        FROM chosen c
        JOIN hands h ON h.site = c.site AND h.hand_id = c.hand_id
        LEFT JOIN verdicts v ON v.site = c.site AND v.hand_id = c.hand_id
        LEFT JOIN hand_players hp ON hp.site = c.site AND hp.hand_id = c.hand_id
             AND hp.player = c.player
        ORDER BY c.played_at {direction}, c.site, c.hand_id {direction}""",
                     params=params + [limit]).pl()
    return total, listed


def hand_list(con: duckdb.DuckDBPyConnection, f: Filters, q: HandQuery = HandQuery(),
              limit: int = 200) -> tuple[int, pl.DataFrame]:
    """(how many hands match, the first ``limit`` in the order asked): when (UTC where
    the room's zone is known: ``zone_known``), site, hand, stakes, structure, players,
    board, the pot in big blinds, verdict; with a player chosen also their position,
    cards, net (money and big blinds) and whether they went to showdown."""
    mine = f.player is not None
    if mine and q == HandQuery(sort=q.sort, descending=q.descending) and q.sort == "time" \
            and not needs_hands(f):
        return _player_hands_by_time(con, f, q.descending, limit)
    if mine:
        where, params = player_where(f)
        base = ("player_hand_stats s JOIN hands h ON h.site = s.site AND h.hand_id = s.hand_id"
                f" WHERE {where}")
    else:
        where, params = hand_where(f)
        base = f"hands h WHERE h.supported AND {where}"
    extra, extra_params = _conditions(q, mine)
    if extra:
        base += " AND " + " AND ".join(extra)
    params = params + extra_params
    total = con.execute(f"SELECT count(*) FROM {base}", params).fetchall()[0][0]
    order = SORTS[q.sort if q.sort in SORTS and (mine or q.sort != "net") else "time"]
    direction = "DESC" if q.descending else "ASC"
    player_columns = ("s.player, s.position, s.net::DOUBLE AS net, s.net_bb::DOUBLE AS net_bb,"
                      " s.wsd_chance AS showdown," if mine else "")
    listed = con.sql(f"""
        WITH chosen AS (
            SELECT h.site, h.hand_id, {player_columns}
                   coalesce(h.played_at_utc, h.played_at) AS played_at,
                   h.played_at_utc IS NOT NULL AS zone_known,
                   {_POT_BB}::DOUBLE AS pot_bb
            FROM {base}
            ORDER BY {order} {direction} NULLS LAST, h.site, h.hand_id {direction}
            LIMIT ?)
        SELECT c.*, {STAKES} AS stakes, h.structure, h.players, h.currency,
               h.total_pot::DOUBLE AS pot, h.board, v.status
               {", hp.hole_cards AS cards" if mine else ""}
        FROM chosen c
        JOIN hands h ON h.site = c.site AND h.hand_id = c.hand_id
        LEFT JOIN verdicts v ON v.site = c.site AND v.hand_id = c.hand_id
        {"LEFT JOIN hand_players hp ON hp.site = c.site AND hp.hand_id = c.hand_id"
         " AND hp.player = c.player" if mine else ""}
        ORDER BY c.{order} {direction} NULLS LAST, c.site, c.hand_id {direction}""",
                     params=params + [limit]).pl()
    return total, listed
