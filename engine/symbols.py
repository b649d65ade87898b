"""Symbols a game writes in its texts (a station's shape, a die, a suit) that read better as small pictures
than as Unicode, which some phones draw poorly or not at all: Discord's application emoji. A game declares
them (Game.emoji: a name, its Unicode fallback, the function that draws it) and writes `symbols.text(...)`;
the host uploads them when the bot starts (cogs/emoji.py) and installs what Discord named them. Until then, or
without them (an upload refused, the offline tools, the tests), each symbol is its Unicode fallback."""

from collections.abc import Callable
from dataclasses import dataclass

NAME_MAX = 32  # Discord's longest emoji name


@dataclass(frozen=True)
class Emoji:
    name: str                    # letters, digits and _ (the host puts the game's prefix before it)
    fallback: str                # the Unicode shown without the emoji
    draw: Callable[[], bytes]    # a square PNG of it (128 px), drawn by the game's pictures


_shown: dict[str, str] = {}  # the emoji's full name -> how a message writes it ("<:ns_pentagon:123>")


def full_name(game_key: str, name: str) -> str:
    """The emoji's name on Discord: the game's prefix (its key's initials) and its own name."""
    prefix = "".join(w[0] for w in game_key.split("-"))
    return f"{prefix}_{name}"[:NAME_MAX]


def text(game_key: str, emoji: Emoji) -> str:
    """How a message shows the symbol now: the application emoji once installed, else its Unicode."""
    return _shown.get(full_name(game_key, emoji.name), emoji.fallback)


def install(shown: dict[str, str]) -> None:
    """The emoji the host has (full name -> markup); {} to go back to Unicode (a bot closing)."""
    _shown.clear()
    _shown.update(shown)
