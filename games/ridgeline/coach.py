"""The coach of Ridgeline (the protocol's Coach): the hard AI's review of one seat's choices in a finished game.
At each decision the seat had a real choice in (a tile played, a capture chosen, a rainbow's spot, a spirit,
a spirit's own choice), the hard AI values every choice from what the seat could see then (ai.search
values: its rollouts' mean lead in stars at the end of the game), so the choices that cost the most stand
out. The curve: each seat's stars (the match's so far) at the end of each part of the game."""

from collections.abc import Mapping, Sequence
from typing import Any

from engine import quiz as asking
from engine import rebuild, states_before
from engine.coaching import judged, summary
from engine.protocol import Coach, Message, Picture, Quiz, Table, clip
from i18n import number

from . import decide, words
from .lang import _, n_
from .play import RULES
from .rules import board as B
from .rules import knowledge, scoring

MARGIN = 1.0       # a decision within this many stars of the best is a good one


def _states(config: Mapping, seed: int, actions: Sequence[str]) -> list[dict]:
    return states_before(RULES, config, seed, actions)


def effects(state: dict, seat: int, action_id: str) -> dict:
    """What one choice is, as plain data kept with the review: its verb and the tiles, spot or spirit."""
    verb, *args = action_id.split(":")[1:]
    out: dict[str, Any] = {"verb": verb}
    if verb in ("play", "kingfisher"):
        out["tile"] = B.parse(args[0])
        out["target"] = B.parse(args[1]) if len(args) > 1 else None
    elif verb in ("take", "otter"):
        out["target"] = B.parse(args[0])
    elif verb == "rainbow":
        out["spot"] = B.parse(args[0])
    elif verb in ("spirit", "keep"):
        out["key"] = args[0]
    elif verb == "mole":
        out["tile"] = B.parse(args[0])
    return out


def _say(e: Mapping[str, Any]) -> str:
    """A choice in a few words."""
    verb = e["verb"]
    if verb in ("play", "kingfisher"):
        if e.get("target") is None:
            return _("playing {tile} for a second chance", tile=words.tile(e["tile"]))
        return _("capturing {target} with {tile}", target=words.tile(e["target"]), tile=words.tile(e["tile"]))
    if verb in ("take", "otter"):
        return _("capturing {target}", target=words.tile(e["target"]))
    if verb == "rainbow":
        return _("a rainbow at {spot}", spot=words.spot(e["spot"]))
    if verb == "spirit":
        return _("drawing two spirits") if e["key"] == "draw" else _("the {name}", name=words.spirit_name(e["key"]))
    if verb == "keep":
        return _("the {name}", name=words.spirit_name(e["key"]))
    if verb == "mole":
        return _("keeping {tile}", tile=words.tile(e["tile"]))
    return _("the other choice")


def why(decision: Mapping) -> str:
    p, b = decision.get("played_effects"), decision.get("best_effects")
    if not p or not b:
        return ""
    n = max(1, int(round(decision.get("loss", 0))))
    if p["verb"] == "play" and p.get("target") is None and b.get("target") is not None:
        return n_("A capture was there: {best}, about {n} star more by the end than a second chance, by the hard "
                  "AI's playouts.", "A capture was there: {best}, about {n} stars more by the end than a second "
                  "chance, by the hard AI's playouts.", n, best=_say(b))
    return n_("{best} was worth about {n} star more by the end than {played}, by the hard AI's playouts.",
              "{best} was worth about {n} stars more by the end than {played}, by the hard AI's playouts.", n,
              best=_say(b)[:1].upper() + _say(b)[1:], played=_say(p))


