"""Hands → columns: one ``Batch`` collects the rows of many hands for every table
and hands them over as Arrow tables, ready for one transaction in the store.

This runs in the worker processes, so it stays lean: plain list appends per hand.
"""
from __future__ import annotations

from decimal import Decimal

import pyarrow as pa

from engine.hand import ZERO, Hand, UnsupportedHand
from engine.positions import GROUPS, positions

MONEY = pa.decimal128(18, 2)

SCHEMAS: dict[str, pa.Schema] = {
    "hands": pa.schema([
        ("site", pa.string()), ("hand_id", pa.string()), ("file_id", pa.int32()),
        ("byte_offset", pa.int64()), ("byte_length", pa.int32()), ("line", pa.int32()),
        ("game", pa.string()), ("supported", pa.bool_()), ("structure", pa.string()),
        ("currency", pa.string()), ("small_blind", MONEY), ("big_blind", MONEY),
        ("ante", MONEY), ("cap", MONEY), ("small_bet", MONEY), ("big_bet", MONEY),
        ("table_name", pa.string()), ("max_seats", pa.int8()), ("button_seat", pa.int8()),
        ("played_at", pa.timestamp("us")), ("time_zone", pa.string()),
        ("played_at_utc", pa.timestamp("us")), ("tournament_id", pa.string()),
        ("tournament_level", pa.string()), ("buy_in", pa.string()), ("zoom", pa.bool_()),
        ("hero", pa.string()), ("players", pa.int8()), ("board", pa.string()),
        ("boards", pa.list_(pa.string())), ("total_pot", MONEY), ("rake", MONEY),
        ("fees", MONEY), ("summary_pots", pa.list_(MONEY)), ("raw_text", pa.string()),
    ]),
    "hand_players": pa.schema([
        ("site", pa.string()), ("hand_id", pa.string()), ("seat", pa.int8()),
        ("player", pa.string()), ("position", pa.string()), ("position_group", pa.string()),
        ("stack", MONEY), ("sitting_out", pa.bool_()), ("bounty", MONEY),
        ("hole_cards", pa.string()), ("is_hero", pa.bool_()), ("invested", MONEY),
        ("collected", MONEY), ("net", MONEY),
    ]),
    "actions": pa.schema([
        ("site", pa.string()), ("hand_id", pa.string()), ("seq", pa.int16()),
        ("street", pa.int8()), ("player", pa.string()), ("kind", pa.string()),
        ("amount", MONEY), ("raise_to", MONEY), ("all_in", pa.bool_()),
    ]),
    "collections": pa.schema([
        ("site", pa.string()), ("hand_id", pa.string()), ("player", pa.string()),
        ("pot", pa.string()), ("run", pa.int8()), ("amount", MONEY),
    ]),
    "showdowns": pa.schema([
        ("site", pa.string()), ("hand_id", pa.string()), ("player", pa.string()),
        ("run", pa.int8()), ("cards", pa.string()), ("shown", pa.bool_()),
        ("hand_name", pa.string()),
    ]),
    "parse_errors": pa.schema([
        ("file_id", pa.int32()), ("path", pa.string()), ("byte_offset", pa.int64()),
        ("line", pa.int32()), ("reason", pa.string()), ("raw_text", pa.string()),
    ]),
}


