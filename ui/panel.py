"""What the channel shows: the lobby, the action panel, a player's private choices, the final results.
Builds embeds and component views from the stored game; no I/O here.

Discord limits honoured: 5 rows, 5 buttons a row, labels <= 80, select options <= 25."""

import discord

import engine
from app import narrate
from app.service import TIMERS
from db import GameRow
from engine.cards import PIONEERS
from engine.describe import card

from .components import GameButton, GameSelect, clip, view_of

GREEN = discord.Colour.from_rgb(76, 140, 74)
BROWN = discord.Colour.from_rgb(150, 98, 52)
STEP_TEXT = {"pick": "take a die from the pool", "wild": "choose what the Wild die does",
             "equip": "choose an equipment tile", "after": "buy a wagon, or end the turn"}
KIND_TEXT = {"storm": "Storm: pay wood or take damage on each wagon",
             "overflow": "Storm: goods that no longer fit must go back",
             "famine": "Famine: pay $1 per cattle to keep it",
             "disease": "Disease: pay medicine for each townsfolk or lose it",
             "town": "Town visit: satisfy town cards", "pioneer": "Choose your pioneer"}


def is_private(action_id: str) -> bool:
    """Actions whose label shows a gold token's value: only ever offered in ephemeral messages."""
    body = action_id.split(":", 1)[1]
    return body.startswith(("drop:gold:", "lose:gold:"))


def _style(body: str) -> discord.ButtonStyle:
    """Green for income, blue for using the die or deciding, red for losing something."""
    verb = body.split(":")[0]
    if verb == "income":
        return discord.ButtonStyle.success
    if verb in ("act", "recruit", "wild", "equip", "end", "town", "pioneer"):
        return discord.ButtonStyle.primary
    if verb == "lose" or body.startswith(("storm:damage", "disease:lose")):
        return discord.ButtonStyle.danger
    return discord.ButtonStyle.secondary


def _emoji(body: str):
    parts = body.split(":")
    if parts[0] == "take":
        return narrate.DIE.get(parts[1])
    return None


