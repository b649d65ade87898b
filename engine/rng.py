"""The engine's only source of randomness: a 64-bit PCG-style generator whose whole state is one
integer kept in the game state, so a game is reproducible from its seed on any Python version."""

from collections.abc import Sequence
from struct import Struct
from typing import Any, TypedDict, TypeVar


class Rng(TypedDict):
    """Anything engine.rng draws from: a game state, or an AI's own stream {"rng": n}."""
    rng: int


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


def draws(state: Rng, k: int) -> tuple[int, ...]:
    """The next k draws of state['rng'] (which advances k steps), not yet scaled to a bound: draw j
    scaled to n, (draw * n) >> 64, is what the j-th of k calls of below(state, n) returns. For a
    caller that draws many numbers whose bounds come one at a time (bench/engine.py's random
    players): one draw made this way costs a fraction of one below() (see _draws)."""
    outs, state["rng"] = _draws(state["rng"], k)
    return outs


def shuffle(state: Rng, items: list[Any]) -> None:
    """Fisher-Yates in place: below(state, i + 1) for each i from the last index down to 1 (the
    draws made together: _draws)."""
    n = len(items)
    if n < 2:
        return
    outs, state["rng"] = _draws(state["rng"], n - 1)
    for i, out in zip(range(n - 1, 0, -1), outs, strict=True):
        j = (out * (i + 1)) >> 64
        items[i], items[j] = items[j], items[i]


def pop_random(state: Rng, items: list[T]) -> T:
    i = below(state, len(items))
    items[i], items[-1] = items[-1], items[i]
    return items.pop()


def roll(state: Rng, bag: list[T], n: int, faces: Sequence[U]) -> list[tuple[T, U]]:
    """n dice: for each, pop_random(state, bag) (its colour), then faces[below(state, len(faces))]
    (its face); the same draws in the same order, made together (_draws)."""
    outs, state["rng"] = _draws(state["rng"], 2 * n)
    k = len(faces)
    dice = []
    for d in range(0, 2 * n, 2):
        i = (outs[d] * len(bag)) >> 64
        bag[i], bag[-1] = bag[-1], bag[i]
        dice.append((bag.pop(), faces[(outs[d + 1] * k) >> 64]))
    return dice


# ---- several draws at once ----------------------------------------------------------------------
# Each draw costs about a dozen operations on 64-bit ints, and Python pays for every operation, not
# for its size. k draws whose bounds are known in advance (a shuffle, a roll) are made with the same
# dozen operations on one int holding k lanes of 128 bits: lane j holds the state after j + 1 steps
# (state_j = A_j * state + C_j mod 2**64, A_j and C_j worked out once per k), and the mixing below
# (xor-shift, multiply, xor-shift) works on every lane at once: a lane's value is below 2**64 and its
# product with a 64-bit constant below 2**128, so nothing crosses into the next lane, and what a shift
# brings in from the next lane falls in the upper, masked-out half. The outputs are those of below().
_LANES: dict[int, tuple[int, int, int, Struct]] = {}


def _lanes(k: int) -> tuple[int, int, int, Struct]:
    a, c = 1, 0
    mul = inc = mask = 0
    for j in range(k):
        a, c = (a * MUL) & MASK, (c * MUL + INC) & MASK
        mul |= a << (128 * j)
        inc |= c << (128 * j)
        mask |= MASK << (128 * j)
    got = _LANES[k] = (mul, inc, mask, Struct("<" + "Q8x" * k))  # (the lower half of each lane)
    return got


def _draws(s: int, k: int) -> tuple[tuple[int, ...], int]:
    """(the k mixed outputs, before scaling to a bound), the state after them) from state s: what k
    calls of below() compute, in one go. Output j scaled to a bound n is (output * n) >> 64."""
    try:
        mul, inc, mask, lanes = _LANES[k]
    except KeyError:
        mul, inc, mask, lanes = _lanes(k)
    states = (s * mul + inc) & mask
    x = (((states ^ (states >> 29)) & mask) * 0xBF58476D1CE4E5B9) & mask
    return lanes.unpack(((x ^ (x >> 32)) & mask).to_bytes(16 * k, "little")), states >> (128 * (k - 1))
