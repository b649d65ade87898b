"""Next Station's rules as the protocol gives them to the host (engine/protocol.py Rules)."""

import datetime as dt
from collections.abc import Mapping, Sequence
from typing import Any

from engine import days, rng
from engine.data import deep
from engine.protocol import Action, Applied, Rejected, Rules, SeatResult

from .mapgen import daily_seed
from .rules import engine as ns

DEFAULT_MAP = "larkhaven"


def day_tag(day: dt.date) -> str:
    """The tag of a day's game (its board: Game.daily)."""
    return day.isoformat()


def map_for(choice: str, day: dt.date | None = None) -> tuple[str, int | None, str | None]:
    """(the map's key, the cards' seed, the day's tag) of a lobby's map choice: a map of ours, or the day's
    game (its map and cards the day's: every server plays the same game that day)."""
    if choice == "daily":
        day = day or days.today()
        seed = daily_seed(day)
        return f"gen-{seed}", seed, day_tag(day)
    return choice, None, None


class StationRules(Rules):
    def config(self, options: Mapping[str, Any], names: Sequence[str]) -> dict:
        key, deck, day = map_for(options.get("map", DEFAULT_MAP))
        if day is not None:  # the day's game is the whole game, so that its board compares like with like
            out = ns.config_of(len(names), names, key, True, True, deck)
            out["day"] = day
            return out
        return ns.config_of(len(names), names, key, options.get("objectives", "off") == "on",
                            options.get("powers", "off") == "on", deck)

    def new_game(self, config: Mapping[str, Any], seed: int) -> tuple[dict, list[dict]]:
        return ns.new_game(config, seed)

    def deciders(self, state: dict) -> list[int]:
        return ns.deciders(state)

    def legal_actions(self, state: dict, seat: int | None = None) -> list[Action]:
        return ns.legal_actions(state, seat)

    def apply(self, state: dict, action_id: str) -> Applied | Rejected:
        seat_s = action_id.partition(":")[0]
        if state["stage"] == "over":
            return Rejected("The game is over.")
        if not seat_s.isdigit() or int(seat_s) >= len(state["players"]):
            return Rejected("That is not a move of this game.")
        if all(a.id != action_id for a in ns.legal_actions(state, int(seat_s))):
            return Rejected("That choice is not available now.")
        s = deep(state)
        events: list[dict] = []
        ns.advance(s, action_id, events)
        s["seq"] += 1
        return Applied(s, events)

    def view_for(self, state: dict, seat: int | None) -> dict:
        """Everything is open but the cards still face down (their count shows) and the generator."""
        v = {k: val for k, val in state.items() if k not in ns.HIDDEN}
        v["deck_count"] = len(state["deck"])
        return deep(v)

    def resample(self, state: dict, viewer: int | None, seed: int) -> dict:
        """The cards still face down, in another order (nothing else is hidden)."""
        s = deep(state)
        rng.shuffle({"rng": rng.seed_state(seed)}, s["deck"])
        return s

    def results(self, state: dict) -> list[SeatResult]:
        out = []
        modules = int(bool(state["objectives"])) + int(bool(state["powers"]))
        for r in state["result"]:
            detail: dict[str, Any] = {"best_line": r["best_line"], "map": state["map"],
                                      "interchanges": r["interchange_count"]}
            if len(state["players"]) == 1:
                detail["band"] = ns.scoring.solo_band(r["total"], modules)
            if "day" in state["config"]:
                detail["day"] = state["config"]["day"]
            out.append(SeatResult(r["seat"], r["rank"], r["winner"], r["total"],
                                  {k: r[k] for k in ("lines", "tourists", "interchanges", "objectives")}, detail))
        return out

    def stage(self, state: dict) -> str:
        return f"round {state['round']} card {len(state['flipped'])}" if state["stage"] == "build" else state["stage"]

    def simultaneous(self, state: dict) -> bool:
        return state["stage"] == "build"

    def decision_key(self, state: dict) -> tuple:
        return (state["stage"], state["round"], len(state["flipped"]))

    def undoable(self, before: dict, action_id: str, after: dict) -> bool:
        """A section, a pass or a power taken back while the same card is face up (no card flipped since)."""
        return before["round"] == after["round"] and len(before["flipped"]) == len(after["flipped"])


RULES = StationRules()
