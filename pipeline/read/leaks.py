"""The leak finder: each stat of a player (over all their hands and position by
position) against a reference, flagged only where the 95 % intervals of the two do not
meet, with what the difference costs in bb/100 where the hands can say.

References:
- ``pool``: the other players of the database, at the same stakes and positions: each
  (stakes, position) cell's rate, weighted by the player's chances in that cell;
- ``best-months``: the player's own best months by bb/100 (the best third of the months
  of at least BEST_MONTH_HANDS hands), weighted alike;
- a target file a coach writes (``targets``): per stat a range in percent, over all
  hands or per position, JSON or TOML (``{"vpip": [22, 28], "BTN": {"vpip": [40, 50]}}``).

The cost: what the player wins per hand in which the spot arose (a chance at the stat)
against what the reference wins in the same spots (weighted alike), times how often the
spot arises, per 100 hands, with its 95 % margin. It reads what the hands show, not a
solver's value: the whole hand's result, the play after the spot included.
"""
from __future__ import annotations

import json
import math
import tomllib
from dataclasses import dataclass, replace
from pathlib import Path

import duckdb

from pipeline.read.queries import _PLAYER_ROW, POSITION_ORDER, STAKES, Filters, _rows
from pipeline.stats.catalogue import NAMES, RATIOS
from pipeline.stats.intervals import Z95, wilson

ALL = "all"
MIN_CHANCES = 30  # under this many chances: "too few hands", no verdict
MIN_OUTCOMES = 30  # the reference's hands in a cell before its results are compared
BEST_MONTH_HANDS = 200
REFERENCES = ("pool", "best-months")  # or a target file's path
VERDICTS = ("too often", "too rarely", "in line", "too few hands", "no reference")


class TargetsError(ValueError):
    """A target file that cannot be read as one."""


@dataclass
class _Cell:
    """Sums of one stat over some rows: chances, dones, and the net in big blinds of the
    rows with a chance (and its squares: its spread)."""
    chances: int = 0
    done: int = 0
    net: float = 0.0
    net2: float = 0.0

    def add(self, other: _Cell) -> None:
        self.chances += other.chances
        self.done += other.done
        self.net += other.net
        self.net2 += other.net2

    def mean(self) -> float:
        return self.net / self.chances

    def variance_of_mean(self) -> float:
        n = self.chances
        spread = max(self.net2 / n - self.mean() ** 2, 0.0)
        return spread / max(n - 1, 1)


def leaks(con: duckdb.DuckDBPyConnection, f: Filters, reference: str = "pool") -> dict:
    """``rows``: a dict per stat and scope (``all``, then each position) with ``stat``,
    ``label``, ``position``, ``value``, ``low``, ``high`` (the 95 % Wilson interval),
    ``chances``, ``done``, ``reference``, ``reference_low``, ``reference_high``,
    ``verdict`` (VERDICTS), ``cost_bb_per_100`` (what the spot costs against the
    reference: positive a loss, None where the hands cannot say) and ``cost_margin``
    (its 95 % margin); the flagged first, the clearest first (the widest gap between
    the two intervals: the surest and largest differences). ``hands``: the player's; ``reference``: what was compared with."""
    if f.player is None:
        raise ValueError("leaks are a player's: choose a player")
    targets = None if reference in REFERENCES else read_targets(reference)
    best: list[str] = []
    if reference == "best-months":
        best = _best_months(con, f)
    mine, refs, hands = _cells(con, f, reference, best)
    rows = []
    for stat in RATIOS:
        for scope in (ALL, *POSITION_ORDER):
            cells = {k: v for k, v in mine[stat].items() if scope == ALL or k[1] == scope}
            me = _Cell()
            for cell in cells.values():
                me.add(cell)
            if not me.chances:
                continue
            if targets is not None:
                ref = _target(targets, stat, scope)
            else:
                ref = _weighted(cells, refs[stat])
            rows.append(_row(stat, scope, me, ref, hands, refs[stat], cells))
    rows.sort(key=lambda r: (r["verdict"] not in ("too often", "too rarely"), -_gap(r),
                             -abs(r["difference"] or 0)))
    return {"rows": rows, "hands": hands, "reference": reference,
            "best_months": best}


