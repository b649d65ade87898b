""""What would you do?" in the coach's review: the costliest decisions asked again. The review offers one
button per decision; its question shows the position (the game's Quiz: text and picture) with a few
choices in a select; the pick is answered in place: which choice was better, by how much, and why.

Custom ids (persistent DynamicItems: they work after a restart; nothing is kept in memory):

    pdq:{game}:{seat}:{k}:{at}:ask|tell   open question k of seat's review / show its answer without a pick
    pdqs:{game}:{seat}:{k}:{at}           the choices (values: the choice's index in the question)

`at` is the decision's place in the log: a question of an older review (recomputed since) is refused."""

from typing import Any, cast

import discord

from app import tables
from app.tables import game_of
from db import GameRow
from engine.protocol import Quiz
from i18n import _, number

from .components import clip, option, view_of
from .layout import GREEN, fit

ASK = r"pdq:(?P<gid>[0-9]{1,15}):(?P<seat>[0-9]{1,2}):(?P<k>[1-9]):(?P<at>[0-9]{1,7}):(?P<verb>ask|tell)"
PICK = r"pdqs:(?P<gid>[0-9]{1,15}):(?P<seat>[0-9]{1,2}):(?P<k>[1-9]):(?P<at>[0-9]{1,7})"
PICTURE = "position.png"


def _desk(interaction: discord.Interaction) -> Any:
    return cast(Any, interaction.client).coach  # cogs/coach.py CoachDesk


class QuizButton(discord.ui.DynamicItem[discord.ui.Button], template=ASK):
    def __init__(self, gid: int, seat: int, k: int, at: int, verb: str, label: str = "…",
                 style: discord.ButtonStyle = discord.ButtonStyle.primary, emoji=None):
        super().__init__(discord.ui.Button(label=clip(label), style=style, emoji=emoji,
                                           custom_id=f"pdq:{gid}:{seat}:{k}:{at}:{verb}"))
        self.gid, self.seat, self.k, self.at, self.verb = gid, seat, k, at, verb

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["gid"]), int(match["seat"]), int(match["k"]), int(match["at"]), match["verb"],
                   item.label or "…", item.style, item.emoji)

    async def callback(self, interaction: discord.Interaction):
        await _desk(interaction).quiz(interaction, self.gid, self.seat, self.k, self.at, self.verb, None)


class QuizSelect(discord.ui.DynamicItem[discord.ui.Select], template=PICK):
    def __init__(self, gid: int, seat: int, k: int, at: int, options: list[discord.SelectOption] | None = None,
                 placeholder: str | None = None):
        super().__init__(discord.ui.Select(custom_id=f"pdqs:{gid}:{seat}:{k}:{at}", placeholder=placeholder,
                                           options=options or [discord.SelectOption(label="…")]))
        self.gid, self.seat, self.k, self.at = gid, seat, k, at

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["gid"]), int(match["seat"]), int(match["k"]), int(match["at"]), list(item.options),
                   item.placeholder)

    async def callback(self, interaction: discord.Interaction):
        await _desk(interaction).quiz(interaction, self.gid, self.seat, self.k, self.at, "pick", self.item.values)


def asks(game: GameRow, data: dict) -> discord.ui.View | None:
    """The review's buttons: one question per costliest decision (None: the game's coach asks none)."""
    coach = game_of(game).coach
    if coach is None or not coach.asks() or not data["costliest"]:
        return None
    return view_of([QuizButton(game.id, data["seat"], k, at, "ask", _("{k}. What would you do?", k=k), emoji="🤔")
                    for k, at in enumerate(data["costliest"], 1)])


def lost(game: GameRow, x: float) -> str:
    """A loss as the game counts it (its coach's amount), else in points."""
    coach = game_of(game).coach
    said = coach.amount(x) if coach is not None else None
    return said or _("{n} points", n=number(x, 1))


def teaser() -> str:
    """A costliest decision's line in a review that asks it: the answer comes after the player's pick."""
    return _("What would you do? Press the button with its number below: the coach answers after your pick.")


