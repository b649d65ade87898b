"""Hexholm's rules, a test (or more) per clause of games/hexholm/RULES.md: each would fail if its rule were
broken. Positions are made by hand on boards of a few terrains (helpers.py)."""

import datetime as dt

import pytest

from engine import days
from games.hexholm.play import RULES, daily_seed, setup_of
from games.hexholm.rules import engine as kb
from games.hexholm.rules import scoring, sections, turns
from games.hexholm.rules.board import COL, EDGE, JUMPS, NEIGH, ROW, SEC, board
from games.hexholm.rules.constants import (
    FIRST_GAME_GOALS,
    FIRST_GAME_SEED,
    GOALS,
    LOCATIONS,
    SETTLEMENTS,
    TERRAINS,
)

from .helpers import H, bodies, game, own, play, random_game, targets, tile, turn


def gold(state, seat):
    return kb.gold_now(state)[seat]


# ---- R1 the board -------------------------------------------------------------------------------------
def test_r1_rows_odd_shifted_right_four_sections():
    assert set(NEIGH[H(2, 5)]) == {H(2, 4), H(2, 6), H(1, 4), H(1, 5), H(3, 4), H(3, 5)}  # an even row
    assert set(NEIGH[H(3, 5)]) == {H(3, 4), H(3, 6), H(2, 5), H(2, 6), H(4, 5), H(4, 6)}  # an odd row: shifted right
    assert set(NEIGH[H(0, 0)]) == {H(0, 1), H(1, 0)}
    assert len(NEIGH) == 400 and all(len(n) <= 6 for n in NEIGH)
    assert [SEC[H(0, 0)], SEC[H(0, 19)], SEC[H(19, 0)], SEC[H(19, 19)], SEC[H(9, 10)], SEC[H(10, 9)]] == \
        [0, 1, 2, 3, 1, 2]
    assert all(a in NEIGH[b] for b in range(400) for a in NEIGH[b])  # symmetric


# ---- R3, R4 locations and their tiles -----------------------------------------------------------------
@pytest.mark.parametrize("seed", [1, 2, 3, 77])
def test_r3_four_kinds_one_per_section_and_r4_two_tiles_each(seed):
    made = sections.make(seed)
    kinds = [s["location"] for s in made["sections"]]
    assert len(set(kinds)) == 4 and set(kinds) <= set(LOCATIONS)
    b = board(made["text"])
    assert b.locations and all(b.kind[h] == kinds[SEC[h]] for h in b.locations)
    state, _ = RULES.new_game(RULES.config({}, ["a", "b"]), seed)
    assert [loc["left"] for loc in state["locations"]] == [2] * len(board(state["board"]).locations)


def test_r3_the_kinds_drawn_vary_with_the_seed():
    drawn = {tuple(s["location"] for s in sections.make(seed)["sections"]) for seed in range(12)}
    assert len(drawn) > 6


# ---- R5 the deck, R6 settlements, R7 goals, R8 setup ----------------------------------------------------
def test_r5_twenty_five_cards_five_a_terrain_and_a_reshuffle_when_empty():
    state, _ = RULES.new_game(RULES.config({}, ["a", "b", "c"]), 5)
    cards = state["deck"] + state["discard"] + [state["card"]] + [p["hand"] for p in state["players"] if p["hand"]]
    assert sorted(cards) == sorted(t for t in TERRAINS for _ in range(5))
    state["discard"] += state["deck"]
    state["deck"] = []
    s = turn(state, state["turn"], "g", built=3)
    s, events = play(s, "end")
    assert any(e["type"] == "reshuffled" for e in events)
    assert len(s["deck"]) + len(s["discard"]) + sum(1 for p in s["players"] if p["hand"]) + 1 == 25


def test_r6_forty_settlements_and_r7_three_goals_of_ten():
    for seed in range(6):
        state, _ = RULES.new_game(RULES.config({}, ["a", "b"]), seed)
        assert [p["left"] for p in state["players"]] == [SETTLEMENTS] * 2
        assert len(set(state["goals"])) == 3 and set(state["goals"]) <= set(GOALS)
    done = random_game(2, 3)
    assert all(set(r["scores"]) == {"keeps", *done["goals"]} for r in done["result"])


