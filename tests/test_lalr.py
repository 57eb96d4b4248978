"""The grammar's automaton decides exactly what Lark's own LALR parser decides."""
from __future__ import annotations

import random

from lark.exceptions import UnexpectedInput

from engine.simulate import simulate
from parsers.base.lalr import UnexpectedLine
from parsers.base.split import decode, normalise, split_hands
from parsers.pokerstars import ROOM as POKERSTARS
from parsers.pokerstars import parse_hand
from parsers.pokerstars.write import write_hand

LINES = parse_hand.grammar  # the automaton, and Lark's own parser (.lark) beside it
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


def test_same_decisions_on_simulated_hands_and_their_mutations():
    rng = random.Random(11)
    checked = 0
    for text in texts():
        for variant in [text, *mutations(text, rng)]:
            assert ours_says(variant) == lark_says(variant), variant
            checked += 1
    assert checked > 3000


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
