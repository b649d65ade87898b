"""The rules' own dice roll (rules/dice.py, compiled in a native build) draws exactly what engine.rng.roll draws:
the same dice, the same bag left and the same generator state after, for every bag size and number of dice."""

import random

from engine import rng
from games.pioneer_days.rules import dice, flow
from games.pioneer_days.rules.constants import FACES


def test_dice_roll_is_rng_roll():
    for seed in range(3000):
        r = random.Random(seed)
        state = {"rng": rng.seed_state(seed) if seed % 3 else r.getrandbits(64)}
        twin = dict(state)
        bag = [f"c{r.randrange(5)}" for _ in range(r.randint(6, 40))]
        bag2 = list(bag)
        n = r.randint(1, 5)
        faces = FACES if seed % 2 else FACES[: r.randint(1, len(FACES))]
        assert dice.roll(state, bag, n, faces) == rng.roll(twin, bag2, n, faces)
        assert bag == bag2 and state == twin


def test_the_rules_roll_with_either():
    assert flow._roll in (dice.roll, rng.roll)
