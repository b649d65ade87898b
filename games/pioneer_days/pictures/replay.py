"""A finished game as pictures: the day image after every game day, then the results, as one animated WebP
(posted by /pioneer replay) or as files (python -m engine.replay FILE --out DIR).

Only finished games are drawn this way, from their record (engine/record.py): the states are replayed from
the seed and the actions, and every frame is a public image (gold values stay hidden until the results)."""

from pathlib import Path

import games.pioneer_days.rules as engine
from render.animation import webp

from . import day_image, day_png, results_image, results_png
from .demo import day_lines
from .style import WOOD

FRAME_MS = 2500      # each day stays this long
LAST_MS = 8000       # the results stay longer


def days(record: dict):
    """(label, state, lines) at the end of every game day, then ("results", final state, [])."""
    state, _events = engine.new_game(record["config"], record["seed"])
    names = record.get("names")
    if names:
        for p, name in zip(state["players"], names, strict=False):
            p["name"] = name
    events: list = []
    for aid in record["actions"]:
        before = (state["week"], state["day"])
        r = engine.apply(state, aid, inplace=True)
        if not r.ok:
            raise ValueError(f"the record does not replay at {aid!r}: {r.reason}")
        events += [engine.public_event(e) for e in r.events]
        if before[0] and ((state["week"], state["day"]) != before or state["stage"] == "over"):
            yield f"w{before[0]}d{before[1]}", state, day_lines(events, state)
            events = []
    yield "results", state, []


def animation(record: dict, width: int = 560) -> bytes:
    """The whole game as an animated WebP (render.animation), one frame per game day, then the results
    (about 1 MB: 50 KB a frame)."""
    return webp(((results_image(state) if label == "results" else day_image(state, lines),
                  LAST_MS if label == "results" else FRAME_MS) for label, state, lines in days(record)),
                width, WOOD)


def write_images(record: dict, out: Path) -> list[Path]:
    """Every day image and the results, as PNG files in `out`."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for label, state, lines in days(record):
        path = out / ("results.png" if label == "results" else f"day_{label}.png")
        path.write_bytes(results_png(state) if label == "results" else day_png(state, lines))
        written.append(path)
    return written
