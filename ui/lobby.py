"""The lobby message: who is seated, the options, and the host's buttons."""

import discord

from app.service import TIMERS
from db import GameRow
from i18n import LANGUAGE_NAMES, _

from .components import GameButton, GameSelect, view_of
from .layout import BROWN
from .texts import language, public, timer_text


def level(ai: str) -> str:
    """An AI seat's level, as the lobby lists it."""
    return _("hard") if ai == "hard" else _("easy")


@public
def lobby(game: GameRow, note: str | None = None) -> dict:
    o = game.options
    seated = "\n".join(f"{i + 1}. " + ("🤖 " + p.name + " (" + level(p.ai) + ")" if p.ai else p.name)
                       + (" " + _("(host)") if p.user_id == game.host_id else "") for i, p in enumerate(game.players))
    timer = o.get("timer", 0)
    pioneers = _("standard") if o["pioneers"] == "standard" else _("unique")
    host = "<@" + str(game.host_id) + ">"
    lines = [_("Host: {host}", host=host),
             _("Townsfolk sets: **{sets}** · Pioneers: **{pioneers}** · Turn timer: **{timer}**",
               sets="+".join(o["sets"]), pioneers=pioneers, timer=timer_text(timer)),
             _("Language: **{language}**", language=LANGUAGE_NAMES[language(game)]),
             "", "**" + _("Seated ({n}/4)", n=len(game.players)) + "**", seated or "—", ""]
    if game.status == "lobby":
        lines.append(_("Press **Join** to take a seat. The host can add AI players (solo play: one person and "
                       "1-3 AIs), may change the turn timer, and presses **Start** with 2-4 seated, at least "
                       "one a person."))
    elif game.status == "active":
        lines.append(_("This table is playing: the game is below."))
    else:
        lines.append(_("This table is closed."))
    if note:
        lines.append(note)
    emb = discord.Embed(title=_("Pioneer Days — new table"), description="\n".join(lines), colour=BROWN)
    emb.set_footer(text=_("Game {id}", id=game.id))
    if game.status != "lobby":
        return {"embed": emb, "view": None}
    items = [GameButton(game.id, 0, "join", _("Join"), discord.ButtonStyle.success, row=0),
             GameButton(game.id, 0, "leave", _("Leave"), discord.ButtonStyle.secondary, row=0),
             GameButton(game.id, 0, "start", _("Start the game"), discord.ButtonStyle.primary, row=0),
             GameButton(game.id, 0, "aieasy", _("Add AI (easy)"), discord.ButtonStyle.secondary, "🤖", row=1),
             GameButton(game.id, 0, "aihard", _("Add AI (hard)"), discord.ButtonStyle.secondary, "🤖", row=1),
             GameButton(game.id, 0, "airemove", _("Remove AI"), discord.ButtonStyle.secondary, row=1),
             GameSelect(game.id, 0, 0, [discord.SelectOption(label=_("Turn timer: {time}", time=timer_text(v)),
                                                             value=f"timer:{v}", default=v == timer)
                                        for v in TIMERS], _("Turn timer…"), row=2)]
    return {"embed": emb, "view": view_of(items), "allowed_mentions": discord.AllowedMentions.none()}
