"""The replay alone, as a ratio to the replay of a baseline commit measured in the same run.

The hands are PokerStars' real ones beside the checkout (../shared/corpus/holdem/stars),
parsed once. The baseline's engine/rules modules are read from git (``git show
REV:engine/rules/...``) and loaded beside the working tree's under another package
name, sharing its engine/model, so both replays judge the very same Hand objects by the
same RoomRules. Times are the process's CPU time, old and new taken in turns fifty hands
at a time, so that a slow moment of the machine falls on both alike; the ratio printed
is the median of the rounds' new/old times.

    python bench/replay_bench.py                 # against f10b1ca
    python bench/replay_bench.py --base HEAD~1 --repeat 15
    python bench/replay_bench.py --base f10b1ca --new HEAD  # two commits
"""
from __future__ import annotations

import argparse
import importlib.abc
import importlib.util
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.model.hand import Hand  # noqa: E402
from engine.rules.replay import replay  # noqa: E402
from parsers.base.room import Room  # noqa: E402
from parsers.base.split import decode, split_hands  # noqa: E402
from parsers.registry import detect  # noqa: E402

STARS = ROOT.parent / "shared" / "corpus" / "holdem" / "stars"
BASE = "_baseline_rules"  # the package name the baseline's engine/rules is loaded as


class _FromGit(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Serves ``<package>.<module>`` from engine/rules/<module>.py at a commit."""

    def __init__(self, rev: str, package: str) -> None:
        self.rev, self.package = rev, package

    def find_spec(self, name, path=None, target=None):
        if name != self.package and not name.startswith(self.package + "."):
            return None
        return importlib.util.spec_from_loader(name, self, is_package=name == self.package)

    def create_module(self, spec):
        return None

    def exec_module(self, module) -> None:
        if module.__name__ == self.package:
            return
        file = "engine/rules/" + module.__name__.split(".", 1)[1] + ".py"
        source = subprocess.run(["git", "-C", str(ROOT), "show", f"{self.rev}:{file}"],
                                check=True, capture_output=True, text=True).stdout
        exec(compile(source.replace("engine.rules.", self.package + "."),
                     f"{self.rev}:{file}", "exec"), module.__dict__)


def baseline_replay(rev: str, package: str = BASE):
    """The replay of engine/rules as it is at ``rev``."""
    sys.meta_path.insert(0, _FromGit(rev, package))
    return importlib.import_module(package + ".replay").replay


def stars_hands() -> list[tuple[Hand, object]]:
    """Every PokerStars Hold'em hand of the corpus with the rules it is judged by."""
    out = []
    for path in sorted(STARS.rglob("*")):
        if not path.is_file():
            continue
        text, encoding = decode(path.read_bytes())
        room = detect(text)
        if not isinstance(room, Room):
            continue
        for raw in split_hands(text, room, encoding):
            try:
                hand = None if raw.stray else room.parse(raw.text)
            except ValueError:
                continue
            if isinstance(hand, Hand):
                out.append((hand, room.rules_for(hand)))
    return out


def timed(old, new, hands, chunk: int = 50) -> tuple[float, float]:
    """CPU seconds (this process's, so that other processes' load counts less) of the
    old and the new replay over ``hands``, taken in turns a chunk of hands at a time."""
    clock = time.process_time
    spent = [0.0, 0.0]
    for at in range(0, len(hands), chunk):
        part = hands[at:at + chunk]
        for side in ((0, 1) if at // chunk % 2 else (1, 0)):
            judge = (old, new)[side]
            start = clock()
            for hand, rules in part:
                judge(hand, rules)
            spent[side] += clock() - start
    return spent[0], spent[1]


def _seen(verdict) -> tuple:
    """A verdict as a user sees it (the two Finding classes are not the same class)."""
    return (verdict.status, verdict.unwritten_returns,
            [(f.code, f.message, f.street, f.action, f.severity) for f in verdict.findings])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--base", default="f10b1ca", help="the baseline commit")
    ap.add_argument("--new", help="a commit to measure instead of the working tree")
    ap.add_argument("--repeat", type=int, default=15, help="rounds (the median is kept)")
    ap.add_argument("--times", type=int, default=10, help="passes over the hands a round")
    args = ap.parse_args()
    old = baseline_replay(args.base)
    new = baseline_replay(args.new, "_new_rules") if args.new else replay
    hands = stars_hands() * args.times
    differ = sum(_seen(old(h, r)) != _seen(new(h, r)) for h, r in hands[: len(hands) // args.times])
    ratios, olds, news = [], [], []
    for _ in range(args.repeat):
        old_t, new_t = timed(old, new, hands)
        olds.append(old_t)
        news.append(new_t)
        ratios.append(new_t / old_t)
    n = len(hands)
    print(f"{n // args.times} hands x {args.times}, {args.repeat} rounds; "
          f"verdicts that differ from {args.base}'s: {differ}")
    print(f"{args.base + ' (baseline)':28} {n / statistics.median(olds):>10,.0f} hands/s")
    print(f"{args.new or 'working tree':28} {n / statistics.median(news):>10,.0f} hands/s")
    print(f"median ratio new/old time: {statistics.median(ratios):.3f} "
          f"(min {min(ratios):.3f}, max {max(ratios):.3f})")


if __name__ == "__main__":
    main()
