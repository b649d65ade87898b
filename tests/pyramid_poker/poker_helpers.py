"""Pyramid Poker test helpers: games from options, random play, rigged states (the faces moved where a
test needs them, the 54 blocks still each in one place)."""

import copy

from engine import rng
from games.pyramid_poker.play import RULES
from games.pyramid_poker.rules import knowledge, scoring
from games.pyramid_poker.rules.pyramid import SPOTS

OPTION_SETS = [{"blocks": b, "match": m} for b in ("blind", "open") for m in ("basic", "to7", "to11")]


def game(blocks="blind", match="basic", seed=1):
    return RULES.new_game(RULES.config({"blocks": blocks, "match": match}, ["Ann", "Bob"]), seed)


def apply(state, aid):
    r = RULES.apply(state, aid)
    assert r.ok, (aid, r.reason)
    return r.state, r.events


def ids(state, seat=None):
    return [a.id for a in RULES.legal_actions(state, seat)]


def random_step(state, pick):
    acts = RULES.legal_actions(state)
    return acts[rng.below(pick, len(acts))].id


def walk(state, seed, until=None):
    """(state before, action id, state after, events) of random legal play until `until(state)` or the end."""
    pick = {"rng": rng.seed_state(seed)}
    while not RULES.is_over(state) and not (until and until(state)):
        aid = random_step(state, pick)
        after, events = apply(state, aid)
        yield state, aid, after, events
        state = after


def play_out(state, seed=7, until=None):
    """The state random legal play leads to, and the action ids played."""
    played = []
    for _before, aid, after, _events in walk(state, seed, until):
        state = after
        played.append(aid)
    return state, played


def built(blocks="blind", match="basic", seed=1):
    """A game whose pyramid is just complete (stage "take")."""
    s, _ = game(blocks, match, seed)
    s, _ = play_out(s, seed, until=lambda x: x["stage"] != "build")
    assert s["stage"] == "take"
    return s


def move_card(state, card, place):
    """Swaps `card` (wherever it lies face down) with the face at `place`."""
    here = next(p for p in knowledge.places(state) if knowledge.get(state, p) == card)
    other = knowledge.get(state, place)
    knowledge.put(state, here, other)
    knowledge.put(state, place, card)


def last_take(hands, match="basic", points=(0, 0), games=1, first=0):
    """A state at the last take of game `games`: seat 0 takes the last block (seat 1's, spot 0) and it
    completes hands[0][2]; earlier games (copies of this one's showdown) are in the history."""
    s, _ = game(match=match)
    s = copy.deepcopy(s)
    s["stage"], s["turn"], s["first"], s["game"] = "take", 0, first, games
    s["pyramid"] = [None] * SPOTS
    s["pyramid"][0] = {"card": hands[0][2][-1], "owner": 1}
    s["supply"] = [[], []]
    s["hands"] = [[list(h) for h in hands[0]], [list(h) for h in hands[1]]]
    s["hands"][0][2].pop()
    s["points"] = list(points)
    s["history"] = [{"game": g + 1, "first": first, **scoring.showdown(hands)} for g in range(games - 1)]
    return s


def finish(s):
    """The last take played: (state, events)."""
    s, ev1 = apply(s, "0:take:0")
    s, ev2 = apply(s, "0:hand:3")
    return s, ev1 + ev2
