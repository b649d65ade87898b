"""Ridgeline's rules, clause by clause (games/ridgeline/RULES.md R1-R64). Each test names its clause."""

import pytest

from games.ridgeline.play import RULES, daily_seed
from games.ridgeline.rules import board as B
from games.ridgeline.rules import engine as eng
from games.ridgeline.rules import knowledge, scoring
from games.ridgeline.rules import spirits as S
from games.ridgeline.rules.constants import HAND, HEAD_START, LEGS, QUEUE, RAINBOWS

from .helpers import apply, c, everything, game, ids, play_out, rig, t, types


# ---- material and setup -----------------------------------------------------------------------------
def test_R1_48_tiles_each_with_one_place_in_a_mountain():
    assert B.SPOTS == 48 and B.HEIGHTS == [3, 4, 5, 6, 6, 6, 6, 5, 4, 3]
    assert [len(r) for r in B.ROW_SPOTS] == [10, 10, 10, 8, 6, 4]
    assert {B.COL[i] for i in B.ROW_SPOTS[3]} == set(range(2, 10))
    assert {B.COL[i] for i in B.ROW_SPOTS[5]} == {4, 5, 6, 7}
    assert len({B.code(i) for i in range(48)}) == 48 and all(B.parse(B.code(i)) == i for i in range(48))
    assert B.spot(6, 3) == -1 and B.spot(4, 1) == -1 and B.parse("r7c7") == -1
    assert B.parse("r3c7") == B.spot(3, 7) and B.parse("x") == -1


def test_R2_twelve_rainbows_fifteen_spirits_and_beginner_mode_without_the_raven():
    assert RAINBOWS == 12
    kinds = [S.kind(k) for k in S.KEYS]
    assert len(S.KEYS) == 15 and kinds.count("now") == 7 and kinds.count("end") == 7 and kinds.count("curse") == 1
    s, _ = game(1)
    assert sorted(s["pile"]) == sorted(S.KEYS) and s["rainbows"] == 12
    s, _ = game(1, beginner="on")
    assert len(s["pile"]) == 14 and S.CURSE not in s["pile"]


def test_R3_beacons_crown_columns_2_to_9():
    assert sorted(B.BEACONS) == sorted(B.COL_SPOTS[c_ - 1][-1] for c_ in range(2, 10))
    assert sorted(B.SUMMIT) == [t(6, 5), t(6, 6)]


def test_R4_setup():
    s, events = game(7)
    assert len(s["queue"]) == QUEUE and all(u is not None and d is not None for u, d in s["queue"])
    assert [len(h) for h in s["hands"]] == [HAND, HAND] and len(s["deck"]) == 48 - 12 - 6 == 30
    assert everything(s) == list(range(48)) and s["row"] == [] and s["boards"] == [[0] * 48, [0] * 48]
    assert s["pile"] != S.KEYS  # shuffled
    view = RULES.view_for(s, 0)
    assert view["hands"][1] == [-1, -1, -1] and all(d == -1 for _u, d in view["queue"])


def test_R5_two_players_one_at_a_time_the_first_drawn_then_alternating():
    with pytest.raises(ValueError):
        RULES.config({}, ["a"])
    firsts = {game(seed)[0]["first"] for seed in range(12)}
    assert firsts == {0, 1}
    s, _ = game(3, games="2")
    first = s["first"]
    assert RULES.deciders(s) == [first]
    s = play_out(s)
    assert [h["first"] for h in s["history"]] == [first, 1 - first]


