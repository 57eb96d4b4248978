"""What every match of a regular expression must hold, read from its parsed form.

``first_chars``: the characters a match can start with (the line lexer tries only
the patterns a line's first character allows). ``needed``: fixed texts one of which
every match contains (a file that holds none of them cannot match: ``in`` looks for
a text much faster than a pattern without a fixed start is searched). Both answer
None where they cannot tell, never wrongly: a pattern they do not understand is
simply tried.
"""
from __future__ import annotations

import re

try:  # the regular expression parser of the standard library
    from re import _constants as _c
    from re import _parser
except ImportError:  # Python < 3.11
    import sre_constants as _c  # type: ignore[no-redef]
    import sre_parse as _parser  # type: ignore[no-redef]

_REPEATS = tuple(getattr(_c, name) for name in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT")
                 if hasattr(_c, name))
SHORTEST = 4  # a needed text shorter than this is not worth looking for


class _Unknown(Exception):
    pass


def first_chars(pattern: str) -> frozenset[str] | None:
    """The characters a match of ``pattern`` can start with; None if any."""
    try:
        return _first(_parser.parse(pattern).data)
    except _Unknown:
        return None


def _first(items) -> frozenset[str]:
    """FIRST set of a parsed regex sequence (literals, groups, branches, optional parts)."""
    chars: set[str] = set()
    for op, arg in items:
        if op is _c.LITERAL:
            return frozenset(chars | {chr(arg)})
        if op is _c.SUBPATTERN:
            sub = _first(arg[-1].data)
            if "" not in sub:
                return frozenset(chars | sub)
            chars |= sub - {""}
            continue
        if op is _c.BRANCH:
            sub = set().union(*(_first(branch.data) for branch in arg[1]))
            if "" not in sub:
                return frozenset(chars | sub)
            chars |= sub - {""}
            continue
        if op in (_c.MAX_REPEAT, _c.MIN_REPEAT):
            low, _high, body = arg
            sub = _first(body.data)
            chars |= sub - {""}
            if low > 0 and "" not in sub:
                return frozenset(chars)
            continue
        if op is _c.AT:
            continue
        raise _Unknown(op)
    return frozenset(chars | {""})


def needed(rx: re.Pattern[str]) -> tuple[str, ...] | None:
    """Texts one of which every match of ``rx`` contains (None: none known)."""
    if rx.flags & re.IGNORECASE or not isinstance(rx.pattern, str):
        return None
    try:
        parsed = _parser.parse(rx.pattern, rx.flags)
    except re.error:
        return None
    if parsed.state.flags & re.IGNORECASE:
        return None
    texts = _needed(parsed.data)
    return tuple(texts) if texts and min(map(len, texts)) >= SHORTEST else None


def _needed(items) -> list[str] | None:
    """The best set of texts (one of them in every match) a parsed sequence has: its
    runs of literal characters, its groups', its branches' (one set from each), its
    repeats' done at least once and its lookaheads'. Best: the longest shortest text."""
    best: list[str] | None = None
    run: list[str] = []

    def consider(texts: list[str] | None) -> None:
        nonlocal best
        if texts and (best is None or min(map(len, texts)) > min(map(len, best))):
            best = texts

    for op, arg in items:
        if op is _c.LITERAL:
            run.append(chr(arg))
            continue
        consider(["".join(run)] if run else None)
        run = []
        if op is _c.SUBPATTERN:
            if not arg[1] & re.IGNORECASE:  # (?i:...) matches other cases
                consider(_needed(arg[-1].data))
        elif op is _c.BRANCH:
            each = [_needed(branch.data) for branch in arg[1]]
            if all(each):
                consider(sorted({t for texts in each for t in texts}))
        elif op in _REPEATS:
            if arg[0] >= 1:
                consider(_needed(arg[2].data))
        elif op is _c.ASSERT:  # (?=...) and (?<=...): their text is in the file too
            consider(_needed(arg[1].data))
    consider(["".join(run)] if run else None)
    return best
