"""Line lexer shared by every room: one token per line, one regex per hand.

A room's grammar declares one terminal per kind of line, each a regular expression
with named fields. ``LineLexer`` joins them, in grammar order, into one pattern
``^(?:(?P<KIND>...)|...)$`` and runs it over a hand's text once; the matching
group names the token type and the token's ``value`` is the tuple of its fields,
in the order the terminal names them. A line matching no terminal becomes an
``UNKNOWN`` token, which the grammar never accepts, so an unknown line is a parse
error at its line number rather than something skipped.
"""
from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Any

from lark import Lark, Token
from lark.lexer import Lexer

_FIELD = re.compile(r"\(\?P<(\w+)>")


class LineLexer(Lexer):
    """A Lark lexer whose tokens are whole lines (see module doc)."""

    placeholders: Mapping[str, str] = {}

    def __init__(self, lexer_conf: Any) -> None:
        parts, fields = [], {}
        for term in lexer_conf.terminals:
            pattern = term.pattern.value
            for key, value in self.placeholders.items():
                pattern = pattern.replace("{" + key + "}", value)
            names = _FIELD.findall(pattern)
            # field names repeat across terminals: make them unique per terminal
            pattern = _FIELD.sub(lambda m: f"(?P<{term.name}__{m.group(1)}>", pattern)
            parts.append(f"(?P<{term.name}>{pattern})")
            fields[term.name] = [f"{term.name}__{n}" for n in names]
        self.regex = re.compile("^(?:" + "|".join(parts) + ")$", re.M)
        index = self.regex.groupindex
        self.fields = {name: tuple(index[f] for f in fs) for name, fs in fields.items()}
        self.field_names = {name: tuple(f.split("__", 1)[1] for f in fs)
                            for name, fs in fields.items()}

    def lex(self, text: str, *_: Any) -> Iterator[Token]:
        fields = self.fields
        line, pos = 1, 0
        for m in self.regex.finditer(text):
            start = m.start()
            line += text.count("\n", pos, start)
            pos = start
            kind = m.lastgroup
            tok = Token(kind, m.group(kind), start, line, 1)
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
