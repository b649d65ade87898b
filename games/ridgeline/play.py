"""Ridgeline's rules as the protocol gives them to the host (engine/protocol.py Rules).

Results: rank 1 the winner (a shared result: both rank 1 and winners; ties broken by spirits, then fewer
rainbows: RULES.md R56), total = stars over the match; scores by category: "area", "beacons", "spirits",
"bonus" (spirits' stars), "raven" (the curse, 0 or less), "start" (the head start of the player who did not
begin: R57); detail: "games" (games played), "rainbows", "day" (a deal of the day's tag)."""

import datetime as dt
import hashlib
from collections.abc import Mapping, Sequence
from typing import Any

from engine import days
from engine.protocol import Action, Applied, Rejected, Rules, SeatResult

from .rules import engine as eng
from .rules import knowledge
from .rules.constants import DEFAULT_DEAL, DEFAULT_GAMES
from .rules.scoring import CATEGORIES


def day_tag(day: dt.date) -> str:
    """The tag of a day's deal (its board: Game.daily)."""
    return day.isoformat()


def daily_seed(day: dt.date) -> int:
    """The deal of a day: the same on every server."""
    return int.from_bytes(hashlib.sha256(f"ridgeline:{day.isoformat()}".encode()).digest()[:8], "big")


class RidgelineRules(Rules):
    hidden = knowledge.HIDDEN

    def config(self, options: Mapping[str, Any], names: Sequence[str]) -> dict:
        deal = options.get("deal", DEFAULT_DEAL)
        day = days.today() if deal == "daily" else None
        return eng.config_of(list(names), options.get("beginner", "off") == "on", options.get("games", DEFAULT_GAMES),
                             deal, day_tag(day) if day else None, daily_seed(day) if day else None)

    def new_game(self, config: Mapping[str, Any], seed: int) -> tuple[dict, list[dict]]:
        return eng.new_game(config, seed)

    def deciders(self, state: dict) -> list[int]:
        return eng.deciders(state)

    def legal_actions(self, state: dict, seat: int | None = None) -> list[Action]:
        return eng.legal_actions(state, seat)

    def apply(self, state: dict, action_id: str) -> Applied | Rejected:
        return eng.apply(state, action_id)

    def is_over(self, state: dict) -> bool:
        return eng.is_over(state)

    def view_for(self, state: dict, seat: int | None) -> dict:
        return knowledge.view_for(state, seat)

    def public_event(self, event: dict, seat: int | None) -> dict:
        return knowledge.public_event(event, seat)

    def resample(self, state: dict, viewer: int | None, seed: int) -> dict:
        return knowledge.resample(state, viewer, seed)

    def results(self, state: dict) -> list[SeatResult]:
        out = []
        for r in sorted(state["result"], key=lambda r: r["seat"]):
            detail: dict[str, Any] = {"games": len(state["history"]), "rainbows": r["rainbows"]}
            if state["config"].get("day"):
                detail["day"] = state["config"]["day"]
            out.append(SeatResult(r["seat"], r["rank"], r["winner"], r["total"], {k: r[k] for k in CATEGORIES},
                                  detail))
        return out

    def stage(self, state: dict) -> str:
        return eng.stage_name(state)

    def decision_key(self, state: dict) -> tuple:
        return eng.decision_key(state)

    def undoable(self, before: dict, action_id: str, after: dict) -> bool:
        """R62: a move that showed its player nothing new: no tile drawn or turned up, no spirit drawn, no
        tile seen. The other player's refill at the start of their turn shows them only their own tile; after
        an Undo it is back on the deck, known to them alone: a cost to whoever takes the move back (R62)."""
        r = eng.apply(before, action_id)
        if not r.ok:
            return False
        seat = int(action_id.split(":")[0])
        return not any(eng.reveals(e, seat) for e in r.events)


RULES = RidgelineRules()
