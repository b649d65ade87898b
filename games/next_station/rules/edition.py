"""The rules' editions (RULES.md, "Editions"). A game plays, start to end, the edition it began with: its
config's "edition" (config_of gives new games the current one); a config without one is of a game begun
before there were editions, edition 1. Edition 2 brought five rules to the published rulebook (issue 37);
each rule that differs is asked here, by name, with the game's edition (never copied code):

    R11 pencils_first    solo, the four pencils' order is chosen before the first card (1: each round's pencil
                         at the start of that round, among those not used yet)
    R25 passes_count     a line counts the districts its sections only cross (1: only those it has a station in)
    R28 needs_section    a line with no section goes through no station, so its departure makes no interchange
                         (1: its departure is on it from the start)
    R33 central_any      after a joker to the central station, a double's second section may reach any symbol
                         (1: only a station of the central station's own symbol "any": none left to reach)
    R36 last_circle      the circle may be used after the round's last card, before it is scored (1: only at a
                         card's decision)"""

from collections.abc import Mapping
from typing import Any

FIRST = 1     # the rules before issue 37 (a config without "edition")
CURRENT = 2   # a new game's edition


def of_config(config: Mapping[str, Any]) -> int:
    return int(config.get("edition", FIRST))


def edition(state: Mapping[str, Any]) -> int:
    """The edition a game plays (a state or a view: its config)."""
    return of_config(state["config"])


def pencils_first(ed: int) -> bool:
    """R11: solo, the pencils' order is chosen before the first card."""
    return ed >= 2


def passes_count(ed: int) -> bool:
    """R25: a district a section only crosses counts for its line."""
    return ed >= 2


def needs_section(ed: int) -> bool:
    """R28: a line goes through its stations only once it has a section."""
    return ed >= 2


def central_any(ed: int) -> bool:
    """R33: after a joker to the central station, a double's second section may reach any symbol."""
    return ed >= 2


def last_circle(ed: int) -> bool:
    """R36: the circle may still be used after the round's last card, before the round is scored."""
    return ed >= 2
