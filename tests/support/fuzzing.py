"""The fuzz suite's library: base hands, mutations, fuzz files and the oracles.

Real hands (a room's base files, split by the project's own splitter, kept if a clean
import stores them as ``ok`` or ``warning``) are mutated — one hand's text, one
hand's bytes, or a whole file — and written many to a file, a few mutated per file.
A folder of such files is imported by the real importer into a fresh DuckDB, then
the oracles judge what was stored:

a. nothing crashes: the import returns; no parse error "internal error", no finding
   ENGINE_ERROR;
b. every hand is accounted for: the hand texts in the files (matches of the room's
   start pattern) = new + unsupported + duplicates + incomplete + parse errors, and
   the database's rows agree;
c. nothing is lost: every hand a mutation did not touch is stored at its own place
   with the verdict and per-player nets of the clean baseline;
d. nothing impossible is called ok: a hand a mutation made impossible is never
   stored ``ok`` (a hand cut at the end of a file, and a repeated hand id, are not
   stored at all), and every hand stored ``ok`` satisfies ``INVARIANTS``.

An XML room's hand (iPoker, Microgaming) is mutated as XML: its amounts, seats and
cards are its attributes' and elements' (an iPoker hand's text begins with its
session's header, which each is written with); a kind written for another room's
text applies to none of its hands (``applicable``). What a room's format makes
possible after all is declared on its ``Room`` (``entry_numbers``,
``grouped_thousands``) and judged by the kind's ``possible``.

``tests/parsers/test_fuzz.py`` runs a quick profile in CI, ``bench/fuzz_bench.py`` a long one.
Every defect names the mutation kind, its seed and the hand, so that
``mutate(kind, seed, text)`` gives the same text again.
"""
from __future__ import annotations

import codecs
import difflib
import glob
import itertools
import random
import re
import shutil
import traceback
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path

from engine.model.cards import DECK
from parsers.absolute import ROOM as ABSOLUTE
from parsers.base.room import Room as Format
from parsers.base.split import BEFORE, BETWEEN, decode, split_hands
from parsers.bovada import ROOM as BOVADA
from parsers.coinpoker import ROOM as COINPOKER
from parsers.fulltilt import ROOM as FULLTILT
from parsers.ggpoker import ROOM as GGPOKER
from parsers.ipoker import ROOM as IPOKER
from parsers.microgaming import ROOM as MICROGAMING
from parsers.chico import ROOM as CHICO
from parsers.pokernow import ROOM as POKERNOW
from parsers.pokerstars import ROOM as POKERSTARS
from parsers.winamax import ROOM as WINAMAX
from parsers.revolution import ROOM as REVOLUTION
from parsers.unibet import ROOM as UNIBET
from parsers.winning import ROOM as WINNING
from pipeline.ingest.importer import Importer
from pipeline.ingest.files import discover
from pipeline.store.database import Store

ROOT = Path(__file__).resolve().parents[2]
SEP = "\n\n\n"  # between hands, as the rooms write them
JUNK = (BEFORE, BETWEEN)  # parse errors of text that is no hand (a file's head, strays)
FRESH_ID = 900_000_000_000  # hands written to fuzz files get ids from here on


# ------------------------------------------------------------------ rooms

@dataclass(frozen=True)
class Room:
    """A room to fuzz: where its real hands are, and how its hands start."""

    name: str
    sources: tuple[str, ...]  # glob patterns, relative to the checkout (** recurses)
    start: re.Pattern[str]  # where a hand begins (the importer's pattern)
    hand_id: re.Pattern[str]  # the hand's id in its header line (group 1)
    fmt: Format  # the project's declaration of the room: what the splitter needs
    # hands (their header line matches) that number players by entry, not by seat
    # (Bovada's tournaments: "Seat 1243"): any seat number from 1 up is possible there
    entry_numbers: re.Pattern[str] | None = None
    # amounts written with the player's locale separators, a separator before three
    # digits grouping thousands (iPoker: "1.500" is 1500): three decimals are possible
    grouped_thousands: bool = False

    def base_files(self) -> list[Path]:
        """Every base file there is (folders beside the checkout may be absent)."""
        found: set[Path] = set()
        for pattern in self.sources:
            found.update(Path(p) for p in glob.glob(str(ROOT / pattern), recursive=True))
        return sorted(p for p in found if p.is_file())


ROOMS = [
    Room("pokerstars",
         sources=("sample_histories/simulated/*.txt", "sample_histories/pokerstars/*.txt",
                  "../shared/corpus/holdem/stars/**/*.txt", "../shared/wild/stars/*"),
         start=POKERSTARS.start, hand_id=re.compile(r"#(\d+):"), fmt=POKERSTARS),
    Room("winamax",
         sources=("../shared/corpus/holdem/winamax/**/*.txt", "../shared/wild/winamax/*"),
         start=WINAMAX.start, hand_id=re.compile(r"HandId: #([\d-]+) "), fmt=WINAMAX),
    Room("ggpoker",
         sources=("../shared/corpus/holdem/ggpoker/**/*.txt", "../shared/wild/ggpoker/*"),
         start=GGPOKER.start, hand_id=re.compile(r"#([A-Z]*\d+):"), fmt=GGPOKER),
    Room("bovada",
         sources=("../shared/corpus/holdem/bovada/**/*.txt", "../shared/wild/bovada/*"),
         start=BOVADA.start, hand_id=re.compile(r" Hand #C?(\d+)"), fmt=BOVADA,
         entry_numbers=re.compile(r" Tournament #")),
    Room("coinpoker",
         sources=("../shared/wild/coinpoker/*",),
         start=COINPOKER.start, hand_id=re.compile(r"Hand #(\d+): "), fmt=COINPOKER),
    Room("fulltilt",
         sources=("../shared/corpus/holdem/ftp/**/*.txt",),
         start=FULLTILT.start, hand_id=re.compile(r" Game #(\d+): "), fmt=FULLTILT),
    Room("winning",
         sources=("../shared/corpus/holdem/winning/**/*.txt", "../shared/wild/winning/*"),
         start=WINNING.start, hand_id=re.compile(r"^(?:Hand #|Game ID: )(\d+)"), fmt=WINNING),
    Room("absolute",
         sources=("sample_histories/absolute/*.txt", "../shared/corpus/holdem/absolute/**/*.txt",
                  "../shared/corpus/holdem/ultimatebet/**/*.txt"),
         start=ABSOLUTE.start, hand_id=re.compile(r"^Stage #C?(\d+)"), fmt=ABSOLUTE),
    Room("revolution",
         sources=("../shared/corpus/holdem/cake/**/*.txt",),
         start=REVOLUTION.start, hand_id=re.compile(r"Hand#([0-9A-F]+) - "), fmt=REVOLUTION),
    Room("chico",
         sources=("../shared/corpus/holdem/betonline/**/*.txt",),
         start=CHICO.start, hand_id=re.compile(r" Game #(\d+): "), fmt=CHICO),
    Room("unibet",
         sources=("sample_histories/unibet/*.txt", "../shared/corpus/holdem/unibet/**/*.txt"),
         start=UNIBET.start, hand_id=re.compile(r"^Game #(\d+): "), fmt=UNIBET),
    Room("pokernow",
         sources=("sample_histories/pokernow/*.csv",),
         start=POKERNOW.start, hand_id=re.compile(r"#(\d+) "), fmt=POKERNOW),
    # XML rooms: a hand's text (as split) is its session's header, then its own element
    Room("ipoker",
         sources=("../shared/corpus/holdem/ipoker/**/*", "../shared/wild/ipoker/*"),
         start=IPOKER.start, hand_id=re.compile(r'\bgamecode="(\d+)"'), fmt=IPOKER,
         grouped_thousands=True),
    Room("microgaming",
         sources=("../shared/wild/microgaming/*",),
         start=MICROGAMING.start, hand_id=re.compile(r'\bid="(\d+)"'), fmt=MICROGAMING),
]
_ANY_START = re.compile("|".join(f"(?:{r.start.pattern})" for r in ROOMS))


def split(data: bytes, room: Room) -> list[str]:
    """A file's complete hand texts, cut by the project's own splitter."""
    text, encoding = decode(data)
    return [h.text for h in split_hands(text, room.fmt, encoding)
            if h.complete and not h.stray]


def header(text: str, room: Room) -> tuple[int, int]:
    """Where the hand's header line is in its text: its first line, or (an XML room's
    hand, its session's header in front) the line its start pattern matches."""
    m = room.start.search(text)
    start = m.start() if m else 0
    end = text.find("\n", start)
    return start, end if end >= 0 else len(text)


def hand_id_of(text: str, room: Room) -> str | None:
    """The id in the hand's header line."""
    m = room.hand_id.search(text, *header(text, room))
    return m.group(1) if m else None


def with_id(text: str, room: Room, new_id: str) -> str:
    """The hand's text with another id in its header line."""
    m = room.hand_id.search(text, *header(text, room))
    return text[:m.start(1)] + new_id + text[m.end(1):] if m else text


# ------------------------------------------------------------------ base hands

@dataclass(frozen=True)
class BaseHand:
    """A real hand and what a clean import made of it."""

    room: Room
    source: str  # the base file's name
    hand_id: str  # as written in the base file
    text: str
    status: str = ""  # the clean import's verdict: ok or warning
    nets: tuple[tuple[str, Decimal], ...] = ()  # (player, net), sorted


