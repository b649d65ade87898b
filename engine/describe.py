"""Card texts generated from the content data, so the text always says what the card does."""

from .cards import EQUIPMENT, PIONEERS, TOWNS, TOWNSFOLK
from .constants import STANDARD_PIONEER
from .effects import needs_room

COUNT_TEXT = {"cattle": "cattle", "favor": "favor", "wagon": "wagon", "small_wagon": "small wagon",
              "large_wagon": "large wagon", "gold_token": "gold token", "equipment": "equipment tile",
              "townsfolk": "townsfolk", "wood": "wood", "medicine": "medicine", "silver": "$1",
              "goods_set": "set of wood+medicine+cattle", "undamaged_wagon": "undamaged wagon",
              "damage": "damage token", "free_space": "free wagon space"}
WHEN_TEXT = {"immediate": "Now", "end_of_week": "Each town"}


def per_text(what: str, div: int) -> str:
    if what == "silver":
        return f"${div}"
    return f"{str(div) + ' ' if div > 1 else ''}{COUNT_TEXT[what]}"


def res_text(m: dict | None, sep: str = " + ") -> str:
    """{'silver': 4, 'wood': 1} -> '$4 + 1 wood' (gold as a count of tokens, never values)."""
    parts = []
    for r, n in (m or {}).items():
        if r == "silver":
            parts.append(f"${n}")
        elif r == "gold":
            parts.append(f"{n} gold token{'s' * (n > 1)}")
        elif r == "vp":
            parts.append(f"{n} VP")
        elif r == "favor":
            parts.append(f"{n} favor{'s' * (n > 1)}")
        else:
            parts.append(f"{n} {r}")
    return sep.join(parts)


def op_text(op: dict) -> str:
    (k, v), = op.items()
    if k == "gain":
        return f"+{res_text(v)}"
    if k == "pay_gain":  # never paid for nothing: skipped when the gain would not fit whole
        room = " (if room)" if needs_room(v["gain"]) else ""
        return f"pay {res_text(v['pay'])} for {res_text(v['gain'])}{room}"
    if k == "gain_per":
        s = f"+{res_text(v['gain'])} per {per_text(v['per'], v.get('div', 1))}"
        return s + (f" (max {v['max']})" if "max" in v else "")
    if k == "retreat":
        return f"{v.title()} marker back 1"
    if k == "draw_equipment":
        return f"draw {v} equipment"
    return k


def mods_text(m: dict) -> str:
    parts = []
    for k, v in m.items():
        if k == "immune":
            parts.append("immune to " + "/".join(d.title() for d in v))
        elif k == "protect":
            for d, n in v.items():
                parts.append({"storm": f"Storm: {n} wagon{'s' * (n > 1)} safe",
                              "raid": f"Raid: ${n} safe",
                              "famine": f"Famine: {n} cattle fed free",
                              "disease": f"Disease: {n} townsfolk immune"}[d])
        elif k == "income":
            for f, n in v.items():
                parts.append(f"+${n} income" + ("" if f == "any" else f" on {f.title()}"))
        elif k == "action_bonus":
            for a, g in v.items():
                parts.append(f"{a.title()} action: +{res_text(g)}")
        elif k == "recruit_bonus":
            parts.append(f"recruiting: +{res_text(v)}")
        elif k == "face_change_cost":
            parts.append(f"face changes cost ${abs(v)} {'more' if v > 0 else 'less'}")
        elif k == "wagon_cost":
            parts.append(f"wagons cost ${abs(v)} {'more' if v > 0 else 'less'}")
        elif k == "town_cattle_vp":
            parts.append(f"+{v} VP per cattle at towns")
        elif k == "favor_bonus":
            parts.append(f"+{v} favor per town card")
    return "; ".join(parts)


def effect_text(e: dict | None) -> str:
    if e is None:
        return "No effect."
    if e["when"] == "ongoing":
        return "Always: " + mods_text(e["mods"])
    texts = [op_text(o) for o in e["do"]]
    ops = ", ".join(t + (f" (x{texts.count(t)})" if texts.count(t) > 1 else "") for t in dict.fromkeys(texts))
    if e["when"] == "trigger":
        return f"On {e['face'].title()}: {ops}"
    return f"{WHEN_TEXT[e['when']]}: {ops}"


def vp_text(vp: dict | None) -> str:
    if not vp:
        return ""
    if "fixed" in vp:
        return f"{vp['fixed']} VP"
    s = f"{vp['each']} VP per {per_text(vp['per'], vp.get('div', 1))}"
    return s + (f" (max {vp['max']})" if "max" in vp else "")


def needs_text(needs: dict) -> str:
    return ", ".join(f"${n}" if k == "silver" else
                     f"{n} {'gold token' if k == 'gold' else k}{'s' * (n > 1 and k in ('gold', 'equipment'))}"
                     for k, n in needs.items())


def start_text(st: dict) -> str:
    parts = [" + ".join(f"{w} wagon" for w in st["wagons"]), f"${st['silver']}"]
    for k in ("cattle", "wood", "medicine"):
        if st[k]:
            parts.append(f"{st[k]} {k}")
    if st["gold"]:
        parts.append(f"{st['gold']} gold token{'s' * (st['gold'] > 1)}")
    if st["equipment"]:
        parts.append(f"{st['equipment']} equipment")
    return ", ".join(parts)


def card(kind: str, cid: str) -> dict:
    """name, kind and text lines of any card, tile, town or pioneer ('standard' included)."""
    if kind == "townsfolk":
        c = TOWNSFOLK[cid]
        return {"name": c["name"], "kind": f"Townsfolk (set {c['set']})",
                "effect": effect_text(c["effect"]), "vp": vp_text(c["vp"])}
    if kind == "equipment":
        c = EQUIPMENT[cid]
        return {"name": c["name"], "kind": "Equipment", "effect": effect_text(c["effect"]),
                "vp": vp_text(c.get("vp"))}
    if kind == "town":
        c = TOWNS[cid]
        return {"name": c["name"], "kind": "Town card", "effect": "Needs " + needs_text(c["needs"]),
                "vp": f"{c['favors']} favor{'s' * (c['favors'] > 1)}"}
    c = STANDARD_PIONEER if cid == "standard" else PIONEERS[cid]
    return {"name": c["name"], "kind": "Pioneer", "effect": effect_text(c["ability"]),
            "vp": "Start: " + start_text(c["start"])}


def all_cards():
    """(kind, id) of every piece of content, in catalogue order."""
    yield "pioneer", "standard"
    for k, table in (("pioneer", PIONEERS), ("townsfolk", TOWNSFOLK), ("equipment", EQUIPMENT),
                     ("town", TOWNS)):
        for cid in table:
            yield k, cid
