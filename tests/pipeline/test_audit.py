"""The audit between hands (pipeline/audit.py) on simulated table sessions written as
PokerStars text and imported: untouched sessions have no finding; one edit (a stack
changed, a hand deleted, a hand copied with a changed amount) is caught with the
right finding, naming the right hands."""
from __future__ import annotations

import random
import re
from datetime import datetime

import duckdb
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from support.common import import_paths
from engine.sim.sessions import Clock, cash_session, sit_and_go
from parsers.pokerstars.write import write_hand
from pipeline import audit

SETTINGS = settings(max_examples=6, deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture])


def _session(seed: int, tournament: bool) -> list:
    rng = random.Random(seed)
    clock = Clock(rng, 200_000_000 + seed * 1000, datetime(2026, 11, 2, 18, 0))
    if tournament:
        return list(sit_and_go(rng, clock))
    return list(cash_session(rng, clock, "NL", "Aludra IV"))


def _audit(tmp_path, texts: dict[str, list[str]]):
    folder = tmp_path / "files"
    folder.mkdir()
    for name, hands in texts.items():
        (folder / name).write_text("\n\n\n".join(hands) + "\n", "utf-8")
    db = tmp_path / "audit.duckdb"
    import_paths(db, folder)
    con = duckdb.connect(str(db), read_only=True)
    try:
        return audit.audit(con)
    finally:
        con.close()


def _codes(findings) -> list[tuple]:
    return sorted(findings.select("code", "hand_id", "other_hand_id", "player").rows())


def _a_middle_hand(seed: int, tournament: bool, data, label: str) -> tuple[list, int | None]:
    """A session and one of its hands that has a hand before and after it (None
    where the session is too short)."""
    hands = _session(seed, tournament)
    if len(hands) < 4:
        return hands, None
    return hands, data.draw(st.integers(1, len(hands) - 2), label=label)


@pytest.mark.slow
@SETTINGS
@given(seed=st.integers(0, 10_000), tournament=st.booleans())
def test_an_untouched_session_has_no_finding(tmp_path_factory, seed, tournament):
    hands = _session(seed, tournament)
    sessions, findings = _audit(tmp_path_factory.mktemp("s"),
                                {"table.txt": [write_hand(h) for h in hands]})
    assert findings.is_empty(), _codes(findings)
    assert sessions.height == 1 and sessions["hands"][0] == len(hands)


@pytest.mark.slow
@SETTINGS
@given(seed=st.integers(0, 10_000), tournament=st.booleans(), data=st.data())
def test_a_deleted_hand_is_missing(tmp_path_factory, seed, tournament, data):
    hands, gone = _a_middle_hand(seed, tournament, data, "deleted hand")
    if gone is None:
        return
    kept = [write_hand(h) for i, h in enumerate(hands) if i != gone]
    _, findings = _audit(tmp_path_factory.mktemp("s"), {"table.txt": kept})
    assert ("hand_missing", hands[gone + 1].hand_id, hands[gone - 1].hand_id, None) in \
        _codes(findings)


def _seat_line(text: str, player: str) -> re.Match:
    return re.search(rf"^Seat \d+: {re.escape(player)} \(\$?([\d.]+) in chips\)", text, re.M)


@pytest.mark.slow
@SETTINGS
@given(seed=st.integers(0, 10_000), tournament=st.booleans(), data=st.data())
def test_a_changed_stack_is_a_stack_mismatch(tmp_path_factory, seed, tournament, data):
    hands, i = _a_middle_hand(seed, tournament, data, "edited hand")
    if i is None:
        return
    texts = [write_hand(h) for h in hands]
    # a player who bought no chips between the hands (a cash game's top-up would hide
    # a stack made a little less)
    nets = hands[i - 1].nets()
    before = {s.player: s.stack + nets.get(s.player, 0) for s in hands[i - 1].seats}
    players = sorted(s.player for s in hands[i].seats if before.get(s.player) == s.stack)
    if not players:
        return
    player = data.draw(st.sampled_from(players), label="player")
    found = _seat_line(texts[i], player)
    stack = float(found.group(1))
    cash = "$" in found.group(0)
    # less: seen at once (in a tournament, where chips are whole, more is seen too)
    changed = stack - 1 if stack >= 2 else stack - 0.01 if cash else stack + 1
    texts[i] = (texts[i][:found.start(1)] + (f"{changed:.2f}" if cash
                                              else f"{changed:.0f}") + texts[i][found.end(1):])
    _, findings = _audit(tmp_path_factory.mktemp("s"), {"table.txt": texts})
    mismatches = findings.filter(code="stack_mismatch", player=player)
    assert hands[i].hand_id in mismatches["hand_id"].to_list(), _codes(findings)
    assert not findings.filter(code="hand_missing").height


@pytest.mark.slow
@SETTINGS
@given(seed=st.integers(0, 10_000), data=st.data())
def test_a_copy_with_a_changed_amount_is_an_edited_copy(tmp_path_factory, seed, data):
    hands = _session(seed, False)
    texts = [write_hand(h) for h in hands]
    i = data.draw(st.integers(0, len(hands) - 1), label="copied hand")
    player = hands[i].seats[0].player
    found = _seat_line(texts[i], player)
    edited = texts[i][:found.start(1)] + "999.00" + texts[i][found.end(1):]
    _, findings = _audit(tmp_path_factory.mktemp("s"), {
        "table.txt": texts, "copy.txt": [texts[i]], "edited.txt": [edited]})
    copies = findings.filter(code="edited_copy")
    assert copies["hand_id"].to_list() == [hands[i].hand_id]  # the identical copy is fine
    assert findings.filter(code="stack_mismatch").is_empty()


def test_a_file_written_newest_first_is_in_order(tmp_path):
    hands = _session(3, False)
    _, findings = _audit(tmp_path, {"table.txt": [write_hand(h) for h in reversed(hands)]})
    assert findings.is_empty(), _codes(findings)


def test_time_going_backwards_in_a_file(tmp_path):
    hands = _session(4, False)
    texts = [write_hand(h) for h in hands]
    texts[3], texts[4] = texts[4], texts[3]
    _, findings = _audit(tmp_path, {"table.txt": texts})
    codes = {c for c, *_ in _codes(findings)}
    assert {"time_backwards", "id_order"} <= codes


@pytest.mark.parametrize("code", sorted(audit.CODES))
def test_every_code_is_explained(code):
    assert len(audit.CODES[code]) > 30