ACCENTED = ("Jörg", "Renée", "Ñandú", "Zoë€", "Łukasz", "Сергей", "李雷")


def candidates(room: Room, accent_every: int = 3) -> list[BaseHand]:
    """The room's complete hands, each id once; every ``accent_every``-th has a player
    renamed with letters beyond ASCII, so that encoding faults show on untouched hands."""
    rng = random.Random(20261130)
    seen: set[str] = set()
    out: list[BaseHand] = []
    for path in room.base_files():
        for text in split(path.read_bytes(), room):
            hand_id = hand_id_of(text, room)
            if hand_id is None or hand_id in seen:
                continue
            seen.add(hand_id)
            if accent_every and len(out) % accent_every == 0:
                text = _rename_someone(rng, text, rng.choice(ACCENTED)) or text
            out.append(BaseHand(room, path.name, hand_id, text))
    return out


class Baseline:
    """A room's base hands and the database of their clean import."""

    def __init__(self, room: Room, hands: list[BaseHand], db: Path) -> None:
        self.room, self.hands, self.db = room, hands, db

    def __repr__(self) -> str:  # short, for hypothesis' reports
        return f"<baseline: {len(self.hands)} {self.room.name} hands>"


def load_base(room: Room, work: Path, workers: int = 2) -> Baseline:
    """The clean baseline: every candidate imported (50 to a file, UTF-8) into
    ``work/baseline.duckdb``; the hands stored ok or warning, with their nets."""
    hands = candidates(room)
    folder = work / "baseline"
    folder.mkdir(parents=True, exist_ok=True)
    for i in range(0, len(hands), 50):
        text = SEP.join(h.text for h in hands[i:i + 50]) + SEP
        (folder / f"base{i // 50:04d}.txt").write_text(text, "utf-8")
    db = work / "baseline.duckdb"
    store = Store(db)
    try:
        Importer(store, workers).run(discover([folder]))
        stored = {(hid): (status, nets) for hid, status, nets in _stored_by_id(store.con)}
    finally:
        store.close()
    base = []
    for h in hands:
        status, nets = stored.get(h.hand_id, (None, ()))
        if status in ("ok", "warning"):
            base.append(BaseHand(h.room, h.source, h.hand_id, h.text, status, nets))
    return Baseline(room, base, db)


def _stored_by_id(con) -> list[tuple[str, str, tuple]]:
    rows = con.execute(
        "SELECT h.hand_id, v.status, list(p.player ORDER BY p.player),"
        " list(p.net ORDER BY p.player) FROM hands h"
        " LEFT JOIN verdicts v USING (site, hand_id)"
        " LEFT JOIN hand_players p USING (site, hand_id) GROUP BY ALL").fetchall()
    return [(hid, status, tuple(zip(players, nets)) if players and players[0] else ())
            for hid, status, players, nets in rows]


# ------------------------------------------------------------------ mutations

HAND, BYTES, COPY, FILE = "hand", "bytes", "copy", "file"
ANY = "any"  # may be stored with any verdict, or be a parse error
NOT_OK = "not ok"  # certainly impossible: never stored with verdict ok
NOT_STORED = "not stored"  # a hand cut at the end of a file: incomplete or a parse error
NOT_NEW = "not new"  # a repeated hand id: a duplicate (or a parse error), never stored


@dataclass(frozen=True)
class Mutation:
    """A named way of breaking text.

    ``level``: HAND (a hand's text → text), BYTES (a hand's text → its bytes in the
    file), COPY (a hand's text → a second text with the same id, written after it),
    FILE (a file's bytes → bytes). ``expect``: what the import may make of the hand
    (for FILE: of the file's last hand if ``cuts_last``, else every hand is untouched).
    """

    name: str
    fn: Callable
    level: str
    expect: str
    codec: str | None = None  # FILE: the whole file re-encoded in this codec
    cuts_last: bool = False  # FILE: the mutation is about the file's last hand
    # where the mutated text is possible after all in a room's format: (room, text) →
    # True, and the hand may be stored with any verdict
    possible: Callable[[Room, str], bool] | None = None

    @property
    def impossible(self) -> bool:
        return self.expect != ANY

    @property
    def doc(self) -> str:
        return (self.fn.__doc__ or "").strip().split("\n")[0]


MUTATIONS: dict[str, Mutation] = {}
_NONE = Mutation("", lambda rng, x: None, HAND, ANY)  # no mutation


def mutation(level: str = HAND, expect: str = ANY, **kw) -> Callable:
    """Register a mutation under its function's name."""
    def register(fn: Callable) -> Callable:
        MUTATIONS[fn.__name__] = Mutation(fn.__name__, fn, level, expect, **kw)
        return fn
    return register


def mutate(kind: str, seed: int, text_or_bytes):
    """Apply one mutation as the fuzzer did."""
    return MUTATIONS[kind].fn(random.Random(seed), text_or_bytes)


def reproduce(kind: str, seed: int, base_id: str, hand_id: str, room: Room | None = None):
    """The text (or bytes) a defect names: its base hand, with the id it was written
    under, mutated by ``kind`` with ``seed``. (A FILE mutation takes a file's bytes.)"""
    room = room or ROOMS[0]
    base = next(h for h in candidates(room) if h.hand_id == base_id)
    return mutate(kind, seed, with_id(base.text, room, hand_id) + SEP)


# ---- reading a PokerStars-like hand

_SEAT = re.compile(r"^Seat (\d+): (.+?) \((.+?) in chips", re.MULTILINE)
_SEAT_BARE = re.compile(r"^Seat (\d+): (.+) \(([^()]*)\)$", re.MULTILINE)  # Winamax: (5€)
_TABLE_MAX = re.compile(r"(\d+)-[Mm]ax")
_BUTTON = re.compile(r"Seat #(\d+) is the button")
_STAKES = re.compile(r"\((?P<sym>[$€£¥₹]?)[\d,.]+/[$€£¥₹]?[\d,.]+")
_SHOWDOWN = re.compile(r"^\*\*\* (?:(?:FIRST|SECOND|THIRD) )?SHOW ?DOWN \*\*\*$", re.MULTILINE)
_HOLE = re.compile(r"^(?:Dealt to (?P<a>.+?)|(?P<b>.+?): shows|Seat \d+: (?P<c>.+?)"
                   r"(?: \([a-z ]+\))* (?:showed|mucked)"
                   # Bovada: "UTG+1  [ME] : Card dealt to a spot [Th 4s]"
                   r"|(?P<d>.+?) : (?:Card dealt to a spot|Mucks|Does not show))"
                   r" \[(?P<cards>[^\]]+)\]", re.MULTILINE)
_BOARD = re.compile(r"^(?:\*\*\* .*(?:FLOP|TURN|RIVER) \*\*\*.*|(?:\w+ )?Board .*)$", re.MULTILINE)
_CARD = re.compile(r"\b(?:10|[2-9TJQKA])[cdhs]\b")
_AMOUNT = re.compile(r"(?P<pre>(?:calls|bets|raises|to|blind|blinds|ante|straddle|collected"
                     r"|pot|Rake|won) \(?|\()(?P<sym>[$€£¥₹]?)(?P<num>\d[\d,]*(?:\.\d+)?)")
# iPoker: <player seat="3" name="x" chips="$5" ...>; Microgaming: <Seat num="1" alias="x"
# unicodealias="..." balance="2.02" ...>
_XML_SEAT = re.compile(r'<(?:player seat|Seat num)="([^"]*)" (?:name|alias)="([^"]*)"'
                       r'[^>]*?\b(?:chips|balance)="([^"]*)"')
# iPoker: <cards type="Pocket" player="x">HA D10</cards>; Microgaming: <Card value="4" suit="c"
_XML_CARD = re.compile(r'(?<=[> ])[CDHS](?:10|[2-9JQKA])(?=[ <])|(?<=<Card value=")[^"]*" suit="[^"]*')
# elements whose value= is no money: a card's rank, Microgaming's Disconnect (a time)
_NOT_MONEY = re.compile(r'<Card\b|<Action [^>]*\btype="Disconnect"')
_XML_AMOUNT = re.compile(r'\b(?:chips|sum|bet|win|balance|endbalance|value|rake)='
                         r'"(?P<sym>(?:[$€£¥₹]|[A-Z]{3})?)(?P<num>\d[\d,]*(?:\.\d+)?)"')
_ARABIC = str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")
_NAME_CONTEXT = r"(?m)(^|^Seat \d+: |Dealt to |returned to ){}(?=: | |$)"


def _head(text: str) -> str:
    """The hand before its SUMMARY."""
    i = text.find("*** SUMMARY ***")
    return text if i < 0 else text[:i]


def _stars(text: str) -> bool:
    """Whether a hand is written as PokerStars writes ("Seat 1: x ($5 in chips)",
    "x: folds"), or as Winamax does ("Seat 1: x (5€)", "x folds")."""
    return " in chips" in text


def _seat_re(text: str) -> re.Pattern[str]:
    return _SEAT if _stars(text) else _SEAT_BARE


def _seat_line(text: str, seat: int, name: str, stack: str, out: bool = False) -> str:
    if _stars(text):
        return f"Seat {seat}: {name} ({stack} in chips)" + (" is sitting out" if out else "")
    return f"Seat {seat}: {name} ({stack})"


