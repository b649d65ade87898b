"""Pyramid Poker's pictures (games/pyramid_poker/pictures.py): on random games of every option set at every
stage, each picture is a PNG of 800 px wide, at most 200 KB, its smallest essential text recorded and at
least 18 px (9 px on a phone showing it 400 px wide); the public pictures show no face the spectators may
not know and a seat's pictures none it may not know (a twin that differs only there draws the same bytes);
a decision draws its numbers on their spots; a showdown, the results, the replay and the coach's chart."""

import copy
import io

import pytest
from PIL import Image, ImageChops

import render
from engine import rng
from games.pyramid_poker import picture_pyramid as PY
from games.pyramid_poker import picture_showdown, pictures
from games.pyramid_poker.picture_cards import RED
from games.pyramid_poker.picture_names import names
from games.pyramid_poker.play import RULES
from games.pyramid_poker.rules import pyramid as geo
from games.pyramid_poker.rules.cards import DECK

from .poker_helpers import OPTION_SETS, apply, finish, game, last_take, walk

WIDTH = 800
MIN_PX = 18
MAX_BYTES = 200_000
LINES = ["Ann placed a block.", "The pyramid is complete: Bob takes first.", "A third line of the story."]
PNG = b"\x89PNG\r\n\x1a\n"


def samples(options, seed=1, games=2):
    """States of a random match at every stage: the first of each stage of each of its first `games`
    games, two more while the pyramid goes up and comes down, the state after their showdowns, the end."""
    state, _ = game(options["blocks"], options["match"], seed)
    out, seen = [state], set()
    for _before, _aid, after, _events in walk(state, seed):
        if after["game"] <= games or RULES.is_over(after):
            key = (after["game"], after["stage"])
            placed = sum(b is not None for b in after["pyramid"])
            if key not in seen or (key[1] in ("build", "take") and placed in (9, 21) and (key, placed) not in seen):
                seen |= {key, (key, placed)}
                out.append(after)
    return out


def numbered_for(state):
    """What a decision numbers: the spots to place on, or the blocks to take."""
    if state["stage"] == "build":
        spots = geo.placeable(state["pyramid"])
    elif state["stage"] == "take":
        spots = geo.uncovered(state["pyramid"])
    else:
        spots = []
    return [[s, str(i + 1)] for i, s in enumerate(spots)]


def check(png: bytes, what: str) -> Image.Image:
    assert png[:8] == PNG, f"{what}: not a PNG"
    assert len(png) <= MAX_BYTES, f"{what}: {len(png)} bytes"
    img = Image.open(io.BytesIO(png))
    assert img.width == WIDTH, f"{what}: {img.width} px wide"
    smallest = render.min_text_px(png)
    assert smallest is not None, f"{what}: no min_text_px"
    assert smallest >= MIN_PX and smallest * 400 / img.width >= 9, f"{what}: text of {smallest} px"
    return img


def rgb(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


# ---- every picture, every stage --------------------------------------------------------------------------
@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: f"{o['blocks']}-{o['match']}")
def test_every_picture_is_a_small_readable_png_at_every_stage(options):
    states = samples(options)
    stages = {s["stage"] for s in states}
    assert {"build", "take", "hand", "over"} <= stages
    for s in states:
        what = f"{s['stage']} (game {s['game']}, seq {s['seq']})"
        check(pictures.table(s), "table " + what)
        check(pictures.round(s, LINES), "round " + what)
        check(pictures.round(s), "round without lines " + what)
        for seat in (0, 1):
            check(pictures.table(s, seat), f"table of {seat} {what}")
            check(pictures.mine(s, seat), f"mine of {seat} {what}")
        if s["stage"] != "over":
            check(pictures.decision(s, s["turn"], numbered_for(s)), "decision " + what)
    check(pictures.results(states[-1]), "results")


def test_a_long_advanced_match_and_long_names_still_fit():
    s, _ = RULES.new_game(RULES.config({"blocks": "open", "match": "to11"},
                                       ["Maximiliana Wolfeschlegel", "Bartholomew Featherstonehaugh"]), 4)
    pick = {"rng": rng.seed_state(4)}
    while not RULES.is_over(s):
        acts = RULES.legal_actions(s)
        s = RULES.apply(s, acts[rng.below(pick, len(acts))].id).state
    assert len(s["history"]) >= 2
    check(pictures.results(s), "results")
    check(pictures.round(s, LINES), "last showdown")


