"""What a pattern's matches must hold: never wrong, and the registry's guess of a
file's room is the same as searching every room's pattern through the file."""
from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parsers import registry
from parsers.base.regex_facts import first_chars, needed
from parsers.base.split import decode

from support.common import CORPUS, SAMPLES, WILD


@pytest.mark.parametrize("pattern, texts", [
    (r"PokerStars Hand #\d+", ("PokerStars Hand #",)),
    (r"(?:Bovada|Ignition) Hand #C?\d+", (" Hand #",)),
    (r"abc(?:defg|hijk)\d", ("defg", "hijk")),          # the branch: its shortest is longer
    (r"(?:abcd)?xyz", None),                            # optional: not needed; xyz too short
    (r"(?:word){2,}", ("word",)),
    (r"\A(?=.*variant=)", ("variant=",)),                # a lookahead's text is in the file
    (r"(?!notthis)....", None),
    (r"(?i)PokerStars", None),                          # other cases match too
    (r"(?i:PokerStars) Hand #", (" Hand #",)),
    (r"Poke(?:Stars|)Hand", ("Poke",)),                # a branch that may be empty: not it
])
def test_needed_texts_of_patterns(pattern, texts):
    assert needed(re.compile(pattern)) == texts


def test_first_characters():
    assert first_chars(r"(?:ab|c)d") == frozenset("ac")
    assert first_chars(r"x?y") == frozenset("xy")
    assert first_chars(r".x") is None


_WORDS = ["Hand", "Game", "#", " ", "Poker", "x", "\n", "12"]
_piece = st.recursive(
    st.sampled_from(_WORDS).map(re.escape) | st.sampled_from([r"\d+", r"[^\n]*", r"\s", "."]),
    lambda inner: st.one_of(
        st.lists(inner, min_size=1, max_size=4).map("".join),
        st.lists(inner, min_size=2, max_size=3).map(lambda xs: "(?:" + "|".join(xs) + ")"),
        st.tuples(inner, st.sampled_from(["?", "*", "+", "{2}", "{1,3}"]))
          .map(lambda t: f"(?:{t[0]}){t[1]}"),
        inner.map(lambda x: f"(?={x})"), inner.map(lambda x: f"(?!{x})"),
    ), max_leaves=12)


@settings(max_examples=400, deadline=None)
@given(_piece, st.lists(st.sampled_from(_WORDS), max_size=30).map("".join))
def test_a_text_that_matches_holds_a_needed_text(pattern, text):
    rx = re.compile(pattern)
    texts = needed(rx)
    if texts is not None and rx.search(text):
        assert any(t in text for t in texts), (pattern, text, texts)


def _plain_detect(text: str):
    """The registry's answer by searching every pattern through the text."""
    for r in registry.rooms():
        if r.start.search(text):
            return r
    head = text[:registry.HEAD]
    return next((name for name, sig in registry.NOT_YET if sig.search(head)), None)


@pytest.mark.slow
def test_detect_gives_what_searching_every_pattern_gives():
    paths = [p for folder in (SAMPLES, CORPUS, WILD) if folder.exists()
             for p in sorted(folder.rglob("*")) if p.is_file()]
    assert paths
    for path in paths:
        text, _ = decode(path.read_bytes()[:1 << 21])
        assert registry.detect(text) == _plain_detect(text), path
