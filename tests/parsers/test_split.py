"""Reading files as rooms write them: encodings, line ends, offsets, cut hands."""
from __future__ import annotations

import codecs

import pytest

from parsers.pokerstars import ROOM as POKERSTARS
from parsers.registry import detect
from parsers.base.split import decode, split_hands
from support.common import ROOT

HAND = ("PokerStars Hand #1{n}: Hold'em No Limit ($0.01/$0.02 USD) - 2024/01/01 10:00:00 ET\n"
        "Table 'Ö Table' 6-max Seat #1 is the button\n"
        "Seat 1: Jörg ($2 in chips)\n"
        "*** SUMMARY ***\n"
        "Total pot $0 | Rake $0\n")


def two_hands(newline: str = "\n") -> str:
    return (HAND.format(n=1) + "\n\n" + HAND.format(n=2)).replace("\n", newline)


def split(data: bytes):
    text, enc = decode(data)
    return split_hands(text, POKERSTARS, enc), enc


def test_utf8_with_bom_offsets_point_at_each_hand():
    data = codecs.BOM_UTF8 + two_hands().encode("utf-8")
    hands, enc = split(data)
    assert enc == "utf-8-sig"
    assert [h.line for h in hands] == [1, 8]
    for h in hands:
        chunk = data[h.byte_offset:h.byte_offset + h.byte_length].decode("utf-8")
        assert chunk.startswith("PokerStars Hand #1")
        assert h.text.startswith(chunk.split("\n")[0])


def test_utf16_with_bom_is_read_and_offsets_are_in_bytes():
    data = codecs.BOM_UTF16_LE + two_hands("\r\n").encode("utf-16-le")
    hands, enc = split(data)
    assert enc == "utf-16-le-sig"
    second = hands[1]
    assert data[second.byte_offset:].decode("utf-16-le").startswith("PokerStars Hand #12")
    assert "Jörg" in second.text and "\r" not in second.text


def test_windows_1252_is_read():
    data = two_hands("\r\n").encode("cp1252")
    hands, enc = split(data)
    assert enc == "utf-8"  # read hand by hand: a hand that is not UTF-8 is Windows-1252
    assert "Jörg" in hands[0].text and "Jörg" in hands[1].text


def test_cr_only_line_ends_are_normalised_and_counted():
    hands, _ = split(two_hands("\r").encode())
    assert [h.line for h in hands] == [1, 8]
    assert hands[0].text.count("\n") == 4


def test_non_breaking_spaces_become_spaces():
    hands, _ = split(two_hands().replace("Rake $0", "Rake\xa0$0").encode())
    assert "Rake $0" in hands[0].text


def test_header_in_the_middle_of_a_line_starts_a_new_hand():
    text = HAND.format(n=1).replace("*** SUMMARY ***\nTotal pot $0 | Rake $0\n", "*** FLOP *** [4d Kh J")
    hands, _ = split((text + HAND.format(n=2)).encode())
    assert len(hands) == 2
    assert hands[0].text.endswith("[4d Kh J")
    assert hands[1].text.startswith("PokerStars Hand #12")


def test_last_hand_without_summary_is_incomplete():
    text = two_hands().rsplit("*** SUMMARY ***", 1)[0]
    hands, _ = split(text.encode())
    assert [h.complete for h in hands] == [True, False]


def test_detect_names_rooms_not_supported_yet():
    assert detect("Everleaf Gaming Game #123456\n***** Hand history for game #123456 *****") == "Everleaf"
    assert detect("just some text") is None
    assert detect(HAND.format(n=1)) is POKERSTARS


def _xml_format():
    """A room of XML sessions: hands are <game> elements that need their session's
    <general> header to be read (as iPoker writes them)."""
    import re

    from engine.rules.room_rules import DEFAULT
    from parsers.base.room import Room
    return Room("xml", "XML", start=re.compile(r"<game id="), parse=lambda text: text,
                rules=DEFAULT, closing="</game>", ends_at_closing=True,
                context=re.compile(r"<session[^>]*>\s*<general>.*?</general>", re.S),
                between=re.compile(r"\s*(?:</session>\s*)?(?:(?:<\?xml[^>]*>\s*)?"
                                   r"<session[^>]*>\s*<general>.*?</general>\s*)?", re.S))


SESSIONS = ('<?xml version="1.0"?>\n<session n="1">\n <general><cur>EUR</cur></general>\n'
            ' <game id="1">\n  <a/>\n </game>\n <game id="2"><a/></game>\n</session>\n'
            '<session n="2">\n <general><cur>USD</cur></general>\n <game id="3"><a/></game>\n'
            '</session>\n')


def test_each_xml_hand_is_given_its_own_session_header():
    data = SESSIONS.encode("utf-16")
    text, enc = decode(data)
    hands = split_hands(text, _xml_format(), enc)
    assert [h.stray for h in hands] == [None, None, None]
    assert [h.text.split("\n")[0] for h in hands] == ['<session n="1">'] * 2 + ['<session n="2">']
    assert ["EUR" in h.text for h in hands] == [True, True, False]
    for h, n in zip(hands, "123"):
        own = data[h.byte_offset:h.byte_offset + h.byte_length].decode("utf-16-le")
        assert own.startswith(f'<game id="{n}">') and own.rstrip().endswith("</game>")
        assert h.text.endswith("</game>") and own.strip() in h.text


