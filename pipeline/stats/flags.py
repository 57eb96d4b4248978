"""Per-player-per-hand stat flags, computed at import (docs/STATS.md).

``hand_flags(hand, positions)`` walks one hand once and returns, for every player
dealt in, the chance/done pair of each stat of pipeline/stats/catalogue.py; they are
stored in ``hand_players`` at import (read through the views ``player_hand_flags`` and
``player_hand_stats``) and summed by SQL. A stat with no chances is shown
as empty, never as 0 %. ``allin_adjusted`` and ``stat_columns`` fill the rest of a
player's stat columns. Readers never import this module: their words are the
catalogue's.
"""
from __future__ import annotations

from decimal import Decimal

from engine.model.cards import DECK, starting_hand_class
from engine.equity.allin import adjusted_net
from engine.model.hand import Hand, Kind, Street
from pipeline.stats.catalogue import BIT, RATIOS

# enum members and kinds read once: attribute lookups cost more than the comparisons
PREFLOP, FLOP, TURN, RIVER, SHOWDOWN = (Street.PREFLOP, Street.FLOP, Street.TURN, Street.RIVER,
                                        Street.SHOWDOWN)
FOLD, CHECK, CALL, BET, RAISE = Kind.FOLD, Kind.CHECK, Kind.CALL, Kind.BET, Kind.RAISE

(VPIP, PFR, LIMP, RFI, THREE_BET, FOUR_BET, FOLD_TO_THREE_BET, COLD_CALL, SQUEEZE, STEAL,
 FOLD_SB_TO_STEAL, FOLD_BB_TO_STEAL, SAW_FLOP, SAW_TURN, SAW_RIVER, CBET_FLOP, CBET_TURN,
 FOLD_TO_CBET_FLOP, WTSD, WSD, WWSF, DONK_FLOP, DONK_TURN, DONK_RIVER,
 FOLD_TO_FOUR_BET, CBET_RIVER, FOLD_TO_CBET_TURN, FOLD_TO_CBET_RIVER, RAISE_CBET_FLOP,
 CHECK_RAISE_FLOP, PROBE_TURN, FLOAT_FLOP, THREE_BET_VS_STEAL) = BIT.values()
STEAL_POSITIONS = frozenset({"CO", "BTN", "SB"})
_VOLUNTARY = frozenset({CALL, BET, RAISE})
_COUNTED = {BET: 0, RAISE: 1, CALL: 2, FOLD: 3}  # the catalogue's COUNTS order


class _Flags:
    """One player's flags in one hand: two bit sets (bit i: RATIOS[i]), the counts, and
    the effective stack in big blinds at the start of the hand (None: no big blind)."""

    __slots__ = ("chances", "dones", "counts", "effective_bb")

    def __init__(self) -> None:
        self.chances = self.dones = 0
        self.counts = [0, 0, 0, 0]
        self.effective_bb: Decimal | None = None

    def offer(self, bit: int, taken: bool) -> None:
        """A chance at the stat of ``bit`` (only the first counts) and whether it was taken."""
        if not self.chances & bit:
            self.chances |= bit
            if taken:
                self.dones |= bit

    def has(self, stat: str, done: bool = False) -> bool:
        return bool((self.dones if done else self.chances) & BIT[stat])

    @property
    def chance(self) -> set[str]:
        return {s for s in RATIOS if self.chances & BIT[s]}

    @property
    def done(self) -> set[str]:
        return {s for s in RATIOS if self.dones & BIT[s]}


