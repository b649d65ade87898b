"""Text measuring, wrapping and fitting, cached (the same card texts come back every render).

The caches are bounded LRU caches (player names and counts vary from game to game); lru_cache is
thread-safe, and these functions are pure."""

from functools import lru_cache

from .fonts import font

memo = lru_cache(maxsize=8192)

ELLIPSIS = "…"


@memo
def width(text: str, kind: str, size: int) -> int:
    return round(font(kind, size).getlength(text))


def _break_word(word: str, kind: str, size: int, w: int) -> list[str]:
    parts, cur = [], ""
    for ch in word:
        if cur and width(cur + ch, kind, size) > w:
            parts.append(cur)
            cur = ch
        else:
            cur += ch
    return parts + [cur] if cur else parts


@memo
def wrap(text: str, kind: str, size: int, w: int) -> tuple[str, ...]:
    """Greedy word wrap to width w (a word longer than a line is broken)."""
    lines: list[str] = []
    cur = ""
    for word in text.split():
        cand = f"{cur} {word}" if cur else word
        if width(cand, kind, size) <= w:
            cur = cand
            continue
        if cur:
            lines.append(cur)
        if width(word, kind, size) <= w:
            cur = word
        else:
            *full, cur = _break_word(word, kind, size, w)
            lines.extend(full)
    if cur:
        lines.append(cur)
    return tuple(lines)


@memo
def ellipsize(text: str, kind: str, size: int, w: int) -> str:
    """text shortened with an ellipsis so it fits in w pixels."""
    if width(text, kind, size) <= w:
        return text
    lo, hi = 0, len(text)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if width(text[:mid].rstrip() + ELLIPSIS, kind, size) <= w:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + ELLIPSIS


@memo
def fit(text: str, kind: str, size: int, min_size: int, w: int, max_lines: int) -> tuple[int, tuple]:
    """The largest size in [min_size, size] at which text wraps into max_lines lines of width w;
    at min_size the last line is ellipsized. Returns (size, lines)."""
    for sz in range(size, min_size - 1, -1):
        lines = wrap(text, kind, sz, w)
        if len(lines) <= max_lines:
            return sz, lines
    lines = list(wrap(text, kind, min_size, w))
    rest = " ".join(lines[max_lines - 1:])
    lines = lines[:max_lines - 1] + [ellipsize(rest + " " + ELLIPSIS, kind, min_size, w)]
    return min_size, tuple(lines)


def draw_lines(d, xy, lines, kind: str, size: int, fill, spacing: float = 1.18, anchor: str = "la",
               align_w: int | None = None) -> int:
    """Draw lines from xy downwards (centred in align_w if given); returns the height used."""
    f = font(kind, size)
    x, y = xy
    step = round(size * spacing)
    for i, ln in enumerate(lines):
        if align_w is not None:
            d.text((x + align_w / 2, y + i * step), ln, font=f, fill=fill, anchor="ma")
        else:
            d.text((x, y + i * step), ln, font=f, fill=fill, anchor=anchor)
    return step * len(lines)
