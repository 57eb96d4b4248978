"""The dashboard's figures through Streamlit's AppTest against the sample database, each
checked against SQL written here, independently of the app: cash games and tournaments
apart, money of several currencies never added, all players counting hands, every stat
with its sample size, the comparison of players, the reports, the hand list's filters,
the filters kept in the address."""
from __future__ import annotations

import json
from urllib.parse import parse_qs, urlparse

import pytest

from support.common import FAILED_HAND
from support.apptest import charts, frame, metrics, run_page, sql, texts

CASH = "h.kind = 'cash'"  # (each hand's kind from its text: tests/parsers)
TOURNAMENT = "h.tournament_id IS NOT NULL"
HERO_ROWS = """FROM player_hand_stats s JOIN hands h USING (site, hand_id)
               WHERE s.player = 'Hero' AND {kind}"""


def hero(db, select: str, kind: str = CASH, more: str = "") -> tuple:
    return sql(db, f"SELECT {select} {HERO_ROWS.format(kind=kind)} {more}")[0]


# ---- Overview: cash and tournaments apart, currencies never added

def test_overview_cash_games_of_the_hero(dashboard_db, monkeypatch):
    at = run_page(dashboard_db, "overview", monkeypatch, {"game": "cash"})
    hands, net_bb, vpip_c, vpip_d, calls, aggressive = hero(
        dashboard_db, "count(*), sum(s.net_bb), sum(s.vpip_chance::INT), sum(s.vpip_done::INT),"
                      " sum(s.post_calls), sum(s.post_bets + s.post_raises)")
    currencies = [c for (c,) in sql(dashboard_db, f"SELECT DISTINCT h.currency"
                                                  f" {HERO_ROWS.format(kind=CASH)}")]
    shown = metrics(at)
    assert "Hero · cash games" in texts(at)
    assert shown["Hands"] == f"{hands:,}"
    assert shown["bb/100"] == f"{100 * float(net_bb) / hands:,.2f}"
    assert shown["VPIP"] == f"{100 * vpip_d / vpip_c:.1f} %"
    assert shown["AF"] == f"{aggressive / calls:,.2f}"
    assert not any(label.startswith("Net (chips)") for label in shown)
    (spec, curve), = charts(at)
    net = curve.filter(line="net").sort("hand")["value"].to_list()
    assert curve["hand"].max() == hands and curve["hand"].min() == 0
    if len(currencies) > 1:  # dollars and euros are never added: big blinds
        assert shown["Net (big blinds)"] == f"{float(net_bb):+,.1f}"
        assert not any(label.startswith("Net (") and label != "Net (big blinds)"
                       for label in shown)
        assert spec["encoding"]["y"]["title"] == "big blinds"
        assert net[-1] == pytest.approx(float(net_bb), abs=0.01)
        by_currency = frame(at, "currency", "allin_adjusted")
        assert sorted(by_currency["currency"]) == sorted(currencies)
    else:
        (money,), = sql(dashboard_db, f"SELECT sum(s.net) {HERO_ROWS.format(kind=CASH)}")
        assert shown[f"Net ({currencies[0]})"] == f"{money:+,.2f}"
        assert net[-1] == pytest.approx(float(money), abs=0.005)
    # the graph's tooltip names hand and unit; hand ticks are whole numbers
    tips = {t["field"]: t for t in spec["encoding"]["tooltip"]}
    assert tips["hand"]["format"] == ",d" and tips["value"]["title"] == spec["encoding"]["y"]["title"]
    assert spec["encoding"]["x"]["axis"]["format"] == ",d"
    assert spec["encoding"]["x"]["axis"]["tickMinStep"] == 1


def test_overview_tournaments_count_big_blinds(dashboard_db, monkeypatch):
    at = run_page(dashboard_db, "overview", monkeypatch, {"game": "tournament"})
    hands, net_bb = hero(dashboard_db, "count(*), sum(s.net_bb)", TOURNAMENT)
    assert hands > 0, "the sample holds tournament hands"
    shown = metrics(at)
    assert "Hero · tournaments" in texts(at)
    assert shown["Hands"] == f"{hands:,}"
    assert shown["Net (big blinds)"] == f"{float(net_bb):+,.1f}"
    assert "Net (chips)" not in shown
    (spec, curve), = charts(at)
    assert spec["encoding"]["y"]["title"] == "big blinds"
    assert curve.filter(line="net").sort("hand")["value"][-1] == pytest.approx(float(net_bb),
                                                                             abs=0.01)


