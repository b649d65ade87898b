"""engine.rng's draws (the same numbers in the same order) for the rules' dice rolls and shuffles, one at a
time on 16-bit limbs: a hot module (NATIVE) where the limbs are machine words (i64: no product here
reaches 2**36, so none overflows) and a draw costs a few dozen instructions, where engine/rng.py pays for
Python ints of 64 bits and more (its several-draws-at-once trick on big ints, which the pure build keeps:
flow.py chooses by whether this module is compiled).

engine.rng's draw: s = s * MUL + INC (mod 2**64); x = (s ^ s >> 29) * MIX (mod 2**64); out = x ^ x >> 32;
a number below n is (out * n) >> 64. Here s and x are four limbs (s0 the lowest): a product mod 2**64 is
the ten limb products of weight below 2**64, carried; the shift by 29 is one limb and 13 bits; by 32, two
limbs; (out * n) >> 64 is the carry out of the top limb. tests/pioneer_days/test_dice.py compares (both ways,
and the pure build's hand-over)."""

from __future__ import annotations  # (i64 is only a type: mypy_extensions is a compiler's dependency, not the bot's)

from types import FunctionType
from typing import TYPE_CHECKING, Any, Final

from engine import rng

from .shape import Rng

if TYPE_CHECKING:
    from mypy_extensions import i64

M16: Final = 0xFFFF
MUL0: Final = 0x7F2D  # engine/rng.py's MUL = 0x5851F42D4C957F2D, by limbs (lowest first)
MUL1: Final = 0x4C95
MUL2: Final = 0xF42D
MUL3: Final = 0x5851
INC0: Final = 0x814F  # INC = 0x14057B7EF767814F
INC1: Final = 0xF767
INC2: Final = 0x7B7E
INC3: Final = 0x1405
MIX0: Final = 0xE5B9  # the mixer, 0xBF58476D1CE4E5B9
MIX1: Final = 0x1CE4
MIX2: Final = 0x476D
MIX3: Final = 0xBF58
assert (MUL3 << 48 | MUL2 << 32 | MUL1 << 16 | MUL0) == rng.MUL
assert (INC3 << 48 | INC2 << 32 | INC1 << 16 | INC0) == rng.INC


class Draws:
    """engine.rng's generator from a state's "rng", in limbs: below(n) is rng.below(state, n); put() writes
    the generator's state back."""

    s0: i64
    s1: i64
    s2: i64
    s3: i64

    def __init__(self, s: int) -> None:
        # (two operations on the Python int, which is a big one when s >= 2**62; the limbs split in machine words)
        lo: i64 = s & 0xFFFFFFFF
        hi: i64 = s >> 32
        self.s0 = lo & M16
        self.s1 = lo >> 16
        self.s2 = hi & M16
        self.s3 = hi >> 16

    def below(self, n: i64) -> i64:
        s0: i64 = self.s0
        s1: i64 = self.s1
        s2: i64 = self.s2
        s3: i64 = self.s3
        # s = s * MUL + INC
        r0: i64 = s0 * MUL0 + INC0
        r1: i64 = s0 * MUL1 + s1 * MUL0 + INC1 + (r0 >> 16)
        r2: i64 = s0 * MUL2 + s1 * MUL1 + s2 * MUL0 + INC2 + (r1 >> 16)
        r3: i64 = s0 * MUL3 + s1 * MUL2 + s2 * MUL1 + s3 * MUL0 + INC3 + (r2 >> 16)
        s0 = r0 & M16
        s1 = r1 & M16
        s2 = r2 & M16
        s3 = r3 & M16
        self.s0 = s0
        self.s1 = s1
        self.s2 = s2
        self.s3 = s3
        # x = (s ^ s >> 29) * MIX
        t0: i64 = s0 ^ (s1 >> 13) ^ ((s2 << 3) & M16)
        t1: i64 = s1 ^ (s2 >> 13) ^ ((s3 << 3) & M16)
        t2: i64 = s2 ^ (s3 >> 13)
        r0 = t0 * MIX0
        r1 = t0 * MIX1 + t1 * MIX0 + (r0 >> 16)
        r2 = t0 * MIX2 + t1 * MIX1 + t2 * MIX0 + (r1 >> 16)
        r3 = t0 * MIX3 + t1 * MIX2 + t2 * MIX1 + s3 * MIX0 + (r2 >> 16)
        x0: i64 = r0 & M16
        x1: i64 = r1 & M16
        x2: i64 = r2 & M16
        x3: i64 = r3 & M16
        # out = x ^ x >> 32, scaled: (out * n) >> 64
        c: i64 = ((x0 ^ x2) * n) >> 16
        c = ((x1 ^ x3) * n + c) >> 16
        c = (x2 * n + c) >> 16
        return (x3 * n + c) >> 16

    def put(self, state: Rng) -> None:
        hi: i64 = self.s3 << 16 | self.s2  # (joined in machine words: two operations on Python ints)
        lo: i64 = self.s1 << 16 | self.s0
        state["rng"] = int(hi) << 32 | int(lo)


