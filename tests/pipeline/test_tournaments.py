"""Tournament results: buy-ins read into money, finishing lines of each room that
writes them, their rows in the store, and a player's tournaments and summary (checked
against sums of the stored rows, in SQL written here)."""
from __future__ import annotations

import re
from datetime import date
from decimal import Decimal as D
from pathlib import Path

import pytest
from support.common import CORPUS, import_paths, query

from engine.model.hand import Finish
from parsers.base.tourney import buy_in_cost, prize
from parsers.registry import room
from pipeline.read.queries import open_read_only
from pipeline.read.tournaments import summary, tournaments

WILD = CORPUS.parent / "wild"


# ---------------------------------------------------------------- buy-ins and prizes

@pytest.mark.parametrize("text, cost", [
    ("$5.00+$0.50 USD", (D("5.50"), "USD")),
    ("$5.00+$0.50", (D("5.50"), "USD")),
    ("$10+$10+$2", (D("22"), "USD")),  # prize pool, bounty, fee
    ("$1.00+$0.25+$0.15 USD", (D("1.40"), "USD")),
    ("€10+€1", (D("11"), "EUR")),
    ("£5.00+£0.50 GBP", (D("5.50"), "GBP")),
    ("₹136.50+₹13.50 INR", (D("150.00"), "INR")),
    ("€15.55+€0.95 Classic", (D("16.50"), "EUR")),  # Run It Once: the kind after it
    ("4,50€ + 0,50€", (D("5.00"), "EUR")),  # Winamax
    ("13,95 $ + 1,05 $", (D("15.00"), "USD")),  # 888
    ("$ 530 USD", (D("530"), "USD")),  # partypoker
    ("€30.00+€3.00", (D("33.00"), "EUR")),  # iPoker
    ("50FPP", (D("50"), "FPP")),  # points, not money: a currency of their own
    ("250 SC", (D("250"), "SC")),
    ("Freeroll", (D("0"), None)),
    ("Gratuit", (D("0"), None)),
    ("10 + 1", (D("11"), None)),  # no currency written
    ("Ticket only", (None, None)),
    ("$5+€1", (None, None)),  # two currencies are no sum
    ("", (None, None)),
    (None, (None, None)),
])
def test_a_buy_in_is_its_total_cost_and_currency(text, cost):
    assert buy_in_cost(text) == cost


def test_a_room_whose_buy_in_text_may_be_a_name_needs_a_fee():
    assert buy_in_cost("$2 + $0.25 Sit & Go", fee_required=True) == (D("2.25"), "USD")
    assert buy_in_cost("$1,000 Guarantee (3x Chance)", fee_required=True) == (None, None)
    assert buy_in_cost("$26 Super Turbo Matrix", fee_required=True) == (None, None)


@pytest.mark.parametrize("text, value", [
    ("$12.40", (D("12.40"), "USD")),
    ("$3 USD", (D("3"), "USD")),
    ("1,50 €", (D("1.50"), "EUR")),
    ("₹1520 .35", (D("1520.35"), "INR")),  # as a real PokerStars file writes it
    ("1500", (D("1500"), None)),
    ("a ticket", (None, None)),
    (None, (None, None)),
])
def test_a_prize_as_written(text, value):
    assert prize(text) == value


# ---------------------------------------------------------------- PokerStars

def stars_hand(hand_id: int, tournament: int, buy_in: str, winner: str, loser: str,
               when: str, results: str = "") -> str:
    """A heads-up all-in: ``winner`` (30000 chips) takes 12000 from ``loser``."""
    return f"""PokerStars Hand #{hand_id}: Tournament #{tournament}, {buy_in} Hold'em No Limit - Level XV (1000/2000) - {when} ET
Table '{tournament} 1' 9-max Seat #1 is the button
Seat 1: {winner} (30000 in chips)
Seat 2: {loser} (12000 in chips)
{winner}: posts small blind 1000
{loser}: posts big blind 2000
*** HOLE CARDS ***
Dealt to Hero [Ah Kh]
{winner}: raises 28000 to 30000 and is all-in
{loser}: calls 10000 and is all-in
Uncalled bet (18000) returned to {winner}
*** FLOP *** [2c 7d 9s]
*** TURN *** [2c 7d 9s] [Jh]
*** RIVER *** [2c 7d 9s Jh] [3d]
*** SHOW DOWN ***
{winner}: shows [Qs Qd] (a pair of Queens)
{loser}: shows [Ah Kh] (high card Ace)
{winner} collected 24000 from pot
{results}*** SUMMARY ***
Total pot 24000 | Rake 0
Board [2c 7d 9s Jh 3d]
Seat 1: {winner} (button) (small blind) showed [Qs Qd] and won (24000) with a pair of Queens
Seat 2: {loser} (big blind) showed [Ah Kh] and lost with high card Ace

"""


