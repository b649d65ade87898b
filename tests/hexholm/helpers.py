"""Positions of Hexholm made by hand for the rules' tests: a board's text from a few hexes, a game on it, a turn
set up (its card, the settlements on the board, a tile held)."""

from engine import rng
from games.hexholm.play import RULES
from games.hexholm.rules import engine as kb
from games.hexholm.rules.constants import SIDE


def H(r: int, c: int) -> int:  # noqa: N802  (a hex, as the rules number it)
    return r * SIDE + c


def board(fill: str = "g", **_kw) -> list[str]:
    return [fill] * (SIDE * SIDE)


def text(cells: list[str]) -> str:
    return "".join(cells)


def game(cells: list[str], players: int = 2, goals=("anglers", "traderoad", "wardens"), first: int = 0,
         seed: int = 1) -> dict:
    config = {"players": players, "names": [f"P{i}" for i in range(players)], "setup": "random", "barons": "on"}
    state, _events = kb.new_game(config, seed, text(cells), [], list(goals), first)
    return state


def turn(state: dict, seat: int, card: str, built: int = 0) -> dict:
    """The state with `seat` to play, its card `card` revealed, `built` of the mandatory build made."""
    state["turn"] = seat
    state["card"] = card
    state["built"] = built
    state["players"][seat]["hand"] = None
    return state


def own(state: dict, seat: int, *hexes: int) -> dict:
    for h in hexes:
        state["owner"][h] = seat
        state["players"][seat]["left"] -= 1
    return state


def tile(state: dict, seat: int, kind: str, at: int, got: int = 0) -> dict:
    """A tile of `kind` from the location hex `at`, taken in turn `got` (before this one: usable)."""
    state["players"][seat]["tiles"].append({"kind": kind, "hex": at, "got": got, "used": False})
    state["players"][seat]["taken"].append(at)
    for loc in state["locations"]:
        if loc["hex"] == at:
            loc["left"] -= 1
    return state


def bodies(state: dict, seat: int | None = None) -> list[str]:
    return kb.bodies(state, state["turn"] if seat is None else seat)


def targets(state: dict, verb: str) -> set[int]:
    return {int(b.split(":")[-1]) for b in bodies(state) if b.split(":")[0] == verb}


def play(state: dict, *bodies_: str) -> tuple[dict, list[dict]]:
    events: list[dict] = []
    for b in bodies_:
        r = RULES.apply(state, f"{state['turn']}:{b}")
        assert r.ok, (b, r.reason if not r.ok else "")
        state = r.state
        events += r.events
    return state, events


def random_game(players: int, seed: int, options: dict | None = None) -> dict:
    config = RULES.config(options or {}, [f"P{i}" for i in range(players)])
    state, _ = RULES.new_game(config, seed)
    pick = {"rng": rng.seed_state(seed)}
    while not RULES.is_over(state):
        acts = RULES.legal_actions(state)
        state = RULES.apply(state, acts[rng.below(pick, len(acts))].id).state
    return state
