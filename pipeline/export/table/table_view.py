"""A hand's frames drawn as a poker table: one self-contained HTML document.

``document(frames, ...)`` draws the felt once and every frame's seats, bets, pots and
board as SVG, and adds a little vanilla JavaScript that steps through them (first,
back, play/pause, step, last, a slider, the arrow keys): stepping never goes back to
the server. Nothing is fetched. Every text that comes from the hand history (names,
hand names) is escaped here with html.escape; the frames travel as JSON whose ``<``,
``>`` and ``&`` are escaped too, so no name can close the script.
"""
from __future__ import annotations

import json
import math
from decimal import Decimal
from fractions import Fraction
from html import escape

from pipeline.export.cards import SYMBOLS, rank_and_suit
from pipeline.export.table.frames import Frame, amount, pot_name
from pipeline.export.table.runout import Shares

W, H = 1000, 530  # the SVG's coordinates
CX, CY = 500, 281  # the table's centre
SEAT_R, BET_R, BUTTON_R = (412, 203), (250, 112), (318, 138)
CARD_W = 42  # hole cards: they peek above the name plate
BOX_W, BOX_H = 164, 70
SUIT_COLOURS = {"s": "#1b1b1b", "h": "#d0181f", "d": "#1f5fd0", "c": "#15803d"}
BADGE = {"BTN": "#f4f4f4", "SB": "#7cb7ff", "BB": "#ffb357"}


def _card(x: float, y: float, w: float, code: str | None) -> str:
    """One card, its top-left corner at (x, y): face up when the code is a card."""
    h = w * 1.4
    card = rank_and_suit(code)
    if card is None:
        return (f'<g class="back"><rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" '
                f'height="{h:.1f}" rx="{w * .12:.1f}"/><rect class="inner" x="{x + 3:.1f}" '
                f'y="{y + 3:.1f}" width="{w - 6:.1f}" height="{h - 6:.1f}" '
                f'rx="{w * .08:.1f}"/></g>')
    symbol, colour = SYMBOLS[card[1]], SUIT_COLOURS[card[1]]
    rank = "10" if card[0] == "T" else card[0]
    return (f'<g class="card" fill="{colour}"><rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" '
            f'height="{h:.1f}" rx="{w * .12:.1f}"/>'
            f'<text x="{x + w * .1:.1f}" y="{y + h * .36:.1f}" font-size="{h * .34:.1f}" '
            f'font-weight="700" letter-spacing="-1">{rank}</text>'
            f'<text x="{x + w * .1:.1f}" y="{y + h * .6:.1f}" font-size="{h * .24:.1f}">'
            f'{symbol}</text>'
            f'<text x="{x + w * .94:.1f}" y="{y + h * .95:.1f}" font-size="{h * .46:.1f}" '
            f'text-anchor="end">{symbol}</text></g>')


def _cards(cx: float, cy: float, w: float, codes: list[str | None], gap: float = 4) -> str:
    total = len(codes) * w + (len(codes) - 1) * gap
    x0 = cx - total / 2
    return "".join(_card(x0 + i * (w + gap), cy - w * .7, w, c) for i, c in enumerate(codes))


def _at(radii: tuple[float, float], angle: float) -> tuple[float, float]:
    return CX + radii[0] * math.cos(angle), CY + radii[1] * math.sin(angle)


def _percent(share: Fraction) -> str:
    return f"{100 * share.numerator / share.denominator:.1f}%"


# every position, clockwise round the table (those of a hand are some of them, in order)
ROUND = ("UTG", "UTG+1", "UTG+2", "UTG+3", "LJ", "HJ", "CO", "BTN", "SB", "BB")


