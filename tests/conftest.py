"""Shared fixtures: the real corpus beside the checkout, the project's samples."""
from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus"
SAMPLES = ROOT / "sample_histories"
HANDWRITTEN = SAMPLES / "pokerstars"  # the hand-written files; simulated/ holds thousands


@pytest.fixture(scope="session")
def corpus() -> Path:
    if not (CORPUS / "holdem" / "stars").is_dir():
        pytest.skip(f"the real corpus is not at {CORPUS} (it lives beside the checkout, "
                    "in ../shared/corpus)")
    return CORPUS


def stars_hand(body: str) -> str:
    """A minimal cash hand around the given lines (used by grammar tests)."""
    return HEAD + body.strip("\n") + "\n"


HEAD = """PokerStars Hand #100000000001:  Hold'em No Limit ($0.05/$0.10 USD) - 2024/03/09 21:15:02 CET [2024/03/09 15:15:02 ET]
Table 'Alcor' 6-max Seat #1 is the button
"""
