"""Hexholm's coach: a finished game's review of one seat's turns (each a decision: what was played, the hard AI's
turn from the same view), the costliest named, why in one sentence, and "What would you do?" on one of them."""

import re

from games.hexholm.ai import AI
from games.hexholm.coach import COACH, why
from games.hexholm.play import RULES


def finished(players: int = 2, seed: int = 5) -> tuple[dict, list[str]]:
    config = RULES.config({}, [f"p{i}" for i in range(players)])
    s, _ = RULES.new_game(config, seed)
    ids: list[str] = []
    while not s["over"]:
        seat = s["turn"]
        level = "random" if seat == 0 else "easy"  # seat 0 plays badly: its review has losses to find
        a = AI.choose(RULES.view_for(s, seat), seat, level, seed)
        ids.append(a.id)
        s = RULES.apply(s, a.id).state
    return config, ids


def test_the_review_judges_each_turn_and_names_the_costliest():
    config, ids = finished()
    found = COACH.decisions(config, 5, ids, 0)
    assert len(found) >= 10 and all(ids[d["at"]].startswith("0:") for d in found)
    some = found[:6]
    judged = COACH.evaluate(config, 5, ids, 0, some, 1)
    assert [d["at"] for d in judged] == [d["at"] for d in some]
    assert all(d["loss"] >= 0 and d["best"] and d["played"] for d in judged)
    assert any(d["loss"] > 0 for d in judged)  # random turns: the hard AI finds a better one somewhere
    review = COACH.finish(config, 5, ids, 0, judged)
    assert review["count"] == len(judged) and review["costliest"]
    assert review["curve"] and len(review["curve"][-1]["vp"]) == 2
    worst = max(judged, key=lambda d: d["loss"])
    assert why(worst)  # a sentence of why
    assert COACH.when(worst).startswith("Round ")


def test_what_would_you_do_asks_the_played_and_the_best_turn():
    config, ids = finished()
    some = COACH.decisions(config, 5, ids, 0)[:6]
    judged = [d for d in COACH.evaluate(config, 5, ids, 0, some, 1) if d["loss"] > 0]
    from conformance.games import table_for
    q = COACH.quiz(table_for(2), config, 5, ids, 0, judged[0])
    assert q is not None and 2 <= len(q.choices) <= 4
    assert q.played != q.best and q.behind[q.best] == 0 and q.behind[q.played] > 0
    assert q.position.picture is not None and q.position.picture.args[2]
    # the choices' hexes numbered on the board, the choices lettered A-D: no hex's label reads as a choice's
    marks = {str(t) for _h, t in q.position.picture.args[2]}
    assert all(t.isdigit() for t in marks)
    for i, (label, _d) in enumerate(q.choices):
        assert label.startswith(f"{'ABCD'[i]}. ")
        named = re.findall(r"\w+", label[3:])
        assert not any(w in ("A", "B", "C", "D") for w in named)
        assert {w for w in named if w.isdigit()} <= marks
    assert any(w.isdigit() for label, _d in q.choices for w in re.findall(r"\w+", label[3:]))
