"""What Discord shows of Pyramid Poker (the protocol's Show): the public panel (whose turn, the pyramid as
everyone sees it, the hands face up, the match), the private decision (decide.py), one's own blocks,
the story in chapters (each game's building, then its taking apart and showdown), help."""

from collections.abc import Mapping, Sequence
from typing import Any

from engine.protocol import Button, Marks, Message, Picture, Record, SeatResult, Table

from . import decide, words
from . import help as rules_help
from .lang import _, n_
from .rules import knowledge
from .rules import pyramid as geo
from .rules.constants import TARGETS


def part(state: dict) -> str:
    """"build" while the pyramid goes up, "take" while it comes apart, "over"."""
    return state["stage"] if state["stage"] in ("build", "over") else "take"


def match_line(state: dict) -> str:
    kind = state["config"]["match"]
    if kind not in TARGETS:
        return _("One game: win 2 of the 3 hands.")
    return _("Match to {target} points · game {game} · {scores}", target=TARGETS[kind], game=state["game"],
             scores=" · ".join(f"{words.SEAT_MARK[s]} {p}" for s, p in enumerate(state["points"])))


def title(state: dict) -> str:
    if state["stage"] == "over":
        return _("Pyramid Poker — the match is over")
    if part(state) == "build":
        return _("Pyramid Poker — game {game}: building the pyramid", game=state["game"])
    return _("Pyramid Poker — game {game}: taking it apart", game=state["game"])


def pyramid_line(state: dict) -> str:
    placed = sum(b is not None for b in state["pyramid"])
    if part(state) == "build":
        return _("Pyramid: {n} of {total} blocks placed.", n=placed, total=geo.SPOTS)
    free = len(geo.uncovered(state["pyramid"]))
    return n_("Pyramid: {n} block left, {free} free to take.", "Pyramid: {n} blocks left, {free} free to take.",
              placed, free=free)


def hands_text(state: dict, seat: int) -> str:
    return "\n".join(_("Hand {n}: {cards}", n=h + 1, cards=words.hand(state["hands"][seat][h]))
                     for h in range(len(state["hands"][seat])))


def doing(state: dict) -> str:
    return {"build": _("places a block"), "take": _("takes a block"), "hand": _("chooses a hand for their card"),
            "joker": _("chooses a block after a joker")}.get(state["stage"], "")


def panel(table: Table, state: dict) -> Message:
    lines = [match_line(state), pyramid_line(state)]
    if state["stage"] != "over":
        lines.append(_("{seat} **{who}** {doing}: press **Decide** (private).", seat=words.SEAT_MARK[state["turn"]],
                       who=table.names[state["turn"]], doing=doing(state)))
    if state["discards"]:
        lines.append(_("Discarded: {cards}", cards=words.cards(state["discards"])))
    recent = list(table.recent[-3:])
    if recent:
        lines.append("\n**" + _("Recent") + "**\n" + "\n".join(f"• {x}" for x in recent))
    fields = []
    if part(state) != "build" or any(any(h) for hs in state["hands"] for h in hs):
        fields = [(f"{words.SEAT_MARK[s]} {table.names[s]}", hands_text(state, s)) for s in range(2)]
    else:
        fields = [(f"{words.SEAT_MARK[s]} {table.names[s]}",
                   n_("{n} block left to place", "{n} blocks left to place", len(state["supply"][s])))
                  for s in range(2)]
    content = "" if state["stage"] == "over" else _("Your turn, {who}.", who=table.mentions[state["turn"]])
    return Message(content=content, title=title(state), body="\n".join(lines), fields=fields,
                   footer=_("Game {id} · move {move}", id=table.id, move=state["seq"]), colour="green",
                   controls=[Button(_("Decide (private)"), "decide", "primary", "✋", row=0),
                             Button(_("My pyramid"), "mine", "secondary", "🔺", row=0),
                             Button(_("Table"), "board", "secondary", "🖼️", row=0)])


