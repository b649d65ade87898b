"""The showdown of a game (hand 1 against hand 1, hand 2 against hand 2, hand 3 against hand 3: each hand
named, the winner of each pair marked, the game's winner, and the match: hands won, or in advanced scoring
each player's points of the game with their breakdown and the totals), and the results of the match (the
last showdown, then games, hands and points of the whole match, the winner highlighted). Every hand is face
up at a showdown: these pictures show nothing the spectators may not know."""

from collections.abc import Sequence

from PIL import Image

from render import text as T
from render.canvas import Canvas

from .lang import _, n_
from .picture_cards import face
from .picture_hands import hand_label
from .picture_parts import (
    GOLD,
    GOLD_DARK,
    INK,
    INK_SOFT,
    MIN,
    ON_FELT,
    PANEL,
    PANEL_EDGE,
    TIE,
    TITLE_H,
    WIN,
    M,
    W,
    canvas,
    draw_story,
    match_label,
    names_of,
    put,
    rounded,
    seat_fill,
    seat_mark,
    star,
    story,
    story_h,
    tag,
    title_band,
)
from .rules.constants import ALL_BELOW_PAIR, CHART, HAND_SIZE, TARGETS, WIN_ALL, WIN_TWO

HALF = (W - 2 * M - 56) // 2          # each player's side of a row; the hand's number between
CARD_W, CARD_H = 62, 86
CARD_STEP = (HALF - 16 - CARD_W) // (HAND_SIZE - 1)
ROW_H = CARD_H + 56
NAMES_H = 44
VERDICT_H = 56


def just_played(v: dict) -> bool:
    """Whether the last chapter was a showdown: the match is over, or a new game has just begun."""
    if v["stage"] == "over":
        return bool(v["history"])
    return v["stage"] == "build" and bool(v["history"]) and all(b is None for b in v["pyramid"]) and \
        len(v["history"]) == v["game"] - 1


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"


def number(n: int) -> str:
    """A total: "−3" with a true minus sign."""
    return f"−{-n}" if n < 0 else str(n)


def _side_x(s: int) -> int:
    return M if s == 0 else W - M - HALF


