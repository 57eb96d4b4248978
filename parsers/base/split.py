"""File bytes → text → raw hand texts, each with its byte offset and line number.

Rooms write UTF-8 (with or without BOM), UTF-16 (either byte order, with or without
BOM) and Windows-1252, with CRLF, LF or CR line ends. Text is decoded hand by hand:
a file that is not valid UTF-8 as a whole is read as UTF-8 with its undecodable
bytes kept aside, and only a hand holding such bytes is read as Windows-1252, so one
bad byte never changes how the other hands of the file read. A hand starts where its
format's header starts (even in the middle of a line, as in files that were cut and
concatenated) and runs to the next header. The last hand of a file still being
written may be cut off: it is returned as ``complete=False`` so the importer can
hold it back.
"""
from __future__ import annotations

import codecs
import re
from bisect import bisect_left
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import Protocol

# A line end: LF, CRLF or CR, and the doubled forms of files that went through two
# converters (CR CR LF, LF CR): one line end each, so they never make a blank line
_LINE_END = re.compile(r"\r*\n(?:\r(?!\n))?|\r")  # (a CR after LF: unless a CRLF's)
_TRAILING = re.compile(r"[^\S\n]+\n")  # white space that ends a line
_ZERO_WIDTH = "\u200b\u200c\u200d\u2060\ufeff"  # shown as nothing: a line of them is blank
_INVISIBLE_LINE = re.compile(f"(?m)^(?:[^\\S\\n]|[{_ZERO_WIDTH}])+$")
_ESCAPED = re.compile("[\udc80-\udcff]")  # bytes that were not UTF-8 (surrogateescape)
_ENDS = "".join(c for c in map(chr, range(0x3001)) if c.isspace()) + _ZERO_WIDTH
UTF8 = "utf-8"  # a file read hand by hand: UTF-8, a hand that is not as Windows-1252
WINDOW = 16 << 20  # bytes of a file read at once (``file_pieces``)
_MARGIN = 1 << 16  # a hand start this close to a window's end waits for the next window


@dataclass(frozen=True, slots=True)
class RawHand:
    text: str  # line ends normalised to \n, non-breaking spaces to spaces
    byte_offset: int  # where the hand starts in the file
    byte_length: int
    line: int  # 1-based line of the file where the hand starts
    complete: bool = True
    stray: str | None = None  # text that is no hand, and where: BEFORE or BETWEEN hands


BEFORE = "text before the first hand"
BETWEEN = "text between hands"  # a hand whose header was damaged, notes
# the last hand of a file, not whole yet: kept as a parse error until the file grows
# (the file may still be being written), then read again
CUT = "incomplete: the file ends inside this hand (read again when the file grows)"


def decode(data: bytes) -> tuple[str, str]:
    """Bytes → (text, encoding name). The BOM, if any, is not part of the text; the
    name ends in "-sig" when the file has one ("utf-8-sig", "utf-16-le-sig").

    For ``utf-8`` the text may hold bytes that are not UTF-8 as lone surrogates
    (``surrogateescape``): ``split_hands`` reads each hand holding some as
    Windows-1252 (see ``hand_text``)."""
    if data.startswith(codecs.BOM_UTF8):
        return data[3:].decode(UTF8, errors="surrogateescape"), "utf-8-sig"
    if data.startswith(codecs.BOM_UTF16_LE):
        return data[2:].decode("utf-16-le", errors="replace"), "utf-16-le-sig"
    if data.startswith(codecs.BOM_UTF16_BE):
        return data[2:].decode("utf-16-be", errors="replace"), "utf-16-be-sig"
    wide = _utf16_without_bom(data)
    if wide:
        return data.decode(wide, errors="replace"), wide
    return data.decode(UTF8, errors="surrogateescape"), UTF8


