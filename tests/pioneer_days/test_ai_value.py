"""The AI's position value is memoised (engine/ai/value.py): a remembered value must be the value a
fresh computation gives, whatever changed since it was stored."""

import pytest

import games.pioneer_days.rules as engine
from engine import rng
from games.pioneer_days.ai import value as V
from games.pioneer_days.rules import scoring
from games.pioneer_days.rules.cards import EQUIPMENT, PIONEERS, TOWNS, TOWNSFOLK
from games.pioneer_days.rules.copying import clone


def _fresh(s, seat, **kw):
    V._VALUES.clear()
    return V.value(s, seat, **kw)


def _states():
    """States along random 3- and 4-player games: turns, disasters with decisions pending, town
    visits and the end."""
    out = []
    for players, seed in ((3, 11), (4, 12)):
        s, _ = engine.new_game({"players": players, "pioneers": "unique", "sets": ["A", "B"]}, seed)
        pick = {"rng": rng.seed_state(seed)}
        while True:
            out.append(clone(s))
            if s["stage"] == "over":
                break
            acts = engine.legal_actions(s)
            engine.advance(s, acts[rng.below(pick, len(acts))])
    return out


STATES = _states()


def test_remembered_values_equal_fresh_ones():
    """Every seat of every state, with and without a gold base and the towns, valued once with the
    memo filled by all the states before and once alone."""
    V._VALUES.clear()
    kinds = set()
    remembered = []
    for s in STATES:
        for seat in range(len(s["players"])):
            base = s["players"][seat]["gold"][:-1]
            for kw in ({}, {"gold_base": base}, {"towns": False}):
                remembered.append(V.value(s, seat, **kw))
        kinds.add(s["stage"])
    assert {"turn", "disaster", "town", "over"} <= kinds
    fresh = []
    for s in STATES:
        for seat in range(len(s["players"])):
            base = s["players"][seat]["gold"][:-1]
            for kw in ({}, {"gold_base": base}, {"towns": False}):
                fresh.append(_fresh(s, seat, **kw))
    assert remembered == fresh


def _split_gold(s, p):
    """As many gold VP in one token more (or one fewer): the count matters, not only the sum."""
    g = p["gold"]
    big = [v for v in g if v >= 2]
    if big:
        g.remove(big[0])
        g += [1, big[0] - 1]
    elif len(g) >= 2:
        g[:2] = [g[0] + g[1]]


def _add_townsfolk(s, p):
    p["townsfolk"].append(next(t for t in TOWNSFOLK if t not in p["townsfolk"]))


def _tie(s, p):
    """One seat more (or fewer) shares the most favors; the most stays the same."""
    top = max(q["favors"] for q in s["players"])
    below = [q for q in s["players"] if q["favors"] < top]
    if below:
        below[0]["favors"] = top
    elif top > 0:
        s["players"][(p["seat"] + 1) % len(s["players"])]["favors"] -= 1


def _other_town(s, p):
    if s["towns_up"]:
        s["towns_up"][0] = next(t for t in TOWNS if t not in s["towns_up"])


def _first_wagon(change):
    def mutate(s, p):
        if p["wagons"]:
            change(p["wagons"][0])
    return mutate


def _other_pioneer(s, p):
    p["pioneer"] = next(b for b in PIONEERS if b != p["pioneer"])
    p["side"] = "unique"


def _other_side(s, p):
    if p["pioneer"] != "standard":
        p["side"] = "unique" if p["side"] == "standard" else "standard"


def _pending(s, p):
    d = s["pending"][p["seat"]]
    if d is None:
        return
    if d.get("wagons"):
        d["wagons"].pop()
    elif d.get("left"):
        d["left"].pop()
    else:
        s["pending"][p["seat"]] = None


MUTATIONS = {
    "silver": lambda s, p: p.update(silver=p["silver"] + 3),
    "wood": lambda s, p: p.update(wood=p["wood"] + 1),
    "medicine": lambda s, p: p.update(medicine=p["medicine"] + 1),
    "cattle": lambda s, p: p.update(cattle=p["cattle"] + 1),
    "gold": lambda s, p: p["gold"].append(3),
    "gold, the same sum in more tokens": _split_gold,
    "vp": lambda s, p: p.update(vp=p["vp"] + 1),
    "favors": lambda s, p: p.update(favors=p["favors"] + 1),
    "others' favors": lambda s, p: s["players"][(p["seat"] + 1) % len(s["players"])].update(favors=p["favors"] + 3),
    "a tie for the most favors": _tie,
    "townsfolk": _add_townsfolk,
    "equipment": lambda s, p: p["equipment"].append(next(t for t in EQUIPMENT if t not in p["equipment"])),
    "damage": _first_wagon(lambda w: w.update(damage=w["damage"] + 1)),
    "wagon size": _first_wagon(lambda w: w.update(size="large" if w["size"] == "small" else "small")),
    "a wagon more": lambda s, p: p["wagons"].append({"size": "large", "damage": 0}),
    "town satisfied": lambda s, p: p["towns"].append(s["towns_up"][0]) if s["towns_up"] else None,
    "towns up": _other_town,
    "gold bag empty": lambda s, p: s.update(gold_bag=[]),
    "pioneer": _other_pioneer,
    "side": _other_side,
    "pending": _pending,
}


@pytest.mark.parametrize("name", sorted(MUTATIONS))
def test_a_change_to_anything_the_value_reads_is_seen(name):
    """Each change is made after the value was remembered: the value asked again must be the fresh
    one; and the change must move the value in some of the states (else this test proves nothing
    about it)."""
    mutate = MUTATIONS[name]
    moved = 0
    for s, lead in [(s, lead) for s in STATES[::7] for lead in (0, 4)]:
        if s["stage"] == "over":
            continue
        for seat in range(len(s["players"])):
            u = clone(s)
            u["players"][(seat + 2) % len(s["players"])]["favors"] += lead  # (4: another seat leads)
            V._VALUES.clear()
            before = V.value(u, seat)
            t = clone(u)
            mutate(t, t["players"][seat])
            remembered = V.value(t, seat)
            fresh = _fresh(t, seat)
            assert remembered == fresh, (name, s["seq"], seat)
            moved += fresh != before
    assert moved > 0, f"changing {name} never changed a value: the test cannot see a key without it"


def test_the_memo_is_bounded(monkeypatch):
    monkeypatch.setattr(V, "VALUES_MAX", 50)
    V._VALUES.clear()
    for s in STATES[:100]:
        for seat in range(len(s["players"])):
            V.value(s, seat)
            assert len(V._VALUES) <= 50
    assert len(V._VALUES) > 0


def test_an_ended_game_is_valued_as_the_rules_score_it():
    """At the end the value is the rules' total (and a thousandth a silver, the tie-break) for every seat,
    a shared favor majority included: each of its holders has the whole bonus, not a share."""
    ended = [s for s in STATES if s["stage"] == "over"]
    s = clone(ended[-1])
    s["players"][1]["favors"] = s["players"][0]["favors"] = max(p["favors"] for p in s["players"]) + 1
    assert sum(r["vp"]["majority"] > 0 for r in scoring.results(s)) == 2  # (two seats share the majority)
    for t in ended + [s]:
        totals = {r["seat"]: r["total"] + 0.001 * r["silver"] for r in scoring.results(t)}
        for seat, total in totals.items():
            assert _fresh(t, seat) == pytest.approx(total)
