"""Line lexer shared by every room: one token per line, one regex per hand.

A room's grammar declares one terminal per kind of line, each a regular expression
with named fields. ``LineLexer`` joins them into alternations ``(?P<KIND>...)|...``
(one per first character a line may have) and matches each line once; the
matching group names the token type and the token's ``value`` is the tuple of its
fields, in the order the terminal names them. A line matching no terminal becomes an
``UNKNOWN`` token (the lexer adds that catch-all itself), which no rule accepts, so
an unknown line is a parse error at its line number rather than something skipped.
Blank lines, and lines of white space only, separate; they are not tokens.
"""
from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from operator import itemgetter
from typing import Any

from lark.lexer import Lexer

from parsers.base import grammar_cache
from parsers.base.regex_facts import first_chars

_FIELD = re.compile(r"\(\?P<(\w+)>")
UNKNOWN = "UNKNOWN"  # the type of a line no terminal matches; no rule accepts it
_BLANK = ()  # what a line of white space only is: no token
_SEEN_MOST = 1 << 16  # lines a lexer keeps the tokens of (then it starts again)
_SEEN_LONGEST = 200  # a longer line is matched every time it comes


class LineToken(tuple):
    """A line as a token: (type, fields, line number, text). Lighter than lark.Token
    (a tuple, built in one step) and has what the LALR parser reads of a token."""

    __slots__ = ()
    type = property(itemgetter(0))
    value = property(itemgetter(1))  # the terminal's fields, in order
    line = property(itemgetter(2))
    text = property(itemgetter(3))
    start_pos = end_pos = end_line = end_column = None
    column = 1


