"""Import hand-history files: discover, read, parse in worker processes, write.

The main process reads each file a window of bytes at a time (a large file is never
in memory whole), decides what is new in it (unchanged files are skipped, a grown
file is read from where the last import stopped) and cuts its text at hand headers
into pieces (``parsers.base.split.file_pieces``: one search, no per-hand work),
sent in units of a few thousand hands to worker processes, which split,
parse, judge and flatten them into Arrow tables (``pipeline.ingest.unit``). The main
process is the single writer and commits each unit in one transaction (the units
whose results wait, when it falls behind, in one). Bad text never stops an import:
it is recorded in parse_errors with its file, line and reason; a file that cannot be
read is reported with why, and the import goes on.
"""
from __future__ import annotations

import codecs
import gc
import os
import re
import time
from collections import Counter, deque
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from dataclasses import dataclass, field, replace
from functools import partial
from itertools import chain, islice
from pathlib import Path
from typing import BinaryIO

from parsers.base.room import Room
from parsers.base.split import (CUT, WINDOW, Piece, bom_length, context_at, count_lines,
                                decode, decode_from, file_pieces, text_codec)
from parsers.registry import ROOMS, detect, room, summary_room
from pipeline import audit
from pipeline.ingest import preflop_equity, restat
from pipeline.ingest.workers import pool as worker_pool
from pipeline.stats.catalogue import FLAGS_VERSION
from pipeline.store import paths
from pipeline.store.database import FileState, Store
from pipeline.ingest.summaries import summary_tables
from pipeline.ingest.unit import UnitResult, parse_unit
from pipeline.ingest.files import Reading, cut_last, open_file, real_path, scan

UNIT_HANDS = 2000  # hands per unit of work sent to a worker
MAX_BATCH = 16  # units written in one transaction at most (those ready at once)


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
    files_unreadable: list[tuple[str, str]] = field(default_factory=list)  # path, why
    folders_unreadable: list[tuple[str, str]] = field(default_factory=list)  # path, why
    seconds: float = 0.0
    preflop_pending: int = 0  # preflop all-in hands whose equity `handlens equity` computes
    audit_findings: int = 0  # findings between hands, over the whole database
    restated: int = 0  # stored hands whose stat flags an earlier handlens wrote, made again
    autotagged: int = 0  # tags the auto-tag rules set (pipeline/ingest/autotags.py)
    autotag_error: str | None = None  # why the rules could not be applied
    tournament_summaries: int = 0  # summary files read (parsers/base/summary.py)

    def unreadable(self, path: str, why: str) -> None:
        """A path that could not be read: a file, or a folder that could not be listed
        (not counted among the files)."""
        if Path(path).is_dir():
            self.folders_unreadable.append((path, why))
            self.files -= 1
        else:
            self.files_unreadable.append((path, why))

    def as_json(self) -> dict:
        return {
            "files": self.files, "hands_new": self.hands_new, "duplicates": self.duplicates,
            "incomplete": self.incomplete, "unsupported": self.unsupported,
            "parse_errors": self.parse_errors, "seconds": round(self.seconds, 3),
            "files_unchanged": self.files_unchanged,
            "parse_errors_by_reason": dict(by_count(self.errors_by_reason)),
            "formats_not_supported": dict(by_count(self.formats_not_supported)),
            "files_not_recognised": self.files_not_recognised,
            "files_unreadable": [{"path": p, "reason": r} for p, r in self.files_unreadable],
            "folders_unreadable": [{"path": p, "reason": r}
                                   for p, r in self.folders_unreadable],
            "preflop_equity_pending": self.preflop_pending,
            "audit_findings": self.audit_findings, "restated": self.restated,
            "autotagged": self.autotagged, "autotag_error": self.autotag_error,
            "tournament_summaries": self.tournament_summaries,
        }


def autotag(con, summary: Summary) -> None:
    """Set the auto-tags afresh (after the audit: a rule may ask for its findings); a
    rules file that cannot be used is said in the summary, the import stands."""
    from pipeline.ingest import autotags
    try:
        summary.autotagged = sum(autotags.apply(con).values())
    except autotags.RulesError as exc:
        summary.autotag_error = str(exc)


def by_count(counts: Counter) -> list[tuple[str, int]]:
    """Most first, ties by name (the same order whichever way the work was cut)."""
    return sorted(counts.items(), key=lambda item: (-item[1], item[0]))


