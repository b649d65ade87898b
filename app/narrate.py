"""Short English narration of engine events (pure text, no Discord).

Pass only public events here (engine.public_event(ev, None)): gold token values never appear,
even if an event still carried them."""

from engine.cards import EQUIPMENT, PIONEERS, TOWNS, TOWNSFOLK
from engine.describe import res_text

DIE = {"blue": "🟦", "red": "🟥", "yellow": "🟨", "green": "🟩", "black": "⬛"}
DISASTER = {"storm": "Storm", "raid": "Raid", "famine": "Famine", "disease": "Disease"}
USE = {"mine": "Mine action", "equip": "Equip action", "cattle": "Cattle action", "wood": "Wood action",
       "medicine": "Medicine action"}
MAX_LINE = 300


LETTER = {"blue": "B", "red": "R", "yellow": "Y", "green": "G", "black": "K"}


def die(colour: str, face: str) -> str:
    """"🟦 B Wood": emoji and letter, so the colour never depends on telling red from green."""
    return f"{DIE.get(colour, colour)} {LETTER.get(colour, '?')} {face.title()}"


def name_of(kind: str, cid: str) -> str:
    table = {"townsfolk": TOWNSFOLK, "equipment": EQUIPMENT, "town": TOWNS, "pioneer": PIONEERS}[kind]
    return table[cid]["name"] if cid in table else cid


def res(m: dict | None) -> str:
    """{'silver': 4, 'wood': 1} -> '$4, 1 wood' (gold as a count of tokens only)."""
    return res_text(m, ", ")


def _outcome(e: dict) -> str:
    """What a die use / trigger produced: '+$4', '+1 wood (1 lost: no space)'..."""
    bits = []
    if e.get("paid"):
        bits.append(f"paid {res(e['paid'])}")
    if e.get("gained"):
        bits.append("+" + res(e["gained"]))
    if e.get("equipment"):
        bits.append("took " + ", ".join(name_of("equipment", t) for t in e["equipment"]))
    if e.get("lost"):
        bits.append(f"lost {res(e['lost'])} (no space)")
    for d in e.get("retreated", []):
        bits.append(f"{DISASTER[d]} marker back 1")
    return ", ".join(bits)


def _triggers(fired: list) -> str:
    out = []
    for t in fired or []:
        what = _outcome(t)
        if what:
            out.append(f"{name_of(t['source'], t['id'])}: {what}")
    return f" ({'; '.join(out)})" if out else ""


def tracks(t: dict) -> str:
    return " · ".join(f"{DISASTER[d]} {t[d]}/4" for d in DISASTER if d in t)