def pack(gid: int, ver: int, groups: list[tuple], fixed: list, rows: int = 5) -> list:
    """Lays out groups (name, actions[, "select"]) as rows of up to 5 buttons, turning the
    lowest-priority groups into select menus when they would not fit; `fixed` (utility buttons)
    share the last row."""
    budget = rows - (1 if fixed else 0)
    layout = [[g[0], g[1], g[2] if len(g) > 2 else "buttons"] for g in groups if g[1]]

    def need(g):
        return -(-len(g[1]) // (5 if g[2] == "buttons" else 25))
    for g in reversed(layout):
        if sum(need(x) for x in layout) <= budget:
            break
        if g[2] == "buttons" and len(g[1]) > 1:
            g[2] = "select"
    items, row, n = [], 0, 0
    for g in layout:
        name, acts, kind = g
        if kind == "buttons":
            for i, a in enumerate(acts):
                r = row + i // 5
                if r >= budget:
                    break
                body = a.id.split(":", 1)[1]
                items.append(GameButton(gid, ver, a.id, a.label, _style(body), _emoji(body), row=r))
        else:
            for k in range(0, len(acts), 25):
                if row + k // 25 >= budget:
                    break
                opts = [discord.SelectOption(label=clip(a.label, 100), value=a.id) for a in acts[k:k + 25]]
                items.append(GameSelect(gid, ver, n, opts, clip(f"{name}…", 150), row=row + k // 25))
                n += 1
        row += need(g)
        if row >= budget:
            break
    for it in fixed:
        it.row = min(row, rows - 1)
        items.append(it)
    return items


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


def mention(game: GameRow, seat: int) -> str:
    uid = game.user_at(seat)
    return f"<@{uid}>" if uid and uid > 0 else f"**{game.display(seat)}**"


def ping_text(game: GameRow, seats: list[int]) -> str:
    """The short message that notifies people of their new decision (an edited panel notifies no one).
    It is posted under the panel, also when a day's image and a new panel come first."""
    where = "see the panel ↑"
    who = " ".join(mention(game, s) for s in seats)
    state = game.state
    if state["stage"] == "turn":
        return f"{who}, your turn — {where}"
    what = {"town": "the town visit", "pioneer": "your pioneer"}.get(state["stage"])
    if what is None:
        what = f"the {state['disasters'][0].title()}" if state["disasters"] else "the disaster"
    return f"{who}: decide {what} (private) — {where}"


def reminder_text(game: GameRow, seats: list[int], due_at: float) -> str:
    who = " ".join(mention(game, s) for s in seats)
    return (f"⏰ {who}: half of your time is left. The AI decides for you <t:{int(due_at)}:R> — "
            "see the panel ↑")


def heading(state: dict) -> str:
    """The title of a finished panel: what part of the game it covered."""
    st = state["stage"]
    if st == "disaster":
        d = state["disasters"][0] if state["disasters"] else "disaster"
        return f"Week {state['week']}, day {state['day']} — {d.title()}"
    if st == "town":
        return f"Week {state['week']} — town visit"
    if st == "pioneer":
        return "Pioneers chosen"
    return f"Week {state['week']}, day {state['day']}"


def title(state: dict) -> str:
    if state["stage"] == "pioneer":
        return "Pioneer Days — choosing pioneers"
    if state["stage"] == "over":
        return "Pioneer Days — game over"
    return f"Pioneer Days — week {state['week']}, day {state['day']}"


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
    emb = discord.Embed(title=title(state), description=_fit("\n".join(lines), 4000), colour=GREEN)
    for p in state["players"]:
        mark = " ⭐" if p["seat"] == state["start"] and state["stage"] != "pioneer" else ""
        emb.add_field(name=clip(f"{game.display(p['seat'])}{mark}", 250), value=player_line(p), inline=False)
    timer = game.options.get("timer", 0)
    emb.set_footer(text=f"Game {gid} · move {ver} · ⭐ start player"
                        + (f" · ⏱ {_timer_text(timer)} per turn, then the AI decides" if timer else ""))
    # the panel is edited far more often than posted, and edits notify no one: pings do (ping_text)
    return {"content": content, "embed": emb, "view": view_of(items) if items else None,
            "allowed_mentions": discord.AllowedMentions.none()}


def _fit(text: str, n: int) -> str:
    return text if len(text) <= n else text[: n - 1] + "…"


def frozen(game: GameRow, state: dict, heading: str) -> dict:
    """The panel of a finished day, kept in the channel as that day's record (no buttons)."""
    marker = f"Day {state['day']}:" if state["stage"] == "turn" else "Day over"
    start = max((i for i, x in enumerate(game.recent) if marker in x), default=0)
    body = "\n".join(f"• {x}" for x in game.recent[start:]) or "—"
    emb = discord.Embed(title=heading, description=_fit(body, 4000), colour=BROWN)
    emb.set_footer(text=f"Game {game.id} · move {state['seq']}")
    return {"content": "", "embed": emb, "view": None}


def choices(game: GameRow, seat: int) -> dict:
    """A player's own simultaneous decision (ephemeral): context and one button per choice."""
    state = game.state
    dec = state["pending"][seat]
    if dec is None:
        waiting = [game.display(s) for s in engine.deciders(state)]
        text = "✅ Done." + (f" Still deciding: {', '.join(waiting)}." if waiting else "")
        return {"content": text, "view": None, "embed": None}
    p = state["players"][seat]
    kind = dec["kind"]
    lines = [f"**{KIND_TEXT.get(kind, kind)}**"]
    if kind in ("storm", "overflow", "famine", "disease"):
        lines.append(f"You have ${p['silver']}, {p['wood']} wood, {p['medicine']} medicine, "
                     f"{p['cattle']} cattle, gold tokens {sorted(p['gold']) or 'none'}.")
    if kind == "town":
        for t in state["towns_up"]:
            c = card("town", t)
            done = " ✅" if t in p["towns"] else ""
            lines.append(f"• **{c['name']}**{done}: {c['effect']} → {c['vp']}")
    if kind == "pioneer":
        for b in ["standard", *p["boards"]]:
            c = card("pioneer", b)
            lines.append(f"• **{c['name']}**: {c['effect']} ({c['vp']})")
    acts = engine.legal_actions(state, seat)
    items = pack(game.id, state["seq"], [("Choose", acts)], [])
    return {"content": _fit("\n".join(lines), 1900), "view": view_of(items), "embed": None}


def wagon_text(state: dict, seat: int) -> str:
    """A player's own goods, gold values included (ephemeral only)."""
    from engine.effects import free_spaces
    from engine.scoring import breakdown
    p = state["players"][seat]
    gold = sorted(p["gold"])
    wagons = ", ".join(w["size"] + (f" ({w['damage']} damage)" if w["damage"] else "") for w in p["wagons"])
    lines = [f"**Your wagon, {p['name']}** (only you can see this)",
             f"${p['silver']} · {p['wood']} wood · {p['medicine']} medicine · {p['cattle']} cattle · "
             f"{p['favors']} favors",
             f"Gold tokens: {', '.join(map(str, gold)) or 'none'} "
             f"({sum(gold)} nugget{'s' * (sum(gold) != 1)})",
             f"Wagons: {wagons or 'none'} · free spaces: {free_spaces(p)}"]
    if p["equipment"]:
        lines.append("Equipment: " + ", ".join(narrate.name_of("equipment", t) for t in p["equipment"]))
    if p["townsfolk"]:
        lines.append("Townsfolk: " + ", ".join(narrate.name_of("townsfolk", t) for t in p["townsfolk"]))
    pioneer = "Pioneer (standard)" if p["side"] == "standard" else PIONEERS[p["pioneer"]]["name"]
    lines.append(f"Pioneer: {pioneer}")
    b = breakdown(state, seat)
    lines.append(f"Score so far: {b['total']} VP")
    return "\n".join(lines)


def private_actions(game: GameRow, seat: int) -> list:
    st = game.state
    if st["stage"] != "turn" or st["turn"] != seat:
        return []
    return [a for a in engine.legal_actions(st, seat) if is_private(a.id)]


def wagon_view(game: GameRow, seat: int):
    acts = private_actions(game, seat)
    if not acts:
        return None
    return view_of(pack(game.id, game.state["seq"], [("Discard a gold token", acts)], []))


def lobby(game: GameRow, note: str | None = None) -> dict:
    o = game.options
    seated = "\n".join(f"{i + 1}. " + (f"🤖 {p.name} ({p.ai})" if p.ai else p.name)
                       + (" (host)" if p.user_id == game.host_id else "") for i, p in enumerate(game.players))
    timer = o.get("timer", 0)
    lines = [f"Host: <@{game.host_id}>",
             f"Townsfolk sets: **{'+'.join(o['sets'])}** · Pioneers: **{o['pioneers']}** · "
             f"Turn timer: **{_timer_text(timer)}**",
             "", f"**Seated ({len(game.players)}/4)**", seated or "—", "",
             "Press **Join** to take a seat. The host can add AI players (solo play: one person and "
             "1-3 AIs), may change the turn timer, and presses **Start** with 2-4 seated, at least one "
             "a person."]
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


def _timer_text(seconds: int) -> str:
    if not seconds:
        return "off"
    if seconds % 3600 == 0:
        return f"{seconds // 3600} h"
    return f"{seconds // 60} min"


def results(game: GameRow, state: dict, has_image: bool) -> dict:
    """The final message: title "Game over", the results image, the breakdown and the winners."""
    res = sorted(state["result"], key=lambda r: (r["rank"], r["seat"]))
    winners = [game.display(r["seat"]) for r in res if r["winner"]]
    head = (f"🏆 **{winners[0]}** wins!" if len(winners) == 1
            else "🏆 Shared victory: " + ", ".join(f"**{w}**" for w in winners))
    emb = discord.Embed(title="Game over", description=head, colour=GREEN)
    for r in res:
        v = r["vp"]
        emb.add_field(
            name=clip(f"{r['rank']}. {game.display(r['seat'])} — {r['total']} VP"
                      + (" 🏆" if r["winner"] else ""), 250),
            value=(f"Gold {v['gold']} · Favors {v['favors']} · Majority {v['majority']} · "
                   f"Townsfolk {v['townsfolk']} · Equipment {v['equipment']} · Damage {v['damage']} · "
                   f"During the game {v['game']} · ${r['silver']} left"),
            inline=False)
    if has_image:
        emb.set_image(url="attachment://results.png")
    emb.set_footer(text=f"Game {game.id}")
    return {"embed": emb}


def standings(game: GameRow, reason: str) -> dict:
    """Posted when a game is ended early: the current scores."""
    from engine.scoring import breakdown
    st = game.state
    emb = discord.Embed(title="Game ended", description=reason, colour=BROWN)
    if st is not None:
        rows = sorted(((breakdown(st, p["seat"])["total"], game.display(p["seat"]), p["silver"])
                       for p in st["players"]), reverse=True)
        emb.add_field(name="Standings when it ended",
                      value="\n".join(f"{i + 1}. **{n}** — {t} VP (${s})"
                                      for i, (t, n, s) in enumerate(rows)))
    emb.set_footer(text=f"Game {game.id}")
    return {"embed": emb}
