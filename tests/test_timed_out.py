"""A move made for a person whose time ran out: the record says so (not as if they had played it), and
Pioneer Days' stand-in is cautious (no paid face change unless it clearly gains)."""

import pytest

import games.pioneer_days.rules as api
from app.service import GameService
from db import Store
from engine import registry, rng
from games.pioneer_days import ai
from games.pioneer_days.ai import heuristic
from games.pioneer_days.rules.flow import make_config


@pytest.fixture
async def store(any_db):
    s = await Store.open(any_db, create=True)
    yield s
    await s.close()


async def test_the_record_says_who_ran_out_of_time(store):
    svc = GameService(store)
    gid = (await svc.new_lobby("pioneer-days", 1, 100, 1, "ann", {"sets": "AB", "pioneers": "standard",
                                                                  "timer": 0})).game.id
    await svc.join(gid, 2, "bob")
    assert (await svc.start(gid, 1)).ok
    rules = registry.game("pioneer-days").rules
    g = await store.game(gid)
    seat = rules.deciders(g.live)[0]
    assert (await svc.auto(gid, seat, g.seq, rules.legal_actions(g.live, seat)[0].id, timed_out=True)).ok
    g = await store.game(gid)
    other = rules.deciders(g.live)[0]
    assert (await svc.act(gid, 100, g.user_at(other), g.seq, rules.legal_actions(g.live, other)[0].id)).ok
    g = await store.game(gid)
    lines = await svc.log_lines(g, 20)
    said = [x for x in lines if "ran out of time" in x]
    assert len(said) == 1 and g.display(seat) in said[0]  # one move was the timer's, the other a person's
    _heading, record = await svc.day_record(g, g.seq + 1, ended_early=True)
    assert any("ran out of time" in x for x in record)  # the frozen panel of the day keeps it


def test_the_stand_in_pays_for_a_face_change_only_for_a_clear_gain():
    """At every pick of random games: the cautious choice is easy's best without noise, except that a face
    change is chosen only when worth CAUTIOUS_FACE_GAIN VP more than the best move without one."""
    checked = avoided = 0
    for seed in range(1, 6):
        s, _ = api.new_game(make_config(players=3, sets=["A", "B"], pioneers="standard", names=["a", "b", "c"]), seed)
        pick = {"rng": rng.seed_state(seed)}
        while not api.is_over(s) and checked < 400:
            seat = api.deciders(s)[0]
            acts = api.legal_actions(s, seat)
            if len(acts) > 1 and s["stage"] == "turn":
                best: dict = {}
                for line, v in heuristic.ranked(s, seat):
                    best[line[0].id] = max(v, best.get(line[0].id, v))
                got = ai.choose(s, seat, "cautious", seed=seed).id
                plain = [v for a, v in best.items() if a.split(":")[1] != "face"]
                top = max(best, key=lambda a: best[a])
                if got.split(":")[1] == "face":
                    assert not plain or best[got] >= max(plain) + heuristic.CAUTIOUS_FACE_GAIN
                elif top.split(":")[1] == "face":
                    avoided += 1
                    assert best[top] < max(plain) + heuristic.CAUTIOUS_FACE_GAIN
                checked += 1
            s = api.apply(s, acts[rng.below(pick, len(acts))].id).state
    assert checked >= 100 and avoided >= 1
