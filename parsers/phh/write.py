"""An engine Hand → one PHH hand (TOML, phh-std as pokerkit reads it): the inverse of
``read.py`` for no-limit (``NT``) and fixed-limit (``FT``) hold'em.

Players are written in PHH's order, p1 the first seat left of the button round to pn
the button (heads-up the button posts the small blind: PHH writes the blinds and antes
reversed, as ``actions.forced_bets`` reads them). Amounts are written exactly as the
hand holds them, in the hand's own unit: an integral amount as a TOML integer
(``100``), any other as a decimal literal (``0.25``). tomllib reads the literal as
Decimal where asked to (handlens' reader and pokerkit's ``parse_value`` both do), so
no binary float ever holds a cent; cash hands stay in dollars (not cents as integers),
which the reader needs to read them back as the same money and currency.

Besides what pokerkit plays (antes, blinds, stacks, actions) each hand carries what
it needs to be read back as the same hand: ``winnings`` (what each player collected
from the pots, after the rake, as handlens' reader pays them: an uncalled bet a room
writes inside its collected amount is taken out, the reader gives it back),
``finishing_stacks`` (stack + net), the room as ``venue``, the room's hand id as
``hand``, ``seats``, ``seat_count``, ``table``, ``currency``, and the time in UTC where
the room's zone is known. Fields PHH has no name for start with ``_`` (the spec's
user-defined fields; pokerkit keeps them aside):

- ``_sitting_out``: one boolean a player, true where the room marked the player sitting
  out though they post or fold (a tournament's absentee); handlens' reader reads it,
  so such a player stays out of the stats as in the room's hand;
- ``_rake``: what the room took from the pot (rake and fees: the chips put in, less
  those given back and collected), for a rake-free engine to compare with;
- ``_tournament_id``, ``_tournament_level``, ``_buy_in``: as the room wrote them;
- ``_kind``: "tournament" for a tournament's hand without a number (known by other
  words of its header), "play" for play money in chips.

A hand PHH cannot express as it was played is not written: ``Skip`` says why.
"""
from __future__ import annotations

from collections import defaultdict
from decimal import Decimal

from engine.model.hand import ZERO, GameKind, Hand, Kind, Street, Structure
from parsers.base.errors import Skip
from parsers.phh import settle
from parsers.phh.actions import Play, forced_bets, read_actions

VARIANTS = {Structure.NO_LIMIT: "NT", Structure.FIXED_LIMIT: "FT"}
_BETTING = (Street.PREFLOP, Street.FLOP, Street.TURN, Street.RIVER)
_BOARD_AT = {Street.FLOP: (0, 3), Street.TURN: (3, 4), Street.RIVER: (4, 5)}


_FORCED = {Kind.POST_SB_BB: "a dead small blind posted with the big blind",
           Kind.POST_DEAD: "a dead blind", Kind.POST_BUTTON_BLIND: "a button blind"}


def number(value: Decimal | int) -> str:
    """An amount as a TOML literal, exactly: ``100``, ``0.25``."""
    value = Decimal(value)
    if value == value.to_integral_value():
        return str(int(value))
    return format(value, "f")


def string(text: str) -> str:
    """A TOML basic string (quotes, backslashes and control characters escaped)."""
    out = []
    for ch in str(text):
        if ch in '"\\':
            out.append("\\" + ch)
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def _array(values, item=number) -> str:
    return "[" + ", ".join(item(v) for v in values) + "]"


def order(hand: Hand) -> list[str]:
    """The players dealt in, in PHH's order: from the first seat after the button round
    to the button."""
    acted = {a.player for a in hand.actions}
    # round the table: by seat number, or as Hand.table_order goes where numbers are
    # no places
    place = {n: i for i, n in enumerate(hand.table_order)} or None
    at = (lambda n: n) if place is None else (lambda n: place.get(n, len(place)))
    seats = sorted((s for s in hand.seats if not s.sitting_out or s.player in acted),
                   key=lambda s: at(s.seat))
    if hand.button_seat is None:
        raise Skip("no button", "PHH's order of players needs the button")
    button = at(hand.button_seat)
    after = [s.player for s in seats if at(s.seat) > button]
    return after + [s.player for s in seats if at(s.seat) <= button]