def test_overview_one_currency_is_money(dashboard_db, monkeypatch):
    at = run_page(dashboard_db, "overview", monkeypatch,
                  {"game": "cash", "stakes": "USD 0.05/0.10", "structure": "NL",
                   "position": ["BTN", "CO"]})
    hands, net, net_bb = hero(dashboard_db, "count(*), sum(s.net), sum(s.net_bb)", CASH,
                              "AND h.currency = 'USD' AND h.small_blind = 0.05"
                              " AND h.big_blind = 0.10 AND h.structure = 'NL'"
                              " AND s.position IN ('BTN', 'CO')")
    shown = metrics(at)
    assert shown["Hands"] == f"{hands:,}"
    assert shown["Net (USD)"] == f"{net:+,.2f}"
    (spec, curve), = charts(at)
    assert spec["encoding"]["y"]["title"] == "USD"
    assert curve.filter(line="net").sort("hand")["value"][-1] == pytest.approx(float(net),
                                                                             abs=0.005)
    assert shown["bb/100"] == f"{100 * float(net_bb) / hands:,.2f}"


def test_all_players_count_hands_not_rows(dashboard_db, monkeypatch):
    from datetime import date
    at = run_page(dashboard_db, "overview", monkeypatch, {"player": "*", "game": "cash"})
    at.date_input(key="f_until").set_value(date(2026, 11, 3)).run()
    (hands,), = sql(dashboard_db, f"""SELECT count(*) FROM hands h WHERE h.supported AND {CASH}
        AND coalesce(h.played_at_utc, h.played_at) < DATE '2026-11-04'
        AND EXISTS (SELECT 1 FROM player_hand_flags s WHERE s.site = h.site
                    AND s.hand_id = h.hand_id)""")
    (rows,), = sql(dashboard_db, f"""SELECT count(*) FROM player_hand_flags s JOIN hands h
        USING (site, hand_id) WHERE {CASH} AND s.played_at < DATE '2026-11-04'""")
    assert 0 < hands < rows
    assert metrics(at)["Hands"] == f"{hands:,}"
    assert metrics(at)["Players' hands"] == f"{rows:,}"
    assert "all players · cash games" in texts(at)
    assert not charts(at)  # no winnings graph of everybody's nets


# ---- Stats: every stat with its sample size

def test_every_stat_with_its_sample_size(dashboard_db, monkeypatch):
    from pipeline.stats.catalogue import RATIOS
    at = run_page(dashboard_db, "stats", monkeypatch, {"game": "cash"})
    shown = {}
    for df in at.dataframe:
        if "chances" in df.value.columns:
            for row in df.value.to_dict("records"):
                shown[row["stat"]] = row
    assert set(shown) == {*RATIOS, "af", "afq"}
    sums = ", ".join(f"sum(s.{r}_chance::INT), sum(s.{r}_done::INT)" for r in RATIOS)
    counts = hero(dashboard_db, sums)
    for i, stat in enumerate(RATIOS):
        chance, done = counts[2 * i], counts[2 * i + 1]
        assert (shown[stat]["chances"], shown[stat]["done"]) == (chance, done), stat
        if chance:
            assert shown[stat]["value"] == round(100 * done / chance, 1)
        else:
            assert shown[stat]["value"] != shown[stat]["value"]  # empty (NaN), never 0 %
    bets, calls, folds = hero(dashboard_db, "sum(s.post_bets + s.post_raises),"
                                            " sum(s.post_calls), sum(s.post_folds)")
    assert shown["af"]["value"] == round(bets / calls, 2)
    assert shown["afq"]["chances"] == bets + calls + folds


# ---- Compare players

def test_compare_two_players_side_by_side(dashboard_db, monkeypatch):
    (other,), = sql(dashboard_db, "SELECT player FROM player_hand_flags WHERE player <> 'Hero'"
                                  " GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1")
    at = run_page(dashboard_db, "compare", monkeypatch,
                  {"game": "cash", "compare": ["Hero", other]})
    summary = frame(at, "player", "bb_per_100")
    expected = dict(sql(dashboard_db, f"""SELECT s.player, count(*) FROM player_hand_stats s
        JOIN hands h USING (site, hand_id) WHERE {CASH} AND s.player IN ('Hero', ?)
        GROUP BY 1""", [other]))
    assert dict(zip(summary["player"], summary["hands"])) == expected
    preflop = frame(at, "stat", "value_0", "n_1")
    vpip = preflop[preflop["stat"] == "VPIP"].iloc[0]
    chance, done = sql(dashboard_db, f"""SELECT sum(s.vpip_chance::INT), sum(s.vpip_done::INT)
        FROM player_hand_stats s JOIN hands h USING (site, hand_id)
        WHERE {CASH} AND s.player = ?""", [other])[0]
    assert vpip["n_1"] == chance
    assert vpip["value_1"] == round(100 * done / chance, 1)
    # any player, not only the most frequent: found by part of the name
    at.text_input(key="compare_find").input(other[1:4]).run()
    assert other in at.multiselect(key="compare_players").options