def hand_flags(hand: Hand, positions: dict[int, str]) -> dict[str, _Flags]:
    """The stat flags of every player dealt in (see the module doc)."""
    seat_of = {s.player: s.seat for s in hand.seats}
    dealt = [s.player for s in hand.dealt_in()]
    flags = {p: _Flags() for p in dealt}
    position = {p: positions.get(seat_of[p]) for p in dealt}
    preflop = [a for a in hand.actions if a.street == PREFLOP]
    straddlers = {a.player for a in hand.actions if a.kind == Kind.POST_STRADDLE}
    walk = bool(preflop) and all(a.kind == FOLD for a in preflop) and not straddlers

    # ---- preflop: one pass, each player's decisions seen with the state before them
    raises = callers = 0
    first_raiser = last_raiser = three_bettor = None
    steal_on = False  # the only raise so far is a steal attempt, and nobody called it
    voluntary = set(straddlers)
    decided: set[str] = set()
    for a in preflop:
        p, kind = a.player, a.kind
        f = flags.get(p)
        if f is None:
            continue
        first = p not in decided
        unopened = first and raises == 0 and callers == 0
        if first:
            if unopened:
                f.offer(RFI, kind == RAISE)
            if position.get(p) in STEAL_POSITIONS and unopened:
                f.offer(STEAL, kind == RAISE)
            if raises == 0 and position.get(p) != "BB":
                f.offer(LIMP, kind == CALL)
        if raises >= 1 and p not in voluntary and position.get(p) not in ("SB", "BB") \
                and p != first_raiser:
            f.offer(COLD_CALL, kind == CALL)
        if raises == 1 and p != first_raiser:
            f.offer(THREE_BET, kind == RAISE)
            if callers >= 1:
                f.offer(SQUEEZE, kind == RAISE)
            if steal_on and position.get(p) in ("SB", "BB"):
                f.offer(FOLD_SB_TO_STEAL if position[p] == "SB" else FOLD_BB_TO_STEAL,
                        kind == FOLD)
                f.offer(THREE_BET_VS_STEAL, kind == RAISE)
        if raises == 2 and p == first_raiser:
            f.offer(FOLD_TO_THREE_BET, kind == FOLD)
        if raises == 3 and p == three_bettor:
            f.offer(FOLD_TO_FOUR_BET, kind == FOLD)
        if raises == 2 and p != last_raiser:
            f.offer(FOUR_BET, kind == RAISE)
        decided.add(p)
        if kind in _VOLUNTARY:
            voluntary.add(p)
        if kind == RAISE:
            raises += 1
            callers = 0
            if raises == 1:
                first_raiser = p
                steal_on = unopened and position.get(p) in STEAL_POSITIONS
            else:
                steal_on = False
                if raises == 2:
                    three_bettor = p
            last_raiser = p
        elif kind == CALL:
            callers += 1
            steal_on = False
    # in a walk only the big blind, whom everyone folded to, had no chance (version 2:
    # PokerTracker 4's and Holdem Manager 3's convention); those who folded declined it
    walked = {p for p in dealt if p not in decided} if walk else set()
    raisers = {a.player for a in preflop if a.kind == RAISE}
    for p, f in flags.items():
        if p not in walked:
            f.offer(VPIP, p in voluntary)
            f.offer(PFR, p in raisers)

    # ---- after the flop
    folded_on = {a.player: a.street for a in hand.actions if a.kind == FOLD}
    board = len(hand.boards[0]) if hand.boards else 0
    live = [p for p in dealt if p not in folded_on]
    showdown = len(live) > 1
    won = {c.player for c in hand.collects if c.amount > 0}
    for p, f in flags.items():
        out = folded_on.get(p, SHOWDOWN)  # the street a player folded on
        # saw the flop: of the hands dealt in; the turn: of those that saw the flop; ...
        saw_flop = board >= 3 and out >= FLOP
        f.offer(SAW_FLOP, saw_flop)
        if saw_flop:
            f.offer(WTSD, showdown and p in live)
            f.offer(WWSF, p in won)
            saw_turn = board >= 4 and out >= TURN
            f.offer(SAW_TURN, saw_turn)
            if saw_turn:
                f.offer(SAW_RIVER, board >= 5 and out >= RIVER)
        if showdown and p in live:
            f.offer(WSD, p in won)
    _continuation_bets(hand, flags, last_raiser)
    _effective_stacks(hand, flags)
    return flags


def _effective_stacks(hand: Hand, flags: dict[str, _Flags]) -> None:
    """Each dealt-in player's effective stack at the start of the hand, in big blinds:
    the smaller of their stack and the largest other stack dealt in (PokerTracker 4's)."""
    bb = hand.stakes.big_blind
    if not bb or len(flags) < 2:
        return
    stacks = sorted(((s.stack, s.player) for s in hand.seats if s.player in flags),
                    reverse=True)
    (top, top_player), (second, _) = stacks[0], stacks[1]
    for stack, player in stacks:
        other = second if player == top_player else top
        flags[player].effective_bb = (min(stack, other) / bb).quantize(_DEPTH_PLACES)


_DONK = {FLOP: DONK_FLOP, TURN: DONK_TURN, RIVER: DONK_RIVER}
_CBET = {FLOP: CBET_FLOP, TURN: CBET_TURN, RIVER: CBET_RIVER}
_FOLD_TO_CBET = {FLOP: FOLD_TO_CBET_FLOP, TURN: FOLD_TO_CBET_TURN, RIVER: FOLD_TO_CBET_RIVER}
_BEFORE = {TURN: FLOP, RIVER: TURN}