def mine(table: Table, state: dict, seat: int) -> Message:
    view = knowledge.view_for(state, seat)
    lines = ["**" + _("Your side of the pyramid, {name}", name=table.names[seat]) + "**"]
    own = [(s, b["card"]) for s, b in enumerate(view["pyramid"]) if b is not None and b["owner"] == seat]
    if own:
        lines.append(_("Your blocks in the pyramid: {cards}", cards=words.cards([c for _s, c in own])))
    supply = view["supply"][seat]
    if supply:
        if state["config"]["blocks"] == "open":
            lines.append(_("Still to place: {cards}", cards=words.cards(supply)))
        else:
            lines.append(n_("Still to place: {n} block, face down (you see each one as you place it).",
                            "Still to place: {n} blocks, face down (you see each one as you place it).", len(supply)))
    lines.append(hands_text(state, seat))
    return Message(content="\n".join(lines), picture=Picture("mine", (state, seat), "pyramid.png"))


# ---- the story --------------------------------------------------------------------------------------
def _owner(e: dict, names: Sequence[str]) -> str:
    if e.get("owner") == e.get("seat"):
        return _("their own")
    return _("{name}'s", name=names[e["owner"]]) if e.get("owner") is not None else ""


def event_text(e: dict, names: Sequence[str]) -> str | None:
    t = e["type"]
    who = names[e["seat"]] if "seat" in e and e["seat"] is not None and e["seat"] < len(names) else ""
    if t == "match_started":
        return _("Pyramid Poker begins: {a} against {b}, {match}.", a=names[0], b=names[1],
                 match=words.match(e["match"]))
    if t == "game_started":
        return _("Game {game}: {who} builds first.", game=e["game"], who=names[e["first"]])
    if t == "placed":
        return _("{who} placed a block.", who=who)
    if t == "taking_started":
        return _("The pyramid is complete: {who} takes first.", who=names[e["turn"]])
    if t == "taken":
        return _("{who} took {owner} block.", who=who, owner=_owner(e, names))
    if t == "joker":
        return _("{who} took a joker ({owner} block): discarded; {who} turns over blocks of the stock.", who=who,
                 owner=_owner(e, names))
    if t == "burned":
        return _("A joker turned over from the stock is discarded.")
    if t == "stock_empty":
        return _("The stock is empty: the joker gives nothing.")
    if t == "kept":
        return _("{who} kept a block; discarded: {cards}.", who=who, cards=words.cards(e["discarded"]))
    if t == "to_hand":
        return _("{who} put {card} into hand {n}.", who=who, card=words.card(e["card"]), n=e["hand"])
    if t == "showdown":
        return showdown_text(e, names)
    if t == "match_over":
        if len(e["winners"]) == 1:
            return _("{who} wins the match ({a}–{b}).", who=names[e["winners"][0]], a=e["totals"][0],
                     b=e["totals"][1])
        return _("The match is shared ({a}–{b}).", a=e["totals"][0], b=e["totals"][1])
    return None


def showdown_text(e: dict, names: Sequence[str]) -> str:
    bits = []
    for h, w in enumerate(e["winners"]):
        a, b = (words.hand_class(e["classes"][s][h]) for s in (0, 1))
        if w is None:
            bits.append(_("hand {n} tied ({a} against {b})", n=h + 1, a=a, b=b))
        else:
            bits.append(_("hand {n} to {who} ({a} against {b})", n=h + 1, who=names[w], a=a, b=b))
    head = (_("Game {game}: {who} wins", game=e["game"], who=names[e["winner"]]) if e["winner"] is not None
            else _("Game {game} is a draw", game=e["game"]))
    return head + ": " + "; ".join(bits) + "."