def _embed(game: GameRow, quiz: Quiz, k: int, n: int, when: str) -> discord.Embed:
    pos = quiz.position
    emb = discord.Embed(title=clip(_("What would you do? {k}/{n} — {when}", k=k, n=n, when=when), 256),
                        description=fit(pos.body or pos.content, 4000) or None, colour=GREEN)
    for name, value in pos.fields[:20]:
        emb.add_field(name=clip(name, 250), value=fit(value, 1024) or "—", inline=False)
    if pos.picture is not None:
        emb.set_image(url=f"attachment://{PICTURE}")
    emb.set_footer(text=_("Game {id} · your position then, as you saw it", id=game.id))
    return emb


def question(game: GameRow, quiz: Quiz, seat: int, k: int, at: int, n: int, when: str) -> dict:
    """The position with its choices (a select) and a button for the answer without a pick."""
    opts = [option(label, str(i), desc or None) for i, (label, desc) in enumerate(quiz.choices)]
    view = view_of([QuizSelect(game.id, seat, k, at, opts, _("Your choice…")),
                    QuizButton(game.id, seat, k, at, "tell", _("Just tell me"), discord.ButtonStyle.secondary)])
    return {"embed": _embed(game, quiz, k, n, when), "view": view}


def _said(quiz: Quiz, i: int) -> str:
    """A choice as the answer says it: its label, and what it does by itself when the game says so."""
    label, detail = quiz.choices[i]
    return f"**{label}**" + (f" ({detail})" if detail else "")


def answer(game: GameRow, quiz: Quiz, decision: dict, picked: int | None, why: str, k: int, n: int,
           seat: int, nexts: list[int]) -> dict:
    """The question answered in place: the pick against the coach's choice, the loss in the game, the why;
    a button to the next question. Each choice is said with what it does by itself (never another
    player's name: it is all "you")."""
    best = _said(quiz, quiz.best)
    lines = []
    if picked is None:
        lines.append(_("The coach's choice: {best}.", best=best))
    elif picked == quiz.best:
        lines.append("✅ " + _("Your pick is the coach's choice: {best}.", best=best))
    else:
        lines.append("❌ " + _("You picked {pick}; the coach prefers {best}, about {amount} better.",
                               pick=_said(quiz, picked), best=best, amount=lost(game, quiz.behind[picked])))
    loss = lost(game, decision["loss"])
    if picked != quiz.played:
        lines.append(_("In the game you played {played}: about {amount} lost.", played=_said(quiz, quiz.played),
                       amount=loss))
    else:
        lines.append(_("That is what you played in the game: about {amount} lost.", amount=loss))
    if why:
        lines.append(_("Why: {why}", why=why))
    emb = _embed(game, quiz, k, n, game_of(game).coach.when(decision))  # type: ignore[union-attr]
    emb.add_field(name=_("The coach's answer"), value=fit("\n".join(lines), 1024), inline=False)
    items = [QuizButton(game.id, seat, k + 1, nexts[0], "ask", _("Next question ({k}/{n})", k=k + 1, n=n),
                        emoji="🤔")] if nexts else []
    return {"embed": emb, "view": view_of(items) if items else None}


def what_each_did(game: GameRow, d: dict) -> list[str]:
    """"You: …" and "Better: …" from the decision's events, what follows either way said once apart (the
    review of a game whose coach asks no questions)."""
    show, names = game_of(game).show, tables.names(game)
    did = show.lines(d.get("played_events", []), names)
    best = show.lines(d.get("best_events", []), names)
    # what follows either choice (the chapter's end, another event) is not the choice's doing: said once
    both = [x for x in did if x in best]
    out = [_("You: {did}", did=" ".join(x for x in did if x not in both) or _("(no change)")),
           _("Better: {best}", best=" ".join(x for x in best if x not in both) or _("(no change)"))]
    if both:
        out.append(_("Then, either way: {what}", what=" ".join(both)))
    return out