# ---- secrecy -----------------------------------------------------------------------------------------------
def twins(options, seed=3):
    """(state, its twins for None, 0 and 1) at a few stages of a random game."""
    for s in samples(options, seed, games=1)[1:-1:2]:
        yield s, {v: RULES.resample(s, v, 11 + s["seq"]) for v in (None, 0, 1)}


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: f"{o['blocks']}-{o['match']}")
def test_public_pictures_show_no_face_the_spectators_may_not_know(options):
    changed = 0
    for s, twin in twins(options):
        t = twin[None]
        changed += t != s
        assert pictures.table(s) == pictures.table(t)
        assert pictures.round(s, LINES) == pictures.round(t, LINES)
        if s["stage"] == "over":
            assert pictures.results(s) == pictures.results(t)
    assert changed  # the twins did differ: the test can fail


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: f"{o['blocks']}-{o['match']}")
def test_a_seats_pictures_show_only_what_it_knows(options):
    shows = 0
    for s, twin in twins(options):
        for seat in (0, 1):
            t = twin[seat]
            assert pictures.mine(s, seat) == pictures.mine(t, seat)
            assert pictures.table(s, seat) == pictures.table(t, seat)
            if s["stage"] != "over" and s["turn"] == seat:
                n = numbered_for(s)
                assert pictures.decision(s, seat, n) == pictures.decision(t, seat, n)
            # the seat's own faces are drawn: a twin for the spectators (who do not know them) looks different
            shows += pictures.mine(s, seat) != pictures.mine(twin[None], seat)
    assert shows


def test_a_hidden_face_is_a_back_and_a_known_one_is_drawn():
    s, _ = game()
    s, _ = apply(s, f"{s['turn']}:place:0")
    owner = s["pyramid"][0]["owner"]
    other = copy.deepcopy(s)
    other["pyramid"][0]["card"] = next(c for c in DECK if c != s["pyramid"][0]["card"] and c[0] != "X")
    assert pictures.table(s) == pictures.table(other)
    assert pictures.table(s, 1 - owner) == pictures.table(other, 1 - owner)
    assert pictures.table(s, owner) != pictures.table(other, owner)
    assert pictures.mine(s, owner) != pictures.mine(other, owner)


# ---- decisions ---------------------------------------------------------------------------------------------
def diff_box(a: bytes, b: bytes):
    """Where two pictures differ clearly (the palette of a PNG may shift a few shades elsewhere)."""
    diff = ImageChops.difference(rgb(a), rgb(b)).convert("L")
    return diff.point(lambda v: 255 if v > 48 else 0).getbbox()


@pytest.mark.parametrize("stage", ["build", "take"])
def test_a_decision_draws_its_numbers_on_their_spots(stage):
    s, _ = game(seed=2)
    for _b, _aid, after, _e in walk(s, 2, until=lambda x: x["stage"] == stage and
                                    sum(b is not None for b in x["pyramid"]) in (12, 20)):
        s = after
    assert s["stage"] == stage
    seat = s["turn"]
    plain = pictures.mine(s, seat)
    assert pictures.decision(s, seat, []) == plain
    spots = [n[0] for n in numbered_for(s)]
    assert len(spots) >= 2
    for spot in spots[:4]:
        one = pictures.decision(s, seat, [[spot, "7"]])
        box = diff_box(plain, one)
        assert box is not None, f"no badge drawn for spot {spot}"
        x0, _y0, x1, _y1 = PY.box(spot, 0)
        assert x0 - 8 <= box[0] and box[2] <= x1 + 8, (spot, box)
        assert box[3] - box[1] <= PY.BH + 24, (spot, box)
        assert diff_box(one, pictures.decision(s, seat, [[spot, "8"]])) is not None  # the label itself shows
    every = pictures.decision(s, seat, numbered_for(s))
    assert diff_box(plain, every) is not None
    check(every, "decision")


def test_mine_shows_the_card_taken_and_the_blocks_turned_over():
    s, _ = game(match="to7", seed=8)
    seen = set()
    for _b, _aid, after, _e in walk(s, 8):
        if after["stage"] in ("hand", "joker") and after["stage"] not in seen:
            seen.add(after["stage"])
            taker = after["turn"]
            public = RULES.view_for(after, None)
            assert public["look"] == [None] * len(public["look"])
            assert public["holding"] is None or public["holding"]["card"] is None
            assert pictures.mine(after, taker) != pictures.table(after, taker)  # the big card(s)
            check(pictures.mine(after, taker), "mine " + after["stage"])
        if seen == {"hand", "joker"}:
            break
    assert seen == {"hand", "joker"}


# ---- the showdown and the results -------------------------------------------------------------------------
ROYAL_ETC = [["AS", "KS", "QS", "JS", "TS"], ["2H", "2D", "2C", "2S", "3H"], ["9C", "9D", "9H", "4C", "4D"]]
NO_PAIRS = [["3C", "5D", "7H", "8S", "JD"], ["4H", "6C", "8D", "TH", "QC"], ["3D", "5H", "7C", "9S", "KH"]]
PAIRS = [[["QS", "QH", "2C", "5D", "9S"], ["JS", "JH", "3C", "6D", "8S"], ["4C", "7D", "9H", "TS", "KD"]],
         [["TC", "TH", "2D", "5S", "9C"], ["AS", "AH", "3D", "6S", "8C"], ["4D", "7C", "8H", "2H", "KC"]]]


