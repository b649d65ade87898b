"""The Pillow renderer: every phase of random games renders; sizes, non-blank regions, hidden gold."""

import collections
import copy
import io
import random
import threading

import pytest
from PIL import Image, ImageStat

import games.pioneer_days.pictures as render
import games.pioneer_days.rules as engine
from games.pioneer_days.pictures import cards, table
from games.pioneer_days.pictures.style import HIGHLIGHT, WOOD
from games.pioneer_days.rules.cards import EQUIPMENT, TOWNS, TOWNSFOLK

SET_PAIRS = [("A", "B"), ("C", "D"), ("E", "A"), ("B", "C"), ("D", "E")]


def play(players: int, seed: int, sets=("A", "B"), pioneers="unique", stop=None):
    """Random game; yields the state after every action at which the stage or day changed."""
    s, _ = engine.new_game({"players": players, "sets": list(sets), "pioneers": pioneers}, seed)
    rnd = random.Random(seed)
    yield s
    while not engine.is_over(s):
        key = (s["stage"], s["week"], s["day"], s["turn"])
        s = engine.apply(s, rnd.choice(engine.legal_actions(s))).state
        if (s["stage"], s["week"], s["day"], s["turn"]) != key or engine.is_over(s):
            yield s
        if stop and stop(s):
            return


def last(states) -> dict:
    return collections.deque(states, maxlen=1)[0]


def finished(players: int, seed: int, sets=("A", "B")) -> dict:
    return last(play(players, seed, sets))


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return Image.open(io.BytesIO(data)).size


def spread(img: Image.Image, box) -> float:
    """Mean standard deviation of the channels in box: ~0 for a blank (single-colour) region."""
    return sum(ImageStat.Stat(img.crop(box)).stddev) / 3


def uniform_background(img: Image.Image, box) -> bool:
    """True if box holds only the wood background (plank colours), i.e. nothing was drawn there."""
    colours = img.crop(box).getcolors(1 << 16) or []
    return all(sum(abs(a - b) for a, b in zip(c, WOOD, strict=True)) < 40 for _, c in colours)


# ---- API contract ---------------------------------------------------------------------------
def test_api_returns_pngs():
    s, _ = engine.new_game({"players": 3}, 1)
    w, h = png_size(render.table_png(s))
    assert w == 1600 and 900 < h < 2400
    w, h = png_size(render.wagon_png(s, 0))
    assert w == 1000 and 300 < h < 2000
    f = finished(3, 1)
    w, h = png_size(render.results_png(f))
    assert w == 800 and 400 < h < 1000  # made for a phone: one card per player under the other


def test_state_is_not_modified():
    s = last(play(4, 5, stop=lambda s: s["week"] == 2))
    before = engine.to_json(s)
    render.table_png(s, viewer=1)
    render.wagon_png(s, 2)
    assert engine.to_json(s) == before


def test_views_and_json_states_render_the_same():
    s = last(play(3, 6, stop=lambda s: s["week"] == 2 and s["stage"] == "turn"))
    png = render.table_png(s)
    assert render.table_png(engine.from_json(engine.to_json(s))) == png
    assert render.table_png(engine.view_for(s, None)) == png
    assert render.table_png(engine.view_for(s, 2)) == png
    assert render.wagon_png(engine.view_for(s, 2), 2) == render.wagon_png(s, 2)


