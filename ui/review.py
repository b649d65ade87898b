"""The coach's private messages: the wait, the progress, and the review itself (a game's Coach)."""

import discord

from app import tables
from app.tables import game_of
from db import GameRow
from i18n import _, n_

from . import quiz as quiz_ui
from .components import clip
from .layout import GREEN

CHART = "review.png"


def waiting(place: int, done: int, total: int) -> str:
    """place: 0 = being reviewed now; otherwise how many reviews come before."""
    if place:
        return "⏳ " + n_("Your review is queued: {n} review comes first.",
                          "Your review is queued: {n} reviews come first.", place)
    if not total:
        return "⏳ " + _("Reviewing your game…")
    return "⏳ " + _("Reviewing… {done}/{total} decisions", done=done, total=total)


def review(game: GameRow, data: dict) -> dict:
    """The review: accuracy, VP lost per decision, the three costliest decisions (asked as "What would you
    do?" when the game's coach can: ui/quiz.py), the chart."""
    played = game_of(game)
    names = tables.names(game)
    pct = round(100 * data["accuracy"])
    margin = quiz_ui.lost(game, data["margin"])
    lines = [
        _("**Accuracy: {pct} %** — {good} of {n} decisions within {margin} of the best the hard AI found.",
          pct=pct, good=sum(1 for d in data["decisions"] if d["loss"] <= data["margin"]), n=data["count"],
          margin=margin),
        _("Lost per decision: **{loss}** on average.", loss=quiz_ui.lost(game, data["mean_loss"])),
    ]
    emb = discord.Embed(title=_("Your game reviewed — {name}", name=names[data["seat"]]),
                        description="\n".join(lines), colour=GREEN)
    by_at = {d["at"]: d for d in data["decisions"]}
    view = quiz_ui.asks(game, data)
    for k, at in enumerate(data["costliest"], 1):
        d = by_at[at]
        if view is not None:  # asked first ("What would you do?"): the answer follows the pick
            text = quiz_ui.teaser()
        else:
            text = "\n".join(quiz_ui.what_each_did(game, d))
            reason = played.coach.why(d) if played.coach else ""
            if reason:
                text = reason + "\n" + text
        when = played.coach.when(d) if played.coach else ""
        cost = _("about {amount} lost", amount=quiz_ui.lost(game, d["loss"]))
        emb.add_field(name=clip(f"{k}. {when} — " + cost, 250),
                      value=clip(text, 1000), inline=False)
    if not data["costliest"]:
        emb.add_field(name=_("Costliest decisions"),
                      value=_("None: every decision was within {margin} of the best.", margin=margin),
                      inline=False)
    emb.set_image(url=f"attachment://{CHART}")
    emb.set_footer(text=_("Game {id} · judged by the hard AI from what you could see at the time "
                          "(estimates, not certainties)", id=game.id))
    return {"embed": emb, "view": view}


def chart_marks(data: dict) -> list[tuple[int, int]]:
    """(index into the curve, number) for each of the costliest decisions: a decision and a point of the
    curve of the same chapter (a game's Coach gives each its "chapter")."""
    chapters = [c["chapter"] for c in data["curve"]]
    by_at = {d["at"]: d for d in data["decisions"]}
    out = []
    for k, at in enumerate(data["costliest"], 1):
        d = by_at[at]
        if d["chapter"] in chapters:
            out.append((chapters.index(d["chapter"]), k))
    return out
