"""The Poker Hand History standard (PHH): the real files other projects keep
(../shared/wild/phh) and hand-written hands for what those do not show."""
from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from decimal import Decimal
from pathlib import Path

import pytest

from support.common import SAMPLES, SHARED, import_paths, query
from engine.model.hand import GameKind, Kind, Street, Structure, UnsupportedHand
from parsers.base.errors import ParseError
from parsers.base.split import decode, split_hands
from parsers.registry import detect, room

WILD = SHARED / "wild" / "phh"
PHH = room("phh")


def phh(**fields) -> str:
    """A three-handed NT hand (p1 small blind, p2 big blind, p3 button): p3 raises,
    p1 folds, p2 calls, p2 checks and calls a flop bet, both check to a showdown
    that p2 wins; ``fields`` replace or add fields (None leaves one out)."""
    base = {
        "variant": '"NT"',
        "antes": "[0, 0, 0]",
        "blinds_or_straddles": "[50, 100, 0]",
        "min_bet": "100",
        "starting_stacks": "[5000, 6000, 7000]",
        "actions": """[
  "d dh p1 7c2d", "d dh p2 AsKs", "d dh p3 QhQd",
  "p3 cbr 300", "p1 f", "p2 cc",
  "d db Ah8d3c", "p2 cc", "p3 cbr 400", "p2 cc",
  "d db 9h", "p2 cc", "p3 cc",
  "d db 2c", "p2 cc", "p3 cc",
  "p2 sm AsKs", "p3 sm",
]""",
        "players": '["Ann", "Bea", "Cal"]',
        "finishing_stacks": "[4950, 6750, 6300]",
    }
    base.update(fields)
    return "".join(f"{key} = {value}\n" for key, value in base.items() if value is not None)


def judged(text: str):
    hand = PHH.parse(text)
    return hand, PHH.judge(hand)


# ------------------------------------------------------------------ real files

@pytest.fixture(scope="module")
def wild() -> list[Path]:
    if not WILD.is_dir():
        pytest.skip(f"the wild PHH files are not at {WILD} (they live beside the checkout, "
                    "in ../shared/wild/phh)")
    files = sorted(p for p in WILD.iterdir() if p.is_file())
    assert files, f"no file in {WILD}"
    return files


def test_every_wild_phh_file_is_read_as_phh_and_verifies_ok(wild):
    verdicts = {}
    for path in wild:
        text, encoding = decode(path.read_bytes())
        assert detect(text) is PHH, path.name
        hands = split_hands(text, PHH, encoding)
        assert [h.stray for h in hands] == [None], path.name  # one hand a .phh file
        hand, verdict = judged(hands[0].text)
        assert hand.game == "Hold'em" and hand.finishing_stacks is not None \
            or "dwan" in path.name, path.name
        verdicts[path.name] = (verdict.status, verdict.codes)
    assert verdicts == {name: ("ok", []) for name in verdicts}


def test_every_wild_phh_file_imports_with_the_importer(wild, tmp_path):
    db = tmp_path / "h.duckdb"
    summary = import_paths(db, WILD)
    assert (summary.files, summary.hands_new, summary.parse_errors) == (len(wild), len(wild), 0)
    assert query(db, "SELECT DISTINCT format FROM files") == [("phh",)]
    assert query(db, "SELECT status, count(*) FROM verdicts GROUP BY status") == [("ok", len(wild))]
    again = import_paths(db, WILD)  # nothing new the second time
    assert (again.hands_new, again.files_unchanged) == (0, len(wild))


def test_a_changed_finishing_stack_in_a_wild_file_is_found(wild):
    path = next(p for p in wild if p.name.endswith("wsop__2023__43__5__68.phh"))
    text = path.read_text(encoding="utf-8")
    assert "finishing_stacks = [2200000, 0," in text
    hand, verdict = judged(text.replace("finishing_stacks = [2200000, 0,",
                                        "finishing_stacks = [2200000, 150000,"))
    assert verdict.status == "failed"
    assert verdict.codes == ["FINISHING_STACK_MISMATCH"]
    assert "ends with 0; the record writes 150000" in verdict.findings[0].message


