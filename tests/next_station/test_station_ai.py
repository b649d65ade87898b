"""Next Station's hard AI (games/next_station/ai/search.py): legal at every step, reproducible, blind to the
cards still face down, its fast model of a round true to the engine, and stronger than easy."""

import copy
import statistics

import pytest

from engine import rng
from games.next_station import ai, play
from games.next_station.ai import search
from games.next_station.ai.fast import Model, board, card_code, second_symbol
from games.next_station.rules import engine as ns
from games.next_station.rules import scoring
from games.next_station.rules.maps import load

TINY = 12  # hard's budget in these tests: rollouts per decision


def new(players: int = 1, seed: int = 1, objectives: bool = False, powers: bool = False, map_key="larkhaven",
        edition: int = 2):
    config = ns.config_of(players, [f"p{i}" for i in range(players)], map_key, objectives, powers)
    if edition == 1:  # (a game begun before editions: its config has none)
        del config["edition"]
    return ns.new_game(config, seed)[0]


def step(s: dict, seat: int, action_id: str) -> None:
    ns.advance(s, action_id, [])
    s["seq"] += 1


def easy_turn(s: dict, seed: int = 0) -> None:
    """Every seat that must decide answers as easy does."""
    for seat in ns.deciders(s):
        if s["stage"] != "over" and s["players"][seat]["pending"] is not None:
            step(s, seat, ai.choose(s, seat, "easy", seed=seed).id)


def states(players: int, seed: int, objectives: bool, powers: bool, edition: int = 2):
    """(state, seat) at every decision of a game of easy AIs."""
    s = new(players, seed, objectives, powers, edition=edition)
    while s["stage"] != "over":
        for seat in ns.deciders(s):
            yield s, seat
        easy_turn(s, seed)


def kind(s: dict, seat: int) -> set[str]:
    """What a decision offers: its step and the verbs of its actions."""
    return {s["players"][seat]["pending"]["step"]} | {a.id.split(":")[1] for a in ns.legal_actions(s, seat)}


@pytest.mark.parametrize("players,seed,objectives,powers", [(1, 3, False, False), (1, 4, True, True),
                                                            (2, 5, True, True), (4, 6, False, True)])
def test_legal_at_every_step(players, seed, objectives, powers):
    """Hard chooses one of the legal actions at every decision of a game (every third one of a table's)."""
    seen: set[str] = set()
    for i, (s, seat) in enumerate(states(players, seed, objectives, powers)):
        if players > 1 and i % 3:
            continue
        legal = {a.id for a in ns.legal_actions(s, seat)}
        seen |= kind(s, seat)
        assert ai.choose(s, seat, "hard", seed=i, budget=TINY).id in legal
    assert "draw" in seen and "pass" in seen
    if players == 1:
        assert "pencil" in seen


def test_every_step_and_power():
    """Solo games with the powers: hard decides at pencil, draw, again (a double's second section), circle,
    and with the joker and switch powers, always legally; it keeps the circle for the round's end (R36: the
    line is whole then) and circles there."""
    seen: set[str] = set()
    circled_end = 0
    for seed in range(1, 40):
        for s, seat in states(1, seed, False, True):
            verbs = kind(s, seat)
            end = s["players"][seat]["pending"]["step"] == "circle"
            if end:
                verbs.add("circle at the round's end")  # (a decision of its own: the circle is worth most now)
            if not verbs - seen:
                continue
            seen |= verbs
            legal = {a.id for a in ns.legal_actions(s, seat)}
            got = search.choose_hard(s, seat, seed, TINY)
            assert got.id in legal
            if end:
                circled_end += got.id.split(":")[1] == "circle"
            elif "circle" in verbs:
                assert got.id.split(":")[1] != "circle"
        if {"pencil", "draw", "again", "done", "circle", "jdraw", "sdraw"} <= seen and circled_end:
            break
    assert {"pencil", "draw", "again", "done", "circle", "jdraw", "sdraw"} <= seen
    assert circled_end


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_circles_at_the_rounds_end(level):
    """With the circle in hand, an AI waits through the round's cards and, once they are all answered,
    circles a station of the district its line has most stations in (the most points: + its districts)."""
    m = load("larkhaven")
    for seed in range(1, 60):
        s = new(1, seed, False, True)
        while s["stage"] != "over":
            p = s["players"][0]
            if p["pending"] and ns.power_of(s, p) == "circle" and p["circled"] is None:
                got = ai.choose(s, 0, level, seed=seed, budget=TINY)
                if p["pending"]["step"] != "circle":
                    assert got.id.split(":")[1] != "circle"
                else:
                    assert got.id.split(":")[1] == "circle"
                    line = p["lines"][p["colour"]]
                    before = scoring.line_parts(m, line["stations"], line["sections"], ed=2)
                    after = scoring.line_parts(m, line["stations"], line["sections"], int(got.id.split(":")[2]), ed=2)
                    assert after["points"] == before["points"] + before["districts"]
                    return
                step(s, 0, got.id)
            else:
                easy_turn(s, seed)
    pytest.fail("no round's end with the circle in hand")


