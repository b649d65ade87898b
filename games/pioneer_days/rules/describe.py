"""Card texts generated from the content data, so the text always says what the card does, in the current
language (i18n)."""

from ..lang import N_, _, n_
from . import words
from .cards import EQUIPMENT, PIONEERS, TOWNS, TOWNSFOLK
from .constants import STANDARD_PIONEER
from .effects import needs_room

# what a card counts, as in "2 VP per wagon" (one) and "1 VP per 2 wood" (several)
COUNT_ONE = {"cattle": N_("cattle"), "favor": N_("favor"), "wagon": N_("wagon"), "small_wagon": N_("small wagon"),
             "large_wagon": N_("large wagon"), "gold_token": N_("gold token"), "equipment": N_("equipment tile"),
             "townsfolk": N_("townsfolk"), "wood": N_("wood"), "medicine": N_("medicine"),
             "goods_set": N_("set of wood+medicine+cattle"), "undamaged_wagon": N_("undamaged wagon"),
             "damage": N_("damage token"), "free_space": N_("free wagon space")}


def count_many(what: str, n: int) -> str:
    """n of what a card counts ("1 VP per 2 wood"), with the plural forms of the current language."""
    return {"cattle": lambda: n_("{n} cattle", "{n} cattle", n),
            "favor": lambda: n_("{n} favor", "{n} favors", n),
            "wagon": lambda: n_("{n} wagon", "{n} wagons", n),
            "small_wagon": lambda: n_("{n} small wagon", "{n} small wagons", n),
            "large_wagon": lambda: n_("{n} large wagon", "{n} large wagons", n),
            "gold_token": lambda: n_("{n} gold token", "{n} gold tokens", n),
            "equipment": lambda: n_("{n} equipment tile", "{n} equipment tiles", n),
            "townsfolk": lambda: n_("{n} townsfolk", "{n} townsfolk", n),
            "wood": lambda: n_("{n} wood", "{n} wood", n),
            "medicine": lambda: n_("{n} medicine", "{n} medicine", n),
            "goods_set": lambda: n_("{n} set of wood+medicine+cattle", "{n} sets of wood+medicine+cattle", n),
            "undamaged_wagon": lambda: n_("{n} undamaged wagon", "{n} undamaged wagons", n),
            "damage": lambda: n_("{n} damage token", "{n} damage tokens", n),
            "free_space": lambda: n_("{n} free wagon space", "{n} free wagon spaces", n)}[what]()


def per_text(what: str, div: int) -> str:
    if what == "silver":
        return f"${div}"
    if div == 1:
        return _(COUNT_ONE[what])
    return count_many(what, div)


def res_text(m: dict | None, sep: str = " + ") -> str:
    """{'silver': 4, 'wood': 1} -> '$4 + 1 wood' (gold as a count of tokens, never values)."""
    return words.res_list(m, sep)


def _most(text: str, v: dict) -> str:
    return text + (" " + _("(max {n})", n=v["max"]) if "max" in v else "")


def op_text(op: dict) -> str:
    (k, v), = op.items()
    if k == "gain":
        return f"+{res_text(v)}"
    if k == "pay_gain":  # never paid for nothing: skipped when the gain would not fit whole
        if needs_room(v["gain"]):
            return _("pay {cost} for {gain} (if room)", cost=res_text(v["pay"]), gain=res_text(v["gain"]))
        return _("pay {cost} for {gain}", cost=res_text(v["pay"]), gain=res_text(v["gain"]))
    if k == "gain_per":
        return _most(_("+{gain} per {thing}", gain=res_text(v["gain"]), thing=per_text(v["per"], v.get("div", 1))), v)
    if k == "retreat":
        return _("{disaster} marker back 1", disaster=words.disaster(v))
    if k == "draw_equipment":
        return n_("draw {n} equipment tile", "draw {n} equipment tiles", v)
    return k


