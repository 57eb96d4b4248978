"""A player's tournament as its summary file tells it (the rooms' tournament summaries):
what they paid, where they finished and what they took home. Money is Decimal."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal


@dataclass(frozen=True, slots=True)
class TournamentResult:
    """One player's tournament, from its summary. None: the summary does not say."""

    site: str
    tournament_id: str
    player: str | None  # whose summary (its standings' or greeting's name; None: the hero)
    name: str | None  # the tournament's title, where written
    buy_in: str | None  # as written: "$250.00/$250.00/$30.00 USD", "$5+$0.8+$4.2"
    cost: Decimal | None  # one entry's: prize pool, bounty and fee together
    bounty_part: Decimal | None  # of that, the bounty's (a knockout tournament)
    fee: Decimal | None  # of that, the room's fee
    currency: str | None  # ISO code, or "FPP", "SC", None for chips or a freeroll
    entries: int  # 1 + re-entries
    paid: Decimal | None  # every entry: the summary's total where written, else entries × cost
    players: int | None  # entrants
    prize_pool: Decimal | None
    started: datetime | None  # the room's clock, as written
    place: int | None  # 1 the winner; None: still playing, or not said
    prize: Decimal | None  # the prize money the place paid (bounties apart)
    bounties: Decimal | None  # the knockouts' money, where written apart
    received: Decimal | None  # everything the summary says the player took home
    payouts: tuple[Decimal, ...] = ()  # the prize of each place, first first, where listed

    @property
    def profit(self) -> Decimal | None:
        """Received less paid; None where either is not known."""
        if self.received is None or self.paid is None:
            return None
        return self.received - self.paid