def _players(text: str) -> list[tuple[int, str, str]]:
    """(seat, name, stack as written) of the seat lines before the SUMMARY (of an XML
    hand: of its seat elements)."""
    found = _XML_SEAT.findall(text) if _xml(text) else _seat_re(text).findall(_head(text))
    return [(int(s), n, st) for s, n, st in found if s.isascii()]


def _max_seats(text: str) -> int | None:
    m = _TABLE_MAX.search(text.split("\n", 2)[1] if text.count("\n") >= 1 else "")
    return int(m.group(1)) if m else None


def _symbol(text: str) -> str:
    players = _players(text)
    stack = players[0][2] if players else ""
    return stack[0] if stack[:1] in "$€£¥₹" and stack else ""


def _rename(text: str, old: str, new: str) -> str | None:
    """Every mention of player ``old`` renamed ``new``; None where ``old`` is also
    written elsewhere (inside another name, a table name, a hand name...)."""
    names = [n for _, n, _ in _players(text)]
    if not old or any(old != n and (old in n or n in old) for n in names):
        return None
    context = re.compile(_NAME_CONTEXT.format(re.escape(old)))
    if len(context.findall(text)) != text.count(old):
        return None
    return context.sub(lambda m: m.group(1) + new, text)


def _rename_someone(rng: random.Random, text: str, new: str) -> str | None:
    players = _players(text)
    if not players:
        return None
    _, old, _ = rng.choice(players)
    if new in (n for _, n, _ in players):
        return None
    return _rename(text, old, new)


def _content_lines(lines: list[str]) -> list[int]:
    return [i for i, line in enumerate(lines) if line.strip()]


def _set_seat(text: str, name: str, seat: int, new: str) -> str:
    """Player ``name``'s seat number written ``new`` in the seat list and SUMMARY (in
    an XML hand's seat element)."""
    if _xml(text):
        for attr, named in (("seat", "name"), ("num", "alias")):
            text = text.replace(f'{attr}="{seat}" {named}="{name}"',
                                f'{attr}="{new}" {named}="{name}"')
        return text
    old = f"Seat {seat}: {name} "
    return text.replace(old, f"Seat {new}: {name} ")


def _hole_lines(text: str) -> list[re.Match]:
    """Lines that show a player's two cards (dealt, shown, summary)."""
    return [m for m in _HOLE.finditer(text) if len(m.group("cards").split()) == 2
            and all(_CARD.fullmatch(c) for c in m.group("cards").split())]


def _with_cards(text: str, m: re.Match, cards: list[str]) -> str:
    return text[:m.start("cards")] + " ".join(cards) + text[m.end("cards"):]


def _owner(m: re.Match) -> str:
    return " ".join((m.group("a") or m.group("b") or m.group("c") or m.group("d")).split())


def _xml(text: str) -> bool:
    """Whether a hand is an XML element (iPoker, Microgaming), not lines of text."""
    return text.startswith("<")


def _amounts(text: str) -> list[re.Match]:
    """Amounts after the header and table lines (stacks, posts, bets, pots); in an XML
    hand, the amounts of its attributes (a stack, a bet, a win: no card's value)."""
    if _xml(text):
        return [m for m in _XML_AMOUNT.finditer(text)
                if _NOT_MONEY.match(text, text.rfind("<", 0, m.start())) is None]
    body = text.find("\n", text.find("\n") + 1)
    return [m for m in _AMOUNT.finditer(text, max(body, 0))]


def _with_amount(text: str, m: re.Match, written: str) -> str:
    return text[:m.start("sym")] + written + text[m.end("num"):]


# ---- text of one hand

@mutation()
def truncate_anywhere(rng, text):
    """The hand cut at a random character after its first line."""
    body = text.rstrip("\n")
    first = body.find("\n") + 1
    if first <= 0 or first >= len(body) - 1:
        return None
    return body[:rng.randrange(first + 1, len(body))]


@mutation(expect=NOT_STORED)
def truncate_before_summary(rng, text):
    """The hand cut at a random character before its SUMMARY: never a stored hand."""
    first, summary = text.find("\n") + 1, text.find("*** SUMMARY ***")
    if first <= 0 or summary <= first + 1:
        return None
    return text[:rng.randrange(first + 1, summary)]


@mutation()
def delete_line(rng, text):
    """One line deleted."""
    lines = text.split("\n")
    del lines[rng.choice(_content_lines(lines))]
    return "\n".join(lines)


@mutation()
def duplicate_line(rng, text):
    """One line written twice."""
    lines = text.split("\n")
    i = rng.choice(_content_lines(lines))
    lines.insert(i, lines[i])
    return "\n".join(lines)


@mutation()
def swap_lines(rng, text):
    """Two different lines swapped."""
    lines = text.split("\n")
    i, j = rng.sample(_content_lines(lines), 2)
    if lines[i] == lines[j]:
        return None
    lines[i], lines[j] = lines[j], lines[i]
    return "\n".join(lines)


@mutation()
def amount_garbage(rng, text):
    """An amount written "$0.1.2", "0x10" or not at all."""
    amounts = _amounts(text)
    if not amounts:
        return None
    m = rng.choice(amounts)
    return _with_amount(text, m, rng.choice([m["sym"] + "0.1.2", "0x10", ""]))


@mutation()
def amount_huge(rng, text):
    """An amount of 10^17."""
    amounts = _amounts(text)
    if not amounts:
        return None
    m = rng.choice(amounts)
    return _with_amount(text, m, m["sym"] + str(10 ** 17))


@mutation(expect=NOT_OK, possible=lambda room, text: room.grouped_thousands)
def amount_three_decimals(rng, text):
    """An amount with three decimals (0.025): no chip is that small."""
    amounts = _amounts(text)
    if not amounts:
        return None
    m = rng.choice(amounts)
    value = Decimal(m["num"].replace(",", "")) + Decimal(rng.choice("13579")) / 1000
    return _with_amount(text, m, m["sym"] + f"{value:.3f}")


@mutation(expect=NOT_OK)
def amount_four_decimals(rng, text):
    """An amount with four decimals (0.0025): no chip is that small, in any locale."""
    amounts = _amounts(text)
    if not amounts:
        return None
    m = rng.choice(amounts)
    value = Decimal(m["num"].replace(",", "")) + Decimal(rng.choice("13579")) / 10000
    return _with_amount(text, m, m["sym"] + f"{value:.4f}")


@mutation()
def amount_non_ascii_digits(rng, text):
    """An amount written in Arabic-Indic digits ("٣")."""
    amounts = _amounts(text)
    if not amounts:
        return None
    m = rng.choice(amounts)
    return _with_amount(text, m, m["sym"] + m["num"].translate(_ARABIC))


@mutation(expect=NOT_OK)
def card_invalid(rng, text):
    """A card that does not exist ("Zz")."""
    cards = list((_XML_CARD if _xml(text) else _CARD).finditer(text))
    if not cards:
        return None
    m = rng.choice(cards)
    return text[:m.start()] + rng.choice(["Zz", "Ax", "1z", "0s"]) + text[m.end():]


@mutation(expect=NOT_OK)
def card_twice_same_player(rng, text):
    """One player's two cards the same card ("[As As]")."""
    holes = _hole_lines(text)
    if not holes:
        return None
    m = rng.choice(holes)
    card = rng.choice(m["cards"].split())
    return _with_cards(text, m, [card, card])


@mutation(expect=NOT_OK)
def card_three_hole(rng, text):
    """A player dealt three hole cards."""
    holes = _hole_lines(text)
    if not holes:
        return None
    m = rng.choice(holes)
    unused = [c for c in DECK if c not in text]
    return _with_cards(text, m, m["cards"].split() + [rng.choice(unused)])


@mutation(expect=NOT_OK)
def card_held_twice(rng, text):
    """A player's card also held by another player or on the board."""
    holes = _hole_lines(text)
    if not holes:
        return None
    m = rng.choice(holes)
    mine = m["cards"].split()
    others = {c for h in holes if _owner(h) != _owner(m) for c in h["cards"].split()}
    others |= {c for line in _BOARD.findall(text) for c in _CARD.findall(line)}
    others -= set(mine)
    if not others:
        return None
    mine[rng.randrange(2)] = rng.choice(sorted(others))
    return _with_cards(text, m, mine)


def _entry_numbered(room: Room, text: str) -> bool:
    """A seat number above 0 is possible where the room numbers players by entry."""
    return (room.entry_numbers is not None
            and room.entry_numbers.search(text, *header(text, room)) is not None
            and re.search(r"(?m)^Seat 0: ", text) is None)


@mutation(expect=NOT_OK, possible=_entry_numbered)
def seat_out_of_range(rng, text):
    """A player on seat 0, 200 or 99999."""
    players = _players(text)
    if not players:
        return None
    seat, name, _ = rng.choice(players)
    return _set_seat(text, name, seat, rng.choice(["0", "200", "99999"]))


@mutation()
def seat_non_ascii_digits(rng, text):
    """A seat number written in Arabic-Indic digits."""
    players = _players(text)
    if not players:
        return None
    seat, name, _ = rng.choice(players)
    return _set_seat(text, name, seat, str(seat).translate(_ARABIC))


