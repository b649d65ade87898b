"""Game records: a finished game replays offline and reproduces its results (engine/record.py,
python -m engine.replay), and draws as an animation (the game's pictures)."""

import json

import pytest
from PIL import Image

import engine
import games.pioneer_days.rules as pd_engine
from engine import record
from games.pioneer_days import GAME
from games.pioneer_days.rules.simulate import random_game


def finished(seed=4, players=3):
    cfg = {"players": players, "sets": ["A", "B"], "pioneers": "unique", "names": ["Ann", "Bob", "Cy", "Dee"][:players]}
    state, actions = random_game(cfg, seed)
    return record.make(GAME, state["config"], seed, actions, cfg["names"], state, {"game": 7})


def test_a_record_round_trips_and_reproduces_its_results(tmp_path):
    rec = json.loads(json.dumps(finished()))  # as a file would carry it
    assert rec["game"] == GAME.key and rec["format"] == record.FORMAT
    state = record.check(rec)
    assert rec["results"] == record.results(GAME, state) and state["stage"] == "over"
    again, _events = engine.rebuild(GAME.rules, rec["config"], rec["seed"], rec["actions"])
    assert engine.to_json(again) == engine.to_json(state)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(rec))
    from engine.replay import main
    assert main([str(path), "--out", str(tmp_path / "img")]) == 0
    files = sorted(p.name for p in (tmp_path / "img").iterdir())
    assert files == ["replay.webp", "results.png"]


def test_a_record_of_the_older_format_still_checks():
    """/pioneer replay attached records of its own format before there were several games."""
    rec = finished(seed=3, players=2)
    state = record.check(rec)
    old = {"format": "pioneer-days-record", "version": 1, "config": rec["config"], "seed": rec["seed"],
           "actions": rec["actions"], "names": rec["names"], "results": state["result"], "meta": {}}
    assert record.game_of(old) is GAME
    assert engine.to_json(record.check(old)) == engine.to_json(state)


@pytest.mark.parametrize("tamper", ["action", "result", "truncate", "format", "game"])
def test_a_tampered_record_does_not_check(tamper, tmp_path):
    rec = finished(seed=5, players=2)
    if tamper == "action":
        rec["actions"][10] = "0:end"
    elif tamper == "result":
        rec["results"][0]["total"] += 1
    elif tamper == "truncate":
        rec["actions"] = rec["actions"][:-5]
    elif tamper == "game":
        rec["game"] = "chess"
    else:
        rec["format"] = "chess"
    with pytest.raises(record.RecordError):
        record.check(rec)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(rec))
    from engine.replay import main
    assert main([str(path)]) == 1


def test_only_a_finished_game_has_a_record():
    state, _ = pd_engine.new_game({"players": 2}, 1)
    with pytest.raises(record.RecordError):
        record.make(GAME, state["config"], 1, [], ["a", "b"], state)


def test_the_animation_has_a_frame_per_day_and_the_results():
    from games.pioneer_days.pictures.replay import animation
    webp = animation(finished(seed=6, players=2), width=280)
    img = Image.open(__import__("io").BytesIO(webp))
    assert img.format == "WEBP" and img.n_frames == 21 and len(webp) < 4_000_000