# ---- Reports

def test_session_report_matches_sql(dashboard_db, monkeypatch):
    at = run_page(dashboard_db, "reports", monkeypatch, {"game": "cash"})
    table = frame(at, "group", "bb_per_100")
    gaps = sql(dashboard_db, f"""SELECT count(*) FROM (
        SELECT s.played_at - lag(s.played_at) OVER (ORDER BY s.played_at, s.site, s.hand_id)
               AS gap {HERO_ROWS.format(kind=CASH)}) WHERE gap > INTERVAL 30 MINUTE""")[0][0]
    assert len(table) == gaps + 1
    hands, net_bb_all, net_all = hero(dashboard_db, "count(*), sum(s.net_bb), sum(s.net)")
    assert table["hands"].sum() == hands
    at.radio(key="report_by").set_value("stakes").run()
    by_stakes = frame(at, "group", "hands")
    expected = dict(sql(dashboard_db, f"""SELECT h.currency || ' ' || h.small_blind || '/'
        || h.big_blind, count(*) {HERO_ROWS.format(kind=CASH)} GROUP BY 1"""))
    assert dict(zip(by_stakes["group"], by_stakes["hands"])) == expected
    for row in by_stakes.to_dict("records"):  # each stakes row in its own money
        assert row["currency"] == row["group"].split(" ")[0]
    at.radio(key="report_by").set_value("month").run()
    assert frame(at, "group", "hands")["hands"].sum() == hands
    (spec, months), = charts(at)
    y_title = spec["layer"][0]["encoding"]["y"]["title"]
    total = net_bb_all if y_title == "big blinds" else net_all  # money: one currency
    assert months["value"].sum() == pytest.approx(float(total), abs=0.05)
    assert months["total"][-1] == pytest.approx(float(total), abs=0.05)
    assert len(months) == len(frame(at, "group", "hands"))


def test_sessions_by_the_hour_match_a_count_made_here(dashboard_db, monkeypatch, capsys):
    from datetime import timedelta
    from pipeline.cli.main import main
    rows = sql(dashboard_db, f"""SELECT s.played_at, s.net_bb, s.rake_share, s.allin_adj_net,
        h.big_blind, coalesce(h.table_name, h.site) {HERO_ROWS.format(kind=CASH)}
        ORDER BY s.played_at, s.site, s.hand_id""")
    made, last = [], None
    for at_time, net_bb, rake, adjusted, bb, table in rows:
        if last is None or at_time - last > timedelta(minutes=30):
            made.append({"start": at_time, "hands": 0, "net_bb": 0.0, "rake_bb": 0.0,
                         "adj": 0.0, "tables": set()})
        m = made[-1]
        m.update(end=at_time, hands=m["hands"] + 1, net_bb=m["net_bb"] + float(net_bb),
                 rake_bb=m["rake_bb"] + float(rake / bb), adj=m["adj"] + float(adjusted / bb))
        m["tables"].add(table)
        last = at_time
    at = run_page(dashboard_db, "reports", monkeypatch, {"game": "cash"})
    table = frame(at, "session", "bb_per_hour").to_dict("records")
    assert len(table) == len(made) > 5
    for got, want in zip(table, made):
        seconds = (want["end"] - want["start"]).total_seconds()
        assert got["hands"] == want["hands"] and got["tables"] == len(want["tables"])
        assert got["net_bb"] == pytest.approx(want["net_bb"], abs=1e-6)
        assert got["rake_bb"] == pytest.approx(want["rake_bb"], abs=1e-6)
        assert got["allin_adj_bb"] == pytest.approx(want["adj"], abs=1e-6)
        if seconds:
            assert got["bb_per_hour"] == pytest.approx(want["net_bb"] * 3600 / seconds, abs=0.01)
            assert got["hands_per_hour"] == pytest.approx(want["hands"] * 3600 / seconds, abs=0.1)
        else:
            assert got["bb_per_hour"] != got["bb_per_hour"] or got["bb_per_hour"] is None
    capsys.readouterr()
    assert main(["sessions", "--db", str(dashboard_db), "--json"]) == 0
    cli = json.loads(capsys.readouterr().out)
    assert [r["hands"] for r in cli] == [m["hands"] for m in made]