@mutation(expect=NOT_OK)
def seat_shared(rng, text):
    """Two players on one seat."""
    players = _players(text)
    if len(players) < 2:
        return None
    (seat_a, _, _), (seat_b, name_b, _) = rng.sample(players, 2)
    return _set_seat(text, name_b, seat_b, str(seat_a))


@mutation(expect=NOT_OK)
def seat_over_max(rng, text):
    """More players seated than the table's N-max (some of them sitting out)."""
    players, most = _players(text), _max_seats(text)
    if not players or not most:
        return None
    taken = {s for s, _, _ in players}
    free = [s for s in range(1, most + 3) if s not in taken]
    stack = players[0][2]
    extra = [_seat_line(text, free[i], f"Fuzzy{i}", stack, rng.random() < 0.5)
             for i in range(most + 1 - len(players))]
    return _after_seat_lines(text, extra)


@mutation(expect=NOT_OK)
def seat_player_twice(rng, text):
    """A player seated twice."""
    players, most = _players(text), _max_seats(text) or 10
    if not players:
        return None
    taken = {s for s, _, _ in players}
    free = [s for s in range(1, most + 1) if s not in taken] or [most + 1]
    _, name, stack = rng.choice(players)
    return _after_seat_lines(text, [_seat_line(text, rng.choice(free), name, stack)])


def _after_seat_lines(text: str, extra: list[str]) -> str | None:
    last = list(_seat_re(text).finditer(_head(text)))
    if not last:
        return None
    end = text.find("\n", last[-1].end())
    return text[:end] + "".join("\n" + e for e in extra) + text[end:]


@mutation(expect=NOT_OK)
def button_out_of_range(rng, text):
    """The button on seat 0, or beyond the table's seats."""
    m = _BUTTON.search(text.split("\n", 2)[1] if "\n" in text else "")
    if m is None:
        return None
    most = _max_seats(text)
    choices = ["0", "99"]
    if most and all(s <= most for s, _, _ in _players(text)):
        choices.append(str(most + 1))
    start = text.find("\n") + 1
    return text[:start + m.start(1)] + rng.choice(choices) + text[start + m.end(1):]


@mutation(expect=NOT_OK)
def blinds_zero(rng, text):
    """Blinds of 0 in the header."""
    end = text.find("\n")
    m = _STAKES.search(text, 0, end)
    if m is None:
        return None
    sym = m["sym"]
    return text[:m.start()] + f"({sym}0/{sym}0" + text[m.end():]


@mutation(expect=NOT_OK)
def action_after_showdown(rng, text):
    """An action written after the *** SHOW DOWN *** line."""
    m = _SHOWDOWN.search(text)
    players = _players(text)
    if m is None or not players:
        return None
    name, sym = rng.choice(players)[1], _symbol(text)
    name += ":" if _stars(text) else ""
    line = rng.choice([f"{name} checks", f"{name} bets {sym}1", f"{name} calls {sym}1",
                       f"{name} folds", f"{name} raises {sym}1 to {sym}2"])
    return text[:m.end()] + "\n" + line + text[m.end():]


@mutation()
def name_empty(rng, text):
    """A player's name empty."""
    return _rename_someone(rng, text, "")


@mutation()
def name_long(rng, text):
    """A player's name thousands of characters long."""
    return _rename_someone(rng, text, "Long" + "g" * rng.randrange(300, 5000))


@mutation()
def name_colon(rng, text):
    """A player's name holding ": "."""
    return _rename_someone(rng, text, rng.choice(["Mr: X", "a: b", "x: folds", "Bob: raises"]))


@mutation()
def name_brackets(rng, text):
    """A player's name holding brackets."""
    return _rename_someone(rng, text, rng.choice(["[Ah Kd]", "Mr (X)", "[x] (y)", "(button)",
                                                  "a]b["]))


@mutation()
def name_non_ascii(rng, text):
    """A player's name in letters beyond ASCII."""
    return _rename_someone(rng, text, rng.choice(ACCENTED))


@mutation(expect=NOT_OK)
def name_other_player(rng, text):
    """A player renamed as another player of the hand: one name on two seats."""
    players = _players(text)
    if len(players) < 2:
        return None
    (_, a, _), (_, b, _) = rng.sample(players, 2)
    if a in b or b in a:
        return None
    return _rename(text, a, b)


@mutation(level=COPY, expect=NOT_NEW)
def repeat_id(rng, text):
    """The hand again, later in the file, with the same id and other text."""
    if _xml(text):  # an attribute more in its element's start tag
        start = _ANY_START.search(text)
        end = text.find(">", start.end()) if start else -1
        if end < 0:
            return None
        return text[:end] + rng.choice([' copy="1"', " fuzz='II'"]) + text[end:]
    m = re.search(r"^(Table(?: ID)?:? '[^\n]*?)'", text, re.MULTILINE)
    if m is None:  # a table in the header line: "TBL#10189567", "Table Venice"
        m = re.search(r"(?:TBL#| Table )(\w+)", text.split("\n", 1)[0])
    if m is None:
        return None
    return text[:m.end(1)] + rng.choice([" copy", " II", "2"]) + text[m.end(1):]


# ---- bytes of one hand

@mutation(level=BYTES)
def flip_bytes(rng, text):
    """One to three random bytes flipped."""
    data = bytearray(text.encode("utf-8"))
    for _ in range(rng.randint(1, 3)):
        data[rng.randrange(len(data))] ^= rng.randrange(1, 256)
    return bytes(data)


@mutation(level=BYTES)
def invalid_utf8_byte(rng, text):
    """A byte that is not UTF-8 inserted."""
    data = text.encode("utf-8")
    at = rng.randrange(len(data))
    bad = rng.choice([b"\xff", b"\xc3", b"\x80", b"\xed\xa0\x80", b"\xf8\x88\x80\x80\x80"])
    return data[:at] + bad + data[at:]


@mutation(level=BYTES)
def cp1252_hand(rng, text):
    """The hand in Windows-1252 inside a UTF-8 file, a player named with é and €."""
    renamed = _rename_someone(rng, text, rng.choice(["Renée€", "José €uro", "Zoë"]))
    try:
        return renamed.encode("cp1252") if renamed else None
    except UnicodeEncodeError:
        return None


# ---- whole files

def _reencode(data: bytes, codec: str, bom: bytes) -> bytes | None:
    try:
        return bom + data.decode("utf-8").encode(codec)
    except UnicodeDecodeError:
        return None


@mutation(level=FILE, codec="utf-16-le")
def utf16_le_bom(rng, data):
    """The file in UTF-16 LE with its byte order mark."""
    return _reencode(data, "utf-16-le", codecs.BOM_UTF16_LE)


@mutation(level=FILE, codec="utf-16-le")
def utf16_le(rng, data):
    """The file in UTF-16 LE without a byte order mark."""
    return _reencode(data, "utf-16-le", b"")


@mutation(level=FILE, codec="utf-16-be")
def utf16_be_bom(rng, data):
    """The file in UTF-16 BE with its byte order mark."""
    return _reencode(data, "utf-16-be", codecs.BOM_UTF16_BE)


@mutation(level=FILE, codec="utf-16-be")
def utf16_be(rng, data):
    """The file in UTF-16 BE without a byte order mark."""
    return _reencode(data, "utf-16-be", b"")


@mutation(level=FILE)
def line_ends_crlf(rng, data):
    """The file with CRLF line ends."""
    return data.replace(b"\n", b"\r\n")


@mutation(level=FILE)
def line_ends_cr(rng, data):
    """The file with CR line ends."""
    return data.replace(b"\n", b"\r")


def _starts(data: bytes) -> list[int]:
    """Byte offsets of hand starts (the patterns are ASCII: latin-1 keeps offsets)."""
    return [m.start() for m in _ANY_START.finditer(data.decode("latin-1"))]


@mutation(level=FILE)
def whitespace_between_hands(rng, data):
    """A line of white space only (tabs, U+2003) between two hands."""
    starts = _starts(data)
    if len(starts) < 2:
        return None
    at = rng.choice(starts[1:])
    line = rng.choice(["\t", "\u2003", " \t\u2003 ", "\u3000\t", "\t\t\u2003\u2003"]) + "\n"
    return data[:at] + line.encode("utf-8") + data[at:]


_WORDS = ["session", "notes", "export", "tracker", "table", "stakes", "player", "summary", "total", "révision", "données", "café", "ünïcode", "lorem", "ipsum", "dolor", "sit", "amet"]


@mutation(level=FILE)
def junk_before_first_hand(rng, data):
    """More than 8 KB of text before the first hand."""
    lines, size = [], 0
    while size < rng.randrange(8300, 12000):
        line = " ".join(rng.choice(_WORDS) for _ in range(rng.randrange(3, 14)))
        lines.append(line)
        size += len(line.encode("utf-8")) + 1
    return ("\n".join(lines) + "\n\n").encode("utf-8") + data


@mutation(level=FILE, expect=NOT_STORED, cuts_last=True)
def cut_in_summary_at_eof(rng, data):
    """The file ends inside its last hand's SUMMARY, before its last seat line."""
    last = _starts(data)[-1]
    summary = data.find(b"*** SUMMARY ***", last)
    last_seat = max(data.rfind(b"\nSeat ", summary), data.rfind(b"\nSeat+", summary))  # Bovada
    if summary < 0 or last_seat < 0:
        return None
    ends = [i + 1 for i in range(summary, last_seat + 1) if data[i:i + 1] == b"\n"]
    return data[:rng.choice(ends)] if ends else None