def test_r8_a_card_each_face_down_a_random_first_player_then_seat_order():
    firsts = set()
    for seed in range(12):
        state, events = RULES.new_game(RULES.config({}, ["a", "b", "c"]), seed)
        firsts.add(state["first"])
        assert state["turn"] == state["first"] and state["card"] in TERRAINS
        assert all(p["hand"] in TERRAINS for p in state["players"] if p["seat"] != state["first"])
        assert [e["type"] for e in events] == ["game_started", "turn_started"]
    assert firsts == {0, 1, 2}
    cells = ["g"] * 400
    s = turn(game(cells, 3, first=1), 1, "g", built=3)
    s, _ = play(s, "end")
    assert s["turn"] == 2
    s = turn(s, 2, "g", built=3)
    s, _ = play(s, "end")
    assert s["turn"] == 0 and s["round"] == 1  # the round counts from the first player's turn


# ---- R9 no free hex of the card's terrain -----------------------------------------------------------------
def test_r9_a_card_without_free_hex_is_discarded_and_the_next_revealed():
    cells = ["g"] * 400
    for c in range(5):
        cells[H(10, c)] = "d"
    s = game(cells, 2)
    own(s, 1, *[H(10, c) for c in range(5)])
    s = turn(s, 0, "g", built=3)
    s["players"][1]["hand"] = "d"
    s["deck"] = ["g", "c"]
    s, events = play(s, "end")
    assert s["turn"] == 1 and s["card"] == "g" and "d" in s["discard"]
    assert [e["type"] for e in events if e["type"] in ("turn_started", "redrawn")] == ["turn_started", "redrawn"]
    assert kb.mandatory_open(s)


# ---- R10 the mandatory build -----------------------------------------------------------------------------
def test_r10_beside_your_own_when_you_can_checked_before_each_settlement():
    cells = ["c"] * 400
    for h in (H(5, 5), H(5, 6), H(5, 7), H(5, 8), H(12, 12), H(12, 13)):
        cells[h] = "g"
    cells[H(5, 9)] = "w"
    s = game(cells, 2)
    own(s, 0, H(4, 5))
    s = turn(s, 0, "g")
    assert targets(s, "build") == {H(5, 5)} & set(NEIGH[H(4, 5)]) | ({H(5, 4)} & set()) or \
        targets(s, "build") == {h for h in (H(5, 5), H(5, 6), H(5, 7), H(5, 8)) if H(4, 5) in NEIGH[h]}
    first = sorted(targets(s, "build"))
    s, _ = play(s, f"build:{first[0]}")
    nxt = targets(s, "build")
    assert nxt and all(any(s["owner"][n] == 0 for n in NEIGH[h]) for h in nxt)  # checked again: beside again
    # nothing of the terrain beside: anywhere on it
    s2 = turn(game(cells, 2), 0, "g")
    own(s2, 0, H(18, 0))
    assert targets(s2, "build") == {H(5, 5), H(5, 6), H(5, 7), H(5, 8), H(12, 12), H(12, 13)}


def test_r10_never_on_lakes_peaks_keeps_locations_and_the_build_ends_with_the_terrain():
    cells = ["w"] * 400
    cells[H(3, 3)], cells[H(3, 4)] = "g", "g"
    cells[H(8, 8)], cells[H(9, 9)], cells[H(10, 10)] = "m", "k", "I"
    s = turn(game(cells, 2), 0, "g")
    assert targets(s, "build") == {H(3, 3), H(3, 4)}
    s, events = play(s, f"build:{H(3, 3)}", f"build:{H(3, 4)}")
    assert s["turn"] == 1  # two built, the terrain full: the build is over (and the turn, nothing left)
    assert sum(1 for e in events if e["type"] == "built") == 2


