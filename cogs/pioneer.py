"""The /pioneer slash commands (one group). Component clicks live in play.py."""

import io
import itertools
import logging

import discord
from discord import app_commands
from discord.ext import commands

from app import rules
from app.service import TIMERS
from engine.cards import TOWNSFOLK
from ui import panel
from ui.components import GameButton, view_of

from .table import tell

log = logging.getLogger("pioneer.commands")
SETS = sorted({t["set"] for t in TOWNSFOLK.values()})
SET_CHOICES = [app_commands.Choice(name=f"{a}+{b}" + (" (first game)" if a + b == "AB" else ""), value=a + b)
               for a, b in itertools.combinations(SETS, 2)][:25]
TIMER_CHOICES = [app_commands.Choice(name=n, value=v) for n, v in TIMERS]
# the bot's own permissions a table needs (the invite asks for exactly these)
NEEDED = (("view_channel", "View Channel"), ("send_messages", "Send Messages"),
          ("embed_links", "Embed Links"), ("attach_files", "Attach Files"),
          ("read_message_history", "Read Message History"))
HELP = (
    "**Pioneer Days** is a dice-drafting game for 2-4 players: draft dice, fill your wagons, survive "
    "disasters and satisfy towns over four weeks.\n\n"
    "**Start**: `/pioneer new` opens a table in this channel; players press **Join**; the host may add AI "
    "players (solo play: you and 1-3 AIs) and presses **Start**.\n"
    "**Play**: the panel at the bottom of the channel shows whose turn it is and the choices as buttons. "
    "Only that player can press them. During disasters and town visits press **Decide** to choose "
    "privately. A table image is posted at the start and end of every day.\n"
    "**Turn timer** (chosen in `/pioneer new` or in the lobby, 24 h by default): a reminder at half "
    "time, then the AI decides for you.\n"
    "**Commands**: `/pioneer board` (re-post the table and panel), `/pioneer wagon` (your private "
    "wagon), `/pioneer rules` (help and card texts), `/pioneer log` (recent moves), `/pioneer leave` "
    "(an AI takes your seat), `/pioneer end`.")


