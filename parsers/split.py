"""File bytes → text → raw hand texts, each with its byte offset and line number.

Rooms write UTF-8 (with or without BOM), UTF-16 (with BOM) and Windows-1252, with
CRLF, LF or CR line ends. A hand starts where its format's header starts (even in
the middle of a line, as in files that were cut and concatenated) and runs to the
next header. The last hand of a file still being written may be cut off: it is
returned as ``complete=False`` so the importer can hold it back.
"""
from __future__ import annotations

import codecs
import re
from dataclasses import dataclass

_NEWLINES = re.compile(r"\r\n?")


@dataclass(frozen=True, slots=True)
class RawHand:
    text: str  # line ends normalised to \n, non-breaking spaces to spaces
    byte_offset: int  # where the hand starts in the file
    byte_length: int
    line: int  # 1-based line of the file where the hand starts
    complete: bool = True


def decode(data: bytes) -> tuple[str, str]:
    """Bytes → (text, encoding name). The BOM, if any, is not part of the text."""
    if data.startswith(codecs.BOM_UTF8):
        return data[3:].decode("utf-8", errors="replace"), "utf-8-sig"
    if data.startswith(codecs.BOM_UTF16_LE):
        return data[2:].decode("utf-16-le", errors="replace"), "utf-16-le"
    if data.startswith(codecs.BOM_UTF16_BE):
        return data[2:].decode("utf-16-be", errors="replace"), "utf-16-be"
    if len(data) > 3 and data[1] == 0 and data[3] == 0 and data[0] != 0:
        return data.decode("utf-16-le", errors="replace"), "utf-16-le"
    try:
        return data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace"), "cp1252"


def bom_length(encoding: str) -> int:
    return {"utf-8-sig": 3, "utf-16-le": 2, "utf-16-be": 2}.get(encoding, 0)


def text_codec(encoding: str) -> str:
    """The codec that encodes the text after the BOM back to the file's bytes."""
    return "utf-8" if encoding == "utf-8-sig" else encoding


def normalise(text: str) -> str:
    """CRLF / CR → LF, non-breaking spaces → spaces, no trailing blank lines."""
    if "\r" in text:
        text = _NEWLINES.sub("\n", text)
    if "\xa0" in text:
        text = text.replace("\xa0", " ")
    return text.strip("\n\ufeff ")


def split_hands(text: str, start: re.Pattern[str], encoding: str, end: re.Pattern[str],
                base_offset: int | None = None, base_line: int = 1) -> list[RawHand]:
    """Cut ``text`` at every match of ``start``; the last hand is complete only if
    ``end`` (the format's closing section) occurs in it.

    ``base_offset``/``base_line`` say where ``text`` begins in the file: by default
    right after the byte order mark, if any; further on when an import resumes in
    the middle of a grown file.
    """
    if base_offset is None:
        base_offset = bom_length(encoding)
    codec = text_codec(encoding)
    starts = [m.start() for m in start.finditer(text)]
    hands: list[RawHand] = []
    if not starts:
        return hands
    offset = base_offset + _byte_length(text[:starts[0]], codec)
    line, prev = base_line, 0
    for i, pos in enumerate(starts):
        line += _count_lines(text, prev, pos)
        stop = starts[i + 1] if i + 1 < len(starts) else len(text)
        chunk = text[pos:stop]
        length = _byte_length(chunk, codec)
        hand = normalise(chunk)  # the end marker is looked for with line ends made \n
        complete = i + 1 < len(starts) or end.search(hand) is not None
        hands.append(RawHand(hand, offset, length, line, complete))
        offset += length
        prev = pos
    return hands


def _byte_length(text: str, codec: str) -> int:
    if codec in ("utf-8", "cp1252") and text.isascii():
        return len(text)
    return len(text.encode(codec, errors="replace"))


def leading_text(text: str, start: re.Pattern[str]) -> str:
    """What stands before the first hand (normally nothing but white space)."""
    m = start.search(text)
    return (text if m is None else text[:m.start()]).strip("\r\n\ufeff \t\xa0")


def _count_lines(text: str, a: int, b: int) -> int:
    n = text.count("\n", a, b)
    cr = text.count("\r", a, b)
    if cr:
        n += cr - text.count("\r\n", a, b)
    return n