# ---- every phase of many random games -------------------------------------------------------
@pytest.mark.parametrize("players,seed,sets,pioneers", [
    (2, 11, SET_PAIRS[0], "standard"), (3, 12, SET_PAIRS[1], "unique"), (4, 13, SET_PAIRS[2], "unique"),
    (2, 14, SET_PAIRS[3], "unique"), (3, 15, SET_PAIRS[4], "standard"), (4, 16, SET_PAIRS[3], "unique"),
])
def test_every_phase_renders(players, seed, sets, pioneers):
    stages = set()
    n = 0
    state = None
    for i, state in enumerate(play(players, seed, sets, pioneers)):
        stages.add(state["stage"])
        if i % 3 and state["stage"] == "turn":
            continue  # every disaster/town/pioneer state, a third of the turns (keeps the test fast)
        img = table.render(state)
        n += 1
        assert img.width == 1600 and 900 < img.height < 2600
        # key regions are not blank: header, townsfolk row, dice/tracks, towns, every player panel
        assert spread(img, (0, 0, 1600, table.HEAD)) > 10
        by = table.BOARD_Y
        assert spread(img, (table.LEFT_X, by + table.Y_CARDS, table.LEFT_X + table.LEFT_W,
                            by + table.Y_CARDS + table.CARD_H)) > 10
        assert spread(img, (table.RIGHT_X, by + table.Y_TRACKS, table.RIGHT_X + table.RIGHT_W,
                            by + table.Y_TRACKS + 4 * table.TRACK_ROW)) > 20
        py = table.BOARD_Y + table.BOARD_H + 24
        for seat in range(min(2, players)):
            x = table.M + seat * (table.PANEL_W + table.PANEL_GAP)
            assert spread(img, (x, py, x + table.PANEL_W, py + 150)) > 15
        # nothing runs off a panel into the gap between the two panel columns or the margins
        gx = table.M + table.PANEL_W
        assert uniform_background(img, (gx + 8, py + 6, gx + table.PANEL_GAP - 8, img.height - 80))
        assert uniform_background(img, (1600 - 8, table.HEAD + 4, 1600, img.height))
        if state["stage"] in ("turn", "disaster"):
            seat = state["turn"] if state["stage"] == "turn" else 0
            assert render.wagon_image(state, seat).width == 1000
    assert {"turn", "over"} <= stages
    assert n > 10
    res = render.results_image(state)
    assert res.width == 800 and spread(res, (0, 120, 800, res.height - 80)) > 15


def test_all_five_stages_render():
    seen: dict = {}
    for seed in range(60, 90):
        for s in play(4, seed, SET_PAIRS[seed % 5], "unique"):
            if s["stage"] not in seen:
                seen[s["stage"]] = s
                assert png_size(render.table_png(s))[0] == 1600
                for seat in range(4):
                    assert png_size(render.wagon_png(s, seat))[0] == 1000
        if len(seen) == 5:
            break
    assert set(seen) == {"pioneer", "turn", "disaster", "town", "over"}


def test_png_targets_4_players():
    s = last(play(4, 3, stop=lambda s: s["week"] == 3 and s["day"] == 3))
    data = render.table_png(s)
    w, h = png_size(data)
    assert w == 1600 and len(data) <= 500_000


# ---- hidden gold ----------------------------------------------------------------------------
def _with_gold(value: int) -> dict:
    s = last(play(4, 21, stop=lambda s: s["week"] == 2 and s["stage"] == "turn"))
    s = copy.deepcopy(s)
    p = s["players"][1]
    p["gold"] = [2, value]
    p["wagons"] = [{"size": "large", "damage": 0}]
    p["wood"] = p["medicine"] = 0
    p["equipment"] = []
    return s


def test_gold_values_of_others_never_shown():
    a, b = _with_gold(3), _with_gold(1)
    assert render.table_png(a) == render.table_png(b)
    assert render.table_png(a, viewer=1) == render.table_png(b, viewer=1)
    assert render.wagon_png(a, 0) == render.wagon_png(b, 0)
    # ... but the owner's private image shows them
    assert render.wagon_png(a, 1) != render.wagon_png(b, 1)


def test_standings_before_the_end_hide_gold():
    a, b = _with_gold(3), _with_gold(1)
    assert render.results_png(a) == render.results_png(b)


def test_gold_shown_at_game_end_only_in_results():
    f = finished(2, 8)
    png = render.results_png(f)
    assert png_size(png)[0] == 800 and 18 <= __import__("render").min_text_px(png)  # >= 9 px at 400 px wide


# ---- content: every card, long names, crowded players ---------------------------------------
def test_every_card_and_tile_renders():
    folk = tiles = towns = 0
    for cid in TOWNSFOLK:
        im = cards.townsfolk(cid, table.CARD_W, table.CARD_H)
        assert im.size == (table.CARD_W, table.CARD_H) and spread(im, (8, 60, 150, 120)) > 5
        folk += 1
    for cid in EQUIPMENT:
        im = cards.equipment(cid, table.TILE_W, table.TILE_H)
        assert im.size == (table.TILE_W, table.TILE_H) and spread(im, (8, 36, 180, 90)) > 5
        tiles += 1
    for cid in TOWNS:
        im = cards.town(cid, table.TOWN_W, table.TOWN_H)
        assert im.size == (table.TOWN_W, table.TOWN_H) and spread(im, (8, 60, 160, 120)) > 5
        towns += 1
    assert (folk, tiles, towns) == (len(TOWNSFOLK), len(EQUIPMENT), len(TOWNS))
    assert folk and tiles and towns


