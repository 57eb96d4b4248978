"""Decide, from a room grammar's LALR table, whether a hand's lines come in an order
the grammar accepts.

Lark compiles the grammar and builds the LALR(1) table. A room's grammar says how a
hand is built from its lines with sequences, options and repetitions only (no
nesting), so the language it accepts is regular: walking the table from every
reachable parser stack, once, gives a finite automaton over line kinds, and checking
a hand is then one dictionary look-up a line. It decides exactly what Lark's own
parser decides (tests/test_lalr.py compares the two on every hand we have); no tree
is built: the tokens, already in order and carrying their fields, go straight to the
room's builder.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from lark import Lark
from lark.parsers.lalr_analysis import Shift

from parsers.base.lexer import LineLexer, LineToken

END = "$END"
MOST_STATES = 20_000  # a grammar that is not regular would never stop growing


class UnexpectedLine(Exception):
    """The token where the grammar stops accepting, and what it would have taken."""

    def __init__(self, token: LineToken | None, expected: set[str]) -> None:
        super().__init__(token)
        self.token = token  # None: the hand ended too early
        self.expected = expected


class LineGrammar:
    """A room's grammar: its lexer, and the automaton that says which line may follow."""

    def __init__(self, grammar: str, lexer: type[LineLexer], start: str = "start",
                 **options: Any) -> None:
        self.lark = Lark(grammar, parser="lalr", lexer=lexer, start=start, **options)
        self.lexer = lexer(self.lark.lexer_conf)
        conf = self.lark.parse_interactive("").parser_state.parse_conf
        table = conf.parse_table
        # state → token type → (True, next state) | (False, (rule length, rule name))
        self._table: dict[int, dict[str, tuple[bool, Any]]] = {
            state: {symbol: (True, arg) if action is Shift
                    else (False, (len(arg.expansion), arg.origin.name))
                    for symbol, (action, arg) in row.items()}
            for state, row in table.states.items()}
        self._end_state = table.end_states[start]
        self.moves, self.accepts = self._automaton((table.start_states[start],))

    def tokens(self, text: str) -> list[LineToken]:
        return list(self.lexer.lex(text))

    def check(self, tokens: Sequence[LineToken]) -> None:
        """Raise UnexpectedLine unless the grammar accepts the lines in this order."""
        moves, state = self.moves, 0
        for tok in tokens:
            row = moves[state]
            state = row.get(tok.type, -1)
            if state < 0:
                raise UnexpectedLine(tok, set(row))
        if not self.accepts[state]:
            raise UnexpectedLine(None, set(moves[state]))

    # ---------------------------------------------------------------- the automaton
    def _automaton(self, start: tuple[int, ...]) -> tuple[list[dict[str, int]], list[bool]]:
        """Every parser stack reachable from ``start`` becomes a state; a token type
        moves it to the stack the LALR table leads to."""
        index: dict[tuple[int, ...], int] = {start: 0}
        stacks = [start]
        moves: list[dict[str, int]] = []
        accepts: list[bool] = []
        terminals = {s for row in self._table.values() for s in row if s.isupper() and s != END}
        for stack in stacks:  # (grows as new stacks are found)
            row: dict[str, int] = {}
            for kind in terminals:
                after = self._step(stack, kind)
                if after is None:
                    continue
                if after not in index:
                    if len(stacks) >= MOST_STATES:
                        raise ValueError("the grammar is not regular: a hand's lines must "
                                         "be sequences, options and repetitions")
                    index[after] = len(stacks)
                    stacks.append(after)
                row[kind] = index[after]
            moves.append(row)
            accepts.append(self._step(stack, END) is not None)
        return moves, accepts

    def _step(self, stack: tuple[int, ...], kind: str) -> tuple[int, ...] | None:
        """The stack after reading a token of type ``kind`` (reductions, then its
        shift), or None where the table has no move for it."""
        states, work = self._table, list(stack)
        while True:
            if kind == END and work[-1] == self._end_state:
                return tuple(work)
            step = states[work[-1]].get(kind)
            if step is None:
                return None
            shift, arg = step
            if shift:
                work.append(arg)
                return tuple(work)
            size, name = arg
            if size:
                del work[-size:]
            work.append(states[work[-1]][name][1])
