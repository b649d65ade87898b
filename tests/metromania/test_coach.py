"""Undergrounders' coach: each reviewed turn judged by the hard AI, why in one sentence for the costliest (what
the better move did by itself), and "What would you do?" with the moves lettered on the city."""

import i18n
from engine.data import deep
from engine.protocol import Table
from games.metromania import pictures
from games.metromania.ai import AI, moves
from games.metromania.coach import COACH, effects, why
from games.metromania.play import RULES

NAMES = ["p0", "p1"]


def finished(seed: int = 4) -> tuple[dict, list[str]]:
    """A two-player game: seat 0 plays at random (its review has losses to find), seat 1 easy."""
    config = RULES.config({}, NAMES)
    s, _ = RULES.new_game(config, seed)
    ids: list[str] = []
    while s["phase"] != "over":
        seat = s["turn"]
        a = AI.choose(RULES.view_for(s, seat), seat, "random" if seat == 0 else "easy", seed)
        ids.append(a.id)
        s = RULES.apply(s, a.id).state
    return config, ids


def effect(**kw) -> dict:
    base = {"points": 0, "marker": "", "completed": [], "stuck": [], "cut": 0, "way": 10, "trips": 0}
    return {**base, **kw}


def test_why_names_the_first_difference_that_decides_games():
    def say(p, b):
        return why({"played_effects": effect(**p), "best_effects": effect(**b)})
    lost = say({"stuck": [1], "points": 5}, {"completed": [0]})
    assert "striped line" in lost and "no way to an end" in lost
    assert "completes your solid line" in say({}, {"completed": [0], "marker": "C"})
    assert "cuts off 2 lines" in say({"cut": 1}, {"cut": 3, "marker": "C"})
    assert "marker C" in say({}, {"marker": "C", "trips": 9})
    assert "9 points" in say({"trips": 3}, {"trips": 9, "points": 4})
    assert "worth 4 points; yours made 1" in say({"points": 1}, {"points": 4})
    assert "3 tunnels nearer" in say({"way": 12}, {"way": 9})
    assert say({}, {}).endswith(".")
    assert why({"played_effects": None, "best_effects": effect()}) == ""
    with i18n.use("es"):
        assert say({}, {"marker": "C"}) != "The better move places marker C: a marker left in hand makes its " \
                                           "trip impossible, and you are to blame."


def test_effects_say_what_a_whole_move_did():
    config, ids = finished()
    s, _ = RULES.new_game(config, 4)
    for a in ids[:30]:
        s = RULES.apply(s, a).state
    seat = s["turn"]
    for plan, after in moves(s, seat)[:12]:
        e = effects(deep(s), seat, plan)
        assert e["points"] == after["points"][seat] - s["points"][seat]
        placed = [step.split(":")[3] for step in plan.split("/") if len(step.split(":")) > 3]
        assert e["marker"] == (placed[0] if placed else "")
        assert e["way"] >= 0 and isinstance(e["trips"], int)


def test_the_review_asks_the_costliest_turns_with_their_moves_lettered_on_the_city():
    config, ids = finished()
    found = COACH.decisions(config, 4, ids, 0)
    assert len(found) >= 5 and all(ids[d["at"]].startswith("0:") for d in found)
    judged = COACH.evaluate(config, 4, ids, 0, found[:8], 1)
    review = COACH.finish(config, 4, ids, 0, judged)
    assert review["costliest"]
    worst = next(d for d in judged if d["at"] == review["costliest"][0])
    assert worst["loss"] > 0 and why(worst).endswith(".")
    table = Table(1, NAMES, ["", ""], [False, False], {})
    q = COACH.quiz(table, config, 4, ids, 0, worst)
    assert q is not None and q.played != q.best and 2 <= len(q.choices) <= 4
    assert q.behind[q.best] == 0 and all(b >= 0.5 for k, b in enumerate(q.behind) if k != q.best)
    labels = q.position.picture.args[1]
    letters = [x for c in labels if len(c) > 2 for x in c[2].split("/")]  # ("B/C": two moves end there)
    assert letters and set(letters) <= {label[0] for label, _d in q.choices}
    png = pictures.decision(*q.position.picture.args)
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
