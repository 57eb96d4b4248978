"""Run a Lark grammar's LALR table over a hand's line tokens.

Lark compiles the grammar and builds the LALR(1) table; this module walks that
table over the tokens with a bare state stack. It decides exactly what Lark's own
parser decides (tests/test_lalr.py compares the two on every hand we have), but
builds no tree: the tokens, already in order and carrying their fields, go
straight to the room's builder. Building the tree cost more than lexing did.
"""
from __future__ import annotations

from collections.abc import Sequence
from itertools import chain
from typing import Any

from lark import Lark
from lark.parsers.lalr_analysis import Shift

from parsers.lexer import LineLexer, LineToken

END = "$END"


class UnexpectedLine(Exception):
    """The token where the grammar stops accepting, and what it would have taken."""

    def __init__(self, token: LineToken | None, expected: set[str]) -> None:
        super().__init__(token)
        self.token = token  # None: the hand ended too early
        self.expected = expected


class LineGrammar:
    """A room's grammar: its lexer, and the LALR table that says which line may follow."""

    def __init__(self, grammar: str, lexer: type[LineLexer], start: str = "start") -> None:
        self.lark = Lark(grammar, parser="lalr", lexer=lexer, start=start)
        self.lexer = lexer(self.lark.lexer_conf)
        conf = self.lark.parse_interactive("").parser_state.parse_conf
        table = conf.parse_table
        self.start = table.start_states[start]
        self.end = table.end_states[start]
        # state → token type → (True, next state) | (False, (rule length, rule name))
        self.states: dict[int, dict[str, tuple[bool, Any]]] = {
            state: {symbol: (True, arg) if action is Shift
                    else (False, (len(arg.expansion), arg.origin.name))
                    for symbol, (action, arg) in row.items()}
            for state, row in table.states.items()}

    def tokens(self, text: str) -> list[LineToken]:
        return list(self.lexer.lex(text))

    def check(self, tokens: Sequence[LineToken]) -> None:
        """Raise UnexpectedLine unless the grammar accepts the lines in this order."""
        states, stack, end = self.states, [self.start], self.end
        for tok in chain(tokens, (None,)):  # None: the end of the hand
            kind = END if tok is None else tok.type
            while not (tok is None and stack[-1] == end):
                row = states[stack[-1]]
                step = row.get(kind)
                if step is None:
                    raise UnexpectedLine(tok, {s for s in row if s.isupper()})
                shift, arg = step
                if shift:
                    stack.append(arg)
                    break
                size, name = arg
                if size:
                    del stack[-size:]
                stack.append(states[stack[-1]][name][1])