@app_commands.guild_only()
class Pioneer(commands.GroupCog, group_name="pioneer", group_description="Play Pioneer Days"):
    def __init__(self, bot):
        self.bot = bot
        self.service = bot.service
        super().__init__()

    # ---- /pioneer new ----------------------------------------------------------------------
    @app_commands.command(name="new", description="Open a Pioneer Days table in this channel")
    @app_commands.describe(sets="Two townsfolk sets (A+B for a first game)",
                           pioneers="standard: everyone plays the Pioneer side; unique: choose from two",
                           timer="Time per turn, then the AI decides (default 24 hours)")
    @app_commands.choices(sets=SET_CHOICES, timer=TIMER_CHOICES,
                          pioneers=[app_commands.Choice(name="standard", value="standard"),
                                    app_commands.Choice(name="unique", value="unique")])
    async def new(self, interaction: discord.Interaction, sets: str = "AB", pioneers: str = "standard",
                  timer: int = 86400):
        options = {"sets": sorted(sets), "pioneers": pioneers, "timer": timer}
        user = interaction.user
        perms = interaction.app_permissions
        missing = [name for flag, name in NEEDED if not getattr(perms, flag)]
        if missing:
            await tell(interaction, "I can't host a game in this channel: I need the "
                                    + ", ".join(f"**{m}**" for m in missing) + " permission(s) here.")
            return
        async with self.service.lock(interaction.channel_id):
            gid, existing = await self.service.new_lobby(interaction.guild_id, interaction.channel_id,
                                                          user.id, user.display_name, options)
            if existing is not None:
                where = self.link(existing)
                await tell(interaction, f"This channel already has a game ({where}). Finish it or "
                                        "`/pioneer end` it first.")
                return
            game = await self.service.game(gid)
            resp = await interaction.response.send_message(**panel.lobby(game))
            msg = resp.resource
            if isinstance(msg, discord.InteractionMessage):
                await self.service.store.set_lobby_message(gid, msg.id)

    def link(self, game) -> str:
        mid = game.lobby_message_id if game.status == "lobby" else game.panel_message_id
        kind = "lobby" if game.status == "lobby" else "panel"
        if mid and game.guild_id:
            return f"[{kind}](https://discord.com/channels/{game.guild_id}/{game.channel_id}/{mid})"
        return f"game {game.id}"

    async def current(self, interaction: discord.Interaction, started: bool = True):
        game = await self.service.in_channel(interaction.channel_id)
        if game is None:
            await tell(interaction, "There is no game in this channel. Start one with `/pioneer new`.")
            return None
        if started and game.status != "active":
            await tell(interaction, f"The game has not started yet: see the {self.link(game)}.")
            return None
        return game

    # ---- /pioneer board --------------------------------------------------------------------
    @app_commands.command(name="board", description="Re-post the table image and the action panel here")
    async def board(self, interaction: discord.Interaction):
        game = await self.current(interaction)
        if game is None:
            return
        await interaction.response.defer(thinking=True)
        st = game.state
        png = await self.bot.present.render("table_png", st, None)
        caption = f"**Table — {panel.title(st).replace('Pioneer Days — ', '')}**"
        if png is not None:
            await interaction.followup.send(caption, file=discord.File(io.BytesIO(png), "table.png"))
        else:
            await interaction.followup.send(caption + " (image unavailable)")
        await self.bot.present.repost(game)

    # ---- /pioneer wagon --------------------------------------------------------------------
    @app_commands.command(name="wagon", description="Your wagon and goods (only you see it)")
    async def wagon(self, interaction: discord.Interaction):
        game = await self.current(interaction)
        if game is not None:
            await self.bot.play.wagon(interaction, None, game=game)

    # ---- /pioneer rules --------------------------------------------------------------------
    @app_commands.command(name="rules", description="Rules by topic, or any card, tile, town or pioneer")
    @app_commands.describe(topic="turn, actions, wagons, disasters, town, scoring, or a card name")
    async def rules_cmd(self, interaction: discord.Interaction, topic: str | None = None):
        if not topic:
            text = "**Topics**: " + ", ".join(rules.TOPICS) + ". Or type a card, tile, town or pioneer name."
        else:
            text = rules.lookup(topic) or (f"Nothing called `{topic[:50]}`. Topics: "
                                           + ", ".join(rules.TOPICS) + ".")
        await tell(interaction, text[:2000])

    @rules_cmd.autocomplete("topic")
    async def rules_auto(self, interaction: discord.Interaction, current: str):
        return [app_commands.Choice(name=label[:100], value=value[:100])
                for label, value in rules.suggestions(current)]

    # ---- /pioneer log ----------------------------------------------------------------------
    @app_commands.command(name="log", description="The recent moves of this channel's game")
    @app_commands.describe(count="How many lines (1-30, default 10)")
    async def log(self, interaction: discord.Interaction, count: app_commands.Range[int, 1, 30] = 10):
        ids = await self.service.store.game_ids_in_channel(interaction.channel_id)
        game = await self.service.game(ids[-1]) if ids else None  # the running or the last game
        if game is None or game.state is None:
            await tell(interaction, "No game has been played in this channel yet.")
            return
        lines = await self.service.log_lines(game, count)
        out, size = [], 0
        for line in reversed(lines):  # keep the newest lines within Discord's 2000 characters
            if size + len(line) + 3 > 1900:
                break
            out.insert(0, f"• {line}")
            size += len(line) + 3
        await tell(interaction, "\n".join(out) or "Nothing has happened yet.")

    # ---- /pioneer end ----------------------------------------------------------------------
    def may_end(self, interaction: discord.Interaction, game) -> bool:
        perms = interaction.permissions
        return interaction.user.id == game.host_id or bool(perms and perms.manage_channels)

    @app_commands.command(name="end", description="End this channel's game (host or Manage Channels)")
    async def end(self, interaction: discord.Interaction):
        game = await self.current(interaction, started=False)
        if game is None:
            return
        if not self.may_end(interaction, game):
            await tell(interaction, "Only the host or a member with **Manage Channels** can end this game.")
            return
        seq = game.seq
        view = view_of([GameButton(game.id, seq, "endok", "Yes, end the game", discord.ButtonStyle.danger),
                        GameButton(game.id, seq, "endno", "No, keep playing", discord.ButtonStyle.secondary)])
        await tell(interaction, "End this game for everyone? The current standings will be posted.",
                   view=view)

    async def confirm_end(self, interaction: discord.Interaction, gid: int) -> None:
        game = await self.service.game(gid)
        if game is None or game.channel_id != interaction.channel_id \
                or game.status not in ("lobby", "active"):
            await tell(interaction, "This game is already over.")
            return
        if not self.may_end(interaction, game):
            await tell(interaction, "Only the host or a member with **Manage Channels** can end this game.")
            return
        async with self.service.lock(game.channel_id):
            who = interaction.user
            out = await self.service.end(gid, who.id, f"Ended by {who.display_name}.")
            if not out.ok:
                await tell(interaction, out.message)
                return
            await interaction.response.edit_message(content="The game has been ended.", view=None)
        await self.bot.present.ended(out.game)

    # ---- /pioneer leave --------------------------------------------------------------------
    @app_commands.command(name="leave", description="Leave this channel's game: an AI takes your seat")
    async def leave(self, interaction: discord.Interaction):
        game = await self.current(interaction, started=False)
        if game is None:
            return
        if game.status == "lobby":
            await tell(interaction, "The game has not started: use **Leave** on the lobby.")
            return
        if game.seat_of(interaction.user.id) is None:
            await tell(interaction, "You are not playing in this game.")
            return
        alone = len(game.humans()) == 1
        view = view_of([GameButton(game.id, game.seq, "quitok", "Yes, leave", discord.ButtonStyle.danger),
                        GameButton(game.id, game.seq, "quitno", "No, stay", discord.ButtonStyle.secondary)])
        await tell(interaction, "Leave this game? " + (
            "You are the last person at the table, so the game ends and the standings are posted."
            if alone else "An AI (easy) takes your seat and plays on; you cannot come back."), view=view)

    async def confirm_leave(self, interaction: discord.Interaction, gid: int) -> None:
        game = await self.service.game(gid)
        if game is None or game.channel_id != interaction.channel_id:
            await tell(interaction, "This game is not running.")
            return
        async with self.service.lock(game.channel_id):
            out = await self.service.leave_game(gid, interaction.user.id)
            if not out.ok:
                await tell(interaction, out.message)
                return
            await interaction.response.edit_message(content="You left the game.", view=None)
            if out.code != "ended":
                await self.bot.present.refresh_panel(out.game)
        if out.code == "ended":
            await self.bot.present.ended(out.game)
        else:
            self.bot.ai.kick(gid)  # if it was the seat's decision, the AI makes it now

    # ---- /pioneer help ---------------------------------------------------------------------
    @app_commands.command(name="help", description="What this bot does and how to start a game")
    async def help(self, interaction: discord.Interaction):
        await tell(interaction, HELP)


async def setup(bot):
    await bot.add_cog(Pioneer(bot))
