"""The day image (render.day_png): every stage renders; small; every text >= 9 px when shown 400 px
wide; nothing secret; no text runs out of its box, whatever the names, lines and cards."""

import copy
import io
import random
import threading

import pytest
from PIL import Image
from secrecy import hidden_twin
from test_render import SET_PAIRS, last, play

import games.pioneer_days.pictures as render
import games.pioneer_days.rules as engine
from games.pioneer_days.pictures import day
from games.pioneer_days.rules import describe
from games.pioneer_days.rules.cards import TOWNSFOLK

LINES = ["Day over: the 🟦 B blue die was left (Storm 3/4 · Raid 1/4 · Famine 2/4 · Disease 0/4).",
         "Storm struck: Ann paid 1 wood; Bob's wagon 2 damaged",
         "🤖 Easy AI 2 recruited Herb Gatherer (+1 medicine).",
         "Week 2, day 3 begins — Bob starts"]
LONG_NAMES = ["W" * 32, "Maximiliana Wolfeschlegelstein-Ba", "Bartholomew-Fitzgerald O'Donnell",
              "🤖 Hard AI 3 of the Magnificent 7"]
MAX_BYTES = 150 * 1024


def min_px(img: Image.Image) -> float:
    """The smallest text allowed: 9 px when the image is shown 400 px wide."""
    return 9 * img.width / 400


def boxes_inside(img: Image.Image) -> None:
    """Every text's ink stays inside its frame (header, panel, column, cell) and no two texts
    overlap (a text that does not fit would run into its neighbour)."""
    boxes = img.info["text_boxes"]
    assert boxes
    for (x0, y0, x1, y1), (fx0, fy0, fx1, fy1), s in boxes:
        assert fx0 - 1 <= x0 and x1 <= fx1 + 1 and fy0 - 1 <= y0 and y1 <= fy1 + 1, \
            f"{s!r} {(x0, y0, x1, y1)} outside its frame {(fx0, fy0, fx1, fy1)}"
    rows = sorted(boxes, key=lambda b: b[0][1])
    for i, (a, _fa, sa) in enumerate(rows):
        for b, _fb, sb in rows[i + 1:]:
            if b[1] >= a[3] - 1:
                break
            overlap = min(a[2], b[2]) - max(a[0], b[0]) > 1 and min(a[3], b[3]) - max(a[1], b[1]) > 1
            assert not overlap, f"{sa!r} {a} overlaps {sb!r} {b}"


def states(players: int, seed: int, pioneers: str = "unique"):
    """A random game's states at every change of stage, day or turn."""
    yield from play(players, seed, SET_PAIRS[seed % 5], pioneers)


# ---- every stage of random games ------------------------------------------------------------
@pytest.mark.parametrize("players,seed,pioneers", [(2, 61, "unique"), (3, 62, "standard"), (4, 63, "unique"),
                                                   (4, 64, "standard")])
def test_every_stage_renders_small_and_readable(players, seed, pioneers):
    stages = set()
    n = 0
    for i, s in enumerate(states(players, seed, pioneers)):
        stages.add(s["stage"])
        img = day.render(s, LINES[: i % 5], track=(i % 3 == 0))
        assert img.width == 800 and 700 < img.height < 1700
        assert img.info["min_text_px"] >= min_px(img), f"a text of {img.info['min_text_px']} px"
        if "text_boxes" in img.info:
            boxes_inside(img)
        if i % 7 == 0:
            data = render.day_png(s, LINES[: i % 5])
            assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) <= MAX_BYTES
            assert Image.open(io.BytesIO(data)).size == img.size
        n += 1
    assert {"turn", "over"} <= stages and n > 20 * players


def test_the_biggest_day_image_is_under_150_kb():
    """4 players, four two-line sentences, long names, the wordiest cards in the slots."""
    s = _crowded()
    data = render.day_png(s, [x * 2 for x in LINES])
    assert len(data) <= MAX_BYTES
    img = day.render(s, [x * 2 for x in LINES], track=True)
    assert img.info["min_text_px"] >= min_px(img)
    boxes_inside(img)