def write_hand(hand: Hand) -> str:
    """The hand as one PHH hand's TOML (no table header: a ``.phhs`` file adds it)."""
    variant = VARIANTS.get(hand.structure)
    if hand.game != "Hold'em" or variant is None:
        raise Skip(f"structure {hand.structure}",
                   "PHH writes hold'em as no-limit (NT) or fixed-limit (FT) only")
    if len(hand.boards) > 1:
        raise Skip("run it twice", "more than one board")
    if hand.cash_outs:
        raise Skip("cash-out", "PHH has no cash-out")
    if hand.added_money:
        raise Skip("money added to the pot", "PHH has no splash or bad-beat money")
    names = order(hand)
    n = len(names)
    if n < 2:
        raise Skip("fewer than two players")
    index = {name: i for i, name in enumerate(names)}
    seat = {s.player: s for s in hand.seats}
    if any(a.player not in index for a in hand.actions):
        raise Skip("an action by a player not dealt in")
    antes, blinds = forced(hand, names)

    lines = [f"variant = {string(variant)}",
             f"antes = {_array(antes)}",
             f"blinds_or_straddles = {_array(blinds)}"]
    if variant == "NT":
        lines.append(f"min_bet = {number(hand.stakes.big_blind)}")
    else:
        small = hand.stakes.small_bet or hand.stakes.big_blind
        big = hand.stakes.big_bet or 2 * small
        lines += [f"small_bet = {number(small)}", f"big_bet = {number(big)}"]
    lines.append(f"starting_stacks = {_array(seat[p].stack for p in names)}")
    notation = actions(hand, names)
    lines.append("actions = [\n" + "".join(f"  {string(a)},\n" for a in notation) + "]")
    net = hand.nets()
    won = winnings(hand, names, antes, blinds, notation)
    lines += [f"players = {_array(names, string)}",
              f"finishing_stacks = {_array(seat[p].stack + net.get(p, ZERO) for p in names)}",
              f"winnings = {_array(won[p] for p in names)}",
              f"seats = {_array(seat[p].seat for p in names)}"]
    if hand.max_seats and max(seat[p].seat for p in names) <= hand.max_seats:
        lines.append(f"seat_count = {hand.max_seats}")  # (not where a seat lies beyond it)
    if any(seat[p].sitting_out for p in names):
        # a player the room marks sitting out who still posts or folds (a tournament's
        # absentee): PHH deals every player it names; the mark keeps them out of stats
        lines.append("_sitting_out = " + _array((seat[p].sitting_out for p in names),
                                                lambda v: "true" if v else "false"))
    lines += [f"venue = {string(hand.site)}", f"hand = {string(hand.hand_id)}"]
    if hand.table is not None:
        lines.append(f"table = {string(hand.table)}")
    if hand.currency and hand.currency != "chips":
        lines.append(f"currency = {string(hand.currency)}")
    lines += _when(hand)
    # what the room took from the pot: put in, less given back, less collected
    taken = -sum(net.values(), ZERO)
    if taken:
        lines.append(f"_rake = {number(taken)}")
    if hand.tournament_id is not None:
        lines.append(f"_tournament_id = {string(hand.tournament_id)}")
    if hand.tournament_level is not None:
        lines.append(f"_tournament_level = {string(hand.tournament_level)}")
    if hand.buy_in is not None:
        lines.append(f"_buy_in = {string(hand.buy_in)}")
    if hand.kind != GameKind.of(hand.currency, hand.tournament_id):
        lines.append(f"_kind = {string(hand.kind)}")
    return "\n".join(lines) + "\n"


def winnings(hand: Hand, names: list[str], antes: list[Decimal], blinds: list[Decimal],
             notation: list[str]) -> dict[str, Decimal]:
    """What each player collects from the pots, as a PHH reader pays ``winnings``: the
    notation read back by handlens' reader must put in the chips the room's hand put
    in, and the uncalled bet it gives back is not part of the winnings (a room that
    writes it inside the collected amount has it taken out here)."""
    play = Play(list(names), {s.player: s.stack for s in hand.seats if s.player in names})
    forced_bets(play, antes, blinds, 1)
    read_actions(play, notation, "")
    put_in: dict[str, Decimal] = defaultdict(lambda: ZERO)
    for a in hand.actions:
        put_in[a.player] += a.amount
    if any(play.contributed.get(p, ZERO) != put_in[p] for p in names):
        raise Skip("chips PHH's notation puts in otherwise")
    back = settle.uncalled_bet(play)
    won: dict[str, Decimal] = defaultdict(lambda: ZERO)
    for c in hand.collects:
        won[c.player] += c.amount
    for player, amount in hand.uncalled:
        won[player] += amount
    if back:
        won[back[0]] -= back[1]
    if any(v < 0 for v in won.values()):
        raise Skip("an uncalled bet PHH gives back otherwise")
    return won