class PokerShow:
    def title(self, state: dict) -> str:
        return title(state)

    def options_text(self, options: Mapping[str, Any]) -> str:
        return _("Blocks: **{blocks}** · **{match}**", blocks=words.blocks(options.get("blocks", "blind")),
                 match=words.match(options.get("match", "basic")))

    def panel(self, table: Table, state: dict) -> Message:
        return panel(table, state)

    def decision(self, table: Table, state: dict, seat: int, picked: Sequence[str] = ()) -> Message | None:
        return decide.decision(state, seat, table.names, picked)

    def mine(self, table: Table, state: dict, seat: int) -> Message:
        return mine(table, state, seat)

    def ping(self, state: dict, who: str) -> str:
        return _("{who}: your turn — {doing} (private: **Decide**) — see the panel ↑", who=who, doing=doing(state))

    def lines(self, events: Sequence[dict], names: Sequence[str]) -> list[str]:
        return [x for x in (event_text(e, names) for e in events) if x]

    def records(self, start_events: Sequence[dict], actions: Sequence[Mapping]) -> list[Record]:
        out: list[Record] = []
        cur = Record(heading=self.heading({"game": 1, "part": "build"}))
        stream = [(None, e) for e in start_events] + [(a["seq"], e) for a in actions for e in a["events"]]
        closed = False
        for seq, e in stream:
            if closed and e["type"] in ("game_started", "taking_started"):
                out.append(cur)
                cur = Record(heading=self.heading({"game": e["game"],
                                                   "part": "build" if e["type"] == "game_started" else "take"}))
                closed = False
            cur.events.append(e)
            if e["type"] in ("taking_started", "showdown", "match_over"):
                cur.close_seq, closed = seq, True
        if cur.events:
            if not closed:
                cur.close_seq = None
            out.append(cur)
        return out

    def marks(self, events: Sequence[dict], before: dict | None) -> Marks:
        ended = None
        for e in events:
            if e["type"] == "taking_started":
                ended = {"game": e["game"], "part": "build"}
            elif e["type"] == "showdown":
                ended = {"game": e["game"], "part": "take"}
        started = None
        if before is not None:
            for e in events:
                if e["type"] == "game_started":
                    started = {"game": e["game"], "part": "build"}
                elif e["type"] == "taking_started":
                    started = {"game": e["game"], "part": "take"}
        return Marks(ended, started, any(e["type"] == "match_over" for e in events))

    def headlines(self, events: Sequence[dict], names: Sequence[str]) -> list[str]:
        return self.lines([e for e in events if e["type"] in ("taking_started", "showdown", "match_over")],
                          names)[-2:]

    def caption(self, marks: Mapping[str, Any], names: Sequence[str]) -> str:
        bits = []
        ended, started = marks.get("ended"), marks.get("started")
        if ended:
            bits.append(_("Game {game}: the pyramid is built", game=ended["game"]) if ended["part"] == "build"
                        else _("Game {game}: the showdown", game=ended["game"]))
        if started and started["part"] == "build":
            bits.append(_("Game {game} begins", game=started["game"]))
        return " · ".join(f"**{x}**" for x in bits)

    def facts(self, state: dict) -> dict:
        return {"game": state["game"], "part": part(state)}

    def heading(self, facts: Mapping[str, Any]) -> str:
        if facts.get("part") == "build":
            return _("Game {game} — building", game=facts.get("game", 1))
        return _("Game {game} — taking apart", game=facts.get("game", 1))

    def points(self, n: int) -> str:
        return n_("{n} point", "{n} points", n)

    def result_line(self, result: SeatResult) -> str:
        s = result.scores
        line = _("Hands won {hands} · Games won {games}", hands=s["hands"], games=s["games"])
        if result.detail.get("match") in TARGETS:
            line += " · " + _("Points {points}", points=s["points"])
        if result.detail.get("best_hand"):
            line += " · " + _("best hand: {hand}", hand=words.hand_class(result.detail["best_hand"]))
        return line

    def standings(self, table: Table, state: dict) -> tuple[str, list[tuple[int, str]]]:
        if state["config"]["match"] in TARGETS:
            order = sorted(range(2), key=lambda s: -state["points"][s])
            return _("Points when it ended"), [(s, self.points(state["points"][s])) for s in order]
        won = [sum(r["won"][s] for r in state["history"]) for s in range(2)]
        return _("Hands won when it ended"), [(s, str(won[s])) for s in sorted(range(2), key=lambda s: -won[s])]

    def category(self, key: str) -> str:
        return words.category(key)

    def detail(self, key: str, value: Any) -> tuple[str, str] | None:
        if key == "best_hand" and isinstance(value, str):
            return _("Best hand made most often"), words.hand_class(value)
        return None

    def help(self) -> str:
        return rules_help.help_text()

    def topics(self) -> list[str]:
        return rules_help.topic_names()

    def lookup(self, query: str) -> str | None:
        return rules_help.lookup(query)

    def suggestions(self, current: str) -> list[tuple[str, str]]:
        return rules_help.suggestions(current)


SHOW = PokerShow()
