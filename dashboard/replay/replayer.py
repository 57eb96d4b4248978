"""The replayer: one hand drawn as a table that steps through it (pipeline/export/table/table_view.py),
its verdict and findings, its actions street by street, its raw text."""
from __future__ import annotations

import polars as pl
import streamlit as st

from dashboard import show
from pipeline.export.cards import card_markdown, card_text
from pipeline.export import html
from pipeline.export.table import frames, runout
from pipeline.export.table.steps import Replay, Step
from pipeline.read.queries import CODES


def _amount(value) -> float | None:
    return None if value is None else float(value)


def _board(cards: tuple[str, ...]) -> None:
    if not cards:
        st.caption("no board cards yet")
        return
    shown = card_markdown(cards)
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


def _unit(r: Replay) -> str:
    """What the hand's amounts are in: its currency, or chips (tournaments, play money)."""
    if r.hand.get("tournament_id") is not None:
        return "chips"
    return r.hand.get("currency") or "chips"


def _step(step: Step, findings_at: dict[int, str], unit: str) -> None:
    pot, board = st.columns([1, 3])
    pot.metric("Pot before the street", f"{step.pot:,.2f} {unit}")
    with board:
        st.caption("Board")
        _board(step.board)
    # one above the other, each the page's width: side by side they clipped the
    # actions' words and hid the finding column at 1280 pixels
    st.dataframe(pl.DataFrame(
        [(s["player"], s["position"], _amount(s["stack"]), card_text(s["cards"]),
          "folded" if s["folded"] else "")
         for s in step.stacks],
        schema={"player": pl.String, "position": pl.String, "stack": pl.Float64,
                "cards": pl.String, "status": pl.String}, orient="row"),
        hide_index=True, key=f"stacks_{step.street}", placeholder=show.MISSING,
        column_config={"stack": st.column_config.NumberColumn(f"stack before ({unit})",
                                                              format="%.2f")})
    if not step.actions:
        st.caption("No action on this street (all-in run-out).")
        return
    st.dataframe(pl.DataFrame(
        [(a["seq"], a["player"], _phrase(a), _amount(a["amount"]), _amount(a["pot"]),
          findings_at.get(a["seq"], "") if a["seq"] is not None else "")
         for a in step.actions],
        schema={"#": pl.Int64, "player": pl.String, "action": pl.String,
                "amount": pl.Float64, "pot": pl.Float64, "finding": pl.String}, orient="row"),
        hide_index=True, key=f"actions_{step.street}", placeholder=show.MISSING, column_config={
            "#": st.column_config.NumberColumn(width=40),
            "action": st.column_config.TextColumn("action", width="large"),
            "amount": st.column_config.NumberColumn(f"in ({unit})", format="%.2f", width=70),
            "pot": st.column_config.NumberColumn(f"pot after ({unit})", format="%.2f",
                                                 width=80)})