# ---- a turn ---------------------------------------------------------------------------------------------
def test_R10_R11_a_tile_captures_its_row_or_its_column_and_must():
    s = rig(hands=[[t(3, 7), t(1, 2), t(2, 9)], []], queue=[(t(3, 1), t(1, 9)), (t(5, 7), None), (t(2, 4), None)])
    got = ids(s, 0)
    # 3-7 matches 3-1 (row) and 5-7 (column): two captures, no second chance for it
    assert f"0:play:{c(3, 7)}:{c(3, 1)}" in got and f"0:play:{c(3, 7)}:{c(5, 7)}" in got
    assert f"0:play:{c(3, 7)}" not in got
    # 1-2 matches nothing face up: a second chance; 2-9 matches 2-4 (row)
    assert f"0:play:{c(1, 2)}" in got and f"0:play:{c(2, 9)}:{c(2, 4)}" in got
    assert f"0:play:{c(1, 2)}:{c(1, 9)}" not in got  # (1-9 lies face down)
    assert ids(s, 1) == [] and not RULES.apply(s, f"1:play:{c(3, 7)}:{c(3, 1)}").ok


def test_R12_both_tiles_go_to_their_places_and_the_tile_under_turns_up():
    s = rig(hands=[[t(3, 7), t(1, 2), t(2, 9)], []], queue=[(t(3, 1), t(1, 9)), (t(5, 7), None)])
    s2, events = apply(s, f"0:play:{c(3, 7)}:{c(3, 1)}")
    assert s2["boards"][0][t(3, 7)] == B.TILE and s2["boards"][0][t(3, 1)] == B.TILE
    assert s2["queue"][0] == [t(1, 9), None] and t(3, 7) not in s2["hands"][0]
    cap = next(e for e in events if e["type"] == "capture")
    assert cap["flipped"] == t(1, 9) and everything(s2) == list(range(48))


def test_R13_second_chance_goes_to_the_leftmost_empty_column_and_may_take_the_tile_just_played():
    # 1-2 captures nothing; the deck's top 1-5 shares its row: it captures the 1-2 just played
    s = rig(hands=[[t(1, 2), t(6, 4), t(6, 5)], []], queue=[(t(3, 1), None), (None, None), (t(5, 7), None)],
            deck_top=[t(1, 5)])
    s2, events = apply(s, f"0:play:{c(1, 2)}")
    assert types(events)[:3] == ["no_capture", "second_chance", "capture"]
    assert events[0]["col"] == 1 and s2["boards"][0][t(1, 2)] == B.TILE and s2["boards"][0][t(1, 5)] == B.TILE
    # no empty column: a new one at the right
    s = rig(hands=[[t(1, 2), t(6, 4), t(6, 5)], []], queue=[(t(3, 1), None), (t(5, 7), None)],
            deck_top=[t(2, 9)])
    s2, events = apply(s, f"0:play:{c(1, 2)}")
    assert events[0]["col"] == 2 and len(s2["queue"]) >= 3


def test_R14_no_capture_twice_a_rainbow_and_none_when_the_supply_is_empty():
    s = rig(hands=[[t(1, 2), t(6, 4), t(6, 5)], []], queue=[(t(3, 1), None), (t(5, 8), None)],
            boards=[[t(2, 2)], []], deck_top=[t(2, 9)])
    s2, events = apply(s, f"0:play:{c(1, 2)}")
    assert "missed" in types(events) and t(2, 9) in [u for u, _d in s2["queue"]]
    assert s2["step"]["kind"] == "rainbow" and s2["rainbows"] == RAINBOWS - 1
    s["rainbows"] = 0
    s3, events = apply(s, f"0:play:{c(1, 2)}")
    assert "no_rainbow" in types(events) and s3["turn"] == 1


def test_R15_the_hand_is_refilled_when_the_next_turn_begins():
    s = rig(hands=[[t(3, 7), t(1, 2), t(2, 9)], [t(6, 4), t(6, 5), t(6, 6)]], queue=[(t(3, 1), None), (t(6, 7), None)])
    s2, events = apply(s, f"0:play:{c(3, 7)}:{c(3, 1)}")
    assert len(s2["hands"][0]) == 2 and s2["turn"] == 1 and "refill" not in types(events)  # bob's hand is full
    s3, events = apply(s2, f"1:play:{c(6, 4)}:{c(6, 7)}")
    refill = [e for e in events if e["type"] == "refill"]
    assert len(s3["hands"][0]) == HAND and [e["seat"] for e in refill] == [0] and len(refill[0]["tiles"]) == 1
    assert len(s3["hands"][1]) == 2 and s3["turn"] == 0
    assert knowledge.public_event(refill[0], 1)["tiles"] == [-1]


