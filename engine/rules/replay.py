"""Replay a hand through the rules of Texas Hold'em and judge what the room wrote.

``replay(hand) -> Verdict``. One pass over the actions asks, for each, "is this
legal here?" and records a Finding (a stable code, the street, the action's index
and a sentence) when it is not; then the pots are rebuilt from the contributions
and compared with what was collected, the showdown with the cards, and the body
with its own SUMMARY. The replay never repairs what it judges.

Status: ``failed`` if any finding is an error; else ``unverifiable`` if some part
could not be judged (cards not shown at a showdown); else ``warning`` if the room
only departed from its own conventions; else ``ok``. Games the engine does not
play are ``unsupported``.
"""
from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from engine.rules.betting import PREDEAL, PREFLOP, RIVER, Round
from engine.equity.evaluate import evaluate, hand_name
from engine.model.hand import ZERO, Hand, Kind, Street, UnsupportedHand
from engine.rules.pots import DEAD_POSTS, Pot, build_pots, dead_part, split, uncalled
from engine.rules.room_rules import (DEFAULT, ODD_CHIP_FROM_BUTTON_BACKWARDS, ODD_CHIP_WORDS,
                                     RoomRules)
from engine.rules.state import HandState
from engine.rules.uncalled import CONVENTIONS, Settlement

ERROR, WARNING, UNVERIFIABLE = "error", "warning", "unverifiable"
SHOWDOWN = Street.SHOWDOWN
_CHIP, _CENT = Decimal(1), Decimal("0.01")  # the smallest chip: tournaments, cash


def smallest_chip(hand: Hand) -> Decimal:
    """The smallest chip a pot is split in: a tournament's chip; play money's chip where
    every stack and bet is written in whole chips (PokerStars' play tables, PokerNow's
    home games; 888's play money and PokerNow's "cents mode" write cents); else a cent."""
    if hand.currency == "chips":
        return _CHIP
    if hand.currency == "play":  # every stack and bet written whole ("200", not "2.00")
        whole = all(s.stack.as_tuple().exponent >= 0 for s in hand.seats) \
            and all(a.amount.as_tuple().exponent >= 0 for a in hand.actions)
        if whole:
            return _CHIP
    return _CENT
_UNBOUNDED = Decimal("Infinity")  # a stack not known (RoomRules.zero_stack_not_known)

CODES = {
    # structure
    "BAD_SEATING": "a seat taken twice, a player seated twice, a seat the table does not "
                   "have, fewer than two players dealt in",
    "BAD_BUTTON": "the button on a seat the table does not have",
    "BAD_STAKES": "a blind of nothing",
    "BAD_HOLE_CARDS": "other than two hole cards, or a player's cards written differently",
    "DUPLICATE_CARD": "the same card twice in one hand",
    "BAD_BOARD": "a board with the wrong number of cards",
    "UNKNOWN_PLAYER": "someone not seated acts or collects",
    # order
    "OUT_OF_TURN": "acting when another player was to act, or when nobody was",
    "ACTS_AFTER_FOLD": "acting after folding",
    "ACTS_WHILE_ALL_IN": "acting after being all-in",
    "ROUND_CLOSED_EARLY": "a betting round ended while someone still had to act",
    "REOPENED_WRONGLY": "a raise by a player whom only an incomplete all-in raise faced",
    # amounts
    "BAD_CALL_AMOUNT": "a call (or check) for the wrong amount",
    "BET_FACING_BET": "a bet where there was already a bet: it must be a raise",
    "BET_TOO_SMALL": "a bet below the big blind",
    "RAISE_TOO_SMALL": "a raise below the minimum raise",
    "OVER_POT_LIMIT": "a pot-limit bet or raise above the pot",
    "WRONG_LIMIT_AMOUNT": "a fixed-limit bet or raise not of the fixed size",
    "OVER_CAP": "more bets and raises than the cap, or more than a capped game allows",
    "OVER_STACK": "more chips than the player had",
    # pots
    "BAD_UNCALLED_RETURN": "an uncalled bet returned wrongly, or not written",
    "POT_MISMATCH": "the pot rebuilt from the actions differs from the room's (or what a "
                    "player put in from the room's own account of them)",
    "RAKE_MISMATCH": "collected + rake + fees differ from the pot",
    "NOT_ELIGIBLE": "a pot paid to a player not in it",
    "WRONG_WINNER": "a pot paid to a player without the best hand",
    "BAD_SPLIT": "a split pot not shared equally by the room's odd-chip rule",
    # showdown
    "HAND_NAME_MISMATCH": "the printed hand name does not match the cards",
    "CARDS_NOT_SHOWN": "a pot won at showdown by cards nobody saw",
    "SUMMARY_MISMATCH": "the SUMMARY (or the room's own account of a player) says otherwise "
                        "than the hand",
    "FINISHING_STACK_MISMATCH": "a player ends with other than the stack the record writes",
    "UNSUPPORTED_GAME": "a game the engine does not play",
    "ENGINE_ERROR": "the engine failed on this hand (a bug of ours, not the room's)",
}