def clockwise(players: list[dict]) -> list[int] | None:
    """The seat numbers clockwise where they do not go round the table in their own
    order (numbers that name the seats, Hand.table_order: Bovada's tournaments): by
    the positions of the players dealt in, those not dealt in after them. None where
    the numbers go round as the positions do (or the positions are not known)."""
    placed = sorted((p["seat"], ROUND.index(p["position"])) for p in players
                    if p.get("position") in ROUND)
    if len(placed) < 3:
        return None
    at = [i for _, i in placed]
    if sum(1 for k in range(len(at)) if at[k] >= at[(k + 1) % len(at)]) <= 1:
        return None
    order = [n for n, _ in sorted(placed, key=lambda x: x[1])]
    return order + sorted(p["seat"] for p in players if p["seat"] not in order)


class Layout:
    """Where each player sits: the hero at the bottom, seat numbers clockwise (or in
    the order round the table ``order`` gives, where numbers are no places)."""

    def __init__(self, seats: dict[str, int], max_seats: int | None, hero: str | None,
                 order: list[int] | None = None):
        numbers = sorted(seats.values()) if order is None else order
        slots = max_seats or 0
        if order is not None or not numbers or numbers[-1] > slots or slots > 10:
            self.count = max(len(numbers), 2)
            index = {n: i for i, n in enumerate(numbers)}
        else:
            self.count = slots
            index = {n: n - 1 for n in numbers}
        bottom = index[seats[hero]] if hero in seats else 0
        self.slot = {n: (i - bottom) % self.count for n, i in index.items()}
        self.seats = seats

    def angle(self, seat: int) -> float:
        return math.pi / 2 + 2 * math.pi * self.slot[seat] / self.count

    def free_angles(self) -> list[float]:
        taken = set(self.slot.values())
        return [math.pi / 2 + 2 * math.pi * s / self.count
                for s in range(self.count) if s not in taken]


