"""Next Station's rules, clause by clause (games/next_station/RULES.md R1-R40; the maps' clauses R38-R40 in
test_maps.py). Each test names its clause."""

import copy

import pytest

from games.next_station.play import RULES, map_for
from games.next_station.rules import engine as ns
from games.next_station.rules import scoring
from games.next_station.rules.constants import (
    ANY,
    COLOURS,
    INTERCHANGE_POINTS,
    JOKER,
    SLOTS,
    STREET,
    SYMBOLS,
    TOURIST_TRACK,
    UNDERGROUND,
)
from games.next_station.rules.maps import build, district_of, load, passed

MAP = "larkhaven"


def game(players=2, seed=1, objectives=False, powers=False):
    cfg = ns.config_of(players, [f"p{i}" for i in range(players)], MAP, objectives, powers)
    return RULES.new_game(cfg, seed)


def apply(state, aid):
    r = RULES.apply(state, aid)
    assert r.ok, (aid, r.reason)
    return r.state, r.events


def with_card(state, symbol, kind="street", branch=False):
    """The state with this card to answer (everyone deciding)."""
    s = copy.deepcopy(state)
    s["card"] = {"kind": kind, "symbol": symbol}
    s["branch"] = branch
    for p in s["players"]:
        p["pending"] = {"step": "draw"}
    return s


def draws(state, seat, verb="draw"):
    return [a.id for a in RULES.legal_actions(state, seat) if a.id.split(":")[1] == verb]


def solo(seed=1, order=("blue", "pink", "green"), powers=False):
    """A solo game once its pencils' order is chosen (R11): the first card to answer."""
    s, _ = game(1, seed, powers=powers)
    for colour in order:
        s, _ = apply(s, f"0:pencil:{colour}")
    return s


# ---- players and material -------------------------------------------------------------------------
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_R1_one_to_four_players_each_with_a_map(players):
    s, _ = game(players)
    assert len(s["players"]) == players
    with pytest.raises(ValueError):
        ns.config_of(5, ["a"] * 5, MAP, False, False)


def test_R2_a_lattice_of_symbols_and_one_central_station():
    m = load(MAP)
    assert all(0 <= x < 10 and 0 <= y < 10 for x, y in m.xy)
    assert m.symbol.count(ANY) == 1 and set(m.symbol) == {*SYMBOLS, ANY}
    assert ns.matches(m, m.central, "square") and ns.matches(m, m.central, "circle")


def test_R3_thirteen_districts_corners_alone_the_centre_holds_the_central_station():
    m = load(MAP)
    assert sorted(set(m.district)) == list(range(13))
    for corner, d in (((0, 0), 9), ((9, 0), 10), ((0, 9), 11), ((9, 9), 12)):
        assert district_of(*corner, (3, 7)) == d
    assert m.district[m.central] == 4
    assert district_of(5, 5, (3, 7)) == 4 and district_of(1, 1, (3, 7)) == 0


def test_R4_a_section_across_the_river_is_a_crossing():
    m = load(MAP)
    assert any(m.crosses_river) and not all(m.crosses_river)
    data = {"key": "t", "name": "t", "stations": [[0, 0, "circle", 0], [0, 2, "square", 0]],
            "departures": {c: 0 for c in COLOURS}, "river": [[-1, 1.0], [3, 1.0]]}
    data["stations"] += [[5, 5, ANY, 1]]
    tiny = build(data)
    assert tiny.crosses_river[tiny.section_of[(0, 1)]]


def test_R5_five_tourist_sites_the_central_station_one_of_them():
    m = load(MAP)
    assert sum(m.tourist) == 5 and m.tourist[m.central]


def test_R6_four_colours_each_with_its_departure_which_others_may_pass():
    m = load(MAP)
    assert set(m.departures) == set(COLOURS) and len(set(m.departures.values())) == 4
    # another colour's line may reach a departure: nothing in the rules forbids it
    s = with_card(game(2)[0], JOKER)
    p = s["players"][0]
    other = next(d for c, d in m.departures.items() if c != p["colour"])
    start = p["lines"][p["colour"]]["stations"][0]
    assert other not in p["lines"][p["colour"]]["stations"] and start != other


