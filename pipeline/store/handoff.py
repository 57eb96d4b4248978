"""Readers and the writer take turns at the database file.

DuckDB lets one process write a file, and while it holds the file no other process may
open it, not even to read. A writer that kept the file for a whole import (or a watch
that never ends) would shut every reader out. So a reader that finds the file held asks
for it: a small file of its own in ``.<database>.readers/`` beside it. Between two transactions
the writer looks (one ``scandir`` of a folder that is usually absent), and while anyone
asks it lets go of the file (``Store.give_way``) and takes it again once the readers
have opened theirs and closed it. A reader waits at most one transaction of the writer
(a unit of work: well under a second) and reads the hands written so far.

A request whose reader died is not waited for: it is older than ``FRESH`` seconds (a
waiting reader renews its own) and is removed.
"""
from __future__ import annotations

import os
import time
import uuid
from pathlib import Path

FRESH = 15.0  # seconds a request counts without being renewed
RENEW = 2.0  # a waiting reader renews its request this often


def requests_dir(db: str | Path) -> Path:
    """Beside the database, hidden: an import or a watch of the folder the database lies
    in passes over it (hidden folders and files are not read)."""
    db = Path(db)
    return db.parent / f".{db.name}.readers"


class Request:
    """A reader's request for the file, while it waits (a context manager)."""

    def __init__(self, db: str | Path) -> None:
        self.path = requests_dir(db) / f".{os.getpid()}-{uuid.uuid4().hex[:8]}"
        self.renewed = 0.0

    def __enter__(self) -> Request:
        try:
            self.path.parent.mkdir(exist_ok=True)
            self.path.touch()
            self.renewed = time.monotonic()
        except OSError:  # a folder we may not write: read when the writer is done
            pass
        return self

    def renew(self) -> None:
        if time.monotonic() - self.renewed >= RENEW:
            try:
                self.path.touch()
            except OSError:
                pass
            self.renewed = time.monotonic()

    def __exit__(self, *_) -> None:
        try:
            self.path.unlink(missing_ok=True)
        except OSError:
            pass
        try:
            self.path.parent.rmdir()  # (not empty while another reader waits: kept)
        except OSError:
            pass


def asked(db: str | Path) -> bool:
    """Does a reader wait for the file now? (Stale requests are removed.)"""
    try:
        entries = list(os.scandir(requests_dir(db)))
    except OSError:  # no folder: nobody asks
        return False
    now = time.time()
    waiting = False
    for entry in entries:
        try:
            if now - entry.stat().st_mtime <= FRESH:
                waiting = True
            else:
                os.unlink(entry.path)
        except OSError:
            pass
    return waiting
