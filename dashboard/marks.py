"""The replayer's notes and tags: a note or tags on the hand or on one of its actions,
and those already there, each removable. Besides the Import page, the dashboard's one
write: a writer's connection held for the moment of the write (pipeline/store/notes.py),
after which the pages read the file afresh."""
from __future__ import annotations

import html

import streamlit as st

from dashboard import data
from pipeline.export.table.steps import Replay

WRITE_WAIT = 10.0  # seconds a note waits for an import or a watch to finish its batch


def write(work) -> bool:
    """Run ``work(con, notes)`` on a writer's connection, then let go of the file;
    False (and said) if an import held it all the while."""
    from pipeline.store import notes
    from pipeline.store.database import DatabaseBusy, Store

    data.close()  # this run's read connection would keep the writer out
    try:
        store = Store(data.db_path(), wait=WRITE_WAIT)
    except DatabaseBusy:
        st.warning(f"An import held the database for {WRITE_WAIT:.0f} s: nothing was "
                   "written. Try again once its batch is in.")
        return False
    try:
        work(store.con, notes)
    finally:
        store.close()
    return True


def box(r: Replay, actions: dict[int, str]) -> None:
    """The notes and tags of hand ``r``; ``actions``: each action's number and words."""
    site, hand_id = r.hand["site"], r.hand["hand_id"]
    key = f"{site}_{hand_id}"
    st.markdown("**Notes and tags**")
    listed = [(n["seq"], f"Note: {n['text']}", n["note_id"]) for n in r.notes]
    tags: dict[int | None, list[str]] = {}
    auto: dict[int | None, list[str]] = {}
    for t in r.tags:
        (tags if t["source"] == "user" else auto).setdefault(t["seq"], []).append(t["tag"])
    listed += [(seq, "Tags: " + ", ".join(named), None) for seq, named in tags.items()]
    for seq, text, note_id in sorted(listed, key=lambda x: (x[0] is not None, x[0] or 0)):
        left, right = st.columns([6, 1])
        on = "the hand" if seq is None else f"#{seq} {actions.get(seq, '')}"
        left.html(f"<small>{html.escape(on)}</small><br>{html.escape(text)}")
        if right.button("remove", key=f"remove_{key}_{seq}_{note_id}_{text[:20]}"):
            def take_off(con, notes, seq=seq, note_id=note_id):
                if note_id is not None:
                    notes.remove_note(con, note_id)
                else:
                    notes.remove_tags(con, notes.Target(site, hand_id, seq), tags[seq])
            if write(take_off):
                st.rerun()
    for seq, named in sorted(auto.items(), key=lambda x: (x[0] is not None, x[0] or 0)):
        on = "the hand" if seq is None else f"#{seq} {actions.get(seq, '')}"
        st.caption(f"Auto-tags on {on}: {', '.join(named)} (`handlens tag auto --help`)")
    if data.dataset_path():
        st.caption("A Parquet dataset is read-only: notes are written to a database.")
        return
    with st.form(f"marks_{key}", clear_on_submit=True, border=False):
        on = st.selectbox("On", [None, *actions], key=f"mark_on_{key}",
                          format_func=lambda s: "the hand" if s is None
                          else f"#{s} {actions[s]}")
        text = st.text_area("Note", key=f"mark_text_{key}", height=80,
                            placeholder="what to remember about it")
        named = st.text_input("Tags", key=f"mark_tags_{key}",
                              placeholder="separated by commas: review, bluff catch")
        if st.form_submit_button("Save"):
            new_tags = [t.strip() for t in named.split(",") if t.strip()]
            if not text.strip() and not new_tags:
                st.warning("Write a note or a tag first.")
                return

            def save(con, notes):
                target = notes.Target(site, hand_id, on)
                if text.strip():
                    notes.add_note(con, target, text)
                notes.add_tags(con, target, new_tags)
            if write(save):
                st.rerun()