class LineLexer(Lexer):
    """A Lark lexer whose tokens are whole lines (see module doc)."""

    placeholders: Mapping[str, str] = {}
    # Line starts many terminals share ("(?P<player>{NAME}): "): matched once per
    # line, then the rest of each such terminal is tried, instead of re-scanning the
    # name for every terminal. Purely a speed measure; the tokens are the same.
    shared_prefixes: tuple[str, ...] = ()
    # Each terminal's fields in the order its reader (the room's builder) names them;
    # a terminal not listed gives its fields in the order its pattern names them.
    order: Mapping[str, Sequence[str]] = {}

    def __init__(self, lexer_conf: Any) -> None:
        # One alternative per terminal (or per shared prefix), each with the first
        # characters a line matching it can start with (None: any). Lines match one
        # terminal only, so for each first character a pattern of just the fixed-text
        # alternatives that can match is compiled, tried before the one of those that
        # may start with anything: the same tokens, fewer tries, and each alternative
        # compiled once or twice, not once for every first character.
        alternatives: list[tuple[frozenset[str] | None, str]] = []
        unshared: list[tuple[int, str]] = []  # (where in alternatives, pattern)
        groups: dict[str, list[str]] = {}  # shared prefix → alternatives after it
        fields: dict[str, list[str]] = {}
        for term in lexer_conf.terminals:
            pattern = term.pattern.value
            prefix = next((p for p in self.shared_prefixes if pattern.startswith(p)), None)
            if prefix is not None:
                pattern = pattern[len(prefix):]
            names = _FIELD.findall(pattern)
            pattern = self._expand(pattern)
            # field names repeat across terminals: make them unique per terminal
            pattern = _FIELD.sub(lambda m: f"(?P<{term.name}__{m.group(1)}>", pattern)
            group = {n: f"{term.name}__{n}" for n in names}
            if prefix is None:
                unshared.append((len(alternatives), pattern))  # first characters below
                alternatives.append((None, f"(?P<{term.name}>{pattern})"))
            else:
                shared = f"shared{self.shared_prefixes.index(prefix)}"
                if prefix not in groups:
                    groups[prefix] = []
                    alternatives.append((None, prefix))  # placeholder, filled below
                groups[prefix].append(f"(?P<{term.name}>{pattern})")
                group = {n: f"{shared}__{n}" for n in _FIELD.findall(prefix)} | group
            fields[str(term.name)] = [group[n] for n in self._ordered(term.name, list(group))]
        texts = [pattern for _, pattern in unshared]  # (their first characters kept too)
        firsts = grammar_cache.kept("first-chars", texts, lambda: list(map(first_chars, texts)))
        for (at, _), chars in zip(unshared, firsts):
            alternatives[at] = (chars, alternatives[at][1])
        for i, prefix in enumerate(self.shared_prefixes):
            if prefix in groups:
                head = _FIELD.sub(lambda m: f"(?P<shared{i}__{m.group(1)}>", self._expand(prefix))
                at = alternatives.index((None, prefix))
                alternatives[at] = (None, head + "(?:" + "|".join(groups[prefix]) + ")")
        # fixed-text lines first: they fail fast on other lines; the catch-all last
        alternatives.sort(key=lambda alt: alt[0] is None)
        alternatives.append((None, f"(?P<{UNKNOWN}>.+)"))
        fields[UNKNOWN] = []
        # lines starting with a character some fixed-text lines start with try those
        # first, then the rest: the order of the one alternation they stand for
        starts = sorted(set().union(*(chars for chars, _ in alternatives if chars)))
        patterns = [[alt for chars, alt in alternatives if chars is not None and c in chars]
                    for c in starts]
        patterns.append([alt for chars, alt in alternatives if chars is None])
        # ASCII: a digit is 0-9 (a seat written "٣" is not the number three)
        compiled = grammar_cache.compiled(["(?:" + "|".join(alts) + ")" for alts in patterns],
                                          re.ASCII)
        matchers = [self._matcher(rx, fields) for rx in compiled]
        self.by_char = dict(zip(starts, matchers))
        self.default = matchers[-1]
        self.seen: dict[str, tuple] = {}  # line → (type, fields) or _BLANK

    @staticmethod
    def _matcher(rx: re.Pattern[str], fields: dict[str, list[str]]):
        """(fullmatch, each terminal's group numbers) of one compiled alternation."""
        index = rx.groupindex
        return rx.fullmatch, {name: tuple(index[f] for f in fs)
                              for name, fs in fields.items() if name in index}

    def _ordered(self, terminal: str, names: list[str]) -> Sequence[str]:
        """The fields of ``terminal`` in the order its reader names them."""
        wanted = self.order.get(terminal)
        if wanted is None:
            return names
        if sorted(wanted) != sorted(names):
            raise TypeError(f"the line {terminal} has the fields {names}, but its reader "
                            f"reads {list(wanted)}")
        return wanted

    def _expand(self, pattern: str) -> str:
        for key, value in self.placeholders.items():
            pattern = pattern.replace("{" + key + "}", value)
        return pattern

    def lines(self, text: str) -> list[tuple]:
        """A hand's lines as tokens, plain tuples (type, fields, line number, text):
        the parser's own path (``lex`` gives Lark the same as LineTokens). A line seen
        before (by this lexer, in this process) is not matched again: rooms write the
        same lines over and over ("Seat 4: Ann folded before Flop (didn't bet)")."""
        seen = self.seen
        if len(seen) > _SEEN_MOST:
            seen.clear()
        out = []
        add = out.append
        number = 0
        for line in text.split("\n"):
            number += 1
            if not line:  # (the text is normalised: white-space-only lines are empty)
                continue
            known = seen.get(line)
            if known is None:
                known = self._token(line)
                if len(line) <= _SEEN_LONGEST:
                    seen[line] = known
            if known is not _BLANK:
                add((known[0], known[1], number, line))
        return out

    def _token(self, line: str) -> tuple:
        """(type, fields) of one line, or _BLANK for white space only."""
        first = self.by_char.get(line[0])
        if first is None or (m := first[0](line)) is None:
            m, fields = self.default[0](line), self.default[1]
        else:
            fields = first[1]
        kind = m.lastgroup
        if kind == UNKNOWN and line.isspace():
            return _BLANK  # a line of white space separates, as a blank line does
        idx = fields[kind]
        return kind, m.group(*idx) if len(idx) > 1 else (m.group(idx[0]),) if idx else ()

    def lex(self, text: str, *_: Any) -> Iterator[LineToken]:
        return map(LineToken, self.lines(text))
