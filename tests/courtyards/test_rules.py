"""A test of each clause of games/courtyards/RULES.md (named after it), each failing if its rule were broken."""

import pytest

from games.courtyards import tilegen
from games.courtyards.play import RULES
from games.courtyards.rules import cards as money
from games.courtyards.rules import engine as cy
from games.courtyards.rules import knowledge
from games.courtyards.rules import palace as geo
from games.courtyards.rules.constants import POINTS, SCORING, START_MONEY, WELL
from games.courtyards.rules.scoring import rank_points, score_round
from games.courtyards.tiles import SEED, TILES

N, E, S, W = 1, 2, 4, 8


def fresh(n: int = 3, seed: int = 1, **opts) -> dict:
    state, _ = cy.new_game(cy.config_of([f"P{i}" for i in range(n)], **opts), seed)
    return state


def act(state: dict, aid: str) -> tuple[dict, list]:
    r = cy.apply(state, aid)
    assert r.ok, (aid, getattr(r, "reason", ""))
    return r.state, r.events


def ids(state: dict) -> list[str]:
    return [a.id for a in cy.legal_actions(state)]


def tile(mask: int, kind: int | None = None) -> int:
    return next(i for i, t in enumerate(TILES) if t[2] == mask and (kind is None or t[0] == kind))


def act_state(n: int = 3) -> dict:
    """A fresh game at its first player's turn, with a clean table: seat 0 to move."""
    s = fresh(n)
    s["turn"] = 0
    return s


# ---- components ---------------------------------------------------------------------------------------
def test_C1_six_kinds_54_tiles_none_turned():
    counts = [sum(1 for t in TILES if t[0] == k) for k in range(6)]
    assert counts == [7, 7, 9, 9, 11, 11] and len(TILES) == 54
    assert all(bin(t[2]).count("1") <= 3 for t in TILES)


def test_C2_our_tile_set_keeps_the_budget_and_is_made_by_its_seed():
    assert tilegen.problems(TILES) == []
    assert tilegen.generate(SEED) == TILES
    broken = list(TILES)
    broken[0] = (broken[0][0], broken[0][1] + 1, broken[0][2])
    assert tilegen.problems(broken)


def test_C3_a_well_and_an_empty_reserve_each():
    s = fresh(4)
    assert s["palaces"] == [[[0, 0, WELL]]] * 4 and s["reserves"] == [[]] * 4


@pytest.mark.parametrize("deck,size", [("full", 108), ("short", 72)])
def test_C4_money_108_cards_or_72_short(deck, size):
    assert len(money.deck(deck)) == size
    s = fresh(3, money_deck=deck)
    cards = [c for h in s["hands"] for c in h] + s["display"] + [c for c in s["deck"] if c != SCORING]
    assert sorted(cards) == money.deck(deck)


def test_C5_two_scoring_cards_in_the_deck():
    s = fresh(3)
    assert s["deck"].count(SCORING) + s["scored"] == 2


def test_C6_a_slot_is_paid_in_its_currency():
    s = act_state()
    s["hands"][0] = [money.code(1, 9), money.code(1, 9)]  # jade only
    buys = [a for a in ids(s) if a.split(":")[1] == "buy"]
    assert buys and all(a.split(":")[2] == "1" for a in buys)


# ---- setup ---------------------------------------------------------------------------------------------
def test_S1_the_bag_and_deck_are_nobodys():
    a, b = fresh(3, 1), fresh(3, 2)
    assert a["bag"] != b["bag"]
    v = knowledge.view_for(a, 0)
    assert v["bag"] is None and v["deck"] is None


def test_S2_money_dealt_to_20_and_private():
    for seed in range(20):
        s = fresh(4, seed)
        for h in s["hands"]:
            assert START_MONEY <= money.total(h) < START_MONEY + 9
        v = knowledge.view_for(s, 1)
        assert v["hands"][1] == s["hands"][1] and v["hands"][0] is None and v["hand_sizes"][0] == len(s["hands"][0])


