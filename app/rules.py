"""/pioneer rules: help by topic and every card, tile, town or pioneer by name (texts from the engine)."""

from engine.constants import FACE_CHANGE_COST, INCOME, TRACK_END, WAGONS
from engine.describe import all_cards, card

# one home for what each disaster does (the rules topic, /pioneer rules Storm, and the panels' reminders)
DISASTER_RULES = {
    "storm": "**Storm** (🟦 B blue track): for each wagon, pay 1 wood or it takes a damage token (-2 VP, "
             "2 spaces fewer); goods that no longer fit go back to the supply (you choose which).",
    "raid": "**Raid** (🟥 R red track): you lose half your silver, rounded up.",
    "famine": "**Famine** (🟨 Y yellow track): you must pay $1 per cattle while you have silver; the "
              "cattle you cannot pay for go back to the supply.",
    "disease": "**Disease** (🟩 G green track): for each townsfolk, pay 1 medicine or lose that townsfolk.",
}

TOPICS = {
    "turn": (
        "**A game**: 4 weeks of 5 days. Each day the start player rolls 1 die + 1 per player: the pool.\n"
        "**Your turn**: take a die (your cards that trigger on its face fire), optionally pay "
        f"${FACE_CHANGE_COST} once to turn it to any face, then use it (see `actions`). You may also buy "
        "wagons and discard goods during your turn.\n"
        "**End of day**: the last die advances the disaster track of its colour (black: all four); the "
        "start player passes clockwise. After day 5 the week ends with a town visit."),
    "actions": (
        "Use a die in one of three ways, by its face:\n"
        "• **Income**: take the silver over that face's slot ("
        + ", ".join(f"{f.title()} ${n}" for f, n in INCOME.items()) + ").\n"
        "• **Action**: Mine = draw a gold token (1 per wagon space) · Equip = take a face-up equipment "
        "tile (1 per space) · Cattle = 1 cattle (no space) · Wood / Medicine = 1 (2 per space) · "
        "Wild = any one of those.\n"
        "• **Recruit**: take the townsfolk in that face's slot (Wild slot for Wild)."),
    "wagons": (
        "Wagons hold your goods: "
        + ", ".join(f"{k} = {v['spaces']} spaces for ${v['cost']}" for k, v in WAGONS.items())
        + ". A space holds one kind: 1 gold token, 1 equipment tile, 2 wood or 2 medicine. Cattle, "
        "townsfolk and favors take no space. A damage token covers 2 spaces (-2 VP). Gold token values "
        "are secret: open **My wagon** or `/pioneer wagon` to see yours."),
    "disasters": (
        f"Four tracks (a marker strikes at {TRACK_END}, then goes back to 0), resolved top to bottom. "
        "At the end of each day the die nobody took moves the track of its colour (black: all four).\n"
        + "\n".join(f"• {DISASTER_RULES[d]}" for d in DISASTER_RULES)
        + "\nWhere there is a choice, each player decides privately: press **Decide** on the panel."),
    "town": (
        "At the end of each week: end-of-week townsfolk effects, then 1 VP per cattle, then each player "
        "may satisfy each face-up town card once by discarding what it needs, for favors. After week 4 "
        "every track advances once more before the final town (3 cards)."),
    "scoring": (
        "1 VP per gold nugget · 2 VP per favor, +5 VP for the most favors (ties too; when nobody has a "
        "favor, everybody is tied and gains it) · townsfolk VP · "
        "-2 VP per damage token · plus VP won during the game (cattle at towns, effects). "
        "Ties: most silver left, then a shared victory."),
}


def _index() -> dict[str, tuple[str, str]]:
    out: dict[str, tuple[str, str]] = {}
    for kind, cid in all_cards():
        name = card(kind, cid)["name"]
        out.setdefault(name.lower(), (kind, cid))
    return out


CARDS = _index()


def lookup(query: str) -> str | None:
    """Help for a topic, a disaster, or a card (case-insensitive; any part of a name, if it fits one
    card; several fits are listed)."""
    q = (query or "").strip().lower()
    if not q:
        return None
    if q in TOPICS:
        return TOPICS[q]
    if q in DISASTER_RULES:
        return DISASTER_RULES[q]
    if q in CARDS:
        return card_text(*CARDS[q])
    hits = [v for k, v in CARDS.items() if k.startswith(q)] or [v for k, v in CARDS.items() if q in k]
    if len(hits) == 1:
        return card_text(*hits[0])
    if hits:
        names = sorted(card(kind, cid)["name"] for kind, cid in hits)
        return f"Several cards match `{query.strip()[:50]}`: " + ", ".join(names[:20]) + "."
    return None


def card_text(kind: str, cid: str) -> str | None:
    try:
        c = card(kind, cid)
    except KeyError:
        return None
    out = f"**{c['name']}** — {c['kind']}\n{c['effect']}"
    if c["vp"]:
        out += f"\n{c['vp']}"
    return out


def suggestions(current: str) -> list[tuple[str, str]]:
    """(label, value) pairs for autocomplete: topics first, then card names."""
    q = (current or "").strip().lower()
    out = [(f"Topic: {t}", t) for t in TOPICS if q in t]
    out += [(f"Disaster: {d.title()}", d) for d in DISASTER_RULES if q in d]
    for name, (kind, cid) in CARDS.items():
        if q in name:
            out.append((f"{card(kind, cid)['name']} ({kind})", name))
        if len(out) >= 25:
            break
    return out[:25]