def test_hand_numbers_that_repeat_across_sources_do_not_collide(wild):
    """Pluribus's hand 2 and the WSOP's hand 2 are two hands: two ids."""
    two = [p for p in wild if p.name.endswith("__2.phh")]
    ids = {PHH.parse(p.read_text(encoding="utf-8")).hand_id for p in two}
    assert len(two) == 2 and len(ids) == 2
    assert all(i.startswith("2-") for i in ids)


# ------------------------------------------------------------------ hand-written

def test_a_hand_becomes_an_engine_hand():
    hand, verdict = judged(phh())
    assert verdict.status == "ok", verdict.findings
    assert (hand.site, hand.game, hand.structure, hand.currency) == ("PHH", "Hold'em", "NL", "chips")
    assert [(s.seat, s.player, s.stack) for s in hand.seats] == [
        (1, "Ann", 5000), (2, "Bea", 6000), (3, "Cal", 7000)]
    assert hand.button_seat == 3  # pn is the button
    assert [(a.player, a.kind, a.amount) for a in hand.actions[:5]] == [
        ("Ann", Kind.POST_SB, 50), ("Bea", Kind.POST_BB, 100), ("Cal", Kind.RAISE, 300),
        ("Ann", Kind.FOLD, 0), ("Bea", Kind.CALL, 200)]
    assert hand.actions[2].raise_to == 300
    assert hand.actions[6] == hand.actions[6]._replace(street=Street.FLOP, kind=Kind.BET,
                                                       amount=Decimal(400), raise_to=Decimal(400))
    assert hand.boards == (("Ah", "8d", "3c", "9h", "2c"),)
    assert [(c.player, c.amount) for c in hand.collects] == [("Bea", 1450)]
    assert [(s.player, s.cards, s.shown) for s in hand.shows] == [
        ("Bea", ("As", "Ks"), True), ("Cal", (), False)]
    assert hand.finishing_stacks == (("Ann", 4950), ("Bea", 6750), ("Cal", 6300))
    assert all(type(a.amount) is Decimal for a in hand.actions)


def test_a_changed_finishing_stack_is_a_finding():
    _, verdict = judged(phh(finishing_stacks="[4950, 6750, 6400]"))
    assert verdict.status == "failed"
    assert [(f.code, f.message) for f in verdict.findings] == [
        ("FINISHING_STACK_MISMATCH", "Cal ends with 6300; the record writes 6400")]


def test_without_finishing_stacks_nothing_is_compared():
    hand, verdict = judged(phh(finishing_stacks=None))
    assert hand.finishing_stacks is None and verdict.status == "ok"


def test_a_wrong_winner_by_the_record_is_found_through_the_stacks():
    """The record gives the pot to the loser: the rules pay the winner, so both
    players' written stacks differ from what the rules leave them."""
    _, verdict = judged(phh(finishing_stacks="[4950, 5300, 7750]"))
    assert verdict.codes == ["FINISHING_STACK_MISMATCH"] * 2


def test_players_not_named_are_p1_to_pn_and_unknown_cards_are_not_dealt():
    hand, verdict = judged(phh(players=None, actions="""[
  "d dh p1 ????", "d dh p2 ??Ks", "d dh p3 QhQd",
  "p3 cbr 300", "p1 f", "p2 f"]""", finishing_stacks="[4950, 5900, 7150]"))
    assert verdict.status == "ok", verdict.findings
    assert [s.player for s in hand.seats] == ["p1", "p2", "p3"]
    assert [s.hole_cards for s in hand.seats] == [(), ("Ks",), ("Qh", "Qd")]
    assert hand.uncalled == (("p3", Decimal(200)),)


