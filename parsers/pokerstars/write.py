"""Hand → PokerStars text: the inverse of parsers.pokerstars, for simulated hands and
for any room's hand made PokerStars-shaped (parsers/pokerstars/convert.py).

Writes what PokerStars writes, line for line, so that a hand can be read back by the
same grammar a real one is.
"""
from __future__ import annotations

from collections import defaultdict
from decimal import Decimal

from engine.model.hand import ZERO, Collect, Finish, Hand, Kind, Street, Structure
from parsers.base.values import CURRENCY_BY_SYMBOL

_LIMIT = {Structure.NO_LIMIT: "No Limit", Structure.POT_LIMIT: "Pot Limit",
          Structure.FIXED_LIMIT: "Limit",
          Structure.PL_PRE_NL_POST: "Pot Limit Pre-Flop, No Limit Post-Flop"}
_POSTS = {Kind.POST_SB: "posts small blind", Kind.POST_BB: "posts big blind",
          Kind.POST_SB_BB: "posts small & big blinds", Kind.POST_ANTE: "posts the ante",
          Kind.POST_STRADDLE: "posts straddle", Kind.POST_BUTTON_BLIND: "posts button blind",
          Kind.POST_DEAD: "posts dead blind"}
_RUN_WORDS = ("FIRST", "SECOND", "THIRD")
_STREET_NAMES = {Street.FLOP: "FLOP", Street.TURN: "TURN", Street.RIVER: "RIVER"}
_STREET_CARDS = {Street.FLOP: 3, Street.TURN: 4, Street.RIVER: 5}
_FOLDED = {Street.PREDEAL: "folded before Flop", Street.PREFLOP: "folded before Flop",
           Street.FLOP: "folded on the Flop", Street.TURN: "folded on the Turn",
           Street.RIVER: "folded on the River"}
_SYMBOLS = {code: symbol for symbol, code in CURRENCY_BY_SYMBOL.items()}


def money_text(amount: Decimal, currency: str | None) -> str:
    """An amount as PokerStars writes it: "$1", "€0.25", "1500" (chips, play money and
    currencies without a sign of their own)."""
    text = str(int(amount)) if amount == amount.to_integral_value() else f"{amount:.2f}"
    return _SYMBOLS.get(currency or "", "") + text


