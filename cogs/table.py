"""Component clicks: lobby buttons, the action panel, private choices, confirmations.

Each click answers within Discord's 3 s: the accepted action is committed in a few milliseconds and
the first response is the updated panel itself; if the channel's lock is busy the click is
deferred first. Images are rendered only after the first response."""

import io
import logging

import discord

import engine
from app.service import SIMULTANEOUS, names
from ui import panel

from .channel import marks

log = logging.getLogger("pioneer.play")
LOBBY = ("join", "leave", "start", "aieasy", "aihard", "airemove")


async def tell(interaction: discord.Interaction, content: str | None = None, **kw) -> None:
    """A short private answer, whether or not the interaction was already acknowledged."""
    kw = {k: v for k, v in kw.items() if v is not None}  # a new message: nothing to clear
    if not interaction.response.is_done():
        await interaction.response.send_message(content, ephemeral=True, **kw)
    else:
        await interaction.followup.send(content, ephemeral=True, **kw)


async def update(interaction: discord.Interaction, **kw) -> None:
    """Edits the message the component belongs to (first response, or after a defer)."""
    if not interaction.response.is_done():
        await interaction.response.edit_message(**kw)
    else:
        await interaction.edit_original_response(**kw)


class Play:
    def __init__(self, bot):
        self.bot = bot
        self.service = bot.service
        self.present = bot.present

    async def on_component(self, interaction, gid: int, ver: int, act: str, values) -> None:
        try:
            if act in LOBBY:
                await self.lobby(interaction, gid, act)
            elif act == "decide":
                await self.decide(interaction, gid)
            elif act == "wagon":
                await self.wagon(interaction, gid)
            elif act == "endok":
                await self.bot.get_cog("Pioneer").confirm_end(interaction, gid)
            elif act == "endno":
                await update(interaction, content="Cancelled: the game goes on.", view=None)
            elif act == "quitok":
                await self.bot.get_cog("Pioneer").confirm_leave(interaction, gid)
            elif act == "quitno":
                await update(interaction, content="Good: you stay in the game.", view=None)
            elif act == "select" and values and values[0].startswith("timer:"):
                await self.lobby(interaction, gid, values[0])
            elif act == "select":
                await self.act(interaction, gid, ver, values[0] if values else "")
            elif act[:1].isdigit():
                await self.act(interaction, gid, ver, act)
            else:
                await tell(interaction, "I don't know that button.")
        except Exception as error:  # one handler for commands and components
            await self.bot.report_error(interaction, error)

    # ---- actions ---------------------------------------------------------------------------
    async def act(self, interaction: discord.Interaction, gid: int, ver: int, action: str) -> None:
        lock = self.service.lock(interaction.channel_id)
        if lock.locked():
            # someone else's action is being written: acknowledge now, answer after
            await interaction.response.defer()
        msg = interaction.message
        private = bool(msg and msg.flags.ephemeral)
        async with lock:
            out = await self.service.act(gid, interaction.channel_id, interaction.user.id, ver, action)
            if not out.ok:
                await tell(interaction, out.message)
                if out.code == "stale" and not private and msg and msg.id == out.game.panel_message_id:
                    await self.present.refresh_panel(out.game)  # the panel itself is behind: repair it
                return
            game, before = out.game, out.before
            m = marks(out.events, before, names(game))
            on_panel = not private and msg is not None and msg.id == game.panel_message_id
            if private:
                shown = await self.answer(interaction, attachments=[], **self.private_followup(out))
            elif m.any:
                shown = await self.answer(interaction, **panel.frozen(game, before, panel.heading(before)))
            else:
                shown = await self.answer(interaction, **panel.panel(game))
            # the channel's panel, when the answer did not already update it
            if m.any:
                if on_panel and shown:
                    await self.service.store.set_panel(game.id, None)
                    game.panel_message_id = None
                else:
                    await self.present.freeze_panel(game, before, panel.heading(before))
            elif not (on_panel and shown):
                await self.present.refresh_panel(game)
            # the clicker is here already: ping only the others who now have a decision
            ping = [s for s in out.fresh if s != out.seat]
            if not m.any:
                await self.present.ping_fresh(game, ping)
        if m.any:
            await self.present.publish(gid, game.channel_id, out.state, m, ping)
        if any(p.ai for p in game.players):
            self.bot.ai.kick(gid)

    async def answer(self, interaction: discord.Interaction, **kw) -> bool:
        """The first response to an accepted action. The action is already committed, so a failure
        here (token expired, message deleted) must not stop the channel from being updated."""
        try:
            await update(interaction, **kw)
            return True
        except discord.HTTPException as e:
            log.warning("could not answer interaction %s (%s): updating the channel instead",
                        interaction.id, e)
            return False

    def private_followup(self, out) -> dict:
        """What replaces a player's private message after their choice."""
        if out.state["stage"] in SIMULTANEOUS:
            return panel.choices(out.game, out.seat)  # the next choice, or "Done, still deciding: ..."
        return {"content": f"✅ {out.line or 'Done.'}", "view": None, "embed": None}

    # ---- private views ---------------------------------------------------------------------
    async def _game_for(self, interaction, gid: int):
        game = await self.service.game(gid)
        if game is None or game.channel_id != interaction.channel_id:
            await tell(interaction, "This button does not belong to a game in this channel.")
            return None
        if game.status != "active":
            await tell(interaction, "This game is over." if game.status in ("over", "ended")
                       else "This game has not started yet.")
            return None
        return game

    async def decide(self, interaction: discord.Interaction, gid: int) -> None:
        game = await self._game_for(interaction, gid)
        if game is None:
            return
        seat = game.seat_of(interaction.user.id)
        if seat is None:
            await tell(interaction, "You are not playing in this game.")
            return
        st = game.state
        if st["stage"] not in SIMULTANEOUS or st["pending"][seat] is None:
            waiting = [game.display(s) for s in engine.deciders(st)]
            await tell(interaction, "You have nothing to decide right now."
                       + (f" Waiting for {', '.join(waiting)}." if waiting else ""))
            return
        await tell(interaction, **panel.choices(game, seat))

    async def wagon(self, interaction: discord.Interaction, gid: int | None, game=None) -> None:
        game = game or await self._game_for(interaction, gid)
        if game is None:
            return
        seat = game.seat_of(interaction.user.id)
        if seat is None:
            await tell(interaction, "You are not playing in this game, so you have no wagon here.")
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        png = await self.present.render("wagon_png", game.state, seat)
        kw = {"content": panel.wagon_text(game.state, seat)}
        view = panel.wagon_view(game, seat)
        if view is not None:
            kw["view"] = view
            kw["content"] += "\nDiscard a gold token (only you see these values):"
        if png is not None:
            kw["file"] = discord.File(io.BytesIO(png), "wagon.png")
        await interaction.followup.send(ephemeral=True, **kw)

    # ---- the lobby -------------------------------------------------------------------------
    async def lobby(self, interaction: discord.Interaction, gid: int, act: str) -> None:
        lock = self.service.lock(interaction.channel_id)
        if lock.locked():
            await interaction.response.defer()
        game = await self.service.game(gid)
        if game is None or game.channel_id != interaction.channel_id:
            await tell(interaction, "This button does not belong to a game in this channel.")
            return
        user = interaction.user
        async with lock:
            if act == "join":
                out = await self.service.join(gid, user.id, user.display_name)
            elif act == "leave":
                out = await self.service.leave(gid, user.id)
            elif act in ("aieasy", "aihard"):
                out = await self.service.add_ai(gid, user.id, act[2:])
            elif act == "airemove":
                out = await self.service.remove_ai(gid, user.id)
            elif act.startswith("timer:"):
                seconds = act[6:]
                out = await self.service.set_timer(gid, user.id, int(seconds) if seconds.isdigit() else -1)
            else:
                out = await self.service.start(gid, user.id)
            if not out.ok:
                await tell(interaction, out.message)
                return
            if act != "start":
                await update(interaction, **panel.lobby(out.game))
                return
            await update(interaction, **panel.lobby(out.game, note="**The game has started below.**"))
        m = marks(out.events, None, names(out.game))
        await self.present.publish(gid, out.game.channel_id, out.state, m, out.fresh)
        if any(p.ai for p in out.game.players):
            self.bot.ai.kick(gid)
