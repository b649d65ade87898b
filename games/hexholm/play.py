"""Hexholm's rules as the protocol gives them to the host (engine/protocol.py Rules): the setups (a random board
and goals, the first-game setup, the board of the day), what each seat may see (only its own next card is
hidden, and the deck), whole builds as plans ("b/{hex}/{hex}/{hex}"), what may be taken back."""

import datetime as dt
from collections.abc import Mapping, Sequence
from typing import Any

from engine import days, rng
from engine.data import deep
from engine.protocol import Action, Applied, Rejected, Rules, SeatResult

from .rules import engine as kb
from .rules import sections
from .rules.constants import DAILY_BASE, DAILY_EPOCH, FIRST_GAME_GOALS, FIRST_GAME_SEED, GOALS, GOALS_DRAWN

SETUPS = ("random", "first", "daily")
DEFAULT_SETUP = "random"
BARONS = ("on", "off2")   # Barons always in the draw, or not in 2-player games
DEFAULT_BARONS = "on"
PLAN = "b"


def day_tag(day: dt.date) -> str:
    """The tag of a day's game (its board: Game.daily)."""
    return day.isoformat()


def daily_seed(day: dt.date) -> int:
    """The seed of a day's game: its board, goals, cards and first player (the same on every server)."""
    return DAILY_BASE + (day - dt.date(*DAILY_EPOCH)).days


def setup_of(config: Mapping[str, Any], seed: int) -> tuple[dict, list[str], int, int]:
    """(the board {text, sections}, the goals, the first player, the cards' seed) of a game (R3, R8, R35, R36)."""
    n = int(config["players"])
    setup = config.get("setup", DEFAULT_SETUP)
    if setup == "daily":
        seed = daily_seed(dt.date.fromisoformat(config["day"]))
    gen: Any = {"rng": rng.seed_state(seed * 31 + 7)}
    pool = [g for g in GOALS if not (g == "barons" and n == 2 and config.get("barons") == "off2"
                                      and setup != "daily")]
    rng.shuffle(gen, pool)
    goals = sorted(pool[:GOALS_DRAWN], key=GOALS.index)
    first = rng.below(gen, n)
    if setup == "first":
        return sections.make(FIRST_GAME_SEED), list(FIRST_GAME_GOALS), first, seed
    return sections.make(seed * 7 + 3), goals, first, seed


class HexholmRules(Rules):
    hidden = kb.HIDDEN

    def config(self, options: Mapping[str, Any], names: Sequence[str]) -> dict:
        setup = options.get("setup", DEFAULT_SETUP)
        out = {"players": len(names), "names": list(names), "setup": setup,
               "barons": options.get("barons", DEFAULT_BARONS)}
        if setup == "daily":
            out["day"] = day_tag(days.today())
        return out

    def new_game(self, config: Mapping[str, Any], seed: int) -> tuple[dict, list[dict]]:
        if not 2 <= int(config["players"]) <= 4:
            raise ValueError("Hexholm is for 2-4 players")
        made, goals, first, deck_seed = setup_of(config, seed)
        return kb.new_game(config, deck_seed, made["text"], made["sections"], goals, first)

    def deciders(self, state: dict) -> list[int]:
        return kb.deciders(state)

    def legal_actions(self, state: dict, seat: int | None = None) -> list[Action]:
        return kb.legal_actions(state, seat)

    def apply(self, state: dict, action_id: str) -> Applied | Rejected:
        if state["over"]:
            return Rejected("The game is over.")
        seat_s, _sep, body = action_id.partition(":")
        if not seat_s.isdigit() or int(seat_s) != state["turn"]:
            return Rejected("It is not that seat's turn.")
        if body not in kb.bodies(state, int(seat_s)):
            return Rejected("That choice is not available now.")
        s = kb.copy(state)
        events: list[dict] = []
        kb.advance(s, body, events)
        s["seq"] += 1
        return Applied(s, events)

    def expand(self, state: dict, seat: int, plan: str) -> list[str]:
        """A whole build, "b/{hex}/{hex}/{hex}" (the settlements still to build this turn, in order)."""
        head, *hexes = plan.split("/")
        if head != PLAN or not hexes or not all(x.isdigit() for x in hexes) or state["over"] \
                or seat != state["turn"]:
            raise ValueError("not a build of this turn")
        s = kb.copy(state)
        ids = []
        for x in hexes:
            if not kb.mandatory_open(s) or f"build:{x}" not in kb.bodies(s, seat):
                raise ValueError("that build does not apply")
            kb.advance(s, f"build:{x}", [])
            ids.append(f"{seat}:build:{x}")
            if s["turn"] != seat or s["over"]:
                break
        return ids

    def view_for(self, state: dict, seat: int | None) -> dict:
        """Everything is open but the deck (its count shows) and each player's next card (its own player sees
        it)."""
        v = {k: val for k, val in state.items() if k not in kb.HIDDEN}
        v = deep(v)
        v["deck_count"] = len(state["deck"])
        for p in v["players"]:
            if p["seat"] != seat:
                p["hand"] = None
        return v

    def resample(self, state: dict, viewer: int | None, seed: int) -> dict:
        """The cards the viewer cannot see (the deck, the others' next cards) dealt again from the same pool."""
        s = deep(state)
        holders = [p for p in s["players"] if p["seat"] != viewer and p["hand"] is not None]
        pool = list(s["deck"]) + [p["hand"] for p in holders]
        rng.shuffle({"rng": rng.seed_state(seed)}, pool)
        for p in holders:
            p["hand"] = pool.pop()
        s["deck"] = pool
        return s

    def results(self, state: dict) -> list[SeatResult]:
        out = []
        for r in state["result"]:
            detail: dict[str, Any] = {"goals": list(state["goals"]), "setup": state["config"].get("setup",
                                                                                               DEFAULT_SETUP)}
            if "day" in state["config"] and state["config"].get("setup") == "daily":
                detail["day"] = state["config"]["day"]
            out.append(SeatResult(r["seat"], r["rank"], r["winner"], r["total"], dict(r["scores"]), detail))
        return out

    def stage(self, state: dict) -> str:
        return "over" if state["over"] else f"turn {state['turn_no']}"

    def decision_key(self, state: dict) -> tuple:
        """A turn is one decision (its builds and tiles): its timer runs for the whole turn."""
        return ("over",) if state["over"] else (state["turn_no"], state["turn"])

    def undoable(self, before: dict, action_id: str, after: dict) -> bool:
        """A build, a tile used or a move, within the turn: never the end of a turn (a card is drawn)."""
        return after["drawn"] == before["drawn"] and after["turn_no"] == before["turn_no"] and not after["over"]


RULES = HexholmRules()