def _gap(row: dict) -> float:
    """Percentage points between the player's interval and the reference's (0: they meet)."""
    if row["reference"] is None:
        return 0.0
    return max(row["low"] - row["reference_high"], row["reference_low"] - row["high"], 0.0)


def _cells(con: duckdb.DuckDBPyConnection, f: Filters, reference: str, best: list[str]
           ) -> tuple[dict, dict, int]:
    """Per stat, {(stakes, position): _Cell} of the player's rows and of the reference's
    rows; and the player's hands."""
    rows, params = _rows(replace(f, player=None), hands=True)
    me = _PLAYER_ROW["player"]
    if reference == "best-months":
        ref = f"({me}) AND list_contains(?::VARCHAR[], strftime(s.played_at, '%Y-%m'))"
        ref_params = [f.player, f.player, best]
    else:  # the pool (a target file needs no reference rows: the pool's outcomes only)
        ref = f"NOT ({me})"
        ref_params = [f.player, f.player]
    sums = ", ".join(
        f"sum({r}_chance::INT) AS {r}_c, sum({r}_done::INT) AS {r}_d,"
        f" sum(CASE WHEN {r}_chance THEN s.net_bb END)::DOUBLE AS {r}_n,"
        f" sum(CASE WHEN {r}_chance THEN s.net_bb * s.net_bb END)::DOUBLE AS {r}_n2"
        for r in RATIOS)
    cur = con.execute(f"""
        SELECT {me} AS me, {ref} AS ref, {STAKES} AS stakes, s.position, count(*) AS hands,
               {sums}
        FROM {rows} GROUP BY ALL""", [f.player, f.player, *ref_params, *params])
    names = [d[0] for d in cur.description]
    mine: dict = {r: {} for r in RATIOS}
    refs: dict = {r: {} for r in RATIOS}
    hands = 0
    for row in cur.fetchall():
        r = dict(zip(names, row))
        key = (r["stakes"], r["position"])
        hands += r["hands"] if r["me"] else 0
        for stat in RATIOS:
            cell = _Cell(r[f"{stat}_c"] or 0, r[f"{stat}_d"] or 0, r[f"{stat}_n"] or 0.0,
                         r[f"{stat}_n2"] or 0.0)
            for side, wanted in ((mine, r["me"]), (refs, r["ref"])):
                if wanted:
                    side[stat].setdefault(key, _Cell()).add(cell)
    return mine, refs, hands


