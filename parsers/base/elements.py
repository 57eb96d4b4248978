"""What the XML rooms' readers share (parsers/ipoker, parsers/microgaming): a hand's
element, read with ElementTree, or the parse error that says where it is not XML."""
from __future__ import annotations

import xml.etree.ElementTree as ET

from parsers.base.errors import ParseError


def element(xml: str, lines_before: int = 0, closing: str | None = None) -> ET.Element:
    """The element of a hand's XML text (``lines_before``: the lines of the hand's text
    above it); ParseError naming the line where it is not well-formed, or, given its
    ``closing`` tag, saying that a hand cut short ends before it."""
    try:
        return ET.fromstring(xml)
    except ET.ParseError as exc:
        if closing is not None and "no element found" in str(exc):
            raise ParseError(lines_before + xml.count("\n") + 1,
                             f"the hand ends before its {closing}") from None
        row = exc.position[0] if exc.position else 1
        raise ParseError(lines_before + row, "not well-formed XML", str(exc)) from None
