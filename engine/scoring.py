"""Final scoring (also used for the running score shown during the game)."""

from .cards import EQUIPMENT, TOWNSFOLK
from .constants import DAMAGE_VP, FAVOR_MAJORITY_VP, FAVOR_VP
from .effects import count, vp_of

CATEGORIES = ("gold", "favors", "majority", "townsfolk", "equipment", "damage", "game")


def breakdown(state: dict, seat: int) -> dict:
    p = state["players"][seat]
    top = max(q["favors"] for q in state["players"])
    b = {
        "gold": sum(p["gold"]),
        "favors": FAVOR_VP * p["favors"],
        # "if you have (or are tied for) the most favor tokens": nobody having a favor, all are tied
        "majority": FAVOR_MAJORITY_VP if p["favors"] == top else 0,
        "townsfolk": sum(vp_of(p, TOWNSFOLK[t]["vp"]) for t in p["townsfolk"]),
        "equipment": sum(vp_of(p, EQUIPMENT[t].get("vp")) for t in p["equipment"]),
        "damage": DAMAGE_VP * count(p, "damage"),
        "game": p["vp"],
    }
    b["total"] = sum(b[c] for c in CATEGORIES)
    return b


def results(state: dict) -> list:
    """Per player: breakdown, silver, rank (1 = best; equal keys share a rank), winner flag."""
    rows = []
    for p in state["players"]:
        b = breakdown(state, p["seat"])
        rows.append({"seat": p["seat"], "vp": b, "total": b["total"], "silver": p["silver"]})
    keys = sorted({(r["total"], r["silver"]) for r in rows}, reverse=True)
    for r in rows:
        key = (r["total"], r["silver"])
        r["rank"] = 1 + sum(1 for q in rows if (q["total"], q["silver"]) > key)
        r["winner"] = key == keys[0]
    return rows
