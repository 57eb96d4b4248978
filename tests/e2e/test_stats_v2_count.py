"""The nine stats "Added in version 2" of docs/STATS.md as ``handlens stats --format
json`` gives them, against a count made here from the hand text alone, over every real
PokerStars folder: as tests/e2e/test_vpip_count.py does for VPIP and PFR, whose
splitting of the files into hands and reading of who is dealt in this count reuses.

Where the definitions leave a choice, the count makes handlens's (docs/STATS.md, "How
handlens reads these definitions"): a chance once per hand; facing a c-bet, the first
bet a player faces on the street is the c-bet; the preflop raiser, the last to raise
preflop; a steal attempt, the first raise, from CO, BTN or SB, with nobody in before it
(a player who posted a big blind out of turn and checked is not in)."""
from __future__ import annotations

import importlib.util
import json
import re
from collections import Counter
from pathlib import Path

import pytest

from pipeline.cli.main import main
from support.common import SHARED, import_paths, query

pytestmark = pytest.mark.slow


def _sibling(name: str):
    """A test module beside this one (tests/e2e is no package: loaded by its path)."""
    spec = importlib.util.spec_from_file_location(f"_{name}", Path(__file__).with_name(
        f"{name}.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_vpip = _sibling("test_vpip_count")
FOLDERS = [SHARED / "corpus" / "holdem" / "stars", SHARED / "wild" / "stars"]

STATS = ("fold_to_four_bet", "cbet_river", "fold_to_cbet_turn", "fold_to_cbet_river",
         "raise_cbet_flop", "check_raise_flop", "probe_turn", "float_flop",
         "three_bet_vs_steal")
KEYS = [f"{s}_{half}" for s in STATS for half in ("chance", "done")]
SEAT = re.compile(r"^Seat (\d+): (.+?) \((?:[^()]*in chips[^()]*)\)")
BUTTON = re.compile(r"Seat #(\d+) is the button")
# the betting rounds as the text opens them; anything else of "*** " ends the betting
# (the showdown, the summary, a board run twice: "*** FIRST FLOP ***")
STREET = {"*** HOLE CARDS": 0, "*** FLOP": 1, "*** TURN": 2, "*** RIVER": 3}
VERBS = ("folds", "checks", "calls", "bets", "raises")
# docs/STATS.md's positions, first to act preflop -> last, by the number dealt in
NAMES = {
    2: ("BTN", "BB"),
    3: ("BTN", "SB", "BB"),
    4: ("CO", "BTN", "SB", "BB"),
    5: ("HJ", "CO", "BTN", "SB", "BB"),
    6: ("UTG", "HJ", "CO", "BTN", "SB", "BB"),
    7: ("UTG", "LJ", "HJ", "CO", "BTN", "SB", "BB"),
    8: ("UTG", "UTG+1", "LJ", "HJ", "CO", "BTN", "SB", "BB"),
    9: ("UTG", "UTG+1", "UTG+2", "LJ", "HJ", "CO", "BTN", "SB", "BB"),
    10: ("UTG", "UTG+1", "UTG+2", "UTG+3", "LJ", "HJ", "CO", "BTN", "SB", "BB"),
}


def _positions(lines: list[str], seats: dict[str, int], dealt: list[str]) -> dict[str, str]:
    """Player -> position: the dealt-in seats clockwise from the button, the big blind
    the first of them to post one (heads-up the other player is the BTN); nobody
    between the button and the big blind: no SB, the table named as if it were there."""
    n = len(dealt)
    if not 2 <= n <= 10:
        return {}
    button = BUTTON.search(lines[1]) if len(lines) > 1 else None
    button = int(button.group(1)) if button else max(seats[p] for p in dealt)
    clockwise = sorted(dealt, key=lambda p: (seats[p] <= button, seats[p]))
    posted = {line.split(": ", 1)[0] for line in lines
              if ": posts big blind " in line or line.endswith(": posts big blind")}
    bb = next((p for p in clockwise if p in posted), clockwise[0 if n == 2 else 1])
    i = clockwise.index(bb)
    order = clockwise[i + 1:] + clockwise[:i + 1]  # first to act preflop -> the big blind
    if n == 2:
        return dict(zip(order, NAMES[2]))
    names = NAMES[n] if i > 0 or n == 10 else [p for p in NAMES[n + 1] if p != "SB"]
    return dict(zip(order, names))


def _first(acts: list[tuple[str, str]], p: str, start: int = 0) -> int | None:
    """The index of p's first action in acts from ``start`` on."""
    return next((i for i in range(start, len(acts)) if acts[i][0] == p), None)


def _count(text: str) -> tuple[str, dict[str, Counter]]:
    """(hand id, player dealt in -> Counter of KEYS, each 0 or 1) from the text."""
    hand_id, dealt_in = _vpip._count(text)  # who is dealt in, as the VPIP count reads it
    dealt = list(dealt_in)
    lines = [line.strip() for line in text.split("\n")]
    seats: dict[str, int] = {}
    for line in lines:
        if line.startswith("*** HOLE CARDS"):
            break
        m = SEAT.match(line)
        if m and m.group(2) not in seats:
            seats[m.group(2)] = int(m.group(1))
    names = sorted(seats, key=len, reverse=True)
    streets: list[list[tuple[str, str]]] = [[], [], [], []]  # preflop, flop, turn, river
    street = None
    for line in lines:
        if line.startswith("*** "):
            street = next((s for head, s in STREET.items() if line.startswith(head)), None)
            continue
        p = next((n for n in names if line.startswith(n + ": ")), None)
        if street is not None and p is not None:
            verb = line[len(p) + 2:].split(" ", 1)[0]
            if verb in VERBS:
                streets[street].append((p, verb))
    position = _positions(lines, seats, dealt)
    out = {p: Counter() for p in dealt}

    def offer(p: str, stat: str, done: bool) -> None:
        if p in out and not out[p][stat + "_chance"]:  # (only the first counts)
            out[p][stat + "_chance"] = 1
            out[p][stat + "_done"] = int(done)

    pre, flop, turn, river = streets
    raises = [i for i, (_, v) in enumerate(pre) if v == "raises"]
    raiser = pre[raises[-1]][0] if raises else None  # the last to raise preflop

    # fold to 4-bet: the 3-bettor (the second raise), at their next decision after the
    # 4-bet (the third raise), no other raise before it (a 5-bet of theirs is one)
    if len(raises) >= 3:
        three_bettor = pre[raises[1]][0]
        j = _first(pre, three_bettor, raises[2] + 1)
        if j is not None and (len(raises) == 3 or raises[3] >= j):
            offer(three_bettor, "fold_to_four_bet", pre[j][1] == "folds")

    # 3-bet vs steal: the first raise is a steal attempt (CO, BTN or SB, everyone
    # before folded: nobody in, no raise nor limp; a player who posted a big blind out
    # of turn and checked is not in); a blind's first decision after it, nobody in
    # between calling or raising
    if raises and all(v in ("folds", "checks") for _, v in pre[:raises[0]]):
        stealer = pre[raises[0]][0]
        if position.get(stealer) in ("CO", "BTN", "SB"):
            for p in dealt:
                if p == stealer or position.get(p) not in ("SB", "BB"):
                    continue
                if _first(pre, p) is not None and _first(pre, p) < raises[0]:
                    continue  # (folded before it)
                j = _first(pre, p, raises[0] + 1)
                if j is not None and all(v == "folds" for _, v in pre[raises[0] + 1:j]):
                    offer(p, "three_bet_vs_steal", pre[j][1] == "raises")

    # c-bets: the preflop raiser's first action on the street, nobody having bet before
    # it, is a bet; on the turn (river) only after a c-bet of the flop (turn) not raised
    cbet: dict[int, int] = {}  # street -> index of the c-bet in it
    for s, acts in ((1, flop), (2, turn), (3, river)):
        if raiser is None or (s > 1 and (s - 1 not in cbet or any(
                v == "raises" for _, v in streets[s - 1]))):
            break
        i = _first(acts, raiser)
        if i is None or any(v in ("bets", "raises") for _, v in acts[:i]):
            break
        if s == 3:
            offer(raiser, "cbet_river", acts[i][1] == "bets")
        if acts[i][1] != "bets":
            break
        cbet[s] = i

    # facing a c-bet: a player's first decision after it, nobody having raised it
    # before (the first bet they face on the street is the c-bet)
    facing: dict[int, dict[str, str]] = {}  # street -> player -> their answer
    for s, c in cbet.items():
        acts = streets[s]
        facing[s] = {}
        for p in dealt:
            j = None if p == raiser else _first(acts, p, c + 1)
            if j is not None and all(v != "raises" for _, v in acts[c + 1:j]):
                facing[s][p] = acts[j][1]
    for p, answer in facing.get(1, {}).items():
        offer(p, "raise_cbet_flop", answer == "raises")
    for s, stat in ((2, "fold_to_cbet_turn"), (3, "fold_to_cbet_river")):
        for p, answer in facing.get(s, {}).items():
            offer(p, stat, answer == "folds")

    # check-raise (flop): the first flop action a check, a bet after it before the next
    for p in dealt:
        i = _first(flop, p)
        if i is not None and flop[i][1] == "checks":
            j = _first(flop, p, i + 1)
            if j is not None and any(v == "bets" for _, v in flop[i + 1:j]):
                offer(p, "check_raise_flop", flop[j][1] == "raises")

    # probe (turn): the preflop raiser checked the flop, nobody bet it; a player's first
    # turn action comes before the raiser's, with no bet yet
    i = _first(flop, raiser) if raiser else None
    if i is not None and flop[i][1] == "checks" and \
            all(v not in ("bets", "raises") for _, v in flop):
        k = _first(turn, raiser)
        for p in dealt:
            j = None if p == raiser else _first(turn, p)
            if j is not None and (k is None or j < k) and \
                    all(v not in ("bets", "raises") for _, v in turn[:j]):
                offer(p, "probe_turn", turn[j][1] == "bets")

    # float (flop): called the flop c-bet in position (no flop action before it) and on
    # the turn the c-bettor checked to them: their first turn action comes after the
    # raiser's check, nobody having bet
    if 1 in cbet:
        k = _first(turn, raiser)
        for p, answer in facing[1].items():
            if answer != "calls" or _first(flop, p) < cbet[1] or k is None \
                    or turn[k][1] != "checks":
                continue
            j = _first(turn, p)
            if j is not None and j > k and all(v not in ("bets", "raises")
                                               for _, v in turn[:j]):
                offer(p, "float_flop", turn[j][1] == "bets")
    return hand_id, out


def test_the_stats_added_in_version_2_equal_a_count_from_the_hand_text(tmp_path, capsys):
    folders = [f for f in FOLDERS if f.is_dir()]
    if not folders:
        pytest.skip(f"no real PokerStars folder at {FOLDERS[0]} nor {FOLDERS[1]} "
                    "(../shared, beside the checkout)")
    db = tmp_path / "h.duckdb"
    import_paths(db, *folders)
    stored = {h for (h,) in query(db, "SELECT hand_id FROM hands JOIN files USING (file_id)"
                                      " WHERE format = 'pokerstars' AND supported")}
    want: Counter = Counter()
    by_hand: dict[str, dict[str, Counter]] = {}
    for folder in folders:
        for text in _vpip._hands(folder):
            hand_id, players = _count(text)
            if hand_id not in stored or hand_id in by_hand:
                continue  # a hand stored as a parse error, or read twice
            by_hand[hand_id] = players
            for p, flags in players.items():
                for k, n in flags.items():
                    want[p, k] += n
    assert len(by_hand) > 300
    totals = {k: sum(n for (_, s), n in want.items() if s == k) for k in KEYS}
    # every stat has chances and dones here: the comparison below can fail for each
    assert all(totals[k] > 0 for k in KEYS), totals
    capsys.readouterr()
    got: Counter = Counter()
    for kind in ("cash", "tournament", "play"):  # (never added together by stats)
        assert main(["stats", "--db", str(db), "--by", "player", "--kind", kind,
                     "--format", "json"]) == 0
        for r in json.loads(capsys.readouterr().out)["rows"]:
            for k in KEYS:
                got[r["player"], k] += r[k]
    # every chance and done of everyone, the anonymous seats too
    assert {k: sum(n for (_, s), n in got.items() if s == k) for k in KEYS} == totals
    # and each person's (the names never stored as a label)
    labels = {p for (p,) in query(db, "SELECT DISTINCT player FROM hand_players WHERE anonymous")}
    got = +Counter({key: n for key, n in got.items()
                    if key[0] not in labels and key[0] != "anonymous seats"})
    want = +Counter({key: n for key, n in want.items() if key[0] not in labels})
    differ = {k: (got[k], want[k]) for k in set(got) | set(want) if got[k] != want[k]}
    assert not differ, sorted(differ.items())[:20]
