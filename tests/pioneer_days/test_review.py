"""The coach: a finished game's decisions judged by the hard AI's search from the player's own view."""

import games.pioneer_days.rules as engine
from games.pioneer_days import ai
from games.pioneer_days.ai import review
from games.pioneer_days.rules.cards import TOWNSFOLK
from games.pioneer_days.rules.turn import FACE_INDEX

CONFIG = {"players": 2, "sets": "AB", "pioneers": "standard", "names": ["ann", "bob"]}


def play(config, seed, levels, plant=None):
    """A game of AIs; plant(state, seat, legal) may return an action id to play instead of the AI's."""
    s, _ = engine.new_game(config, seed)
    actions, planted = [], None
    while s["stage"] != "over":
        seat = engine.deciders(s)[0]
        legal = engine.legal_actions(s, seat)
        aid = plant(s, seat, legal) if plant and planted is None else None
        if aid is not None:
            planted = len(actions)
        else:
            aid = ai.choose(s, seat, levels[seat], seed=seed, budget=8).id
        actions.append(aid)
        engine.apply(s, aid, inplace=True)
    return actions, planted


def free_three_vp_recruit(s, seat, legal):
    """At a use step of seat 0 where recruiting a fixed 3-VP townsfolk is possible: income of $2 or less."""
    if seat != 0 or s["stage"] != "turn" or s["step"] != "use":
        return None
    ids = {a.id for a in legal}
    if "0:recruit" not in ids or "0:income" not in ids:
        return None
    t = s["slots"][FACE_INDEX[s["die"]["face"]]]
    if not t or TOWNSFOLK[t]["vp"] != {"fixed": 3}:
        return None
    after = engine.apply(s, "0:income").state
    return "0:income" if after["players"][0]["silver"] - s["players"][0]["silver"] <= 2 else None


def test_a_planted_blunder_is_among_the_three_costliest():
    for seed in range(1, 40):
        actions, planted = play(CONFIG, seed, ["hard", "easy"], free_three_vp_recruit)
        if planted is not None:
            break
    assert planted is not None, "no game offered a 3-VP recruit to plant the blunder in"
    out = review.review(CONFIG, seed, actions, 0, rounds=8)
    bad = next(d for d in out["decisions"] if d["at"] <= planted < d["at"] + len(d["line"]))
    assert "0:income" in bad["played"] and bad["loss"] > review.MARGIN_VP
    assert bad["at"] in out["costliest"], (bad, out["costliest"])
    # what the review recommends instead is not the blunder (the 3-VP recruit, or another use of the turn
    # worth more still: which one depends on the game hard played up to there)
    assert "0:income" not in bad["best"] and bad["best"] != bad["played"]


def test_decisions_are_whole_turns_of_one_seat_with_a_choice():
    actions, _ = play(CONFIG, 7, ["easy", "easy"])
    ds = review.decisions(CONFIG, 7, actions, 1)
    assert ds and all(d["seat"] == 1 for d in ds)
    assert all(review.seat_of(a) == 1 for d in ds for a in d["line"])
    turns = [d for d in ds if d["stage"] == "turn" and d["line"][0].split(":")[1] == "take"]
    assert turns and all(len(d["line"]) >= 2 for d in turns)  # a die and its use, together
    every = review.decisions(CONFIG, 7, actions)
    covered = sum(len(d["line"]) for d in every)
    assert covered <= len(actions) and covered > len(actions) * 0.8  # forced moves alone are left out


def test_a_review_is_deterministic_and_reads_only_the_players_view():
    actions, _ = play(CONFIG, 11, ["easy", "random"])
    a = review.review(CONFIG, 11, actions, 1, rounds=4)
    b = review.review(CONFIG, 11, actions, 1, rounds=4)
    assert a == b
    # the other player's gold and every deck changed: the same view, so the same review
    d = a["decisions"][len(a["decisions"]) // 2]
    before = review.states_before(CONFIG, 11, actions, {d["at"]})[d["at"]]
    hidden = engine.clone(before)
    hidden["players"][0]["gold"] = sorted(hidden["players"][0]["gold"] + [0])[:len(before["players"][0]["gold"])]
    hidden["townsfolk_deck"].reverse()
    hidden["gold_bag"].reverse()
    hidden["bag"].reverse()
    assert review.evaluate(before, 1, d["line"], 11, 4) == review.evaluate(hidden, 1, d["line"], 11, 4)


def test_accuracy_orders_a_strong_player_above_a_random_one():
    actions, _ = play(CONFIG, 5, ["easy", "random"])
    strong = review.review(CONFIG, 5, actions, 0, rounds=4)
    weak = review.review(CONFIG, 5, actions, 1, rounds=4)
    assert strong["accuracy"] > weak["accuracy"] and strong["mean_loss"] < weak["mean_loss"]
    assert len(weak["costliest"]) == 3
    losses = {d["at"]: d["loss"] for d in weak["decisions"]}
    worst = sorted(losses.values(), reverse=True)[:3]
    assert [losses[i] for i in weak["costliest"]] == worst


def test_the_curve_has_a_point_per_day_ending_at_the_final_scores():
    actions, _ = play(CONFIG, 3, ["easy", "easy"])
    state, _ = engine.replay(CONFIG, 3, actions)
    c = review.curve(CONFIG, 3, actions)
    assert len(c) == 20 and (c[0]["week"], c[0]["day"]) == (1, 1) and (c[-1]["week"], c[-1]["day"]) == (4, 5)
    assert c[-1]["vp"] == [r["total"] for r in state["result"]]


def test_a_town_visit_is_told_with_what_it_did():
    """Everyone decides a town visit at once and it is settled when the last one has: the review tells a
    player's visit (played and preferred) with the others deciding as they did, not as "no change"."""
    actions, _ = play(CONFIG, 4, ["easy", "easy"])
    towns = [d for d in review.decisions(CONFIG, 4, actions, seat=0) if d["stage"] == "town"]
    assert towns
    before = review.states_before(CONFIG, 4, actions, {d["at"] for d in towns})
    told = 0
    for d in towns:
        others = review._others(before[d["at"]], actions, d["at"], 0)
        assert all(not a.startswith("0:") for a in others)
        events = review._events(before[d["at"]], d["line"], 0, others)
        seats = {e["seat"] if "seat" in e else p["seat"] for e in events for p in e.get("players") or [e]}
        assert seats == {0}, "only the player's own part is told"
        told += any(e["type"] == "town_visited" for e in events)
    assert told == len(towns)