# ---- secrets --------------------------------------------------------------------------------
@pytest.mark.parametrize("players,seed", [(2, 71), (3, 72), (4, 73)])
def test_hidden_values_never_change_the_image(players, seed):
    """Drawn from states that differ only in what the public may not see (other seats' gold
    values, bags, decks, dealt boards, rng): byte-identical, for the public and for each seat."""
    compared = 0
    for i, s in enumerate(states(players, seed)):
        if s["stage"] == "over" or i % 5:
            continue
        assert render.day_png(hidden_twin(s, None), LINES) == render.day_png(s, LINES)
        seat = i % players
        assert render.day_png(hidden_twin(s, seat), LINES, seat) == render.day_png(s, LINES, seat)
        compared += 1
    assert compared >= 5


def test_gold_values_do_not_show_but_the_token_count_does():
    s = last(play(3, 21, stop=lambda s: s["week"] == 2 and s["stage"] == "turn"))
    a, b, c = (copy.deepcopy(s) for _ in range(3))
    for st, gold in ((a, [3, 3]), (b, [1, 2]), (c, [1, 2, 1])):
        p = st["players"][1]
        p["gold"], p["wood"], p["medicine"], p["equipment"] = gold, 0, 0, []
        p["wagons"] = [{"size": "large", "damage": 0}]
    assert render.day_png(a) == render.day_png(b)
    assert render.day_png(b) != render.day_png(c)  # one more token: the count is public


# ---- long names, long lines, the longest card texts -------------------------------------------
def _longest_townsfolk(n: int = 6) -> list:
    return sorted(TOWNSFOLK, key=lambda t: -(len(describe.card("townsfolk", t)["effect"])
                                              + len(describe.card("townsfolk", t)["vp"])))[:n]


def _crowded(players: int = 4) -> dict:
    s = last(play(players, 31, stop=lambda s: s["week"] == 3 and s["stage"] == "turn"))
    s = copy.deepcopy(s)
    for p in s["players"]:
        p["name"] = LONG_NAMES[p["seat"]]
        p["silver"], p["wood"], p["medicine"], p["cattle"], p["vp"] = 188, 19, 17, 25, 140
        p["gold"] = [1, 2, 3] * 4
        p["wagons"] = [{"size": "large", "damage": 0}] * 9
    s["slots"] = _longest_townsfolk()
    return s


@pytest.mark.parametrize("players", [2, 3, 4])
def test_long_names_and_long_lines_stay_inside(players):
    s = _crowded(players)
    lines = [LINES[0] * 3, "W" * 120, "Supercalifragilisticexpialidocious-" * 4, LINES[2], LINES[3]]
    img = day.render(s, lines, track=True)
    assert img.info["min_text_px"] >= min_px(img)
    boxes_inside(img)
    texts = " ".join(t for _b, _f, t in img.info["text_boxes"])
    assert "…" in texts  # the longest names were shortened, not drawn past their room
    assert "🤖" not in texts and "\ufffd" not in texts


def test_every_townsfolk_fits_its_slot():
    ids = list(TOWNSFOLK)
    s = _crowded(2)
    shown = 0
    for k in range(0, len(ids), 6):
        s["slots"] = (ids[k:k + 6] + [None] * 6)[:6]
        img = day.render(s, (), track=True)
        assert img.info["min_text_px"] >= min_px(img)
        boxes_inside(img)
        shown += len(ids[k:k + 6])
    assert shown == len(TOWNSFOLK) >= 1  # every townsfolk was in a slot once


def test_the_widest_possible_card_texts_fit(monkeypatch):
    """Names of the longest length the content allows, in the widest letters, and long effects."""
    real = describe.card

    def wide(kind, cid):
        c = dict(real(kind, cid))
        if kind == "townsfolk":
            c["name"] = "W" * 24
            c["effect"] = c["effect"] + " and pay $2 for 1 gold token (if room), twice over"
            c["vp"] = "2 VP per set of wood+medicine+cattle+wagon+favor (max 4)"
        return c
    monkeypatch.setattr(describe, "card", wide)
    day.hire_layout.cache.clear()
    day._hire_cell_layer.cache.clear()
    try:
        img = day.render(_crowded(4), LINES, track=True)
        assert img.info["min_text_px"] >= min_px(img)
        boxes_inside(img)
    finally:
        day.hire_layout.cache.clear()
        day._hire_cell_layer.cache.clear()


def test_the_checks_can_fail(monkeypatch):
    """The size and overlap checks catch a text drawn too small or on top of another."""
    s = _crowded(3)
    monkeypatch.setattr(day, "STATUS_SIZES", (12,))
    img = day.render(s, LINES, track=True)
    assert img.info["min_text_px"] == 12 < min_px(img)
    img.info["text_boxes"].append(((20, 10, 300, 40), (0, 0, 800, 80), "on top of the title"))
    with pytest.raises(AssertionError):
        boxes_inside(img)


