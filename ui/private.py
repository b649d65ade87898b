"""What one player sees privately (ephemeral): their simultaneous decisions and their wagon, gold
values included."""

import engine
from app import narrate
from db import GameRow
from engine.cards import PIONEERS
from engine.describe import card

from .components import view_of
from .layout import fit, is_private, pack

KIND_TEXT = {"storm": "Storm: pay wood or take damage on each wagon",
             "overflow": "Storm: goods that no longer fit must go back",
             "famine": "Famine: pay $1 per cattle to keep it",
             "disease": "Disease: pay medicine for each townsfolk or lose it",
             "town": "Town visit: satisfy town cards", "pioneer": "Choose your pioneer"}

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
    return {"content": fit("\n".join(lines), 1900), "view": view_of(items), "embed": None}

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
