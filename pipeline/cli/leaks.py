"""``handlens leaks``: the stats in which a player differs from a reference by more than
chance explains, with what each costs (pipeline/read/leaks.py)."""
from __future__ import annotations

import argparse
import json

from pipeline.cli import common

NAME = "leaks"
HELP = "what a player should fix: stats beyond their reference's, with intervals and costs"
DESCRIPTION = (
    "Each stat of the player, over all their hands and position by position, with its 95 % "
    "interval (Wilson), against a reference: the other players of the database at the "
    "same stakes and positions (pool, the default), the player's own best months by "
    "bb/100 (best-months), or a coach's target file (JSON or TOML: {\"vpip\": [22, 28], "
    "\"BTN\": {\"vpip\": [40, 50]}}, ranges in percent). A stat is flagged only where the "
    "two intervals do not meet; under 30 chances it is \"too few hands\", never a verdict. "
    "The cost: what the player wins less than the reference per hand in which the spot "
    "arose, per 100 hands, with its margin.")


def arguments(leaks: argparse.ArgumentParser) -> None:
    common.add_player_hands(leaks, "leaks")
    leaks.add_argument("--reference", default="pool", metavar="pool|best-months|FILE",
                       help="what to compare with (default pool)")
    leaks.add_argument("--all", action="store_true",
                       help="list every stat and position, not only the flagged ones")
    common.add_json(leaks, "print every row (flagged or not) as one JSON object")


def run(args: argparse.Namespace) -> int:
    from pipeline.read.leaks import TargetsError, leaks

    con, f = common.player_filters(args)
    if f is None:
        return 1
    player = f.player
    try:
        found = leaks(con, f, args.reference)
    except TargetsError as exc:
        common.say(str(exc))
        return common.REFUSED
    if not found["hands"]:
        common.say(f"no {args.kind} hands of {player!r} (handlens stats --by player lists "
                   f"who played)")
        return 1
    if args.json:
        print(json.dumps({"player": player, "kind": args.kind, **found}))
        return 0
    rows = found["rows"] if args.all else [r for r in found["rows"]
                                           if r["verdict"] in ("too often", "too rarely")]
    against = {"pool": "the other players at the same stakes and positions",
               "best-months": "the player's best months ("
                              + (", ".join(found["best_months"]) or "too few months") + ")"
               }.get(args.reference, args.reference)
    print(f"{player}, {args.kind}: {found['hands']:,} hands against {against}")
    if not rows:
        print("Nothing flagged: every stat lies within its reference's interval or has too "
              "few hands.")
    else:
        print(_table(rows))
    counts: dict[str, int] = {}
    for r in found["rows"]:
        counts[r["verdict"]] = counts.get(r["verdict"], 0) + 1
    print("; ".join(f"{n:,} {v}" for v, n in counts.items())
          + ". Values in %, intervals 95 %; cost in bb/100 (positive: lost) ± its margin."
          + ("" if args.all else " --all lists every row, --json every figure."))
    return 0


def _table(rows: list[dict]) -> str:
    heads = ["stat", "position", "value", "95 % interval", "reference", "its interval",
             "chances", "verdict", "cost"]
    out = []
    for r in rows:
        ref = r["reference"] is not None
        out.append([
            r["label"], r["position"], f"{r['value']:.1f}", f"{r['low']:.1f}–{r['high']:.1f}",
            f"{r['reference']:.1f}" if ref else "",
            f"{r['reference_low']:.1f}–{r['reference_high']:.1f}" if ref else "",
            f"{r['chances']:,}", r["verdict"],
            "" if r["cost_bb_per_100"] is None else
            f"{r['cost_bb_per_100']:+.2f} ± {r['cost_margin']:.2f}"])
    return common.text_table(heads, out, left=(0, 1, 7))
