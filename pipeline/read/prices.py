"""The price check: every call or fold of a player facing a bet on the river, and every
all-in decision on any street (facing an all-in bet, or a call that puts the player
all-in), priced: the pot odds from the hand's pots as the rules build them (only hands
whose verdict is ok), against the exact equity versus the opponents' cards where every
opponent still in showed them, else versus a range (one opponent only: the range given,
or the top VPIP share of starting hands from that opponent's stats).

Per decision: ``price`` (the equity a call needs, %), ``equity`` (%), ``ev_call`` (big
blinds a call wins on average: the player's share of each pot they can win, less the
call; 0 for a fold) and ``mistake`` (big blinds given away: a call's negative EV, or a
fold's positive EV). Equity after the decision is all that counts: no later betting
(none on the river once the action closes; an all-in leaves none to the player), no
rake; a player still to act behind is not known (``behind`` says how many).
"""
from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import duckdb

from engine.equity.allin import pot_equities
from engine.equity.evaluate import evaluate
from engine.equity.ranges import parse, top
from engine.model.hand import ZERO
from engine.rules.pots import Pot, build_pots, dead_part
from pipeline.read.queries import Filters, _rows

RIVER, PREFLOP = 4, 1
BOARD_AT = {1: 0, 2: 3, 3: 4, 4: 5}
_BETTING = ("fold", "check", "call", "bet", "raise")
_CANDIDATES = """
SELECT DISTINCT s.site, s.hand_id, s.player FROM {rows}
  AND EXISTS (SELECT 1 FROM verdicts v WHERE v.site = s.site AND v.hand_id = s.hand_id
              AND v.status = 'ok')
  AND EXISTS (SELECT 1 FROM actions a WHERE a.site = s.site AND a.hand_id = s.hand_id
              AND a.player = s.player AND a.kind IN ('call', 'fold') AND a.street BETWEEN 1 AND 4
              AND (a.street = 4 OR a.all_in OR EXISTS (
                  SELECT 1 FROM actions b WHERE b.site = a.site AND b.hand_id = a.hand_id
                  AND b.street = a.street AND b.seq < a.seq AND b.all_in)))
"""


def price_check(con: duckdb.DuckDBPyConnection, f: Filters, ranges: str | None = None,
                limit: int | None = None) -> dict:
    """``decisions``: the player's priced decisions (every player's, with none chosen),
    the costliest first (see the module doc), each with player, site, hand_id, seq,
    street, decision, owed, pot, price, equity, ev_call, mistake (big blinds), against
    (whose cards or which range), pots ([amount, [players]] of the pots the player can
    win), cards (the cards priced against, where shown: player -> cards, the player's
    own too), dead (folded cards shown) and behind; ``unpriced``: the decisions that
    could not be priced, by reason; ``priced``: how many were."""
    given = parse(ranges) if ranges else None
    rows, params = _rows(f)
    keys = con.execute(_CANDIDATES.format(rows=rows.replace(" WHERE ", " WHERE (", 1) + ")")
                       + " ORDER BY 1, 2, 3", params).fetchall()
    decisions, unpriced = [], {}
    vpip = _vpips(con, keys) if keys and given is None else {}
    hands: dict = {}
    for site, hand_id, player in keys:
        hand = hands.get((site, hand_id)) or _load(con, site, hand_id)
        hands = {(site, hand_id): hand}  # (one hand kept: its players come together)
        for d in _decisions(hand, player):
            priced = _priced(hand, d, given, vpip)
            if isinstance(priced, str):
                unpriced[priced] = unpriced.get(priced, 0) + 1
            else:
                decisions.append(priced)
    decisions.sort(key=lambda d: (-d["mistake"], d["site"], d["hand_id"], d["seq"]))
    return {"decisions": decisions[:limit] if limit else decisions, "unpriced": unpriced,
            "priced": len(decisions)}


