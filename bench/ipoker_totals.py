"""iPoker's own totals against the replay: each player's ``bet=`` and ``win=`` (the
room's account of what they put in and took back) beside what handlens reads from the
actions, hand by hand; and the readings of the action codes that would make them agree.

    python bench/ipoker_totals.py ../shared/corpus ../shared/wild [more files or folders]

For every <game> (Hold'em or not: the sums do not depend on the game) a line: its code,
the session's flags (<client_version>, <uncalled_bet_enabled>), the totals of ``bet=``,
of ``win=`` and of what the actions put in as handlens reads them, and the replay's
verdict; marked ``*`` and followed by a line for each player where: their ``bet=`` is
not what their actions put in (with the readings of the codes, ``READINGS``, that would
make it so); their ``win=`` is not what handlens has them take back; or the next game
of the session says their stack went on otherwise than handlens reads this one (its
``chips=`` against ``chips - bet + win``, the same with the uncalled bet, and
``chips - put + back`` as handlens reads it; a stack above every account is a top-up
and says nothing). The summary counts the disagreements by kind, and, by the session's
flags, which accounts the next games' stacks follow where the accounts differ (which
tells whether a client's ``win=`` holds the uncalled bet, and whose ``bet=`` is right).
"""
from __future__ import annotations

import re
import sys
import xml.etree.ElementTree as ET
from collections import Counter
from decimal import Decimal
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.model.hand import Hand  # noqa: E402
from parsers.base.errors import ParseError  # noqa: E402
from parsers.base.split import decode, split_hands  # noqa: E402
from parsers.ipoker import ROOM  # noqa: E402
from parsers.ipoker.read import amount, header  # noqa: E402

ZERO = Decimal(0)
_GAME = re.compile(r"<game[\s>]")


def attrs_amount(text: str | None) -> Decimal:
    if not text or text == "DP":
        return ZERO
    try:
        return amount(text)
    except ValueError:
        return ZERO


# ------------------------------------------------------------------ readings
# Each reading says how much an action adds: (kind, sum, what the player has in on
# this street, the street's highest) -> added. The default is handlens's.
def _handlens(kind, value, mine, level, ante_in_street):
    if kind == "23":
        return value - mine
    if kind in ("1", "2", "3", "5", "6", "7", "15"):
        return value
    return ZERO


def _raise_to_all(kind, value, mine, level, ante_in_street):  # 6, 7 and 23 "to"
    if kind in ("6", "7", "23"):
        return max(value - mine, ZERO)
    return _handlens(kind, value, mine, level, ante_in_street)


def _raise_by(kind, value, mine, level, ante_in_street):  # 23 adds its sum
    if kind == "23":
        return value
    return _handlens(kind, value, mine, level, ante_in_street)


def _call_to(kind, value, mine, level, ante_in_street):  # 3 "to"
    if kind == "3":
        return max(value - mine, ZERO)
    return _handlens(kind, value, mine, level, ante_in_street)


def _no_antes(kind, value, mine, level, ante_in_street):  # 15 not counted
    if kind == "15":
        return ZERO
    return _handlens(kind, value, mine, level, ante_in_street)


READINGS = {
    "handlens (23 to, others add)": (_handlens, False),
    "23 to, the ante in the street's bet": (_handlens, True),
    "6, 7, 23 all 'to'": (_raise_to_all, False),
    "23 adds its sum": (_raise_by, False),
    "3 is 'to'": (_call_to, False),
    "antes not counted": (_no_antes, False),
}


def put_in(game: ET.Element, reading) -> dict[str, Decimal]:
    fn, ante_in_street = reading
    spent: dict[str, Decimal] = {}
    street: dict[str, Decimal] = {}
    for rnd in game.findall("round"):
        if rnd.get("no") != "1":
            street = {}
        acts = sorted(rnd.findall("action"), key=lambda a: int(a.get("no") or 0))
        for a in acts:
            kind, p = a.get("type") or "", a.get("player") or ""
            value = attrs_amount(a.get("sum"))
            mine = street.get(p, ZERO)
            level = max(street.values(), default=ZERO)
            added = fn(kind, value, mine, level, ante_in_street)
            if kind != "15" or ante_in_street:
                street[p] = mine + added
            spent[p] = spent.get(p, ZERO) + added
    return spent


# ------------------------------------------------------------------ a file
def games(path: Path):
    """(session header fields, <game> element, the Hand or an error) of each game."""
    data = path.read_bytes()
    text, encoding = decode(data)
    if "<session" not in text:
        return
    for raw in split_hands(text, ROOM, encoding):
        if raw.stray:
            continue
        at = _GAME.search(raw.text)
        if at is None:
            continue
        head = header(raw.text[:at.start()])
        body = raw.text[at.start():]
        end = body.find("</game>")
        body = body[:end + 7] if end >= 0 else body + "</game>"
        try:
            root = ET.fromstring(body)
        except ET.ParseError as exc:
            yield head, None, f"XML: {exc}"
            continue
        try:
            hand = ROOM.parse(raw.text)
        except ParseError as exc:
            hand = f"parse error: {exc}"
        yield head, root, hand


