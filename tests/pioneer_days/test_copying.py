"""State copies (engine/copying.py): equal to the original, sharing nothing with it; the turn copy
used by the AI's search shares only what the turn cannot change. And the Action tables:
legal_actions gives a fresh list of the same Actions every time."""

import games.pioneer_days.rules as engine
from engine import rng
from games.pioneer_days.rules import copying

ATOMS = (str, int, float, bool, type(None))


def containers(x, out):
    """id -> object of every dict and list inside x (x included)."""
    if isinstance(x, (dict, list)):
        out[id(x)] = x
        for v in (x.values() if isinstance(x, dict) else x):
            containers(v, out)
    return out


def positions(config, seed, every=1):
    """States along a random game (every `every`-th), all stages included."""
    s, _ = engine.new_game(config, seed)
    pick = {"rng": rng.seed_state(seed + 77)}
    out = []
    while True:
        out.append(engine.clone(s))
        if s["stage"] == "over":
            return out[::every]
        acts = engine.legal_actions(s)
        engine.apply(s, acts[rng.below(pick, len(acts))], inplace=True, trusted=True)


CONFIGS = [({"players": 4}, 1), ({"players": 2, "pioneers": "unique", "sets": ["C", "D"]}, 2),
           ({"players": 3, "pioneers": "unique", "sets": ["B", "E"]}, 3)]


def test_clone_is_equal_and_shares_nothing():
    n = 0
    for config, seed in CONFIGS:
        for s in positions(config, seed, every=3):
            c = engine.clone(s)
            assert c == s and engine.to_json(c) == engine.to_json(s)
            shared = containers(s, {}).keys() & containers(c, {}).keys()
            assert not shared, f"the copy shares {len(shared)} containers with the state"
            n += 1
    assert n > 150


def test_clone_of_unusual_data_is_deep():
    s, _ = engine.new_game({"players": 2}, 5)
    s["players"][0]["extra"] = {"nested": [1, [2, 3]]}  # a key the copier does not know
    s["future"] = [{"a": (1, [2])}]
    s["pool"] = [("blue", "wild")]  # not the usual shape
    c = engine.clone(s)
    assert c == s
    assert c["players"][0]["extra"]["nested"][1] is not s["players"][0]["extra"]["nested"][1]
    assert c["future"][0]["a"][1] is not s["future"][0]["a"][1]
    view = engine.view_for(s, 0)
    assert engine.clone(view) == view


def test_turn_copy_leaves_the_state_untouched_and_plays_like_a_full_copy():
    checked = shared = calm = 0
    for config, seed in CONFIGS:
        for s in positions(config, seed):
            if s["stage"] != "turn":
                continue
            before = engine.to_json(s)
            seat = s["turn"]
            t, u = copying.clone_turn(s), engine.clone(s)
            partial = t["players"] is not s["players"] and t["config"] is s["config"]
            shared += partial
            calm += partial and s["turns_left"] == 1  # the day ends on the copy (calmly)
            pick = {"rng": rng.seed_state(s["seq"])}
            # the seat's choices until its turn ends (the next seat's turn, or the day's end)
            while t["stage"] == "turn" and t["turn"] == seat and t["seq"] < s["seq"] + 12:
                acts = engine.legal_actions(t)
                a = acts[rng.below(pick, len(acts))]
                engine.apply(t, a, inplace=True, trusted=True)
                engine.apply(u, a, inplace=True, trusted=True)
            assert engine.to_json(s) == before, "playing on the turn copy changed the state"
            assert engine.to_json(t) == engine.to_json(u)
            if partial and s["turns_left"] == 1:
                assert (t["week"], t["day"]) != (s["week"], s["day"])  # the next day has begun on it
            checked += 1
    assert checked > 300 and shared > 100 and calm > 20


def test_legal_actions_is_a_new_list_of_the_same_actions():
    s, _ = engine.new_game({"players": 3}, 4)
    first = engine.legal_actions(s)
    first.clear()
    again = engine.legal_actions(s)
    assert again and again == engine.legal_actions(s) and again is not engine.legal_actions(s)
    for a in again:
        assert isinstance(a, engine.Action) and a.id.startswith(f"{a.player}:")
