"""The replayer: one hand street by street, its verdict and findings, its raw text."""
from __future__ import annotations

import polars as pl
import streamlit as st

from dashboard import show
from pipeline.hand_steps import Replay, Step


def _amount(value) -> float | None:
    return None if value is None else float(value)


def _board(cards: tuple[str, ...]) -> None:
    if not cards:
        st.caption("no board cards yet")
        return
    shown = show.card_markdown(cards)
    if shown is None:
        st.text(" ".join(cards))
    else:
        st.markdown(shown)


def _phrase(a: dict) -> str:
    """'raises to 1.00 (all-in)', 'calls 0.35', 'folds', ..."""
    words = a["action"]
    if a["to"] is not None and words.endswith(" to"):
        words += f" {a['to']:,.2f}"
    elif a["amount"]:
        words += f" {abs(a['amount']):,.2f}"
    return words + (" (all-in)" if a["all_in"] else "")


def _step(step: Step, findings_at: dict[int, str]) -> None:
    pot, board = st.columns([1, 3])
    pot.metric("Pot before the street", f"{step.pot:,.2f}")
    with board:
        st.caption("Board")
        _board(step.board)
    left, right = st.columns([4, 5])
    left.dataframe(pl.DataFrame(
        [(s["player"], s["position"], _amount(s["stack"]), show.card_text(s["cards"]),
          "folded" if s["folded"] else "")
         for s in step.stacks],
        schema={"player": pl.String, "position": pl.String, "stack": pl.Float64,
                "cards": pl.String, "": pl.String}, orient="row"),
        hide_index=True, key=f"stacks_{step.street}",
        column_config={"stack": st.column_config.NumberColumn("stack before", format="%.2f")})
    if not step.actions:
        right.caption("No action on this street (all-in run-out).")
        return
    right.dataframe(pl.DataFrame(
        [(a["seq"], a["player"], _phrase(a), _amount(a["amount"]), _amount(a["pot"]),
          findings_at.get(a["seq"], "") if a["seq"] is not None else "")
         for a in step.actions],
        schema={"#": pl.Int64, "player": pl.String, "action": pl.String,
                "amount": pl.Float64, "pot": pl.Float64, "finding": pl.String}, orient="row"),
        hide_index=True, key=f"actions_{step.street}", column_config={
            "#": st.column_config.NumberColumn(width=40),
            "amount": st.column_config.NumberColumn("chips in", format="%.2f", width=70),
            "pot": st.column_config.NumberColumn("pot after", format="%.2f", width=70)})


def _showdown(r: Replay) -> None:
    boards = [b for b in (r.hand["boards"] or []) if b]
    if len(boards) > 1:
        for n, board in enumerate(boards, 1):
            st.caption(f"run {n}")
            _board(tuple(board.split()))
    if r.showdown:
        st.dataframe(pl.DataFrame(
            [(s["run"], s["player"], show.card_text(s["cards"]),
              "shows" if s["shown"] else "mucks", s["hand_name"] or "") for s in r.showdown],
            schema={"run": pl.Int64, "player": pl.String, "cards": pl.String,
                    "": pl.String, "hand": pl.String}, orient="row"),
            hide_index=True, key="showdown")
    else:
        st.caption("no showdown")
    st.markdown("**Collected**")
    st.dataframe(pl.DataFrame(
        [(c["player"], c["pot"], c["run"], _amount(c["amount"])) for c in r.collected],
        schema={"player": pl.String, "pot": pl.String, "run": pl.Int64,
                "amount": pl.Float64}, orient="row"),
        hide_index=True, key="collected",
        column_config={"amount": st.column_config.NumberColumn(format="%.2f")})
    st.markdown("**Result**")
    st.dataframe(pl.DataFrame(
        [(x["player"], *(_amount(x[k]) for k in ("stack before", "invested", "collected",
                                                 "net", "stack after"))) for x in r.results],
        schema={"player": pl.String, "stack before": pl.Float64, "invested": pl.Float64,
                "collected": pl.Float64, "net": pl.Float64, "stack after": pl.Float64},
        orient="row"), hide_index=True, key="results",
        column_config={k: st.column_config.NumberColumn(format="%.2f")
                       for k in ("stack before", "invested", "collected", "net",
                                 "stack after")})
    h = r.hand
    if h["total_pot"] is not None:
        st.caption(f"Total pot {h['total_pot']:,.2f}, rake {h['rake'] or 0:,.2f}"
                   + (f", fees {h['fees']:,.2f}" if h["fees"] else "") + " (as the room wrote).")


def _header(r: Replay) -> None:
    h = r.hand
    stakes = f"{h['currency']} {h['small_blind']}/{h['big_blind']}"
    if h["ante"]:
        stakes += f" ante {h['ante']}"
    st.dataframe(pl.DataFrame([{
        "hand": f"{h['site']} #{h['hand_id']}", "table": h["table_name"] or "",
        "played": str(h["played_at"] or "") + (f" {h['time_zone']}" if h["time_zone"] else ""),
        "game": f"{h['game']} {h['structure'] or ''}".strip(), "stakes": stakes,
        "seats": h["max_seats"], "button": h["button_seat"],
        "tournament": " ".join(x for x in (h["tournament_id"], h["tournament_level"]) if x),
    }]), hide_index=True, key="hand_header")


def replayer(r: Replay) -> None:
    """Draw one hand: street tabs, showdown and result; the verdict and findings
    beside them; the raw text below."""
    _header(r)
    findings_at = {f["action"]: f["code"] for f in r.findings if f["action"] is not None}
    main, side = st.columns([4, 1])
    with main:
        tabs = st.tabs([s.street for s in r.steps] + ["Showdown & result"])
        for tab, step in zip(tabs, r.steps):
            with tab:
                _step(step, findings_at)
        with tabs[-1]:
            _showdown(r)
    with side:
        status = r.verdict or "not judged"
        st.metric("Verdict", status)
        if r.findings:
            st.dataframe(pl.DataFrame(
                [(f["code"], f["severity"], f["street"] or "", f["action"], f["message"])
                 for f in r.findings],
                schema={"code": pl.String, "severity": pl.String, "street": pl.String,
                        "action": pl.Int64, "message": pl.String}, orient="row"),
                hide_index=True, key="findings")
        else:
            st.caption("no findings")
    st.subheader("As the room wrote it")
    st.code(r.source, language=None)
    if r.raw_text is not None:
        st.code(r.raw_text, language=None)
    else:
        st.warning("The raw text cannot be shown:", icon=":material/description:")
        st.text(r.raw_note or "not available")