@dataclass
class _Plan:
    """What to read of one file."""

    state: FileState  # its state once this import is done
    shown: str  # its path as stored (files.path): parse errors name it
    room: str | None = None  # the room's name, None when nothing is to be parsed
    pieces: list[Piece] = field(default_factory=list)
    drop_errors_from: int | None = None  # old parse errors from here on are dropped
    replace_from: int | None = None  # hands stored from here on are read again


@dataclass
class _Unit:
    """Pieces of files for one worker, and the files this unit finishes."""

    parts: list[tuple[int, str, str, Piece]] = field(default_factory=list)
    hands: int = 0
    finishes: list[FileState] = field(default_factory=list)
    drop_errors_from: dict[int, int] = field(default_factory=dict)
    replace_from: dict[int, int] = field(default_factory=dict)


class Importer:
    """Imports files into a Store; see the module doc."""

    def __init__(self, store: Store, workers: int | None = None,
                 progress: Callable[[int, int], None] | None = None,
                 verify: bool = True, stats: bool = True, window: int | None = None,
                 audit: bool = True) -> None:
        self.store = store
        self.audit = audit  # the audit between hands at the end (a watch runs it when idle)
        self.window = window or WINDOW  # bytes of a file read at once
        # replay every hand, compute its stat flags (off only to measure what they cost)
        self.verify, self.stats = verify, stats
        self.workers = workers if workers is not None else (os.cpu_count() or 1)
        self.progress = progress or (lambda hands, nbytes: None)
        self.summary = Summary()
        self.states = store.file_states()
        self.next_id = store.next_file_id()

    def run(self, files: list[Path]) -> Summary:
        gc.collect()
        gc.freeze()  # what exists now is never garbage: the collector need not scan it
        try:
            return self._run(files)
        finally:
            gc.unfreeze()

    def _run(self, files: list[Path]) -> Summary:
        start = time.perf_counter()
        if self.stats and self.store.meta("stats") is None and not self.store.has_hands():
            self.store.set_meta("stats", FLAGS_VERSION)  # (a store made before: version 1)
        elif self.stats and restat.outdated(self.store):  # made by an earlier handlens
            self.summary.restated = restat.restat(self.store)
        units = self._units(files)
        head = list(islice(units, 2))
        job = partial(parse_unit, verify=self.verify, stats=self.stats)
        if len(head) < 2 or self.workers <= 1:  # little to do: no worker processes
            for unit in chain(head, units):
                self._write([(unit, job(unit.parts))])
        else:
            self._run_pool(job, head, units)
        if self.verify and self.audit:  # the hands between them, over the whole database
            self.summary.audit_findings = audit.store(self.store.con)[1]
            autotag(self.store.con, self.summary)
        self.summary.seconds = time.perf_counter() - start
        if self.stats:
            self.summary.preflop_pending = preflop_equity.pending(self.store.con)
        return self.summary

    def _run_pool(self, job: Callable, head: list[_Unit], rest: Iterator[_Unit]) -> None:
        """Keep the workers busy with a few units ahead; write results in order."""
        # build the grammars of the rooms ahead once, here: the workers are forked with them
        _warm_up({name for unit in head for _, _, name, _ in unit.parts})
        window: deque[tuple[_Unit, Future]] = deque()
        pool = worker_pool(self.workers)
        try:
            for unit in chain(head, rest):
                window.append((unit, pool.submit(job, unit.parts)))
                while len(window) > self.workers + 1:
                    self._write(_ready(window))
            while window:
                self._write(_ready(window))
        finally:  # on Ctrl-C: what is queued is dropped, what was written stays whole
            pool.shutdown(wait=True, cancel_futures=True)

    def _write(self, done: list[tuple[_Unit, UnitResult]]) -> None:
        """Write units' results in one transaction, in order."""
        counts = self.store.write_many([(result.tables, unit.finishes, unit.drop_errors_from,
                                         unit.replace_from) for unit, result in done])
        self.store.give_way()  # to a reader that asks for the file, if one does
        s = self.summary
        for (unit, result), (new, new_unsupported, dup) in zip(done, counts):
            reasons = result.reasons
            s.unsupported += new_unsupported
            s.hands_new += new
            s.duplicates += dup + result.duplicates
            reasons.pop(CUT, None)  # (counted as incomplete)
            s.parse_errors += sum(reasons.values())
            s.errors_by_reason.update(reasons)
            self.progress(unit.hands, 0)

    def _units(self, files: list[Path]) -> Iterator[_Unit]:
        """Read files one by one and put their pieces into units of work."""
        unit = _Unit()
        for path in files:
            plan = self._plan(path)
            if plan is None:
                continue
            state = plan.state
            if plan.drop_errors_from is not None:
                unit.drop_errors_from[state.file_id] = plan.drop_errors_from
            if plan.replace_from is not None:
                unit.replace_from[state.file_id] = plan.replace_from
            for piece in plan.pieces:
                unit.parts.append((state.file_id, plan.shown, plan.room, piece))
                unit.hands += piece.starts
                if piece.final:
                    unit.finishes.append(state)
                if unit.hands >= UNIT_HANDS:
                    if not piece.final:  # the file goes on in the next unit: say so
                        unit.finishes.append(_provisional(state))
                    yield unit
                    unit = _Unit()
            if not plan.pieces:
                unit.finishes.append(state)
        if unit.parts or unit.finishes:
            yield unit

    def _plan(self, path: Path) -> _Plan | None:
        """What to read of one file, or None when there is nothing to do. Its bytes are
        read a window at a time (``WINDOW``) as its pieces are taken (``_pieces``)."""
        s = self.summary
        s.files += 1
        try:
            f = open_file(path)
            key = paths.stored(real_path(path))
        except OSError as exc:
            s.unreadable(paths.stored(path), exc.strerror or str(exc))
            return None
        try:
            return self._plan_open(f, path, key)
        except OSError as exc:  # (a read that failed midway)
            f.close()
            s.unreadable(paths.stored(path), exc.strerror or str(exc))
            return None
        except BaseException:
            f.close()
            raise

    def _plan_open(self, f: BinaryIO, path: Path, key: str) -> _Plan | None:
        s = self.summary
        old = self.states.get(key)
        resume, encoding, digested = 0, None, None  # resume: where reading starts again
        if old is not None:  # unchanged, or grown (read from where the last import stopped)?
            at = old.resume_offset if old.encoding and old.resume_offset > 0 else None
            whole, upto, size = scan(f, at, self.window)
            if old.hash == whole:
                f.close()
                self.progress(0, size)
                s.files_unchanged += 1
                s.duplicates += max(old.hands - old.errors, 0)
                return None
            if upto is not None and upto.hexdigest() == old.prefix_hash:
                resume, encoding, digested = old.resume_offset, old.encoding, upto
        self.progress(0, resume)
        reading = Reading(f, resume, digested, lambda n: self.progress(0, n))
        data = reading.read(self.window)
        ended = len(data) < self.window
        if resume:
            begin, text = resume, decode_from(data, 0, encoding)
            fmt = detect(text) or (room(old.format) if old.format in ROOMS else None)
        else:
            text, encoding = decode(data)
            fmt = detect(text)
            begin = bom_length(encoding)  # (the text begins after the byte order mark)
            data = data[begin:] if begin else data
        file_id = old.file_id if old is not None else self._new_id()
        state = FileState(file_id, key, 0, "", 0, "", None, encoding,
                          old.hands if resume else 0, old.errors if resume else 0)
        if not isinstance(fmt, Room):
            summarised = summary_room(text) if fmt is None and not resume else None
            del data, text
            reading.rest(self.window)
            f.close()
            _read_whole(state, reading)
            state.format = fmt
            if summarised is not None:
                state.resume_offset = 0  # (a summary is read whole, each time it changes)
                self._summary(summarised, state, path)
            elif fmt is None:
                s.files_not_recognised.append(paths.stored(path))
            else:
                s.formats_not_supported[fmt] += 1
            return _Plan(state, key)
        state.format = fmt.name
        line, context = 1, ""
        if resume:  # what the text from there on needs of the text before it
            line = _line_of(f, resume, encoding)
            if fmt.context is not None:
                context = _context_before(f, resume, encoding, fmt.context)
            f.seek(reading.size)
        cut = file_pieces(reading.read, fmt, encoding, UNIT_HANDS, data, text, begin, line,
                          context, self.window, ended)
        del data, text
        # what is stored of the file from ``resume`` on is read again: the tail of a
        # grown file, or all of a file an import stopped in (its provisional state);
        # a file changed otherwise keeps its hands, and a changed hand is a copy
        again_from = (resume if resume or (old is not None and _is_provisional(old))
                      else None)
        return _Plan(state, key, fmt.name, self._pieces(cut, fmt, state, reading, path),
                     drop_errors_from=resume if old is not None else None,
                     replace_from=again_from)

    def _summary(self, its: Room, state: FileState, path: Path) -> None:
        """A tournament summary file: its result stored, or the reason it could not be
        read kept as the file's parse error (its whole text with it)."""
        shown = paths.stored(path)
        try:
            text = decode(path.read_bytes())[0]
        except OSError as exc:
            self.summary.unreadable(shown, exc.strerror or str(exc))
            return
        state.format = f"{its.name} summary"
        tables = summary_tables(its, text, state.file_id, shown)
        # what an earlier reading of the file left (its result, or its error) goes
        self.store.write(tables, [], drop_errors_from={state.file_id: 0})
        state.errors = tables["parse_errors"].num_rows
        for reason in tables["parse_errors"].column("reason").to_pylist():
            self.summary.parse_errors += 1
            self.summary.errors_by_reason[reason] += 1
        self.summary.tournament_summaries += tables["tournament_results"].num_rows

    def _pieces(self, cut: Iterator[Piece], fmt: Room, state: FileState,
                reading: Reading, path: Path) -> Iterator[Piece]:
        """A file's pieces as its windows are read; the last one split here, to tell
        whether the file ends inside its last hand; the file's state then made whole.
        A read that fails midway ends the file there, reported, its state provisional
        (the next import reads it all again)."""
        try:
            for piece in cut:
                if not piece.final:
                    yield piece
                    continue
                _read_whole(state, reading)
                hands, again = cut_last(piece.split(fmt), reading.last)
                if again is not None:  # the last hand may still be growing: read it again
                    state.resume_offset = again
                    state.prefix_hash = reading.digest_upto(again)
                    self.summary.incomplete += hands[-1].stray == CUT
                yield replace(piece, text="", done=tuple(hands))  # (as split here)
        except OSError as exc:
            self.summary.unreadable(paths.stored(path), exc.strerror or str(exc))
            provisional = _provisional(state)
            state.size, state.hash, state.resume_offset, state.prefix_hash = (
                provisional.size, provisional.hash, provisional.resume_offset,
                provisional.prefix_hash)
            yield Piece("", state.encoding or "utf-8", reading.size, 0, done=())
        finally:
            reading.f.close()

    def _new_id(self) -> int:
        self.next_id += 1
        return self.next_id - 1


