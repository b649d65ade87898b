"""Undergrounders' hard AI: its fast copies, its play-outs and their memory, its hidden markers."""

import json

import pytest

from engine.data import deep
from games.metromania import ai
from games.metromania.play import RULES
from games.metromania.rules import engine as mm


def text(s: dict) -> str:
    return json.dumps(s, sort_keys=True)


def states(n: int, seed: int, markers: str = "open", every: int = 1) -> list[dict]:
    """The states of a game played by easy's whole moves, one a turn (every `every`th)."""
    s, _ = RULES.new_game(RULES.config({"markers": markers}, [f"p{i}" for i in range(n)]), seed)
    out = []
    while s["phase"] != "over":
        if s["turns"] % every == 0:
            out.append(s)
        s = ai.ranked(s, mm.deciders(s)[0], "easy")[0][2]
    return out


@pytest.mark.parametrize("n", [2, 3, 4])
def test_a_fork_changes_as_a_deep_copy_does_and_leaves_its_state_alone(n):
    checked = 0
    for s in states(n, 11 + n):
        seat = mm.deciders(s)[0]
        before = text(s)
        for a in mm.legal(s, seat):
            one, two = deep(s), ai.fork(s)
            mm.advance(one, f"{seat}:{a}", [])
            mm.advance(two, f"{seat}:{a}", [])
            assert text(two) == text(one), a
            checked += 1
        ai.moves(s, seat)
        assert text(s) == before
    assert checked > 100


def test_a_play_out_ends_the_building_and_is_the_same_remembered_or_not():
    s = states(3, 21)[6]
    ai._MEMO.clear()
    end = ai.playout(s, 0)
    assert end["phase"] == "over" and end["result"]["total"]
    ai._MEMO.clear()
    assert text(ai.playout(s, 0)) == text(end)
    cut = ai.playout(s, 3)
    assert cut["turns"] == s["turns"] + 3 and cut["phase"] != "over"


def test_hard_chooses_the_same_with_its_memory_empty_or_full():
    for s in states(3, 5, every=4)[:5]:
        seat = mm.deciders(s)[0]
        view = RULES.view_for(s, seat)
        ai._MEMO.clear()
        cold = ai.AI.choose(view, seat, "hard", 1).id
        warm = ai.AI.choose(view, seat, "hard", 1).id
        assert cold == warm


def test_hard_with_hidden_markers_deals_the_letters_it_cannot_see_from_its_view_only():
    s = states(3, 8, markers="hidden")[4]
    seat = mm.deciders(s)[0]
    view = RULES.view_for(s, seat)
    mine = text(view["hand"][seat])
    dealt = ai._determinized(view, seat)
    assert "?" not in text(dealt["hand"]) and text(dealt["hand"][seat]) == mine
    # every letter dealt is one the seat cannot see (not in its hand, not placed), of the marker's kind
    seen = [tuple(m) for m in view["hand"][seat]] + [(p[1], p[2]) for p in view["placed"]]
    pool = [m for m in map(tuple, ai.MARKERS)]
    for m in seen:
        pool.remove(m)
    for o, h in enumerate(dealt["hand"]):
        if o != seat:
            for m in h:
                pool.remove(tuple(m))
    assert pool == []
    twin = RULES.resample(s, seat, 99)
    assert text(RULES.view_for(twin, seat)) == text(view)
    assert ai.AI.choose(RULES.view_for(twin, seat), seat, "hard", 1).id == ai.AI.choose(view, seat, "hard", 1).id
