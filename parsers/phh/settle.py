"""Who collects what: PHH writes no collected lines, so the pots are paid as the rules
pay them (as pokerkit settles a hand): the uncalled bet back to its bettor, each pot
to the best hands among its players who did not muck, split equally, odd chips one
each from the button's left; each run of the board half the pot.

Where the record writes ``winnings`` those are what each player collects. Where a
contested pot's cards were not shown, the rules cannot pay it: ``finishing_stacks``,
where written, say what each player collected; else the pot is left unpaid (the
replay then says who could not be judged).
"""
from __future__ import annotations

from decimal import Decimal

from engine.equity.evaluate import evaluate
from engine.model.hand import ZERO, Collect
from engine.rules.pots import Pot, build_pots, split, uncalled
from parsers.phh.actions import Play


def uncalled_bet(play: Play) -> tuple[str, Decimal] | None:
    """The part of the top bet nobody called, given back (antes are in no bet)."""
    back = uncalled(_bets(play))
    if back:
        play.contributed[back[0]] -= back[1]
        play.stack[back[0]] += back[1]
    return back


def _bets(play: Play) -> dict[str, Decimal]:
    dead = play.dead
    if dead and any(play.contributed[p] <= dead.get(p, ZERO) for p in play.all_in):
        dead = {}  # all-in on an ante: that money makes a level of its own
    return {p: c - dead.get(p, ZERO) for p, c in play.contributed.items()}


def pots(play: Play) -> list[Pot]:
    """Main pot, then side pots; antes go to the main pot."""
    bets = _bets(play)
    live = set(play.contributed) - play.folded
    found = build_pots(bets, live, play.all_in)
    dead = sum(play.contributed.values(), ZERO) - sum(bets.values(), ZERO)
    if dead:
        if found:
            found[0] = Pot(found[0].amount + dead, found[0].eligible)
        else:
            found = [Pot(dead, frozenset(live))]
    return found


def collects(play: Play, unit: Decimal, winnings: list[Decimal] | None,
             finishing: list[Decimal] | None) -> list[Collect]:
    """What each player collects (see the module's doc)."""
    names = play.names
    if winnings is not None:
        return [Collect(p, won) for p, won in zip(names, winnings) if won]
    paid = by_the_rules(play, unit)
    if paid is None and finishing is not None:
        return [Collect(p, end - play.stack[p]) for p, end in zip(names, finishing)
                if end > play.stack[p]]
    return paid or []


def by_the_rules(play: Play, unit: Decimal) -> list[Collect] | None:
    """Each pot and run paid to its best hands; None where a contested pot's cards
    are not known."""
    found = pots(play)
    mucked = {s.player for s in play.shows if not s.shown}
    known = dict(play.hole)
    for s in play.shows:
        if s.shown and len(s.cards) >= len(known.get(s.player, ())):
            known[s.player] = s.cards
    boards = [b for b in play.boards if b] or [[]]
    out: list[Collect] = []
    for i, pot in enumerate(found):
        label = i if len(found) > 1 else None
        contenders = [p for p in play.names if p in pot.eligible and p not in mucked] \
            or [p for p in play.names if p in pot.eligible]
        halves = split(pot.amount, list(range(len(boards))), unit)
        for run, board in enumerate(boards, start=1):
            share = halves[run - 1]
            if len(contenders) > 1:
                if len(board) < 5 or any(len(known.get(p, ())) < 2 for p in contenders):
                    return None
                ranks = {p: evaluate(tuple(known[p][:2]) + tuple(board)) for p in contenders}
                best = max(ranks.values())
                winners = [p for p in contenders if ranks[p] == best]
            else:
                winners = contenders
            for player, got in split(share, winners, unit).items():
                if got:
                    out.append(Collect(player, got, label, run))
    return out
