"""A game's pictures by name (the functions of its pictures module: Game.pictures), with the host's
defaults for those a game leaves out: the table is the round's picture of that view, a seat's own picture
its table as that seat, the results the table as everyone sees it, the replay the round's picture after
each chapter of the game replayed from its record, the scoring's pictures (a list, shown before the results)
none. Every argument is made from a view (engine/views.py)."""

import importlib
import io
from collections.abc import Callable, Mapping
from typing import Any

from PIL import Image

from . import animation, glyphs

FRAME_MS, LAST_MS = 2500, 6000

OPTIONAL = ("table", "mine", "results", "scoring")


def function(module: str, name: str) -> Callable[..., Any]:
    """A picture function by name (bytes; the scoring's: a list of them)."""
    mod = importlib.import_module(module)
    fn = getattr(mod, name, None)
    if callable(fn):
        return fn
    if name == "table":
        return lambda view, viewer=None: function(module, "round")(view, [])
    if name == "mine":
        return lambda view, seat: function(module, "table")(view, seat)
    if name == "results":
        return lambda view: function(module, "table")(view, None)
    if name == "replay":
        return lambda record: replay(module, record)
    if name == "scoring":  # (the last chapter's pictures, before the results: none unless a game draws them)
        return lambda view: []
    raise AttributeError(f"{module} has no picture {name!r}")


def draw(module: str, name: str, *args) -> bytes:
    return function(module, name)(*args)


def replay(module: str, record: Mapping[str, Any]) -> bytes:
    """The game of a record (config, seed, actions) replayed: the round's picture, as the channel showed it,
    after each chapter that ended or began, then the results; an animated WebP."""
    from engine import chapters, effective, registry, views
    game = registry.find(str(record.get("game")))
    if game is None:
        raise LookupError(f"no game {record.get('game')!r} to replay")
    rules, show = game.rules, game.show
    state, events = rules.new_game(record["config"], record["seed"])
    story = [rules.public_event(e, None) for e in events]
    names = [str(n) for n in record.get("names") or ()]
    shots: list[tuple[bytes, int]] = []
    for action in effective(record["actions"]):
        r = rules.apply(state, action)
        if not r.ok:
            raise ValueError(f"the record does not replay at {action!r}: {r.reason}")
        public = [rules.public_event(e, None) for e in r.events]
        state, story = r.state, story + public
        crossed = chapters.crossing(show, public)
        if crossed.ended or crossed.started:
            lines = chapters.headlines(show, story, names) if names else []
            shots.append((draw(module, "round", *views.round_args(game, state, lines)), FRAME_MS))
            story = []
    shots.append((draw(module, "results", *views.results_args(game, state)), LAST_MS))
    frames = [(_image(png), ms) for png, ms in shots]
    return animation.webp(frames, frames[0][0].width, frames[0][0].getpixel((0, 0)))


def _image(png: bytes) -> Image.Image:
    """A picture drawn by the kit as an image again, with what it said of its text (render.png's chunks)."""
    img = Image.open(io.BytesIO(png))
    img.load()
    if glyphs.KEY in img.info:
        img.info[glyphs.KEY] = glyphs.decode(img.info[glyphs.KEY])
    return img
