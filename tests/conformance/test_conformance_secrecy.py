"""The conformance suite, secrecy: what a seat may not see never reaches it. For every state of random
games and every viewer (each seat, and the public), a hidden-value twin (Rules.resample: the values
hidden from that viewer drawn again) must look the same to that viewer: the same view; after the same
action, the same public events and narration unless the action itself revealed what differs (the views
after it differ); the public pictures byte-identical. A game that hides something must have twins
that differ, or the checks prove nothing."""

import pytest

import engine
from conformance.games import every_game, keys, names, specs, walk
from engine import registry

GAMES = keys()


def game_of(key):
    every_game()
    return registry.game(key)


@pytest.mark.parametrize("key", GAMES)
def test_a_twin_looks_the_same_to_its_viewer_and_so_do_the_events_it_makes(key):
    game = game_of(key)
    rules, show = game.rules, game.show
    views = events = differ = hides = used_up = 0
    for spec in specs(game)[:5]:
        viewers = [None, *range(spec.players)]
        shown = names(spec.players)
        for step in walk(game, spec):
            s = step.before
            for v in viewers:
                seed = spec.seed * 131 + step.index * 7 + (v if v is not None else 5)
                twin = rules.resample(s, v, seed)
                seen = rules.view_for(s, v)
                if engine.to_json(seen) != engine.to_json(s):
                    hides += 1
                twin_differs = engine.to_json(twin) != engine.to_json(s)
                differ += twin_differs
                assert engine.to_json(rules.view_for(twin, v)) == engine.to_json(seen), \
                    f"viewer {v} can tell a twin from the real state at seq {s['seq']}"
                views += 1
                if step.index % 3 and v is not None:
                    continue
                mine = rules.apply(twin, step.action.id)
                if not mine.ok:
                    continue  # the twin's hidden values change what this seat may do: nothing to compare
                if engine.to_json(rules.view_for(mine.state, v)) != engine.to_json(rules.view_for(step.after, v)):
                    continue  # the action showed the viewer something the twins differ in (a card taken)
                if twin_differs and engine.to_json(mine.state) == engine.to_json(step.after):
                    used_up += 1  # the action used up all the twins differed in (a round's last cards
                    continue      # turned over, the round over, its cards put away): its events showed them
                real = [rules.public_event(e, v) for e in step.events]
                other = [rules.public_event(e, v) for e in mine.events]
                assert engine.to_json(real) == engine.to_json(other), \
                    f"an event of {step.action.id} tells viewer {v} a hidden value: {real} / {other}"
                if v is None:
                    assert show.lines(real, shown) == show.lines(other, shown)
                events += 1
    assert views >= 2 * len(specs(game)[:5]) and events >= len(specs(game)[:5])  # per game, at least
    assert used_up <= events // 10, "the exception for twins an action makes one is the rule: little is checked"
    if hides:
        assert differ, "the game hides values from its viewers but its twins never differ"


@pytest.mark.parametrize("key", GAMES)
def test_actions_a_viewer_cannot_tell_apart_make_the_same_events_for_them(key):
    """The other twin: two actions of one seat that leave the same view to a viewer (a card placed face
    down here or there, a secret number) must show that viewer the same events."""
    game = game_of(key)
    rules = game.rules
    compared = private = 0
    for spec in specs(game)[:5]:
        for step in walk(game, spec):
            if step.index % 3:
                continue
            one, two = (rules.view_for(step.before, s) for s in (0, 1))
            one.pop("viewer", None), two.pop("viewer", None)
            private += engine.to_json(one) != engine.to_json(two)  # seats see different things: secrets
            seat = step.action.player
            others = [a for a in rules.legal_actions(step.before, seat) if a.id != step.action.id][:12]
            for v in [None, *[x for x in range(spec.players) if x != seat]]:
                seen = engine.to_json(rules.view_for(step.after, v))
                real = engine.to_json([rules.public_event(e, v) for e in step.events])
                for a in others:
                    r = rules.apply(step.before, a.id)
                    if r.ok and engine.to_json(rules.view_for(r.state, v)) == seen:
                        assert engine.to_json([rules.public_event(e, v) for e in r.events]) == real, \
                            f"viewer {v} tells {step.action.id} from {a.id} by their events"
                        compared += 1
    if private:  # a game of secrets has actions that look alike to others (a game of open information may not)
        assert compared > 0


@pytest.mark.parametrize("key", GAMES)
def test_public_pictures_are_the_same_for_a_twin(key):
    import importlib
    game = game_of(key)
    pictures = importlib.import_module(game.pictures)
    rules = game.rules
    compared = 0
    for spec in specs(game)[:2]:
        steps = list(walk(game, spec))
        picks = [steps[len(steps) * k // 5].before for k in range(5)] + [steps[-1].after]
        for s in picks:
            twin = rules.resample(s, None, spec.seed + s["seq"])
            lines = ["Something happened.", "Then something else."]
            assert pictures.round(s, lines) == pictures.round(twin, lines)
            assert pictures.table(s, None) == pictures.table(twin, None)
            compared += 2
        over = steps[-1].after
        assert pictures.results(over) == pictures.results(rules.resample(over, None, 3))
    assert compared >= 12