def _players(root: ET.Element) -> dict[str, tuple[Decimal, Decimal, Decimal, bool]]:
    out = {}
    for p in root.iter("player"):
        name = p.get("name")
        if name:
            out[name] = (attrs_amount(p.get("chips")), attrs_amount(p.get("bet")),
                         attrs_amount(p.get("win")), "bet" in p.attrib)
    return out


def _uncalled(spent: dict[str, Decimal]) -> dict[str, Decimal]:
    """The part of the top contribution nobody matched (antes and all: a rough cut)."""
    if len(spent) < 2:
        return {}
    ranked = sorted(spent.items(), key=lambda kv: kv[1], reverse=True)
    (top, most), (_, second) = ranked[0], ranked[1]
    return {top: most - second} if most > second else {}


def compare(paths: list[str]) -> Counter:
    kinds: Counter = Counter()
    files = []
    for arg in paths:
        p = Path(arg)
        files += sorted(f for f in p.rglob("*") if f.is_file()) if p.is_dir() else [p]
    for f in files:
        try:
            found = list(games(f))
        except (OSError, UnicodeError):
            continue
        if not found:
            continue
        print(f"== {f}")
        for i, (head, root, hand) in enumerate(found):
            if root is None:
                print(f"  {hand}")
                continue
            flags = ",".join(f"{k}={head[k]}" for k in ("client_version", "uncalled_bet_enabled")
                             if k in head) or "no flags"
            code = root.get("gamecode")
            written = _players(root)
            ours = put_in(root, READINGS["handlens (23 to, others add)"])
            nxt = found[i + 1][1] if i + 1 < len(found) and found[i + 1][1] is not None else None
            if nxt is not None and nxt.get("gamecode") == code:
                nxt = None  # (a sample that repeats one game)
            later = _players(nxt) if nxt is not None else {}
            verdict = ""
            back: dict[str, Decimal] = {}
            collected: dict[str, Decimal] = {}
            if isinstance(hand, Hand):
                v = ROOM.judge(hand)
                verdict = v.status + (" " + ",".join(v.codes) if v.codes else "")
                for who, amt in hand.uncalled:
                    back[who] = back.get(who, ZERO) + amt
                for c in hand.collects:
                    collected[c.player] = collected.get(c.player, ZERO) + c.amount
            elif isinstance(hand, str):
                verdict = hand
            else:
                verdict = "unsupported (" + hand.game + ")"
            lines = []
            for name, (chips, bet, win, has_bet) in written.items():
                mine = ours.get(name, ZERO)
                if not has_bet:
                    continue
                if bet != mine:
                    kinds["bet= differs from the actions"] += 1
                    fits = [r for r, reading in READINGS.items()
                            if put_in(root, reading).get(name, ZERO) == bet]
                    lines.append(f"    {name}: bet={bet}, the actions put in {mine}"
                                 f" (fits: {'; '.join(fits) or 'no reading'})")
                if isinstance(hand, Hand):
                    took = collected.get(name, ZERO) + back.get(name, ZERO)
                    if win != took and win != collected.get(name, ZERO):
                        kinds["win= differs from what handlens pays"] += 1
                        lines.append(f"    {name}: win={win}, handlens: collected "
                                     f"{collected.get(name, ZERO)} + uncalled "
                                     f"{back.get(name, ZERO)}")
                if name in later:
                    # the next game's stack: which account of this one it follows (a
                    # stack above every account is a top-up, and says nothing)
                    then = later[name][0]
                    raw_back = _uncalled(ours).get(name, ZERO)
                    accounts = {"chips-bet+win": chips - bet + win,
                                "chips-bet+win+uncalled": chips - bet + win + raw_back}
                    if isinstance(hand, Hand):
                        accounts["handlens"] = (chips - mine + back.get(name, ZERO)
                                                + collected.get(name, ZERO))
                    fits = [k for k, v in accounts.items() if v == then]
                    if fits and len(set(accounts.values())) > 1:
                        kinds[f"next chips= follow [{flags}]: {' / '.join(fits)}"] += 1
                    if (fits and "handlens" in accounts and "handlens" not in fits) or (
                            not fits and then < max(accounts.values())):
                        kinds["the next game's chips= follow no account, or not handlens's"] += 1
                        told = ", ".join(f"{k} {v}" for k, v in accounts.items())
                        lines.append(f"    {name}: next game chips={then}: {told}"
                                     f" (fits: {', '.join(fits) or 'none'})")
            total_bet = sum(b for _, b, _, _ in written.values())
            total_win = sum(w for _, _, w, _ in written.values())
            mark = "  *" if lines else "   "
            print(f"{mark} {code} [{flags}] bet= {total_bet} win= {total_win} "
                  f"actions {sum(ours.values(), ZERO)}: {verdict}")
            for line in lines:
                print(line)
    return kinds


def main(argv: list[str]) -> int:
    kinds = compare(argv or [str(ROOT.parent / "shared" / "corpus"),
                             str(ROOT.parent / "shared" / "wild")])
    print()
    for kind, n in kinds.most_common():
        print(f"{n:5}  {kind}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
