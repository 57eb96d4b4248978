"""``handlens report FILE:LINE``: one hand's text with the players' names replaced, to
attach to a bug report."""
from __future__ import annotations

import argparse
from pathlib import Path

from pipeline.cli import common

NAME = "report"
HELP = "write one hand (FILE:LINE) with its players' names replaced, for a bug report"
DESCRIPTION = (
    "Write the hand at FILE:LINE (as `handlens errors` and `handlens verify` name "
    "them: a hand that could not be parsed, or a stored one) with every player's name "
    "replaced by Player1, Player2, ... consistently; amounts, cards and every other "
    "character kept. The names replaced are those of every hand stored from the same "
    "file and those the hand's own readable lines name (its seats, its actions); read "
    "the text before you send it all the same.")


def arguments(rep: argparse.ArgumentParser) -> None:
    rep.add_argument("where", metavar="FILE:LINE", help="the hand's file and a line in it")
    common.add_database(rep)
    rep.add_argument("--out", type=Path, help="write it to this file (default: print it)")


def run(args: argparse.Namespace) -> int:
    from pipeline.read.masked import mask_names
    from pipeline.read.raw import raw_text

    path, _, line = args.where.rpartition(":")
    if not path or not line.isdigit():
        common.say(f"not FILE:LINE: {args.where!r}")
        return common.REFUSED
    con = common.open_db(args.db, args.wait)
    try:
        found = _find(con, path, int(line))
        if found is None:
            common.say(f"no hand of {args.db} starts at or before {args.where}")
            return 1
        text, note = raw_text(found) if found.get("raw_text") is None else (found["raw_text"], None)
        if text is None:
            common.say(note)
            return 1
        names = [r[0] for r in con.execute(
            "SELECT DISTINCT p.player FROM hand_players p JOIN hands h USING (site, hand_id)"
            " WHERE h.file_id = ? AND NOT coalesce(p.anonymous, false)",
            [found["file_id"]]).fetchall()]
    finally:
        con.close()
    masked, given = mask_names(text, names + sorted(_players(found, text)))
    if args.out:
        args.out.write_text(masked, "utf-8")
    else:
        print(masked, end="" if masked.endswith("\n") else "\n")
    what = found.get("reason") or "a stored hand"
    common.say(f"{found['shown']}:{found['line']} ({what}): {len(given)} name"
                f"{'s' * (len(given) != 1)} replaced" + (f" → {args.out}" if args.out else "")
                + ("" if given else "; no names known from this file: read it before sending"))
    return 0


def _find(con, path: str, line: int) -> dict | None:
    """The hand (stored, or kept as a parse error) of that file that starts at or before
    that line, the nearest one."""
    absolute = str(Path(path).expanduser().absolute())
    files = con.execute("SELECT file_id, path, encoding, format FROM files"
                        " WHERE path IN (?, ?)", [path, absolute]).fetchall()
    if not files:
        return None
    file_id, stored, encoding, room = files[0]
    hand = con.execute(
        "SELECT site, hand_id, line, byte_offset, byte_length, raw_text FROM hands"
        " WHERE file_id = ? AND line <= ? ORDER BY line DESC LIMIT 1",
        [file_id, line]).fetchall()
    error = con.execute(
        "SELECT line, reason, raw_text FROM parse_errors WHERE file_id = ? AND line <= ?"
        " ORDER BY line DESC LIMIT 1", [file_id, line]).fetchall()
    base = {"file_id": file_id, "path": stored, "shown": stored, "encoding": encoding,
            "format": room}
    if error and (not hand or error[0][0] > hand[0][2]):
        return {**base, "line": error[0][0], "reason": error[0][1], "raw_text": error[0][2]}
    if not hand:
        return None
    site, hand_id, start, offset, length, raw = hand[0]
    return {**base, "site": site, "hand_id": hand_id, "line": start, "byte_offset": offset,
            "byte_length": length, "raw_text": raw}


def _players(found: dict, text: str) -> set[str]:
    """The players the hand's own lines name, read by its room's grammar."""
    from parsers.registry import ROOMS, room
    if found.get("format") not in ROOMS:
        return set()
    try:
        return room(found["format"]).players_in(text)
    except Exception:  # noqa: BLE001 - a text no lexer reads: the file's names only
        return set()
