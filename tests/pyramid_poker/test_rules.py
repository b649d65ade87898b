"""Pyramid Poker's rules, clause by clause (games/pyramid_poker/RULES.md P1-P25; the hand ranking in
test_hands.py, whole games and secrecy in test_playout.py and test_secrecy.py). Each test names its clause."""

import copy

import pytest

from games.pyramid_poker.play import RULES
from games.pyramid_poker.rules import knowledge, scoring
from games.pyramid_poker.rules import pyramid as geo
from games.pyramid_poker.rules.cards import DECK, is_joker
from games.pyramid_poker.rules.constants import JOKERS, MAX_GAMES, RANKS, ROWS, SUITS

from .poker_helpers import apply, built, finish, game, ids, last_take, move_card, play_out

ROYAL_ETC = [["AS", "KS", "QS", "JS", "TS"], ["2H", "2D", "2C", "2S", "3H"], ["9C", "9D", "9H", "4C", "4D"]]
NO_PAIRS = [["3C", "5D", "7H", "8S", "JD"], ["4H", "6C", "8D", "TH", "QC"], ["3D", "5H", "7C", "9S", "KH"]]
SWEEP = [ROYAL_ETC, NO_PAIRS]  # seat 0 wins all three: 5 + 3 + 2 + 4 = 14 points; seat 1: -3 - 1 = -4


def faces(view):
    """Every card code anywhere in a view."""
    out = []

    def walk(x):
        if isinstance(x, dict):
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)
        elif isinstance(x, str) and x in DECK:
            out.append(x)
    walk(view)
    return out


# ---- material and setup -----------------------------------------------------------------------------
def test_P1_fifty_four_blocks_fifty_two_cards_and_two_jokers():
    assert len(DECK) == len(set(DECK)) == 54
    cards = [c for c in DECK if not is_joker(c)]
    assert len(cards) == 52 and sorted(JOKERS) == ["X1", "X2"] == sorted(c for c in DECK if is_joker(c))
    assert {c[0] for c in cards} == set(RANKS) and {c[1] for c in cards} == set(SUITS) == set("SHDC")
    assert "AS" in DECK and "TD" in DECK and "10D" not in DECK


def test_P2_two_players_one_to_act_at_a_time():
    with pytest.raises(ValueError):
        RULES.config({}, ["a"])
    with pytest.raises(ValueError):
        RULES.config({}, ["a", "b", "c"])
    with pytest.raises(ValueError):
        RULES.config({"blocks": "peek"}, ["a", "b"])
    s, _ = game()
    for _ in range(40):
        assert len(RULES.deciders(s)) == 1 and RULES.deciders(s)[0] in (0, 1)
        assert not RULES.simultaneous(s)
        s, _ = apply(s, ids(s)[0])


@pytest.mark.parametrize("blocks", ["blind", "open"])
def test_P3_fifteen_to_each_supply_the_other_twenty_four_the_stock(blocks):
    s, _ = game(blocks, seed=3)
    assert [len(x) for x in s["supply"]] == [15, 15] and len(s["stock"]) == 24
    assert sorted(s["supply"][0] + s["supply"][1] + s["stock"]) == sorted(DECK)
    other, _ = game(blocks, seed=4)
    assert other["supply"] != s["supply"]
    for v in (None, 0, 1):
        assert RULES.view_for(s, v)["stock"] == [None] * 24  # the stock: nobody's


def test_P4_thirty_spots_in_rows_of_eight_to_four():
    assert ROWS == (8, 7, 6, 5, 4) and geo.SPOTS == 30
    assert [geo.spot(r, 0) for r in range(5)] == [0, 8, 15, 21, 26] and geo.spot(4, 3) == 29
    assert geo.row_of(14) == (1, 6) and geo.row_of(15) == (2, 0) and geo.row_of(29) == (4, 3)
    assert geo.SUPPORTS[8] == (0, 1) and geo.SUPPORTS[14] == (6, 7) and geo.SUPPORTS[29] == (24, 25)
    assert geo.SUPPORTS[0] == () and geo.ABOVE[0] == (8,) and geo.ABOVE[1] == (8, 9) and geo.ABOVE[26] == ()
    with pytest.raises(ValueError):
        geo.spot(1, 7)


