"""The day's dice, drawn as engine.rng.roll draws them (the same numbers in the same order), one draw at a
time on 16-bit limbs: a hot module (NATIVE), where every step below is a machine-word operation (a
compiled build keeps ints under 2**62 unboxed, while a 64-bit product would make a Python int for each
operation: slower than rng.roll's several-draws-at-once trick on big ints, which the pure build keeps).

engine.rng's draw: s = s * MUL + INC (mod 2**64); x = (s ^ s >> 29) * MIX (mod 2**64); out = x ^ x >> 32;
a number below n is (out * n) >> 64. Here s and x are four limbs (s0 the lowest): a product mod 2**64 is
the ten limb products of weight below 2**64, carried; the shift by 29 is one limb and 13 bits; by 32, two
limbs; (out * n) >> 64 is the carry out of the top limb. tests/pioneer_days/test_dice.py compares."""

from collections.abc import Sequence
from typing import Final

from engine import rng

from .shape import State

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


def roll(state: State, bag: list[str], n: int, faces: Sequence[str]) -> list[tuple[str, str]]:
    """n dice: for each, a colour popped at random from the bag, then its face: rng.roll(state, bag, n, faces)."""
    s: int = state["rng"]
    s0 = s & M16
    s1 = (s >> 16) & M16
    s2 = (s >> 32) & M16
    s3 = (s >> 48) & M16
    k = len(faces)
    dice: list[tuple[str, str]] = []
    colour = ""
    for j in range(2 * n):
        # s = s * MUL + INC
        r0 = s0 * MUL0 + INC0
        r1 = s0 * MUL1 + s1 * MUL0 + INC1 + (r0 >> 16)
        r2 = s0 * MUL2 + s1 * MUL1 + s2 * MUL0 + INC2 + (r1 >> 16)
        r3 = s0 * MUL3 + s1 * MUL2 + s2 * MUL1 + s3 * MUL0 + INC3 + (r2 >> 16)
        s0, s1, s2, s3 = r0 & M16, r1 & M16, r2 & M16, r3 & M16
        # x = (s ^ s >> 29) * MIX
        t0 = s0 ^ (s1 >> 13) ^ ((s2 << 3) & M16)
        t1 = s1 ^ (s2 >> 13) ^ ((s3 << 3) & M16)
        t2 = s2 ^ (s3 >> 13)
        t3 = s3
        r0 = t0 * MIX0
        r1 = t0 * MIX1 + t1 * MIX0 + (r0 >> 16)
        r2 = t0 * MIX2 + t1 * MIX1 + t2 * MIX0 + (r1 >> 16)
        r3 = t0 * MIX3 + t1 * MIX2 + t2 * MIX1 + t3 * MIX0 + (r2 >> 16)
        x0, x1, x2, x3 = r0 & M16, r1 & M16, r2 & M16, r3 & M16
        # out = x ^ x >> 32, scaled: (out * m) >> 64
        m = len(bag) if j % 2 == 0 else k
        c = ((x0 ^ x2) * m) >> 16
        c = ((x1 ^ x3) * m + c) >> 16
        c = (x2 * m + c) >> 16
        c = (x3 * m + c) >> 16
        if j % 2 == 0:  # the colour: pop_random(bag)
            last = len(bag) - 1
            colour = bag[c]
            bag[c] = bag[last]
            bag.pop()
        else:
            dice.append((colour, faces[c]))
    state["rng"] = s3 << 48 | s2 << 32 | s1 << 16 | s0
    return dice
