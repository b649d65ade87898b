"""The random-playout test every game must pass (OpenSpiel style): at every step of many random
games, and of games with easy and hard AI seats, the contract holds, and replaying the actions from
the seed rebuilds the final state."""

import json
import random

import pytest

import games.pioneer_days.rules as engine
from engine import rng
from games.pioneer_days import ai
from games.pioneer_days.rules.constants import COLOURS, DICE_PER_COLOUR, GOLD_TOKENS, TRACK_END, WAGONS
from games.pioneer_days.rules.effects import free_spaces
from games.pioneer_days.rules.scoring import results

CONFIGS = [({"players": n}, seeds) for n, seeds in ((2, range(15)), (3, range(15)), (4, range(15)))] + [
    ({"players": 3, "sets": ["C", "D"], "pioneers": "unique"}, range(3)),
    ({"players": 4, "sets": ["B", "E"], "pioneers": "unique"}, range(3)),
    ({"players": 2, "sets": ["A", "E"]}, range(2)),
]
# the same contract with AI seats (None: a random seat); hard plays on a tiny budget to stay fast
AI_SEATS = [
    ({"players": 4}, range(100, 102), ("easy", None, "hard", "easy")),
    ({"players": 3, "sets": ["C", "E"], "pioneers": "unique"}, range(100, 101), ("hard", "easy", None)),
    ({"players": 2, "sets": ["B", "D"]}, range(100, 102), ("easy", "easy")),
]


def check_invariants(s):
    n = s["config"]["players"]
    in_week = len(s["bag"]) + len(s["pool"]) + (1 if s["die"] else 0) + sum(s["discarded"].values())
    box = (DICE_PER_COLOUR - (n + 1)) * len(COLOURS)
    if s["stage"] != "pioneer":
        assert in_week + box == 25, "25 dice accounted for"
    assert all(0 <= v < TRACK_END for v in s["tracks"].values())
    held = sorted(s["gold_bag"] + [v for p in s["players"] for v in p["gold"]])
    total = sum(GOLD_TOKENS.values())
    assert len(held) <= total
    for p in s["players"]:
        for k in ("silver", "wood", "medicine", "cattle", "favors"):
            assert p[k] >= 0, k
        for w in p["wagons"]:
            assert 0 <= w["damage"] * 2 <= WAGONS[w["size"]]["spaces"]
        overflowing = s["pending"][p["seat"]] and s["pending"][p["seat"]]["kind"] in ("storm", "overflow")
        if not overflowing:
            assert free_spaces(p) >= 0, "wagon capacity respected"


def vp_from_events(events, seat):
    """In-game VP recomputed from the event stream (cattle at towns and VP gains of effects)."""
    def walk(x):
        if isinstance(x, dict):
            return x.get("gained", {}).get("vp", 0) - x.get("paid", {}).get("vp", 0) + sum(
                walk(v) for k, v in x.items() if k not in ("gained", "paid"))
        if isinstance(x, list):
            return sum(walk(v) for v in x)
        return 0
    vp = 0
    for e in events:
        if e.get("seat") == seat and e["type"] == "die_picked":
            vp += walk(e)
        if e.get("seat") == seat and e["type"] == "die_taken":  # its 'triggered' repeats die_picked
            vp += walk({k: v for k, v in e.items() if k != "triggered"})
        if e["type"] == "town_visited":
            row = e["players"][seat]
            vp += row["cattle_vp"] + walk(row["end_of_week"])
    return vp


def choose(chooser, s, legal, seats, seed):
    if seats is None:
        return chooser.choice(legal)
    seat = chooser.choice(engine.deciders(s))
    if seats[seat] is None:
        return chooser.choice([a for a in legal if a.player == seat])
    return ai.choose(s, seat, seats[seat], seed=seed, budget=3)


