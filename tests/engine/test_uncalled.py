"""The uncalled-bet conventions (engine/rules/uncalled.py), one by one, on a walk.

Hero raises to 0.30 and both blinds fold: 0.20 of the raise nobody called. What each
convention expects back, what it counts as returned, and how it judges the record.
"""
from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from types import SimpleNamespace

import pytest

from engine.model.hand import Collect
from engine.rules.room_rules import (DEFAULT, UNCALLED_COLLECTED, UNCALLED_SILENT_OR_COLLECTED,
                                     UNCALLED_STAYS_IN_POT, UNCALLED_WAYS, UNCALLED_WRITTEN)
from engine.rules.uncalled import CONVENTIONS

D = Decimal
BET = ("Hero", D("0.20"))  # the part of Hero's raise nobody called
PUT_IN = D("0.45")  # 0.30 + the blinds 0.05 and 0.10


def walk(uncalled=(), collected="0.25", total="0.25"):
    """The record as the room wrote it: the returns, what Hero collects, the total pot."""
    return SimpleNamespace(uncalled=uncalled, collects=(Collect("Hero", D(collected)),),
                           summary=SimpleNamespace(total_pot=D(total)))


def settle(way, hand):
    return CONVENTIONS[way].settle(BET, hand, PUT_IN)


def test_every_way_a_room_may_declare_has_its_convention():
    assert set(CONVENTIONS) == set(UNCALLED_WAYS)
    with pytest.raises(ValueError, match="uncalled_bet"):
        replace(DEFAULT, uncalled_bet="sometimes")


def test_written_compares_what_the_room_writes():
    agreed = settle(UNCALLED_WRITTEN, walk(uncalled=(BET,)))
    assert agreed.due == agreed.returned == (BET,) and agreed.paid == D("0.25")
    assert agreed.misreturn(walk(uncalled=(BET,))) is None
    silent = walk()  # no return written, the pot paid without it
    wrong = settle(UNCALLED_WRITTEN, silent).misreturn(silent)
    assert wrong.message == ("uncalled bet returned: nothing; due: 0.20 to Hero "
                             "(every player ends with the same money)")
    assert wrong.same_money and wrong.unwritten == BET


def test_stays_in_pot_expects_nothing_back():
    kept = settle(UNCALLED_STAYS_IN_POT, walk(collected="0.45", total="0.45"))
    assert kept.due == kept.returned == () and kept.paid == PUT_IN


def test_collected_counts_the_bet_within_what_its_bettor_collects():
    held = walk(collected="0.45", total="0.45")
    settled = settle(UNCALLED_COLLECTED, held)
    assert settled.returned == (BET,) and settled.kept == D("0.20") and settled.paid == PUT_IN
    lost = walk(collected="0.25", total="0.25")  # neither written nor collected
    assert settle(UNCALLED_COLLECTED, lost).returned == ()
    assert settle(UNCALLED_COLLECTED, lost).misreturn(lost) is not None


def test_silent_or_collected_also_takes_it_as_given_back_silently():
    silent = walk()
    settled = settle(UNCALLED_SILENT_OR_COLLECTED, silent)
    assert settled.returned == (BET,) and not settled.kept
    assert settled.misreturn(silent) is None
