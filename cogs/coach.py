"""The coach on Discord: "Review my game" and /play review answer privately, show the queue and the
progress by editing that answer, and end with the review and its chart (app/coach.py does the work, in
the AI seats' worker processes)."""

import asyncio
import io
import logging

import discord
from discord.ext import commands

import engine
import i18n
from app.coach import Coach
from app.tables import game_of
from i18n import _
from ui import quiz as quiz_ui
from ui import review as review_ui
from ui.texts import language, table_of

from . import origin
from .replies import ELSEWHERE, acknowledge

log = logging.getLogger("bot.coach")


class CoachDesk(commands.Cog):
    def __init__(self, bot):
        self.bot = bot
        self.coach = Coach(bot.store, bot.ai.workers.run, rounds=bot.settings.review_rounds)
        self._waits: set[asyncio.Task] = set()

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(quiz_ui.QuizButton, quiz_ui.QuizSelect)  # questions work after a restart

    def stop(self) -> None:
        self.coach.stop()
        for t in self._waits:
            t.cancel()

    async def cog_unload(self) -> None:
        self.stop()

    async def refuse(self, interaction: discord.Interaction, text: str) -> None:
        if not interaction.response.is_done():
            await interaction.response.send_message(text, ephemeral=True)
        else:
            await interaction.followup.send(text, ephemeral=True)

    async def ask(self, interaction: discord.Interaction, game_id: int | None) -> None:
        """A review of the presser's own decisions in game_id (None: their latest finished game in this
        channel)."""
        store = self.bot.store
        user = interaction.user.id
        if game_id is None:
            game_id = await store.last_finished_game(interaction.channel_id, user)
            if game_id is None:
                await self.refuse(interaction, _("You have no finished game in this channel to review."))
                return
        game = await self.bot.records.finished(interaction, game_id)
        if game is None:
            return
        played = game_of(game)
        if played.coach is None:
            await self.refuse(interaction, _("The coach does not review this game yet."))
            return
        seat = game.seat_of(user)
        if seat is None or game.is_ai(seat):
            await self.refuse(interaction, _("You did not play in game {id}: you can review only your own games.",
                                             id=game.id))
            return
        stored = await self.coach.stored(game.id, seat)
        if stored is not None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            await self.show(interaction, game, stored)
            return
        await interaction.response.send_message(review_ui.waiting(len(self.coach.queue), 0, 0), ephemeral=True)
        lang = i18n.current()

        async def watch(place: int, done: int, total: int) -> None:
            with i18n.use(lang):
                await interaction.edit_original_response(content=review_ui.waiting(place, done, total))

        actions = engine.effective(await store.action_ids(game.id))  # (the moves taken back are no decisions)
        job = await self.coach.request(played, game.id, seat, game.config, game.seed, actions, watch)
        task = asyncio.get_running_loop().create_task(self._finish(interaction, game, job.result, lang))
        self._waits.add(task)
        task.add_done_callback(self._waits.discard)

    async def _finish(self, interaction: discord.Interaction, game, result: asyncio.Future, lang: str) -> None:
        with i18n.use(lang):
            try:
                data = await result
            except asyncio.CancelledError:
                raise
            except Exception:
                await self._edit(interaction, game.id, {"content": _("The review failed; please ask again later.")})
                return
            await self.show(interaction, game, data)

    async def show(self, interaction: discord.Interaction, game, data: dict) -> None:
        players = [{"seat": s, "name": game.display(s)} for s in range(len(game.players))]
        png = await self.bot.courier.render(game, "review", players, data["curve"], data["seat"],
                                            review_ui.chart_marks(data))
        msg = review_ui.review(game, data)
        if png is None:
            msg["embed"].set_image(url=None)
        await self._edit(interaction, game.id, msg, png)

    async def _edit(self, interaction: discord.Interaction, gid: int, msg: dict, png: bytes | None = None) -> None:
        """Replaces the private answer with msg (and the chart); if that answer is gone or too old to edit,
        sends a new private message instead."""
        def files() -> list[discord.File]:
            return [discord.File(io.BytesIO(png), review_ui.CHART)] if png else []
        try:
            await interaction.edit_original_response(content=msg.get("content"), embed=msg.get("embed"),
                                                     attachments=files(), view=msg.get("view"))
        except discord.HTTPException:
            try:
                await interaction.followup.send(msg.get("content") or "", files=files(), ephemeral=True,
                                                embed=msg.get("embed") or discord.utils.MISSING,
                                                view=msg.get("view") or discord.utils.MISSING)
            except discord.HTTPException:
                log.info("the review of game %s could not be shown; it is stored for the next request", gid)

    # ---- "What would you do?" (ui/quiz.py) ----------------------------------------------------------
    async def quiz(self, interaction: discord.Interaction, gid: int, seat: int, k: int, at: int, verb: str,
                   values: list[str] | None) -> None:
        """A question of a review (verb "ask"), its answer to a pick ("pick") or without one ("tell"). Only the
        reviewed person may answer; a question of an older review or a forged choice is refused privately."""
        i18n.set_current(str(interaction.locale))  # only this person sees it: their language
        game = await self.bot.records.finished(interaction, gid)
        if game is None:
            return
        if game.seat_of(interaction.user.id) != seat or game.is_ai(seat):
            await self.refuse(interaction, _("This question is from someone else's review: you can answer only "
                                             "your own."))
            return
        if verb != "ask" and not origin.is_private(interaction, game, made_by="click"):
            await self.refuse(interaction, _(ELSEWHERE))  # an answer edits its own question, nothing else
            return
        data = await self.coach.stored(game.id, seat)
        if data is None or not 1 <= k <= len(data["costliest"]) or data["costliest"][k - 1] != at:
            await self.refuse(interaction, _("This question is from an older review: ask for your review again."))
            return
        picked = None
        if verb == "pick":
            picked = int(values[0]) if values and len(values) == 1 and values[0].isascii() \
                and values[0].isdigit() else -1
        played = game_of(game)
        decision = next(d for d in data["decisions"] if d["at"] == at)
        # a new private message for a question; an answer edits the question in place
        if not await acknowledge(interaction, **({"ephemeral": True, "thinking": True} if verb == "ask" else {})):
            return
        actions = engine.effective(await self.bot.store.action_ids(game.id))
        try:
            q = await self.coach.quiz(played, table_of(game), game.config, game.seed, actions, seat, decision,
                                      i18n.current(), language(game))
        except Exception:  # a question that can't be made is said so; the review itself stands
            log.exception("question %s of game %s seat %s failed", k, game.id, seat)
            q = None
        if q is None or (picked is not None and not 0 <= picked < len(q.choices)):
            await self.refuse(interaction, _("That choice is not one of this question's: nothing was answered.")
                              if q is not None else _("The coach cannot ask about this decision."))
            return
        n = len(data["costliest"])
        when = played.coach.when(decision) if played.coach else ""
        if verb == "ask":
            msg = quiz_ui.question(game, q, seat, k, at, n, when)
            png = await self.bot.courier.render(game, q.position.picture.name, *q.position.picture.args) \
                if q.position.picture is not None else None
            if png is None:
                msg["embed"].set_image(url=None)
            files = [discord.File(io.BytesIO(png), quiz_ui.PICTURE)] if png else []
            await interaction.followup.send(ephemeral=True, files=files, **msg)
            return
        why = getattr(played.coach, "why", None)
        msg = quiz_ui.answer(game, q, decision, picked, why(decision) if why else "", k, n, seat,
                             data["costliest"][k:k + 1])
        if not interaction.message or not any(a.filename == quiz_ui.PICTURE for a in interaction.message.attachments):
            msg["embed"].set_image(url=None)
        await interaction.edit_original_response(embed=msg["embed"], view=msg["view"])


async def setup(bot):
    bot.coach = CoachDesk(bot)
    await bot.add_cog(bot.coach)
