"""The filters every page shares, drawn in the sidebar, read back as ``Filters``.

The filters live in the page's address too (?player=Hero&game=cash&stakes=...): a link
copied, a bookmark or a replay link opened in a new tab shows the same selection. The
address is read once, when a session starts, and rewritten on every run.
"""
from __future__ import annotations

from datetime import date

import streamlit as st

from dashboard import data
from pipeline.stats import spots
from pipeline.read.queries import DEPTH_ORDER, KINDS, POSITION_ORDER, Filters

ALL_PLAYERS = "\x00all"  # the "all players" choice (no player name holds a NUL)
KEY = "handlens_filters"
KIND_WORDS = {"cash": "Cash games", "tournament": "Tournaments", "play": "Play money"}
# filter field -> (its name in the address, the widget's key)
URL = {"player": ("player", "f_player"), "kind": ("game", "f_kind"),
       "since": ("from", "f_since"), "until": ("to", "f_until"), "sites": ("room", "f_sites"),
       "stakes": ("stakes", "f_stakes"), "structures": ("structure", "f_structures"),
       "table_sizes": ("size", "f_sizes"), "positions": ("position", "f_positions"),
       "depths": ("depth", "f_depths"), "pot": ("pot", "f_pot"), "role": ("role", "f_role"),
       "position": ("ip", "f_ip"), "flop": ("flop", "f_flop"), "street": ("street", "f_street"),
       "lines": ("line", "f_lines")}
_MULTI = ("sites", "stakes", "structures", "table_sizes", "positions", "depths", "lines")
_CHOICE = ("pot", "role", "position", "flop", "street")  # one of spots.CHOICES[name], or any
# the action filters' labels and what each says
_SPOTS = {"pot": ("Pot", "By the raises before the flop (anyone's)."),
          "role": ("Preflop, the player", "What the player did before the flop."),
          "position": ("On the flop", "In position: acting last of those who saw the flop."),
          "flop": ("Players on the flop", "Heads-up: two saw the flop; multiway: more."),
          "street": ("Reached", "The player was still in at this street (at least)."),
          "lines": ("Lines", "What the player did after the flop: every line chosen.")}
_READ = "handlens_url_read"


def filters() -> Filters:
    """The filters chosen on this run (drawn by ``draw`` in the app's frame)."""
    return st.session_state.get(KEY) or Filters()


def url_params(f: Filters | None = None) -> dict[str, str | list[str]]:
    """The filters as address parameters (what is not set is left out)."""
    f = f or filters()
    out: dict[str, str | list[str]] = {}
    for field, (name, _) in URL.items():
        value = getattr(f, field)
        if field == "player":
            out[name] = "*" if value is None else value  # "*": all players
        elif field in _MULTI:
            if value:
                out[name] = [str(v) for v in value]
        elif value is not None:
            out[name] = value.isoformat() if isinstance(value, date) else str(value)
    return out


def _read_url(players: list[str], hero: str | None) -> None:
    """Once a session: the address's filters into the widgets' state."""
    if st.session_state.get(_READ):
        return
    st.session_state[_READ] = True
    q = st.query_params
    player = q.get("player")
    if player == "*":
        st.session_state["f_player"] = ALL_PLAYERS
    elif player:
        st.session_state["f_player"] = player
        if player not in players:
            st.session_state["f_extra_player"] = player
    elif hero:
        st.session_state["f_player"] = hero
    if q.get("game") in KINDS:
        st.session_state["f_kind"] = q.get("game")
    for field in ("since", "until"):
        name, key = URL[field]
        try:
            st.session_state[key] = date.fromisoformat(q.get(name, ""))
        except ValueError:
            pass
    for field in _MULTI:
        name, key = URL[field]
        values = q.get_all(name)
        if values:
            st.session_state[key] = ([int(v) for v in values if v.isdigit()]
                                     if field == "table_sizes" else values)
    for field in _CHOICE:
        name, key = URL[field]
        if q.get(name) in spots.CHOICES[field]:
            st.session_state[key] = q.get(name)


