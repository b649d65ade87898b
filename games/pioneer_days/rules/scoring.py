"""Final scoring (also used for the running score shown during the game)."""

from collections.abc import Mapping
from typing import Any, Final

from .cards import EQUIPMENT, TOWNSFOLK
from .constants import DAMAGE_VP, FAVOR_MAJORITY_VP, FAVOR_VP
from .effects import vp_of
from .shape import Breakdown, Result

CATEGORIES: Final = ("gold", "favors", "majority", "townsfolk", "equipment", "damage", "game")


def breakdown(state: Mapping[str, Any], seat: int) -> Breakdown:
    """VP by category so far (`state` may be a view: others' gold tokens then count 0)."""
    return _breakdown(state["players"][seat], max([q["favors"] for q in state["players"]]))


def _breakdown(p: Mapping[str, Any], top: int) -> Breakdown:
    """breakdown of the player p, `top` the most favors anyone has (results() finds it once for every seat)."""
    folk = tiles = 0  # (loops: cheaper than sum() of a generator, and a playout ends with four of these)
    for t in p["townsfolk"]:
        folk += vp_of(p, TOWNSFOLK[t]["vp"])
    for t in p["equipment"]:
        tiles += vp_of(p, EQUIPMENT[t].get("vp"))
    damage = 0  # (count(p, "damage"), written out: a loop, where count's was a generator summed)
    for w in p["wagons"]:
        damage += w["damage"]
    b: Breakdown = {
        "gold": sum(p["gold"]),
        "favors": FAVOR_VP * p["favors"],
        # "if you have (or are tied for) the most favor tokens": nobody having a favor, all are tied
        "majority": FAVOR_MAJORITY_VP if p["favors"] == top else 0,
        "townsfolk": folk,
        "equipment": tiles,
        "damage": DAMAGE_VP * damage,
        "game": p["vp"],
        "total": 0,
    }
    b["total"] = b["gold"] + b["favors"] + b["majority"] + folk + tiles + b["damage"] + b["game"]  # (CATEGORIES)
    return b


def results(state: Mapping[str, Any]) -> list[Result]:
    """Per player: breakdown, silver, rank (1 = best; equal keys share a rank), winner flag."""
    players = state["players"]
    top = max([q["favors"] for q in players])
    scores = [(p["seat"], _breakdown(p, top), p["silver"]) for p in players]
    keys = sorted({(b["total"], silver) for _, b, silver in scores}, reverse=True)
    rows: list[Result] = []
    for seat, b, silver in scores:
        key = (b["total"], silver)
        rows.append({"seat": seat, "vp": b, "total": b["total"], "silver": silver,
                     "rank": 1 + sum(1 for _, q, qs in scores if (q["total"], qs) > key),
                     "winner": key == keys[0]})
    return rows
