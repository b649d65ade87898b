"""Courtyards' rules as the protocol gives them to the host (engine/protocol.py Rules).

Results: rank 1 the winners (equal totals share it), total = points; scores by category: each kind's points
over the three scoring rounds (kiosk … minaret) and the walls'; detail: each round's points ("rounds"), the
longest wall at the end ("wall"), the tiles in the palace ("tiles")."""

from collections.abc import Mapping, Sequence
from typing import Any

from engine.protocol import Action, Applied, Rejected, Rules, SeatResult

from .rules import engine as cy
from .rules import knowledge
from .rules.constants import DEFAULT_END, DEFAULT_MONEY, KINDS

CATEGORIES = (*KINDS, "walls")


class CourtyardsRules(Rules):
    hidden = knowledge.HIDDEN

    def config(self, options: Mapping[str, Any], names: Sequence[str]) -> dict:
        return cy.config_of(names, options.get("end", DEFAULT_END), options.get("money", DEFAULT_MONEY))

    def new_game(self, config: Mapping[str, Any], seed: int) -> tuple[dict, list[dict]]:
        return cy.new_game(config, seed)

    def deciders(self, state: dict) -> list[int]:
        return cy.deciders(state)

    def legal_actions(self, state: dict, seat: int | None = None) -> list[Action]:
        return cy.legal_actions(state, seat)

    def apply(self, state: dict, action_id: str) -> Applied | Rejected:
        return cy.apply(state, action_id)

    def view_for(self, state: dict, seat: int | None) -> dict:
        return knowledge.view_for(state, seat)

    def public_event(self, event: dict, seat: int | None) -> dict:
        return knowledge.public_event(event, seat)

    def resample(self, state: dict, viewer: int | None, seed: int) -> dict:
        return knowledge.resample(state, viewer, seed)

    def results(self, state: dict) -> list[SeatResult]:
        out = []
        for r in sorted(state["result"], key=lambda r: r["seat"]):
            s = r["seat"]
            cats = state["cats"][s]
            scores = {k: cats["kinds"][i] for i, k in enumerate(KINDS)}
            scores["walls"] = cats["walls"]
            rounds = [rec["gained"][s] for rec in state["scorings"]]
            out.append(SeatResult(s, r["rank"], r["winner"], r["total"], scores,
                                  {"rounds": rounds, "wall": cy.walls(state, s),
                                   "tiles": len(state["palaces"][s]) - 1}))
        return out

    def stage(self, state: dict) -> str:
        return cy.stage_name(state)

    def undoable(self, before: dict, action_id: str, after: dict) -> bool:
        """A move that showed nothing new: no card or tile drawn (the deck, the discards and the bag as they
        were: a buy, a placement before the turn's last, a redesign or a take whose turn drew nothing), no
        scoring, the game going on."""
        return (after["stage"] != "over" and len(after["deck"]) == len(before["deck"])
                and len(after["bag"]) == len(before["bag"]) and after["scored"] == before["scored"]
                and not (before["stage"] == "act" and after["stage"] == "final"))


RULES = CourtyardsRules()
