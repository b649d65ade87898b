"""Undergrounders' coach (the protocol's Coach): the hard AI's review of one seat's turns in a finished game.
At each turn that had a choice, every whole move is valued by the hard AI's evaluation (stations, markers,
the lines' way to an end, the trips as they stand) and the first step played is compared with the best;
for the costliest, why in one sentence (what the better move did by itself) and "What would you do?"."""

from collections.abc import Mapping, Sequence

from engine import quiz as asking
from engine import rebuild, states_before
from engine.coaching import judged, summary
from engine.data import deep
from engine.protocol import Coach, Message, Picture, Quiz, Table

from . import ai
from .lang import _, n_
from .play import RULES
from .rules import engine as mm
from .rules.constants import LINES

MARGIN = 1.0  # points of the evaluation: a move within this much of the best is a good one


def _worth(state: dict, seat: int) -> tuple[dict[str, float], dict[str, str]]:
    """Each first step's worth (the best whole move beginning with it) and that whole move's plan."""
    out: dict[str, float] = {}
    plans: dict[str, str] = {}
    for v, plan, _after in ai.ranked(state, seat, "hard"):
        key = f"{seat}:{plan.split('/')[0]}"
        if key not in out or v > out[key]:
            out[key], plans[key] = v, plan
    return out, plans


