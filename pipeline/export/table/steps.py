"""One stored hand, street by street, for the dashboard's replayer.

``load(con, site, hand_id)`` reads the hand's rows (hands, hand_players, actions,
collections, showdowns, verdicts, findings) and ``streets`` turns them into steps:
for each street, the stacks before it, the pot, the board so far and the actions
with the pot after each. The raw text is read back from the file the hand came
from (``hands.raw_text`` only keeps unsupported games' text).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

import duckdb

from pipeline.export.table.chips import BOARD_AT, STREET_NAMES, ZERO, Table, boards_of, walk
from pipeline.read.verify import STREETS
from pipeline.read.raw import raw_text

ACTION_WORDS = {
    "post_sb": "posts the small blind", "post_bb": "posts the big blind",
    "post_sb_bb": "posts small & big blinds", "post_dead": "posts a dead blind",
    "post_ante": "posts the ante", "post_straddle": "posts a straddle",
    "post_button_blind": "posts the button blind", "fold": "folds", "check": "checks",
    "call": "calls", "bet": "bets", "raise": "raises to",
}


@dataclass(frozen=True)
class Step:
    """One street: what the table looked like before it, and what was done on it."""

    street: str
    board: tuple[str, ...]
    pot: Decimal  # in the middle before the street's first action
    stacks: list[dict]  # seat, player, position, stack, cards, folded (before the street)
    actions: list[dict]  # seq, player, action, amount, to, all_in, pot (after the action)


@dataclass
class Replay:
    """Everything the replayer shows of one hand."""

    hand: dict
    players: list[dict]
    steps: list[Step]
    uncalled: list[dict]  # player, amount returned
    showdown: list[dict]  # player, run, cards, shown, hand_name
    collected: list[dict]  # player, pot, run, amount
    results: list[dict]  # player, stack before, invested, collected, net, stack after
    verdict: str | None
    findings: list[dict] = field(default_factory=list)
    source: str = ""  # file:line
    raw_text: str | None = None
    raw_note: str | None = None  # why there is no raw text
    actions: list[dict] = field(default_factory=list)  # the actions table's rows, in order
    notes: list[dict] = field(default_factory=list)  # on the hand (seq None) and its actions
    tags: list[dict] = field(default_factory=list)  # the same, a tag a row


_HAND = """
SELECT h.site, h.hand_id, h.table_name, h.played_at, h.time_zone, h.played_at_utc,
       h.game, h.supported, h.structure, h.currency, h.small_blind, h.big_blind, h.ante,
       h.max_seats, h.button_seat, h.tournament_id, h.tournament_level, h.board, h.boards,
       h.total_pot, h.rake, h.fees, h.hero, h.players, h.line, h.byte_offset,
       h.byte_length, h.raw_text, f.path, f.encoding, f.format
FROM hands h JOIN files f USING (file_id)
WHERE h.site = ? AND h.hand_id = ?
"""
_CHILD = {
    "players": "SELECT seat, player, position, stack, sitting_out, hole_cards, is_hero,"
               " invested, collected, net FROM hand_players WHERE site = ? AND hand_id = ?"
               " ORDER BY seat",
    "actions": "SELECT seq, street, player, kind, amount, raise_to, all_in FROM actions"
               " WHERE site = ? AND hand_id = ? ORDER BY seq",
    "collected": "SELECT player, CASE WHEN cash_out THEN 'cash out' WHEN pot IS NULL THEN 'pot'"
                 " WHEN pot = 0 THEN 'main pot' ELSE 'side pot ' || pot END AS pot, run, amount"
                 " FROM collections WHERE site = ? AND hand_id = ?"
                 " ORDER BY run, cash_out, pot NULLS FIRST, player",
    "showdown": "SELECT player, run, cards, shown, hand_name FROM showdowns"
                " WHERE site = ? AND hand_id = ? ORDER BY run, player",
    "verdict": "SELECT status FROM verdicts WHERE site = ? AND hand_id = ?",
    "findings": "SELECT seq, code, severity, street, action, message FROM findings"
                " WHERE site = ? AND hand_id = ? ORDER BY seq",
}


_MARKS = {
    "notes": "SELECT note_id, seq, text, written_at FROM notes WHERE site = ? AND hand_id = ?"
             " ORDER BY written_at, note_id",
    "tags": "SELECT seq, tag, source FROM tags WHERE site = ? AND hand_id = ?"
            " ORDER BY seq NULLS FIRST, tagged_at, tag",
}


def _marks(con: duckdb.DuckDBPyConnection, site: str, hand_id: str) -> dict[str, list]:
    """The hand's notes and tags; none over a Parquet dataset, which has no such tables."""
    try:
        return {name: _dicts(con, sql, [site, hand_id]) for name, sql in _MARKS.items()}
    except duckdb.CatalogException:
        return {name: [] for name in _MARKS}