def test_r10_only_what_is_left_when_fewer_than_three():
    cells = ["g"] * 400
    s = turn(game(cells, 2), 0, "g")
    s["players"][0]["left"] = 2
    s, _ = play(s, "build:0", "build:1")
    assert s["players"][0]["left"] == 0 and s["turn"] == 1


# ---- R11 tiles before or after, never in the middle ---------------------------------------------------------
def test_r11_tiles_before_or_after_never_in_the_middle_once_a_turn():
    cells = ["g"] * 400
    cells[H(6, 6)] = "G"
    s = game(cells, 2)
    own(s, 0, H(6, 5))
    tile(s, 0, "granary", H(6, 6))
    s = turn(s, 0, "g")
    s["turn_no"] = 5
    assert any(b.startswith("granary:") for b in bodies(s))            # before
    s, _ = play(s, f"build:{H(6, 4)}")
    assert not any(b.startswith("granary:") for b in bodies(s))        # in the middle: no
    s, _ = play(s, f"build:{H(6, 3)}", f"build:{H(6, 2)}")
    assert any(b.startswith("granary:") for b in bodies(s))            # after
    s, _ = play(s, next(b for b in bodies(s) if b.startswith("granary:")))
    assert not any(b.startswith("granary:") for b in bodies(s)) or s["turn"] != 0  # once a turn


# ---- R12 the end of a turn ----------------------------------------------------------------------------------
def mixed() -> list[str]:
    """Rows 0-3 Meadow, then each row one terrain in turn: every terrain has free hexes."""
    return ["g" if r < 4 else TERRAINS[r % 5] for r in range(20) for _c in range(20)]


def test_r12_the_card_is_discarded_a_new_one_drawn_and_an_empty_turn_ends_itself():
    s = turn(game(mixed(), 2), 0, "g")
    drawn = s["drawn"]
    s, events = play(s, "build:0", "build:1", "build:2")
    assert s["turn"] == 1 and s["drawn"] == drawn + 1 and s["players"][0]["hand"] in TERRAINS
    assert s["discard"][-1] == "g"
    assert [e for e in events if e["type"] == "turn_ended"][0]["auto"] is True


def test_r12_with_a_tile_still_usable_the_player_ends_the_turn():
    cells = ["g"] * 400
    cells[H(6, 6)] = "G"
    s = game(cells, 2)
    own(s, 0, H(6, 5))
    tile(s, 0, "granary", H(6, 6))
    s = turn(s, 0, "g")
    s["turn_no"] = 5
    s, _ = play(s, f"build:{H(6, 4)}", f"build:{H(6, 3)}", f"build:{H(6, 2)}")
    assert s["turn"] == 0 and "end" in bodies(s)
    s, events = play(s, "end")
    assert s["turn"] == 1 and [e for e in events if e["type"] == "turn_ended"][0]["auto"] is False


# ---- R13, R14 taking and losing tiles -----------------------------------------------------------------------
def test_r13_a_tile_beside_a_location_once_per_hex_usable_from_the_next_turn():
    cells = ["g"] * 400
    cells[H(6, 6)] = "I"
    s = turn(game(cells, 2), 0, "g")
    s, events = play(s, f"build:{H(6, 5)}")
    assert [e["kind"] for e in events if e["type"] == "tile_taken"] == ["inn"]
    assert s["locations"][0]["left"] == 1
    assert kb.ready_tiles(s, 0) == []  # taken this turn: not usable yet
    s, events = play(s, f"build:{H(5, 5)}")
    assert not [e for e in events if e["type"] == "tile_taken"]  # one per location hex per player
    s, _ = play(s, f"build:{H(6, 4)}")
    assert s["turn"] == 1  # the tile is not usable this turn: nothing left, the turn ended
    s = turn(s, 1, "g")
    s, events = play(s, f"build:{H(5, 6)}")
    assert [e["kind"] for e in events if e["type"] == "tile_taken"] == ["inn"] and s["locations"][0]["left"] == 0
    s, _ = play(s, f"build:{H(4, 6)}", f"build:{H(3, 6)}")
    s = turn(s, 0, "g")
    s["turn_no"] += 1
    assert [t["kind"] for t in kb.ready_tiles(s, 0)] == ["inn"]  # the next turn: usable


