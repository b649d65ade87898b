"""A hidden-value twin: a state a viewer cannot tell from the real one (the protocol's `resample`).

What the viewer may not see (view.py: others' gold token values and dealt boards, the decks and bags)
is shuffled among its hidden places: the same tokens, boards and cards, elsewhere. The engine's random
state stays, so the twin's future draws are the real game's. Once the game is over every token is
shown: only the decks and bags are shuffled then. (The AI's determiniser, ai/determinize.py, draws a
plausible whole state instead, the future included.)"""

from typing import Any

from engine import rng

from .copying import clone
from .shape import Rng
from .view import HIDDEN


def twin(state: dict[str, Any], viewer: int | None, seed: int) -> dict[str, Any]:
    gen: Rng = {"rng": rng.seed_state(seed)}
    s: dict[str, Any] = clone(state)  # type: ignore[arg-type]
    others = [p for p in s["players"] if p["seat"] != viewer]
    if s["stage"] != "over":
        tokens = [v for p in others for v in p["gold"]] + list(s.get("gold_bag", []))
        rng.shuffle(gen, tokens)
        for p in others:
            n = len(p["gold"])
            p["gold"], tokens = sorted(tokens[:n]), tokens[n:]
        if "gold_bag" in s:
            s["gold_bag"] = tokens
        boards = [p["boards"] for p in others]
        rng.shuffle(gen, boards)
        for p, b in zip(others, boards, strict=True):
            p["boards"] = b
    for key in HIDDEN:
        if isinstance(s.get(key), list):
            rng.shuffle(gen, s[key])
    return s
