"""What Discord shows of Hexholm (the protocol's Show): the public panel (whose turn, the terrain revealed, the
goals, everyone's gold so far), the private decision on a crop of the board (decide.py), one's own next card
(Mine), the story told turn by turn (a chapter a turn: its picture after it), help."""

from collections.abc import Mapping, Sequence
from typing import Any

from engine.protocol import Button, Mark, Menu, Message, Picture, SeatResult, Show, Table

from . import decide, words
from . import help as rules_help
from .lang import N_, _, n_
from .rules import engine as kb
from .rules.constants import BUILDS

CATEGORIES = ("keeps", "anglers", "quarrymen", "guildfolk", "traderoad", "surveyors", "wardens", "recluses",
              "burghers", "barons", "homesteaders")


def title(view: dict) -> str:
    if view["over"]:
        return _("Hexholm — game over")
    if view["ending"]:
        return _("Hexholm — round {n} (the last)", n=view["round"])
    return _("Hexholm — round {n}", n=view["round"])


def goals_line(view: dict) -> str:
    return _("Goals: {list}", list=" · ".join(f"**{words.goal(g)}** ({words.short_goal(g)})"
                                              for g in ["keeps", *view["goals"]]))


def player_line(view: dict, seat: int, gold: int) -> str:
    p = view["players"][seat]
    bits = [_("**{n} gold**", n=gold), n_("{n} settlement left", "{n} settlements left", p["left"])]
    if p["tiles"]:
        bits.append(_("tiles: {list}", list=", ".join(words.location(t["kind"]) for t in p["tiles"])))
    return " · ".join(bits)


def doing(view: dict) -> str:
    """What the player whose turn it is has left to do."""
    if kb.mandatory_open(view):
        left = min(BUILDS - view["built"], view["players"][view["turn"]]["left"])
        return n_("{n} settlement to build", "{n} settlements to build", left)
    return _("the build is done: a tile, or the end of the turn")


def panel(table: Table, view: dict) -> Message:
    lines: list[str] = []
    content = ""
    if not view["over"]:
        seat = view["turn"]
        who = table.names[seat]
        lines.append("👉 " + _("**{who}**'s turn: **{terrain}** — {doing}", who=who,
                              terrain=words.marked(view["card"]), doing=doing(view)))
        if table.ai[seat]:
            content = _("{who} is playing…", who=who)
        else:
            content = _("Your turn, {who}: press **Decide** for your choices (private).", who=table.mentions[seat])
    if view["ending"] and not view["over"]:
        lines.append("⏳ " + _("Someone has built their last settlement: this round is the last."))
    lines.append(goals_line(view))
    lines.append(_("Terrain cards: {n} in the deck.", n=view.get("deck_count", 0)))
    recent = list(table.recent[-3:])
    if recent:
        lines.append("\n**" + _("Recent") + "**\n" + "\n".join(f"• {x}" for x in recent))
    golds = [sum(g.values()) for g in kb.gold_now(view)]
    fields = []
    for p in view["players"]:
        s = p["seat"]
        mark = "👉 " if not view["over"] and s == view["turn"] else ""
        fields.append((f"{mark}{table.names[s]}", player_line(view, s, golds[s])))
    controls: list[Button | Menu] = [Button(_("Decide (private)"), "decide", "primary", "✋", row=0),
                Button(_("My next card"), "mine", "secondary", "🂠", row=0),
                Button(_("Board"), "board", "secondary", "🗺️", row=0)]
    return Message(content=content, title=title(view), body="\n".join(lines), fields=fields,
                   footer=_("Game {id} · move {move}", id=table.id, move=view["seq"]), colour="green",
                   controls=controls)


