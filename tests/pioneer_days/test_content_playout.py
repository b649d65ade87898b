"""One random game for each of the 10 townsfolk set pairs, with unique pioneers: it ends with a
valid result, and replaying its actions from the seed rebuilds the same state and events."""

import itertools
import json

import pytest

import games.pioneer_days.rules as engine
from games.pioneer_days.rules.cards import EQUIPMENT, PIONEERS, TOWNSFOLK
from games.pioneer_days.rules.scoring import CATEGORIES, breakdown
from games.pioneer_days.rules.simulate import random_game

PAIRS = list(itertools.combinations("ABCDE", 2))


@pytest.mark.parametrize("i,pair", list(enumerate(PAIRS)), ids=["".join(p) for p in PAIRS])
def test_random_game_with_every_set_pair_and_unique_pioneers(i, pair):
    config = {"players": 2 + i % 3, "sets": list(pair), "pioneers": "unique"}
    seed = 1000 + i
    events = []
    s, actions = random_game(config, seed, events=events)
    assert engine.is_over(s) and engine.legal_actions(s) == []
    assert s["week"] == 4 and len(actions) >= 20 * config["players"]  # 4 weeks x 5 days of turns
    assert s["config"]["sets"] == sorted(pair)

    # what was played comes from the chosen sets, the tiles and the dealt boards
    for p in s["players"]:
        assert all(TOWNSFOLK[t]["set"] in pair for t in p["townsfolk"])
        assert all(e in EQUIPMENT for e in p["equipment"])
        assert len(p["boards"]) == 2 and (p["side"], p["pioneer"]) in \
            [("standard", "standard")] + [("unique", b) for b in p["boards"]]
        assert all(b in PIONEERS for b in p["boards"])

    # a valid result: totals add up, ranks and winners agree with the scores and the tie-break
    rows = s["result"]
    assert [r["seat"] for r in rows] == list(range(config["players"]))
    for r in rows:
        assert r["vp"] == breakdown(s, r["seat"])
        assert r["total"] == r["vp"]["total"] == sum(r["vp"][c] for c in CATEGORIES)
        better = sum(1 for q in rows if (q["total"], q["silver"]) > (r["total"], r["silver"]))
        assert r["rank"] == 1 + better
        assert r["winner"] == (r["rank"] == 1)
    assert any(r["winner"] for r in rows)
    over = events[-1]
    assert over["type"] == "game_over" and over["winners"] == [r["seat"] for r in rows if r["winner"]]

    # replay equality
    replayed, rev = engine.replay(config, seed, actions)
    assert replayed == s
    assert json.dumps(rev, sort_keys=True) == json.dumps(events, sort_keys=True)