@pytest.mark.parametrize("match", ["basic", "to7"])
def test_the_showdown_after_a_game(match):
    s = last_take([ROYAL_ETC, NO_PAIRS] if match == "basic" else PAIRS, match=match)
    before = pictures.round(s, LINES)
    after, events = finish(s)
    assert any(e["type"] == "showdown" for e in events)
    v = RULES.view_for(after, None)
    assert picture_showdown.just_played(v)
    png = pictures.round(after, LINES)
    check(png, "showdown")
    assert png == render.png(picture_showdown.image(v, len(v["history"]) - 1, LINES))
    assert png != before
    if match == "basic":
        assert after["stage"] == "over"
        check(pictures.results(after), "results")
        assert pictures.results(after) != png
    else:
        assert after["stage"] == "build" and after["game"] == 2 and after["points"] == [2, -1]


def test_the_table_once_the_pyramid_is_complete():
    s, _ = game()
    for _b, _aid, after, _e in walk(s, 1, until=lambda x: x["stage"] != "build"):
        s = after
    assert s["stage"] == "take"
    assert not picture_showdown.just_played(RULES.view_for(s, None))
    assert pictures.round(s, LINES) != pictures.round(s)  # the story band is drawn
    check(pictures.round(s, LINES), "round")


def test_hands_are_named_by_class_and_ranks():
    assert names([]) == []
    assert names(["QS", "QH", "2C", "5D", "9S"]) == ["pair of queens", "pair"]
    assert names(["KS", "KH", "5C", "5D", "KD"]) == ["full house, kings over fives", "full house"]
    assert names(["AS", "KS", "QS", "JS", "TS"]) == ["royal flush"]
    assert names(["2H", "7H", "9H", "JH", "KH"]) == ["flush, king high", "flush"]
    assert names(["AS", "2H", "3C", "4D", "5S"]) == ["straight, five high", "straight"]
    assert names(["3C", "5D", "7H", "8S", "JD"]) == ["no pair, jack high", "no pair"]
    assert names(["6S", "6H"]) == ["pair of sixes", "pair"]


def test_every_card_has_its_own_face_red_or_black():
    from games.pyramid_poker.picture_cards import face
    from games.pyramid_poker.picture_parts import canvas

    seen = set()
    for code in DECK:
        cv = canvas(92, 84)
        face(cv, (0, 0, 84, 92), code)
        img = cv.finish()
        assert img.info["min_text_px"] >= MIN_PX
        seen.add(img.tobytes())
        red = RED in {c for _n, c in img.getcolors(1 << 16)}
        assert red == (code[1] in "HD" or code == "X1"), code
    assert len(seen) == len(DECK)


# ---- the replay and the coach's chart --------------------------------------------------------------------
@pytest.mark.parametrize("options", [{"blocks": "blind", "match": "basic"}, {"blocks": "open", "match": "to7"}])
def test_the_replay_is_a_frame_per_chapter_the_last_held_longer(options):
    seed = 6
    s, _ = game(options["blocks"], options["match"], seed)
    actions = [aid for _b, aid, _a, _e in walk(s, seed)]
    final = s
    for a in actions:
        final, _ = apply(final, a)
    record = {"config": final["config"], "seed": seed, "actions": actions, "names": ["Ann", "Bob"]}
    webp = pictures.replay(record)
    img = Image.open(io.BytesIO(webp))
    assert img.format == "WEBP"
    games = len(final["history"])
    assert img.n_frames == 2 * games  # each pyramid complete, each showdown but the last, the results
    durations = []
    for k in range(img.n_frames):
        img.seek(k)
        img.load()
        durations.append(img.info["duration"])
    assert durations[-1] > max(durations[:-1])


def test_the_coach_chart():
    players = [{"seat": 0, "name": "Ann"}, {"seat": 1, "name": "Bob"}]
    curve = [{"chapter": ["game", g], "game": g, "vp": [g * 2 - 3, 5 - g]} for g in range(1, 7)]
    png = pictures.review(players, curve, 0, [(1, 1), (4, 2)])
    check(png, "review")
    assert png != pictures.review(players, curve, 1, [(1, 1), (4, 2)])
    assert png != pictures.review(players, curve, 0, [])
    long = [{"chapter": ["game", g], "game": g, "vp": [g, 15 - g]} for g in range(1, 16)]
    check(pictures.review(players, long, 1, [(14, 3)]), "review of 15 games")
