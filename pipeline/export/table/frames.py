"""One stored hand as the frames of a table replayer: one frame per thing that happens.

``build(replay)`` walks the hand's actions and returns the frames in order: the seats
before the deal, each post and action, each street's cards (the bets in front of the
players gathered into the pots first), an uncalled bet going back, the showdown and
the result. Each frame holds every player's stack and bet, who folded, the board(s),
the pots in the middle (built from the chips put in, as engine.rules.pots.build_pots does)
and a sentence saying what happened. Money stays Decimal. Frames after which no one
can bet any more and every live player's cards are known are marked ``runout``:
``pipeline/export/table/runout.py`` computes the equities of those.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from pipeline.export.cards import card_text
from engine.rules.pots import Pot, build_pots
from pipeline.export.table.chips import BOARD_AT, STREET_NAMES, ZERO, Table, boards_of, walk
from pipeline.export.table.steps import ACTION_WORDS, Replay



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
    seq: int | None = None  # the action shown (actions.seq), where the frame is one


def amount(value: Decimal, currency: str | None) -> str:
    """Chips whole for tournaments, money with cents, thousands separated."""
    return f"{value:,.0f}" if currency == "chips" else f"{value:,.2f}"


def pot_name(index: int, count: int) -> str:
    if count == 1:
        return "In the middle"
    return "Main pot" if index == 0 else ("Side pot" if count == 2 else f"Side pot {index}")


def _frame(t: Table, boards: tuple[tuple[str, ...], ...], street: str, text: str,
           **extra) -> Frame:
    """The table ``t`` as a frame, with the board rows shown and the pots gathered."""
    seats = {p: Seat(t.stack[p], t.bet[p], p in t.folded, p in t.all_in, p not in t.dealt,
                     t.put_in.get(p, ZERO)) for p in t.order}
    gathered = {p: c - t.bet.get(p, ZERO) for p, c in t.put_in.items()}
    pots = tuple(build_pots(gathered, t.live(), t.all_in & gathered.keys()))
    return Frame(street, text, seats, boards, pots, t.total(), **extra)


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


def _no_more_betting(t: Table, boards: tuple[tuple[str, ...], ...],
                     known: dict[str, str]) -> bool:
    live = t.live()
    return (len(live) >= 2 and sum(1 for p in live if p not in t.all_in) <= 1
            and all(len((known.get(p) or "").split()) == 2 for p in live)
            and len(boards) == 1 and len(boards[0]) < 5)


def build(r: Replay) -> list[Frame]:
    """Every frame of the hand, in order (see the module's docstring), read off the walk
    of its chips (chips.py)."""
    cur = r.hand["currency"]
    known = {p["player"]: p["hole_cards"] for p in r.players}
    boards = boards_of(r.hand)
    t = Table(r.players)
    rows: tuple[tuple[str, ...], ...] = ((),)  # the board rows shown so far
    frames: list[Frame] = []
    marks = _marks(r)
    for move in walk(t, r.actions, len(boards[0]), r.uncalled):
        name = STREET_NAMES[move.street]
        if move.action is not None:
            a = move.action
            frames.append(_frame(t, rows, name, _words(a, cur), actor=a["player"],
                                 runout=move.last and _no_more_betting(t, rows, known),
                                 lines=marks.get(a["seq"], ()), seq=a["seq"]))
        elif move.returned is not None:
            player, chips = move.returned
            frames.append(_frame(t, rows, name, f"Uncalled bet ({amount(chips, cur)})"
                                 f" returned to {player}", actor=player,
                                 runout=move.last and _no_more_betting(t, rows, known)))
        elif move.street == 1:
            frames.append(_frame(t, rows, name, f"{len(t.dealt)} players are dealt in",
                                 lines=marks.get(None, ())))
        elif len(t.live()) < 2:
            break
        else:
            before, rows = rows, _boards_at(boards, BOARD_AT[move.street])
            frames.append(_frame(t, rows, name, _dealt_text(name, before, rows),
                                 runout=_no_more_betting(t, rows, known)))
    t.gather()
    if r.showdown:
        rows = _boards_at(boards, 5) if len(t.live()) > 1 else rows
        shown = _shown(r.showdown)
        frames.append(_frame(t, rows, "Showdown", "The cards are shown", shown=shown,
                             lines=tuple(f"{p}: {words}" for p, words in shown.items())))
    else:
        shown = {}
    frames.append(_result(r, t, rows, shown))
    return frames


def _marks(r: Replay) -> dict[int | None, tuple[str, ...]]:
    """The lines the notes and tags add: on the frame of the action they are on (an
    action's number), or on the first (None: the hand's own)."""
    out: dict[int | None, list[str]] = {}
    tags: dict[int | None, list[str]] = {}
    for t in r.tags:  # (a person's tag and an auto-tag of one name: said once)
        named = tags.setdefault(t["seq"], [])
        if t["tag"] not in named:
            named.append(t["tag"])
    for seq, named in tags.items():
        out.setdefault(seq, []).append("Tags: " + ", ".join(sorted(named)))
    for n in r.notes:
        out.setdefault(n["seq"], []).append(f"Note: {n['text']}")
    return {seq: tuple(lines) for seq, lines in out.items()}


def _shown(showdown: list[dict]) -> dict[str, str]:
    """player -> what they showed (the hand names of every run), 'mucks' when not shown."""
    out: dict[str, list[str]] = {}
    for s in showdown:
        words = (s["hand_name"] or "") if s["shown"] else "mucks"
        said = out.setdefault(s["player"], [])
        if words and words not in said:
            said.append(words)
    return {p: " / ".join(w) or "shows" for p, w in out.items()}


def _result(r: Replay, t: Table, boards: tuple[tuple[str, ...], ...],
            shown: dict[str, str]) -> Frame:
    """The last frame: pots paid out, stacks after, who collected what, net per player."""
    cur = r.hand["currency"]
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
    if len(lines) == 1:  # the sentence itself, said once (not again below it)
        text, lines = lines[0], []
    else:
        text = "The pots are paid out"
    return _frame(t, boards, "Result", text, shown=shown, won=won, net=net,
                  lines=tuple(lines))