def test_r13_a_settlement_moved_beside_a_location_takes_its_tile():
    cells = ["g"] * 400
    cells[H(6, 6)], cells[H(2, 2)] = "I", "C"
    s = game(cells, 2)
    own(s, 0, H(6, 3), H(2, 1))
    tile(s, 0, "corral", H(2, 2))
    s = turn(s, 0, "g")
    s["turn_no"] = 4
    s, events = play(s, f"corral:{H(6, 3)}:{H(6, 5)}")
    assert [e["kind"] for e in events if e["type"] == "tile_taken"] == ["inn"]


def test_r14_a_tile_is_lost_when_no_settlement_is_beside_it_and_never_regained_there():
    cells = ["g"] * 400
    cells[H(6, 6)] = "C"
    s = game(cells, 2)
    own(s, 0, H(6, 5))
    tile(s, 0, "corral", H(6, 6))
    s = turn(s, 0, "g")
    s["turn_no"] = 4
    s, events = play(s, f"corral:{H(6, 5)}:{H(6, 3)}")
    assert [e["kind"] for e in events if e["type"] == "tile_lost"] == ["corral"]
    assert s["players"][0]["tiles"] == [] and s["locations"][0]["left"] == 1  # out of the game, not back
    s, events = play(s, f"build:{H(6, 4)}")
    s, events2 = play(s, f"build:{H(6, 5)}")
    assert not [e for e in events + events2 if e["type"] == "tile_taken"]  # never again from that hex


# ---- R15-R19 the eight locations ----------------------------------------------------------------------------
def _tile_targets(s, kind):
    return {int(b.split(":")[-1]) for b in kb.tile_choices(s, s["turn"], kind)}


@pytest.mark.parametrize("kind,terrain", [("shrine", "f"), ("granary", "g"), ("well", "d")])
def test_r15_shrine_granary_well_build_on_their_terrain_beside_if_possible(kind, terrain):
    cells = ["c"] * 400
    for h in (H(4, 4), H(4, 5), H(15, 15)):
        cells[h] = terrain
    cells[H(1, 1)] = "S"
    s = game(cells, 2)
    own(s, 0, H(3, 4))
    tile(s, 0, kind, H(1, 1))
    s = turn(s, 0, "f" if kind == "shrine" else "c", built=3)
    s["turn_no"] = 3
    beside = {h for h in (H(4, 4), H(4, 5)) if H(3, 4) in NEIGH[h]}
    assert _tile_targets(s, kind) == beside
    s["owner"][H(3, 4)] = -1
    own(s, 0, H(18, 0))
    assert _tile_targets(s, kind) == {H(4, 4), H(4, 5), H(15, 15)}


def test_r15_watchtower_builds_on_the_edge_beside_if_possible():
    cells = ["c"] * 400
    cells[H(1, 1)] = "T"
    s = game(cells, 2)
    own(s, 0, H(1, 2))
    tile(s, 0, "watchtower", H(1, 1))
    s = turn(s, 0, "g", built=3)
    s["turn_no"] = 3
    got = _tile_targets(s, "watchtower")
    assert got == {H(0, 2), H(0, 3)} and all(EDGE[h] for h in got)
    s["owner"][H(1, 2)] = -1
    own(s, 0, H(8, 8))
    assert len(_tile_targets(s, "watchtower")) == 76  # every edge hex when none is beside


def test_r16_inn_at_either_end_of_a_line_of_three():
    cells = ["g"] * 400
    cells[H(0, 0)] = "I"
    s = game(cells, 2)
    own(s, 0, H(5, 5), H(5, 6), H(5, 7))
    tile(s, 0, "inn", H(0, 0))
    s = turn(s, 0, "c", built=3)
    s["turn_no"] = 3
    assert _tile_targets(s, "inn") == {H(5, 4), H(5, 8)}
    s["owner"][H(5, 7)] = -1  # a line of two: nothing
    assert _tile_targets(s, "inn") == set()


