"""``handlens simulate``: legal simulated hands written as PokerStars text
(pipeline/export/simulated.py writes them)."""
from __future__ import annotations

import argparse
from pathlib import Path

NAME = "simulate"
HELP = "write simulated legal hands as PokerStars text"
DESCRIPTION = ("Play legal Hold'em hands and write them as PokerStars hand histories, 500 "
               "hands a file. --play regular (the default): a regular's database, the hero "
               "(\"Hero\") in every hand, everyone playing sensible ranges by position: "
               "no-limit cash sessions at 6-max and 9-max tables and three stakes, a few "
               "pot-limit and fixed-limit ones, now and then a sit-and-go with rising "
               "blinds (and its tournament summary file, once the hero is out or has won). --play random: random tables (2-10 players, NL/PL/FL, antes, "
               "straddles, short stacks) and random decisions, so that side pots, "
               "incomplete raises, split pots and boards run twice come often.")


def arguments(sim: argparse.ArgumentParser) -> None:
    sim.add_argument("--hands", type=int, default=1000, help="how many hands (default 1000)")
    sim.add_argument("--out", required=True, help="folder to write into")
    sim.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    sim.add_argument("--play", choices=("regular", "random"), default="regular",
                     help="regular: sensible poker in sessions and sit-and-gos (default); "
                          "random: random tables and decisions, every rule")
    sim.add_argument("--leak", choices=("calls-3bets",),  # engine.sim.strategy.LEAKS
                     help="regular play only: the hero plays one spot badly on purpose "
                          "(calls-3bets: having opened, he calls every 3-bet he does not "
                          "4-bet), for `handlens leaks` to find")


def run(args: argparse.Namespace) -> int:
    from pipeline.export.simulated import write_simulated

    if args.leak and args.play != "regular":
        print("handlens: --leak is for --play regular (random play has no strategy to spoil)")
        return 2
    files = write_simulated(Path(args.out), args.hands, args.seed, args.play, args.leak)
    summaries = sum(1 for f in files if f.name.startswith("TS "))
    print(f"{args.hands:,} hands in {len(files) - summaries} files"
          + (f" and {summaries} tournament summar{'y' if summaries == 1 else 'ies'}"
             if summaries else "") + f" → {args.out}")
    return 0
