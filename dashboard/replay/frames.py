"""One stored hand as the frames of a table replayer: one frame per thing that happens.

``build(replay)`` walks the hand's actions and returns the frames in order: the seats
before the deal, each post and action, each street's cards (the bets in front of the
players gathered into the pots first), an uncalled bet going back, the showdown and
the result. Each frame holds every player's stack and bet, who folded, the board(s),
the pots in the middle (built from the chips put in, as engine.rules.pots.build_pots does)
and a sentence saying what happened. Money stays Decimal. Frames after which no one
can bet any more and every live player's cards are known are marked ``runout``:
``dashboard/replay/runout.py`` computes the equities of those.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from decimal import Decimal

from engine.rules.pots import Pot, build_pots
from dashboard.replay.steps import ACTION_WORDS, BOARD_AT, STREET_NAMES, Replay

ZERO = Decimal(0)
SUIT_SYMBOLS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}
_DIRECT = frozenset({"post_ante"})  # straight into the middle, never a bet in front


@dataclass(frozen=True)
class Seat:
    """A player's chips and state in one frame."""

    stack: Decimal  # behind, not yet put in
    bet: Decimal  # in front of them on this street
    folded: bool = False
    all_in: bool = False
    out: bool = False  # sitting out: not dealt in
    put_in: Decimal = ZERO  # every chip put in so far this hand


@dataclass(frozen=True)
class Frame:
    """The table at one moment of the hand."""

    street: str  # Preflop, Flop, Turn, River, Showdown, Result
    text: str  # what just happened, in words
    seats: dict[str, Seat]
    boards: tuple[tuple[str, ...], ...]  # one row per run once the runs differ
    pots: tuple[Pot, ...]  # gathered in the middle: main pot first
    total: Decimal  # every chip put in so far, bets in front included
    actor: str | None = None
    runout: bool = False  # nobody can bet any more, every live hand known: equity applies
    shown: dict[str, str] = field(default_factory=dict)  # player -> hand shown (showdown)
    won: dict[str, Decimal] = field(default_factory=dict)  # player -> collected (result)
    net: dict[str, Decimal] = field(default_factory=dict)  # player -> net (result)
    lines: tuple[str, ...] = ()  # further sentences (who collected what)


def amount(value: Decimal, currency: str | None) -> str:
    """Chips whole for tournaments, money with cents, thousands separated."""
    return f"{value:,.0f}" if currency == "chips" else f"{value:,.2f}"


def card_text(cards) -> str:
    return " ".join(c[:-1] + SUIT_SYMBOLS.get(c[-1:], c[-1:]) for c in cards)


def pot_name(index: int, count: int) -> str:
    if count == 1:
        return "In the middle"
    return "Main pot" if index == 0 else ("Side pot" if count == 2 else f"Side pot {index}")


class _Table:
    """The running state the frames are snapshots of."""

    def __init__(self, r: Replay):
        self.currency = r.hand["currency"]
        self.order = [p["player"] for p in r.players]
        self.dealt = {p["player"] for p in r.players if not p["sitting_out"]}
        self.stack = {p["player"]: p["stack"] for p in r.players}
        self.bet = dict.fromkeys(self.order, ZERO)
        self.put_in: dict[str, Decimal] = {}
        self.folded: set[str] = set()
        self.all_in: set[str] = set()
        self.boards: tuple[tuple[str, ...], ...] = ((),)

    def live(self) -> set[str]:
        return self.dealt - self.folded

    def add(self, player: str, chips: Decimal, in_front: bool = True) -> None:
        self.put_in[player] = self.put_in.get(player, ZERO) + chips
        if player in self.stack:
            self.stack[player] -= chips
            if in_front:
                self.bet[player] += chips

    def gather(self) -> None:
        self.bet = dict.fromkeys(self.order, ZERO)

    def pots(self) -> tuple[Pot, ...]:
        gathered = {p: c - self.bet.get(p, ZERO) for p, c in self.put_in.items()}
        return tuple(build_pots(gathered, self.live(), self.all_in & gathered.keys()))

    def frame(self, street: str, text: str, **extra) -> Frame:
        seats = {p: Seat(self.stack[p], self.bet[p], p in self.folded, p in self.all_in,
                         p not in self.dealt, self.put_in.get(p, ZERO)) for p in self.order}
        return Frame(street, text, seats, self.boards, self.pots(),
                     sum(self.put_in.values(), ZERO), **extra)


def _words(a: dict, currency: str | None) -> str:
    """'Hero raises to 0.30', 'kb_grinder calls 0.35 and is all-in', ..."""
    words = ACTION_WORDS.get(a["kind"], a["kind"].replace("_", " "))
    if a["kind"] == "raise" and a["raise_to"] is not None:
        words += " " + amount(a["raise_to"], currency)
    elif a["amount"]:
        words += " " + amount(a["amount"], currency)
    return f"{a['player']} {words}" + (" and is all-in" if a["all_in"] else "")


def _boards_at(boards: list[tuple[str, ...]], cards: int) -> tuple[tuple[str, ...], ...]:
    """The board rows seen once ``cards`` cards are out: one row until the runs differ."""
    rows = tuple(dict.fromkeys(b[:cards] for b in boards))
    return rows if len(rows) > 1 else (boards[0][:cards],)


