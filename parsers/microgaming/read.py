"""One Microgaming (MPN) ``<Game>`` element → the engine's Hand.

Microgaming writes each hand as an XML element of its own (no session around it):
``<Game hhversion=… id=… date=… stakes="sb|bb" betlimit=… gametype=… rake=…>``, its
``<Seats>`` (each seat's ``balance`` before the hand and ``endbalance`` after it) and its
``<Gameplay>``: ``<Action seq=… type=… seat=… value=…/>`` in order, the streets as
``DealFlop`` / ``DealTurn`` / ``DealRiver`` actions holding ``<Card value= suit=/>``,
and a closing ``<Action type="Win">`` with one ``<Seat num= amount=/>`` per collection.
The element is read with the standard library's XML parser (``ET.fromstring`` on one
hand's text: small, whatever the file's size, ``parsers.base.elements``) and fed to
``MicrogamingBuilder``, a method an element and one an action type (named as the
type is written), which makes blinds, all-ins, uncalled bets and pots through the base
Builder's methods and ``finish()``, as for the text rooms.

How Microgaming writes a hand (named where the builder applies it):

- ``AMOUNTS_ADD``: from ``hhversion="2"`` on, the value of a Call, Bet, Raise or AllIn
  is what the action adds; hands without ``hhversion`` (version 1) write a Call's and a
  Raise's value as the player's total on the street (as fpdb reads them).
- ``BET_OVER_BLINDS_IS_RAISE``: before the flop the blinds are no bet in Microgaming's
  words: the first bet over them is written ``Bet`` (the big blind's raise after limps).
- ``ALL_IN_BY_WHAT_IT_MAKES``: ``AllIn`` is a call, bet or raise by the street total it
  makes; a player whose balance an action empties is all-in whatever its type.
- ``BAD_BEAT_OFF_THE_STACK``: ``BadBeatContribution`` (the bad-beat jackpot's drop) is
  taken from the player's balance, not put into the pot: the hand is played with the
  balance less it.
- ``UNCALLED_IN_THE_WIN``: when every other player folds, the uncalled part of the last
  bet is not written: the ``Win`` holds it; when the hand goes on, it is written as
  ``MoneyReturned``.
- ``RAKE_IN_CENTS``: ``rake="300"`` is 3.00 (cents, or hundredths of a chip).
- ``END_BALANCES_ARE_THE_ACCOUNT``: the room's own account of the hand (the Hand's
  Summary) is what its figures say: the pot is what the balances lost (less bad-beat
  drops) plus what was won, the rake is ``rake=``, and each player took from the pot
  what their end balance says (end − start + what they put in − what came back). The
  replay judges the actions and the ``Win`` against it: nothing is invented.
  ``BALANCES_OF_THOSE_NOT_DEALT_IN`` are left out of it: a player who takes no part
  and leaves the table during the hand ends it with ``endbalance="0.00"``.
- ``NO_ACTION_NOT_DEALT_IN``: every player dealt in has an action (a post, a fold at
  least); a seated player with none was not dealt in (sat out, waits for the big
  blind), whether or not the seat says ``sittingout="true"``.
- ``NAMES_IN_BASE64``: ``unicodealias``, ``unicodetablename`` and ``currencysymbol`` are
  the text in UTF-16LE, base64-encoded (``alias`` and ``tablename`` lose what their
  encoding cannot hold); the currency is the symbol (``rCA=`` is "€"); none: play money.
- Cards are ``<Card value="10" suit="c"/>``; ``playerseat`` is the hero's seat (0: none),
  whose cards a ``DealCards`` action holds.
"""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from base64 import b64decode
from binascii import Error as Base64Error
from datetime import datetime
from decimal import Decimal, InvalidOperation
from functools import lru_cache

from engine.model.cards import CardError
from engine.model.hand import (ZERO, Action, Collect, Hand, Kind, Show, Street, Structure,
                         SummarySeat, UnsupportedHand, check_amount)
from engine.rules.pots import DEAD_POSTS, dead_part, uncalled
from parsers.base.builder import Builder
from parsers.base.errors import ParseError
from parsers.base.values import seat_number, stamp
from parsers.base.elements import element

