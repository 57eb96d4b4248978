"""Watching folders: hand histories imported as the rooms' clients write them.

Folder events come from watchdog (inotify, FSEvents, ReadDirectoryChangesW); besides,
every ``poll`` seconds each folder is looked through, which finds what no event told
(network drives, Wine prefixes, a folder that did not exist yet). A file is handed to
the importer when its size or modification time changed since it was last looked at,
so an unchanged folder costs a listing, not a read. Events are gathered for ``settle``
seconds (a client writes a hand in several pieces) and imported as one batch.

The importer does the rest as it does for ``handlens import``: a grown file adds only
its new hands, and a hand cut off at the end of a file waits for the rest. The database
is open only while a batch is written (and gives way to readers between transactions
even then), so the dashboard and the other commands read it meanwhile. The audit
between hands, which reads the whole database, runs once the folders have been quiet
for ``audit_after`` seconds, and when the watch stops.

Nothing here knows the rooms: which folders their clients write to is each room's
declaration (``Room.client_folders``), gathered by pipeline/ingest/folders.py.
"""
from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from pipeline.ingest.importer import Importer, Summary, autotag

POLL = 5.0  # seconds between looks through every folder
SETTLE = 0.5  # seconds events are gathered into one batch
AUDIT_AFTER = 30.0  # seconds of quiet before the audit between hands runs


@dataclass
class Batch:
    """One import of what changed: when, which files, what the importer said."""

    at: datetime
    files: list[Path]
    summary: Summary
    audited: bool = False  # the audit between hands ran after it (summary.audit_findings)


@dataclass
class Watcher:
    """Imports what is written into ``folders`` into the database ``db`` (see above)."""

    db: Path
    folders: list[Path]
    on_batch: Callable[[Batch], None] = lambda batch: None
    workers: int = 1
    poll: float = POLL
    settle: float = SETTLE
    audit_after: float = AUDIT_AFTER
    wait: float = 60.0  # seconds to wait for the file while a reader holds it
    waiting: Callable[[str], None] | None = None
    on_error: Callable[[str], None] | None = None  # a batch that failed (None: raise)
    seen: dict[str, tuple[int, int]] = field(default_factory=dict)  # path → (size, mtime)
    _events: set[str] = field(default_factory=set)
    _woke: threading.Event = field(default_factory=threading.Event)
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _unaudited: bool = False  # hands written since the audit last ran
    _last_batch: float = 0.0

    # ---------------------------------------------------------------- the loop
    def run(self, stop: threading.Event) -> None:
        """Import what was written meanwhile, then what arrives, until ``stop`` is set."""
        observer = self._observe()
        try:
            self.step(scan=True)
            last_scan = time.monotonic()
            while not stop.is_set():
                self._woke.wait(timeout=min(self.poll, 1.0))
                if stop.is_set():
                    break
                if self._woke.is_set():
                    stop.wait(self.settle)  # more of the same writing comes at once
                scan = time.monotonic() - last_scan >= self.poll
                if scan:
                    last_scan = time.monotonic()
                self.step(scan=scan)
        finally:
            if observer is not None:
                observer.stop()
                observer.join(timeout=5)
            if self._unaudited:
                self.audit()

    def step(self, scan: bool = False) -> Batch | None:
        """Import the files events named (and, with ``scan``, every changed file);
        run the audit if the folders have been quiet long enough."""
        self._woke.clear()
        with self._lock:
            named, self._events = self._events, set()
        paths = self._scan() if scan else []
        paths += [Path(p) for p in named]
        changed = self._changed(paths)
        if changed:
            try:
                return self.import_files(changed)
            except Exception as exc:  # noqa: BLE001 - a watch outlives one bad batch
                if self.on_error is None:
                    raise
                for path in changed:  # looked at again next time
                    self.seen.pop(str(path), None)
                self.on_error(f"{type(exc).__name__}: {exc} (tried again in "
                              f"{self.poll:.0f} s)")
                return None
        if self._unaudited and time.monotonic() - self._last_batch >= self.audit_after:
            try:
                self.audit()
            except Exception as exc:  # noqa: BLE001 - tried again after the next batch
                if self.on_error is None:
                    raise
                self._last_batch = time.monotonic()
                self.on_error(f"the audit between hands failed: {type(exc).__name__}: {exc}")
        return None

    def import_files(self, files: list[Path]) -> Batch:
        from pipeline.store.database import Store

        store = Store(self.db, threads=1, wait=self.wait, waiting=self.waiting)
        try:
            summary = Importer(store, self.workers, audit=False).run(files)
        finally:
            store.close()  # readers need not ask: the file is free between batches
        if summary.hands_new or summary.duplicates:
            self._unaudited = True
        self._last_batch = time.monotonic()
        batch = Batch(datetime.now(), files, summary)
        self.on_batch(batch)
        return batch

    def audit(self) -> int:
        """The audit between hands over the whole database; its findings."""
        from pipeline import audit
        from pipeline.store.database import Store

        store = Store(self.db, threads=1, wait=self.wait, waiting=self.waiting)
        try:
            findings = audit.store(store.con)[1]
            summary = Summary(audit_findings=findings)
            autotag(store.con, summary)
        finally:
            store.close()
        self._unaudited = False
        self.on_batch(Batch(datetime.now(), [], summary, audited=True))
        return findings

    # ---------------------------------------------------------------- what changed
    def _scan(self) -> list[Path]:
        from pipeline.ingest.files import discover

        found: list[Path] = []
        for folder in self.folders:
            if folder.is_dir():
                try:
                    found += discover([folder])
                except OSError:
                    pass  # (gone while listed: looked at again next time)
        return found

    def _changed(self, paths: Iterable[Path]) -> list[Path]:
        """The files among ``paths`` whose size or time changed since last seen (the
        database's own files left out)."""
        db = str(self.db)
        out = []
        for path in sorted(set(paths)):
            text = str(path)
            if text == db or text.startswith(db + ".") or path.name.startswith("."):
                continue
            try:
                info = os.stat(path)
            except OSError:
                continue  # gone (a client's temporary file)
            if not _is_file(info.st_mode):
                continue
            mark = (info.st_size, info.st_mtime_ns)
            if self.seen.get(text) != mark:
                self.seen[text] = mark
                out.append(path)
        return out

    # ---------------------------------------------------------------- events
    def _observe(self):
        """A watchdog observer of every folder that exists (None if none can be)."""
        from watchdog.events import FileSystemEventHandler
        from watchdog.observers import Observer

        watcher = self

        class Handler(FileSystemEventHandler):
            def on_any_event(self, event) -> None:
                if event.is_directory or event.event_type in ("deleted", "opened",
                                                              "closed_no_write"):
                    return
                path = getattr(event, "dest_path", "") or event.src_path
                with watcher._lock:
                    watcher._events.add(os.fsdecode(path))
                watcher._woke.set()

        observer = Observer()
        handler = Handler()
        watched = 0
        for folder in self.folders:
            if folder.is_dir():
                try:
                    observer.schedule(handler, str(folder), recursive=True)
                    watched += 1
                except OSError:  # (no events there: the looks every poll seconds find it)
                    pass
        if not watched:
            return None
        observer.start()
        return observer


def _is_file(mode: int) -> bool:
    import stat
    return stat.S_ISREG(mode)