def test_r17_stable_moves_onto_the_card_terrain_the_mover_not_counting():
    cells = ["c"] * 400
    cells[H(1, 1)] = "B"
    for h in (H(5, 6), H(12, 12)):
        cells[h] = "f"
    s = game(cells, 2)
    own(s, 0, H(5, 5), H(9, 9))
    tile(s, 0, "stable", H(1, 1))
    s = turn(s, 0, "f", built=3)
    s["turn_no"] = 3
    moves = {tuple(map(int, b.split(":")[1:])) for b in kb.tile_choices(s, 0, "stable")}
    # H(5,5) is beside H(5,6), but moving it leaves no other settlement there: anywhere on Blossom
    assert (H(5, 5), H(12, 12)) in moves and (H(5, 5), H(5, 6)) in moves
    # H(9,9) moving: H(5,5) stays beside H(5,6): only there
    assert {t for f, t in moves if f == H(9, 9)} == {H(5, 6)}


def test_r18_jetty_moves_onto_a_lake_only():
    cells = ["g"] * 400
    cells[H(1, 1)] = "J"
    for h in (H(7, 7), H(15, 3)):
        cells[h] = "w"
    s = game(cells, 2)
    own(s, 0, H(7, 6), H(3, 3))
    tile(s, 0, "jetty", H(1, 1))
    s = turn(s, 0, "g", built=3)
    s["turn_no"] = 3
    moves = {tuple(map(int, b.split(":")[1:])) for b in kb.tile_choices(s, 0, "jetty")}
    assert {t for _f, t in moves} <= {H(7, 7), H(15, 3)}
    assert {t for f, t in moves if f == H(3, 3)} == {H(7, 7)}
    assert {t for f, t in moves if f == H(7, 6)} == {H(7, 7), H(15, 3)}
    assert not any(t for f, t in moves if cells[t] != "w")
    # building never goes onto a lake
    s2 = turn(game(cells, 2), 0, "g")
    assert not ({H(7, 7), H(15, 3)} & targets(s2, "build"))


def test_r19_corral_two_hexes_straight_over_anything_onto_buildable():
    cells = ["g"] * 400
    cells[H(1, 1)] = "C"
    cells[H(6, 6)] = "m"       # jumped over
    cells[H(6, 3)] = "w"       # not onto a lake
    s = game(cells, 2)
    own(s, 0, H(6, 5))
    own(s, 1, H(8, 4))         # occupied: not onto it
    tile(s, 0, "corral", H(1, 1))
    s = turn(s, 0, "g", built=3)
    s["turn_no"] = 3
    to = {int(b.split(":")[2]) for b in kb.tile_choices(s, 0, "corral")}
    assert H(6, 7) in to and H(6, 3) not in to and H(8, 4) not in to
    assert to == {t for t in JUMPS[H(6, 5)] if cells[t] == "g" and t != H(8, 4)}
    assert len(JUMPS[H(6, 5)]) == 6 and H(6, 6) not in JUMPS[H(6, 5)]  # exactly two steps, straight


# ---- R20-R30 gold ----------------------------------------------------------------------------------------------
def scored(cells, goals, owners: dict, players=2):
    s = game(cells, players, goals)
    for seat, hexes in owners.items():
        own(s, seat, *hexes)
    return s


def test_r20_keeps_three_gold_each_with_a_settlement_beside():
    cells = ["g"] * 400
    cells[H(5, 5)] = cells[H(10, 10)] = "k"
    s = scored(cells, ("anglers", "quarrymen", "guildfolk"), {0: [H(5, 4), H(5, 6), H(10, 11)], 1: [H(0, 0)]})
    assert gold(s, 0)["keeps"] == 6 and gold(s, 1)["keeps"] == 0


