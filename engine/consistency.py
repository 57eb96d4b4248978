"""Does a hand's body agree with its own SUMMARY section?

The room writes the money twice: once as it moves (posts, bets, uncalled bets,
"collected") and once in the SUMMARY (total pot, rake, board, each seat's result).
``summary_mismatches`` names every place where the two disagree. It judges only
what the room wrote against itself; the rules engine judges the play.
"""
from __future__ import annotations

from decimal import Decimal

from engine.hand import ZERO, Hand


def chips_in_pot(hand: Hand) -> Decimal:
    """Everything put in, less uncalled bets returned, plus money the room added."""
    put = sum((a.amount for a in hand.actions), ZERO)
    returned = sum((amount for _, amount in hand.uncalled), ZERO)
    added = sum((amount for _, amount in hand.added_money), ZERO)
    return put - returned + added


def implied_uncalled(hand: Hand) -> tuple[str, Decimal] | None:
    """The bet that should come back when the room wrote no "Uncalled bet" line
    (PokerStars before 2006, some exports): what the top contributor put in beyond
    the second, when nobody wrote it returned."""
    if hand.uncalled:
        return None
    put: dict[str, Decimal] = {}
    for a in hand.actions:
        if a.kind != "post_ante":
            put[a.player] = put.get(a.player, ZERO) + a.amount
    if len(put) < 2:
        return None
    ranked = sorted(put.items(), key=lambda kv: kv[1], reverse=True)
    (top, most), (_, second) = ranked[0], ranked[1]
    return (top, most - second) if most > second else None


def summary_mismatches(hand: Hand) -> list[str]:
    s = hand.summary
    if s is None:
        return ["the hand has no SUMMARY section"]
    found = []
    pot = chips_in_pot(hand)
    implied = implied_uncalled(hand)
    if implied and pot - implied[1] == s.total_pot:
        found.append(f"uncalled bet not written: {implied[1]} returned to {implied[0]}")
        pot -= implied[1]
    if pot != s.total_pot:
        found.append(f"chips put in ({pot}) differ from the SUMMARY's total pot ({s.total_pot})")
    if s.pots and sum(s.pots, ZERO) + sum((a for n, a in s.fees if _in_total(n)), ZERO) \
            != s.total_pot:
        found.append(f"main and side pots ({' + '.join(map(str, s.pots))}) do not add up "
                     f"to the total pot ({s.total_pot})")
    collected = sum((c.amount for c in hand.collects), ZERO)
    fees = sum((a for n, a in s.fees if not _in_total(n)), ZERO)
    cash_out_fees = sum((fee for _, _, fee in hand.cash_outs), ZERO)
    if collected + s.rake + fees + cash_out_fees != s.total_pot \
            and collected + s.rake + fees != s.total_pot:
        found.append(f"collected ({collected}) + rake ({s.rake})"
                     + (f" + fees ({fees})" if fees else "")
                     + f" differ from the total pot ({s.total_pot})")
    if s.boards and tuple(b for b in hand.boards if b) != s.boards:
        found.append(f"the board {_boards(hand.boards)} differs from the SUMMARY's "
                     f"{_boards(s.boards)}")
    body: dict[str, Decimal] = {}
    for c in hand.collects:
        body[c.player] = body.get(c.player, ZERO) + c.amount
    summary: dict[str, Decimal] = {}
    for seat in s.seats:
        if seat.won:
            summary[seat.player] = sum(seat.won, ZERO)
    for player in sorted(set(body) | set(summary)):
        a, b = body.get(player, ZERO), summary.get(player, ZERO)
        if a != b:
            found.append(f"{player} collected {a} in the hand but {b} in the SUMMARY")
    return found


def _in_total(name: str) -> bool:
    """Fees the room counts inside the total pot (Run It Once's splash the pot)."""
    return name.upper() == "STP"


def _boards(boards) -> str:
    return " / ".join("[" + " ".join(b) + "]" for b in boards)
