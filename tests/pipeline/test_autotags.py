"""Auto-tags (pipeline/ingest/autotags.py): the shipped rules against what the hands'
text says, counted here from the text (the hero's lines, the raises before the flop, the
pot, the hero's own chips in and out); a person's tags kept; a wrong rules file said
with its file and rule, the import going on."""
from __future__ import annotations

import re
from decimal import Decimal

import duckdb
import pytest

from pipeline.cli.main import main
from pipeline.ingest import autotags
from support.live import SIMULATED

pytestmark = pytest.mark.skipif(len(SIMULATED) < 2,
                                reason="sample_histories has no simulated PokerStars files")
_HAND = re.compile(r"(?=^PokerStars Hand #)", re.M)
_ID = re.compile(r"^PokerStars Hand #(\d+)", re.M)
_BB = re.compile(r"\(\$([\d.]+)/\$([\d.]+) USD\)")
_SECTION = re.compile(r"^\*\*\* (HOLE CARDS|FLOP|TURN|RIVER|SHOW DOWN|SUMMARY) \*\*\*", re.M)


def _sections(text: str) -> dict[str, str]:
    """Each street's lines: 'BLINDS' (before the cards), 'HOLE CARDS', 'FLOP', ..."""
    marks = list(_SECTION.finditer(text))
    out = {"BLINDS": text[:marks[0].start()] if marks else text}
    for m, nxt in zip(marks, marks[1:] + [None]):
        out[m.group(1)] = text[m.end():nxt.start() if nxt else len(text)]
    return out


def _money(s: str) -> Decimal:
    return Decimal(s.replace("$", "").replace(",", ""))


def _hero_net(parts: dict[str, str]) -> Decimal:
    """The hero's net, from their own lines: what each street's bets came to, less an
    uncalled bet returned, plus what they collected."""
    net = Decimal(0)
    for street in ("BLINDS", "HOLE CARDS", "FLOP", "TURN", "RIVER"):
        text = parts.get(street, "")
        if street == "BLINDS":
            continue  # the blinds count in the preflop street's total, below
        total = Decimal(0)
        lines = text.splitlines()
        if street == "HOLE CARDS":
            lines = parts["BLINDS"].splitlines() + lines
        for line in lines:
            m = re.match(r"Hero: posts (?:small|big) blind \$([\d.,]+)", line)
            if m:
                total += _money(m.group(1))
            m = re.match(r"Hero: (?:calls|bets) \$([\d.,]+)", line)
            if m:
                total += _money(m.group(1))
            m = re.match(r"Hero: raises \$[\d.,]+ to \$([\d.,]+)", line)
            if m:
                total = _money(m.group(1))
            m = re.match(r"Uncalled bet \(\$([\d.,]+)\) returned to Hero$", line)
            if m:
                total -= _money(m.group(1))
        net -= total
    for part in parts.values():
        for m in re.finditer(r"^Hero collected \$([\d.,]+) from", part, re.M):
            net += _money(m.group(1))
    return net


def _expected(texts: list[str]) -> dict[str, set]:
    """The shipped rules' tags of the cash hands, from their text: tag -> hand ids (the
    river call: (hand id, how many such calls))."""
    out: dict[str, set] = {t: set() for t in ("3-bet pot", "hero all-in", "pot over 50 bb",
                                                "river call", "lost over 30 bb at showdown")}
    for text in texts:
        hand_id = _ID.search(text).group(1)
        bb = _money(_BB.search(text).group(2))
        parts = _sections(text)
        preflop = parts.get("HOLE CARDS", "")
        if len(re.findall(r"^[^:\n]+: raises ", preflop, re.M)) == 2:
            out["3-bet pot"].add(hand_id)
        if re.search(r"^Hero: .* and is all-in", text, re.M):
            out["hero all-in"].add(hand_id)
        pot = _money(re.search(r"^Total pot \$([\d.,]+)", text, re.M).group(1))
        if pot / bb >= 50:
            out["pot over 50 bb"].add(hand_id)
        calls = len(re.findall(r"^Hero: calls ", parts.get("RIVER", ""), re.M))
        if calls:
            out["river call"].add((hand_id, calls))
        shown = re.search(r"^Hero: shows \[", parts.get("SHOW DOWN", ""), re.M)
        if shown and _hero_net(parts) / bb <= -30:
            out["lost over 30 bb at showdown"].add(hand_id)
    return out