def _write_url(f: Filters) -> None:
    """The filters into the address, other parameters (the hand shown) kept."""
    wanted = url_params(f)
    q = st.query_params
    for name, _ in URL.values():
        value = wanted.get(name)
        current = q.get_all(name)
        if value is None:
            if current:
                del q[name]
        elif current != (value if isinstance(value, list) else [value]):
            q[name] = value


def _kind_changed() -> None:
    st.session_state["f_stakes"] = []  # a cash game's blinds are not a tournament's buy-in


def draw() -> Filters:
    """Draw the sidebar's filters and remember what they select."""
    options = data.fetch("options")
    hero = data.fetch("hero")
    players = data.fetch("players")
    if hero and hero not in players:
        players = [hero, *players]
    _read_url(players, hero)
    side = st.sidebar
    notice = data.fetch("store_notice")
    if notice:  # a store an earlier handlens wrote
        side.warning(notice, icon=":material/update:")
    side.header("Filters")
    found = side.text_input("Find a player", key="f_find", placeholder="any player's name",
                            help="The list below holds the 500 players with most hands; "
                                 "type part of a name to choose any other.")
    listed = data.fetch("find_players", found.strip()) if found.strip() else players
    extra = st.session_state.get("f_extra_player")
    chosen_now = st.session_state.get("f_player")
    choices = [ALL_PLAYERS, *listed]
    for name in (extra, chosen_now):
        if name and name not in choices:
            choices.append(name)
    if "f_player" not in st.session_state:
        st.session_state["f_player"] = hero if hero in choices else ALL_PLAYERS
    persons = set(data.fetch("people"))
    player = side.selectbox(
        "Player", choices, key="f_player",
        format_func=lambda p: "all players" if p == ALL_PLAYERS else
        f"{p} (person)" if p in persons else p,
        help="The hero (whose cards are dealt in most hands) by default. A person "
             "(handlens alias) is all of their screen names, in every room.")
    # the hands of each kind as chosen so far: the player's, in the rooms chosen
    counts = data.fetch("kind_counts", None if player == ALL_PLAYERS else player,
                        tuple(st.session_state.get("f_sites") or ()))
    if "f_kind" not in st.session_state:  # the kind with the most hands
        st.session_state["f_kind"] = max(KINDS, key=lambda k: (counts[k], k == "cash"))
    # play money only where there is some (or chosen)
    kinds = [k for k in KINDS if k != "play" or counts[k] or st.session_state["f_kind"] == k]
    kind = side.radio("Game", kinds, key="f_kind", horizontal=True, on_change=_kind_changed,
                      format_func=lambda k: f"{KIND_WORDS[k]} ({counts[k]:,})",
                      help="Cash games, tournaments and play money are never added "
                           "together: money, tournament chips and play chips do not add up.")
    first, last = options["first"], options["last"]
    since = side.date_input("From", value=None, min_value=first, max_value=last,
                            key="f_since", help="Dates in UTC where the room says its zone.")
    until = side.date_input("To (included)", value=None, min_value=first, max_value=last,
                            key="f_until")
    sites = side.multiselect("Room", _kept(options["sites"], "f_sites"), key="f_sites",
                             placeholder="all rooms")
    stakes = side.multiselect("Buy-in" if kind == "tournament" else "Stakes",
                              _kept(options["stakes"][kind], "f_stakes"), key="f_stakes",
                              placeholder="all buy-ins" if kind == "tournament"
                              else "all stakes")
    structures = side.multiselect("Structure", _kept(options["structures"], "f_structures"),
                                  key="f_structures",
                                  placeholder="NL, PL, FL", format_func=_structure)
    sizes = side.multiselect("Table size", _kept(options["table_sizes"], "f_sizes"),
                             key="f_sizes",
                             placeholder="all sizes", format_func=lambda n: f"{n}-max")
    positions = side.multiselect("Positions", _kept(list(POSITION_ORDER), "f_positions"),
                                 key="f_positions",
                                 placeholder="all positions")
    depths = side.multiselect("Stack depth", _kept(list(DEPTH_ORDER), "f_depths"),
                              key="f_depths", placeholder="all depths",
                              format_func=lambda d: f"{d} bb",
                              help="The effective stack at the start of the hand: the "
                                   "smaller of the player's and the largest other stack.")
    chosen = Filters(player=None if player == ALL_PLAYERS else player, kind=kind,
                     since=since, until=until, sites=tuple(sites), stakes=tuple(stakes),
                     structures=tuple(structures), table_sizes=tuple(int(n) for n in sizes),
                     positions=tuple(positions), depths=tuple(depths), **_spots(side))
    st.session_state[KEY] = chosen
    _write_url(chosen)
    return chosen


