"""Short narration of engine events, in the current language (pure text, no Discord).

Pass only public events here (engine.public_event(ev, None)): gold token values never appear,
even if an event still carried them."""

from games.pioneer_days.rules.constants import DAMAGE_VP
from games.pioneer_days.rules.words import DIE, LETTER, die, disaster, face, name, res_list

from .lang import _, n_

MAX_LINE = 300

__all__ = ["DIE", "LETTER", "die", "name_of", "tracks", "event_text", "lines", "action_line"]


def name_of(kind: str, cid: str) -> str:
    return name(kind, cid)


def res(m: dict | None) -> str:
    """{'silver': 4, 'wood': 1} -> '$4, 1 wood' (gold as a count of tokens only)."""
    return res_list(m, ", ")


def _outcome(e: dict) -> str:
    """What a die use / trigger produced: '+$4', '+1 wood (1 lost: no space)'..."""
    bits = []
    if e.get("paid"):
        bits.append(_("paid {what}", what=res(e["paid"])))
    if e.get("gained"):
        bits.append("+" + res(e["gained"]))
    if e.get("equipment"):
        bits.append(_("took {tiles}", tiles=", ".join(name("equipment", t) for t in e["equipment"])))
    if e.get("lost"):
        bits.append(_("lost {what} (no space)", what=res(e["lost"])))
    for d in e.get("retreated", []):
        bits.append(_("{disaster} marker back 1", disaster=disaster(d)))
    return ", ".join(bits)


def _triggers(fired: list) -> str:
    out = []
    for t in fired or []:
        what = _outcome(t)
        if what:
            out.append(f"{name(t['source'], t['id'])}: {what}")
    return f" ({'; '.join(out)})" if out else ""


def tracks(t: dict) -> str:
    return " · ".join(f"{disaster(d)} {t[d]}/4" for d in ("storm", "raid", "famine", "disease") if d in t)


def event_text(ev: dict, names: list[str]) -> str | None:
    """One event as a short sentence, or None for events not worth a line."""
    t = ev["type"]
    who = names[ev["seat"]] if "seat" in ev and ev["seat"] is not None and ev["seat"] < len(names) else "?"
    if t == "game_started":
        shown = names if len(names) == len(ev["players"]) else ev["players"]  # AI seats marked
        mode = _("standard pioneers") if ev["pioneers"] == "standard" else _("unique pioneers")
        return _("Game started: {players} (townsfolk {sets}, {mode}). {first} starts.",
                 players=", ".join(shown), sets="+".join(ev["sets"]), mode=mode, first=shown[ev["start"]])
    if t == "pioneers_dealt":
        return _("Each player was dealt two pioneer boards.")
    if t == "pioneer_chosen":
        side = _("the standard Pioneer") if ev["side"] == "standard" else name("pioneer", ev["pioneer"])
        return _("{who} plays {side}.", who=who, side=side)
    if t == "week_started":
        return _("Week {week} begins: towns {towns}.", week=ev["week"],
                 towns=", ".join(name("town", x) for x in ev["towns"]))
    if t == "day_started":
        pool = ", ".join(die(d["colour"], d["face"]) for d in ev["pool"])
        return _("Day {day}: {who} starts. Dice: {dice}.", day=ev["day"], who=names[ev["start"]], dice=pool)
    if t == "die_picked":
        return _("{who} took the {die} die{triggers}.", who=who, die=die(ev["colour"], ev["face"]),
                 triggers=_triggers(ev.get("triggered") or []))
    if t == "face_changed":
        return _("{who} paid ${cost} to turn it to {face}.", who=who, cost=ev["cost"], face=face(ev["to"]))
    if t == "die_taken":
        use = ev["use"]
        if use == "income":
            return _("{who} took income: {what}.", who=who, what=_outcome(ev) or _("nothing"))
        if use == "recruit":
            extra = _outcome(ev)
            if extra:
                return _("{who} recruited {name} ({extra}).", who=who, name=name("townsfolk", ev["townsfolk"]),
                         extra=extra)
            return _("{who} recruited {name}.", who=who, name=name("townsfolk", ev["townsfolk"]))
        return _("{who} used the {face} action: {what}.", who=who, face=face(use), what=_outcome(ev) or _("nothing"))
    if t == "wagon_bought":
        size = _("small") if ev["size"] == "small" else _("large")
        return _("{who} bought a {size} wagon for ${cost}.", who=who, size=size, cost=ev["cost"])
    if t == "goods_discarded":
        w = ev["what"]
        plain = {"wood": res_list({"wood": 1}), "medicine": res_list({"medicine": 1}), "gold": _("a gold token")}
        thing = plain.get(w) or name("equipment", w)
        return _("{who} discarded {thing}.", who=who, thing=thing)
    if t == "disaster_advanced":
        hit = ""
        if ev["triggered"]:
            hit = " " + n_("{names} strikes!", "{names} strike!", len(ev["triggered"]),
                           names=_(" and ").join(disaster(d) for d in ev["triggered"]))
        if ev["why"] == "final":
            return _("Final advance of every track ({tracks}).", tracks=tracks(ev["tracks"])) + hit
        c = ev["colour"]
        left = " ".join((DIE.get(c, ""), LETTER.get(c, "")))
        return _("Day over: the {die} die was left ({tracks}).", die=left, tracks=tracks(ev["tracks"])) + hit
    if t == "disaster_triggered":
        return disaster_summary(ev, names)
    if t == "town_visited":
        return town_summary(ev, names)
    if t == "majority_moved":
        return majority_text(ev, names)
    if t == "game_over":
        win = [names[s] for s in ev["winners"]]
        top = max(r["total"] for r in ev["players"])
        said = n_("Game over: {names} wins with {vp} VP.", "Game over: {names} win with {vp} VP.", len(win),
                  names=_(" and ").join(win), vp=top)
        tied = [r for r in ev["players"] if r["total"] == top]
        if len(tied) > len(win):  # (a tie on VP that silver decided)
            mine = max(r["silver"] for r in tied)
            said += " " + _("The tie on VP goes to the most silver left: ${a} against ${b}.", a=mine,
                            b=max(r["silver"] for r in tied if r["silver"] < mine))
        return said
    return None  # turn_ended, disaster_started: implied by the neighbouring lines


