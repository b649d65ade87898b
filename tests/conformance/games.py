"""The games the conformance suite checks: every registered game and the example game (games/example), and
the random games it checks them on: every option set (every combination of the lobby's choices) at
least once, every player count, many seeds. The games are played again by each check (deterministic
from their seeds), one step at a time, so no check holds a whole game's states."""

import itertools
from collections.abc import Iterator
from dataclasses import dataclass

import games.example
from engine import registry, rng
from engine.protocol import Action, Game, Table

MAX_STEPS = 50_000  # a playout longer than this does not end
GAMES_AT_LEAST = 12  # random games per game, whatever its options


def every_game() -> list[Game]:
    games.example.register()
    return registry.games()


def keys() -> list[str]:
    return [g.key for g in every_game()]


def option_sets(game: Game) -> list[dict]:
    """Every combination of the game's lobby options."""
    return [dict(zip([o.key for o in game.options], values, strict=True))
            for values in itertools.product(*[[c.value for c in o.choices] for o in game.options])] or [{}]


@dataclass(frozen=True)
class Spec:
    options: dict
    players: int
    seed: int


def specs(game: Game) -> list[Spec]:
    """The random games of the suite: each option set, the player counts in turn, at least GAMES_AT_LEAST."""
    low, high = game.players
    sets = option_sets(game)
    n = max(len(sets), GAMES_AT_LEAST, high - low + 1)
    return [Spec(sets[i % len(sets)], low + i % (high - low + 1), 101 + 37 * i) for i in range(n)]


def names(players: int) -> list[str]:
    return [f"P{i + 1}" for i in range(players)]


def table_for(players: int, game_id: int = 7) -> Table:
    shown = names(players)
    return Table(id=game_id, names=shown, mentions=[f"**{n}**" for n in shown], ai=[False] * players,
                 options={}, recent=["A line of the story."], timer=600)


@dataclass
class Step:
    before: dict
    action: Action
    after: dict
    events: list
    index: int


def config_of(game: Game, spec: Spec) -> dict:
    return game.rules.config(spec.options, names(spec.players))


def walk(game: Game, spec: Spec) -> Iterator[Step]:
    """The game's steps (state before, action, state after, events), random legal choices from a stream of
    their own; asserts a legal action is never refused and the game ends."""
    rules = game.rules
    state, _events = rules.new_game(config_of(game, spec), spec.seed)
    pick = {"rng": rng.seed_state(spec.seed * 7 + 3)}
    i = 0
    while not rules.is_over(state):
        assert i < MAX_STEPS, f"{game.key}: a random game did not end"
        acts = rules.legal_actions(state)
        assert acts, f"{game.key}: no legal action while the game is not over"
        a = acts[rng.below(pick, len(acts))]
        r = rules.apply(state, a.id)
        assert r.ok, f"{game.key}: a legal action was refused: {a.id}: {r.reason}"
        yield Step(state, a, r.state, r.events, i)
        state = r.state
        i += 1


def final(game: Game, spec: Spec) -> tuple[dict, list[str]]:
    rules = game.rules
    state, _ = rules.new_game(config_of(game, spec), spec.seed)
    ids = []
    for step in walk(game, spec):
        state = step.after
        ids.append(step.action.id)
    return state, ids
