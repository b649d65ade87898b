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
from ui import review as review_ui

log = logging.getLogger("bot.coach")


class CoachDesk(commands.Cog):
    def __init__(self, bot):
        self.bot = bot
        self.coach = Coach(bot.store, bot.ai.workers.run, rounds=bot.settings.review_rounds)
        self._waits: set[asyncio.Task] = set()

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
                                                     attachments=files())
        except discord.HTTPException:
            try:
                await interaction.followup.send(msg.get("content") or "", files=files(), ephemeral=True,
                                                embed=msg.get("embed") or discord.utils.MISSING)
            except discord.HTTPException:
                log.info("the review of game %s could not be shown; it is stored for the next request", gid)


async def setup(bot):
    bot.coach = CoachDesk(bot)
    await bot.add_cog(bot.coach)