FINAL = stars_hand(
    900001, 555, "$10+$10+$2 USD", "Alice", "Hero", "2024/03/01 20:00:00",
    "Hero finished the tournament in 2nd place and received $150.40.\n"
    "Alice wins the tournament and receives $230.36 - congratulations!\n")


def test_pokerstars_reads_the_finishes_and_the_buy_in():
    hand = room("pokerstars").parse(FINAL.strip())
    assert hand.finishes == (Finish("Hero", 2, D("150.40"), "USD"),
                             Finish("Alice", 1, D("230.36"), "USD"))
    assert (hand.buy_in, hand.buy_in_amount, hand.buy_in_currency) == (
        "$10+$10+$2 USD", D("22"), "USD")


def test_pokerstars_a_finish_without_a_prize_and_a_prize_not_money():
    text = stars_hand(900002, 556, "Freeroll", "Alice", "Bob", "2024/03/01 20:00:00",
                      "Bob finished the tournament in 84th place\n"
                      "Carl finished the tournament in 3rd place and received a ticket.\n")
    hand = room("pokerstars").parse(text.strip())
    assert hand.finishes == (Finish("Bob", 84, None, None), Finish("Carl", 3, None, None))
    assert (hand.buy_in_amount, hand.buy_in_currency) == (D("0"), None)


def test_a_cash_hand_has_no_buy_in():
    hand = room("pokerstars").parse(FINAL.replace(
        "Tournament #555, $10+$10+$2 USD Hold'em No Limit - Level XV (1000/2000)",
        "Hold'em No Limit ($1000/$2000 USD)").strip())
    assert hand.tournament_id is None and hand.buy_in_amount is None and hand.finishes == ()


def test_pokerstars_real_finishing_lines(corpus):
    path = corpus / "holdem" / "stars" / "tour" / "NLHE-USD-MTT-1-KO.201008.txt"
    text = path.read_text("utf-8-sig")
    at = text.index("stefan_bg_46 finished the tournament in 6th place")
    start = text.rindex("PokerStars ", 0, at)
    end = text.find("\n\n", at)
    hand = room("pokerstars").parse(text[start:end].replace("\r\n", "\n"))
    assert set(hand.finishes) >= {Finish("stefan_bg_46", 6, D("4.72"), "USD"),
                                  Finish("seric1975", 7, D("3.82"), "USD")}
    assert hand.buy_in_amount is not None and hand.buy_in_currency == "USD"


# ---------------------------------------------------------------- other rooms

def _first_hand(path: Path) -> str:
    text = path.read_text("utf-8-sig").replace("\r\n", "\n").strip()
    return re.split(r"\n[ \t]*\n", text)[0]


def _with_line(hand: str, line: str) -> str:
    return hand.replace("*** SUMMARY ***", f"{line}\n*** SUMMARY ***", 1)


def test_winning_poker_network_reads_its_finishing_line(corpus):
    path = corpus / "holdem" / "winning" / "tour" / "NLHE-8max-NA-0-0-202207.GTD.txt"
    hand = room("winning").parse(_with_line(
        _first_hand(path), "Player4 finished the tournament in 132nd place"))
    assert hand.finishes == (Finish("Player4", 132),)
    assert hand.buy_in == "$5,000 GTD" and hand.buy_in_amount is None  # a name, not a cost