SITE = "Microgaming"
PREDEAL, PREFLOP, FLOP, TURN, RIVER = (Street.PREDEAL, Street.PREFLOP, Street.FLOP,
                                       Street.TURN, Street.RIVER)
FOLD, CHECK, CALL, BET, RAISE = Kind.FOLD, Kind.CHECK, Kind.CALL, Kind.BET, Kind.RAISE
_new = tuple.__new__  # a named tuple built as a tuple (see parsers.base.builder)

LIMITS = {"NL": Structure.NO_LIMIT, "PL": Structure.POT_LIMIT, "FL": Structure.FIXED_LIMIT}
# gametype as written (the XML parser reads &apos;): Hold'em, the rest another game
HOLDEM = frozenset({"Hold'em", "Hold 'em", "Multi Table Hold'em", "Multi Table Hold 'em",
                    "Holdem", "Texas Hold'em"})
CURRENCY_BY_SYMBOL = {"€": "EUR", "$": "USD", "£": "GBP", "kr": "SEK", "¥": "CNY"}
CARD = {(v, s): r + s for v, r in [(str(n), str(n)) for n in range(2, 10)]
        + [("10", "T"), ("T", "T"), ("J", "J"), ("Q", "Q"), ("K", "K"), ("A", "A")]
        for s in "cdhs"}
_TOURNAMENT = re.compile(r"\[(\d+)\]")  # a tournament table: "… [123456]:Table 3"
_CENT = Decimal("0.01")


@lru_cache(maxsize=32768)  # amounts repeat (blinds, balances); Decimals are immutable
def _amount(text: str | None) -> Decimal:
    """A value as Microgaming writes it ("0.02", "1", "1500") → Decimal, exactly."""
    if text is None:
        raise ValueError("an amount is missing")
    try:
        value = Decimal(text)
    except InvalidOperation:
        raise ValueError(f"not an amount: {text!r}") from None
    if not value.is_finite() or value < 0 or "e" in text.lower():
        raise ValueError(f"not an amount: {text!r}")
    return check_amount(value)


@lru_cache(maxsize=8192)  # players and tables come back hand after hand
def _unicode(text: str | None) -> str | None:
    """A base64 attribute (UTF-16LE text) → its text; None where absent or not base64."""
    if not text:
        return None
    try:
        return b64decode(text, validate=True).decode("utf-16-le")
    except (Base64Error, UnicodeDecodeError, ValueError):
        return None


def _cards(action: ET.Element) -> tuple[str, ...]:
    """The <Card value= suit=/> an action holds (cards written without a value are
    hidden: left out)."""
    out = []
    for card in action.iter("Card"):
        value = card.get("value")
        if not value:
            continue
        key = (value.upper() if len(value) == 1 else value, (card.get("suit") or "").lower())
        if key not in CARD:
            raise CardError(f"not a card: value={value!r} suit={card.get('suit')!r}")
        out.append(CARD[key])
    return tuple(out)