def test_r21_anglers_beside_a_lake_not_on_one():
    cells = ["g"] * 400
    cells[H(5, 5)] = cells[H(5, 6)] = "w"
    s = scored(cells, ("anglers", "quarrymen", "guildfolk"), {0: [H(5, 4), H(5, 6), H(5, 7), H(9, 9)]})
    assert gold(s, 0)["anglers"] == 2  # H(5,4) and H(5,7); the one on the lake does not count


def test_r22_quarrymen_and_r23_guildfolk():
    cells = ["g"] * 400
    cells[H(5, 5)], cells[H(8, 8)], cells[H(12, 12)] = "m", "k", "W"
    s = scored(cells, ("quarrymen", "guildfolk", "anglers"), {0: [H(5, 4), H(5, 6), H(8, 7), H(12, 11),
                                                                   H(0, 0)]})
    assert gold(s, 0)["quarrymen"] == 2 and gold(s, 0)["guildfolk"] == 2


def test_r24_trade_road_links_of_keeps_and_locations():
    cells = ["g"] * 400
    cells[H(5, 2)], cells[H(5, 6)], cells[H(5, 10)], cells[H(15, 15)] = "k", "S", "k", "S"
    chain = [H(5, 3), H(5, 4), H(5, 5), H(5, 7), H(5, 8), H(5, 9)]
    s = scored(cells, ("traderoad", "anglers", "quarrymen"), {0: chain + [H(15, 14)]})
    assert gold(s, 0)["traderoad"] == 12  # three specials linked (the middle one links both halves)
    s["owner"][H(5, 8)] = -1
    assert gold(s, 0)["traderoad"] == 8   # the right keep cut off
    s["owner"][H(5, 4)] = -1
    assert gold(s, 0)["traderoad"] == 0


def test_r25_surveyors_and_r26_wardens():
    cells = ["g"] * 400
    s = scored(cells, ("surveyors", "wardens", "anglers"), {0: [H(1, 1), H(1, 5), H(1, 9), H(4, 4), H(19, 0)]})
    assert gold(s, 0)["surveyors"] == 3 and gold(s, 0)["wardens"] == 6


def test_r27_recluses_and_r30_burghers_count_groups():
    cells = ["g"] * 400
    group = [H(3, 3), H(3, 4), H(3, 5), H(4, 4), H(4, 5)]
    s = scored(cells, ("recluses", "burghers", "anglers"), {0: group + [H(10, 10), H(10, 11), H(15, 2)]})
    assert gold(s, 0)["recluses"] == 3 and gold(s, 0)["burghers"] == 2  # largest 5 // 2


def test_r28_barons_first_and_second_with_ties_and_at_least_one():
    cells = ["g"] * 400
    s = scored(cells, ("barons", "anglers", "quarrymen"),
               {0: [H(0, 0), H(0, 1), H(12, 0)], 1: [H(0, 5), H(0, 6), H(12, 5), H(12, 6)], 2: [H(1, 1)]}, 3)
    # section 0: 0 and 1 tie at 2 (12 each), 2 has 1 (6); section 2: 1 has 2 (12), 0 has 1 (6)
    assert [gold(s, i)["barons"] for i in range(3)] == [18, 24, 6]
    s2 = scored(cells, ("barons", "anglers", "quarrymen"), {0: [H(0, 0)]}, 2)
    assert [gold(s2, i)["barons"] for i in range(2)] == [12, 0]  # no settlement: no prize


def test_r29_homesteaders_the_emptiest_section():
    cells = ["g"] * 400
    s = scored(cells, ("homesteaders", "anglers", "quarrymen"),
               {0: [H(0, 0), H(0, 1), H(0, 15), H(0, 16), H(15, 0), H(15, 15), H(15, 16)]})
    assert gold(s, 0)["homesteaders"] == 3
    s["owner"][H(15, 0)] = -1
    assert gold(s, 0)["homesteaders"] == 0


