"""A day's record carries its own day's picture (issue 38): the chapter's picture is drawn from the state after
the move that ended the day, which has begun the next day already; the picture shows the day that ended
(its week and day, the die left over, on a week's last day that week's towns), while the live panel's
picture (no lines) shows the present day. The rules keep the day's end for it (state["day_end"]) and never
read it; a state saved before it loads and is drawn as it is."""

import random

import games.pioneer_days.rules as engine
from engine import chapters, views
from games.pioneer_days import GAME
from games.pioneer_days.pictures import day
from games.pioneer_days.play import EDITION
from games.pioneer_days.rules import describe
from games.pioneer_days.show import SHOW

NAMES = ["Ann", "Bob", "Cy"]


def texts(state, lines) -> list[str]:
    img = day.render(state, lines, track=True)
    return [s for _box, _frame, s in img.info["text_boxes"]]


def head(week: int, d: int) -> str:
    return f"Week {week} · Day {d}"


def played(seed: int, players: int = 3, edition: int = EDITION):
    """(state before, state after, public events) of each action of a random game."""
    rnd = random.Random(seed)
    state, _ = engine.new_game({"players": players, "names": NAMES[:players], "edition": edition}, seed)
    while state["stage"] != "over":
        r = engine.apply(state, rnd.choice(engine.legal_actions(state)))
        yield state, r.state, [engine.public_event(e) for e in r.events]
        state = r.state


def test_a_days_picture_shows_the_day_that_ended_and_the_panel_the_day_begun():
    seen = weeks = evenings = 0
    story: list = []
    for _before, after, events in played(2):
        story += events
        crossed = chapters.crossing(SHOW, events)
        if not (crossed.ended or crossed.started):
            continue
        lines = chapters.headlines(SHOW, story, NAMES)  # as the courier draws a chapter's picture
        story = []
        ended = after.get("day_end")
        args = views.round_args(GAME, after, lines)
        if after["stage"] == "turn" and ended and (ended["week"], ended["day"]) != (after["week"], after["day"]):
            shown = texts(*args)
            assert lines and head(ended["week"], ended["day"]) in shown, (lines, shown[:3])
            assert head(after["week"], after["day"]) not in shown and "LEFT AT DAY'S END" in shown
            assert "TODAY'S DICE" not in shown
            live = texts(after, [])  # the panel's picture: the day begun, its dice
            assert head(after["week"], after["day"]) in live and "TODAY'S DICE" in live
            if ended["week"] != after["week"]:  # the week's towns, not the next week's
                old = [describe.card("town", t)["name"] for t in ended["towns_up"]]
                new = [describe.card("town", t)["name"] for t in after["towns_up"]]
                assert all(t in shown for t in old) and not any(t in shown for t in new if t not in old)
                weeks += 1
            seen += 1
        elif after["stage"] in ("disaster", "town") and not after["pool"]:  # a day's evening: its leftover
            shown = texts(*args)
            assert head(after["week"], after["day"]) in shown and "LEFT AT DAY'S END" in shown
            evenings += 1
    assert seen >= 15 and weeks >= 3 and evenings >= 1, (seen, weeks, evenings)


def test_the_rules_never_read_the_days_end_and_older_states_are_drawn_as_they_are():
    rnd = random.Random(5)
    checked = 0
    for before, _after, _events in played(7, 2):
        if "day_end" not in before or rnd.random() > 0.1:
            continue
        old = {k: v for k, v in before.items() if k != "day_end"}  # a state saved before day_end was kept
        assert [a.id for a in engine.legal_actions(old)] == [a.id for a in engine.legal_actions(before)]
        aid = engine.legal_actions(before)[0].id
        r_old, r_new = engine.apply(old, aid), engine.apply(before, aid)
        assert r_old.events == r_new.events
        assert {k: v for k, v in r_old.state.items() if k != "day_end"} == \
            {k: v for k, v in r_new.state.items() if k != "day_end"}
        shown = texts(old, ["A line."])
        assert head(old["week"], old["day"]) in shown
        checked += 1
    assert checked >= 5
    # a game begun before (its config of the first edition) keeps no day's end: replayed, it is as saved
    assert not any("day_end" in after for _before, after, _events in played(7, 2, edition=1))