@mutation(level=FILE, expect=ANY, cuts_last=True)
def cut_mid_line_at_eof(rng, data):
    """The file ends in the middle of a line of its last hand. A file's last line need
    not end with a line end (real files do not always), so the hand is judged as
    written, and judged again once the file grows (tests/pipeline/test_robustness.py)."""
    last = _starts(data)[-1]
    first = data.find(b"\n", last) + 1
    end = len(data.rstrip())
    cuts = [i for i in range(first + 1, end) if data[i - 1:i] not in (b"\n", b"\r")]
    return data[:rng.choice(cuts)] if first > 0 and cuts else None


# ------------------------------------------------------------------ fuzz files

@dataclass
class Piece:
    """One hand's text as written in a fuzz file."""

    base: BaseHand
    hand_id: str  # written in its header
    text: str  # as written (mutated if ``kind``), before any file mutation
    data: bytes  # its bytes in the file before any file mutation
    kind: str | None = None  # the mutation that made it (None: untouched)
    seed: int | None = None
    original: str = ""  # the text before the mutation
    offset: int | None = None  # where its header starts in the file (None: no header)


@dataclass
class FuzzFile:
    """A fuzz file: its hands in order, and the FILE mutation made to it, if any."""

    path: Path
    pieces: list[Piece]
    kind: str | None = None  # a FILE mutation
    seed: int | None = None
    before: bytes = b""  # the bytes before the FILE mutation
    hand_texts: int = 0  # hand starts in the file as written

    @property
    def mutation(self) -> Mutation | None:
        return MUTATIONS[self.kind] if self.kind else None


class Writer:
    """Writes fuzz files from base hands, with fresh hand ids."""

    def __init__(self, seed: int) -> None:
        self.serial = itertools.count(FRESH_ID + seed * 10_000_000)

    def piece(self, base: BaseHand, kind: str | None = None, seed: int | None = None,
              hand_id: str | None = None) -> Piece | None:
        """The base hand with a fresh id (or ``hand_id``), mutated by ``kind``; None if
        the mutation does not apply to it."""
        hand_id = hand_id or str(next(self.serial))
        text = with_id(base.text, base.room, hand_id) + SEP
        if kind is None:
            return Piece(base, hand_id, text, text.encode("utf-8"), original=text)
        m = MUTATIONS[kind]
        try:
            out = m.fn(random.Random(seed), text)
        except (ValueError, IndexError):  # too few lines, seats, ... for this hand
            out = None
        if out is None or out == text or out == text.encode("utf-8"):
            return None
        if m.level == BYTES:
            return Piece(base, hand_id, text, out, kind, seed, text)
        return Piece(base, hand_id, out, out.encode("utf-8"), kind, seed, text)

    def file(self, path: Path, pieces: list[Piece], kind: str | None = None,
             seed: int | None = None) -> FuzzFile | None:
        """Write the pieces (and the FILE mutation); None if the mutation does not apply."""
        data = b"".join(p.data for p in pieces)
        f = FuzzFile(path, pieces, kind, seed, data)
        if kind is not None:
            data = MUTATIONS[kind].fn(random.Random(seed), data)
            if data is None:
                return None
        path.write_bytes(data)
        _locate(f, data)
        return f


def _locate(f: FuzzFile, data: bytes) -> None:
    """Where each piece's header ended up, and how many hand starts the file holds."""
    room = f.pieces[0].base.room
    codec = f.mutation.codec if f.mutation else None
    text = data.decode(codec, errors="replace") if codec else data.decode("latin-1")
    f.hand_texts = len(room.start.findall(text))
    cursor = 0
    for p in f.pieces:
        raw = p.kind is not None and MUTATIONS[p.kind].level == BYTES
        written = p.data.decode("latin-1") if raw else p.text
        m = room.start.search(written)
        if m is None:
            continue
        line = written[m.start():].split("\n", 1)[0]
        key = line.encode(codec or ("latin-1" if raw else "utf-8"))
        at = data.find(key, cursor)
        if at < 0:
            continue  # cut off with the end of the file
        cursor = at + len(key)
        head = data[at:at + 4 * len(key)].decode(codec or "latin-1", errors="replace")
        p.offset = at if room.start.match(head) else None


def plan_files(base: list[BaseHand], folder: Path, mutated: int, seed: int,
               per_file: tuple[int, int] = (20, 50), mutated_per_file: tuple[int, int] = (3, 9),
               file_share: float = 0.35, only: Iterable[str] | None = None) -> list[FuzzFile]:
    """Fuzz files holding about ``mutated`` mutated hands: every kind in turn (or
    ``only`` those), a FILE mutation on ``file_share`` of the files."""
    rng = random.Random(seed)
    writer = Writer(seed)
    wanted = list(only or MUTATIONS)
    hand_kinds = [k for k in wanted if MUTATIONS[k].level != FILE]
    file_kinds = [k for k in wanted if MUTATIONS[k].level == FILE]
    queue = _cycle(rng, hand_kinds)
    file_queue = _cycle(rng, file_kinds)
    folder.mkdir(parents=True, exist_ok=True)
    files: list[FuzzFile] = []
    done = 0
    while done < mutated:
        kind = next(file_queue) if file_kinds and (rng.random() < file_share
                                                   or not hand_kinds) else None
        pieces = _pieces(rng, writer, base, queue if hand_kinds else iter(()), kind,
                         rng.randint(*per_file), rng.randint(*mutated_per_file))
        f = writer.file(folder / f"fuzz{seed}_{len(files):05d}.txt", pieces, kind,
                        rng.getrandbits(32))
        if f is None:
            continue
        files.append(f)
        done += sum(p.kind is not None for p in f.pieces) + (kind is not None)
    return files


def applicable(base: list[BaseHand], sample: int = 100, seed: int = 5) -> list[str]:
    """The mutation kinds that apply to some of these hands (a few of a sample of
    them; a FILE mutation: to a file of three), in the order of ``MUTATIONS``. A kind
    written for another room's text applies to none (an XML room's hands have no
    "Seat 1: x ($5 in chips)" line)."""
    rng = random.Random(seed)
    hands = rng.sample(base, min(sample, len(base)))
    writer = Writer(seed)
    out = []
    for kind, m in MUTATIONS.items():
        for i, b in enumerate(hands):
            if m.level == FILE:
                data = b"".join(writer.piece(hands[(i + k) % len(hands)]).data for k in range(3))
                done = m.fn(random.Random(seed + i), data) not in (None, data)
            else:
                done = writer.piece(b, kind, seed + i) is not None
            if done:
                out.append(kind)
                break
    return out


def _cycle(rng: random.Random, names: list[str]):
    """Names over and over, each round shuffled."""
    while names:
        order = names[:]
        rng.shuffle(order)
        yield from order


def _pieces(rng: random.Random, writer: Writer, base: list[BaseHand], queue, file_kind,
            n: int, n_mutated: int) -> list[Piece]:
    """``n`` hands, ``n_mutated`` of them mutated at random places."""
    fm = MUTATIONS[file_kind] if file_kind else None
    pieces = [writer.piece(b) for b in rng.sample(base, min(n, len(base)))]
    places = list(range(len(pieces) - (1 if fm and fm.cuts_last else 0)))
    copies: list[tuple[int, Piece]] = []
    for at in rng.sample(places, min(n_mutated, len(places))):
        kind = next(queue, None)
        if kind is None:
            break
        if fm and fm.codec and MUTATIONS[kind].level == BYTES:
            continue  # a re-encoded file holds text only
        for _ in range(30):
            b = rng.choice(base)
            if MUTATIONS[kind].level == COPY:
                original = writer.piece(b)
                copy = writer.piece(b, kind, rng.getrandbits(32), original.hand_id)
                if copy is not None:
                    pieces[at] = original
                    copies.append((rng.randrange(at + 1, len(pieces) + 1), copy))
                    break
            else:
                p = writer.piece(b, kind, rng.getrandbits(32))
                if p is not None:
                    pieces[at] = p
                    break
    for at, copy in sorted(copies, key=lambda c: -c[0]):
        at = min(at, len(pieces) - (1 if fm and fm.cuts_last else 0))
        pieces.insert(at, copy)
    return pieces


# ------------------------------------------------------------------ the oracles

@dataclass
class Defect:
    oracle: str  # crash, accounting, lost, impossible ok, invariant
    kind: str  # the mutation to blame ("-" where none)
    what: str  # one line
    hand_id: str | None = None
    seed: int | None = None
    file: str = ""
    excerpt: str = ""
    base: str = ""  # the base hand: source file and id

    def render(self) -> str:
        where = f"hand {self.hand_id} " if self.hand_id else ""
        seed = f"seed {self.seed} " if self.seed is not None else ""
        out = [f"[{self.oracle}] {self.kind}: {self.what}",
               f"    {where}{seed}in {Path(self.file).name}"
               + (f" (base {self.base})" if self.base else "")]
        out += ["    | " + line for line in self.excerpt.split("\n") if line][:14]
        return "\n".join(out)


OUTCOMES = ("ok", "warning", "failed", "unverifiable", "unsupported", "parse error",
            "incomplete", "duplicate", "merged", "not found")


