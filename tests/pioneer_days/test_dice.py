"""The rules' own dice roll and shuffle (rules/dice.py, compiled in a native build; the pure build hands them
over to engine.rng) draw exactly what engine.rng.roll and shuffle draw: the same dice or order, the same bag
left and the same generator state after, for every size."""

import random
from types import FunctionType

import pytest

from engine import rng
from games.pioneer_days.rules import dice
from games.pioneer_days.rules.constants import FACES


@pytest.fixture
def limbs():
    """dice.py's own draws even in pure Python (where it would hand over to engine.rng)."""
    was = dice.COMPILED[0]
    dice.COMPILED[0] = True
    yield
    dice.COMPILED[0] = was


def roll_case(seed: int) -> tuple[dict, dict, list, list, int, tuple]:
    """A roll to make twice from seed: (state, its twin, bag, its twin, dice, faces)."""
    r = random.Random(seed)
    state = {"rng": rng.seed_state(seed) if seed % 3 else r.getrandbits(64)}
    bag = [f"c{r.randrange(5)}" for _ in range(r.randint(6, 40))]
    n = r.randint(1, 5)
    faces = FACES if seed % 2 else FACES[: r.randint(1, len(FACES))]
    return state, dict(state), bag, list(bag), n, faces


def test_dice_roll_is_rng_roll(limbs):
    for seed in range(3000):
        state, twin, bag, bag2, n, faces = roll_case(seed)
        assert dice.roll(state, bag, n, faces) == rng.roll(twin, bag2, n, faces)
        assert bag == bag2 and state == twin


def test_dice_roll_pool_is_rng_roll_sorted():
    """A day's pool, its dice put in place as they are rolled (flow.new_day, compiled), is engine.rng.roll's dice
    in the pure build's order: by colour rank, then face, dice alike in the order rolled."""
    ranks = {f"c{i}": 4 - i for i in range(5)}  # (not alphabetical: the ranks decide)
    shapes = set()
    for seed in range(3000):
        state, twin, bag, bag2, n, faces = roll_case(seed)
        rolled = rng.roll(twin, bag2, n, faces)
        rolled.sort(key=lambda d: (ranks[d[0]], faces.index(d[1])))
        pool = dice.roll_pool(state, bag, n, faces, ranks)
        assert pool == [[c, f] for c, f in rolled]
        assert bag == bag2 and state == twin
        shapes.add(len({tuple(d) for d in pool}) < n)  # (some pools with dice alike, some without)
    assert shapes == {True, False}


def test_dice_shuffle_is_rng_shuffle(limbs):
    for seed in range(2000):
        r = random.Random(seed)
        state = {"rng": rng.seed_state(seed) if seed % 3 else r.getrandbits(64)}
        twin = dict(state)
        items = list(range(r.randint(0, 70)))
        items2 = list(items)
        dice.shuffle(state, items)
        rng.shuffle(twin, items2)
        assert items == items2 and state == twin


def test_only_a_compiled_build_draws_on_limbs():
    assert dice.COMPILED == [not isinstance(dice.roll, FunctionType)]
    state, twin = {"rng": 5}, {"rng": 5}
    items, items2 = list(range(30)), list(range(30))
    dice.shuffle(state, items)
    rng.shuffle(twin, items2)
    assert items == items2 and state == twin