class Batch:
    """Column lists for every table, filled hand by hand."""

    def __init__(self) -> None:
        self.columns = {t: {f.name: [] for f in s} for t, s in SCHEMAS.items()}
        self.hands = 0

    def add_hand(self, hand: Hand, file_id: int, offset: int, length: int, line: int) -> None:
        self.hands += 1
        site, hid = hand.site, hand.hand_id
        st = hand.stakes
        summary = hand.summary
        dealt = [s for s in hand.seats if not s.sitting_out]
        bb_seat = _big_blind_seat(hand)
        pos = positions([s.seat for s in dealt], hand.button_seat, bb_seat)
        h = self.columns["hands"]
        for name, value in (
            ("site", site), ("hand_id", hid), ("file_id", file_id), ("byte_offset", offset),
            ("byte_length", length), ("line", line), ("game", hand.game),
            ("supported", True), ("structure", hand.structure), ("currency", hand.currency),
            ("small_blind", st.small_blind), ("big_blind", st.big_blind), ("ante", st.ante),
            ("cap", st.cap), ("small_bet", st.small_bet), ("big_bet", st.big_bet),
            ("table_name", hand.table), ("max_seats", hand.max_seats),
            ("button_seat", hand.button_seat), ("played_at", hand.played_at),
            ("time_zone", hand.time_zone), ("played_at_utc", hand.played_at_utc),
            ("tournament_id", hand.tournament_id),
            ("tournament_level", hand.tournament_level), ("buy_in", hand.buy_in),
            ("zoom", hand.zoom), ("hero", hand.hero), ("players", len(dealt)),
            ("board", " ".join(hand.boards[0]) if hand.boards else None),
            ("boards", [" ".join(b) for b in hand.boards]),
            ("total_pot", summary.total_pot if summary else None),
            ("rake", summary.rake if summary else None),
            ("fees", sum((a for _, a in summary.fees), ZERO) if summary else None),
            ("summary_pots", list(summary.pots) if summary else None),
            ("raw_text", None),
        ):
            h[name].append(value)

        invested: dict[str, Decimal] = {}
        a = self.columns["actions"]
        for seq, act in enumerate(hand.actions):
            invested[act.player] = invested.get(act.player, ZERO) + act.amount
            a["site"].append(site)
            a["hand_id"].append(hid)
            a["seq"].append(seq)
            a["street"].append(int(act.street))
            a["player"].append(act.player)
            a["kind"].append(act.kind)
            a["amount"].append(act.amount)
            a["raise_to"].append(act.raise_to)
            a["all_in"].append(act.all_in)
        for player, amount in hand.uncalled:
            invested[player] = invested.get(player, ZERO) - amount

        collected: dict[str, Decimal] = {}
        c = self.columns["collections"]
        for col in hand.collects:
            collected[col.player] = collected.get(col.player, ZERO) + col.amount
            _append(c, site, hid, col.player, col.pot, col.run, col.amount)
        for player, amount, _fee in hand.cash_outs:
            collected[player] = collected.get(player, ZERO) + amount
            _append(c, site, hid, player, "cash out", 1, amount)

        sd = self.columns["showdowns"]
        for show in hand.shows:
            _append(sd, site, hid, show.player, show.run, " ".join(show.cards) or None,
                    show.shown, show.hand_name)

        p = self.columns["hand_players"]
        hero = hand.hero
        for s in hand.seats:
            inv = invested.get(s.player, ZERO)
            got = collected.get(s.player, ZERO)
            position = pos.get(s.seat)
            _append(p, site, hid, s.seat, s.player, position, GROUPS.get(position),
                    s.stack, s.sitting_out, s.bounty, " ".join(s.hole_cards) or None,
                    s.player == hero, inv, got, got - inv)

    def add_unsupported(self, hand: UnsupportedHand, file_id: int, offset: int,
                        length: int, line: int) -> None:
        self.hands += 1
        h = self.columns["hands"]
        values = dict.fromkeys(h)
        values.update(site=hand.site, hand_id=hand.hand_id, file_id=file_id,
                      byte_offset=offset, byte_length=length, line=line, game=hand.game,
                      supported=False, structure=hand.structure, raw_text=hand.text)
        for name, value in values.items():
            h[name].append(value)

    def add_error(self, file_id: int, path: str, offset: int, line: int, reason: str,
                  text: str) -> None:
        _append(self.columns["parse_errors"], file_id, path, offset, line, reason, text)

    def tables(self) -> dict[str, pa.Table]:
        return {name: pa.table(cols, schema=SCHEMAS[name])
                for name, cols in self.columns.items()}


def _append(columns: dict[str, list], *values: object) -> None:
    for col, value in zip(columns.values(), values):
        col.append(value)


def _big_blind_seat(hand: Hand) -> int | None:
    for act in hand.actions:
        if act.kind == "post_bb":
            for s in hand.seats:
                if s.player == act.player:
                    return s.seat
            return None
    return None