def test_r31_gold_so_far_is_counted_as_at_the_end():
    for seed in (1, 2, 3):
        done = random_game(2 + seed % 3, seed)
        golds = kb.gold_now(done)
        assert [r["total"] for r in done["result"]] == [sum(g.values()) for g in golds]
        for seat in range(len(golds)):
            assert turns.Scorer(done, seat).total() == sum(golds[seat].values())
            assert scoring.totals(board(done["board"]), done["owner"], done["goals"], len(golds))[seat] == \
                sum(golds[seat].values())


# ---- R32 the end, R33 the winner ---------------------------------------------------------------------------
def test_r32_the_round_is_finished_after_the_last_settlement():
    cells = ["g"] * 400
    s = game(cells, 3, first=0)
    s = turn(s, 1, "g")
    s["players"][1]["left"] = 3
    s, events = play(s, "build:0", "build:1", "build:2")
    assert s["ending"] and not s["over"] and s["turn"] == 2
    assert any(e["type"] == "last_settlement" for e in events)
    s = turn(s, 2, "g")
    s, events = play(s, "build:40", "build:41", "build:42")
    assert s["over"] and any(e["type"] == "game_over" for e in events)  # back to the first player: over


def test_r32_without_settlements_moves_are_still_allowed():
    cells = ["g"] * 400
    cells[H(1, 1)] = "C"
    s = game(cells, 2)
    own(s, 0, H(1, 2))
    s["players"][0]["left"] = 0
    tile(s, 0, "corral", H(1, 1))
    s = turn(s, 0, "g")
    s["turn_no"] = 3
    got = bodies(s)
    assert not any(b.startswith("build:") for b in got) and any(b.startswith("corral:") for b in got)


def test_r33_equal_gold_shares_the_victory():
    cells = ["g"] * 400
    s = game(cells, 3, first=0)
    own(s, 0, H(2, 2))
    own(s, 1, H(9, 9))
    s["ending"] = True
    s = turn(s, 2, "g", built=3)
    s, _ = play(s, "end")
    res = RULES.results(s)
    assert s["over"] and res[0].total == res[1].total and res[0].winner and res[1].winner
    assert res[0].rank == res[1].rank == 1 and not res[2].winner


# ---- R34-R36 setups and options -----------------------------------------------------------------------------
def test_r34_barons_left_out_of_two_player_games_when_asked():
    two = [setup_of(RULES.config({"barons": "off2"}, ["a", "b"]), seed)[1] for seed in range(40)]
    assert all("barons" not in g for g in two)
    three = [setup_of(RULES.config({"barons": "off2"}, ["a", "b", "c"]), seed)[1] for seed in range(40)]
    always = [setup_of(RULES.config({}, ["a", "b"]), seed)[1] for seed in range(40)]
    assert any("barons" in g for g in three) and any("barons" in g for g in always)
    with pytest.raises(ValueError):
        RULES.new_game(RULES.config({}, ["a"]), 1)


def test_r35_the_board_of_the_day_is_the_same_everywhere_that_day():
    config = RULES.config({"setup": "daily"}, ["a", "b"])
    assert config["day"] == days.today().isoformat()
    one, _ = RULES.new_game(config, 1)
    two, _ = RULES.new_game(config, 999)
    assert one["board"] == two["board"] and one["goals"] == two["goals"] and one["deck"] == two["deck"]
    other = dict(config, day=(dt.date.fromisoformat(config["day"]) + dt.timedelta(days=1)).isoformat())
    three, _ = RULES.new_game(other, 1)
    assert three["board"] != one["board"]
    assert daily_seed(dt.date(2026, 1, 2)) == daily_seed(dt.date(2026, 1, 1)) + 1
    done = random_game(2, 4, {"setup": "daily"})
    assert all(r.detail["day"] == config["day"] for r in RULES.results(done))


def test_r36_the_first_game_setup():
    state, _ = RULES.new_game(RULES.config({"setup": "first"}, ["a", "b", "c"]), 8)
    assert state["goals"] == list(FIRST_GAME_GOALS) and state["board"] == sections.make(FIRST_GAME_SEED)["text"]