# ---- rainbows ---------------------------------------------------------------------------------------------
def test_R16_a_rainbow_goes_next_to_a_piece_or_on_the_bottom_row_of_an_empty_panorama():
    spots = B.rainbow_spots([B.EMPTY] * 48)
    assert sorted(spots) == sorted(B.BOTTOM)
    b = [B.EMPTY] * 48
    b[t(3, 5)] = B.TILE
    assert sorted(B.rainbow_spots(b)) == sorted([t(2, 5), t(4, 5), t(3, 4), t(3, 6)])
    b[t(4, 5)] = B.RAINBOW
    assert t(5, 5) in B.rainbow_spots(b) and t(4, 5) not in B.rainbow_spots(b)


def test_R17_rainbows_join_areas_and_squares_but_score_nothing():
    b = [B.EMPTY] * 48
    for x in (t(1, 1), t(1, 3)):
        b[x] = B.TILE
    assert scoring.area(b) == 1
    b[t(1, 2)] = B.RAINBOW
    assert scoring.area(b) == 2  # joined through the rainbow, which counts 0
    b[t(2, 1)], b[t(2, 2)] = B.TILE, B.TILE
    assert B.complete_squares(B.mask_of(b)) == [B.SQUARE_AT.index((1, 1))]


def test_R18_a_tile_won_takes_its_rainbow_s_spot_and_the_rainbow_moves():
    s = rig(hands=[[t(3, 7), t(6, 4), t(6, 5)], []], queue=[(t(3, 1), None)], boards=[[t(2, 7), t(2, 8)], []],
            rainbows=[[t(3, 7)], []])
    s2, events = apply(s, f"0:play:{c(3, 7)}:{c(3, 1)}")
    assert "rainbow_lifted" in types(events) and s2["boards"][0][t(3, 7)] == B.TILE
    assert s2["step"]["kind"] == "rainbow" and s2["step"]["why"] == "move"
    spot = s2["step"]["spots"][0]
    s3, events = apply(s2, f"0:rainbow:{B.code(spot)}")
    assert s3["boards"][0][spot] == B.RAINBOW and sum(v == B.RAINBOW for v in s3["boards"][0]) == 1
    # no spot left for it: back to the supply
    full = [x for x in range(48) if x not in (t(3, 7), t(3, 1))]
    s = rig(hands=[[t(3, 7)], []], queue=[(t(3, 1), None)], boards=[full, []], rainbows=[[t(3, 7)], []])
    assert s["deck"] == []
    s2, events = apply(s, f"0:play:{c(3, 7)}:{c(3, 1)}")
    assert "rainbow_back" in types(events) and s2["rainbows"] == s["rainbows"] + 1


def test_R19_a_rainbow_under_a_spirit_stays_and_the_tile_is_out():
    q = B.SQUARE_AT.index((2, 6))
    s = rig(hands=[[t(3, 7), t(6, 4), t(6, 5)], []], queue=[(t(3, 1), None)], boards=[[t(2, 6), t(2, 7), t(3, 6)], []],
            rainbows=[[t(3, 7)], []], spirits=[[(q, "owl")], []])
    s2, events = apply(s, f"0:play:{c(3, 7)}:{c(3, 1)}")
    assert "discarded" in types(events) and s2["discarded"] == [t(3, 7)] and s2["boards"][0][t(3, 7)] == B.RAINBOW
    assert everything(s2) == list(range(48))