@pytest.mark.parametrize("config,seeds,seats", [(c, s, None) for c, s in CONFIGS] + AI_SEATS)
def test_random_playouts(config, seeds, seats):
    games = total_steps = players_scored = 0
    for seed in seeds:
        chooser = random.Random(seed)
        s, events = engine.new_game(config, seed)
        actions = []
        steps = 0
        while not engine.is_over(s):
            steps += 1
            assert steps < 2000, "the game ends"
            legal = engine.legal_actions(s)
            assert legal, "legal actions until the game ends"
            ids = [a.id for a in legal]
            assert len(set(ids)) == len(ids), "ids unique"
            assert all(len(i) <= 60 and a.label for i, a in zip(ids, legal, strict=True))
            assert {a.player for a in legal} == set(engine.deciders(s))
            snapshot = engine.to_json(s)
            if steps % 7 == 0:  # every legal action applies (sampled steps: it is costly)
                for a in legal:
                    assert engine.apply(s, a).ok
            bad = engine.apply(s, f"{legal[0].player}:take:purple:wild")
            assert not bad.ok and engine.to_json(s) == snapshot
            a = choose(chooser, s, legal, seats, seed)
            r = engine.apply(s, a)
            assert r.ok, r
            assert engine.to_json(s) == snapshot, "apply must not modify its input"
            stale = engine.apply(r.state, a) if a.id not in {x.id for x in engine.legal_actions(r.state)} \
                else None
            if stale is not None:
                assert not stale.ok
            s = r.state
            events += r.events
            actions.append(a.id)
            assert engine.from_json(engine.to_json(s)) == s, "lossless JSON"
            check_invariants(s)
            total_steps += 1
        assert engine.legal_actions(s) == []
        assert s["result"] == results(s), "stored score equals a recomputation"
        for p in s["players"]:
            assert p["vp"] == vp_from_events(events, p["seat"])
            players_scored += 1
        replayed, rev = engine.replay(config, seed, actions)
        assert replayed == s and json.dumps(rev) == json.dumps(events)
        games += 1
    assert games == len(seeds) >= 1
    assert players_scored == games * config["players"]
    assert total_steps >= games * config["players"] * 20  # every player acts at least once on each of 20 days


def test_determinism_ignores_global_random():
    def run():
        s, _ = engine.new_game({"players": 4}, 99)
        pick = {"rng": rng.seed_state(5)}
        while not engine.is_over(s):
            random.seed(random.random() * 1e9)  # disturb the global generator at every step
            random.random()
            acts = engine.legal_actions(s)
            s = engine.apply(s, acts[rng.below(pick, len(acts))]).state
        return engine.to_json(s)
    random.seed(1)
    a = run()
    random.seed(2)
    assert run() == a


def test_rng_golden_values():
    # pins the generator: saved games must replay identically on every Python version
    st = {"rng": rng.seed_state(42)}
    assert [rng.below(st, 1000) for _ in range(8)] == [80, 194, 549, 243, 427, 536, 796, 724]


def test_shuffles_and_rolls_draw_as_below_would():
    """rng.shuffle and rng.roll make their draws together (rng._draws); each must be the draw below()
    makes, in the same order, leaving the same state: checked against one-at-a-time versions."""
    def shuffle_one_by_one(st, items):
        for i in range(len(items) - 1, 0, -1):
            j = rng.below(st, i + 1)
            items[i], items[j] = items[j], items[i]

    def roll_one_by_one(st, bag, n, faces):
        return [(rng.pop_random(st, bag), faces[rng.below(st, len(faces))]) for _ in range(n)]

    shuffles = rolls = extremes = 0
    for seed in range(60):
        for size in (0, 1, 2, 3, 9, 24, 40):
            a, b = {"rng": rng.seed_state(seed)}, {"rng": rng.seed_state(seed)}
            x, y = list(range(size)), list(range(size))
            rng.shuffle(a, x)
            shuffle_one_by_one(b, y)
            assert x == y and a == b
            shuffles += 1
        bag_a = [c for c in "ABCDE" for _ in range(2 + seed % 5)]
        bag_b = list(bag_a)
        faces = ("w", "m", "e", "c", "o", "d")
        n = 1 + seed % 6
        assert rng.roll(a, bag_a, n, faces) == roll_one_by_one(b, bag_b, n, faces)
        assert bag_a == bag_b and a == b
        rolls += 1
    # the extreme states of the generator too (a lane's value at its bounds)
    for s in (0, 1, rng.MASK, rng.MASK - 1, 1 << 63):
        outs, after = rng._draws(s, 7)
        st = {"rng": s}
        assert [rng.below(st, 1 << 64) for _ in range(7)] == list(outs) and st["rng"] == after
        extremes += 1
    assert (shuffles, rolls, extremes) == (60 * 7, 60, 5)


def test_draws_scaled_are_what_below_gives():
    """rng.draws (the benchmark's picks, drawn in blocks): draw j scaled to a bound is the j-th
    below() with that bound, and the generator ends where k below() calls leave it."""
    checked = 0
    for seed in range(20):
        a, b = {"rng": rng.seed_state(seed)}, {"rng": rng.seed_state(seed)}
        bounds = [1 + (seed * 7 + j * 13) % 40 for j in range(64)]
        outs = rng.draws(a, 64)
        assert [(d * n) >> 64 for d, n in zip(outs, bounds, strict=True)] == [rng.below(b, n) for n in bounds]
        assert a == b
        checked += 1
    assert checked == 20
