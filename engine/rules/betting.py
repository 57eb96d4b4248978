"""One betting round under no-limit, pot-limit or fixed-limit rules.

A ``Round`` knows whose turn it is and what each player may do: the amount to
call, the minimum bet (the big blind) and minimum raise (the last full bet or
raise), the pot-limit maximum (the pot after calling), the fixed-limit sizes (small
bet preflop and on the flop, big bet on the turn and river) and cap, and the
all-in rule: a raise smaller than a full raise does not reopen the betting for
players who have already acted.

The hand's chips and players are a ``HandState`` (engine.rules.state): the round reads
it and folds players through it; for a move that puts chips in, it returns what the
move makes the player's bet on the street, and the replay hands that to the state with
the chips. It reports what breaks a rule to its table (the replay), which records the
finding: the round knows its table only as a ``Table``, what the replay offers it, so
the replay imports the round and not the reverse.
"""
from __future__ import annotations

from decimal import Decimal
from typing import Protocol

from engine.model.hand import ZERO, Action, Hand, Kind, Stakes, Street, Structure
from engine.rules.room_rules import RoomRules
from engine.rules.state import HandState


class Table(Protocol):
    """What a betting round asks of the replay: the hand, its rules, findings."""

    hand: Hand
    rules: RoomRules

    def add(self, code: str, message: str, street: Street | None = None,
            action: int | None = None, severity: str = ...) -> None: ...
    def sitting_out(self, p: str) -> bool: ...
    def added(self) -> Decimal: ...  # money the room put into the pot

FOLD, CHECK, CALL, BET, RAISE = Kind.FOLD, Kind.CHECK, Kind.CALL, Kind.BET, Kind.RAISE
# enum members read once: a class attribute lookup costs more than the comparison
PREDEAL, PREFLOP, FLOP, RIVER = Street.PREDEAL, Street.PREFLOP, Street.FLOP, Street.RIVER
STREETS = tuple(Street)
NL, PL, FL = Structure.NO_LIMIT, Structure.POT_LIMIT, Structure.FIXED_LIMIT
_LIVE_POSTS = {Kind.POST_SB, Kind.POST_BB, Kind.POST_STRADDLE, Kind.POST_BUTTON_BLIND}
POST_SB, POST_BB, POST_SB_BB, POST_ANTE, POST_STRADDLE = (
    Kind.POST_SB, Kind.POST_BB, Kind.POST_SB_BB, Kind.POST_ANTE, Kind.POST_STRADDLE)


def structure_on(street: Street, structure: str) -> str:
    """The structure in force on a street (PL/NL games are pot limit before the flop)."""
    if structure == Structure.PL_PRE_NL_POST:
        return PL if street <= PREFLOP else NL
    return structure


def bet_size(street: Street, stakes: Stakes) -> Decimal:
    """Fixed limit: the small bet before the turn, the big bet from the turn on."""
    small = stakes.small_bet or stakes.big_blind
    return small if street <= FLOP else (stakes.big_bet or 2 * small)