def _load(con: duckdb.DuckDBPyConnection, site: str, hand_id: str) -> dict:
    (board, bb, currency), = con.execute(
        "SELECT board, big_blind, currency FROM hands WHERE site = ? AND hand_id = ?",
        [site, hand_id]).fetchall()
    players = con.execute(
        "SELECT player, stack, hole_cards, position IS NOT NULL FROM hand_players"
        " WHERE site = ? AND hand_id = ?", [site, hand_id]).fetchall()
    actions = con.execute(
        "SELECT seq, street, player, kind, amount, all_in FROM actions"
        " WHERE site = ? AND hand_id = ? ORDER BY seq", [site, hand_id]).fetchall()
    return {"site": site, "hand_id": hand_id, "board": (board or "").split(), "bb": bb,
            "currency": currency, "actions": actions,
            "stack": {p: stack for p, stack, _, _ in players},
            "cards": {p: tuple(c.split()) for p, _, c, _ in players if c and len(c.split()) == 2},
            "dealt": [p for p, _, _, dealt in players if dealt]}


def _decisions(hand: dict, player: str):
    """The state at each of ``player``'s calls and folds that the check prices: facing a
    bet on the river, facing an all-in bet or raise, or a call of all they have left."""
    total: dict[str, Decimal] = {}
    street_put: dict[str, Decimal] = {}
    folded: set[str] = set()
    all_in: set[str] = set()
    street, level, all_in_bet = 0, ZERO, False
    bb = hand["bb"] or ZERO
    # who folds at some point: they contest no pot at the showdown (their chips stay in)
    folding = {who for _, _, who, kind, _, _ in hand["actions"] if kind == "fold"}
    for seq, st, who, kind, amount, is_all_in in hand["actions"]:
        if st > RIVER:
            break
        if st != street:
            if st > PREFLOP:  # (the posts, street 0, are the preflop's bets)
                street_put, level = {}, ZERO
            street, all_in_bet = st, False
        if who == player and kind in ("call", "fold") and st >= PREFLOP:
            left = hand["stack"].get(player, ZERO) - total.get(player, ZERO)
            owed = min(level - street_put.get(player, ZERO), left)
            if owed > 0 and (st == RIVER or all_in_bet or owed == left):
                yield {"player": player, "seq": seq, "street": st, "decision": kind,
                       "owed": owed, "total": dict(total),
                       "folded": (folded | folding) - {player},
                       "all_in": set(all_in) | ({player} if owed == left else set()),
                       "behind": _behind(hand["actions"], seq, st, player)}
        total[who] = total.get(who, ZERO) + amount
        street_put[who] = street_put.get(who, ZERO) + amount - dead_part(kind, amount, bb)
        if kind != "fold":
            level = max(level, street_put[who])
        if kind == "fold":
            folded.add(who)
        if is_all_in:
            all_in.add(who)
            all_in_bet = all_in_bet or kind in ("bet", "raise")


def _behind(actions, seq: int, street: int, player: str) -> int:
    """Players who act on this street after the decision (not yet known to it)."""
    return len({who for s, st, who, kind, _, _ in actions
                if s > seq and st == street and who != player and kind in _BETTING})