def test_full_tilt_reads_its_finishing_lines(corpus):
    path = (corpus / "holdem" / "ftp" / "tour"
            / "NLHE-USD-STT-2-20100323.Allin.with.less.than.sb.txt")
    hand = room("fulltilt").parse(_with_line(_with_line(
        _first_hand(path), "Player8 finishes in 3rd place and receives $4.50"),
        "Player2 wins the tournament and receives $9"))
    assert hand.finishes == (Finish("Player8", 3, D("4.50"), "USD"),
                             Finish("Player2", 1, D("9"), "USD"))
    assert (hand.buy_in_amount, hand.buy_in_currency) == (D("2.25"), "USD")


def test_partypoker_real_finishing_lines(corpus, tmp_path):
    db = tmp_path / "party.duckdb"
    import_paths(db, corpus / "holdem" / "partypoker")
    rows = query(db, "SELECT tournament_id, player, place, prize, currency"
                     " FROM tournament_finishes ORDER BY tournament_id, place")
    assert ("128487129", "Hero", 1, D("3.00"), "USD") in rows
    assert ("128487129", "Player1", 2, None, None) in rows
    assert ("71487580", "Player8", 4169, None, None) in rows  # "finished in 4 169."
    cost = query(db, "SELECT DISTINCT buy_in, buy_in_amount, buy_in_currency FROM hands"
                     " WHERE tournament_id = '128487129'")
    assert cost == [("$1 USD", D("1.00"), "USD")]


# ---------------------------------------------------------------- the store

def test_finishes_and_buy_ins_are_stored_once(tmp_path):
    files = tmp_path / "files"
    files.mkdir()
    (files / "a.txt").write_text(FINAL)
    (files / "b.txt").write_text(FINAL)  # the same hand in another file
    db = tmp_path / "t.duckdb"
    import_paths(db, files)
    import_paths(db, files)  # and imported again
    assert query(db, "SELECT site, hand_id, tournament_id, player, place, prize, currency"
                     " FROM tournament_finishes ORDER BY place") == [
        ("PokerStars", "900001", "555", "Alice", 1, D("230.36"), "USD"),
        ("PokerStars", "900001", "555", "Hero", 2, D("150.40"), "USD")]
    assert query(db, "SELECT buy_in, buy_in_amount, buy_in_currency FROM hands") == [
        ("$10+$10+$2 USD", D("22.00"), "USD")]
    types = dict(query(db, "SELECT column_name, data_type FROM information_schema.columns"
                           " WHERE table_name IN ('tournament_finishes', 'hands')"
                           " AND column_name IN ('prize', 'buy_in_amount')"))
    assert types == {"prize": "DECIMAL(18,2)", "buy_in_amount": "DECIMAL(18,2)"}


def test_a_hand_read_again_when_its_file_grows_keeps_its_finishes_once(tmp_path):
    first = stars_hand(900010, 777, "$5.00+$0.50 USD", "Hero", "Bob", "2024/03/02 10:00:00",
                       "Bob finished the tournament in 9th place\n")
    live = tmp_path / "live" / "t.txt"
    live.parent.mkdir()
    cut = FINAL.index("Seat 2: Hero (big blind)")
    live.write_text(first + FINAL[:cut])  # the second hand's SUMMARY is not whole yet
    db = tmp_path / "t.duckdb"
    import_paths(db, live.parent)
    assert query(db, "SELECT player FROM tournament_finishes") == [("Bob",)]
    live.write_text(first + FINAL)
    import_paths(db, live.parent)
    assert query(db, "SELECT player, count(*) FROM tournament_finishes GROUP BY player"
                     " ORDER BY player") == [("Alice", 1), ("Bob", 1), ("Hero", 1)]


# ---------------------------------------------------------------- the player's tournaments

