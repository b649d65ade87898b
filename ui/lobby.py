"""The lobby message: who is seated, the options, and the host's buttons (AI seats of the game's levels,
the turn timer and the game's own options as menus)."""

import discord

from app.levels import level_name
from app.options import TIMERS, timer_text
from app.tables import game_of
from db import GameRow
from engine import registry
from i18n import LANGUAGE_NAMES, _

from . import v2
from .components import GameButton, GameSelect, clip
from .layout import BROWN
from .texts import game_name, language, option_title, options_text, public

OPTION_MENUS = 12  # menus of the game's own options: past the buttons and the timer, what a V2 message holds


@public
def lobby(game: GameRow, note: str | None = None, top: str = "") -> dict:
    """The lobby message (send kwargs); top: a line above it (the people a rematch invites)."""
    played = game_of(game)
    o = game.options
    low, high = played.players
    seated = "\n".join(f"{i + 1}. " + ("🤖 " + p.name if p.ai else p.name)
                       + (" " + _("(host)") if p.user_id == game.host_id else "") for i, p in enumerate(game.players))
    timer = o.get("timer", 0)
    host = "<@" + str(game.host_id) + ">"
    name = game_name(played)
    lines = [_("Host: {host}", host=host),
             options_text(played, o) + " · " + _("Turn timer: **{timer}**", timer=timer_text(timer)),
             _("Language: **{language}**", language=LANGUAGE_NAMES[language(game)]),
             "", "**" + _("Seated ({n}/{most})", n=len(game.players), most=high) + "**", seated or "—", ""]
    if game.status == "lobby":
        ai = _(" The host can add AI players (solo play: one person and AIs).") if played.ai_levels else ""
        lines.append(_("Press **Join** to take a seat.") + ai + " "
                     + _("The host may change the options and presses **Start** with {seats} seated, at least one a "
                         "person.", seats=str(low) if low == high else f"{low}-{high}"))
    elif game.status == "active":
        lines.append(_("This table is playing in its thread: <#{thread}>.", thread=game.channel_id)
                     if game.home_id is not None else _("This table is playing: the game is below."))
    else:
        lines.append(_("This table is closed."))
    others = [g.texts._(g.name) for g in registry.games() if g.key != played.key]
    if others and game.status == "lobby":
        lines.append(_("Other games: {games} (`/play new`).", games=", ".join(others)))
    if note:
        lines.append(note)
    head = "## " + clip(_("{game} — new table", game=name), 256) + "\n" + "\n".join(lines)
    footer = _("Game {id}", id=game.id) + " · " + played.texts._(played.summary)[:200]
    items: list = []
    if game.status == "lobby":
        items = [GameButton(game.id, 0, "join", _("Join"), discord.ButtonStyle.success, row=0),
                 GameButton(game.id, 0, "leave", _("Leave"), discord.ButtonStyle.secondary, row=0),
                 GameButton(game.id, 0, "start", _("Start the game"), discord.ButtonStyle.primary, row=0)]
        for lv in played.ai_levels[:4]:  # (row 1 holds four levels and Remove AI)
            items.append(GameButton(game.id, 0, f"ai:{lv}", _("Add AI ({level})", level=level_name(played, lv)),
                                    discord.ButtonStyle.secondary, "🤖", row=1))
        if played.ai_levels:
            items.append(GameButton(game.id, 0, "airemove", _("Remove AI"), discord.ButtonStyle.secondary, row=1))
        items.append(GameSelect(game.id, 0, 0, [
            discord.SelectOption(label=_("Turn timer: {time}", time=timer_text(v)), value=f"v:timer:{v}",
                                 default=v == timer) for v in TIMERS], _("Turn timer…"), row=2))
        for i, opt in enumerate(menus_of(played)):  # (a V2 message holds them all: 40 components)
            current = o.get(opt.key, opt.default)
            label = option_title(played, opt)
            items.append(GameSelect(game.id, 0, i + 1, [
                discord.SelectOption(label=clip(f"{label}: {played.texts._(c.label)}", 100),
                                     value=f"v:opt:{opt.key}:{c.value}"[:100], default=c.value == current)
                for c in opt.choices], clip(played.texts._(opt.description), 150), row=3 + i))
    view = v2.view(top=top, head=head, footer=footer, colour=BROWN, items=items)
    return {"view": view, "allowed_mentions": discord.AllowedMentions.none()}


def menus_of(played) -> list:
    """The game's options a lobby menu sets (two choices or more, at most a menu's 25)."""
    return [opt for opt in played.options if 1 < len(opt.choices) <= 25][:OPTION_MENUS]