# ---- spirits ----------------------------------------------------------------------------------------------
def square_rig(**kw):
    """Ann's panorama one tile (3-5, in her hand) short of the square (2,4)-(3,5); 3-1 face up captures it."""
    return rig(hands=[[t(3, 5), t(6, 4), t(6, 6)], [t(6, 5), t(6, 7), t(5, 3)]], queue=[(t(3, 1), None)],
               boards=[[t(2, 4), t(2, 5), t(3, 4)], []], **kw)


def test_R20_a_square_completed_meets_one_spirit():
    s = square_rig()
    s["row"] = ["owl"]
    s2, _ = apply(s, f"0:play:{c(3, 5)}:{c(3, 1)}")
    assert s2["step"]["kind"] == "spirit" and s2["step"]["square"] == B.SQUARE_AT.index((2, 4))
    # two squares at once: still one spirit
    s = rig(hands=[[t(3, 5), t(6, 4), t(6, 6)], []], queue=[(t(3, 6), None)],
            boards=[[t(2, 4), t(2, 5), t(3, 4), t(2, 6)], []])
    s["row"] = ["owl"]
    s2, _ = apply(s, f"0:play:{c(3, 5)}:{c(3, 6)}")
    assert s2["step"]["kind"] == "spirit"
    s3, events = apply(s2, ids(s2)[0] if "draw" not in ids(s2)[0] else ids(s2)[-1])
    assert sum(e["type"] == "spirit" for e in events) <= 1 and len(s3["spirits"][0]) <= 1


def test_R21_take_a_face_up_spirit_or_draw_two_keep_one_the_other_face_up():
    s = square_rig(beginner="on")
    s["row"] = ["owl"]
    s["pile"] = [k for k in s["pile"] if k not in ("owl", "fox", "swan")] + ["fox", "swan"]
    s2, _ = apply(s, f"0:play:{c(3, 5)}:{c(3, 1)}")
    assert sorted(ids(s2)) == sorted(["0:spirit:owl", "0:spirit:draw"])
    s3, _ = apply(s2, "0:spirit:owl")
    assert s3["spirits"][0] == [{"sq": B.SQUARE_AT.index((2, 4)), "key": "owl"}] and s3["row"] == []
    s3, events = apply(s2, "0:spirit:draw")
    assert sorted(s3["drawn"]) == ["fox", "swan"] and s3["step"]["kind"] == "keep"
    s4, _ = apply(s3, "0:keep:fox")
    assert s4["spirits"][0][0]["key"] == "fox" and s4["row"] == ["owl", "swan"]
    # one face down left, none face up: drawn and met at once
    s["row"], s["pile"] = [], ["seal"]
    s2, events = apply(s, f"0:play:{c(3, 5)}:{c(3, 1)}")
    assert s2["spirits"][0][0]["key"] == "seal" and "spirit" in types(events)


def test_R22_the_spirit_sits_on_the_square_with_the_fewest_rainbows():
    s = rig(hands=[[t(3, 5), t(6, 4), t(6, 6)], []], queue=[(t(3, 6), None)],
            boards=[[t(2, 5), t(2, 6), t(3, 4)], []], rainbows=[[t(2, 4)], []])
    s["row"] = ["owl"]
    s2, _ = apply(s, f"0:play:{c(3, 5)}:{c(3, 6)}")  # squares (2,4) with a rainbow, (2,5) without
    assert s2["step"]["square"] == B.SQUARE_AT.index((2, 5))


def test_R23_a_now_spirit_acts_at_once():
    s = square_rig()
    s["row"] = ["moth"]
    s2, events = apply(s, f"0:play:{c(3, 5)}:{c(3, 1)}")
    s3, events = apply(s2, "0:spirit:moth")
    assert "moth" in types(events) and scoring.breakdown(s3, 0)["bonus"] == 2