def roll(state: Rng, bag: list[str], n: int, faces: tuple[str, ...]) -> list[tuple[str, str]]:
    """n dice: for each, a colour popped at random from the bag, then its face: rng.roll(state, bag, n, faces)."""
    if not COMPILED[0]:
        return rng.roll(state, bag, n, faces)
    g = Draws(state["rng"])
    k: i64 = len(faces)
    dice: list[tuple[str, str]] = []
    for _ in range(n):
        i = g.below(len(bag))
        colour = bag[i]
        bag[i] = bag[-1]
        bag.pop()
        dice.append((colour, faces[g.below(k)]))
    g.put(state)
    return dice


def roll_pool(state: Rng, bag: list[str], n: int, faces: tuple[str, ...], ranks: dict[str, int]) -> list[list[str]]:
    """roll(state, bag, n, faces) as a day's pool: [colour, face] lists sorted by the colour's rank (`ranks`), then
    by the face's place in `faces` (a stable sort: dice alike stay in the order rolled): each die is put in its
    place as it is rolled, by an int key (machine words when compiled: no key function to call, no pair to make).
    flow.new_day calls it only when compiled (pure Python sorts engine.rng.roll's dice faster)."""
    g = Draws(state["rng"])
    k: i64 = len(faces)
    keys: list[i64] = []
    pool: list[list[str]] = []
    for _ in range(n):
        i = g.below(len(bag))
        colour = bag[i]
        bag[i] = bag[-1]
        bag.pop()
        j = g.below(k)
        key: i64 = ranks[colour] * k + j
        at = len(keys)
        while at > 0 and keys[at - 1] > key:
            at -= 1
        keys.insert(at, key)
        pool.insert(at, [colour, faces[j]])
    g.put(state)
    return pool


def shuffle(state: Rng, items: list[Any]) -> None:
    """rng.shuffle(state, items): Fisher-Yates in place, below(i + 1) for each i from the last index down to 1."""
    n = len(items)
    if n < 2:
        return
    if not COMPILED[0]:
        rng.shuffle(state, items)
        return
    g = Draws(state["rng"])
    for i in range(n - 1, 0, -1):
        j = g.below(i + 1)
        items[i], items[j] = items[j], items[i]
    g.put(state)


def pop_random(state: Rng, items: list[Any]) -> Any:
    """rng.pop_random(state, items): the item at below(len(items)), swapped with the last and popped."""
    if not COMPILED[0]:
        return rng.pop_random(state, items)
    g = Draws(state["rng"])
    i = g.below(len(items))
    g.put(state)
    items[i], items[-1] = items[-1], items[i]
    return items.pop()


# Whether this module runs compiled (its functions are then builtins): pure Python draws faster with
# engine.rng's own functions, which roll and shuffle then hand over to.
COMPILED: Final = [not isinstance(roll, FunctionType)]
