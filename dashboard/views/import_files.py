"""Import: add hand-history files (uploaded) or a folder of this machine.

The one page that writes. Uploaded files are kept in a folder beside the database
(the replayer reads hands back from their files); the import itself runs in its
own process (pipeline.ingest.job), and its progress lines feed a progress bar.
"""
from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

import streamlit as st

from dashboard import data

ROOT = Path(__file__).resolve().parent.parent.parent

st.title("Import")
if data.dataset_path():
    st.info("This dashboard reads a Parquet dataset, which is read-only here: add hands "
            "with `handlens import PATH --out DIR`, then reload the page.",
            icon=":material/info:")
    st.text(f"Dataset: {data.dataset_path()}")
    st.stop()
db = data.db_path()
uploads = Path(db).with_name(Path(db).stem + "-uploads")
st.text(f"Database: {db}")

try:
    drifting = data.fetch("drift")
except (data.Busy, data.NoDatabase):
    drifting = []
for alarm in drifting:  # a room's client writing lines handlens has not seen
    st.warning(f"{alarm.room}'s files have changed form: a client update may write lines "
               "handlens does not read yet. `handlens errors` lists the hands; `handlens "
               "report FILE:LINE` writes one without its players' names for a bug report.",
               icon=":material/warning:")
    st.code(alarm.text(), language=None, wrap_lines=True)

files = st.file_uploader("Hand-history files", accept_multiple_files=True, key="uploads")
folder = st.text_input("Or a file or folder on this machine (read recursively)",
                       key="folder", placeholder="/path/to/HandHistory")
go = st.button("Import", type="primary", key="import")


def _save(uploaded) -> list[str]:
    """Write the uploaded files into the uploads folder; their paths."""
    uploads.mkdir(parents=True, exist_ok=True)
    paths = []
    for u in uploaded:
        name = Path(u.name).name.lstrip(".") or "upload.txt"  # never outside the folder
        target = uploads / name
        target.write_bytes(u.getvalue())
        paths.append(str(target))
    return paths


def _run(paths: list[str]) -> dict | None:
    """Run the import; show its progress; its summary (None if it failed)."""
    bar = st.progress(0.0, text="starting")
    errors = tempfile.TemporaryFile(mode="w+")
    command = [sys.executable, "-m", "pipeline.ingest.job", "--db", db, *paths]
    proc = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=errors, text=True)
    total, summary, error = 0, None, None
    for line in proc.stdout:
        try:
            msg = json.loads(line)
        except ValueError:
            continue
        if "total_bytes" in msg:
            total = msg["total_bytes"]
        elif "bytes" in msg:
            share = min(msg["bytes"] / total, 1.0) if total else 0.0
            bar.progress(share, text=f"{msg['hands']:,} hands written")
        elif "summary" in msg:
            summary = msg["summary"]
        elif "error" in msg:
            error = msg["error"]
    proc.wait()
    errors.seek(0)
    stderr = errors.read()
    errors.close()
    if summary is None:
        bar.empty()
        st.error("The import failed.")
        st.code(error or stderr[-3000:] or f"exit status {proc.returncode}", language=None)
        return None
    bar.progress(1.0, text=f"{summary['hands_new']:,} new hands")
    return summary


if go:
    paths = _save(files or [])
    if folder.strip():
        if not Path(folder.strip()).expanduser().exists():
            st.error("No such file or folder:")
            st.text(folder.strip())
            st.stop()
        paths.append(str(Path(folder.strip()).expanduser()))
    if not paths:
        st.warning("Choose files to upload or name a folder first.")
        st.stop()
    data.close()  # this run's read connection would keep the importer waiting
    summary = _run(paths)
    if summary is not None:
        st.session_state["last_import"] = summary

summary = st.session_state.get("last_import")
if summary is not None:
    st.subheader("Last import")
    cols = st.columns(6)
    for col, (key, label) in zip(cols, (("files", "Files"), ("hands_new", "New hands"),
                                        ("duplicates", "Duplicates"),
                                        ("incomplete", "Incomplete"),
                                        ("unsupported", "Unsupported"),
                                        ("parse_errors", "Parse errors"))):
        col.metric(label, f"{summary[key]:,}")
    st.caption(f"{summary['seconds']:.1f} s. The other pages show the new hands now.")
    if summary.get("preflop_equity_pending"):
        st.info(f"{summary['preflop_equity_pending']:,} hands with an all-in before the flop, "
                "stored by a version before 0.2, count at their plain net in the all-in "
                "adjusted figures until `handlens equity` computes their equity.")
    reasons = summary.get("parse_errors_by_reason") or {}
    rooms = summary.get("formats_not_supported") or {}
    if reasons:
        st.dataframe({"reason": list(reasons), "hands": list(reasons.values())},
                     hide_index=True, key="reasons")
    if rooms:
        st.dataframe({"format not supported yet": list(rooms), "files": list(rooms.values())},
                     hide_index=True, key="rooms")
    unreadable = summary.get("files_unreadable") or []
    if unreadable:
        st.dataframe({"could not be read": [f["path"] for f in unreadable],
                      "why": [f["reason"] for f in unreadable]}, hide_index=True,
                     key="unreadable")
    if summary.get("files_not_recognised"):
        st.text("Not hand histories:\n" + "\n".join(summary["files_not_recognised"][:20]))
st.caption("Uploaded files are kept in:")
st.code(str(uploads), language=None)