def test_P5_a_block_goes_on_the_foundation_or_on_two_filled_spots():
    p = [None] * 30
    assert geo.placeable(p) == list(range(8))
    p[0] = "x"
    assert 8 not in geo.placeable(p)
    p[1] = "x"
    assert 8 in geo.placeable(p) and 9 not in geo.placeable(p) and 0 not in geo.placeable(p)
    s, _ = game()
    s["pyramid"][0] = {"card": s["supply"][0].pop(), "owner": 0}
    s["pyramid"][1] = {"card": s["supply"][1].pop(), "owner": 1}
    spots = sorted(int(a.rsplit(":", 1)[1]) for a in ids(s))
    assert spots == sorted(geo.placeable(s["pyramid"])) == [2, 3, 4, 5, 6, 7, 8]
    assert not RULES.apply(s, f"{s['turn']}:place:9").ok


def test_P6_builders_alternate_the_first_drawn_for_game_one():
    firsts = set()
    for seed in range(12):
        s, _ = game(seed=seed)
        firsts.add(s["first"])
        assert s["turn"] == s["first"]
        turns = []
        while s["stage"] == "build":
            turns.append(s["turn"])
            s, _ = apply(s, ids(s)[-1])
        assert turns == [(s["first"] + k) % 2 for k in range(30)]
        assert sorted(b["owner"] for b in s["pyramid"]) == [0] * 15 + [1] * 15
        assert s["supply"] == [[], []]
    assert firsts == {0, 1}


def test_P6_each_later_game_the_other_player_builds_first():
    s, _ = game(match="to11", seed=5)
    s, _ = play_out(s, 5, until=lambda x: x["game"] == 3)
    assert [r["first"] for r in s["history"]] == [s["history"][0]["first"], 1 - s["history"][0]["first"]]
    assert s["first"] == s["history"][0]["first"] == s["turn"] and s["stage"] == "build"


def test_P7_blind_the_next_block_seen_at_its_turn_only_where_is_chosen():
    s, _ = game("blind", seed=2)
    t = s["turn"]
    mine = RULES.view_for(s, t)
    assert mine["supply"][t] == [s["supply"][t][0]] + [None] * 14
    assert RULES.view_for(s, 1 - t)["supply"][1 - t] == [None] * 15  # not its turn: nothing seen
    assert all(a.count(":") == 2 for a in ids(s))  # "{seat}:place:{spot}": no card chosen
    card = s["supply"][t][0]
    s2, events = apply(s, f"{t}:place:3")
    assert s2["pyramid"][3] == {"card": card, "owner": t} and s2["supply"][t] == s["supply"][t][1:]
    assert events[0]["type"] == "placed" and events[0]["card"] == card


def test_P8_open_the_whole_supply_seen_block_and_spot_chosen():
    s, _ = game("open", seed=2)
    t = s["turn"]
    assert RULES.view_for(s, t)["supply"][t] == s["supply"][t]
    assert RULES.view_for(s, 1 - t)["supply"][1 - t] == s["supply"][1 - t]  # even when not its turn
    assert RULES.view_for(s, 1 - t)["supply"][t] == [None] * 15
    card = s["supply"][t][7]
    assert len(ids(s)) == 15 * 8 and f"{t}:place:{card}:5" in ids(s)
    s2, _ = apply(s, f"{t}:place:{card}:5")
    assert s2["pyramid"][5] == {"card": card, "owner": t} and card not in s2["supply"][t]


@pytest.mark.parametrize("blocks", ["blind", "open"])
def test_P9_a_placed_blocks_face_is_its_owners_only(blocks):
    s = built(blocks, seed=4)
    for v in (None, 0, 1):
        seen = RULES.view_for(s, v)["pyramid"]
        assert [b["owner"] for b in seen] == [b["owner"] for b in s["pyramid"]]
        assert all((b["card"] is not None) == (b["owner"] == v) for b in seen)
        assert all(b["card"] == r["card"] for b, r in zip(seen, s["pyramid"], strict=True) if b["card"])