# ---- Positions and starting hands, cash games only

def test_positions_tables_match_sql(dashboard_db, monkeypatch):
    at = run_page(dashboard_db, "positions", monkeypatch, {"game": "cash"})
    table = frame(at, "position", "hands")
    expected = dict(sql(dashboard_db, f"SELECT s.position, count(*) {HERO_ROWS.format(kind=CASH)}"
                                      " GROUP BY 1"))
    assert dict(zip(table["position"], table["hands"])) == expected
    groups = frame(at, "position_group", "bb_per_100")
    bb100 = {g: round(100 * float(n) / c, 2) for g, n, c in sql(
        dashboard_db, f"SELECT s.position_group, sum(s.net_bb), count(*)"
                      f" {HERO_ROWS.format(kind=CASH)} GROUP BY 1")}
    assert dict(zip(groups["position_group"], groups["bb_per_100"])) == pytest.approx(bb100)


def _grid(at) -> dict:
    """What the starting-hand grid component was given to draw."""
    grid, = [e for e in at.main if getattr(e, "type", "") == "bidi_component"]
    assert grid.proto.component_name == "handlens.hand_grid"
    return json.loads(grid.proto.json)


def test_starting_hands_grid_cells_are_clickable(dashboard_db, monkeypatch):
    at = run_page(dashboard_db, "starting_hands", monkeypatch, {"game": "cash"})
    expected = dict(sql(dashboard_db, f"SELECT s.hand_class, count(*)"
                                      f" {HERO_ROWS.format(kind=CASH)}"
                                      " AND s.hand_class IS NOT NULL GROUP BY 1"))
    table = frame(at, "hand_class", "hands")
    assert dict(zip(table["hand_class"], table["hands"])) == expected
    cells = _grid(at)["cells"]  # row by row: AA AKs AQs ..., then AKo KK KQs ...
    assert len(cells) == 169 and [c["name"] for c in cells[:2]] == ["AA", "AKs"]
    assert cells[13]["name"] == "AKo" and cells[14]["name"] == "KK"
    assert {c["name"]: c["hands"] for c in cells if c["hands"]} == expected
    assert _grid(at)["chosen"] is None
    cell = max(expected, key=expected.get)
    at.selectbox(key="hand_class").set_value(cell).run()
    assert _grid(at)["chosen"] == cell  # outlined in the grid
    assert any(h.value == f"{cell}: {expected[cell]:,} hands" for h in at.subheader)
    listed = frame(at, "hand_id", "replay")
    assert len(listed) == min(expected[cell], 500)
    link = urlparse(listed["replay"][0])
    assert link.path == "hands"
    query = parse_qs(link.query)
    assert query["player"] == ["Hero"] and query["game"] == ["cash"]  # the filters kept
    assert query["hand"][0].split(":")[1] == listed["hand_id"][0]


# ---- Hands: filters by what happened, sorted over every match

def _listed(at):
    caption = next(c.value for c in at.caption if " hands match" in c.value)
    return int(caption.split(" ")[0].replace(",", "")), frame(at, "hand_id", "stakes")


def test_hand_list_counts_and_filters(dashboard_db, monkeypatch):
    at = run_page(dashboard_db, "hands", monkeypatch, {"game": "cash"})
    hands, = hero(dashboard_db, "count(*)")
    total, listed = _listed(at)
    assert total == hands and len(listed) == min(hands, 200)
    at.selectbox(key="list_status").set_value("failed").run()
    total, listed = _listed(at)
    assert list(listed["hand_id"]) == [FAILED_HAND] and total == 1

    at.selectbox(key="list_status").set_value("any")
    at.selectbox(key="list_allin").set_value("yes")
    at.selectbox(key="f_street").set_value("river").run()  # (the sidebar's: Hero reached it)
    expected, = hero(dashboard_db, "count(*)", CASH, """
        AND EXISTS (SELECT 1 FROM actions a WHERE a.site = h.site AND a.hand_id = h.hand_id
                    AND a.all_in) AND length(h.board) = 14
        AND NOT EXISTS (SELECT 1 FROM actions a WHERE a.site = h.site AND a.hand_id = h.hand_id
                        AND a.player = 'Hero' AND a.kind = 'fold' AND a.street < 4)""")
    assert _listed(at)[0] == expected

    at.selectbox(key="list_allin").set_value("any")
    at.selectbox(key="f_street").set_value(None)
    at.selectbox(key="f_pot").set_value("3-bet").run()
    expected, = hero(dashboard_db, "count(*)", CASH, """
        AND EXISTS (SELECT 1 FROM player_hand_stats o WHERE o.site = h.site
                    AND o.hand_id = h.hand_id AND o.three_bet_done)
        AND NOT EXISTS (SELECT 1 FROM player_hand_stats o WHERE o.site = h.site
                        AND o.hand_id = h.hand_id AND o.four_bet_done)""")
    assert _listed(at)[0] == expected

    assert at.query_params["pot"] == "3-bet"
    at.selectbox(key="f_pot").set_value(None)
    at.radio(key="list_sort").set_value("pot").run()  # sorted over every hand, not the 200
    biggest, = hero(dashboard_db, "max(h.total_pot / h.big_blind)::DOUBLE")
    assert frame(at, "hand_id", "pot_bb")["pot_bb"][0] == pytest.approx(biggest)