class Table:
    """Draws frames of one hand: the players, their cards and positions are fixed."""

    def __init__(self, players: list[dict], currency: str | None, max_seats: int | None,
                 button_seat: int | None, hero: str | None):
        self.players = {p["player"]: p for p in players}
        self.currency = currency
        self.hero = hero
        self.layout = Layout({p["player"]: p["seat"] for p in players}, max_seats, hero,
                             clockwise(players))
        self.button_seat = button_seat

    def money(self, value: Decimal) -> str:
        return amount(value, self.currency)

    def felt(self) -> str:
        """What does not change: the table, the empty seats, the dealer button."""
        parts = [f'<ellipse class="rail" cx="{CX}" cy="{CY}" rx="392" ry="186"/>',
                 f'<ellipse class="felt" cx="{CX}" cy="{CY}" rx="372" ry="167"/>',
                 f'<ellipse class="line" cx="{CX}" cy="{CY}" rx="305" ry="122"/>']
        for angle in self.layout.free_angles():
            x, y = _at(SEAT_R, angle)
            parts.append(f'<rect class="empty" x="{x - 40:.1f}" y="{y - 18:.1f}" width="80" '
                         f'height="36" rx="18"/><text class="emptytext" x="{x:.1f}" '
                         f'y="{y + 5:.1f}">empty</text>')
        seat_of = {p["seat"]: name for name, p in self.players.items()}
        if self.button_seat in seat_of or self.button_seat in self.layout.slot:
            angle = self.layout.angle(self.button_seat) + 0.2
            x, y = _at(BUTTON_R, angle)
            parts.append(f'<g class="dealer"><circle cx="{x:.1f}" cy="{y:.1f}" r="13"/>'
                         f'<text x="{x:.1f}" y="{y + 5:.1f}">D</text></g>')
        return "".join(parts)

    def seat(self, name: str, frame: Frame, share: Fraction | None) -> str:
        """One player: cards, name plate with stack and a status line, the bet in front."""
        p, s = self.players[name], frame.seats[name]
        angle = self.layout.angle(p["seat"])
        x, y = _at(SEAT_R, angle)
        classes = ["seat"]
        if s.folded or s.out:
            classes.append("folded")
        if name == self.hero:
            classes.append("hero")
        if name == frame.actor:
            classes.append("actor")
        parts = [f'<g class="{" ".join(classes)}"><title>{escape(name)}</title>']
        if not s.out:
            known = (p["hole_cards"] or "").split()
            # the others' cards peek above the plate; the hero's stand whole above it
            above = CARD_W * .7 + 2 if name == self.hero else 12
            parts.append(_cards(x, y - BOX_H / 2 - above, CARD_W,
                                known if len(known) == 2 else [None, None], 3))
        parts.append(f'<rect class="plate" x="{x - BOX_W / 2:.1f}" y="{y - BOX_H / 2:.1f}" '
                     f'width="{BOX_W}" height="{BOX_H}" rx="12"/>')
        shown = name if len(name) <= 17 else name[:16] + "…"
        parts.append(f'<text class="name" x="{x:.1f}" y="{y - 12:.1f}">{escape(shown)}</text>')
        parts.append(f'<text class="stack" x="{x:.1f}" y="{y + 8:.1f}">'
                     f'{escape(self.money(s.stack))}</text>')
        status, tone = self.status(name, frame, share)
        if status:
            fit = ' textLength="150" lengthAdjust="spacingAndGlyphs"' if len(status) > 21 else ""
            parts.append(f'<text class="status {tone}" x="{x:.1f}" y="{y + 27:.1f}"{fit}>'
                         f'{escape(status)}</text>')
        position = p["position"]
        if position:
            bx, by = x + BOX_W / 2 - 16, y - BOX_H / 2 - 2
            fill = BADGE.get(position, "#56616f")
            half = max(19, 3.6 * len(position) + 6)
            parts.append(f'<g class="badge"><rect x="{bx - half:.1f}" y="{by - 9:.1f}" '
                         f'width="{2 * half:.1f}" '
                         f'height="18" rx="9" fill="{fill}"/><text x="{bx:.1f}" y="{by + 4.5:.1f}"'
                         f' class="{"dark" if position in BADGE else "light"}">'
                         f'{escape(position)}</text></g>')
        parts.append("</g>")
        bx, by = _at(BET_R, angle)
        if s.bet > 0:
            parts.append(f'<g class="bet"><circle cx="{bx - 24:.1f}" cy="{by:.1f}" r="9"/>'
                         f'<text x="{bx - 11:.1f}" y="{by + 5:.1f}">{escape(self.money(s.bet))}'
                         f'</text></g>')
        elif frame.won.get(name):
            label = f"wins {self.money(frame.won[name])}"
            parts.append(f'<g class="won"><rect x="{bx - 4.5 * len(label) - 10:.1f}" '
                         f'y="{by - 13:.1f}" width="{9 * len(label) + 20:.1f}" height="26" '
                         f'rx="13"/><text x="{bx:.1f}" y="{by + 5:.1f}">{escape(label)}</text>'
                         f'</g>')
        return "".join(parts)

    def status(self, name: str, frame: Frame, share: Fraction | None):
        """(the plate's third line, its tone): net, hand shown, equity, all-in, folded."""
        s = frame.seats[name]
        if name in frame.net and frame.street == "Result":
            net = frame.net[name]
            sign = "+" if net > 0 else ""
            return f"{sign}{self.money(net)}", "up" if net > 0 else ("down" if net < 0 else "")
        if name in frame.shown:
            return frame.shown[name], "shown"
        if share is not None:
            return f"equity {_percent(share)}", "equity"
        if s.out:
            return "sitting out", ""
        if s.folded:
            return "folded", ""
        if s.all_in:
            return "all-in", "allin"
        return "", ""

    def middle(self, frame: Frame) -> str:
        """The pots and the board(s)."""
        parts = []
        runs = len(frame.boards)
        top = CY - {1: 58, 2: 72, 3: 80}.get(runs, 84)
        betting = any(s.bet for s in frame.seats.values())
        if len(frame.pots) > 1 or (frame.pots and betting):
            pills = [f"{pot_name(i, len(frame.pots))}: {self.money(p.amount)}"
                     for i, p in enumerate(frame.pots)]
            rows = [pills[i:i + 3] for i in range(0, len(pills), 3)]
            top -= 18 * (len(rows) - 1)
            for k, row in enumerate(rows):
                parts.append(f'<text class="pots" x="{CX}" y="{top + 20 + 18 * k}">'
                             f'{escape("   ·   ".join(row))}</text>')
        if frame.total > 0:
            unit = f" {self.currency}" if self.currency else ""  # USD, chips, ...
            parts.append(f'<text class="pot" x="{CX}" y="{top}">Pot '
                         f'{escape(self.money(frame.total) + unit)}</text>')
        width = {1: 54, 2: 44, 3: 36}.get(runs, 30)
        first = {1: CY + 16, 2: CY - 6, 3: CY - 16}.get(runs, CY - 22)
        for i, board in enumerate(frame.boards):
            cy = first + i * (width * 1.4 + 6)
            codes = list(board) + [""] * (5 - len(board))
            total = 5 * width + 4 * 5
            x0 = CX - total / 2
            for k, code in enumerate(codes):
                x = x0 + k * (width + 5)
                if code:
                    parts.append(_card(x, cy - width * .7, width, code))
                else:
                    parts.append(f'<rect class="slot" x="{x:.1f}" y="{cy - width * .7:.1f}" '
                                 f'width="{width}" height="{width * 1.4:.1f}" rx="5"/>')
            if runs > 1:
                parts.append(f'<text class="run" x="{x0 - 10:.1f}" y="{cy + 5:.1f}">'
                             f'run {i + 1}</text>')
        return "".join(parts)

    def frame_parts(self, frame: Frame, equity: Shares | None) -> list[str]:
        """The frame's SVG in parts: the middle, then each seat."""
        whole = overall(equity) if equity else {}
        return (['<g class="middle">' + self.middle(frame) + "</g>"]
                + [self.seat(n, frame, whole.get(n)) for n in self.players])

    def equity_lines(self, equity: Shares | None) -> list[str]:
        """Each contested pot's equities, when there is more than one pot."""
        if not equity or len(equity) < 2:
            return []
        return [f"{pot_name(i, len(equity))} {self.money(chips)}: "
                + ", ".join(f"{p} {_percent(v)}" for p, v in shares.items())
                for i, (chips, shares) in enumerate(equity) if len(shares) > 1]