def _utf16_without_bom(data: bytes) -> str | None:
    """UTF-16 without a byte order mark, told by the zero bytes of ASCII text."""
    head = data[:512]
    if len(head) < 4:
        return None
    even, odd = head[0::2], head[1::2]
    if odd.count(0) > len(odd) * 0.4 and even.count(0) < len(even) * 0.1:
        return "utf-16-le"
    if even.count(0) > len(even) * 0.4 and odd.count(0) < len(odd) * 0.1:
        return "utf-16-be"
    return None


def decode_from(data: bytes, start: int, encoding: str) -> str:
    """The text of ``data[start:]`` in a file already known to be in ``encoding``."""
    codec = text_codec(encoding)
    errors = "surrogateescape" if codec == UTF8 else "replace"
    return data[start:].decode(codec, errors=errors)


def hand_text(data: bytes, encoding: str) -> str:
    """One hand's bytes, as stored by offset and length, → its normalised text."""
    codec = text_codec(encoding)
    if codec == UTF8:
        try:
            return normalise(data.decode(UTF8))
        except UnicodeDecodeError:
            return normalise(data.decode("cp1252", errors="replace"))
    return normalise(data.decode(codec, errors="replace"))


def bom_length(encoding: str) -> int:
    return {"utf-8-sig": 3, "utf-16-le-sig": 2, "utf-16-be-sig": 2}.get(encoding, 0)


def text_codec(encoding: str) -> str:
    """The codec that encodes the text after the BOM back to the file's bytes."""
    codec = encoding.removesuffix("-sig")
    return UTF8 if codec in ("utf-8", "cp1252") else codec


def normalise(text: str) -> str:
    """Every line end (``_LINE_END``) → LF, non-breaking spaces → spaces, no white
    space at the end of a line (clients end many lines with a space), none (nor a BOM
    or a zero-width space) at either end. (A line of white space or zero-width spaces
    inside becomes empty, which the lexer skips.)"""
    if "\r" in text:
        text = _lf(text)
    if not text.isascii():
        if "\xa0" in text:
            text = text.replace("\xa0", " ")
        if any(c in text for c in _ZERO_WIDTH):
            text = _INVISIBLE_LINE.sub("", text)
    if " \n" in text or "\t\n" in text:
        text = _TRAILING.sub("\n", text)
    return text.strip(_ENDS)


def _lf(text: str) -> str:
    """Every line end as LF: replaced, not searched, in the usual files (CRLF, CR)."""
    cr = text.count("\r")
    if cr == text.count("\r\n"):
        return text.replace("\r\n", "\n")
    if "\n" not in text:
        return text.replace("\r", "\n")
    return _LINE_END.sub("\n", text)


class HandFormat(Protocol):
    """What splitting needs to know of a room (parsers.base.room.Room has it)."""

    start: re.Pattern[str]  # where a hand begins

    def complete(self, text: str) -> bool: ...  # is a hand whole (its closing section)?

    def end(self, text: str) -> int: ...  # where a hand's own text ends

    between: re.Pattern[str]  # what may stand between hands and is no hand

    # what a hand needs from before it (an XML session's header): the last match before
    # a hand is put in front of its text; None: a hand's text stands alone
    context: re.Pattern[str] | None