def _history() -> str:
    """Hero's tournaments: two in dollars (one won in the money, one lost), one in
    euros finished out of the money, a freeroll paying dollars, one still running."""
    return "".join([
        stars_hand(1001, 11, "$10+$10+$2 USD", "Hero", "Ann", "2024/01/05 20:00:00",
                   "Ann finished the tournament in 3rd place and received $40.00.\n"),
        stars_hand(1002, 11, "$10+$10+$2 USD", "Bea", "Hero", "2024/01/05 20:30:00",
                   "Hero finished the tournament in 2nd place and received $61.50.\n"),
        stars_hand(1003, 12, "$5.00+$0.50 USD", "Cal", "Hero", "2024/01/06 18:00:00",
                   "Hero finished the tournament in 40th place\n"),
        stars_hand(1004, 13, "€4.50+€0.50 EUR", "Hero", "Dan", "2024/02/01 18:00:00"),
        stars_hand(1005, 13, "€4.50+€0.50 EUR", "Eve", "Hero", "2024/02/01 19:00:00",
                   "Hero finished the tournament in 7th place\n"),
        stars_hand(1006, 14, "Freeroll", "Hero", "Fay", "2024/03/01 18:00:00",
                   "Hero wins the tournament and receives $2.00 - congratulations!\n"),
        stars_hand(1007, 15, "$5.00+$0.50 USD", "Hero", "Gus", "2024/04/01 18:00:00"),
    ])


@pytest.fixture(scope="module")
def history(tmp_path_factory):
    folder = tmp_path_factory.mktemp("history")
    (folder / "hero.txt").write_text(_history())
    db = folder / "h.duckdb"
    summary_ = import_paths(db, folder)
    assert summary_.parse_errors == 0
    return db


def test_one_row_per_tournament_with_its_figures(history):
    con = open_read_only(str(history))
    try:
        frame = tournaments(con, "Hero")
    finally:
        con.close()
    assert frame["tournament_id"].to_list() == ["11", "12", "13", "14", "15"]
    # independent sums over the stored rows
    expected = query(history, """
        SELECT h.tournament_id, count(*), sum(p.net), max(h.buy_in_amount)
        FROM hands h JOIN hand_players p ON p.site = h.site AND p.hand_id = h.hand_id
        WHERE p.player = 'Hero' GROUP BY 1 ORDER BY 1""")
    got = list(zip(frame["tournament_id"], frame["hands"], frame["chips_won"],
                   frame["buy_in_amount"]))
    assert got == expected
    finishes = dict(query(history, "SELECT tournament_id, place FROM tournament_finishes"
                                   " WHERE player = 'Hero'"))
    assert dict(zip(frame["tournament_id"], frame["place"])) == {
        t: finishes.get(t) for t in frame["tournament_id"]}
    row = frame.row(0, named=True)
    assert (row["buy_in"], row["currency"], row["prize"]) == ("$10+$10+$2 USD", "USD",
                                                            D("61.50"))
    freeroll = frame.row(3, named=True)
    assert (freeroll["buy_in_amount"], freeroll["currency"]) == (D("0"), "USD")


def test_the_summary_sums_each_currency_apart(history):
    con = open_read_only(str(history))
    try:
        result = summary(con, "Hero")
    finally:
        con.close()
    paid = dict(query(history, """
        SELECT coalesce(t.buy_in_currency, f.currency), sum(t.buy_in_amount)
        FROM (SELECT DISTINCT h.tournament_id, h.buy_in_amount, h.buy_in_currency
              FROM hands h JOIN hand_players p ON p.site = h.site AND p.hand_id = h.hand_id
              WHERE p.player = 'Hero') t
        LEFT JOIN tournament_finishes f ON f.tournament_id = t.tournament_id
             AND f.player = 'Hero'
        GROUP BY 1"""))
    won = dict(query(history, "SELECT currency, sum(prize) FROM tournament_finishes"
                              " WHERE player = 'Hero' AND prize IS NOT NULL GROUP BY 1"))
    assert {c: v["buy_ins"] for c, v in result["by_currency"].items()} == paid
    assert {c: v["prizes"] for c, v in result["by_currency"].items() if v["prizes"]} == won
    usd = result["by_currency"]["USD"]
    assert usd["tournaments"] == 4
    # ROI over the tournaments whose finish is known as well as their buy-in
    (finished, cost), = query(history, """
        SELECT count(*), sum(t.buy_in_amount)
        FROM (SELECT DISTINCT h.tournament_id, h.buy_in_amount, h.buy_in_currency FROM hands h
              JOIN hand_players p ON p.site = h.site AND p.hand_id = h.hand_id
              WHERE p.player = 'Hero' AND h.buy_in_amount IS NOT NULL) t
        JOIN tournament_finishes f ON f.player = 'Hero' AND f.tournament_id = t.tournament_id
        WHERE coalesce(t.buy_in_currency, f.currency) = 'USD'""")
    assert usd["roi_tournaments"] == finished
    assert usd["roi_buy_ins"] == cost  # what the ROI is over, shown beside it
    assert usd["roi"] == ((won["USD"] - cost) * 100 / cost).quantize(D("0.01"))
    assert result["by_currency"]["EUR"]["roi"] == D("-100.00")
    assert (result["tournaments"], result["with_finish"], result["in_the_money"]) == (5, 4, 2)
    assert result["itm"] == D("50.00")


