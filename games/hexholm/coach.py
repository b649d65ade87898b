"""The coach of Hexholm (the protocol's Coach): the hard AI's review of one seat's turns in a finished game. Each
turn of the seat with a choice is a decision: what was played (the turn's actions), the hard AI's turn from the
same position, seen as the seat saw it, and what each is worth by the hard AI's judgement (the gold now, the
tiles held, the room left and the gold the next card can add), so the turns that cost the most stand out, with
why in one sentence and "What would you do?" on the costliest."""

from collections.abc import Mapping, Sequence

from engine import quiz as asking
from engine import rebuild, states_before
from engine.coaching import summary
from engine.protocol import Coach, Message, Picture, Quiz, Table, clip
from i18n import number

from . import decide, words
from .ai import hard
from .lang import _, n_
from .play import RULES
from .rules import engine as kb
from .rules import turns

MARGIN = 1.0  # gold: a turn within this much of the best is a good one
ASKED = 4


def _turns(actions: Sequence[str], states: list[dict], seat: int) -> list[tuple[int, list[str]]]:
    """(index of its first action, its actions) for each turn of the seat."""
    out: list[tuple[int, list[str]]] = []
    cur: list[str] = []
    start = -1
    for i, a in enumerate(actions):
        s = states[i]
        mine = int(a.split(":")[0]) == seat
        same = bool(cur) and s["turn_no"] == states[start]["turn_no"]
        if mine and same:
            cur.append(a)
            continue
        if cur:
            out.append((start, cur))
            cur = []
        if mine:
            start, cur = i, [a]
    if cur:
        out.append((start, cur))
    return out


def _bodies(plan: Sequence[str]) -> list[str]:
    return [a.split(":", 1)[1] for a in plan if a.split(":", 1)[1] != "end"]


def effects(view: dict, seat: int, bodies: Sequence[str]) -> dict:
    """What a turn did by itself (plain data, kept with the review): gold now, tiles taken and lost, settlements
    built, the next card's expected gold."""
    before = turns.Scorer(view, seat).total()
    s = kb.copy(view)
    events: list[dict] = []
    for b in bodies:
        kb.advance(s, b, events, settle=False)
    chance = hard.odds(view, seat)
    return {"gain": turns.Scorer(s, seat).total() - before,
            "taken": [e["kind"] for e in events if e["type"] == "tile_taken"],
            "lost": [e["kind"] for e in events if e["type"] == "tile_lost"],
            "built": sum(1 for e in events if e["type"] == "built"),
            "ahead": round(hard.ahead(s, seat, chance), 2)}


def worth_of(view: dict, seat: int, bodies: Sequence[str]) -> float:
    s = kb.copy(view)
    for b in bodies:
        kb.advance(s, b, [], settle=False)
    return hard.worth(s, seat, hard.odds(view, seat))


class HexholmCoach(Coach):
    def decisions(self, config: Mapping, seed: int, actions: Sequence[str], seat: int) -> list:
        states = states_before(RULES, config, seed, actions)
        out = []
        for at, plan in _turns(actions, states, seat):
            s = states[at]
            if len(kb.legal_actions(s, seat)) > 1:
                out.append({"at": at, "round": s["round"], "terrain": s["card"], "chapter": [s["round"]],
                            "size": len(plan)})
        return out

    def evaluate(self, config: Mapping, seed: int, actions: Sequence[str], seat: int, some: list,
                 rounds: int) -> list:
        states = states_before(RULES, config, seed, actions)
        turns_at = dict(_turns(actions, states, seat))
        out = []
        for d in some:
            at = d["at"]
            view = RULES.view_for(states[at], seat)
            played_ids = turns_at.get(at, [actions[at]])
            played = _bodies(played_ids)
            worth: dict[str, float] = {}
            plans: dict[str, list[str]] = {}
            for v, plan in hard.ranked_plans(view, seat, max(40, rounds * 40))[:8]:
                key = "|".join(plan) or "end"
                worth.setdefault(key, v)
                plans.setdefault(key, plan)
            pkey = "|".join(played) or "end"
            worth[pkey] = worth_of(view, seat, played)
            plans[pkey] = played
            bkey = max(worth, key=lambda k: (worth[k], k == pkey))
            best = plans[bkey]
            best_ids = [f"{seat}:{b}" for b in best] or [f"{seat}:end"]
            asked = {k: round(worth[k], 3) for k in asking.pick(worth, pkey, bkey, ASKED)}
            out.append({**d, "loss": round(max(0.0, worth[bkey] - worth[pkey]), 3), "played": list(played_ids),
                        "best": best_ids, "played_effects": effects(view, seat, played),
                        "best_effects": effects(view, seat, best), "asked": asked,
                        "plans": {k: plans[k] for k in asked}})
        return out

    def finish(self, config: Mapping, seed: int, actions: Sequence[str], seat: int, evaluated: list) -> dict:
        state, _events = rebuild(RULES, config, seed, actions)
        curve = []
        s, _e = RULES.new_game(config, seed)
        for a in actions:
            r = RULES.apply(s, a)
            if not r.ok:
                continue
            ended = [e for e in r.events if e["type"] in ("turn_ended", "game_over")]
            nxt = r.state
            if ended and (nxt["over"] or (nxt["turn"] == nxt["first"] and s["turn"] != nxt["first"])):
                curve.append({"chapter": [s["round"]], "round": s["round"],
                              "vp": [sum(g.values()) for g in kb.gold_now(nxt)]})
            s = nxt
        total = next((r["total"] for r in state["result"] if r["seat"] == seat), 0)
        return summary(seat, evaluated, MARGIN, curve, total)

    def when(self, decision: Mapping) -> str:
        return _("Round {round}, {terrain}", round=decision["round"], terrain=words.terrain(decision.get("terrain")))

    def amount(self, x: float) -> str:
        return _("{n} gold", n=number(x, 1))

    def why(self, decision: Mapping) -> str:
        return why(decision)

    def quiz(self, table: Table, config: Mapping, seed: int, actions: Sequence[str], seat: int,
             decision: Mapping) -> Quiz | None:
        return quiz(table, config, seed, actions, seat, decision)