def _names_row(cv: Canvas, y: int, names: Sequence[str]) -> int:
    for s in (0, 1):
        x = _side_x(s)
        seat_mark(cv, s, x + 14, y + NAMES_H // 2, 11)
        put(cv, (x + 34, y + NAMES_H // 2), names[s], "bold", 26, ON_FELT, HALF - 40)
    return NAMES_H


def _hand_row(cv: Canvas, y: int, rec: dict, h: int, advanced: bool) -> int:
    """Hand h of both players side by side, the winner's side gold (a tie: both grey)."""
    d = cv.d
    w = rec["winners"][h]
    for s in (0, 1):
        x = _side_x(s)
        won = w == s
        fill = WIN if won else TIE if w is None else PANEL
        d.rounded_rectangle((x, y, x + HALF, y + ROW_H), radius=12, fill=fill,
                            outline=GOLD_DARK if won else PANEL_EDGE, width=4 if won else 2)
        d.rectangle((x + 5, y + 12, x + 9, y + ROW_H - 12), fill=seat_fill(s))
        hand = rec["hands"][s][h]
        for k in range(len(hand)):
            cx = x + 16 + k * CARD_STEP
            face(cv, (cx, y + 12, cx + CARD_W, y + 12 + CARD_H), hand[k])
        ly = y + 12 + CARD_H + 22
        right = x + HALF - 12
        if won:
            right -= tag(cv, right, ly, _("wins"), GOLD, INK, right=True) + 8
        if advanced:
            pts = CHART[rec["classes"][s][h]]
            right -= put(cv, (right, ly), signed(pts), "bold", 22, INK if pts else INK_SOFT, 50, anchor="rm") + 8
        hand_label(cv, x + 14, ly, right - x - 14, h + 1, hand, 22)
    mx = W // 2
    cy = y + ROW_H // 2
    if w is None:
        half = max(26, (T.width(_("tie"), "condbold", MIN) + 16) // 2)  # (as wide as its word: "empate")
        d.rounded_rectangle((mx - half, cy - 16, mx + half, cy + 16), radius=16, fill=TIE, outline=INK, width=2)
        cv.text((mx, cy), _("tie"), "condbold", MIN, INK, anchor="mm")
    else:  # an arrow toward the winner
        k = -1 if w == 0 else 1
        d.polygon([(mx + 16 * k, cy), (mx - 10 * k, cy - 16), (mx - 10 * k, cy + 16)], fill=GOLD, outline=INK,
                  width=2)
    return ROW_H


def _verdict(cv: Canvas, y: int, rec: dict, names: Sequence[str]) -> int:
    """The game's winner and the hands won."""
    won = rec["won"]
    if rec["winner"] is None:
        text = n_("A draw: {n} hand to {b}", "A draw: {n} hands to {b}", won[0], b=won[1])
    else:
        wn = rec["winner"]
        text = n_("{name} wins the game: {n} hand to {b}", "{name} wins the game: {n} hands to {b}", won[wn],
                  name=names[wn], b=won[1 - wn])
        star(cv, M + 16, y + VERDICT_H // 2, 15)
    put(cv, (M + 40, y + VERDICT_H // 2), text, "bold", 28, ON_FELT, W - 2 * M - 44)
    return VERDICT_H


POINTS_ROW = 44
COLS = (("hands", 262), ("bonus", 392), ("penalty", 496), ("game", 612), ("total", W - M - 24))


def _legend() -> tuple[int, tuple[str, ...]]:
    from render import text as T
    text = _("Bonus: {two} for 2 hands won, {three} for all 3 · penalty: {pen} when no hand makes a pair",
             two=signed(WIN_TWO), three=signed(WIN_ALL), pen=signed(ALL_BELOW_PAIR))
    return T.fit(text, "cond", 20, MIN, W - 2 * M - 28, 2)


def _points_h() -> int:
    size, lines = _legend()
    return 36 + 2 * POINTS_ROW + 8 + rounded(size * 1.2) * len(lines) + 12 + 8


def _points(cv: Canvas, y: int, history: list, k: int, names: Sequence[str]) -> int:
    """Advanced scoring: each player's points of game k (the hands' points, the bonus for winning two or
    three hands, the penalty when no hand reaches a pair) and the totals after it."""
    rec = history[k]
    d = cv.d
    h = _points_h()
    d.rounded_rectangle((M, y, W - M, y + h - 8), radius=12, fill=PANEL, outline=PANEL_EDGE, width=2)
    heads = {"hands": _("Hands"), "bonus": _("Bonus"), "penalty": _("Penalty"), "game": _("This game"),
             "total": _("Total")}
    hy = y + 20
    for key, x in COLS:
        put(cv, (x, hy), heads[key], "cond", MIN, INK_SOFT, 112, anchor="mm" if key != "total" else "rm")
    for s in (0, 1):
        ry = y + 36 + s * POINTS_ROW + POINTS_ROW // 2
        seat_mark(cv, s, M + 24, ry, 10)
        put(cv, (M + 42, ry), names[s], "bold", 22, INK, COLS[0][1] - 80 - M - 42)
        chart = [CHART[c] for c in rec["classes"][s]]
        won = rec["won"][s]
        bonus = WIN_ALL if won == len(chart) else WIN_TWO if won == 2 else 0
        penalty = ALL_BELOW_PAIR if all(c == "no pair" for c in rec["classes"][s]) else 0
        total = sum(r["points"][s] for r in history[:k + 1])
        cells = {"hands": "  ".join(signed(p) for p in chart), "bonus": signed(bonus) if bonus else "–",
                 "penalty": signed(penalty) if penalty else "–", "game": "= " + signed(rec["points"][s]),
                 "total": number(total)}
        for key, x in COLS:
            kind = "bold" if key in ("game", "total") else "condbold" if key == "hands" else "cond"
            size = 28 if key == "total" else 22
            cv.text((x, ry), cells[key], kind, size, INK, anchor="mm" if key != "total" else "rm")
    size, lines = _legend()
    ly = y + 36 + 2 * POINTS_ROW + 8
    for ln in lines:
        cv.text((M + 14, ly), ln, "cond", size, INK_SOFT, anchor="la")
        ly += rounded(size * 1.2)
    return h


def _body_h(advanced: bool) -> int:
    return NAMES_H + 3 * (ROW_H + 10) + VERDICT_H + (_points_h() if advanced else 0)


def _body(cv: Canvas, y: int, v: dict, k: int) -> int:
    names = names_of(v)
    rec = v["history"][k]
    advanced = v["config"]["match"] in TARGETS
    y0 = y
    y += _names_row(cv, y, names)
    for h in range(3):
        y += _hand_row(cv, y, rec, h, advanced) + 10
    y += _verdict(cv, y, rec, names)
    if advanced:
        y += _points(cv, y, v["history"], k, names)
    return y - y0


def image(v: dict, k: int, lines: Sequence[str] = ()) -> Image.Image:
    """The showdown of game k (an index into the history), `lines` in a band under the title."""
    st = story(lines)
    advanced = v["config"]["match"] in TARGETS
    cv = canvas(TITLE_H + story_h(st) + 10 + _body_h(advanced) + 8)
    rec = v["history"][k]
    title_band(cv, _("Game {n}: the showdown", n=rec["game"]), match_label(v) if not advanced else
               _("a match to {n} points", n=TARGETS[v["config"]["match"]]))
    y = TITLE_H + draw_story(cv, TITLE_H, st) + 10
    _body(cv, y, v, k)
    return cv.finish()


# ---- the results ------------------------------------------------------------------------------------
SUM_ROW = 48


def _summary_h(v: dict) -> int:
    games = len(v["history"])
    strip = 2 * 34 + 30 if v["config"]["match"] in TARGETS and games > 1 else 0
    return 40 + 2 * SUM_ROW + strip + 16


def _summary(cv: Canvas, y: int, v: dict) -> int:
    """The match: each player's games and hands won and points; in advanced scoring each game's points."""
    names = names_of(v)
    hist = v["history"]
    advanced = v["config"]["match"] in TARGETS
    result = v.get("result") or []
    winners = {r["seat"] for r in result if r["winner"]}
    d = cv.d
    h = _summary_h(v)
    d.rounded_rectangle((M, y, W - M, y + h - 8), radius=12, fill=PANEL, outline=PANEL_EDGE, width=2)
    cols = [("games", _("Games won"), 390), ("hands", _("Hands won"), 530)]
    if advanced:
        cols.append(("points", _("Points"), 680))
    for _key, head, x in cols:
        put(cv, (x, y + 22), head, "cond", MIN, INK_SOFT, 142, anchor="mm")  # (columns 140-150 apart)
    for s in (0, 1):
        ry = y + 40 + s * SUM_ROW
        cy = ry + SUM_ROW // 2
        if s in winners:
            d.rounded_rectangle((M + 6, ry + 2, W - M - 6, ry + SUM_ROW - 2), radius=10, fill=WIN)
            star(cv, M + 26, cy, 13)
        seat_mark(cv, s, M + 54, cy, 10)
        put(cv, (M + 72, cy), names[s], "bold", 24, INK, 390 - 70 - M - 72)
        vals = {"games": sum(r["winner"] == s for r in hist), "hands": sum(r["won"][s] for r in hist),
                "points": v["points"][s]}
        for key, _head, x in cols:
            cv.text((x, cy), number(vals[key]), "bold", 28 if key == cols[-1][0] else 24, INK, anchor="mm")
    if advanced and len(hist) > 1:  # each game's points
        sy = y + 40 + 2 * SUM_ROW + 8
        x0 = M + 150
        cw = min(60, (W - M - 14 - x0) // len(hist))
        put(cv, (M + 14, sy + 14), _("Each game"), "cond", MIN, INK_SOFT, x0 - M - 20)
        for g, r in enumerate(hist):
            cv.text((x0 + g * cw + cw / 2, sy + 14), str(g + 1), "condbold", MIN, INK_SOFT, anchor="mm")
            for s in (0, 1):
                cy = sy + 30 + s * 34 + 17
                if r["winner"] == s:
                    d.rounded_rectangle((x0 + g * cw + 3, cy - 15, x0 + (g + 1) * cw - 3, cy + 15), radius=8,
                                        fill=WIN, outline=GOLD_DARK, width=2)
                cv.text((x0 + g * cw + cw / 2, cy), signed(r["points"][s]), "condbold", 20, INK, anchor="mm")
        for s in (0, 1):
            seat_mark(cv, s, x0 - 20, sy + 30 + s * 34 + 17, 9)
    return h


def results_image(v: dict) -> Image.Image:
    """The results: the winner, the last game's showdown, the match summary."""
    names = names_of(v)
    hist = v["history"]
    advanced = v["config"]["match"] in TARGETS
    result = v.get("result") or []
    winners = [r["seat"] for r in sorted(result, key=lambda r: r["seat"]) if r["winner"]]
    head_h = 56
    body = _body_h(advanced) if hist else 0
    cv = canvas(TITLE_H + head_h + 8 + body + _summary_h(v) + 8)
    games = len(hist)
    title_band(cv, _("The match is over") if advanced else _("The game is over"),
               n_("{n} game", "{n} games", games) if advanced else match_label(v))
    y = TITLE_H
    cv.d.rectangle((0, y, W, y + head_h), fill=WIN)
    if len(winners) == 1:
        text = _("{name} wins the match", name=names[winners[0]]) if advanced else \
            _("{name} wins the game", name=names[winners[0]])
    elif winners:
        text = _("Shared victory: {a} and {b}", a=names[0], b=names[1])
    else:
        text = _("The match is over") if advanced else _("The game is over")
    star(cv, M + 18, y + head_h // 2, 17, GOLD, INK)
    put(cv, (M + 46, y + head_h // 2), text, "bold", 30, INK, W - 2 * M - 50)
    y += head_h + 8
    if hist:
        y += _body(cv, y, v, len(hist) - 1)
    _summary(cv, y, v)
    return cv.finish()