def test_S3_fewest_cards_then_lowest_total_starts():
    for seed in range(30):
        s = fresh(5, seed)
        key = [(len(h), money.total(h), i) for i, h in enumerate(s["hands"])]
        assert s["turn"] == min(key)[2]


def test_S4_scoring_cards_in_the_second_and_fourth_fifths():
    for seed in range(30):
        s = fresh(3, seed)
        order = s["deck"][::-1]
        drawn, at = 0, []
        for c in order:
            if c == SCORING:
                at.append(drawn + s["drawn"])
            else:
                drawn += 1
        left = len(order) - 2 + s["drawn"] + (2 - len(at)) * 0
        size = left
        for (lo, hi), fifth in zip(s["windows"], (2, 4), strict=True):
            assert (lo, hi) == ((fifth - 1) * size // 5, fifth * size // 5 - 1)
        for pos, (lo, hi) in zip(at, s["windows"][2 - len(at):], strict=True):
            assert lo <= pos <= hi


def test_S5_display_and_market_filled():
    s = fresh(3)
    assert len(s["display"]) == 4 and None not in s["market"]


# ---- a turn ----------------------------------------------------------------------------------------------
def test_T1_one_action_of_three_kinds():
    s = act_state()
    assert {a.split(":")[1] for a in ids(s)} <= {"take", "buy", "in", "out", "swap"}
    take = next(a for a in ids(s) if ":take:" in a)
    s2, _ = act(s, take)
    assert s2["turn"] == 1


def test_T2_take_one_card_or_several_worth_at_most_5():
    s = act_state()
    s["display"] = [1, 12, 23, 39]
    takes = {a.split(":")[2] for a in ids(s) if ":take:" in a}
    assert {"1", "12", "23", "39", "1_12", "12_23"} <= takes
    assert "1_12_23" not in takes and "1_39" not in takes


def test_T3_payment_in_the_currency_every_card_needed_no_change():
    assert set(money.payments([3, 4, 9], 0, 7)) == {(3, 4), (9,)}
    s = act_state()
    t = s["market"][0]
    price = geo.PRICE[t]
    s["hands"][0] = [money.code(0, 9), money.code(0, 9)]
    pays = [a for a in ids(s) if a.startswith("0:buy:0:")]
    assert pays == [f"0:buy:0:{'9_9' if price > 9 else '9'}"]
    s2, _ = act(s, pays[0])
    assert s2["bought"] == [t] and s2["discard"][-1] == money.code(0, 9)


def test_T4_exact_payment_acts_again_or_ends():
    s = act_state()
    price = geo.PRICE[s["market"][2]]
    s["hands"][0] = [money.code(2, v) for v in (price - 1, 1)] if price > 1 else [money.code(2, 1)]
    s2, ev = act(s, f"0:buy:2:{'1_' + str(price - 1)}")
    assert ev[-1]["exact"] and s2["extra"] and s2["turn"] == 0 and s2["stage"] == "act"
    assert "0:end" in ids(s2)


def test_T5_no_refill_during_the_turn():
    s = act_state()
    price = geo.PRICE[s["market"][1]]
    a = min(9, price - 1)
    s["hands"][0] = [money.code(1, price - a), money.code(1, a)]
    s2, _ = act(s, "0:buy:1:" + "_".join(str(v) for v in sorted((a, price - a))))
    assert s2["extra"] and s2["market"][1] is None
    s3, _ = act(s2, "0:end")
    s4, _ = act(s3, cy.legal_actions(s3)[-1].id)
    assert s4["market"][1] is not None


def test_T6_redesign_in_out_and_swap():
    s = act_state()
    a, b = tile(0, 5), tile(0, 4)
    s["palaces"][0] = [[0, 0, WELL], [1, 0, a]]
    s["reserves"][0] = [b]
    verbs = {x.split(":")[1] for x in ids(s)}
    assert {"in", "out", "swap"} <= verbs
    s2, _ = act(s, f"0:swap:{b}:1:0")
    assert [1, 0, b] in s2["palaces"][0] and s2["reserves"][0] == [a]


def test_T7_take_or_overpay_ends_the_actions():
    s = act_state()
    price = geo.PRICE[s["market"][3]]
    s["hands"][0] = [money.code(3, 9), money.code(3, 9)]
    over = f"0:buy:3:{'9_9' if price > 9 else '9'}"
    s2, _ = act(s, over)
    if price not in (9, 18):
        assert s2["stage"] == "place" and not s2["extra"]


def test_T8_bought_tiles_placed_on_empty_spots_or_kept():
    s = act_state()
    s["stage"], s["bought"] = "place", [tile(0, 0), tile(0, 1)]
    acts = ids(s)
    assert acts[-1] == f"0:keep:{tile(0, 0)}" and all(a.split(":")[2] == str(tile(0, 0)) for a in acts)
    assert all((geo.dec(a.split(":")[3]), geo.dec(a.split(":")[4])) != (0, 0) for a in acts if ":place:" in a)
    s2, _ = act(s, acts[0])
    assert s2["bought"] == [tile(0, 1)]


def test_T9_display_refilled_before_the_market():
    s = act_state()
    take = next(a for a in ids(s) if ":take:" in a)
    s["hands"][0] = []
    _s2, ev = act(s, take)
    kinds = [e["type"] for e in ev]
    assert kinds.index("display") < kinds.index("turn")


def test_T10_a_scoring_card_scores_at_once_and_is_replaced():
    s = act_state()
    s["deck"].append(SCORING)  # (the top)
    take = next(a for a in ids(s) if ":take:" in a and len(a.split(":")[2].split("_")) == 1)
    s2, ev = act(s, take)
    assert any(e["type"] == "scoring" and e["round"] == s["scored"] + 1 for e in ev)
    assert len(s2["display"]) == 4 and s2["scored"] == s["scored"] + 1


def test_T10_the_discards_become_a_new_deck():
    s = act_state()
    s["discard"] = [money.code(0, 5)] * 3
    s["deck"] = []
    take = next(a for a in ids(s) if ":take:" in a and len(a.split(":")[2].split("_")) == 1)
    s2, ev = act(s, take)
    assert any(e["type"] == "reshuffled" for e in ev) and money.code(0, 5) in s2["display"]


def test_T11_the_turn_passes_on():
    s = act_state(4)
    s["turn"] = 3
    s2, _ = act(s, next(a for a in ids(s) if ":take:" in a))
    assert s2["turn"] == 0


def test_T12_nothing_to_do_passes_and_all_passing_ends():
    s = act_state(2)
    s["display"], s["deck"], s["discard"] = [], [], []
    s["hands"] = [[], []]
    assert ids(s) == ["0:pass"]
    s2, _ = act(s, "0:pass")
    s3, _ = act(s2, "1:pass")
    assert s3["stage"] in ("final", "over")


# ---- building rules --------------------------------------------------------------------------------------
def test_B1_the_well_at_the_centre_never_moves():
    g = {(0, 0): WELL, (1, 0): tile(0)}
    assert not geo.removable(g, 0, 0) and not geo.swappable(g, tile(0, 1), 0, 0)


def test_B2_a_side_not_a_corner():
    g = {(0, 0): WELL}
    assert geo.fits(g, tile(0), 1, 0) and not geo.fits(g, tile(0), 1, 1)


def test_B3_shared_sides_match():
    g = {(0, 0): WELL, (1, 0): tile(E)}  # a wall on its east
    assert not geo.fits(g, tile(0), 2, 0)   # open against the wall
    assert geo.matches(g, tile(W | N | S), 2, 0) == 0  # wall to wall, nothing open: B4 refuses it


def test_B4_reachable_on_foot_from_the_well():
    g = {(0, 0): WELL, (1, 0): tile(E)}
    assert not geo.fits(g, tile(W), 2, 0) or geo.matches(g, tile(W), 2, 0) > 0
    assert not geo.fits(g, tile(W | N | S), 2, 0)


def test_B5_no_hole():
    o = tile(0)
    g = {(0, 0): WELL, (1, 0): o, (2, 0): o, (0, 1): o, (2, 1): o, (0, 2): o, (2, 2): o}
    assert geo.closes_hole(g, 1, 2) and not geo.fits(g, o, 1, 2)
    assert geo.holes(g) == 0 and geo.holes({**g, (1, 2): o}) == 1


def test_B6_leaving_keeps_the_palace_whole():
    o = tile(0)
    g = {(0, 0): WELL, (1, 0): o, (2, 0): o}
    assert geo.removable(g, 2, 0) and not geo.removable(g, 1, 0)


def test_B7_a_swap_matches_and_keeps_reach():
    o = tile(0)
    g = {(0, 0): WELL, (1, 0): o, (2, 0): o}
    assert geo.swappable(g, tile(0, 1), 1, 0)
    assert not geo.swappable(g, tile(E), 1, 0)  # its east wall against the open tile beyond


# ---- scoring -----------------------------------------------------------------------------------------------
def test_R1_palace_counts_not_the_reserve_and_none_ranks_nobody():
    s = act_state(2)
    s["palaces"][0] = [[0, 0, WELL], [1, 0, tile(0, 0)]]
    s["reserves"][1] = [tile(0, 0)] * 3
    s["neutral"] = []
    s["deck"].append(SCORING)
    s2, ev = act(s, next(a for a in ids(s) if ":take:" in a and "_" not in a.split(":")[2]))
    rec = next(e for e in ev if e["type"] == "scoring")
    kind = TILES[tile(0, 0)][0]
    assert rec["kinds"][kind]["points"][0] > 0 and rec["kinds"][kind]["points"][1] == 0


def test_R2_the_scoring_table():
    assert POINTS[5] == ((6,), (13, 6), (21, 13, 6)) and POINTS[0] == ((1,), (8, 1), (16, 8, 1))
    assert rank_points([3, 2, 1], POINTS[2][2]) == [18, 10, 3]
    assert rank_points([3, 2, 1], POINTS[2][0]) == [3, 0, 0]


def test_R3_ties_share_rounded_down():
    assert rank_points([2, 2, 1], (8, 1)) == [4, 4, 0]
    assert rank_points([2, 2, 2], (16, 8, 1)) == [8, 8, 8]
    assert rank_points([3, 1, 1], (17, 9, 2)) == [17, 5, 5]
    assert rank_points([0, 0], (1,)) == [0, 0]


def test_R4_the_longest_outer_wall():
    assert geo.wall_length({(0, 0): WELL, (1, 0): tile(N | E)}) == 2
    # two walls back to back are inside: not outer
    a, b = tile(E, None), tile(W, None)
    assert geo.wall_length({(0, 0): WELL, (0, -1): a, (1, -1): b}) == 0 or geo.segments(
        {(0, 0): WELL, (0, -1): a, (1, -1): b}) == []
    assert score_round(1, [[0] * 6], None, [5])["gained"] == [5]


def test_R5_points_add_up_and_are_public():
    s = fresh(3, 4)
    while s["stage"] != "over":
        s = cy.apply(s, cy.legal_actions(s)[0].id).state
    assert s["score"] == [sum(r["gained"][i] for r in s["scorings"]) for i in range(3)]
    assert knowledge.view_for(s, None)["score"] == s["score"]


# ---- the end ---------------------------------------------------------------------------------------------
def _ending(n: int = 3, **opts) -> dict:
    s = fresh(n, **opts)
    s["turn"] = 0
    s["bag"] = []
    return s


def test_E1_ends_when_the_market_cannot_be_refilled():
    s = _ending()
    s["hands"][0] = [money.code(0, 9)] * 3
    pay = next(a for a in ids(s) if a.startswith("0:buy:0:") and not cy.apply(s, a).state["extra"])
    s2, _ = act(s, pay)
    s3, ev = act(s2, cy.legal_actions(s2)[-1].id)  # to the reserve
    assert [e["why"] for e in ev if e["type"] == "game_end"] == ["market"]
    s = fresh(3, end="empty")
    s["turn"], s["bag"] = 0, []
    s2, ev = act(s, next(a for a in ids(s) if ":take:" in a))
    assert [e["why"] for e in ev if e["type"] == "game_end"] == ["bag"]  # (the market is full)
    s = fresh(3)
    s["turn"], s["bag"] = 0, []
    s2, ev = act(s, next(a for a in ids(s) if ":take:" in a))
    assert not any(e["type"] == "game_end" for e in ev)


def test_E2_leftovers_to_the_strict_most_of_that_currency():
    s = _ending()
    s["end"] = None
    s["hands"] = [[money.code(0, 9)], [money.code(0, 9)], [money.code(1, 5), money.code(0, 1)]]
    ev: list = []
    cy._end_game(s, ev, "market")
    awards = {a["slot"]: a["seat"] for a in ev[0]["awards"]}
    assert awards[0] is None and awards[1] == 2 and ev[0]["hands"] == s["hands"]


def test_E3_receivers_place_from_the_next_player():
    s = _ending()
    s["turn"] = 1
    s["hands"] = [[money.code(0, 9)], [money.code(1, 9)], [money.code(2, 9)]]
    ev: list = []
    cy._end_game(s, ev, "market")
    assert [q[0] for q in s["queue"]] == [2, 0, 1] and cy.deciders(s) == [2]


def test_E4_then_the_third_scoring():
    s = _ending()
    s["hands"] = [[], [], []]
    ev: list = []
    cy._end_game(s, ev, "market")
    assert s["stage"] == "over" and s["scorings"][-1]["round"] == 3


def test_E5_most_points_wins_equal_totals_share():
    s = _ending(2)
    s["hands"] = [[], []]
    s["palaces"] = [[[0, 0, WELL]], [[0, 0, WELL]]]
    s["neutral"] = []
    s["score"] = [0, 0]
    cy._end_game(s, [], "market")
    assert [r["winner"] for r in s["result"]] == [True, True] and {r["rank"] for r in s["result"]} == {1}


# ---- two players -------------------------------------------------------------------------------------------
def test_N1_the_steward_takes_6_then_6_then_a_third():
    s = fresh(2)
    assert len(s["neutral"]) == 6 + (6 if s["scored"] >= 1 else 0)
    s["turn"] = 0
    before = len(s["neutral"])
    s["deck"].append(SCORING)
    s["scored"] = 0
    s2, _ = act(s, next(a for a in ids(s) if ":take:" in a and "_" not in a.split(":")[2]))
    assert len(s2["neutral"]) == before + 6
    bag = len(s2["bag"])
    s2["turn"] = s2["turn"]
    ev: list = []
    cy._scoring(s2, 2, ev)
    assert len(s2["neutral"]) == before + 6 + bag // 3


def test_N2_the_steward_ranks_but_never_wins():
    rec = score_round(2, [[1, 0, 0, 0, 0, 0], [2, 0, 0, 0, 0, 0]], [3, 0, 0, 0, 0, 0], [0, 0])
    assert rec["kinds"][0]["points"] == [0, 1, 8] and rec["gained"] == [0, 1]
    s = fresh(2, 3)
    while s["stage"] != "over":
        s = cy.apply(s, cy.legal_actions(s)[0].id).state
    assert len(RULES.results(s)) == 2


def test_B_every_palace_keeps_the_building_rules_through_whole_games():
    """B2-B7 together: after every action of random games (redesigns and swaps included), every palace is
    joined, reachable on foot from the Well in full and without holes."""
    from engine import rng
    for seed in range(4):
        s = fresh(3 + seed % 2, seed)
        pick = {"rng": rng.seed_state(seed)}
        while s["stage"] != "over":
            acts = cy.legal_actions(s)
            s = cy.apply(s, acts[rng.below(pick, len(acts))].id).state
            for p in s["palaces"]:
                g = geo.grid_of(p)
                assert geo.reached(g) == len(g) and geo.holes(g) == 0
