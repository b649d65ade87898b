"""The bot gives the AI states loaded from JSON (keys sorted): the choice must not depend on that.
(A cache keyed on the order of state['tracks'] once made the hard AI choose differently.)"""

import games.pioneer_days.rules as engine
from games.pioneer_days.ai import choose


def test_hard_chooses_the_same_on_a_saved_state():
    checked = 0
    for seed in range(6):
        s, _ = engine.new_game({"players": 3}, seed)
        for k in range(60):
            seat = engine.deciders(s)[0]
            if k % 6 == 0:
                a = choose(s, seat, "hard", seed=7, budget=8)
                saved = engine.from_json(engine.to_json(s))
                assert a.id == choose(saved, seat, "hard", seed=7, budget=8).id, (seed, k)
                checked += 1
            s = engine.apply(s, choose(s, seat, "easy", seed=1)).state
    assert checked == 60
