"""What a card's effect says, for the pictures: when it works (a timing label: "Now", "Always", "Each
town", or the die face it answers) and what it does, read from the content data, in any language."""

from games.pioneer_days.rules.cards import EQUIPMENT, PIONEERS, TOWNSFOLK
from games.pioneer_days.rules.constants import STANDARD_PIONEER

FOOTER = (64, 44, 24)  # a card's VP band (not 64, 42, 24: that would share WOOD_LINE's palette cell, see palette.py)
WHEN_TAG = {"immediate": "Now", "ongoing": "Always", "end_of_week": "Each town"}


def split_effect(effect: str, e: dict | None) -> tuple:
    """The timing pill and the rest of an effect text (engine.describe, in any language), the
    timing read from the content data `e`: ('on', face) / ('tag', 'Now'|'Always'|'Each town') or
    None, and the text after its "Label: " ('On Wood: +1 wood' -> (('on', 'wood'), '+1 wood'))."""
    head, sep, body = effect.partition(": ")
    if e is None or not sep:
        return None, effect.rstrip(".")
    if e["when"] == "trigger":
        return ("on", e["face"]), body
    return ("tag", WHEN_TAG[e["when"]]), body


def effect_of(kind: str, cid: str) -> dict | None:
    """The content data of a card's effect (a pioneer's ability)."""
    if kind == "townsfolk":
        return TOWNSFOLK[cid]["effect"]
    if kind == "equipment":
        return EQUIPMENT[cid]["effect"]
    return (STANDARD_PIONEER if cid == "standard" else PIONEERS[cid])["ability"]
