"""What Undergrounders tells a player, checked where it misled: each outcome once in the menu, a place shared by
two choices labelled with both, the story in the order things happened, the station points kept and a tie's
winner told, the warning that station points need completed lines."""

from engine.protocol import Item, Menu
from games.metromania import ai
from games.metromania.play import RULES
from games.metromania.show import SHOW, _once

from .test_pictures import NAMES, TABLE, played


def menu_items(msg) -> list[Item]:
    return [i for c in msg.controls if isinstance(c, Menu) for i in c.items]


def test_the_menu_offers_each_outcome_once():
    seen_dupes = 0
    for turns in range(4, 40, 3):
        s = played(2, turns)
        if s["phase"] == "over":
            break
        seat = s["turn"]
        view = RULES.view_for(s, seat)
        rows = ai.ranked(view, seat, "easy")
        kept = ai.distinct(rows)
        seen_dupes += len(rows) - len(kept)
        assert len({ai._left(r[2]) for r in kept}) == len(kept)
        assert {ai._left(r[2]) for r in kept} == {ai._left(r[2]) for r in rows}  # no outcome lost
        moves = [i.act for i in menu_items(SHOW.decision(TABLE, view, seat)) if not i.act.startswith("k:")]
        assert len(moves) == len(set(moves))
    assert seen_dupes > 0  # (the positions had moves that dig the same tunnels in another order)


def test_a_place_two_choices_end_at_is_labelled_with_both():
    cands = [["c", 5], ["c", 7], ["c", 5], [], ["c", 5], ["c", 5], ["c", 5]]
    assert _once(cands) == [["c", 5, "1/3/5+"], ["c", 7, "2"], ["x", -1], ["x", -1], ["x", -1], ["x", -1],
                            ["x", -1]]
    assert _once(cands[:3], "ABC") == [["c", 5, "A/C"], ["c", 7, "B"], ["x", -1]]


def test_the_story_keeps_the_order_of_a_turn():
    events = [{"type": "tunnel", "seat": 0, "line": 0, "marker": "F"},
              {"type": "tunnel", "seat": 0, "line": 0},
              {"type": "tunnel", "seat": 0, "line": 1, "start": True}]
    assert SHOW.lines(events, NAMES) == ["Ann digs 2 tunnels on the solid line.", "Ann places marker F.",
                                         "Ann digs 1 tunnel on the striped line.", "Ann starts the striped line."]
    free = {"type": "station", "how": "free", "seat": 1, "points": 2}
    assert SHOW.lines([free], NAMES) == ["Bob places the completed line's free station (+2)."]


def test_the_end_tells_the_station_points_kept_and_who_a_tie_goes_to():
    e = {"type": "scored", "total": [30, 30, 12], "detail": [], "raw": [10, 8, 6], "stations": [10, 4, 0],
         "done": [2, 1, 0], "tunnels": [20, 25, 10]}
    assert SHOW.lines([e], NAMES) == [
        "Bob keeps 4 of 8 station points (1 line completed).",
        "Cy keeps 0 of 6 station points (0 lines completed).",
        "The test trips are run. Most points: Ann, Bob (30).",
        "The tie goes to Ann: most lines completed."]
    e.update(done=[1, 1, 0])
    assert SHOW.lines([e], NAMES)[-1] == "The tie goes to Bob: most tunnels."
    e.update(tunnels=[25, 25, 10])
    assert SHOW.lines([e], NAMES)[-1] == "Still tied: Ann, Bob share the win."
    assert SHOW.lines([{"type": "scored", "total": [3, 3], "detail": []}], NAMES) == [
        "The test trips are run. Most points: Ann, Bob (3)."]  # (an event of before the tie-break was told)


def test_the_decision_warns_that_station_points_need_completed_lines():
    for turns in range(6, 60, 2):
        s = played(1, turns)
        seat = s["turn"]
        if s["phase"] == "build" and s["points"][seat]:
            break
    else:
        raise AssertionError("no position with station points")
    msg = SHOW.decision(TABLE, RULES.view_for(s, seat), seat)
    done = sum(1 for ln in range(2) if s["lines"][seat * 2 + ln]["done"])
    assert ("only if both your lines are completed" in msg.content) == (done < 2)