# ---- the end -------------------------------------------------------------------------------------------------
def test_R24_R25_with_the_deck_empty_only_captures_then_passes_and_the_end():
    s = rig(hands=[[t(1, 2), t(3, 7)], [t(6, 4)]], queue=[(t(3, 1), None), (t(5, 8), None)])
    s["deck"] = []
    everything_else = [x for x in range(48) if x not in (t(1, 2), t(3, 7), t(6, 4), t(3, 1), t(5, 8))]
    s["discarded"] = everything_else
    assert ids(s, 0) == [f"0:play:{c(3, 7)}:{c(3, 1)}"]  # 1-2 captures nothing: it may not be played
    s2, events = apply(s, f"0:play:{c(3, 7)}:{c(3, 1)}")
    # bob's 6-4 captures nothing (5-8 left): he passes; ann's 1-2 neither: the game ends
    assert types(events)[-4:-1] == ["pass", "pass", "game_over"] or "match_over" in types(events)
    assert RULES.is_over(s2) and RULES.results(s2)[0].scores["area"] == 1  # (3-7 and 3-1 apart)
    s, _ = game(5, games="2")
    s = play_out(s)
    assert len(s["history"]) == 2 and s["game"] == 2


# ---- the spirits, one by one -------------------------------------------------------------------------------
def met(key, **kw):
    """Ann completes her square and meets `key` from the face-up row."""
    s = square_rig(**kw)
    s["row"] = [key]
    s["pile"] = [k for k in s["pile"] if k != key]
    s2, _ = apply(s, f"0:play:{c(3, 5)}:{c(3, 1)}")
    return apply(s2, f"0:spirit:{key}")


def test_R31_mole_looks_at_three_keeps_one_shuffles_the_rest_back():
    s, events = met("mole")
    assert s["step"]["kind"] == "mole" and len(s["look"]) == 3
    deck = len(s["deck"])
    keep = s["look"][1]
    s2, events = apply(s, f"0:mole:{B.code(keep)}")
    assert keep in s2["hands"][0] and len(s2["deck"]) + len(s2["hands"][0]) - 1 >= deck + 2 - 1
    assert everything(s2) == list(range(48))


def test_R32_otter_captures_any_face_up_tile():
    s = square_rig()
    s["queue"] += [[t(6, 7), None]]
    s["hands"][1] = [t(6, 5), t(5, 3), t(4, 2)]
    s["row"] = ["otter"]
    s2, _ = apply(s, f"0:play:{c(3, 5)}:{c(3, 1)}")
    s3, events = apply(s2, "0:spirit:otter")
    assert s3["boards"][0][t(6, 7)] == B.TILE and "capture" in types(events)  # (forced: one face up)


def test_R33_magpie_takes_a_face_down_tile_into_the_hand():
    s = square_rig()
    s["queue"] = [[t(3, 1), None], [t(6, 7), t(1, 1)], [t(5, 4), t(1, 10)]]
    s["deck"] = [x for x in s["deck"] if x not in (t(6, 7), t(1, 1), t(5, 4), t(1, 10))]
    s["row"] = ["magpie"]
    s2, _ = apply(s, f"0:play:{c(3, 5)}:{c(3, 1)}")
    s3, _ = apply(s2, "0:spirit:magpie")
    assert sorted(ids(s3)) == ["0:magpie:2", "0:magpie:3"]
    s4, events = apply(s3, "0:magpie:3")
    assert t(1, 10) in s4["hands"][0] and s4["queue"][2] == [t(5, 4), None]
    assert knowledge.public_event(events[0], 1)["tile"] == -1


def test_R34_hedgehog_gives_back_tiles_and_draws_as_many():
    s, _ = met("hedgehog")
    assert "0:hedgehog:none" in ids(s) and len(ids(s)) == 4  # two tiles in hand: none, one, the other, both
    back = s["hands"][0][0]
    s2, events = apply(s, f"0:hedgehog:{B.code(back)}")
    assert len(s2["hands"][1 - 1]) >= 2 or s2["turn"] == 1
    assert everything(s2) == list(range(48))