def _continuation_bets(hand: Hand, flags: dict[str, _Flags], aggressor: str | None) -> None:
    """The stats after the flop (c-bets and the answers to them, check-raises, probes,
    floats, donk bets) and the postflop action counts, in one pass over the actions.
    Facing a c-bet means: the first bet a player faces on that street is the c-bet. A
    donk bet is a bet into the previous street's last bettor or raiser before that
    player has acted on this street."""
    bet = cbet = False  # on this street: a bet stands; the standing bet is the c-bet
    street = None
    first: set[str] = set()  # acted on this street
    faced: set[str] = set()  # faced a bet on this street already
    checked: set[str] = set()  # checked first on the flop, not acted since
    cbets: set = set()  # the streets the preflop raiser c-bet
    raised: set = set()  # the streets with a raise
    flop_bet = False  # somebody bet the flop
    # the preflop raiser's first action on the flop, on this street, was a check
    raiser_checked_flop = raiser_checked = False
    callers: set[str] = set()  # called the flop c-bet when they faced it
    actions = hand.actions
    start = next((i for i, a in enumerate(actions) if a.street >= FLOP), len(actions))
    # folded or all-in: can no longer act
    gone = {a.player for a in actions[:start] if a.kind == FOLD or a.all_in}
    previous, last = None, aggressor  # the last aggressor of the street before, of this one
    for a in actions[start:]:
        if a.street > RIVER:
            break  # betting after the showdown began: the replay fails such a hand
        if a.kind == FOLD or a.all_in:
            gone.add(a.player)
        if a.street != street:
            street, bet, cbet = a.street, False, False
            first, faced, checked = set(), set(), set()
            previous, last = last, None
            raiser_checked = False
        p, kind = a.player, a.kind
        f = flags.get(p)
        if f is None:
            continue
        counted = _COUNTED.get(kind)
        if counted is not None:
            f.counts[counted] += 1
        if p in checked:  # the next action after a first check on the flop
            checked.discard(p)
            if bet:
                f.offer(CHECK_RAISE_FLOP, kind == RAISE)
        if p not in first:
            if (not bet and previous is not None and p != previous
                    and previous not in first and previous not in gone):
                f.offer(_DONK[street], kind == BET)
            if street == FLOP and kind == CHECK:
                checked.add(p)
            if p == aggressor:
                if not bet and (street == FLOP or (_BEFORE[street] in cbets
                                                   and _BEFORE[street] not in raised)):
                    f.offer(_CBET[street], kind == BET)
                raiser_checked = kind == CHECK
                if street == FLOP:
                    raiser_checked_flop = raiser_checked
            elif street == TURN and not bet and aggressor is not None:
                if (raiser_checked_flop and not flop_bet and aggressor not in first
                        and aggressor not in gone):
                    f.offer(PROBE_TURN, kind == BET)
                if p in callers and raiser_checked:  # (the raiser acted first: in position)
                    f.offer(FLOAT_FLOP, kind == BET)
            first.add(p)
        if bet and p not in faced:
            faced.add(p)
            if cbet:
                f.offer(_FOLD_TO_CBET[street], kind == FOLD)
                if street == FLOP:
                    f.offer(RAISE_CBET_FLOP, kind == RAISE)
                    if kind == CALL:
                        callers.add(p)
        if kind == BET or kind == RAISE:
            last = p
            bet = True
            if street == FLOP:
                flop_bet = True
            if kind == RAISE:
                cbet = False
                raised.add(street)
            elif p == aggressor and f.dones & _CBET[street]:
                cbet = True
                cbets.add(street)


_BOARD_AT = {Street.PREDEAL: 0, PREFLOP: 0, FLOP: 3, TURN: 4,
             RIVER: 5, SHOWDOWN: 5}
_CARDS = frozenset(DECK)
_BETTING = frozenset({FOLD, Kind.CHECK, CALL, BET, RAISE})


def allin_adjusted(hand: Hand, invested: dict[str, Decimal]) -> dict[str, Decimal | None]:
    """All-in adjusted net for the players of an all-in hand (see docs/STATS.md);
    empty when the hand does not qualify (every player then keeps their net). A board
    run more than once shares each pot by the same equity: each run is dealt from the
    same deck, so each is worth what one run is."""
    if not hand.boards or hand.summary is None:
        return {}
    all_in = {a.player for a in hand.actions if a.all_in}
    if not all_in:
        return {}  # most hands: nobody all-in
    folded = {a.player for a in hand.actions if a.kind == FOLD}
    live = [s for s in hand.seats if not s.sitting_out and s.player not in folded
            and s.player in invested]
    if len(live) < 2 or any(len(s.hole_cards) < 2 for s in live):
        return {}
    if sum(1 for s in live if s.player not in all_in) > 1:
        return {}  # somebody could still bet: the board did not just run out
    last = max((a.street for a in hand.actions if a.kind in _BETTING), default=PREFLOP)
    board = hand.boards[0][:_BOARD_AT[last]]
    if len(board) == 5 or any(run[:len(board)] != board for run in hand.boards):
        return {}
    hole = {s.player: s.hole_cards for s in live}
    dead = [c for s in hand.seats if s.player not in hole for c in s.hole_cards]
    cards = [*board, *dead, *(c for held in hole.values() for c in held)]
    if len(set(cards)) != len(cards) or not _CARDS.issuperset(cards):
        return {}  # not a deal (a replay fails such a hand)
    return adjusted_net(board, hole, invested, all_in, hand.summary.rake, dead)


def stat_columns(hand: Hand, seat, f: _Flags, net: Decimal, rake_share: Decimal,
                 allin_net: Decimal | None) -> tuple:
    """A dealt-in player's stat columns of hand_players (see pipeline/store/schema.sql)."""
    bb = hand.stakes.big_blind
    return (hand.played_at_utc or hand.played_at, starting_hand_class(seat.hole_cards),
            f.chances, f.dones, *f.counts,
            (net / bb).quantize(_BB_PLACES) if bb else None, rake_share, allin_net)


_BB_PLACES = Decimal("0.0001")
_DEPTH_PLACES = Decimal("0.01")