def mods_text(m: dict) -> str:
    parts = []
    for k, v in m.items():
        if k == "immune":
            parts.append(_("immune to {disasters}", disasters="/".join(words.disaster(d) for d in v)))
        elif k == "protect":
            for d, n in v.items():
                parts.append({"storm": n_("Storm: {n} wagon safe", "Storm: {n} wagons safe", n),
                              "raid": _("Raid: ${n} safe", n=n),
                              "famine": n_("Famine: {n} cattle fed free", "Famine: {n} cattle fed free", n),
                              "disease": n_("Disease: {n} townsfolk immune", "Disease: {n} townsfolk immune",
                                            n)}[d])
        elif k == "income":
            for f, n in v.items():
                parts.append(_("+${n} income", n=n) if f == "any" else
                             _("+${n} income on {face}", n=n, face=words.face(f)))
        elif k == "action_bonus":
            for a, g in v.items():
                parts.append(_("{face} action: +{gain}", face=words.face(a), gain=res_text(g)))
        elif k == "recruit_bonus":
            parts.append(_("recruiting: +{gain}", gain=res_text(v)))
        elif k == "face_change_cost":
            parts.append(_("face changes cost ${n} more", n=v) if v > 0 else _("face changes cost ${n} less", n=-v))
        elif k == "wagon_cost":
            parts.append(_("wagons cost ${n} more", n=v) if v > 0 else _("wagons cost ${n} less", n=-v))
        elif k == "town_cattle_vp":
            parts.append(_("+{n} VP per cattle at towns", n=v))
        elif k == "favor_bonus":
            parts.append(n_("+{n} favor per town card", "+{n} favors per town card", v))
    return "; ".join(parts)


def effect_text(e: dict | None) -> str:
    if e is None:
        return _("No effect.")
    if e["when"] == "ongoing":
        return _("Always: {what}", what=mods_text(e["mods"]))
    texts = [op_text(o) for o in e["do"]]
    ops = ", ".join(t + (f" (x{texts.count(t)})" if texts.count(t) > 1 else "") for t in dict.fromkeys(texts))
    if e["when"] == "trigger":
        return _("On {face}: {what}", face=words.face(e["face"]), what=ops)
    if e["when"] == "immediate":
        return _("Now: {what}", what=ops)
    return _("Each town: {what}", what=ops)


def vp_text(vp: dict | None) -> str:
    if not vp:
        return ""
    if "fixed" in vp:
        return n_("{n} VP", "{n} VP", vp["fixed"])
    return _most(_("{each} VP per {thing}", each=vp["each"], thing=per_text(vp["per"], vp.get("div", 1))), vp)


def needs_text(needs: dict) -> str:
    parts = []
    for k, n in needs.items():
        if k == "equipment":
            parts.append(n_("{n} equipment tile", "{n} equipment tiles", n))
        else:
            parts.append(words.res(k, n))
    return ", ".join(parts)


def start_text(st: dict) -> str:
    wagons = " + ".join(_("small wagon") if w == "small" else _("large wagon") for w in st["wagons"])
    parts = [wagons, f"${st['silver']}"]
    for k in ("cattle", "wood", "medicine", "gold"):
        if st[k]:
            parts.append(words.res(k, st[k]))
    if st["equipment"]:
        parts.append(n_("{n} equipment tile", "{n} equipment tiles", st["equipment"]))
    return ", ".join(parts)


def card(kind: str, cid: str) -> dict:
    """name, kind and text lines of any card, tile, town or pioneer ('standard' included), in the current
    language."""
    name = words.name(kind, cid)
    if kind == "townsfolk":
        c = TOWNSFOLK[cid]
        return {"name": name, "kind": _("Townsfolk (set {set})", set=c["set"]),
                "effect": effect_text(c["effect"]), "vp": vp_text(c["vp"])}
    if kind == "equipment":
        c = EQUIPMENT[cid]
        return {"name": name, "kind": _("Equipment"), "effect": effect_text(c["effect"]), "vp": vp_text(c.get("vp"))}
    if kind == "town":
        c = TOWNS[cid]
        return {"name": name, "kind": _("Town card"), "effect": _("Needs {what}", what=needs_text(c["needs"])),
                "vp": n_("{n} favor", "{n} favors", c["favors"])}
    c = STANDARD_PIONEER if cid == "standard" else PIONEERS[cid]
    return {"name": name, "kind": _("Pioneer"), "effect": effect_text(c["ability"]),
            "vp": _("Start: {what}", what=start_text(c["start"]))}


def all_cards():
    """(kind, id) of every piece of content, in catalogue order."""
    yield "pioneer", "standard"
    for k, table in (("pioneer", PIONEERS), ("townsfolk", TOWNSFOLK), ("equipment", EQUIPMENT),
                     ("town", TOWNS)):
        for cid in table:
            yield k, cid
