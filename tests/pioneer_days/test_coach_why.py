"""The coach's why (issue 29 item 12): one sentence to the player ("you") of the main reason the better choice
was better, from what each choice did by itself — the die left and the disaster it set off, the town need
met, the townsfolk kept — never what follows later (the town visit's cattle, the next day)."""

import copy

import pytest

import games.pioneer_days.rules as engine
import i18n
from engine import rng
from engine.moves import Move
from games.pioneer_days import coach_effects, plans
from games.pioneer_days.coach import COACH
from games.pioneer_days.rules.constants import DAYS_PER_WEEK, TRACK_END
from games.pioneer_days.rules.effects import usable_spaces
from games.pioneer_days.rules.flow import make_config


def reach(stop, seed: int = 2, players: int = 3):
    """A random game played until stop(state) holds."""
    s, _ = engine.new_game(make_config(players=players, sets=["A", "B"], names=["Ann", "Bob", "Cy"][:players]), seed)
    pick = {"rng": rng.seed_state(seed)}
    for _ in range(3000):
        if stop(s):
            return copy.deepcopy(s)
        acts = engine.legal_actions(s)
        s = engine.apply(s, acts[rng.below(pick, len(acts))].id).state
    raise AssertionError("never reached")


def last_turn(s) -> bool:
    return s["stage"] == "turn" and s["step"] == "pick" and s["turns_left"] == 1 and s["week"] < 4


def income_line(s, colour: str) -> list[str]:
    """The seat's turn: take the die of `colour` and use it for income."""
    seat = s["turn"]
    face = next(f for c, f in s["pool"] if c == colour)
    return plans.expand(s, Move.plan(seat, "turn", colour, face, "income"))


def why_of(state, seat, played, best) -> str:
    return COACH.why({"played_effects": coach_effects.effects(state, seat, played),
                      "best_effects": coach_effects.effects(state, seat, best)})


def day_end(**tracks):
    """The day's last turn with a blue and a red die left to choose from, the markers as given."""
    s = reach(last_turn)
    s["pool"] = [["blue", "wood"], ["red", "wood"]]
    for d in s["tracks"]:
        s["tracks"][d] = tracks.get(d, 0)
    return s


def test_the_die_left_that_set_off_a_raid_and_its_cost():
    s = day_end(raid=TRACK_END - 1)
    seat = s["turn"]
    s["players"][seat]["silver"] = 6
    text = why_of(s, seat, income_line(s, "blue"), income_line(s, "red"))
    assert text == "You left the 🟥 R die: it set off the Raid: -$6."  # ($6 + the income $5) / 2, up


def test_no_wood_for_the_storm_you_set_off():
    s = day_end(storm=TRACK_END - 1)
    seat = s["turn"]
    p = s["players"][seat]
    p["wood"] = 0
    n = sum(1 for w in p["wagons"] if usable_spaces(w) > 0)
    text = why_of(s, seat, income_line(s, "red"), income_line(s, "blue"))
    assert text == f"You left the 🟦 B die: it set off the Storm, and you had no wood: {n} damage, -{2 * n} VP."


def test_a_choice_is_judged_by_its_own_effects_not_the_town_visit_that_follows():
    """The week's last turn: the town visit follows at once and pays each cattle 1 VP; that is the visit's,
    not the turn's (item 2 said it of the decisions; the coach says it the same way)."""
    s = reach(lambda t: last_turn(t) and t["day"] == DAYS_PER_WEEK)
    for d in s["tracks"]:
        s["tracks"][d] = 0
    seat = s["turn"]
    s["players"][seat]["cattle"] = 3
    colour = s["pool"][0][0]
    mine = coach_effects.effects(s, seat, income_line(s, colour))
    assert mine["vp"] == 0 and mine["silver"] > 0 and mine["struck"] == []
    real = s
    for aid in income_line(s, colour):
        real = engine.apply(real, aid).state
    assert real["stage"] == "town" or real["week"] == s["week"] + 1  # the visit did follow, with the cattle's VP
    assert real["players"][seat]["vp"] >= s["players"][seat]["vp"] + 3