def test_tournaments_are_chosen_by_the_day_they_started_and_by_site(history):
    con = open_read_only(str(history))
    try:
        february = tournaments(con, "Hero", since=date(2024, 2, 1), until=date(2024, 2, 1))
        elsewhere = tournaments(con, "Hero", sites=("GGPoker",))
        nobody = summary(con, "Nobody")
    finally:
        con.close()
    assert february["tournament_id"].to_list() == ["13"]
    assert elsewhere.height == 0
    assert nobody == {"tournaments": 0, "with_finish": 0, "in_the_money": 0, "itm": None,
                      "by_currency": {}}


# ---------------------------------------------------------------- final-table all-ins (ICM)

def test_final_table_all_ins_are_worth_what_an_enumeration_made_here_says(tmp_path):
    """The simulated sit-and-gos of sample_histories with their summaries: each heads-up
    all-in's ICM figures equal a count over every finishing order made here, from the
    stacks as stored and the payouts as the summary's text lists them."""
    from fractions import Fraction
    from itertools import permutations
    from support.common import SAMPLES
    from pipeline.read.tournaments import final_table_allins

    db = tmp_path / "s.duckdb"
    import_paths(db, SAMPLES / "simulated")
    con = open_read_only(str(db))
    try:
        rows = final_table_allins(con, "Hero")
    finally:
        con.close()
    assert len(rows) >= 4

    def worth(stacks: list, payouts: list, me: int) -> Fraction:
        alive = [i for i, s in enumerate(stacks) if s > 0]
        out_ = [i for i, s in enumerate(stacks) if s <= 0]
        if me in out_:  # out: the places after those still in, the larger stack before first
            place = len(alive) + out_.index(me)
            return Fraction(payouts[place]) if place < len(payouts) else Fraction(0)
        total = Fraction(0)
        for order in permutations(alive):
            p, left = Fraction(1), sum(Fraction(stacks[i]) for i in alive)
            for i in order:
                p *= Fraction(stacks[i]) / left
                left -= Fraction(stacks[i])
            place = order.index(me)
            total += p * (Fraction(payouts[place]) if place < len(payouts) else 0)
        return total

    for r in rows[:6]:
        text = next((SAMPLES / "simulated").glob(f"TS * T{r['tournament_id']}.txt")).read_text()
        payouts = [D(x.replace(",", "")) for x in re.findall(r"^  \d+: .*?, \$([\d.,]+)", text,
                                                            re.M)]
        seats = query(db, "SELECT player, stack, invested, net FROM hand_players WHERE"
                          " site = ? AND hand_id = ? AND stack > 0 ORDER BY stack DESC, seat",
                      [r["site"], r["hand_id"]])
        names = [s[0] for s in seats]
        me = names.index("Hero")
        before = [s[1] for s in seats]
        after = [s[1] + s[3] for s in seats]
        now = worth(before, payouts, me)
        assert r["icm_before"] == (D(now.numerator) / D(now.denominator)).quantize(D("0.01"))
        fell = worth(after, payouts, me) - now
        assert r["icm_result"] == (D(fell.numerator) / D(fell.denominator)).quantize(D("0.01"))
