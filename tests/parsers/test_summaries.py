"""Tournament summary files (parsers/base/summary.py, parsers/<room>/summary.py): each
room's summaries as the rooms write them (the lines as fpdb's regression files and
PokerCraft downloads have them; the names and numbers here are made up), read into a
result whose money is checked against the text by hand; imported beside the hands,
every tournament has its profit; the summaries of ../shared read without an error."""
from __future__ import annotations

import re
from decimal import Decimal

import pytest

from parsers.base.errors import ParseError
from parsers.ggpoker.summary import summary as gg
from parsers.pokerstars.summary import summary as stars
from parsers.registry import summary_room
from support.common import SAMPLES, SHARED, import_paths, query

STARS_KO_REENTRY = """\ufeffPokerStars Tournament #2874000001, No Limit Hold'em\r
Buy-In: $250.00/$250.00/$30.00 USD\r
959 players\r
Total Prize Pool: $315750.00 USD\r
Tournament started 2020/05/06 2:00:00 CUST [2020/05/05 18:00:00 ET]\r
Tournament finished 2020/05/06 7:04:30 CUST [2020/05/05 23:04:30 ET]\r
  1: Ann Example (Poland), $42,526.46 (13.468%)\r
  2: bob_b (Sweden), $42,525.65 (13.468%)\r
  71: cc [3] (Malta), $976.77 (0.309%)\r
  72: Hero [2] (Canada), $827.17 (0.261%)\r
  176: dd [2] (Poland),\r
\r
You finished in 72nd place.You finished the tournament (eliminated at\r
2020/05/06 2:54:01 CUST [2020/05/05 18:54:01 ET]).\r
\r
You made 1 re-entries for a total of $530.00.\r
\r
You collected 5 bounties for a total of USD 875.00.\r
"""
STARS_MAILED = """PokerStars Tournament #361700002, No Limit Hold'em
Buy-In: €0.42/€0.08 EUR
10 players
Total Prize Pool: €4.20 EUR
Tournament started 2011/02/06 22:17:47 CET [2011/02/06 16:17:47 ET]


Dear Somebody,

You finished the tournament in 2nd place. A EUR 0.90 award has been credited to your Real Money account.



Congratulations!

Thank you for participating.
"""
STARS_STILL_PLAYING = """PokerStars Tournament #3285600003, No Limit Hold'em
Buy-In: $50.00/$5.00 USD
96192 players
Total Prize Pool: $5000000.00 USD
Tournament started 2021/12/05 19:05:00 CET [2021/12/05 13:05:00 ET]

  1: "KibaDachi"® (Ukraine), still playing
  2: $it0uT [2] (Brazil), still playing
"""
GG_PKO_REENTRY = """Tournament #282066004, Bounty Hunters Deepstack Turbo $88, Hold'em No Limit
Buy-in: $40.96+$7.04+$40
523 Players
Total Prize Pool: $46,024.0
Tournament started 2026/05/01 14:00:00
12th : Hero, $40
You finished the tournament in 12th place.
You made 1 re-entries and received a total of $120.5.
"""
GG_VANILLA = """Tournament #273674805, Daily Hyper $80, Hold'em No Limit
Buy-in: $73.6+$6.4
108 Players
Total Prize Pool: $7,948.8
Tournament started 2026/03/31 19:45:00
42th : Hero, $0
You finished the tournament in 42th place.
You received a total of $0.
"""


def test_a_pokerstars_knockout_with_a_re_entry():
    r = stars(STARS_KO_REENTRY)
    assert (r.site, r.tournament_id, r.player, r.place) == ("PokerStars", "2874000001", "Hero", 72)
    # one entry: 250 + 250 + 30; one re-entry "for a total of $530.00": paid 1,060
    assert r.cost == Decimal("530.00") and r.bounty_part == Decimal("250.00")
    assert r.fee == Decimal("30.00") and r.entries == 2 and r.paid == Decimal("1060.00")
    # the 72nd place's prize and the 5 bounties' 875: received 1,702.17
    assert r.prize == Decimal("827.17") and r.bounties == Decimal("875.00")
    assert r.received == Decimal("1702.17") and r.profit == Decimal("642.17")
    assert r.players == 959 and r.prize_pool == Decimal("315750.00")
    assert r.currency == "USD" and f"{r.started:%Y-%m-%d %H:%M}" == "2020-05-06 02:00"


def test_a_mailed_pokerstars_summary_names_its_player():
    r = stars(STARS_MAILED)
    assert r.player == "Somebody" and r.place == 2 and r.entries == 1
    assert r.paid == Decimal("0.50") and r.received == Decimal("0.90")
    assert r.currency == "EUR" and r.profit == Decimal("0.40")


def test_a_tournament_still_running_has_no_result_yet():
    r = stars(STARS_STILL_PLAYING)
    assert r.place is None and r.received is None and r.profit is None
    assert r.paid == Decimal("55.00") and r.players == 96192


