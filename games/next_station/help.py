"""/play rules for Next Station: the rules by topic, in our own words, found by their names in every
language we have; and how it is played on Discord."""


from i18n.topics import Topics

from . import words
from .lang import _, p_
from .rules.constants import (
    INTERCHANGE_POINTS,
    OBJECTIVE_POINTS,
    SOLO_MODULE_PENALTY,
    TOURIST_TRACK,
    UNDERGROUNDS_PER_ROUND,
)

TOPIC_KEYS = ("goal", "round", "drawing", "switch", "scoring", "tourists", "interchanges", "objectives",
              "powers", "solo", "maps")


def topic_name(key: str) -> str:
    return {"goal": p_("rules topic", "goal"), "round": p_("rules topic", "round"),
            "drawing": p_("rules topic", "drawing"), "switch": p_("rules topic", "switch"),
            "scoring": p_("rules topic", "scoring"), "tourists": p_("rules topic", "tourists"),
            "interchanges": p_("rules topic", "interchanges"), "objectives": p_("rules topic", "objectives"),
            "powers": p_("rules topic", "powers"), "solo": p_("rules topic", "solo"),
            "maps": p_("rules topic", "maps")}[key]


def topic_names() -> list[str]:
    return [topic_name(k) for k in TOPIC_KEYS]


def topic(key: str) -> str:
    if key == "goal":
        return _("**Goal**: over 4 rounds, draw 4 underground lines on your own copy of the city map, one colour "
                 "a round, through as many districts as you can, with many stations in one district, under the "
                 "river, to tourist sites, and crossing your other lines at interchanges. Highest total wins.")
    if key == "round":
        return _("**A round**: the cards are shuffled; one is flipped at a time and everybody draws one section "
                 "of their line at once (or passes). The round ends once the {n}th underground card has been "
                 "flipped and answered: 5 to 11 cards (the switch, if it comes, is flipped with the next one).",
                 n=UNDERGROUNDS_PER_ROUND)
    if key == "drawing":
        return _("**Drawing**: the first section starts at your colour's departure, later ones at either end of "
                 "the line. A section goes straight along a dotted line to the next station, of the card's symbol "
                 "(a joker: any; the central station fits every card). Never back to a station of the same "
                 "line, never twice along one dotted line, never across a section already drawn on your map.")
    if key == "switch":
        return _("**Switch**: when it is flipped, the next card comes at once and that section may start from "
                 "any station of your line: the line branches. A switch as a round's first or second card does "
                 "nothing.")
    if key == "scoring":
        return _("**A line's points**: the districts it passes through × the most of its stations in one "
                 "district, + 2 per river crossing. A district counts when the line stops there or only crosses "
                 "it (the round's picture numbers them; the departure counts as a station). At the end: the four "
                 "lines, the tourist track, interchanges and objectives. Ties: the best single line.")
    if key == "tourists":
        return _("**Tourist sites**: each one on a line crosses off a circle of your track (each line counts). "
                 "At the end the track scores its leftmost uncrossed circle: {values}.",
                 values=", ".join(map(str, TOURIST_TRACK)))
    if key == "interchanges":
        return _("**Interchanges**: a station that lines of 2, 3 or 4 different colours go through scores "
                 "{two}, {three} or {four} points at the end (a line that never left its departure goes through "
                 "none).", two=INTERCHANGE_POINTS[2], three=INTERCHANGE_POINTS[3], four=INTERCHANGE_POINTS[4])
    if key == "objectives":
        return _("**Shared objectives** (a lobby option): 2 of these are drawn and shown on the panel; each one "
                 "you meet at the end gives {n} points: {list}.", n=OBJECTIVE_POINTS,
                 list="; ".join(words.objective(o) for o in ("interchanges", "every_district", "every_tourist",
                                                              "whole_centre", "crossings")))
    if key == "powers":
        return _("**Pencil powers** (a lobby option): each pencil has a power for the whole game, usable once a "
                 "round by whoever holds it: {list}.",
                 list="; ".join(f"{words.power(x)}: {words.power_text(x)}" for x in ("double", "joker", "switch",
                                                                                      "circle")))
    if key == "solo":
        return _("**Solo**: before the first card, choose the order of your four pencils: you draw with them in "
                 "that order, one a round. Your rating is your total less {n} per module in play: {bands}.",
                 n=SOLO_MODULE_PENALTY,
                 bands=", ".join(f"{words.band(i)} ({r})" for i, r in enumerate(
                     ("≤ 90", "91–105", "106–120", "121–135", "136–150", "> 150"))))
    return _("**Our maps**: Larkhaven is our own city, and every day brings a new map made for that day (the "
             "same map and cards on every server): choose it in the lobby.")




def help_text() -> str:
    return "\n".join([
        _("**Next Station** is a route-drawing game for 1-4 players on a city map of ours: everyone draws their "
          "own underground lines at once as station cards are flipped."), "",
        _("**Play**: the panel shows the flipped card. Press **Decide**: your own map comes privately, the "
          "stations you can reach numbered on it and on the buttons; press a number, or **Pass**. When many "
          "stations can be reached, choose the start first. A pencil power is offered when you can use it."),
        _("**My map** shows your map privately at any time, **Full board** every map. After each round a "
          "picture shows every map and its score; `/play rules` explains the rules by topic.")])


TOPICS = Topics(TOPIC_KEYS, topic_name, topic, help_text, lambda k: _("Topic: {name}", name=topic_name(k)))
