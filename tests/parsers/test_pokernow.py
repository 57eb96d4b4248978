"""PokerNow.club's game logs (CSV, newest row first): how a hand's rows are found and put
in order, its grammar, builder and rules, on the hand-written logs of
sample_histories/pokernow; each player's net against a count made here from the rows."""
from __future__ import annotations

import csv
import io
import re
from collections import defaultdict
from dataclasses import replace
from decimal import Decimal as D

import pytest
from support.common import SAMPLES, import_paths, query

from engine.model.hand import Hand, Kind, UnsupportedHand
from engine.rules.replay import replay, smallest_chip
from parsers.base.errors import ParseError
from parsers.base.split import decode, split_hands
from parsers.pokernow import ROOM, RULES, parse
from parsers.registry import detect

FOLDER = SAMPLES / "pokernow"
CASH = FOLDER / "poker_now_log_handwritten_cash.csv"
CENTS = FOLDER / "poker_now_log_handwritten_cents_2021.csv"
ALICE, BOB, DAN, FINN = ("Alice @ a1B2c3D4e5", "Bob @ f6G7h8I9j0", "Dan @ p6Q7r8S9t0",
                         "Finn @ z1Y2x3W4v5")


def raw_hands(path):
    text, enc = decode(path.read_bytes())
    return split_hands(text, ROOM, enc)


def hands(path) -> dict[str, Hand | UnsupportedHand]:
    """Each hand of a log by its number in the game ("#2")."""
    out = {}
    for raw in raw_hands(path):
        number = re.search(r"-- ending hand #(\d+) --", raw.text).group(1)
        out[number] = parse(raw.text)
    return out


def test_a_log_is_detected_and_split_newest_first():
    text = CASH.read_text("utf-8")
    assert detect(text) is ROOM
    raws = raw_hands(CASH)
    assert len(raws) == 4 and all(r.complete and r.stray is None for r in raws)
    # each hand's rows run from its ending row down to its starting row
    assert raws[0].text.startswith('"-- ending hand #4 --"')


def test_hands_verify_and_their_facts():
    h = hands(CASH)
    assert {n: ROOM.judge(x).status for n, x in h.items() if isinstance(x, Hand)} == \
        dict.fromkeys("1234", "ok")
    first = h["1"]
    assert (first.site, first.hand_id, first.currency, first.table) == \
        ("PokerNow", "xq1u7wcd2h4k", "play", "PokerNow")
    assert (first.stakes.small_blind, first.stakes.big_blind) == (D(10), D(20))
    assert str(first.played_at_utc) == "2026-11-20 19:00:10"
    assert first.button_seat == 1 and first.hero is None  # (the owner does not show)


def test_the_owner_is_who_shows_their_cards():
    second = hands(CASH)["2"]
    assert second.hero == ALICE
    assert next(s for s in second.seats if s.player == ALICE).hole_cards == ("Qh", "Qc")


def test_amounts_are_street_totals():
    second = hands(CASH)["2"]
    bob = [(a.street.name, a.kind, a.amount) for a in second.actions if a.player == BOB]
    # "calls 600" after his bet of 200: 400 more
    assert ("TURN", Kind.CALL, D(400)) in bob
    assert second.nets()[ALICE] == D(1310) and second.nets()[BOB] == D(-1250)


def test_a_straddle_and_the_covering_raise():
    third = hands(CASH)["3"]
    straddle = next(a for a in third.actions if a.kind == Kind.POST_STRADDLE)
    assert (straddle.player, straddle.amount) == (ALICE, D(40))
    assert ROOM.judge(third).status == "ok"