def test_ggpoker_summaries_count_the_bounties_in_what_was_received():
    r = gg(GG_PKO_REENTRY)
    assert (r.site, r.player, r.place, r.entries) == ("GGPoker", "Hero", 12, 2)
    # 40.96 + 7.04 + 40 = 88 an entry, twice; received 120.5 (bounties in it)
    assert r.cost == Decimal("88.00") and r.fee == Decimal("7.04")
    assert r.bounty_part == Decimal("40") and r.paid == Decimal("176.00")
    assert r.received == Decimal("120.5") and r.profit == Decimal("-55.50")
    assert r.name == "Bounty Hunters Deepstack Turbo $88"
    r = gg(GG_VANILLA)
    assert r.place == 42 and r.paid == Decimal("80.0") and r.profit == Decimal("-80.0")


def test_each_summary_is_told_by_its_first_line_and_a_damaged_one_is_said():
    assert summary_room(STARS_KO_REENTRY).name == "pokerstars"
    assert summary_room(GG_VANILLA).name == "ggpoker"
    assert summary_room("PokerStars Hand #1: Hold'em No Limit ($0.05/$0.10 USD)") is None
    with pytest.raises(ParseError):
        stars("PokerStars Tournament #1, No Limit Hold'em\nBuy-In: $1/$0.10 USD\n"
              "Tournament started 2020/13/45 99:00:00 ET\n")


def test_imported_beside_their_hands_every_tournament_has_its_profit(tmp_path):
    """sample_histories' simulated sit-and-gos and their summaries: each summary's
    profit as its own text says it (read here with a regular expression) is the
    tournament's on the Tournaments page's query, and a summary whose tournament has
    no hand is a tournament too."""
    from pipeline.read.queries import open_read_only
    from pipeline.read.tournaments import summary, tournaments
    folder = tmp_path / "files"
    folder.mkdir()
    summaries = sorted((SAMPLES / "simulated").glob("TS *.txt"))
    assert len(summaries) >= 3
    for path in (SAMPLES / "simulated").iterdir():
        (folder / path.name).write_bytes(path.read_bytes())
    (folder / "TS gg.txt").write_text(GG_PKO_REENTRY, encoding="utf-8")  # no hand of it
    db = tmp_path / "t.duckdb"
    import_paths(db, folder)
    assert query(db, "SELECT count(*) FROM tournament_results") == [(len(summaries) + 1,)]
    con = open_read_only(str(db))
    try:
        rows = {r["tournament_id"]: r for r in tournaments(con, "Hero").to_dicts()}
        totals = summary(con, "Hero")
    finally:
        con.close()
    for path in summaries:
        text = path.read_text("utf-8")
        tid = re.search(r"Tournament #(\d+)", text).group(1)
        parts = [Decimal(x) for x in re.findall(r"\$([\d.]+)", text.split("\n")[1])]
        place = int(re.search(r"You finished in (\d+)", text).group(1))
        prize = re.search(rf"\n  {place}: Hero \(\w+\),(?: \$([\d.,]+))?", text).group(1)
        received = Decimal(prize.replace(",", "")) if prize else Decimal(0)
        row = rows[tid]
        assert row["place"] == place and row["hands"] > 0
        assert row["profit"] == received - sum(parts), tid
    assert rows["282066004"]["profit"] == Decimal("-55.50") and rows["282066004"]["hands"] == 0
    assert totals["with_finish"] >= len(summaries) + 1


@pytest.mark.slow
def test_the_summaries_of_the_shared_folders_read_without_an_error(tmp_path):
    found = [p for folder in (SHARED / "corpus", SHARED / "wild") if folder.is_dir()
             for p in folder.rglob("*") if p.is_file() and p.stat().st_size < 5_000_000
             and summary_room(p.read_bytes()[:4096].decode("utf-8", "replace"))]
    if not found:
        pytest.skip(f"no tournament summary file in {SHARED} (corpus, wild): the summaries "
                    "are tested on the texts above")
    db = tmp_path / "s.duckdb"
    import_paths(db, *found)
    assert query(db, "SELECT count(*) FROM parse_errors WHERE reason LIKE 'tournament%'") == [(0,)]
    assert query(db, "SELECT count(*) FROM tournament_results")[0][0] == len(found)


def test_a_final_summary_takes_the_place_of_one_taken_mid_run(tmp_path):
    """The same tournament's summary saved while it ran (naming nobody) and once over
    (naming the player): one row, the last read; and GGPoker's lone standing is no
    payout structure."""
    first, final = tmp_path / "a", tmp_path / "b"
    first.mkdir()
    final.mkdir()
    (first / "TS mid.txt").write_text(STARS_STILL_PLAYING, encoding="utf-8")
    (final / "TS end.txt").write_text(
        STARS_STILL_PLAYING.replace("still playing\n  2: $it0uT [2] (Brazil), still playing",
                                    "$1,000.00 (0.02%)\n  2: Hero [2] (Brazil), $500.00 (0.01%)")
        + "\nYou finished in 2nd place.\n", encoding="utf-8")
    db = tmp_path / "t.duckdb"
    import_paths(db, first)
    import_paths(db, final)
    assert query(db, "SELECT player, place, entries, payouts FROM tournament_results") == [
        ("Hero", 2, 2, [Decimal("1000.00"), Decimal("500.00")])]
    assert gg(GG_PKO_REENTRY).payouts == ()
