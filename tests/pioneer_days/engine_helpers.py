"""Helpers for engine scenario tests: build a game, then set the table up by hand."""

import games.pioneer_days.rules as engine
from games.pioneer_days.rules import flow


def game(players=2, seed=1, **config):
    s, _ = engine.new_game({"players": players, **config}, seed)
    return s


def ids(s, seat=None):
    return [a.id for a in engine.legal_actions(s, seat)]


def bodies(s, seat=None):
    return [a.id.split(":", 1)[1] for a in engine.legal_actions(s, seat)]


def act(s, body, seat=None):
    """Applies the action `body` for `seat` (default: the only/first decider); returns
    (new_state, events). Fails the test if it is rejected."""
    if seat is None:
        seat = engine.deciders(s)[0]
    r = engine.apply(s, f"{seat}:{body}")
    assert r.ok, f"{seat}:{body} rejected: {r.reason}; legal: {ids(s)}"
    return r.state, r.events


def set_pool(s, dice):
    """Replaces today's remaining dice with `dice` ([(colour, face), ...]); keeps 25 dice
    accounted for by moving the difference between the bag and the pool."""
    for c, _ in s["pool"]:
        s["bag"].append(c)
    s["pool"] = []
    for c, f in dice:
        if c in s["bag"]:
            s["bag"].remove(c)
        s["pool"].append([c, f])


def turn_of(s, seat):
    """Makes it `seat`'s turn, at the pick step."""
    s["turn"] = seat
    s["step"] = "pick"


def take(s, colour, face, seat=None):
    """Pick a die of that colour and face (put into the pool if missing)."""
    if [colour, face] not in s["pool"]:
        s["pool"].append([colour, face])
        if colour in s["bag"]:
            s["bag"].remove(colour)
        else:
            s["discarded"][colour] -= 1  # borrowed: keeps dice conservation honest
    return act(s, f"take:{colour}:{face}", seat)


def all_events(evs, typ):
    return [e for e in evs if e["type"] == typ]


def finish_day_with(s, colour, face="wild"):
    """Ends the day with exactly one die (colour) left: everyone else has taken theirs."""
    s["turns_left"] = 0
    s["turn"] = None
    s["step"] = None
    for c, _ in s["pool"]:
        s["bag"].append(c)
    s["pool"] = [[colour, face]]
    if colour in s["bag"]:
        s["bag"].remove(colour)
    events = []
    flow.end_day(s, events)
    return events
