"""The coach's why for Next Station: one sentence to the player ("you") of the main difference between the
section drawn and the better one, from what each does to this round's line by itself (its points now, a new
district, a river crossing, a tourist site, an interchange); when both do the same now, that the better one
pays off later, by how many points the look-ahead expects."""

from collections.abc import Mapping

from .lang import _, n_
from .rules import scoring
from .rules.edition import edition
from .rules.maps import load

DRAWS = ("draw", "jdraw", "sdraw", "again")


def effects(state: dict, seat: int, action_id: str) -> dict:
    """What one answer does by itself to the seat's line of this round (plain data, kept with the review)."""
    verb, *args = action_id.split(":")[1:]
    out = {"verb": verb, "gain": 0, "crossing": False, "tourist": False, "interchange": False, "district": False}
    p = state["players"][seat]
    if verb not in DRAWS or p["colour"] is None:
        return out
    m = load(state["map"])
    a, b = int(args[0]), int(args[1])
    line = p["lines"][p["colour"]]
    k = m.section_of[(a, b)]
    ed = edition(state)
    before = scoring.line_parts(m, line["stations"], line["sections"], p["circled"], ed=ed)
    after = scoring.line_parts(m, [*line["stations"], b], [*line["sections"], k], p["circled"], ed=ed)
    others = [ln for c, ln in p["lines"].items() if c != p["colour"] and scoring.through(ln, ed)]
    out.update(gain=int(after["points"] - before["points"]), crossing=bool(m.crosses_river[k]),
               tourist=bool(m.tourist[b]), interchange=any(b in ln["stations"] for ln in others),
               district=after["districts"] > before["districts"])  # (one passed through counts: R25, edition 2)
    return out


def _points(n: int) -> str:
    return n_("{n} point", "{n} points", n)


def why(decision: Mapping) -> str:
    p, b = decision.get("played_effects"), decision.get("best_effects")
    if p is None or b is None:
        return ""
    if p["verb"] in ("pass", "done") and b["verb"] in DRAWS:
        return _("You passed; the better choice drew a section worth {points} now.", points=_points(b["gain"])) \
            if b["gain"] > 0 else _("You passed; a section drawn would have kept your line growing.")
    gap = b["gain"] - p["gain"]
    if gap > 0:
        why_more = (_("a new district") if b["district"] and not p["district"] else
                    _("a river crossing") if b["crossing"] and not p["crossing"] else "")
        if why_more:
            return _("The better section adds {points} to your line now ({what}); yours added {mine}.",
                     points=_points(b["gain"]), what=why_more, mine=_points(p["gain"]))
        return _("The better section adds {points} to your line now; yours added {mine}.",
                 points=_points(b["gain"]), mine=_points(p["gain"]))
    if b["tourist"] and not p["tourist"]:
        return _("Yours adds more now, but the better section reaches a tourist site: it moves you up the tourist "
                 "track.") if gap < 0 else _("The better section reaches a tourist site: it moves you up the "
                                             "tourist track.")
    if b["interchange"] and not p["interchange"]:
        return _("Yours adds more now, but the better section makes an interchange with another of your "
                 "lines.") if gap < 0 else _("The better section makes an interchange with another of your lines.")
    loss = int(round(decision.get("loss", 0)))
    return n_("Both score about the same now: the better section leaves your line more room, about {n} point "
              "more by the round's end.", "Both score about the same now: the better section leaves your line "
              "more room, about {n} points more by the round's end.", loss)

