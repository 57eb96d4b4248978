"""The fuzz suite, quick profile (issue 9): nothing crashes, nothing is lost, nothing
impossible is called ok.

Each room of ``fuzzing.ROOMS`` is fuzzed: its real hands are imported clean (the
baseline), then about ``MUTATIONS`` mutated hands — every kind of ``fuzzing.MUTATIONS``
in turn, a few per file among untouched hands — are imported by the real importer
and judged (see ``tests/support/fuzzing.py``). Seeds are fixed: a failure is reproduced by
``fuzzing.mutate(kind, seed, text)`` on the hand it names. The long profile is
``python bench/fuzz_bench.py --hands 20000``.
"""
from __future__ import annotations

import shutil

import pytest
from hypothesis import HealthCheck, Phase, assume, given, settings

from support import fuzzing as fz

pytestmark = pytest.mark.slow  # every room's mutations: minutes

MUTATIONS = 3000  # mutations applied, each to one hand or one file
# rooms fuzzed with fewer, to keep CI's time (their long profile: bench/fuzz_bench.py)
FEWER = {"bovada": 1500, "coinpoker": 1500}
SEED = 9
EXAMPLES = 40  # hypothesis: one mutated hand between two untouched ones, imported alone


@pytest.fixture(scope="module", params=fz.ROOMS, ids=lambda room: room.name)
def base(request, tmp_path_factory):
    """The room's hands that import clean (ok or warning), and the baseline database."""
    work = tmp_path_factory.mktemp(f"base-{request.param.name}")
    baseline = fz.load_base(request.param, work)
    if len(baseline.hands) < 100:
        pytest.skip(f"only {len(baseline.hands)} clean hands of {request.param.name} to fuzz")
    return baseline


@pytest.fixture(scope="module")
def report(base, tmp_path_factory) -> fz.Report:
    """The quick campaign, imported and judged once for the tests below."""
    work = tmp_path_factory.mktemp("fuzz")
    return fz.campaign(base.hands, work, FEWER.get(base.room.name, MUTATIONS), SEED)


def test_the_clean_baseline_keeps_the_invariants(base):
    import duckdb
    con = duckdb.connect(str(base.db))
    try:
        broken = fz.invariant_violations(con)
    finally:
        con.close()
    assert not broken, broken[:20]


FIRST_SEAT = "(SELECT min(seat) FROM hand_players WHERE hand_id = $1)"
LAST_SEAT = "(SELECT max(seat) FROM hand_players WHERE hand_id = $1)"
BREAKS = {  # an invariant → an update of a hand's rows that breaks it
    "big blind": "UPDATE hands SET big_blind = 0 WHERE hand_id = $1",
    "button": "UPDATE hands SET button_seat = 0 WHERE hand_id = $1",
    "seat numbers": f"UPDATE hand_players SET seat = 0 WHERE hand_id = $1 AND seat = {LAST_SEAT}",
    "one player a seat": f"UPDATE hand_players SET seat = {FIRST_SEAT}"
                         f" WHERE hand_id = $1 AND seat = {LAST_SEAT}",
    "one seat a player": "UPDATE hand_players SET player = (SELECT player FROM hand_players"
                         f" WHERE hand_id = $1 AND seat = {FIRST_SEAT})"
                         f" WHERE hand_id = $1 AND seat = {LAST_SEAT}",
    "no more players": "UPDATE hands SET max_seats = 1 WHERE hand_id = $1",
    "money balances": f"UPDATE hand_players SET net = net + 0.01 WHERE hand_id = $1"
                      f" AND seat = {FIRST_SEAT}",
    "a card twice": "UPDATE hand_players SET hole_cards = 'As As' WHERE hand_id = $1"
                    f" AND seat = {FIRST_SEAT}",
    "hole cards not two": "UPDATE hand_players SET hole_cards = 'As Kd Qh' WHERE hand_id = $1"
                          f" AND seat = {FIRST_SEAT}",
    "not a card": "UPDATE hands SET boards = ['Zz Kd Qh'] WHERE hand_id = $1",
}


def test_the_invariants_catch_what_they_name(base, tmp_path):
    """The invariants are not vacuous: each catches a hand broken on purpose."""
    import duckdb
    db = tmp_path / "broken.duckdb"
    shutil.copy(base.db, db)
    con = duckdb.connect(str(db))
    try:
        hands = [h for (h,) in con.execute(
            "SELECT hand_id FROM hands JOIN verdicts USING (site, hand_id)"
            " WHERE status = 'ok' AND site = 'PokerStars' AND max_seats > 2 AND players > 2"
            " ORDER BY hand_id LIMIT ?", [len(BREAKS)]).fetchall()]
        for hand, sql in zip(hands, BREAKS.values()):
            con.execute(sql, [hand])
        found = {(hid, name) for _, hid, name in fz.invariant_violations(con)}
    finally:
        con.close()
    missed = [what for hand, what in zip(hands, BREAKS)
              if not any(h == hand and what in name for h, name in found)]
    assert not missed, (missed, sorted(found))


def test_every_mutation_kind_is_exercised(base, report):
    """Every kind that applies to the room's hands (an XML room's have no seat lines)."""
    missing = [k for k in fz.applicable(base.hands) if report.applied[k] < 5]
    assert not missing, f"mutations applied fewer than 5 times: {missing}\n{report.table()}"
    assert sum(report.applied.values()) >= FEWER.get(base.room.name, MUTATIONS)


def test_nothing_crashes(report):
    fail_on(report, "crash")


def test_every_hand_is_accounted_for(report):
    fail_on(report, "accounting")


def test_no_untouched_hand_is_lost(report):
    fail_on(report, "lost", "misplaced")


def test_nothing_impossible_is_called_ok(report):
    fail_on(report, "impossible ok", "cut stored")


def test_every_hand_stored_ok_keeps_the_invariants(report):
    fail_on(report, "invariant")


@pytest.fixture(scope="module")
def one_case_work(tmp_path_factory):
    return tmp_path_factory.mktemp("fuzz-one")


@settings(max_examples=EXAMPLES, derandomize=True, database=None, deadline=None,
          phases=(Phase.explicit, Phase.generate),  # the seed reproduces: no shrinking
          suppress_health_check=list(HealthCheck))
@given(data=fz.cases(10_000))
def test_one_mutated_hand_among_untouched_ones(base, one_case_work, data):
    kind, seed, index = data
    folder = one_case_work / "case"
    shutil.rmtree(folder, ignore_errors=True)
    f = fz.one_file(base.hands, folder, kind, seed, index % len(base.hands))
    assume(f is not None)
    report = fz.check([f], one_case_work, workers=1)
    fail_on(report, *fz.ORACLES)


def fail_on(report: fz.Report, *oracles: str) -> None:
    """Fail with the defects these oracles found: a few per mutation kind, each with
    its seed, hand and text, then the table of every kind."""
    if report.of(*oracles):
        pytest.fail(fz.explain(report, *oracles), pytrace=False)
