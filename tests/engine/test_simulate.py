"""The simulator's two plays: a regular's database (the default of `handlens simulate`)
and random play (every rule). Statistics are measured through the real pipeline:
`handlens import` and `handlens stats`."""
from __future__ import annotations

import json
from pathlib import Path
import random
import re
from collections import Counter
from datetime import datetime

import pytest

from engine.model.hand import Kind, Structure
from engine.sim.sessions import regular_hands
from engine.sim.simulate import simulate
from engine.sim.strategy import has_draw, made_hand
from parsers.base.split import normalise
from parsers.pokerstars import ROOM as STARS
from parsers.pokerstars import parse_hand
from parsers.pokerstars.write import write_hand
from pipeline.cli.main import main
from pipeline.export.simulated import write_simulated

ROMAN = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII",
         "XIV", "XV")


def _hero_stats(folder, db, capsys, kind: str = "cash") -> dict:
    if not Path(db).exists():
        assert main(["import", str(folder), "--db", db, "--json"]) == 0
    capsys.readouterr()
    assert main(["stats", "--db", db, "--player", "Hero", "--by", "player", "--kind", kind,
                 "--format", "json"]) == 0
    rows = json.loads(capsys.readouterr().out)["rows"]
    return next((r for r in rows if r["player"] == "Hero"), {"hands": 0})


@pytest.fixture(scope="module")
def regular_sample(tmp_path_factory):
    folder = tmp_path_factory.mktemp("regular")
    write_simulated(folder, 2000, seed=4)
    return folder


@pytest.mark.slow
def test_the_regulars_hero_has_a_regulars_statistics(regular_sample, tmp_path, capsys):
    db = str(tmp_path / "r.duckdb")
    hero = _hero_stats(regular_sample, db, capsys)  # (cash games: the most hands)
    in_tournaments = _hero_stats(regular_sample, db, capsys, "tournament")["hands"]
    assert hero["hands"] + in_tournaments == 2000  # the hero is in every hand
    assert 18 <= hero["vpip"] <= 30 and 12 <= hero["pfr"] <= 24
    assert hero["pfr"] < hero["vpip"]
    assert 3.5 <= hero["three_bet"] <= 11
    assert 50 <= hero["cbet_flop"] <= 80
    assert 22 <= hero["wtsd"] <= 40 and 40 <= hero["wsd"] <= 65


@pytest.mark.slow
def test_random_play_is_nothing_like_a_regular(tmp_path, capsys):
    folder = tmp_path / "random"
    assert main(["simulate", "--play", "random", "--hands", "600", "--out", str(folder),
                 "--seed", "4"]) == 0
    capsys.readouterr()
    hero = _hero_stats(folder, str(tmp_path / "x.duckdb"), capsys)
    assert hero["vpip"] > 45  # random calls and raises three hands in four


def test_the_regulars_sessions_read_like_a_database(regular_sample):
    text = "".join(p.read_text("utf-8") for p in sorted(regular_sample.glob("*.txt")))
    heads = re.findall(r"^PokerStars Hand #(\d+): +(.*) - (\S+ \S+) ET\nTable '([^']+)'",
                       text, re.M)
    assert len(heads) == 2000
    ids = [int(h[0]) for h in heads]
    times = [datetime.strptime(h[2], "%Y/%m/%d %H:%M:%S") for h in heads]
    assert ids == sorted(ids) and times == sorted(times)
    tables = Counter(h[3] for h in heads)
    assert sum(n for n in tables.values() if n >= 20) > 0.8 * 2000  # long sessions
    cash = [h[1] for h in heads if "Tournament" not in h[1]]
    assert sum("No Limit" in g for g in cash) > 0.75 * len(cash)
    assert len({re.search(r"\(([^)]*)\)", g)[1] for g in cash}) <= 8  # a few stakes
    tournaments: dict[str, list[tuple[str, str]]] = {}
    for head in heads:
        m = re.match(r"Tournament #(\d+), (\$\S+ USD) .* Level (\w+) \(", head[1])
        if m:
            tournaments.setdefault(m[1], []).append((m[2], m[3]))
    assert 1 <= len(tournaments) <= 12
    for played in tournaments.values():
        assert len({buy_in for buy_in, _ in played}) == 1
        levels = [ROMAN.index(level) for _, level in played]
        assert levels == sorted(levels) and levels[0] == 0
    longest = max(tournaments.values(), key=len)
    assert len({level for _, level in longest}) >= 3  # the blinds rise