def _priced(hand: dict, d: dict, given, vpip: dict) -> dict | str:
    owed = d["owed"]
    hero = d["player"]
    if hero not in hand["cards"]:
        return "the player's cards are not known"
    contributed = dict(d["total"])
    contributed[hero] = contributed.get(hero, ZERO) + owed
    live = {p for p in hand["dealt"] if p not in d["folded"]} | {hero}
    pots = [p for p in build_pots(contributed, live, d["all_in"]) if hero in p.eligible]
    if not pots:
        return "no pot to win"
    winnable = sum((p.amount for p in pots), ZERO)
    opponents = sorted({q for p in pots for q in p.eligible} - {hero})
    board = hand["board"][:BOARD_AT[d["street"]]]
    if len(board) < BOARD_AT[d["street"]]:
        return "the board is not known"
    known = [q for q in opponents if q in hand["cards"]]
    dead = [c for q, cards in hand["cards"].items() if q in d["folded"] for c in cards]
    cards = None
    if len(known) == len(opponents):
        cards = {hero: hand["cards"][hero], **{q: hand["cards"][q] for q in known}}
        share = _share(board, cards, pots, dead, hero)
        against = "shown: " + ", ".join(f"{q} {' '.join(hand['cards'][q])}" for q in known)
    elif len(opponents) - len(known) == 1 and not known:
        villain = opponents[0]
        width = vpip.get(villain)
        width = 100.0 if width is None else width
        combos = given if given is not None else top(width / 100)
        share = _range_share(board, hero, hand["cards"][hero], villain, combos, pots, dead)
        if share is None:
            return "no hand of the range fits the cards out"
        against = ("the range given" if given is not None else
                   f"{villain}'s VPIP range ({width:.0f} %)")
    else:
        return "several opponents' cards not known"
    bb = hand["bb"] or Decimal(1)
    value = sum((Fraction(p.amount) * share[i] for i, p in enumerate(pots)), Fraction(0))
    ev_call = (value - Fraction(owed)) / Fraction(bb)
    equity = value / Fraction(winnable)
    mistake = max(-ev_call, Fraction(0)) if d["decision"] == "call" else max(ev_call, Fraction(0))
    return {"player": hero, "site": hand["site"], "hand_id": hand["hand_id"], "seq": d["seq"],
            "street": d["street"], "decision": d["decision"], "owed": float(owed),
            "pot": float(winnable), "currency": hand["currency"],
            "price": round(100 * float(owed / winnable), 2),
            "equity": round(100 * float(equity), 2), "ev_call": round(float(ev_call), 2),
            "mistake": round(float(mistake), 2), "against": against,
            "pots": [[float(p.amount), sorted(p.eligible)] for p in pots],
            "board": board, "cards": {p: " ".join(c) for p, c in (cards or {}).items()},
            "dead": dead, "behind": d["behind"]}


def _share(board, hole: dict, pots: list[Pot], dead, hero: str) -> list[Fraction]:
    """The player's share of each pot, over every board to come (the river: the best
    hand of each pot's players, ties split)."""
    if len(board) == 5:
        ranks = {p: evaluate((*cards, *board)) for p, cards in hole.items()}
        out = []
        for pot in pots:
            best = max(ranks[q] for q in pot.eligible if q in ranks)
            winners = [q for q in pot.eligible if ranks.get(q) == best]
            out.append(Fraction(1, len(winners)) if hero in winners else Fraction(0))
        return out
    got = pot_equities(board, hole, [Pot(p.amount, frozenset(q for q in p.eligible if q in hole))
                                     for p in pots], dead)
    return [g.get(hero, Fraction(0)) for g in got]


def _range_share(board, hero: str, cards, villain: str, combos, pots: list[Pot], dead
                 ) -> list[Fraction] | None:
    """The player's share of each pot against each hand of the range that fits the
    cards out, every hand weighted alike."""
    out = set(board) | set(cards) | set(dead)
    fitting = [c for c in combos if not (set(c) & out)]
    if not fitting:
        return None
    total = [Fraction(0)] * len(pots)
    for combo in fitting:
        for i, s in enumerate(_share(board, {hero: cards, villain: combo}, pots, dead, hero)):
            total[i] += s
    return [t / len(fitting) for t in total]


def _vpips(con: duckdb.DuckDBPyConnection, keys: list) -> dict[str, float]:
    """Each player's VPIP in percent over the whole store (their range's width)."""
    rows = con.execute("SELECT player, 100 * sum(vpip_done::INT) / nullif(sum(vpip_chance::INT), 0)"
                       " FROM player_hand_stats GROUP BY player").fetchall()
    return {p: float(v) for p, v in rows if v is not None}
