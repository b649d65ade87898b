"""What Courtyards shows, checked where a reader would be misled: a tile's letters, the end's reason, a shared
win, the story under a picture's title, every numbered spot reachable, the results by category."""

import random

import pytest

import i18n
import render
from engine.protocol import Button, Menu
from games.courtyards import pictures, show, words
from games.courtyards.play import RULES
from games.courtyards.rules.constants import KINDS

NAMES = ["ann", "bob", "🤖 Easy AI 1"]


@pytest.mark.parametrize("lang", ["en", "es", "pl"])
def test_no_two_kinds_share_their_letters_on_a_tile(lang):
    with i18n.use(lang):
        marks = [words.mark(k) for k in range(len(KINDS))]
        assert len(set(marks)) == len(KINDS), marks
        # each kind's letters start its name, so the legend's names explain them
        assert all(words.kind(k).startswith(m) for k, m in enumerate(marks)), marks


def test_the_end_says_why_and_a_shared_win_says_shared():
    end = {"type": "game_end", "awards": []}
    assert "market" in show.event_text({**end, "why": "market"}, NAMES)
    assert "bag is empty" in show.event_text({**end, "why": "bag"}, NAMES)
    assert "Nobody can" in show.event_text({**end, "why": "passes"}, NAMES)
    assert "market" in show.event_text(end, NAMES)  # (a game ended before the reason was recorded)
    assert show.event_text({"type": "game_over", "winners": [1]}, NAMES) == "Game over: bob wins."
    assert show.event_text({"type": "game_over", "winners": [0, 2]}, NAMES) == \
        "Game over: ann, 🤖 Easy AI 1 share the win."


def finished(seed: int = 5) -> dict:
    s, _ = RULES.new_game({"names": NAMES, "players": 3}, seed)
    rnd = random.Random(seed)
    while s["stage"] != "over":
        s = RULES.apply(s, rnd.choice(RULES.legal_actions(s)).id).state
    return s


def test_the_story_under_a_title_is_drawn_without_markdown_or_empty_boxes():
    line = show.event_text({"type": "scoring", "round": 1, "gained": [3, 0, 5]}, NAMES)
    assert "**" in line and "🤖" in line  # (as the channel shows it)
    assert pictures._story([line]) == ["Scoring round 1: ann +3, bob +0, Easy AI 1 +5."]
    data = pictures.round(RULES.view_for(finished(), None), [line])
    assert render.missing_glyphs(data) == ""


def test_every_numbered_spot_is_reachable_past_one_menu():
    acts = [f"0:place:1:{i}:0" for i in range(30)]
    controls = show._numbered(acts)
    menus = [c for c in controls if isinstance(c, Menu)]
    assert len(menus) == 2 and not any(isinstance(c, Button) for c in controls)
    offered = [(item.label, item.act) for m in menus for item in m.items]
    assert offered == [(str(i + 1), a) for i, a in enumerate(acts)]
    assert [c.label for c in show._numbered(acts[:20])] == [str(i + 1) for i in range(20)]


def test_the_results_picture_adds_up_the_whole_game():
    s = finished()
    view = RULES.view_for(s, None)
    res = {r.seat: r for r in RULES.results(s)}
    for seat, cats in enumerate(view["cats"]):  # the rows it draws: each category's points over the game
        assert sum(cats["kinds"]) + cats["walls"] == res[seat].total == view["score"][seat]
        assert sum(rec["gained"][seat] for rec in view["scorings"]) == view["score"][seat]
    assert render.min_text_px(pictures.results(view)) >= 18