def _dicts(con: duckdb.DuckDBPyConnection, sql: str, params: list) -> list[dict]:
    cur = con.execute(sql, params)
    names = [d[0] for d in cur.description]
    return [dict(zip(names, row)) for row in cur.fetchall()]


def load(con: duckdb.DuckDBPyConnection, site: str, hand_id: str) -> Replay | None:
    """The hand as the replayer shows it, or None if it is not in the database."""
    found = _dicts(con, _HAND, [site, hand_id])
    if not found:
        return None
    hand = found[0]
    rows = {name: _dicts(con, sql, [site, hand_id]) for name, sql in _CHILD.items()}
    players, actions = rows["players"], rows["actions"]
    put_in: dict[str, Decimal] = {}
    for a in actions:
        put_in[a["player"]] = put_in.get(a["player"], ZERO) + a["amount"]
    uncalled = [{"player": p["player"], "amount": put_in.get(p["player"], ZERO) - p["invested"]}
                for p in players if put_in.get(p["player"], ZERO) > p["invested"]]
    results = [{"player": p["player"], "stack before": p["stack"], "invested": p["invested"],
                "collected": p["collected"], "net": p["net"],
                "stack after": p["stack"] - p["invested"] + p["collected"]}
               for p in players if not p["sitting_out"]]
    for f in rows["findings"]:
        f["street"] = None if f["street"] is None else STREETS[f["street"]]
    text, note = raw_text(hand)
    return Replay(
        hand=hand, players=players,
        steps=streets(players, actions, boards_of(hand)[0], uncalled),
        uncalled=uncalled, showdown=rows["showdown"], collected=rows["collected"],
        results=results, verdict=rows["verdict"][0]["status"] if rows["verdict"] else None,
        findings=rows["findings"], source=f"{hand['path']}:{hand['line']}",
        raw_text=text, raw_note=note, actions=actions, **_marks(con, site, hand_id))


def streets(players: list[dict], actions: list[dict], board: tuple[str, ...],
            uncalled: list[dict] = ()) -> list[Step]:
    """The betting streets of a hand, read off the walk of its chips (chips.py): posts
    count with preflop; a street whose board was dealt is shown even when nobody could
    act on it (an all-in run-out). Uncalled bets go back to their players after the
    last action of the hand."""
    dealt = [p for p in players if not p["sitting_out"]]
    t = Table(players)
    steps: list[Step] = []
    for move in walk(t, actions, len(board), uncalled):
        if move.action is not None:
            a = move.action
            steps[-1].actions.append({
                "seq": a["seq"], "player": a["player"],
                "action": ACTION_WORDS.get(a["kind"], a["kind"]), "amount": a["amount"],
                "to": a["raise_to"], "all_in": a["all_in"], "pot": t.total()})
        elif move.returned is not None:
            player, chips = move.returned
            steps[-1].actions.append({"seq": None, "player": player,
                                      "action": "uncalled bet returned", "amount": -chips,
                                      "to": None, "all_in": False, "pot": t.total()})
        else:
            before = [{"seat": p["seat"], "player": p["player"], "position": p["position"],
                       "stack": t.stack[p["player"]], "cards": p["hole_cards"],
                       "folded": p["player"] in t.folded} for p in dealt]
            steps.append(Step(STREET_NAMES[move.street], board[:BOARD_AT[move.street]],
                              t.total(), before, []))
    return steps
