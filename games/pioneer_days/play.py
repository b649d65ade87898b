"""Pioneer Days' rules as the protocol gives them to the host (engine/protocol.py Rules): the engine
(rules/), its whole-move plans (plans.py), its results as scores by category."""

import itertools
from collections.abc import Mapping, Sequence
from typing import Any, cast

from engine.moves import BadMove, Move
from engine.protocol import Action, Applied, Rejected, Rules, SeatResult

from . import plans
from . import rules as engine
from .rules.cards import TOWNSFOLK
from .rules.constants import SIMULTANEOUS
from .rules.flow import make_config
from .rules.twin import twin

EDITION = 2  # 2: the days' ends kept for their pictures (issue 38); games begun before play on as edition 1

# the results' categories (rules/scoring.py) as the records keep them; "game" is "in_game" there
CATEGORIES = (("gold", "gold"), ("favors", "favors"), ("majority", "majority"), ("townsfolk", "townsfolk"),
              ("equipment", "equipment"), ("damage", "damage"), ("game", "in_game"))

# the lobby's choices of two townsfolk sets ("AB", "AC", ...)
SET_PAIRS = tuple(a + b for a, b in itertools.combinations(sorted({t["set"] for t in TOWNSFOLK.values()}), 2))


def sets_of(value: Any) -> list[str]:
    """The two townsfolk sets of an option value: "AB" (a lobby choice) or ["A", "B"] (older games)."""
    return sorted(value) if isinstance(value, (str, list, tuple)) else []


class PioneerRules(Rules):
    def config(self, options: Mapping[str, Any], names: Sequence[str]) -> dict:
        return dict(make_config(players=len(names), sets=sets_of(options.get("sets", "AB")),
                                pioneers=options.get("pioneers", "standard"), names=list(names), edition=EDITION))

    def reads_option(self, key: str, value: Any) -> bool:
        """Games of before the choices were strings kept their two sets as a list (["A", "B"])."""
        return (key == "sets" and isinstance(value, list) and all(isinstance(x, str) for x in value)
                and "".join(sets_of(value)) in SET_PAIRS)

    def new_game(self, config: Mapping[str, Any], seed: int):
        return engine.new_game(config, seed)

    def deciders(self, state: dict) -> list[int]:
        return engine.deciders(state)

    def legal_actions(self, state: dict, seat: int | None = None) -> list[Action]:
        return cast(list[Action], engine.legal_actions(state, seat))  # (the rules' Action: the same fields)

    def apply(self, state: dict, action_id: str) -> Applied | Rejected:
        r = engine.apply(state, action_id)  # type: ignore[arg-type]
        return Applied(r.state, r.events) if r.ok else Rejected(r.reason)

    def expand(self, state: dict, seat: int, plan: str) -> list[str]:
        try:
            return plans.expand(state, Move(seat, "plan", plan))
        except BadMove as e:
            raise ValueError(str(e)) from None

    def view_for(self, state: dict, seat: int | None) -> dict:
        return engine.view_for(state, seat)

    def public_event(self, event: dict, seat: int | None) -> dict:
        return engine.public_event(event, seat)

    def resample(self, state: dict, viewer: int | None, seed: int) -> dict:
        return twin(state, viewer, seed)

    def is_over(self, state: dict) -> bool:
        return engine.is_over(state)

    def results(self, state: dict) -> list[SeatResult]:
        out = []
        for r in sorted(state["result"], key=lambda r: r["seat"]):
            p = state["players"][r["seat"]]
            out.append(SeatResult(r["seat"], r["rank"], r["winner"], r["total"],
                                  {col: r["vp"][k] for k, col in CATEGORIES},
                                  {"silver": r["silver"], "pioneer": p.get("pioneer") or "standard"}))
        return out

    def stage(self, state: dict) -> str:
        return state["stage"]

    def simultaneous(self, state: dict) -> bool:
        return state["stage"] in SIMULTANEOUS

    def decision_key(self, state: dict) -> tuple:
        """The next step of a turn, the second wagon of a Storm: the same decision."""
        st = state["stage"]
        return (st, state["week"], state["day"], state["turn"] if st == "turn" else None,
                tuple(state["disasters"][:1]) if st == "disaster" else ())

    def undoable(self, before: dict, action_id: str, after: dict) -> bool:
        """A move revealed nothing: no die rolled and no gold token drawn (the generator did not move), no
        townsfolk, equipment or town card turned up from its deck."""
        return before["rng"] == after["rng"] and all(
            len(before[k]) == len(after[k]) for k in ("townsfolk_deck", "equip_deck", "town_deck"))


RULES = PioneerRules()
