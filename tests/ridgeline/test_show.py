"""What Ridgeline shows: decisions in one or two clicks ranked by the easy AI with what each move does, the
labels on the decision's picture matching its buttons, pictures for a phone in every language, the panel
and the story, the coach."""

import io
from types import SimpleNamespace

import pytest
from PIL import Image, ImageChops

import i18n
import render
from engine import views
from engine.protocol import Button, Menu, Table
from games.ridgeline import GAME, decide, palette, picture_parts, pictures, words
from games.ridgeline.ai import choose
from games.ridgeline.ai.easy import ranked
from games.ridgeline.coach import COACH, why
from games.ridgeline.play import RULES
from games.ridgeline.rules import board as B
from render import named

from .helpers import apply, c, game, rig, t

TABLE = Table(id=7, names=["ann", "bob"], mentions=["@ann", "@bob"], ai=[False, False], options={}, recent=["x"])


def acts(msg):
    out = []
    for ctl in msg.controls:
        out += [ctl.act] if isinstance(ctl, Button) else [i.act for i in ctl.items]
    return out


def labels(msg):
    out = []
    for ctl in msg.controls:
        out += [ctl.label] if isinstance(ctl, Button) else [i.label for i in ctl.items]
    return out


def test_a_turn_is_one_click_every_whole_move_offered_best_first_saying_what_it_captures():
    s = rig(hands=[[t(3, 7), t(1, 2), t(2, 9)], []], queue=[(t(3, 1), None), (t(5, 7), None), (t(2, 4), None)])
    msg = views.decision(GAME, TABLE, s, 0)
    assert sorted(acts(msg)) == sorted(a.id for a in RULES.legal_actions(s, 0))  # every whole move, one click
    names = labels(msg)
    assert any("→" in x and words.tile(t(3, 1)) in x and "(A)" in x for x in names)
    assert any("second chance" in x for x in names)
    assert acts(msg) == ranked(RULES.view_for(s, 0), 0)  # the easy AI's best first
    assert [x.act for x in decide.choices(RULES.view_for(s, 0), 0)] == acts(msg)
    assert msg.picture is not None and msg.picture.name == "decision"


def test_more_than_five_choices_are_the_best_s_button_and_a_menu_and_a_rainbow_s_spots_are_numbered():
    s = rig(hands=[[t(1, 2), t(6, 4), t(6, 5)], []], queue=[(t(3, 1), None), (t(5, 8), None)],
            boards=[[t(2, 2), t(2, 3), t(2, 4)], []], deck_top=[t(2, 9 - 0)])
    s["queue"] = [[t(3, 1), None], [t(5, 8), None]]
    s2, _ = apply(s, f"0:play:{c(1, 2)}")
    assert s2["step"]["kind"] == "rainbow"
    msg = views.decision(GAME, TABLE, s2, 0)
    best, menu = msg.controls
    assert isinstance(best, Button) and best.style == "primary" and isinstance(menu, Menu)
    assert len(menu.items) == len(s2["step"]["spots"]) - 1 and best.act not in {i.act for i in menu.items}
    marks = msg.picture.args[2]
    assert best.label.startswith(f"{marks[0][2]}:") and words.spot(marks[0][1]) in best.label
    for item, mark in zip(menu.items, marks[1:], strict=True):
        assert mark[0] == "spot" and item.label.startswith(f"{mark[2]}:") and words.spot(mark[1]) in item.label


def test_the_public_panel_never_shows_a_hand_and_says_the_queue():
    s, _ = game(3)
    panel = views.panel(GAME, TABLE, s)
    text = panel.body + " ".join(v for _n, v in panel.fields)
    assert all(words.tile(x) not in text for h in s["hands"] for x in h)
    assert all(words.tile(u) in text for u, _d in s["queue"])
    mine = views.mine(GAME, TABLE, s, 1)
    assert all(words.tile(x) in mine.content for x in s["hands"][1])


@pytest.mark.parametrize("lang", i18n.LOCALES)
def test_every_picture_fits_a_phone_in_every_language(lang):
    s, _ = game(11)
    seen = set()
    with i18n.use(lang):
        n = 0
        while not RULES.is_over(s):
            seat = RULES.deciders(s)[0]
            kind = s["step"]["kind"]
            if kind not in seen or n % 17 == 0:
                seen.add(kind)
                d = views.decision(GAME, TABLE, s, seat)
                shots = [named.draw(GAME.pictures, d.picture.name, *d.picture.args),
                         named.draw(GAME.pictures, "round", *views.round_args(GAME, s, ["A line.", "Another."])),
                         named.draw(GAME.pictures, "mine", *views.mine_args(GAME, s, seat))]
                for png in shots:
                    assert len(png) <= render.BUDGET and render.min_text_px(png) >= 18
                    assert Image.open(io.BytesIO(png)).width == 800 and not render.missing_glyphs(png)
            s = RULES.apply(s, choose(s, seat, "easy", 1).id).state
            n += 1
        png = named.draw(GAME.pictures, "results", *views.results_args(GAME, s))
        assert len(png) <= render.BUDGET and render.min_text_px(png) >= 18 and not render.missing_glyphs(png)


