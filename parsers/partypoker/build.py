"""partypoker's lines → the engine's Hand: the base Builder, told how party writes.

Party's conventions, read here (each named where it applies):
``AMOUNT_IS_WHAT_IS_ADDED`` — "raises [$0.08]", "calls [..]", "is all-In [..]" give
the chips the action adds, not the total it makes; ``ALL_IN_IS_BET_RAISE_OR_CALL`` —
"is all-In [x]" is a bet, a raise or a call by what it makes against the bet;
``STAKES_FROM_THE_BLINDS`` — a cash header naming the table's buy-in ("$10 USD NL")
leaves the blinds to the posts; ``SILENT_BLINDS`` — older tournament hands write the
level ("Blinds(20/40)") but not who posted: the players who play in the hand post
them, left of the button; ``SEATED_WITHOUT_A_PART_SAT_OUT`` — a seated player
who never posts, acts, shows or wins was not dealt in (party does not mark them);
``JOINING_PLAYER_TAKES_A_FREE_SEAT`` — a player who "has joined the table" (or
posts a blind) without a seat line sits on the first free seat after the player who
acted before them (a seat whose player left the table is free), with no stack
written (RoomRules.zero_stack_not_known); ``EMAILED_NAMES_CUT_AT_A_SPACE`` — hands
e-mailed by the room list "Hero Name" as "Hero" among the seats.
"""
from __future__ import annotations

import re
from datetime import datetime
from decimal import ROUND_DOWN, Decimal

from engine.model.hand import (CENT, MAX_SEAT_NUMBER, ZERO, Action, Collect, Hand, Kind, Show,
                         Stakes, Street, Structure)
from parsers.base.builder import Builder
from parsers.base.errors import ParseError
from parsers.base.tourney import buy_in_cost
from parsers.base.values import seat_number
from parsers.partypoker.values import cards as read_cards
from parsers.base.values import to_utc
from parsers.partypoker.values import AMOUNT, currency, money, stamp

PREDEAL, PREFLOP, FLOP, TURN, RIVER = Street.PREDEAL, Street.PREFLOP, Street.FLOP, \
    Street.TURN, Street.RIVER
FOLD, CHECK, CALL, BET, RAISE = Kind.FOLD, Kind.CHECK, Kind.CALL, Kind.BET, Kind.RAISE
LIMITS = {"NL": Structure.NO_LIMIT, "PL": Structure.POT_LIMIT, "FL": Structure.FIXED_LIMIT,
          "Limit": Structure.FIXED_LIMIT, None: Structure.FIXED_LIMIT}
SITE_BY_BRAND = {None: "PartyPoker", "Party": "PartyPoker", "PartyPoker": "PartyPoker",
          "WPN": "Winning Poker Network", "PokerBros": "PokerBros", "Pacific": "Pacific Poker",
          "IPoker": "iPoker", "Poker Stars": "PokerStars", "PokerMaster": "PokerMaster"}
HOLDEM = ("Texas Hold'em", "Texas Holdem", "Hold'em", "Holdem")
# another game's line: its name after the stakes, currency and table kind; NL, PL or FL
_GAME_NAME = re.compile(r"(?:(?:[$€£] ?[\d.,]+(?:/[$€£]?[\d.,]+)?|\d+[.,/]\S*|[A-Z]{3}|NL|PL|FL"
                        r"|fastforward|SPOTPOKER|Tourney) +)*(.+?)"
                        r"(?= +-| +Trny| +Buy-in| +Game Table| +[$€£]| +\(|$)")
_GAME_LIMIT = re.compile(r"\b(NL|PL|FL)\b")
BLINDS = frozenset({Kind.POST_SB, Kind.POST_BB, Kind.POST_SB_BB})
# lines that name a player who plays in the hand (SILENT_BLINDS)
PLAYING = ("FOLD", "CHECK", "CALL", "BET", "RAISE", "RAISE_TO", "ALL_IN", "SHOWS",
           "MUCKS_CARDS", "WINS", "BALANCE")
ALL_IN = "all_in"  # a kind the builder settles (ALL_IN_IS_BET_RAISE_OR_CALL)
_CHIP = Decimal(1)
_FULL_TABLE = 10  # seats of a table whose size is not written


