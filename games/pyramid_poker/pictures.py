"""Pyramid Poker's pictures (the protocol's Pictures): PNG bytes drawn with the kit (render/), 800 px wide
for a phone (shown about 400 px wide: no essential text under 18 px), flat colours on a green felt.

table: the pyramid and both players' hands now (/board); round: after a chapter, the showdown of the game
just played, or the table once the pyramid is complete; mine: a seat's own view (its blocks' faces, its
supply, the card it holds or the blocks it turned over, big); decision: mine with the choices numbered on
the pyramid; results: the last showdown and the match; replay: the match as an animated WebP; review: the
coach's chart. Every picture is drawn from RULES.view_for(state, viewer) only: a public picture never shows
a face the spectators may not know, a seat's picture only what that seat knows."""

from collections.abc import Mapping, Sequence
from typing import Any

import render

from . import picture_board, picture_replay, picture_review, picture_showdown
from .play import RULES


def _view(state: dict, viewer: int | None) -> dict:
    return RULES.view_for(state, viewer)


def table(state: dict, viewer: int | None = None) -> bytes:
    """The table now (/board): the pyramid (the viewer's own blocks face up), both players' hands, the
    counts, whose turn and the match."""
    return render.png(picture_board.image(_view(state, viewer), viewer))


def round(state: dict, lines: Sequence[str] = ()) -> bytes:  # noqa: A001  (the protocol's name)
    """After a chapter: the showdown of the game just played (a new game just begun, or the match over),
    else the table as the spectators see it; `lines` (up to 3) in a band under the title."""
    v = _view(state, None)
    if picture_showdown.just_played(v):
        return render.png(picture_showdown.image(v, len(v["history"]) - 1, lines))
    return render.png(picture_board.image(v, None, lines=lines))


def mine(state: dict, seat: int) -> bytes:
    """A seat's own view: the pyramid with its own blocks' faces, its supply, its hands, and the block to
    place, the card it holds or the blocks it turned over, big."""
    return render.png(picture_board.image(_view(state, seat), seat, own=True))


def decision(state: dict, seat: int, numbered: Sequence[Sequence]) -> bytes:
    """mine, with each [spot, label] of `numbered` a badge on its spot of the pyramid (an empty spot to
    place on, a block to take)."""
    return render.png(picture_board.image(_view(state, seat), seat, own=True, numbered=numbered))


def results(state: dict) -> bytes:
    """After the match: the last game's showdown and the match (games and hands won, points), the winner
    highlighted."""
    return render.png(picture_showdown.results_image(_view(state, None)))


def replay(record: Mapping[str, Any]) -> bytes:
    """The match as an animated WebP: the pyramid complete and the showdown of each game, the results
    held longer; the spectators' view (at a showdown every hand is face up)."""
    return picture_replay.webp(record)


def review(players: list[dict], curve: list[dict], seat: int, marks: list) -> bytes:
    """The coach's chart: each player's points (or hands won) game by game, `seat` highlighted, marks pinned."""
    return render.png(picture_review.image(players, curve, seat, marks))