# ---- R37 secrecy, R38 taking back -------------------------------------------------------------------------------
def test_r37_only_the_deck_and_the_next_cards_are_hidden():
    state, _ = RULES.new_game(RULES.config({}, ["a", "b", "c"]), 11)
    for viewer in (None, 0, 1, 2):
        v = RULES.view_for(state, viewer)
        assert "deck" not in v and "rng" not in v and v["deck_count"] == len(state["deck"])
        assert all(p["hand"] is None or p["seat"] == viewer for p in v["players"])
        assert v["discard"] == state["discard"] and v["owner"] == state["owner"] and v["card"] == state["card"]
    seat = next(p["seat"] for p in state["players"] if p["hand"])
    twin = RULES.resample(state, seat, 3)
    assert twin["players"][seat]["hand"] == state["players"][seat]["hand"]
    assert sorted(twin["deck"] + [p["hand"] for p in twin["players"] if p["hand"]]) == \
        sorted(state["deck"] + [p["hand"] for p in state["players"] if p["hand"]])


def test_r38_a_build_may_be_taken_back_the_end_of_a_turn_not():
    cells = ["g"] * 400
    cells[H(6, 6)] = "G"
    s = game(cells, 2)
    own(s, 0, H(6, 5))
    tile(s, 0, "granary", H(6, 6))
    s = turn(s, 0, "g")
    s["turn_no"] = 5
    a, _ = play(s, f"build:{H(6, 4)}")
    assert RULES.undoable(s, f"0:build:{H(6, 4)}", a)
    b, _ = play(a, f"build:{H(6, 3)}", f"build:{H(6, 2)}")
    c, _ = play(b, "end")
    assert not RULES.undoable(b, "0:end", c)
    # a last build that ends the turn by itself (a card drawn): not either
    s2 = turn(game(["g"] * 400, 2), 0, "g", built=2)
    d, _ = play(s2, "build:0")
    assert d["turn"] == 1 and not RULES.undoable(s2, "0:build:0", d)


# ---- whole builds as one plan (the decision's menu) --------------------------------------------------------------
def test_a_whole_build_expands_to_its_settlements_and_refuses_what_the_rules_refuse():
    cells = ["c"] * 400
    for c in range(3, 9):
        cells[H(5, c)] = "g"
    s = game(cells, 2)
    own(s, 0, H(5, 2))
    s = turn(s, 0, "g")
    assert RULES.expand(s, 0, f"b/{H(5, 3)}/{H(5, 4)}/{H(5, 5)}") == [f"0:build:{H(5, c)}" for c in (3, 4, 5)]
    with pytest.raises(ValueError):
        RULES.expand(s, 0, f"b/{H(5, 5)}/{H(5, 4)}/{H(5, 3)}")  # H(5,5) is not beside: not first
    with pytest.raises(ValueError):
        RULES.expand(s, 1, f"b/{H(5, 3)}")
    orders = turns.build_orders(s, 0)
    assert [H(5, 3), H(5, 4), H(5, 5)] in orders and len({tuple(sorted(o)) for o in orders}) == len(orders)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("setup", ["random", "first", "daily"])
def test_random_games_end_on_every_setup_and_player_count(players, setup):
    done = random_game(players, 20 + players, {"setup": setup, "barons": "off2"})
    assert done["over"] and len(done["result"]) == players
    assert any(p["left"] == 0 for p in done["players"])
    assert all(ROW[h] >= 0 and COL[h] >= 0 for h in range(400))


def test_r9_no_terrain_with_a_free_hex_at_all_makes_the_round_the_last():
    cells = ["w"] * 400
    cells[H(3, 3)], cells[H(3, 4)] = "g", "g"
    s = turn(game(cells, 2), 0, "g")
    s, events = play(s, f"build:{H(3, 3)}", f"build:{H(3, 4)}")
    assert any(e["type"] == "no_terrain" for e in events) and s["over"]  # seat 1 could do nothing: the end
