"""Loads and validates the content data (see content/FORMAT.md). Content is data, not code."""

import json
import sys
from importlib import resources
from typing import Any, Final

from .constants import ACTIONS, DISASTERS, FACES
from .shape import Card

RES: Final = ("silver", "wood", "medicine", "cattle", "gold", "vp", "favor")
PAYABLE: Final = ("silver", "wood", "medicine", "cattle", "vp", "favor")
COUNTS: Final = ("cattle", "favor", "wagon", "small_wagon", "large_wagon", "gold_token", "equipment",
          "townsfolk", "wood", "medicine", "silver", "goods_set", "undamaged_wagon", "damage",
          "free_space")
TOWN_ITEMS: Final = ("wood", "medicine", "cattle", "silver", "gold", "equipment")
WHENS: Final = ("immediate", "trigger", "ongoing", "end_of_week")
MOD_KEYS: Final = ("immune", "protect", "income", "action_bonus", "recruit_bonus", "face_change_cost",
            "wagon_cost", "town_cattle_vp", "favor_bonus")


class ContentError(ValueError):
    pass


def _int(v, where, lo=0, hi=99):
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        raise ContentError(f"{where}: expected a whole number {lo}..{hi}, got {v!r}")


def _resmap(m, where, allowed=RES, lo=1):
    if not isinstance(m, dict) or not m:
        raise ContentError(f"{where}: expected a non-empty map of resources")
    for k, v in m.items():
        if k not in allowed:
            raise ContentError(f"{where}: unknown resource {k!r}")
        _int(v, f"{where}.{k}", lo)


def _op(op, where):
    if not isinstance(op, dict) or len(op) != 1:
        raise ContentError(f"{where}: an op is a map with exactly one key")
    (k, v), = op.items()
    w = f"{where}.{k}"
    if k == "gain":
        _resmap(v, w)
    elif k == "pay_gain":
        if not isinstance(v, dict) or set(v) != {"pay", "gain"}:
            raise ContentError(f"{w}: needs 'pay' and 'gain'")
        _resmap(v["pay"], w + ".pay", PAYABLE)
        _resmap(v["gain"], w + ".gain")
    elif k == "gain_per":
        if not isinstance(v, dict) or not {"gain", "per"} <= set(v) <= {"gain", "per", "div", "max"}:
            raise ContentError(f"{w}: needs 'gain' and 'per' (optional 'div', 'max')")
        _resmap(v["gain"], w + ".gain")
        if v["per"] not in COUNTS:
            raise ContentError(f"{w}: unknown count {v['per']!r}")
        _int(v.get("div", 1), w + ".div", 1)
        if "max" in v:
            _int(v["max"], w + ".max", 1)
    elif k == "retreat":
        if v not in DISASTERS:
            raise ContentError(f"{w}: unknown disaster {v!r}")
    elif k == "draw_equipment":
        _int(v, w, 1, 3)
    else:
        raise ContentError(f"{where}: unknown op {k!r}")


def _mods(m, where):
    if not isinstance(m, dict) or not m:
        raise ContentError(f"{where}: 'mods' must be a non-empty map")
    for k, v in m.items():
        w = f"{where}.{k}"
        if k == "immune":
            if not isinstance(v, list) or not v or any(d not in DISASTERS for d in v):
                raise ContentError(f"{w}: expected a list of disasters")
        elif k == "protect":
            if not isinstance(v, dict) or not v or any(d not in DISASTERS for d in v):
                raise ContentError(f"{w}: expected a map disaster -> amount")
            for d, n in v.items():
                _int(n, f"{w}.{d}", 1)
        elif k == "income":
            if not isinstance(v, dict) or not v or any(f not in FACES + ("any",) for f in v):
                raise ContentError(f"{w}: expected a map face -> amount")
            for f, n in v.items():
                _int(n, f"{w}.{f}", 1)
        elif k == "action_bonus":
            if not isinstance(v, dict) or not v or any(a not in ACTIONS for a in v):
                raise ContentError(f"{w}: expected a map action -> resources")
            for a, g in v.items():
                _resmap(g, f"{w}.{a}")
        elif k == "recruit_bonus":
            _resmap(v, w)
        elif k in ("face_change_cost", "wagon_cost"):
            _int(v, w, -9, 9)
        elif k in ("town_cattle_vp", "favor_bonus"):
            _int(v, w, 1, 5)
        else:
            raise ContentError(f"{where}: unknown mod {k!r}")


def check_effect(e, where, allow_null=False):
    if e is None:
        if allow_null:
            return
        raise ContentError(f"{where}: an effect is required")
    if not isinstance(e, dict) or e.get("when") not in WHENS:
        raise ContentError(f"{where}: effect 'when' must be one of {', '.join(WHENS)}")
    when = e["when"]
    if when == "ongoing":
        if set(e) != {"when", "mods"}:
            raise ContentError(f"{where}: an ongoing effect has exactly 'when' and 'mods'")
        _mods(e["mods"], where + ".mods")
        return
    keys = {"when", "do"} | ({"face"} if when == "trigger" else set())
    if set(e) != keys:
        raise ContentError(f"{where}: a {when} effect has exactly {sorted(keys)}")
    if when == "trigger" and e["face"] not in FACES:
        raise ContentError(f"{where}: unknown face {e['face']!r}")
    if not isinstance(e["do"], list) or not e["do"]:
        raise ContentError(f"{where}: 'do' must be a non-empty list of ops")
    for i, op in enumerate(e["do"]):
        _op(op, f"{where}.do[{i}]")