class Round:
    """The state of one betting round; see the module doc."""

    __slots__ = ("t", "s", "street", "structure", "level", "full", "counted", "bets",
                 "acted", "opener", "small_blind", "next", "closed")

    def __init__(self, table: Table, state: HandState) -> None:
        """The round of blinds, antes and straddles, before the cards are dealt."""
        self.t = table
        self.s = state
        self.street = PREDEAL
        self.structure = structure_on(PREDEAL, table.hand.structure)
        self.level = ZERO  # the bet to match on this street
        self.full = table.hand.stakes.big_blind  # the last full bet or raise: the minimum raise
        # fixed limit: the bet a raise is counted from, where an all-in bet or raise short
        # of a full one counts as a full one if it is half of one or more, else not at all
        # (the half-bet rule: over an all-in bet of 8.50 at $8/$16, a raise is to 32)
        self.counted = ZERO
        self.bets = 0  # bets and raises so far (fixed-limit cap)
        self.acted: set[str] = set()  # acted since the last full bet or raise
        self.opener: str | None = None  # preflop: the big blind, or the straddler
        self.small_blind: str | None = None
        self.next = 0  # index in state.order where the search for the next actor starts
        self.closed = False

    def next_street(self) -> None:
        """Begin the next street's round in this one's place (once it is closed)."""
        t, bb = self.t, self.t.hand.stakes.big_blind
        first = self.street == PREDEAL
        self.street = street = STREETS[self.street + 1]
        if street == FLOP or first:
            self.structure = structure_on(street, t.hand.structure)
        self.acted = set()
        self.closed = False
        if first:
            # the blinds carry into the first round; the big blind (or straddle) opens it
            self.bets = 1 if self.level > 0 else 0
            self.opener = self.opener or self._big_blind_seat()
            # the big blind is the bet to call even when its poster could not post it all
            if self.level < bb:
                self.level = bb
            self.counted = self.level
            if self.opener in self.s.seat_index:
                self.next = self.s.seat_index[self.opener] + 1
        else:
            self.s.new_street()
            self.level = self.counted = ZERO
            self.full = bb
            self.bets = 0
            self.next = 0

    def _big_blind_seat(self) -> str | None:
        """Who sits in the big blind when nobody posted it (all-in on the ante)."""
        order = self.s.order
        if self.small_blind in order:
            return order[(order.index(self.small_blind) + 1) % len(order)]
        return order[1] if len(order) > 2 else (order[0] if order else None)

    # ------------------------------------------------------------ whose turn
    def expected(self) -> str | None:
        """The player to act now, or None when the round is complete."""
        s = self.s
        if s.live_n < 2:
            return None
        put, level, folded, all_in = s.street_bets, self.level, s.folded, s.all_in
        if s.able_n <= 1:
            # one player left to act: only what the others (all-in) have in must be matched
            most = max((put.get(p, ZERO) for p in s.order
                        if p not in folded and p in all_in), default=ZERO)
            if all(put.get(p, ZERO) >= min(level, most) for p in s.order
                   if p not in folded and p not in all_in):
                return None
        acted = self.acted
        start = self.next % len(s.order)
        for p in s.twice[start:start + len(s.order)]:
            if p in folded or p in all_in:
                continue
            if p not in acted or put.get(p, ZERO) < level:
                return p
        return None

    def close(self, index: int) -> None:
        """The round ends here: nobody may still be owed a turn."""
        if self.closed or self.street == PREDEAL:
            return
        self.closed = True
        waiting = self.expected()
        if waiting is not None:
            self.t.add("ROUND_CLOSED_EARLY", f"the {self.street.name.lower()} ends while "
                                             f"{waiting} still has to act", self.street,
                       index if index < len(self.t.hand.actions) else None)

    # ------------------------------------------------------------ moves
    def post(self, i: int, a: Action) -> Decimal | None:
        """Blinds, antes and straddles: forced, not a turn to act. The poster's bet on
        the street with the post's live part (None: an ante, no bet)."""
        _, p, kind, amount, _, _, _ = a
        if kind == POST_ANTE:
            return None
        if kind == POST_SB_BB:  # the small part is dead
            bb = self.t.hand.stakes.big_blind
            live = amount if amount < bb else bb
        else:
            live = amount if kind in _LIVE_POSTS else ZERO  # else a dead blind
        mine = self.s.street_bets.get(p, ZERO) + live
        if kind == POST_BB:
            if self.opener is None:
                self.opener = p
        elif kind == POST_SB:
            if self.small_blind is None:
                self.small_blind = p
        elif kind == POST_STRADDLE:
            # a straddle is a blind raise: the next raise is by at least the straddle
            # (RoomRules.straddle_raises_by_its_increment: by what it raised)
            self.opener = p
            size = mine - self.level if self.t.rules.straddle_raises_by_its_increment else mine
            if size > self.full:
                self.full = size
        if mine > self.level:
            self.level = mine
        return mine

    def act(self, i: int, a: Action) -> Decimal | None:
        """A player's turn: a fold, check, call, bet or raise. The player's bet on the
        street after it (None: no bet, where they fold or could not act)."""
        t, s, st = self.t, self.s, self.street
        _, p, kind, amount, _, _, _ = a
        folded, all_in = s.folded, s.all_in
        if p in folded:
            t.add("ACTS_AFTER_FOLD", f"{p} acts after folding", st, i)
            return None
        if p in all_in:
            if (kind == FOLD and t.rules.sitting_out_all_in_folds
                    and t.sitting_out(p)):
                t.add("ACTS_WHILE_ALL_IN", f"{p}, sitting out, is folded while all-in (the "
                                           f"room's rule)", st, i, severity="warning")
                s.fold(p, st)
            elif (kind == FOLD and t.rules.blind_all_in_folds
                  and all(x.kind in Kind.POSTS for x in t.hand.actions[:i] if x.player == p)):
                t.add("ACTS_WHILE_ALL_IN", f"{p}, all-in on a blind, is folded (the room's "
                                           f"rule)", st, i, severity="warning")
                s.fold(p, st)
            else:
                t.add("ACTS_WHILE_ALL_IN", f"{p} acts after going all-in", st, i)
            return None
        put = s.street_bets
        level = self.level
        if s.able_n > 1 and s.live_n > 1:  # expected(), its common case inline
            due, acted, n = None, self.acted, len(s.order)
            start = self.next % n
            twice = s.twice
            if twice[start] == p and (p not in acted or put.get(p, ZERO) < level):
                due = p  # the first player searched acts, as most do (p is neither out)
            else:
                for q in twice[start:start + n]:
                    if q in folded or q in all_in:
                        continue
                    if q not in acted or put.get(q, ZERO) < level:
                        due = q
                        break
        else:
            due = self.expected()
        if due != p:
            if due is None:
                t.add("OUT_OF_TURN", f"{p} acts, but nobody is left to act on the "
                                     f"{st.name.lower()}", st, i)
            else:
                t.add("OUT_OF_TURN", f"{p} acts, but {due} is to act", st, i)
        self.next = s.seat_index[p] + 1
        if kind == FOLD:
            s.fold(p, st)
            return None
        mine = put.get(p, ZERO)
        owed = level - mine
        stack = s.stack[p]
        if kind == CHECK:
            if owed > 0:
                t.add("BAD_CALL_AMOUNT", f"{p} checks with {owed} to call", st, i)
        elif kind == CALL:
            due_call = owed if owed < stack else stack
            if s.able_n == 1 and s.live_n > 1 and not (t.rules.calls_whole_bet
                                                       and amount == due_call):
                # nobody can match more: the call is what the others have in
                most = max(put.get(q, ZERO) for q in s.order if q != p and q not in folded)
                due_call = min(max(min(level, most) - mine, ZERO), stack)
            if owed <= 0:
                t.add("BAD_CALL_AMOUNT", f"{p} calls {amount} with nothing to call", st, i)
            elif not amount and a.all_in and t.rules.disconnect_protection:
                pass  # disconnected: held all-in for what they have in
            elif amount != due_call:
                t.add("BAD_CALL_AMOUNT", f"{p} calls {amount}; the call is {due_call}", st, i)
        elif kind == BET:
            self._bet(i, a, amount >= stack or self._covers(p, mine + amount))
        elif kind == RAISE:
            self._raise(i, a, owed, amount >= stack or self._covers(p, mine + amount))
        self.acted.add(p)
        return mine + amount

    def _covers(self, p: str, to: Decimal) -> bool:
        """RoomRules.all_in_to_cover: does a bet or raise to ``to`` put in all that every
        other player still in can match (the room writes a covering all-in so)?"""
        if not self.t.rules.all_in_to_cover:
            return False
        s, put = self.s, self.s.street_bets
        most = max((put.get(q, ZERO) + s.stack[q] for q in s.order
                    if q != p and q not in s.folded), default=None)
        return most is not None and to >= most

    def _bet(self, i: int, a: Action, all_in: bool) -> None:
        t, p, st = self.t, a.player, self.street
        stakes = t.hand.stakes
        if self.level > 0:
            t.add("BET_FACING_BET", f"{p} bets {a.amount} facing a bet of {self.level}", st, i)
        if self.structure == FL:
            size = bet_size(st, stakes)
            if a.amount != size and not (all_in and a.amount < size):
                t.add("WRONG_LIMIT_AMOUNT", f"{p} bets {a.amount}; the bet is {size}", st, i)
            self.counted = size if 2 * a.amount >= size else ZERO
        else:
            if a.amount < stakes.big_blind and not all_in:
                t.add("BET_TOO_SMALL", f"{p} bets {a.amount}, less than the big blind "
                                       f"{stakes.big_blind}", st, i)
            if self.structure == PL and a.amount > self._pot():
                t.add("OVER_POT_LIMIT", f"{p} bets {a.amount} into a pot of {self._pot()}", st, i)
        self._cap_game(i, a)
        self.level = self.s.street_bets.get(p, ZERO) + a.amount
        self.full = max(a.amount, stakes.big_blind) if not all_in else max(self.full, a.amount)
        self.bets = 1
        self.acted = set()

    def _raise(self, i: int, a: Action, owed: Decimal, all_in: bool) -> None:
        t, p, st = self.t, a.player, self.street
        put = self.s.street_bets
        to = a.raise_to if a.raise_to is not None else put.get(p, ZERO) + a.amount
        increment = to - self.level
        if increment <= 0:
            t.add("RAISE_TOO_SMALL", f"{p} raises to {to}, not above the bet of {self.level}",
                  st, i)
            return
        if p in self.acted and put.get(p, ZERO) < self.level:
            t.add("REOPENED_WRONGLY", f"{p} re-raises, but only an incomplete all-in raise "
                                      f"came after their last action", st, i)
        reopens = increment >= self.full
        if self.structure == FL:
            size = bet_size(st, t.hand.stakes)
            target = self.counted + size
            if to != target and not (all_in and to < target):
                t.add("WRONG_LIMIT_AMOUNT", f"{p} raises to {to}; the raise is to {target}",
                      st, i)
            if to >= target or 2 * increment >= size:
                self.counted = target
            if self.bets + 1 > t.rules.limit_cap:
                t.add("OVER_CAP", f"{p} makes bet number {self.bets + 1}; the cap is "
                                  f"{t.rules.limit_cap}", st, i)
            # fixed limit: an all-in raise of half a bet or more reopens the betting
            reopens = reopens or 2 * increment >= size
        else:
            if increment < self.full and not all_in:
                t.add("RAISE_TOO_SMALL", f"{p} raises by {increment}; the minimum raise is "
                                         f"{self.full}", st, i)
            if self.structure == PL:
                most = self.level + self._pot() + owed
                if to > most:
                    t.add("OVER_POT_LIMIT", f"{p} raises to {to}; the pot allows {most}", st, i)
        self._cap_game(i, a)
        if reopens:
            self.full = max(self.full, increment)
            self.acted = set()
        self.level = to
        self.bets += 1

    def _cap_game(self, i: int, a: Action) -> None:
        cap = self.t.hand.stakes.cap
        if cap is None:
            return
        antes = sum((x.amount for x in self.t.hand.actions[:i]
                     if x.player == a.player and x.kind == Kind.POST_ANTE), ZERO)
        total = self.s.contributed[a.player] - antes + a.amount
        if total > cap:
            self.t.add("OVER_CAP", f"{a.player} puts {total} in a game capped at {cap}",
                       self.street, i)

    def _pot(self) -> Decimal:
        """Everything in the middle now, this street's bets included."""
        return self.s.pot() + self.t.added()