def effects(state: dict, seat: int, plan: str) -> dict:
    """What a whole move did by itself (plain data, kept with the review): station points, the marker placed,
    lines completed, its own lines left with no way to an end, others' lines it cut off, its lines' tunnels
    to an end, and the trips' points if the building ended right after it."""
    s = deep(state)
    for step in plan.split("/"):
        mm.advance(s, f"{seat}:{step}", [])
    n = state["players"]

    def stuck(t: dict, lid: int) -> bool:
        line = t["lines"][lid]
        return bool(line["cells"]) and not line["done"] and (
            mm.blocked(t, lid) or ai._dist(t, lid) > mm.TUNNELS - len(line["cells"]))

    mine = range(seat * LINES, seat * LINES + LINES)
    others = [lid for lid in range(n * LINES) if lid // LINES != seat]
    ways = [ai._dist(s, lid) for lid in mine if s["lines"][lid]["cells"] and not s["lines"][lid]["done"]]
    return {"points": s["points"][seat] - state["points"][seat],
            "marker": next((p[1] for p in s["placed"][len(state["placed"]):]), ""),
            "completed": [lid % LINES for lid in mine if s["lines"][lid]["done"] and not state["lines"][lid]["done"]],
            "stuck": [lid % LINES for lid in mine if stuck(s, lid) and not stuck(state, lid)],
            "cut": sum(1 for lid in others if stuck(s, lid) and not stuck(state, lid)),
            "way": sum(min(d, 30) for d in ways), "trips": _trips_now(s, seat)}


def _trips_now(state: dict, seat: int) -> int:
    """The seat's points from the trips (the park, the inquiries too) if the building ended now."""
    t = dict(state)
    mm._score(t, [])
    r = t["result"]
    return r["trips"][seat] + r["inquiry"][seat] + r["park"][seat]


class MetroCoach(Coach):
    def decisions(self, config: Mapping, seed: int, actions: Sequence[str], seat: int) -> list:
        """The seat's turns that had a choice (the first step of each: the others follow from it)."""
        out = []
        for i, (s, a) in enumerate(zip(states_before(RULES, config, seed, actions), actions, strict=True)):
            if (int(a.split(":")[0]) == seat and s["phase"] != "over" and s["dug"] == 0
                    and len(mm.legal(s, seat)) > 1):
                rnd = s["turns"] // s["players"] + 1
                out.append({"at": i, "round": rnd, "chapter": [rnd]})
        return out

    def evaluate(self, config: Mapping, seed: int, actions: Sequence[str], seat: int, some: list,
                 rounds: int) -> list:
        states = states_before(RULES, config, seed, actions)
        out = []
        for d in some:
            s = states[d["at"]]
            worth, plans = _worth(s, seat)
            played = actions[d["at"]]
            best = max(sorted(worth), key=lambda k: worth[k])
            # asked: the played and the best move, and others clearly worse than the best (not its equals)
            pool = {k: v for k, v in worth.items() if k in (played, best) or worth[best] - v >= MARGIN / 2}
            asked = {k: round(worth[k], 3) for k in asking.pick(pool, played, best)}

            def did(state: dict, who: int, action: str, plans: dict[str, str] = plans) -> dict:
                return effects(state, who, plans.get(action, action.split(":", 1)[1]))

            row = judged(RULES, s, seat, d, played, best, worth, did, asked)
            out.append({**row, "loss": round(row["loss"], 3), "plans": {k: plans[k] for k in asked if k in plans}})
        return out

    def finish(self, config: Mapping, seed: int, actions: Sequence[str], seat: int, evaluated: list) -> dict:
        state, _events = rebuild(RULES, config, seed, actions)
        total = state["result"]["total"][seat] if state.get("result") else state["points"][seat]
        curve = []
        s, _e = RULES.new_game(config, seed)
        for a in actions:
            r = RULES.apply(s, a)
            if not r.ok:
                break
            for e in r.events:
                if e["type"] == "turn" and e.get("round_start"):
                    curve.append({"chapter": [e["round"] - 1], "round": e["round"] - 1, "vp": list(r.state["points"])})
                elif e["type"] == "scored":
                    rnd = r.state["turns"] // r.state["players"] + 1
                    curve.append({"chapter": [rnd], "round": rnd, "vp": list(e["total"])})
            s = r.state
        return summary(seat, evaluated, MARGIN, curve, total)

    def when(self, decision: Mapping) -> str:
        return _("Round {round}", round=decision["round"])

    def why(self, decision: Mapping) -> str:
        return why(decision)

    def quiz(self, table: Table, config: Mapping, seed: int, actions: Sequence[str], seat: int,
             decision: Mapping) -> Quiz | None:
        return quiz(table, config, seed, actions, seat, decision)


def _line(ln: int) -> str:
    return _("solid line") if ln == 0 else _("striped line")


def why(decision: Mapping) -> str:
    """One sentence, to the player, of what the better move did by itself that theirs did not (the first
    difference that decides games most: a line lost, a line completed, a line cut off, a marker, stations,
    the trips, the way to an end)."""
    p, b = decision.get("played_effects"), decision.get("best_effects")
    if not p or not b:
        return ""
    lost = [ln for ln in p["stuck"] if ln not in b["stuck"]]
    if lost:
        return _("Your move left your {line} no way to an end within its tunnels: an unfinished line costs you "
                 "your station points.", line=_line(lost[0]))
    done = [ln for ln in b["completed"] if ln not in p["completed"]]
    if done:
        return _("The better move completes your {line}, which keeps your station points.", line=_line(done[0]))
    if b["cut"] > p["cut"]:
        return n_("The better move cuts off {n} line of another player from every end.",
                  "The better move cuts off {n} lines of other players from every end.", b["cut"] - p["cut"])
    if b["marker"] and not p["marker"]:
        return _("The better move places marker {letter}: a marker left in hand makes its trip impossible, "
                 "and you are to blame.", letter=b["marker"])
    if b["trips"] > p["trips"]:
        return _("The better move puts your lines on more of the test trips: {better} points if the building "
                 "ended now, against {yours}.", better=b["trips"], yours=p["trips"])
    if b["points"] > p["points"]:
        return _("The better move makes stations worth {better} points; yours made {yours}.", better=b["points"],
                 yours=p["points"])
    if b["way"] < p["way"]:
        return n_("The better move brings your lines {n} tunnel nearer to an end.",
                  "The better move brings your lines {n} tunnels nearer to an end.", p["way"] - b["way"])
    return _("Both do about as much now, but the better move leaves your lines an easier way on.")


def quiz(table: Table, config: Mapping, seed: int, actions: Sequence[str], seat: int, decision: Mapping) \
        -> Quiz | None:
    """The turn asked again: the city as the player saw it, a few whole moves lettered on it (each the best
    move beginning with that first step, as the review judged it)."""
    from .show import _once, _target, describe
    asked = decision.get("asked") or {}
    plans = decision.get("plans") or {}
    at = decision["at"]
    played, best = decision["played"], decision["best"]
    if played not in asked or best not in asked or at >= len(actions) or not all(k in plans for k in asked):
        return None
    state = RULES.view_for(states_before(RULES, config, seed, actions[:at + 1])[at], seat)
    keys = list(asked)
    keys = [keys[i] for i in asking.order(keys, f"{seed}:{at}")]
    choices, cands = [], []
    for i, k in enumerate(keys):
        after = deep(state)
        for step in plans[k].split("/"):
            mm.advance(after, f"{seat}:{step}", [])
        choices.append((f"{'ABCD'[i]}. {describe(state, after, plans[k], seat)}"[:100], ""))
        cands.append(_target(plans[k], after, state, seat))
    labels = _once(cands, "ABCD")
    body = _("Round {n}: which move would you play? (the letters on the city: where each move's last tunnel or "
             "its station goes)", n=state["turns"] // state["players"] + 1)
    position = Message(title=_("Undergrounders — what would you do?"), body=body,
                       picture=Picture("decision", (state, labels, _("Your move, {name}", name=table.names[seat]),
                                                    seat), "position.png"))
    top = max(asked.values())
    return Quiz(position=position, choices=choices, played=keys.index(played), best=keys.index(best),
                behind=[round(top - asked[k], 2) for k in keys])


COACH = MetroCoach()
