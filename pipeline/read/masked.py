"""Players' names replaced in a hand's text, consistently, for a bug report or a post.

Each name becomes ``Player1``, ``Player2``, ... in the order it first appears; the
same name the same pseudonym everywhere in the text. Amounts, cards, times and every
other character are kept. A name is replaced where it stands as a whole (not inside a
longer word or name: the longest names are tried first).
"""
from __future__ import annotations

import re
from collections.abc import Iterable


def mask_names(text: str, names: Iterable[str]) -> tuple[str, dict[str, str]]:
    """(the text with ``names`` replaced, name → pseudonym of those it held)."""
    wanted = sorted({n for n in names if n and n.strip()}, key=len, reverse=True)
    if not wanted:
        return text, {}
    pattern = re.compile(r"(?<!\w)(?:" + "|".join(map(re.escape, wanted)) + r")(?!\w)")
    given: dict[str, str] = {}

    def pseudonym(m: re.Match[str]) -> str:
        name = m.group(0)
        if name not in given:
            given[name] = f"Player{len(given) + 1}"
        return given[name]

    return pattern.sub(pseudonym, text), given
