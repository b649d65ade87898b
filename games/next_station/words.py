"""Next Station's words: cards, symbols, colours, powers, objectives, solo bands, in the current language."""

from functools import partial

from engine import symbols

from .lang import _
from .rules.maps import load

KEY = "next-station"
SYMBOL_MARK = {"circle": "●", "triangle": "▲", "square": "■", "pentagon": "⬟", "any": "✱", "joker": "★",
               "switch": "🔀"}


def _draw(kind: str) -> bytes:
    from .picture_emoji import draw  # (Pillow only when the host uploads them)
    return draw(kind)


# the stations' symbols as application emoji (engine/symbols.py): some phones draw ⬟ poorly or not at all
EMOJI = {k: symbols.Emoji(k, SYMBOL_MARK[k], partial(_draw, k)) for k in ("circle", "triangle", "square",
                                                                            "pentagon", "joker")}


def mark(s: str) -> str:
    """A station's symbol as a message shows it: its application emoji once the bot has it, else Unicode."""
    return symbols.text(KEY, EMOJI[s]) if s in EMOJI else SYMBOL_MARK[s]
COLOUR_MARK = {"blue": "🟦", "pink": "🟪", "green": "🟩", "orange": "🟧"}


def symbol(s: str) -> str:
    return {"circle": _("circle"), "triangle": _("triangle"), "square": _("square"), "pentagon": _("pentagon"),
            "any": _("any symbol"), "joker": _("joker"), "switch": _("switch")}[s]


def card(c: dict) -> str:
    """"■ square (underground)"."""
    kind = _("underground") if c["kind"] == "underground" else _("street")
    return f"{mark(c['symbol'])} {symbol(c['symbol'])} ({kind})"


def colour(c: str | None) -> str:
    if c is None:
        return _("no pencil yet")
    return COLOUR_MARK[c] + " " + {"blue": _("blue"), "pink": _("pink"), "green": _("green"), "orange": _("orange")}[c]


def power(p: str) -> str:
    return {"double": _("double section"), "joker": _("joker"), "switch": _("switch"),
            "circle": _("circle a station")}[p]


def power_text(p: str) -> str:
    return {"double": _("after a section, draw a second one to a station of the same symbol (after a joker to "
                        "the central station: any symbol)"),
            "joker": _("treat the flipped card as a joker"),
            "switch": _("treat the flipped card as if a switch came with it: start from any station of your line"),
            "circle": _("circle a station of this round's line, until the round is scored: it counts twice in "
                        "its district")}[p]


def objective(o: str) -> str:
    return {"interchanges": _("at least 8 interchange stations"),
            "every_district": _("a station in every one of the 13 districts"),
            "every_tourist": _("all 5 tourist sites"), "whole_centre": _("every station of the central district"),
            "crossings": _("at least 6 river crossings")}[o]


def band(b: int) -> str:
    """The solo rating's six bands (the names are ours)."""
    return (_("Apprentice planner"), _("Junior engineer"), _("Line designer"), _("Network architect"),
            _("Chief engineer"), _("Master of the underground"))[b]


def category(k: str) -> str:
    return {"lines": _("Lines"), "tourists": _("Tourist track"), "interchanges": _("Interchanges"),
            "objectives": _("Objectives")}[k]


def map_name(state: dict) -> str:
    """The map a game is played on: ours by its name, the day's by its date, another generated one by its
    number."""
    day = state["config"].get("day")
    if day:
        return _("the map of {day}", day=day)
    m = load(state["map"])
    return _("map {n}", n=m.key[4:]) if m.key.startswith("gen-") else m.name
