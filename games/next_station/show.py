"""What Discord shows of Next Station (the protocol's Show): the panel with the flipped card, each player's
private choice on their own map (the reachable stations numbered on the picture, the buttons the same
numbers, plus Pass; when the choices are many, the start station first, then the target), the story, help."""

from collections.abc import Mapping, Sequence
from typing import Any

from engine.protocol import Button, Mark, Message, Picture, SeatResult, Show, Table

from . import help as rules_help
from . import words
from .ai.greedy import line_value
from .lang import N_, _, n_
from .rules import engine as ns
from .rules import scoring
from .rules.constants import COLOURS, ROUNDS, UNDERGROUNDS_PER_ROUND
from .rules.edition import edition, pencils_first
from .rules.maps import load

NUMBERED = 20     # numbered buttons at most (4 rows of 5); more choices: the start station first
VERBS = ("draw", "jdraw", "sdraw", "again")


def title(state: dict) -> str:
    if state["stage"] == "over":
        return _("Next Station: {city} — game over", city=words.map_name(state))
    return _("Next Station: {city} — round {round} of {rounds}", city=words.map_name(state), round=state["round"],
             rounds=ROUNDS)


def card_line(state: dict) -> str:
    card = state["card"]
    if card is None:
        return ""
    line = "🚇 " + _("Card {index}: **{card}** · underground cards out: {n}/{most}", index=len(state["flipped"]),
                     card=words.card(card), n=state["undergrounds"], most=UNDERGROUNDS_PER_ROUND)
    if state["branch"]:
        line += "\n🔀 " + _("A switch came with it: this section may start from any station of your line.")
    return line


def sheet_line(state: dict, p: dict) -> str:
    m = load(state["map"])
    bits = [_("**{points}** so far", points=p["total"])]
    if p["colour"] is not None and p["colour"] in p["lines"]:
        line = p["lines"][p["colour"]]
        stations, points = len(line["stations"]), int(line_value(m, p, edition(state)))
        bits.append(_("{colour} line: {stations}, {points}", colour=words.colour(p["colour"]),
                      stations=n_("{n} station", "{n} stations", stations),
                      points=n_("{n} point now", "{n} points now", points)))
    bits.append(_("tourist track: {n} crossed", n=p["crossed"]))  # (a site on two lines crosses two)
    power = ns.power_of(state, p)
    if power:
        bits.append(_("power: {power}", power=words.power(power)))
    return " · ".join(bits)


def panel(table: Table, state: dict) -> Message:
    lines = []
    if state["stage"] == "pencil" and not pencils_first(edition(state)):  # (edition 1: this round's pencil)
        lines.append(_("Round {round}: choose your pencil (private).", round=state["round"]))
    elif state["stage"] == "pencil":
        lines.append(_("Before the first card, the order of the pencils (private): round {round}'s now.",
                       round=ns.pencil_round(state, state["players"][0])))
    elif state["stage"] == "build" and state["card"] is None:
        lines.append(_("Every card of the round is answered: before it is scored, the circle power may still "
                       "be used."))
    elif state["card"] is not None:
        lines.append(card_line(state))
        lines.append(_("Everyone draws at once: press **Decide** for your own map and choices."))
    flipped = " ".join(words.mark(c["symbol"]) for c in state["flipped"])
    if flipped:
        lines.append(_("Flipped this round: {cards}", cards=flipped))
    if state["objectives"]:
        lines.append(_("Shared objectives (+10 each): {list}",
                       list="; ".join(words.objective(o) for o in state["objectives"])))
    if state["powers"]:
        lines.append(_("Pencil powers: {list}", list=" · ".join(
            f"{words.COLOUR_MARK[c]} {words.power(x)}" for c, x in state["powers"].items())))
    waiting = ns.deciders(state)
    if waiting:
        lines.append(_("Still deciding: {who}", who=", ".join(f"**{table.names[s]}**" for s in waiting)))
    recent = list(table.recent[-3:])
    if recent:
        lines.append("\n**" + _("Recent") + "**\n" + "\n".join(f"• {x}" for x in recent))
    fields = [(f"{table.names[p['seat']]} — {words.colour(p['colour'])}", sheet_line(state, p))
              for p in state["players"]]
    content = _("Waiting for {who}.", who=", ".join(table.mentions[s] for s in waiting)) if waiting else ""
    return Message(content=content,
                   title=title(state), body="\n".join(lines), fields=fields,
                   footer=_("Game {id} · move {move}", id=table.id, move=state["seq"]), colour="green",
                   controls=[Button(_("Decide (private)"), "decide", "primary", "✋", row=0),
                             Button(_("My map"), "mine", "secondary", "🗺️", row=0)])


