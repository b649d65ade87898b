"""Pyramid Poker's secrecy (RULES.md P7-P15, P25) on random games of every option set: a view and the
public events never hold a face the viewer may not know; a twin (resample) looks the same to its viewer,
holds the same 54 blocks and plays on to the end; the same action on a twin makes the same public
events unless it shows the viewer what differs; two actions a viewer cannot tell apart make the same
events for them (the host's conformance suite asks the same)."""

import pytest

import engine
from games.pyramid_poker.play import RULES
from games.pyramid_poker.rules import knowledge
from games.pyramid_poker.rules.cards import DECK
from games.pyramid_poker.rules.copying import clone

from .poker_helpers import OPTION_SETS, game, play_out, walk
from .test_rules import faces

VIEWERS = (None, 0, 1)


def allowed(state, viewer):
    """The faces `viewer` may know in this state: the face-up cards (this game's and the finished
    games'), and for a seat what knowledge.known says it knows."""
    history = [c for rec in state["history"] for hands in rec["hands"] for h in hands for c in h]
    public = [c for hands in state["hands"] for h in hands for c in h] + state["discards"] + history
    if viewer is None:
        return set(public)
    k = knowledge.known(state, viewer)
    return set(public) | set(k["pyramid"].values()) | set(k["supply"].values()) | set(k["look"]) | \
        ({k["holding"]} if k["holding"] else set())


def every_block(state):
    """The 54 faces of a state, each from its one place (face down or up)."""
    down = [knowledge.get(state, p) for p in knowledge.places(state)]
    up = [c for hands in state["hands"] for h in hands for c in h] + state["discards"]
    return sorted(down + up)


def short_games(options, seeds=(1, 2)):
    """Random games of these options, an advanced match cut after its second game (the checks are per step)."""
    for seed in seeds:
        s, _ = game(options["blocks"], options["match"], seed)
        yield seed, walk(s, seed * 13, until=lambda x: x["game"] > 2)


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: f"{o['blocks']}-{o['match']}")
def test_P25_views_and_events_never_show_a_face_the_viewer_may_not_know(options):
    hidden = steps = 0
    for _seed, steps_of in short_games(options):
        for before, _aid, after, events in steps_of:
            for v in VIEWERS:
                view = RULES.view_for(before, v)
                seen = faces(view)
                assert set(seen) <= allowed(before, v), (v, before["seq"], set(seen) - allowed(before, v))
                now = faces({k: x for k, x in view.items() if k != "history"})  # (this game's faces: once each)
                assert len(now) == len(set(now))
                hidden += 54 - len(now)
                told = faces([RULES.public_event(e, v) for e in events])
                assert set(told) <= allowed(before, v) | allowed(after, v), (v, events)
            steps += 1
    assert steps > 150 and hidden > 0


def test_the_view_hides_exactly_what_known_does_not_list():
    s, _ = game("blind", seed=5)
    checked = 0
    for before, _aid, _after, _events in walk(s, 3):
        for seat in (0, 1):
            view = RULES.view_for(before, seat)
            k = knowledge.known(before, seat)
            count = len(k["pyramid"]) + len(k["supply"]) + len(k["look"]) + (k["holding"] is not None)
            assert len(faces(view)) == count + len(k["public"])
            assert len(k["unseen"]) == 54 - count - len(k["public"])
            checked += 1
    assert checked >= 180


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: f"{o['blocks']}-{o['match']}")
def test_a_twin_looks_the_same_to_its_viewer_holds_the_same_blocks_and_plays_on(options):
    differ = compared = played = 0
    for seed, steps_of in short_games(options):
        for before, aid, after, events in steps_of:
            for v in VIEWERS:
                twin = RULES.resample(before, v, seed * 1000 + before["seq"] * 3 + (v if v is not None else 2))
                assert engine.to_json(RULES.view_for(twin, v)) == engine.to_json(RULES.view_for(before, v))
                assert every_block(twin) == sorted(DECK) and twin["rng"] == before["rng"]
                differ += engine.to_json(twin) != engine.to_json(before)
                mine = RULES.apply(twin, aid)
                if not mine.ok:
                    continue  # the twin's faces change what this seat may do (an open supply)
                if engine.to_json(RULES.view_for(mine.state, v)) != engine.to_json(RULES.view_for(after, v)):
                    continue  # the action showed the viewer what the twins differ in
                assert engine.to_json([RULES.public_event(e, v) for e in mine.events]) == \
                    engine.to_json([RULES.public_event(e, v) for e in events]), (v, aid)
                compared += 1
                if before["seq"] % 29 == 0:
                    end, _ = play_out(twin, before["seq"], until=lambda x, g=twin["game"]: x["game"] > g)
                    assert RULES.is_over(end) or end["history"][-1]["game"] == twin["game"]  # a twin plays on
                    played += 1
    assert differ > 100 and compared > 100 and played > 0


def test_a_twin_keeps_jokers_out_of_the_looked_at_blocks_and_the_hand_held():
    hits = 0
    for seed in range(1, 40):
        s, _ = game(seed=seed)
        s, _ = play_out(s, seed, until=lambda x: x["stage"] == "joker")
        if s["stage"] != "joker":
            continue
        for k in range(20):
            twin = RULES.resample(s, None, k)
            assert not {"X1", "X2"} & set(twin["look"]) and every_block(twin) == sorted(DECK)
            hits += 1
    assert hits >= 20


def test_actions_a_viewer_cannot_tell_apart_make_the_same_events_for_them():
    compared = 0
    for options in OPTION_SETS[::3]:  # blind and open
        for _seed, steps_of in short_games(options, seeds=(3,)):
            for before, aid, after, events in steps_of:
                seat = int(aid.split(":")[0])
                others = [a for a in RULES.legal_actions(before, seat) if a.id != aid][:12]
                for v in (None, 1 - seat):
                    seen = engine.to_json(RULES.view_for(after, v))
                    real = engine.to_json([RULES.public_event(e, v) for e in events])
                    for a in others:
                        r = RULES.apply(before, a.id)
                        if r.ok and engine.to_json(RULES.view_for(r.state, v)) == seen:
                            assert engine.to_json([RULES.public_event(e, v) for e in r.events]) == real
                            compared += 1
    assert compared > 0


def test_a_clone_is_a_deep_copy():
    s, _ = game(match="to7", seed=2)
    s, _ = play_out(s, 4, until=lambda x: x["game"] == 2 and x["seq"] > 100)
    c = clone(s)
    assert c == s
    c["pyramid"][0], c["supply"][0][:], c["hands"][0][0][:] = None, [], ["AS"]
    c["stock"].pop()
    assert s["pyramid"][0] is not None and s["supply"][0] and c != s and len(s["stock"]) == len(c["stock"]) + 1