@dataclass
class Report:
    """What the oracles found, and how each mutation kind's hands came out."""

    defects: list[Defect] = field(default_factory=list)
    applied: Counter = field(default_factory=Counter)  # kind → times applied
    mutated: Counter = field(default_factory=Counter)  # kind → hands (a file's: all its hands)
    outcomes: dict[str, Counter] = field(default_factory=lambda: defaultdict(Counter))
    hands: int = 0
    files: int = 0
    summaries: list[dict] = field(default_factory=list)

    def add(self, other: Report) -> None:
        self.defects += other.defects
        self.applied.update(other.applied)
        self.mutated.update(other.mutated)
        for k, c in other.outcomes.items():
            self.outcomes[k].update(c)
        self.hands += other.hands
        self.files += other.files
        self.summaries += other.summaries

    def of(self, *oracles: str) -> list[Defect]:
        return [d for d in self.defects if d.oracle in oracles]

    def table(self) -> str:
        """Per kind (! marks the impossible ones): times applied, hands, defects by
        oracle, and what the import made of the hands."""
        count = Counter((d.kind, d.oracle) for d in self.defects)
        head = (f"{'kind':26} {'applied':>7} {'hands':>6} "
                + " ".join(f"{_SHORT.get(c, c):>9}" for c in ORACLES) + "  outcomes")
        lines = [head, "-" * len(head)]
        shown = [k for k in MUTATIONS if self.mutated[k]]
        shown += sorted({k for k, _ in count} - set(shown))
        for kind in shown:
            out = self.outcomes.get(kind, Counter())
            outcomes = ", ".join(f"{o} {out[o]}" for o in OUTCOMES if out[o])
            m = MUTATIONS.get(kind)
            flag = "!" if m and m.impossible else " "
            lines.append(f"{kind[:25]:25}{flag} {self.applied[kind]:>7} {self.mutated[kind]:>6} "
                         + " ".join(f"{count[(kind, c)]:>9}" for c in ORACLES)
                         + "  " + outcomes)
        return "\n".join(lines)

    def examples(self, oracles: Iterable[str] | None = None, per_kind: int = 3) -> str:
        """A few defects of each (oracle, kind), with how many there were."""
        groups: dict[tuple[str, str], list[Defect]] = defaultdict(list)
        for d in self.defects:
            if oracles is None or d.oracle in oracles:
                groups[(d.oracle, d.kind)].append(d)
        out = []
        for (oracle, kind), ds in sorted(groups.items()):
            out.append(f"== {oracle} / {kind}: {len(ds)}")
            out += [d.render() for d in ds[:per_kind]]
        return "\n".join(out)


ORACLES = ("crash", "accounting", "lost", "misplaced", "impossible ok", "cut stored",
           "invariant")
_SHORT = {"accounting": "unaccount", "impossible ok": "impos. ok"}


def import_folder(folder: Path, db: Path | str, workers: int):
    """Import a folder with the real importer: (summary, None) or (None, traceback)."""
    store = Store(db)
    try:
        return Importer(store, workers).run(discover([folder])), None
    except Exception:  # noqa: BLE001 - a crash is what we look for
        return None, traceback.format_exc()
    finally:
        store.close()


def check(files: list[FuzzFile], work: Path, workers: int = 2) -> Report:
    """Import the fuzz files (all in one folder) into a fresh database and judge what
    was stored. Files whose import raises are found, reported and left out."""
    folder = files[0].path.parent
    db = work / (folder.name + ".duckdb")
    _unlink(db)
    report = Report()
    summary, crash = import_folder(folder, db, workers)
    if crash is not None:
        _unlink(db)
        raising = _raising(files, work)
        report.defects += [d for f in raising for d in _crash_defects(f, work)]
        if not raising:
            report.defects.append(Defect("crash", "-", "the import raised", file=str(folder),
                                         excerpt=_last_lines(crash, 12)))
            return report
        for f in raising:
            _count(report, f)
            f.path.unlink()
        files = [f for f in files if f not in raising]
        if not files:
            return report
        summary, crash = import_folder(folder, db, workers)
        if crash is not None:
            report.defects.append(Defect("crash", "-", "the import raised", file=str(folder),
                                         excerpt=_last_lines(crash, 12)))
            return report
    store = Store(db)
    try:
        report.add(judge(files, store.con, summary))
    finally:
        store.close()
    return report


def _count(report: Report, f: FuzzFile) -> None:
    """Count a file's mutations as applied (its import raised: no outcomes)."""
    if f.kind:
        report.applied[f.kind] += 1
        report.mutated[f.kind] += len(f.pieces)
    for p in f.pieces:
        if p.kind:
            report.applied[p.kind] += 1
            report.mutated[p.kind] += 1


def _unlink(db: Path) -> None:
    for p in (db, Path(str(db) + ".wal")):
        p.unlink(missing_ok=True)


def _raising(files: list[FuzzFile], work: Path) -> list[FuzzFile]:
    """The files whose import raises, found by halving the folder."""
    if _raises([f.path for f in files], work) is None:
        return []
    if len(files) == 1:
        return files
    half = len(files) // 2
    return _raising(files[:half], work) + _raising(files[half:], work)


def _raises(paths: list[Path], work: Path) -> str | None:
    """The traceback of importing these files alone into a new database, or None."""
    scratch = work / "scratch"
    shutil.rmtree(scratch, ignore_errors=True)
    (scratch / "in").mkdir(parents=True)
    for i, path in enumerate(paths):
        shutil.copy(path, scratch / "in" / f"{i:05d}_{path.name}")
    _, crash = import_folder(scratch / "in", scratch / "one.duckdb", 1)
    shutil.rmtree(scratch, ignore_errors=True)
    return crash


def _crash_defects(f: FuzzFile, work: Path) -> list[Defect]:
    """The mutated hands of a file whose import raises that raise alone; else the file."""
    out = []
    for p in f.pieces:
        if p.kind is None:
            continue
        one = work / "one" / "hand.txt"
        one.parent.mkdir(parents=True, exist_ok=True)
        one.write_bytes(p.data)
        crash = _raises([one], work)
        if crash is not None:
            out.append(_defect("crash", p.kind, "the import raised", f, p,
                               _excerpt(p) + "\n" + _last_lines(crash)))
    if not out:
        crash = _raises([f.path], work) or ""
        out.append(Defect("crash", f.kind or "-", "the import of this file raised",
                          seed=f.seed, file=str(f.path),
                          excerpt=_file_excerpt(f) + "\n" + _last_lines(crash)))
    return out


def _last_lines(tb: str, n: int = 4) -> str:
    return "\n".join(tb.strip().split("\n")[-n:])


@dataclass
class _Row:
    """A hand stored, or a parse error, where the importer put it."""

    key: tuple[int, int]  # file id, byte offset
    hand_id: str | None
    status: str  # the verdict, or "parse error"
    nets: tuple[tuple[str, Decimal], ...] = ()
    detail: str = ""  # a parse error's reason; ENGINE_ERROR