def _diff(before: dict, after: dict) -> str:
    bits = []
    for k in ("silver", "wood", "medicine", "cattle"):
        d = after[k] - before[k]
        if d:
            bits.append(("+" if d > 0 else "-") + res_list({k: abs(d)}))
    if after["damage"] > before["damage"]:
        n = after["damage"] - before["damage"]
        bits.append(n_("{n} damage ({vp} VP)", "{n} damage ({vp} VP)", n, vp=f"−{-DAMAGE_VP * n}"))
    lost = [t for t in before["townsfolk"] if t not in after["townsfolk"]]
    if lost:
        bits.append(_("lost {names}", names=", ".join(name("townsfolk", t) for t in lost)))
    g = before["gold_tokens"] - after["gold_tokens"]
    if g > 0:
        bits.append("-" + res_list({"gold": g}))
    return ", ".join(bits)


def disaster_summary(ev: dict, names: list[str]) -> str:
    parts = []
    for p in ev["players"]:
        if p["immune"]:
            parts.append(_("{who} immune", who=names[p["seat"]]))
        else:
            parts.append(names[p["seat"]] + " " + (_diff(p["before"], p["after"]) or _("unharmed")))
    return f"{disaster(ev['disaster'])}: " + "; ".join(parts) + "."


def town_summary(ev: dict, names: list[str]) -> str:
    parts = []
    for p in ev["players"]:
        bits = []
        if p["cattle_vp"]:
            bits.append(_("+{vp} VP for cattle", vp=p["cattle_vp"]))
        if p["cards"]:
            bits.append(_("satisfied {towns} ({favors})", towns=", ".join(name("town", c) for c in p["cards"]),
                          favors="+" + res_list({"favor": p["favors"]})))
        parts.append(names[p["seat"]] + " " + (", ".join(bits) or _("nothing")))
    return _("Town visit (week {week}): {players}.", week=ev["week"], players="; ".join(parts))


def majority_text(ev: dict, names: list[str]) -> str:
    """The favors' majority bonus moved (a town visit): who has the most favors now, who gained the bonus and
    who lost it: the reason a player's VP changed on the others' choices."""
    def who(seats: list[int]) -> str:
        return _(" and ").join(names[s] for s in seats)
    has, vp = ev["after"], ev["vp"]
    gained = [s for s in has if s not in ev["before"]]
    lost = [s for s in ev["before"] if s not in has]
    out = [n_("{names} now has the most favors ({favors}).", "{names} now share the most favors ({favors}).",
              len(has), names=who(has), favors=ev["favors"])]
    if gained:
        out.append(n_("{names} gains the majority bonus (+{vp} VP).",
                      "{names} gain the majority bonus (+{vp} VP each).", len(gained), names=who(gained), vp=vp))
    if lost:
        out.append(n_("{names} loses the majority bonus (−{vp} VP).",
                      "{names} lose the majority bonus (−{vp} VP each).", len(lost), names=who(lost), vp=vp))
    return " ".join(out)


def action_line(events: list, names: list[str]) -> str:
    """All events of one accepted action as one short line."""
    texts = [x for x in (event_text(e, names) for e in events) if x]
    line = " ".join(texts)
    return line if len(line) <= MAX_LINE else line[:MAX_LINE - 1] + "…"


def lines(events: list, names: list[str]) -> list[str]:
    return [x for x in (event_text(e, names) for e in events) if x]
