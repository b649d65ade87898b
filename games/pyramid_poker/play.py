"""Pyramid Poker's rules as the protocol gives them to the host (engine/protocol.py Rules).

Results: rank 1 the winner (a shared result: both rank 1 and winners), total = match points (advanced
scoring) or hands won (basic); scores by category: "hands" (hands won over the match), "games" (games
won) and "points" (advanced points; 0 in basic); detail: "best_hand" (the class of the best hand the
seat made), "games" (games played), "match" (the lobby's choice)."""

from collections.abc import Mapping, Sequence
from typing import Any

from engine.protocol import Action, Applied, Rejected, Rules, SeatResult

from .rules import engine as pp
from .rules import knowledge
from .rules.constants import DEFAULT_BLOCKS, DEFAULT_MATCH

CATEGORIES = ("hands", "games", "points")


class PokerRules(Rules):
    def config(self, options: Mapping[str, Any], names: Sequence[str]) -> dict:
        return pp.config_of(names, options.get("blocks", DEFAULT_BLOCKS), options.get("match", DEFAULT_MATCH))

    def new_game(self, config: Mapping[str, Any], seed: int) -> tuple[dict, list[dict]]:
        return pp.new_game(config, seed)

    def deciders(self, state: dict) -> list[int]:
        return pp.deciders(state)

    def legal_actions(self, state: dict, seat: int | None = None) -> list[Action]:
        return pp.legal_actions(state, seat)

    def apply(self, state: dict, action_id: str) -> Applied | Rejected:
        return pp.apply(state, action_id)

    def view_for(self, state: dict, seat: int | None) -> dict:
        return knowledge.view_for(state, seat)

    def public_event(self, event: dict, seat: int | None) -> dict:
        return knowledge.public_event(event, seat)

    def resample(self, state: dict, viewer: int | None, seed: int) -> dict:
        return knowledge.resample(state, viewer, seed)

    def results(self, state: dict) -> list[SeatResult]:
        games = len(state["history"])
        return [SeatResult(r["seat"], r["rank"], r["winner"], r["total"], {k: r[k] for k in CATEGORIES},
                           {"best_hand": r["best_hand"], "games": games, "match": state["config"]["match"]})
                for r in sorted(state["result"], key=lambda r: r["seat"])]

    def stage(self, state: dict) -> str:
        return pp.stage_name(state)

    def decision_key(self, state: dict) -> tuple:
        return pp.decision_key(state)

    def undoable(self, before: dict, action_id: str, after: dict) -> bool:
        """A card put into a hand, or an open game's block placed (its face was known already), within the
        same stage; never a block taken (its face is shown) nor a blind one placed (the next one is seen)."""
        verb = action_id.split(":")[1]
        if before["game"] != after["game"]:
            return False
        if verb == "hand":  # (the turn passes to the other player: the stage goes from "hand" to "take")
            return after["stage"] in ("take", "hand")
        return verb == "place" and before["config"]["blocks"] == "open" and before["stage"] == after["stage"]


RULES = PokerRules()
