"""Review: a queue of hands to go through one by one in the replayer — those with a
tag (one you set, or an auto-tag: "failed verdict", "river call", ...), or every hand
of the sidebar's filters — each marked reviewed once seen (a "reviewed" tag in the
database), so the queue starts where you left it, in this session or the next.
Keys (the buttons' own shortcuts): n marks reviewed and goes on, s skips, p goes back."""
from __future__ import annotations

from dataclasses import replace

import streamlit as st

from dashboard import data, marks, show
from dashboard.replay.replayer import replayer
from dashboard.sidebar import filters, player_label, read_page_params, write_page_params
from pipeline.read.hand_list import HandQuery

REVIEWED = "reviewed"  # the tag a reviewed hand carries
EVERY = "every hand of the filters"
LIMIT = 5000
PARAMS = {"queue": "review_queue", "done": "review_done"}
NEXT, SKIP, BACK = "Reviewed, next →", "Skip →", "← Back"

f = filters()
read_page_params("review", PARAMS)
st.title("Review")
st.text(player_label(f))
tags = [t for t in data.fetch("tag_names") if t != REVIEWED]
queues = [*tags, EVERY]
if st.session_state.get("review_queue") not in (None, *queues):
    st.session_state["review_queue"] = queues[0]
a, b = st.columns([3, 1])
queue = a.selectbox("The hands", queues, key="review_queue",
                    format_func=lambda q: q if q == EVERY else f"tagged {q}",
                    help="Tags come from the replayer, `handlens tag` and the auto-tag rules.")
done_too = b.toggle("Reviewed ones too", key="review_done")
write_page_params(PARAMS)

chosen = HandQuery(tag=None if queue == EVERY else queue, sort="time", descending=False)
total, listed = data.fetch("hand_list", f, chosen, LIMIT)
_, seen = data.fetch("hand_list", f, replace(chosen, tag=REVIEWED), LIMIT)
reviewed = {show.hand_key(s, h) for s, h in zip(seen["site"].to_list(),
                                                 seen["hand_id"].to_list())}
keys = [show.hand_key(s, h) for s, h in zip(listed["site"].to_list(),
                                            listed["hand_id"].to_list())]
todo = keys if done_too else [k for k in keys if k not in reviewed]
st.caption(f"{len(reviewed & set(keys)):,} of {len(keys):,} reviewed"
           + (f" (the first {LIMIT:,} by time)" if total > len(keys) else "") + ".")
if not keys:
    st.info("No hands in this queue: tag some in the replayer, or choose another.")
    st.stop()
if not todo:
    st.success("Every hand of this queue is reviewed.", icon=":material/task_alt:")
    st.stop()

place = f"review_at_{queue}"
at = st.session_state.get(place, todo[0])
if at not in todo:
    at = next((k for k in todo if keys.index(k) > keys.index(at)), todo[0]) \
        if at in keys else todo[0]
i = todo.index(at)


def _go(key: str) -> None:
    st.session_state[place] = key


def _reviewed(key: str, following: str | None) -> None:
    site, _, hand_id = key.partition(":")

    def mark(con, notes):
        notes.add_tags(con, notes.Target(site, hand_id), [REVIEWED])
    if marks.write(mark) and following:
        st.session_state[place] = following


left, middle, skip, right = st.columns([1, 2, 1, 1])
left.button(BACK, key="review_back", width="stretch", disabled=i == 0, on_click=_go,
            args=(todo[i - 1] if i else at,), shortcut="p")
middle.caption(f"Hand {i + 1:,} of {len(todo):,} to review · keys: n reviewed and next, "
               "s skip, p back")
skip.button(SKIP, key="review_skip", width="stretch", disabled=i + 1 >= len(todo),
            on_click=_go, args=(todo[i + 1] if i + 1 < len(todo) else at,), shortcut="s")
right.button(NEXT, key="review_next", type="primary", width="stretch", on_click=_reviewed,
             args=(at, todo[i + 1] if i + 1 < len(todo) else None), shortcut="n")
site, _, hand_id = at.partition(":")
r = data.fetch("replay", site, hand_id)
if r is None:
    st.warning("This hand is not in the database.")
else:
    replayer(r, hero=f.player)
