"""A game's pictures by name (the functions of its pictures module: Game.pictures), with the host's
defaults for those a game leaves out: the table is the round's picture of that view, a seat's own picture
its table as that seat, the results the table as everyone sees it. Every argument is made from a view
(engine/views.py)."""

import importlib
from collections.abc import Callable

OPTIONAL = ("table", "mine", "results")


def function(module: str, name: str) -> Callable[..., bytes]:
    mod = importlib.import_module(module)
    fn = getattr(mod, name, None)
    if callable(fn):
        return fn
    if name == "table":
        return lambda view, viewer=None: function(module, "round")(view, [])
    if name == "mine":
        return lambda view, seat: function(module, "table")(view, seat)
    if name == "results":
        return lambda view: function(module, "table")(view, None)
    raise AttributeError(f"{module} has no picture {name!r}")


def draw(module: str, name: str, *args) -> bytes:
    return function(module, name)(*args)
