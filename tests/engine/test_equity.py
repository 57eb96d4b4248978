"""Exact all-in equity, checked on cases computed by hand."""
from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from engine.equity.allin import pot_equities
from engine.rules.pots import Pot

POT = Pot(Decimal(100), frozenset({"A", "B"}))


def test_turn_all_in_counts_the_rivers():
    # A: As Ad, B: Kc Kd on 2c 7d Ts 3h: B wins only with one of the two kings left
    # of the 44 rivers (the Ks and the Kh): 2/44
    (eq,) = pot_equities(["2c", "7d", "Ts", "3h"], {"A": ("As", "Ad"), "B": ("Kc", "Kd")}, [POT])
    assert eq == {"A": Fraction(42, 44), "B": Fraction(2, 44)}


def test_flop_all_in_enumerates_turn_and_river():
    # A: As Ks, B: Ah Kh on Qd Jc 2d: the same ranks, no flush possible for either
    # (one spade, one heart): every board ties, half the pot each
    (eq,) = pot_equities(["Qd", "Jc", "2d"], {"A": ("As", "Ks"), "B": ("Ah", "Kh")}, [POT])
    assert eq == {"A": Fraction(1, 2), "B": Fraction(1, 2)}


def test_flop_all_in_drawing_dead():
    # A holds quads: B cannot win on any turn and river
    (eq,) = pot_equities(["As", "Ad", "7c"], {"A": ("Ah", "Ac"), "B": ("Kh", "Qh")}, [POT])
    assert eq == {"A": Fraction(1), "B": Fraction(0)}


def test_three_way_with_a_side_pot():
    # C is all-in for the main pot only; the side pot is A against B
    main = Pot(Decimal(30), frozenset({"A", "B", "C"}))
    side = Pot(Decimal(40), frozenset({"A", "B"}))
    hole = {"A": ("As", "Ad"), "B": ("Kc", "Kd"), "C": ("Qh", "Qs")}
    eq_main, eq_side = pot_equities(["2c", "7d", "Ts", "3h"], hole, [main, side])
    # side pot: B needs one of 2 kings among 42 rivers (44 unseen minus the two queens)
    assert eq_side == {"A": Fraction(40, 42), "B": Fraction(2, 42)}
    # main pot: B wins with a king (2 left), C with a queen (Qd, Qc left), A otherwise
    assert eq_main == {"A": Fraction(38, 42), "B": Fraction(2, 42), "C": Fraction(2, 42)}


def test_heads_up_preflop_reads_the_table_and_equals_the_walk():
    """A heads-up preflop deal with no other card known is read from the table; with a
    folded hand shown (out of the deck) it is walked. Either way round, the shares of
    one pot add up to one, and the table's equal the walk's."""
    from engine.equity import board_walk
    hole = {"A": ("As", "Ah"), "B": ("Kd", "Qd")}
    (table,) = pot_equities([], hole, [POT])
    (swapped,) = pot_equities([], {"B": hole["B"], "A": hole["A"]}, [POT])
    assert table == swapped and sum(table.values()) == 1
    index = board_walk.INDEX
    boards, (won,) = board_walk.shares([[index[c] for c in hole[p]] for p in "AB"], [], [],
                                       [[0, 1]])
    assert table == {"A": Fraction(won[0], boards * 2520), "B": Fraction(won[1], boards * 2520)}
    (dead,) = pot_equities([], hole, [POT], dead=["Ac", "Ad"])  # two aces folded, shown
    assert dead["A"] < table["A"] and sum(dead.values()) == 1


def test_walk_agrees_with_the_eval7_enumeration_on_random_flop_and_turn_all_ins():
    import random

    from engine.model.cards import DECK
    from engine.equity.allin import enumerated
    rng = random.Random(5)
    for _ in range(40):
        cards = rng.sample(DECK, 2 * 3 + 4)
        hole = {"A": tuple(cards[0:2]), "B": tuple(cards[2:4]), "C": tuple(cards[4:6])}
        board = cards[6:6 + rng.choice((3, 4))]
        pots = [Pot(Decimal(30), frozenset(hole)), Pot(Decimal(20), frozenset({"A", "B"}))]
        assert pot_equities(board, hole, pots) == enumerated(board, hole, pots)


def test_a_deal_seen_again_is_read_from_the_memo_under_its_new_names():
    """The memo is by the players' places: the same deal with other names (or the
    players listed the other way) gives each player their own share again."""
    from engine.equity import allin
    allin._shares.cache_clear()
    board = ["2c", "7d", "9h"]
    first = pot_equities(board, {"A": ["Ah", "Ad"], "B": ["Kc", "Ks"], "C": ["9c", "8c"]},
                         [Pot(Decimal(30), ("A", "B", "C")), Pot(Decimal(10), ("A", "B"))])
    again = pot_equities(board, {"X": ["Ah", "Ad"], "Y": ["Kc", "Ks"], "Z": ["9c", "8c"]},
                         [Pot(Decimal(30), ("X", "Y", "Z")), Pot(Decimal(10), ("X", "Y"))])
    turned = pot_equities(board, {"C": ["9c", "8c"], "B": ["Kc", "Ks"], "A": ["Ah", "Ad"]},
                          [Pot(Decimal(30), ("A", "B", "C")), Pot(Decimal(10), ("A", "B"))])
    assert allin._shares.cache_info().hits == 1  # X Y Z: the same places; C B A: not
    assert [{"XYZ"["ABC".index(p)]: v for p, v in pot.items()} for pot in first] == again
    assert turned == first
    assert first[1]["A"] + first[1]["B"] == 1 and first[0]["C"] > 0