def write_hand(hand: Hand) -> str:
    """One hand as PokerStars writes it (LF line ends, no trailing blank lines)."""
    currency = hand.currency

    def m(amount: Decimal) -> str:
        return money_text(amount, currency)

    st = hand.stakes
    low, high = (st.small_bet, st.big_bet) if hand.structure == Structure.FIXED_LIMIT \
        else (st.small_blind, st.big_blind)
    when = hand.played_at.strftime("%Y/%m/%d %H:%M:%S").replace(" 0", " ")
    game = f"Hold'em {_LIMIT[hand.structure]}"
    if hand.tournament_id:
        head = (f"PokerStars Hand #{hand.hand_id}: Tournament #{hand.tournament_id}, "
                f"{hand.buy_in} {game} - Level {hand.tournament_level} ({m(low)}/{m(high)})")
        table = (hand.table if hand.table and hand.table.startswith(f"{hand.tournament_id} ")
                 else f"{hand.tournament_id} 1")
    else:
        code = "" if currency == "play" else f" {currency}"
        head = f"PokerStars Hand #{hand.hand_id}:  {game} ({m(low)}/{m(high)}{code})"
        table = hand.table
    zone = f" {hand.time_zone}" if hand.time_zone else ""
    lines = [f"{head} - {when}{zone}",
             f"Table '{table}' {hand.max_seats}-max Seat #{hand.button_seat} is the button"]
    bounty_in = hand.buy_in_currency
    lines += [f"Seat {s.seat}: {s.player} ({m(s.stack)} in chips"
              + (f", {money_text(s.bounty, bounty_in)} bounty" if s.bounty is not None else "")
              + ")" for s in hand.seats]

    def all_in(a) -> str:
        return " and is all-in" if a.all_in else ""

    actions = list(hand.actions)
    for a in actions:
        if a.street == Street.PREDEAL:
            lines.append(f"{a.player}: {_POSTS[a.kind]} {m(a.amount)}{all_in(a)}")
    lines.append("*** HOLE CARDS ***")
    lines += [f"STP added: {m(amount)}" for _, amount in hand.added_money]
    if hand.hero:
        hero = next(s for s in hand.seats if s.player == hand.hero)
        if hero.hole_cards:
            lines.append(f"Dealt to {hero.player} [{' '.join(hero.hole_cards)}]")
    boards = [b for b in hand.boards if b] or [()]
    put: dict[str, Decimal] = defaultdict(lambda: ZERO)  # each player's bet this street
    for a in actions:  # the live blinds (of small & big together, the big)
        if a.street == Street.PREDEAL and a.kind not in (Kind.POST_ANTE, Kind.POST_DEAD):
            put[a.player] += (min(a.amount, st.big_blind) if a.kind == Kind.POST_SB_BB
                              else a.amount)
    last_street = Street.PREFLOP
    streets_written: set[Street] = set()

    def open_streets(upto: Street) -> None:
        for street in (Street.FLOP, Street.TURN, Street.RIVER):
            if street > upto or street in streets_written:
                continue
            streets_written.add(street)
            lines.extend(_street_lines(street, boards))

    for a in actions:
        if a.street == Street.PREDEAL:
            continue
        if a.street != last_street:
            put.clear()
            open_streets(a.street)
            last_street = a.street
        p = a.player
        if a.kind == Kind.FOLD:
            lines.append(f"{p}: folds")
        elif a.kind == Kind.CHECK:
            lines.append(f"{p}: checks")
        elif a.kind == Kind.CALL:
            lines.append(f"{p}: calls {m(a.amount)}{all_in(a)}")
        elif a.kind == Kind.BET:
            lines.append(f"{p}: bets {m(a.amount)}{all_in(a)}")
        elif a.kind == Kind.RAISE:
            level = max(put.values(), default=ZERO)
            by = max(a.raise_to - level, ZERO)  # a mutated hand may raise to less: write 0
            lines.append(f"{p}: raises {m(by)} to {m(a.raise_to)}{all_in(a)}")
        else:
            lines.append(f"{p}: {_POSTS[a.kind]} {m(a.amount)}{all_in(a)}")
        put[p] += a.amount
    for player, amount in hand.uncalled:
        lines.append(f"Uncalled bet ({m(amount)}) returned to {player}")
    open_streets(Street.RIVER if len(boards[0]) == 5 else
                 Street.TURN if len(boards[0]) == 4 else
                 Street.FLOP if len(boards[0]) == 3 else Street.PREFLOP)

    runs = len(boards)
    pots = max(len(hand.summary.pots), 1) if hand.summary else 1
    folded = {a.player for a in actions if a.kind == Kind.FOLD}
    if hand.shows and sum(s.player not in folded for s in hand.seats) > 1:
        for run in range(1, runs + 1):
            word = f"{_RUN_WORDS[run - 1]} " if runs > 1 else ""
            lines.append(f"*** {word}SHOW DOWN ***")
            for s in hand.shows:
                if s.run != run and s.shown:
                    continue
                if not s.shown:
                    if run == 1:
                        lines.append(f"{s.player}: mucks hand")
                    continue
                lines.append(_shows(s))
            for c in hand.collects:
                if c.run == run:
                    lines.append(f"{c.player} collected {m(c.amount)} from {_pot(c, pots)}")
    else:
        for c in hand.collects:
            lines.append(f"{c.player} collected {m(c.amount)} from {_pot(c, pots)}")
        showed = {s.player for s in hand.shows if s.shown}
        lines += [_shows(s) for s in hand.shows if s.shown]
        for c in hand.collects[:1]:
            if c.player not in showed:
                lines.append(f"{c.player}: doesn't show hand")
    lines += [_finished(f) for f in hand.finishes]

    s = hand.summary
    lines.append("*** SUMMARY ***")
    pots = ""
    if s.pots:
        parts = [f"Main pot {m(s.pots[0])}."]
        for i, amount in enumerate(s.pots[1:], start=1):
            parts.append(f"Side pot{'' if len(s.pots) == 2 else f'-{i}'} {m(amount)}.")
        pots = " " + " ".join(parts)
    splash = f" | STP {m(s.added)}" if s.added else ""
    lines.append(f"Total pot {m(s.total_pot)}{pots}{splash} | Rake {m(s.rake)}")
    if runs > 1:
        lines.append("Hand was run twice" if runs == 2 else "Hand was run three times")
        lines += [f"{_RUN_WORDS[i]} Board [{' '.join(b)}]" for i, b in enumerate(boards)]
    elif boards[0]:
        lines.append(f"Board [{' '.join(boards[0])}]")
    roles = _roles(hand)
    voluntary = {a.player for a in actions if a.kind not in (Kind.POST_ANTE, Kind.FOLD)}
    collected: dict[tuple[str, int], Decimal] = defaultdict(lambda: ZERO)
    for c in hand.collects:
        collected[(c.player, c.run)] += c.amount
    for seat in s.seats:
        head = f"Seat {seat.seat}: {seat.player}{roles.get(seat.player, '')}"
        if seat.outcome == "folded":
            text = _FOLDED[seat.folded_street]
            if seat.folded_street <= Street.PREFLOP and seat.player not in voluntary:
                text += " (didn't bet)"
        elif seat.outcome == "showed":
            results = []
            for run in range(1, runs + 1):
                got = collected.get((seat.player, run), ZERO)
                name = seat.hand_names[run - 1] if len(seat.hand_names) >= run else ""
                results.append((f"won ({m(got)})" if got else "lost")
                               + (f" with {name}" if name else ""))
            text = f"showed [{' '.join(seat.cards)}] and " + ", and ".join(results)
        elif seat.outcome == "mucked":
            text = f"mucked [{' '.join(seat.cards)}]" if seat.cards else "mucked"
        else:
            text = f"collected ({m(sum(seat.won, ZERO))})"
        lines.append(f"{head} {text}")
    lines += [f"{player} re-buys and receives {int(chips)} chips"
              for player, chips in hand.chips_added]
    return "\n".join(lines) + "\n"


