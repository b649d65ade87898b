"""The action panel: one message per game day, edited in place after every move, frozen into that
day's record when the day ends. Built from the stored game; no I/O here."""

import discord

import games.pioneer_days.rules as engine
from db import GameRow
from engine.moves import Move
from games.pioneer_days.rules import words
from games.pioneer_days.rules.constants import SIMULTANEOUS
from ui.components import GameButton, GameSelect, MoveButton, clip, option, view_of
from ui.layout import BROWN, GREEN, fit, is_private
from ui.texts import heading, mention, public, timer_text, title

from . import narrate, plans
from .lang import _, n_

SELECT_MAX = 25


def dice_line(state: dict) -> str:
    return " · ".join(words.die(c, f) for c, f in state["pool"]) or _("none")


def forecast_line(state: dict) -> str | None:
    """What strikes tonight, by the die left in the pool ("if 🟦 B is left: Storm strikes")."""
    fc = engine.forecast(state)
    bits = []
    for colour, f in fc["left"].items():
        if f["strike"]:
            names = ", ".join(words.disaster(d) for d in f["strike"])
            left = " ".join((words.DIE[colour], words.LETTER[colour]))
            bits.append(n_("if {die} is left: {names} strikes", "if {die} is left: {names} strike",
                           len(f["strike"]), die=left, names=names))
    if not fc["left"]:
        return None
    if not bits:
        return _("🌤 No disaster can strike tonight.")
    return "⚠️ " + _("Tonight, {what}.", what="; ".join(bits))


def public_vp(state: dict) -> list[int]:
    """Each seat's VP so far as everyone may know it: gold tokens are face down, so they count 0."""
    from games.pioneer_days.rules.scoring import breakdown
    view = engine.view_for(state, None)
    return [breakdown(view, p["seat"])["total"] for p in view["players"]]


def player_line(p: dict, vp: int | None = None) -> str:
    from games.pioneer_days.rules.effects import free_spaces
    bits = [_("**{vp} VP** (without gold)", vp=vp)] if vp is not None else []
    bits += [f"${p['silver']}", n_("{n} wood", "{n} wood", p["wood"]),
            n_("{n} medicine", "{n} medicine", p["medicine"]), n_("{n} cattle", "{n} cattle", p["cattle"]),
            n_("{n} gold token", "{n} gold tokens", len(p["gold"])),
            n_("{n} free space", "{n} free spaces", max(0, free_spaces(p)))]
    if p["townsfolk"]:
        bits.append(n_("{n} townsfolk", "{n} townsfolk", len(p["townsfolk"])))
    if p["equipment"]:
        bits.append(n_("{n} tile", "{n} tiles", len(p["equipment"])))
    if p["favors"]:
        bits.append(n_("{n} favor", "{n} favors", p["favors"]))
    return " · ".join(bits)


def decision_heading(state: dict) -> str:
    if state["stage"] == "disaster":
        d = state["disasters"][0] if state["disasters"] else None
        # NOTE: a disaster as a bold heading ("**Storm!**"); keep the ** around it
        return _("**{disaster}!**", disaster=words.disaster(d)) if d else "**" + _("Disaster!") + "**"
    if state["stage"] == "town":
        return "**" + _("Town visit (end of week {week})", week=state["week"]) + "**"
    return "**" + _("Choosing pioneers") + "**"


def utility(gid: int, ver: int, row: int) -> list:
    """The buttons every panel has: your own wagon and the full board, both private."""
    return [GameButton(gid, ver, "wagon", _("My wagon"), discord.ButtonStyle.secondary, "🔒", row=row),
            GameButton(gid, ver, "board", _("Full board"), discord.ButtonStyle.secondary, "🔍", row=row)]


def _wagon_buttons(gid: int, ver: int, state: dict, seat: int, row: int) -> list:
    out = []
    for a in engine.legal_actions(state, seat):
        body = a.id.split(":", 1)[1]
        if body.startswith("buy:"):
            size = body[4:]
            from games.pioneer_days.rules.effects import wagon_cost
            cost = wagon_cost(state["players"][seat], size)
            label = _("Buy a {size} wagon (${cost})", size=_("small") if size == "small" else _("large"),
                      cost=cost)
            out.append(MoveButton(gid, ver, Move.action(a.id), label, discord.ButtonStyle.secondary, "🛒", row=row))
    return out


