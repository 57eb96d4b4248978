"""The grammar's automaton decides exactly what Lark's own LALR parser decides."""
from __future__ import annotations

import random

import pytest
from lark.exceptions import UnexpectedInput

from engine.sim.simulate import simulate
from parsers.base.lalr import UnexpectedLine
from parsers.base.split import decode, normalise, split_hands
from parsers.pokerstars import ROOM as POKERSTARS
from parsers.pokerstars import english
from parsers.pokerstars.write import write_hand
from parsers.registry import ROOMS

LINES = english.grammar  # the automaton, and Lark's own parser (.lark) beside it
LARK = LINES.lark


def lark_says(text: str):
    try:
        LARK.parse(text)
        return None
    except UnexpectedInput as exc:
        token = getattr(exc, "token", None)
        line = getattr(token, "line", None)
        return "end" if getattr(token, "type", "$END") == "$END" else line


def ours_says(text: str):
    try:
        LINES.check(LINES.tokens(text))
        return None
    except UnexpectedLine as exc:
        return "end" if exc.token is None else exc.token.line


def texts(corpus=None):
    rng = random.Random(3)
    out = [normalise(write_hand(simulate(rng, number=i))) for i in range(300)]
    if corpus is not None:
        for path in sorted((corpus / "holdem" / "stars").rglob("*.txt")):
            text, enc = decode(path.read_bytes())
            out += [raw.text for raw in split_hands(text, POKERSTARS, enc)]
    return out


def mutations(text: str, rng: random.Random):
    lines = text.split("\n")
    for _ in range(4):
        a, b = sorted(rng.sample(range(len(lines)), 2))
        yield "\n".join(lines[:a] + lines[a + 1:])                      # a line dropped
        yield "\n".join(lines[:a] + [lines[b]] + lines[a:])             # a line repeated
        swapped = list(lines)
        swapped[a], swapped[b] = swapped[b], swapped[a]
        yield "\n".join(swapped)                                        # two lines swapped


@pytest.mark.slow
def test_same_decisions_on_simulated_hands_and_their_mutations():
    rng = random.Random(11)
    checked = 0
    for text in texts():
        for variant in [text, *mutations(text, rng)]:
            assert ours_says(variant) == lark_says(variant), variant
            checked += 1
    assert checked > 3000


@pytest.mark.slow
def test_same_decisions_on_the_corpus(corpus):
    rng = random.Random(12)
    for text in texts(corpus)[300:]:
        for variant in [text, *mutations(text, rng)]:
            assert ours_says(variant) == lark_says(variant), variant


def test_the_automaton_is_finite_and_decides_the_same_once_complete():
    """The automaton is built as hands need it; worked out completely, it is finite
    (the grammar is regular) and decides as before."""
    from parsers.base.lalr import MOST_STATES
    sample = texts()[:50]
    before = [ours_says(t) for t in sample]
    assert 100 < LINES.explore() < MOST_STATES
    assert [ours_says(t) for t in sample] == before


def _room_texts(name: str) -> list[str]:
    """The hands of a room's files in sample_histories (hand-written there), as its
    grammar reads them (a room whose hands are rows of a table, PokerNow's, says how:
    its module's ``grammar_text``)."""
    import importlib

    from support.common import SAMPLES

    from parsers.registry import room
    as_read = getattr(importlib.import_module(f"parsers.{name}"), "grammar_text", lambda t: t)
    out = []
    for path in sorted(p for p in (SAMPLES / name).glob("*") if p.suffix in (".txt", ".csv")):
        text, enc = decode(path.read_bytes())
        out += [as_read(raw.text) for raw in split_hands(text, room(name), enc) if not raw.stray]
    return out


@pytest.mark.parametrize("name", ROOMS)
def test_every_room_s_automaton_decides_what_lark_decides(name):
    """Each room's grammar is regular too: its automaton and Lark's own parser accept
    and refuse the same hands, and the same mutations of them."""
    import importlib
    module = importlib.import_module(f"parsers.{name}")
    parser = getattr(module, "text_parser", getattr(module, "parse_hand", None))
    # a room writing several formats, each with its grammar, names the one of a hand
    parser_for = getattr(module, "text_parser_for", lambda text: parser)
    if not hasattr(parser_for(""), "grammar"):
        pytest.skip(f"{name} has no line grammar (its hands are XML or TOML, read by a library)")
    rng = random.Random(13)
    hands = _room_texts(name)
    assert hands, f"no hand-written {name} hands in sample_histories"
    for text in hands:
        lines = parser_for(text).grammar
        assert _decides(lines, text) is None, text
        for variant in mutations(text, rng):
            assert _decides(lines, variant) == _decides(lines, variant, lark=True), variant


def _decides(lines, text: str, lark: bool = False):
    """None where the grammar takes the hand, else the line where it stops ("end":
    the hand ends too early), by the automaton or by Lark's parser."""
    try:
        if lark:
            lines.lark.parse(text)
        else:
            lines.check(lines.tokens(text))
        return None
    except UnexpectedInput as exc:
        token = getattr(exc, "token", None)
        return "end" if getattr(token, "type", "$END") == "$END" else token.line
    except UnexpectedLine as exc:
        return "end" if exc.token is None else exc.token.line


@pytest.mark.parametrize("name", list(ROOMS))
def test_a_line_seen_before_is_the_same_token(name, monkeypatch):
    """The lexer keeps the tokens of lines it has seen: each hand's tokens (type, fields,
    line number, text) are those of a lexer that matches every line afresh, also when
    its store of lines fills up and starts again."""
    import importlib
    import parsers.base.lexer as lexer_module
    module = importlib.import_module(f"parsers.{name}")
    parser = getattr(module, "text_parser", getattr(module, "parse_hand", None))
    parser_for = getattr(module, "text_parser_for", lambda text: parser)
    if not hasattr(parser_for(""), "grammar"):
        pytest.skip(f"{name} has no line grammar (its hands are XML or TOML, read by a library)")
    hands = _room_texts(name)
    assert hands, f"no hand-written {name} hands in sample_histories"
    hands += [text.replace("\n", "\n\n", 2) + "\n  \n" for text in hands]  # moved lines
    lexers = {id(parser_for(t).grammar.lexer): parser_for(t).grammar.lexer for t in hands}
    for lexer in lexers.values():
        lexer.seen.clear()
    monkeypatch.setattr(lexer_module, "_SEEN_LONGEST", -1)  # nothing kept: every line matched
    fresh = [parser_for(t).grammar.lexer.lines(t) for t in hands]
    assert not any(lexer.seen for lexer in lexers.values())
    monkeypatch.setattr(lexer_module, "_SEEN_LONGEST", 200)
    for most in (1 << 16, 5):  # (5: the store is cleared again and again)
        monkeypatch.setattr(lexer_module, "_SEEN_MOST", most)
        for _ in range(2):
            assert [parser_for(t).grammar.lexer.lines(t) for t in hands] == fresh
        assert any(lexer.seen for lexer in lexers.values())
