"""Rich one-paragraph texts for the day image: words in several fonts and colours, and dice chips
(a die's colour AND its letter) inline, wrapped into a width and fitted (shrunk, then ellipsized).

A die in a text is written the way the bot's messages write it: its square emoji, optionally
followed by its letter ("🟦 B", "⬛"); both become one chip. Characters the fonts cannot draw
(other emoji, scripts DejaVu lacks) are dropped, and "**" (Discord bold) is removed."""

from typing import NamedTuple

from render import text as T

from .style import DICE, INK

EMOJI = {"🟦": "blue", "🟥": "red", "🟨": "yellow", "🟩": "green", "⬛": "black"}
SPACE = " "


class Word(NamedTuple):
    """A piece of a text: `text` in `kind` and `fill`, or a die chip (`die` = colour)."""
    text: str
    kind: str
    fill: tuple
    die: str | None = None
    space: bool = True  # a space before it (when not at the start of a line)


def chip_w(size: int) -> int:
    return round(size * 1.3)


def words(text: str, kind: str = "cond", fill=INK) -> list[Word]:
    """Split a text into words and die chips."""
    text = text.replace("**", "")
    out: list[Word] = []
    space = False  # whitespace seen since the last word

    def add(seg: str) -> None:
        nonlocal space
        parts = T.clean(seg, kind).split()
        for j, p in enumerate(parts):
            out.append(Word(p, kind, fill, None, (space or seg[:1].isspace()) if j == 0 else True))
        if parts:
            space = seg[-1:].isspace()
        elif seg:
            space = space or any(ch.isspace() for ch in seg)

    pos = i = 0
    while i < len(text):
        colour = EMOJI.get(text[i])
        if colour is None:
            i += 1
            continue
        add(text[pos:i])
        i += 1 + (text[i + 1:i + 2] == "\ufe0f")
        tail = " " + DICE[colour]["letter"]
        if text[i:i + 2] == tail and not text[i + 2:i + 3].isalnum():
            i += 2  # "🟦 B": the letter is on the chip
        out.append(Word("", kind, fill, colour, space))
        space = False
        pos = i
    add(text[pos:])
    return _keep_asides(out)


def _keep_asides(ws: list[Word]) -> list[Word]:
    """A short aside such as "(max 4)" is kept on one line: its words become one word."""
    out: list[Word] = []
    i = 0
    while i < len(ws):
        w = ws[i]
        j = i
        if w.text.startswith("(") and not w.text.endswith(")"):
            while j + 1 < len(ws) and j - i < 2 and not ws[j].text.endswith(")") and not ws[j + 1].die:
                j += 1
        if j > i and ws[j].text.endswith(")"):
            out.append(w._replace(text="\u00a0".join(x.text for x in ws[i:j + 1])))
            i = j + 1
        else:
            out.append(w)
            i += 1
    return out


def styled(parts) -> list[Word]:
    """Words of several runs: parts = [(text, kind, fill), ...], joined with a space."""
    out: list[Word] = []
    for n, (text, kind, fill) in enumerate(parts):
        ws = words(text, kind, fill)
        if ws and n and out:
            ws[0] = ws[0]._replace(space=True)
        out += ws
    return out


def width(w: Word, size: int) -> int:
    return chip_w(size) if w.die else T.width(w.text, w.kind, size)


def _split_long(w: Word, size: int, room: int) -> list[Word]:
    """A word wider than a whole line, in pieces that fit: broken after a "+", "-", "/" or ","
    when there is one ("wood+medicine+cattle"), else anywhere (a long name without spaces)."""
    pieces, cur = [], ""
    for ch in w.text:
        if cur and T.width(cur + ch, w.kind, size) > room:
            cut = max(cur.rfind(c) for c in "+-/,")
            if cut > 0:
                pieces.append(cur[:cut + 1])
                cur = cur[cut + 1:]
            else:
                pieces.append(cur)
                cur = ""
        cur += ch
    pieces.append(cur)
    return [w._replace(text=p, space=w.space if i == 0 else False) for i, p in enumerate(pieces)]


def wrap(ws: list[Word], size: int, room: int) -> list[list[Word]]:
    lines: list[list[Word]] = []
    line: list[Word] = []
    x = 0
    for w in ws:
        for piece in (_split_long(w, size, room) if not w.die and width(w, size) > room else [w]):
            gap = T.width(SPACE, piece.kind, size) if piece.space and line else 0
            ww = width(piece, size)
            if line and x + gap + ww > room:
                lines.append(line)
                line, x, gap = [], 0, 0
            line.append(piece)
            x += gap + ww
    if line:
        lines.append(line)
    return lines


def line_width(line: list[Word], size: int) -> int:
    x = 0
    for i, w in enumerate(line):
        if i and w.space:
            x += T.width(SPACE, w.kind, size)
        x += width(w, size)
    return x


def _ellipsize(line: list[Word], size: int, room: int) -> list[Word]:
    """The line shortened (from its end) so that it and an ellipsis fit in room."""
    line = list(line)
    while line:
        last = line[-1]
        probe = line[:-1] + [last._replace(text=last.text + T.ELLIPSIS)] if not last.die else \
            line + [Word(T.ELLIPSIS, last.kind, last.fill, None, True)]
        if line_width(probe, size) <= room:
            return probe
        if last.die or len(last.text) <= 1:
            line.pop()
        else:
            line[-1] = last._replace(text=last.text[:-1].rstrip())
    return [Word(T.ELLIPSIS, "cond", INK, None, False)]


def fit(ws: list[Word], sizes, room: int, max_lines: int, fewer: bool = False) -> tuple[int, list[list[Word]]]:
    """The largest size of `sizes` (largest first) at which the words wrap into max_lines lines of
    width room (fewer=True: the fewest lines first, then the largest size); at the last size the
    text is cut with an ellipsis."""
    lines: list[list[Word]] = []
    for limit in range(1, max_lines + 1) if fewer else (max_lines,):
        for size in sizes:
            lines = wrap(ws, size, room)
            if len(lines) <= limit:
                return size, lines
    size = sizes[-1]
    kept = lines[:max_lines]
    kept[-1] = _ellipsize(kept[-1] + [w for ln in lines[max_lines:] for w in ln][:1], size, room)
    return size, kept


def draw(cv, x: int, y: int, lines: list[list[Word]], size: int, step: int | None = None,
         align_w: int | None = None) -> int:
    """Draw fitted lines from (x, y) down (centred in align_w if given); returns the height."""
    step = step or round(size * 1.3)
    for n, line in enumerate(lines):
        cx = x + ((align_w - line_width(line, size)) / 2 if align_w else 0)
        cy = y + n * step + step / 2
        for i, w in enumerate(line):
            if i and w.space:
                cx += T.width(SPACE, w.kind, size)
            if w.die:
                die_chip(cv, round(cx), round(cy - size * 0.62), chip_w(size), round(size * 1.24), w.die, size)
            else:
                cv.text((cx, cy), w.text, w.kind, size, w.fill, anchor="lm")
            cx += width(w, size)
    return step * len(lines)


def die_chip(cv, x: int, y: int, w: int, h: int, colour: str, size: int) -> None:
    """A small die of `colour` with its letter (colour-blind safe)."""
    spec = DICE[colour]
    cv.d.rounded_rectangle((x, y, x + w - 1, y + h - 1), radius=max(3, h // 5), fill=spec["fill"], outline=INK,
                           width=2)
    cv.text((x + w / 2, y + h / 2 + 1), spec["letter"], "bold", size, spec["text"], anchor="mm")
