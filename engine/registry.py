"""The registry of games (OpenSpiel's registered games, python-chess's variants by name).

The games the bot hosts are listed in games/__init__.py (INSTALLED: one line per game) and loaded on
first use; a test can register a game of its own. Everything the host knows of a game it finds here,
by the key stored with each game (`game(key)`)."""

import importlib

from .protocol import Game

_GAMES: dict[str, Game] = {}
_loaded = False


class UnknownGame(KeyError):
    """A key no registered game has (a row of a game this bot no longer installs)."""


class BadGame(ValueError):
    """A descriptor that does not hold (engine/checks.py says what)."""


def register(game: Game) -> Game:
    """Adds a game, checked first (a second registration under the same key replaces the first: tests)."""
    from .checks import problems
    found = problems(game)
    if found:
        raise BadGame(f"game {game.key!r}: " + "; ".join(found))
    _GAMES[game.key] = game
    return game


def unregister(key: str) -> None:
    _GAMES.pop(key, None)


def _load() -> None:
    global _loaded
    if not _loaded:
        _loaded = True
        installed = importlib.import_module("games").INSTALLED
        for name in installed:
            register(importlib.import_module(name).GAME)


def games() -> list[Game]:
    """Every registered game, the installed ones first (in their order), then those tests added."""
    _load()
    return list(_GAMES.values())


def game(key: str) -> Game:
    _load()
    try:
        return _GAMES[key]
    except KeyError:
        raise UnknownGame(key) from None


def find(name: str) -> Game | None:
    """A game by its key or its command group's name (what a user may type or a choice carries)."""
    _load()
    if name in _GAMES:
        return _GAMES[name]
    return next((g for g in _GAMES.values() if g.legacy.command == name), None)
