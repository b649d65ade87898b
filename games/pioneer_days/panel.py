"""The action panel: one message per game day, edited in place after every move, frozen into that
day's record when the day ends (the host does that). Built from the state and the table; no I/O."""

import games.pioneer_days.rules as engine
from engine.moves import Move
from engine.protocol import Button, Item, Menu, Message, Style, Table
from engine.protocol import clip as cut
from games.pioneer_days.rules import words
from games.pioneer_days.rules.constants import DAMAGE_SPACES, DISASTERS, SIMULTANEOUS
from games.pioneer_days.rules.effects import free_spaces, holding, raid_loss, usable_spaces, wagon_cost
from games.pioneer_days.rules.scoring import breakdown

from . import narrate, plans
from .lang import _, n_

SELECT_MAX = 25


def clip(text: str | None, n: int = 100) -> str | None:
    """A text cut to Discord's limit for it (an option's label or description: 100); None stays None."""
    return None if text is None else cut(text, n)


def is_private(action_id: str) -> bool:
    """Actions whose label shows a gold token's value: only ever offered in private messages."""
    body = action_id.split(":", 1)[1]
    return body.startswith(("drop:gold:", "lose:gold:"))


def title(state: dict) -> str:
    if state["stage"] == "pioneer":
        return _("Pioneer Days — choosing pioneers")
    if state["stage"] == "over":
        return _("Pioneer Days — game over")
    return _("Pioneer Days — week {week}, day {day}", week=state["week"], day=state["day"])


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


def tonight_line(state: dict, p: dict) -> str | None:
    """What each disaster that may strike tonight (the final advance included) would cost this player,
    as the rules resolve it ("Storm: 0 wood for 4 wagons → 4 damage (-8 VP), 3 spaces of goods back");
    None when nothing can strike, or nothing would cost them."""
    fc = engine.forecast(state)
    may = [d for d in DISASTERS if any(d in f["strike"] for f in fc["left"].values())]
    m = holding(p).mods  # type: ignore[arg-type]
    bits = []
    for d in may:
        if d in m["immune"]:
            continue
        shield = m["protect"].get(d, 0)
        name = words.disaster(d)
        if d == "storm":
            wagons = max(0, sum(1 for w in p["wagons"] if usable_spaces(w) > 0) - shield)
            hit = max(0, wagons - p["wood"])
            if hit:
                short = max(0, DAMAGE_SPACES * hit - max(0, free_spaces(p)))
                text = _("{disaster}: {wood} wood for {wagons} wagons → {n} damage (-{vp} VP)", disaster=name,
                         wood=p["wood"], wagons=wagons, n=hit, vp=2 * hit)
                if short:
                    text += ", " + n_("{n} space of goods back", "{n} spaces of goods back", short)
                bits.append(text)
        elif d == "raid":
            loss = raid_loss(p["silver"], shield)
            if loss:
                bits.append(_("{disaster}: -${n}", disaster=name, n=loss))
        elif d == "famine":
            hungry = max(0, p["cattle"] - shield)
            lost = max(0, hungry - p["silver"])
            if hungry:
                paid = min(hungry, p["silver"])
                parts = ([f"-${paid}"] if paid else []) + ([n_("{n} cattle lost", "{n} cattle lost", lost)] if lost
                                                           else [])
                bits.append(_("{disaster}: {what}", disaster=name, what=", ".join(parts)))
        else:
            lose = max(0, len(p["townsfolk"]) - shield - p["medicine"])
            if lose:
                bits.append(_("{disaster}: {medicine} medicine for {n} townsfolk → {lose} lost", disaster=name,
                              medicine=p["medicine"], n=len(p["townsfolk"]), lose=lose))
    return ("⚠️ " + _("If it strikes tonight: {what}", what="; ".join(bits))) if bits else None


def public_vp(state: dict) -> list[int]:
    """Each seat's VP so far as everyone may know it: gold tokens are face down, so they count 0."""
    view = engine.view_for(state, None)
    return [breakdown(view, p["seat"])["total"] for p in view["players"]]


def player_line(p: dict, vp: int | None = None) -> str:
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


def utility(row: int) -> list[Button]:
    """The buttons every panel has: your own wagon and the full board, both private."""
    return [Button(_("My wagon"), "mine", "secondary", "🔒", row=row),
            Button(_("Full board"), "board", "secondary", "🔍", row=row)]


def _wagon_buttons(state: dict, seat: int, row: int) -> list[Button]:
    out = []
    for a in engine.legal_actions(state, seat):
        body = a.id.split(":", 1)[1]
        if body.startswith("buy:"):
            size = body[4:]
            cost = wagon_cost(state["players"][seat], size)
            label = _("Buy a {size} wagon (${cost})", size=_("small") if size == "small" else _("large"),
                      cost=cost)
            out.append(Button(label, a.id, "secondary", "🛒", row=row))
    return out


