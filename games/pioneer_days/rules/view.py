"""What one player (or the public) may see. ONE rule says what is secret, and ONE function applies it.

The rule (every state and every event follows it; nothing else is secret):
- A dict that has a `seat` key is a record of that seat. Its keys named in PRIVATE are that seat's
  secrets, wherever the record sits (a player, a town-visit entry, a trigger record, an event):
  `gold`   - gold token values: others see the same number of face-down tokens (value 0);
  `boards` - the pioneer boards dealt to the seat: others see none;
  `secret` - anything else only the seat may know (e.g. the values of the tokens just drawn:
             {"seat": 2, "gold": [3]}): others do not see the key at all.
  A PRIVATE key in a dict without a `seat` has no owner: a list of token values (`gold` as a list)
  or a `secret` is then hidden from everyone. (`gold` as a number is a count: public.)
- The keys in HIDDEN (decks, bags, the engine's random state and seed) are seen by nobody: only
  their size is shown, as `<key>_count`.
- When the game is over the seats' secrets are revealed to all (final scoring shows every token);
  the HIDDEN keys stay hidden.

`redact(obj, viewer)` applies the rule to anything: a state, an event, a list of events. view_for,
public_event, the AI's determiniser and the renderer all start from it, so a new place that records
a secret under this convention is hidden everywhere without being listed anywhere."""

from collections.abc import Callable, Mapping
from typing import Any

from .shape import Event

HIDDEN = ("rng", "seed", "townsfolk_deck", "equip_deck", "town_deck", "gold_bag", "bag")
_HIDDEN = frozenset(HIDDEN)
_DROP = object()


def _face_down(v: Any) -> list[int] | None:
    return [0] * len(v) if isinstance(v, list) else None


PRIVATE: dict[str, Callable[[Any], Any]] = {
    "gold": _face_down,
    "boards": lambda v: [],
    "secret": lambda v: _DROP,
}


_PLAIN = frozenset((str, int, float, bool, type(None)))  # (a set: `type(x) in _PLAIN` is one lookup)
_SPECIAL = _HIDDEN | frozenset(PRIVATE)


def redact(obj: Any, viewer: int | None, reveal: bool = False) -> Any:
    """A copy of `obj` (state, event, list...) without what `viewer` may not see (None: the public).
    reveal=True (the game is over): the seats' secrets are shown; HIDDEN keys never are."""
    if isinstance(obj, list):
        return [x if type(x) in _PLAIN else redact(x, viewer, reveal) for x in obj]
    if type(obj) is not dict:
        return _keys(obj, viewer, reveal) if isinstance(obj, dict) else obj  # (str, int... shared safely)
    if not _SPECIAL.isdisjoint(obj):
        return _keys(obj, viewer, reveal)
    # no key of the rule here: a copy, its containers redacted (a dict of atoms is its copy)
    out = obj.copy()
    for k, v in obj.items():
        t = type(v)
        if t is list:  # (redact's first case, without the call)
            out[k] = [x if type(x) in _PLAIN else redact(x, viewer, reveal) for x in v] if v else []
        elif t not in _PLAIN:
            out[k] = redact(v, viewer, reveal)
    return out


def _keys(obj: dict, viewer: int | None, reveal: bool) -> dict[str, Any]:
    """redact() of a dict holding HIDDEN or PRIVATE keys: the rule, key by key."""
    seat = obj.get("seat")
    owner = seat if type(seat) is int else None
    mine = reveal or (owner is not None and owner == viewer)
    if type(obj) is dict and _HIDDEN.isdisjoint(obj):
        # the keys stay where they are: a copy, the seat's secrets replaced (or dropped) in place
        out = obj.copy()
        if not mine:
            for k, hide in PRIVATE.items():
                if k in obj:
                    v = obj[k]
                    if owner is None and k == "gold" and not isinstance(v, list):
                        continue  # a count of tokens, not their values
                    v = hide(v)
                    if v is _DROP:
                        del out[k]
                    else:
                        out[k] = v
        for k, v in obj.items():
            t = type(v)
            if t in _PLAIN or (not mine and k in PRIVATE):
                continue
            if t is list:  # (redact's first case, without the call)
                out[k] = [x if type(x) in _PLAIN else redact(x, viewer, reveal) for x in v] if v else []
            else:
                out[k] = redact(v, viewer, reveal)
        return out
    out = {}
    for k, v in obj.items():
        if k in _SPECIAL and (k in _HIDDEN or not mine):
            if k in _HIDDEN:
                out[k + "_count"] = len(v) if isinstance(v, list) else None
                continue
            if owner is None and k == "gold" and not isinstance(v, list):
                out[k] = v  # a count of tokens, not their values
                continue
            v = PRIVATE[k](v)
            if v is not _DROP:
                out[k] = v
        elif type(v) in _PLAIN:
            out[k] = v
        elif type(v) is list:  # (redact's first case, without the call)
            out[k] = [x if type(x) in _PLAIN else redact(x, viewer, reveal) for x in v] if v else []
        else:
            out[k] = redact(v, viewer, reveal)
    return out


def view_for(state: Mapping[str, Any], player: int | None) -> dict[str, Any]:
    """The state as `player` sees it (None: a spectator): redact() with the game-over reveal, plus
    `viewer`. Gold values of others are 0 (the token count stays visible); decks and bags show
    only their sizes; other players' dealt boards are hidden until the game is over."""
    v = redact(state, player, reveal=state.get("stage") == "over")
    v["viewer"] = player
    return v


def public_event(event: Event, player: int | None = None) -> Event:
    """The event as `player` may see it (None: everyone): redact() without the game-over reveal
    (an event is shown as it happened)."""
    return redact(event, player)
