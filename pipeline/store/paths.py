"""A file's path as the store keeps it, and back.

The store holds text (UTF-8), but a file's name is bytes on most systems and need
not be UTF-8. A name is stored as its text with each byte that is not UTF-8 written
``\\xNN`` (Python's ``backslashreplace``), so that the file is found again (recheck,
export, the replayer) and the name still reads as the user wrote it.
"""
from __future__ import annotations

import os
import re
from pathlib import Path

_ESCAPED_BYTE = re.compile(rb"\\x([0-9a-f]{2})")
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


def stored(path: str | os.PathLike) -> str:
    """The text the store keeps for a file's path."""
    return os.fsencode(path).decode("utf-8", errors="backslashreplace")


def local(text: str) -> Path:
    """The file a stored path names (its ``\\xNN`` read back as bytes where the name,
    read as written, is not there)."""
    path = Path(text)
    if "\\x" in text and not path.exists():
        raw = _ESCAPED_BYTE.sub(lambda m: bytes([int(m.group(1), 16)]), text.encode("utf-8"))
        return Path(os.fsdecode(raw))
    return path


def printable(text: str) -> str:
    """A stored path on one line of output: a line end or other control character in
    a name written as an escape (``\\n``), never printed raw."""
    return _CONTROL.sub(lambda m: repr(m.group())[1:-1], text) if _CONTROL.search(text) else text