def test_a_disease_choice_that_lost_townsfolk_the_better_one_kept():
    s = reach(lambda t: t["stage"] == "disaster" and any(
        d and d["kind"] == "disease" and len(d["left"]) > d["free"] for d in t["pending"]), seed=3)
    seat = next(i for i, d in enumerate(s["pending"]) if d and d["kind"] == "disease")
    p = s["players"][seat]
    p["medicine"] = 9
    dec = s["pending"][seat]
    first = dec["left"][0]
    lose = f"{seat}:disease:lose:{first}"
    pay = f"{seat}:disease:pay:{first}"
    assert {lose, pay} <= {a.id for a in engine.legal_actions(s, seat)}
    text = why_of(s, seat, [lose], [pay])
    from games.pioneer_days.rules import words
    assert text.startswith(f"You lost {words.name('townsfolk', first)}; the better choice kept them")


def test_a_town_need_met():
    s = reach(lambda t: t["stage"] == "town" and t["pending"][0] is not None and any(
        a.id.split(":")[1] == "town" and a.id.split(":")[2] != "done" for a in engine.legal_actions(t, 0)), seed=4)
    meet = next(a.id for a in engine.legal_actions(s, 0) if a.id.split(":")[2] != "done")
    town = meet.split(":")[2]
    from games.pioneer_days.rules import words
    from games.pioneer_days.rules.cards import TOWNS
    from games.pioneer_days.rules.describe import needs_text
    text = why_of(s, 0, ["0:town:done"], [meet])
    assert text.startswith(f"The better choice met {words.name('town', town)}'s need for "
                           f"{needs_text(TOWNS[town]['needs'])}: +")


@pytest.mark.parametrize("played, best, expected", [
    ({"recruited": ["A01"]}, {"recruited": ["A01"]},
     "Both choices do about the same by themselves: the better one pays off later, by the hard AI's look-ahead."),
    ({"damage": 3, "vp": -6}, {"damage": 1, "vp": -2, "wood": -2},
     "You took 3 damage; the better choice took 1: +4 VP."),
    ({"silver": 5}, {"silver": 1, "wagons": ["small"]}, "The better choice bought a small wagon: more room for goods."),
    ({"vp": 0, "silver": 6}, {"vp": 0, "silver": 8}, "The better choice leaves you $2 more."),
    ({"vp": 0, "wood": 1}, {"vp": -2, "wood": 4}, "The better choice gives up 2 VP now and leaves you 3 wood more."),
])
def test_the_heaviest_difference_is_said(played, best, expected):
    assert COACH.why({"played_effects": played, "best_effects": best}) == expected


def test_the_why_speaks_the_readers_language_and_never_names_the_player():
    s = day_end(raid=TRACK_END - 1)
    seat = s["turn"]
    s["players"][seat]["silver"] = 6
    d = {"played_effects": coach_effects.effects(s, seat, income_line(s, "blue")),
         "best_effects": coach_effects.effects(s, seat, income_line(s, "red"))}
    for lang in ("es", "pl"):
        with i18n.use(lang):
            text = COACH.why(d)
        assert text and "Raid" not in text  # the disaster in that language
    assert COACH.why(d).startswith("You ") and s["players"][seat]["name"] not in COACH.why(d)


def test_a_review_keeps_what_each_costly_choice_did():
    """finish() stores each costliest decision's own effects, so the why needs no replay on the bot."""
    from engine import registry
    from engine.simulate import play
    game = registry.game("pioneer-days")
    config = game.rules.config({o.key: o.default for o in game.options}, ["a", "b"])
    _state, actions = play(game, config, 3, ["easy", "easy"])
    todo = COACH.decisions(config, 3, actions, 0)
    out = COACH.finish(config, 3, actions, 0, COACH.evaluate(config, 3, actions, 0, todo, 1))
    assert out["costliest"]
    for d in out["decisions"]:
        assert ("played_effects" in d) == (d["at"] in out["costliest"])
    assert all(COACH.why(d) for d in out["decisions"] if d["at"] in out["costliest"])
