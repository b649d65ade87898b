"""A table's options checked against what the game allows (its descriptor's Option choices) and the host's
turn timers: one check for /play new, the lobby's menus and Start (a stored lobby's options are checked
again: a rematch copies the options of a game that a newer version of the game may no longer offer). A
modified client can send anything, so each refusal names what is allowed."""

from collections.abc import Mapping
from typing import Any

from engine.protocol import Game
from i18n import _, n_

TIMERS = (0, 120, 600, 3600, 43200, 86400)  # seconds; 0: off


def timer_text(seconds: int) -> str:
    if not seconds:
        return _("off")
    if seconds % 3600 == 0:
        return n_("{n} h", "{n} h", seconds // 3600)
    return n_("{n} min", "{n} min", seconds // 60)


def timer_refusal(value: Any) -> str | None:
    """Why `value` is not a turn timer of ours (None: it is one). A bool is no number of seconds."""
    if type(value) is int and value in TIMERS:
        return None
    return _("That turn timer is not one I offer. The choices: {choices}.",
             choices=", ".join(timer_text(t) for t in TIMERS))


def refusal(game: Game, key: str, value: Any, stored: bool = False) -> str | None:
    """Why `value` is not a choice of the game's option `key` (None: it is one). stored: a value a lobby or
    a finished game keeps, which may also be a form the game still reads (Rules.reads_option)."""
    opt = next((o for o in game.options if o.key == key), None)
    if opt is None:
        return _("That is not an option of {game}. Its options: {options}.", game=game.texts._(game.name),
                 options=", ".join(f"`{game.texts._(o.label)}`" for o in game.options) or "—")
    if isinstance(value, str) and value in {c.value for c in opt.choices}:
        return None
    if stored and game.rules.reads_option(key, value):
        return None
    return _("That is not a choice of `{option}` I offer. The choices: {choices}.", option=game.texts._(opt.label),
             choices=", ".join(game.texts._(c.label) for c in opt.choices))


def checked(game: Game, chosen: Mapping[str, Any], timer: Any) -> dict | str:
    """The table's options (each one of the game's own choices, the others their defaults) and its timer,
    or the reason they are refused."""
    out: dict[str, Any] = {}
    unknown = sorted(set(chosen) - {o.key for o in game.options})
    if unknown:
        return refusal(game, unknown[0], chosen[unknown[0]]) or ""
    for opt in game.options:
        value = chosen.get(opt.key)
        value = opt.default if value is None else value
        why = refusal(game, opt.key, value)
        if why:
            return why
        out[opt.key] = value
    why = timer_refusal(timer)
    if why:
        return why
    out["timer"] = timer
    return out


def stored_refusal(game: Game, options: Mapping[str, Any]) -> str | None:
    """Why a lobby's options cannot make a game of `game` (None: they can): each of its options is one of
    its choices, or a form of before it still reads (a missing one takes its default). The turn timer is
    the host's, not the game's: checked where a person sets it."""
    for opt in game.options:
        why = refusal(game, opt.key, options.get(opt.key, opt.default), stored=True)
        if why:
            return why
    return None
