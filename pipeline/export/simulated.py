"""Write simulated hands to files, as PokerStars would: 500 hands a file."""
from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

from decimal import Decimal

from engine.model.hand import ZERO, Hand
from engine.sim.sessions import regular_hands
from engine.sim.simulate import START, simulate
from parsers.registry import room

STARS = room("pokerstars")
write_hand = STARS.write

PER_FILE = 500
PLAYS = ("regular", "random")


def write_simulated(out: Path, hands: int, seed: int = 1, play: str = "regular",
                    leak: str | None = None) -> list[Path]:
    """``play="regular"``: a regular's sessions (engine.sim.sessions), the hero playing
    ``leak`` badly if given; ``"random"``: random tables and random decisions, every
    rule of the game."""
    out.mkdir(parents=True, exist_ok=True)
    stream = _hands(random.Random(seed), hands, seed * 10_000_000, play, leak)
    files = []
    played: dict[str, list[Hand]] = {}  # the tournaments' hands, to write their summaries
    for start in range(0, hands, PER_FILE):
        chunk = [next(stream) for _ in range(start, min(start + PER_FILE, hands))]
        for hand in chunk:
            if hand.tournament_id is not None:
                played.setdefault(hand.tournament_id, []).append(hand)
        path = out / f"HH simulated seed {seed} part {start // PER_FILE + 1:04d}.txt"
        path.write_text("\n\n\n".join(write_hand(h) for h in chunk) + "\n\n\n",
                        encoding="utf-8")
        files.append(path)
    for tournament_id, its in played.items():
        written = _summary(tournament_id, its)
        if written is not None:
            path = out / f"TS simulated T{tournament_id}.txt"
            path.write_text(written, encoding="utf-8")
            files.append(path)
    return files


def _summary(tournament_id: str, hands: list[Hand]) -> str | None:
    """The hero's summary of a simulated tournament, as PokerStars writes one; None
    until the hero's finish is among the hands (a tournament cut off by the count)."""
    from engine.model.tournament import TournamentResult
    from parsers.base.tourney import buy_in_cost

    finishes = {f.player: f for h in hands for f in h.finishes}
    hero = finishes.get("Hero")
    if hero is None:
        return None
    first = hands[0]
    cost, currency = buy_in_cost(first.buy_in)
    fee = Decimal(first.buy_in.split("+")[1].split()[0].lstrip("$"))
    entrants = len({s.player for s in first.seats})
    pool = (cost - fee) * entrants
    standings = sorted((f.place, f.player, f.prize) for f in finishes.values() if f.place)
    result = TournamentResult(
        site="PokerStars", tournament_id=tournament_id, player="Hero", name=None,
        buy_in=first.buy_in, cost=cost, bounty_part=None, fee=fee, currency=currency,
        entries=1, paid=cost, players=entrants, prize_pool=pool, started=first.played_at,
        place=hero.place, prize=hero.prize, bounties=None, received=hero.prize or ZERO,
        payouts=tuple(f.prize for f in sorted(finishes.values(), key=lambda f: f.place or 99)
                      if f.prize))
    return STARS.write_summary(result, standings)


def _hands(rng: random.Random, hands: int, first: int, play: str,
           leak: str | None) -> Iterator[Hand]:
    if play == "regular":
        yield from regular_hands(rng, hands, first, START, leak)
    elif play == "random":
        for i in range(hands):
            yield simulate(rng, START + timedelta(seconds=47 * i), number=first + i)
    else:
        raise ValueError(f"play must be one of {PLAYS}, not {play!r}")