def _tiles(kinds: Sequence[str]) -> str:
    return ", ".join(words.location(k) for k in kinds)


def why(decision: Mapping) -> str:
    """One sentence, to the player, of what the better turn did that theirs did not."""
    p, b = decision.get("played_effects"), decision.get("best_effects")
    if not p or not b:
        return ""
    if b["taken"] and len(b["taken"]) > len(p["taken"]):
        return _("The better turn takes a tile ({tiles}): an extra action every turn from your next one.",
                 tiles=_tiles(b["taken"]))
    if p["lost"] and not b["lost"]:
        return _("Your turn lost a tile ({tiles}); the better one keeps it.", tiles=_tiles(p["lost"]))
    if b["gain"] > p["gain"]:
        return _("The better turn adds {better} now; yours added {yours}.", better=words.gold(b["gain"]),
                 yours=words.gold(p["gain"]))
    if b["built"] > p["built"]:
        return n_("The better turn builds {n} settlement more with your tiles.",
                  "The better turn builds {n} settlements more with your tiles.", b["built"] - p["built"])
    if b["ahead"] > p["ahead"]:
        return _("Both add about as much now, but the better turn leaves your next card more to gain: about {n} "
                 "gold against {m}.", n=number(b["ahead"], 1), m=number(p["ahead"], 1))
    return _("Yours adds as much now, but the better turn leaves you more room beside your settlements.")


def quiz(table: Table, config: Mapping, seed: int, actions: Sequence[str], seat: int, decision: Mapping) \
        -> Quiz | None:
    """The turn asked again: the board as the player saw it, the hexes of a few whole turns numbered on it, the
    turns lettered A-D."""
    asked = decision.get("asked") or {}
    plans = decision.get("plans") or {}
    at = decision["at"]
    played = "|".join(_bodies(decision["played"])) or "end"
    best = "|".join(_bodies(decision["best"])) or "end"
    if played not in asked or best not in asked or at >= len(actions) or not all(k in plans for k in asked):
        return None
    state = RULES.view_for(states_before(RULES, config, seed, actions[:at + 1])[at], seat)
    keys = list(asked)
    keys = [keys[i] for i in asking.order(keys, f"{seed}:{at}")]
    hexes: list[int] = []
    for k in keys:
        for body in plans[k]:
            hexes.append(int(body.split(":")[-1]))
    # the hexes numbered, not lettered: the choices are lettered A-D (as every game's question), and "B. A + C"
    # would read as a choice's letter
    mark = {h: str(i + 1) for i, h in enumerate(decide.reading(hexes))}
    choices = []
    for i, k in enumerate(keys):
        parts: list[str] = []
        builds: list[str] = []
        for body in plans[k]:
            verb, *args = body.split(":")
            if verb == "build":
                builds.append(mark[int(args[-1])])
                continue
            if builds:
                parts.append(" + ".join(builds))
                builds = []
            if len(args) == 2:  # a move: from the settlement (its hex not numbered) to a number
                parts.append(f"{words.location(verb)} → {mark[int(args[1])]}")
            else:
                parts.append(f"{words.location(verb)} {mark[int(args[0])]}")
        if builds:
            parts.append(" + ".join(builds))
        text = " · ".join(parts) or _("end the turn")
        choices.append((clip(f"{'ABCD'[i]}. {text}"), ""))
    body = _("Your terrain: **{terrain}**. Which turn would you play? (its settlements by their numbers on the "
             "board)",
             terrain=words.marked(state["card"]))
    heading = _("Round {n}: which of the turns listed would you play? Their settlements are numbered here.",
                n=state["round"])
    position = Message(title=_("Hexholm — round {n}", n=state["round"]), body=body,
                       picture=Picture("decision", (state, seat, [[h, t] for h, t in mark.items()], heading, [],
                                                    True), "position.png"))
    top = max(asked.values())
    return Quiz(position=position, choices=choices, played=keys.index(played), best=keys.index(best),
                behind=[round(top - asked[k], 2) for k in keys])


COACH = HexholmCoach()
