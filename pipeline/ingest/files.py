"""Hand-history files on this machine: found, looked at, read, digested.

What every import needs before a file's text is split: the files under the paths
given (``discover``), their bytes (``read_file``: a regular file, or why not; ``open_file``
and ``Reading``: read a window at a time), a digest of them (``digest``, ``scan``), and
whether the last hand is cut off (``cut_last``).
"""
from __future__ import annotations

import hashlib
import os
import stat
from collections.abc import Callable, Iterable
from dataclasses import replace
from pathlib import Path
from typing import BinaryIO

from parsers.base.split import CUT, WINDOW, RawHand


def discover(paths: Iterable[str | Path], exclude: Iterable[str | Path] = ()) -> list[Path]:
    """Every file under the given files and folders (recursively, hidden ones left
    out, links to folders followed), sorted, but those in ``exclude`` (the database
    itself, when it lies in an imported folder). A folder that cannot be listed is
    returned too, as itself: the importer reports it with the reason; so is a link that
    leads nowhere or round in a loop."""
    skip = {_identity(Path(p)) for p in exclude} - {None}
    found: list[Path] = []
    walked: set[tuple[int, int]] = set()
    for p in map(Path, paths):
        if p.is_dir():
            found.extend(_walk(p, walked))
        elif p.exists() or p.is_symlink():
            found.append(p)
        else:
            raise FileNotFoundError(f"no such file or folder: {p}")
    return sorted(f for f in set(found) if not skip or _identity(f) not in skip)


def _identity(path: Path) -> tuple[int, int] | None:
    """The file a path leads to (device and inode: a link or another name of it is the
    same file); None for one that cannot be looked at."""
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        return None
    return info.st_dev, info.st_ino


def _walk(top: Path, walked: set[tuple[int, int]]) -> list[Path]:
    """The files under ``top``, each folder walked once: a link back up the tree, or
    two links to one folder, is not walked again (``walked``: the folders seen, by
    device and inode)."""
    out: list[Path] = []
    for root, dirs, files in os.walk(top, followlinks=True,
                                     onerror=lambda e: out.append(Path(e.filename))):
        try:
            info = os.stat(root)
        except OSError as exc:  # (gone since it was listed: reported as unreadable)
            out.append(Path(exc.filename or root))
            dirs[:] = []
            continue
        if (info.st_dev, info.st_ino) in walked:
            dirs[:] = []
            continue
        walked.add((info.st_dev, info.st_ino))
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        out.extend(Path(root, f) for f in files if not f.startswith("."))
    return out


def real_path(path: Path) -> Path:
    """The path with every link resolved; the path itself where that cannot be done (a
    link in a loop: reading it then says why)."""
    try:
        return path.resolve()
    except (OSError, RuntimeError):  # RuntimeError: Python 3.11's "Symlink loop"
        return path.absolute()


def size_of(path: Path) -> int:
    """A file's size in bytes; 0 for one that cannot be looked at (reported later)."""
    try:
        return path.stat().st_size
    except OSError:
        return 0


def file_id_of(path: str) -> int:
    """A file's id: 63 bits of a digest of its path, the same on every machine."""
    return int.from_bytes(hashlib.blake2b(path.encode("utf-8", "surrogateescape"),
                                          digest_size=8).digest(), "big") >> 1


def digest(data: bytes) -> str:
    return hashlib.blake2b(data, digest_size=16).hexdigest()


def read_file(path: Path) -> bytes:
    """A regular file's bytes; OSError (with a reason a person understands) otherwise."""
    _regular(path)
    return path.read_bytes()


def open_file(path: Path) -> BinaryIO:
    """A regular file opened to be read; OSError (with a reason) otherwise."""
    _regular(path)
    return path.open("rb")


def _regular(path: Path) -> None:
    """Nothing for a regular file; OSError saying what it is otherwise."""
    info = path.stat()
    if stat.S_ISDIR(info.st_mode):
        os.scandir(path).close()  # raises why the folder could not be listed
        raise OSError("the folder could not be listed")
    if not stat.S_ISREG(info.st_mode):
        kind = ("a FIFO" if stat.S_ISFIFO(info.st_mode) else "a socket"
                if stat.S_ISSOCK(info.st_mode) else "a device")
        raise OSError(f"not a regular file ({kind})")


def _digester() -> "hashlib.blake2b":
    return hashlib.blake2b(digest_size=16)


def scan(f: BinaryIO, at: int | None = None,
         window: int = WINDOW) -> tuple[str, "hashlib.blake2b | None", int]:
    """A file's digest (``digest`` of all its bytes) read a window at a time, the
    digest of its first ``at`` bytes so far (to go on from; None where it is shorter
    or no ``at`` is given) and its size."""
    f.seek(0)
    whole, upto, size = _digester(), None, 0
    while chunk := f.read(window):
        if at is not None and upto is None and size + len(chunk) >= at:
            upto = whole.copy()
            upto.update(chunk[:at - size])
        whole.update(chunk)
        size += len(chunk)
    return whole.hexdigest(), upto, size


class Reading:
    """A file read forward from ``start``, digested as it is read (``digested``: the
    digest of its bytes before ``start``), so that its digest, and that of any prefix
    of it, is known without its bytes kept."""

    def __init__(self, f: BinaryIO, start: int = 0,
                 digested: "hashlib.blake2b | None" = None,
                 progress: Callable[[int], None] = lambda nbytes: None) -> None:
        self.f, self.size, self.last = f, start, b""
        self.whole = digested if digested is not None else _digester()
        self.progress = progress
        self._marks: list[tuple[int, hashlib.blake2b]] = []  # (offset, digest before it)
        f.seek(start)

    def read(self, n: int) -> bytes:
        chunk = self.f.read(n)
        if chunk:
            self._marks.append((self.size, self.whole.copy()))
            self.whole.update(chunk)
            self.size += len(chunk)
            self.last = chunk[-1:]
            self.progress(len(chunk))
        return chunk

    def rest(self, window: int = WINDOW) -> None:
        """Read to the end (a file to digest only)."""
        while self.read(window):
            pass

    def digest(self) -> str:
        return self.whole.hexdigest()

    def digest_upto(self, offset: int) -> str:
        """The digest of the file's first ``offset`` bytes (``offset`` at or after
        ``start``): from the mark before it, the bytes between read again."""
        at, before = next((m for m in reversed(self._marks) if m[0] <= offset),
                          (self.size, self.whole))
        upto, here = before.copy(), self.f.tell()
        self.f.seek(at)
        upto.update(self.f.read(offset - at))
        self.f.seek(here)
        return upto.hexdigest()


def cut_last(hands: list[RawHand], data: bytes) -> tuple[list[RawHand], int | None]:
    """A file's hands with the last one marked as cut off when the file ends inside
    it, and the offset to read again from when the file grows (None: it ends whole).
    ``data``: the file's bytes, or its last byte."""
    if hands and (not hands[-1].complete or data[-1:] not in (b"\n", b"\r", b"\x00")):
        again = hands[-1].byte_offset
        if not hands[-1].complete:  # kept raw, as a parse error, until it is whole
            hands = [*hands[:-1], replace(hands[-1], stray=CUT)]
        return hands, again
    return hands, None


