"""What one player sees privately (ephemeral): their simultaneous decision as one message, and their
wagon, gold values included."""

import discord

import games.pioneer_days.rules as engine
from db import GameRow
from games.pioneer_days.rules.describe import card
from ui.components import GameSelect, MoveButton, option, view_of
from ui.layout import fit

from . import narrate, plans
from .lang import _, n_

SHOWN = 10  # plans shown as numbered buttons; more go into a select


def _style(index: int) -> discord.ButtonStyle:
    """The first choice (the likely one) stands out."""
    return discord.ButtonStyle.primary if index == 0 else discord.ButtonStyle.secondary


def choices(game: GameRow, seat: int, picked: plans.Plan | None = None) -> dict:
    """A player's own simultaneous decision (ephemeral), in one message: the situation, every choice with
    what it costs and what then happens, one click to confirm. `picked`: a plan built from the
    multi-select, offered first."""
    state = game.state
    d = plans.decision(state, seat)
    if d is None:
        waiting = [game.display(s) for s in engine.deciders(state)]
        text = "✅ " + _("Done.") + (" " + _("Still deciding: {who}.", who=", ".join(waiting)) if waiting else "")
        return {"content": text, "view": None, "embed": None}
    gid, ver = game.id, state["seq"]
    offered = ([picked] if picked else []) + [x for x in d.plans if not picked or x.move != picked.move]
    lines = [f"**{d.title}**", *d.lines, "", "**" + _("Your choices") + "**"]
    items: list = []
    for i, x in enumerate(offered[:SHOWN]):
        label = f"{i + 1}. {x.label}"
        lines.append(f"{label} → {x.detail or _('nothing changes')}")
        items.append(MoveButton(gid, ver, x.move, label, _style(i), row=i // 5))
    if len(offered) > SHOWN:
        opts = [option(f"{i + 1}. {x.label}", "m:" + x.move.text(), x.detail)
                for i, x in enumerate(offered[SHOWN:SHOWN + 25], SHOWN)]
        items.append(GameSelect(gid, ver, 0, opts, _("More choices…"), row=2))
    if d.pick and d.pick.options:
        chosen = set(d.pick.chosen)
        opts = [option(label, "k:" + value, desc, default=value in chosen) for value, label, desc in d.pick.options]
        items.append(GameSelect(gid, ver, 1, opts[:25], d.pick.placeholder, row=3, low=d.pick.low,
                                high=min(d.pick.high, len(opts[:25])) or 1))
    return {"content": fit("\n".join(lines), 1900), "view": view_of(items), "embed": None}


def wagon_text(state: dict, seat: int) -> str:
    """A player's own goods, gold values included (ephemeral only)."""
    from games.pioneer_days.rules.effects import free_spaces
    from games.pioneer_days.rules.scoring import breakdown
    p = state["players"][seat]
    gold = sorted(p["gold"])
    wagons = ", ".join((_("small") if w["size"] == "small" else _("large"))
                       + (" (" + n_("{n} damage", "{n} damage", w["damage"]) + ")" if w["damage"] else "")
                       for w in p["wagons"])
    lines = ["**" + _("Your wagon, {name}", name=p["name"]) + "** " + _("(only you can see this)"),
             " · ".join([f"${p['silver']}", n_("{n} wood", "{n} wood", p["wood"]),
                         n_("{n} medicine", "{n} medicine", p["medicine"]),
                         n_("{n} cattle", "{n} cattle", p["cattle"]), n_("{n} favor", "{n} favors", p["favors"])]),
             (_("Gold tokens: {values} ({nuggets})", values=", ".join(map(str, gold)),
                nuggets=n_("{n} nugget", "{n} nuggets", sum(gold))) if gold else _("Gold tokens: none")),
             _("Wagons: {wagons} · free spaces: {free}", wagons=wagons or _("none"), free=free_spaces(p))]
    if p["equipment"]:
        lines.append(_("Equipment: {names}", names=", ".join(narrate.name_of("equipment", t)
                                                              for t in p["equipment"])))
    if p["townsfolk"]:
        lines.append(_("Townsfolk:"))
        lines += [f"• {card_line('townsfolk', t)}" for t in p["townsfolk"]]
    pioneer = _("Pioneer (standard)") if p["side"] == "standard" else narrate.name_of("pioneer", p["pioneer"])
    lines.append(_("Pioneer: {name}", name=pioneer))
    b = breakdown(state, seat)
    lines.append(_("Score so far: {vp} VP", vp=b["total"]))
    return "\n".join(lines)


def discards(game: GameRow, seat: int) -> list:
    """The goods the player may give back now (their own turn, before the die is used)."""
    st = game.state
    if st["stage"] != "turn" or st["turn"] != seat:
        return []
    return [a for a in engine.legal_actions(st, seat) if a.id.split(":")[1] == "drop"]


def _discard_label(body: str) -> str:
    parts = body.split(":")
    if parts[1] in ("wood", "medicine"):
        return _("Discard 1 wood") if parts[1] == "wood" else _("Discard 1 medicine")
    if parts[1] == "gold":
        return n_("Discard a gold token ({n} nugget)", "Discard a gold token ({n} nuggets)", int(parts[2]))
    return _("Discard {tile}", tile=narrate.name_of("equipment", parts[2]))


def wagon_view(game: GameRow, seat: int):
    acts = discards(game, seat)
    if not acts:
        return None
    opts = [option(_discard_label(a.id.split(":", 1)[1]), "m:" + a.id) for a in acts]
    return view_of([GameSelect(game.id, game.state["seq"], 0, opts[:25], _("Discard goods…"), row=0)])


def card_line(kind: str, cid: str) -> str:
    c = card(kind, cid)
    return f"**{c['name']}**: {c['effect']}" + (f" · {c['vp']}" if c["vp"] else "")


