"""Undergrounders' pictures: a decision's crop round the seat's line ends and its candidates (issue 42), the
scoring phase a picture per trip."""

import io

from PIL import Image

from engine.protocol import Table
from games.metromania import pictures as P
from games.metromania.ai import AI
from games.metromania.play import RULES
from games.metromania.rules import engine as mm
from games.metromania.rules.city import city
from games.metromania.show import SHOW

NAMES = ["Ann", "Bob", "Cy"]
TABLE = Table(1, NAMES, ["a", "b", "c"], [False] * 3, {})


def played(seed: int, turns: int) -> dict:
    """A three-player game of easy AIs, `turns` turns in (or to its end)."""
    s, _ = RULES.new_game(RULES.config({}, NAMES), seed)
    while s["phase"] != "over" and s["turns"] < turns:
        seat = s["turn"]
        a = AI.choose(RULES.view_for(s, seat), seat, "easy", seed)
        mm.advance(s, a.id, [])
        s["seq"] += 1
    return s


def image(png: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(png))
    img.load()
    return img


def test_groups_join_near_places_and_keep_two_far_parts_apart():
    near = [(0.0, 0.0), (1.0, 0.5), (2.0, 0.0)]
    far = [(-4.0, 3.0), (-3.5, 3.5)]
    assert P._groups(near) == [near]
    groups = P._groups(near + far)
    assert sorted(len(g) for g in groups) == [2, 3]
    # three far parts: the two nearest share a panel (never more than two)
    third = [(4.0, -4.0)]
    assert len(P._groups(near + far + third)) == 2


def test_a_window_shows_its_places_larger_than_the_whole_city():
    pts = [(0.0, 0.0), (1.5, 1.0), (-1.0, 0.5)]
    x0, y1, u, pw, ph = P._window(pts, P.CROP_H)
    whole_u, _cx, _cy = P._geom(city(played(1, 0)["city"]).g.n, P.TOP)
    assert u > 1.5 * whole_u
    for x, y in pts:  # every place inside the panel, clear of its edges
        assert P.PAD * u * 0.9 <= (x - x0) * u <= pw - P.PAD * u * 0.9
        assert 0 < (y1 - y) * u < ph


def test_a_decision_is_cropped_round_the_seat_line_ends_with_every_candidate_numbered():
    s = played(3, 8)  # (a position whose candidates lie in two parts of the city)
    seat = s["turn"]
    view = RULES.view_for(s, seat)
    msg = SHOW.decision(TABLE, view, seat)
    assert msg is not None and msg.picture is not None
    v, cands, heading, who = msg.picture.args
    assert who == seat
    crop = image(P.decision(v, cands, heading, who))
    whole = image(P._board(v, [], cands, heading))
    assert crop.width == 800
    assert int(crop.info["min_text_px"]) >= P.MIN
    # the crop is another picture than the whole city, larger where it looks
    g = city(v["city"]).g
    ends = [g.centre(line["cells"][-1]) for lid, line in enumerate(v["lines"]) if lid // 2 == seat and line["cells"]]
    places = [P._place(g, c[0], c[1]) for c in cands if c[1] >= 0]
    groups = P._groups(places + ends)
    assert len(groups) == 2
    for _x0, _y1, u, _pw, _ph in P._windows(groups):
        assert u > 1.15 * P._geom(g.n, P.TOP)[0]
    assert crop.tobytes() != whole.tobytes()


def test_before_any_line_a_decision_shows_the_whole_city():
    s = played(4, 0)
    seat = s["turn"]
    view = RULES.view_for(s, seat)
    v, cands, heading, who = SHOW.decision(TABLE, view, seat).picture.args
    assert image(P.decision(v, cands, heading, who)).tobytes() == image(P._board(v, [], cands, heading)).tobytes()


def test_a_number_without_a_place_is_not_drawn_anywhere():
    s = played(4, 0)
    view = RULES.view_for(s, s["turn"])
    with_none = image(P._board(view, [], [["x", -1]], ""))
    without = image(P._board(view, [], [], ""))
    assert with_none.tobytes() == without.tobytes()


def test_the_scoring_phase_is_a_picture_per_trip_saying_who_scored():
    s = played(3, 10**6)
    view = RULES.view_for(s, None)
    pngs = P.scoring(view)
    detail = view["result"]["detail"]
    assert len(pngs) == len(detail) == 7
    imgs = [image(p) for p in pngs]
    for img, png in zip(imgs, pngs, strict=True):
        assert img.width == 800 and int(img.info["min_text_px"]) >= P.MIN and len(png) < 200_000
    assert len({img.tobytes() for img in imgs}) == 7
    # each seat that scored (or is to blame) has its line under its trip, nobody else
    for t in detail:
        rows = P._trip_rows(view, t, NAMES)
        seats = {seat for seat, _text in rows if seat >= 0}
        assert seats == {s for s in range(3) if t["gained"][s] or s in t["guilty"]}
        for seat, line in rows:
            if seat >= 0:
                assert line.startswith(f"{NAMES[seat]} {t['gained'][seat]:+d}")
    # a game not yet scored has no such pictures
    assert P.scoring(RULES.view_for(played(3, 6), None)) == []


def test_a_trip_never_placed_says_whose_marker_it_was():
    s = played(3, 10**6)
    view = RULES.view_for(s, None)
    t = {"trip": "A", "minutes": -1, "lines": [], "guilty": [1], "gained": [6, 0, 6], "hops": [], "cells": []}
    view["hand"][1] = [["A", "R"]]
    rows = dict(P._trip_rows(view, t, NAMES))
    assert "A" in rows[1] and rows[0].startswith("Ann +6") and rows[2].startswith("Cy +6")
    assert rows[1] != P._trip_rows({**view, "hand": [[], [], []]}, t, NAMES)[1][1]


def test_a_label_is_a_ring_or_a_pill_as_wide_as_it_at_any_size():
    from render.canvas import Canvas
    cv = Canvas(Image.new("RGB", (200, 200), (255, 255, 255)))
    for r in (17, 17.3, 20.2, 25.7):  # (the crops' ring sizes)
        for label in ("1", "12", "12/20", "1/3/5+"):
            P._badge(cv, 100, 100, r, label, 22)
    for r, x, y, label in ((18.571, 189.199, 61.053, "24"), (18.896, 145.26, 89.901, "12")):
        P._badge(cv, x, y, r, label, 20)  # (a pill just wider than its ring: Pillow refused its box)
    assert cv.img.getpixel((100 - 30, 100)) != (255, 255, 255)  # (the last pill reaches past a ring)
