"""The coach says why where the events say it: a disaster the played choice set off and the better one
would not have (the die left at the day's end)."""

from games.pioneer_days.coach import COACH


def test_why_names_the_disaster_the_choice_set_off():
    storm = {"type": "disaster_triggered", "disaster": "storm", "players": []}
    raid = {"type": "disaster_triggered", "disaster": "raid", "players": []}
    d = {"played_events": [storm, raid], "best_events": [raid]}
    assert COACH.why(d) == "Your choice set off the Storm: the die left at the day's end decides it."
    assert COACH.why({"played_events": [raid], "best_events": [raid, storm]}) == ""
    assert COACH.why({"played_events": [], "best_events": []}) == ""
