"""The conventions in which rooms differ, as data.

Each room declares its RoomRules (parsers/<room>/__init__.py); the replay is given
them and never asks which room it is judging.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

# (a hand's rank, as engine.equity.evaluate gives it; the name the room printed) → do they agree?
NamesAgree = Callable[[int, str], bool]

# Who gets the odd chips of a split pot, one each: the winners clockwise from the
# button's left (the small blind first), or counter-clockwise from the button (the
# button first, then the player on its right)
ODD_CHIP_FROM_BUTTON_LEFT = "first_left_of_button"
ODD_CHIP_FROM_BUTTON_BACKWARDS = "button_then_right"
# How a room gives back the part of the last bet nobody called: it writes the return
# ("Uncalled bet ($5) returned to ..."); it writes none and gives it back silently or
# within what the bettor collects (a walk's big blind collects the whole pot); it
# writes none and gives it back only within what the bettor collects; or it returns
# none: the part stays in the pot (a side pot of its own when there are several) and
# its bettor collects it
UNCALLED_WRITTEN = "written"
UNCALLED_SILENT_OR_COLLECTED = "silently or collected"
UNCALLED_COLLECTED = "collected"
UNCALLED_STAYS_IN_POT = "stays in the pot"
UNCALLED_WAYS = (UNCALLED_WRITTEN, UNCALLED_SILENT_OR_COLLECTED, UNCALLED_COLLECTED,
                 UNCALLED_STAYS_IN_POT)
ODD_CHIP_WORDS = {ODD_CHIP_FROM_BUTTON_LEFT: "first left of the button",
                  ODD_CHIP_FROM_BUTTON_BACKWARDS: "button, then to its right"}


@dataclass(frozen=True)
class RoomRules:
    name: str
    # who gets the odd chip of a split pot (ODD_CHIP_*)
    odd_chip: str = ODD_CHIP_FROM_BUTTON_LEFT
    # an uncalled bet written otherwise than the rules say (not written at all, as
    # PokerStars before 2006; the whole blind returned in a walk, as converters do)
    # is a warning, not a failure, when every player still ends with the same money
    lenient_uncalled_bets: bool = True
    # a player sitting out who is all-in on a blind is folded by the room
    sitting_out_all_in_folds: bool = True
    # any player all-in on a blind or ante, and no more, may be folded by the room (one
    # away from the table, though the room does not write them sitting out)
    blind_all_in_folds: bool = False
    # whether a name the room printed for a hand ("a pair of Kings") is right: the
    # room's own wording, judged by its own function; None: names are not judged
    hand_names: NamesAgree | None = None
    # fixed limit: one bet and three raises a round, heads-up too
    limit_cap: int = 4
    # the room closes each hand with its own account (a SUMMARY): one missing is a finding
    writes_summary: bool = True
    # the SUMMARY's total pot is what the room paid out of the pot: every collection,
    # the bet nobody called among them (paid back as collected), the rake and fees
    # beside it; False: the pot, the rake and fees in it, no uncalled bet
    total_pot_paid_out: bool = False
    # the SUMMARY's total pot is the pot after the rake and fees (what its winners
    # collected), no uncalled bet; False: the pot, the rake and fees in it
    total_pot_after_rake: bool = False
    # how the room gives back an uncalled bet (UNCALLED_*: the name of one of the
    # conventions of engine.rules.uncalled, which the replay asks)
    uncalled_bet: str = UNCALLED_WRITTEN
    # facing only players all-in for less, a call is the whole bet to call (the part
    # nobody can match comes back as an uncalled bet); False: only what they have in
    calls_whole_bet: bool = False
    # seats are numbered as places around a table of this many, whatever the table's
    # size (a 9-max table's seats numbered 1 to 10, one left out); None: 1 to its size
    seat_places: int | None = None
    # the number of a table's first seat: 0 where a room numbers a table of ten's seats
    # 0 to 9 (and its button on one of them)
    first_seat: int = 1
    # a player seated with no chips who plays anyway: the room had not recorded their
    # buy-in yet (they joined as the hand began); their stack is not known, so what
    # they put in is not judged against it, and they are all-in only where an action
    # says so
    zero_stack_not_known: bool = False
    # disconnect protection (old clients): a player who disconnects facing a bet is held
    # all-in for what they have in, written as an all-in that adds nothing; they stay
    # in for the pots they have matched, the others play on in a side pot
    disconnect_protection: bool = False
    # a straddle raises the big blind by what it adds: the next raise is by at least that
    # (PokerNow: a straddle of 0.04 over a big blind of 0.02, then a raise to 0.06); False:
    # by at least the straddle itself
    straddle_raises_by_its_increment: bool = False
    # the room may keep rake out of a pot whose account (a SUMMARY) it does not write: what
    # its winners collect short of the pot is its rake; False: it takes none (PokerNow's
    # home games), and a pot collected short is a finding
    rakes: bool = True
    # a player who covers every other player still in and goes all in is written putting
    # in only what the others can match (PokerNow: "raises to 34040 and go all in" with
    # more behind, or without the words): a bet or raise to all that every other player
    # still in can match is judged as an all-in (no minimum to reach)
    all_in_to_cover: bool = False
    # hand numbers rise from one hand to the next at a table (the audit between hands
    # checks it); False where a room numbers its hands otherwise
    hand_ids_increase: bool = True
    # a player keeps their name from hand to hand (False: the room names seats by their
    # place at the table, "Dealer", "UTG+1": stacks cannot be followed between hands)
    names_players: bool = True
    # the file's owner is known in every hand they play (False: a hand names its owner only
    # where they show their cards, PokerNow's "Your hand is" naming nobody): the audit then
    # follows a table's hands without the owner's seat
    names_the_owner: bool = True
    # a tournament player's rebuys are written in the hand with the chips they bought
    # (PokerStars, GGPoker: "re-buys and receives N chips"). Where not, and in a
    # tournament whose hands show rebuys (an add-on taken at a break is not written
    # even there), a stack that grew between two hands is no finding of the audit
    writes_rebuys: bool = False

    def __post_init__(self) -> None:
        if self.uncalled_bet not in UNCALLED_WAYS:
            raise ValueError(f"{self.name}: uncalled_bet={self.uncalled_bet!r} is none of "
                             f"{', '.join(map(repr, UNCALLED_WAYS))}")


DEFAULT = RoomRules("default")  # the standard rules, as most rooms play them
