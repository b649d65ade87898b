"""Action: one choice of one player, and the tables that make each distinct Action only once.

legal_actions is the hottest code of the engine (every playout step and every AI line asks for
it): the options of a position are picked from these tables instead of formatting the same ids
and labels again. An Action is an immutable tuple, so one object serves every state; each list
legal_actions returns is new."""

from collections.abc import Callable
from functools import partial
from typing import Any, NamedTuple


class Action(NamedTuple):
    """One choice of one player. `id` is stable, short (<= 60 chars) and unique in a state."""
    player: int
    id: str
    label: str


_new = tuple.__new__  # skips NamedTuple's argument parsing


def make(seat: int, body: str, label: str) -> Action:
    return _new(Action, (seat, f"{seat}:{body}", label))


class Table(dict):
    """key -> Action, made on first use by `build(key)` -> (seat, body, label). The keys hold all
    that a label depends on (a card's name included), so an entry never goes stale; the number
    of distinct keys is bounded by the content (seats x colours x faces, costs, card ids)."""

    __slots__ = ("build",)

    def __init__(self, build):
        super().__init__()
        self.build = build

    def __missing__(self, key):
        a = self[key] = make(*self.build(key))
        return a


class Lazy(dict):
    """key -> value, made on first use by `make(key)` and kept: tables of Actions by seat, colour,
    face... (nested Lazy dicts: looked up one plain key at a time, without building a tuple)."""

    __slots__ = ("make",)

    def __init__(self, make):
        super().__init__()
        self.make = make

    def __missing__(self, key):
        v = self[key] = self.make(key)
        return v


def nested(depth: int, build: Callable[..., Any], *keys: Any) -> Lazy:
    """Lazy tables `depth` deep: t[k1][k2]...[kd] is build(*keys, k1, k2, ..., kd), made on first use (named
    functions and partial, not nested lambdas: mypyc, scripts/compile_engine.py, cannot compile those)."""
    if depth == 1:
        return Lazy(partial(build, *keys))
    return Lazy(partial(nested, depth - 1, build, *keys))