def test_card_texts_fit_their_width():
    from render import text as T
    names = lines = 0
    for cid in TOWNSFOLK:
        for line in T.fit(TOWNSFOLK[cid]["name"], "serifcond", 18, 13, table.CARD_W - 14, 2)[1]:
            assert T.width(line, "serifcond", 13) <= table.CARD_W - 14
            lines += 1
        names += 1
    assert names == len(TOWNSFOLK) >= 1
    assert lines >= names  # each name is drawn in one line or more


def _crowded(players: int) -> dict:
    s = last(play(players, 31, stop=lambda s: s["week"] == 3 and s["stage"] == "turn"))
    s = copy.deepcopy(s)
    ids = list(TOWNSFOLK)
    for p in s["players"]:
        p["name"] = "Maximiliana Wolfeschlegelsteinhausen-Bergerdorff the Third"
        p["wagons"] = [{"size": "large", "damage": i % 3} for i in range(5)] + [
            {"size": "small", "damage": i % 2} for i in range(5)]
        p["townsfolk"] = ids[p["seat"] * 14:(p["seat"] + 1) * 14]
        p["equipment"] = list(EQUIPMENT)[:6]
        p["gold"] = [1, 2, 3] * 4
        p["wood"], p["medicine"], p["cattle"], p["silver"] = 15, 13, 25, 120
        p["favors"] = 12
    return s


@pytest.mark.parametrize("players", [2, 3, 4])
def test_crowded_players_stay_inside(players):
    s = _crowded(players)
    img = table.render(s)
    assert img.width == 1600
    py = table.BOARD_Y + table.BOARD_H + 24
    gx = table.M + table.PANEL_W
    assert uniform_background(img, (gx + 8, py + 6, gx + table.PANEL_GAP - 8, img.height - 80))
    assert uniform_background(img, (1600 - 8, table.HEAD + 4, 1600, img.height))
    w = render.wagon_image(s, 0)
    assert uniform_background(w, (w.width - 8, 50, w.width, w.height))
    data = render.table_png(s)
    assert len(data) <= 500_000


def test_overflowing_wagon_is_shown():
    s = _crowded(2)
    s["players"][0]["wagons"] = [{"size": "small", "damage": 1}]
    img = table.render(s)  # more goods than spaces: drawn in a "no room" box, inside the panel
    gx = table.M + table.PANEL_W
    py = table.BOARD_Y + table.BOARD_H + 24
    assert uniform_background(img, (gx + 8, py + 6, gx + table.PANEL_GAP - 8, img.height - 80))


# ---- highlighting ---------------------------------------------------------------------------
def _has_colour(img: Image.Image, box, colour, tol: int = 12) -> bool:
    colours = img.crop(box).getcolors(1 << 20) or []
    return any(sum(abs(a - b) for a, b in zip(c, colour, strict=True)) <= tol for _, c in colours)


def test_active_player_stands_out():
    s = last(play(4, 41, stop=lambda s: s["stage"] == "turn" and s["turn"] == 3))
    img = table.render(s)
    py = table.BOARD_Y + table.BOARD_H + 24
    rows = [L.h for L in (render.player_board.Layout(engine.view_for(s, None), i, table.PANEL_W, 1, False)
                          for i in range(4))]
    row0 = max(rows[:2])
    y1 = py + row0 + table.PANEL_GAP
    x3 = table.M + table.PANEL_W + table.PANEL_GAP
    frame = (x3 - 6, y1 - 6, x3 + 2, y1 + 60)  # the left edge of seat 4's panel
    assert _has_colour(img, frame, HIGHLIGHT)
    x0 = table.M
    assert not _has_colour(img, (x0 - 6, py - 6, x0 + 2, py + 60), HIGHLIGHT)


def test_winner_highlighted_in_results():
    f = finished(4, 5)
    img = render.results_image(f)
    winners = [r for r in f["result"] if r["winner"]]
    assert winners
    from games.pioneer_days.pictures import results
    assert _has_colour(img, (results.M - 4, results.HEAD + 40, results.M - 1, results.HEAD + 100), HIGHLIGHT)
    loser = results.HEAD + 12 + (results.ROW + 12) * 3  # the last card: no highlight around it
    assert not _has_colour(img, (results.M - 4, loser + 40, results.M - 1, loser + 100), HIGHLIGHT)


# ---- threads --------------------------------------------------------------------------------
def test_thread_safe_and_deterministic():
    states = [s for i, s in enumerate(play(3, 51)) if i % 9 == 0][:6]
    expected = [render.table_png(s) for s in states]
    out: dict = {}

    def work(k: int) -> None:
        out[k] = [render.table_png(s) for s in states]

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(v == expected for v in out.values())
