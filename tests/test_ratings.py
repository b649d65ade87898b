"""Ratings (app/ratings.py): openskill's Plackett-Luce for 2-4 players with ties."""

from app import ratings
from app.ratings import Rating


def test_a_four_player_game_with_a_tie():
    seats = [{"player": "u:1", "rank": 1}, {"player": "u:2", "rank": 2}, {"player": "u:3", "rank": 2},
             {"player": "ai:easy", "rank": 4}]
    new = ratings.update(seats, {})
    assert new["u:1"].mu > new["u:2"].mu == new["u:3"].mu > new["ai:easy"].mu  # the tie rates alike
    assert all(r.sigma < ratings.SIGMA and r.games == 1 for r in new.values())  # every result teaches something
    again = ratings.update(seats, new)  # the same result again moves them further apart
    assert again["u:1"].mu > new["u:1"].mu and again["ai:easy"].mu < new["ai:easy"].mu
    assert again["u:1"].games == 2


def test_two_seats_of_one_ai_level_make_one_rating():
    seats = [{"player": "u:1", "rank": 1}, {"player": "ai:hard", "rank": 2}, {"player": "ai:hard", "rank": 3}]
    new = ratings.update(seats, {"ai:hard": Rating(30.0, 4.0, 10)})
    assert set(new) == {"u:1", "ai:hard"} and new["ai:hard"].games == 11


def test_only_games_played_to_the_end_by_a_person_are_rated():
    people = [{"ai": None}, {"ai": "easy"}]
    assert ratings.rated("over", people)
    assert not ratings.rated("ended", people)  # /pioneer end, or everyone left
    assert not ratings.rated("over", [{"ai": "easy"}, {"ai": "hard"}])


def test_recomputing_from_the_games_in_order_gives_the_same_ratings():
    games = [[{"player": "u:1", "rank": 1}, {"player": "u:2", "rank": 2}],
             [{"player": "u:2", "rank": 1}, {"player": "u:3", "rank": 2}, {"player": "ai:easy", "rank": 3}],
             [{"player": "u:1", "rank": 2}, {"player": "u:3", "rank": 1}]]
    step: dict = {}
    for seats in games:
        step.update(ratings.update(seats, step))
    assert ratings.replay_all(games) == step
    assert Rating().shown == ratings.MU - 3 * ratings.SIGMA == 0.0


def test_the_results_say_provisional_until_rated_then_the_numbers():
    from ui import stats
    row = {"rated": True, "player": "u:1", "name": "ann", "mu_before": 25.0, "sigma_before": 25 / 3,
           "mu_after": 23.0, "sigma_after": 8.0}
    first = stats.rating_lines([{**row, "games": 1}])
    assert first == "ann: provisional, 1 of 3 rated games (the rating shows after 3)" and "-" not in first
    third = stats.rating_lines([{**row, "games": 3}])
    assert third is not None and "ann 0.0 → **-1.0** (−1.0)" == third
    assert stats.rating_lines([{**row, "rated": False, "games": 5}]) is None