def test_a_raise_after_a_straddle_by_the_straddle_s_increment():
    """PokerNow lets the raise after a straddle of 40 (over a big blind of 20) be to 60."""
    raw = raw_hands(CASH)[1].text  # hand #3
    cara, eve = '"""Cara @ k1L2m3N4o5""', '"""Eve @ u1V2w3X4y5""'
    text = raw.replace(f'{cara} calls 40"', f'{cara} raises to 60"') \
        .replace(f'{eve} calls 40"', f'{eve} calls 60"') \
        .replace('"""Alice @ a1B2c3D4e5"" checks",2026-11-20T19:02:02', '"""Alice @ a1B2c3D4e5"" calls 60",2026-11-20T19:02:02') \
        .replace("collected 330 from pot", "collected 390 from pot")
    h = parse(text)
    assert ROOM.judge(h).status == "ok", {f.code for f in replay(h, RULES).findings}
    strict = replace(RULES, straddle_raises_by_its_increment=False)
    assert "RAISE_TOO_SMALL" in {f.code for f in replay(h, strict).findings}


def test_a_hand_run_twice():
    fourth = hands(CASH)["4"]
    assert len(fourth.boards) == 2 and fourth.boards[1][:3] == ("Kd", "5c", "8h")
    assert [(c.player, c.amount, c.run) for c in fourth.collects] == \
        [(ALICE, D(2005), 1), (BOB, D(2005), 2)]


def test_another_game_and_a_bomb_pot_are_unsupported():
    raw = raw_hands(CASH)[0].text  # hand #4
    omaha = parse(raw.replace("No Limit Texas Hold'em", "Pot Limit Omaha Hi"))
    assert isinstance(omaha, UnsupportedHand) and omaha.game == "Omaha Hi"
    bomb = raw.replace('"""Bob @ f6G7h8I9j0"" raises to 60"',
                       '"""Bob @ f6G7h8I9j0"" posts a bet of 20 (bomb pot bet)"')
    h = parse(bomb)
    assert isinstance(h, UnsupportedHand) and h.game == "Hold'em bomb pot"


def test_cents_a_dead_button_and_a_muck_by_silence():
    h = hands(CENTS)
    assert {ROOM.judge(x).status for x in h.values()} == {"ok"}
    dead = h["11"]
    assert dead.hand_id.startswith("11-")  # (2021: no id written)
    assert dead.button_seat == 7  # the empty seat before the small blind's (#8)
    assert smallest_chip(dead) == D("0.01") and smallest_chip(hands(CASH)["1"]) == D(1)
    assert dead.hero == DAN


def test_the_covering_all_in_rule_matters():
    """Bob covers Alice: PokerNow writes a call of his all-in, by the bigger stack,
    as "raises to" the amount she can match; without the rule the raise is too small."""
    raw = raw_hands(CASH)[0].text  # hand #4: Bob (2000) all in, Alice (3340) calls
    text = raw.replace('"""Alice @ a1B2c3D4e5"" calls 2000"',
                       '"""Alice @ a1B2c3D4e5"" raises to 2000"')
    h = parse(text)
    assert ROOM.judge(h).status == "ok"  # read as the call it is
    # Alice covering: "raises to" Bob's whole stack after his raise to 1500, as the room writes it
    covered = raw.replace('"""Bob @ f6G7h8I9j0"" raises to 2000 and go all in"',
                          '"""Bob @ f6G7h8I9j0"" raises to 1500"') \
        .replace('"""Alice @ a1B2c3D4e5"" calls 2000"', '"""Alice @ a1B2c3D4e5"" raises to 2000 and go all in"\n'
                 '"""Bob @ f6G7h8I9j0"" calls 2000 and go all in"')
    lines = covered.split("\n")
    # (newest first: Bob's call must come above Alice's raise)
    i = next(k for k, line in enumerate(lines) if "Alice @ a1B2c3D4e5\"\" raises to 2000" in line)
    lines[i], lines[i + 1] = lines[i + 1], lines[i]
    h = parse("\n".join(lines))
    codes = {f.code for f in replay(h, RULES).findings}
    assert codes == set()
    assert "RAISE_TOO_SMALL" in {f.code for f in replay(h, replace(RULES, all_in_to_cover=False)).findings}