def _gain(state: dict, seat: int, a: int, b: int) -> int:
    """How many points this round's line gains with the section a-b."""
    m = load(state["map"])
    p = state["players"][seat]
    line = p["lines"][p["colour"]]
    ed = edition(state)
    before = line_value(m, p, ed)
    k = m.section_of[(a, b)]
    line["stations"].append(b)
    line["sections"].append(k)
    try:
        return int(line_value(m, p, ed) - before)
    finally:
        line["stations"].pop()
        line["sections"].pop()


def _choice_text(state: dict, seat: int, n: str, a: int, b: int) -> str:
    m = load(state["map"])
    bits = [f"{words.mark(m.symbol[b])} {words.symbol(m.symbol[b])}"]
    gain = _gain(state, seat, a, b)
    bits.append(n_("+{n} point now", "+{n} points now", gain) if gain >= 0 else
                n_("−{n} point now", "−{n} points now", -gain))
    if m.crosses_river[m.section_of[(a, b)]]:
        bits.append(_("river crossing"))
    if m.tourist[b]:
        bits.append(_("tourist site"))
    p = state["players"][seat]
    if any(b in ln["stations"] for c, ln in p["lines"].items() if c != p["colour"] and
           scoring.through(ln, edition(state))):
        bits.append(_("interchange"))
    return f"**{n}** → " + ", ".join(bits)


