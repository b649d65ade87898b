"""The engine's only source of randomness: a 64-bit PCG-style generator whose whole state is one
integer kept in the game state, so a game is reproducible from its seed on any Python version."""

from collections.abc import Sequence
from typing import Any, TypeVar

from .shape import Rng

T = TypeVar("T")
U = TypeVar("U")

MASK = (1 << 64) - 1
MUL = 6364136223846793005
INC = 1442695040888963407


def seed_state(seed: int) -> int:
    # splitmix64 scramble so that nearby seeds give unrelated streams
    z = (seed + 0x9E3779B97F4A7C15) & MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def _next(s: int) -> tuple[int, int]:
    s = (s * MUL + INC) & MASK
    x = s ^ (s >> 29)
    x = (x * 0xBF58476D1CE4E5B9) & MASK
    return s, x ^ (x >> 32)


def below(state: Rng, n: int) -> int:
    """A number in [0, n) drawn from state['rng'] (which advances). _next, inlined: this is called
    for every die, token and card drawn and for every choice of the AIs."""
    s = (state["rng"] * MUL + INC) & MASK
    state["rng"] = s
    x = ((s ^ (s >> 29)) * 0xBF58476D1CE4E5B9) & MASK
    return ((x ^ (x >> 32)) * n) >> 64


def shuffle(state: Rng, items: list[Any]) -> None:
    """Fisher-Yates in place (below(state, i + 1) for each i, inlined)."""
    s = state["rng"]
    for i in range(len(items) - 1, 0, -1):
        s = (s * MUL + INC) & MASK
        x = ((s ^ (s >> 29)) * 0xBF58476D1CE4E5B9) & MASK
        j = ((x ^ (x >> 32)) * (i + 1)) >> 64
        items[i], items[j] = items[j], items[i]
    state["rng"] = s


def pop_random(state: Rng, items: list[T]) -> T:
    i = below(state, len(items))
    items[i], items[-1] = items[-1], items[i]
    return items.pop()


def roll(state: Rng, bag: list[T], n: int, faces: Sequence[U]) -> list[tuple[T, U]]:
    """n dice: for each, pop_random(state, bag) (its colour), then faces[below(state, len(faces))]
    (its face); the same draws in the same order, inlined."""
    s = state["rng"]
    k = len(faces)
    out = []
    for _ in range(n):
        s = (s * MUL + INC) & MASK
        x = ((s ^ (s >> 29)) * 0xBF58476D1CE4E5B9) & MASK
        i = ((x ^ (x >> 32)) * len(bag)) >> 64
        bag[i], bag[-1] = bag[-1], bag[i]
        colour = bag.pop()
        s = (s * MUL + INC) & MASK
        x = ((s ^ (s >> 29)) * 0xBF58476D1CE4E5B9) & MASK
        out.append((colour, faces[((x ^ (x >> 32)) * k) >> 64]))
    state["rng"] = s
    return out
