"""A hand written as markdown for a forum post: the table and stacks, each street's
actions with the pot before it and the board, the showdown, and the result at the end
(so that a reader can think the hand through before seeing it). Amounts in big blinds
(``in_bb``) or in the hand's money; cards as text with suit symbols."""
from __future__ import annotations

from decimal import Decimal

import duckdb

SUITS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}
STREETS = {1: "Preflop", 2: "Flop", 3: "Turn", 4: "River"}
BOARD_AT = {2: slice(0, 3), 3: slice(3, 4), 4: slice(4, 5)}
# posts that count toward a player's preflop bet (antes and dead blinds do not; of a
# small and big blind posted together, the big)
LIVE_BLINDS = ("post_sb", "post_bb", "post_straddle", "post_button_blind", "post_sb_bb")
VERBS = {"fold": "folds", "check": "checks", "call": "calls", "bet": "bets",
         "raise": "raises to"}


def cards(text: str | None) -> str:
    """'Qh Td' -> 'Q♥ T♦'."""
    return " ".join(c[:-1] + SUITS.get(c[-1], c[-1]) for c in (text or "").split())


def _uncalled(put: dict[str, Decimal]) -> Decimal:
    """What goes back at a street's end: the most put in beyond what anyone else matched."""
    amounts = sorted(put.values(), reverse=True)
    return amounts[0] - amounts[1] if len(amounts) > 1 else (amounts[0] if amounts else 0)


def _rows(con: duckdb.DuckDBPyConnection, sql: str, params: list) -> list[dict]:
    cur = con.execute(sql, params)
    names = [d[0] for d in cur.description]
    return [dict(zip(names, r)) for r in cur.fetchall()]


def forum(con: duckdb.DuckDBPyConnection, site: str, hand_id: str, in_bb: bool = True) -> str:
    """The hand as markdown; KeyError if it is not stored."""
    found = _rows(con, """SELECT site, hand_id, game, structure, currency, small_blind,
        big_blind, ante, max_seats, table_name, tournament_id, played_at_utc, played_at,
        board, boards, total_pot, rake, kind FROM hands WHERE site = ? AND hand_id = ?""",
                  [site, hand_id])
    if not found:
        raise KeyError(f"no hand {site}:{hand_id}")
    h = found[0]
    bb = h["big_blind"] or Decimal(1)
    unit = "bb" if in_bb else ("chips" if h["kind"] == "tournament" else h["currency"])

    def amount(x: Decimal) -> str:
        if in_bb:
            return f"{x / bb:,.1f} bb"
        return f"{x:,.0f} {unit}" if unit == "chips" else f"{x:,.2f} {unit}"

    players = _rows(con, """SELECT seat, player, position, stack, hole_cards, is_hero, net
        FROM hand_players WHERE site = ? AND hand_id = ? AND NOT sitting_out ORDER BY seat""",
                    [site, hand_id])
    actions = _rows(con, """SELECT street, player, kind, amount, raise_to, all_in FROM actions
        WHERE site = ? AND hand_id = ? ORDER BY seq""", [site, hand_id])
    where = {p["player"]: p["position"] or f"seat {p['seat']}" for p in players}
    hero = next((p for p in players if p["is_hero"]), None)
    when = h["played_at_utc"] or h["played_at"]
    stakes = (f"{h['currency']} {h['small_blind']}/{h['big_blind']}" if h["kind"] != "tournament"
              else f"tournament {h['tournament_id']}, blinds {h['small_blind']}/{h['big_blind']}")
    out = [f"**{h['site']} · {h['structure'] or ''} {h['game']} · {stakes} · "
           f"{len(players)} players**  ",
           f"hand {h['hand_id']}, table {h['table_name'] or '–'}"
           + (f", {when:%Y-%m-%d %H:%M} UTC" if when and h["played_at_utc"] else ""), "",
           "Stacks: " + " · ".join(f"{where[p['player']]} {p['player']} {amount(p['stack'])}"
                                   for p in players), ""]
    boards = h["boards"] or ([h["board"]] if h["board"] else [])
    first = (boards[0] if boards else "").split()
    pot = Decimal(0)
    for street in (1, 2, 3, 4):
        done = [a for a in actions if a["street"] == street]
        if street == 1:
            pot += sum((a["amount"] for a in actions if a["street"] == 0), Decimal(0))
            head = "**Preflop**" + (f" ({where[hero['player']]} {hero['player']} has "
                                    f"{cards(hero['hole_cards'])})" if hero and
                                    hero["hole_cards"] else "")
        else:
            dealt = first[BOARD_AT[street]]
            if not dealt:
                break
            head = f"**{STREETS[street]}** ({amount(pot)}): {cards(' '.join(dealt))}"
        words = []
        put: dict[str, Decimal] = {}  # each player's chips in on this street
        if street == 1:  # the live blinds count toward the preflop bets
            for a in actions:
                if a["street"] == 0 and a["kind"] in LIVE_BLINDS:
                    live = a["amount"] - (h["small_blind"] or 0 if a["kind"] == "post_sb_bb"
                                          else 0)
                    put[a["player"]] = put.get(a["player"], Decimal(0)) + live
        for a in done:
            put[a["player"]] = put.get(a["player"], Decimal(0)) + a["amount"]
            verb = VERBS.get(a["kind"], a["kind"].replace("_", " "))
            size = a["raise_to"] if a["kind"] == "raise" and a["raise_to"] is not None \
                else a["amount"]
            words.append(f"{a['player']} {verb}" + (f" {amount(size)}" if size else "")
                         + (" (all-in)" if a["all_in"] else ""))
            pot += a["amount"]
        pot -= _uncalled(put)
        out += [head + (" — " + ", ".join(words) if words else ""), ""]
    if len(boards) > 1:
        out += ["**Boards** (run " + str(len(boards)) + " times): "
                + " / ".join(cards(b) for b in boards), ""]
    shown = _rows(con, """SELECT player, run, cards, hand_name FROM showdowns
        WHERE site = ? AND hand_id = ? AND shown ORDER BY run, player""", [site, hand_id])
    if shown:
        out += ["**Showdown**: " + "; ".join(
            f"{s['player']} shows {cards(s['cards'])}"
            + (f" ({s['hand_name']})" if s["hand_name"] else "")
            + (f" [run {s['run']}]" if len(boards) > 1 else "") for s in shown), ""]
    collected = _rows(con, """SELECT player, pot, run, amount FROM collections
        WHERE site = ? AND hand_id = ? AND NOT cash_out ORDER BY run, pot NULLS FIRST, player""",
                      [site, hand_id])
    out += ["---", "", "**Result** (below, so as not to spoil the hand):", ""]
    for c in collected:
        where_from = ("the pot" if c["pot"] is None else "the main pot" if c["pot"] == 0
                      else f"side pot {c['pot']}")
        out.append(f"- {c['player']} collects {amount(c['amount'])} from {where_from}"
                   + (f" (run {c['run']})" if len(boards) > 1 else ""))
    out.append("")
    out.append("Net: " + ", ".join(f"{p['player']} {'+' if p['net'] > 0 else ''}"
                                   f"{amount(p['net'])}" for p in players if p["net"]))
    if h["total_pot"] is not None:
        out.append(f"Total pot {amount(h['total_pot'])}, rake {amount(h['rake'] or 0)}.")
    return "\n".join(out) + "\n"