def event_text(ev: dict, names: list[str]) -> str | None:
    """One event as a short sentence, or None for events not worth a line."""
    t = ev["type"]
    who = names[ev["seat"]] if "seat" in ev and ev["seat"] is not None and ev["seat"] < len(names) else "?"
    if t == "game_started":
        shown = names if len(names) == len(ev["players"]) else ev["players"]  # AI seats marked
        return (f"Game started: {', '.join(shown)} (townsfolk {'+'.join(ev['sets'])}, "
                f"{ev['pioneers']} pioneers). {shown[ev['start']]} starts.")
    if t == "pioneers_dealt":
        return "Each player was dealt two pioneer boards."
    if t == "pioneer_chosen":
        side = "the standard Pioneer" if ev["side"] == "standard" else name_of("pioneer", ev["pioneer"])
        return f"{who} plays {side}."
    if t == "week_started":
        return f"Week {ev['week']} begins: towns {', '.join(name_of('town', x) for x in ev['towns'])}."
    if t == "day_started":
        pool = ", ".join(die(d["colour"], d["face"]) for d in ev["pool"])
        return f"Day {ev['day']}: {names[ev['start']]} starts. Dice: {pool}."
    if t == "die_picked":
        return f"{who} took the {die(ev['colour'], ev['face'])} die{_triggers(ev.get('triggered') or [])}."
    if t == "face_changed":
        return f"{who} paid ${ev['cost']} to turn it to {ev['to'].title()}."
    if t == "die_taken":
        use = ev["use"]
        if use == "income":
            return f"{who} took income: {_outcome(ev) or 'nothing'}."
        if use == "recruit":
            extra = _outcome(ev)
            tail = f" ({extra})." if extra else "."
            return f"{who} recruited {name_of('townsfolk', ev['townsfolk'])}{tail}"
        return f"{who} used the {USE.get(use, use)}: {_outcome(ev) or 'nothing'}."
    if t == "wagon_bought":
        return f"{who} bought a {ev['size']} wagon for ${ev['cost']}."
    if t == "goods_discarded":
        w = ev["what"]
        plain = {"wood": "1 wood", "medicine": "1 medicine", "gold": "a gold token"}
        thing = plain.get(w) or name_of("equipment", w)
        return f"{who} discarded {thing}."
    if t == "disaster_advanced":
        if ev["why"] == "final":
            head = "Final advance of every track"
        else:
            c = ev["colour"]
            head = f"Day over: the {DIE.get(c, '')} {LETTER.get(c, '')} {c} die was left"
        hit = ""
        if ev["triggered"]:
            hit = " " + " and ".join(DISASTER[d] for d in ev["triggered"])
            hit += " strikes!" if len(ev["triggered"]) == 1 else " strike!"
        return f"{head} ({tracks(ev['tracks'])}).{hit}"
    if t == "disaster_triggered":
        return disaster_summary(ev, names)
    if t == "town_visited":
        return town_summary(ev, names)
    if t == "game_over":
        win = [names[s] for s in ev["winners"]]
        top = max(r["total"] for r in ev["players"])
        return f"Game over: {' and '.join(win)} {'win' if len(win) > 1 else 'wins'} with {top} VP."
    return None  # turn_ended, disaster_started: implied by the neighbouring lines


def _diff(before: dict, after: dict) -> str:
    bits = []
    for k in ("silver", "wood", "medicine", "cattle"):
        d = after[k] - before[k]
        if d:
            bits.append(f"{'+' if d > 0 else '-'}{'$' if k == 'silver' else ''}{abs(d)}"
                        f"{'' if k == 'silver' else ' ' + k}")
    if after["damage"] > before["damage"]:
        n = after["damage"] - before["damage"]
        bits.append(f"{n} damage")
    lost = [t for t in before["townsfolk"] if t not in after["townsfolk"]]
    if lost:
        bits.append("lost " + ", ".join(name_of("townsfolk", t) for t in lost))
    g = before["gold_tokens"] - after["gold_tokens"]
    if g > 0:
        bits.append(f"-{g} gold token{'s' * (g > 1)}")
    return ", ".join(bits)


def disaster_summary(ev: dict, names: list[str]) -> str:
    parts = []
    for p in ev["players"]:
        if p["immune"]:
            parts.append(f"{names[p['seat']]} immune")
        else:
            parts.append(f"{names[p['seat']]} {_diff(p['before'], p['after']) or 'unharmed'}")
    return f"{DISASTER[ev['disaster']]}: " + "; ".join(parts) + "."


def town_summary(ev: dict, names: list[str]) -> str:
    parts = []
    for p in ev["players"]:
        bits = []
        if p["cattle_vp"]:
            bits.append(f"+{p['cattle_vp']} VP for cattle")
        if p["cards"]:
            bits.append(f"satisfied {', '.join(name_of('town', c) for c in p['cards'])} "
                        f"(+{p['favors']} favor{'s' * (p['favors'] != 1)})")
        parts.append(f"{names[p['seat']]} {', '.join(bits) or 'nothing'}")
    return f"Town visit (week {ev['week']}): " + "; ".join(parts) + "."


def action_line(events: list, names: list[str]) -> str:
    """All events of one accepted action as one short line."""
    texts = [x for x in (event_text(e, names) for e in events) if x]
    line = " ".join(texts)
    return line if len(line) <= MAX_LINE else line[:MAX_LINE - 1] + "…"


def lines(events: list, names: list[str]) -> list[str]:
    return [x for x in (event_text(e, names) for e in events) if x]
