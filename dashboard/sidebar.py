"""The filters every page shares, drawn in the sidebar, read back as ``Filters``."""
from __future__ import annotations

import streamlit as st

from dashboard import data
from pipeline.queries import POSITION_ORDER, Filters

ALL_PLAYERS = "\x00all"  # the "all players" choice (no player name holds a NUL)
KEY = "handlens_filters"


def filters() -> Filters:
    """The filters chosen on this run (drawn by ``draw`` in the app's frame)."""
    return st.session_state.get(KEY) or Filters()


def draw() -> Filters:
    """Draw the sidebar's filters and remember what they select."""
    options = data.fetch("options")
    hero = data.fetch("hero")
    players = data.fetch("players")
    if hero and hero not in players:
        players = [hero, *players]
    side = st.sidebar
    side.header("Filters")
    choices = [ALL_PLAYERS, *players]
    player = side.selectbox(
        "Player", choices, index=choices.index(hero) if hero in choices else 0,
        format_func=lambda p: "all players" if p == ALL_PLAYERS else p, key="f_player",
        help="The hero (whose cards are dealt in most hands) by default. "
             "The 500 players with most hands are listed.")
    first, last = options["first"], options["last"]
    since = side.date_input("From", value=None, min_value=first, max_value=last,
                            key="f_since")
    until = side.date_input("To (included)", value=None, min_value=first, max_value=last,
                            key="f_until")
    sites = side.multiselect("Room", options["sites"], key="f_sites",
                             placeholder="all rooms")
    stakes = side.multiselect("Stakes", options["stakes"], key="f_stakes",
                              placeholder="all stakes")
    structures = side.multiselect("Structure", options["structures"], key="f_structures",
                                  placeholder="NL, PL, FL", format_func=_structure)
    sizes = side.multiselect("Table size", options["table_sizes"], key="f_sizes",
                             placeholder="all sizes", format_func=lambda n: f"{n}-max")
    positions = side.multiselect("Positions", list(POSITION_ORDER), key="f_positions",
                                 placeholder="all positions")
    chosen = Filters(player=None if player == ALL_PLAYERS else player,
                     since=since, until=until, sites=tuple(sites), stakes=tuple(stakes),
                     structures=tuple(structures), table_sizes=tuple(int(n) for n in sizes),
                     positions=tuple(positions))
    st.session_state[KEY] = chosen
    return chosen


_STRUCTURES = {"NL": "No limit", "PL": "Pot limit", "FL": "Fixed limit",
               "PL/NL": "Pot limit preflop, no limit after"}


def _structure(code: str) -> str:
    return _STRUCTURES.get(code, code)