def _ready(window: deque[tuple[_Unit, Future]]) -> list[tuple[_Unit, UnitResult]]:
    """The first unit's result (waited for) and those of the units after it that are
    done already: written together, so a writer that falls behind commits less often
    (one commit a unit while it keeps up)."""
    unit, future = window.popleft()
    done = [(unit, future.result())]
    while window and window[0][1].done() and len(done) < MAX_BATCH:
        unit, future = window.popleft()
        done.append((unit, future.result()))
    return done


def _provisional(state: FileState) -> FileState:
    """The state of a file whose hands are only partly written: it holds the file's
    id, and matches no file, so an import stopped meanwhile reads it all again."""
    return FileState(state.file_id, state.path, 0, "", 0, "", state.format, state.encoding,
                     0, 0)


def _is_provisional(state: FileState) -> bool:
    return state.size == 0 and state.hash == "" and state.prefix_hash == ""


def _warm_up(names: set[str]) -> None:
    for name in names:
        try:
            room(name).parse("")
        except ValueError:
            pass


def _read_whole(state: FileState, reading: Reading) -> None:
    """A file's state once it has been read to its end: its size and digest."""
    state.size = state.resume_offset = reading.size
    state.hash = state.prefix_hash = reading.digest()


def _line_of(f: BinaryIO, offset: int, encoding: str) -> int:
    """1-based line number at a byte offset (a hand's start), read a window at a time;
    each window's text is counted up to its last character that is no line end, so a
    line end the window's end cuts in two is counted as one (``split.count_lines``)."""
    f.seek(0)
    line, left, tail = 1, offset, ""
    decoder = codecs.getincrementaldecoder(text_codec(encoding))(errors="replace")
    while left > 0 and (chunk := f.read(min(WINDOW, left))):
        left -= len(chunk)
        text = tail + decoder.decode(chunk, final=left <= 0)
        cut = len(text) if left <= 0 else max(len(text.rstrip("\r\n")) - 1, 0)
        line += count_lines(text[:cut])
        tail = text[cut:]
    return line + count_lines(tail)


def _context_before(f: BinaryIO, offset: int, encoding: str, pattern: re.Pattern[str],
                    window: int = 4 << 20) -> str:
    """The context in force at a byte offset (``split.context_at``), looked for in
    windows before it, the nearest first, each overlapping the next by a quarter (a
    context, an XML session's header, is a few kilobytes)."""
    end, overlap = offset, window // 4
    while end > 0:
        begin = max(0, end - window)
        begin -= begin % 2  # (UTF-16: a character's first byte)
        f.seek(begin)
        found = context_at(f.read(end - begin), end - begin, encoding, pattern)
        if found or begin == 0:
            return found
        end = begin + overlap
    return ""
