"""An AI level's words (engine/protocol.py Level): the lobby's label and an AI seat's name, in the game's
catalogue where the game declares its own level ("medium"), else the host's (easy, hard, random)."""

from engine.protocol import Game
from i18n import _


def said(game: Game, msgid: str, **kw) -> str:
    """A text of the game's descriptor: from its catalogue if it holds it, else from the host's."""
    if game.texts.has(msgid):
        return game.texts._(msgid, **kw)
    return _(msgid, **kw)


def level_name(game: Game, key: str) -> str:
    """A level as the lobby and the log say it ("easy"); a key the game does not have, as it is."""
    lv = game.level(key)
    return said(game, lv.label) if lv is not None else key


def seat_name(game: Game, key: str) -> str:
    """An AI seat's name with {} where the store puts its number ("Easy AI {}")."""
    lv = game.level(key) or game.level(game.timeout_level)
    return said(game, lv.seat, n="{}") if lv is not None else _("Easy AI {n}", n="{}")
