"""Our section generator (RULES.md R2): every section it makes is within the budget and passes the checks, the
same seed gives the same section, and the checks refuse sections that break the budget."""

import pytest

from games.hexholm.rules import sections
from games.hexholm.rules.constants import (
    KEEP,
    LAKE,
    LAKE_MAX,
    PEAKS,
    PEAKS_MAX,
    TERRAIN_MAX,
    TERRAIN_MIN,
    TERRAINS,
)

SPOT = sections.SPOT


def test_r2_two_hundred_sections_within_the_budget():
    lakes, peaks, one_keep = [], [], 0
    for seed in range(200):
        text = sections.section(seed)
        assert sections.problems(text) == [], seed
        assert all(TERRAIN_MIN <= text.count(t) <= TERRAIN_MAX for t in TERRAINS)
        lakes.append(text.count(LAKE))
        peaks.append(text.count(PEAKS))
        one_keep += text.count(KEEP) == 1
        assert text.count(KEEP) + text.count(SPOT) == 3
    assert max(lakes) <= LAKE_MAX and max(peaks) <= PEAKS_MAX
    assert 10 <= sum(lakes) / 200 <= 22 and 3 <= sum(peaks) / 200 <= 10  # near the published mean (17, 7)
    assert 0.6 <= one_keep / 200 <= 0.9  # three times in four, one keep


def test_r2_the_same_seed_the_same_section_and_board():
    assert sections.section(42) == sections.section(42) and sections.section(42) != sections.section(43)
    assert sections.make(5) == sections.make(5)


def test_r2_specials_off_the_edge_apart_and_open():
    for seed in range(60):
        text = sections.section(seed)
        specials = [h for h in range(100) if text[h] in (KEEP, SPOT)]
        assert not set(specials) & set(sections.RIM)
        assert all(sections.steps(a, b) >= 3 for a in specials for b in specials if a != b)
        assert all(sum(1 for n in sections.NEAR[h] if text[n] in TERRAINS) >= 3 for h in specials)


def _swap(text: str, i: int, ch: str) -> str:
    return text[:i] + ch + text[i + 1:]


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_r2_the_checks_refuse_what_breaks_the_budget(seed):
    text = sections.section(seed)
    land = [h for h in range(100) if text[h] in TERRAINS]
    too_much = text
    for h in land:  # one terrain over its most
        if too_much.count("g") > TERRAIN_MAX:
            break
        too_much = _swap(too_much, h, "g")
    assert sections.problems(too_much)
    rim = next(h for h in sections.RIM if text[h] in TERRAINS)
    special = next(h for h in range(100) if text[h] == KEEP)
    moved = _swap(_swap(text, special, text[rim]), rim, KEEP)
    assert any("edge" in p for p in sections.problems(moved))
    walled = text
    for h in sections.NEAR[land[len(land) // 2]]:  # a hex of land walled in by peaks
        walled = _swap(walled, h, PEAKS)
    assert sections.problems(walled)
    assert sections.problems(text[:99])