def test_R35_crane_lets_the_next_turn_capture_values_one_apart():
    s, _ = met("crane")
    assert s["crane"][0] == 1 and s["turn"] == 1
    s["turn"], s["step"] = 0, {"kind": "play"}
    s["hands"][0] = [t(6, 4)]
    s["queue"] = [[t(1, 5), None]]
    assert f"0:play:{c(6, 4)}:{c(1, 5)}" in ids(s)
    s["crane"][0] = 0
    assert f"0:play:{c(6, 4)}:{c(1, 5)}" not in ids(s)


def test_R36_kingfisher_plays_one_more_tile_that_captures():
    s = square_rig()
    s["queue"] += [[t(6, 9 - 3), None]]  # 6-6 face up: ann's 6-4 captures it (row 6)
    s["hands"][0] = [t(3, 5), t(6, 4)]
    s["deck"] = [x for x in s["deck"] if x != t(6, 6)]
    s["row"] = ["kingfisher"]
    s2, _ = apply(s, f"0:play:{c(3, 5)}:{c(3, 1)}")
    s3, events = apply(s2, "0:spirit:kingfisher")
    assert "capture" in types(events) and s3["boards"][0][t(6, 4)] == B.TILE and s3["boards"][0][t(6, 6)] == B.TILE


def test_R37_moth_two_stars():
    s, _ = met("moth")
    assert scoring.breakdown(s, 0)["bonus"] == 2


def end_stars(key, tiles=(), rainbows=(), squares=()):
    b = [B.EMPTY] * 48
    for x in tiles:
        b[x] = B.TILE
    for x in rainbows:
        b[x] = B.RAINBOW
    return S.end_stars(key, b, list(squares))


def test_R38_to_R44_end_spirits():
    row6 = B.ROW_SPOTS[5]
    row5 = B.ROW_SPOTS[4]
    assert end_stars("owl", row6) == 2 and end_stars("owl", row6[:-1], [row6[-1]]) == 2
    assert end_stars("owl", row6 + row5) == 4 and end_stars("owl", row6[:-1]) == 0
    assert end_stars("badger", B.ROW_SPOTS[0][:5] + B.ROW_SPOTS[1][:4]) == 1
    assert end_stars("seal", [t(1, 1), t(1, 2)]) == 3 and end_stars("seal", [t(1, 1), t(1, 3)]) == 0
    assert end_stars("seal", [t(1, 1), t(1, 3)], [t(1, 2)]) == 3
    assert end_stars("fox", B.COL_SPOTS[0]) == 2 and end_stars("fox", B.COL_SPOTS[0][:2]) == 0
    assert end_stars("swan", B.ROW_SPOTS[0][:7]) == 2 and end_stars("swan", B.ROW_SPOTS[0][:5]) == 0
    assert end_stars("lynx", B.ROW_SPOTS[0]) == 3 and end_stars("lynx", B.ROW_SPOTS[0][:9]) == 0
    q = B.SQUARE_AT.index((1, 1))
    four = B.SQUARES[q]
    assert end_stars("bat", four, (), [q]) == 1 and end_stars("bat", four[:3], four[3:], [q]) == 0


def test_R45_the_raven_comes_with_a_drawn_spirit_passes_on_and_costs_one():
    s = square_rig()
    s["row"] = []
    s["pile"] = [k for k in s["pile"] if k not in ("raven", "owl")] + ["owl", "raven"]
    s2, _ = apply(s, f"0:play:{c(3, 5)}:{c(3, 1)}")  # (only drawing: forced)
    assert s2["raven"] == 0 and s2["spirits"][0][0]["key"] == "owl" and s2["row"] == []
    assert scoring.breakdown(s2, 0)["raven"] == -1 and scoring.breakdown(s2, 0)["spirits"] == 1
    # ann meets another spirit: the Raven passes to bob
    s3 = rig(hands=[[t(3, 6), t(6, 4), t(6, 6)], []], queue=[(t(3, 2), None)],
             boards=[[t(2, 4), t(2, 5), t(3, 4), t(3, 5), t(2, 6)], []],
             spirits=[[(B.SQUARE_AT.index((2, 4)), "owl")], []])
    s3["raven"] = 0
    s3["row"] = ["fox"]
    s4, _ = apply(s3, f"0:play:{c(3, 6)}:{c(3, 2)}")
    s5, events = apply(s4, "0:spirit:fox")
    assert s5["raven"] == 1 and "raven" in types(events)