# ---- what it shows ----------------------------------------------------------------------------
def test_forecast_and_status_are_drawn():
    s = last(play(4, 41, stop=lambda s: s["stage"] == "turn" and s["week"] == 2))
    s = copy.deepcopy(s)
    s["tracks"] = {"storm": 3, "raid": 0, "famine": 3, "disease": 1}
    s["pool"] = [["blue", "wild"], ["yellow", "mine"], ["black", "cattle"]]
    img = day.render(s, (), track=True)
    texts = [t for _b, _f, t in img.info["text_boxes"]]
    assert "Storm," in texts and "Famine" in texts and "strike" in texts  # the black die: both
    assert texts.count("strikes") == 2  # blue: Storm strikes; yellow: Famine strikes
    name = s["players"][s["turn"]]["name"]
    assert any(name in t for t in texts)


def test_state_is_not_modified_and_views_render_the_same():
    s = last(play(3, 6, stop=lambda s: s["week"] == 2 and s["stage"] == "turn"))
    before = engine.to_json(s)
    png = render.day_png(s, LINES)
    assert engine.to_json(s) == before
    assert render.day_png(engine.from_json(before), LINES) == png
    assert render.day_png(engine.view_for(s, None), LINES) == png


def test_thread_safe_and_deterministic():
    states_ = [s for i, s in enumerate(play(4, 52)) if i % 11 == 0][:6]
    expected = [render.day_png(s, LINES[:2]) for s in states_]
    out: dict = {}

    def work(k: int) -> None:
        out[k] = [render.day_png(s, LINES[:2]) for s in states_]

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(v == expected for v in out.values())


def test_random_lines_never_break_it():
    rnd = random.Random(3)
    s = _crowded(4)
    alphabet = "abc XYZ 🟦🟥🟨🟩⬛ B R K ️‍ 日本 🤖 **(max 4)** +-/, é ł — …"
    checked = 0
    for _ in range(20):
        lines = ["".join(rnd.choice(alphabet) for _ in range(rnd.randrange(0, 160))) for _ in range(rnd.randrange(6))]
        img = day.render(s, lines, track=True)
        assert img.info["min_text_px"] >= min_px(img)
        boxes_inside(img)
        checked += 1
    assert checked == 20


def test_longer_translations_still_fit_and_are_cached_per_language(monkeypatch):
    """Words come from i18n: a (pseudo) language a third longer still fits, and drawing it leaves
    the English image (and its cached layers) as it was."""
    import i18n
    s = _crowded(4)
    english = render.day_png(s, LINES)
    from games.pioneer_days.lang import TEXTS
    real = TEXTS._lookup

    def longer(msgid, plural=None, n=1):
        text = real(msgid, plural, n)
        return text + " ~ÀÉÎŁ~" if i18n.current() == "pl" else text
    monkeypatch.setattr(TEXTS, "_lookup", longer)
    with i18n.use("pl"):
        img = day.render(s, LINES, track=True)
        assert render.table_png(s)  # the full table draws too
    assert img.info["min_text_px"] >= min_px(img)
    boxes_inside(img)
    assert any("~ÀÉÎŁ~" in t for _b, _f, t in img.info["text_boxes"])
    assert render.day_png(s, LINES) == english


def test_the_day_image_shows_this_weeks_towns_and_the_equipment_for_sale():
    """The towns' needs (the week's main source of VP) and the tiles for sale are on the day image, not
    only on the Full board; a row of two recruited slots is shorter than a row with a card."""
    seen = 0
    for s in states(3, 62, "standard"):
        if s["stage"] != "turn" or not s["towns_up"] or not s["equip_up"]:
            continue
        img = day.render(s, [], track=True)
        texts = " ".join(t for _b, _f, t in img.info["text_boxes"])
        for cid in s["towns_up"]:
            c = describe.card("town", cid)
            assert c["name"] in texts and c["effect"] in texts
        for cid in s["equip_up"][:day.EQUIP_SHOWN]:
            assert describe.card("equipment", cid)["name"] in texts
        rows = day._hire_rows(s)
        for r, rh in enumerate(rows):
            if s["slots"][2 * r] is None and s["slots"][2 * r + 1] is None:
                assert rh == day.EMPTY_H < 108
        seen += 1
        if seen >= 5:
            break
    assert seen >= 5