def test_R7_potential_sections_join_stations_in_eight_directions_with_none_between():
    m = load(MAP)
    at = {p: i for i, p in enumerate(m.xy)}
    for a, b in m.sections:
        (x0, y0), (x1, y1) = m.xy[a], m.xy[b]
        dx, dy = x1 - x0, y1 - y0
        assert dx == 0 or dy == 0 or abs(dx) == abs(dy)
        steps = max(abs(dx), abs(dy))
        between = [(x0 + dx // steps * k, y0 + dy // steps * k) for k in range(1, steps)]
        assert not any(p in at for p in between)


def test_R8_eleven_cards_five_underground_six_street():
    assert len(UNDERGROUND) == 5 and len(STREET) == 6 and "switch" in STREET and "switch" not in UNDERGROUND
    s, _ = game(2)
    assert len(s["deck"]) + len(s["flipped"]) == 11
    assert sorted(c["kind"] for c in s["deck"] + s["flipped"]).count("underground") == 5
    m = load(MAP)
    assert all(ns.matches(m, i, JOKER) for i in range(m.stations))


# ---- a game and a round ---------------------------------------------------------------------------
def play_out(state, pick=lambda acts: acts[-1]):
    """Plays to the end choosing pick(actions) for the first decider; returns the state and every event."""
    events = []
    while not RULES.is_over(state):
        acts = RULES.legal_actions(state, RULES.deciders(state)[0])
        state, evs = apply(state, pick(acts).id)
        events += evs
    return state, events


def test_R9_four_rounds_a_line_a_round():
    s, events = play_out(game(3, 4)[0])
    assert [e["round"] for e in events if e["type"] == "round_scored"] == [1, 2, 3, 4]
    assert all(len(p["scored"]) == 4 for p in s["players"])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_R10_each_player_each_colour_once_passing_left(players):
    s, events = play_out(game(players, 5)[0])
    rounds = [e["colours"] for e in events if e["type"] == "round_started"]
    first, _ = game(players, 5)
    rounds = [[p["colour"] for p in first["players"]]] + rounds
    assert len(rounds) == 4
    for seat in range(players):
        assert sorted(r[seat] for r in rounds) == sorted(COLOURS)
    for r in rounds:
        assert len(set(r)) == players
    # each round a player takes the pencil of the place on their right
    for k in range(3):
        for seat in range(players):
            place = SLOTS[players][seat]
            assert COLOURS.index(rounds[k + 1][seat]) == (COLOURS.index(rounds[k][seat]) - 1) % 4 == \
                (place - k - 1) % 4


def test_R11_solo_sets_the_pencils_order_before_the_first_card():
    s, _ = game(1, 2)
    deck = s["deck"] + s["flipped"]
    assert s["stage"] == "pencil" and [a.id for a in RULES.legal_actions(s)] == [f"0:pencil:{c}" for c in COLOURS]
    s, events = apply(s, "0:pencil:green")
    assert s["stage"] == "pencil" and not s["flipped"] and s["players"][0]["colour"] is None  # no card yet
    assert [a.id for a in RULES.legal_actions(s)] == ["0:pencil:blue", "0:pencil:pink", "0:pencil:orange"]
    assert events == [{"type": "pencil_chosen", "seat": 0, "colour": "green", "round": 1}]
    s, _ = apply(s, "0:pencil:orange")
    s, events = apply(s, "0:pencil:blue")  # the last round's pencil: the one left
    assert s["players"][0]["order"] == ["green", "orange", "blue", "pink"]
    assert [e["colour"] for e in events if e["type"] == "pencil_chosen"] == ["blue", "pink"]
    assert s["stage"] == "build" and s["players"][0]["colour"] == "green" and s["flipped"]
    assert s["flipped"] + s["deck"] == deck  # (the same cards as without the choice)
    # no pencil decision later: each round draws with the next pencil of the order
    seen = []
    while not RULES.is_over(s):
        assert s["players"][0]["pending"]["step"] != "pencil"
        seen.append(s["players"][0]["colour"])
        s, _ = apply(s, RULES.legal_actions(s, 0)[-1].id)
    assert list(dict.fromkeys(seen)) == s["players"][0]["used"] == ["green", "orange", "blue", "pink"]


def test_R12_each_round_the_cards_are_shuffled_and_lines_start_at_their_departure():
    s, _ = game(2, 8)
    m = load(MAP)
    for p in s["players"]:
        assert p["lines"][p["colour"]] == {"stations": [m.departures[p["colour"]]], "sections": []}
    orders = set()
    state = s
    while not RULES.is_over(state):
        before = state["round"]
        acts = RULES.legal_actions(state, RULES.deciders(state)[0])
        state, evs = apply(state, acts[-1].id)
        if state["round"] != before and state["stage"] != "over":
            orders.add(tuple(c["symbol"] for c in state["flipped"] + state["deck"]))
    assert len(orders) >= 2  # new orders, round after round


def test_R13_everyone_answers_each_card_at_once_and_may_pass():
    s = with_card(game(3, 1)[0], JOKER)
    assert RULES.deciders(s) == [0, 1, 2] and RULES.simultaneous(s)
    for seat in range(3):
        assert f"{seat}:pass" in [a.id for a in RULES.legal_actions(s, seat)]
    s2, _ = apply(s, "1:pass")
    assert RULES.deciders(s2) == [0, 2]  # the others still answer the same card
    assert s2["card"] == s["card"]


def test_R14_the_round_ends_once_the_fifth_underground_card_is_answered():
    counted = 0
    for seed in range(1, 30):
        s, _ = game(2, seed)
        seen = []
        while s["round"] == 1:
            answered = sum(1 for c in s["flipped"] if c["symbol"] != "switch")  # a switch is no card to answer
            seen.append((s["undergrounds"], answered))
            acts = RULES.legal_actions(s, RULES.deciders(s)[0])
            s, _ = apply(s, acts[-1].id)
        last_u, answered = seen[-1]
        assert last_u == 5 and 5 <= answered <= 10
        counted += 1
    assert counted == 29


def _deck_with(first: list[str]) -> list[dict]:
    cards = [{"kind": "street", "symbol": x} for x in first]
    rest = [{"kind": "underground", "symbol": x} for x in UNDERGROUND]
    rest += [{"kind": "street", "symbol": x} for x in STREET if x not in first]
    return cards + rest


def test_R15_a_switch_lets_this_turns_section_start_anywhere_and_the_next_card_comes_at_once():
    s = copy.deepcopy(solo(1))
    s["deck"] = _deck_with(["circle", "square", "switch"])
    s["flipped"], s["undergrounds"], s["card"] = [], 0, None
    events: list = []
    ns._flip(s, events)  # the circle
    assert s["card"]["symbol"] == "circle"
    s["players"][0]["pending"] = None
    ns._next_card(s, events)  # the square
    s["players"][0]["pending"] = None
    ns._next_card(s, events)  # the switch, then the next card at once
    flips = [e for e in events if e["type"] == "card_flipped"]
    assert [f["card"]["symbol"] for f in flips][2:4] == ["switch", UNDERGROUND[0]] and s["branch"]
    m = load(MAP)
    line = s["players"][0]["lines"]["blue"]
    assert ns.starts(m, line, True) == list(dict.fromkeys(line["stations"]))


def test_R16_a_switch_among_the_first_two_cards_does_nothing():
    s = copy.deepcopy(solo(1))
    s["deck"] = _deck_with(["switch"])
    s["flipped"], s["undergrounds"], s["card"], s["branch"] = [], 0, None, False
    events: list = []
    ns._flip(s, events)
    first = [e for e in events if e["type"] == "card_flipped"][0]
    assert first["card"]["symbol"] == "switch" and first["ignored"] and not s["branch"]
    assert s["card"] is not None and len(s["flipped"]) == 2


def test_R17_a_player_without_a_choice_is_not_asked():
    s = with_card(game(2, 1)[0], "circle")
    m = load(MAP)
    p = s["players"][0]
    line = p["lines"][p["colour"]]
    events: list = []
    # box seat 0 in: every section from its departure already drawn by another line of its own
    p["lines"]["_wall"] = {"stations": [], "sections": [k for _b, k in m.neighbours[line["stations"][0]]]}
    s["players"][0]["pending"] = None
    s["players"][1]["pending"] = None
    s["card"] = None
    s["deck"] = [{"kind": "street", "symbol": "circle"}] + s["deck"]
    ns._flip(s, events)
    assert s["players"][0]["pending"] is None and 0 not in RULES.deciders(s)


# ---- drawing a section ----------------------------------------------------------------------------
def test_R18_the_first_section_from_the_departure_later_ones_from_either_end():
    s = with_card(game(2, 2)[0], JOKER)
    m = load(MAP)
    p = s["players"][0]
    dep = m.departures[p["colour"]]
    assert {int(a.split(":")[2]) for a in draws(s, 0)} == {dep}
    first = draws(s, 0)[0]
    s2, _ = apply(s, first)
    s2 = with_card(s2, JOKER)
    end = int(first.split(":")[3])
    assert {int(a.split(":")[2]) for a in draws(s2, 0)} <= {dep, end}


def test_R19_a_section_reaches_a_station_of_the_cards_symbol_or_the_central_one():
    m = load(MAP)
    for symbol in SYMBOLS:
        s = with_card(game(2, 3)[0], symbol)
        for a in draws(s, 0):
            to = int(a.split(":")[3])
            assert m.symbol[to] in (symbol, ANY)
            assert m.section_of[(int(a.split(":")[2]), to)] is not None


def test_R20_no_station_of_the_line_twice():
    s = with_card(game(2, 2)[0], JOKER)
    for _ in range(4):
        acts = draws(s, 0)
        if not acts:
            break
        s, _ = apply(s, acts[0])
        s = with_card(s, JOKER)
        on = set(s["players"][0]["lines"][s["players"][0]["colour"]]["stations"])
        assert all(int(a.split(":")[3]) not in on for a in draws(s, 0))


def test_R21_each_potential_section_once_on_a_map_whatever_the_colour():
    s = with_card(game(2, 2)[0], JOKER)
    m = load(MAP)
    p = s["players"][0]
    dep = m.departures[p["colour"]]
    b, k = m.neighbours[dep][0]
    p["lines"]["other"] = {"stations": [b, dep], "sections": [k]}  # another colour drew it
    assert f"0:draw:{dep}:{b}" not in draws(s, 0)


def test_R22_no_section_across_one_already_drawn():
    m = load(MAP)
    k, crossed = next((k, next(iter(c))) for k, c in enumerate(m.conflicts) if c)
    s = with_card(game(2, 2)[0], JOKER)
    p = s["players"][0]
    a, b = m.sections[crossed]
    p["lines"]["other"] = {"stations": [a, b], "sections": [crossed]}
    c, d = m.sections[k]
    line = p["lines"][p["colour"]]
    line["stations"] = [c]
    assert f"0:draw:{c}:{d}" not in draws(s, 0)
    del p["lines"]["other"]
    assert f"0:draw:{c}:{d}" in draws(s, 0)


# ---- scoring --------------------------------------------------------------------------------------
def test_R23_R24_a_lines_points_multiply_the_departure_counting():
    m = load(MAP)
    dep = m.departures["blue"]
    same = [t for t, _k in m.neighbours[dep] if m.district[t] == m.district[dep]]
    if same:
        t = same[0]
        parts = scoring.line_parts(m, [dep, t], [m.section_of[(dep, t)]], ed=2)
        assert parts["districts"] == 1 and parts["most"] == 2
    parts = scoring.line_parts(m, [dep], [], ed=2)
    assert parts == {**parts, "districts": 1, "most": 1, "points": 1}  # the departure alone counts
    # six districts, at most three stations in one, one crossing: 6 x 3 + 2 = 20 (the rulebook's example)
    assert 6 * 3 + 2 * 1 == 20


def test_R25_a_district_a_section_passes_through_counts_without_a_station():
    m = load(MAP)
    k = m.section_of[(m.central, 6)]  # the central station (4,5) to the corner (0,9): over (3,6) (2,7) (1,8)
    assert [m.district[s] for s in (m.central, 6)] == [4, 11]
    parts = scoring.line_parts(m, [m.central, 6], [k], ed=2)
    assert parts["districts"] == 3 and parts["most"] == 1 and parts["points"] == 3
    assert m.passes[k] == {4, 6, 11}
    assert scoring.districts(m, [m.central, 6], [k], ed=2) == ({4, 11}, {6})
    crossing = [k for k, (a, b) in enumerate(m.sections) if m.passes[k] - {m.district[a], m.district[b]}]
    assert len(crossing) >= 5  # the map has sections over a district without stopping there
    for k in crossing:
        a, b = m.sections[k]
        assert scoring.line_parts(m, [a, b], [k], ed=2)["districts"] == len(m.passes[k]) > \
            len({m.district[a], m.district[b]})


def test_R25_a_diagonal_touching_a_corner_of_districts_does_not_pass_through_them():
    # (2,3) to (3,2) meets the corner where districts 0, 1, 3 and 4 touch: it passes through 3 and 1 only
    assert passed((2, 3), (3, 2), (3, 7)) == {3, 1}
    assert passed((2, 2), (4, 4), (3, 7)) == {0, 4}  # over (3,3): the centre, not 1 or 3
    assert passed((0, 1), (0, 5), (3, 7)) == {0, 3}
    assert passed((1, 0), (0, 1), (3, 7)) == {0}  # beside the corner station, not through its district


def test_R26_each_tourist_site_on_a_line_crosses_a_circle():
    s, _ = play_out(game(2, 9)[0], pick=lambda acts: acts[0])
    m = load(MAP)
    for p in s["players"]:
        expected = sum(sum(1 for st in ln["stations"] if m.tourist[st]) for ln in p["lines"].values())
        assert p["crossed"] == expected


def test_R27_the_tourist_track():
    assert [scoring.tourist_points(n) for n in range(11)] == list(TOURIST_TRACK) == \
        [0, 1, 2, 4, 6, 8, 11, 14, 17, 21, 25]
    assert scoring.tourist_points(14) == 25


def test_R28_interchanges_by_their_colours():
    m = load(MAP)
    lines = {"blue": {"stations": [1, 2, 3], "sections": [0, 1]}, "pink": {"stations": [3, 4], "sections": [2]},
             "green": {"stations": [3, 2], "sections": [3]}, "orange": {"stations": [9, 5], "sections": [4]}}
    assert scoring.interchanges(m, lines, ed=2) == {3: 3, 2: 2}
    assert INTERCHANGE_POINTS == {2: 2, 3: 5, 4: 9}
    p = {"lines": lines, "scored": {}, "crossed": 0}
    assert scoring.sheet(m, p, [], ed=2)["interchanges"] == 5 + 2


def test_R28_a_line_with_no_section_goes_through_no_station():
    """A line that never left its departure makes no interchange there, even where another colour passes."""
    m = load(MAP)
    dep = m.departures["pink"]
    b, k = m.neighbours[dep][0]
    lines = {"blue": {"stations": [b, dep], "sections": [k]}, "pink": {"stations": [dep], "sections": []}}
    assert scoring.interchanges(m, lines, ed=2) == {}
    p = {"lines": lines, "scored": {}, "crossed": 0}
    assert scoring.sheet(m, p, [], ed=2)["interchanges"] == 0
    c, j = next((c, j) for c, j in m.neighbours[dep] if c != b)
    lines["pink"] = {"stations": [dep, c], "sections": [j]}  # once it leaves, its departure is one
    assert scoring.interchanges(m, lines, ed=2) == {dep: 2}
    assert scoring.line_parts(m, [dep], [], ed=2)["points"] == 1  # (its own points: the departure counts, R24)


def test_R29_R30_the_total_and_the_tie_break():
    sheets = [{"total": 100, "best_line": 30}, {"total": 100, "best_line": 35}, {"total": 90, "best_line": 50},
              {"total": 100, "best_line": 35}]
    assert scoring.ranks(sheets) == [3, 1, 4, 1]
    s, _ = play_out(game(3, 11)[0])
    for r in s["result"]:
        assert r["total"] == r["lines"] + r["tourists"] + r["interchanges"] + r["objectives"]
    assert [r.winner for r in RULES.results(s)] == [r["rank"] == 1 for r in s["result"]]


# ---- modules --------------------------------------------------------------------------------------
def test_R31_two_shared_objectives_ten_points_each_when_met():
    s, _ = game(2, 3, objectives=True)
    assert len(s["objectives"]) == 2
    m = load(MAP)
    every = {c: {"stations": list(range(m.stations)), "sections": []} for c in COLOURS[:1]}
    assert scoring.objective_met(m, "every_district", every, ed=2)
    assert scoring.objective_met(m, "every_tourist", every, ed=2)
    assert scoring.objective_met(m, "whole_centre", every, ed=2)
    assert not scoring.objective_met(m, "interchanges", every, ed=2)
    p = {"lines": every, "scored": {}, "crossed": 0}
    assert scoring.sheet(m, p, ["every_district", "interchanges"], ed=2)["objectives"] == 10


def test_R32_a_pencil_power_once_per_round():
    s, _ = game(2, 3, powers=True)
    assert sorted(s["powers"]) == sorted(COLOURS) and sorted(s["powers"].values()) == sorted(
        ("double", "joker", "switch", "circle"))
    s = with_card(s, "circle")
    p = s["players"][0]
    p["power_used"] = True
    assert ns.power_of(s, p) is None


def test_R33_double_a_second_section_of_the_same_symbol():
    m = load(MAP)
    found = 0
    for seed in range(1, 12):
        s, _ = game(2, seed, powers=True)
        s["powers"] = {c: "double" for c in COLOURS}
        for card in (JOKER, "circle", "square"):
            s2 = with_card(s, card)
            for first in draws(s2, 0)[:3]:
                s3, _ = apply(s2, first)
                p = s3["players"][0]
                to = int(first.split(":")[3])
                want = card if card != JOKER else JOKER if m.symbol[to] == ANY else m.symbol[to]
                if p["pending"] is None:
                    continue
                assert p["pending"] == {"step": "again", "symbol": want}
                assert "0:done" in [a.id for a in RULES.legal_actions(s3, 0)]
                seconds = draws(s3, 0, "again")
                assert seconds and all(ns.matches(m, int(a.split(":")[3]), want) for a in seconds)
                s4, _ = apply(s3, seconds[0])
                assert s4["players"][0]["power_used"] and s4["players"][0]["pending"] is None
                s5, _ = apply(s3, "0:done")  # declining keeps the power
                assert not s5["players"][0]["power_used"]
                found += 1
    assert found >= 5


def test_R33_after_a_joker_to_the_central_station_the_second_section_reaches_any_symbol():
    """The central station's "?" matches every symbol (R2), so a double's second section after a joker to it
    may reach a station of any symbol (4 players, powers on, seed 13: the blue line next to the centre)."""
    m = load(MAP)
    s, _ = game(4, 13, powers=True)
    s["powers"] = {c: "double" for c in COLOURS}
    assert s["players"][0]["colour"] == "blue" and m.departures["blue"] == 32
    s, _ = apply(with_card(s, JOKER), "0:draw:32:24")  # (5,7) to (4,6), a pentagon
    assert s["players"][0]["pending"] == {"step": "again", "symbol": "pentagon"}
    s, _ = apply(s, "0:done")
    s, _ = apply(with_card(s, JOKER), f"0:draw:24:{m.central}")
    assert s["players"][0]["pending"] == {"step": "again", "symbol": JOKER}
    seconds = draws(s, 0, "again")
    assert len({m.symbol[int(a.split(":")[3])] for a in seconds}) >= 3
    s2, _ = apply(s, seconds[0])
    assert s2["players"][0]["power_used"] and s2["players"][0]["pending"] is None


def test_R34_joker_power_treats_the_card_as_a_joker():
    s, _ = game(2, 3, powers=True)
    s["powers"] = {c: "joker" for c in COLOURS}
    for symbol in SYMBOLS:
        s2 = with_card(s, symbol)
        j = draws(s2, 0, "jdraw")
        if j:
            joker = {a.split(":", 2)[2] for a in draws(with_card(s, JOKER), 0)}
            assert {a.split(":", 2)[2] for a in j} == joker
            s3, _ = apply(s2, j[0])
            assert s3["players"][0]["power_used"]
            return
    raise AssertionError("no card gave the joker power a use")


def test_R35_switch_power_branches_from_any_station():
    s, _ = game(2, 3, powers=True)
    s["powers"] = {c: "switch" for c in COLOURS}
    s = with_card(s, JOKER)
    for _ in range(3):
        s, _ = apply(s, draws(s, 0)[0])
        s = with_card(s, JOKER)
    line = s["players"][0]["lines"][s["players"][0]["colour"]]
    starts = {int(a.split(":")[2]) for a in draws(s, 0, "sdraw")}
    assert starts - set(ns.starts(load(MAP), line, False))  # some branch only the power allows


def test_R36_circle_a_station_counts_twice_in_its_district():
    s, _ = game(2, 3, powers=True)
    s["powers"] = {c: "circle" for c in COLOURS}
    s = with_card(s, JOKER)
    p = s["players"][0]
    dep = p["lines"][p["colour"]]["stations"][0]
    assert f"0:circle:{dep}" in [a.id for a in RULES.legal_actions(s, 0)]
    s2, _ = apply(s, f"0:circle:{dep}")
    assert s2["players"][0]["circled"] == dep and 0 in RULES.deciders(s2)  # still draws or passes
    m = load(MAP)
    assert scoring.line_parts(m, [dep], [], dep, ed=2)["most"] == 2


def _last_card(s, seat=0):
    """The state at the round's last card with a section to draw for the seat (everyone else passing)."""
    while not (s["undergrounds"] >= 5 and draws(s, seat)):
        who = RULES.deciders(s)[0]
        acts = RULES.legal_actions(s, who)
        s, _ = apply(s, next(a.id for a in acts if a.id.split(":")[1] in ("draw", "pass", "done")))
    return s


def test_R36_the_station_of_the_rounds_last_section_may_be_circled():
    """The circle may be used until the round is scored: after the last card is answered the holder may still
    circle, the station just reached too; it then counts twice in that round's line."""
    s, _ = game(2, 3, powers=True)
    s["powers"] = {c: "circle" for c in COLOURS}
    s = _last_card(s)
    if s["players"][1]["pending"]:
        s, _ = apply(s, "1:pass")
    first = draws(s, 0)[0]
    to = int(first.split(":")[3])
    s, events = apply(s, first)
    assert not any(e["type"] == "round_scored" for e in events) and s["round"] == 1
    p = s["players"][0]
    assert p["pending"] == {"step": "circle"} and s["card"] is None
    stations = p["lines"][p["colour"]]["stations"]
    assert {a.id for a in RULES.legal_actions(s, 0)} == {f"0:circle:{x}" for x in stations} | {"0:pass"}
    s, _ = apply(s, "1:pass")  # (seat 1 holds a circle too: asked as well)
    s, events = apply(s, f"0:circle:{to}")
    scored = next(e for e in events if e["type"] == "round_scored")["lines"][0]
    m = load(MAP)
    line = s["players"][0]["lines"][p["colour"]]
    parts = scoring.line_parts(m, line["stations"], line["sections"], to, ed=2)
    assert scored == {"seat": 0, "colour": p["colour"], **parts}
    assert s["players"][0]["scored"][p["colour"]]["circled"] == to and s["round"] == 2


def test_R36_the_circle_may_be_declined_and_only_its_holder_is_asked():
    s, _ = game(3, 5, powers=True)
    s["powers"] = {"blue": "circle", "pink": "double", "green": "joker", "orange": "switch"}
    holder = next(p["seat"] for p in s["players"] if p["colour"] == "blue")
    s = _last_card(s, holder)
    while s["round"] == 1 and any(p["pending"] and p["pending"]["step"] != "circle" for p in s["players"]):
        who = next(p["seat"] for p in s["players"] if p["pending"] and p["pending"]["step"] != "circle")
        s, _ = apply(s, RULES.legal_actions(s, who)[-1].id)  # (a pass, or a double's "done")
    assert s["round"] == 1 and RULES.deciders(s) == [holder]
    s, events = apply(s, f"{holder}:pass")
    assert s["round"] == 2 and any(e["type"] == "round_scored" for e in events)
    assert s["players"][holder]["scored"]["blue"]["circled"] is None


def test_R37_solo_bands_less_ten_per_module():
    assert [scoring.solo_band(t, 0) for t in (80, 90, 91, 105, 106, 121, 136, 150, 151)] == \
        [0, 0, 1, 1, 2, 3, 4, 4, 5]
    assert scoring.solo_band(111, 2) == scoring.solo_band(91, 0) == 1
    s, _ = play_out(game(1, 4, objectives=True, powers=True)[0])
    r = RULES.results(s)[0]
    assert r.detail["band"] == scoring.solo_band(r.total, 2)


def test_R40_the_daily_map_and_cards_are_the_days():
    import datetime as dt
    key, deck, day = map_for("daily", dt.date(2026, 12, 2))
    again = map_for("daily", dt.date(2026, 12, 2))
    other = map_for("daily", dt.date(2026, 12, 3))
    assert (key, deck, day) == again and key != other[0] and day == "2026-12-02" != other[2]
    a, _ = RULES.new_game(ns.config_of(2, ["a", "b"], key, False, False, deck), 1)
    b, _ = RULES.new_game(ns.config_of(1, ["c"], key, False, False, deck), 999)
    assert a["flipped"] + a["deck"] == b["flipped"] + b["deck"]  # the same cards in the same order


def test_R40_the_days_game_is_the_whole_game_whatever_the_lobby_chose():
    today = RULES.config({"map": "daily", "objectives": "off", "powers": "off"}, ["a"])
    other = RULES.config({"map": "daily", "objectives": "on", "powers": "on"}, ["b", "c"])
    assert today["objectives"] and today["powers"] and today["day"] == other["day"]
    a, _ = RULES.new_game(today, 1)
    b, _ = RULES.new_game(other, 2)
    assert a["objectives"] == b["objectives"] and a["powers"] == b["powers"]
    assert a["flipped"] + a["deck"] == b["flipped"] + b["deck"]
    s, _ = play_out(a)
    assert all(r.detail["day"] == today["day"] for r in RULES.results(s))
    plain, _ = play_out(RULES.new_game(RULES.config({"map": "larkhaven"}, ["d"]), 3)[0])
    assert all("day" not in r.detail for r in RULES.results(plain))
