"""Copies of a game state: deep (nothing shared with the original) and fast.

The state is plain JSON data of a known shape (engine/README.md), so a copy only needs to copy
its containers: the known ones by the shape they have (a list of strings, a list of flat dicts),
anything else (an unknown key, an unexpected type) by a generic recursive copy. This is about
four times faster than a pickle round trip and gives an equal state (to_json(copy) ==
to_json(state)) that shares no mutable object with the original."""

from typing import Any, Final

from .constants import COLOUR_TRACK, DAYS_PER_WEEK, TRACK_END

_ATOMS: Final = frozenset((str, int, float, bool, type(None)))


def deep(o: Any) -> Any:
    """A deep copy of JSON-like data (dicts, lists, tuples of atoms)."""
    c = type(o)
    if c is dict:
        d = o.copy()
        for k, v in o.items():
            if type(v) not in _ATOMS:
                d[k] = deep(v)
        return d
    if c is list:
        d = o[:]
        for i, v in enumerate(o):
            if type(v) not in _ATOMS:
                d[i] = deep(v)
        return d
    if c in _ATOMS:
        return o
    if c is tuple:
        return tuple(v if type(v) in _ATOMS else deep(v) for v in o)
    import copy  # not JSON data (a set...): whatever it is, copied whole
    return copy.deepcopy(o)


def _flat_list(v: Any) -> Any:
    """A list of atoms (ids, colours, token values): the schema says so, it is not checked item by
    item (tests/test_copying.py checks that copies of real states share nothing)."""
    return v[:] if type(v) is list else deep(v)


def _flat_dict(v: Any) -> Any:
    """A dict of atoms (tracks, discarded, wagon supply)."""
    return v.copy() if type(v) is dict else deep(v)


def _pool(v: Any) -> Any:
    """[[colour, face], ...]"""
    return [d[:] for d in v] if type(v) is list else deep(v)


_PLAYER_KEYS: Final = frozenset(("seat", "name", "pioneer", "side", "boards", "silver", "wood", "medicine", "cattle",
                          "gold", "equipment", "wagons", "townsfolk", "favors", "vp", "towns"))


def _player(p: Any) -> Any:
    """A player of the known shape (its lists hold atoms; wagons are {size, damage}); anything
    else is copied generically."""
    if type(p) is not dict or len(p) != len(_PLAYER_KEYS) or not _PLAYER_KEYS.issuperset(p):
        return deep(p)
    q = p.copy()
    q["boards"] = p["boards"][:]
    q["gold"] = p["gold"][:]
    q["equipment"] = p["equipment"][:]
    q["townsfolk"] = p["townsfolk"][:]
    q["towns"] = p["towns"][:]
    q["wagons"] = [w.copy() for w in p["wagons"]]
    return q


def _players(v: Any) -> Any:
    return [_player(p) for p in v] if type(v) is list else deep(v)


_CONFIG_KEYS: Final = frozenset(("players", "sets", "pioneers", "names"))


def _config(v: Any) -> Any:
    """{players, sets, pioneers, names} (flow.make_config): two lists of atoms."""
    if type(v) is not dict or v.keys() != _CONFIG_KEYS or type(v["players"]) not in _ATOMS \
            or type(v["pioneers"]) not in _ATOMS:
        return deep(v)
    c = v.copy()
    c["sets"] = _flat_list(v["sets"])
    c["names"] = _flat_list(v["names"])
    return c


_COPIERS: Final = {k: _flat_list for k in ("bag", "slots", "equip_up", "towns_up", "gold_bag", "townsfolk_deck",
                                    "equip_deck", "town_deck", "disasters")}
_COPIERS.update({k: _flat_dict for k in ("discarded", "tracks", "wagon_supply")})
_COPIERS["pool"] = _pool
_COPIERS["players"] = _players
_COPIERS["config"] = _config


_FLAT_LISTS: Final = frozenset(k for k, f in _COPIERS.items() if f is _flat_list)


def clone(state: dict[str, Any]) -> dict[str, Any]:
    """A deep copy of a game state (or of any JSON-like dict)."""
    t = state.copy()
    get = _COPIERS.get
    for k, v in state.items():
        c = type(v)
        if c in _ATOMS:
            continue
        if c is list and k in _FLAT_LISTS:  # (_flat_list, without the call)
            t[k] = v[:]
        else:
            t[k] = get(k, deep)(v)
    return t


# What a turn choice may change while the day goes on (turn.MOVES, flow.end_turn): the top-level
# fields, the dice (pool, die), the tracks (an effect moves a marker back), the equipment (deck,
# face-up tiles), the gold bag, the townsfolk slots, the discards, the wagon supply and the
# player whose turn it is. Everything else (config, dice bag, decks of townsfolk and towns, other
# players, decisions) is untouched until the day's last turn ends (flow.end_day). A calm end of
# the day (no disaster, no town visit: flow.end_day, after_day, new_day) changes the same things
# and the dice bag besides (the next day's dice are drawn from it).
_TURN_COPIED: Final = ("pool", "die", "tracks", "equip_deck", "equip_up", "gold_bag", "slots", "discarded",
                "wagon_supply")


def _calm_day_end(state: dict[str, Any]) -> bool:
    """The day's last turn can end only calmly: not the week's last day, and whichever die is left
    over, no disaster track reaches its end (a track moves one step at most: the leftover die's
    colour, or every track for black; the turn itself moves tracks only back)."""
    if state.get("day", DAYS_PER_WEEK) >= DAYS_PER_WEEK or type(state.get("tracks")) is not dict:
        return False
    tracks = state["tracks"]
    for die in state.get("pool", ()):  # two dice at most: the one left over is one of them
        colour = die[0]
        if colour == "black":
            if max(tracks.values()) >= TRACK_END - 1:
                return False
        elif tracks.get(COLOUR_TRACK.get(colour), 0) >= TRACK_END - 1:
            return False
    return True


def clone_turn(state: dict[str, Any]) -> dict[str, Any]:
    """A copy for playing the current turn's choices on (search: many lines of one turn from one
    position). While the day cannot end with this turn (stage "turn" with at least two turns
    left today), or can only end calmly (_calm_day_end), it copies only what those choices and
    that end may change and shares the rest with `state`; otherwise it is clone(state). Either
    way, playing the seat's turn choices on the copy until the turn ends never changes `state`
    (tests/test_copying.py)."""
    if state.get("stage") != "turn":
        return clone(state)
    left = state.get("turns_left", 0)
    if not (left >= 2 or (left == 1 and _calm_day_end(state))):
        return clone(state)
    t = state.copy()
    get = _COPIERS.get
    for k in _TURN_COPIED:
        v = state[k]
        if type(v) not in _ATOMS:
            t[k] = get(k, deep)(v)
    if left == 1:
        t["bag"] = _flat_list(state["bag"])
    players = t["players"] = state["players"][:]
    seat = state["turn"]
    players[seat] = _player(players[seat])
    return t
