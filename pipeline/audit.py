"""The audit between hands: what a recorded file hides between its hands.

The replay proves each hand alone; this checks that the hands of a table fit
together. A table session is the hands of one table (room, tournament, table name,
and the seat of the file's owner: a room may give two tables played at once one
name, as CoinPoker does) in the order played, cut where no hand was played for
GAP_MINUTES (the recorder left). Between two hands that follow each other in a session:

- a player seated in both starts the second with what they had at the end of the
  first, with the chips the first says they bought after it (a rebuy, an add-on):
  exactly in tournaments; in cash games a player may add chips between hands, and so
  may a tournament's player where the room does not write rebuys or the tournament
  shows some (RoomRules.writes_rebuys: an add-on at a break is never written), so
  there only less is a finding;
- a hand of a game the engine does not play, written between two hands in their
  file, hides its stacks and seats: such a pair is not judged;
- the button moves on, neither staying put nor passing over a player dealt into
  both hands, and the big blind does not stay put (it may pass over a player where a
  seat emptied: the blinds follow the button). A dead button stays put where the
  small blind's player left (rooms whose big blind always moves on, as 888 does),
  where a tournament's table balancing brought players in, the room may set the
  button anew, and where a player sits out (who, away, still posts in a tournament,
  though not dealt in) the blinds may land on or skip them: none is judged there;
- where several stacks changed between the hands and one of them fell (where chips
  may come unseen: and no more came than went, or two fell), or
  the button and the big blind both passed a player (heads-up: the button stayed),
  a hand is missing: that is said once, as such, instead of each stack and seat;

and in each file, hand after hand of one table: time never goes backwards, and hand
numbers rise (rooms whose RoomRules.hand_ids_increase). A hand read twice whose
content differs (hand_copies) is an edited copy. Every finding names both hands; a
finding here never changes a hand's own verdict: it is a row of its own.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, timedelta
from typing import TYPE_CHECKING, TypeVar

import duckdb

if TYPE_CHECKING:
    import polars as pl

T = TypeVar("T")

from parsers.registry import ROOMS, room

GAP_MINUTES = 10
CODES = {
    "stack_mismatch": "a player's stack at the start of a hand is not what they had at the "
                      "end of the table's hand before (only less, where chips may come "
                      "unwritten: cash games, and tournaments with rebuys or add-ons the "
                      "room does not write)",
    "hand_missing": "the stacks, or the button and the big blind, show that a hand was "
                    "played between these two and is not in the files",
    "button_order": "the button did not move on to the next player",
    "blind_order": "the big blind did not move on to the next player",
    "time_backwards": "a hand written after another of its table in a file was played "
                      "before it",
    "id_order": "a hand's number is not higher than that of the hand of its table written "
                "before it",
    "edited_copy": "the same hand (room and number) read twice with different content: "
                   "an edited copy",
}


@dataclass(frozen=True)
class Scope:
    """Which sessions to report: those a player sat in, and overlapping dates."""

    player: str | None = None
    since: date | None = None
    until: date | None = None  # included


def _rooms_where(flag: str) -> list[str]:
    """The rooms (files.format) whose rules say False for ``flag``."""
    return [name for name in ROOMS if not getattr(room(name).rules, flag)]


def _session_hands(con: duckdb.DuckDBPyConnection) -> None:
    """audit_hands: each hand of a table (not fast-fold pools) with its table (``k``, a
    hash of the room, tournament, table name and owner's seat), its place in the table's
    order (n), its session, its button and blinds' seats, and those of the table's hand
    before it (prev_*); ``follows``: that hand is of its session; ``paired``: and is
    judged against it; ``named``: its room keeps players' names from hand to hand."""
    con.execute(f"""
        CREATE OR REPLACE TEMP TABLE audit_hands AS
        WITH seats AS (  -- the blinds' seats, and the file owner's
            SELECT site, hand_id, min(seat) FILTER (WHERE position = 'BB') AS bb,
                   min(seat) FILTER (WHERE position = 'SB') AS sb,
                   min(seat) FILTER (WHERE is_hero) AS me
            FROM hand_players WHERE position IN ('BB', 'SB') OR is_hero
            GROUP BY site, hand_id),
        skips AS (  -- in a file holding games not played here: how many came before
            SELECT site, hand_id, sum((NOT supported)::INT)
                       OVER (PARTITION BY file_id ORDER BY byte_offset) AS skipped
            FROM hands WHERE file_id IN (SELECT file_id FROM hands WHERE NOT supported)),
        rebuys AS (  -- tournaments whose hands show a rebuy
            SELECT DISTINCT h.site, h.tournament_id FROM hand_players p
            JOIN hands h USING (site, hand_id) WHERE p.chips_added > 0),
        h AS (
            SELECT h.site, h.hand_id, h.file_id, h.byte_offset, h.line,
                   f.format <> ALL(?::VARCHAR[]) AS ids_rise,
                   coalesce(h.played_at_utc, h.played_at) AS t, h.button_seat AS button,
                   h.kind = 'tournament' AS tourney, h.kind, h.table_name, h.tournament_id,
                   f.format <> ALL(?::VARCHAR[]) AS named,
                   -- a stack may grow between hands unseen: an add-on, a rebuy not written
                   h.kind <> 'tournament' OR r.site IS NOT NULL
                       OR f.format = ANY(?::VARCHAR[]) AS may_grow,
                   -- (the owner's seat only where the room names the owner in every hand)
                   hash(h.site, h.tournament_id, h.table_name,
                        CASE WHEN f.format = ANY(?::VARCHAR[]) THEN NULL ELSE s.me END) AS k,
                   s.bb, s.sb, h.players AS dealt_n, coalesce(x.skipped, 0) AS skipped
            FROM hands h JOIN files f USING (file_id) LEFT JOIN seats s USING (site, hand_id)
                 LEFT JOIN rebuys r USING (site, tournament_id)
                 LEFT JOIN skips x USING (site, hand_id)
            WHERE h.supported AND NOT coalesce(h.zoom, false) AND h.table_name IS NOT NULL
              AND coalesce(h.played_at_utc, h.played_at) IS NOT NULL),
        o AS (
            SELECT *, row_number() OVER w AS n,
                   coalesce(t - lag(t) OVER w <= INTERVAL {GAP_MINUTES} MINUTE, false)
                       AS follows,
                   lag(hand_id) OVER w AS prev_hand, lag(file_id) OVER w AS prev_file,
                   lag(line) OVER w AS prev_line, lag(button) OVER w AS prev_button,
                   lag(bb) OVER w AS prev_bb, lag(sb) OVER w AS prev_sb,
                   lag(dealt_n) OVER w AS prev_dealt_n, lag(skipped) OVER w AS prev_skipped
            FROM h WINDOW w AS (PARTITION BY k ORDER BY t, file_id, byte_offset))
        SELECT *, sum((NOT follows)::INT) OVER (PARTITION BY k ORDER BY n) AS session,
               -- judged against the hand before, unless a hand of a game not played
               -- here was written between them (its stacks and seats unseen)
               follows AND NOT coalesce(prev_file = file_id AND prev_skipped <> skipped, false)
                   AS paired
        FROM o
        """, [_rooms_where("hand_ids_increase"), _rooms_where("names_players"),
              _rooms_where("writes_rebuys"), _rooms_where("names_the_owner")]).fetchall()


def _pairs(con: duckdb.DuckDBPyConnection) -> None:
    """Temporary tables the findings read: audit_seated, each player of a hand with what
    they had at its end and where they sat against the button and blinds of the hand
    before; audit_judged, each hand that follows another in its session (``paired``)
    with how many stacks changed between them, whom the button and the big blind
    passed, and whether a hand is missing between them."""
    con.execute("""
        CREATE OR REPLACE TEMP TABLE audit_seated AS
        SELECT a.k, a.n, a.paired, hash(p.player) AS who, p.seat, p.stack,
               p.stack + p.net + coalesce(p.chips_added, 0) AS after,
               p.position IS NOT NULL AS dealt, p.sitting_out,
               -- sat where the button, or the big blind, went past from the hand before
               (p.seat - a.prev_button + 100) % 100 BETWEEN 1
                   AND (a.button - a.prev_button + 100) % 100 - 1 AS button_went_by,
               (p.seat - a.prev_bb + 100) % 100 BETWEEN 1
                   AND (a.bb - a.prev_bb + 100) % 100 - 1 AS bb_went_by,
               p.seat = a.prev_sb AS was_sb
        FROM audit_hands a JOIN hand_players p USING (site, hand_id)
        WHERE a.named""").fetchall()
    con.execute("""
        CREATE OR REPLACE TEMP TABLE audit_judged AS
        WITH kept AS (  -- each player seated in both hands of a pair
            SELECT s.k, s.n, s.stack - b.after AS diff, s.dealt,
                   s.dealt AND b.dealt AND s.seat = b.seat AS stayed,
                   s.button_went_by, s.bb_went_by, s.was_sb,
                   s.sitting_out OR b.sitting_out AS away
            FROM audit_seated s
                 JOIN audit_seated b ON b.k = s.k AND b.n = s.n - 1 AND b.who = s.who
            WHERE s.paired),
        moved AS (  -- per pair: stacks changed; players the button and big blind passed
            SELECT k, n,
                   count(*) FILTER (WHERE diff <> 0) AS changed,
                   count(*) FILTER (WHERE diff < 0) AS fewer,
                   coalesce(sum(diff), 0) AS total,
                   count(*) FILTER (WHERE stayed AND button_went_by) AS button_passed,
                   count(*) FILTER (WHERE stayed AND bb_went_by) AS bb_passed,
                   count(*) FILTER (WHERE stayed) AS dealt_both,
                   count(*) FILTER (WHERE dealt) AS dealt_kept,
                   count(*) FILTER (WHERE away) AS away,
                   -- the small blind of the hand before, dealt in again: the button
                   -- moves to them (where they left, a dead button may stay put)
                   count(*) FILTER (WHERE stayed AND was_sb) AS sb_stayed
            FROM kept GROUP BY k, n)
        SELECT q.*, m.* EXCLUDE (k, n),
               -- players moved in by a tournament's table balancing: the room may
               -- set the button anew
               q.tourney AND q.dealt_n > m.dealt_kept AS balanced,
               -- chips moved between players: someone has less (never so between
               -- hands: chips are only ever added there); where chips may also come
               -- unseen (a top-up, a rebuy), more than one has less, or no more came
               -- than went (one fell while another bought chips: that stack is wrong)
               (m.changed >= 2 AND m.fewer >= 1
                AND (NOT q.may_grow OR m.fewer >= 2 OR m.total <= 0))
                   OR (m.button_passed >= 1 AND m.bb_passed >= 1 AND NOT balanced)
                   -- heads-up the button goes back and forth: staying, it skipped one
                   OR (m.dealt_both = 2 AND q.dealt_n = 2 AND q.prev_dealt_n = 2
                       AND q.button = q.prev_button) AS missing
        FROM audit_hands q JOIN moved m USING (k, n)""").fetchall()


_FINDINGS = """
        WITH written AS (  -- hand after hand of a table as a file writes them
            SELECT *, lag(t) OVER f AS prev_t, lag(hand_id) OVER f AS prev_id,
                   lag(line) OVER f AS prev_line_f,
                   try_cast(hand_id AS HUGEINT) AS number,
                   lag(try_cast(hand_id AS HUGEINT)) OVER f AS prev_number
            FROM audit_hands WINDOW f AS (PARTITION BY file_id, k ORDER BY byte_offset)),
        in_file AS (  -- a file may list its hands newest first: against its own order
            SELECT *, sum((t < prev_t)::INT) OVER g > sum((t > prev_t)::INT) OVER g
                          AS newest_first
            FROM written WINDOW g AS (PARTITION BY file_id, k)),
        found AS (
        SELECT 'hand_missing' AS code, site, hand_id, file_id, line, prev_hand AS other_hand_id,
               prev_file AS other_file_id, prev_line AS other_line, NULL AS player,
               format('between hand {} and this one: {} stacks changed (by {} in all)'
                      || CASE WHEN button_passed > 0 AND bb_passed > 0
                         THEN ', the button and the big blind passed a player' ELSE '' END,
                      prev_hand, changed, total::VARCHAR)
               || CASE WHEN dealt_both = 2 AND dealt_n = 2 AND prev_dealt_n = 2
                           AND button = prev_button
                  THEN ', heads-up the button stayed' ELSE '' END AS message, k, session
        FROM audit_judged WHERE missing
        UNION ALL
        SELECT 'stack_mismatch', q.site, q.hand_id, q.file_id, q.line, q.prev_hand,
               q.prev_file, q.prev_line, p.player,
               format('{} starts with {} but ended hand {} with {}', p.player,
                      s.stack::VARCHAR, q.prev_hand, b.after::VARCHAR), q.k, q.session
        FROM audit_judged q JOIN audit_seated s USING (k, n)
             JOIN audit_seated b ON b.k = s.k AND b.n = s.n - 1 AND b.who = s.who
             JOIN hand_players p ON p.site = q.site AND p.hand_id = q.hand_id
                                AND hash(p.player) = s.who
        WHERE (q.fewer > 0 OR (q.changed > 0 AND NOT q.may_grow)) AND NOT q.missing
          AND (s.stack < b.after OR (s.stack > b.after AND NOT q.may_grow))
        UNION ALL
        SELECT 'button_order', site, hand_id, file_id, line, prev_hand, prev_file, prev_line,
               NULL, CASE WHEN button = prev_button
                          THEN format('the button stayed on seat {}', button)
                          ELSE format('the button went from seat {} to seat {}, past {} '
                                      'player(s) dealt into both hands', prev_button, button,
                                      button_passed) END, k, session
        FROM audit_judged WHERE NOT missing AND NOT balanced AND away = 0 AND dealt_both >= 3
          AND (button_passed > 0 OR (button = prev_button AND sb_stayed > 0))
        UNION ALL
        SELECT 'blind_order', site, hand_id, file_id, line, prev_hand, prev_file, prev_line,
               NULL, format('the big blind stayed on seat {}', bb), k, session
        FROM audit_judged WHERE NOT missing AND NOT balanced AND away = 0 AND dealt_both >= 3
          AND bb = prev_bb
        UNION ALL
        SELECT 'time_backwards', site, hand_id, file_id, line, prev_id, file_id, prev_line_f,
               NULL, format('played at {}, out of the order of hand {} written above it ({})',
                            t::VARCHAR, prev_id, prev_t::VARCHAR), k, session
        FROM in_file WHERE CASE WHEN newest_first THEN t > prev_t ELSE t < prev_t END
        UNION ALL
        SELECT 'id_order', site, hand_id, file_id, line, prev_id, file_id, prev_line_f, NULL,
               format('hand {} is written after hand {}, out of the order of the file', hand_id,
                      prev_id), k, session
        FROM in_file WHERE ids_rise
          AND CASE WHEN newest_first THEN number >= prev_number ELSE number <= prev_number END
        UNION ALL
        SELECT 'edited_copy', h.site, h.hand_id, h.file_id, h.line, c.hand_id, c.file_id,
               c.line, NULL, 'read twice, with different seats, stacks, actions or pots',
               a.k, a.session
        FROM hand_copies c JOIN hands h USING (site, hand_id)
             LEFT JOIN audit_hands a USING (site, hand_id)
        WHERE c.content IS DISTINCT FROM h.content)
        SELECT * EXCLUDE (k, session), k::VARCHAR AS tbl, session FROM found
        ORDER BY site, hand_id, code, other_hand_id, player, message
        """


_SESSIONS = """
        WITH seated AS (
            SELECT a.k, a.session, list(DISTINCT p.player ORDER BY p.player) AS players
            FROM audit_hands a JOIN hand_players p USING (site, hand_id)
            GROUP BY a.k, a.session),
        s AS (
            SELECT k, session, any_value(site) AS site,
                   any_value(table_name) AS table_name,
                   any_value(tournament_id) AS tournament_id, any_value(kind) AS kind,
                   min(t) AS start, max(t) AS "end",
                   count(*) AS hands, arg_min(hand_id, n) AS first_hand,
                   arg_max(hand_id, n) AS last_hand
            FROM audit_hands GROUP BY k, session)
        SELECT k::VARCHAR AS tbl, s.* EXCLUDE (k), seated.players
        FROM s LEFT JOIN seated USING (k, session) ORDER BY start, k"""


def _frame(con: duckdb.DuckDBPyConnection, query: str, params: list | None = None
           ) -> pl.DataFrame:
    import polars as pl  # (the import's audit, ``store``, needs no data frame)
    cur = con.execute(query, params)
    names = [d[0] for d in cur.description]
    return pl.DataFrame(cur.fetchall(), schema=names, orient="row", infer_schema_length=None)


def _over_sessions(con: duckdb.DuckDBPyConnection, then: Callable[[], T]) -> T:
    """``then()`` with the session tables it reads made (and dropped after)."""
    _session_hands(con)
    try:
        _pairs(con)
        return then()
    finally:
        for name in ("audit_hands", "audit_seated", "audit_judged"):
            con.execute(f"DROP TABLE IF EXISTS {name}").fetchall()


def audit(con: duckdb.DuckDBPyConnection) -> tuple[pl.DataFrame, pl.DataFrame]:
    """Every table session and every finding between hands, over the whole database:
    (sessions, findings)."""
    return _over_sessions(con, lambda: (_frame(con, _SESSIONS), _frame(con, _FINDINGS)))


def store(con: duckdb.DuckDBPyConnection) -> tuple[int, int]:
    """Audit the whole database again and keep the result in audit_sessions and
    audit_findings (one transaction, the rows never leaving the database);
    (sessions, findings)."""
    def write() -> tuple[int, int]:
        con.execute("BEGIN TRANSACTION").fetchall()
        try:
            counts = []
            for name, query in (("audit_sessions", _SESSIONS), ("audit_findings", _FINDINGS)):
                con.execute(f"DELETE FROM {name}").fetchall()
                counts.append(con.execute(f"INSERT INTO {name} BY NAME {query}").fetchone()[0])
            con.execute("COMMIT").fetchall()
        except BaseException:
            con.execute("ROLLBACK").fetchall()
            raise
        return counts[0], counts[1]
    return _over_sessions(con, write)


def stored(con: duckdb.DuckDBPyConnection) -> tuple[pl.DataFrame, pl.DataFrame]:
    """The audit kept by the last import: (sessions, findings)."""
    return _frame(con, "SELECT * FROM audit_sessions"), _frame(con, "SELECT * FROM audit_findings")


def in_scope(sessions: pl.DataFrame, findings: pl.DataFrame,
             scope: Scope) -> tuple[pl.DataFrame, pl.DataFrame]:
    """The sessions that a player sat in and that overlap the dates, and their
    findings; with no player nor dates, every finding (edited copies of hands in no
    session too)."""
    import polars as pl
    keep = sessions
    if scope.player is not None:
        keep = keep.filter(pl.col("players").list.contains(scope.player))
    if scope.since is not None:
        keep = keep.filter(pl.col("end") >= pl.lit(scope.since).cast(pl.Datetime("us")))
    if scope.until is not None:
        keep = keep.filter(pl.col("start") < pl.lit(scope.until + timedelta(days=1))
                           .cast(pl.Datetime("us")))
    if scope == Scope():
        return keep, findings
    return keep, findings.join(keep.select("tbl", "session"), on=["tbl", "session"],
                               how="semi")


def between_hands(con: duckdb.DuckDBPyConnection, player: str | None, kind: str,
                  since: date | None, until: date | None, sites: tuple[str, ...],
                  limit: int = 200) -> dict:
    """The audit kept by the last import, for the dashboard: table sessions and
    findings by code, and the findings themselves (with both hands' files), over the
    sessions of cash games or tournaments (``kind``) a player sat in (None: anyone),
    overlapping the dates, in the rooms named (none: all)."""
    where = """(? IS NULL OR list_contains(a.players, ?))
        AND a.kind = ?
        AND (?::DATE IS NULL OR a."end" >= ?::DATE)
        AND (?::DATE IS NULL OR a.start < ?::DATE + 1)
        AND (len(?::VARCHAR[]) = 0 OR list_contains(?::VARCHAR[], a.site))"""
    params = [player, player, kind, since, since, until, until,
              list(sites), list(sites)]
    sessions, hands = con.execute(
        f"SELECT count(*), coalesce(sum(a.hands), 0) FROM audit_sessions a WHERE {where}",
        params).fetchall()[0]
    found = f"""
        SELECT x.* FROM audit_findings x JOIN audit_sessions a USING (tbl, session)
        WHERE {where}"""
    by_code = con.execute(
        f"SELECT code, count(*) FROM ({found}) GROUP BY code ORDER BY 2 DESC, 1",
        params).fetchall()
    listed = _frame(con, f"""
        SELECT x.code, x.site, x.hand_id, f1.path, x.line, x.other_hand_id,
               f2.path AS other_path, x.other_line, x.player, x.message
        FROM ({found}) x LEFT JOIN files f1 ON f1.file_id = x.file_id
             LEFT JOIN files f2 ON f2.file_id = x.other_file_id
        ORDER BY x.site, x.hand_id, x.code LIMIT ?""", params + [limit])
    return {"sessions": sessions, "hands": int(hands), "by_code": by_code, "listed": listed}
