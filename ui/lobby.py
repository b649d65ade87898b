"""The lobby message: who is seated, the options, and the host's buttons."""

import discord

from app.service import TIMERS
from db import GameRow

from .components import GameButton, GameSelect, view_of
from .layout import BROWN
from .texts import timer_text


def lobby(game: GameRow, note: str | None = None) -> dict:
    o = game.options
    seated = "\n".join(f"{i + 1}. " + (f"🤖 {p.name} ({p.ai})" if p.ai else p.name)
                       + (" (host)" if p.user_id == game.host_id else "") for i, p in enumerate(game.players))
    timer = o.get("timer", 0)
    lines = [f"Host: <@{game.host_id}>",
             f"Townsfolk sets: **{'+'.join(o['sets'])}** · Pioneers: **{o['pioneers']}** · "
             f"Turn timer: **{timer_text(timer)}**",
             "", f"**Seated ({len(game.players)}/4)**", seated or "—", ""]
    if game.status == "lobby":
        lines.append("Press **Join** to take a seat. The host can add AI players (solo play: one person and "
                     "1-3 AIs), may change the turn timer, and presses **Start** with 2-4 seated, at least one "
                     "a person.")
    elif game.status == "active":
        lines.append("This table is playing: the game is below.")
    else:
        lines.append("This table is closed.")
    if note:
        lines.append(note)
    emb = discord.Embed(title="Pioneer Days — new table", description="\n".join(lines), colour=BROWN)
    emb.set_footer(text=f"Game {game.id}")
    if game.status != "lobby":
        return {"embed": emb, "view": None}
    items = [GameButton(game.id, 0, "join", "Join", discord.ButtonStyle.success, row=0),
             GameButton(game.id, 0, "leave", "Leave", discord.ButtonStyle.secondary, row=0),
             GameButton(game.id, 0, "start", "Start the game", discord.ButtonStyle.primary, row=0),
             GameButton(game.id, 0, "aieasy", "Add AI (easy)", discord.ButtonStyle.secondary, "🤖", row=1),
             GameButton(game.id, 0, "aihard", "Add AI (hard)", discord.ButtonStyle.secondary, "🤖", row=1),
             GameButton(game.id, 0, "airemove", "Remove AI", discord.ButtonStyle.secondary, row=1),
             GameSelect(game.id, 0, 0, [discord.SelectOption(label=f"Turn timer: {name}", value=f"timer:{v}",
                                                             default=v == timer) for name, v in TIMERS],
                        "Turn timer…", row=2)]
    return {"embed": emb, "view": view_of(items), "allowed_mentions": discord.AllowedMentions.none()}