def test_a_missed_big_blind_is_a_street_total():
    """Back on the small blind: "posts a small blind of 10", "posts a missing small blind
    of 10" (dead), "posts a missed big blind of 30" (to 30 in all, 20 more)."""
    raw = raw_hands(CASH)[3].text  # hand #1: Bob on the small blind
    text = raw.replace('"""Bob @ f6G7h8I9j0"" posts a small blind of 10"',
                       '"""Bob @ f6G7h8I9j0"" posts a missed big blind of 30"\n'
                       '"""Bob @ f6G7h8I9j0"" posts a missing small blind of 10"\n'
                       '"""Bob @ f6G7h8I9j0"" posts a small blind of 10"')
    text = text.replace("collected 130 from pot", "collected 160 from pot")
    h = parse(text)
    bob = [(a.kind, a.amount) for a in h.actions if a.player == BOB]
    assert bob[:3] == [(Kind.POST_SB, D(10)), (Kind.POST_DEAD, D(10)), (Kind.POST_BB, D(20))]
    assert h.nets()[BOB] == D(-40) and ROOM.judge(h).status == "ok"


def test_a_pot_collected_short_is_a_finding():
    """PokerNow takes no rake: a pot collected short is wrong, in cents too."""
    raw = raw_hands(CENTS)[0].text  # hand #11
    short = parse(raw.replace("collected 0.40 from pot", "collected 0.30 from pot"))
    assert "RAKE_MISMATCH" in {f.code for f in replay(short, RULES).findings}
    assert "RAKE_MISMATCH" not in {f.code for f in replay(short, replace(RULES, rakes=True)).findings}


def test_a_player_renamed_in_the_hand_keeps_the_seat_s_name():
    """A login in the middle of a hand changes the player's id: the rest of the hand is
    read as the seats' line named them."""
    lines = raw_hands(CASH)[2].text.split("\n")  # hand #2, newest row first
    flop = next(i for i, line in enumerate(lines) if line.startswith('"Flop:'))
    later = [line.replace("Bob @ f6G7h8I9j0", "Bob @ NEWID12345") for line in lines[:flop]]
    change = ('"The player ""Bob @ NEWID12345"" changed the ID from f6G7h8I9j0 to NEWID12345 '
              'because authenticated login.",2026-11-20T19:00:59.000Z,179520125900099')
    h = parse("\n".join(later + [change] + lines[flop:]))
    assert ROOM.judge(h).status == "ok"
    assert {a.player for a in h.actions} == {ALICE, BOB, "Cara @ k1L2m3N4o5", DAN}


def test_a_changed_amount_is_found():
    raw = raw_hands(CASH)[2].text  # hand #2
    wrong = raw.replace("collected 2560 from pot", "collected 2650 from pot")
    assert ROOM.judge(parse(wrong)).status == "failed"


def test_a_parse_error_names_the_line_of_the_file():
    raw = raw_hands(CASH)[2]
    bad = raw.text.replace('"""Bob @ f6G7h8I9j0"" calls 500"', '"""Bob @ f6G7h8I9j0"" dances"')
    with pytest.raises(ParseError) as e:
        parse(bad)
    assert e.value.reason == "unrecognised line"
    assert bad.split("\n")[e.value.line - 1].startswith('"""Bob @ f6G7h8I9j0"" dances"')


def test_a_log_that_begins_inside_a_hand():
    raw = raw_hands(CASH)[2].text
    cut = "\n".join(line for line in raw.split("\n") if "-- starting hand" not in line)
    with pytest.raises(ParseError):
        parse(cut)