def mine(table: Table, view: dict, seat: int) -> Message:
    p = view["players"][seat]
    lines = ["**" + _("Your view, {name}", name=table.names[seat]) + "**"]
    if p["hand"] is not None:
        lines.append(_("Your next turn's terrain: **{terrain}** (only you see it).", terrain=words.marked(p["hand"])))
    elif not view["over"] and view["turn"] == seat:
        lines.append(_("Your terrain this turn: **{terrain}**; your next card is drawn when your turn ends.",
                       terrain=words.marked(view["card"])))
    gold = kb.gold_now(view)[seat]
    lines.append(_("Your gold so far: {list} = **{total}**.", list=" + ".join(
        f"{words.goal(k)} {v}" for k, v in gold.items()), total=sum(gold.values())))
    for t in p["tiles"]:
        lines.append(f"• **{words.location(t['kind'])}**: {words.power(t['kind'])}")
    return Message(content="\n".join(lines), picture=Picture("mine", (view, seat), "mine.png"))


# ---- the story --------------------------------------------------------------------------------------
def _builds(events: Sequence[dict], names: Sequence[str]) -> list[str]:
    """A turn's builds said together: "Ann built 3 on 🟩 Meadow"."""
    out = []
    by: dict[tuple[int, str, str], int] = {}
    for e in events:
        if e["type"] == "built":
            key = (e["seat"], e["by"], e["terrain"])
            by[key] = by.get(key, 0) + 1
    for (seat, verb, terrain), n in by.items():
        if verb == "build":
            out.append(n_("{who} built {n} settlement on {terrain}.", "{who} built {n} settlements on {terrain}.", n,
                          who=names[seat], terrain=words.marked(terrain)))
        else:
            out.append(_("{who} used the {tile}: a settlement on {terrain}.", who=names[seat],
                         tile=words.location(verb), terrain=words.marked(terrain)))
    return out


def event_text(e: dict, names: Sequence[str]) -> str | None:
    t = e["type"]
    who = names[e["seat"]] if "seat" in e and e["seat"] < len(names) else ""
    if t == "game_started":
        return _("Hexholm begins: {names}. Goals: {goals}.", names=", ".join(names),
                 goals=", ".join(words.goal(g) for g in e["goals"]))
    if t == "turn_started":
        return _("{who}'s turn: {terrain}.", who=who, terrain=words.marked(e["terrain"]))
    if t == "redrawn":
        return _("No free hex of {old} is left: the card is discarded and {new} revealed.",
                 old=words.marked(e["old"]), new=words.marked(e["terrain"]))
    if t == "no_terrain":
        return _("No terrain has a free hex left: {who} builds nothing this turn.", who=who)
    if t == "moved":
        return _("{who} used the {tile}: a settlement moved onto {terrain}.", who=who, tile=words.location(e["by"]),
                 terrain=words.marked(e["terrain"]))
    if t == "tile_taken":
        return _("{who} takes a {tile} tile.", who=who, tile=words.location(e["kind"]))
    if t == "tile_lost":
        return _("{who} loses the {tile} tile: no settlement of theirs is beside it any more.", who=who,
                 tile=words.location(e["kind"]))
    if t == "last_settlement":
        return _("{who} has built their last settlement: this round is the last.", who=who)
    if t == "turn_ended":
        did = n_("{n} settlement on {terrain}", "{n} settlements on {terrain}", e["built"],
                 terrain=words.marked(e["terrain"]))
        if e["used"]:
            did += " + " + ", ".join(words.location(k) for k in e["used"])
        return _("{who}: {did} → {gold} ({gained}).", who=who, did=did, gold=words.gold(e["gold"]),
                 gained=words.gain(e["gained"]))
    if t == "game_over":
        win = [names[s] for s in e["winners"]]
        top = max(e["totals"])
        if len(win) == 1:
            return _("Game over: {name} wins with {gold}.", name=win[0], gold=words.gold(top))
        return _("Game over: a shared victory for {names}, {gold} each.", names=_(" and ").join(win),
                 gold=words.gold(top))
    return None