def test_R46_a_spirit_with_nothing_to_act_on_does_nothing():
    s = square_rig()
    s["queue"] = [[t(3, 1), None]]
    s["row"] = ["magpie"]
    s2, _ = apply(s, f"0:play:{c(3, 5)}:{c(3, 1)}")
    s3, events = apply(s2, "0:spirit:magpie")
    assert "nothing" in types(events) and s3["turn"] == 1


# ---- scoring ---------------------------------------------------------------------------------------------
def test_R50_to_R55_scoring():
    s = rig(boards=[[t(1, 1), t(1, 2), t(2, 2), t(3, 2), t(4, 2), t(1, 5)], []], rainbows=[[t(1, 4)], []])
    b = scoring.breakdown(s, 0)
    assert b["area"] == 5  # 1-1,1-2,2-2,3-2,4-2 (1-5 alone: the rainbow at 1-4 does not reach 1-2)
    assert b["beacons"] == 1  # 4-2 joined to the bottom row
    assert scoring.lit(s["boards"][0]) == [t(4, 2)]
    col5 = B.COL_SPOTS[4]
    col6 = B.COL_SPOTS[5]
    s = rig(boards=[col5 + col6, []])
    assert scoring.breakdown(s, 0)["beacons"] == 3  # both summits lit: 1 + 1 + 1
    s = rig(boards=[col5 + col6[1:], []], rainbows=[[col6[0]], []])
    assert scoring.breakdown(s, 0)["beacons"] == 3  # a rainbow carries the path
    s = rig(boards=[col5[1:], []])
    assert scoring.breakdown(s, 0)["beacons"] == 0  # not joined to the bottom row
    s = rig(boards=[[t(2, 4), t(2, 5), t(3, 4), t(3, 5)], []], spirits=[[(B.SQUARE_AT.index((2, 4)), "bat")], []])
    b = scoring.breakdown(s, 0)
    assert b["spirits"] == 1 and b["bonus"] == 1 and scoring.total(b) == 4 + 0 + 1 + 1


def test_R56_ties_more_spirits_then_fewer_rainbows_else_shared():
    hist = [{"totals": [20, 20], "scores": [{"spirits": 2}, {"spirits": 1}], "rainbows": [3, 0]}]
    keys = eng.places(hist)
    assert keys[0] > keys[1]
    hist = [{"totals": [20, 20], "scores": [{"spirits": 2}, {"spirits": 2}], "rainbows": [3, 1]}]
    keys = eng.places(hist)
    assert keys[1] > keys[0]
    hist = [{"totals": [20, 20], "scores": [{"spirits": 2}, {"spirits": 2}], "rainbows": [1, 1]}]
    keys = eng.places(hist)
    assert keys[1] == keys[0]
    s = play_out(game(9, games="3")[0])
    res = RULES.results(s)
    sums = [sum(h["totals"][x] for h in s["history"]) for x in (0, 1)]
    assert [r.total for r in res] == sums and len(s["history"]) == 3


def test_R57_the_player_who_did_not_begin_has_a_head_start():
    assert HEAD_START > 0
    for first in (0, 1):
        s = rig(boards=[[t(1, 1), t(1, 2)], [t(2, 1), t(2, 2)]])
        s["first"] = first
        b = [scoring.breakdown(s, x) for x in (0, 1)]
        assert b[first]["start"] == 0 and b[1 - first]["start"] == HEAD_START
        assert scoring.total(b[1 - first]) == scoring.total(b[first]) + HEAD_START
    s = play_out(game(9, games="2")[0])
    for rec in s["history"]:  # each game's second player has it, in its record and its total
        assert rec["scores"][1 - rec["first"]]["start"] == HEAD_START and rec["scores"][rec["first"]]["start"] == 0
        assert rec["totals"] == [scoring.total(b) for b in rec["scores"]]
    assert [r.scores["start"] for r in RULES.results(s)] == [HEAD_START, HEAD_START]  # each began one game


