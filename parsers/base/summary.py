"""Tournament summary files: a room's summary grammar (parsers/<room>/summary.lark, on
parsers/base/summary.lark) read by a ``SummaryBuilder`` into a TournamentResult.

The base builder reads the lines every room writes alike (entrants, prize pool, start)
and makes the result; a room's builder reads its own lines (its header, buy-in,
standings, finish, re-entries, bounties, winnings) into the same fields and declares
in ``PARTS`` the order of its buy-in's parts. ``SummaryParser`` is the room's reader:
a summary's text in, a TournamentResult out, or a ParseError naming the line.
"""
from __future__ import annotations

import re
from datetime import datetime
from decimal import Decimal
from pathlib import Path

from engine.model.hand import ZERO
from engine.model.tournament import TournamentResult
from parsers.base.builder import LineBuilder
from parsers.base.errors import ParseError
from parsers.base.lalr import LineGrammar, UnexpectedLine
from parsers.base.lexer import UNKNOWN, LineLexer
from parsers.base.tourney import buy_in_cost
from parsers.base.values import AMOUNT, money

PARSERS = Path(__file__).resolve().parent.parent
_PART = re.compile(r"[$€£¥₹]?\s*\d[\d.,]*")


class SummaryBuilder(LineBuilder):
    """Reads one summary's lines (see the module doc)."""

    PLACEHOLDERS = {"M": AMOUNT, "DATE": r"\d{4}\/\d\d?\/\d\d? \d\d?:\d\d(?::\d\d)?"}
    SITE = ""
    # the buy-in's parts in the order the room writes them, by how many there are
    PARTS: dict[int, tuple[str, ...]] = {2: ("prize", "fee"), 3: ("prize", "bounty", "fee")}
    SEPARATOR = "+"  # between the buy-in's parts
    HERO: str | None = None  # whose summary, where the room always names the hero so
    silent = frozenset({"ENDED", "OTHER"})

    def __init__(self) -> None:
        super().__init__()
        self.tournament: str | None = None
        self.name: str | None = None
        self.buy_in: str | None = None
        self.players: int | None = None
        self.pool: Decimal | None = None
        self.started: datetime | None = None
        self.place: int | None = None
        self.player: str | None = None  # named by the summary itself (a greeting)
        self.standings: dict[int, tuple[str, int, Decimal | None]] = {}  # place → who
        self.prize: Decimal | None = None
        self.bounties: Decimal | None = None
        self.received: Decimal | None = None
        self.re_entries = 0
        self.re_entries_paid: Decimal | None = None

    # ------------------------------------------------------------ the shared lines
    def ENTRANTS(self, players):
        self.players = int(players.replace(",", ""))

    def PRIZE_POOL(self, amount, currency):
        self.pool = money(amount)

    def STARTED(self, date, tz, date_et, tz_et):
        self.started = datetime.strptime(date, "%Y/%m/%d %H:%M:%S" if date.count(":") == 2
                                         else "%Y/%m/%d %H:%M")

    # ------------------------------------------------------------ the result
    def result(self) -> TournamentResult:
        """The summary's TournamentResult, of the lines read."""
        if self.tournament is None:
            raise ParseError(1, "no tournament summary header")
        cost, currency = buy_in_cost(self.buy_in.replace(self.SEPARATOR, "+")
                                     if self.buy_in else None)
        parts = self._parts()
        mine = self.standings.get(self.place) if self.place is not None else None
        player = self.player or (mine[0] if mine else None) or self.HERO
        entries = 1 + max(self.re_entries, (mine[1] - 1) if mine else 0)
        prize = self.prize if self.prize is not None else (mine[2] if mine else None)
        received = self.received
        if received is None and self.place is not None:  # the prize, and bounties apart
            received = (prize or ZERO) + (self.bounties or ZERO)
        if self.re_entries_paid is not None and cost is not None:
            paid = cost + self.re_entries_paid
        else:
            paid = cost * entries if cost is not None else None
        return TournamentResult(
            site=self.SITE, tournament_id=self.tournament, player=player, name=self.name,
            buy_in=self.buy_in, cost=cost, bounty_part=parts.get("bounty"),
            fee=parts.get("fee"), currency=currency, entries=entries, paid=paid,
            players=self.players, prize_pool=self.pool, started=self.started,
            place=self.place, prize=prize, bounties=self.bounties, received=received,
            payouts=self._payouts())

    def _payouts(self) -> tuple[Decimal, ...]:
        """The standings' prizes from the first place on, while each place lists one;
        none where the standings list the player's own line only (GGPoker's)."""
        if len(self.standings) < 2:
            return ()
        out = []
        place = 1
        while place in self.standings and self.standings[place][2]:
            out.append(self.standings[place][2])
            place += 1
        return tuple(out)

    def _parts(self) -> dict[str, Decimal]:
        """The buy-in's parts by name (PARTS), where the room's order is known."""
        if not self.buy_in:
            return {}
        amounts = _PART.findall(self.buy_in.split(" ")[0] if self.SEPARATOR == "/"
                                else self.buy_in)
        names = self.PARTS.get(len(amounts))
        if names is None:
            return {}
        try:
            return {n: money(a.strip()) for n, a in zip(names, amounts)}
        except (ArithmeticError, ValueError):
            return {}

    def standing(self, place: str, player: str, entries: str | None, prize: str | None
                 ) -> None:
        self.standings[int(place)] = (player, int(entries) if entries else 1,
                                      money(prize) if prize else None)


class SummaryParser:
    """A room's summary reader: its grammar and builder (see the module doc)."""

    def __init__(self, grammar: Path, builder: type[SummaryBuilder],
                 start: re.Pattern[str]) -> None:
        self.path, self.builder = grammar, builder
        self.start = start  # a summary's first line

    def grammar(self) -> LineGrammar:
        cached = getattr(self, "_grammar", None)
        if cached is None:
            builder = self.builder
            lexer = type("Lexer", (LineLexer,), {"placeholders": dict(builder.PLACEHOLDERS),
                                                 "shared_prefixes": (),
                                                 "order": builder.fields()})
            cached = LineGrammar(self.path.read_text("utf-8"), lexer, import_paths=[PARSERS])
            builder.bind([name for name, _ in cached.terminals])
            self._grammar = cached
        return cached

    def is_summary(self, text: str) -> bool:
        """Whether the text begins as one of the room's summaries."""
        first = text.lstrip("\ufeff \t\r\n").split("\n", 1)[0].strip()
        return bool(self.start.match(first))

    def __call__(self, text: str) -> TournamentResult:
        lines = self.grammar()
        normal = "\n".join(line.strip() for line in text.lstrip("\ufeff").replace("\r", "")
                           .split("\n"))
        tokens = [("OTHER", (), n, t) if kind == UNKNOWN else (kind, fields, n, t)
                  for kind, fields, n, t in lines.tokens(normal)]
        try:
            lines.check(tokens)
        except UnexpectedLine as exc:
            tok = exc.token
            if tok is None:
                raise ParseError(1, "not a tournament summary") from None
            raise ParseError(tok.line, f"line out of place ({tok.type})", tok.text[:160]) \
                from None
        builder = self.builder()
        try:
            builder.read(tokens)
            return builder.result()
        except ParseError:
            raise
        except (ArithmeticError, ValueError, KeyError, IndexError) as exc:
            raise ParseError(builder.line, "bad value", str(exc)) from None
