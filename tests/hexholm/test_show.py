"""What Discord shows of Hexholm: the decision's whole builds in one choice (the easy AI's best first, each one a
plan the rules expand), the letters on the picture the same as the buttons', a part of the board first when the
choices are many, a tile's uses, End turn; the panel; the story told a turn at a time."""

from engine.protocol import Button, Menu
from games.hexholm import decide
from games.hexholm.play import RULES
from games.hexholm.rules import engine as kb
from games.hexholm.rules import turns
from games.hexholm.show import SHOW

from .helpers import H, game, own, play, tile, turn


def controls(msg, kind):
    return [c for c in msg.controls if isinstance(c, kind)]


def labels_of(msg) -> dict[int, str]:
    return {int(h): t for h, t in msg.picture.args[2]}


def meadow_row(keep: bool = True) -> dict:
    """A row of meadow beside seat 0's settlement (a keep above its end), seat 0 to build on meadow."""
    cells = ["c"] * 400
    for c in range(2, 10):
        cells[H(5, c)] = "g"
    if keep:
        cells[H(4, 9)] = "k"
    s = game(cells, 2)
    own(s, 0, H(5, 1))
    return turn(s, 0, "g")


def test_the_build_in_one_choice_best_first_and_lettered_as_the_buttons():
    s = meadow_row()
    msg = decide.decision(s, 0)
    menu = controls(msg, Menu)[0]
    ranked = turns.ranked_builds(s, 0)
    assert len(menu.items) == min(25, len(ranked))
    first = menu.items[0]
    assert first.act == "0@b/" + "/".join(map(str, ranked[0][0]))
    for item in menu.items:
        seat, plan = item.act.split("@")
        assert len(RULES.expand(s, int(seat), plan)) == 3
    mark = labels_of(msg)
    buttons = [b for b in controls(msg, Button) if b.act.startswith("0:build:")]
    assert buttons and all(mark[int(b.act.split(":")[2])] == b.label for b in buttons)
    assert all(" + ".join(mark[int(h)] for h in i.act.split("/")[1:]) == i.label for i in menu.items)
    assert "gold" in first.description


def test_many_choices_a_part_of_the_board_first():
    cells = ["c"] * 400
    for r in (0, 1, 10, 11):  # 16 Meadow hexes in each section, 64 in all
        for c in (*range(0, 8), *range(10, 18)):
            cells[H(r, c)] = "g"
    s = turn(game(cells, 2), 0, "g")  # no settlement yet: anywhere on the terrain
    msg = decide.decision(s, 0)
    parts = [m for m in controls(msg, Menu) if m.items[0].act.startswith("k:sec:")]
    assert parts and not any(b.act.startswith("0:build:") for b in controls(msg, Button))
    again = decide.decision(s, 0, [parts[0].items[0].act[2:]])
    letters = [b for b in controls(again, Button) if b.act.startswith("0:build:")]
    assert 0 < len(letters) <= 20 and all(b.label == labels_of(again)[int(b.act.split(":")[2])] for b in letters)


def test_after_the_build_each_tile_in_a_menu_and_end_turn():
    cells = ["g"] * 400
    cells[H(6, 6)] = "G"
    s = game(cells, 2)
    own(s, 0, H(6, 5))
    tile(s, 0, "granary", H(6, 6))
    s = turn(s, 0, "g")
    s["turn_no"] = 5
    s, _ = play(s, f"build:{H(6, 4)}", f"build:{H(6, 3)}", f"build:{H(6, 2)}")
    msg = decide.decision(s, 0)
    menus = controls(msg, Menu)
    assert menus and all(i.act.startswith("0:granary:") for i in menus[0].items)
    assert any(b.act == "0:end" for b in controls(msg, Button))
    assert any(b.act == "k:tile:granary" for b in controls(msg, Button))
    detail = decide.decision(s, 0, ["tile:granary"])
    acts = {a.id for a in RULES.legal_actions(s)}
    offered = [b.act for b in controls(detail, Button) if ":granary:" in b.act] + \
        [i.act for m in controls(detail, Menu) for i in m.items]
    assert offered and set(offered) <= acts


def test_a_move_in_two_steps():
    cells = ["g"] * 400
    cells[H(1, 1)] = "B"
    s = game(cells, 2)
    own(s, 0, H(1, 2), H(8, 8), H(8, 9))
    tile(s, 0, "stable", H(1, 1))
    s = turn(s, 0, "g", built=3)
    s["turn_no"] = 3
    msg = decide.decision(s, 0, ["tile:stable"])
    whole, which = controls(msg, Menu)[:2]
    assert all(i.act.startswith("0:stable:") for i in whole.items)
    assert all(i.act.startswith("k:tile:stable@") for i in which.items)
    step = decide.decision(s, 0, [which.items[0].act[2:]])
    acts = {a.id for a in RULES.legal_actions(s)}
    dests = [b.act for b in controls(step, Button) if b.act.startswith("0:stable:")] + \
        [i.act for m in controls(step, Menu) for i in m.items]
    assert dests and set(dests) <= acts


def test_nothing_to_decide_out_of_turn():
    s = turn(game(["g"] * 400, 2), 0, "g")
    assert decide.decision(s, 1) is None


def test_the_story_a_line_for_the_builds_and_a_summary_at_the_end_of_the_turn():
    s = turn(game(["g"] * 400, 2), 0, "g")
    s, events = play(s, "build:0", "build:1", "build:2")
    lines = SHOW.lines(events, ["Ann", "Bob"])
    assert lines[0] == "Ann built 3 settlements on 🟩 Meadow."
    assert any(x.startswith("Ann: 3 settlements on 🟩 Meadow →") for x in lines)
    marks = [SHOW.chapter(e) for e in events]
    assert any(m and m.ends for m in marks) and any(m and m.begins for m in marks)


def test_the_panel_says_whose_turn_and_the_goals():
    from conformance.games import table_for
    s = turn(game(["g"] * 400, 2, goals=("anglers", "barons", "wardens")), 1, "g")
    v = RULES.view_for(s, None)
    msg = SHOW.panel(table_for(2), v)
    assert "**P2**'s turn" in msg.body and "Barons" in msg.body and "Anglers" in msg.body
    assert [b.act for b in msg.controls] == ["decide", "mine", "board"]
    assert kb.mandatory_open(s)


def test_letters_with_no_button_yet_are_said_so():
    s = meadow_row(keep=False)
    msg = decide.decision(s, 0)
    buttons = {b.label for b in controls(msg, Button) if b.act.startswith("0:build:")}
    lettered = set(labels_of(msg).values())
    assert buttons < lettered  # (the plans' second and third hexes are lettered too)
    first, last = sorted(lettered - buttons)[0], sorted(lettered)[-1]
    assert f"Letters {first}–{last} open up as you build" in msg.content


def test_a_long_goal_name_is_broken_with_a_hyphen_and_the_results_follow_the_goals_order():
    from engine.protocol import SeatResult
    from games.hexholm import pictures

    assert pictures._header("Homesteaders", 112) == ["Homestead-", "ers"]
    assert pictures._header("Trade Road", 112) == ["Trade Road"]
    r = SeatResult(0, 1, True, 60, {"barons": 24, "keeps": 9, "anglers": 7, "wardens": 20},
                   {"goals": ["wardens", "anglers", "barons"]})
    assert SHOW.result_line(r).split(" · ")[0].startswith("Keeps")
    assert [x.rsplit(" ", 1)[1] for x in SHOW.result_line(r).split(" · ")] == ["9", "20", "7", "24"]