# ---- taking the pyramid apart -------------------------------------------------------------------------
def top_block_of(s, seat):
    """A top spot holding a block of `seat` (two blocks swap places when none does)."""
    top = [p for p in (26, 27, 28, 29) if s["pyramid"][p]["owner"] == seat]
    if top:
        return top[0]
    low = next(p for p in range(26) if s["pyramid"][p]["owner"] == seat)
    s["pyramid"][26], s["pyramid"][low] = s["pyramid"][low], s["pyramid"][26]
    return 26


def test_P10_the_second_builder_takes_first_only_uncovered_blocks():
    s = built(seed=6)
    assert s["turn"] == 1 - s["first"]
    t = s["turn"]
    assert sorted(int(a.rsplit(":", 1)[1]) for a in ids(s)) == [26, 27, 28, 29]
    assert not RULES.apply(s, f"{t}:take:0").ok
    s["pyramid"][26] = s["pyramid"][27] = None  # spot 21 is covered by 26 only, 22 by 26 and 27
    assert geo.covered(s["pyramid"], 22) is False and geo.covered(s["pyramid"], 23) is True
    assert sorted(geo.uncovered(s["pyramid"])) == [21, 22, 28, 29]


def test_P10_taking_alternates():
    s = built(seed=8)
    takers = []
    while s["stage"] != "over":
        if s["stage"] == "take":
            takers.append(s["turn"])
        s, _ = apply(s, ids(s)[0])
    assert takers == [(1 - s["history"][0]["first"] + k) % 2 for k in range(30)]


def test_P11_the_taker_sees_it_and_chooses_a_hand_that_is_not_full():
    s = built(seed=9)
    t = s["turn"]
    own = top_block_of(s, t)
    move_card(s, "AH", ("pyramid", own))
    s2, events = apply(s, f"{t}:take:{own}")
    assert s2["stage"] == "hand" and s2["holding"] == {"card": "AH", "owner": t, "spot": own}
    assert RULES.view_for(s2, t)["holding"]["card"] == "AH"
    assert RULES.view_for(s2, 1 - t)["holding"]["card"] is None  # its own block: the other does not know it
    assert RULES.view_for(s2, None)["holding"]["card"] is None
    assert RULES.public_event(events[0], 1 - t)["card"] is None and RULES.public_event(events[0], t)["card"] == "AH"
    assert ids(s2) == [f"{t}:hand:{h}" for h in (1, 2, 3)]
    s2["hands"][t][1] = ["2C", "3C", "4C", "5C", "6C"]
    assert ids(s2) == [f"{t}:hand:1", f"{t}:hand:3"] and not RULES.apply(s2, f"{t}:hand:2").ok
    s3, _ = apply(s2, f"{t}:hand:3")
    assert s3["hands"][t][2] == ["AH"] and s3["holding"] is None and s3["turn"] == 1 - t


def test_P11_the_owner_knows_the_block_another_takes():
    s = built(seed=9)
    t = s["turn"]
    theirs = top_block_of(s, 1 - t)
    move_card(s, "KD", ("pyramid", theirs))
    s2, events = apply(s, f"{t}:take:{theirs}")
    assert RULES.view_for(s2, t)["holding"]["card"] == RULES.view_for(s2, 1 - t)["holding"]["card"] == "KD"
    assert RULES.view_for(s2, None)["holding"]["card"] is None
    assert RULES.public_event(events[0], None)["card"] is None


def test_P12_a_card_in_a_hand_is_public():
    s = built(seed=10)
    t = s["turn"]
    s, _ = apply(s, ids(s)[0])
    if s["stage"] == "joker":
        s, _ = apply(s, ids(s)[0])
    card = s["holding"]["card"]
    s, events = apply(s, f"{t}:hand:2")
    for v in (None, 0, 1):
        assert RULES.view_for(s, v)["hands"][t][1] == [card]
        assert RULES.public_event(events[0], v)["card"] == card


