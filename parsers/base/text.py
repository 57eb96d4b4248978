"""A room that writes text: its grammar, the builder of its lines, and parse().

``TextParser`` puts a room's pieces together: the grammar file (which %imports the
base grammar, ``lines.lark``, and %overrides what the room writes otherwise), its
Builder class (whose ``PLACEHOLDERS`` say what the patterns' {M}, {NAME}, ... stand
for, and ``OTHER_GAME`` how it tells a hand of another game). The grammar is built the
first time a hand is parsed.
"""
from __future__ import annotations

import re
from functools import cached_property
from pathlib import Path

from engine.model.cards import CardError
from engine.model.hand import Hand, UnsupportedHand
from parsers.base.builder import Builder
from parsers.base.errors import ParseError
from parsers.base.lalr import LineGrammar, UnexpectedLine
from parsers.base.lexer import UNKNOWN, LineLexer

PARSERS = Path(__file__).resolve().parent.parent  # %import base.lines finds lines.lark here
_INDENT = re.compile(r"^[ \t]+", re.MULTILINE)


class TextParser:
    """Parses one hand's text of a room (see the module doc)."""

    def __init__(self, grammar: Path, builder: type[Builder], closing: str = "SUMMARY") -> None:
        self.path = grammar
        self.builder = builder
        self.other_game = builder.other_game  # (first line, text) → the hand, if another game's
        self.closing = closing  # what a hand cut short lacks, for the error's reason

    @cached_property
    def grammar(self) -> LineGrammar:
        """The room's grammar, its lexer told how the builder reads each line."""
        builder = self.builder
        lexer = type("Lexer", (LineLexer,), {"placeholders": dict(builder.PLACEHOLDERS),
                                             "shared_prefixes": builder.SHARED_PREFIXES,
                                             "order": builder.fields()})
        lines = LineGrammar(self.path.read_text("utf-8"), lexer, import_paths=[PARSERS])
        self.builder.bind([name for name, _ in lines.terminals])
        return lines

    def players(self, text: str) -> set[str]:
        """The players named in the lines of a hand's text that the grammar reads (a
        field ``player`` of the builder's method), also of a hand that is not whole."""
        fields = self.builder.fields()
        out = set()
        for kind, values, *_ in self.grammar.tokens(text):
            for name, value in zip(fields.get(kind, ()), values):
                if name == "player" and value:
                    out.add(value)
        return out

    def __call__(self, text: str) -> Hand | UnsupportedHand:
        """One hand's text (normalised: parsers.base.split) → Hand, or ParseError."""
        end = text.find("\n")
        if end >= 0 and text[end + 1:end + 2] == " ":  # Zoom archives indent every line
            text = _INDENT.sub("", text)
            end = text.find("\n")
        other = self.other_game(text if end < 0 else text[:end], text)
        if other is not None:
            return other
        lines = self.grammar
        tokens = lines.tokens(text)
        try:
            lines.check(tokens)
        except UnexpectedLine as exc:
            tok = exc.token
            if tok is None:
                last = tokens[-1] if tokens else None
                if last is not None and last[0] in self.builder.CUT_LINES:
                    # a line read in a damaged or bare form, last: a line cut off
                    raise ParseError(last[2], "unrecognised line", last[3][:160]) from None
                raise ParseError(text.count("\n") + 1,
                                 f"the hand ends before its {self.closing}") from None
            if tok.type == UNKNOWN or tok.type in self.builder.CUT_LINES:
                # (a damaged or bare form is read only where its line belongs)
                raise ParseError(tok.line, "unrecognised line", tok.text[:160]) from None
            raise ParseError(tok.line, f"line out of place ({tok.type})", tok.text[:160]) \
                from None
        builder = self.builder()
        try:
            return builder.build(tokens)
        except ParseError:
            raise
        except (ArithmeticError, ValueError, KeyError, IndexError) as exc:
            reason = "bad card" if isinstance(exc, CardError) else "bad value"
            line = builder.line
            text_line = next((t[3] for t in tokens if t[2] == line), "")
            detail = f"{exc}" + (f" in {text_line[:160]!r}" if text_line else "")
            raise ParseError(line, reason, detail) from None


class FormatsParser:
    """The parser of a room that writes several formats (or languages), each with its
    grammar: ``choose`` names a hand's from its text; called, it parses the hand with
    it; ``players`` asks it which players the hand's lines name (as TextParser does)."""

    def __init__(self, choose) -> None:
        self.choose = choose  # text → TextParser

    def __call__(self, text: str) -> Hand | UnsupportedHand:
        return self.choose(text)(text)

    def players(self, text: str) -> set[str]:
        return self.choose(text).players(text)
