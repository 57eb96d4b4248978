"""Hands → columns: one ``Batch`` collects the rows of many hands for every table
and hands them over as Arrow tables, ready for one transaction in the store.

This runs in the worker processes, so it stays lean: plain list appends per hand.
"""
from __future__ import annotations

from decimal import Decimal
from hashlib import blake2b

import pyarrow as pa

from engine.model.hand import STREET_REPR, ZERO, Hand, Street, UnsupportedHand
from engine.model.positions import GROUPS, positions
from engine.rules.replay import Verdict
from pipeline.stats.catalogue import COUNTS
from pipeline.stats.flags import allin_adjusted, hand_flags, stat_columns

MONEY = pa.decimal128(18, 2)
_SHARE = Decimal("0.0001")

SCHEMAS: dict[str, pa.Schema] = {
    "hands": pa.schema([
        ("site", pa.string()), ("hand_id", pa.string()), ("file_id", pa.int64()),
        ("byte_offset", pa.int64()), ("byte_length", pa.int64()), ("line", pa.int32()),
        ("game", pa.string()), ("supported", pa.bool_()), ("structure", pa.string()),
        ("currency", pa.string()), ("small_blind", MONEY), ("big_blind", MONEY),
        ("ante", MONEY), ("cap", MONEY), ("small_bet", MONEY), ("big_bet", MONEY),
        ("table_name", pa.string()), ("max_seats", pa.int16()), ("button_seat", pa.int16()),
        ("played_at", pa.timestamp("us")), ("time_zone", pa.string()),
        ("played_at_utc", pa.timestamp("us")), ("tournament_id", pa.string()),
        ("tournament_level", pa.string()), ("buy_in", pa.string()), ("buy_in_amount", MONEY),
        ("buy_in_currency", pa.string()), ("zoom", pa.bool_()),
        ("hero", pa.string()), ("players", pa.int16()), ("board", pa.string()),
        ("boards", pa.list_(pa.string())), ("total_pot", MONEY), ("rake", MONEY),
        ("fees", MONEY), ("added", MONEY), ("summary_pots", pa.list_(MONEY)),
        ("content", pa.string()), ("raw_text", pa.string()), ("kind", pa.string()),
        ("table_order", pa.list_(pa.int16())),
    ]),
    "hand_copies": pa.schema([
        ("site", pa.string()), ("hand_id", pa.string()), ("file_id", pa.int64()),
        ("byte_offset", pa.int64()), ("byte_length", pa.int64()), ("line", pa.int32()),
        ("content", pa.string()),
    ]),
    "hand_players": pa.schema([
        ("site", pa.string()), ("hand_id", pa.string()), ("seat", pa.int16()),
        ("player", pa.string()), ("position", pa.string()), ("position_group", pa.string()),
        ("stack", MONEY), ("sitting_out", pa.bool_()), ("bounty", MONEY),
        ("hole_cards", pa.string()), ("is_hero", pa.bool_()), ("invested", MONEY),
        ("collected", MONEY), ("net", MONEY), ("played_at", pa.timestamp("us")),
        ("hand_class", pa.string()), ("chances", pa.int64()), ("dones", pa.int64())]
        + [(c, pa.int32()) for c in COUNTS]
        + [("net_bb", pa.decimal128(18, 4)), ("rake_share", pa.decimal128(18, 4)),
           ("allin_adj_net", pa.decimal128(18, 4)),
           ("currency", pa.string()), ("chips_added", MONEY), ("kind", pa.string()),
           ("anonymous", pa.bool_()), ("effective_bb", pa.decimal128(18, 2))]),
    "actions": pa.schema([
        ("site", pa.string()), ("hand_id", pa.string()), ("seq", pa.int32()),
        ("street", pa.int8()), ("player", pa.string()), ("kind", pa.string()),
        ("amount", MONEY), ("raise_to", MONEY), ("all_in", pa.bool_()),
    ]),
    "collections": pa.schema([
        ("site", pa.string()), ("hand_id", pa.string()), ("player", pa.string()),
        ("pot", pa.int16()), ("run", pa.int8()), ("amount", MONEY), ("cash_out", pa.bool_()),
    ]),
    "showdowns": pa.schema([
        ("site", pa.string()), ("hand_id", pa.string()), ("player", pa.string()),
        ("run", pa.int8()), ("cards", pa.string()), ("shown", pa.bool_()),
        ("hand_name", pa.string()),
    ]),
    "tournament_finishes": pa.schema([
        ("site", pa.string()), ("hand_id", pa.string()), ("tournament_id", pa.string()),
        ("player", pa.string()), ("place", pa.int32()), ("prize", MONEY),
        ("currency", pa.string()),
    ]),
    # a tournament's summary file (parsers/base/summary.py): see pipeline/store/schema.sql
    "tournament_results": pa.schema([
        ("site", pa.string()), ("tournament_id", pa.string()), ("player", pa.string()),
        ("file_id", pa.int64()), ("name", pa.string()), ("buy_in", pa.string()),
        ("cost", MONEY), ("bounty_part", MONEY), ("fee", MONEY), ("currency", pa.string()),
        ("entries", pa.int32()), ("paid", MONEY), ("players", pa.int32()),
        ("prize_pool", MONEY), ("started", pa.timestamp("us")), ("place", pa.int32()),
        ("prize", MONEY), ("bounties", MONEY), ("received", MONEY),
        ("payouts", pa.list_(MONEY)),
    ]),
    "verdicts": pa.schema([
        ("site", pa.string()), ("hand_id", pa.string()), ("status", pa.string()),
        ("findings", pa.int32()),
    ]),
    "findings": pa.schema([
        ("site", pa.string()), ("hand_id", pa.string()), ("seq", pa.int32()),
        ("code", pa.string()), ("severity", pa.string()), ("street", pa.int8()),
        ("action", pa.int32()), ("message", pa.string()),
    ]),
    "parse_errors": pa.schema([
        ("file_id", pa.int64()), ("path", pa.string()), ("byte_offset", pa.int64()),
        ("line", pa.int32()), ("reason", pa.string()), ("raw_text", pa.string()),
        ("detail", pa.string()),  # the traceback of an internal error
    ]),
}