def joker_state(stock, seed=11):
    """A built game whose taker finds X1 on spot 26; the stock rigged to begin with `stock`."""
    s = built(seed=seed)
    move_card(s, "X1", ("pyramid", 26))
    for i, c in enumerate(stock):
        move_card(s, c, ("stock", i))
    return s


def test_P13_a_joker_is_discarded_three_stock_blocks_seen_one_kept():
    s = joker_state(["QH", "7D", "2S"])
    t = s["turn"]
    rest = s["stock"][3:]
    s2, events = apply(s, f"{t}:take:26")
    assert s2["stage"] == "joker" and s2["look"] == ["QH", "7D", "2S"] and s2["stock"] == rest
    assert s2["discards"] == ["X1"] and events[0]["type"] == "joker" and events[0]["card"] == "X1"
    assert RULES.view_for(s2, t)["look"] == ["QH", "7D", "2S"]
    assert RULES.view_for(s2, 1 - t)["look"] == [None] * 3 == RULES.view_for(s2, None)["look"]
    looked = next(e for e in events if e["type"] == "looked")
    assert RULES.public_event(looked, 1 - t)["cards"] == [None] * 3
    assert ids(s2) == [f"{t}:keep:{i}" for i in range(3)]
    s3, events = apply(s2, f"{t}:keep:1")
    assert s3["discards"] == ["X1", "QH", "2S"] and s3["holding"] == {"card": "7D", "owner": None, "spot": None}
    assert RULES.view_for(s3, 1 - t)["holding"]["card"] is None and RULES.view_for(s3, t)["holding"]["card"] == "7D"
    assert RULES.public_event(events[0], 1 - t)["discarded"] == ["QH", "2S"]
    s4, _ = apply(s3, f"{t}:hand:1")
    assert s4["hands"][t][0] == ["7D"] and s4["turn"] == 1 - t and s4["stage"] == "take"


def test_P14_a_joker_turned_over_is_discarded_and_replaced():
    s = joker_state(["QH", "X2", "7D", "2S", "5C"])
    t = s["turn"]
    s2, events = apply(s, f"{t}:take:26")
    assert s2["look"] == ["QH", "7D", "2S"] and s2["discards"] == ["X1", "X2"] and s2["stock"][0] == "5C"
    assert any(e["type"] == "burned" and RULES.public_event(e, None)["card"] == "X2" for e in events)


def test_P15_fewer_than_three_in_the_stock_what_remains_none_nothing():
    s = joker_state(["QH", "7D"])
    t = s["turn"]
    gone = s["stock"][2:]
    s["stock"] = ["QH", "7D"]
    s2, _ = apply(s, f"{t}:take:26")
    assert s2["look"] == ["QH", "7D"] and s2["stock"] == [] and ids(s2) == [f"{t}:keep:0", f"{t}:keep:1"]
    assert gone  # (the blocks taken out of the game for this test)
    for stock in ([], ["X2"]):
        e = copy.deepcopy(s)
        e["stock"] = list(stock)
        e2, events = apply(e, f"{t}:take:26")
        assert e2["stage"] == "take" and e2["turn"] == 1 - t and e2["holding"] is None and e2["look"] == []
        assert e2["discards"] == ["X1", *stock] and events[-1]["type"] == "stock_empty"


# ---- the showdown -----------------------------------------------------------------------------------
def test_P16_hand_against_hand_of_the_same_number():
    s, events = finish(last_take(SWEEP))
    rec = s["history"][0]
    assert rec["hands"] == SWEEP and rec["winners"] == [0, 0, 0] and rec["won"] == [3, 0]
    assert rec["classes"][0] == ["royal flush", "four of a kind", "full house"]
    one = [["AS", "KS", "QS", "JS", "TS"], ["9C", "8C", "7D", "5H", "3S"], ["2C", "4D", "6C", "8S", "TD"]]
    two = [["3C", "5D", "7H", "8S", "JD"], ["9D", "8D", "7H", "5S", "3C"], ["9H", "TH", "JH", "QH", "KH"]]
    rec = scoring.showdown([one, two])  # not the best against the best: hand n against hand n
    assert rec["winners"] == [0, None, 1] and rec["won"] == [1, 1] and rec["winner"] is None
    assert any(e["type"] == "showdown" for e in events)


