"""Next Station's coach says why (issue 29 item 12): the main difference in points between the section you drew
and the better one, from what each does to this round's line by itself."""

import pytest

from games.next_station.coach import COACH


def draw(**kw):
    return {"verb": "draw", "gain": 0, "crossing": False, "tourist": False, "interchange": False, "district": False,
            **kw}


@pytest.mark.parametrize("played, best, loss, expected", [
    (draw(gain=3), draw(gain=4, district=True), 4.2,
     "The better section adds 4 points to your line now (a new district); yours added 3 points."),
    (draw(gain=2), draw(gain=4, crossing=True), 2, "The better section adds 4 points to your line now (a river "
                                                   "crossing); yours added 2 points."),
    (draw(gain=5), draw(gain=2, interchange=True), 9.4,
     "Yours adds more now, but the better section makes an interchange with another of your lines."),
    (draw(gain=1), draw(gain=1, tourist=True), 3, "The better section reaches a tourist site: it moves you up the "
                                                  "tourist track."),
    ({"verb": "pass"}, draw(gain=3), 5, "You passed; the better choice drew a section worth 3 points now."),
    (draw(gain=2), draw(gain=2), 6.4, "Both score about the same now: the better section leaves your line more room, "
                                      "about 6 points more by the round's end."),
])
def test_the_main_difference(played, best, loss, expected):
    assert COACH.why({"played_effects": played, "best_effects": best, "loss": loss}) == expected