# ---- on Discord --------------------------------------------------------------------------------------------
def test_R60_a_decision_with_one_choice_plays_itself():
    s = rig(hands=[[t(1, 2), t(6, 4), t(6, 5)], []], queue=[(t(3, 1), None), (t(3, 3), None)], deck_top=[t(2, 1)])
    s2, events = apply(s, f"0:play:{c(1, 2)}")  # 2-1 captures 3-1 (column 1) only: no question
    assert types(events)[:3] == ["no_capture", "second_chance", "capture"] and s2["turn"] == 1
    s, _ = game(2)
    for _ in range(200):
        if RULES.is_over(s):
            break
        assert len(ids(s)) > 1
        s, _ = apply(s, ids(s)[-1])


def test_R61_hands_deck_and_face_down_things_are_seen_only_by_whom_may():
    s, _ = game(4)
    for viewer in (None, 0, 1):
        v = RULES.view_for(s, viewer)
        assert "rng" not in v and set(v["deck"]) == {-1} and all(d in (None, -1) for _u, d in v["queue"])
        for seat in (0, 1):
            assert (v["hands"][seat] == s["hands"][seat]) == (viewer == seat)
        assert set(v["pile"]) == {"?"}
    e = {"type": "refill", "seat": 0, "tiles": [3, 4], "to": [0]}
    assert knowledge.public_event(e, 1)["tiles"] == [-1, -1] and knowledge.public_event(e, 0)["tiles"] == [3, 4]


def test_R62_a_move_that_showed_nothing_new_may_be_taken_back():
    s = rig(hands=[[t(3, 7), t(1, 2), t(2, 9)], [t(6, 4), t(6, 5), t(6, 6)]],
            queue=[(t(3, 1), None), (t(5, 7), t(1, 9)), (t(4, 4), None)])
    assert RULES.undoable(s, f"0:play:{c(3, 7)}:{c(3, 1)}", apply(s, f"0:play:{c(3, 7)}:{c(3, 1)}")[0])
    assert not RULES.undoable(s, f"0:play:{c(3, 7)}:{c(5, 7)}", apply(s, f"0:play:{c(3, 7)}:{c(5, 7)}")[0])
    assert not RULES.undoable(s, f"0:play:{c(1, 2)}", apply(s, f"0:play:{c(1, 2)}")[0])


def test_R63_options_beginner_a_match_and_the_deal_of_the_day():
    import datetime as dt

    from engine import days
    one = RULES.config({"deal": "daily", "games": "3", "beginner": "on"}, ["a", "b"])
    assert one["games"] == 1 and one["beginner"] is False and one["day"] == days.today().isoformat()
    two = RULES.config({"deal": "daily"}, ["c", "d"])
    a, _ = RULES.new_game(one, 1)
    b, _ = RULES.new_game(two, 99)
    assert a["queue"] == b["queue"] and a["deck"] == b["deck"] and a["pile"] == b["pile"]  # every server alike
    assert daily_seed(dt.date(2030, 1, 1)) != daily_seed(dt.date(2030, 1, 2))
    assert RULES.config({"games": "2"}, ["a", "b"])["games"] == 2


def test_R64_the_story_s_parts_end_as_the_deck_falls():
    s, _ = game(6)
    seen = []
    while not RULES.is_over(s):
        s, events = apply(s, ids(s)[0])
        seen += [e["deck"] for e in events if e["type"] == "leg"]
    assert len(seen) == len(LEGS) and all(d <= n for d, n in zip(seen, LEGS, strict=True)) and seen[-1] == 0