class _Judge:
    """The oracles over one import: what each piece became, and what is wrong."""

    def __init__(self, files: list[FuzzFile], con, summary) -> None:
        self.files, self.con, self.summary = files, con, summary
        ids = {path: fid for fid, path in con.execute("SELECT file_id, path FROM files")
               .fetchall()}
        self.fid = {f.path: ids.get(str(f.path.resolve())) for f in files}
        self.rows = {r.key: r for r in self._rows()}
        self.by_id: dict[str, list[_Row]] = defaultdict(list)
        for r in self.rows.values():
            if r.hand_id:
                self.by_id[r.hand_id].append(r)
        self.place: dict[tuple[int, int], tuple[FuzzFile, Piece]] = {}
        self.pieces_by_id: dict[str, tuple[FuzzFile, Piece]] = {}
        for f in files:
            fid = self.fid[f.path]
            for p in f.pieces:
                self.pieces_by_id.setdefault(p.hand_id, (f, p))
                if fid is not None and p.offset is not None:
                    self.place[(fid, p.offset)] = (f, p)
        self.report = Report(files=len(files), hands=sum(len(f.pieces) for f in files),
                             summaries=[summary.as_json()])

    def _rows(self) -> Iterable[_Row]:
        for fid, off, hid, status, players, nets, engine in self.con.execute(
                "SELECT h.file_id, h.byte_offset, h.hand_id, v.status,"
                " list(p.player ORDER BY p.player), list(p.net ORDER BY p.player),"
                " (SELECT count(*) FROM findings f WHERE f.site = h.site"
                "  AND f.hand_id = h.hand_id AND f.code = 'ENGINE_ERROR')"
                " FROM hands h LEFT JOIN verdicts v USING (site, hand_id)"
                " LEFT JOIN hand_players p USING (site, hand_id) GROUP BY ALL").fetchall():
            yield _Row((fid, off), hid, status or "no verdict",
                       tuple(zip(players, nets)) if players and players[0] else (),
                       "ENGINE_ERROR" if engine else "")
        for fid, off, reason, raw in self.con.execute(
                "SELECT file_id, byte_offset, reason, raw_text FROM parse_errors"
                " WHERE NOT starts_with(reason, ?)", [BEFORE]).fetchall():
            yield _Row((fid, off), _hand_id(raw), "parse error", detail=reason)

    def run(self) -> Report:
        for f in self.files:
            if f.kind:
                self.report.applied[f.kind] += 1
            for i, p in enumerate(f.pieces):
                self._piece(f, i, p)
        self._crashes()
        self._accounting()
        self._invariants()
        return self.report

    # ---- one piece: what it became (oracles c and d)

    def find(self, f: FuzzFile, i: int, p: Piece) -> tuple[str, _Row | None, bool]:
        """(outcome, its row, whether the row is not at the piece's own place)."""
        fid = self.fid[f.path]
        row = self.rows.get((fid, p.offset)) if p.offset is not None else None
        if row is not None:
            return row.status, row, False
        others = [r for r in self.by_id.get(p.hand_id, ()) if r.key not in self.place]
        if others and MUTATIONS.get(p.kind or "", _NONE).level != COPY:
            # (a header damaged as written — "Game\xa0#1" — whose text, between hands,
            # is a parse error that names its id once normalised: its own place)
            own = (p.offset is None and others[0].status == "parse error"
                   and others[0].detail.startswith(BETWEEN))
            return others[0].status, others[0], not own
        if self.by_id.get(p.hand_id):
            return "duplicate", None, False
        if p.offset is None:
            return "merged", None, False  # no header: its text went to the hand before
        return ("incomplete" if i == len(f.pieces) - 1 else "not found"), None, False

    def _piece(self, f: FuzzFile, i: int, p: Piece) -> None:
        r = self.report
        outcome, row, misplaced = self.find(f, i, p)
        if p.kind:
            r.applied[p.kind] += 1
        for k in {p.kind, f.kind} - {None}:  # a file's mutation: every hand of the file
            r.mutated[k] += 1
            r.outcomes[k][outcome] += 1
        kind = p.kind or f.kind
        if misplaced:
            r.defects.append(_defect(
                "misplaced", f.kind or p.kind or self._blame(f, i)[0],
                f"stored ({outcome}) at byte {row.key[1]}, but written at byte {p.offset}",
                f, p))
        fm = f.mutation
        if p.kind is None and not (fm and fm.cuts_last and i == len(f.pieces) - 1):
            self._untouched(f, i, p, outcome, row)
            return
        m = MUTATIONS[kind]
        expect = ANY if m.possible and m.possible(p.base.room, p.text) else m.expect
        stored = row is not None and outcome != "parse error"
        excerpt = None if p.kind else _file_excerpt(f)
        if expect == NOT_OK and outcome == "ok":
            r.defects.append(_defect("impossible ok", kind,
                                     "an impossible hand stored with verdict ok", f, p))
        elif expect == NOT_STORED and stored:
            r.defects.append(_defect("cut stored", kind, f"a cut hand stored as {outcome} "
                                     "(not incomplete, nor a parse error)", f, p, excerpt))
        elif expect == NOT_NEW and stored and self._first_stored(f, p):
            r.defects.append(_defect("impossible ok", kind, f"a repeated hand id stored as "
                                     f"{outcome}, not counted a duplicate", f, p))

    def _first_stored(self, f: FuzzFile, p: Piece) -> bool:
        """Whether the first hand of this id in the file is stored at its place (if not,
        its loss is reported, and storing the repeat is right)."""
        first = next(q for q in f.pieces if q.hand_id == p.hand_id)
        row = self.rows.get((self.fid[f.path], first.offset))
        return first is not p and row is not None and row.status != "parse error"

    def _untouched(self, f: FuzzFile, i: int, p: Piece, outcome: str, row) -> None:
        """Oracle c: stored with the baseline's verdict and nets."""
        if row is not None and row.status == p.base.status and row.nets == p.base.nets:
            return
        if row is None:
            what = f"not stored ({outcome})"
        elif row.status == "parse error":
            what = f"a parse error: {row.detail[:160]}"
        elif row.status != p.base.status:
            what = f"stored as {row.status} (baseline {p.base.status})"
        else:
            what = f"stored with nets {_nets(row.nets)} (baseline {_nets(p.base.nets)})"
        blame, culprit = self._blame(f, i)
        if culprit is not None and culprit is _next(f, i) and not _starts_hand(culprit):
            what += " (the next hand's first line was damaged: its text joined this hand)"
        d = _defect("lost", blame, "an untouched hand " + what, f, p, _excerpt(p, 3))
        if culprit is not None:
            d.excerpt += (f"\nbecause of {culprit.kind} (seed {culprit.seed}, hand "
                          f"{culprit.hand_id}):\n" + _excerpt(culprit))
            d.seed = culprit.seed
        elif f.kind:
            d.seed = f.seed
            d.excerpt += "\n" + _file_excerpt(f)
        self.report.defects.append(d)

    @staticmethod
    def _blame(f: FuzzFile, i: int) -> tuple[str, Piece | None]:
        """The likeliest cause of an untouched hand's loss: the next hand's damaged
        first line; the file's mutation; a hand with its id; a byte mutation anywhere
        in the file; its neighbours' mutations."""
        p, after = f.pieces[i], _next(f, i)
        if after is not None and after.kind and not _starts_hand(after):
            return after.kind, after
        if f.kind:
            return f.kind, None
        for q in f.pieces:
            if q is not p and q.hand_id == p.hand_id:
                return q.kind or "-", q
        for q in f.pieces:
            if q.kind and MUTATIONS[q.kind].level == BYTES:
                return q.kind, q
        for j in (i + 1, i - 1):
            if 0 <= j < len(f.pieces) and f.pieces[j].kind:
                return f.pieces[j].kind, f.pieces[j]
        return "-", None

    # ---- oracle a within an import that returned

    def _crashes(self) -> None:
        for key, row in self.rows.items():
            if row.detail == "ENGINE_ERROR":
                self._at(key, "crash", "the rules engine raised (ENGINE_ERROR)")
            elif row.status == "parse error" and row.detail.startswith("internal error"):
                self._at(key, "crash", f"a parse error '{row.detail[:200]}'")

    def _at(self, key, oracle: str, what: str) -> None:
        f, p = self.place.get(key, (None, None))
        row = self.rows.get(key)
        if p is None and row is not None:  # not where it was written: find it by id
            f, p = self.pieces_by_id.get(row.hand_id, (None, None))
        if p is None:
            self.report.defects.append(Defect(oracle, "-", f"{what} (file id {key[0]}, "
                                                           f"byte {key[1]})"))
        else:
            self.report.defects.append(_defect(oracle, p.kind or f.kind or "-", what, f, p))

    # ---- oracle b

    def _accounting(self) -> None:
        """Every hand text counted once, by the summary and by the database."""
        s, out = self.summary, self.report.defects
        junk = sum(s.errors_by_reason.get(reason, 0) for reason in JUNK)
        texts = sum(f.hand_texts for f in self.files)
        counted = (s.hands_new + s.unsupported + s.duplicates + s.incomplete + s.parse_errors
                   - junk)
        n = len(out)
        if counted != texts:
            out.append(Defect("accounting", "-", f"the files hold {texts} hands, the summary "
                              f"counts {counted}: {s.as_json()}"))
        strays = sum(1 for r in self.rows.values() if r.detail.startswith(BETWEEN))
        # (a file's last hand, incomplete, is a parse error until the file grows)
        if len(self.rows) - strays != texts - s.duplicates:
            out.append(Defect("accounting", "-", f"the database holds {len(self.rows)} hands "
                              f"and parse errors; the files {texts} hands, of which "
                              f"{s.duplicates} duplicates"))
        if len(out) > n:
            self._accounting_by_file()

    def _accounting_by_file(self) -> None:
        """Files whose rows, duplicates and held-back last hand do not make their hands."""
        per_file = Counter(key[0] for key, row in self.rows.items()
                           if not row.detail.startswith(BETWEEN))
        for f in self.files:
            fid = self.fid[f.path]
            found = [self.find(f, i, p)[0] for i, p in enumerate(f.pieces)]
            missing = (f.hand_texts - per_file.get(fid, 0) - found.count("duplicate")
                       - found.count("incomplete"))
            if missing:
                kinds_in = sorted({p.kind for p in f.pieces if p.kind} | {f.kind} - {None})
                self.report.defects.append(Defect(
                    "accounting", f.kind or ",".join(kinds_in) or "-",
                    f"{missing:+d} hand texts unaccounted for in this file (mutations: "
                    f"{', '.join(kinds_in) or 'none'})", file=str(f.path), seed=f.seed,
                    excerpt=_file_excerpt(f)))

    # ---- oracle d, on every hand stored ok

    def _invariants(self) -> None:
        where = {}
        for key, row in self.rows.items():
            if row.hand_id and row.status == "ok":
                where[row.hand_id] = key
        for _site, hid, name in invariant_violations(self.con):
            self._at(where.get(hid, (0, 0)), "invariant", f"stored ok but breaks '{name}'")


def judge(files: list[FuzzFile], con, summary) -> Report:
    """The oracles over one import of ``files`` (the database ``con``)."""
    return _Judge(files, con, summary).run()


def _hand_id(text: str) -> str | None:
    """The id in a hand text's header (a parse error's raw text), if it has one."""
    for room in ROOMS:  # (an XML room's hand text begins with its session's header)
        m = room.start.match(text) or (room.fmt.context and room.start.search(text))
        if m:
            return hand_id_of(text, room)
    return None


def _next(f: FuzzFile, i: int) -> Piece | None:
    return f.pieces[i + 1] if i + 1 < len(f.pieces) else None