def test_hand_list_against_an_opponent(dashboard_db, monkeypatch):
    (other, together), = sql(dashboard_db, f"""SELECT o.player, count(*)
        FROM player_hand_stats s JOIN hands h USING (site, hand_id)
        JOIN player_hand_flags o ON o.site = s.site AND o.hand_id = s.hand_id
             AND o.player <> 'Hero'
        WHERE s.player = 'Hero' AND {CASH} GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 1""")
    at = run_page(dashboard_db, "hands", monkeypatch, {"game": "cash", "opponent": other})
    assert at.text_input(key="list_opponent").value == other
    assert _listed(at)[0] == together


def test_all_players_list_each_hand_once(dashboard_db, monkeypatch):
    at = run_page(dashboard_db, "hands", monkeypatch, {"player": "*", "game": "cash"})
    (hands,), = sql(dashboard_db, f"SELECT count(*) FROM hands h WHERE h.supported AND {CASH}")
    total, listed = _listed(at)
    assert total == hands
    assert listed["hand_id"].nunique() == len(listed)
    assert "cards" not in listed.columns  # no arbitrary player's cards


def test_times_are_utc_and_say_so(dashboard_db, monkeypatch):
    at = run_page(dashboard_db, "hands", monkeypatch, {"player": "*", "game": "cash"})
    listed = frame(at, "played (UTC)", "hand_id")
    first = listed.iloc[0]
    (utc, known), = sql(dashboard_db, "SELECT coalesce(played_at_utc, played_at),"
                                      " played_at_utc IS NOT NULL FROM hands WHERE hand_id = ?",
                        [first["hand_id"]])
    assert first["played (UTC)"] == f"{utc:%Y-%m-%d %H:%M}" + ("" if known else " †")


# ---- Verification in plain words; the filters in the address

def test_verification_in_plain_words(dashboard_db, monkeypatch):
    from engine.rules.replay import CODES
    at = run_page(dashboard_db, "verification", monkeypatch, {"game": "cash"})
    codes = frame(at, "code", "meaning")
    for row in codes.to_dict("records"):
        assert row["meaning"] == CODES[row["code"]]
    selected = frame(at, "hand_id", "status", "replay")
    assert list(selected["hand_id"]) == [FAILED_HAND]
    query = parse_qs(urlparse(selected["replay"][0]).query)
    assert query["game"] == ["cash"] and query["hand"] == [f"PokerStars:{FAILED_HAND}"]
    assert at.selectbox(key="verify_code").value == "any"  # never "Choose an option"


def test_the_address_sets_the_filters(dashboard_db, monkeypatch):
    (stakes,), = sql(dashboard_db, "SELECT DISTINCT coalesce(buy_in, 'buy-in not written')"
                                   " FROM hands WHERE tournament_id IS NOT NULL LIMIT 1")
    at = run_page(dashboard_db, "overview", monkeypatch,
                  {"player": "*", "game": "tournament", "stakes": stakes, "size": "6"})
    assert at.selectbox(key="f_player").value == "\x00all"
    assert at.radio(key="f_kind").value == "tournament"
    assert at.multiselect(key="f_stakes").value == [stakes]
    assert at.multiselect(key="f_sizes").value == [6]
    assert at.query_params["game"] == "tournament"
    at.radio(key="f_kind").set_value("cash").run()  # a buy-in is not a cash game's stakes
    assert at.multiselect(key="f_stakes").value == []
    assert at.query_params["game"] == "cash" and "stakes" not in at.query_params


