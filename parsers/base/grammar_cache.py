"""Lark's analysis of a room's grammar, kept between runs in the user's cache folder.

An entry is named by a digest of everything the analysis depends on: the grammar's
text, every grammar file it may %import (the ``.lark`` files under the import paths),
the start rule, and the versions of Lark, Python and this module's format. A changed
grammar, or another Lark, is a new name: an entry is never read for a grammar it was
not made from. An entry that cannot be read (damaged, of another format) is made
again; a cache folder that cannot be written is no error (the analysis is then made
each run, as without a cache).

The lexers' regular expressions are kept the same way (``compiled``): what Python's
compiler makes of a pattern (its code for the matching engine) is read back instead of
made again, a fifth of a second for every room's lexer. An entry is named by the
patterns' text and the version of Python and of its matching engine, so it is only ever
read where the same patterns would compile to the same code.

``HANDLENS_CACHE`` names another folder; ``HANDLENS_CACHE=off`` keeps nothing.
"""
from __future__ import annotations

import hashlib
import os
import pickle
import re
import sys
import tempfile
from collections.abc import Callable, Iterable
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


def kept(kind: str, texts: list[str], make: Callable[[], Any]) -> Any:
    """``make()``, a value that depends only on ``texts`` (and on the Python that runs
    it), read from the cache where it was kept before, else made and kept."""
    h = hashlib.sha256(f"{FORMAT} {kind} {sys.version}".encode() + b"\0")
    for text in texts:
        h.update(text.encode("utf-8", "surrogatepass") + b"\0")
    name = f"{kind}-{h.hexdigest()}"
    entry = load(name)
    if entry is not None and "value" in entry:
        return entry["value"]
    value = make()
    save(name, {"value": value})
    return value


def compiled(patterns: list[str], flags: int = 0) -> list[re.Pattern[str]]:
    """``re.compile(p, flags)`` of each pattern, the compiler's work read from the
    cache where it was kept before (see the module doc)."""
    try:
        import _sre
        from re import _compiler, _parser
        magic = _sre.MAGIC
    except (ImportError, AttributeError):  # another Python: compiled as usual
        return [re.compile(p, flags) for p in patterns]

    def made() -> list[tuple]:
        out = []
        for p in patterns:  # as re._compiler.compile does it, keeping its arguments
            parsed = _parser.parse(p, int(flags))
            code = [int(c) for c in _compiler._code(parsed, int(flags))]
            index = parsed.state.groupdict
            groups = [None] * parsed.state.groups
            for group, i in index.items():
                groups[i] = group
            out.append((p, int(flags) | parsed.state.flags, code, parsed.state.groups - 1,
                        dict(index), tuple(groups)))
        return out

    arguments = kept(f"re{magic}-{int(flags)}", patterns, made)
    try:
        return [_sre.compile(*args) for args in arguments]
    except (TypeError, ValueError, RuntimeError):  # not what this engine takes
        return [_sre.compile(*args) for args in made()]
