"""Copies of a state, deep (nothing shared with the original) and several times faster than
copy.deepcopy: a state is plain JSON data, so only its containers need copying."""

from collections.abc import Mapping
from typing import Any

_ATOMS = frozenset((str, int, float, bool, type(None)))


def deep(o: Any) -> Any:
    """A deep copy of JSON data (dicts and lists of atoms, dicts and lists)."""
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
    return o


def clone(state: Mapping[str, Any]) -> dict:
    return dict(deep(dict(state)))
