"""Import hand-history files: discover, split, parse in worker processes, write.

The main process reads each file, decides what is new in it (unchanged files are
skipped, a grown file is read from where the last import stopped), splits it into
hand texts and sends them in units of a few thousand hands to worker processes.
Workers parse and flatten hands into Arrow tables; the main process is the single
writer and commits each unit in one transaction. Bad text never stops an import:
it is recorded in parse_errors with its file, line and reason.
"""
from __future__ import annotations

import gc
import hashlib
import os
import signal
import time
from collections import Counter, deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from itertools import chain, islice
from pathlib import Path

from engine.hand import Hand, UnsupportedHand
from engine.replay import Finding, Verdict, replay
from parsers.detect import Format, detect
from parsers.errors import ParseError
from parsers.split import RawHand, decode, leading_text, split_hands, text_codec
from pipeline import preflop_equity
from pipeline.rows import Batch
from pipeline.store import FileState, Store

UNIT_HANDS = 2000  # hands per unit of work sent to a worker


@dataclass
class Summary:
    """What an import did, for people (``render``) and for machines (``as_json``)."""

    files: int = 0
    files_unchanged: int = 0
    hands_new: int = 0
    duplicates: int = 0
    incomplete: int = 0
    unsupported: int = 0
    parse_errors: int = 0
    errors_by_reason: Counter = field(default_factory=Counter)
    formats_not_supported: Counter = field(default_factory=Counter)
    files_not_recognised: list[str] = field(default_factory=list)
    seconds: float = 0.0
    preflop_pending: int = 0  # preflop all-in hands whose equity `handlens equity` computes

    def as_json(self) -> dict:
        return {
            "files": self.files, "hands_new": self.hands_new, "duplicates": self.duplicates,
            "incomplete": self.incomplete, "unsupported": self.unsupported,
            "parse_errors": self.parse_errors, "seconds": round(self.seconds, 3),
            "files_unchanged": self.files_unchanged,
            "parse_errors_by_reason": dict(self.errors_by_reason.most_common()),
            "formats_not_supported": dict(self.formats_not_supported.most_common()),
            "files_not_recognised": self.files_not_recognised,
            "preflop_equity_pending": self.preflop_pending,
        }


@dataclass
class _Unit:
    """Hand texts for one worker, and the files this unit finishes."""

    parts: list[tuple[int, str, list[RawHand]]] = field(default_factory=list)
    hands: int = 0
    finishes: list[FileState] = field(default_factory=list)
    drop_errors_from: dict[int, int] = field(default_factory=dict)


def discover(paths: Iterable[str | Path], exclude: Iterable[str | Path] = ()) -> list[Path]:
    """Every file under the given files and folders (recursively), sorted, but those
    in ``exclude`` (the database itself, when it lies in an imported folder)."""
    skip = {Path(p).resolve() for p in exclude}
    found: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            found.extend(f for f in p.rglob("*") if f.is_file() and not f.name.startswith("."))
        elif p.is_file():
            found.append(p)
        else:
            raise FileNotFoundError(f"no such file or folder: {p}")
    return sorted(f for f in set(found) if f.resolve() not in skip)


def _digest(data: bytes) -> str:
    return hashlib.blake2b(data, digest_size=16).hexdigest()


def judge(hand) -> Verdict:
    """The rules engine's verdict; a bug of the engine's makes it unverifiable, never
    failed, and never stops the import."""
    try:
        return replay(hand)
    except Exception as exc:  # noqa: BLE001
        return Verdict("unverifiable", (Finding(
            "ENGINE_ERROR", f"the rules engine could not judge this hand: "
                            f"{type(exc).__name__}: {exc}", severity="unverifiable"),))