def test_hidden_cards_at_a_showdown_are_unverifiable():
    """A player who neither shows nor mucks: the rules cannot pay the pot, the
    finishing stacks say who collected, and the verdict says it cannot be judged."""
    hand, verdict = judged(phh(actions="""[
  "d dh p1 7c2d", "d dh p2 ????", "d dh p3 QhQd",
  "p3 cbr 300", "p1 f", "p2 cc",
  "d db Ah8d3c", "p2 cc", "p3 cc", "d db 9h", "p2 cc", "p3 cc", "d db 2c", "p2 cc", "p3 cc",
  "p2 sm ????", "p3 sm QhQd"]""", finishing_stacks="[4950, 5700, 7350]"))
    assert [(c.player, c.amount) for c in hand.collects] == [("Cal", 650)]
    assert verdict.status == "unverifiable" and verdict.codes == ["CARDS_NOT_SHOWN"]


def test_a_heads_up_hand_reverses_the_blinds():
    """Heads-up, pn (the button) posts the first blind and acts first before the flop."""
    hand, verdict = judged(phh(
        antes="[0, 0]", blinds_or_straddles="[50, 100]", starting_stacks="[3000, 4000]",
        players='["Dee", "Eli"]', actions="""[
  "d dh p1 KdKh", "d dh p2 9s8s", "p2 cbr 250", "p1 cbr 800", "p2 f"]""",
        finishing_stacks="[3250, 3750]"))
    assert verdict.status == "ok", verdict.findings
    assert hand.button_seat == 2
    assert [(a.player, a.kind) for a in hand.actions[:2]] == [
        ("Eli", Kind.POST_SB), ("Dee", Kind.POST_BB)]


def test_antes_and_a_straddle():
    hand, verdict = judged(phh(
        antes="[10, 10, 10, 10]", blinds_or_straddles="[50, 100, 200, 0]",
        starting_stacks="[5000, 5000, 5000, 5000]", players=None, actions="""[
  "d dh p1 2c3d", "d dh p2 4h5h", "d dh p3 AcAd", "d dh p4 KsQs",
  "p4 cbr 600", "p1 f", "p2 f", "p3 cc",
  "d db 7h8h9c", "p3 cbr 1000", "p4 f"]""",
        finishing_stacks="[4940, 4890, 5780, 4390]"))
    assert verdict.status == "ok", verdict.findings
    kinds = [(a.player, a.kind, a.amount) for a in hand.actions if a.street == Street.PREDEAL]
    assert kinds[-1] == ("p3", Kind.POST_STRADDLE, 200)
    assert sum(1 for k in kinds if k[1] == Kind.POST_ANTE) == 4
    assert hand.stakes.ante == 10


def test_a_raise_out_of_turn_is_judged():
    """The replay, not the reader, judges the order: p1 acts before the button."""
    _, verdict = judged(phh(actions="""[
  "d dh p1 7c2d", "d dh p2 AsKs", "d dh p3 QhQd", "p1 f", "p3 cbr 300", "p2 f"]""",
        finishing_stacks=None))
    assert "OUT_OF_TURN" in verdict.codes


def test_a_fixed_limit_hand():
    text = phh(variant='"FT"', min_bet=None, small_bet="100", big_bet="200", actions="""[
  "d dh p1 7c2d", "d dh p2 AsKs", "d dh p3 QhQd",
  "p3 cbr 200", "p1 f", "p2 cc",
  "d db Ah8d3c", "p2 cc", "p3 cbr 100", "p2 cbr 200", "p3 cc",
  "d db 9h", "p2 cbr 200", "p3 cc", "d db 2c", "p2 cbr 200", "p3 f"]""",
        finishing_stacks="[4950, 6650, 6400]")
    hand, verdict = judged(text)
    assert verdict.status == "ok", verdict.findings
    assert hand.structure == Structure.FIXED_LIMIT
    assert (hand.stakes.small_bet, hand.stakes.big_bet) == (100, 200)
    _, wrong = judged(text.replace('"d db 9h", "p2 cbr 200"', '"d db 9h", "p2 cbr 300"')
                      .replace("[4950, 6650, 6400]", "[4950, 6750, 6300]"))
    assert "WRONG_LIMIT_AMOUNT" in wrong.codes