@dataclass(frozen=True, slots=True)
class Finding:
    code: str
    message: str
    street: Street | None = None
    action: int | None = None  # index into hand.actions
    severity: str = ERROR


@dataclass(frozen=True, slots=True)
class Verdict:
    status: str  # ok, warning, failed, unverifiable, unsupported
    findings: tuple[Finding, ...] = ()
    # uncalled bets the text does not write but the pot paid shows were given back
    # (player, amount): what each player ends with counts them
    unwritten_returns: tuple[tuple[str, Decimal], ...] = ()

    @property
    def codes(self) -> list[str]:
        return [f.code for f in self.findings]


_OK = Verdict("ok")


def replay(hand: Hand | UnsupportedHand, rules: RoomRules = DEFAULT) -> Verdict:
    """Judge ``hand`` by ``rules`` (its room's: ``Room.rules_for(hand)``)."""
    if isinstance(hand, UnsupportedHand):
        return Verdict("unsupported", (Finding(
            "UNSUPPORTED_GAME", f"{hand.game} is not a game the engine plays", severity=WARNING),))
    judged = _Replay(hand, rules)
    findings = judged.run()
    if not findings:
        return _OK
    severities = {f.severity for f in findings}
    status = ("failed" if ERROR in severities else "unverifiable" if UNVERIFIABLE in severities
              else "warning" if WARNING in severities else "ok")
    return Verdict(status, tuple(findings), tuple(judged.unwritten_returns))


