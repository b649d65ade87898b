"""Hexholm's words: terrains, locations and their tiles, goals, the board's sections, in the current language.
The names are ours (FACTS.md, OURS); the formulas are Kingdom Builder's."""

from .lang import _
from .rules.constants import (
    BARON_FIRST,
    BARON_SECOND,
    HOMESTEAD_FACTOR,
    KEEP_GOLD,
    TRADE_GOLD,
    WARDEN_FACTOR,
)

TERRAIN_MARK = {"g": "🟩", "c": "🟫", "d": "🟨", "f": "🟪", "t": "🌲", "w": "🟦", "m": "⛰️", "k": "🏰"}


def terrain(t: str | None) -> str:
    if t is None:
        return _("no terrain")
    return {"g": _("Meadow"), "c": _("Badlands"), "d": _("Dunes"), "f": _("Blossom"), "t": _("Woods"),
            "w": _("Lake"), "m": _("Peaks"), "k": _("Keep")}.get(t, _("a location"))


def marked(t: str | None) -> str:
    """A terrain with its colour mark: "🟩 Meadow"."""
    return f"{TERRAIN_MARK.get(t or '', '')} {terrain(t)}".strip()


def location(kind: str) -> str:
    return {"shrine": _("Shrine"), "granary": _("Granary"), "well": _("Well"), "watchtower": _("Watchtower"),
            "inn": _("Inn"), "stable": _("Stable"), "jetty": _("Jetty"), "corral": _("Corral")}[kind]


def power(kind: str) -> str:
    """What a location's tile does, once a turn."""
    return {"shrine": _("build one settlement on this turn's terrain, beside yours if you can"),
            "granary": _("build one settlement on Meadow, beside yours if you can"),
            "well": _("build one settlement on Dunes, beside yours if you can"),
            "watchtower": _("build one settlement on a hex at the edge of the board, beside yours if you can"),
            "inn": _("build one settlement at either end of a straight line of 3 or more of yours"),
            "stable": _("move one of your settlements onto this turn's terrain, beside your others if you can"),
            "jetty": _("move one of your settlements onto a lake hex, beside your others if you can"),
            "corral": _("move one of your settlements exactly 2 hexes in a straight line, over anything, onto a "
                        "free hex you could build on")}[kind]


def goal(key: str) -> str:
    return {"keeps": _("Keeps"), "anglers": _("Anglers"), "quarrymen": _("Quarrymen"), "guildfolk": _("Guildfolk"),
            "traderoad": _("Trade Road"), "surveyors": _("Surveyors"), "wardens": _("Wardens"),
            "recluses": _("Recluses"), "burghers": _("Burghers"), "barons": _("Barons"),
            "homesteaders": _("Homesteaders")}[key]


def goal_text(key: str) -> str:
    """A goal's gold, in a sentence."""
    if key == "keeps":
        return _("{n} gold for each keep with one of your settlements beside it", n=KEEP_GOLD)
    if key == "anglers":
        return _("1 gold for each of your settlements beside a lake (one on a lake does not count)")
    if key == "quarrymen":
        return _("1 gold for each of your settlements beside peaks")
    if key == "guildfolk":
        return _("1 gold for each of your settlements beside a keep or a location")
    if key == "traderoad":
        return _("{n} gold for each keep or location linked by a chain of your settlements to another one",
                 n=TRADE_GOLD)
    if key == "surveyors":
        return _("1 gold for each row of the board with one of your settlements in it")
    if key == "wardens":
        return _("{n} gold for each of your settlements in the row where you have the most", n=WARDEN_FACTOR)
    if key == "recluses":
        return _("1 gold for each separate group of your settlements (one alone is a group)")
    if key == "burghers":
        return _("1 gold for every 2 settlements in your largest group")
    if key == "barons":
        return _("in each section, {first} gold to whoever has the most settlements there and {second} to the next "
                 "(ties share; one settlement at least)", first=BARON_FIRST, second=BARON_SECOND)
    return _("{n} gold for each of your settlements in the section where you have the fewest", n=HOMESTEAD_FACTOR)


def short_goal(key: str) -> str:
    """A goal in a few words, for the pictures."""
    return {"keeps": _("3 per keep"), "anglers": _("1 per settlement by a lake"),
            "quarrymen": _("1 per settlement by peaks"), "guildfolk": _("1 per settlement by a keep or location"),
            "traderoad": _("4 per linked keep or location"), "surveyors": _("1 per row reached"),
            "wardens": _("2 per settlement in your fullest row"), "recluses": _("1 per separate group"),
            "burghers": _("1 per 2 in your largest group"), "barons": _("12 / 6 per section majority"),
            "homesteaders": _("3 per settlement in your emptiest section")}[key]


def section(i: int) -> str:
    return (_("top left"), _("top right"), _("bottom left"), _("bottom right"))[i]


def gold(n: int) -> str:
    return _("{n} gold", n=n)


def gain(n: int) -> str:
    return _("+{n} gold", n=n) if n >= 0 else _("{n} gold", n=n)