class HexholmShow(Show):
    categories = {"keeps": N_("Keeps"), "anglers": N_("Anglers"), "quarrymen": N_("Quarrymen"),
                  "guildfolk": N_("Guildfolk"), "traderoad": N_("Trade Road"), "surveyors": N_("Surveyors"),
                  "wardens": N_("Wardens"), "recluses": N_("Recluses"), "burghers": N_("Burghers"),
                  "barons": N_("Barons"), "homesteaders": N_("Homesteaders")}
    topics = rules_help.TOPICS
    headlines = 2

    def title(self, view: dict) -> str:
        return title(view)

    def options_text(self, options: Mapping[str, Any]) -> str:
        setup = options.get("setup", "random")
        text = {"random": _("a new board and 3 goals drawn"),
                "first": _("the first-game setup: our first board; Anglers, Trade Road, Wardens"),
                "daily": _("today's board and goals, the same on every server (`/play daily`)")}.get(setup, setup)
        barons = _("not in 2-player games") if options.get("barons") == "off2" else _("in the draw")
        return _("Setup: **{setup}** · Barons: **{barons}**", setup=text, barons=barons)

    def panel(self, table: Table, view: dict) -> Message:
        return panel(table, view)

    def decision(self, table: Table, view: dict, seat: int, picked: Sequence[str] = ()) -> Message | None:
        return decide.decision(view, seat, picked)

    def mine(self, table: Table, view: dict, seat: int) -> Message:
        return mine(table, view, seat)

    def ping(self, view: dict, who: str) -> str:
        return _("{who}: your turn — {terrain} (private: **Decide**) — see the panel ↑", who=who,
                 terrain=words.marked(view["card"]))

    def lines(self, events: Sequence[dict], names: Sequence[str]) -> list[str]:
        out: list[str] = []
        builds_said = False
        for e in events:
            if e["type"] == "built":
                if not builds_said:
                    out += _builds([x for x in events if x["type"] == "built"], names)
                    builds_said = True
                continue
            x = event_text(e, names)
            if x:
                out.append(x)
        return out

    def chapter(self, event: dict) -> Mark | None:
        """A chapter a turn: it begins when the turn's card is revealed, ends with the turn."""
        t = event["type"]
        if t == "turn_started":
            return Mark(begins={"round": event["round"], "turn": event["turn"], "name": event.get("name", ""),
                                "terrain": event["terrain"]})
        if t == "turn_ended":
            return Mark(ends=True, headline=True)
        if t == "game_over":
            return Mark(ends=True, over=True, headline=True)
        if t == "last_settlement":
            return Mark(headline=True)
        return None

    def heading(self, facts: Mapping[str, Any]) -> str:
        name = facts.get("name") or ""
        if name:
            return _("Round {round} — {name}: {terrain}", round=facts.get("round", 1), name=name,
                     terrain=words.terrain(facts.get("terrain")))
        return _("Round {round}", round=facts.get("round", 1))

    def caption(self, ended: Mapping[str, Any] | None, started: Mapping[str, Any] | None,
                names: Sequence[str]) -> str:
        bits = []
        if ended:
            bits.append(_("{name}'s turn is over", name=ended.get("name", "")))
        if started:
            bits.append(_("{name}'s turn: {terrain}", name=started.get("name", ""),
                          terrain=words.marked(started.get("terrain"))))
        return " · ".join(f"**{x}**" for x in bits)

    def points(self, n: int) -> str:
        return words.gold(n)

    def result_line(self, result: SeatResult) -> str:
        order = ["keeps", *result.detail.get("goals", [])]  # (as the panel and pictures: a saved dict is sorted)
        keys = [k for k in order if k in result.scores] + [k for k in result.scores if k not in order]
        return " · ".join(f"{words.goal(k)} {result.scores[k]}" for k in keys)

    def standings(self, table: Table, view: dict) -> tuple[str, list[tuple[int, str]]]:
        golds = [sum(g.values()) for g in kb.gold_now(view)]
        order = sorted(range(len(golds)), key=lambda s: -golds[s])
        return _("Gold when it ended"), [(s, words.gold(golds[s])) for s in order]


SHOW = HexholmShow()
