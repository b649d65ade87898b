"""Next Station's maps, clauses R38-R40 of games/next_station/RULES.md: every map of ours is one we can play
and a fair one, the generator makes the same valid, fair map from the same seed, an unfair map is found
unfair, and the day's map is the day's."""

import datetime as dt
import functools
import json

import pytest

from games.next_station import mapgen
from games.next_station.ai import greedy
from games.next_station.play import RULES, map_for
from games.next_station.rules import engine as ns
from games.next_station.rules import maps
from games.next_station.rules.constants import ANY, COLOURS, SIZE
from games.next_station.rules.maps import MAPS, build, problems

HOUSE = sorted(MAPS.glob("*.json"))
SEEDS = (20000, 20001)  # the first two days' maps of 2026


def house(path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


@functools.cache
def generated(seed: int) -> dict:
    return mapgen.generate(seed)


def test_there_is_a_house_map():
    assert "larkhaven" in [p.stem for p in HOUSE]


@pytest.mark.parametrize("path", HOUSE, ids=lambda p: p.stem)
def test_R38_every_map_of_ours_has_no_problems(path):
    data = house(path)
    m = build(data)
    assert problems(m) == []
    assert data["key"] == path.stem
    assert 50 <= m.stations <= 56 and sum(m.tourist) == 5
    assert sorted(m.district[d] for d in m.departures.values()) == [1, 3, 5, 7]  # next to the centre


@pytest.mark.parametrize("path", HOUSE, ids=lambda p: p.stem)
def test_R39_every_map_of_ours_is_fair(path):
    worth = mapgen.colour_worth(house(path))
    assert set(worth) == set(COLOURS)
    assert mapgen.spread(worth) <= mapgen.FAIR, worth
    assert mapgen.fair(house(path))


@pytest.mark.parametrize("seed", SEEDS)
def test_R38_R39_generate_makes_the_same_valid_fair_map_from_a_seed(seed):
    data = generated(seed)
    assert mapgen.generate(seed) == data  # made again: the same map
    assert json.loads(json.dumps(data)) == data  # JSON-ready
    m = build(data)
    assert problems(m) == [] and data["key"] == f"gen-{seed}"
    assert m.stations == mapgen.STATIONS
    assert sorted(m.district[d] for d in m.departures.values()) == [1, 3, 5, 7]
    assert mapgen.keep(data) and mapgen.fair(data)
    assert maps.load(f"gen-{seed}").xy == m.xy  # the key the rules know it by


def test_R38_another_seed_another_map():
    assert generated(SEEDS[0])["stations"] != generated(SEEDS[1])["stations"]


def boxed_in(data: dict, colour: str) -> dict:
    """The map with a pentagon station at every point two steps or less from the colour's departure (the
    other departures and the central station kept): that line leaves only on a pentagon or a joker, and
    goes on from there the same way."""
    stations = [list(s) for s in data["stations"]]
    x, y = stations[data["departures"][colour]][:2]
    at = {(s[0], s[1]): s for s in stations}
    departures = {tuple(stations[i][:2]) for i in data["departures"].values()}
    for px in range(max(0, x - 2), min(SIZE, x + 3)):
        for py in range(max(0, y - 2), min(SIZE, y + 3)):
            if (px, py) in departures:
                continue
            if (px, py) not in at:
                stations.append([px, py, "pentagon", False])
            elif at[(px, py)][2] != ANY:
                at[(px, py)][2] = "pentagon"
    return {**data, "stations": stations}


def test_R39_a_boxed_in_departure_is_found_unfair():
    data = house(MAPS / "larkhaven.json")
    boxed = boxed_in(data, "blue")
    worth = mapgen.colour_worth(boxed)
    assert min(worth, key=worth.__getitem__) == "blue"
    assert mapgen.spread(worth) > mapgen.FAIR and not mapgen.fair(boxed)
    assert mapgen.fair(data)


def test_R39_colour_worth_is_the_easy_ai_playing_the_rules():
    """The fast path (the engine on plain states, the map under a trial key) plays what the host plays."""
    data = house(MAPS / "larkhaven.json")
    samples = 3
    fast = mapgen.colour_points(data, samples)
    for i in range(samples):
        for colour in COLOURS:
            state, _ = RULES.new_game(RULES.config({"map": "larkhaven"}, ["solo"]), mapgen.SAMPLE_SEED + i)
            for c in (colour, *[x for x in COLOURS if x != colour][:2]):  # (the pencils' order: R11)
                state = RULES.apply(state, f"0:pencil:{c}").state
            while state["round"] == 1:
                state = RULES.apply(state, greedy.choose_greedy(state, 0, i).id).state
            assert state["players"][0]["scored"][colour]["points"] == fast[colour][i]
    assert ns.load is maps.load and greedy.load is maps.load  # the rules find their maps as before


def test_R40_the_daily_seed_of_a_date_is_stable():
    assert mapgen.daily_seed(dt.date(2026, 1, 1)) == 20000
    assert mapgen.daily_seed(dt.date(2026, 12, 2)) == 20335
    assert mapgen.daily_seed(dt.date(2027, 1, 1)) == 20365
    key, deck, _day = map_for("daily", dt.date(2026, 1, 2))
    assert (key, deck) == ("gen-20001", 20001)
