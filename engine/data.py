"""Copies of plain JSON data (a game's state, a view, an event), deep (nothing shared with the original)
and several times faster than copy.deepcopy: only the containers need copying. Every game's rules copy
their states with it."""

import copy
from typing import Any, Final

_ATOMS: Final = frozenset((str, int, float, bool, type(None)))


def deep(o: Any) -> Any:
    """A deep copy of JSON data; anything else (a tuple, a set) is copied by copy.deepcopy."""
    if type(o) is dict:
        d = o.copy()
        for k, v in o.items():
            if type(v) not in _ATOMS:
                d[k] = deep(v)
        return d
    if type(o) is list:
        out = o[:]
        for i, v in enumerate(o):
            if type(v) not in _ATOMS:
                out[i] = deep(v)
        return out
    if type(o) in _ATOMS:
        return o
    return copy.deepcopy(o)