class _Replay:
    __slots__ = ("hand", "rules", "findings", "unit", "state", "kept_in_pot",
                 "unwritten_returns", "due_back",
                 "known", "ranks", "hole", "seated_well", "cards_fit", "last_seat")

    def __init__(self, hand: Hand, rules: RoomRules) -> None:
        self.hand = hand
        self.rules = rules
        self.findings: list[Finding] = []
        self.unit = smallest_chip(hand)
        seats = hand.seats  # in seat order, as rooms write them
        sitting_out, in_order, last, fit = False, True, -1, True
        self.hole = hole = {}  # each player's hole cards, as far as known
        for s in seats:
            sitting_out = sitting_out or s.sitting_out
            in_order = in_order and s.seat > last
            last = s.seat
            hole[s.player] = cards = s.hole_cards
            if len(cards) > 2:
                fit = False
        self.cards_fit = fit  # nobody holds more than two cards
        # seats numbered in order (so each once) from 1 within the table, players once;
        # numbers that are not places (Hand.table_order) name each seat once
        self.last_seat = most = _last_seat(hand, rules)
        order = hand.table_order
        self.seated_well = (in_order and len(hole) == len(seats) and (not seats or (
            seats[0].seat >= rules.first_seat and (order and sorted(order) == [s.seat for s in seats]
                                    or not order and (not most or last <= most)))))
        if sitting_out:  # a player sitting out is in the hand only if they act
            actors = {a.player for a in hand.actions}
            seats = tuple(s for s in seats if not s.sitting_out or s.player in actors)
        button = hand.button_seat or 0
        if order:  # clockwise as the room lists them; the button's place marks the turn
            place = {n: i for i, n in enumerate(order)}
            seats = sorted(seats, key=lambda s: place.get(s.seat, len(order)))
            button = place.get(button, -1)
        else:
            place = None
            if not in_order:
                seats = sorted(seats, key=_seat_number)
        after, upto, stack = [], [], {}
        for s in seats:
            at = s.seat if place is None else place.get(s.seat, len(place))
            (after if at > button else upto).append(s.player)
            stack[s.player] = s.stack
        if rules.zero_stack_not_known:
            for p in [p for p, chips in stack.items() if not chips]:
                stack[p] = self._stack_not_known(p)
        # clockwise from the first seat after the button; the button comes last
        self.state = HandState(after + upto, stack, hand.stakes.cap)
        self.kept_in_pot: dict[str, Decimal] = {}  # uncalled bets the room paid as pot
        self.unwritten_returns: list[tuple[str, Decimal]] = []  # given back, not written
        self.due_back: dict[str, Decimal] = {}  # the uncalled bet the rules give back
        self.known: dict[str, tuple[str, ...]] | None = None  # cards seen, once asked
        self.ranks: dict[tuple, int] = {}  # (two cards, board) -> rank, once evaluated

    def _stack_not_known(self, p: str) -> Decimal:
        """A stack the room did not write: what the player put in if an action of
        theirs was all-in, else more than anything they could put in."""
        acts = [a for a in self.hand.actions if a.player == p]
        if any(a.all_in for a in acts):
            return sum((a.amount for a in acts), ZERO)
        return _UNBOUNDED

    def sitting_out(self, p: str) -> bool:
        return any(s.sitting_out for s in self.hand.seats if s.player == p)

    def add(self, code: str, message: str, street: Street | None = None,
            action: int | None = None, severity: str = ERROR) -> None:
        self.findings.append(Finding(code, message, street, action, severity))

    def run(self) -> list[Finding]:
        self.check_table()
        self.check_cards()
        self.check_betting()
        pots = self.check_pots()
        if pots is not None:
            self.check_showdown(pots)
        self.check_hand_names()
        self.check_summary()
        self.check_finishing_stacks()
        self.check_player_totals()
        return self.findings

    # ------------------------------------------------------------ structure
    def check_table(self) -> None:
        """Seats, button and blinds as a table can have them."""
        hand = self.hand
        most = self.last_seat
        if not self.seated_well:
            self._check_seating()
        if len(self.state.order) < 2:  # a hand is dealt to two players at least
            dealt = self.state.order
            self.add("BAD_SEATING", f"only {dealt[0]} is dealt in: a hand needs two players"
                     if dealt else "nobody is dealt in: a hand needs two players")
        button = hand.button_seat
        if hand.table_order:
            if button is not None and button not in hand.table_order:
                self.add("BAD_BUTTON", f"the button is on seat {button}, which nobody holds")
        elif button is not None and (button < self.rules.first_seat
                                     or (most and button > most)):
            # a room numbering seats beyond its table size puts the button on one of them
            taken = button >= self.rules.first_seat and any(s.seat == button for s in hand.seats)
            self.add("BAD_BUTTON", f"the button is on seat {button}; the table has seats "
                                   f"{self.rules.first_seat} to {most or '?'}",
                     severity=WARNING if taken else ERROR)
        stakes = hand.stakes
        if not stakes.big_blind or not stakes.small_blind:
            self.add("BAD_STAKES", f"blinds of {stakes.small_blind}/{stakes.big_blind}")

    def _check_seating(self) -> None:
        hand, most = self.hand, self.last_seat
        by_seat: dict[int, str] = {}
        by_player: dict[str, int] = {}
        for s in hand.seats:
            if s.seat in by_seat:
                self.add("BAD_SEATING", f"{by_seat[s.seat]} and {s.player} both sit on "
                                        f"seat {s.seat}")
            if s.player in by_player:
                self.add("BAD_SEATING", f"{s.player} sits on seats {by_player[s.player]} "
                                        f"and {s.seat}")
            if s.seat < self.rules.first_seat:
                self.add("BAD_SEATING", f"{s.player} sits on seat {s.seat}; seats are "
                                        f"numbered from {self.rules.first_seat}")
            elif most and s.seat > most and not hand.table_order:
                # (some rooms number the seats of a small table so)
                self.add("BAD_SEATING", f"{s.player} sits on seat {s.seat}; the table has "
                                        f"seats {self.rules.first_seat} to {most}",
                         severity=WARNING)
            by_seat.setdefault(s.seat, s.player)
            by_player.setdefault(s.player, s.seat)
        size = hand.max_seats
        if size and len(hand.seats) > size:
            self.add("BAD_SEATING", f"{len(hand.seats)} players at a table of {size} seats")
        order = hand.table_order
        if order and sorted(order) != sorted(s.seat for s in hand.seats):
            self.add("BAD_SEATING", f"the seats round the table ({', '.join(map(str, order))})"
                                    f" are not the seats taken")

    def check_cards(self) -> None:
        hand = self.hand
        boards = hand.boards
        cards = [c for s in hand.seats for c in s.hole_cards]
        cards += boards[0] if boards else ()
        if len(boards) <= 1 and len(set(cards)) == len(cards) \
                and (not boards or len(boards[0]) in (0, 3, 4, 5)) \
                and self.cards_fit and self._cards_agree():
            return  # the common case, settled at once; the rest names what is wrong
        for s in hand.seats:
            if len(s.hole_cards) > 2:  # fewer: a card written hidden ("[XX Qs]")
                self.add("BAD_HOLE_CARDS", f"{s.player} holds {len(s.hole_cards)} cards "
                                           f"({' '.join(s.hole_cards)}); Hold'em deals two")
        self._cards_agree(report=True)
        seen: dict[str, str] = {}

        def see(card: str, where: str) -> None:
            if card in seen:
                self.add("DUPLICATE_CARD", f"{card} is both in {seen[card]} and in {where}"
                         if seen[card] != where else f"{card} is twice in {where}")
            seen.setdefault(card, where)

        for s in self.hand.seats:
            for c in s.hole_cards:
                see(c, f"{s.player}'s hand")
        first = self.hand.boards[0] if self.hand.boards else ()
        for run, board in enumerate(self.hand.boards, start=1):
            if len(board) not in (0, 3, 4, 5):
                self.add("BAD_BOARD", f"board {run} has {len(board)} cards")
            if len(set(board)) != len(board):
                self.add("DUPLICATE_CARD", f"board {run} repeats a card: {' '.join(board)}")
            shared = 0
            while run > 1 and shared < min(len(board), len(first)) and board[shared] == first[shared]:
                shared += 1
            for c in board[shared:] if run > 1 else board:
                see(c, f"board {run}" if run > 1 else "the board")

    def _cards_agree(self, report: bool = False) -> bool:
        """Whether every card a player shows (or the SUMMARY says they held) is one of
        their hole cards; with ``report``, a finding for each that is not."""
        hand, hole = self.hand, self.hole
        summary = hand.summary
        for sh in hand.shows:
            if sh.cards and sh.cards != hole.get(sh.player):
                break
        else:
            for ss in summary.seats if summary is not None else ():
                if ss.cards and ss.cards != hole.get(ss.player):
                    break
            else:
                return True  # the common case: what is shown is what is held
        written = [(sh.player, sh.cards) for sh in hand.shows]
        written += [(ss.player, ss.cards) for ss in summary.seats] if summary else []
        agree = True
        for player, cards in written:
            held = hole.get(player, ())
            if not cards or cards == held:
                continue
            if len(set(cards)) != len(cards):
                agree = False
                if report:
                    self.add("DUPLICATE_CARD", f"{player} is written with {' '.join(cards)}")
            elif held and not set(cards) <= set(held):
                agree = False
                if report:
                    self.add("BAD_HOLE_CARDS", f"{player} holds {' '.join(held)} but is "
                                               f"written with {' '.join(cards)}")
        return agree

    # ------------------------------------------------------------ betting
    def check_betting(self) -> None:
        hand, state = self.hand, self.state
        rnd = Round(self, state)
        current = PREDEAL
        stack, held = state.stack, self.rules.disconnect_protection
        posts, ante = Kind.POSTS, Kind.POST_ANTE
        dead_posts, bb = DEAD_POSTS, hand.stakes.big_blind
        for i, a in enumerate(hand.actions):
            street, p, kind, amount, _, _, _ = a
            left = stack.get(p)
            if left is None:
                self.add("UNKNOWN_PLAYER", f"{p} acts but is not dealt in", street, i)
                continue
            if street != current:
                if street < current:
                    self.add("OUT_OF_TURN", f"{p} acts on the {street.name.lower()} after the "
                                            f"{current.name.lower()} began", street, i)
                    continue
                if street == SHOWDOWN:
                    self.add("OUT_OF_TURN", f"{p} acts after the showdown began", street, i)
                    continue
                current = self._advance(rnd, street, i)
            if kind in posts:
                if not amount:  # (amounts are never negative; a Decimal is false at 0)
                    self.add("BAD_STAKES", f"{p} posts {amount}", street, i)
                if kind == ante:  # dead money, all of it: nothing for the round to track
                    bet, dead = None, amount
                else:
                    bet = rnd.post(i, a)
                    # dead money: in the pot, but no part of a bet
                    dead = dead_part(kind, amount, bb) if kind in dead_posts else None
            else:
                bet, dead = rnd.act(i, a), None
            if not amount:
                if dead is not None:
                    state.post_dead(p, dead)
                if held and a.all_in:
                    state.hold_all_in(p)  # disconnected: held all-in for what they have in
                continue
            if amount > left:
                self.add("OVER_STACK", f"{p} puts in {amount} with {left} behind", street, i)
            state.put_in(p, amount, bet, dead)
        if state.live_n > 1:
            end = len(hand.actions)
            self._advance(rnd, RIVER, end)
            rnd.close(end)
            for run, board in enumerate(hand.boards, start=1):
                if len(board) != 5:
                    self.add("BAD_BOARD", f"{state.live_n} players reach the showdown but board "
                                          f"{run} has {len(board)} cards")

    def _advance(self, rnd: Round, street: Street, index: int) -> Street:
        """Close rounds until ``street`` begins; a round skipped entirely is judged too."""
        last = street if street < RIVER else RIVER
        while rnd.street < last:
            rnd.close(index)
            rnd.next_street()
        return rnd.street

    # ------------------------------------------------------------ pots
    def check_pots(self) -> list[Pot] | None:
        hand, summary, state = self.hand, self.hand.summary, self.state
        # bets: what each put in, less dead money (which is never returned, and goes
        # to the main pot whoever posted it)
        bets, dead = state.bets()
        added = self.added()
        settled = CONVENTIONS[self.rules.uncalled_bet].settle(
            uncalled(bets), hand, state.pot() + added)
        basis = self._judge_return(settled)
        for top, back in settled.due:
            self.due_back[top] = self.due_back.get(top, ZERO) + back
            state.give_back(top, back)
            bets[top] -= back
        pots = build_pots(bets, state.live(), state.all_in,
                          added + (sum(dead.values(), ZERO) if dead else ZERO))
        if summary is None:  # no total written: what was collected is judged by the pot
            collected = sum((c.amount for c in hand.collects), ZERO)
            if collected > basis:
                self.add("RAKE_MISMATCH", f"collected {collected}, more than the pot of {basis}")
            elif not hand.collects and basis:
                self.add("RAKE_MISMATCH", f"nobody collects the pot of {basis}")
            elif collected < basis and (hand.currency == "chips" or not self.rules.rakes):
                why = "a tournament's pot is not raked" if hand.currency == "chips" \
                    else "the room takes no rake"
                self.add("RAKE_MISMATCH", f"collected {collected} of a pot of {basis}; {why}")
            return pots
        pot = self.summary_pot()
        if basis != pot:
            self.add("POT_MISMATCH", f"the actions make a pot of {basis}; the room wrote "
                                     f"{summary.total_pot}"
                                     + (f" (a pot of {pot})" if pot != summary.total_pot else ""))
        collected = sum((c.amount for c in hand.collects), ZERO)
        fees = sum((a for _, a in summary.fees), ZERO) if summary.fees else ZERO
        if collected + summary.rake + fees != pot:
            self.add("RAKE_MISMATCH", f"collected {collected} + rake {summary.rake}"
                                      + (f" + fees {fees}" if fees else "")
                                      + f" make {collected + summary.rake + fees}, "
                                        f"not the pot of {pot}")
        return pots

    def summary_pot(self) -> Decimal | None:
        """The pot the SUMMARY's total pot says: the total as written (the pot, rake and
        fees in it, no uncalled bet); where the room's total is what it paid out
        (``RoomRules.total_pot_paid_out``), that, the rake and fees, less the uncalled
        bet it paid back among the collections; where it is the pot after the rake
        (``total_pot_after_rake``), that, the rake and fees. None: no SUMMARY."""
        s = self.hand.summary
        if s is None:
            return None
        if self.rules.total_pot_after_rake:
            return s.total_pot + s.rake + sum((a for _, a in s.fees), ZERO)
        if not self.rules.total_pot_paid_out:
            return s.total_pot
        fees = sum((a for _, a in s.fees), ZERO)
        return s.total_pot + s.rake + fees - sum((b for _, b in self.hand.uncalled), ZERO)

    def _judge_return(self, settled: Settlement) -> Decimal:
        """The uncalled bet as the room's convention settles it; the pot the room paid."""
        if settled.kept:
            self.kept_in_pot[settled.due[0][0]] = settled.kept
        if settled.returned == settled.due:
            return settled.paid
        wrong = settled.misreturn(self.hand, self.summary_pot())
        if wrong.unwritten is not None:
            self.unwritten_returns.append(wrong.unwritten)
        lenient = wrong.same_money and self.rules.lenient_uncalled_bets
        self.add("BAD_UNCALLED_RETURN", wrong.message, severity=WARNING if lenient else ERROR)
        if wrong.paid is None:
            return settled.paid
        self.kept_in_pot[wrong.top] = wrong.kept
        return wrong.paid

    def added(self) -> Decimal:
        added = self.hand.added_money
        return sum((a for _, a in added), ZERO) if added else ZERO

    # ------------------------------------------------------------ showdown
    def check_showdown(self, pots: list[Pot]) -> None:
        hand, dealt = self.hand, self.state.stack
        if len(pots) == 1 and len(pots[0].eligible) == 1 and hand.collects \
                and all(c.player in pots[0].eligible for c in hand.collects):
            return  # uncontested: the one player left takes it (the amounts: check_pots)
        for c in hand.collects:
            if c.player not in dealt:
                self.add("UNKNOWN_PLAYER", f"{c.player} collects but is not dealt in")
        runs = max(len(hand.boards), 1)
        by_pot: dict[tuple[int, int], dict[str, Decimal]] = {}
        kept = dict(self.kept_in_pot)  # uncalled bets the room paid back in collected lines
        for c in hand.collects:
            index, amount = c.pot, c.amount
            back = kept.get(c.player) if kept else None
            if back:  # the bettor's own bet, not a share of a pot
                kept[c.player] = back - min(back, amount)
                amount -= min(back, amount)
                if not amount:
                    continue
            if index is not None and index >= len(pots):
                self.add("POT_MISMATCH", f"{c.player} collects from the "
                                         f"{_pot_label(index, index + 1)}, "
                                         f"but there are only {len(pots)} pots")
                continue
            key = (c.run, -1 if index is None else index)
            by_pot.setdefault(key, {}).setdefault(c.player, ZERO)
            by_pot[key][c.player] += amount
        for (_run, index), takers in sorted(by_pot.items()):
            eligible = (pots[index].eligible if index >= 0
                        else frozenset().union(*(p.eligible for p in pots)))
            for player in takers:
                if player in dealt and player not in eligible:
                    self.add("NOT_ELIGIBLE", f"{player} collects from the "
                                             f"{_pot_label(index, len(pots))} without being in it")
        totals: dict[str, Decimal] = {}
        for c in hand.collects:
            totals[c.player] = totals.get(c.player, ZERO) + c.amount
        for player, got in totals.items():
            reach = sum((pot.amount for pot in pots if player in pot.eligible),
                        self.kept_in_pot.get(player, ZERO))
            if player in dealt and got > reach:
                self.add("NOT_ELIGIBLE", f"{player} collects {got}, more than the {reach} "
                                         f"of the pots they are in")
        known = self._known_cards()
        for index, pot in enumerate(pots):
            if len(pot.eligible) < 2:
                continue
            for run in range(1, runs + 1):
                takers = by_pot.get((run, index)) or (by_pot.get((run, -1)) if len(pots) == 1 else None)
                if takers is None:
                    continue  # several pots written as one "pot": judged below
                self._judge_pot(pot, index, len(pots), run, takers, known)
        if len(pots) > 1:
            for (run, index), takers in by_pot.items():
                if index < 0 and not any(k[0] == run and k[1] >= 0 for k in by_pot):
                    self._judge_pots_as_one(pots, run, takers, known)

    def _best(self, pot: Pot, label: str, run: int, takers: dict[str, Decimal],
              known: dict[str, tuple[str, ...]]) -> tuple[dict[str, int], set[str]] | None:
        """The ranks of a pot's contenders and who holds the best; None (and a finding
        where that is why) when it cannot be judged."""
        board = self.hand.boards[run - 1] if len(self.hand.boards) >= run else ()
        mucked = {s.player for s in self.hand.shows if not s.shown and not s.cards}
        contenders = [p for p in pot.eligible if p not in mucked or p in takers]
        hidden = [p for p in contenders if len(known.get(p, ())) < 2]
        if hidden or len(board) < 5:
            why = (f"the cards of {', '.join(sorted(hidden))} were not shown" if hidden
                   else "the board is not complete")
            self.add("CARDS_NOT_SHOWN", f"the {label} cannot be judged: {why}",
                     severity=UNVERIFIABLE)
            return None
        ranks = {p: self._rank(known[p][:2], board) for p in contenders}
        if not ranks:
            return None  # nobody can win it: the seating or the pot is already found wrong
        best = max(ranks.values())
        return ranks, {p for p, r in ranks.items() if r == best}

    def _judge_pots_as_one(self, pots: list[Pot], run: int, takers: dict[str, Decimal],
                           known: dict[str, tuple[str, ...]]) -> None:
        """Several pots paid as one (each player's winnings in one line, its pot not
        named): every best hand of a pot is paid, and only those."""
        of_run = f" of run {run}" if len(self.hand.boards) > 1 else ""
        paid = {p for p, amount in takers.items() if amount > 0}
        best_somewhere: set[str] = set()
        for index, pot in enumerate(pots):
            if len(pot.eligible) < 2:
                best_somewhere |= pot.eligible
                continue
            label = _pot_label(index, len(pots)) + of_run
            judged = self._best(pot, label, run, takers, known)
            if judged is None:
                return
            ranks, winners = judged
            best_somewhere |= winners
            if not winners <= paid:
                want = ", ".join(f"{p} ({hand_name(ranks[p])})" for p in sorted(winners - paid))
                self.add("WRONG_WINNER", f"the best hand of the {label} is not paid: {want}")
        for p in sorted(paid - best_somewhere):
            if p in self.state.stack:
                self.add("WRONG_WINNER", f"{p} is paid{of_run} without the best hand of any "
                                         f"pot they are in")

    def _judge_pot(self, pot: Pot, index: int, n_pots: int, run: int,
                   takers: dict[str, Decimal], known: dict[str, tuple[str, ...]]) -> None:
        label = _pot_label(index, n_pots) + (f" of run {run}" if len(self.hand.boards) > 1 else "")
        judged = self._best(pot, label, run, takers, known)
        if judged is None:
            return
        ranks, winners = judged
        best = ranks[next(iter(winners))]
        if not set(takers) <= winners:
            got = ", ".join(f"{p} ({hand_name(ranks[p]) if p in ranks else 'no hand'})"
                            for p in sorted(takers))
            want = ", ".join(f"{p} ({hand_name(best)})" for p in sorted(winners))
            self.add("WRONG_WINNER", f"the {label} went to {got}; the best hand: {want}")
            return
        # equal shares, odd chips one each in the room's order (a winner's share may be
        # nothing when the pot has fewer chips than winners)
        ordered = [p for p in self.state.order if p in winners]
        if self.rules.odd_chip == ODD_CHIP_FROM_BUTTON_BACKWARDS:
            ordered.reverse()
        fair = split(sum(takers.values(), ZERO), ordered, self.unit)
        if any(takers.get(p, ZERO) != fair[p] for p in ordered):
            shares = ", ".join(f"{p} {takers.get(p, ZERO)}" for p in ordered)
            rule = ", ".join(f"{p} {fair[p]}" for p in ordered)
            self.add("BAD_SPLIT", f"the {label} was split {shares}; equal shares with the "
                                  f"odd chip to the {ODD_CHIP_WORDS[self.rules.odd_chip]}: {rule}")

    def _known_cards(self) -> dict[str, tuple[str, ...]]:
        """Every player's cards as far as they were seen (dealt to the hero, shown)."""
        if self.known is None:
            known = {s.player: s.hole_cards for s in self.hand.seats if s.hole_cards}
            for show in self.hand.shows:
                if len(show.cards) >= len(known.get(show.player, ())):
                    known[show.player] = show.cards
            self.known = known
        return self.known

    def _rank(self, cards: tuple[str, ...], board: tuple[str, ...]) -> int:
        """The rank of two cards on a board, evaluated once for the showdown and names."""
        key = (cards, board)
        rank = self.ranks.get(key)
        if rank is None:
            rank = self.ranks[key] = evaluate(cards + board)
        return rank

    # ------------------------------------------------------------ names
    def check_hand_names(self) -> None:
        """The names the room printed against its own way of naming (its rules')."""
        agree = self.rules.hand_names
        if agree is None:
            return
        hand = self.hand
        named = [(s.player, s.run, s.cards, s.hand_name, s.board) for s in hand.shows
                 if s.hand_name]
        if hand.summary is not None:
            for seat in hand.summary.seats:
                if seat.hand_names:
                    for run, name in enumerate(seat.hand_names, start=1):
                        named.append((seat.player, run, seat.cards, name, None))
        known = self._known_cards() if any(not n[2] for n in named) else {}
        judged = set()  # a name is written twice, at the showdown and in the SUMMARY
        for entry in named:
            if entry in judged:
                continue
            judged.add(entry)
            player, run, cards, written, dealt = entry
            board = hand.boards[run - 1] if len(hand.boards) >= run else ()
            if dealt is not None:
                board = board[:dealt]  # named as it stood when shown
            cards = cards or known.get(player, ())
            if len(cards) < 2 or len(board) < 3:
                continue
            rank = self._rank(cards[:2], board)
            if not agree(rank, written):
                self.add("HAND_NAME_MISMATCH", f"{player}'s cards {' '.join(cards)} on "
                                               f"{' '.join(board)} make {hand_name(rank)}, "
                                               f"not {written}")

    # ------------------------------------------------------------ summary
    def check_summary(self) -> None:
        hand, s = self.hand, self.hand.summary
        if s is None:
            if self.rules.writes_summary:
                self.add("SUMMARY_MISMATCH", "the hand has no SUMMARY section")
            return
        if s.boards and tuple(filter(None, hand.boards)) != s.boards:
            self.add("SUMMARY_MISMATCH", f"the board {_boards(hand.boards)} is "
                                         f"{_boards(s.boards)} in the SUMMARY")
        written: dict[str, Decimal] = {}  # won, as the SUMMARY's seats say
        folds = self.state.folded
        for seat in s.seats:
            if seat.won:
                written[seat.player] = (seat.won[0] if len(seat.won) == 1
                                        else sum(seat.won, ZERO))
            if seat.outcome == "folded":
                street = folds.get(seat.player)
                if street is not None and street != seat.folded_street \
                        and not (seat.folded_street == PREFLOP and street == PREDEAL):
                    self.add("SUMMARY_MISMATCH", f"{seat.player} folds on the "
                                                 f"{street.name.lower()}, the SUMMARY says "
                                                 f"the {seat.folded_street.name.lower()}")
        if s.seats:
            body: dict[str, Decimal] = {}
            for c in hand.collects:
                body[c.player] = body.get(c.player, ZERO) + c.amount
            if body != written:
                for player in sorted(set(body) | set(written)):
                    a, b = body.get(player, ZERO), written.get(player, ZERO)
                    if a != b:
                        self.add("SUMMARY_MISMATCH", f"{player} collects {a} in the hand but "
                                                     f"{b} in the SUMMARY")
        if s.pots:
            rake_room = s.rake + sum((a for _, a in s.fees), ZERO)
            written_total = sum(s.pots, ZERO) + s.added
            pot = self.summary_pot()
            if not (pot - rake_room <= written_total <= pot):
                self.add("SUMMARY_MISMATCH", f"main and side pots ({' + '.join(map(str, s.pots))})"
                                             f" do not make the total pot ({s.total_pot})")


    # ------------------------------------------------------------ finishing stacks
    def check_finishing_stacks(self) -> None:
        """Each stack the record writes at the end against what the replay leaves the
        player: the stack after the actions (uncalled bet back) plus what they collect."""
        written = self.hand.finishing_stacks
        if written is None:
            return
        collected: dict[str, Decimal] = {}
        for c in self.hand.collects:
            collected[c.player] = collected.get(c.player, ZERO) + c.amount
        for player, chips in written:
            left = self.state.stack.get(player)
            if left is None:
                self.add("UNKNOWN_PLAYER", f"{player} has a finishing stack but is not dealt in")
                continue
            ends = left + collected.get(player, ZERO) - self.kept_in_pot.get(player, ZERO)
            if ends != chips:
                self.add("FINISHING_STACK_MISMATCH", f"{player} ends with {ends}; the record "
                                                     f"writes {chips}")

    # ------------------------------------------------------------ the room's own totals
    def check_player_totals(self) -> None:
        """Each player's own account as the record writes it (``Hand.player_totals``:
        iPoker's bet= and win=) against the replay: what their actions put in, and what
        came back to them (what they collect, and the uncalled bet the rules give back).

        What a player put in other than the actions say is a POT_MISMATCH naming both
        amounts: an error, but a warning where the room counts more in than the actions
        only for the player whose uncalled bet it gives back without a figure, no more
        than that bet, and every player whose money the account tells ends with the
        same money (the room counts the extra in and back out); what came back other
        than the replay pays, a SUMMARY_MISMATCH (but for an uncalled bet the record
        does not give back as due, which BAD_UNCALLED_RETURN names)."""
        written = self.hand.player_totals
        if written is None:
            return
        contributed, back = self.state.contributed, self.due_back
        collected: dict[str, Decimal] = {}
        for c in self.hand.collects:
            collected[c.player] = collected.get(c.player, ZERO) + c.amount
        written_back: dict[str, Decimal] = {}
        for player, amount in self.hand.uncalled:
            written_back[player] = written_back.get(player, ZERO) + amount
        same_money, put_wrong = True, []
        for player, put, taken in written:
            returned = back.get(player, ZERO)
            ours = contributed.get(player, ZERO) + returned  # (before the return)
            if put != ours:
                put_wrong.append((player, ours, put, taken is None))
            if taken is None:
                continue
            ours_back = collected.get(player, ZERO) + returned
            # (an uncalled bet the record does not give back as due: BAD_UNCALLED_RETURN)
            if taken != ours_back and taken != collected.get(player, ZERO) \
                    + written_back.get(player, ZERO):
                self.add("SUMMARY_MISMATCH", f"{player} takes back {ours_back} in the hand "
                                             f"(collected, and an uncalled bet given back); "
                                             f"the room's own account says {taken}")
            if taken - put != ours_back - ours:
                same_money = False
        stacks = {s.player: s.stack for s in self.hand.seats}
        for player, ours, put, unwritten in put_wrong:
            counted_twice = (same_money and unwritten
                             and ZERO < put - ours <= back.get(player, ZERO))
            had = stacks.get(player)
            self.add("POT_MISMATCH", f"{player} puts in {ours} by the actions; the room's "
                                     f"own account says {put}"
                     + (f", more than the {had} they had" if had is not None and put > had
                        and not self.rules.zero_stack_not_known else "")
                     + (" (the extra it counts comes back with the uncalled bet)"
                        if counted_twice else ""),
                     severity=WARNING if counted_twice else ERROR)


def _seat_number(seat) -> int:
    return seat.seat


def _last_seat(hand: Hand, rules: RoomRules) -> int | None:
    """The highest seat number the hand's table has (None: not known)."""
    most, places = hand.max_seats, rules.seat_places
    if most and rules.first_seat != 1:  # (a table of ten numbered from 0: seats 0 to 9)
        most += rules.first_seat - 1
    return max(most, places) if most and places else most


def _pot_label(index: int, n: int) -> str:
    if index < 0 or n == 1:
        return "pot"
    return "main pot" if index == 0 else f"side pot {index}"


def _boards(boards) -> str:
    return " / ".join("[" + " ".join(b) + "]" for b in boards)