def _counted_nets(path) -> dict[str, dict[str, D]]:
    """Each hand's nets counted from the log's rows alone: what each player brought each
    street up to (amounts are street totals; a missing small blind and an ante are
    apart), less what came back, against what they collected."""
    rows = [r for r in csv.reader(io.StringIO(path.read_text("utf-8")))][1:][::-1]
    nets, hand, street, put = {}, None, {}, defaultdict(D)
    name = r'"(.+? @ [\w-]+)"'
    for entry, *_ in rows:
        if entry.startswith("-- starting hand"):
            hand, street, put = re.search(r"#(\d+)", entry).group(1), {}, defaultdict(D)
            continue
        if hand is None:
            continue
        if entry.startswith(("Flop", "Turn", "River")) and "second" not in entry:
            for p, v in street.items():
                put[p] += v
            street = {}
        elif m := re.fullmatch(name + r" (?:calls|bets|raises to) ([\d.]+)(?: and go all in)?", entry):
            street[m.group(1)] = D(m.group(2))
        elif m := re.fullmatch(name + r" posts a (?:small|big) blind of ([\d.]+)", entry):
            street[m.group(1)] = D(m.group(2))
        elif m := re.fullmatch(name + r" posts a (?:straddle|missed big blind) of ([\d.]+)", entry):
            street[m.group(1)] = D(m.group(2))
        elif m := re.fullmatch(name + r" posts a missing small blind of ([\d.]+)", entry):
            put[m.group(1)] += D(m.group(2))
        elif m := re.fullmatch(name + r" posts an ante of ([\d.]+)", entry):
            put[m.group(1)] += D(m.group(2))
        elif m := re.fullmatch(r"Uncalled bet of ([\d.]+) returned to " + name, entry):
            put[m.group(2)] -= D(m.group(1))
        elif m := re.match(name + r" collected ([\d.]+) from pot", entry):
            put[m.group(1)] -= D(m.group(2))
        elif entry.startswith("-- ending hand"):
            for p, v in street.items():
                put[p] += v
            nets[hand] = {p: -v for p, v in put.items() if v}
            hand = None
    return nets


@pytest.mark.parametrize("path", [CASH, CENTS], ids=["cash", "cents"])
def test_nets_agree_with_a_count_from_the_rows(path):
    counted = _counted_nets(path)
    for number, h in hands(path).items():
        if isinstance(h, Hand):
            assert {p: v for p, v in h.nets().items() if v} == counted[number], number


def test_the_audit_follows_the_log_and_finds_a_hand_left_out(tmp_path):
    """The owner is known in some hands only: the audit still follows the one table."""
    db = tmp_path / "pn.duckdb"
    import_paths(db, FOLDER)
    assert query(db, "SELECT count(*) FROM audit_findings")[0][0] == 0
    assert query(db, "SELECT count(*) FROM audit_sessions")[0][0] == 2  # a session a log
    # the log without hand #2: a hand is missing between #1 and #3
    cut = CASH.read_text("utf-8").replace(raw_hands(CASH)[2].text, "")
    folder = tmp_path / "cut"
    folder.mkdir()
    (folder / CASH.name).write_text(cut, "utf-8")
    db2 = tmp_path / "cut.duckdb"
    import_paths(db2, folder)
    codes = {c for (c,) in query(db2, "SELECT code FROM audit_findings")}
    assert "hand_missing" in codes


def test_the_hand_as_the_room_wrote_it_is_shown(tmp_path):
    """The replayer's raw text: a hand's rows begin with its ending row, which does not
    name the hand's id; the rows are still known for the hand's."""
    import duckdb

    from pipeline.export.table.steps import _HAND
    from pipeline.read.raw import raw_text
    db = tmp_path / "pn.duckdb"
    import_paths(db, FOLDER)
    con = duckdb.connect(str(db), read_only=True)
    try:
        cur = con.execute(_HAND, ["PokerNow", "p5tr8mxe1za7"])
        row = dict(zip([d[0] for d in cur.description], cur.fetchone()))
    finally:
        con.close()
    text, why = raw_text(row)
    assert why is None and text.startswith('"-- ending hand #4 --"')
    assert raw_text({**row, "hand_id": "another"})[0] is None  # another hand's: refused
