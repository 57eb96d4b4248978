"""A stored hand's text as the room wrote it, read again from its file."""
from __future__ import annotations

from parsers.base.split import hand_text
from parsers.registry import room
from pipeline.store import paths


def raw_text(hand: dict) -> tuple[str | None, str | None]:
    """(the hand's text as the room wrote it, None) or (None, why it cannot be shown)."""
    if hand.get("raw_text"):
        return hand["raw_text"], None
    path = paths.local(hand["path"])
    try:
        with path.open("rb") as f:
            f.seek(hand["byte_offset"])
            data = f.read(hand["byte_length"])
    except FileNotFoundError:
        return None, f"file no longer there: {path}"
    except OSError as exc:
        return None, f"file cannot be read: {path} ({exc.strerror})"
    text = hand_text(data, hand["encoding"] or "utf-8")
    if hand["hand_id"] not in text.split("\n", 1)[0] and not _reads_as(text, hand):
        return None, f"the file has changed since the import: {path}"
    return text, None


def _reads_as(text: str, hand: dict) -> bool:
    """Does the text still read as the stored hand (a room whose first line of a hand
    does not name it: PokerNow's newest-first rows begin with "-- ending hand #N --")?"""
    if not hand.get("format"):
        return False
    try:
        return getattr(room(hand["format"]).parse(text), "hand_id", None) == hand["hand_id"]
    except (KeyError, ValueError):  # (a room no longer read; a ParseError)
        return False