def split_hands(text: str, fmt: HandFormat, encoding: str, base_offset: int | None = None,
                base_line: int = 1, context: str = "", final: bool = True) -> list[RawHand]:
    """Cut ``text`` at every match of ``fmt.start``. Every hand but the last is complete;
    the last is complete if ``fmt.complete`` says so (always, where ``final`` is
    False: ``text`` is then a piece of a file that goes on, see ``pieces``).

    A hand runs to the next header, but its own text ends where ``fmt.end`` says
    (after its SUMMARY): text after that which is not a separator (``fmt.between``)
    is returned as a hand of its own marked ``stray`` (a hand whose header was
    damaged, notes), so a broken header never spoils the hand before it. So is text
    before the first hand, unless a separator or a single line (a title).
    ``base_offset``/``base_line`` say where ``text`` begins in the file: by default
    right after the byte order mark, if any; further on when an import resumes in
    the middle of a grown file (``context``: then the context in force there).

    Where the format has a ``context`` (the header of an XML session, which its hands
    need to be read), each hand's text is the last context before it, a line end and
    the hand; its offset and length stay the hand's own.
    """
    if base_offset is None:
        base_offset = bom_length(encoding)
    codec = text_codec(encoding)
    starts = [m.start() for m in fmt.start.finditer(text)]
    hands: list[RawHand] = []
    if not starts:
        return hands
    head = text[:starts[0]]
    offset = base_offset + _byte_length(head, codec)
    if head and not fmt.between.fullmatch(head):
        if not head.isascii():
            head = _own_encoding(head, codec)[0]
        before = normalise(head)
        if before.count("\n") >= 1:  # more than a title line
            hands.append(RawHand(before, base_offset, offset - base_offset, base_line,
                                 stray=BEFORE))
    line, prev = base_line, 0
    for i, pos in enumerate(starts):
        line += _count_lines(text, prev, pos)
        stop = starts[i + 1] if i + 1 < len(starts) else len(text)
        chunk = text[pos:stop]
        hand = normalise(chunk)  # (bytes that are not UTF-8 still escaped)
        own = fmt.end(hand)
        last = final and i + 1 == len(starts)
        if own < len(hand):
            hands += _cut_tail(chunk, hand, own, fmt, offset, line, codec, last)
            length = _byte_length(chunk, codec)
        else:
            if chunk.isascii():
                length = len(chunk) if codec == UTF8 else _byte_length(chunk, codec)
            else:
                hand, length = _piece(chunk, codec)
            hands.append(RawHand(hand, offset, length, line, not last or fmt.complete(hand)))
        offset += length
        prev = pos
    if fmt.context is not None:
        _put_context(hands, text, starts, fmt.context, context)
    return hands


@dataclass(frozen=True, slots=True)
class Piece:
    """A run of whole hands of a file, to be split where it is parsed (a worker
    process): ``split`` gives exactly the hands ``split_hands`` gives these of the
    whole text."""

    text: str  # from a hand's start (or the text's) to the next piece's
    encoding: str
    offset: int  # where it begins in the file, in bytes
    line: int  # the file's line it begins on
    context: str = ""  # the context in force where it begins (an XML session's header)
    final: bool = True  # the file ends with it
    starts: int = 0  # hand headers in it (the hands it holds, broken ones aside)
    done: tuple[RawHand, ...] | None = None  # its hands, where split already
    at: int = 0  # where it begins in the text it was cut from

    def split(self, fmt: HandFormat) -> list[RawHand]:
        if self.done is not None:
            return list(self.done)
        return split_hands(self.text, fmt, self.encoding, self.offset, self.line,
                           self.context, self.final)


