"""Hands: a list filtered by what happened in the hand, sorted over every hand that
matches; the replayer for the hand clicked in the list (or named in the address as
?hand=SITE:ID, which is how other pages link here), with the previous and next hand."""
from __future__ import annotations

import streamlit as st

from dashboard import data, show
from dashboard.hand_table import hand_table
from dashboard.replay.replayer import replayer
from dashboard.sidebar import filters, player_label, read_page_params, write_page_params
from pipeline.read.hand_list import SORTS, HandQuery
from pipeline.read.queries import HAND_CLASSES, STATUSES
from pipeline.stats.catalogue import LABELS, RATIOS

ANY = "any"
SORT_WORDS = {"time": "time", "net": "the player's net", "pot": "pot size"}
# the list's own choices, kept in the address beside the sidebar's: name -> widget key
# (the pot type and the street reached are the sidebar's action filters)
PARAMS = {"verdict": "list_status", "class": "list_class", "allin": "list_allin",
          "showdown": "list_showdown",
          "opponent": "list_opponent", "minpot": "list_min_pot", "maxpot": "list_max_pot",
          "sort": "list_sort", "order": "list_order", "tag": "list_tag", "note": "list_note",
          "spot": "list_spot"}
NOTES = {ANY: None, "with a note": True, "without a note": False}

f = filters()
mine = f.player is not None
read_page_params("hands", PARAMS, numbers=("minpot", "maxpot"))
st.title("Hands")
st.text(player_label(f))

a, b, c, d = st.columns(4)
status = a.selectbox("Verdict", [ANY, *STATUSES], key="list_status")
all_in = b.selectbox("All-in", [ANY, "yes", "no"], key="list_allin",
                     help="Someone was all-in during the hand.")
a, b, c, d = st.columns(4)
hand_class = a.selectbox("Starting hand", [ANY, *HAND_CLASSES], key="list_class",
                         help="The player's cards; with all players, anyone's.")
showdown = b.selectbox("Showdown", [ANY, "went to showdown", "no showdown"],
                       key="list_showdown", disabled=not mine,
                       help="Whether the chosen player went to showdown.")
opponent = c.text_input("Against", key="list_opponent", placeholder="a player's exact name")
low, high = d.columns(2)
min_pot = low.number_input("Pot ≥ (bb)", min_value=0.0, value=None, step=10.0,
                           key="list_min_pot", placeholder="any")
max_pot = high.number_input("Pot ≤ (bb)", min_value=0.0, value=None, step=10.0,
                            key="list_max_pot", placeholder="any")
a, b, c, d = st.columns(4)
tags = data.fetch("tag_names")
if st.session_state.get("list_tag") not in (None, ANY, *tags):  # a tag since taken off
    st.session_state["list_tag"] = ANY
tag = a.selectbox("Tag", [ANY, *tags], key="list_tag", disabled=not tags,
                  help="A tag on the hand or one of its actions (the replayer sets them; "
                       "so does `handlens tag`).")
noted = b.selectbox("Note", list(NOTES), key="list_note",
                    help="A note on the hand or one of its actions.")
if st.session_state.get("list_spot") not in (None, ANY, *RATIOS):
    st.session_state["list_spot"] = ANY
spot = c.selectbox("Spot", [ANY, *RATIOS], key="list_spot", disabled=not mine,
                   format_func=lambda s: s if s == ANY else f"a chance at: {LABELS[s]}",
                   help="The chosen player's hands in which this stat's spot arose (the "
                        "Leaks page links here).")
a, b, c = st.columns([2, 1, 1])
sorts = [s for s in SORTS if mine or s != "net"]
sort = a.radio("Sort by", sorts, horizontal=True, key="list_sort",
               format_func=SORT_WORDS.get)
order = b.radio("Order", ["descending", "ascending"], horizontal=True, key="list_order")
limit = c.number_input("List at most", min_value=10, max_value=5000, value=200, step=50,
                       key="list_limit")
write_page_params(PARAMS)

q = HandQuery(
    status=None if status == ANY else status,
    hand_class=None if hand_class == ANY else hand_class,
    showdown=None if showdown == ANY or not mine else showdown == "went to showdown",
    all_in=None if all_in == ANY else all_in == "yes",
    min_pot_bb=min_pot, max_pot_bb=max_pot, opponent=opponent.strip() or None,
    tag=None if tag == ANY else tag, noted=NOTES.get(noted),
    spot=None if spot == ANY or not mine else spot,
    sort=sort if sort in sorts else "time", descending=order == "descending")
total, listed = data.fetch("hand_list", f, q, int(limit))
st.caption(f"{total:,} hands match" + (
    f"; the first {listed.height:,} by {SORT_WORDS[q.sort]} are listed." if total > listed.height
    else ".") + " Click a row to replay it.")
currencies = sorted(set(listed["currency"].drop_nulls().to_list()))
net_column, unit = show.unit(f, currencies)
clicked = hand_table(listed, unit, key="hand_list", height=300, select=True)

keys = [show.hand_key(s, h) for s, h in zip(listed["site"].to_list(),
                                            listed["hand_id"].to_list())]
if clicked and clicked != st.session_state.get("list_clicked"):
    st.session_state["list_clicked"] = clicked
    st.query_params["hand"] = clicked
    st.query_params.pop("action", None)  # (another hand: from its start)
wanted = st.query_params.get("hand") or (keys[0] if keys else None)

st.subheader("Replayer")
if wanted is None:
    st.stop()


def _go(key: str) -> None:
    st.query_params["hand"] = key
    st.query_params.pop("action", None)


at = keys.index(wanted) if wanted in keys else None
left, middle, right = st.columns([1, 3, 1])
left.button("← previous hand", key="previous_hand", width="stretch",
            disabled=at is None or at == 0, on_click=_go,
            args=(keys[at - 1] if at else "",))
right.button("next hand →", key="next_hand", width="stretch",
             disabled=at is None or at + 1 >= len(keys), on_click=_go,
             args=(keys[at + 1] if at is not None and at + 1 < len(keys) else "",))
middle.caption(f"Hand {at + 1:,} of the {len(keys):,} listed" if at is not None
               else "This hand is not in the list above.")
site, _, hand_id = wanted.partition(":")
r = data.fetch("replay", site, hand_id)
if r is None:
    st.warning("This hand is not in the database.")
    st.text(wanted)
else:
    action = st.query_params.get("action", "")  # ?action=SEQ: open the table at it
    replayer(r, hero=f.player, at=int(action) if action.isdigit() else None)