def _starts_hand(p: Piece) -> bool:
    """Whether the piece, as written, begins with its room's hand start."""
    text = p.data.decode("latin-1") if p.kind and MUTATIONS[p.kind].level == BYTES else p.text
    return p.base.room.start.match(text) is not None


def _nets(nets) -> str:
    return "{" + ", ".join(f"{p[:20]}: {n}" for p, n in nets) + "}"


def _defect(oracle: str, kind: str, what: str, f: FuzzFile, p: Piece,
            excerpt: str | None = None) -> Defect:
    return Defect(oracle, kind or "-", what, p.hand_id, p.seed, str(f.path),
                  _excerpt(p) if excerpt is None else excerpt,
                  f"{p.base.source} #{p.base.hand_id}")


def _excerpt(p: Piece, context: int = 1) -> str:
    """The lines a mutation changed (or the bytes), with a little context."""
    if p.kind is None:
        return p.text.split("\n", 1)[0][:200]
    if MUTATIONS[p.kind].level == BYTES:
        return _byte_diff(p.original.encode("utf-8"), p.data)
    diff = difflib.unified_diff(p.original.split("\n"), p.text.split("\n"), lineterm="",
                                n=context)
    return "\n".join(line[:200] for line in list(diff)[2:14])


def _byte_diff(before: bytes, after: bytes, width: int = 60) -> str:
    i = next((k for k, (a, b) in enumerate(zip(before, after)) if a != b),
             min(len(before), len(after)))
    lo = max(i - width, 0)
    return f"at byte {i}:\n- {before[lo:i + width]!r}\n+ {after[lo:i + width]!r}"


def _file_excerpt(f: FuzzFile) -> str:
    if not f.kind:
        return ""
    data = f.path.read_bytes() if f.path.exists() else b""
    return f"file mutation {f.kind} (seed {f.seed}): " + _byte_diff(f.before, data)


# ---- invariants of every hand stored ok

SEATS_BEYOND_MAX = ("Run It Once",)  # numbers seats around a larger table ("3-Max": 1, 3, 5)
MOST_SEATS = 10

INVARIANTS = {
    "big blind > 0":
        "SELECT site, hand_id FROM ok WHERE big_blind IS NULL OR big_blind <= 0",
    # (seats numbered by entry, not place, go round the table in its table_order: Bovada's
    # tournaments; their button is one of them)
    "button on a seat of the table":
        "SELECT site, hand_id FROM ok WHERE button_seat IS NOT NULL AND (button_seat < 1"
        " OR (table_order IS NULL AND (button_seat > {most} OR (button_seat > max_seats"
        " AND site NOT IN {lenient})))"
        " OR (table_order IS NOT NULL AND NOT list_contains(table_order, button_seat)))",
    "seat numbers within the table":
        "SELECT DISTINCT site, hand_id FROM ok JOIN hand_players p USING (site, hand_id)"
        " WHERE p.seat < 1 OR (ok.table_order IS NULL AND (p.seat > {most}"
        " OR (p.seat > ok.max_seats AND site NOT IN {lenient})))"
        " OR (ok.table_order IS NOT NULL AND NOT list_contains(ok.table_order, p.seat))",
    "one player a seat":
        "SELECT DISTINCT site, hand_id FROM hand_players JOIN ok USING (site, hand_id)"
        " GROUP BY site, hand_id, seat HAVING count(*) > 1",
    "one seat a player":
        "SELECT DISTINCT site, hand_id FROM hand_players JOIN ok USING (site, hand_id)"
        " GROUP BY site, hand_id, player HAVING count(*) > 1",
    "no more players than seats":
        "SELECT site, hand_id FROM hand_players JOIN ok USING (site, hand_id)"
        " GROUP BY site, hand_id, ok.max_seats HAVING count(*) > coalesce(ok.max_seats, {most})",
    # (a rake not written — no total pot, no rake: iPoker, Bovada's Zone Poker — is not
    # known: what is missing is that rake, from nothing to a tenth of the pot and a
    # cent, and nothing in a tournament)
    "money balances (nets + rake + fees = cash-outs + money added)":
        "SELECT site, hand_id FROM ok JOIN hand_players p USING (site, hand_id)"
        " GROUP BY site, hand_id, ok.rake, ok.fees, ok.added, ok.tournament_id"
        " HAVING (SELECT coalesce(sum(c.amount), 0) FROM collections c WHERE c.site = ok.site"
        "  AND c.hand_id = ok.hand_id AND c.cash_out)"
        " - (sum(p.net) + coalesce(ok.rake, 0) + coalesce(ok.fees, 0) - coalesce(ok.added, 0))"
        " NOT BETWEEN 0 AND CASE WHEN ok.rake IS NOT NULL OR ok.tournament_id IS NOT NULL"
        "  THEN 0 ELSE sum(p.invested) / 10 + 0.01 END",
}
_OK = ("CREATE OR REPLACE TEMP VIEW ok AS SELECT h.* FROM hands h"
       " JOIN verdicts v USING (site, hand_id) WHERE v.status = 'ok'")


def invariant_violations(con) -> list[tuple[str, str, str]]:
    """(site, hand_id, which invariant) for every hand stored ok that breaks one."""
    con.execute(_OK)
    lenient = "(" + ", ".join(f"'{s}'" for s in SEATS_BEYOND_MAX) + ")"
    out = []
    for name, sql in INVARIANTS.items():
        for site, hid in con.execute(sql.format(most=MOST_SEATS, lenient=lenient)).fetchall():
            out.append((site, hid, name))
    rows = con.execute(
        "SELECT site, hand_id, boards, list(p.hole_cards) FILTER (p.hole_cards IS NOT NULL)"
        " FROM ok LEFT JOIN hand_players p USING (site, hand_id) GROUP BY ALL").fetchall()
    for site, hid, boards, holes in rows:
        why = _card_fault(boards or [], holes or [])
        if why:
            out.append((site, hid, why))
    return out


def _card_fault(boards: list[str], holes: list[str]) -> str | None:
    """What is wrong with a hand's cards: hole cards not two, a card not of the deck,
    a card twice (boards of a run twice share their first cards)."""
    seen: list[str] = []
    for h in holes:
        cards = h.split()
        if len(cards) != 2:
            return f"hole cards not two: [{h}]"
        seen += cards
    first = boards[0].split() if boards else []
    for n, board in enumerate(boards):
        cards = board.split()
        if len(cards) > 5:
            return f"a board of {len(cards)} cards"
        shared = 0
        while n and shared < min(len(cards), len(first)) and cards[shared] == first[shared]:
            shared += 1
        seen += cards[shared:]
    if any(c not in DECK for c in seen):
        return f"not a card: {sorted(c for c in seen if c not in DECK)}"
    twice = sorted(c for c, k in Counter(seen).items() if k > 1)
    return f"a card twice: {twice}" if twice else None


# ------------------------------------------------------------------ a campaign

def campaign(base: list[BaseHand], work: Path, mutated: int, seed: int, workers: int = 2,
             batch: int = 1500, keep: bool = False,
             progress: Callable[[Report], None] | None = None, **plan) -> Report:
    """About ``mutated`` mutations, in folders of about ``batch``, each folder
    imported into its own database and judged (then removed, unless ``keep``)."""
    report = Report()
    n = 0
    while sum(report.applied.values()) < mutated:
        folder = work / f"batch{n:03d}"
        want = min(batch, mutated - sum(report.applied.values()))
        files = plan_files(base, folder, want, seed * 1000 + n, **plan)
        part = check(files, work, workers)
        report.add(part)
        if not keep:
            shutil.rmtree(folder, ignore_errors=True)
            _unlink(work / (folder.name + ".duckdb"))
        n += 1
        if progress:
            progress(report)
    return report


# ------------------------------------------------------------------ one case at a time

def one_file(base: list[BaseHand], folder: Path, kind: str, seed: int,
             index: int) -> FuzzFile | None:
    """A file of three hands, the middle one (base[index]) mutated by ``kind`` (a FILE
    mutation: the file); None where the mutation does not apply."""
    writer = Writer(seed % 89)
    before, hand, after = (base[(index + k) % len(base)] for k in (-1, 0, 1))
    level = MUTATIONS[kind].level
    if level == FILE:
        pieces = [writer.piece(before), writer.piece(hand), writer.piece(after)]
    elif level == COPY:
        original = writer.piece(hand)
        pieces = [writer.piece(before), original,
                  writer.piece(hand, kind, seed, original.hand_id), writer.piece(after)]
    else:
        pieces = [writer.piece(before), writer.piece(hand, kind, seed), writer.piece(after)]
    if any(p is None for p in pieces):
        return None
    folder.mkdir(parents=True, exist_ok=True)
    return writer.file(folder / "case.txt", pieces, kind if level == FILE else None, seed)


def cases(n_base: int, names: Iterable[str] | None = None):
    """Hypothesis strategy: (mutation kind, seed, index of the base hand)."""
    from hypothesis import strategies as st
    return st.tuples(st.sampled_from(list(names or MUTATIONS)), st.integers(0, 2 ** 32 - 1),
                     st.integers(0, n_base - 1))


def explain(report: Report, *oracles: str, per_kind: int = 3) -> str:
    """A failure message: the defects of these oracles, a few per kind, and the table."""
    return (f"{len(report.of(*oracles))} defects\n" + report.examples(oracles, per_kind)
            + "\n\n" + report.table())

