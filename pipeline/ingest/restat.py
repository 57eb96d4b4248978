"""The stat flags of a store an earlier handlens wrote, made again from its stored rows.

The flags (docs/STATS.md) depend only on what the store keeps of each hand: its seats
(stack, sitting out, cards), actions, boards, button and collections. Where the
definitions changed (``meta`` key ``stats`` other than ``FLAGS_VERSION``: a version's definitions, or stats it added), each hand is
rebuilt from those rows, without its file, and its players' positions and stat
columns written again in one transaction; ``verify --recheck`` remains the way to read
the files again (a rule of the replay changed).
"""
from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from itertools import groupby
from operator import itemgetter

import pyarrow as pa

from engine.model.hand import ZERO, Action, Collect, Hand, Seat, Stakes, Street
from engine.model.positions import GROUPS, positions
from pipeline.ingest.rows import SCHEMAS, big_blind_seat
from pipeline.stats.catalogue import COUNTS, FLAGS_VERSION
from pipeline.stats.flags import hand_flags, stat_columns
from pipeline.store.database import Store

_HANDS = """SELECT site, hand_id, button_seat, big_blind, boards, played_at, played_at_utc,
                   rake, table_order
            FROM hands WHERE supported ORDER BY site, hand_id"""
_SEATS = """SELECT site, hand_id, seat, player, stack, sitting_out, hole_cards, net,
                   invested, allin_adj_net
            FROM hand_players ORDER BY site, hand_id, seat"""
_SHARE = Decimal("0.0001")
_ACTIONS = """SELECT site, hand_id, street, player, kind, amount, raise_to, all_in
              FROM actions ORDER BY site, hand_id, seq"""
_COLLECTS = """SELECT site, hand_id, player, amount FROM collections WHERE NOT cash_out
               ORDER BY site, hand_id"""
# the columns written again, keyed by (site, hand_id, seat)
_COLUMNS = ("position", "position_group", "played_at", "hand_class", "chances", "dones",
            *COUNTS, "net_bb", "rake_share", "allin_adj_net", "effective_bb")


def outdated(store: Store) -> bool:
    """Whether the store holds hands whose stat flags follow older definitions."""
    version = store.meta("stats")
    return version != FLAGS_VERSION and store.has_hands()


def restat(store: Store, progress: Callable[[int], None] | None = None) -> int:
    """Every stored hand's positions and stat columns made again from its rows (the
    definitions of ``FLAGS_VERSION``); how many hands. The store's stats are then of
    this version."""
    con = store.con
    seats = _by_hand(con.execute(_SEATS).fetchall())
    actions = _by_hand(con.execute(_ACTIONS).fetchall())
    collects = _by_hand(con.execute(_COLLECTS).fetchall())
    rows: list[tuple] = []
    hands = 0
    for site, hand_id, button, bb, boards, played_at, utc, rake, order in \
            con.execute(_HANDS).fetchall():
        key = (site, hand_id)
        its_seats = seats.get(key, [])
        hand = Hand(
            site=site, hand_id=hand_id, game="Hold'em", structure="", currency="",
            stakes=Stakes(ZERO, bb or ZERO), table=None, max_seats=None, button_seat=button,
            played_at=played_at, time_zone=None, played_at_utc=utc,
            seats=tuple(Seat(s[2], s[3], s[4], s[5], None, tuple((s[6] or "").split()))
                        for s in its_seats),
            actions=tuple(Action(Street(a[2]), a[3], a[4], a[5], a[6], a[7])
                          for a in actions.get(key, [])),
            boards=tuple(tuple(b.split()) for b in boards or ()) or ((),),
            collects=tuple(Collect(c[2], c[3]) for c in collects.get(key, [])),
            table_order=tuple(order or ()))
        dealt = hand.dealt_in()
        pos = positions([s.seat for s in dealt], button, big_blind_seat(hand), hand.table_order)
        flags = hand_flags(hand, pos)
        put_in = sum((s[8] for s in its_seats), ZERO)
        for s, stored in zip(hand.seats, its_seats):
            position = pos.get(s.seat)
            f = flags.get(s.player)
            net, inv, allin = stored[7], stored[8], stored[9]
            if f is None:  # not dealt in: every chip still in the net, and its all-in net
                columns = (None,) * (len(_COLUMNS) - 4) + (net, None)
            else:  # (the rake shared as the import shares it; a pending all-in net kept)
                share = ((rake * inv / put_in).quantize(_SHARE) if rake and inv and put_in > 0
                         else ZERO)
                columns = stat_columns(hand, s, f, net, share,
                                       allin if allin is not None or not stored[5] else net
                                       ) + (f.effective_bb,)
            rows.append((site, hand_id, s.seat, position, GROUPS.get(position), *columns))
        hands += 1
        if progress and hands % 10000 == 0:
            progress(10000)
    _write(store, rows)
    store.set_meta("stats", FLAGS_VERSION)
    if progress:
        progress(hands % 10000)
    return hands


def _by_hand(rows: list[tuple]) -> dict[tuple[str, str], list[tuple]]:
    return {key: list(group) for key, group in groupby(rows, key=itemgetter(0, 1))}


def _write(store: Store, rows: list[tuple]) -> None:
    """The new columns over the stored ones, in one transaction."""
    fields = [SCHEMAS["hand_players"].field(n) for n in ("site", "hand_id", "seat", *_COLUMNS)]
    schema = pa.schema(fields)
    columns = list(zip(*rows)) if rows else [()] * len(fields)
    table = pa.Table.from_arrays([pa.array(c, type=f.type) for c, f in zip(columns, fields)],
                                 schema=schema)
    con = store.con
    store._run("BEGIN TRANSACTION")
    try:
        con.register("restat_rows", table)
        store._run("UPDATE hand_players SET " + ", ".join(f"{c} = r.{c}" for c in _COLUMNS)
                   + " FROM restat_rows r WHERE hand_players.site = r.site AND"
                     " hand_players.hand_id = r.hand_id AND hand_players.seat = r.seat")
        con.unregister("restat_rows")
        store._run("COMMIT")
    except BaseException:
        store._run("ROLLBACK")
        raise
