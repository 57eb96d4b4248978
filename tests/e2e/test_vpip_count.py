"""VPIP and PFR as ``handlens stats --format json`` gives them, against a count made
here from the hand text alone (stats version 2: who is dealt in by what happens in
the hand, a walk's big blind without a chance), over every real PokerStars folder."""
from __future__ import annotations

import json
import re
from collections import Counter
from decimal import Decimal
from pathlib import Path

import pytest

from pipeline.cli.main import main
from support.common import SHARED, import_paths, query

pytestmark = pytest.mark.slow

FOLDERS = [SHARED / "corpus" / "holdem" / "stars", SHARED / "wild" / "stars"]
# PokerStars' format and its brands' (PokerMaster, Run It Once, ...): "<brand> Hand #<id>: "
HEADER = re.compile(r"(?mi)^(?=[^\n]{0,40}?(?:Hand|Game) #\w+: )")  # (old exports: "POKERSTARS GAME #")
HEADER_ID = re.compile(r"(?i)[^\n]{0,40}?(?:Hand|Game) #(\w+): ")
SEAT = re.compile(r"^Seat \d+: (.+?) \((?:[^()]*in chips[^()]*)\)(.*)$")


def _hands(folder: Path):
    """Each hand's text of the folder's files (read as the rooms write them: a BOM, CR LF)."""
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        text = path.read_bytes().decode("utf-8-sig", errors="replace").replace("\r\n", "\n")
        for part in HEADER.split(text):
            if HEADER_ID.match(part) and "hold'em" in part.split("\n", 1)[0].lower():
                yield part


def _amount(text: str) -> Decimal:
    return Decimal(re.sub(r"[^\d.]", "", text) or 0)


def _count(text: str) -> tuple[str, dict[str, tuple[bool, bool, bool, bool]]] | None:
    """(hand id, player -> (VPIP chance, done, PFR chance, done)) from the text."""
    lines = [line.strip() for line in text.split("\n")]  # (some exports indent every line)
    hand_id = HEADER_ID.match(lines[0]).group(1)
    seated, away = [], set()
    for line in lines:
        m = SEAT.match(line)
        if m and "*** SUMMARY ***" not in text.split(line)[0][-1:]:
            if m.group(1) not in seated:
                seated.append(m.group(1))
                if "is sitting out" in m.group(2) or "out of hand" in m.group(2):
                    away.add(m.group(1))
        if line.startswith("*** HOLE CARDS"):
            break
    names = sorted(seated, key=len, reverse=True)
    stakes = re.search(r"\(([^()/]+)/([^()/ ]+)(?: [A-Z]{3})?\)", lines[0])
    big = _amount(stakes.group(2)) if stakes else None

    def who(line: str) -> str | None:
        return next((n for n in names if line.startswith(n + ": ")), None)

    acted, dealt_to = set(), set()
    preflop: list[tuple[str, str]] = []
    street = "pre"
    for line in lines:
        if line.startswith("*** HOLE CARDS"):
            street = "preflop"
        elif line.startswith("*** ") and street == "preflop":
            street = "later"
        if line.startswith("Dealt to "):
            dealt_to.update(n for n in names if line.startswith(f"Dealt to {n} "))
        p = who(line)
        if p is None:
            continue
        verb = line[len(p) + 2:]
        acted.add(p)
        if street == "preflop" and verb.split(" ")[0] in ("folds", "checks", "calls", "bets",
                                                         "raises"):
            preflop.append((p, verb.split(" ")[0]))
        if verb.startswith("posts straddle") or (  # a big blind of more than the big blind
                verb.startswith("posts big blind ") and big is not None
                and _amount(verb.rsplit(" ", 1)[-1]) > big):
            preflop.append((p, "straddles"))
    dealt = [p for p in seated if p not in away or p in acted or p in dealt_to]
    walk = bool(preflop) and all(v == "folds" for _, v in preflop)
    moved = {p for p, _ in preflop}
    out = {}
    for p in dealt:
        chance = not (walk and p not in moved)
        vpip = any(q == p and v in ("calls", "bets", "raises", "straddles") for q, v in preflop)
        pfr = any(q == p and v == "raises" for q, v in preflop)
        out[p] = (chance, chance and vpip, chance, chance and pfr)
    return hand_id, out


def test_vpip_and_pfr_equal_a_count_from_the_hand_text(tmp_path, capsys):
    folders = [f for f in FOLDERS if f.is_dir()]
    if not folders:
        pytest.skip(f"no real PokerStars folder in {SHARED} (../shared/corpus/holdem/stars, "
                    "../shared/wild/stars, beside the checkout)")
    db = tmp_path / "h.duckdb"
    import_paths(db, *folders)
    stored = {h for (h,) in query(db, "SELECT hand_id FROM hands JOIN files USING (file_id)"
                                      " WHERE format = 'pokerstars' AND supported")}
    want: Counter = Counter()
    seen = set()
    for folder in folders:
        for text in _hands(folder):
            hand_id, players = _count(text)
            if hand_id not in stored or hand_id in seen:
                continue  # a hand stored as a parse error, or read twice
            seen.add(hand_id)
            for p, (vc, vd, pc, pd) in players.items():
                want[p, "vpip_chance"] += vc
                want[p, "vpip_done"] += vd
                want[p, "pfr_chance"] += pc
                want[p, "pfr_done"] += pd
    assert len(seen) > 300
    capsys.readouterr()
    got: Counter = Counter()
    for kind in ("cash", "tournament", "play"):  # (never added together by stats)
        assert main(["stats", "--db", str(db), "--by", "player", "--kind", kind,
                     "--format", "json"]) == 0
        for r in json.loads(capsys.readouterr().out)["rows"]:
            for k in ("vpip_chance", "vpip_done", "pfr_chance", "pfr_done"):
                got[r["player"], k] += r[k]
    assert sum(got.values()) > 1000
    # every chance and done of everyone, seat labels ("Player3", summed as one row,
    # "anonymous seats") too
    for k in ("vpip_chance", "vpip_done", "pfr_chance", "pfr_done"):
        assert sum(n for (_, s), n in got.items() if s == k) == \
            sum(n for (_, s), n in want.items() if s == k), k
    # and each person's: the names never stored as a label (a label is a person where it
    # names the hero)
    labels = {p for (p,) in query(db, "SELECT DISTINCT player FROM hand_players WHERE anonymous")}
    got = +Counter({key: n for key, n in got.items()
                    if key[0] not in labels and key[0] != "anonymous seats"})
    want = +Counter({key: n for key, n in want.items() if key[0] not in labels})
    differ = {k: (got[k], want[k]) for k in set(got) | set(want) if got[k] != want[k]}
    assert not differ, sorted(differ.items())[:20]