class MicrogamingBuilder(Builder):
    """One <Game> → Hand (the conventions: see the module doc): a method an element, and
    one an action type, named as Microgaming writes it (``ACTIONS``)."""

    def __init__(self) -> None:
        super().__init__()
        self.adds = True  # AMOUNTS_ADD
        self.by_seat: dict[int, str] = {}
        self.by_num: dict[str, str] = {}  # the same, by the seat number as written
        self.won_written = False  # the <Action type="Win">
        self.left: dict[str, Decimal] = {}  # what each player has behind
        self.end: dict[str, Decimal] = {}  # endbalance, as written
        self.drops: dict[str, Decimal] = {}  # bad-beat jackpot drops
        self.returned: dict[str, Decimal] = {}
        self.board: tuple[str, ...] = ()
        self.rake: Decimal | None = None
        self.account = True  # every seat wrote its end balance
        self.posted_big: list[int] = []  # PostedToPlay of a big blind: its action's index

    # ------------------------------------------------------------ the elements
    def game(self, game: ET.Element, text: str) -> Hand | UnsupportedHand:
        """The <Game>: its attributes (another game's hand is unsupported), its <Seats>
        and <Gameplay>, then the Hand."""
        get = game.get
        hand_id = get("id")
        if not hand_id or not hand_id.isdigit():
            raise ParseError(1, "the hand has no id", repr(hand_id))
        self.table = _unicode(get("unicodetablename")) or get("tablename") or ""
        limit = get("betlimit") or ""
        if limit not in LIMITS:
            raise ParseError(1, "a bet limit not known", repr(limit))
        self.structure = LIMITS[limit]
        date = get("date")
        played_at = _when(date) if date else None  # (a date that is none: a bad value)
        kind = get("gametype") or ""
        if kind not in HOLDEM:
            return UnsupportedHand(SITE, hand_id, kind, self.structure, self.table, played_at,
                                   text)
        self.attributes(game, hand_id)
        seats, play = game.find("Seats"), game.find("Gameplay")
        if seats is None or play is None:
            raise ParseError(1, "the hand has no " + ("<Seats>" if seats is None else "<Gameplay>"))
        hero_seat = get("playerseat")
        for s in seats.iter("Seat"):
            self.seat(s, hero_seat)
        if not self.by_seat:
            raise ParseError(1, "the hand has no seats")
        self.gameplay(play)
        if not self.won_written:
            raise ParseError(text.count("\n") + 1, "the hand has no Win")
        # BAD_BEAT_OFF_THE_STACK: the hand is played with the balance less the drop.
        # NO_ACTION_NOT_DEALT_IN: a player dealt in has an action (a post or a fold at
        # least): one with none sat out, whether or not the room says so
        drops, acting = self.drops, {a.player for a in self.actions}
        self.seats = [(n, p, st - drops[p] if p in drops else st, out or p not in acting, bounty)
                      for n, p, st, out, bounty in self.seats]
        if self.posted_big and self.account:
            self.both_blinds(_amount(self.head["sb"]))
        return self.finish()

    def attributes(self, game: ET.Element, hand_id: str) -> None:
        """A Hold'em <Game>'s other attributes: its stakes, currency, tournament, rake,
        table size and the reading of its amounts."""
        get = game.get
        sb, _, bb = (get("stakes") or "").partition("|")
        _amount(sb), _amount(bb)  # (says which is not an amount)
        tournament = get("istournament", "0") not in ("0", "") or get("tabletype") == "MTT"
        tournament_id = None
        if tournament:
            found = _TOURNAMENT.search(get("tablename") or self.table)
            tournament_id = found.group(1) if found else self.table
        version = get("hhversion")
        self.adds = (int(version) if version and version.isdigit() else 1) != 1
        self.head = {**self.HEAD, "site": SITE, "hand_id": hand_id,
                     "tournament": tournament_id, "sb": sb, "bb": bb,
                     "currency": _currency(game, tournament), "date": get("date")}
        # FIXED_LIMIT_STAKES_ARE_BETS (as the base): "10|20" names the small and big bet
        self.big_blind = _amount(sb if self.structure == Structure.FIXED_LIMIT else bb)
        rake = get("rake")  # RAKE_IN_CENTS; a tournament's (none written) is nothing
        self.rake = (_amount(rake) * _CENT if rake is not None else ZERO if tournament else None)
        size = get("tablesize")
        self.max_seats = seat_number(size) if size and size.isdigit() and size != "0" else None

    def seat(self, s: ET.Element, hero_seat: str | None) -> None:
        """A <Seat num= alias= balance= endbalance= dealer= sittingout=/>."""
        number = seat_number(s.get("num") or "")
        player = _unicode(s.get("unicodealias")) or s.get("alias")
        if not player:
            raise ParseError(1, f"seat {number} has no player's name")
        if number in self.by_seat:
            raise ParseError(1, f"seat {number} is written twice")
        stack = _amount(s.get("balance"))
        self.by_seat[number] = self.by_num[s.get("num")] = player
        self.left[player] = stack
        end = s.get("endbalance")
        if end is None:
            self.account = False
        else:
            self.end[player] = _amount(end)
        self.seats.append([number, player, stack, s.get("sittingout") == "true", None])
        if s.get("dealer") == "true":
            self.button = number
        if hero_seat == s.get("num"):
            self.hero = player

    def gameplay(self, play: ET.Element) -> None:
        """The <Gameplay>: each <Action> by its type (an error names its seq)."""
        actions = self.ACTIONS
        for action in play:
            if action.tag != "Action":
                continue
            kind = action.get("type")
            try:
                read = actions.get(kind)
                if read is None:
                    self.player(action.get("seat"))  # (a seat not known is said first)
                    raise UnknownAction(repr(kind))
                read(self, action)
            except ParseError:
                raise
            except (ArithmeticError, ValueError, KeyError, IndexError, TypeError) as exc:
                exc.seq = action.get("seq")  # (the line named in the error)
                raise

    # ------------------------------------------------------------ the players
    def player(self, seat: str | None) -> str:
        try:
            return self.by_num[seat]  # (the seat as written on its <Seat>)
        except KeyError:
            try:
                return self.by_seat[int(seat)]
            except (TypeError, ValueError, KeyError):
                raise ValueError(f"no player on seat {seat!r}") from None

    def player_and_value(self, action: ET.Element) -> tuple[str, Decimal]:
        """An <Action seat= value=/>'s player and amount."""
        return self.player(action.get("seat")), _amount(action.get("value"))

    def take(self, player: str, amount: Decimal) -> bool:
        """Takes ``amount`` from the player's chips behind; is the player all-in now?"""
        left = self.left[player] = self.left[player] - amount
        return left <= 0

    # ------------------------------------------------------------ blinds and antes
    def post(self, kind: str, player: str, value: Decimal) -> None:
        self._post(kind, player, str(value), "all-in" if self.take(player, value) else None)

    def SmallBlind(self, action: ET.Element) -> None:
        self.post(Kind.POST_SB, *self.player_and_value(action))

    def BigBlind(self, action: ET.Element) -> None:
        self.post(Kind.POST_BB, *self.player_and_value(action))

    def Ante(self, action: ET.Element) -> None:
        self.post(Kind.POST_ANTE, *self.player_and_value(action))

    def PostedToPlay(self, action: ET.Element) -> None:
        """POSTED_TO_PLAY: a player coming in (or back) posts to play, live (a raise
        after it counts it in the player's bet, whether it is the small or the big
        blind); a big blind may have the small blind with it, dead, which the value does
        not say but the balance does (``both_blinds``)."""
        player, value = self.player_and_value(action)
        if value < self.big_blind:  # (live: it is part of the player's bet)
            self.post(Kind.POST_BB, player, value)
        else:
            self.post(Kind.POST_SB_BB if value > self.big_blind else Kind.POST_BB, player, value)
            if value == self.big_blind:
                self.posted_big.append(len(self.actions) - 1)

    def both_blinds(self, sb: Decimal) -> None:
        """A big blind posted to play whose player's balance lost the small blind beyond
        what the actions put in posted both: the small blind too, dead."""
        paid = self.paid()
        put, _ = self.contributions()
        for i in self.posted_big:
            a = self.actions[i]
            if paid.get(a.player) == put[a.player] + sb:
                self.actions[i] = a._replace(kind=Kind.POST_SB_BB, amount=a.amount + sb)

    # ------------------------------------------------------------ the betting
    def to_preflop(self) -> None:
        if self.street == PREDEAL:
            self.street = PREFLOP

    def act(self, kind: str, player: str, added: Decimal, all_in: bool) -> None:
        put = self.put
        to = put[player] = put.get(player, ZERO) + added
        all_in = self.take(player, added) or all_in
        self.actions.append(_new(Action, (self.street, player, kind, added,
                                          None if kind == CALL else to, all_in, self.line)))

    def Fold(self, action: ET.Element) -> None:
        player = self.player(action.get("seat"))
        self.to_preflop()
        self.actions.append(_new(Action, (self.street, player, FOLD, ZERO, None, False, 0)))

    def Check(self, action: ET.Element) -> None:
        player = self.player(action.get("seat"))
        self.to_preflop()
        self.actions.append(_new(Action, (self.street, player, CHECK, ZERO, None, False, 0)))

    def Call(self, action: ET.Element) -> None:
        player, value = self.player_and_value(action)
        self.to_preflop()
        added = value if self.adds else value - self.put.get(player, ZERO)
        self.act(CALL, player, added, False)

    def Bet(self, action: ET.Element) -> None:
        player, value = self.player_and_value(action)
        self.to_preflop()
        if self.street == PREFLOP:  # BET_OVER_BLINDS_IS_RAISE
            self.raise_(player, value)
        else:
            self.act(BET, player, value, False)

    def Raise(self, action: ET.Element) -> None:
        self.to_preflop()
        self.raise_(*self.player_and_value(action))

    def raise_(self, player: str, value: Decimal) -> None:
        added = value if self.adds else value - self.put.get(player, ZERO)
        self.act(RAISE, player, added, False)

    def AllIn(self, action: ET.Element) -> None:
        """ALL_IN_BY_WHAT_IT_MAKES: a call, bet or raise by the total it makes."""
        player, value = self.player_and_value(action)
        self.to_preflop()
        put = self.put
        facing = max(put.values(), default=ZERO)
        to = put.get(player, ZERO) + value
        kind = CALL if to <= facing else RAISE if facing else BET
        self.act(kind, player, value, True)

    # ------------------------------------------------------------ chips back and off
    def MoneyReturned(self, action: ET.Element) -> None:
        player, amount = self.player_and_value(action)
        self.uncalled.append((player, amount))
        self.returned[player] = self.returned.get(player, ZERO) + amount
        self.left[player] += amount

    def BadBeatContribution(self, action: ET.Element) -> None:
        player, amount = self.player_and_value(action)
        self.drops[player] = self.drops.get(player, ZERO) + amount
        self.left[player] -= amount

    # ------------------------------------------------------------ the cards
    def DealCards(self, action: ET.Element) -> None:
        player = self.player(action.get("seat"))
        self.to_preflop()
        cards = _cards(action)
        if cards:
            self.dealt[player] = self.dealt.get(player, ()) + cards

    def street_cards(self, street: Street, action: ET.Element) -> None:
        self.board += _cards(action)
        self._street(street, 1, self.board)

    def DealFlop(self, action: ET.Element) -> None:
        self.street_cards(FLOP, action)

    def DealTurn(self, action: ET.Element) -> None:
        self.street_cards(TURN, action)

    def DealRiver(self, action: ET.Element) -> None:
        self.street_cards(RIVER, action)

    def ShowCards(self, action: ET.Element) -> None:
        player = self.player(action.get("seat"))
        self.shows.append(_new(Show, (player, _cards(action), True, None, 1, None)))

    def MuckCards(self, action: ET.Element) -> None:
        player = self.player(action.get("seat"))
        self.shows.append(_new(Show, (player, _cards(action), False, None, 1, None)))

    # ------------------------------------------------------------ the end
    def Win(self, action: ET.Element) -> None:
        """<Action type="Win"> with a <Seat num= amount=/> a collection."""
        self.won_written = True
        for s in action.iter("Seat"):
            amount = _amount(s.get("amount"))
            if amount:  # (a seat written as winning nothing takes nothing)
                self.collects.append(_new(Collect, (self.player(s.get("num")), amount, None, 1)))

    def Silent(self, action: ET.Element) -> None:
        """Disconnect, Reconnect: what they say is no part of the hand."""

    ACTIONS = {"Fold": Fold, "Check": Check, "Call": Call, "Bet": Bet, "Raise": Raise,
               "AllIn": AllIn, "SmallBlind": SmallBlind, "BigBlind": BigBlind, "Ante": Ante,
               "PostedToPlay": PostedToPlay, "MoneyReturned": MoneyReturned,
               "BadBeatContribution": BadBeatContribution, "DealCards": DealCards,
               "DealFlop": DealFlop, "DealTurn": DealTurn, "DealRiver": DealRiver,
               "ShowCards": ShowCards, "MuckCards": MuckCards, "Win": Win,
               "Disconnect": Silent, "Reconnect": Silent}

    # ------------------------------------------------------------ the Hand
    def finish(self) -> Hand:
        if self.account and self.rake is not None:
            self.account_of_the_balances()
        return super().finish()

    def contributions(self) -> tuple[dict[str, Decimal], dict[str, Decimal]]:
        """What each player put in by the actions, and what each won."""
        put: dict[str, Decimal] = {}
        for a in self.actions:
            put[a.player] = put.get(a.player, ZERO) + a.amount
        won: dict[str, Decimal] = {}
        for c in self.collects:
            won[c.player] = won.get(c.player, ZERO) + c.amount
        return put, won

    def paid(self) -> dict[str, Decimal]:
        """What each player's balances say they put in (what they lost, plus what they
        won and had back), for those with an end balance."""
        _, won = self.contributions()
        end, returned = self.end, self.returned
        return {p: stack - end[p] + won.get(p, ZERO) + returned.get(p, ZERO)
                for _, p, stack, _, _ in self.seats if p in end}

    def account_of_the_balances(self) -> None:
        """END_BALANCES_ARE_THE_ACCOUNT: the pot and what each player took from it, as
        the room's balances say (judged by the replay against the actions and Win)."""
        put, won = self.contributions()
        # UNCALLED_IN_THE_WIN, or given back silently (hands of before 2012 write no
        # MoneyReturned): an uncalled bet not written that the Win does not hold came
        # back to its bettor, outside the pot
        back = None
        if not self.uncalled:
            bets = {p: c - dead_part_of(self.actions, p, self.big_blind) for p, c in put.items()}
            back = uncalled(bets)
        total = sum(won.values(), ZERO)
        seats = self.summary_seats
        for number, player, stack, out, _ in self.seats:
            if out and player not in won:
                continue  # BALANCES_OF_THOSE_NOT_DEALT_IN: not the hand's (one who
                #           leaves the table ends with 0.00)
            end = self.end[player]
            took = end - stack + put.get(player, ZERO) - self.returned.get(player, ZERO)
            if back is not None and back[0] == player \
                    and took == won.get(player, ZERO) + back[1]:
                took -= back[1]  # had back silently: returned in the Hand, as written
                self.uncalled.append(back)  # (else the stored nets would not balance)
            total += stack - end
            if took or player in won:
                seats.append(_new(SummarySeat, (number, player, "collected", None, (),
                                                (took,), ())))
        self.pot = (total, self.rake, (), (), ZERO)

    def currency(self) -> str:
        return self.head["currency"]