def content(hand: Hand | UnsupportedHand) -> str:
    """A digest of what every player at the table saw: time, table, button, seats and
    stacks, actions, boards, collections and the summary's pot and rake (not the hole
    cards dealt to the file's owner, which differ between two players' copies of one
    hand). An unsupported game's: of its text."""
    if isinstance(hand, UnsupportedHand):
        seen = hand.text
    else:
        seen = _seen(hand)
    return blake2b(seen.encode("utf-8", "replace"), digest_size=12).hexdigest()


def _seen(hand: Hand) -> str:
    """What ``content`` digests: the repr of the tuple
    (played_at, table, button_seat, [(seat, player, stack, sitting_out) ...],
    [(street, player, kind, amount) ...], boards, uncalled, [(player, amount) ...],
    (total_pot, rake) or None), written out the way repr writes it (the seats and
    actions without their tuples, the streets' reprs read from a table: a third
    faster). The digests of hands stored before stay the same: the text is."""
    summary = hand.summary
    seats = ", ".join([f"({s.seat!r}, {s.player!r}, {s.stack!r}, {s.sitting_out!r})"
                       for s in hand.seats])
    streets = STREET_REPR  # (keyed by the street's number: a Street is one)
    actions = ", ".join([f"({streets[a.street] if type(a.street) is Street else repr(a.street)},"
                         f" {a.player!r}, {a.kind!r}, {a.amount!r})" for a in hand.actions])
    collects = [(c.player, c.amount) for c in hand.collects]
    pot = (summary.total_pot, summary.rake) if summary else None
    return (f"({hand.played_at!r}, {hand.table!r}, {hand.button_seat!r}, [{seats}], "
            f"[{actions}], {hand.boards!r}, {hand.uncalled!r}, {collects!r}, {pot!r})")



