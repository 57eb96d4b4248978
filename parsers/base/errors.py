"""A room's exceptions: its parser's for text that cannot become a Hand, its writer's for
a Hand its format cannot express."""
from __future__ import annotations


class ParseError(ValueError):
    """A hand's text that could not be read: the line (1-based, within the hand) and why."""

    def __init__(self, line: int, reason: str, detail: str = "") -> None:
        super().__init__(f"line {line}: {reason}" + (f": {detail}" if detail else ""))
        self.line = line
        self.reason = reason  # general, for grouping: "unrecognised line"
        self.detail = detail  # particular: the line itself


class Skip(Exception):
    """A hand a room's writer cannot express as played; ``reason`` is short and stable
    (counted)."""

    def __init__(self, reason: str, detail: str = "") -> None:
        super().__init__(f"{reason}: {detail}" if detail else reason)
        self.reason = reason
