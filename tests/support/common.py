"""Paths of the project and beside it, and the real importer run on files."""
from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


SHARED = ROOT.parent / "shared"  # beside the checkout: the corpus and the wild files
CORPUS = SHARED / "corpus"
WILD = SHARED / "wild"
# where a room's real files are, as the tests name the places
REAL = {"corpus": CORPUS / "holdem", "wild": WILD, "other games": CORPUS / "other-games"}


def real_folder(where: str, *names: str) -> Path:
    """A room's real files beside the checkout: its folder in ``where`` ("corpus":
    ../shared/corpus/holdem, "wild": ../shared/wild, "other games":
    ../shared/corpus/other-games), the first of ``names`` there (a room's files may go
    by another name). The test is skipped, naming the folders, where none is there."""
    tried = [REAL[where] / name for name in names]
    for folder in tried:
        if folder.is_dir():
            return folder
    pytest.skip(f"no real files at {' nor '.join(map(str, tried))} (../shared, beside "
                "the checkout)")


def real_folders(name: str) -> list[Path]:
    """A room's folders of real files, in the corpus and the wild, that are there; the
    test is skipped, naming both, where neither is."""
    folders = [REAL["corpus"] / name, REAL["wild"] / name]
    present = [folder for folder in folders if folder.is_dir()]
    if not present:
        pytest.skip(f"no real files at {folders[0]} nor {folders[1]} (../shared, beside "
                    "the checkout)")
    return present


SAMPLES = ROOT / "sample_histories"


HANDWRITTEN = SAMPLES / "pokerstars"  # the hand-written files; simulated/ holds thousands


def import_paths(db: Path, *paths: Path, workers: int = 1):
    """Import files and folders into the database ``db`` with the real importer; the
    import's Summary."""
    from pipeline.ingest.importer import Importer
    from pipeline.ingest.files import discover
    from pipeline.store.database import Store

    store = Store(db)
    try:
        return Importer(store, workers).run(discover(paths))
    finally:
        store.close()


def query(db: Path, sql: str, params: list | None = None) -> list[tuple]:
    """Rows of a query on the database file ``db``, opened read-only."""
    import duckdb

    con = duckdb.connect(str(db), read_only=True)
    try:
        return con.execute(sql, params or []).fetchall()
    finally:
        con.close()


def import_real(db: Path, folder: Path, share: float = 0.97):
    """Import a room's real folder and hold it to the bar every room is held to:
    nothing crashed, other games stored as unsupported, at least ``share`` of the
    Hold'em hands stored (the rest parse errors) and as much of those verified ok.
    The import's Summary, the stored Hold'em hands' verdicts and the parse errors'
    reasons, for a room's own further checks."""
    summary = import_paths(db, folder)
    assert "internal error" not in summary.errors_by_reason
    hands = query(db, "SELECT h.supported, v.status FROM hands h JOIN verdicts v"
                      " USING (site, hand_id)")
    errors = [reason for (reason,) in query(db, "SELECT reason FROM parse_errors")]
    holdem = [status for supported, status in hands if supported]
    assert holdem, f"no Hold'em hand stored from {folder}"
    assert all(status == "unsupported" for supported, status in hands if not supported)
    assert len(holdem) >= share * (len(holdem) + len(errors)), (len(holdem), errors)
    assert holdem.count("ok") >= share * len(holdem), holdem
    return summary, holdem, errors


def stars_hand(body: str) -> str:
    """A minimal cash hand around the given lines (used by grammar tests)."""
    return HEAD + body.strip("\n") + "\n"


HEAD = """PokerStars Hand #100000000001:  Hold'em No Limit ($0.05/$0.10 USD) - 2024/03/09 21:15:02 CET [2024/03/09 15:15:02 ET]
Table 'Alcor' 6-max Seat #1 is the button
"""


SCRIPT_NAME = "<script>alert(1)</script>"  # player names that must show literally


BOLD_NAME = "**bold**"


FAILED_HAND = "241000000003"  # a copy of Alcor's third hand with a collected amount changed


def dashboard_extra_file(folder: Path) -> Path:
    """A copy of the Alcor file with new hand ids, two players renamed to text that
    HTML or Markdown would interpret, and one hand that fails verification."""
    src = next(HANDWRITTEN.glob("*Alcor*")).read_text("utf-8-sig")
    text = (src.replace("#2400000000", "#2410000000").replace("kb_grinder", SCRIPT_NAME)
            .replace("OldOakTree", BOLD_NAME)
            .replace("Hero collected $11.40 from side pot", "Hero collected $11.50 from side pot"))
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "HH20261104 Alcor II - $0.05-$0.10 - USD No Limit Hold'em.txt"
    path.write_text(text, "utf-8")
    return path