class Batch:
    """Rows for every table, as tuples in schema order, filled hand by hand."""

    def __init__(self, stats: bool = True) -> None:
        self.rows: dict[str, list[tuple]] = {t: [] for t in SCHEMAS}
        self.stats = stats  # the stat flags (off only to measure what they cost)

    def drop_last(self, site: str, hand_id: str) -> None:
        """Drop the rows of the hand added last: one that failed half way leaves none.
        (A hand's rows are the last rows of each table that name it.)"""
        for name, rows in self.rows.items():
            if name != "parse_errors":
                while rows and rows[-1][1] == hand_id and rows[-1][0] == site:
                    rows.pop()

    def add_hand(self, hand: Hand, file_id: int, offset: int, length: int, line: int,
                 verdict: Verdict | None = None) -> None:
        """A Hold'em hand's rows. Its all-in equity is computed only for a hand the
        replay did not refuse (``verdict``): a hand that failed may hold anything."""
        site, hid = hand.site, hand.hand_id
        st = hand.stakes
        summary = hand.summary
        dealt = hand.dealt_in()
        pos = positions([s.seat for s in dealt], hand.button_seat, big_blind_seat(hand),
                        hand.table_order)
        self.rows["hands"].append((
            site, hid, file_id, offset, length, line, hand.game, True, hand.structure,
            hand.currency, st.small_blind, st.big_blind, st.ante, st.cap, st.small_bet,
            st.big_bet, hand.table, hand.max_seats, hand.button_seat, hand.played_at,
            hand.time_zone, hand.played_at_utc, hand.tournament_id, hand.tournament_level,
            hand.buy_in, hand.buy_in_amount, hand.buy_in_currency, hand.zoom, hand.hero,
            len(dealt),
            " ".join(hand.boards[0]) if hand.boards else None,
            [" ".join(b) for b in hand.boards],
            summary.total_pot if summary else None, summary.rake if summary else None,
            sum((a for _, a in summary.fees), ZERO) if summary else None,
            summary.added if summary else None,
            list(summary.pots) if summary else None, content(hand), None, hand.kind,
            list(hand.table_order) or None))

        invested: dict[str, Decimal] = {}
        actions = self.rows["actions"]
        for seq, act in enumerate(hand.actions):
            invested[act.player] = invested.get(act.player, ZERO) + act.amount
            actions.append((site, hid, seq, act.street, act.player, act.kind, act.amount,
                            act.raise_to, act.all_in))
        returned = hand.uncalled + (verdict.unwritten_returns if verdict is not None else ())
        for player, amount in returned:
            invested[player] = invested.get(player, ZERO) - amount

        collected: dict[str, Decimal] = {}
        collections = self.rows["collections"]
        for col in hand.collects:
            collected[col.player] = collected.get(col.player, ZERO) + col.amount
            collections.append((site, hid, col.player, col.pot, col.run, col.amount, False))
        for player, amount, _fee in hand.cash_outs:
            collected[player] = collected.get(player, ZERO) + amount
            collections.append((site, hid, player, None, 1, amount, True))

        if hand.finishes and hand.tournament_id is not None:
            finishes = self.rows["tournament_finishes"]
            for f in hand.finishes:
                finishes.append((site, hid, hand.tournament_id, f.player, f.place, f.prize,
                                 f.currency))

        showdowns = self.rows["showdowns"]
        for show in hand.shows:
            showdowns.append((site, hid, show.player, show.run, " ".join(show.cards) or None,
                              show.shown, show.hand_name))

        players = self.rows["hand_players"]
        flags = hand_flags(hand, pos) if self.stats else {}
        adjusted = (allin_adjusted(hand, invested)
                    if self.stats and (verdict is None or verdict.status != "failed") else {})
        hero = hand.hero
        rake = summary.rake if summary else ZERO
        put_in = sum(invested.values(), ZERO)
        currency, kind, anonymous = hand.currency, hand.kind, hand.anonymous
        added: dict[str, Decimal] = {}
        for player, chips in hand.chips_added:
            added[player] = added.get(player, ZERO) + chips
        for s in hand.seats:
            inv = invested.get(s.player, ZERO)
            got = collected.get(s.player, ZERO)
            position = pos.get(s.seat)
            row = (site, hid, s.seat, s.player, position, GROUPS.get(position), s.stack,
                   s.sitting_out, s.bounty, " ".join(s.hole_cards) or None, s.player == hero,
                   inv, got, got - inv)
            f = flags.get(s.player)
            if f is None:  # not dealt in (or flags off): every chip is still in the net
                players.append(row + _NO_FLAGS + (got - inv if self.stats else None, currency,
                                                  added.get(s.player), kind,
                                                  s.player in anonymous, None))
            else:
                share = ((rake * inv / put_in).quantize(_SHARE) if rake and inv and put_in > 0
                         else ZERO)
                allin = adjusted[s.player] if s.player in adjusted else got - inv
                players.append(row + stat_columns(hand, s, f, got - inv, share, allin)
                               + (currency, added.get(s.player), kind, s.player in anonymous,
                                  f.effective_bb))

    def add_unsupported(self, hand: UnsupportedHand, file_id: int, offset: int,
                        length: int, line: int) -> None:
        row = [None] * len(SCHEMAS["hands"])
        row[:10] = (hand.site, hand.hand_id, file_id, offset, length, line, hand.game, False,
                    hand.structure, None)
        row[-4:-2] = content(hand), hand.text
        self.rows["hands"].append(tuple(row))

    def add_copy(self, hand: Hand | UnsupportedHand, file_id: int, offset: int, length: int,
                 line: int) -> None:
        """A further copy of a hand already read: its place and content digest."""
        self.rows["hand_copies"].append((hand.site, hand.hand_id, file_id, offset, length,
                                         line, content(hand)))

    def add_verdict(self, site: str, hand_id: str, verdict: Verdict) -> None:
        self.rows["verdicts"].append((site, hand_id, verdict.status, len(verdict.findings)))
        findings = self.rows["findings"]
        for seq, f in enumerate(verdict.findings):
            findings.append((site, hand_id, seq, f.code, f.severity,
                             None if f.street is None else int(f.street), f.action, f.message))

    def add_error(self, file_id: int, path: str, offset: int, line: int, reason: str,
                  text: str, detail: str | None = None) -> None:
        self.rows["parse_errors"].append((file_id, path, offset, line, reason, text, detail))

    def tables(self) -> tuple[dict[str, pa.Table], list[tuple[tuple[str, str], str]]]:
        """The Arrow tables, and the hands left out of them because a value of theirs
        fits no column (each with why); their rows are dropped, the rest are whole."""
        tables, bad = {}, {}
        for name, rows in self.rows.items():
            try:
                tables[name] = _table(rows, SCHEMAS[name])
            except (pa.ArrowException, OverflowError, TypeError, ValueError):
                if name == "parse_errors":  # text that is not text (a file name, say)
                    rows[:] = [tuple(_printable(v) for v in r) for r in rows]
                    tables[name] = _table(rows, SCHEMAS[name])
                else:
                    bad.update(_bad_rows(name, rows))
        if not bad:
            return tables, []
        for name, rows in self.rows.items():
            if name != "parse_errors":
                rows[:] = [r for r in rows if (r[0], r[1]) not in bad]
        return self.tables()[0], list(bad.items())