def parse_hand(text: str) -> Hand | UnsupportedHand:
    """One hand's text (a <Game> element) → Hand, UnsupportedHand, or ParseError."""
    start = text.find("<Game")
    if start < 0:
        raise ParseError(1, "no <Game> element")
    game = element(text[start:], text.count("\n", 0, start), closing="</Game>")
    if game.tag != "Game":
        raise ParseError(1, "no <Game> element", game.tag)
    try:
        return MicrogamingBuilder().game(game, text)
    except ParseError:
        raise
    except (ArithmeticError, ValueError, KeyError, IndexError, TypeError) as exc:
        reason = ("bad card" if isinstance(exc, CardError) else
                  "an action type not known" if isinstance(exc, UnknownAction) else "bad value")
        raise ParseError(_line_of(text, getattr(exc, "seq", None)), reason, str(exc)) \
            from None


class UnknownAction(ValueError):
    """An <Action type=…> this reader does not know."""


def _when(date: str) -> datetime:
    """"2013-09-23 14:27:33" → datetime (the room's clock; its zone is not written)."""
    try:
        return datetime.fromisoformat(date)
    except ValueError:
        return stamp(date)


def dead_part_of(actions: list[Action], player: str, big_blind: Decimal) -> Decimal:
    """The dead money a player posted (no part of a bet: never returned as uncalled)."""
    return sum((dead_part(a.kind, a.amount, big_blind) for a in actions
                if a.player == player and a.kind in DEAD_POSTS), ZERO)


def _line_of(text: str, seq: str | None) -> int:
    at = text.find(f'seq="{seq}"') if seq else -1
    return text.count("\n", 0, at) + 1 if at >= 0 else 1


def _currency(game: ET.Element, tournament: bool) -> str:
    """A hand's currency: chips in a tournament, else its symbol's (NAMES_IN_BASE64)."""
    if tournament:
        return "chips"
    if game.get("realmoney", "true") != "true":
        return "play"
    symbol = (_unicode(game.get("currencysymbol")) or "").strip()
    if not symbol:
        return "play"
    if symbol in CURRENCY_BY_SYMBOL:
        return CURRENCY_BY_SYMBOL[symbol]
    if len(symbol) == 3 and symbol.isalpha() and symbol.isupper():
        return symbol
    raise ParseError(1, "a currency not known", repr(symbol))