# ---- winning ----------------------------------------------------------------------------------------
DRAW = [[["AS", "KS", "QS", "JS", "TS"], ["2H", "2D", "4C", "6S", "8H"], ["9C", "8C", "7D", "5H", "3S"]],
        [["2C", "4D", "6C", "8S", "TD"], ["KH", "KD", "KC", "QH", "QD"], ["9D", "8D", "7H", "5S", "3C"]]]


def test_P20_basic_more_hands_won_wins_equal_is_a_shared_draw():
    s, _ = finish(last_take(SWEEP))
    assert RULES.is_over(s) and s["points"] == [0, 0]
    r = RULES.results(s)
    assert [(x.rank, x.winner, x.total) for x in r] == [(1, True, 3), (2, False, 0)]
    d, _ = finish(last_take(DRAW))
    assert d["history"][0]["winners"] == [0, 1, None]
    assert [(x.rank, x.winner, x.total) for x in RULES.results(d)] == [(1, True, 1), (1, True, 1)]



def test_P20_one_win_and_two_ties_wins():
    hands = [[DRAW[0][0], DRAW[0][2], ["4S", "6D", "8C", "TC", "QS"]],
             [DRAW[1][0], DRAW[1][2], ["4H", "6H", "8D", "TH", "QC"]]]
    s, _ = finish(last_take(hands))
    assert s["history"][0]["winners"] == [0, None, None]
    assert [(x.rank, x.winner) for x in RULES.results(s)] == [(1, True), (2, False)]


def test_P21_chart_points_by_class():
    from games.pyramid_poker.rules.cards import chart_points
    examples = {5: ["TS", "JS", "QS", "KS", "AS"], 4: ["4S", "5S", "6S", "7S", "8S"],
                3: ["QH", "QD", "QC", "QS", "3C"], 2: ["QH", "QD", "QC", "2D", "2S"],
                1: ["QS", "7S", "4S", "9S", "KS"], 0: ["4D", "QD", "QC", "QH", "7D"],
                -1: ["4D", "9C", "QC", "KH", "7D"]}
    for pts, hand in examples.items():
        assert chart_points(hand) == pts, hand
    assert chart_points(["4S", "5D", "6C", "7H", "8D"]) == 1
    assert chart_points(["4D", "4C", "QC", "QH", "7D"]) == chart_points(["4D", "9C", "QC", "QH", "7D"]) == 0


def test_P22_bonuses_for_two_or_three_hands_and_the_all_below_a_pair_penalty():
    assert scoring.game_points(["pair", "pair", "pair"], 3) == 4
    assert scoring.game_points(["pair", "pair", "pair"], 2) == 3
    assert scoring.game_points(["pair", "pair", "pair"], 1) == 0
    assert scoring.game_points(["no pair", "no pair", "no pair"], 0) == -4
    assert scoring.game_points(["no pair", "no pair", "pair"], 0) == -2
    assert scoring.game_points(["royal flush", "flush", "no pair"], 2) == 5 + 1 - 1 + 3
    s, _ = finish(last_take(SWEEP, match="to7"))
    assert s["history"][0]["points"] == [14, -4] and s["points"] == [14, -4]