def test_deterministic():
    """The same state, seat, seed and budget give the same action; the choice never touches the state."""
    for i, (s, seat) in enumerate(states(2, 8, True, True)):
        if i % 5:
            continue
        before = copy.deepcopy(s)
        a = search.choose_hard(s, seat, 11, TINY)
        assert s == before
        assert search.choose_hard(copy.deepcopy(s), seat, 11, TINY) == a


def test_blind_to_the_deck():
    """The cards still face down are unknown to hard: another order of them, or the seat's view (where they
    are not at all), gives the same choice."""
    checked = 0
    for i, (s, seat) in enumerate(states(1, 9, True, True)):
        if len(ns.legal_actions(s, seat)) < 2 or i % 2:
            continue
        a = search.choose_hard(s, seat, 5, TINY)
        for k in range(3):
            other = copy.deepcopy(s)
            rng.shuffle({"rng": rng.seed_state(100 + k)}, other["deck"])
            other["rng"] = rng.seed_state(200 + k)
            assert search.choose_hard(other, seat, 5, TINY) == a
        view = play.RULES.view_for(s, seat)
        assert "deck" not in view
        assert search.choose_hard(view, seat, 5, TINY) == a
        checked += 1
    assert checked > 10


@pytest.mark.parametrize("edition", [1, 2])
@pytest.mark.parametrize("players,seed,powers", [(1, 12, True), (3, 13, True), (1, 14, False)])
def test_model_matches_the_engine(players, seed, powers, edition):
    """The fast model's sections for a card (plain, with the joker or the switch power, a double's second
    one) are the engine's, and its line's points, tourist sites and interchanges are scoring's, in either
    edition of the rules."""
    m = load("larkhaven")
    b = board("larkhaven")
    checked = 0
    for s, seat in states(players, seed, True, powers, edition):
        p = s["players"][seat]
        if p["pending"]["step"] in ("pencil", "circle"):
            continue
        model, line = Model.of_player(b, p, s["powers"], edition)
        acts = ns.legal_actions(s, seat)
        by_verb: dict[str, set] = {}
        for a in acts:
            verb, *args = a.id.split(":")[1:]
            if len(args) == 2:
                by_verb.setdefault(verb, set()).add((int(args[0]), int(args[1])))
        card = card_code(s["card"]) & 7
        if p["pending"]["step"] == "again":
            symbol = card_code({"kind": "street", "symbol": p["pending"]["symbol"]}) & 7
            assert {(x, y) for x, y, _k in model.moves(line, symbol, s["branch"])} == by_verb.get("again", set())
        else:
            assert {(x, y) for x, y, _k in model.moves(line, card, s["branch"])} == by_verb.get("draw", set())
            if line.power == "joker":
                got = {(x, y) for x, y, _k in model.moves(line, 4, s["branch"])} if card != 4 else set()
                assert got == by_verb.get("jdraw", set())
            if line.power == "switch":
                got = {(x, y) for x, y, _k in model.moves(line, card, True)} if not s["branch"] else set()
                assert got == by_verb.get("sdraw", set())
        ln = p["lines"][p["colour"]]
        parts = scoring.line_parts(m, ln["stations"], ln["sections"], p["circled"], ed=edition)
        assert line.points() == parts["points"] and line.tourists == parts["tourists"]
        others = {c: x for c, x in p["lines"].items() if c != p["colour"]}
        inter = sum(scoring.INTERCHANGE_POINTS[min(n, 4)]
                    for n in scoring.interchanges(m, p["lines"], ed=edition).values())
        before = sum(scoring.INTERCHANGE_POINTS[min(n, 4)]
                     for n in scoring.interchanges(m, others, ed=edition).values())
        assert line.inter == inter - before
        checked += 1
    assert checked > 30


@pytest.mark.parametrize("seed,edition", [(21, 2), (22, 2), (23, 2), (24, 2), (25, 2), (26, 2), (21, 1), (22, 1),
                                          (23, 1)])
