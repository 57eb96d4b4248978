"""Hands written out in the tests of several layers."""

THREE_WAY_PREFLOP = """PokerStars Hand #240000009001: Tournament #3900000009, $5.00+$0.50 USD Hold'em No Limit - Level III (25/50) - 2026/11/05 21:04:11 CET [2026/11/05 15:04:11 ET]
Table '3900000009 1' 9-max Seat #1 is the button
Seat 1: Shorty (300 in chips)
Seat 2: Hero (1000 in chips)
Seat 3: Villain (1500 in chips)
Hero: posts small blind 25
Villain: posts big blind 50
*** HOLE CARDS ***
Dealt to Hero [As Ad]
Shorty: raises 250 to 300 and is all-in
Hero: raises 700 to 1000 and is all-in
Villain: calls 950
*** FLOP *** [2c 7d 9h]
*** TURN *** [2c 7d 9h] [Ts]
*** RIVER *** [2c 7d 9h Ts] [3s]
*** SHOW DOWN ***
Hero: shows [As Ad] (a pair of Aces)
Villain: shows [Kc Kd] (a pair of Kings)
Shorty: shows [7h 8h] (a pair of Sevens)
Hero collected 1400 from side pot
Hero collected 900 from main pot
*** SUMMARY ***
Total pot 2300 Main pot 900. Side pot 1400. | Rake 0
Board [2c 7d 9h Ts 3s]
Seat 1: Shorty (button) showed [7h 8h] and lost with a pair of Sevens
Seat 2: Hero (small blind) showed [As Ad] and won (2300) with a pair of Aces
Seat 3: Villain (big blind) showed [Kc Kd] and lost with a pair of Kings



"""



# a 6-max PokerStars cash hand's head, up to the hole cards: the players named by seat
SIX_MAX = """PokerStars Hand #100000000001:  Hold'em No Limit ($0.05/$0.10 USD) - 2024/03/09 21:15:02 CET [2024/03/09 15:15:02 ET]
Table 'Alcor' 6-max Seat #4 is the button
Seat 1: UTGp ($10 in chips)
Seat 2: HJp ($10 in chips)
Seat 3: COp ($10 in chips)
Seat 4: BTNp ($10 in chips)
Seat 5: SBp ($10 in chips)
Seat 6: BBp ($10 in chips)
SBp: posts small blind $0.05
BBp: posts big blind $0.10
*** HOLE CARDS ***
"""
FOLDS_TO = "UTGp: folds\nHJp: folds\nCOp: folds\n"  # (the first three fold)


def stat_flags(body: str, head: str = SIX_MAX, effective: bool = False):
    """player -> (the stats they had a chance at, the stats they did) of the hand
    ``head + body`` (pipeline/stats/flags.py); with ``effective``, player -> their
    effective stack in big blinds."""
    from engine.model.positions import positions
    from parsers.pokerstars import parse_hand
    from pipeline.stats.flags import hand_flags

    h = parse_hand(head + body.strip("\n") + "\n")
    pos = positions([s.seat for s in h.seats if not s.sitting_out], h.button_seat,
                    next(s.seat for s in h.seats if s.player == h.actions[1].player))
    got = hand_flags(h, pos)
    if effective:
        return {p: f.effective_bb for p, f in got.items()}
    return {p: (f.chance, f.done) for p, f in got.items()}