def test_the_regulars_stacks_carry_over_and_the_button_moves(regular_sample):
    text = (sorted(regular_sample.glob("*.txt"))[0]).read_text("utf-8")
    hands = [parse_hand(normalise(h)) for h in text.split("\n\n\n") if h.strip()]
    moved = carried = pairs = 0
    for a, b in zip(hands, hands[1:]):
        if a.table != b.table or a.tournament_id or b.tournament_id:
            continue
        pairs += 1
        # the next seat of a player of both hands (a newcomer waits for the button)
        both = ({seat for seat, _ in {(s.seat, s.player) for s in b.seats}
                 & {(s.seat, s.player) for s in a.seats}} or {s.seat for s in b.seats})
        moved += b.button_seat == min((s for s in both if s > a.button_seat), default=min(both))
        before = {s.player: s.stack for s in a.seats}
        carried += sum(s.stack == before.get(s.player) for s in b.seats) >= 2
    assert pairs > 300 and moved == pairs and carried > 0.9 * pairs


def test_same_seed_same_text_other_seed_other_text(tmp_path):
    for play in ("regular", "random"):
        a = write_simulated(tmp_path / f"{play}a", 300, seed=9, play=play)
        b = write_simulated(tmp_path / f"{play}b", 300, seed=9, play=play)
        c = write_simulated(tmp_path / f"{play}c", 300, seed=10, play=play)
        assert a[0].read_text("utf-8") == b[0].read_text("utf-8")
        assert a[0].read_text("utf-8") != c[0].read_text("utf-8")


def _judged(hand) -> str:
    parsed = parse_hand(normalise(write_hand(hand)))
    assert parsed.actions == tuple(a._replace(line=p.line)
                                   for a, p in zip(hand.actions, parsed.actions))
    return STARS.judge(parsed).status


def test_every_hand_of_both_plays_verifies_ok():
    regular = list(regular_hands(random.Random(11), 400, 0, datetime(2026, 1, 1)))
    rng = random.Random(11)
    single = [simulate(rng, number=i, play="regular") for i in range(100)]
    rng = random.Random(11)
    anything = [simulate(rng, number=i) for i in range(300)]
    statuses = Counter(_judged(h) for h in regular + single + anything)
    assert statuses == Counter(ok=800)
    assert all(h.hero == "Hero" and "Hero" in {s.player for s in h.seats}
               for h in regular + single)


def test_random_play_still_has_every_rule():
    rng = random.Random(3)
    hands = [simulate(rng, number=i) for i in range(400)]
    features = Counter()
    for h in hands:
        features[h.structure] += 1
        features["side pots"] += len(h.summary.pots) > 1
        features["all-in"] += any(a.all_in for a in h.actions)
        features["straddle"] += any(a.kind == Kind.POST_STRADDLE for a in h.actions)
        features["run twice"] += len(h.boards) > 1
        features["heads-up"] += len(h.seats) == 2
    for feature in (Structure.NO_LIMIT, Structure.POT_LIMIT, Structure.FIXED_LIMIT,
                    "side pots", "all-in", "straddle", "run twice", "heads-up"):
        assert features[feature] > 0, feature
    assert features["side pots"] > 20  # short stacks everywhere: random play's point


def test_unknown_play_is_refused():
    with pytest.raises(ValueError):
        simulate(random.Random(1), play="reckless")


@pytest.mark.parametrize("cards, board, made", [
    (("Ah", "Ad"), ("Kc", "7d", "2s"), 3),  # an overpair
    (("Kh", "Qd"), ("Kc", "7d", "2s"), 3),  # top pair, good kicker
    (("Kh", "4d"), ("Kc", "7d", "2s"), 2),  # top pair, weak kicker
    (("7h", "6d"), ("Kc", "7d", "2s"), 1),  # second pair
    (("Kh", "7h"), ("Kc", "7d", "2s"), 4),  # two pair
    (("2h", "2d"), ("Kc", "7d", "2s"), 4),  # a set
    (("Ah", "Qd"), ("Kc", "7d", "2s"), 0),  # nothing
    (("Ah", "Qd"), ("5c", "5d", "9s", "9h", "Kc"), 0),  # the board plays
])
def test_made_hand(cards, board, made):
    assert made_hand(cards, board) == made


def test_draws():
    assert has_draw(("Ah", "5h"), ("Kh", "7h", "2s"))  # flush draw
    assert has_draw(("9c", "8d"), ("7h", "6s", "2c"))  # open-ended
    assert not has_draw(("Ac", "2d"), ("3h", "4s", "9c"))  # A-2-3-4: one end only
    assert not has_draw(("9c", "8d"), ("7h", "6s", "2c", "Kd", "Qs"))  # no card to come
