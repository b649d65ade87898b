"""Pyramid Poker's texts around the game (issue 38): a chapter's record keeps what a player wants to see of
it (a building chapter: who built how many blocks; a taking-apart chapter: the showdown and each player's
three hands, the winner first), a score pair says the winner's score first, and the panel does not ask
an AI to press Decide."""

import pytest

from engine import chapters
from engine.protocol import Button, Table
from games.pyramid_poker import words
from games.pyramid_poker.play import RULES
from games.pyramid_poker.show import SHOW, event_text, panel, showdown_text

from .poker_helpers import game, walk

NAMES = ["Ann", "Bob"]


def story(match="basic", seed=3):
    """The chapters of a whole random game (public events), as the host cuts them."""
    state, events = game(match=match, seed=seed)
    stream = [(None, RULES.public_event(e, None)) for e in events]
    for _before, _aid, after, more in walk(state, seed):
        stream += [(after["seq"], RULES.public_event(e, None)) for e in more]
        state = after
    return state, chapters.cut(SHOW, stream)


def body(lines):
    """The record's text as the frozen panel shows it (a bullet a line)."""
    return "\n".join(f"• {x}" for x in lines)


@pytest.mark.parametrize("match", ["basic", "to7"])
def test_a_building_record_says_who_built_how_many_blocks_not_each_placement(match):
    _state, recs = story(match)
    builds = [r for r in recs if r.facts.get("part") == "build"]
    assert builds
    for r in builds:
        kept = SHOW.record(r.events, NAMES)
        text = body(kept)
        assert "placed a block" not in text and len(text) < 300, text
        assert "Ann placed 15 blocks." in kept and "Bob placed 15 blocks." in kept
        assert kept[-1].startswith("The pyramid is complete")
        assert len(body(SHOW.lines(r.events, NAMES))) > 700  # (what the record kept before: every placement)


@pytest.mark.parametrize("match", ["basic", "to7"])
def test_a_taking_record_keeps_the_showdown_and_the_hands_winner_first(match):
    state, recs = story(match)
    takes = [r for r in recs if r.facts.get("part") == "take"]
    assert len(takes) == len(state["history"])
    for r, rec in zip(takes, state["history"], strict=True):
        kept = SHOW.record(r.events, NAMES)
        text = body(kept)
        assert " took " not in text and " into hand " not in text and len(text) < 600, text
        w = rec["winner"]
        first, second = (w, 1 - w) if w is not None else (0, 1)
        if w is not None:
            assert kept[0].startswith(f"Game {rec['game']}: {NAMES[w]} wins, {rec['won'][w]} hand")
        assert kept[1].startswith(f"{words.SEAT_MARK[first]} **{NAMES[first]}**:")
        assert kept[2].startswith(f"{words.SEAT_MARK[second]} **{NAMES[second]}**:")
        for s, line in ((first, kept[1]), (second, kept[2])):
            for h, cards in enumerate(rec["hands"][s]):
                assert all(words.card(c) in line for c in cards)
                assert f"hand {h + 1}: " in line
            assert line.count("✓") == rec["won"][s]
        assert ("Points of this game" in text) == (match != "basic")
    assert SHOW.record(takes[-1].events, NAMES)[-1] == event_text(
        next(e for e in takes[-1].events if e["type"] == "match_over"), NAMES)


def test_the_match_over_line_says_the_winners_score_first():
    line = event_text({"type": "match_over", "games": 3, "totals": [0, 3], "winners": [1]}, NAMES)
    assert line == "Bob wins the match, 3 to 0."
    line = event_text({"type": "match_over", "games": 3, "totals": [7, -5], "winners": [0]}, NAMES)
    assert line == "Ann wins the match, 7 to −5."


def test_a_hand_won_says_the_winners_class_first():
    e = {"type": "showdown", "game": 1, "winner": 1, "winners": [0, 1, 1], "won": [1, 2],
         "classes": [["pair", "no pair", "no pair"], ["no pair", "pair", "flush"]]}
    text = showdown_text(e, NAMES)
    assert "hand 1 to Ann (pair against no pair)" in text
    assert "hand 2 to Bob (pair against no pair)" in text and "hand 3 to Bob (flush against no pair)" in text


def test_the_panel_says_the_ai_is_playing_and_asks_nobody_to_press_decide():
    state, _events = game()
    turn = state["turn"]
    names = ["Ann", "Easy AI 1"] if turn == 1 else ["Easy AI 1", "Bob"]
    ai = [s == turn for s in range(2)]
    view = RULES.view_for(state, None)
    msg = panel(Table(1, names, [f"<@{s}>" if not ai[s] else f"**{names[s]}**" for s in range(2)], ai, {}),
                view)
    everything = " ".join([msg.content, msg.body])
    assert "Decide" not in everything and "<@" not in everything and "**Easy AI 1**" not in msg.content
    assert msg.content == "Easy AI 1 is playing…"
    assert not [c for c in msg.controls if isinstance(c, Button) and c.act == "decide"]
    # a person's turn: the same panel asks them to press Decide, and mentions them
    people = panel(Table(1, ["Ann", "Bob"], ["<@0>", "<@1>"], [False, False], {}), view)
    assert f"<@{turn}>" in people.content and "press **Decide**" in people.body
    assert [c for c in people.controls if isinstance(c, Button) and c.act == "decide"]


def test_one_game_is_said_a_game_with_hands_won_and_the_turn_is_said_to_the_player():
    from engine.protocol import SeatResult
    one = {"type": "match_over", "games": 1, "totals": [2, 1], "winners": [0], "match": "basic"}
    assert event_text(one, ["ann", "bob"]) == "ann wins the game."
    assert event_text({**one, "winners": [0, 1]}, ["ann", "bob"]) == "The game is shared."
    assert event_text({**one, "match": "to7"}, ["ann", "bob"]) == "ann wins the match, 2 to 1."
    assert SHOW.total(SeatResult(0, 1, True, 2, {}, {"match": "basic"})) == "2 hands won"
    assert SHOW.total(SeatResult(0, 1, True, 7, {}, {"match": "to7"})) is None  # (the host's points)
    s, _ = game()
    assert "your turn — place a block" in SHOW.ping(s, "@ann")