# ---- Tournaments

def test_tournament_results_match_the_query(dashboard_db, monkeypatch):
    from pipeline.read.queries import open_read_only
    from pipeline.read.tournaments import summary
    at = run_page(dashboard_db, "tournaments", monkeypatch, {"game": "tournament"})
    listed = frame(at, "tournament_id", "chips_won")
    expected = dict(sql(dashboard_db, f"""SELECT h.tournament_id, count(*)
        {HERO_ROWS.format(kind=TOURNAMENT)} GROUP BY 1"""))
    assert dict(zip(listed["tournament_id"], listed["hands"])) == expected
    con = open_read_only(str(dashboard_db))
    try:
        s = summary(con, "Hero")
    finally:
        con.close()
    assert metrics(at)["Tournaments"] == f"{s['tournaments']:,}"
    money = frame(at, "currency", "buy_ins")
    for row in money.to_dict("records"):
        entry = s["by_currency"][row["currency"]]
        assert row["buy_ins"] == pytest.approx(float(entry["buy_ins"]))
        # the ROI shown beside the buy-ins it is over (those of tournaments with a finish)
        assert row["finished_buy_ins"] == pytest.approx(float(entry["roi_buy_ins"]))
        if row["roi"] is not None and row["finished_buy_ins"]:
            assert row["roi"] == pytest.approx(
                (row["finished_prizes"] - row["finished_buy_ins"]) * 100
                / row["finished_buy_ins"], abs=0.01)
    # the simulated sit-and-gos' summaries: each one's profit, as the stored result says
    profits = dict(sql(dashboard_db, "SELECT tournament_id, (received - paid)::DOUBLE"
                                     " FROM tournament_results"))
    assert len(profits) >= 5
    shown = dict(zip(listed["tournament_id"], listed["profit"]))
    assert {t: shown[t] for t in profits} == pytest.approx(profits)
    allins = frame(at, "icm_ev", "chips_ev")
    assert len(allins) >= 4 and set(allins["tournament_id"]) <= set(profits)


# ---- Verification: the audit between hands beside the verdicts

def test_verification_shows_the_audit_between_hands(dashboard_db, monkeypatch):
    at = run_page(dashboard_db, "verification", monkeypatch, {"player": "*", "game": "cash"})
    (sessions, hands), = sql(dashboard_db, "SELECT count(*), sum(hands) FROM audit_sessions"
                                           " WHERE kind = 'cash'")
    by_code = dict(sql(dashboard_db, """SELECT x.code, count(*) FROM audit_findings x
        JOIN audit_sessions a USING (tbl, session) WHERE a.kind = 'cash'
        GROUP BY 1"""))
    shown = metrics(at)
    assert sessions > 0
    assert shown["Table sessions"] == f"{sessions:,}" and shown["Their hands"] == f"{hands:,}"
    assert shown["Findings between hands"] == f"{sum(by_code.values()):,}"
    if by_code:
        codes, = [t.value for t in at.table if list(t.value.columns) == ["meaning", "findings"]]
        assert dict(zip(codes.index, codes["findings"])) == {k: f"{n:,}" for k, n in
                                                            by_code.items()}
        listed, = [e.proto.body for e in at.get("html") if 'class="between"' in e.proto.body]
        assert listed.count("<tr>") - 1 == min(sum(by_code.values()), 200)  # less the head
        messages = [m for (m,) in sql(dashboard_db, """SELECT x.message FROM audit_findings x
            JOIN audit_sessions a USING (tbl, session) WHERE a.kind = 'cash'""")]
        import html
        assert all(html.escape(m) in listed for m in messages[:200])  # whole, not clipped


# ---- the Import page says when a room's files change form

