"""Next Station's counts say their nouns in the number's form (issue 38: "1 stations, 1 points"), in every
language: a line's stations and points on the panel, a choice's points (a loss too), a scored line's
districts and crossings, the game's winning score; and a whole random game's texts never say "1 points"."""

import re

import pytest

import i18n
from engine.protocol import Table
from games.next_station import show
from games.next_station.play import RULES
from games.next_station.rules import engine as ns
from games.next_station.show import SHOW, event_text

WRONG = re.compile(r"(?<![\d.])1 (stations|points|districts|crossings|sites)\b|-1 points")
FORMS = {"en": ("1 station", "2 stations", "5 stations"), "es": ("1 estación", "2 estaciones", "5 estaciones"),
         "pl": ("1 stacja", "2 stacje", "5 stacji")}
POINTS = {"en": ("1 point now", "2 points now", "5 points now"), "es": ("1 punto ahora", "2 puntos ahora",
                                                                     "5 puntos ahora"),
          "pl": ("1 punkt teraz", "2 punkty teraz", "5 punktów teraz")}


def table(n: int) -> Table:
    return Table(id=1, names=[f"P{i}" for i in range(n)], mentions=[f"@P{i}" for i in range(n)], ai=[False] * n,
                 options={})


def drawing():
    """A solo game whose first line has begun: its pencil chosen, a section or so drawn."""
    s, _ = RULES.new_game(ns.config_of(1, ["P0"], "larkhaven", False, False), 4)
    while s["players"][0]["colour"] is None or s["players"][0]["pending"] is None:
        s = RULES.apply(s, RULES.legal_actions(s, 0)[0].id).state
    return s


@pytest.mark.parametrize("lang", ["en", "es", "pl"])
def test_a_lines_stations_and_points_take_their_numbers_form(lang, monkeypatch):
    s = drawing()
    p = s["players"][0]
    line = p["lines"][p["colour"]]
    for k, (stations, points) in enumerate(zip(FORMS[lang], POINTS[lang], strict=True)):
        n = (1, 2, 5)[k]
        line["stations"] = [line["stations"][0]] * n
        monkeypatch.setattr(show, "line_value", lambda m, p, ed, n=n: n)
        with i18n.use(lang):
            text = show.sheet_line(s, p)
        assert stations in text and points in text, text


@pytest.mark.parametrize("lang", ["en", "es", "pl"])
def test_a_choice_that_loses_points_says_so_in_the_numbers_form(lang, monkeypatch):
    s = drawing()
    m = show.load(s["map"])
    a = s["players"][0]["lines"][s["players"][0]["colour"]]["stations"][-1]
    b = next(y for x, y in m.section_of if x == a)
    want = {"en": ("−1 point now", "−2 points now"), "es": ("−1 punto ahora", "−2 puntos ahora"),
            "pl": ("−1 punkt teraz", "−2 punkty teraz")}[lang]
    for gain, said in zip((-1, -2), want, strict=True):
        monkeypatch.setattr(show, "_gain", lambda *args, g=gain: g)
        with i18n.use(lang):
            assert said in show._choice_text(s, 0, "1", a, b)


def test_a_scored_line_and_the_winner_say_their_counts_in_the_numbers_form():
    s = drawing()
    p = s["players"][0]
    p["scored"] = {p["colour"]: {"districts": 1, "most": 1, "crossings": 1, "points": 3}}
    text = SHOW.mine(table(1), s, 0).content
    assert "1 district × 1 + 2 × 1 crossing = 3 points" in text, text
    assert event_text({"type": "game_over", "winners": [0], "totals": [1]}, ["P0"]) == \
        "Game over: P0 wins with 1 point."
    with i18n.use("pl"):
        p["scored"][p["colour"]].update(districts=5, crossings=2)
        assert "5 dzielnic × 1 + 2 × 2 przejścia pod rzeką = 3 punkty" in SHOW.mine(table(1), s, 0).content


def test_a_whole_game_never_says_1_points():
    s, events = RULES.new_game(ns.config_of(2, ["P0", "P1"], "larkhaven", True, True), 11)
    said = [x for x in SHOW.lines(events, ["P0", "P1"])]
    k = 0
    while not RULES.is_over(s):
        seat = RULES.deciders(s)[0]
        acts = RULES.legal_actions(s, seat)
        r = RULES.apply(s, acts[k % len(acts)].id)
        k += 1
        s = r.state
        said += SHOW.lines(r.events, ["P0", "P1"])
        said.append(SHOW.panel(table(2), s).body + " ".join(v for _n, v in SHOW.panel(table(2), s).fields))
        said += [SHOW.mine(table(2), s, seat).content]
        d = SHOW.decision(table(2), s, seat) if seat in RULES.deciders(s) else None
        said += [d.content] if d is not None else []
    wrong = [x for x in said if WRONG.search(x)]
    assert not wrong, wrong[:5]