_NO_FLAGS = (None,) * (4 + len(COUNTS) + 2)  # a player not dealt in: no stat (or flags off)


def _bad_rows(name: str, rows: list[tuple]) -> dict[tuple[str, str], str]:
    """The hands (keys) whose rows of table ``name`` hold a value no column fits."""
    schema, bad = SCHEMAS[name], {}
    for row in rows:
        try:
            _table([row], schema)
        except (pa.ArrowException, OverflowError, TypeError, ValueError):
            column = next((f.name for f, v in zip(schema, row) if not _fits(v, f.type)), "?")
            bad.setdefault((row[0], row[1]), f"{name}.{column} cannot hold "
                                             f"{dict(zip(schema.names, row)).get(column)!r}")
    return bad


def _printable(value):
    """A string with bytes that were not text (lone surrogates) spelled out."""
    if isinstance(value, str):
        return value.encode("utf-8", "backslashreplace").decode("utf-8")
    return value


def _fits(value, kind: pa.DataType) -> bool:
    try:
        pa.array([value], type=kind)
        return True
    except (pa.ArrowException, OverflowError, TypeError, ValueError):
        return False


def _table(rows: list[tuple], schema: pa.Schema) -> pa.Table:
    columns = list(zip(*rows)) if rows else [()] * len(schema)
    return pa.Table.from_arrays(
        [pa.array(col, type=f.type) for col, f in zip(columns, schema)], schema=schema)


def big_blind_seat(hand: Hand) -> int | None:
    for act in hand.actions:
        if act.kind == "post_bb":
            for s in hand.seats:
                if s.player == act.player:
                    return s.seat
            return None
    return None