def test_the_import_page_raises_the_drift_notice(tmp_path, monkeypatch):
    import re

    from pipeline.cli.main import main
    from support.live import SIMULATED
    if not SIMULATED:
        pytest.skip("sample_histories has no simulated PokerStars file")
    text = SIMULATED[0].read_text("utf-8-sig").replace("\r\n", "\n")
    hands = [h + "\n\n" for h in re.split(r"\n\n+(?=PokerStars Hand #)", text.strip())]
    folder, db = tmp_path / "hh", tmp_path / "h.duckdb"
    folder.mkdir()
    for i in range(12):  # the room's usual files
        (folder / f"a{i:02}.txt").write_text("".join(hands[i * 10:(i + 1) * 10]), "utf-8")
    assert main(["import", str(folder), "--db", str(db), "--quiet"]) == 0
    at = run_page(db, "import_files", monkeypatch)
    assert not [w for w in at.warning if "changed form" in w.value]  # no drift: no notice
    changed = "".join(hands[120:140]).replace(": folds", ": passes after 3s")
    (folder / "z_new.txt").write_text(changed, "utf-8")
    assert main(["import", str(folder), "--db", str(db), "--quiet"]) == 0
    at.run()
    assert [w for w in at.warning if "pokerstars's files have changed form" in w.value]
    said = " ".join(c.value for c in at.code)
    assert "format drift: pokerstars" in said and "'<name>: passes after 9s'" in said
    players = set(re.findall(r"^Seat \d+: (.+?) \(.* in chips", changed, re.M))
    assert not any(re.search(rf"(?<!\w){re.escape(p)}(?!\w)", said) for p in players)


# ---- Matrix: every stat across positions and stack depths

# each Hero row's effective stack, made here from the seats: the smaller of the stack and
# the largest other stack dealt in (a player with a position), in big blinds
EFFECTIVE = """
WITH seats AS (SELECT p.site, p.hand_id, p.player, p.stack, h.big_blind
               FROM hand_players p JOIN hands h USING (site, hand_id)
               WHERE p.position IS NOT NULL AND h.kind = 'cash')
SELECT a.hand_id, a.site, least(a.stack, max(b.stack)) / a.big_blind AS bb
FROM seats a JOIN seats b ON b.site = a.site AND b.hand_id = a.hand_id AND b.player <> a.player
WHERE a.player = 'Hero' GROUP BY a.site, a.hand_id, a.stack, a.big_blind
"""


def _depth(bb) -> str:
    return ("<20" if bb < 20 else "20-40" if bb < 40 else "40-100" if bb < 100
            else "100-150" if bb <= 150 else ">150")


def _matrix(at) -> tuple[dict, dict]:
    """The matrix page's table read back: (stat, column) -> (value, chances), and each
    column heading's hands."""
    import re
    from html import unescape
    page, = [e.value for e in at.main if getattr(e, "type", "") == "html"
             and 'class="matrix"' in e.value]
    cells = {(stat, unescape(column)): (value, int(chances.replace(",", "")))
             for stat, column, value,
             chances in re.findall(r'data-stat="(\w+)" data-column="([^"]+)"[^>]*><b>([^<]+)'
                                   r'</b><small>([\d,]+)</small>', page)}
    heads = {unescape(name): int(n.replace(",", "")) for name, n in
             re.findall(r"<th>([^<]+)<small>([\d,]+) hands</small></th>", page)}
    return cells, heads


def test_matrix_cells_equal_a_count_by_depth_made_here(dashboard_db, monkeypatch):
    at = run_page(dashboard_db, "matrix", monkeypatch, {"game": "cash", "across": "depth"})
    cells, heads = _matrix(at)
    depth = {(site, hand): _depth(bb) for hand, site, bb in sql(dashboard_db, EFFECTIVE)}
    hands: dict[str, int] = {}
    vpip: dict[str, list[int]] = {}
    for site, hand, chance, done in sql(dashboard_db, "SELECT s.site, s.hand_id, vpip_chance,"
                                        f" vpip_done {HERO_ROWS.format(kind=CASH)}"):
        d = depth[site, hand]
        hands[d] = hands.get(d, 0) + 1
        counts = vpip.setdefault(d, [0, 0])
        counts[0] += chance
        counts[1] += done
    assert len(hands) >= 3
    for d, n in hands.items():
        assert heads[f"{d} bb"] == n
        chances, done = vpip[d]
        assert cells["vpip", d] == (f"{100 * done / chances:.1f}", chances)
    assert at.query_params["across"] == "depth"
    # the postflop stats of version 2 across positions, the chances as stored
    at.segmented_control(key="m_across").set_value("position").run()
    at.segmented_control(key="m_group").set_value("Postflop").run()
    cells, _ = _matrix(at)
    for position, chances, done in sql(
            dashboard_db, "SELECT s.position, sum(check_raise_flop_chance::INT),"
                          f" sum(check_raise_flop_done::INT) {HERO_ROWS.format(kind=CASH)}"
                          " GROUP BY 1"):
        got = cells.get(("check_raise_flop", position))
        assert got == ((f"{100 * done / chances:.1f}", chances) if chances else None)


# ---- Action filters: the sidebar's, in the address, on every page

ACTING_AFTER_THE_FLOP = ("SB", "BB", "UTG", "UTG+1", "UTG+2", "UTG+3", "LJ", "HJ", "CO", "BTN")


