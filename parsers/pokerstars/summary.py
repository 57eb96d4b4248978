"""PokerStars' tournament summaries (summary.lark): the lines it writes its own way.
Its buy-in's parts are joined by "/" (prize pool, bounty, fee); the player is the one
the standings list at the finish the summary tells (or whom a mailed one greets);
their re-entries' cost and bounties are written apart from the prize."""
from __future__ import annotations

import re
from pathlib import Path

from parsers.base.summary import SummaryBuilder, SummaryParser
from parsers.base.values import local_money, money


class StarsSummaryBuilder(SummaryBuilder):
    SITE = "PokerStars"
    SEPARATOR = "/"
    PARTS = {2: ("prize", "fee"), 3: ("prize", "bounty", "fee")}

    def HEADER(self, tournament, game):
        self.tournament = tournament

    def BUY_IN(self, buy_in):
        self.buy_in = buy_in.strip()

    def STANDING(self, place, player, entries, country, prize):
        self.standing(place, player, entries, prize)

    def FINISH(self, place, received, award_currency, award):
        self.place = int(place)
        if received is not None:
            self.prize = money(received)
        elif award is not None:
            self.prize = local_money(award)

    def RE_ENTRIES(self, count, amount):
        self.re_entries = int(count)
        self.re_entries_paid = money(amount)

    def BOUNTIES(self, count, currency, amount):
        self.bounties = money(amount)

    def RECEIVED(self, amount):
        self.prize = money(amount)

    def GREETING(self, player):
        self.player = player


summary = SummaryParser(Path(__file__).with_name("summary.lark"), StarsSummaryBuilder,
                        re.compile(r"PokerStars Tournament #\d+, "))
