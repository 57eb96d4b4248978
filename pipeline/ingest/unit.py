"""A unit of work: hand texts in, the rows of every table out (in a worker process).

Each hand goes through three stages: parse, judge (the replay), rows (positions,
stat flags, all-in equity, columns). Whatever one hand does, only that hand is
affected: a text that is not a hand is a parse error with its reason; an unexpected
error in any stage (a bug of ours) makes that hand a parse error "internal error: ..."
with the traceback kept for a bug report, and the unit goes on with the next hand.
"""
from __future__ import annotations

import gc
import traceback
from collections import Counter
from dataclasses import dataclass, field

import pyarrow as pa

from engine.model.hand import Hand, UnsupportedHand
from engine.rules.replay import Verdict
from parsers.base.errors import ParseError
from parsers.base.split import Piece, RawHand
from parsers.registry import room
from pipeline.ingest.rows import Batch

# (file id, path, the room's name, the file's hand texts, or a piece of the file to
# split here)
Part = tuple[int, str, str, list[RawHand] | Piece]


@dataclass
class UnitResult:
    tables: dict[str, pa.Table]
    duplicates: int = 0  # hands seen twice within the unit (kept once)
    reasons: Counter = field(default_factory=Counter)  # parse errors by reason


def parse_unit(parts: list[Part], verify: bool = True, stats: bool = True) -> UnitResult:
    """Parse, judge and flatten every hand of the unit. Never raises for a hand.

    The cyclic garbage collector is paused meanwhile: a unit makes hundreds of
    thousands of short-lived, acyclic objects, and scanning them costs a tenth of
    the time; what cycles there are (exceptions) are collected after."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        return _Unit(verify, stats).run(parts)
    finally:
        if enabled:
            gc.enable()


class _Unit:
    """Each stage over every hand in one run: a stage's code and data stay warm
    (interleaved, the replay costs about a third more)."""

    def __init__(self, verify: bool, stats: bool) -> None:
        self.verify = verify
        self.batch = Batch(stats)
        self.reasons: Counter = Counter()

    def run(self, parts: list[Part]) -> UnitResult:
        parsed, duplicates = self.parse(parts)
        verdicts = self.judge(parsed) if self.verify else [None] * len(parsed)
        for (hand, file_id, path, raw, _), verdict in zip(parsed, verdicts):
            if verdict is not False:  # False: the replay failed (an error already kept)
                self.rows(hand, verdict, file_id, path, raw)
        tables, bad = self.batch.tables()
        origin = {(h.site, h.hand_id): (f, p, r) for h, f, p, r, _ in parsed} if bad else {}
        for key, why in bad:  # a value beyond what the store holds (a sum of amounts)
            file_id, path, raw = origin[key]
            self.reasons["value out of range"] += 1
            self.batch.add_error(file_id, path, raw.byte_offset, raw.line,
                                 f"value out of range: {why}", raw.text)
        if bad:
            tables = self.batch.tables()[0]
        return UnitResult(tables, duplicates, self.reasons)

    def parse(self, parts: list[Part]) -> tuple[list[tuple], int]:
        seen: set[tuple[str, str]] = set()
        parsed, duplicates = [], 0
        for file_id, path, room_name, hands in parts:
            its = room(room_name)
            parse = its.parse
            if isinstance(hands, Piece):  # (the importer's: split here, in the worker)
                hands = hands.split(its)
            for raw in hands:
                if raw.stray:  # no hand: notes, or a hand whose header was damaged
                    first = raw.text.split("\n", 1)[0][:160]
                    self.error(file_id, path, raw, ParseError(1, raw.stray, first))
                    continue
                try:
                    hand = parse(raw.text)
                except ParseError as exc:
                    self.error(file_id, path, raw, exc)
                    continue
                except Exception:  # noqa: BLE001 - a bug of ours must not stop the import
                    self.internal_error(file_id, path, raw, traceback.format_exc())
                    continue
                key = (hand.site, hand.hand_id)
                if key in seen:  # kept once, and the copy's place and content noted
                    duplicates += 1
                    self.batch.add_copy(hand, file_id, raw.byte_offset, raw.byte_length,
                                        raw.line)
                    continue
                seen.add(key)
                parsed.append((hand, file_id, path, raw, its))
        return parsed, duplicates

    def judge(self, parsed: list[tuple]) -> list[Verdict | bool]:
        verdicts: list[Verdict | bool] = []
        for hand, file_id, path, raw, its in parsed:
            try:
                verdicts.append(its.judge(hand))
            except Exception:  # noqa: BLE001
                self.internal_error(file_id, path, raw, traceback.format_exc())
                verdicts.append(False)
        return verdicts

    def rows(self, hand: Hand | UnsupportedHand, verdict: Verdict | None, file_id: int,
             path: str, raw: RawHand) -> None:
        batch = self.batch
        try:
            if isinstance(hand, Hand):
                batch.add_hand(hand, file_id, raw.byte_offset, raw.byte_length, raw.line,
                               verdict)
            else:
                batch.add_unsupported(hand, file_id, raw.byte_offset, raw.byte_length,
                                      raw.line)
            if verdict is not None:
                batch.add_verdict(hand.site, hand.hand_id, verdict)
        except Exception:  # noqa: BLE001
            batch.drop_last(hand.site, hand.hand_id)
            self.internal_error(file_id, path, raw, traceback.format_exc())

    def error(self, file_id: int, path: str, raw: RawHand, exc: ParseError) -> None:
        self.reasons[exc.reason] += 1
        message = f"{exc.reason}: {exc.detail}" if exc.detail else exc.reason
        self.batch.add_error(file_id, path, raw.byte_offset, raw.line + max(exc.line, 1) - 1,
                             message, raw.text)

    def internal_error(self, file_id: int, path: str, raw: RawHand, trace: str) -> None:
        """A hand that made our code fail: kept as a parse error, with the traceback."""
        self.reasons["internal error"] += 1
        last = trace.strip().splitlines()[-1] if trace.strip() else "unknown"
        self.batch.add_error(file_id, path, raw.byte_offset, raw.line,
                             f"internal error: {last}", raw.text, trace)
