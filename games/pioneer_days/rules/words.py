"""The game's words in the current language (i18n): faces, colours, disasters, resources with their plural
forms, and the names of every card, tile, town and pioneer. One home for them, used by the card texts,
the narration, the panels and the images.

Card names live with the content: engine/content/i18n/<lang>.json maps each id to its name in that
language ({"townsfolk": {"A01": "…"}, "equipment": {…}, "towns": {…}, "pioneers": {…}, "standard": "…"}),
checked when loaded: every card named, in every language, short enough for the images."""

import json
from importlib import resources

from i18n import LOCALES, current, table_language

from ..lang import N_, _, n_
from .cards import EQUIPMENT, PIONEERS, TOWNS, TOWNSFOLK, ContentError
from .constants import STANDARD_PIONEER

DIE = {"blue": "🟦", "red": "🟥", "yellow": "🟨", "green": "🟩", "black": "⬛"}
LETTER = {"blue": "B", "red": "R", "yellow": "Y", "green": "G", "black": "K"}  # printed on the dice
FACES = {"wild": N_("Wild"), "mine": N_("Mine"), "equip": N_("Equip"), "cattle": N_("Cattle"),
         "wood": N_("Wood"), "medicine": N_("Medicine")}
COLOURS = {"blue": N_("blue"), "red": N_("red"), "yellow": N_("yellow"), "green": N_("green"), "black": N_("black")}
DISASTERS = {"storm": N_("Storm"), "raid": N_("Raid"), "famine": N_("Famine"), "disease": N_("Disease")}
TABLES = {"townsfolk": TOWNSFOLK, "equipment": EQUIPMENT, "town": TOWNS, "pioneer": PIONEERS}
KEYS = {"townsfolk": "townsfolk", "equipment": "equipment", "town": "towns", "pioneer": "pioneers"}
NAME_MAX = 24


def face(f: str) -> str:
    return _(FACES[f])


def colour(c: str) -> str:
    return _(COLOURS[c])


def disaster(d: str) -> str:
    return _(DISASTERS[d])


def die(c: str, f: str) -> str:
    """"🟦 B Wood": the colour as an emoji and a letter, so it never depends on telling colours apart."""
    return f"{DIE.get(c, c)} {LETTER.get(c, '?')} {face(f)}"


def res(kind: str, n: int) -> str:
    """A number of one resource, with the plural form of the current language: "$3", "2 wood"."""
    if kind == "silver":
        return f"${n}"
    return {"wood": lambda: n_("{n} wood", "{n} wood", n), "medicine": lambda: n_("{n} medicine", "{n} medicine", n),
            "cattle": lambda: n_("{n} cattle", "{n} cattle", n),
            "gold": lambda: n_("{n} gold token", "{n} gold tokens", n), "vp": lambda: n_("{n} VP", "{n} VP", n),
            "favor": lambda: n_("{n} favor", "{n} favors", n)}[kind]()


def res_list(m: dict | None, sep: str = " + ") -> str:
    """{'silver': 4, 'wood': 1} -> '$4 + 1 wood' (gold as a count of tokens, never values)."""
    return sep.join(res(k, n) for k, n in (m or {}).items())


def _load() -> dict:
    base = resources.files(__package__) / "content" / "i18n"
    out: dict = {}
    for lang in LOCALES:
        f = base / f"{lang}.json"
        if lang == "en" or not f.is_file():
            continue
        data = json.loads(f.read_text(encoding="utf-8"))
        check(lang, data)
        out[lang] = data
    return out


def check(lang: str, data: dict) -> None:
    """Every card, tile, town and pioneer has a name in `lang`, 1..NAME_MAX characters."""
    for kind, table in TABLES.items():
        names = data.get(KEYS[kind], {})
        for cid in table:
            name = names.get(cid)
            if not isinstance(name, str) or not 1 <= len(name) <= NAME_MAX:
                raise ContentError(f"{lang}: {kind} {cid} ({table[cid]['name']}) needs a name of 1..{NAME_MAX} "
                                   f"characters, got {name!r}")
        extra = set(names) - set(table)
        if extra:
            raise ContentError(f"{lang}: unknown {kind} ids {sorted(extra)}")
    std = data.get("standard")
    if not isinstance(std, str) or not 1 <= len(std) <= NAME_MAX:
        raise ContentError(f"{lang}: the standard Pioneer side needs a name")


NAMES = _load()


def name(kind: str, cid: str) -> str:
    """The name of a card, tile, town or pioneer ("standard": the standard side) in the current language;
    in a private message of a table that speaks another language, the channel's name after it
    ("Kowal (Herrero)"), so the reader can follow the channel."""
    base = _name(kind, cid, current())
    table = table_language()
    if table and table != current():
        other = _name(kind, cid, table)
        if other != base:
            return f"{base} ({other})"
    return base


def _name(kind: str, cid: str, lang: str) -> str:
    data = NAMES.get(lang)
    if cid == "standard" and kind == "pioneer":
        return data["standard"] if data else STANDARD_PIONEER["name"]
    table = TABLES[kind]
    if cid not in table:
        return cid
    if data:
        return data[KEYS[kind]].get(cid, table[cid]["name"])
    return table[cid]["name"]