@pytest.fixture(scope="module")
def cash(tmp_path_factory):
    """(a database of two simulated files' cash hands, their texts)."""
    folder = tmp_path_factory.mktemp("autotags")
    texts = []
    for i, path in enumerate(SIMULATED[:2]):
        text = path.read_text("utf-8-sig").replace("\r\n", "\n")
        hands = [h.strip() + "\n\n\n" for h in _HAND.split(text)
                 if h.strip() and "Tournament #" not in h]
        (folder / f"cash{i}.txt").write_text("".join(hands), "utf-8")
        texts += hands
    db = folder / "h.duckdb"
    assert main(["import", str(folder), "--db", str(db), "--quiet"]) == 0
    return db, texts


def _tags(db) -> dict[str, set]:
    con = duckdb.connect(str(db), read_only=True)
    try:
        rows = con.execute("SELECT tag, hand_id, seq FROM tags WHERE source = 'auto'").fetchall()
    finally:
        con.close()
    out: dict[str, set] = {}
    for tag, hand_id, seq in rows:
        out.setdefault(tag, []).append((hand_id, seq))
    return out


def test_the_shipped_rules_tag_what_the_text_says(cash):
    db, texts = cash
    expected = _expected(texts)
    got = _tags(db)  # set by the import itself
    for tag in ("3-bet pot", "hero all-in", "pot over 50 bb", "lost over 30 bb at showdown"):
        assert expected[tag], f"no example of {tag!r} in the sample: the test proves nothing"
        assert {h for h, seq in got.get(tag, [])} == expected[tag], tag
        assert all(seq is None for _, seq in got.get(tag, []))  # on the hand
    calls: dict[str, int] = {}
    for hand_id, seq in got["river call"]:
        assert seq is not None  # on the action itself
        calls[hand_id] = calls.get(hand_id, 0) + 1
    assert set(calls.items()) == expected["river call"]


def test_a_persons_tags_are_kept_and_the_rules_set_again(cash, tmp_path):
    import shutil
    db = tmp_path / "h.duckdb"
    shutil.copy(cash[0], db)
    hand_id = sorted(h for h, _ in _tags(db)["3-bet pot"])[0]
    assert main(["tag", "add", "--hand", hand_id, "3-bet pot", "mine", "--db", str(db)]) == 0
    rules = tmp_path / "rules.toml"
    rules.write_text('[[rule]]\ntag = "big pot"\nmin_pot_bb = 100\n', "utf-8")
    assert main(["tag", "auto", "--rules", str(rules), "--db", str(db)]) == 0
    got = _tags(db)
    assert set(got) == {"big pot"}  # the earlier auto-tags taken off
    con = duckdb.connect(str(db), read_only=True)
    mine = con.execute("SELECT tag FROM tags WHERE source = 'user' AND hand_id = ?",
                       [hand_id]).fetchall()
    big = {h for (h,) in con.execute("SELECT hand_id FROM hands WHERE total_pot / big_blind"
                                     " >= 100").fetchall()}
    con.close()
    assert sorted(t for (t,) in mine) == ["3-bet pot", "mine"]
    assert {h for h, _ in got["big pot"]} == big


@pytest.mark.parametrize("text,said", [
    ('[[rule]]\ntag = "x"\nsize = 3\n', "rule 1 (x): no condition 'size'"),
    ('[[rule]]\ntag = "x"\npot = "huge"\n', "pot = 'huge': expected"),
    ('[[rule]]\nmin_pot_bb = 3\n', "rule 1: no tag"),
    ('[[rule]]\ntag = "x"\nstreet = "river"\n', "street needs a hero_action"),
    ("[[rule]\n", "cannot be read as TOML"),
])
def test_a_wrong_rules_file_is_said_with_its_rule(tmp_path, text, said):
    rules = tmp_path / "rules.toml"
    rules.write_text(text, "utf-8")
    with pytest.raises(autotags.RulesError, match=re.escape(said)) as raised:
        autotags.read_rules(rules)
    assert str(rules) in str(raised.value)


def test_an_import_with_a_wrong_rules_file_goes_on_and_says_so(cash, tmp_path, monkeypatch,
                                                               capsys):
    rules = tmp_path / "rules.toml"
    rules.write_text('[[rule]]\ntag = "x"\nsize = 3\n', "utf-8")
    monkeypatch.setenv(autotags.RULES_ENV, str(rules))
    folder = tmp_path / "hh"
    folder.mkdir()
    (folder / "a.txt").write_text("".join(cash[1][:5]), "utf-8")
    capsys.readouterr()
    assert main(["import", str(folder), "--db", str(tmp_path / "h.duckdb")]) == 0
    out = capsys.readouterr()
    assert "auto-tags not set: " in out.out + out.err and "no condition 'size'" in out.out + out.err
