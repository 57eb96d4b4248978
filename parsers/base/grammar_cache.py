"""Lark's analysis of a room's grammar, kept between runs in the user's cache folder.

An entry is named by a digest of everything the analysis depends on: the grammar's
text, every grammar file it may %import (the ``.lark`` files under the import paths),
the start rule, and the versions of Lark, Python and this module's format. A changed
grammar, or another Lark, is a new name: an entry is never read for a grammar it was
not made from. An entry that cannot be read (damaged, of another format) is made
again; a cache folder that cannot be written is no error (the analysis is then made
each run, as without a cache).

``HANDLENS_CACHE`` names another folder; ``HANDLENS_CACHE=off`` keeps nothing.
"""
from __future__ import annotations

import hashlib
import os
import pickle
import sys
import tempfile
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path
from typing import Any

FORMAT = 1  # of an entry's contents: raised when what is kept changes
ENV = "HANDLENS_CACHE"


def folder() -> Path | None:
    """Where entries are kept; None when caching is off."""
    chosen = os.environ.get(ENV)
    if chosen == "off":
        return None
    if chosen:
        return Path(chosen)
    from platformdirs import user_cache_dir
    return Path(user_cache_dir("handlens")) / "grammars"


def key(grammar: str, start: str, import_paths: Iterable[str | Path]) -> str:
    """The digest naming the analysis of ``grammar`` (see the module doc)."""
    import lark
    h = hashlib.sha256()
    for part in (f"{FORMAT} {lark.__version__} {sys.version_info[:2]} {start}", grammar):
        h.update(part.encode("utf-8") + b"\0")
    for base in import_paths:
        h.update(_grammar_files(str(base)))
    return h.hexdigest()


@lru_cache(maxsize=None)
def _grammar_files(base: str) -> bytes:
    """A digest of every .lark file under ``base``, its name and text: read once a
    process (every room's grammar imports from the same folder)."""
    h = hashlib.sha256()
    for path in sorted(Path(base).rglob("*.lark")):
        h.update(str(path.relative_to(base)).encode("utf-8") + b"\0"
                 + path.read_bytes() + b"\0")
    return h.digest()


def load(name: str) -> dict[str, Any] | None:
    """The entry ``name``, or None (none kept, caching off, or not readable)."""
    where = folder()
    if where is None:
        return None
    try:
        with open(where / f"{name}.pickle", "rb") as f:
            entry = pickle.load(f)
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError,
            ValueError, TypeError):
        return None
    return entry if isinstance(entry, dict) and entry.get("key") == name else None


def save(name: str, analysis: dict[str, Any]) -> None:
    """Keep ``analysis`` as the entry ``name``: written whole under another name and
    renamed, so a reader (another import) sees the entry whole or not at all."""
    where = folder()
    if where is None:
        return
    try:
        where.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=where, suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as f:
                pickle.dump({**analysis, "key": name}, f, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(tmp, where / f"{name}.pickle")
        except BaseException:
            os.unlink(tmp)
            raise
    except OSError:
        pass  # a folder that cannot be written: the analysis is made again next time
