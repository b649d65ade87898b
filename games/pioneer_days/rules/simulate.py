"""Whole games played fast, with random legal choices or AI players (the tests, the benches; the
offline simulator of every game is engine/simulate.py)."""

from collections.abc import Callable

from engine import rng

from .actions import Action
from .api import apply, legal_actions, new_game
from .shape import Event, Rng, StateData
from .view import public_event  # noqa: F401  (log keeps secrets: it is an offline tool)

Picker = Callable[[StateData, list[Action]], Action]  # (state, legal actions) -> the one played


def play_game(config: dict, seed: int, pick: Picker,
              events: list[Event] | None = None) -> tuple[StateData, list[str]]:
    """Plays one game, pick(state, legal actions) choosing every action; returns (state, action ids)."""
    state, evs = new_game(config, seed)
    if events is not None:
        events.extend(evs)
    actions = []
    while state["stage"] != "over":
        a = pick(state, legal_actions(state))
        r = apply(state, a, inplace=True, trusted=True)
        actions.append(a.id)
        if events is not None:
            events.extend(r.events)
    return state, actions


def random_game(config: dict, seed: int, chooser_seed: int | None = None,
                events: list[Event] | None = None) -> tuple[StateData, list[str]]:
    """Plays one game with uniformly random legal actions; returns (state, action ids).
    The choices come from a separate seeded stream so the game's own RNG is untouched."""
    stream: Rng = {"rng": rng.seed_state(seed * 7919 + 17 if chooser_seed is None else chooser_seed)}
    return play_game(config, seed, lambda _s, acts: acts[rng.below(stream, len(acts))], events)


def ai_game(config: dict, seed: int, seats: list[str],
            events: list[Event] | None = None) -> tuple[StateData, list[str]]:
    """Like random_game, but each seat plays at its level (random, easy or hard), the AIs seeded
    from the game seed; returns (state, action ids)."""
    from ..ai import choose  # the AI is only needed here

    def pick(state: StateData, acts: list[Action]) -> Action:
        seat = acts[0].player
        return choose(state, seat, seats[seat], seed=seed)
    return play_game(config, seed, pick, events)
