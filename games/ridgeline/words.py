"""Ridgeline's words: tiles, rows, spirits and what they do, in the current language."""

from collections.abc import Sequence

from .lang import _, n_
from .rules import board as B
from .rules import spirits as S

ROW_MARK = ("🟦", "🟨", "🟩", "🟫", "🟪", "⬜")  # a row's colour, as the pictures paint it (in texts only)
SEAT_MARK = ("🔵", "🟧")  # the seats' marks (the pictures' circle and square)


def row_name(row: int) -> str:
    """A row's name (1 = the bottom)."""
    return {1: _("Shore"), 2: _("Dunes"), 3: _("Pines"), 4: _("Cliffs"), 5: _("Heath"), 6: _("Summit")}[row]


def tile(t: int, mark: bool = True) -> str:
    """"🟩 7 Pines": the row's colour, the value, the row; "?" a tile not seen."""
    if t < 0:
        return "?"
    text = _("{value} {row}", value=B.COL[t], row=row_name(B.ROW[t]))
    return f"{ROW_MARK[B.ROW[t] - 1]} {text}" if mark else text


def tiles(ts: Sequence[int], mark: bool = True) -> str:
    return ", ".join(tile(t, mark) for t in ts) if ts else "—"


def spot(t: int) -> str:
    """A spot of the panorama: "row 3, column 7"."""
    return _("row {row}, column {col}", row=B.ROW[t], col=B.COL[t])


def column(i: int) -> str:
    """A queue column's letter (A, B, …)."""
    return chr(ord("A") + i) if i < 26 else str(i + 1)


def spirit_name(key: str) -> str:
    return {"mole": _("Mole"), "otter": _("Otter"), "magpie": _("Magpie"), "hedgehog": _("Hedgehog"),
            "crane": _("Crane"), "kingfisher": _("Kingfisher"), "moth": _("Moth"), "owl": _("Owl"),
            "badger": _("Badger"), "seal": _("Seal"), "fox": _("Fox"), "swan": _("Swan"), "lynx": _("Lynx"),
            "bat": _("Bat"), "raven": _("Raven"), "?": _("a spirit face down")}[key]


def spirit_when(key: str) -> str:
    k = S.kind(key)
    return _("now") if k == "now" else _("at the end") if k == "end" else _("curse")


def spirit_text(key: str) -> str:
    """What a spirit does, in one sentence."""
    sp = S.BY_KEY[key]
    if key == "mole":
        return _("Look at the top {n} tiles of the deck: keep one in your hand, the others are shuffled back.",
                 n=sp["look"])
    if key == "otter":
        return _("Capture any face-up tile of the queue now.")
    if key == "magpie":
        return _("Take a face-down tile of the queue into your hand.")
    if key == "hedgehog":
        return _("Shuffle any of your hand tiles into the deck and draw as many.")
    if key == "crane":
        return _("Your next turn, your tiles also capture a tile whose value is 1 more or 1 less.")
    if key == "kingfisher":
        return _("Play one more tile from your hand now, if it captures.")
    if key == "moth":
        return n_("+{n} star.", "+{n} stars.", int(sp["stars"]))
    if key == "owl":
        return _("+{n} stars for each complete row among rows {rows}.", n=sp["stars"],
                 rows="–".join(str(r) for r in (min(sp["rows"]), max(sp["rows"]))))
    if key == "badger":
        return _("+{n} star for each row where you have at least {k} tiles.", n=sp["stars"], k=sp["tiles"])
    if key == "seal":
        return _("+{n} stars if all your tiles form one area.", n=sp["stars"])
    if key == "fox":
        return _("+{n} stars for each complete column.", n=sp["stars"])
    if key == "swan":
        return _("+{n} star for each tile of your bottom row beyond the {k}th.", n=sp["stars"], k=sp["beyond"])
    if key == "lynx":
        return _("+{n} stars if you have a tile in every column.", n=sp["stars"])
    if key == "bat":
        return _("+{n} star for each of your spirit squares without a rainbow.", n=sp["stars"])
    return n_("A curse: it comes with a spirit you draw; meeting a spirit passes it on; its holder at the end "
              "loses {n} star.", "A curse: it comes with a spirit you draw; meeting a spirit passes it on; its "
              "holder at the end loses {n} stars.", -int(sp["stars"]))


def spirit(key: str) -> str:
    """"Owl (at the end): +2 stars for each …"."""
    return _("{name} ({when}): {text}", name=spirit_name(key), when=spirit_when(key), text=spirit_text(key))


def stars(n: int) -> str:
    return n_("{n} star", "{n} stars", n)


def category(key: str) -> str:
    return {"area": _("Largest area"), "beacons": _("Beacons"), "spirits": _("Spirits"),
            "bonus": _("Spirits' stars"), "raven": _("Raven"), "start": _("Head start")}[key]


def breakdown(b: dict) -> str:
    """"area 12 · beacons 3 · spirits 2 · spirits' stars 4" (the Raven and the head start when they count)."""
    bits = [_("area {n}", n=b["area"]), _("beacons {n}", n=b["beacons"]), _("spirits {n}", n=b["spirits"]),
            _("spirits' stars {n}", n=b["bonus"])]
    if b["raven"]:
        bits.append(_("Raven {n}", n=b["raven"]))
    if b.get("start"):
        bits.append(_("head start {n}", n=b["start"]))
    return " · ".join(bits)