def _curve(config: Mapping, seed: int, actions: Sequence[str]) -> list[dict]:
    """Each seat's stars (the match's so far) at the end of each part of the game."""
    state, _events = RULES.new_game(config, seed)
    curve = []
    part = 1
    for a in actions:
        r = RULES.apply(state, a)
        if not r.ok:
            break
        state = r.state
        for e in r.events:
            if e["type"] == "leg":
                done = [sum(int(h["totals"][s]) for h in state["history"]) for s in (0, 1)]
                now = [done[s] + scoring.total(scoring.breakdown(state, s)) for s in (0, 1)]
                curve.append({"chapter": [e["game"], part], "vp": now})
                part = e["leg"]
            elif e["type"] == "game_over":
                done = [sum(int(h["totals"][s]) for h in state["history"][:e["game"]]) for s in (0, 1)]
                curve.append({"chapter": [e["game"], part], "vp": done})
                part = 1
    return curve


class RidgelineCoach(Coach):
    def decisions(self, config: Mapping, seed: int, actions: Sequence[str], seat: int) -> list:
        out = []
        for i, (s, a) in enumerate(zip(_states(config, seed, actions), actions, strict=True)):
            if int(a.split(":")[0]) != seat:
                continue
            if len(RULES.legal_actions(s, seat)) > 1:
                out.append({"at": i, "game": s["game"], "turn": s["turn_no"], "step": s["step"]["kind"],
                            "chapter": [s["game"], s["leg"] + 1], "games": s["config"]["games"]})
        return out

    def evaluate(self, config: Mapping, seed: int, actions: Sequence[str], seat: int, some: list,
                 rounds: int) -> list:
        """Each decision of `some` valued: `rounds` rollouts per choice, the same samples for every choice."""
        from .ai.search import values
        states = _states(config, seed, actions)
        out = []
        for d in some:
            s = states[d["at"]]
            played = actions[d["at"]]
            view = knowledge.view_for(s, seat)
            worth = values(view, seat, seed + d["at"], max(1, rounds), win=False)
            best = max(worth, key=lambda k: (worth[k], k == played))
            asked = {k: round(worth[k], 3) for k in asking.pick(worth, played, best)}
            out.append({**judged(RULES, s, seat, d, played, best, worth, effects, asked),
                        "played_value": worth.get(played), "best_value": worth[best]})
        return out

    def finish(self, config: Mapping, seed: int, actions: Sequence[str], seat: int, evaluated: list) -> dict:
        state, _events = rebuild(RULES, config, seed, actions)
        result = state["result"][seat] if state["result"] else None
        return summary(seat, evaluated, MARGIN, _curve(config, seed, actions), result["total"] if result else 0)

    why = staticmethod(why)

    def amount(self, x: float) -> str:
        return _("{n} stars", n=number(x, 1))

    def when(self, decision: Mapping) -> str:
        if decision.get("games", 1) > 1:
            return _("Game {game}, turn {turn}", game=decision["game"], turn=decision["turn"])
        return _("Turn {turn}", turn=decision["turn"])

    def quiz(self, table: Table, config: Mapping, seed: int, actions: Sequence[str], seat: int,
             decision: Mapping) -> Quiz | None:
        """The position as the seat saw it (its decision's picture, its labels) and the asked choices."""
        asked = decision.get("asked") or {}
        at = decision["at"]
        if decision["played"] not in asked or decision["best"] not in asked or at >= len(actions):
            return None
        state = states_before(RULES, config, seed, actions[:at + 1])[at]
        view = knowledge.view_for(state, seat)
        by_act = {c.act: c for c in decide.choices(view, seat)}
        keys = list(asked)
        keys = [keys[i] for i in asking.order(keys, f"{seed}:{at}")]
        if any(k not in by_act for k in keys):
            return None
        marks = [c.mark for c in by_act.values() if c.mark]
        top = max(asked.values())
        position = Message(title=_("Ridgeline — {when}", when=self.when(decision)), body=decide.prompt(view, seat),
                           picture=Picture("decision", (view, seat, marks), "position.png"))
        # lettered as every game's question is (A, B, ...), each with its own number or name after the letter
        return Quiz(position=position, choices=[(f"{'ABCD'[i]}. {by_act[k].label}"[:100], clip(by_act[k].note))
                                                for i, k in enumerate(keys)],
                    played=keys.index(decision["played"]), best=keys.index(decision["best"]),
                    behind=[round(top - asked[k], 2) for k in keys])


COACH = RidgelineCoach()
