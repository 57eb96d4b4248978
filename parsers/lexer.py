"""Line lexer shared by every room: one token per line, one regex per hand.

A room's grammar declares one terminal per kind of line, each a regular expression
with named fields. ``LineLexer`` joins them, in grammar order, into one pattern
``^(?:(?P<KIND>...)|...)$`` and runs it over a hand's text once; the matching
group names the token type and the token's ``value`` is the tuple of its fields,
in the order the terminal names them. A line matching no terminal becomes an
``UNKNOWN`` token (the lexer adds that catch-all itself), which no rule accepts, so
an unknown line is a parse error at its line number rather than something skipped.
"""
from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Any

from lark import Lark, Token
from lark.lexer import Lexer

_FIELD = re.compile(r"\(\?P<(\w+)>")
UNKNOWN = "UNKNOWN"  # the type of a line no terminal matches; no rule accepts it
new_token = Token._future_new  # Token(...) without its keyword-argument shim


class LineLexer(Lexer):
    """A Lark lexer whose tokens are whole lines (see module doc)."""

    placeholders: Mapping[str, str] = {}
    # Line starts many terminals share ("(?P<player>{NAME}): "): matched once per
    # line, then the rest of each such terminal is tried, instead of re-scanning the
    # name for every terminal. Purely a speed measure; the tokens are the same.
    shared_prefixes: tuple[str, ...] = ()

    def __init__(self, lexer_conf: Any) -> None:
        # Terminals that start with fixed text fail fast on other lines: try them
        # first. Lines match one terminal only, so the order changes no token; the
        # catch-all comes last either way (a stable sort keeps grammar order).
        terminals = sorted(lexer_conf.terminals,
                           key=lambda t: t.pattern.value.startswith(("(", ".", "[")))
        alternatives: list[str] = []
        groups: dict[str, list[str]] = {}  # shared prefix → alternatives after it
        fields: dict[str, list[str]] = {}
        for term in terminals:
            pattern = term.pattern.value
            prefix = next((p for p in self.shared_prefixes if pattern.startswith(p)), None)
            if prefix is not None:
                pattern = pattern[len(prefix):]
            names = _FIELD.findall(pattern)
            pattern = self._expand(pattern)
            # field names repeat across terminals: make them unique per terminal
            pattern = _FIELD.sub(lambda m: f"(?P<{term.name}__{m.group(1)}>", pattern)
            own = [f"{term.name}__{n}" for n in names]
            if prefix is None:
                alternatives.append(f"(?P<{term.name}>{pattern})")
                fields[term.name] = own
                continue
            shared = f"shared{self.shared_prefixes.index(prefix)}"
            if prefix not in groups:
                groups[prefix] = []
                alternatives.append(prefix)  # placeholder, filled below
            groups[prefix].append(f"(?P<{term.name}>{pattern})")
            fields[term.name] = [f"{shared}__{n}" for n in _FIELD.findall(prefix)] + own
        for i, prefix in enumerate(self.shared_prefixes):
            if prefix in groups:
                head = _FIELD.sub(lambda m: f"(?P<shared{i}__{m.group(1)}>", self._expand(prefix))
                alternatives[alternatives.index(prefix)] = (
                    head + "(?:" + "|".join(groups[prefix]) + ")")
        alternatives.append(f"(?P<{UNKNOWN}>.+)")  # any other line: an error token
        fields[UNKNOWN] = []
        self.regex = re.compile("^(?:" + "|".join(alternatives) + ")$", re.M)
        index = self.regex.groupindex
        self.fields = {name: tuple(index[f] for f in fs) for name, fs in fields.items()}

    def _expand(self, pattern: str) -> str:
        for key, value in self.placeholders.items():
            pattern = pattern.replace("{" + key + "}", value)
        return pattern

    def lex(self, text: str, *_: Any) -> Iterator[Token]:
        fields = self.fields
        line, pos = 1, 0
        for m in self.regex.finditer(text):
            start = m.start()
            line += text.count("\n", pos, start)
            pos = start
            kind = m.lastgroup
            tok = new_token(kind, m.group(kind), start, line, 1)
            idx = fields[kind]
            if len(idx) > 1:
                tok.value = m.group(*idx)
            elif idx:
                tok.value = (m.group(idx[0]),)
            else:
                tok.value = ()
            yield tok


def build_parser(grammar: str, lexer: type[LineLexer], transformer: Any) -> Lark:
    """An LALR parser over whole-line tokens, transforming while it parses."""
    return Lark(grammar, parser="lalr", lexer=lexer, transformer=transformer,
                propagate_positions=False, maybe_placeholders=False)
