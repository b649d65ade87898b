"""Each player's line for tonight on the panel: what each disaster that may strike would cost them, the
final advance included (issue: a player with 0 wood for 4 wagons was not told before the last Storm)."""

import copy

import games.pioneer_days.rules as engine
from engine import rng
from engine.protocol import Table
from games.pioneer_days import panel
from games.pioneer_days.rules.constants import TRACK_END
from games.pioneer_days.rules.effects import usable_spaces
from games.pioneer_days.rules.flow import make_config


def a_turn(last_day: bool, seed: int = 2):
    s, _ = engine.new_game(make_config(players=3, sets=["A", "B"], pioneers="standard", names=["a", "b", "c"]), seed)
    pick = {"rng": rng.seed_state(seed)}
    while not (s["stage"] == "turn" and (not last_day or engine.forecast(s)["last_day"])):
        acts = engine.legal_actions(s)
        s = engine.apply(s, acts[rng.below(pick, len(acts))].id).state
    return s


def table(s):
    names = [p["name"] for p in s["players"]]
    return Table(id=1, names=names, mentions=names, ai=[False] * 3, options={}, recent=[], timer=0)


def test_the_last_storm_is_told_to_whom_it_will_cost():
    s = copy.deepcopy(a_turn(last_day=True))
    s["tracks"]["storm"] = TRACK_END - 1  # the final advance makes it strike, whatever die is left
    p = s["players"][0]
    p["wood"] = 0
    wagons = sum(1 for w in p["wagons"] if usable_spaces(w) > 0)
    line = panel.tonight_line(s, p)
    assert line is not None and f"Storm: 0 wood for {wagons} wagons → {wagons} damage (-{2 * wagons} VP)" in line
    fields = panel.panel(table(s), s).fields
    assert line in next(v for k, v in fields if k.startswith(p["name"]))
    s["tracks"]["storm"] = 0
    s["players"][0]["wood"] = 99
    assert "Storm" not in (panel.tonight_line(s, s["players"][0]) or "")


def test_nothing_is_said_when_nothing_can_strike():
    s = copy.deepcopy(a_turn(last_day=False))
    for d in s["tracks"]:
        s["tracks"][d] = 0
    assert all(panel.tonight_line(s, p) is None for p in s["players"])
    s["tracks"]["raid"] = TRACK_END - 1
    s["pool"] = [["red", s["pool"][0][1]], *s["pool"][1:]]  # a red die may be left: the Raid may strike
    s["players"][1]["silver"] = 5
    assert "Raid: -$3" in (panel.tonight_line(s, s["players"][1]) or "")  # half of $5, rounded up
