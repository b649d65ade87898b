"""Scoring (RULES.md "Scoring"): a line's points, the tourist track, interchanges, the shared objectives,
the totals and the ranks."""

from collections.abc import Mapping
from typing import Any

from .constants import (
    CROSSING_POINTS,
    INTERCHANGE_POINTS,
    OBJECTIVE_CROSSINGS,
    OBJECTIVE_INTERCHANGES,
    OBJECTIVE_POINTS,
    SOLO_BANDS,
    SOLO_MODULE_PENALTY,
    TOURIST_TRACK,
)
from .edition import needs_section, passes_count
from .maps import Map


def districts(m: Map, stations: list[int], sections: list[int], *, ed: int) -> tuple[set[int], set[int]]:
    """The districts a line passes through (R25): those with a station of it, and those only its sections
    cross (no station of the line in them; edition 1: none of those counts)."""
    stopped = {m.district[s] for s in stations}
    crossed: set[int] = set()
    if passes_count(ed):
        for k in sections:
            crossed |= m.passes[k]
    return stopped, crossed - stopped


def line_parts(m: Map, stations: list[int], sections: list[int], circled: int | None = None, *, ed: int) -> dict:
    """A line's districts (every one it passes through, edition `ed`'s way), its most stations in one district
    (a circled station counts twice), its river crossings, its tourist sites, and its points: districts x
    most + 2 x crossings."""
    per: dict[int, int] = {}
    for s in stations:
        per[m.district[s]] = per.get(m.district[s], 0) + (2 if s == circled else 1)
    stopped, crossed = districts(m, stations, sections, ed=ed)
    count = len(stopped) + len(crossed)
    most = max(per.values(), default=0)
    crossings = sum(1 for k in sections if m.crosses_river[k])
    return {"districts": count, "most": most, "crossings": crossings,
            "tourists": sum(1 for s in stations if m.tourist[s]),
            "points": count * most + CROSSING_POINTS * crossings}


def tourist_points(crossed: int) -> int:
    return TOURIST_TRACK[min(crossed, len(TOURIST_TRACK) - 1)]


def through(line: Mapping[str, Any], ed: int) -> bool:
    """Whether a line goes through its stations (R28: only once it has a section; edition 1: always)."""
    return bool(line["sections"]) or not needs_section(ed)


def interchanges(m: Map, lines: Mapping[str, Mapping[str, Any]], *, ed: int) -> dict[int, int]:
    """Station -> how many different colours' lines go through it (2 or more only). A line with no section
    goes through no station, not even its departure (R28)."""
    count: dict[int, int] = {}
    for line in lines.values():
        if not through(line, ed):
            continue
        for s in set(line["stations"]):
            count[s] = count.get(s, 0) + 1
    return {s: n for s, n in count.items() if n >= 2}


def objective_met(m: Map, key: str, lines: Mapping[str, Mapping[str, Any]], *, ed: int) -> bool:
    stations = {s for line in lines.values() for s in line["stations"]}
    if key == "interchanges":
        return len(interchanges(m, lines, ed=ed)) >= OBJECTIVE_INTERCHANGES
    if key == "every_district":
        return {m.district[s] for s in stations} == set(range(13))
    if key == "every_tourist":
        return all(s in stations for s in range(m.stations) if m.tourist[s])
    if key == "whole_centre":
        return all(s in stations for s in range(m.stations) if m.district[s] == 4)
    if key == "crossings":
        return sum(1 for line in lines.values() for k in line["sections"] if m.crosses_river[k]) >= OBJECTIVE_CROSSINGS
    raise KeyError(key)


def sheet(m: Map, p: Mapping[str, Any], objectives: list[str], *, ed: int) -> dict:
    """A player's whole score: the scored lines, the tourist track, interchanges, objectives, total."""
    lines = p["scored"]
    change = interchanges(m, p["lines"], ed=ed)
    inter = sum(INTERCHANGE_POINTS[min(n, 4)] for n in change.values())
    met = [k for k in objectives if objective_met(m, k, p["lines"], ed=ed)]
    out = {"lines": sum(x["points"] for x in lines.values()), "tourists": tourist_points(p["crossed"]),
           "interchanges": inter, "objectives": OBJECTIVE_POINTS * len(met)}
    out["total"] = sum(out.values())
    out["best_line"] = max((x["points"] for x in lines.values()), default=0)
    out["met"] = met
    out["interchange_count"] = len(change)
    return out


def ranks(sheets: list[dict]) -> list[int]:
    """Ranks by total, then by the best single line; equal keys share a rank (the seeds' tie-break)."""
    keys = [(s["total"], s["best_line"]) for s in sheets]
    return [1 + sum(1 for k in keys if k > mine) for mine in keys]


def solo_band(total: int, modules: int) -> int:
    """0..5: the solo rating's band of a total (less 10 per module in play)."""
    score = total - SOLO_MODULE_PENALTY * modules
    return sum(1 for limit in SOLO_BANDS if score > limit)