def check_vp(v, where):
    if not isinstance(v, dict):
        raise ContentError(f"{where}: vp must be a map")
    if set(v) == {"fixed"}:
        _int(v["fixed"], where + ".fixed", 0, 20)
        return
    if not {"per", "each"} <= set(v) <= {"per", "each", "div", "max"}:
        raise ContentError(f"{where}: vp is {{'fixed': n}} or {{'per', 'each'[, 'div', 'max']}}")
    if v["per"] not in COUNTS:
        raise ContentError(f"{where}: unknown count {v['per']!r}")
    _int(v["each"], where + ".each", 1, 10)
    _int(v.get("div", 1), where + ".div", 1)
    if "max" in v:
        _int(v["max"], where + ".max", 1)


def _named(item, kind, i, keys, optional=()):
    if not isinstance(item, dict):
        raise ContentError(f"{kind}[{i}]: expected an object")
    name = f"{kind} {item.get('id', i)!s} ({item.get('name', '?')})"
    missing = set(keys) - set(item)
    extra = set(item) - set(keys) - set(optional)
    if missing or extra:
        raise ContentError(f"{name}: missing {sorted(missing)} / unknown {sorted(extra)}")
    if not isinstance(item["name"], str) or not 1 <= len(item["name"]) <= 24:
        raise ContentError(f"{name}: name must be 1..24 characters")
    return name


def validate(data: dict) -> dict[str, dict[str, Card]]:
    """Checks every entry; returns {kind: {id: entry}}. Raises ContentError naming the card."""
    out = {}
    for kind in ("townsfolk", "equipment", "towns", "pioneers"):
        seen: dict[str, Card] = {}
        for i, item in enumerate(data.get(kind, [])):
            if kind == "townsfolk":
                name = _named(item, kind, i, ("id", "set", "name", "effect", "vp"))
                if item["set"] not in "ABCDE" or len(item["set"]) != 1:
                    raise ContentError(f"{name}: set must be one of A-E")
                check_effect(item["effect"], name, allow_null=True)
                check_vp(item["vp"], name)
            elif kind == "equipment":
                name = _named(item, kind, i, ("id", "name", "effect"), ("vp",))
                check_effect(item["effect"], name)
                if item["effect"]["when"] == "end_of_week":
                    raise ContentError(f"{name}: equipment cannot act at the end of the week")
                if "vp" in item:
                    check_vp(item["vp"], name)
            elif kind == "towns":
                name = _named(item, kind, i, ("id", "name", "needs", "favors"))
                _resmap(item["needs"], name + ".needs", TOWN_ITEMS)
                if item["needs"].get("equipment", 0) > 1:
                    raise ContentError(f"{name}: at most 1 equipment may be needed")
                _int(item["favors"], name + ".favors", 1, 4)
            else:
                name = _named(item, kind, i, ("id", "name", "start", "ability"))
                st = item["start"]
                if not isinstance(st, dict) or set(st) != set(STANDARD_START):
                    raise ContentError(f"{name}: start needs exactly {sorted(STANDARD_START)}")
                if not st["wagons"] or any(w not in ("small", "large") for w in st["wagons"]):
                    raise ContentError(f"{name}: start wagons must list 'small'/'large'")
                for k in STANDARD_START:
                    if k != "wagons":
                        _int(st[k], f"{name}.start.{k}", 0, 20)
                check_effect(item["ability"], name)
            if item["id"] in seen:
                raise ContentError(f"{name}: duplicate id")
            seen[item["id"]] = item
        out[kind] = seen
    return out


STANDARD_START: Final = ("wagons", "silver", "cattle", "wood", "medicine", "gold", "equipment")


def _interned(x: Any) -> Any:
    """x with every str in it (keys and values) interned: the content's ids, keys and names are then the very str
    objects of the rules' own literals and of the parsed action ids (api._parse), so the dict lookups they take part
    in (a card's "name", a trigger's face, a tile's id...) find them by identity instead of comparing characters."""
    if isinstance(x, str):
        return sys.intern(x)
    if isinstance(x, dict):
        return {sys.intern(k): _interned(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_interned(v) for v in x]
    return x


def _load() -> dict[str, dict[str, Card]]:
    base = resources.files(__package__) / "content"
    data = {}
    for kind in ("townsfolk", "equipment", "towns", "pioneers"):
        f = base / f"{kind}.json"
        data[kind] = _interned(json.loads(f.read_text(encoding="utf-8"))) if f.is_file() else []
    return validate(data)


CONTENT: Final = _load()
TOWNSFOLK: Final = CONTENT["townsfolk"]
EQUIPMENT: Final = CONTENT["equipment"]
TOWNS: Final = CONTENT["towns"]
PIONEERS: Final = CONTENT["pioneers"]