def forced(hand: Hand, names: list[str]) -> tuple[list[Decimal], list[Decimal]]:
    """(antes, blinds_or_straddles) in PHH's order; Skip where a blind was posted where
    PHH cannot place it (a dead blind, a blind out of position, a button blind)."""
    n = len(names)
    blind_order = names[::-1] if n == 2 else names  # heads-up: the button posts first
    at = {name: i for i, name in enumerate(blind_order)}
    antes = [ZERO] * n
    blinds = [ZERO] * n
    want = {Kind.POST_SB: 0, Kind.POST_BB: 1}
    straddle = 2
    for a in hand.actions:
        if a.street != Street.PREDEAL:
            if a.kind in Kind.POSTS:
                raise Skip("a post after the deal", a.kind)
            continue
        i = at[a.player]
        if a.kind == Kind.POST_ANTE:
            if antes[i]:
                raise Skip("two antes by one player")
            ante = hand.stakes.ante if a.all_in and hand.stakes.ante > a.amount else a.amount
            antes[i] = ante
        elif a.kind in want:
            if i != want[a.kind] or blinds[i]:
                # a player joining or coming back posts a big blind where they sit: PHH
                # places forced bets by position only (p1 small blind, p2 big blind)
                raise Skip("a blind posted out of position (a new or returning player)",
                           f"{a.kind} by p{names.index(a.player) + 1}")
            nominal = hand.stakes.small_blind if a.kind == Kind.POST_SB else hand.stakes.big_blind
            blinds[i] = nominal if a.all_in and nominal > a.amount else a.amount
        elif a.kind == Kind.POST_STRADDLE:
            if i != straddle or n == 2:
                raise Skip("a straddle out of position")
            blinds[i] = a.amount
            straddle += 1
        else:
            raise Skip(_FORCED.get(a.kind, f"a forced bet PHH has no place for ({a.kind})"))
    if not blinds[1]:
        raise Skip("no big blind posted")
    return antes, blinds


def actions(hand: Hand, names: list[str]) -> list[str]:
    """The deal, the betting with its boards, the showdown, in PHH's notation."""
    p = {name: f"p{i}" for i, name in enumerate(names, start=1)}
    shown = {s.player: s.cards for s in hand.shows if s.shown and len(s.cards) == 2}
    seat = {s.player: s for s in hand.seats}
    out = []
    for name in names:
        cards = shown.get(name) or seat[name].hole_cards
        out.append(f"d dh {p[name]} {''.join(cards) if len(cards) == 2 else '????'}")
    board = hand.boards[0] if hand.boards else ()
    dealt = Street.PREFLOP
    bets: dict[str, Decimal] = defaultdict(lambda: ZERO)
    stack = {s.player: s.stack for s in hand.seats}
    for a in hand.actions:
        stack[a.player] -= a.amount
        if a.street == Street.PREDEAL:
            if a.kind != Kind.POST_ANTE:
                bets[a.player] += a.amount
            continue
        if a.street not in _BETTING:
            raise Skip("an action after the river", a.kind)
        while dealt < a.street:
            dealt = Street(dealt + 1)
            out.append(_deal(board, dealt))
            bets.clear()
        if a.kind == Kind.FOLD:
            out.append(f"{p[a.player]} f")
        elif a.kind in (Kind.CHECK, Kind.CALL):
            # PHH's cc calls the most put in on the street (all the caller has at most);
            # a room that calls more or less (after a blind all-in for less, where it
            # calls the full blind) cannot be written as it was played
            owed = max(bets.values(), default=ZERO) - bets[a.player]
            if a.amount != min(owed, stack[a.player] + a.amount):
                raise Skip("a call of other than the bet",
                           f"{a.player} calls {a.amount} facing {owed}")
            out.append(f"{p[a.player]} cc")
        elif a.kind in (Kind.BET, Kind.RAISE):
            out.append(f"{p[a.player]} cbr {number(bets[a.player] + a.amount)}")
        else:
            raise Skip(f"action {a.kind}")
        bets[a.player] += a.amount
    while dealt < Street.RIVER and len(board) > _BOARD_AT[Street(dealt + 1)][0]:
        dealt = Street(dealt + 1)
        out.append(_deal(board, dealt))
    # the showdown: who is still in and shows both cards (cards shown after a fold, or
    # one card of two, are written where they were dealt, in the dh line, or not at all)
    folded = {a.player for a in hand.actions if a.kind == Kind.FOLD}
    for s in hand.shows:
        if s.player in shown and s.player not in folded and s.cards == shown[s.player]:
            out.append(f"{p[s.player]} sm {''.join(s.cards)}")
    return out


def _deal(board: tuple[str, ...], street: Street) -> str:
    start, end = _BOARD_AT[street]
    cards = board[start:end]
    if len(cards) != end - start:
        raise Skip("a board not written", f"{street.name.lower()} cards missing")
    return "d db " + "".join(cards)


def _when(hand: Hand) -> list[str]:
    """The time: in UTC where known, else the room's clock with its zone as written."""
    if hand.played_at_utc is not None:
        at, zone = hand.played_at_utc, "UTC"
    elif hand.played_at is not None:
        at, zone = hand.played_at, None
    else:
        return []
    lines = [f"year = {at.year}", f"month = {at.month}", f"day = {at.day}",
             f"time = {at.time().isoformat(timespec='seconds')}"]
    if zone:
        lines.append(f"time_zone = {string(zone)}")
    elif hand.time_zone:
        lines.append(f"time_zone_abbreviation = {string(hand.time_zone)}")
    return lines
