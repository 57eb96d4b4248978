"""parsers/base/grammar_cache.py: Lark's analysis kept between runs, never read for a
grammar it was not made from."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from parsers.base import grammar_cache
from parsers.base.lalr import LineGrammar
from parsers.base.text import PARSERS
from parsers.pokerstars import english
from support.common import SAMPLES

GRAMMAR = PARSERS / "pokerstars" / "grammar.lark"


LEXER = english.grammar._lexer_class  # (built here, before a test's cache is set)


def _grammar(text: str | None = None) -> LineGrammar:
    return LineGrammar(text or GRAMMAR.read_text("utf-8"), LEXER, import_paths=[PARSERS])


def _automaton(g: LineGrammar) -> tuple:
    g.explore()
    return g.terminals, g._table, g.moves, g._accepts


def _analyses(cache: Path) -> list[Path]:
    """The entries of Lark's analyses (named by their digest alone)."""
    return [p for p in cache.glob("*.pickle") if "-" not in p.stem]


@pytest.fixture()
def cache(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv(grammar_cache.ENV, str(tmp_path / "cache"))
    return tmp_path / "cache"


def test_a_kept_analysis_is_read_back_without_lark_and_decides_the_same(cache):
    made = _grammar()
    assert "lark" in made.__dict__ and len(_analyses(cache)) == 1
    read = _grammar()
    assert "lark" not in read.__dict__  # Lark's analysis was not made again
    assert _automaton(read) == _automaton(made)
    text = next(SAMPLES.rglob("*.txt")).read_text("utf-8").split("\n\n\n")[0]
    assert read.tokens(text) == made.tokens(text)


def test_a_changed_grammar_is_analysed_again(cache):
    _grammar()
    changed = GRAMMAR.read_text("utf-8") + "\n// a comment changes the text\n"
    again = _grammar(changed)
    assert "lark" in again.__dict__ and len(_analyses(cache)) == 2


def test_a_changed_imported_grammar_changes_the_key(tmp_path):
    base = tmp_path / "grammars"
    (base / "base").mkdir(parents=True)
    (base / "base" / "lines.lark").write_text("A: /a/\n")
    first = grammar_cache.key("start: A", "start", [base])
    (base / "base" / "lines.lark").write_text("A: /b/\n")
    grammar_cache._grammar_files.cache_clear()  # (read once a process)
    assert grammar_cache.key("start: A", "start", [base]) != first


def test_a_damaged_entry_is_made_again(cache):
    _grammar()
    (entry,) = _analyses(cache)
    entry.write_bytes(b"not a pickle")
    again = _grammar()
    assert "lark" in again.__dict__
    assert "lark" not in _grammar().__dict__  # written whole again


def test_off_keeps_nothing_and_an_unwritable_folder_is_no_error(tmp_path, monkeypatch):
    monkeypatch.setenv(grammar_cache.ENV, "off")
    assert grammar_cache.folder() is None
    assert "lark" in _grammar().__dict__
    blocked = tmp_path / "a file"
    blocked.write_text("")
    monkeypatch.setenv(grammar_cache.ENV, str(blocked / "cache"))
    assert "lark" in _grammar().__dict__ and "lark" in _grammar().__dict__


def test_an_import_fills_the_cache_and_the_next_one_reads_it(tmp_path):
    """Two real imports of the samples: the first writes an entry a room, the second
    reads them (none written again) and stores the same hands."""
    env = dict(os.environ, HANDLENS_CACHE=str(tmp_path / "cache"))
    handlens = Path(sys.executable).with_name("handlens")
    counts = []
    for run in (1, 2):
        db = tmp_path / f"{run}.duckdb"
        subprocess.run([str(handlens), "import", str(SAMPLES), "--db", str(db), "--quiet"],
                       check=True, capture_output=True, env=env)
        entries = sorted((p.name, p.stat().st_mtime_ns) for p in (tmp_path / "cache").glob("*"))
        counts.append((entries, subprocess.run(
            [str(handlens), "stats", "--db", str(db), "--format", "csv"],
            check=True, capture_output=True, text=True, env=env).stdout))
    assert counts[0][0] and counts[0] == counts[1]


PATTERNS = [r"(?:(?P<SEAT>Seat (?P<SEAT__n>\d+): (?P<SEAT__p>.+?) \((?P<SEAT__s>[\d.]+) in chips\))"
            r"|(?P<UNKNOWN>.+))", r"\*\*\* (?P<street>FLOP|TURN|RIVER) \*\*\*(?: \[[^]]*\])+",
            r"[^\W\d]+\s*(?i:caps)"]


@pytest.mark.parametrize("flags", [0, re.ASCII])
def test_kept_regular_expressions_are_what_re_compiles(cache, flags):
    """Made, read back, and read from a damaged entry: each equal to re.compile's
    (a Pattern equals another only with the same flags, text and engine code)."""
    expected = [re.compile(p, flags) for p in PATTERNS]
    assert grammar_cache.compiled(PATTERNS, flags) == expected  # made and kept
    (entry,) = cache.glob("re*.pickle")
    before = entry.stat().st_mtime_ns
    read = grammar_cache.compiled(PATTERNS, flags)
    assert read == expected and entry.stat().st_mtime_ns == before  # read, not made
    assert read[0].fullmatch("Seat 3: Bob (12.50 in chips)").group("SEAT__s") == "12.50"
    entry.write_bytes(b"damaged")
    assert grammar_cache.compiled(PATTERNS, flags) == expected
    assert grammar_cache.compiled(PATTERNS[:2], flags) == expected[:2]  # another entry
    assert len(list(cache.glob("re*.pickle"))) == 2


def test_a_kept_value_is_named_by_its_texts(cache):
    made = []
    assert grammar_cache.kept("k", ["a", "b"], lambda: made.append(1) or "ab") == "ab"
    assert grammar_cache.kept("k", ["a", "b"], lambda: made.append(1) or "ab") == "ab"
    assert grammar_cache.kept("k", ["a", "c"], lambda: made.append(1) or "ac") == "ac"
    assert made == [1, 1]  # the second read back; other texts, another entry