def test_an_xml_import_resumed_in_a_session_keeps_its_header():
    fmt = _xml_format()
    text, enc = decode(SESSIONS.encode())
    at = text.index('<game id="2"')
    hands = split_hands(text[at:], fmt, enc, base_offset=at,
                        context='<session n="1">\n <general><cur>EUR</cur></general>')
    assert [("EUR" in h.text, "USD" in h.text) for h in hands] == [(True, False), (False, True)]


def test_an_xml_session_header_in_windows_1252_is_read_as_its_hand_is():
    """A header written in Windows-1252 in a UTF-8 file ("€" as byte 0x80): the import
    and context_at (a resumed import, verify --recheck) both read it as Windows-1252,
    never as escaped bytes nor U+FFFD."""
    from parsers.base.split import context_at
    fmt = _xml_format()
    data = SESSIONS.replace("<cur>EUR</cur>", "<cur>\u20ac</cur>").encode("cp1252")
    text, enc = decode(data)
    hands = split_hands(text, fmt, enc)
    assert ["<cur>\u20ac</cur>" in h.text for h in hands] == [True, True, False]
    assert all(h.text.encode("utf-8") for h in hands)  # no lone surrogates
    at = data.index(b'<game id="2"')
    assert "<cur>\u20ac</cur>" in context_at(data, at, enc, fmt.context)


def _real_files():
    """Every file of the corpus and the wild folder beside the checkout."""
    from support.common import CORPUS
    roots = [CORPUS, CORPUS.parent / "wild"]
    return sorted(f for root in roots if root.is_dir() for f in root.rglob("*") if f.is_file())


@pytest.mark.slow
@pytest.mark.parametrize("size", [1, 3])
def test_pieces_split_apart_give_the_hands_of_the_whole_text(size):
    """The importer's main process cuts a file at hand headers and its workers split
    the pieces: every real file of every room gives the same hands (text, offset,
    length, line, whole or cut, stray) as split at once."""
    from parsers.base.room import Room
    from parsers.base.split import pieces
    from parsers.registry import detect
    files = _real_files()
    if not files:
        pytest.skip("no real files beside the checkout (../shared/corpus, ../shared/wild)")
    many = 0
    for f in files:
        text, enc = decode(f.read_bytes())
        fmt = detect(text)
        if not isinstance(fmt, Room):
            continue
        cut = pieces(text, fmt, enc, size)
        assert [r for p in cut for r in p.split(fmt)] == split_hands(text, fmt, enc), f
        assert sum(p.starts for p in cut) == len(list(fmt.start.finditer(text)))
        many += len(cut) > 2
    assert many > 100  # files of many pieces were tried


def test_pieces_keep_the_context_offset_and_line_of_a_resumed_text():
    """A grown XML file read from the middle, in pieces of one hand: each hand keeps
    its session's header, its byte offset and its line."""
    from parsers.base.split import context_at, pieces
    text = SESSIONS.replace("\n", "\r\n").replace("EUR", "\u20ac")
    data = text.encode("utf-8")
    fmt = _xml_format()
    whole = split_hands(text, fmt, "utf-8")
    at = whole[1].byte_offset
    rest = data[at:].decode("utf-8")
    lead = context_at(data, at, "utf-8", fmt.context)
    cut = pieces(rest, fmt, "utf-8", 1, base_offset=at, base_line=whole[1].line,
                 context=lead)
    assert len(cut) == 2 and not cut[0].final and cut[1].final
    assert [r for p in cut for r in p.split(fmt)] == whole[1:]
    assert ["\u20ac" in h.text for h in whole] == [True, True, False]


# ---------------------------------------------------------------- line ends twice converted

ALCOR = next((ROOT / "sample_histories" / "pokerstars").glob("*Alcor*.txt"))


@pytest.mark.parametrize("newline", ["\r\r\n", "\n\r", "\r\n", "\r"])
def test_doubled_line_ends_are_one_line_end(newline):
    """A file that went through two converters (CR CR LF, LF CR) reads as its LF
    original: the same hands, texts and lines; only the offsets differ."""
    lf = ALCOR.read_text("utf-8-sig")
    want = split(lf.encode())[0]
    got = split(lf.replace("\n", newline).encode())[0]
    assert [(h.text, h.line, h.complete, h.stray) for h in got] == [
        (h.text, h.line, h.complete, h.stray) for h in want]
    data = lf.replace("\n", newline).encode()
    assert [data[h.byte_offset:].startswith(b"PokerStars Hand #") for h in got] == [True] * 4


@pytest.mark.parametrize("invisible", ["\u200b", " \u200b\t", "\ufeff", "\u200d\u200c"])
def test_a_line_of_zero_width_spaces_between_hands_is_blank(invisible):
    lf = ALCOR.read_text("utf-8-sig")
    text = lf.replace("\n\n\n", f"\n\n{invisible}\n\n")
    assert text != lf
    got = split(text.encode())[0]
    assert [h.stray for h in got] == [None] * 4
    assert [h.text for h in got] == [h.text for h in split(lf.encode())[0]]


def test_doubled_line_ends_import_and_verify(tmp_path):
    from support.common import import_paths, query
    folder = tmp_path / "in"
    folder.mkdir()
    lf = ALCOR.read_text("utf-8-sig")
    (folder / "crcrlf.txt").write_bytes(lf.replace("\n", "\r\r\n").encode())
    (folder / "lfcr.txt").write_bytes(lf.replace("\n", "\n\r").replace("#2400", "#2500").encode())
    s = import_paths(tmp_path / "h.duckdb", folder)
    assert (s.hands_new, s.parse_errors) == (8, 0)
    assert query(tmp_path / "h.duckdb", "SELECT DISTINCT status FROM verdicts") == [("ok",)]
