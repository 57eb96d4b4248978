"""The leak finder (pipeline/read/leaks.py, ``handlens leaks``): its intervals against
published values and by their coverage, a simulated hero's planted leak found and
nothing else of its size, a coach's target file, the page and its links to the hands."""
from __future__ import annotations

import json
import random

import pytest

from pipeline.cli.main import main
from pipeline.stats.intervals import wilson
from support.apptest import run_page, sql


@pytest.mark.parametrize("done,chances,low,high", [
    # Newcombe (1998), "Two-sided confidence intervals for the single proportion",
    # Statistics in Medicine 17, table II: the score method's 95 % limits
    (81, 263, 0.2553, 0.3662), (15, 148, 0.0624, 0.1605), (0, 20, 0.0, 0.1611),
    (1, 29, 0.0061, 0.1718)])
def test_wilson_interval_equals_the_published_limits(done, chances, low, high):
    got = wilson(done, chances)
    assert got[0] / 100 == pytest.approx(low, abs=5e-5)
    assert got[1] / 100 == pytest.approx(high, abs=5e-5)


@pytest.mark.parametrize("rate,chances", [(0.1, 60), (0.3, 200), (0.5, 40), (0.05, 1000)])
def test_wilson_intervals_hold_their_value(rate, chances):
    """Samples drawn at a known rate: about 95 % of their intervals hold it."""
    rng = random.Random(f"{rate} {chances}")
    draws = 2000
    held = 0
    for _ in range(draws):
        done = sum(rng.random() < rate for _ in range(chances))
        low, high = wilson(done, chances)
        held += low <= 100 * rate <= high
    assert 0.925 <= held / draws <= 0.975, held / draws


def _leaks(db, *more) -> dict:
    return json.loads(_cli("leaks", "--db", str(db), "--json", *more)[1])


def _cli(*args) -> tuple[int, str, str]:
    import contextlib
    import io
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(args))
    return code, out.getvalue(), err.getvalue()


def _row(found: dict, stat: str, position: str = "all") -> dict:
    return next(r for r in found["rows"] if r["stat"] == stat and r["position"] == position)


@pytest.mark.slow
def test_a_planted_leak_is_flagged_and_nothing_of_its_size_besides(tmp_path):
    """The same simulated sessions twice, once with the hero calling every 3-bet of a pot
    he opened (``simulate --leak calls-3bets``): against the pool, fold to 3-bet is
    flagged, the largest difference by far; without the leak it is in line."""
    found = {}
    for leak in (None, "calls-3bets"):
        out, db = tmp_path / f"hands-{leak}", tmp_path / f"{leak}.duckdb"
        assert main(["simulate", "--hands", "12000", "--seed", "5", "--out", str(out),
                     *(["--leak", leak] if leak else [])]) == 0
        assert main(["import", str(out), "--db", str(db), "--quiet"]) == 0
        found[leak] = _leaks(db, "--player", "Hero")
    planted = _row(found["calls-3bets"], "fold_to_three_bet")
    assert planted["verdict"] == "too rarely" and planted["value"] == 0.0
    assert planted["chances"] >= 150 and planted["high"] < planted["reference_low"]
    size = abs(planted["difference"])
    assert size > 50
    flagged = [r for r in found["calls-3bets"]["rows"]
               if r["verdict"] in ("too often", "too rarely") and r["stat"] != "fold_to_three_bet"]
    assert all(abs(r["difference"]) < size / 4 for r in flagged), flagged
    honest = _row(found[None], "fold_to_three_bet")
    assert abs(honest["difference"]) < 12  # the regular's play, beside the pool's
    assert honest["chances"] >= 150
    for r in found["calls-3bets"]["rows"]:  # the JSON rows' fields
        assert {"stat", "value", "low", "high", "reference", "chances"} <= set(r)
        assert r["low"] <= r["value"] <= r["high"]
        if r["chances"] < 30:
            assert r["verdict"] == "too few hands"


def test_a_coach_target_file_and_its_mistakes(dashboard_db, tmp_path):
    (vpip,), = sql(dashboard_db, "SELECT 100 * sum(vpip_done::INT) / sum(vpip_chance::INT)"
                                 " FROM player_hand_stats WHERE player = 'Hero' AND kind = 'cash'")
    targets = tmp_path / "targets.toml"
    targets.write_text(f"vpip = [{vpip + 20:.0f}, {vpip + 30:.0f}]\n"
                       f"pfr = [0, 100]\n[BTN]\nsteal = [0, 100]\n", encoding="utf-8")
    found = _leaks(dashboard_db, "--reference", str(targets))
    row = _row(found, "vpip")
    assert row["verdict"] == "too rarely" and row["reference_low"] == round(vpip + 20)
    assert _row(found, "pfr")["verdict"] == "in line"
    assert _row(found, "steal", "BTN")["reference_high"] == 100.0
    assert _row(found, "three_bet")["verdict"] in ("no reference", "too few hands")
    code, out, _ = _cli("leaks", "--db", str(dashboard_db), "--reference", str(targets))
    assert code == 0 and "VPIP" in out and "too rarely" in out
    for text, said in (('{"vpip": [30, 20]}', "low ≤ high"), ('{"vpop": [1, 2]}', "not a stat"),
                       ('{"XX": {"vpip": [1, 2]}}', "neither a stat nor a position"),
                       ("{", "not JSON")):
        bad = tmp_path / "bad.json"
        bad.write_text(text, encoding="utf-8")
        code, _, err = _cli("leaks", "--db", str(dashboard_db), "--reference", str(bad))
        assert code == 2 and said in err, (text, err)


def test_the_leaks_page_links_each_row_to_its_hands(dashboard_db, monkeypatch):
    at = run_page(dashboard_db, "leaks", monkeypatch, {"player": "Hero", "game": "cash"})
    assert not at.exception
    every = at.dataframe[-1].value  # every stat and position
    row = every[(every["position"] != "all") & (every["chances"] >= 30)].iloc[0]
    link = row["hands"]
    from urllib.parse import parse_qs, urlparse
    query = {k: v if len(v) > 1 else v[0] for k, v in parse_qs(urlparse(link).query).items()}
    assert query["spot"] and query["position"]
    listed = run_page(dashboard_db, "hands", monkeypatch, query)
    caption = next(c.value for c in listed.caption if "hands match" in c.value)
    (expected,), = sql(dashboard_db, f"SELECT count(*) FROM player_hand_stats WHERE player ="
                                     f" 'Hero' AND kind = 'cash' AND position = ?"
                                     f" AND {query['spot']}_chance", [query["position"]])
    assert caption.startswith(f"{expected:,} hands match") and expected == row["chances"]
