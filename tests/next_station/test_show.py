"""What Discord shows of the decisions issue 37 added (games/next_station/show.py): the solo pencils' order
before the first card (R11) and the circle kept for the round's end (R36)."""

from engine.protocol import Table
from games.next_station import words
from games.next_station.play import RULES
from games.next_station.rules import engine as ns
from games.next_station.show import SHOW, event_text


def table(n: int) -> Table:
    return Table(id=1, names=[f"P{i}" for i in range(n)], mentions=[f"@P{i}" for i in range(n)], ai=[False] * n,
                 options={})


def apply(state, aid):
    r = RULES.apply(state, aid)
    assert r.ok, (aid, r.reason)
    return r.state, r.events


def test_the_solo_pencils_order_is_asked_round_by_round_before_the_first_card():
    s, _ = RULES.new_game(ns.config_of(1, ["P0"], "larkhaven", False, False), 4)
    for n, colour in ((1, "pink"), (2, "blue")):
        shown = SHOW.decision(table(1), s, 0)
        assert shown is not None and f"choose round {n}'s pencil" in shown.content
        assert f"round {n}'s now" in SHOW.panel(table(1), s).body
        assert f"for round {n}" in SHOW.ping(s, "P0")
        s, events = apply(s, f"0:pencil:{colour}")
        assert event_text(events[0], ["P0"]) == f"P0 will draw round {n} with the {words.colour(colour)} pencil."
    assert len(SHOW.decision(table(1), s, 0).controls) == 2  # (the last two pencils: the third round's choice)


def test_the_circle_at_the_rounds_end_shows_the_line_numbered_and_a_pass():
    s, _ = RULES.new_game(ns.config_of(2, ["P0", "P1"], "larkhaven", False, True), 3)
    s["powers"] = {c: "circle" for c in s["powers"]}
    while not any(p["pending"] and p["pending"]["step"] == "circle" for p in s["players"]):
        seat = RULES.deciders(s)[0]
        s, _ = apply(s, next(a.id for a in RULES.legal_actions(s, seat) if a.id.split(":")[1] in ("draw", "pass")))
    assert s["card"] is None and RULES.deciders(s) == [0, 1]
    shown = SHOW.decision(table(2), s, 0)
    assert shown is not None and "Every card of the round is answered" in shown.content
    stations = list(dict.fromkeys(s["players"][0]["lines"][s["players"][0]["colour"]]["stations"]))
    assert [(b.label, b.act) for b in shown.controls] == \
        [(str(i + 1), f"0:circle:{st}") for i, st in enumerate(stations)] + [("Pass", "0:pass")]
    gains = [line for line in shown.content.splitlines() if " → " in line]  # what each circle adds, numbered
    assert [g.split(" → ")[0] for g in gains] == [f"**{i + 1}**" for i in range(len(stations))]
    assert all("point" in g for g in gains)
    assert "circle a station before the round is scored" in SHOW.ping(s, "P0")
    assert "Every card of the round is answered" in SHOW.panel(table(2), s).body


def test_the_table_pictures_fixed_palette_is_the_sample_games():
    """palette.bin is data made from the pictures: a change of their colours must make it again."""
    from games.next_station import pictures
    assert pictures.sample_palette() == pictures.PALETTE.read_bytes(), (
        "the table pictures' colours changed: make games/next_station/palette.bin again "
        "(pictures.PALETTE.write_bytes(pictures.sample_palette()))")


def test_a_tie_on_points_says_the_best_line_decided_and_a_days_map_is_named_by_its_date():
    over = {"type": "game_over", "winners": [1], "totals": [100, 100, 80], "best": [35, 36, 30]}
    assert event_text(over, ["ann", "bob", "cy"]) == ("Game over: bob wins with 100 points. The tie on points goes "
                                                      "to the best single line: 36 against 35.")
    assert event_text({**over, "totals": [90, 100, 80]}, ["ann", "bob", "cy"]) == \
        "Game over: bob wins with 100 points."
    day = RULES.config({"map": "daily"}, ["ann"])
    s, _ = RULES.new_game(day, 1)
    assert words.map_name(s) == f"the map of {day['day']}" and "Map " not in SHOW.panel(table(1), s).title
    s, _ = RULES.new_game(ns.config_of(1, ["P0"], "larkhaven", False, False), 4)
    assert words.map_name(s) == "Larkhaven"
