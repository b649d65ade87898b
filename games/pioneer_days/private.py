"""What one player sees privately: their simultaneous decision as one message, and their wagon, gold
values included."""

import games.pioneer_days.rules as engine
from engine.protocol import Button, Item, Menu, Message, Picture, Table
from games.pioneer_days.rules.describe import card

from . import narrate, plans
from .lang import _, n_
from .panel import clip

SHOWN = 10  # plans shown as numbered buttons; more go into a select


def decision(table: Table, state: dict, seat: int, picked: list[str] | tuple[str, ...] = ()) -> Message | None:
    """A player's own simultaneous decision, in one message: the situation, every choice with what it
    costs and what then happens, one click to confirm. `picked`: townsfolk picked in the multi-select:
    the plan they make is offered first."""
    d = plans.decision(state, seat)
    if d is None:
        return None
    plan = None
    if picked and d.pick is not None:
        dec = state["pending"][seat]
        plan = plans.disease_plan(state, seat, [x for x in picked if x in dec.get("left", ())])
    offered = ([plan] if plan else []) + [x for x in d.plans if not plan or x.move != plan.move]
    lines = [f"**{d.title}**", *d.lines, "", "**" + _("Your choices") + "**"]
    items: list = []
    for i, x in enumerate(offered[:SHOWN]):
        label = f"{i + 1}. {x.label}"
        lines.append(f"{label} → {x.detail or _('nothing changes')}")
        items.append(Button(label, x.move.text(), "primary" if i == 0 else "secondary", row=i // 5))
    if len(offered) > SHOWN:
        items.append(Menu(_("More choices…"), [Item(clip(f"{i + 1}. {x.label}") or "", x.move.text(), clip(x.detail))
                                               for i, x in enumerate(offered[SHOWN:SHOWN + 25], SHOWN)], row=2))
    if d.pick and d.pick.options:
        chosen = set(d.pick.chosen)
        opts = [Item(clip(label) or "", "k:" + value, clip(desc), default=value in chosen)
                for value, label, desc in d.pick.options]
        items.append(Menu(d.pick.placeholder, opts[:25], low=d.pick.low, high=min(d.pick.high, len(opts[:25])) or 1,
                          row=3))
    return Message(content="\n".join(lines), controls=items)


def mine(table: Table, state: dict, seat: int) -> Message:
    """A player's own wagon (gold values included), and the goods they may discard now."""
    content = wagon_text(state, seat)
    controls: list = []
    acts = discards(state, seat)
    if acts:
        items = [Item(_discard_label(a.id.split(":", 1)[1]), a.id) for a in acts][:25]
        controls.append(Menu(_("Discard goods…"), items, row=0))
        content += "\n" + _("You may discard goods during your turn:")
    # (the picture gets the seat's view again: `state` is made whole from it, seen.py)
    return Message(content=content, controls=controls,
                   picture=Picture("mine", (engine.view_for(state, seat), seat), "wagon.png"))


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


def discards(state: dict, seat: int) -> list:
    """The goods the player may give back now (their own turn, before the die is used)."""
    import games.pioneer_days.rules as engine
    if state["stage"] != "turn" or state["turn"] != seat:
        return []
    return [a for a in engine.legal_actions(state, seat) if a.id.split(":")[1] == "drop"]


def _discard_label(body: str) -> str:
    parts = body.split(":")
    if parts[1] in ("wood", "medicine"):
        return _("Discard 1 wood") if parts[1] == "wood" else _("Discard 1 medicine")
    if parts[1] == "gold":
        return n_("Discard a gold token ({n} nugget)", "Discard a gold token ({n} nuggets)", int(parts[2]))
    return _("Discard {tile}", tile=narrate.name_of("equipment", parts[2]))


def card_line(kind: str, cid: str) -> str:
    c = card(kind, cid)
    return f"**{c['name']}**: {c['effect']}" + (f" · {c['vp']}" if c["vp"] else "")