def turn_controls(game: GameRow, seat: int) -> tuple[list, list[str]]:
    """(components, extra lines) for the player whose turn it is: the likely choices first, few controls."""
    state = game.state
    gid, ver = game.id, state["seq"]
    step = state["step"]
    items: list = []
    lines: list[str] = []
    if step == "pick":
        offered = plans.turn_plans(state, seat)
        shown = offered[:SELECT_MAX]
        if shown:
            opts = [option(x.label, "m:" + x.move.text(), x.detail) for x in shown]
            items.append(GameSelect(gid, ver, 0, opts, _("Take a die and use it (ends your turn)…"), row=0))
        if len(offered) > len(shown):
            lines.append(_("More ways to use a die: take it first (buttons below)."))
        seen = []
        for colour, face in state["pool"]:
            if (colour, face) not in seen:
                seen.append((colour, face))
        for colour, face in seen[:5]:
            m = Move.action(f"{seat}:take:{colour}:{face}")
            items.append(MoveButton(gid, ver, m, _("Take {die}", die=words.die(colour, face)),
                                    discord.ButtonStyle.secondary, row=1))
        items += _wagon_buttons(gid, ver, state, seat, 2)
        items += utility(gid, ver, 2 if len(items) < 4 + len(seen[:5]) else 3)
    elif step == "use":
        offered = plans.turn_plans(state, seat)
        for i, x in enumerate(offered[:10]):
            style = discord.ButtonStyle.success if x.move.parts[1] == "income" else discord.ButtonStyle.primary
            items.append(MoveButton(gid, ver, x.move, x.label, style, row=i // 5))
        faces = [a for a in engine.legal_actions(state, seat) if a.id.split(":")[1] == "face"]
        if faces:
            opts = [option(plans.action_label(state, seat, a.id.split(":", 1)[1]), "m:" + a.id) for a in faces]
            items.append(GameSelect(gid, ver, 0, opts, _("Turn the die to another face…"), row=2))
        items += _wagon_buttons(gid, ver, state, seat, 3)
        items += utility(gid, ver, 3)
        details = [f"• **{x.label}**: {x.detail}" for x in offered[:10] if x.detail]
        lines += details[:6]
    else:  # wild / equip / after: the engine's own choices
        acts = [a for a in engine.legal_actions(state, seat) if not is_private(a.id)
                and not a.id.split(":")[1].startswith("drop")]
        for i, a in enumerate(acts[:15]):
            body = a.id.split(":", 1)[1]
            items.append(MoveButton(gid, ver, Move.action(a.id), plans.action_label(state, seat, body),
                                    discord.ButtonStyle.primary if body == "end" else discord.ButtonStyle.secondary,
                                    row=i // 5))
        items += utility(gid, ver, 3)
    lines += plans.unavailable(state, seat)
    return items, lines


@public
def panel(game: GameRow, note: str | None = None) -> dict:
    """kwargs for send/edit of the action panel: content, embed, view, allowed_mentions."""
    state = game.state
    gid, ver = game.id, state["seq"]
    lines, content = [], ""
    items: list = []
    if state["stage"] == "turn":
        seat = state["turn"]
        who = game.display(seat)
        lines.append("🎲 " + _("**Dice:** {dice}", dice=dice_line(state)))
        fc = forecast_line(state)
        if fc:
            lines.append(fc)
        if state["step"] == "use" and state["die"]:
            d = state["die"]
            changed = " " + _("(face changed)") if d.get("changed") else ""
            lines.append("👉 " + _("**{who}** took {die}{changed}: how to use it?", who=who,
                                   die=words.die(d["colour"], d["face"]), changed=changed))
        else:
            lines.append("👉 " + _("**{who}**'s turn.", who=who))
        if game.is_ai(seat):  # the bot plays this seat: nothing for people to press but their own views
            items = utility(gid, ver, 0)
            content = _("{who} is playing…", who=who)
        else:
            items, more = turn_controls(game, seat)
            lines += more
            content = _("{who}, it's your turn.", who=mention(game, seat))
    elif state["stage"] in SIMULTANEOUS:
        waiting = engine.deciders(state)
        lines.append(decision_heading(state) + " " + _("Each player with a choice: press **Decide** to see "
                                                       "yours privately."))
        lines.append(_("Still deciding: {who}", who=", ".join(f"**{game.display(s)}**" for s in waiting)))
        items = [GameButton(gid, ver, "decide", _("Decide (private)"), discord.ButtonStyle.primary, "✋", row=0),
                 *utility(gid, ver, 0)]
        content = _("Waiting for {who}.", who=", ".join(mention(game, s) for s in waiting))
    lines.append(_("Tracks: {tracks}", tracks=narrate.tracks(state["tracks"])))
    if note:
        lines.append(note)
    recent = game.recent[-4:]
    if recent:
        lines.append("\n**" + _("Recent") + "**\n" + "\n".join(f"• {x}" for x in recent))
    emb = discord.Embed(title=title(state), description=fit("\n".join(lines), 4000), colour=GREEN)
    vps = public_vp(state)
    for p in state["players"]:
        mark = " ⭐" if p["seat"] == state["start"] and state["stage"] != "pioneer" else ""
        emb.add_field(name=clip(f"{game.display(p['seat'])}{mark}", 250), value=player_line(p, vps[p["seat"]]),
                      inline=False)
    timer = game.options.get("timer", 0)
    footer = _("Game {id} · move {move} · ⭐ start player", id=gid, move=ver)
    if timer:
        footer += " · " + _("⏱ {time} per turn, then the AI decides", time=timer_text(timer))
    emb.set_footer(text=footer)
    # the panel is edited far more often than posted, and edits notify no one: pings do (ping_text)
    return {"content": content, "embed": emb, "view": view_of(items) if items else None,
            "allowed_mentions": discord.AllowedMentions.none()}


@public
def frozen(game: GameRow, facts: dict, lines: list[str], seq: int) -> dict:
    """The panel of a finished day, kept in the channel as that day's record (no buttons): one line per
    event of that day (facts: app.outbox.heading_facts of the panel's state)."""
    body = "\n".join(f"• {x}" for x in lines) or "—"
    emb = discord.Embed(title=heading(facts), description=fit(body, 4000), colour=BROWN)
    emb.set_footer(text=_("Game {id} · move {move}", id=game.id, move=seq))
    return {"content": "", "embed": emb, "view": None}
