"""The action panel: one message per game day, edited in place after every move, frozen into that
day's record when the day ends. Built from the stored game; no I/O here."""

import discord

import engine
from app import narrate
from db import GameRow

from .components import GameButton, clip, view_of
from .layout import BROWN, GREEN, fit, is_private, pack
from .texts import heading, mention, timer_text, title

STEP_TEXT = {"pick": "take a die from the pool", "wild": "choose what the Wild die does",
             "equip": "choose an equipment tile", "after": "buy a wagon, or end the turn"}

def _turn_groups(acts: list) -> list[tuple]:
    groups: dict[str, list] = {"take": [], "use": [], "face": [], "buy": [], "drop": []}
    for a in acts:
        if is_private(a.id):
            continue  # the value of a gold token: offered in "My wagon" only
        verb = a.id.split(":")[1]
        groups[verb if verb in groups else "use"].append(a)
    return [("Take a die", groups["take"]), ("Use the die", groups["use"]),
            ("Turn the die to another face ($)", groups["face"]), ("Buy a wagon", groups["buy"]),
            ("Discard goods", groups["drop"], "select")]  # discards are rare and may be many

def dice_line(state: dict) -> str:
    return " · ".join(narrate.die(c, f) for c, f in state["pool"]) or "none"

def player_line(p: dict) -> str:
    bits = [f"${p['silver']}", f"{p['wood']} wood", f"{p['medicine']} medicine", f"{p['cattle']} cattle",
            f"{len(p['gold'])} gold token{'s' * (len(p['gold']) != 1)}", f"{len(p['wagons'])} wagon"
            f"{'s' * (len(p['wagons']) != 1)}"]
    if p["townsfolk"]:
        bits.append(f"{len(p['townsfolk'])} townsfolk")
    if p["equipment"]:
        bits.append(f"{len(p['equipment'])} equipment")
    if p["favors"]:
        bits.append(f"{p['favors']} favor{'s' * (p['favors'] > 1)}")
    return " · ".join(bits)

def decision_heading(state: dict) -> str:
    if state["stage"] == "disaster":
        d = state["disasters"][0] if state["disasters"] else None
        return f"**{d.title()}!**" if d else "**Disaster!**"
    if state["stage"] == "town":
        return f"**Town visit** (end of week {state['week']})"
    return "**Choosing pioneers**"

def panel(game: GameRow, note: str | None = None) -> dict:
    """kwargs for send/edit of the action panel: content, embed, view, allowed_mentions."""
    state = game.state
    gid, ver = game.id, state["seq"]
    lines, content = [], ""
    fixed = [GameButton(gid, ver, "wagon", "My wagon (private)", discord.ButtonStyle.secondary, "🔒")]
    items: list = []
    if state["stage"] == "turn":
        seat = state["turn"]
        who = game.display(seat)
        lines.append(f"Dice in the pool: {dice_line(state)}")
        if state["step"] == "use" and state["die"]:
            d = state["die"]
            changed = " (face changed)" if d.get("changed") else ""
            lines.append(f"👉 **{who}** took {narrate.die(d['colour'], d['face'])}{changed}: "
                         "choose how to use it.")
        else:
            lines.append(f"👉 **{who}**: {STEP_TEXT.get(state['step'], 'decide')}.")
        if game.is_ai(seat):  # the bot plays this seat: nothing for people to press but their wagon
            items = fixed
            content = f"{who} is playing…"
        else:
            acts = engine.legal_actions(state, seat)
            if any(is_private(a.id) for a in acts):
                lines.append("_To discard a gold token, open **My wagon**._")
            items = pack(gid, ver, _turn_groups(acts), fixed)
            content = f"{mention(game, seat)}, it's your turn."
    elif state["stage"] in ("disaster", "town", "pioneer"):
        waiting = engine.deciders(state)
        lines.append(decision_heading(state) + " Each player with a choice: press **Decide** to see yours "
                     "privately.")
        lines.append("Still deciding: " + ", ".join(f"**{game.display(s)}**" for s in waiting))
        items = [GameButton(gid, ver, "decide", "Decide (private)", discord.ButtonStyle.primary, "✋", row=0),
                 *fixed]
        fixed[0].row = 0
        content = "Waiting for " + ", ".join(mention(game, s) for s in waiting) + "."
    lines.append("Tracks: " + narrate.tracks(state["tracks"]))
    if note:
        lines.append(note)
    recent = game.recent[-4:]
    if recent:
        lines.append("\n**Recent**\n" + "\n".join(f"• {x}" for x in recent))
    emb = discord.Embed(title=title(state), description=fit("\n".join(lines), 4000), colour=GREEN)
    for p in state["players"]:
        mark = " ⭐" if p["seat"] == state["start"] and state["stage"] != "pioneer" else ""
        emb.add_field(name=clip(f"{game.display(p['seat'])}{mark}", 250), value=player_line(p), inline=False)
    timer = game.options.get("timer", 0)
    emb.set_footer(text=f"Game {gid} · move {ver} · ⭐ start player"
                        + (f" · ⏱ {timer_text(timer)} per turn, then the AI decides" if timer else ""))
    # the panel is edited far more often than posted, and edits notify no one: pings do (ping_text)
    return {"content": content, "embed": emb, "view": view_of(items) if items else None,
            "allowed_mentions": discord.AllowedMentions.none()}

def frozen(game: GameRow, facts: dict, lines: list[str], seq: int) -> dict:
    """The panel of a finished day, kept in the channel as that day's record (no buttons): one line per
    event of that day (facts: app.outbox.heading_facts of the panel's state)."""
    body = "\n".join(f"• {x}" for x in lines) or "—"
    emb = discord.Embed(title=heading(facts), description=fit(body, 4000), colour=BROWN)
    emb.set_footer(text=f"Game {game.id} · move {seq}")
    return {"content": "", "embed": emb, "view": None}
