"""Worker processes for the import's work: a process pool whose workers leave Ctrl-C
to the main process and end by themselves when it is gone.

A main process killed outright (SIGKILL, the OOM killer) runs no clean-up: without a
watch of their own, its workers would wait on their queue for ever, each holding its
memory and open files.
"""
from __future__ import annotations

import os
import signal
import threading
import time
from concurrent.futures import ProcessPoolExecutor

from pipeline.ingest.no_pandas import keep_pandas_out

WATCH_SECONDS = 1.0  # how often a worker looks whether its parent is still there


def pool(workers: int) -> ProcessPoolExecutor:
    """A pool of ``workers`` processes started by ``start_worker``."""
    return ProcessPoolExecutor(max_workers=workers, initializer=start_worker,
                               initargs=(os.getpid(),))


def start_worker(parent: int) -> None:
    """In a new worker: ignore Ctrl-C (the main process stops the import cleanly) and
    end when the process ``parent`` is gone (this worker is handed to another)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    keep_pandas_out()
    threading.Thread(target=_watch, args=(parent,), name="handlens-parent-watch",
                     daemon=True).start()


def _watch(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(WATCH_SECONDS)
    os._exit(1)