def pieces(text: str, fmt: HandFormat, encoding: str, hands: int | None = None,
           base_offset: int | None = None, base_line: int = 1, context: str = "",
           chars: int | None = None, texts: bool = True) -> list[Piece]:
    """``text`` (as ``split_hands`` takes it) cut at hand starts into pieces of
    ``hands`` hands (or of at least ``chars`` characters); the last piece holds the
    last hand alone, and the hands of all the pieces, each split on its own, are those
    of the whole text split at once. Costs one search for headers, not the per-hand
    work of splitting. ``texts=False``: the pieces without their text (where they
    begin, in ``at``, is enough), not copying the text once more."""
    if base_offset is None:
        base_offset = bom_length(encoding)
    codec = text_codec(encoding)
    starts = [m.start() for m in fmt.start.finditer(text)]
    if (hands is None) == (chars is None):
        raise ValueError("pieces: give hands or chars (one of them)")
    if chars is not None:
        cuts = [0]
        while (i := bisect_left(starts, cuts[-1] + chars)) < len(starts) - 1:
            cuts.append(starts[i])
    else:
        cuts = [0, *starts[hands:-1:hands]] if len(starts) > hands else [0]
    if len(starts) > 1 and cuts[-1] != starts[-1]:
        cuts.append(starts[-1])
    found = ([(m.start(), _context(m.group())) for m in fmt.context.finditer(text)]
             if fmt.context is not None else [])
    at = [start for start, _ in found]
    ascii_ = codec == UTF8 and text.isascii()
    out: list[Piece] = []
    offset, line = base_offset, base_line
    for i, cut in enumerate(cuts):
        if i:
            prev = cuts[i - 1]
            offset += (cut - prev) if ascii_ else _byte_length(text[prev:cut], codec)
            line += _count_lines(text, prev, cut)
        stop = cuts[i + 1] if i + 1 < len(cuts) else len(text)
        k = bisect_left(at, cut)
        lead = found[k - 1][1] if k else context
        out.append(Piece(text[cut:stop] if texts else "", encoding, offset, line, lead,
                         final=i + 1 == len(cuts),
                         starts=bisect_left(starts, stop) - bisect_left(starts, cut), at=cut))
    return out


