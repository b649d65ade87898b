"""effects.holding: what a player's cards add up to, made card by card from a smaller holding
(effects._holding_of), must be what the cards give when taken all at once, in holding order,
whatever the order the holdings were first asked for."""

from engine import rng
from games.pioneer_days.rules import effects
from games.pioneer_days.rules.cards import EQUIPMENT, PIONEERS, TOWNSFOLK
from games.pioneer_days.rules.constants import STANDARD_PIONEER


def sources(p):
    """(kind, id, effect) of every card p holds that has an effect, in holding order."""
    yield "pioneer", p["pioneer"], (PIONEERS[p["pioneer"]] if p["side"] == "unique" else STANDARD_PIONEER)["ability"]
    for t in p["townsfolk"]:
        if TOWNSFOLK[t]["effect"] is not None:
            yield "townsfolk", t, TOWNSFOLK[t]["effect"]
    for t in p["equipment"]:
        yield "equipment", t, EQUIPMENT[t]["effect"]


def from_scratch(p):
    """The old, direct way: every card of p at once."""
    triggers, eow, ongoing = {}, [], []
    for kind, cid, e in sources(p):
        if e["when"] == "ongoing":
            ongoing.append(e["mods"])
        elif e["when"] == "trigger":
            triggers.setdefault(e["face"], []).append((kind, cid, e["do"]))
        elif e["when"] == "end_of_week":
            eow.append((kind, cid, e["do"]))
    return effects._compute_mods(tuple(ongoing)), triggers, eow


def players(n, seed):
    """n random holdings: a pioneer, up to 7 townsfolk, up to 5 tiles (a tile may come twice)."""
    r = {"rng": rng.seed_state(seed)}
    folk, tiles, pioneers = sorted(TOWNSFOLK), sorted(EQUIPMENT), sorted(PIONEERS)
    for _ in range(n):
        unique = rng.below(r, 2) == 1
        rng.shuffle(r, folk)
        yield {"pioneer": pioneers[rng.below(r, len(pioneers))] if unique else "standard",
               "side": "unique" if unique else "standard", "townsfolk": folk[:rng.below(r, 8)],
               "equipment": [tiles[rng.below(r, len(tiles))] for _ in range(rng.below(r, 6))]}


def test_a_holding_made_card_by_card_is_the_one_made_at_once():
    effects.forget_holdings()
    checked = set()
    for p in players(400, 1):
        # ask first for some of the smaller holdings on the way (as a game does), then for p
        for k in range(0, len(p["equipment"]) + 1, 2):
            effects.holding({**p, "equipment": p["equipment"][:k]})
        h = effects.holding(p)
        mods, triggers, eow = from_scratch(p)
        assert h.mods == mods and h.triggers == triggers and h.eow == eow
        assert h.income == {f: n + mods["income"].get(f, 0) + mods["income"].get("any", 0)
                            for f, n in effects.INCOME.items()}
        assert h.face_cost == max(0, effects.FACE_CHANGE_COST + mods["face_change_cost"])
        assert h.wagon_costs == {size: max(0, w["cost"] + mods["wagon_cost"]) for size, w in effects.WAGONS.items()}
        assert (h.small, h.large) == (h.wagon_costs["small"], h.wagon_costs["large"])
        assert h.prices == (h.face_cost, tuple(h.income.values()), tuple(h.wagon_costs.items()))
        checked.add(h.prices)
    assert len(checked) > 5  # holdings with different prices were among them


def test_holdings_with_the_same_prices_share_their_turn_tables():
    effects.forget_holdings()
    by_prices = {}
    checked = 0
    for p in players(200, 2):
        h = effects.holding(p)
        assert by_prices.setdefault(h.prices, h.per_seat) is h.per_seat
        checked += 1
    assert checked == 200


def test_held_is_the_holding_of_what_the_seat_holds_now_whatever_changed_in_place():
    """effects.held (and held_with) keep a seat's last Holding while the seat holds the same: a card added,
    removed or swapped for another in place (the same list, the same length), the pioneer or side changed, or
    another game's player in the same seat, must each give the holding of what is held now."""
    effects.forget_holdings()
    folk, tiles = sorted(TOWNSFOLK), sorted(EQUIPMENT)
    r = {"rng": rng.seed_state(3)}
    changes = 0
    for q in players(150, 4):
        p = {**q, "townsfolk": list(q["townsfolk"]), "equipment": list(q["equipment"])}
        for step in range(6):
            seat = step % 2
            for got in (effects.held(p, seat), effects.held_with(p, seat, p["equipment"])):
                want = effects.holding(p)
                assert (got.mods, got.triggers, got.eow, got.prices) == (want.mods, want.triggers, want.eow,
                                                                        want.prices)
            lists = [p["townsfolk"], p["equipment"]]
            kind = rng.below(r, 4)
            held = lists[rng.below(r, 2)]
            pool = folk if held is p["townsfolk"] else tiles
            if kind == 0:
                held.append(pool[rng.below(r, len(pool))])
            elif kind == 1 and held:
                held[rng.below(r, len(held))] = pool[rng.below(r, len(pool))]  # (same length: only the items differ)
            elif kind == 2 and held:
                held.pop(rng.below(r, len(held)))
            else:
                p["side"] = "standard" if p["side"] == "unique" else "unique"
                p["pioneer"] = "standard" if p["side"] == "standard" else sorted(PIONEERS)[0]
            changes += 1
    assert changes == 900
