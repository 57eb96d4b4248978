"""Auto-tags: tags set by rules (a TOML file the user can edit) on the hands, or the
actions, whose stored rows meet them: the pot type, the hero's all-in, the pot in big
blinds, an action of the hero on a street, a showdown lost, the verdict, a finding
between hands. Each import sets them again over the whole database (after the audit
between hands), as ``handlens tag auto`` does; a tag a person set is never touched.

The rules are read from ``autotags.toml`` beside ``handlens.toml`` in the user's config
folder (HANDLENS_AUTOTAGS names another file), else the file shipped beside this module.
A rule's conditions are a fixed vocabulary (``CONDITIONS``), each a fixed SQL fragment
with its value as a parameter: nothing of the file reaches SQL as text.
"""
from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass
from pathlib import Path

import duckdb

from pipeline.stats.pot_types import POT_TYPES

SHIPPED = Path(__file__).with_name("autotags.toml")
RULES_ENV = "HANDLENS_AUTOTAGS"
SOURCE = "auto"  # the tags' source (a person's are 'user')
STREETS = {"preflop": 1, "flop": 2, "turn": 3, "river": 4}
VERDICTS = ("ok", "warning", "failed", "unverifiable")


POTS = POT_TYPES
# condition -> (the values it takes, its SQL over the hand h and the hero's row s)
CONDITIONS = {
    "pot": (tuple(POTS), None),
    "min_pot_bb": (float, "h.total_pot / nullif(h.big_blind, 0) >= ?"),
    "hero_all_in": (bool, "? = EXISTS (SELECT 1 FROM actions a WHERE a.site = h.site AND"
                          " a.hand_id = h.hand_id AND a.player = s.player AND a.all_in)"),
    "hero_action": (("call", "fold", "check", "bet", "raise"), "a.kind = ?"),
    "street": (tuple(STREETS), "a.street = ?"),
    "hero_showdown": (bool, "? = EXISTS (SELECT 1 FROM showdowns w WHERE w.site = h.site AND"
                            " w.hand_id = h.hand_id AND w.player = s.player AND w.shown)"),
    "max_hero_net_bb": (float, "s.net_bb <= ?"),
    "verdict": (VERDICTS, "EXISTS (SELECT 1 FROM verdicts v WHERE v.site = h.site AND"
                          " v.hand_id = h.hand_id AND v.status = ?)"),
    "between_hands": (bool, "? = EXISTS (SELECT 1 FROM audit_findings x WHERE x.site ="
                            " h.site AND x.hand_id = h.hand_id)"),
}


class RulesError(ValueError):
    """A rules file that cannot be read, or a rule it holds that says no known thing."""


@dataclass(frozen=True)
class Rule:
    tag: str
    conditions: tuple[tuple[str, object], ...]

    @property
    def on_action(self) -> bool:
        return any(name in ("hero_action", "street") for name, _ in self.conditions)

    def sql(self) -> tuple[str, list]:
        """SELECT site, hand_id, seq of what the rule tags, and its parameters."""
        parts, params = [], []
        for name, value in self.conditions:
            if name == "pot":
                parts.append(f"({POTS[value]})")
                continue
            parts.append(CONDITIONS[name][1])
            params.append(STREETS[value] if name == "street" else value)
        where = " AND ".join(parts) or "TRUE"
        if self.on_action:
            return (f"""SELECT DISTINCT h.site, h.hand_id, a.seq FROM hands h
                        JOIN hand_players s ON s.site = h.site AND s.hand_id = h.hand_id
                             AND s.is_hero
                        JOIN actions a ON a.site = h.site AND a.hand_id = h.hand_id
                             AND a.player = s.player
                        WHERE h.supported AND {where}""", params)
        # (a hand without a hero is tagged by the rules that ask nothing of one)
        return (f"""SELECT DISTINCT h.site, h.hand_id, NULL::INTEGER AS seq FROM hands h
                    LEFT JOIN hand_players s ON s.site = h.site AND s.hand_id = h.hand_id
                         AND s.is_hero
                    WHERE h.supported AND {where}""", params)


def rules_path() -> Path:
    """The rules in use: HANDLENS_AUTOTAGS, the user's own file, or the shipped one."""
    if os.environ.get(RULES_ENV):
        return Path(os.environ[RULES_ENV])
    from pipeline.ingest.folders import config_path
    own = config_path().with_name("autotags.toml")
    return own if own.exists() else SHIPPED


def read_rules(path: Path | None = None) -> list[Rule]:
    """The rules of the file; RulesError naming the file and the rule that is wrong."""
    path = path or rules_path()
    try:
        raw = tomllib.loads(path.read_text("utf-8"))
    except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise RulesError(f"{path}: cannot be read as TOML: {exc}") from None
    rules = []
    for i, entry in enumerate(raw.get("rule", []), 1):
        where = f"{path}: rule {i}"
        tag = entry.get("tag")
        if not isinstance(tag, str) or not tag.strip():
            raise RulesError(f"{where}: no tag (tag = \"...\")")
        conditions = []
        for name, value in entry.items():
            if name == "tag":
                continue
            if name not in CONDITIONS:
                raise RulesError(f"{where} ({tag}): no condition {name!r}; known: "
                                 + ", ".join(CONDITIONS))
            kind = CONDITIONS[name][0]
            if isinstance(kind, tuple):
                ok = value in kind
            elif kind is float:
                ok = isinstance(value, (int, float)) and not isinstance(value, bool)
            else:
                ok = isinstance(value, bool)
            if not ok:
                expected = " | ".join(map(repr, kind)) if isinstance(kind, tuple) else (
                    "a number" if kind is float else "true or false")
                raise RulesError(f"{where} ({tag}): {name} = {value!r}: expected {expected}")
            conditions.append((name, value))
        if any(n == "street" for n, _ in conditions) and \
                not any(n == "hero_action" for n, _ in conditions):
            raise RulesError(f"{where} ({tag}): street needs a hero_action")
        rules.append(Rule(tag.strip(), tuple(conditions)))
    return rules


def apply(con: duckdb.DuckDBPyConnection, rules: list[Rule] | None = None) -> dict[str, int]:
    """Set the rules' tags afresh over the whole database (the earlier auto-tags taken
    off first), in one transaction; how many each tag was set on."""
    rules = read_rules() if rules is None else rules
    counts: dict[str, int] = {}
    con.execute("BEGIN TRANSACTION").fetchall()
    try:
        con.execute("DELETE FROM tags WHERE source = ?", [SOURCE]).fetchall()
        for rule in rules:
            select, params = rule.sql()
            written = con.execute(f"""
                INSERT INTO tags SELECT site, hand_id, seq, NULL, ?, ?, now()::TIMESTAMP
                FROM ({select})""", [rule.tag, SOURCE, *params]).fetchall()
            counts[rule.tag] = counts.get(rule.tag, 0) + (int(written[0][0]) if written else 0)
        con.execute("COMMIT").fetchall()
    except BaseException:
        con.execute("ROLLBACK").fetchall()
        raise
    return counts
