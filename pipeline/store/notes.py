"""Notes and tags: a person's words and marks on a hand, on one action of it (a
decision), or on a player. They live in tables of their own (schema.sql ``notes``,
``tags``) keyed by what they are about, never by a file's place, so that importing the
same files again, ``verify --recheck`` and an upgrade leave them be.

A hand is named ``SITE:ID`` as every page and command names it, or by its id alone
where one site has it; an action by its number in the hand (``actions.seq``, the
replayer's "#").
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timezone

import duckdb

USER = "user"  # a tag's source when a person set it (an auto-tag rule names itself)


class NotFound(ValueError):
    """The hand, action, player or note named is not in the database."""


@dataclass(frozen=True)
class Target:
    """What a note or tag is about: a hand, one of its actions, or a player."""

    site: str
    hand_id: str | None = None
    seq: int | None = None
    player: str | None = None

    def label(self) -> str:
        if self.hand_id is None:
            return f"player {self.player} ({self.site})"
        return f"{self.site}:{self.hand_id}" + (f" action #{self.seq}" if self.seq is not None else "")


_SAME = ("site = ? AND hand_id IS NOT DISTINCT FROM ? AND seq IS NOT DISTINCT FROM ?"
         " AND player IS NOT DISTINCT FROM ?")


def _now() -> datetime:
    return datetime.now(timezone.utc).replace(tzinfo=None, microsecond=0)


def hand(con: duckdb.DuckDBPyConnection, ref: str, seq: int | None = None) -> Target:
    """The hand ``SITE:ID`` (or ``ID`` where a single site has it), and the action
    ``seq`` of it if given; NotFound with the reason otherwise."""
    site, _, hand_id = ref.rpartition(":") if ":" in ref else ("", "", ref)
    rows = con.execute("SELECT site, hand_id FROM hands WHERE hand_id = ?"
                       + (" AND site = ?" if site else ""),
                       [hand_id, site] if site else [hand_id]).fetchall()
    if not rows:
        raise NotFound(f"no hand {ref} in the database")
    if len(rows) > 1:
        raise NotFound(f"hand {ref} is in several rooms ({', '.join(s for s, _ in rows)}):"
                       f" name it as SITE:{hand_id}")
    (site, hand_id), = rows
    if seq is not None:
        found = con.execute("SELECT count(*) FROM actions WHERE site = ? AND hand_id = ?"
                            " AND seq = ?", [site, hand_id, seq]).fetchall()[0][0]
        if not found:
            raise NotFound(f"hand {site}:{hand_id} has no action #{seq}")
    return Target(site, hand_id, seq)


def player(con: duckdb.DuckDBPyConnection, name: str, site: str | None = None) -> Target:
    """The player of this name (at ``site``, needed where several rooms have one)."""
    rows = con.execute("SELECT DISTINCT site FROM hand_players WHERE player = ?"
                       + (" AND site = ?" if site else ""),
                       [name, site] if site else [name]).fetchall()
    if not rows:
        raise NotFound(f"no player {name!r}" + (f" at {site}" if site else "")
                       + " in the database")
    if len(rows) > 1:
        raise NotFound(f"{name!r} plays at several rooms ({', '.join(sorted(r for r, in rows))}):"
                       " say which with --site")
    return Target(rows[0][0], player=name)


def add_note(con: duckdb.DuckDBPyConnection, target: Target, text: str) -> int:
    """Write a note; its number (to remove it by)."""
    if not text.strip():
        raise ValueError("a note needs some text")
    note_id = con.execute("SELECT coalesce(max(note_id), 0) + 1 FROM notes").fetchall()[0][0]
    con.execute("INSERT INTO notes VALUES (?, ?, ?, ?, ?, ?, ?)",
                [note_id, target.site, target.hand_id, target.seq, target.player,
                 text.strip(), _now()]).fetchall()
    return note_id


def remove_note(con: duckdb.DuckDBPyConnection, note_id: int) -> None:
    gone = con.execute("DELETE FROM notes WHERE note_id = ? RETURNING note_id",
                       [note_id]).fetchall()
    if not gone:
        raise NotFound(f"no note #{note_id}")


def add_tags(con: duckdb.DuckDBPyConnection, target: Target, tags: list[str],
             source: str = USER) -> list[str]:
    """Set the tags on the target; those it did not have yet from this source (a
    person's tag stands beside an auto-tag of the same name, and outlives it)."""
    have = set(tags_of(con, target, source))
    new = [t for t in dict.fromkeys(t.strip() for t in tags) if t and t not in have]
    for tag in new:
        con.execute("INSERT INTO tags VALUES (?, ?, ?, ?, ?, ?, ?)",
                    [target.site, target.hand_id, target.seq, target.player, tag, source,
                     _now()]).fetchall()
    return new


def remove_tags(con: duckdb.DuckDBPyConnection, target: Target, tags: list[str],
                source: str = USER) -> list[str]:
    """Take the tags (of ``source``: a person's) off the target; those it had. An
    auto-tag goes when its rule no longer holds (pipeline/ingest/autotags.py)."""
    gone = []
    for tag in dict.fromkeys(tags):
        rows = con.execute(f"DELETE FROM tags WHERE {_SAME} AND tag = ? AND source = ?"
                           " RETURNING tag", [target.site, target.hand_id, target.seq,
                                              target.player, tag, source]).fetchall()
        if rows:
            gone.append(tag)
    return gone


def tags_of(con: duckdb.DuckDBPyConnection, target: Target,
            source: str | None = None) -> list[str]:
    """The target's tags (set by ``source`` only, if given)."""
    return [t for (t,) in con.execute(
        f"SELECT tag FROM tags WHERE {_SAME} AND (? IS NULL OR source = ?)"
        " ORDER BY tagged_at, tag",
        [target.site, target.hand_id, target.seq, target.player, source, source]).fetchall()]


def _about(target: Target | None, of_hand: bool) -> tuple[str, list]:
    """WHERE text for what is listed: one target (with ``of_hand``, a hand and every
    action of it), or everything."""
    if target is None:
        return "TRUE", []
    if target.hand_id is not None and of_hand and target.seq is None:
        return "site = ? AND hand_id = ?", [target.site, target.hand_id]
    return _SAME, [target.site, target.hand_id, target.seq, target.player]


def list_notes(con: duckdb.DuckDBPyConnection, target: Target | None = None) -> list[dict]:
    """The notes (on a hand: on it and on each of its actions), oldest first."""
    where, params = _about(target, of_hand=True)
    cur = con.execute(f"SELECT note_id, site, hand_id, seq, player, text, written_at"
                      f" FROM notes WHERE {where} ORDER BY written_at, note_id", params)
    cols = [d[0] for d in cur.description]
    return [dict(zip(cols, r)) for r in cur.fetchall()]


def list_tags(con: duckdb.DuckDBPyConnection, target: Target | None = None,
              tag: str | None = None) -> list[dict]:
    """The tags set (on a hand: on it and on each of its actions), or those named ``tag``."""
    where, params = _about(target, of_hand=True)
    if tag is not None:
        where, params = f"({where}) AND tag = ?", params + [tag]
    cur = con.execute(f"SELECT site, hand_id, seq, player, tag, source, tagged_at FROM tags"
                      f" WHERE {where} ORDER BY site, hand_id, seq NULLS FIRST, tagged_at, tag",
                      params)
    cols = [d[0] for d in cur.description]
    return [dict(zip(cols, r)) for r in cur.fetchall()]