def _shows(s) -> str:
    """ "Player1: shows [Qs Js] (a full house, Queens full of Aces)", the name if known."""
    name = f" ({s.hand_name})" if s.hand_name else ""
    return f"{s.player}: shows [{' '.join(s.cards)}]{name}"


def _finished(f: Finish) -> str:
    """A finishing line: "X finished the tournament in 3rd place and received $5.40.",
    "X wins the tournament and receives $13.50 - congratulations!", "X finished the
    tournament in 5th place" (no prize)."""
    prize = None if f.prize is None else f"{_SYMBOLS.get(f.currency, '')}{f.prize:.2f}"
    if f.place == 1 and prize:
        return f"{f.player} wins the tournament and receives {prize} - congratulations!"
    place = "" if f.place is None else f" in {_ordinal(f.place)} place"
    paid = f" and received {prize}." if prize else ""
    return f"{f.player} finished the tournament{place}{paid}"


def _ordinal(n: int) -> str:
    last = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{last}"


def _pot(c: Collect, pots: int) -> str:
    """How PokerStars names the pot a collection is from."""
    if c.pot is None:
        return "pot"
    if c.pot == 0:
        return "main pot"
    return "side pot" if pots == 2 else f"side pot-{c.pot}"


def _street_lines(street: Street, boards: list[tuple[str, ...]]) -> list[str]:
    n = _STREET_CARDS[street]
    shown = [b for b in boards if len(b) >= n]
    if not shown:
        return []
    split_runs = len(shown) > 1 and any(b[:n] != shown[0][:n] for b in shown[1:])
    out = []
    for i, board in enumerate(shown if split_runs else shown[:1]):
        word = f"{_RUN_WORDS[i]} " if split_runs else ""
        if street == Street.FLOP:
            out.append(f"*** {word}FLOP *** [{' '.join(board[:3])}]")
        else:
            out.append(f"*** {word}{_STREET_NAMES[street]} *** [{' '.join(board[:n - 1])}] "
                       f"[{board[n - 1]}]")
    return out


def _roles(hand: Hand) -> dict[str, str]:
    roles: dict[str, str] = defaultdict(str)
    button = next((s.player for s in hand.seats if s.seat == hand.button_seat), None)
    if button:
        roles[button] += " (button)"
    for kind, role in ((Kind.POST_SB, " (small blind)"), (Kind.POST_BB, " (big blind)")):
        poster = next((a.player for a in hand.actions if a.kind == kind), None)
        if poster:
            roles[poster] += role
    return roles


_ORDINAL = {1: "st", 2: "nd", 3: "rd"}


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else _ORDINAL.get(n % 10, 'th')}"


def _summary_money(amount: Decimal, currency: str | None) -> str:
    return _SYMBOLS.get(currency or "", "") + f"{amount:,.2f}"


def write_summary(result, standings: list[tuple[int, str, Decimal | None]]) -> str:
    """A tournament summary as PokerStars writes it (parsers/pokerstars/summary.lark):
    ``result`` (engine.model.tournament.TournamentResult) the player's, ``standings``
    (place, player, prize or None) every finish known, best first."""
    cur = result.currency
    prize_part = result.cost - (result.fee or ZERO) - (result.bounty_part or ZERO)
    parts = [prize_part, *([result.bounty_part] if result.bounty_part else []),
             result.fee or ZERO]
    lines = [f"PokerStars Tournament #{result.tournament_id}, No Limit Hold'em",
             "Buy-In: " + "/".join(_summary_money(p, cur) for p in parts) + f" {cur}",
             f"{result.players} players",
             f"Total Prize Pool: {_summary_money(result.prize_pool, cur)} {cur}"]
    if result.started is not None:
        lines.append(f"Tournament started {result.started:%Y/%m/%d %H:%M:%S} ET")
    pool = result.prize_pool or ZERO
    for place, player, prize in standings:
        paid = (f" {_summary_money(prize, cur)} ({prize * 100 / pool:.2f}%)"
                if prize and pool else "")
        lines.append(f"  {place}: {player} (Simulation),{paid}")
    lines.append("")
    if result.place is not None:
        lines.append(f"You finished in {_ordinal(result.place)} place.")
    return "\n".join(lines) + "\n"