def overall(equity: Shares) -> dict[str, Fraction]:
    """Each player's share of all the pots together, pots weighted by their chips."""
    total = sum((Fraction(chips) for chips, _ in equity), Fraction(0))
    out: dict[str, Fraction] = {}
    for chips, shares in equity:
        for player, share in shares.items():
            out[player] = out.get(player, Fraction(0)) + Fraction(chips) * share / total
    return out


def frames_json(table: Table, frames: list[Frame], equities: dict[int, Shares],
                start: int = 0) -> str:
    """The frames as JSON safe inside a script element: escaped texts, and the SVG as
    numbers into a list of parts (a seat that did not change is sent once); ``start``:
    the frame shown first."""
    parts: dict[str, int] = {}
    data = [{"svg": [parts.setdefault(p, len(parts))
                     for p in table.frame_parts(f, equities.get(i))],
             "street": escape(f.street), "text": escape(f.text),
             "lines": [escape(line) for line in (*f.lines, *table.equity_lines(equities.get(i)))]}
            for i, f in enumerate(frames)]
    text = json.dumps({"parts": list(parts), "frames": data, "start": start},
                      ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def document(frames: list[Frame], players: list[dict], currency: str | None,
             max_seats: int | None, button_seat: int | None, hero: str | None,
             equities: dict[int, Shares] | None = None, title: str | None = None,
             at: int | None = None) -> str:
    """The whole replayer: one HTML document, no outside resource; ``title``: the
    page's title and a caption above the table (a file of its own; the dashboard
    draws its own); ``at``: the action (actions.seq) to open at, else the start."""
    table = Table(players, currency, max_seats, button_seat, hero)
    page = _PAGE
    if title:
        page = page.replace("<head>", f"<head><title>{escape(title)}</title>", 1).replace(
            '<div id="wrap">', f'<div id="wrap"><p class="caption">{escape(title)}</p>', 1)
    return (page.replace("%FELT%", table.felt())
            .replace("%W%", str(W)).replace("%H%", str(H))
            .replace("%FRAMES%", frames_json(table, frames, equities or {},
                                             opening(frames, at))))


def opening(frames: list[Frame], at: int | None) -> int:
    """The frame of the action ``at`` (the table as it stands when that action is
    about to be made: the frame before it), else the first."""
    for i, f in enumerate(frames):
        if at is not None and f.seq == at:
            return max(i - 1, 0)
    return 0


_PAGE = """<!DOCTYPE html>
<html><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
<style>
html, body { margin: 0; background: transparent; font-family: "Source Sans Pro", "Segoe UI", Helvetica, Arial, sans-serif; color: #1f2430; }
#wrap { max-width: 1180px; margin: 0 auto; }
.caption { margin: 8px 12px; font-size: 15px; color: #3d4450; }
svg { display: block; width: 100%; height: clamp(430px, 53vw, 560px); }
.rail { fill: #4a2f1d; stroke: #2d1b10; stroke-width: 4; }
.felt { fill: #1d6b45; stroke: #145434; stroke-width: 3; }
.line { fill: none; stroke: #2f8a5d; stroke-width: 2; stroke-dasharray: 6 6; }
.empty { fill: rgba(255,255,255,.05); stroke: rgba(0,0,0,.25); stroke-dasharray: 4 4; }
.emptytext { fill: #8a9199; font-size: 13px; text-anchor: middle; }
.dealer circle { fill: #fff; stroke: #999; stroke-width: 1.5; }
.dealer text { font-size: 14px; font-weight: 700; text-anchor: middle; fill: #222; }
.plate { fill: #202833; stroke: #3b4654; stroke-width: 2; }
.hero .plate { fill: #2a2413; stroke: #f2c14e; stroke-width: 3; }
.actor .plate { stroke: #5ad1ff; stroke-width: 4; }
.seat text { text-anchor: middle; }
.name { fill: #fff; font-size: 16px; font-weight: 700; }
.stack { fill: #cfe3d6; font-size: 15px; }
.status { fill: #aab4c0; font-size: 13px; }
.status.up { fill: #6ee7a0; font-weight: 700; font-size: 15px; }
.status.down { fill: #ff8a8a; font-weight: 700; font-size: 15px; }
.status.allin { fill: #ffb357; font-weight: 700; }
.status.equity { fill: #9fe0ff; font-weight: 700; }
.status.shown { fill: #ffe08a; }
.folded { opacity: .38; }
.badge text { font-size: 11px; font-weight: 700; text-anchor: middle; }
.badge text.dark { fill: #1b1b1b; } .badge text.light { fill: #eef; }
.card rect { fill: #fff; stroke: #8d8d8d; stroke-width: 1; }
.card text { font-family: Georgia, "DejaVu Serif", serif; }
.back rect { fill: #b3262e; stroke: #fff; stroke-width: 1.5; }
.back .inner { fill: none; stroke: rgba(255,255,255,.55); stroke-width: 1; stroke-dasharray: 3 2; }
.slot { fill: rgba(0,0,0,.12); stroke: rgba(255,255,255,.15); }
.run { fill: #d7eadf; font-size: 13px; text-anchor: end; }
.bet circle { fill: #f2c14e; stroke: #8a6b12; stroke-width: 3; stroke-dasharray: 3 3; }
.bet text { fill: #fff; font-size: 15px; font-weight: 700; }
.won rect { fill: #f2c14e; stroke: #8a6b12; }
.won text { fill: #1b1b1b; font-size: 15px; font-weight: 700; text-anchor: middle; }
.pot { fill: #fff; font-size: 19px; font-weight: 700; text-anchor: middle; }
.pots { fill: #e4f3ea; font-size: 14px; text-anchor: middle; }
#caption { text-align: center; min-height: 30px; font-size: 19px; margin: 8px 0 2px; }
#street { display: inline-block; background: #1d6b45; color: #fff; border-radius: 10px; padding: 1px 10px; font-size: 14px; margin-right: 8px; vertical-align: 2px; }
#lines { text-align: center; font-size: 15px; color: #3d4450; height: 84px; overflow-y: auto; }
#controls { display: flex; gap: 6px; align-items: center; justify-content: center; margin-top: 2px; flex-wrap: wrap; }
button { font: inherit; font-size: 15px; padding: 4px 12px; border-radius: 8px; border: 1px solid #b8bec8; background: #fff; cursor: pointer; }
button:hover { background: #eef2f6; } button:disabled { opacity: .45; cursor: default; }
#slider { width: 260px; }
#counter { min-width: 110px; font-size: 15px; color: #3d4450; }
</style></head><body><div id="wrap">
<svg viewBox="0 0 %W% %H%" preserveAspectRatio="xMidYMid meet" role="img" aria-label="the table">%FELT%<g id="dynamic"></g></svg>
<div id="controls">
<button id="first" title="first">&#xAB; First</button>
<button id="prev" title="back (left arrow)">&#x25C0; Back</button>
<button id="play" title="play / pause (space)">&#x25B6; Play</button>
<button id="next" title="step (right arrow)">Step &#x25B6;</button>
<button id="last" title="last">Last &#xBB;</button>
<input id="slider" type="range" min="0" value="0">
<span id="counter"></span>
</div>
<div id="caption"><span id="street"></span><span id="text"></span></div>
<div id="lines"></div></div>
<script>
(function () {
  const data = %FRAMES%;
  const frames = data.frames;
  const $ = (id) => document.getElementById(id);
  const slider = $("slider");
  let at = 0, timer = null;
  slider.max = frames.length - 1;
  function show(i) {
    at = Math.max(0, Math.min(frames.length - 1, i));
    const f = frames[at];
    $("dynamic").innerHTML = f.svg.map((k) => data.parts[k]).join("");
    $("street").innerHTML = f.street;
    $("text").innerHTML = f.text;
    $("lines").innerHTML = f.lines.join("<br>");
    slider.value = at;
    $("counter").textContent = "action " + (at + 1) + " of " + frames.length;
    $("first").disabled = $("prev").disabled = at === 0;
    $("next").disabled = $("last").disabled = at === frames.length - 1;
    if (at === frames.length - 1) pause();
  }
  function pause() { clearInterval(timer); timer = null; $("play").innerHTML = "&#x25B6; Play"; }
  function play() {
    if (timer) { pause(); return; }
    if (at === frames.length - 1) show(0);
    $("play").innerHTML = "&#x25A0; Pause";
    timer = setInterval(() => show(at + 1), 1100);
  }
  $("first").onclick = () => { pause(); show(0); };
  $("prev").onclick = () => { pause(); show(at - 1); };
  $("next").onclick = () => { pause(); show(at + 1); };
  $("last").onclick = () => { pause(); show(frames.length - 1); };
  $("play").onclick = play;
  slider.oninput = () => { pause(); show(parseInt(slider.value, 10)); };
  document.addEventListener("keydown", (e) => {
    if (e.key === "ArrowRight") { pause(); show(at + 1); }
    else if (e.key === "ArrowLeft") { pause(); show(at - 1); }
    else if (e.key === " ") { e.preventDefault(); play(); }
  });
  show(data.start || 0);
})();
</script></body></html>
"""