def file_pieces(read: Callable[[int], bytes], fmt: HandFormat, encoding: str, hands: int,
                data: bytes, text: str, base_offset: int, base_line: int = 1,
                context: str = "", window: int = WINDOW,
                ended: bool = False) -> Iterator[Piece]:
    """The pieces (``pieces``) of a file read a window of bytes at a time, so a large
    file is never in memory whole: ``data`` are its bytes read so far, from
    ``base_offset`` on (after the byte order mark, if any), ``text`` their text, and
    ``read(n)`` gives up to ``n`` more bytes (fewer only at the file's end; ``ended``:
    the file's end is read already). A window
    is cut at its last hand start well inside it: the pieces before are yielded (none
    ``final``), the bytes after are read again with the next window. Whatever the
    window, the pieces hold exactly the hands ``pieces`` gives over the whole text."""
    codec = text_codec(encoding)
    while not ended:
        last = _last_start(fmt, text, min(_MARGIN, window // 4))
        if last is not None:  # (held at once: the window's bytes, or its text and pieces)
            body, text = text[:last], ""
            used = _byte_length(body, codec)
            data = data[used:]
            cut = pieces(body, fmt, encoding, hands, base_offset=base_offset,
                         base_line=base_line, context=context)
            base_offset += used
            base_line += _count_lines(body, 0, last)
            context = _last_context(fmt, body, context)
            del body
            while cut:
                yield replace(cut.pop(0), final=False)
        text = ""
        more = read(window)  # (a hand longer than a window: the window grows)
        ended = len(more) < window
        data += more
        text = decode_from(data, 0, encoding)
    yield from pieces(text, fmt, encoding, hands, base_offset=base_offset,
                      base_line=base_line, context=context)


def _last_start(fmt: HandFormat, text: str, margin: int) -> int | None:
    """The last hand start of a window that is not its first and lies ``margin``
    characters or more before its end (a header the window's end cuts off is never
    taken for one); None if there is none."""
    end = len(text) - margin
    for lo in (max(0, end - (1 << 20)), 0):  # (the window's last megabyte first)
        last = None
        for m in fmt.start.finditer(text, lo):
            if m.start() > end:
                break
            if m.start() > 0:
                last = m.start()
        if last is not None:
            return last
    return None


def _last_context(fmt: HandFormat, text: str, before: str) -> str:
    """The context in force at the end of ``text`` (``before``: the one at its start)."""
    if fmt.context is None:
        return before
    found = None
    for found in fmt.context.finditer(text):
        pass
    return _context(found.group()) if found is not None else before


def context_at(data: bytes, offset: int, encoding: str, pattern: re.Pattern[str],
               start: int = 0, lead: str = "") -> str:
    """The context in force at a byte offset of a file (an XML session's header): the
    last match of ``pattern`` in its bytes from ``start`` to ``offset``, else ``lead``
    (what was in force at ``start``)."""
    found = None
    for found in pattern.finditer(decode_from(data[:offset], start, encoding)):
        pass
    return _context(found.group()) if found is not None else lead


def _context(found: str) -> str:
    """A context's text, read as its hand is: Windows-1252 where it is not UTF-8."""
    return normalise(_own_encoding(found, UTF8)[0])


def _put_context(hands: list[RawHand], text: str, starts: list[int], pattern: re.Pattern[str],
                 before: str) -> None:
    """Put in front of each hand's text the last context before it (``before``: the
    context in force where ``text`` begins)."""
    found = [(m.start(), _context(m.group())) for m in pattern.finditer(text)]
    at = [start for start, _ in found]
    pos = iter(starts)
    for i, raw in enumerate(hands):
        if raw.stray is not None:
            continue
        k = bisect_left(at, next(pos))
        lead = found[k - 1][1] if k else normalise(before)
        if lead:
            hands[i] = replace(raw, text=f"{lead}\n{raw.text}")


def _cut_tail(chunk: str, hand: str, own: int, fmt: HandFormat, offset: int, line: int,
              codec: str, last: bool) -> list[RawHand]:
    """A hand and the text after its own end: the text, unless a mere separator, as a
    stray hand of its own (with its own offset and line)."""
    mine = chunk[:_after_lines(chunk, hand.count("\n", 0, own) + 1)]
    tail = hand[own:]
    text, length = _piece(mine, codec)
    out = [RawHand(text, offset, length, line, not last or fmt.complete(text))]
    if fmt.between.fullmatch(tail):
        return out
    skip = len(tail) - len(tail.lstrip())
    first = hand.count("\n", 0, own + skip)  # lines before the stray text
    at = _after_lines(chunk, first)
    rest, length = _piece(chunk[at:], codec)
    out.append(RawHand(rest, offset + _byte_length(chunk[:at], codec), length, line + first,
                       stray=BETWEEN))
    return out


def _after_lines(text: str, n: int) -> int:
    """The index just after the n-th line end of ``text`` (any line-end style)."""
    if n <= 0:
        return 0
    for k, m in enumerate(_LINE_END.finditer(text), start=1):
        if k == n:
            return m.end()
    return len(text)


def _piece(chunk: str, codec: str) -> tuple[str, int]:
    """A piece of a file's text: its normalised text, in its own encoding, and its
    length in bytes."""
    text, length = _own_encoding(chunk, codec)
    return normalise(text), length


def _own_encoding(chunk: str, codec: str) -> tuple[str, int]:
    """A non-ASCII chunk's text (Windows-1252 where it is not UTF-8) and byte length."""
    if codec != UTF8:
        return chunk, _byte_length(chunk, codec)
    if _ESCAPED.search(chunk) is None:
        return chunk, len(chunk.encode(UTF8))
    raw = chunk.encode(UTF8, errors="surrogateescape")
    return raw.decode("cp1252", errors="replace"), len(raw)


def _byte_length(text: str, codec: str) -> int:
    if text.isascii() and codec == UTF8:
        return len(text)
    errors = "surrogateescape" if codec == UTF8 else "replace"
    return len(text.encode(codec, errors=errors))


def count_lines(text: str) -> int:
    """Line ends in ``text``, each form (``_LINE_END``) one."""
    return _count_lines(text, 0, len(text))


def _count_lines(text: str, a: int, b: int) -> int:
    """Line ends (``_LINE_END``) in ``text[a:b]``: counted, not searched, in the usual
    files (LF, CRLF, CR alone)."""
    n = text.count("\n", a, b)
    cr = text.count("\r", a, b)
    if cr == 0 or cr == text.count("\r\n", a, b):
        return n
    if n == 0:
        return cr
    return sum(1 for _ in _LINE_END.finditer(text[a:b]))