def _showdown(r: Replay) -> None:
    boards = [b for b in (r.hand["boards"] or []) if b]
    if len(boards) > 1:
        for n, board in enumerate(boards, 1):
            st.caption(f"run {n}")
            _board(tuple(board.split()))
    if r.showdown:
        st.dataframe(pl.DataFrame(
            [(s["run"], s["player"], card_text(s["cards"]),
              "shows" if s["shown"] else "mucks", s["hand_name"] or "") for s in r.showdown],
            schema={"run": pl.Int64, "player": pl.String, "cards": pl.String,
                    "shown": pl.String, "hand": pl.String}, orient="row"),
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
    st.markdown(f"**Result** (in {_unit(r)})")
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
    """The hand's identity: its time in UTC (as every page shows it) and the room's own
    clock, stakes, table, tournament."""
    h = r.hand
    stakes = f"{h['currency']} {h['small_blind']}/{h['big_blind']}"
    if h["ante"]:
        stakes += f" ante {h['ante']}"
    utc = h["played_at_utc"] or h["played_at"]
    local = (f"{h['played_at']:%Y-%m-%d %H:%M:%S} {h['time_zone'] or '(zone not written)'}"
             if h["played_at"] else show.MISSING)
    game = " · ".join(x for x in (
        f"{h['site']} #{h['hand_id']}", f"{h['game']} {h['structure'] or ''}".strip(), stakes,
        f"{h['max_seats']} seats" if h["max_seats"] else None,
        " ".join(x for x in ("tournament", h["tournament_id"], h["tournament_level"]) if x)
        if h["tournament_id"] else None) if x)
    st.text(game)  # text: a table name is the room's (or a player's) words
    st.text(f"table {h['table_name'] or show.MISSING} · played {show.when(utc, True)} UTC"
            if h["played_at_utc"] else
            f"table {h['table_name'] or show.MISSING} · played {local} (the room's clock)")
    if h["played_at_utc"]:
        st.caption(f"The room's clock: {local}.")


VERDICT_WORDS = {
    "ok": "The rules engine replayed every action: each was legal, and the pots, the "
          "collections and the summary add up.",
    "warning": "The hand adds up, with something worth a look below.",
    "failed": "Something in this hand breaks the rules or does not add up: see the "
              "findings below.",
    "unverifiable": "Part of this hand cannot be checked from what the room wrote.",
    "unsupported": "A game the rules engine does not play: not checked.",
}


hero_of = html.hero_of


@st.cache_data(show_spinner="Working out the all-in equity…", max_entries=256)
def runout_shares(site: str, hand_id: str, source: str, _frames: list, _hole: dict) -> dict:
    """The equities of one hand's run-out frames (a few ms for a multi-way preflop
    all-in): computed for the hand shown only, once."""
    return runout.equities(_frames, _hole)


def table(r: Replay, hero: str | None = None, at: int | None = None) -> str:
    """The hand as a table in an iframe that steps through it without the server,
    opened at the action ``at`` (actions.seq) if given; the document to share (one
    self-contained HTML file: it fetches nothing)."""
    built = frames.build(r)
    hole = {p["player"]: p["hole_cards"] for p in r.players}
    shares = runout_shares(r.hand["site"], r.hand["hand_id"], r.source, built, hole)
    st.iframe(html.document(r, hero, shares, built, at=at), height="content")
    return html.document(r, hero, shares, built, html.title_of(r))


def _share(r: Replay, document: str) -> None:
    """The hand to take elsewhere: the table as one HTML file (no server, no network),
    a forum post (pipeline/export/forum.py) and PokerStars text (pipeline/export/stars.py),
    as `export --format html|forum|stars` write them."""
    from dashboard import data
    site, hand_id = r.hand["site"], r.hand["hand_id"]
    name = f"{site}-{hand_id}"
    left, middle, right, _ = st.columns([1, 1, 1, 1])
    left.download_button("Share: the table (.html)", document, file_name=f"{name}.html",
                         mime="text/html", key=f"share_html_{name}", width="stretch",
                         help="One file that replays the hand in any browser, offline.")
    middle.download_button("Share: a forum post (.md)", data.fetch("forum", site, hand_id),
                           file_name=f"{name}.md", mime="text/markdown",
                           key=f"share_md_{name}", width="stretch",
                           help="The hand in markdown, amounts in big blinds, the result last.")
    stars, why = data.fetch("stars", site, hand_id)
    if stars is None:
        right.button("Share: PokerStars text", disabled=True, key=f"share_stars_{name}",
                     width="stretch", help=f"Not written as PokerStars text: {why}.")
    else:
        right.download_button("Share: PokerStars text (.txt)", stars, file_name=f"{name}.txt",
                              mime="text/plain", key=f"share_stars_{name}", width="stretch",
                              help="The hand as PokerStars writes it, for the trackers, "
                                   "solvers and analysers that read PokerStars files.")


def _verdict(r: Replay) -> None:
    status = r.verdict or "not judged"
    left, right = st.columns([1, 4])
    left.metric("Verdict", status)
    right.text(VERDICT_WORDS.get(status, "This hand has not been checked."))
    if r.findings:
        with right:
            show.findings([{"code": f["code"], "meaning": CODES.get(f["code"], ""),
                            "severity": f["severity"], "street": f["street"],
                            "action": f["action"], "message": f["message"]}
                           for f in r.findings])


def replayer(r: Replay, hero: str | None = None, at: int | None = None) -> None:
    """Draw one hand: the table stepping through it, the verdict and findings, the
    actions street by street, the raw text. ``hero``: the player drawn at the bottom
    (the hand's hero by default); ``at``: the action to open the table at."""
    _header(r)
    document = table(r, hero, at)
    _share(r, document)
    _verdict(r)
    from dashboard import marks  # (it writes: loaded where the replayer is drawn)
    marks.box(r, {a["seq"]: f"{a['player']} {_phrase(a)}" for step in r.steps
                  for a in step.actions if a["seq"] is not None})
    findings_at = {f["action"]: f["code"] for f in r.findings if f["action"] is not None}
    with st.expander("Actions street by street, showdown and result"):
        tabs = st.tabs([s.street for s in r.steps] + ["Showdown & result"])
        for tab, step in zip(tabs, r.steps):
            with tab:
                _step(step, findings_at, _unit(r))
        with tabs[-1]:
            _showdown(r)
    st.subheader("As the room wrote it")
    st.caption(r.source)
    if r.raw_text is not None:
        show.verbatim(r.raw_text)
    else:
        st.warning("The raw text cannot be shown:", icon=":material/description:")
        st.text(r.raw_note or "not available")