def test_the_pictures_are_drawn_on_a_fixed_palette_that_holds_the_art_s_colours_and_look_as_drawn_in_rgb(monkeypatch):
    for colour in palette.named_colours():  # every named colour is drawn exactly
        assert palette.paletted().rgb[palette.paletted().entry(colour)] == colour
    s, _ = game(12)
    for _k in range(14):
        seat = RULES.deciders(s)[0]
        s = RULES.apply(s, choose(s, seat, "easy", 1).id).state
    seat = RULES.deciders(s)[0]
    view = RULES.view_for(s, seat)
    drawn = pictures.image(view, seat, ["A line."], own=True)
    assert drawn.mode == "P"
    monkeypatch.setattr(picture_parts, "ON_PALETTE", False)
    true = pictures.image(view, seat, ["A line."], own=True)
    assert true.mode == "RGB" and drawn.size == true.size
    diff = ImageChops.difference(drawn.convert("RGB"), true).convert("L").histogram()
    n = true.width * true.height
    assert sum(v * i for i, v in enumerate(diff)) / n < 0.3  # (the mean: a few anti-aliased pixels a step off)
    assert sum(diff[33:]) < n / 1000


def test_the_story_says_each_move_and_its_parts_have_headings():
    s = rig(hands=[[t(3, 7), t(1, 2), t(2, 9)], []], queue=[(t(3, 1), t(1, 9))])
    _s2, events = apply(s, f"0:play:{c(3, 7)}:{c(3, 1)}")
    lines = GAME.show.lines([RULES.public_event(e, None) for e in events], ["ann", "bob"])
    assert lines[0].startswith("ann played") and words.tile(t(1, 9)) in lines[0]
    assert GAME.show.heading({"game": 1, "leg": 2}) == "Game 1, part 2 of 4"
    assert GAME.show.heading({"game": 2, "leg": 4}) == "Game 2: the last captures"


def test_the_coach_reviews_and_says_why():
    s, _ = game(2)
    config = s["config"]
    ids = []
    while not RULES.is_over(s):
        seat = RULES.deciders(s)[0]
        a = choose(s, seat, "easy" if seat == 0 else "random", 5)
        ids.append(a.id)
        s = RULES.apply(s, a.id).state
    todo = COACH.decisions(config, 2, ids, 1)
    done = COACH.evaluate(config, 2, ids, 1, todo[:6], 3)
    worst = max(done, key=lambda d: d["loss"])
    assert worst["loss"] > 0 and why(worst).endswith("by the hard AI's playouts.")
    review = COACH.finish(config, 2, ids, 1, done)
    assert review["curve"] and [p["chapter"] for p in review["curve"]][-1][0] == 1
    q = COACH.quiz(TABLE, config, 2, ids, 1, worst)
    assert q is not None and len(q.choices) >= 2 and q.played != q.best
    assert COACH.when(worst).startswith("Turn ")
    assert B.SPOTS == 48


def test_every_choice_is_reachable_past_one_menu_and_a_note_is_cut_between_words():
    items = [decide.Choice(f"0:rainbow:{i}", f"{i + 1}: spot", "word " * 30) for i in range(30)]
    controls = decide._controls(items, "Choose")
    menus = [ctl for ctl in controls if isinstance(ctl, Menu)]
    assert len(menus) == 2 and len({m.row for m in menus}) == 2
    assert [x.act for x in items] == acts(SimpleNamespace(controls=controls))  # all, best first
    notes = [i.description for m in menus for i in m.items]
    assert all(len(n) <= 100 and n.endswith("word…") for n in notes)


def test_the_mole_s_choices_are_numbered_as_its_picture_numbers_the_tiles():
    s = rig(hands=[[t(3, 7), t(1, 2)], []], queue=[(t(3, 1), None)])
    look = [t(2, 2), t(5, 6), t(4, 9)]
    s["deck"] = [x for x in s["deck"] if x not in look]
    s["look"], s["step"] = list(look), {"kind": "mole"}
    for choice in decide.choices(RULES.view_for(s, 0), 0):
        tile = B.parse(choice.act.split(":")[2])
        n = look.index(tile) + 1
        assert choice.label.startswith(f"{n}. ") and choice.mark == ["look", n - 1, str(n)]