@pytest.mark.parametrize("variant, game, structure", [
    ("PO", "Omaha", Structure.POT_LIMIT),
    ("F7S", "7 Card Stud", Structure.FIXED_LIMIT),
    ("NS", "6+ Hold'em", Structure.NO_LIMIT),
    ("XYZ", "PHH variant XYZ", None),
])
def test_other_variants_are_unsupported(variant, game, structure):
    hand, verdict = judged(phh(variant=f'"{variant}"', actions='["d dh p1 AcAdKcKd"]'))
    assert isinstance(hand, UnsupportedHand)
    assert (hand.site, hand.game, hand.structure) == ("PHH", game, structure)
    assert verdict.status == "unsupported"


def test_a_run_twice_board_is_two_runs():
    """Board cards dealt beyond five after an all-in are a second run, sharing the
    cards out before the all-in; each run pays half the pot."""
    hand, verdict = judged(phh(
        starting_stacks="[5000, 1000, 7000]", actions="""[
  "d dh p1 7c2d", "d dh p2 AsKs", "d dh p3 QhQd",
  "p3 cbr 300", "p1 f", "p2 cc", "d db Ah8d3c", "p2 cbr 700", "p3 cc",
  "p2 sm AsKs", "p3 sm QhQd", "d db 9h", "d db 2c", "d db Qs", "d db 4c"]""",
        finishing_stacks="[4950, 1025, 7025]"))
    assert hand.boards == (("Ah", "8d", "3c", "9h", "2c"), ("Ah", "8d", "3c", "Qs", "4c"))
    assert sorted((c.player, c.run, c.amount) for c in hand.collects) == [
        ("Bea", 1, 1025), ("Cal", 2, 1025)]
    assert verdict.status == "ok", verdict.findings


def test_amounts_are_exact_decimals_never_floats():
    hand, verdict = judged(phh(
        blinds_or_straddles="[0.1, 0.2, 0]", min_bet="0.2", currency='"USD"',
        starting_stacks="[10.0, 20.3, 19.7]", actions="""[
  "d dh p1 7c2d", "d dh p2 AsKs", "d dh p3 QhQd", "p3 cbr 0.6", "p1 f", "p2 f"]""",
        finishing_stacks="[9.9, 20.1, 20.0]"))
    assert verdict.status == "ok", verdict.findings
    assert hand.stakes.small_blind == Decimal("0.1") and hand.currency == "USD"
    assert hand.seats[1].stack == Decimal("20.3")
    assert hand.uncalled == (("Cal", Decimal("0.4")),)


def test_time_and_zone():
    hand = PHH.parse(phh(year="2024", month="3", day="9", time="21:15:02",
                         time_zone='"America/Toronto"'))
    assert hand.played_at == datetime(2024, 3, 9, 21, 15, 2)
    assert hand.time_zone == "America/Toronto"
    assert hand.played_at_utc == datetime(2024, 3, 10, 2, 15, 2)
    dated = PHH.parse(phh(year="2024", month="3", day="9"))
    assert (dated.played_at, dated.played_at_utc) == (datetime(2024, 3, 9), datetime(2024, 3, 9))
    assert PHH.parse(phh(year="2009")).played_at is None


def test_seats_table_and_hand_number_where_written():
    hand = PHH.parse(phh(seats="[2, 5, 9]", seat_count="9", table="7", hand='"A-17"'))
    assert [s.seat for s in hand.seats] == [2, 5, 9]
    assert (hand.button_seat, hand.max_seats, hand.table) == (9, 9, "7")
    assert hand.hand_id.startswith("A-17-")


def test_the_hand_id_is_stable_and_ignores_comments_and_layout():
    one = PHH.parse(phh()).hand_id
    assert PHH.parse("# a comment\n" + phh()).hand_id == one
    assert PHH.parse(phh(finishing_stacks="[4950, 6750, 6400]")).hand_id == one  # an edited copy
    assert PHH.parse(phh(players='["Ann", "Bea", "Cy"]')).hand_id != one


