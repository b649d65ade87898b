"""A game's descriptor checked when it registers (engine/registry.py), and again by the conformance suite:
what would otherwise fail only when a player meets it (a default that is not a choice, a stand-in level
the game has not, a pictures module without its round picture, a method the game forgot)."""

import importlib
import re

from .protocol import Ai, Coach, Game, Rules, Show
from .symbols import Emoji, full_name

KEY = re.compile(r"[a-z][a-z0-9-]{1,31}")
OPTION_LABEL = re.compile(r"[a-z0-9_-]{1,32}")
EMOJI_NAME = re.compile(r"[A-Za-z0-9_]{2,32}")
REQUIRED = {Rules: ("new_game", "deciders", "legal_actions", "apply", "results"),
            Show: ("panel", "decision", "lines", "chapter", "heading"),
            Ai: ("choose",), Coach: ("decisions", "evaluate", "finish", "when")}
PICTURES = ("round",)  # the others have the host's defaults (render/named.py)


def problems(game: Game) -> list[str]:
    """What is wrong with a descriptor, one sentence each ([]: nothing)."""
    out: list[str] = []
    if not KEY.fullmatch(game.key):
        out.append(f"key {game.key!r}: lowercase letters, digits and '-', 2-32 characters")
    if not 0 < len(game.summary) <= 100:
        out.append("summary: 1-100 characters (a slash command's description)")
    if not game.name or not game.credit:
        out.append("name and credit: required (the credit names the original game and its designers)")
    low, high = game.players
    if not 1 <= low <= high <= 25:
        out.append(f"players {game.players}: 1 <= fewest <= most")
    out += _options(game)
    out += _levels(game)
    out += _emoji(game)
    for part, base in ((game.rules, Rules), (game.show, Show), (game.ai, Ai), (game.coach, Coach)):
        if part is None:
            continue
        if not isinstance(part, base):
            out.append(f"{base.__name__.lower()}: an engine.protocol.{base.__name__} (subclass it)")
            continue
        missing = [m for m in REQUIRED[base] if getattr(type(part), m, None) is getattr(base, m)]
        if missing:
            out.append(f"{base.__name__.lower()}: {', '.join(missing)} not written (required)")
    if game.show.headlines < 0:
        out.append("show.headlines: a count, >= 0")
    out += _pictures(game.pictures)
    if not hasattr(game.texts, "_"):
        out.append("texts: the game's catalogue (i18n.Catalogue)")
    return out


def _emoji(game: Game) -> list[str]:
    out = []
    names = [e.name for e in game.emoji if isinstance(e, Emoji)]
    if len(names) != len(game.emoji):
        out.append("emoji: each an engine.symbols.Emoji")
    if len(set(names)) != len(names):
        out.append("emoji: two with the same name")
    for n in names:
        if not EMOJI_NAME.fullmatch(full_name(game.key, n)):
            out.append(f"emoji {n!r}: letters, digits and _, its full name {full_name(game.key, n)!r} 2-32 "
                       "characters (Discord's emoji names)")
    return out


def _options(game: Game) -> list[str]:
    out = []
    keys = [o.key for o in game.options]
    if len(set(keys)) != len(keys):
        out.append("options: two with the same key")
    for o in game.options:
        values = [c.value for c in o.choices]
        if not OPTION_LABEL.fullmatch(o.label):
            out.append(f"option {o.key}: its label {o.label!r} must be a command option name (lowercase, <= 32)")
        if not 0 < len(o.description) <= 100:
            out.append(f"option {o.key}: description 1-100 characters")
        if not 1 <= len(values) <= 25 or len(set(values)) != len(values):
            out.append(f"option {o.key}: 1-25 choices, each value once")
        if o.default not in values:
            out.append(f"option {o.key}: its default {o.default!r} is not one of its choices {values}")
    return out


def _levels(game: Game) -> list[str]:
    out = []
    keys = [lv.key for lv in game.levels]
    if len(set(keys)) != len(keys):
        out.append("levels: two with the same key")
    if not 1 <= len(game.ai_levels) <= 4:
        out.append("levels: 1-4 the lobby offers (its row of buttons holds four)")
    for lv in game.levels:
        if "{n}" not in lv.seat:
            out.append(f"level {lv.key}: its seat name {lv.seat!r} must hold {{n}} (AI seats are numbered)")
    for what, key in (("timeout_level", game.timeout_level), ("stand_in_level", game.stand_in_level)):
        if key is not None and key not in keys:
            out.append(f"{what} {key!r} is not one of the game's levels {keys}")
    return out


def _pictures(module: str) -> list[str]:
    try:
        mod = importlib.import_module(module)
    except ImportError as e:
        return [f"pictures: {module!r} cannot be imported ({e})"]
    return [f"pictures: {module} has no function {name}()" for name in PICTURES
            if not callable(getattr(mod, name, None))]