def test_round_played_as_the_engine_plays_it(seed, edition):
    """The model's round, played by the rollouts' policy on the real cards to come, is the engine's: the
    same cards answered (the round's end at the 5th underground card, the switch), the same sections legal
    (with the powers), the same line and points at the end, in either edition of the rules."""
    s = new(1, seed, False, True, edition=edition)
    b = board("larkhaven")
    for _round in range(4):
        while s["players"][0]["pending"] is None or s["players"][0]["pending"]["step"] != "draw":
            easy_turn(s, seed)  # (the pencil)
        p = s["players"][0]
        model, line = Model.of_player(b, p, s["powers"], edition)
        ctx = search.Context(model, p, s, p["colour"])
        log: list = []
        card = card_code(s["card"])
        log.append(("card", len(s["flipped"])))
        last = s["undergrounds"] >= 5
        search.answer(model, line, card, s["branch"], ctx if last else None, search.odds_of(search.unseen(s)), log)
        if not last:
            search.play_round(model, line, [card_code(c) for c in s["deck"]], s["undergrounds"], len(s["flipped"]),
                              ctx, log)
        plan: dict[int, list] = {}
        index = -1
        for entry in log:
            if entry[0] == "card":
                index = entry[1]
                plan[index] = []
            else:
                plan[index].append(entry)
        colour, this_round = p["colour"], s["round"]
        while s["round"] == this_round and s["stage"] != "over":
            p = s["players"][0]
            assert p["pending"] is not None  # (solo: the next card waits for an answer, or the round is over)
            todo = plan[len(s["flipped"])]
            if p["pending"]["step"] == "again":
                action = "0:done"
                if todo and todo[0][0] == "again":
                    _verb, x, y = todo.pop(0)
                    action = f"0:again:{x}:{y}"
            elif todo:
                verb, x, y = todo.pop(0)
                action = f"0:{verb}:{x}:{y}"
            else:
                action = "0:pass"
            assert action in {a.id for a in ns.legal_actions(s, 0)}
            step(s, 0, action)
        assert all(not todo for todo in plan.values())
        assert set(plan) <= {i + 1 for i in range(11)}
        done = s["players"][0]["lines"][colour]
        assert done["stations"] == line.stations
        assert s["players"][0]["scored"][colour]["points"] == line.points()
        if s["stage"] == "over":
            break


def test_model_counts_the_districts_passed_through_and_the_central_stations_double():
    """R25: the model's line counts a district its section crosses without a station, as scoring does, in
    its points and in what a section would add; R33: after a joker to the central station a double's second
    section reaches every symbol; R28: a line makes interchanges once it leaves its departure."""
    m = load("larkhaven")
    b = board("larkhaven")
    s = new(2, 1)
    p = s["players"][0]
    k = m.section_of[(m.central, 6)]  # over district 6 without a station there
    p["lines"][p["colour"]] = {"stations": [m.central], "sections": []}
    model, line = Model.of_player(b, p, {}, 2)
    assert model.gain_of(line, m.central, 6, k) == 3 * 1 - 1 * 1
    model.draw(line, m.central, 6, k)
    assert line.districts == 3 == scoring.line_parts(m, [m.central, 6], [k], ed=2)["districts"]
    assert second_symbol(4, m.central, b, 2) == 4 and second_symbol(4 + 8, 6, b, 2) == card_code(
        {"kind": "street", "symbol": m.symbol[6]})
    assert {y for _x, y, _k in model.moves(line, second_symbol(4, m.central, b, 2), False)} == \
        {y for _x, y, _k in model.moves(line, 4, False)}
    # another colour through a departure: no interchange until this line leaves it
    dep = m.departures[p["colour"]]
    t, j = m.neighbours[dep][0]
    p["lines"][p["colour"]] = {"stations": [dep], "sections": []}
    p["lines"]["other"] = {"stations": [t, dep], "sections": [j]}
    model, line = Model.of_player(b, p, {}, 2)
    assert line.inter == 0 and model.gain[dep] == 2
    u, i = next((u, i) for u, i in m.neighbours[dep] if u != t and not m.conflicts[i] & {j})
    model.draw(line, dep, u, i)
    assert line.inter == 2 + model.gain[u]


def test_budgets():
    """None is the default budget, an int a number of rollouts, a float seconds: all give legal actions."""
    s = new(1, 30)
    easy_turn(s)
    legal = {a.id for a in ns.legal_actions(s, 0)}
    for budget in (None, 1, 7, 0.02):
        assert search.choose_hard(s, 0, 1, budget).id in legal
    assert search.parse_budget(None) == (search.DEFAULT_ROLLOUTS, None)
    assert search.parse_budget(240) == (240, None)
    assert search.parse_budget(0.5) == (None, 0.5)


def solo_total(level: str, seed: int, budget) -> int:
    s = new(1, seed)
    while s["stage"] != "over":
        step(s, 0, ai.choose(s, 0, level, seed=seed, budget=budget).id)
    return s["result"][0]["total"]


def test_hard_beats_easy():
    """On ~20 solo games (the same cards for both), hard's mean score is above easy's, even at a small budget."""
    seeds = range(500, 520)
    easy = [solo_total("easy", g, None) for g in seeds]
    hard = [solo_total("hard", g, 16) for g in seeds]
    assert statistics.mean(hard) > statistics.mean(easy) + 5