def test_a_phhs_file_holds_several_hands():
    text = ("# three hands\n\n[1]\n" + phh() + "\n[2]\n" + phh(hand="2")
            + "\n# the last\n[3]\n" + phh(variant='"PO"'))
    assert detect(text) is PHH
    hands = split_hands(text, PHH, "utf-8")
    assert [(h.line, h.stray) for h in hands] == [(3, None), (20, None), (39, None)]
    parsed = [PHH.parse(h.text) for h in hands]
    assert [type(h).__name__ for h in parsed] == ["Hand", "Hand", "UnsupportedHand"]
    assert parsed[1].hand_id.startswith("2-")


def test_text_that_is_not_phh_is_not_taken_for_it():
    assert detect('title = "a TOML file"\n[owner]\nname = "x"\n') is None
    assert detect('variant = "NT"\n') is None  # no actions
    stars = (SAMPLES / "pokerstars").iterdir()
    assert detect(next(stars).read_text(encoding="utf-8")).name == "pokerstars"


def test_broken_hands_are_parse_errors_with_their_line():
    with pytest.raises(ParseError) as bad:
        PHH.parse(phh(actions='[\n  "d dh p1 7c2d",\n  "p9 cbr 300",\n]'))
    assert (bad.value.line, bad.value.reason) == (8, "unknown player")
    with pytest.raises(ParseError) as not_toml:
        PHH.parse('variant = "NT"\nactions = [\n')
    assert not_toml.value.reason == "not TOML"
    assert not PHH.complete('variant = "NT"\nactions = [\n  "d dh p1 7c2d",\n')


def test_a_folder_of_phh_files_imports(tmp_path):
    """The importer reads every file it is given, whatever its extension: .phh and
    .phhs files among others are found and read as PHH."""
    folder = tmp_path / "hands"
    folder.mkdir()
    (folder / "a.phh").write_text(phh(), encoding="utf-8")
    (folder / "b.phhs").write_text("[1]\n" + phh(hand="1") + "\n[2]\n" + phh(
        variant='"PO"', hand="2") + "\n[3]\n" + phh(hand="3", finishing_stacks="[1, 2, 3]"),
        encoding="utf-8")
    db = tmp_path / "h.duckdb"
    summary = import_paths(db, folder)
    assert (summary.files, summary.hands_new, summary.unsupported, summary.parse_errors) == (2, 3, 1, 0)
    assert sorted(query(db, "SELECT status FROM verdicts")) == [
        ("failed",), ("ok",), ("ok",), ("unsupported",)]
    assert sorted(query(db, "SELECT code FROM findings")) == [
        ("FINISHING_STACK_MISMATCH",)] * 3 + [("UNSUPPORTED_GAME",)]
    assert query(db, "SELECT sum(net) FROM hand_players") == [(0,)]


def test_winnings_where_written_are_what_is_collected():
    hand, verdict = judged(phh(winnings="[0, 1450, 0]"))
    assert [(c.player, c.amount) for c in hand.collects] == [("Bea", 1450)]
    assert verdict.status == "ok", verdict.findings
    _, wrong = judged(phh(winnings="[0, 0, 1450]", finishing_stacks=None))
    assert "WRONG_WINNER" in wrong.codes


def _audit(db: Path):
    import duckdb

    from pipeline import audit
    con = duckdb.connect(str(db), read_only=True)
    try:
        return audit.audit(con)
    finally:
        con.close()


