"""Pyramid Poker's coach says why (issue 29 item 12): what a card makes in the better hand, else how much the
better choice raises your chance to win by the hard AI's rollouts."""

import pytest

from games.pyramid_poker.coach import COACH


@pytest.mark.parametrize("played, best, loss, expected", [
    ({"verb": "hand", "hand": 1, "card": "QC", "cards": ["JC", "QC"]},
     {"verb": "hand", "hand": 3, "card": "QC", "cards": ["QD", "QC"]}, 40,
     "Your Q♣ in hand 3 → pair; in hand 1 → nothing yet."),
    ({"verb": "hand", "hand": 1, "card": "2C", "cards": ["JC", "2C"]},
     {"verb": "hand", "hand": 2, "card": "2C", "cards": ["9D", "2C"]}, 12.4,
     "Your 2♣ does more in hand 2 than in hand 1: it raises your chance to win by about 12 %, by the hard AI's "
     "rollouts."),
    ({"verb": "keep", "card": "3S"}, {"verb": "keep", "card": "AH"}, 20,
     "Keeping A♥ instead of 3♠ raises your chance to win by about 20 %, by the hard AI's rollouts."),
    ({"verb": "place"}, {"verb": "place"}, 103,
     "The better choice raises your chance to win by about 100 %, by the hard AI's rollouts."),
])
def test_the_main_difference(played, best, loss, expected):
    assert COACH.why({"played_effects": played, "best_effects": best, "loss": loss}) == expected
