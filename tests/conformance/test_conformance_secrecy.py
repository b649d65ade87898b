"""The conformance suite, secrecy: what a seat may not see never reaches it. For every state of random
games and every viewer (each seat, and the public), a hidden-value twin (Rules.resample: the values
hidden from that viewer drawn again) must look the same to that viewer: the same view; after the same
action, the same public events and narration unless the action itself revealed what differs (the views
after it differ); the public panel, the public pictures and the seat's own decision the same; the AI the
same choice. Everything goes through the host's one door (engine/views.py), as the bot does. A game that
hides something must have twins that differ, or the checks prove nothing."""

import pytest

import engine
from conformance.games import every_game, keys, names, specs, table_for, walk
from engine import registry, views
from render import named

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
    compared = tried = 0
    for spec in specs(game)[:5]:
        for step in walk(game, spec):
            if step.index % 3:
                continue
            seat = step.action.player
            others = [a for a in rules.legal_actions(step.before, seat) if a.id != step.action.id][:12]
            for v in [None, *[x for x in range(spec.players) if x != seat]]:
                seen = engine.to_json(rules.view_for(step.after, v))
                real = engine.to_json([rules.public_event(e, v) for e in step.events])
                for a in others:
                    r = rules.apply(step.before, a.id)
                    tried += 1
                    if r.ok and engine.to_json(rules.view_for(r.state, v)) == seen:
                        assert engine.to_json([rules.public_event(e, v) for e in r.events]) == real, \
                            f"viewer {v} tells {step.action.id} from {a.id} by their events"
                        compared += 1
    # (a game whose moves are all public, as bids over secret hands, has no look-alikes: nothing to compare;
    # the look-alikes a game has are compared, test_conformance_catches shows it)
    assert tried >= len(specs(game)[:5]), "no other action was tried"


def drawn(game, name: str, args: tuple) -> bytes:
    return named.draw(game.pictures, name, *args)


@pytest.mark.parametrize("key", GAMES)
def test_public_pictures_are_the_same_for_a_twin(key):
    game = game_of(key)
    rules = game.rules
    compared = 0
    for spec in specs(game)[:2]:
        steps = list(walk(game, spec))
        picks = [steps[len(steps) * k // 5].before for k in range(5)] + [steps[-1].after]
        for s in picks:
            twin = rules.resample(s, None, spec.seed + s["seq"])
            lines = ["Something happened.", "Then something else."]
            assert drawn(game, "round", views.round_args(game, s, lines)) == \
                drawn(game, "round", views.round_args(game, twin, lines))
            assert drawn(game, "table", views.table_args(game, s, None)) == \
                drawn(game, "table", views.table_args(game, twin, None))
            compared += 2
        over = steps[-1].after
        assert drawn(game, "results", views.results_args(game, over)) == \
            drawn(game, "results", views.results_args(game, rules.resample(over, None, 3)))
    assert compared >= 12


@pytest.mark.parametrize("key", GAMES)
def test_the_panel_and_a_seat_s_decision_are_the_same_for_a_twin(key):
    """The public panel of a twin of the public's equals the real one's; a seat's decision and its own
    things are the same on a twin of that seat's (its picture's arguments included)."""
    game = game_of(key)
    rules = game.rules
    compared = differ = 0
    for spec in specs(game)[:3]:
        table = table_for(spec.players)
        for step in walk(game, spec):
            if step.index % 5:
                continue
            s = step.before
            twin = rules.resample(s, None, spec.seed * 17 + step.index)
            differ += engine.to_json(twin) != engine.to_json(s)
            assert views.panel(game, table, twin) == views.panel(game, table, s), \
                f"the public panel tells a hidden value at seq {s['seq']}"
            compared += 1
            for seat in rules.deciders(s)[:2]:
                twin = rules.resample(s, seat, spec.seed * 19 + step.index + seat)
                assert views.decision(game, table, twin, seat) == views.decision(game, table, s, seat), \
                    f"seat {seat}'s decision tells a value it may not see at seq {s['seq']}"
                assert views.mine(game, table, twin, seat) == views.mine(game, table, s, seat)
                compared += 1
    assert compared >= 2 * len(specs(game)[:3])


@pytest.mark.parametrize("key", GAMES)
def test_the_ai_chooses_the_same_on_a_twin_it_cannot_tell_apart(key):
    """Each level, from what its seat may see only: a twin of that seat's gives the same choice (the hard
    levels on a few states, with a small budget: the same for both)."""
    game = game_of(key)
    rules = game.rules
    asked = 0
    for spec in specs(game)[:3]:
        for step in walk(game, spec):
            if step.index % 3:
                continue
            s = step.before
            for seat in rules.deciders(s)[:2]:
                twin = rules.resample(s, seat, spec.seed * 23 + step.index + seat)
                for level in game.levels:
                    if level.slow and step.index % 45:
                        continue
                    budget = 8 if level.slow else None
                    one = game.ai.choose(views.of(game, s, seat), seat, level.key, spec.seed, budget)
                    two = game.ai.choose(views.of(game, twin, seat), seat, level.key, spec.seed, budget)
                    assert one.id == two.id, f"the {level.key} AI of seat {seat} tells a twin apart at seq {s['seq']}"
                    asked += 1
    assert asked >= 4
