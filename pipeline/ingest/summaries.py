"""A tournament summary file's rows: its result (``tournament_results``), or, where it
cannot be read, a parse error naming the line and keeping the whole text. The store's
import and a dataset's import write the same rows."""
from __future__ import annotations

import pyarrow as pa

from engine.model.tournament import TournamentResult
from parsers.base.errors import ParseError
from parsers.base.room import Room
from pipeline.ingest.rows import Batch

REASON = "tournament summary"  # the parse errors' reasons begin so


def result_row(r: TournamentResult, file_id: int) -> tuple:
    """A result as a row of ``tournament_results``."""
    return (r.site, r.tournament_id, r.player, file_id, r.name, r.buy_in, r.cost,
            r.bounty_part, r.fee, r.currency, r.entries, r.paid, r.players, r.prize_pool,
            r.started, r.place, r.prize, r.bounties, r.received, list(r.payouts))


def summary_tables(its: Room, text: str, file_id: int, path: str) -> dict[str, pa.Table]:
    """The rows of the summary ``text`` (of the room ``its``), every table of a batch."""
    batch = Batch(False)
    try:
        result = its.summary(text)
    except ParseError as exc:
        batch.add_error(file_id, path, 0, exc.line, f"{REASON}: {exc.reason}", text,
                        exc.detail or None)
    else:
        batch.rows["tournament_results"].append(result_row(result, file_id))
    return batch.tables()[0]