class PartyBuilder(Builder):
    """Builds one Hand from party's lines (see the module doc)."""

    # NAME: party writes a player who acts without a colon after the name, a player who
    # chats with one ("Player0: calls me crazy"): a name holds no ": " and does not end
    # with ":", so no chat line is read as an action (CHAT)
    PLACEHOLDERS = {**Builder.PLACEHOLDERS, "M": AMOUNT, "NAME": r"(?:[^:\n]|:(?! ))+?(?<!:)",
                    "GAME": "(?:" + "|".join(HOLDEM) + ")",
                    "DAY": r"[A-Za-z]+,? *[A-Za-z]+ \d\d?,? \d\d?:\d\d:\d\d"}
    SHARED_PREFIXES = ("(?P<player>{NAME}) ",)

    silent = frozenset({"GAME_STARTS", "GAME_NO", "FORWARD_FOLD", "SITTING_OUT", "EVENT",
                        "CHAT", "SUMMARY", "POTS"})

    limits = LIMITS
    # another game's (Omaha, Double Hold'em, Stud, Short Deck): named on the line under
    # the hand's number
    HOLDEM = HOLDEM
    NOT_HOLDEM = ("Double", "Omaha", "Short Deck", "6+", "Stud")
    OTHER_GAME = re.compile(r"\*{5} Hand History [Ff]or Game (?P<hand_id>\w+) \*{5}"
                            r"(?: \((?P<brand>[^)]*)\))?[^\n]*\n(?P<line>.*)")

    @classmethod
    def other_game(cls, first_line, text):
        m = cls.OTHER_GAME.search(text)  # (a "Game #N starts." line may come first)
        line = m["line"] if m else ""
        if m is None or cls.says_holdem(line):
            return None
        name, limit = _GAME_NAME.match(line), _GAME_LIMIT.search(line)
        return cls.unsupported({**m.groupdict(), "game": name[1] if name else line.split(" - ")[0],
                                "limit": limit[1] if limit else None}, text)

    @classmethod
    def site_of(cls, brand):
        return SITE_BY_BRAND.get(brand, brand)

    def __init__(self) -> None:
        super().__init__()
        self.tokens: list = []
        self.site, self.hand_id = "PartyPoker", ""
        self.limit: str | None = "NL"
        self.blinds: tuple[Decimal, Decimal] | None = None  # as written: header, level
        self.header_bb: Decimal | None = None  # a header naming the big blind alone
        self.written_ante = ZERO
        self.buy_in = self.tournament = self.level = None
        self.money_text = self.seat_money = ""  # amounts that name the currency
        self.play_money = self.fast = False
        self.date = self.tz = self.year = None
        self.stacks: dict[str, Decimal] = {}
        self.seat_of: dict[str, int] = {}
        self.spent: dict[str, Decimal] = {}  # what each player has put in so far
        self.joined: set[str] = set()
        self.left: set[str] = set()
        self.emailed = False  # an e-mailed hand (EMAILED_NAMES_CUT_AT_A_SPACE)
        self.sb_post: Decimal | None = None  # the first whole small and big blinds posted
        self.bb_post: Decimal | None = None
        self.bb = ZERO  # the big blind, once known (at the deal)

    def build(self, tokens) -> Hand:
        self.tokens = tokens  # (read ahead for SILENT_BLINDS)
        return super().build(tokens)

    # ------------------------------------------------------------ the header
    def HISTORY(self, hand_id, brand):
        self.hand_id = hand_id
        self.site = self.site_of(brand)

    def _when(self, date, tz, year):
        self.date, self.tz, self.year = date, tz, year

    def GAME(self, sb, bb, buy_in, fast, limit, date, tz, year):
        self.limit, self.fast = limit, fast is not None
        if sb is not None:
            self.blinds = (money(sb), money(bb))
            self.money_text = bb
        else:
            self.money_text = buy_in  # the table's largest buy-in (STAKES_FROM_THE_BLINDS)
        self._when(date, tz, year)

    def GAME_BB(self, limit, bb, date, tz, year):
        # the game first, then the big blind: "NL Texas Hold'em $0.25 USD  - ..."
        self.limit, self.header_bb = limit, money(bb)
        self.money_text = bb
        self._when(date, tz, year)

    def TOURNEY(self, limit, buy_in, fee, tournament, level, sb, bb, ante, date, tz, year):
        self.limit, self.tournament, self.level = limit, tournament or "", level
        self.buy_in = buy_in.strip() + (f" + {fee.strip()}" if fee else "") if buy_in else None
        if sb is not None:
            self.BLINDS(sb, bb, ante)
        self._when(date, tz, year)

    def GAME_TABLE(self, sb, bb, tourney, limit, tournament, buy_in, fee, date, tz, year):
        self.limit, self.tournament, self.emailed = limit, tournament, True
        self.blinds = (money(sb), money(bb))
        if tourney is not None:
            self.tournament = tournament or ""
            self.buy_in = f"{buy_in} + {fee}" if buy_in else None
        else:
            self.money_text = sb
        self._when(date, tz, year)

    def TABLE(self, table, chips, button):
        self.table = table
        self.play_money = chips == "Play"
        if button:
            self.button = seat_number(button)

    def BUTTON(self, button):
        self.button = seat_number(button)

    def PLAYERS(self, max_seats):
        self.max_seats = seat_number(max_seats) if max_seats else None

    def SEAT(self, seat, player, stack):
        number = int(seat)
        if number > MAX_SEAT_NUMBER:
            seat_number(seat)  # says why
        chips = money(stack)
        if not self.seat_money:
            self.seat_money = stack
        self.seats.append((number, player, chips, False, None))
        self.seat_of[player] = number
        self.stacks[player] = chips

    def TRNY(self, tournament, level):
        self.tournament, self.level = tournament, level

    def BLINDS(self, sb, bb, ante):
        # the level under the seats is this hand's, where the header's is older
        self.blinds = (money(sb), money(bb))
        if ante:
            self.written_ante = money(ante)

    # ------------------------------------------------------------ blinds and antes
    def _post(self, kind: str, player: str, value: Decimal, *_: object) -> None:
        self._seat_if_joined(player, kind != Kind.POST_ANTE)
        put = self.put
        live = value
        if kind == Kind.POST_ANTE:
            live = ZERO
            if not self.ante:
                self.ante = value
        elif kind == Kind.POST_SB_BB:  # the big blind is live, the small blind dead
            bb = self._big_blind()
            live = min(value, bb) if bb else value
        all_in = self._spend(player, value)
        if kind == Kind.POST_SB and self.sb_post is None and not all_in:
            self.sb_post = value
        elif kind == Kind.POST_BB and self.bb_post is None and not all_in:
            self.bb_post = value
        if live:
            put[player] = put.get(player, ZERO) + live
        self.actions.append(Action(self.street, player, kind, value, None, all_in, self.line))

    def POST_SB(self, player, amount):
        self._post(Kind.POST_SB, player, money(amount))

    def POST_BB(self, player, amount):
        self._post(Kind.POST_BB, player, money(amount))

    def POST_BB_DEAD(self, player, amount):
        self._post(Kind.POST_SB_BB, player, money(amount))

    def POST_ANTE(self, player, amount):
        self._post(Kind.POST_ANTE, player, money(amount))

    def DEALING(self):
        if self.blinds is not None and not any(a.kind in BLINDS for a in self.actions):
            self._silent_blinds()
        self.street = PREFLOP
        self.bb = self._big_blind()

    def _silent_blinds(self) -> None:
        """SILENT_BLINDS: the small and big blind of the level, posted by the first two
        players left of the button who play in the hand (heads-up, the button's is
        the small blind), each as much as they have."""
        playing = set()
        at = self._player_at()
        for tok in self.tokens:
            i = at.get(tok[0])
            if i is not None:
                playing.add(tok[1][i])
        dealt = sorted((n, p) for n, p, *_ in self.seats if p in playing)
        if len(dealt) < 2:
            return
        button = self.button or 0
        start = next((i for i, (n, _) in enumerate(dealt) if n > button), 0)
        order = [p for _, p in dealt[start:] + dealt[:start]]
        if len(order) == 2 and self.seat_of.get(order[1]) == button:
            order.reverse()  # heads-up: the button posts the small blind
        sb, bb = self._blind_sizes()
        for kind, player, blind in ((Kind.POST_SB, order[0], sb), (Kind.POST_BB, order[1], bb)):
            left = self.stacks[player] - self.spent.get(player, ZERO)
            if left > 0:
                self._post(kind, player, min(blind, left))

    def _blind_sizes(self) -> tuple[Decimal, Decimal]:
        """The level's small and big blind (fixed limit: it names the bets, and the
        big blind is the small bet)."""
        sb, bb = self.blinds
        if LIMITS[self.limit] == Structure.FIXED_LIMIT:
            return (sb / 2).quantize(_CHIP, ROUND_DOWN), sb
        return sb, bb

    @classmethod
    def _player_at(cls) -> dict[str, int]:
        """Where the player's name is among the fields of each line that names one."""
        at = cls.__dict__.get("_at")
        if at is None:
            fields = cls.fields()
            at = {kind: fields[kind].index("player") for kind in PLAYING}
            cls._at = at
        return at

    # ------------------------------------------------------------ the betting
    def _spend(self, player: str, value: Decimal) -> bool:
        """Count what a player puts in; whether it is all they have (where known)."""
        spent = self.spent[player] = self.spent.get(player, ZERO) + value
        stack = self.stacks.get(player)
        return bool(stack) and spent >= stack

    def _act(self, kind: str, player: str, value: Decimal, all_in: bool = False) -> None:
        self._seat_if_joined(player)
        put = self.put
        mine = put.get(player, ZERO)
        to = None
        if kind == ALL_IN:
            # ALL_IN_IS_BET_RAISE_OR_CALL: by what it makes against the bet
            level = max(put.values(), default=ZERO)
            if self.street == PREFLOP and level < self.bb:
                level = self.bb
            kind = CALL if mine + value <= level else BET if not level else RAISE
            all_in = True
        if kind in (BET, RAISE):
            to = mine + value
        if value:
            put[player] = mine + value
        all_in = self._spend(player, value) or all_in
        self.actions.append(Action(self.street, player, kind, value, to, all_in, self.line))

    def FOLD(self, player):
        self._act(FOLD, player, ZERO)

    def CHECK(self, player):
        self._act(CHECK, player, ZERO)

    # AMOUNT_IS_WHAT_IS_ADDED
    def CALL(self, player, amount):
        self._act(CALL, player, money(amount))

    def BET(self, player, amount):
        self._act(BET, player, money(amount))

    def RAISE(self, player, amount):
        self._act(RAISE, player, money(amount))

    def RAISE_TO(self, player, by, to):
        money(by)  # (what it adds; the total is what counts)
        self._act(RAISE, player, money(to) - self.put.get(player, ZERO))

    def ALL_IN(self, player, amount):
        self._act(ALL_IN, player, money(amount))

    def ALL_IN_MARK(self, player):
        # e-mailed hands: the action before was all the player had
        for i in range(len(self.actions) - 1, -1, -1):
            if self.actions[i].player == player:
                self.actions[i] = self.actions[i]._replace(all_in=True)
                return

    def JOINED(self, player):
        self.joined.add(player)

    def LEFT(self, player):
        self.left.add(player)

    def _seat_if_joined(self, player: str, posts: bool = False) -> None:
        """JOINING_PLAYER_TAKES_A_FREE_SEAT: a player without a seat line who joined,
        or posts a blind (the Mac client does not always say they joined). Another
        who plays without one is left unseated: the replay names them."""
        if player in self.seat_of or not (posts or player in self.joined):
            return
        size = self.max_seats or _FULL_TABLE
        acted = {a.player for a in self.actions}
        # a player who left before taking part frees their seat
        taken = {s: p for p, s in self.seat_of.items() if p not in self.left or p in acted}
        before = self.actions[-1].player if self.actions else None
        after = self.seat_of.get(before, self.button or 0)
        for k in range(1, size + 1):
            seat = (after + k - 1) % size + 1
            if seat not in taken:
                self.seats = [s for s in self.seats if s[0] != seat]
                self.seats.append((seat, player, ZERO, False, None))
                self.seat_of = {p: s for p, s in self.seat_of.items() if s != seat}
                self.seat_of[player], self.stacks[player] = seat, ZERO
                return

    # ------------------------------------------------------------ the streets
    def DEALT(self, player, cards):
        self.dealt[player] = self.dealt.get(player, ()) + read_cards(cards)

    def FLOP(self, cards):
        self._street(FLOP, 1, read_cards(cards))

    def TURN(self, cards):
        self._street(TURN, 1, self.boards.get(1, ()) + read_cards(cards))

    def RIVER(self, cards):
        self._street(RIVER, 1, self.boards.get(1, ()) + read_cards(cards))

    # ------------------------------------------------------------ the outcome
    def SHOWS(self, player, cards, hand_name):
        self.shows.append(Show(player, read_cards(cards), True, hand_name or None))

    def MUCKS_CARDS(self, player, cards, hand_name):
        self.shows.append(Show(player, read_cards(cards), False, hand_name or None))

    def DOESNT_SHOW(self, player):
        # a player still in at a showdown who does not show concedes (party writes the
        # line for every player, folded or not, and for a winner nobody called)
        folded = {a.player for a in self.actions if a.kind == FOLD}
        live = {a.player for a in self.actions} - folded
        if player in live and len(live) > 1:
            self.shows.append(Show(player, (), False))

    def _win(self, player, amount, main, side) -> None:
        pot = 0 if main else int(side) if side else None
        self.collects.append(Collect(player, money(amount), pot))

    def WINS(self, player, amount, main, side, hand_name):
        self._win(player, amount, main, side)

    def CANCELLED(self, why):
        raise ParseError(self.line, "hand cancelled by the room", why)

    def BOARD(self, cards):
        read_cards(cards)  # (e-mailed hands: the board the streets dealt)

    def BALANCE(self, player, balance, out, collected, cards, hand_name):
        money(balance)  # (one who "sits out" takes no part: SEATED_WITHOUT_A_PART_SAT_OUT)
        if collected:
            self._win(player, collected, None, None)
        if cards:
            name = hand_name.split(" -- ")[0] if hand_name else None
            self.shows.append(Show(player, read_cards(cards), True, name or None))

    # ------------------------------------------------------------ the Hand
    def _big_blind(self) -> Decimal:
        """STAKES_FROM_THE_BLINDS: the big blind written, else the first whole big blind
        posted, else twice the small blind posted."""
        if self.blinds is not None:
            sb, bb = self.blinds
            return sb if LIMITS[self.limit] == Structure.FIXED_LIMIT else bb
        if self.header_bb is not None:
            return self.header_bb
        if self.bb_post is not None:
            return self.bb_post
        return 2 * self.sb_post if self.sb_post is not None else ZERO

    def stakes(self) -> Stakes:
        bb = self.bb or self._big_blind()
        unit = _CHIP if self.tournament is not None else CENT
        if LIMITS[self.limit] == Structure.FIXED_LIMIT:
            small_bet = bb
            big_bet = self.blinds[1] if self.blinds is not None else 2 * bb
            half = (small_bet / 2).quantize(unit, ROUND_DOWN)
            return Stakes(self.sb_post or half, small_bet, self.ante or self.written_ante,
                          small_bet=small_bet, big_bet=big_bet)
        sb = self.blinds[0] if self.blinds is not None else self.sb_post
        if sb is None:
            sb = (bb / 2).quantize(unit, ROUND_DOWN)
        return Stakes(sb, bb, self.ante or self.written_ante)

    def currency(self) -> str:
        if self.tournament is not None:
            return "chips"
        if self.play_money:
            return "play"
        return currency(self.money_text) or currency(self.seat_money) or "USD"

    def _whole_names(self) -> None:
        """EMAILED_NAMES_CUT_AT_A_SPACE: e-mailed hands list a name with a space by its
        first word among the seats (and in some lines); the whole name, written in
        others, is the player's."""
        used = {a.player for a in self.actions} | self.dealt.keys()
        used |= {s.player for s in self.shows} | {c.player for c in self.collects}
        whole: dict[str, str] = {}
        for name in sorted(used - self.seat_of.keys()):
            cut = name.split(" ")[0]
            if cut != name and cut in self.seat_of:
                whole.setdefault(cut, name)
        if not whole:
            return
        self.seats = [(n, whole.get(p, p), *rest) for n, p, *rest in self.seats]
        self.actions = [a._replace(player=whole[a.player]) if a.player in whole else a
                        for a in self.actions]
        self.shows = [s._replace(player=whole.get(s.player, s.player)) for s in self.shows]
        self.collects = [c._replace(player=whole.get(c.player, c.player))
                         for c in self.collects]
        self.dealt = {whole.get(p, p): c for p, c in self.dealt.items()}

    def FINISHED(self, player, place, prize):
        self.finish_at(player, int(place.replace(" ", "").replace(",", "").replace(".", "")),
                       prize)

    def tournament_cost(self) -> tuple[Decimal | None, str | None]:
        return buy_in_cost(self.buy_in)  # "$3.0 + $0.3", "$1 USD", "€1 EUR"

    def played_at(self) -> tuple[datetime, datetime | None]:
        played_at = stamp(self.date, self.year)
        return played_at, to_utc(played_at, self.tz)

    def finish(self) -> Hand:
        if self.emailed:
            self._whole_names()
        # SEATED_WITHOUT_A_PART_SAT_OUT
        part = {a.player for a in self.actions} | {c.player for c in self.collects}
        part |= self.cards_known().keys()
        self.seats = [(n, p, stack, p not in part, None) for n, p, stack, *_ in self.seats]
        self.structure = LIMITS[self.limit]
        # (tournament "": a tournament hand without its number)
        self.head = {**self.HEAD, "site": self.site, "hand_id": self.hand_id,
                     "tournament": self.tournament or None, "level": self.level,
                     "buy_in": self.buy_in, "zoom": True if self.fast else None, "tz": self.tz}
        return super().finish()