def _best_months(con: duckdb.DuckDBPyConnection, f: Filters) -> list[str]:
    """The player's best third of months by bb/100 (months of BEST_MONTH_HANDS hands or
    more; at least one, and never every month)."""
    rows, params = _rows(f)
    months = con.execute(f"""
        SELECT strftime(s.played_at, '%Y-%m') AS month, 100 * sum(s.net_bb) / count(*)
        FROM {rows} GROUP BY 1 HAVING count(*) >= ? ORDER BY 2 DESC, 1""",
                         [*params, BEST_MONTH_HANDS]).fetchall()
    if len(months) < 2:
        return []
    return [m for m, _ in months[:max(1, len(months) // 3)]]


def _weighted(mine: dict, refs: dict) -> tuple[float, float, float] | None:
    """The reference's rate in the player's cells, each weighted by the player's
    chances there, with its 95 % interval (normal, from each cell's binomial error)."""
    weight = sum(c.chances for k, c in mine.items() if refs.get(k) and refs[k].chances)
    if not weight:
        return None
    rate = variance = 0.0
    for key, cell in mine.items():
        ref = refs.get(key)
        if not ref or not ref.chances:
            continue
        w = cell.chances / weight
        p = ref.done / ref.chances
        rate += w * p
        variance += w * w * max(p * (1 - p), 0.25 / ref.chances) / ref.chances
    half = Z95 * math.sqrt(variance)
    return 100 * rate, 100 * max(0.0, rate - half), 100 * min(1.0, rate + half)


def _target(targets: dict, stat: str, scope: str) -> tuple[float, float, float] | None:
    wanted = targets.get(scope, {}).get(stat)
    if wanted is None:
        return None
    low, high = wanted
    return (low + high) / 2, low, high


def _cost(me: _Cell, cells: dict, refs: dict, hands: int) -> tuple[float, float] | None:
    """(bb/100 the player wins less than the reference in the hands where the spot
    arose, its 95 % margin); None without MIN_OUTCOMES hands of the reference's."""
    weight = sum(c.chances for k, c in cells.items()
                 if refs.get(k) and refs[k].chances >= MIN_OUTCOMES)
    if not weight or not hands:
        return None
    theirs = variance = 0.0
    for key, cell in cells.items():
        ref = refs.get(key)
        if ref and ref.chances >= MIN_OUTCOMES:
            w = cell.chances / weight
            theirs += w * ref.mean()
            variance += w * w * ref.variance_of_mean()
    per_100 = me.chances / hands * 100  # the spot's chances per 100 of the player's hands
    margin = Z95 * math.sqrt(variance + me.variance_of_mean()) * per_100
    return (theirs - me.mean()) * per_100, margin


def _row(stat: str, scope: str, me: _Cell, ref, hands: int, refs: dict, cells: dict) -> dict:
    value = 100 * me.done / me.chances
    low, high = wilson(me.done, me.chances)
    out = {"stat": stat, "label": NAMES[stat][0], "position": scope,
           "value": round(value, 1), "low": round(low, 1), "high": round(high, 1),
           "chances": me.chances, "done": me.done, "reference": None,
           "reference_low": None, "reference_high": None, "difference": None,
           "verdict": "no reference", "cost_bb_per_100": None, "cost_margin": None}
    if me.chances < MIN_CHANCES:
        out["verdict"] = "too few hands"
    if ref is None:
        return out
    rate, ref_low, ref_high = ref
    out.update(reference=round(rate, 1), reference_low=round(ref_low, 1),
               reference_high=round(ref_high, 1), difference=round(value - rate, 1))
    if me.chances < MIN_CHANCES:
        return out
    out["verdict"] = ("too often" if low > ref_high else "too rarely" if high < ref_low
                      else "in line")
    cost = _cost(me, cells, refs, hands)
    if cost is not None:
        out["cost_bb_per_100"], out["cost_margin"] = round(cost[0], 2), round(cost[1], 2)
    return out


def read_targets(path: str) -> dict[str, dict[str, tuple[float, float]]]:
    """A target file: {scope: {stat: (low, high)}}, scope ``all`` or a position."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise TargetsError(f"{path}: cannot be read ({exc.strerror or exc})") from None
    try:
        raw = tomllib.loads(text) if p.suffix.lower() == ".toml" else json.loads(text)
    except (ValueError, tomllib.TOMLDecodeError) as exc:
        raise TargetsError(f"{path}: not {'TOML' if p.suffix.lower() == '.toml' else 'JSON'}"
                           f" ({exc})") from None
    if not isinstance(raw, dict):
        raise TargetsError(f"{path}: give an object of stats, e.g. {{\"vpip\": [22, 28]}}")
    out: dict[str, dict[str, tuple[float, float]]] = {}

    def take(scope: str, stat: str, value) -> None:
        if stat not in NAMES:
            raise TargetsError(f"{path}: {stat!r} is not a stat (docs/STATS.md names them, "
                               f"as `handlens stats --format json` gives them)")
        if (not isinstance(value, list) or len(value) != 2
                or not all(isinstance(v, (int, float)) and not isinstance(v, bool)
                           for v in value) or not 0 <= value[0] <= value[1] <= 100):
            raise TargetsError(f"{path}: {stat} in {scope}: give a range [low, high] in "
                               f"percent, low ≤ high")
        out.setdefault(scope, {})[stat] = (float(value[0]), float(value[1]))

    for key, value in raw.items():
        if isinstance(value, dict):
            if key not in POSITION_ORDER and key != ALL:
                raise TargetsError(f"{path}: {key!r} is neither a stat nor a position "
                                   f"({', '.join(POSITION_ORDER)})")
            for stat, wanted in value.items():
                take(key, stat, wanted)
        else:
            take(ALL, key, value)
    return out