def test_P23_the_match_ends_when_a_player_reaches_the_target():
    assert scoring.match_over("basic", [0, 0], 1)
    assert scoring.match_over("to7", [7, 3], 1) and not scoring.match_over("to7", [6, 6], 1)
    assert not scoring.match_over("to11", [10, 3], 4) and scoring.match_over("to11", [11, 3], 4)
    s, _ = finish(last_take(SWEEP, match="to7"))
    assert RULES.is_over(s)
    assert [(r.rank, r.winner, r.total) for r in RULES.results(s)] == [(1, True, 14), (2, False, -4)]
    s, events = finish(last_take(SWEEP, match="to11", points=(-10, 0)))  # 4 and -4: the match goes on
    assert not RULES.is_over(s) and s["game"] == 2 and s["stage"] == "build" and s["points"] == [4, -4]
    assert s["first"] == 1 and s["turn"] == 1 and [len(x) for x in s["supply"]] == [15, 15]
    assert s["hands"] == [[[], [], []], [[], [], []]] and s["discards"] == []
    assert events[-1]["type"] == "game_started" and events[-1]["game"] == 2


def test_P23_both_over_the_higher_wins_equal_plays_another_game():
    s, _ = finish(last_take(SWEEP, match="to11", points=(-2, 20)))  # 12 and 16
    assert RULES.is_over(s)
    assert [(r.rank, r.total) for r in RULES.results(s)] == [(2, 12), (1, 16)]
    s, _ = finish(last_take(SWEEP, match="to7", points=(-6, 12)))  # 8 and 8
    assert not RULES.is_over(s) and s["game"] == 2 and s["points"] == [8, 8]
    assert scoring.match_over("to7", [9, 8], 2) and not scoring.match_over("to7", [8, 8], 2)


def test_P23_at_most_fifteen_games_then_the_higher_total_or_shared():
    assert MAX_GAMES == 15 and scoring.match_over("to11", [0, 0], 15) and not scoring.match_over("to11", [0, 0], 14)
    s, _ = finish(last_take(SWEEP, match="to11", points=(-14, 4), games=15))  # 0 and 0
    assert RULES.is_over(s) and len(s["history"]) == 15
    assert [(r.rank, r.winner, r.total) for r in RULES.results(s)] == [(1, True, 0), (1, True, 0)]
    s, _ = finish(last_take(SWEEP, match="to11", points=(-20, 0), games=15))  # -6 and -4
    assert [(r.rank, r.total) for r in RULES.results(s)] == [(2, -6), (1, -4)]
    s, _ = finish(last_take(SWEEP, match="to11", points=(-20, 0), games=14))
    assert not RULES.is_over(s) and s["game"] == 15


def test_P24_results_by_category():
    s, _ = finish(last_take(SWEEP, match="to11", points=(-10, 20), games=3))  # 4 and 16
    r = RULES.results(s)
    assert [x.seat for x in r] == [0, 1] and [x.rank for x in r] == [2, 1]
    assert r[0].scores == {"hands": 9, "games": 3, "points": 4} and r[1].scores == {"hands": 0, "games": 0,
                                                                                      "points": 16}
    assert r[0].detail == {"best_hand": "royal flush", "games": 3, "match": "to11"}
    assert r[1].detail["best_hand"] == "no pair"
    b, _ = finish(last_take(SWEEP))
    assert RULES.results(b)[0].scores == {"hands": 3, "games": 1, "points": 0}


def test_P25_each_sees_the_face_up_things_and_its_own_only():
    s = built(seed=12)
    s, _ = play_out(s, 3, until=lambda x: sum(b is None for b in x["pyramid"]) >= 9 and x["stage"] == "take")
    assert any(h for hands in s["hands"] for h in hands)
    public = [c for hands in s["hands"] for h in hands for c in h] + s["discards"]
    spectator = RULES.view_for(s, None)
    assert "rng" not in spectator and "seed" not in spectator and spectator["viewer"] is None
    assert sorted(faces(spectator)) == sorted(public)
    for seat in (0, 1):
        own = [b["card"] for b in s["pyramid"] if b and b["owner"] == seat]
        assert sorted(faces(RULES.view_for(s, seat))) == sorted(public + own)
        k = knowledge.known(s, seat)
        assert sorted(k["pyramid"].values()) == sorted(own) and sorted(k["public"]) == sorted(public)
        assert len(k["unseen"]) == 54 - len(public) - len(own) and not set(k["unseen"]) & set(public + own)
