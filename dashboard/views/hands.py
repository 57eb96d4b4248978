"""Hands: a filterable list, and the replayer for the hand chosen (or named in the
URL as ?hand=SITE:ID, which is how other pages link here)."""
from __future__ import annotations

import streamlit as st

from dashboard import data, show
from dashboard.hand_table import hand_table
from dashboard.replayer import replayer
from dashboard.sidebar import filters
from pipeline.queries import HAND_CLASSES, STATUSES

f = filters()
st.title("Hands")
st.text("Player: " + (f.player if f.player is not None else "all players"))

a, b, c, d = st.columns(4)
status = a.selectbox("Verdict", [None, *STATUSES], key="list_status",
                     format_func=lambda s: "any" if s is None else s)
hand_class = b.selectbox("Starting hand", [None, *HAND_CLASSES], key="list_class",
                         format_func=lambda h: "any" if h is None else h)
showdown = c.selectbox("Showdown", [None, True, False], key="list_showdown",
                       format_func=lambda v: {None: "any", True: "went to showdown",
                                              False: "no showdown"}[v])
limit = d.number_input("List at most", min_value=10, max_value=5000, value=200, step=50,
                       key="list_limit")
total, listed = data.fetch("hand_list", f, status, hand_class, showdown, int(limit))
st.caption(f"{total:,} hands match" + (f"; the latest {listed.height:,} are listed."
                                        if total > listed.height else "."))
currencies = sorted(set(listed["stakes"].str.split(" ").list.first().to_list()))
net_column, unit = show.unit(currencies)
hand_table(listed, unit, key="hand_list", height=260)

# the hand to replay: the URL's, else one chosen from the list
keys = [show.hand_key(s, h) for s, h in zip(listed["site"].to_list(),
                                            listed["hand_id"].to_list())]
labels = {}
for row, key in zip(listed.iter_rows(named=True), keys):
    labels[key] = (f"#{row['hand_id']}  {row['played_at']:%Y-%m-%d %H:%M}  "
                   f"{show.card_text(row['cards']) or '??'}  {row[net_column]:+,.2f}")
wanted = st.query_params.get("hand")
if wanted and wanted not in keys:
    keys.insert(0, wanted)


def _choose() -> None:
    st.query_params["hand"] = st.session_state["replay_hand"]


if wanted:
    st.session_state["replay_hand"] = wanted
st.subheader("Replayer")
if not keys:
    st.stop()
chosen = st.selectbox("Hand", keys, key="replay_hand", on_change=_choose,
                      format_func=lambda k: labels.get(k, k.replace(":", " #", 1)))
site, _, hand_id = chosen.partition(":")
r = data.fetch("replay", site, hand_id)
if r is None:
    st.warning("This hand is not in the database.")
    st.text(chosen)
else:
    replayer(r)
