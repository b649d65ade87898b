"""What Discord shows of Pyramid Poker (the protocol's Show): the public panel (whose turn, the pyramid as
everyone sees it, the hands face up, the match), the private decision (decide.py), one's own blocks,
the story in chapters (each game's building, then its taking apart and showdown), help."""

from collections.abc import Mapping, Sequence
from typing import Any, cast

from engine.protocol import Button, Mark, Message, Picture, SeatResult, Show, Table

from . import decide, words
from . import help as rules_help
from .lang import N_, _, n_
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
             scores=" · ".join(f"{words.SEAT_MARK[s]} {words.number(p)}" for s, p in enumerate(state["points"])))


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


def to_do(state: dict) -> str:
    """doing(state) said to the player whose turn it is."""
    return {"build": _("place a block"), "take": _("take a block"), "hand": _("choose a hand for your card")}.get(
        part(state), "")


def doing(state: dict) -> str:
    return {"build": _("places a block"), "take": _("takes a block"), "hand": _("chooses a hand for their card"),
            "joker": _("chooses a block after a joker")}.get(state["stage"], "")


def panel(table: Table, state: dict) -> Message:
    lines = [match_line(state), pyramid_line(state)]
    ai = state["stage"] != "over" and table.ai[state["turn"]]
    if ai:  # the bot plays this seat: nothing for people to press but their own views
        lines.append(_("{seat} **{who}** {doing}.", seat=words.SEAT_MARK[state["turn"]], who=table.names[state["turn"]],
                       doing=doing(state)))
    elif state["stage"] != "over":
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
    if state["stage"] == "over":
        content = ""
    elif ai:
        content = _("{who} is playing…", who=table.names[state["turn"]])
    else:
        content = _("Your turn, {who}.", who=table.mentions[state["turn"]])
    decide_ = [] if ai else [Button(_("Decide (private)"), "decide", "primary", "✋", row=0)]
    return Message(content=content, title=title(state), body="\n".join(lines), fields=fields,
                   footer=_("Table {id} · move {move}", id=table.id, move=state["seq"]), colour="green",
                   controls=[*decide_, Button(_("My pyramid"), "mine", "secondary", "🔺", row=0),
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
    if t == "match_over" and "match" in e and e["match"] not in TARGETS:  # (one game: its winner, no match)
        if len(e["winners"]) == 1:
            return _("{who} wins the game.", who=names[e["winners"][0]])
        return _("The game is shared.")
    if t == "match_over":
        if len(e["winners"]) == 1:
            w = e["winners"][0]  # (the winner's score first)
            return _("{who} wins the match, {a} to {b}.", who=names[w], a=words.number(e["totals"][w]),
                     b=words.number(e["totals"][1 - w]))
        return _("The match is shared, {a} to {b}.", a=words.number(e["totals"][0]), b=words.number(e["totals"][1]))
    return None


def showdown_text(e: dict, names: Sequence[str]) -> str:
    bits = []
    for h, w in enumerate(e["winners"]):
        first = 0 if w is None else w  # (the winner's hand first)
        a, b = (words.hand_class(e["classes"][s][h]) for s in (first, 1 - first))
        if w is None:
            bits.append(_("hand {n} tied ({a} against {b})", n=h + 1, a=a, b=b))
        else:
            bits.append(_("hand {n} to {who} ({a} against {b})", n=h + 1, who=names[w], a=a, b=b))
    head = (_("Game {game}: {who} wins", game=e["game"], who=names[e["winner"]]) if e["winner"] is not None
            else _("Game {game} is a draw", game=e["game"]))
    return head + ": " + "; ".join(bits) + "."


def building_record(events: Sequence[dict], names: Sequence[str]) -> list[str]:
    """A building chapter as its record keeps it: the match and the game begun, who built how many blocks
    (not each placement), the pyramid complete."""
    out: list[str] = []
    placed = [0, 0]
    for e in events:
        if e["type"] == "placed":
            placed[e["seat"]] += 1
        elif e["type"] in ("match_started", "game_started"):
            out.append(cast(str, event_text(e, names)))
    first = next((e["first"] for e in events if e["type"] == "game_started"), 0)
    for s in (first, 1 - first):  # (in the order they built)
        if placed[s]:
            out.append(n_("{who} placed {n} block.", "{who} placed {n} blocks.", placed[s], who=names[s]))
    out += [cast(str, event_text(e, names)) for e in events if e["type"] == "taking_started"]
    return out


def hands_record(e: dict, names: Sequence[str], seat: int) -> str:
    """A player's three hands at the showdown, on one line: each hand's cards (those that make it first) and
    its class; a hand won marked ✓."""
    bits = []
    for h, cards in enumerate(e["hands"][seat]):
        what = words.hand_class(e["classes"][seat][h])
        if e["winners"][h] is None:
            what = _("{what}, tie", what=what)
        mark = " ✓" if e["winners"][h] == seat else ""
        bits.append(_("hand {n}: {cards} ({what})", n=h + 1, cards=words.cards(words.ordered(cards)), what=what)
                    + mark)
    return f"{words.SEAT_MARK[seat]} **{names[seat]}**: " + " · ".join(bits)


def advanced(e: dict) -> bool:
    """Whether a showdown is of a match to 7 or 11 points (its totals add up its points; a single game's stay 0)."""
    return e["game"] > 1 or (any(e["totals"]) and list(e["totals"]) == list(e["points"]))


def showdown_record(e: dict, names: Sequence[str]) -> list[str]:
    """A game's showdown as its record keeps it, the winner first: the result in hands (and points in a
    match), then each player's three hands."""
    w = e["winner"]
    order = (w, 1 - w) if w is not None else (0, 1)
    won = e["won"]
    if w is None:
        head = n_("Game {game} is a draw, {n} hand each.", "Game {game} is a draw, {n} hands each.", won[0],
                  game=e["game"])
    else:
        head = n_("Game {game}: {who} wins, {a} hand to {b}.", "Game {game}: {who} wins, {a} hands to {b}.",
                  won[w], game=e["game"], who=names[w], a=won[w], b=won[1 - w])
    out = [head, *(hands_record(e, names, s) for s in order)]
    if advanced(e):
        pts = " · ".join(_("{who} {points} (match: {total})", who=names[s], points=words.signed(e["points"][s]),
                           total=words.number(e["totals"][s])) for s in order)
        out.append(_("Points of this game: {points}", points=pts))
    return out


def taking_record(events: Sequence[dict], names: Sequence[str]) -> list[str]:
    """A taking-apart chapter as its record keeps it: the showdown and each player's three hands, the winner
    first, and the match's end (not each block taken)."""
    out: list[str] = []
    for e in events:
        if e["type"] == "showdown":
            out += showdown_record(e, names)
        elif e["type"] == "match_over":
            out.append(cast(str, event_text(e, names)))
    if not out:  # (a game ended before its showdown: how far the taking went)
        taken = [sum(1 for e in events if e["type"] in ("taken", "joker") and e["seat"] == s) for s in (0, 1)]
        out = [n_("{who} took {n} block.", "{who} took {n} blocks.", taken[s], who=names[s]) for s in (0, 1)
               if taken[s]]
    return out


class PokerShow(Show):
    categories = {"hands": N_("Hands won"), "games": N_("Games won"), "points": N_("Points")}
    topics = rules_help.TOPICS

    def title(self, view: dict) -> str:
        return title(view)

    def options_text(self, options: Mapping[str, Any]) -> str:
        return _("Blocks: **{blocks}** · **{match}**", blocks=words.blocks(options.get("blocks", "blind")),
                 match=words.match(options.get("match", "basic")))

    def panel(self, table: Table, view: dict) -> Message:
        return panel(table, view)

    def decision(self, table: Table, view: dict, seat: int, picked: Sequence[str] = ()) -> Message | None:
        return decide.decision(view, seat, table.names, picked)

    def mine(self, table: Table, view: dict, seat: int) -> Message:
        return mine(table, view, seat)

    def ping(self, view: dict, who: str) -> str:
        return _("{who}: your turn — {doing} (private: **Decide**) — see the panel ↑", who=who, doing=to_do(view))

    def total(self, result: SeatResult) -> str | None:
        if result.detail.get("match") in TARGETS:
            return None  # (a match: its points)
        return n_("{n} hand won", "{n} hands won", result.total)

    def lines(self, events: Sequence[dict], names: Sequence[str]) -> list[str]:
        return [x for x in (event_text(e, names) for e in events) if x]

    def record(self, events: Sequence[dict], names: Sequence[str]) -> list[str]:
        """A building chapter: who built how many blocks; a taking-apart one: the showdown and the hands."""
        if any(e["type"] in ("taken", "joker", "kept", "to_hand", "showdown") for e in events):
            return taking_record(events, names)
        return building_record(events, names)

    def chapter(self, event: dict) -> Mark | None:
        """Each game of a match is two chapters: building the pyramid, then taking it apart to the showdown."""
        t = event["type"]
        if t == "game_started":
            return Mark(begins={"game": event["game"], "part": "build"})
        if t == "taking_started":
            return Mark(ends=True, begins={"game": event["game"], "part": "take"}, headline=True)
        if t in ("showdown", "match_over"):
            return Mark(ends=True, over=t == "match_over", headline=True)
        return None

    def heading(self, facts: Mapping[str, Any]) -> str:
        if facts.get("part") == "build":
            return _("Game {game} — building", game=facts.get("game", 1))
        return _("Game {game} — taking apart", game=facts.get("game", 1))

    def caption(self, ended: Mapping[str, Any] | None, started: Mapping[str, Any] | None,
                names: Sequence[str]) -> str:
        bits = []
        if ended:
            bits.append(_("Game {game}: the pyramid is built", game=ended["game"]) if ended["part"] == "build"
                        else _("Game {game}: the showdown", game=ended["game"]))
        if started and started["part"] == "build":
            bits.append(_("Game {game} begins", game=started["game"]))
        return " · ".join(f"**{x}**" for x in bits)

    def result_line(self, result: SeatResult) -> str:
        s = result.scores
        line = _("Hands won {hands} · Games won {games}", hands=s["hands"], games=s["games"])
        if result.detail.get("match") in TARGETS:
            line += " · " + _("Points {points}", points=s["points"])
        if result.detail.get("best_hand"):
            line += " · " + _("best hand: {hand}", hand=words.hand_class(result.detail["best_hand"]))
        return line

    def standings(self, table: Table, view: dict) -> tuple[str, list[tuple[int, str]]]:
        if view["config"]["match"] in TARGETS:
            order = sorted(range(2), key=lambda s: -view["points"][s])
            return _("Points when it ended"), [(s, n_("{n} point", "{n} points", view["points"][s])) for s in order]
        won = [sum(r["won"][s] for r in view["history"]) for s in range(2)]
        return _("Hands won when it ended"), [(s, str(won[s])) for s in sorted(range(2), key=lambda s: -won[s])]

    def detail(self, key: str, value: Any) -> tuple[str, str] | None:
        if key == "best_hand" and isinstance(value, str):
            return _("Best hand made most often"), words.hand_class(value)
        return None


SHOW = PokerShow()
