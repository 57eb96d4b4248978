"""GGPoker's tournament summaries (summary.lark): the lines it writes its own way. Its
buy-in's parts are joined by "+" (prize pool, fee, then a knockout's bounty); it lists
the player's own standing only, as "Hero"; what it says the player received counts
the bounties too."""
from __future__ import annotations

import re
from pathlib import Path

from parsers.base.summary import SummaryBuilder, SummaryParser
from parsers.base.values import money


class GGSummaryBuilder(SummaryBuilder):
    SITE = "GGPoker"
    PARTS = {2: ("prize", "fee"), 3: ("prize", "fee", "bounty")}
    HERO = "Hero"  # PokerCraft writes every summary as the hero's

    def HEADER(self, tournament, name, game):
        self.tournament, self.name = tournament, name

    def BUY_IN(self, buy_in):
        self.buy_in = buy_in.strip()

    def STANDING(self, place, player, prize, ticket):
        self.standing(place, player, None, prize)

    def FINISH(self, place, received):
        self.place = int(place)
        if received is not None:
            self.received = money(received)

    def RE_ENTRIES(self, count, received):
        self.re_entries = int(count)
        if received is not None:
            self.received = money(received)

    def BOUNTIES(self):
        pass

    def RECEIVED(self, amount, ticket):
        self.received = money(amount)

    def GREETING(self):
        pass


summary = SummaryParser(Path(__file__).with_name("summary.lark"), GGSummaryBuilder,
                        re.compile(r"Tournament #\d+, .+, .+"))
