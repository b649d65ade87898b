"""Undergrounders' Rules (the protocol's): the engine (rules/engine.py) behind the host's contract, the lobby's
options made into a config, secrecy (the "markers hidden" variant), plans (a whole dig in one click)."""

import datetime as dt
from collections.abc import Mapping, Sequence
from typing import Any

from engine import days, rng
from engine.data import deep
from engine.protocol import Action, Applied, Rejected, Rules, SeatResult

from .rules import engine as mm
from .rules.city import generate
from .rules.constants import DAILY_BASE, KINDS


def day_tag(day: dt.date) -> str:
    """The tag of a day's game (its city: Game.daily)."""
    return day.isoformat()


def daily_seed(day: dt.date) -> int:
    return DAILY_BASE + (day - dt.date(2026, 1, 1)).days


class MetroRules(Rules):
    hidden = mm.HIDDEN

    def config(self, options: Mapping[str, Any], names: Sequence[str]) -> dict:
        out: dict[str, Any] = {"players": len(names), "names": list(names),
                               "markers": options.get("markers", "open"), "trip": options.get("trip", "latest")}
        if options.get("city") == "daily":
            day = days.today()
            out["city"] = generate(daily_seed(day))
            out["day"] = day_tag(day)
        return out

    def new_game(self, config: Mapping[str, Any], seed: int) -> tuple[dict, list[dict]]:
        return mm.new_game(dict(config), seed)

    def deciders(self, state: dict) -> list[int]:
        return mm.deciders(state)

    def legal_actions(self, state: dict, seat: int | None = None) -> list[Action]:
        out = []
        for s in mm.deciders(state):
            if seat is None or seat == s:
                out += [Action(s, f"{s}:{a}", a) for a in mm.legal(state, s)]
        return out

    def apply(self, state: dict, action_id: str) -> Applied | Rejected:
        seat_s, _, rest = action_id.partition(":")
        if state["phase"] == "over":
            return Rejected("The game is over.")
        if not seat_s.isdigit() or int(seat_s) not in mm.deciders(state):
            return Rejected("It is not that seat's turn.")
        if rest not in mm.legal(state, int(seat_s)):
            return Rejected("That choice is not available now.")
        s = deep(state)
        events: list[dict] = []
        mm.advance(s, action_id, events)
        s["seq"] += 1
        return Applied(s, events)

    def expand(self, state: dict, seat: int, plan: str) -> list[str]:
        head, *rest = plan.split("/")
        steps = [f"{seat}:" + p.replace(".", ":") for p in rest if p]
        if head != "m" or not steps:
            raise ValueError("an empty plan")
        return steps

    def results(self, state: dict) -> list[SeatResult]:
        r = state["result"]
        ranks = mm.ranks(r)
        out = []
        for s in range(state["players"]):
            scores = {"stations": r["stations"][s], "trips": r["trips"][s], "inquiry": r["inquiry"][s],
                      "park": r["park"][s]}
            detail: dict[str, Any] = {"lines": r["done"][s], "tunnels": r["tunnels"][s]}
            if state.get("day"):
                detail["day"] = state["day"]
            out.append(SeatResult(s, ranks[s], ranks[s] == 1, r["total"][s], scores, detail))
        return out

    def view_for(self, state: dict, seat: int | None) -> dict:
        """Everything is open but the generator, and with markers hidden the letters of others' markers
        not yet placed (their kinds show: "?")."""
        v = {k: val for k, val in state.items() if k not in self.hidden}
        if state["markers_rule"] == "hidden" and state["phase"] != "over":
            v["hand"] = [h if s == seat else [["?", m[1]] for m in h] for s, h in enumerate(state["hand"])]
        return deep(v)

    def resample(self, state: dict, viewer: int | None, seed: int) -> dict:
        """With markers hidden: the letters of others' unplaced markers dealt again among them, kind by kind."""
        s = deep(state)
        if state["markers_rule"] != "hidden" or state["phase"] == "over":
            return s
        gen: rng.Rng = {"rng": rng.seed_state(seed)}
        for kd in KINDS:
            slots = [(p, i) for p, h in enumerate(s["hand"]) if p != viewer for i, m in enumerate(h) if m[1] == kd]
            letters = [s["hand"][p][i][0] for p, i in slots]
            rng.shuffle(gen, letters)
            for (p, i), a in zip(slots, letters, strict=True):
                s["hand"][p][i][0] = a
        return s

    def undoable(self, before: dict, action_id: str, after: dict) -> bool:
        """Nothing is drawn during a game: a move reveals nothing, but a marker placed with markers hidden."""
        return not (before["markers_rule"] == "hidden" and len(after["placed"]) > len(before["placed"]))

    def stage(self, state: dict) -> str:
        return f"turn {state['turns']}"


RULES = MetroRules()