def decision(table: Table, state: dict, seat: int, picked: Sequence[str] = ()) -> Message | None:
    p = state["players"][seat]
    if p["pending"] is None or state["stage"] == "over":
        return None
    acts = [a.id for a in ns.legal_actions(state, seat)]
    if p["pending"]["step"] == "pencil":
        buttons: list = []
        for a in acts:
            colour = a.split(":")[2]
            power = state["powers"].get(colour)
            label = words.colour(colour) + (f" · {words.power(power)}" if power else "")
            buttons.append(Button(label, a, "primary", row=0))
        text = _("**Your pencils' order, before the first card: choose round {round}'s pencil.** You draw with "
                 "them in this order; each line starts at its departure (the square of its colour on your map).",
                 round=ns.pencil_round(state, p)) if pencils_first(edition(state)) else \
            _("**Round {round}: choose your pencil.** Its line starts at its departure (the square of its colour "
              "on your map).", round=state["round"])  # (edition 1: this round's pencil)
        return Message(content=text, controls=buttons, picture=Picture("mine", (state, seat), "map.png"))
    closing = p["pending"]["step"] == "circle"  # (the round's cards all answered: only the circle is left)
    mode = "circle" if closing else next((x[5:] for x in picked if x.startswith("mode:")), "draw")
    start = next((int(x[5:]) for x in picked if x.startswith("from:") and x[5:].isdigit()), None)
    again = p["pending"]["step"] == "again"
    verb = "again" if again else mode
    options = [a for a in acts if a.split(":")[1] == verb]
    if verb == "circle":
        stations = [int(a.split(":")[2]) for a in options]
        numbered: list[list] = [[st, str(i + 1)] for i, st in enumerate(stations)]
        controls: list = [Button(str(i + 1), a, "primary", row=i // 5) for i, a in enumerate(options[:NUMBERED])]
        controls.append(Button(_("Pass"), f"{seat}:pass", "secondary", row=4) if closing else
                        Button(_("Back"), "k:mode:draw", row=4))
        text = _("**Every card of the round is answered.** Before it is scored you may still circle a station of "
                 "your line (it counts twice in its district): the numbers are on your map. Or pass.") if closing \
            else _("**Circle a station of your line**: it counts twice in its district for this line. The numbers "
                   "are on your map.")
        m, line = load(state["map"]), p["lines"][p["colour"]]
        before = line_value(m, p, edition(state))
        for i, st in enumerate(stations[:NUMBERED]):  # (what each circle adds to the line, as a draw's choice says)
            gain = int(scoring.line_parts(m, line["stations"], line["sections"], st, ed=edition(state))["points"]
                       - before)
            text += f"\n**{i + 1}** → " + (n_("+{n} point now", "+{n} points now", gain) if gain >= 0 else
                                           n_("−{n} point now", "−{n} points now", -gain))
        return Message(content=text, controls=controls,
                       picture=Picture("decision", (state, seat, numbered), "choice.png"))
    pairs = [(int(a.split(":")[2]), int(a.split(":")[3]), a) for a in options]
    starts = list(dict.fromkeys(a for a, _b, _x in pairs))
    lines = [card_line(state) if not again else _("**Double section**: a second section to a station of the same "
                                                  "symbol, or Done.")]
    controls = []
    two_steps = len(pairs) > NUMBERED or len({b for _a, b, _x in pairs}) < len(pairs)
    if two_steps and start is None:  # many choices: the start station first
        numbered = [[st, str(i + 1)] for i, st in enumerate(starts)]
        lines.append(_("Many stations can be reached: first choose where your section starts (the numbers on "
                       "your map).") if len(pairs) > NUMBERED else
                     _("A station can be reached from both ends of your line: first choose the end your section "
                       "starts from (the numbers on your map)."))
        controls = [Button(str(i + 1), f"k:{mode}@{st}", "primary", row=i // 5)
                    for i, st in enumerate(starts[:NUMBERED])]
    else:
        if start is not None:
            pairs = [x for x in pairs if x[0] == start]
        numbered = [[b, str(i + 1)] for i, (_a, b, _x) in enumerate(pairs[:NUMBERED])]
        for i, (src, dst, aid) in enumerate(pairs[:NUMBERED]):
            lines.append(_choice_text(state, seat, str(i + 1), src, dst))
            controls.append(Button(str(i + 1), aid, "primary", row=i // 5))
        if not pairs:
            lines.append(_("No section can be drawn with this card."))
    tail: list = []
    if again:
        tail.append(Button(_("Done"), f"{seat}:done", "secondary", row=4))
    else:
        tail.append(Button(_("Pass"), f"{seat}:pass", "secondary", row=4))
        power = ns.power_of(state, p)
        if mode != "draw":
            tail.append(Button(_("Back"), "k:mode:draw", row=4))
        elif power == "joker" and any(a.split(":")[1] == "jdraw" for a in acts):
            tail.append(Button(_("Use the joker power"), "k:mode:jdraw", row=4, emoji="★"))
        elif power == "switch" and any(a.split(":")[1] == "sdraw" for a in acts):
            tail.append(Button(_("Use the switch power"), "k:mode:sdraw", row=4, emoji="🔀"))
        elif power == "circle" and any(a.split(":")[1] == "circle" for a in acts):
            tail.append(Button(_("Circle a station (power)"), "k:mode:circle", row=4, emoji="⭕"))
        if start is not None:
            tail.append(Button(_("Another start"), f"k:mode:{mode}", row=4))
    if mode == "jdraw":
        lines.insert(0, "★ " + _("Joker power: the card counts as a joker for this section."))
    elif mode == "sdraw":
        lines.insert(0, "🔀 " + _("Switch power: this section may start from any station of your line."))
    return Message(content="\n".join(x for x in lines if x), controls=controls + tail,
                   picture=Picture("decision", (state, seat, numbered), "choice.png"))


def mine(table: Table, state: dict, seat: int) -> Message:
    p = state["players"][seat]
    lines = ["**" + _("Your map, {name}", name=table.names[seat]) + "**", sheet_line(state, p)]
    for colour in COLOURS:
        if colour in p["scored"]:
            s = p["scored"][colour]
            lines.append(_("{colour}: {districts} × {most} + 2 × {crossings} = {points}", colour=words.colour(colour),
                           districts=n_("{n} district", "{n} districts", s["districts"]), most=s["most"],
                           crossings=n_("{n} crossing", "{n} crossings", s["crossings"]),
                           points=n_("{n} point", "{n} points", s["points"])))
    return Message(content="\n".join(lines), picture=Picture("mine", (state, seat), "map.png"))


# ---- the story --------------------------------------------------------------------------------------
def event_text(e: dict, names: Sequence[str]) -> str | None:
    t = e["type"]
    who = names[e["seat"]] if "seat" in e and e["seat"] < len(names) else ""
    if t == "game_started":
        return _("Next Station begins: {players}.", players=", ".join(names))
    if t == "round_started":
        if e["colours"] and e["colours"][0] is not None:
            return _("Round {round}: {pencils}.", round=e["round"],
                     pencils=", ".join(f"{names[s]} {words.colour(c)}" for s, c in enumerate(e["colours"])))
        return _("Round {round} begins.", round=e["round"])
    if t == "pencil_chosen" and "round" in e:
        return _("{who} will draw round {round} with the {colour} pencil.", who=who, round=e["round"],
                 colour=words.colour(e["colour"]))
    if t == "pencil_chosen":
        return _("{who} draws with the {colour} pencil.", who=who, colour=words.colour(e["colour"]))
    if t == "card_flipped":
        if e["card"]["symbol"] == "switch":
            return (_("Switch (too early in the round: it does nothing).") if e.get("ignored")
                    else _("Switch! This turn's section may start from any station of the line."))
        return _("Card {index}: {card}.", index=e["index"], card=words.card(e["card"]))
    if t == "drawn":
        bits = []
        if e["crossing"]:
            bits.append(_("crossing the river"))
        if e["tourist"]:
            bits.append(_("a tourist site"))
        if e.get("power"):
            bits.append(_("with the {power} power", power=words.power(e["power"])))
        extra = f" ({', '.join(bits)})" if bits else ""
        return _("{who} extended the {colour} line{extra}.", who=who, colour=words.colour(e["colour"]), extra=extra)
    if t == "passed":
        return _("{who} passed.", who=who)
    if t == "circled":
        return _("{who} circled a station of the {colour} line.", who=who, colour=words.colour(e["colour"]))
    if t == "nobody_can_draw":
        return _("Nobody can draw with this card.")
    if t == "round_scored":
        return _("Round {round} scored: {lines}.", round=e["round"], lines="; ".join(
            f"{names[x['seat']]} {x['points']} ({x['districts']}×{x['most']}+2×{x['crossings']})" for x in e["lines"]))
    if t == "game_over":
        win = [names[s] for s in e["winners"]]
        top = max(e["totals"])
        if len(win) == 1:
            said = n_("Game over: {names} wins with {n} point.", "Game over: {names} wins with {n} points.", top,
                      names=win[0])
            tied = [s for s, x in enumerate(e["totals"]) if x == top]
            if len(tied) > 1 and "best" in e:  # (R30: a tie on points goes to the best single line)
                w = e["winners"][0]
                said += " " + _("The tie on points goes to the best single line: {a} against {b}.", a=e["best"][w],
                                b=max(e["best"][s] for s in tied if s != w))
            return said
        return n_("Game over: a shared victory for {names}, {n} point.",
                  "Game over: a shared victory for {names}, {n} points.", top, names=_(" and ").join(win))
    return None


class StationShow(Show):
    categories = {"lines": N_("Lines"), "tourists": N_("Tourist track"), "interchanges": N_("Interchanges"),
                  "objectives": N_("Objectives")}
    topics = rules_help.TOPICS

    def title(self, view: dict) -> str:
        return title(view)

    def options_text(self, options: Mapping[str, Any]) -> str:
        on, off = _("on"), _("off")
        choice = options.get("map", "larkhaven")
        if choice == "daily":
            return _("Map: **today's map** · today's game, the same on every server: its cards, shared objectives "
                     "and pencil powers (both on) · your score goes on today's board (`/play daily`)")
        shown = load(choice).name
        return _("Map: **{map}** · Shared objectives: **{objectives}** · Pencil powers: **{powers}**", map=shown,
                 objectives=on if options.get("objectives") == "on" else off,
                 powers=on if options.get("powers") == "on" else off)

    def panel(self, table: Table, view: dict) -> Message:
        return panel(table, view)

    def decision(self, table: Table, view: dict, seat: int, picked: Sequence[str] = ()) -> Message | None:
        # a pick "jdraw@12" (a mode and a start at once) is "mode:jdraw" + "from:12"
        expanded: list[str] = []
        for x in picked:
            if "@" in x:
                mode, _sep, st = x.partition("@")
                expanded += [f"mode:{mode}", f"from:{st}"]
            else:
                expanded.append(x)
        return decision(table, view, seat, expanded)

    def mine(self, table: Table, view: dict, seat: int) -> Message:
        return mine(table, view, seat)

    def ping(self, view: dict, who: str) -> str:
        if view["stage"] == "pencil":
            return _("{who}: choose your pencil for round {round} (private) — see the panel ↑", who=who,
                     round=ns.pencil_round(view, view["players"][0]))
        card = view["card"]
        if card is None:  # (the round's end: the circle power's last chance)
            return _("{who}: circle a station before the round is scored, or pass (private) — see the panel ↑",
                     who=who)
        return _("{who}: card {index}, {card} — draw your section (private) — see the panel ↑", who=who,
                 index=len(view["flipped"]), card=words.card(card) if card else "")

    def lines(self, events: Sequence[dict], names: Sequence[str]) -> list[str]:
        return [x for x in (event_text(e, names) for e in events) if x]

    def chapter(self, event: dict) -> Mark | None:
        """A chapter a round: it begins with its pencils, ends when it is scored."""
        t = event["type"]
        if t == "round_started":
            return Mark(begins={"round": event["round"]})
        if t in ("round_scored", "game_over"):
            return Mark(ends=True, over=t == "game_over", headline=True)
        return None

    def heading(self, facts: Mapping[str, Any]) -> str:
        return _("Round {round}", round=facts.get("round", 1))

    def caption(self, ended: Mapping[str, Any] | None, started: Mapping[str, Any] | None,
                names: Sequence[str]) -> str:
        bits = []
        if ended:
            bits.append(_("Round {round} scored", round=ended["round"]))
        if started:
            bits.append(_("Round {round} begins", round=started["round"]))
        return " · ".join(f"**{x}**" for x in bits)

    def result_line(self, result: SeatResult) -> str:
        s = result.scores
        line = _("Lines {lines} · Tourist track {tourists} · Interchanges {interchanges} · Objectives {objectives}",
                 **s)
        if "band" in result.detail:
            line += " · " + _("solo rating: {band}", band=words.band(result.detail["band"]))
        return line

    def standings(self, table: Table, view: dict) -> tuple[str, list[tuple[int, str]]]:
        order = sorted(view["players"], key=lambda p: -p["total"])
        return _("Scores when it ended"), [(p["seat"], n_("{n} point", "{n} points", p["total"])) for p in order]

    def detail(self, key: str, value: Any) -> tuple[str, str] | None:
        if key == "map" and isinstance(value, str) and not value.startswith("gen-"):
            return _("Map played most"), load(value).name
        return None


SHOW = StationShow()
