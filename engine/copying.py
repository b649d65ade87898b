"""Copies of a game state: deep (nothing shared with the original) and fast.

The state is plain JSON data of a known shape (engine/README.md), so a copy only needs to copy
its containers: the known ones by the shape they have (a list of strings, a list of flat dicts),
anything else (an unknown key, an unexpected type) by a generic recursive copy. This is about
four times faster than a pickle round trip and gives an equal state (to_json(copy) ==
to_json(state)) that shares no mutable object with the original."""

_ATOMS = frozenset((str, int, float, bool, type(None)))


def deep(o):
    """A deep copy of JSON-like data (dicts, lists, tuples of atoms)."""
    c = o.__class__
    if c is dict:
        d = o.copy()
        for k, v in o.items():
            if v.__class__ not in _ATOMS:
                d[k] = deep(v)
        return d
    if c is list:
        d = o[:]
        for i, v in enumerate(o):
            if v.__class__ not in _ATOMS:
                d[i] = deep(v)
        return d
    if c in _ATOMS:
        return o
    if c is tuple:
        return tuple(v if v.__class__ in _ATOMS else deep(v) for v in o)
    import copy  # not JSON data (a set...): whatever it is, copied whole
    return copy.deepcopy(o)


def _flat_list(v):
    """A list of atoms (ids, colours, token values): the schema says so, it is not checked item by
    item (tests/test_copying.py checks that copies of real states share nothing)."""
    return v[:] if v.__class__ is list else deep(v)


def _flat_dict(v):
    """A dict of atoms (tracks, discarded, wagon supply)."""
    return v.copy() if v.__class__ is dict else deep(v)


def _pool(v):
    """[[colour, face], ...]"""
    return [d[:] for d in v] if v.__class__ is list else deep(v)


# the keys of a player and how each is copied (None: an atom)
_PLAYER_LISTS = ("boards", "gold", "equipment", "townsfolk", "towns")
_PLAYER_KEYS = frozenset(("seat", "name", "pioneer", "side", "silver", "wood", "medicine", "cattle",
                          "favors", "vp", "wagons") + _PLAYER_LISTS)


def _player(p):
    if p.__class__ is not dict or not p.keys() <= _PLAYER_KEYS:
        return deep(p)
    q = p.copy()
    for k in _PLAYER_LISTS:
        v = q.get(k)
        if v is not None:
            q[k] = v[:] if v.__class__ is list else deep(v)
    w = q.get("wagons")
    if w is not None:
        q["wagons"] = [x.copy() for x in w]  # {size, damage}
    return q


def _players(v):
    return [_player(p) for p in v] if v.__class__ is list else deep(v)


_COPIERS = {k: _flat_list for k in ("bag", "slots", "equip_up", "towns_up", "gold_bag", "townsfolk_deck",
                                    "equip_deck", "town_deck", "disasters")}
_COPIERS.update({k: _flat_dict for k in ("discarded", "tracks", "wagon_supply")})
_COPIERS["pool"] = _pool
_COPIERS["players"] = _players


def clone(state: dict) -> dict:
    """A deep copy of a game state (or of any JSON-like dict)."""
    t = state.copy()
    get = _COPIERS.get
    for k, v in state.items():
        if v.__class__ not in _ATOMS:
            t[k] = get(k, deep)(v)
    return t