def _spots(side) -> dict:
    """The action filters, drawn in an expander (open while one is set)."""
    keys = [URL[field][1] for field in spots.CHOICES]
    chosen = {}
    with side.expander("Action filters", expanded=any(st.session_state.get(k) for k in keys),
                       icon=":material/filter_alt:"):
        for field in _CHOICE:
            label, words = _SPOTS[field]
            chosen[field] = st.selectbox(label, [None, *spots.CHOICES[field]],
                                         key=URL[field][1], help=words,
                                         format_func=lambda v: "any" if v is None else v)
        label, words = _SPOTS["lines"]
        chosen["lines"] = tuple(st.multiselect(
            label, _kept(list(spots.CHOICES["lines"]), URL["lines"][1]), key=URL["lines"][1],
            help=words, placeholder="any line"))
    return chosen


def _kept(options: list, key: str) -> list:
    """The options, with what the state holds that is not among them (an address's
    value for another database) dropped from the state."""
    held = st.session_state.get(key)
    if held:
        st.session_state[key] = [v for v in held if v in options]
    return options


_STRUCTURES = {"NL": "No limit", "PL": "Pot limit", "FL": "Fixed limit",
               "PL/NL": "Pot limit preflop, no limit after"}


def _structure(code: str) -> str:
    return _STRUCTURES.get(code, code)


def player_label(f: Filters) -> str:
    """'Hero · cash games', 'all players · tournaments'."""
    who = f.player if f.player is not None else "all players"
    return f"{who} · {KIND_WORDS[f.kind].lower()}"


_KEPT = "_page_choices"  # widget key → the value it had, for pages left and come back to


def read_page_params(page: str, params: dict[str, str], numbers: tuple[str, ...] = ()) -> None:
    """Once a session, a page's own choices from the address (name -> widget key);
    ``numbers`` are read as numbers. Coming back to the page later in the session: the
    choices it had when it was left (Streamlit forgets the widgets of a page not drawn)."""
    flag = f"{_READ}_{page}"
    if st.session_state.get(flag):
        kept = st.session_state.get(_KEPT, {})
        for key in params.values():
            if key not in st.session_state and key in kept:
                st.session_state[key] = kept[key]
        return
    st.session_state[flag] = True
    for name, key in params.items():
        value = st.query_params.get(name)
        if value is None:
            continue
        if name in numbers:
            try:
                st.session_state[key] = float(value)
            except ValueError:
                continue
        else:
            st.session_state[key] = value


def write_page_params(params: dict[str, str]) -> None:
    """A page's own choices into the address (what is left at "any" is left out), and
    kept for when the page is drawn again (``read_page_params``)."""
    q = st.query_params
    kept = st.session_state.setdefault(_KEPT, {})
    for name, key in params.items():
        value = st.session_state.get(key)
        if value is not None:
            kept[key] = value
        if value in (None, "", "any"):
            if name in q:
                del q[name]
        elif q.get(name) != str(value):
            q[name] = str(value)