def _dealt_text(street: str, before: tuple, after: tuple) -> str:
    """'Flop: Q♠ J♦ 4♣', or each run's new cards once the runs differ."""
    new = [card_text(row[len(before[i] if len(before) > 1 else before[0]):])
           for i, row in enumerate(after)]
    if len(after) == 1:
        return f"{street}: {new[0]}"
    return f"{street}: " + " / ".join(f"run {i} {cards}" for i, cards in enumerate(new, 1))


def _no_more_betting(t: _Table, known: dict[str, str]) -> bool:
    live = t.live()
    return (len(live) >= 2 and sum(1 for p in live if p not in t.all_in) <= 1
            and all(len((known.get(p) or "").split()) == 2 for p in live)
            and len(t.boards) == 1 and len(t.boards[0]) < 5)


def build(r: Replay) -> list[Frame]:
    """Every frame of the hand, in order (see the module's docstring)."""
    t = _Table(r)
    cur = t.currency
    known = {p["player"]: p["hole_cards"] for p in r.players}
    boards = [tuple(b.split()) for b in (r.hand["boards"] or []) if b] or [
        tuple((r.hand["board"] or "").split())]
    returned = {u["player"]: u["amount"] for u in r.uncalled}
    frames = [t.frame("Preflop", f"{len(t.dealt)} players are dealt in")]
    last = max((a["seq"] for a in r.actions if a["street"] <= 4), default=None)
    for street, name in STREET_NAMES.items():
        mine = [a for a in r.actions if max(a["street"], 1) == street and a["street"] <= 4]
        if street > 1:
            if (not mine and len(boards[0]) < BOARD_AT[street]) or len(t.live()) < 2:
                break
            t.gather()
            before, t.boards = t.boards, _boards_at(boards, BOARD_AT[street])
            frames.append(t.frame(name, _dealt_text(name, before, t.boards),
                                  runout=_no_more_betting(t, known)))
        for a in mine:
            t.add(a["player"], a["amount"], a["kind"] not in _DIRECT)
            if a["kind"] == "fold":
                t.folded.add(a["player"])
            if a["all_in"] or (a["player"] in t.stack and t.stack[a["player"]] <= 0
                               and a["amount"] > 0):
                t.all_in.add(a["player"])
            frames.append(t.frame(name, _words(a, cur), actor=a["player"]))
            if a["seq"] == last:
                for player, chips in returned.items():
                    t.add(player, -chips)
                    if t.stack.get(player, ZERO) > 0:
                        t.all_in.discard(player)
                    frames.append(t.frame(name, f"Uncalled bet ({amount(chips, cur)})"
                                          f" returned to {player}", actor=player))
                if _no_more_betting(t, known):
                    frames[-1] = replace(frames[-1], runout=True)
    t.gather()
    if r.showdown:
        t.boards = _boards_at(boards, 5) if len(t.live()) > 1 else t.boards
        shown = _shown(r.showdown)
        frames.append(t.frame("Showdown", "The cards are shown", shown=shown,
                              lines=tuple(f"{p}: {words}" for p, words in shown.items())))
    else:
        shown = {}
    frames.append(_result(r, t, shown))
    return frames


def _shown(showdown: list[dict]) -> dict[str, str]:
    """player -> what they showed (the hand names of every run), 'mucks' when not shown."""
    out: dict[str, list[str]] = {}
    for s in showdown:
        words = (s["hand_name"] or "") if s["shown"] else "mucks"
        said = out.setdefault(s["player"], [])
        if words and words not in said:
            said.append(words)
    return {p: " / ".join(w) or "shows" for p, w in out.items()}


def _result(r: Replay, t: _Table, shown: dict[str, str]) -> Frame:
    """The last frame: pots paid out, stacks after, who collected what, net per player."""
    cur = t.currency
    won: dict[str, Decimal] = {}
    runs = len({c["run"] for c in r.collected}) > 1
    parts: dict[tuple, list[str]] = {}  # (run, player) -> what they collected, from where
    for c in r.collected:
        won[c["player"]] = won.get(c["player"], ZERO) + c["amount"]
        where = {"cash out": " (cash out)", "pot": " from the pot",
                 "main pot": " from the main pot"}.get(c["pot"], f" from {c['pot']}")
        parts.setdefault((c["run"], c["player"]), []).append(amount(c["amount"], cur) + where)
    lines = [(f"run {run}: " if runs else "") + f"{player} collected " + " and ".join(got)
             for (run, player), got in parts.items()]
    for x in r.results:
        t.stack[x["player"]] = x["stack after"]
    t.put_in = {}
    net = {x["player"]: x["net"] for x in r.results}
    h = r.hand
    if h["total_pot"] is not None:
        lines.append(f"Total pot {amount(h['total_pot'], cur)}, rake {amount(h['rake'] or ZERO, cur)}")
    text = "; ".join(lines[:1]) if len(lines) == 1 else "The pots are paid out"
    return t.frame("Result", text, shown=shown, won=won, net=net, lines=tuple(lines))