def turn_controls(state: dict, seat: int) -> tuple[list, list[str]]:
    """(controls, extra lines) for the player whose turn it is: the likely choices first, few controls."""
    step = state["step"]
    items: list = []
    lines: list[str] = []
    if step == "pick":
        offered = plans.turn_plans(state, seat)
        shown = offered[:SELECT_MAX]
        if shown:
            items.append(Menu(_("Take a die and use it (ends your turn)…"),
                              [Item(clip(x.label) or "", x.move.text(), clip(x.detail)) for x in shown], row=0))
        if len(offered) > len(shown):
            lines.append(_("More ways to use a die: take it first (buttons below)."))
        seen: list[tuple[str, str]] = []
        for colour, face in state["pool"]:
            if (colour, face) not in seen:
                seen.append((colour, face))
        for colour, face in seen[:5]:
            items.append(Button(_("Take {die}", die=words.die(colour, face)), f"{seat}:take:{colour}:{face}",
                                row=1))
        items += _wagon_buttons(state, seat, 2)
        items += utility(2 if len(items) < 4 + len(seen[:5]) else 3)
    elif step == "use":
        offered = plans.turn_plans(state, seat)
        for i, x in enumerate(offered[:10]):
            style: Style = "success" if x.move.parts[1] == "income" else "primary"
            items.append(Button(x.label, x.move.text(), style, row=i // 5))
        faces = [a for a in engine.legal_actions(state, seat) if a.id.split(":")[1] == "face"]
        if faces:
            items.append(Menu(_("Turn the die to another face…"),
                              [Item(plans.action_label(state, seat, a.id.split(":", 1)[1]), a.id) for a in faces],
                              row=2))
        items += _wagon_buttons(state, seat, 3)
        items += utility(3)
        if len(offered) > 10:  # (every way reachable: past the buttons, a menu)
            items.append(Menu(_("More ways to use it…"), [Item(clip(x.label) or "", x.move.text(), clip(x.detail))
                                                         for x in offered[10:10 + SELECT_MAX]], row=4))
        details = [f"• **{x.label}**: {x.detail}" for x in offered[:10] if x.detail]
        lines += details[:6]
    else:  # wild / equip / after: the engine's own choices
        acts = [a for a in engine.legal_actions(state, seat) if not is_private(a.id)
                and not a.id.split(":")[1].startswith("drop")]
        for i, a in enumerate(acts[:15]):
            body = a.id.split(":", 1)[1]
            items.append(Button(plans.action_label(state, seat, body), Move.action(a.id).text(),
                                "primary" if body == "end" else "secondary", row=i // 5))
        items += utility(3)
    lines += plans.unavailable(state, seat)
    return items, lines


def panel(table: Table, state: dict) -> Message:
    """The action panel: whose turn, the dice, tonight's disasters, everyone's goods; the controls."""
    lines, content = [], ""
    items: list = []
    if state["stage"] == "turn":
        seat = state["turn"]
        who = table.names[seat]
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
        if table.ai[seat]:  # the bot plays this seat: nothing for people to press but their own views
            items = utility(0)
            content = _("{who} is playing…", who=who)
        else:
            items, more = turn_controls(state, seat)
            lines += more
            content = _("{who}, it's your turn.", who=table.mentions[seat])
    elif state["stage"] in SIMULTANEOUS:
        waiting = engine.deciders(state)
        lines.append(decision_heading(state) + " " + _("Each player with a choice: press **Decide** to see "
                                                       "yours privately."))
        lines.append(_("Still deciding: {who}", who=", ".join(f"**{table.names[s]}**" for s in waiting)))
        items = [Button(_("Decide (private)"), "decide", "primary", "✋", row=0), *utility(0)]
        content = _("Waiting for {who}.", who=", ".join(table.mentions[s] for s in waiting))
    lines.append(_("Tracks: {tracks}", tracks=narrate.tracks(state["tracks"])))
    recent = list(table.recent[-4:])
    if recent:
        lines.append("\n**" + _("Recent") + "**\n" + "\n".join(f"• {x}" for x in recent))
    vps = public_vp(state)
    fields = []
    for p in state["players"]:
        mark = " ⭐" if p["seat"] == state["start"] and state["stage"] != "pioneer" else ""
        warn = tonight_line(state, p) if state["stage"] == "turn" else None
        fields.append((f"{table.names[p['seat']]}{mark}", player_line(p, vps[p["seat"]])
                       + (f"\n{warn}" if warn else "")))
    footer = _("Game {id} · move {move} · ⭐ start player", id=table.id, move=state["seq"])
    return Message(content=content, title=title(state), body="\n".join(lines), fields=fields, footer=footer,
                   colour="green", controls=items)
