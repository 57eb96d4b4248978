"""Decide, from a room grammar's LALR table, whether a hand's lines come in an order
the grammar accepts.

Lark compiles the grammar and builds the LALR(1) table. A room's grammar says how a
hand is built from its lines with sequences, options and repetitions only (no
nesting), so the language it accepts is regular: walking the table from every
reachable parser stack, once, gives a finite automaton over line kinds, and checking
a hand is then one dictionary look-up a line. It decides exactly what Lark's own
parser decides (tests/parsers/test_lalr.py compares the two on every hand we have); no tree
is built: the tokens, already in order and carrying their fields, go straight to the
room's builder.

Lark's analysis of a grammar takes a tenth of a second a room, paid by every import
before its first hand; what the automaton needs of it (the terminals and the table) is
kept in the user's cache folder (``parsers.base.grammar_cache``), keyed by the
grammar files' text and the versions that made it, and read back in milliseconds.
"""
from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property
from types import SimpleNamespace
from typing import Any

from parsers.base import grammar_cache
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
    """A room's grammar: its lexer, and the automaton that says which line may follow.

    The automaton is built as hands need it: a state's move on a line kind is worked
    out from the table the first time a hand makes it, then looked up (a room's
    grammar has thousands of states; a file's hands visit a few hundred)."""

    def __init__(self, grammar: str, lexer: type[LineLexer], start: str = "start",
                 **options: Any) -> None:
        self._source, self._lexer_class, self._start = grammar, lexer, start
        self._options = options
        key = grammar_cache.key(grammar, start, options.get("import_paths", ()))
        analysis = grammar_cache.load(key)
        if analysis is None:
            analysis = self._analysed()
            grammar_cache.save(key, analysis)
        self.terminals: list[tuple[str, str]] = analysis["terminals"]  # (name, pattern)
        self.lexer = lexer(SimpleNamespace(terminals=[
            SimpleNamespace(name=name, pattern=SimpleNamespace(value=pattern))
            for name, pattern in self.terminals]))
        # state → token type → (True, next state) | (False, (rule length, rule name))
        self._table: dict[int, dict[str, tuple[bool, Any]]] = analysis["table"]
        self._end_state = analysis["end_state"]
        self._terminals = sorted({s for row in self._table.values() for s in row
                                  if s.isupper() and s != END})
        start_stack = (analysis["start_state"],)
        self._index: dict[tuple[int, ...], int] = {start_stack: 0}
        self._stacks: list[tuple[int, ...]] = [start_stack]
        # state → line kind → next state, or -1 where the kind may not come next
        self.moves: list[dict[str, int]] = [{}]
        self._accepts: list[bool | None] = [None]

    @cached_property
    def lark(self):
        """Lark's own parser of the grammar (the tests compare its decisions with the
        automaton's)."""
        from lark import Lark
        return Lark(self._source, parser="lalr", lexer=self._lexer_class, start=self._start,
                    **self._options)

    def _analysed(self) -> dict[str, Any]:
        """What the automaton needs of Lark's analysis: plain data (it is cached)."""
        from lark.parsers.lalr_analysis import Shift
        table = self.lark.parse_interactive("").parser_state.parse_conf.parse_table
        return {
            "terminals": [(str(t.name), t.pattern.value) for t in self.lark.lexer_conf.terminals],
            "table": {state: {str(symbol): (True, arg) if action is Shift
                              else (False, (len(arg.expansion), str(arg.origin.name)))
                              for symbol, (action, arg) in row.items()}
                      for state, row in table.states.items()},
            "end_state": table.end_states[self._start],
            "start_state": table.start_states[self._start]}

    def tokens(self, text: str) -> list[tuple]:
        """The hand's lines as tokens: (type, fields, line number, text)."""
        return self.lexer.lines(text)

    def check(self, tokens: Sequence[tuple]) -> None:
        """Raise UnexpectedLine unless the grammar accepts the lines in this order."""
        moves, state = self.moves, 0
        for tok in tokens:
            kind = tok[0]
            nxt = moves[state].get(kind)
            if nxt is None:
                nxt = self._learn(state, kind)
            if nxt < 0:
                raise UnexpectedLine(LineToken(tok), self.expected(state))
            state = nxt
        if not self.accepts(state):
            raise UnexpectedLine(None, self.expected(state))

    def accepts(self, state: int) -> bool:
        """May a hand end in this state?"""
        ok = self._accepts[state]
        if ok is None:
            ok = self._accepts[state] = self._step(self._stacks[state], END) is not None
        return ok

    def expected(self, state: int) -> set[str]:
        """The line kinds that may come next in this state."""
        return {k for k in self._terminals if self._learn(state, k) >= 0}

    # ---------------------------------------------------------------- the automaton
    def _learn(self, state: int, kind: str) -> int:
        """The move from ``state`` on a line of ``kind``, from the LALR table: every
        parser stack reached becomes a state of its own."""
        known = self.moves[state].get(kind)
        if known is not None:
            return known
        after = self._step(self._stacks[state], kind) if kind in self._terminals else None
        if after is None:
            nxt = -1
        else:
            nxt = self._index.get(after, -1)
            if nxt < 0:
                if len(self._stacks) >= MOST_STATES:
                    raise ValueError("the grammar is not regular: a hand's lines must "
                                     "be sequences, options and repetitions")
                nxt = self._index[after] = len(self._stacks)
                self._stacks.append(after)
                self.moves.append({})
                self._accepts.append(None)
        self.moves[state][kind] = nxt
        return nxt

    def explore(self) -> int:
        """Work out every state and move (tests check the grammar is regular this
        way); the number of states."""
        i = 0
        while i < len(self._stacks):
            for kind in self._terminals:
                self._learn(i, kind)
            self.accepts(i)
            i += 1
        return len(self._stacks)

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