def _spots(db) -> dict[tuple[str, str], dict]:
    """Each cash hand Hero was dealt in, its spot made here from the seats, the board and
    the actions: who saw the flop, whether Hero acted last of them, what Hero did."""
    seats: dict = {}
    for site, hand, player, position, board in sql(db, """
            SELECT p.site, p.hand_id, p.player, p.position, h.board FROM hand_players p
            JOIN hands h USING (site, hand_id)
            WHERE p.position IS NOT NULL AND h.kind = 'cash'"""):
        seats.setdefault((site, hand), {"board": len((board or "").split()), "at": {}})
        seats[site, hand]["at"][player] = position
    folded_before: dict = {}
    done: dict = {}
    for site, hand, player, street, kind in sql(db, "SELECT site, hand_id, player, street, kind"
                                                    " FROM actions"):
        if kind == "fold" and street <= 1:
            folded_before.setdefault((site, hand), set()).add(player)
        if player == "Hero":
            done.setdefault((site, hand), set()).add((street, kind))
    out = {}
    for key, hand in seats.items():
        if "Hero" not in hand["at"]:
            continue
        saw = [p for p in hand["at"] if hand["board"] >= 3
               and p not in folded_before.get(key, set())]
        order = {p: ACTING_AFTER_THE_FLOP.index(hand["at"][p]) for p in saw}
        out[key] = {"saw_flop": "Hero" in saw, "players": len(saw),
                    "last": "Hero" in saw and order["Hero"] == max(order.values()),
                    "did": done.get(key, set())}
    return out


def test_action_filters_match_a_count_made_here_and_stay_in_the_address(dashboard_db,
                                                                         monkeypatch):
    spots = _spots(dashboard_db)
    cases = [({"ip": "in position"}, lambda h: h["saw_flop"] and h["last"]),
             ({"ip": "out of position", "flop": "multiway"},
              lambda h: h["saw_flop"] and not h["last"] and h["players"] >= 3),
             ({"flop": "heads-up", "line": "called the river"},
              lambda h: h["saw_flop"] and h["players"] == 2 and (4, "call") in h["did"]),
             ({"line": ["bet the turn", "checked the river"]},
              lambda h: (3, "bet") in h["did"] and (4, "check") in h["did"])]
    for address, wanted in cases:
        expected = sum(1 for h in spots.values() if wanted(h))
        assert expected > 0, address
        at = run_page(dashboard_db, "hands", monkeypatch,
                      {"player": "Hero", "game": "cash", **address})
        assert _listed(at)[0] == expected, address
        for name, value in address.items():
            kept = at.query_params[name]
            assert (kept if isinstance(kept, list) else [kept]) == (
                value if isinstance(value, list) else [value])
    # the stats over those hands: the sample of the stats page is the hands kept
    at = run_page(dashboard_db, "stats", monkeypatch,
                  {"player": "Hero", "game": "cash", "ip": "in position"})
    chances = {label: n for df in at.dataframe if "label" in df.value.columns
               for label, n in zip(df.value["label"], df.value["chances"])}
    saw = chances["Saw flop"]
    assert saw == sum(1 for h in spots.values() if h["saw_flop"] and h["last"])


# ---- a store of observed hands only (research data sets: no hero anywhere)

def test_every_page_works_without_a_hero(tmp_path, monkeypatch):
    """HandHQ-like observed hands (no "Dealt to" line): every page opens on all players,
    and the stats are every player's, counted here from the stored flags."""
    from support.common import SAMPLES, import_paths
    db = tmp_path / "observed.duckdb"
    import_paths(db, SAMPLES / "absolute" / "observed.txt")
    assert sql(db, "SELECT count(*) FROM hands WHERE hero IS NULL")[0][0] == 1
    for page in ("overview", "stats", "positions", "matrix", "leaks", "starting_hands",
                 "hands", "reports", "verification"):
        at = run_page(db, page, monkeypatch)
        assert not at.error, (page, [e.value for e in at.error])
    at = run_page(db, "stats", monkeypatch)
    assert any("all players" in t for t in texts(at))
    (chances, done), = sql(db, "SELECT sum(vpip_chance::INT), sum(vpip_done::INT)"
                               " FROM player_hand_stats")
    table = frame(at, "stat", "value")
    vpip = table[table["stat"] == "vpip"]["value"].to_list()
    assert chances == 2 and vpip and float(vpip[0]) == round(100 * done / chances, 1)