def parse_unit(parts: list[tuple[int, str, list[RawHand]]], fmt_name: str = "pokerstars",
               verify: bool = True, stats: bool = True):
    """Worker: parse hand texts into Arrow tables. Never raises for bad text.

    The cyclic garbage collector is paused meanwhile: a unit makes hundreds of
    thousands of short-lived, acyclic objects, and scanning them costs a tenth of
    the time; what cycles there are (exceptions) are collected after."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        return _parse_unit(parts, fmt_name, verify, stats)
    finally:
        if enabled:
            gc.enable()


def _parse_unit(parts: list[tuple[int, str, list[RawHand]]], fmt_name: str, verify: bool,
                stats: bool):
    """Parse every hand of the unit, then judge them all, then make their rows: each
    stage in one run keeps its code and data warm (interleaved, the replay costs about
    a third more)."""
    from parsers.detect import SUPPORTED
    parse = next(f for f in SUPPORTED if f.name == fmt_name).parse
    batch = Batch(stats)
    seen: set[tuple[str, str]] = set()
    duplicates = 0
    reasons: Counter = Counter()
    parsed: list[tuple[Hand | UnsupportedHand, int, RawHand]] = []
    for file_id, path, hands in parts:
        for raw in hands:
            try:
                hand = parse(raw.text)
            except ParseError as exc:
                line = raw.line + max(exc.line, 1) - 1
                reasons[exc.reason] += 1
                message = f"{exc.reason}: {exc.detail}" if exc.detail else exc.reason
                batch.add_error(file_id, path, raw.byte_offset, line, message, raw.text)
                continue
            except Exception as exc:  # a bug of ours must not stop the import
                reasons["internal error"] += 1
                batch.add_error(file_id, path, raw.byte_offset, raw.line,
                                f"internal error: {type(exc).__name__}: {exc}", raw.text)
                continue
            key = (hand.site, hand.hand_id)
            if key in seen:
                duplicates += 1
                continue
            seen.add(key)
            parsed.append((hand, file_id, raw))
    if verify:
        for hand, _, _ in parsed:
            batch.add_verdict(hand.site, hand.hand_id, judge(hand))
    unsupported = 0
    for hand, file_id, raw in parsed:
        if isinstance(hand, Hand):
            batch.add_hand(hand, file_id, raw.byte_offset, raw.byte_length, raw.line)
        else:
            unsupported += 1
            batch.add_unsupported(hand, file_id, raw.byte_offset, raw.byte_length, raw.line)
    return batch.tables(), unsupported, duplicates, reasons


class Importer:
    """Imports files into a Store; see the module doc."""

    def __init__(self, store: Store, workers: int | None = None,
                 progress: Callable[[int, int], None] | None = None,
                 verify: bool = True, stats: bool = True) -> None:
        self.store = store
        # replay every hand, compute its stat flags (off only to measure what they cost)
        self.verify, self.stats = verify, stats
        self.workers = workers if workers is not None else (os.cpu_count() or 1)
        self.progress = progress or (lambda hands, nbytes: None)
        self.summary = Summary()
        self.states = store.file_states()
        self.next_id = store.next_file_id()
        self.leading_junk: list[tuple[int, str, int, str]] = []

    def run(self, files: list[Path]) -> Summary:
        gc.collect()
        gc.freeze()  # what exists now is never garbage: the collector need not scan it
        try:
            return self._run(files)
        finally:
            gc.unfreeze()

    def _run(self, files: list[Path]) -> Summary:
        start = time.perf_counter()
        units = self._units(files)
        head = list(islice(units, 2))
        job = partial(parse_unit, verify=self.verify, stats=self.stats)
        if len(head) < 2 or self.workers <= 1:  # little to do: no worker processes
            for unit in chain(head, units):
                self._write(unit, job(unit.parts))
        else:
            self._run_pool(job, head, units)
        self.summary.seconds = time.perf_counter() - start
        if self.stats:
            self.summary.preflop_pending = preflop_equity.pending(self.store.con)
        return self.summary

    def _run_pool(self, job: Callable, head: list[_Unit], rest: Iterator[_Unit]) -> None:
        """Keep the workers busy with a few units ahead; write results in order."""
        _warm_up()  # build the grammars once, here: the workers are forked with them
        window: deque[tuple[_Unit, Future]] = deque()
        pool = ProcessPoolExecutor(max_workers=self.workers, initializer=_ignore_interrupts)
        try:
            for unit in chain(head, rest):
                window.append((unit, pool.submit(job, unit.parts)))
                while len(window) > self.workers + 1:
                    done, fut = window.popleft()
                    self._write(done, fut.result())
            while window:
                done, fut = window.popleft()
                self._write(done, fut.result())
        finally:  # on Ctrl-C: what is queued is dropped, what was written stays whole
            pool.shutdown(wait=True, cancel_futures=True)

    def _write(self, unit: _Unit, result) -> None:
        tables, _unsupported, duplicates, reasons = result
        if self.leading_junk:
            tables = _with_junk(tables, self.leading_junk, reasons)
            self.leading_junk = []
        new, new_unsupported, dup = self.store.write(tables, unit.finishes,
                                                     unit.drop_errors_from)
        s = self.summary
        s.unsupported += new_unsupported
        s.hands_new += new
        s.duplicates += dup + duplicates
        s.parse_errors += sum(reasons.values())
        s.errors_by_reason.update(reasons)
        self.progress(unit.hands, 0)

    def _units(self, files: list[Path]) -> Iterator[_Unit]:
        """Read files one by one and cut their new hands into units of work."""
        unit = _Unit()
        for path in files:
            plan = self._plan(path)
            if plan is None:
                continue
            state, hands, drop_from = plan
            if drop_from is not None:
                unit.drop_errors_from[state.file_id] = drop_from
            for i in range(0, max(len(hands), 1), UNIT_HANDS):
                chunk = hands[i:i + UNIT_HANDS]
                if chunk:
                    unit.parts.append((state.file_id, str(path), chunk))
                    unit.hands += len(chunk)
                if i + UNIT_HANDS >= len(hands):
                    unit.finishes.append(state)
                if unit.hands >= UNIT_HANDS:
                    yield unit
                    unit = _Unit()
        if unit.parts or unit.finishes:
            yield unit

    def _plan(self, path: Path) -> tuple[FileState, list[RawHand], int | None] | None:
        """What to read of one file: (its new state, the hands to parse, where to drop
        old parse errors from), or None when there is nothing to do."""
        s = self.summary
        s.files += 1
        data = path.read_bytes()
        self.progress(0, len(data))
        key = str(path.resolve())
        old = self.states.get(key)
        digest = _digest(data)
        if old is not None and old.hash == digest:
            s.files_unchanged += 1
            s.duplicates += old.hands - old.errors
            return None
        start, encoding = 0, None
        if (old is not None and old.encoding and 0 < old.resume_offset <= len(data)
                and _digest(data[:old.resume_offset]) == old.prefix_hash):
            start, encoding = old.resume_offset, old.encoding
        if start:
            text = data[start:].decode(text_codec(encoding), errors="replace")
            fmt = detect(text[:8192]) or detect_from_state(old)
        else:
            text, encoding = decode(data)
            fmt = detect(text[:8192])
        file_id = old.file_id if old is not None else self._new_id()
        state = FileState(file_id, key, len(data), digest, len(data), digest,
                          None, encoding, old.hands if start else 0,
                          old.errors if start else 0)
        if not isinstance(fmt, Format):
            state.format = fmt
            if fmt is None:
                s.files_not_recognised.append(str(path))
            else:
                s.formats_not_supported[fmt] += 1
            return state, [], None
        state.format = fmt.name
        base_line = 1 if not start else None
        hands = split_hands(text, fmt.start, encoding, fmt.end,
                            base_offset=start or None,
                            base_line=base_line or _line_of(data, start, encoding))
        junk = leading_text(text, fmt.start)
        if junk.count("\n") >= 1:  # more than a separator line before the first hand
            self.leading_junk.append((file_id, key, start, junk))
        if hands and (not hands[-1].complete or data[-1:] not in (b"\n", b"\r", b"\x00")):
            # the last hand may still be growing: read it again when the file grows
            state.resume_offset = hands[-1].byte_offset
            state.prefix_hash = _digest(data[:state.resume_offset])
            if not hands[-1].complete:
                s.incomplete += 1
                hands = hands[:-1]
        state.hands += len(hands)
        return state, hands, start if old is not None else None

    def _new_id(self) -> int:
        self.next_id += 1
        return self.next_id - 1


def _with_junk(tables, junk, reasons):
    """Add 'text before the first hand' parse errors to a unit's tables."""
    import pyarrow as pa
    rows = tables["parse_errors"].to_pylist()
    for file_id, path, offset, text in junk:
        rows.append({"file_id": file_id, "path": path, "byte_offset": offset, "line": 1,
                     "reason": "text before the first hand", "raw_text": text})
        reasons["text before the first hand"] += 1
    tables = dict(tables)
    tables["parse_errors"] = pa.Table.from_pylist(rows, schema=tables["parse_errors"].schema)
    return tables


def _ignore_interrupts() -> None:
    """Workers leave Ctrl-C to the main process, which stops the import cleanly."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _warm_up() -> None:
    from parsers.detect import SUPPORTED
    for fmt in SUPPORTED:
        try:
            fmt.parse("")
        except ValueError:
            pass


def detect_from_state(old: FileState | None):
    from parsers.detect import SUPPORTED
    return next((f for f in SUPPORTED if old and f.name == old.format), None)


def _line_of(data: bytes, offset: int, encoding: str) -> int:
    """1-based line number at a byte offset."""
    head = data[:offset].decode(text_codec(encoding), errors="replace")
    return 1 + head.count("\n") + head.count("\r") - head.count("\r\n")
