"""The easy AI: a greedy line. Each choice is valued by what it adds to this round's line now (its points:
districts passed through x most + crossings), a little for a tourist site and an interchange, and for keeping
the line's ends open (sections still drawable from them); the circle power waits for the round's end, when
the line is whole (R36; edition 1, where it cannot wait, at once); with a little noise, from the AI's own
stream. Lines are scored and interchanges found as the game's edition says (rules/edition.py)."""

from engine import rng
from engine.protocol import Action

from ..rules import engine as ns
from ..rules import scoring
from ..rules.edition import edition, last_circle
from ..rules.maps import Map, load

TOURIST = 1.5      # a tourist site: worth a little now, more at the end
INTERCHANGE = 1.2  # a station of another colour's line
OPEN = 0.15        # per section still drawable from the line's ends after the move
NOISE = 0.3


def line_value(m: Map, p: dict, ed: int) -> float:
    line = p["lines"][p["colour"]]
    parts = scoring.line_parts(m, line["stations"], line["sections"], p["circled"], ed=ed)
    return parts["points"]


def openness(m: Map, p: dict) -> int:
    line = p["lines"][p["colour"]]
    on = set(line["stations"])
    drawn = {k for ln in p["lines"].values() for k in ln["sections"]}
    blocked = set().union(*(m.conflicts[k] for k in drawn)) if drawn else set()
    return sum(1 for a in ns.starts(m, line, False) for b, k in m.neighbours[a]
               if b not in on and k not in drawn and k not in blocked)


def value_of(state: dict, seat: int, action_id: str) -> float:
    """What an action is worth to the greedy line (higher is better)."""
    m = load(state["map"])
    p = state["players"][seat]
    verb, *args = action_id.split(":")[1:]
    if verb in ("pass", "done"):
        return 0.0
    if verb == "pencil":  # solo: the colour whose departure has the most room around it
        colour = args[0]
        return len(m.neighbours[m.departures[colour]])
    ed = edition(state)
    before = line_value(m, p, ed)
    line = p["lines"][p["colour"]]
    if verb == "circle":
        if p["pending"]["step"] != "circle" and last_circle(ed):
            return -1.0  # (below a pass: the circle is worth most on the whole line, after the last card)
        st = int(args[0])
        after = scoring.line_parts(m, line["stations"], line["sections"], st, ed=ed)["points"]
        return (after - before) * 0.8
    a, b = int(args[0]), int(args[1])
    k = m.section_of[(a, b)]
    line["stations"].append(b)
    line["sections"].append(k)
    try:
        after = line_value(m, p, ed)
        room = openness(m, p)
    finally:
        line["stations"].pop()
        line["sections"].pop()
    other = any(b in ln["stations"] for c, ln in p["lines"].items() if c != p["colour"] and scoring.through(ln, ed))
    spent = 1.0 if verb in ("jdraw", "sdraw") else 0.0  # a power is worth keeping for a better turn
    return (after - before) + TOURIST * m.tourist[b] + INTERCHANGE * other + OPEN * room - spent + 0.5


def choose_greedy(state: dict, seat: int, seed: int) -> Action:
    acts = ns.legal_actions(state, seat)
    gen: rng.Rng = {"rng": rng.seed_state((seed or 0) * 1000003 + state["seq"] * 31 + seat)}
    best, best_v = acts[0], None
    for a in acts:
        v = value_of(state, seat, a.id) + NOISE * rng.below(gen, 1000) / 1000
        if best_v is None or v > best_v:
            best, best_v = a, v
    return best