@pytest.mark.slow
def test_the_samples_verify_ok_and_fit_together_between_hands(tmp_path):
    """sample_histories/phh: every hand ok; the two hands of table Oak (seats written,
    the button moving on) follow each other with no finding; a copy whose second hand
    starts a player with fewer chips is found by the audit."""
    db = tmp_path / "h.duckdb"
    summary = import_paths(db, SAMPLES / "phh")
    assert (summary.hands_new, summary.parse_errors) == (3, 0)
    assert query(db, "SELECT DISTINCT status FROM verdicts") == [("ok",)]
    sessions, findings = _audit(db)
    assert sorted(sessions["hands"].to_list()) == [1, 2] and findings.is_empty()
    text = next((SAMPLES / "phh").glob("*.phhs")).read_text(encoding="utf-8")
    edited = tmp_path / "edited"
    edited.mkdir()
    (edited / "oak.phhs").write_text(text.replace("[198, 194, 208]", "[198, 194, 150]")
                                     .replace("[216, 176, 208]", "[216, 176, 150]"),
                                     encoding="utf-8")
    other = tmp_path / "other.duckdb"
    import_paths(other, edited)
    assert query(other, "SELECT DISTINCT status FROM verdicts") == [("ok",)]
    _, findings = _audit(other)
    assert findings["code"].to_list() == ["stack_mismatch"]


def test_a_phhs_file_cut_inside_a_hand_is_read_again_when_it_grows(tmp_path):
    whole = "[1]\n" + phh(hand="1") + "\n[2]\n" + phh(hand="2")
    cut = whole[:whole.index('"d db 9h"', whole.index("[2]"))]
    folder = tmp_path / "hands"
    folder.mkdir()
    path = folder / "growing.phhs"
    path.write_text(cut, encoding="utf-8")
    db = tmp_path / "h.duckdb"
    first = import_paths(db, folder)
    assert (first.hands_new, first.incomplete, first.parse_errors) == (1, 1, 0)
    path.write_text(whole, encoding="utf-8")
    second = import_paths(db, folder)
    assert second.hands_new == 1
    assert query(db, "SELECT count(*) FROM parse_errors") == [(0,)]
    assert query(db, "SELECT count(*), min(status) FROM verdicts") == [(2, "ok")]


def test_a_file_with_a_bom_and_crlf_line_ends_imports(tmp_path):
    folder = tmp_path / "hands"
    folder.mkdir()
    (folder / "windows.phh").write_bytes(b"\xef\xbb\xbf" + phh().replace("\n", "\r\n").encode())
    db = tmp_path / "h.duckdb"
    summary = import_paths(db, folder)
    assert (summary.hands_new, summary.parse_errors) == (1, 0)
    assert query(db, "SELECT status FROM verdicts") == [("ok",)]
    assert query(db, "SELECT format, encoding FROM files") == [("phh", "utf-8-sig")]


# ------------------------------------------------------------------ kinds and names

def test_a_tournament_is_known_by_its_event_or_level():
    """PHH has no tournament field: TOURNAMENT_BY_ITS_EVENT (parsers/phh/read.py)."""
    wsop = '"2023 World Series of Poker Event #43: $50,000 Poker Players Championship | Day 5"'
    assert PHH.parse(phh(event=wsop)).kind == GameKind.TOURNAMENT
    assert PHH.parse(phh(level="12")).kind == GameKind.TOURNAMENT
    assert PHH.parse(phh(event='"Full Tilt Million Dollar Cash Game S4E12"')).kind == GameKind.CASH
    assert PHH.parse(phh()).kind == GameKind.CASH  # (research games in chips: cash)
    assert PHH.parse(phh(currency='"USD"')).kind == GameKind.CASH


def test_the_kind_goes_out_and_back_in_phh():
    tourney = replace(PHH.parse(phh()), kind=GameKind.TOURNAMENT)
    text = PHH.write(tourney)
    assert '_kind = "tournament"' in text and PHH.parse(text).kind == GameKind.TOURNAMENT
    assert "_kind" not in PHH.write(PHH.parse(phh()))  # (as the currency says: not written)


def test_players_not_named_are_anonymous_seats():
    assert PHH.parse(phh()).anonymous == frozenset()
    assert PHH.parse(phh(players=None)).anonymous == {"p1", "p2", "p3"}
    assert PHH.parse(phh(players='["Ann", "Player2", "Cal"]')).anonymous == {"Player2"}
