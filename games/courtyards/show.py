"""What Discord shows of Courtyards (the protocol's Show), from views only: the panel, a seat's decision (one
menu of every take, one of every purchase, exact payments first, ranked by the easy AI's look at the turn's
end; placing on the palace's picture with the legal spots numbered like the buttons; redesigning in two
steps), a seat's own things, the story and its chapters (each part of the game ends with a scoring round),
the results and help."""

from collections.abc import Mapping, Sequence
from typing import Any

from engine.protocol import Button, Item, Mark, Menu, Message, Picture, SeatResult, Show, Table

from . import help as rules_help
from . import words
from .ai import board as aib
from .ai import plan
from .lang import N_, _, n_
from .rules import engine as cy
from .rules import knowledge
from .rules import palace as geo
from .rules.constants import KINDS, MARKET

NUMBERED = 20  # numbered buttons at most (4 rows of 5); past that a menu


def _names(view: dict) -> list[str]:
    return list(view["config"]["names"])


def title(view: dict) -> str:
    if view["stage"] == "over":
        return _("Courtyards — the end")
    return _("Courtyards — turn {n}", n=view["turns"])


def market_line(view: dict) -> str:
    parts = []
    for slot in range(MARKET):
        t = view["market"][slot]
        parts.append(f"{slot + 1}. " + (f"{words.tile(t)} · {words.currency(slot)}" if t is not None else "—"))
    return "\n".join(parts)


def doing(view: dict) -> str:
    st = view["stage"]
    if st == "place":
        return _("placing what they bought")
    if st == "final":
        return _("placing a building won at the end")
    if view["extra"]:
        return _("acting again after an exact payment")
    return _("taking money, buying or redesigning")


def to_do(view: dict) -> str:
    """doing(view) said to the player whose turn it is."""
    st = view["stage"]
    if st == "place":
        return _("place what you bought")
    if st == "final":
        return _("place the building you won at the end")
    if view["extra"]:
        return _("act again after your exact payment")
    return _("take money, buy or redesign")


def panel(table: Table, view: dict) -> Message:
    names = table.names
    lines = []
    if view["stage"] != "over":
        s = cy.deciders(view)[0]
        lines.append(_("**{who}** is {doing}.", who=names[s], doing=doing(view)))
    lines.append(_("**Money shown**: {cards}", cards=", ".join(words.card(c) for c in view["display"]) or "—"))
    lines.append(_("**Market**:") + "\n" + market_line(view))
    sizes = view["hand_sizes"]
    fields = [(names[s], " · ".join((words.points(view["score"][s]), n_("{n} card", "{n} cards", sizes[s]),
                                     _("wall {w}", w=geo.wall_length(geo.grid_of(view["palaces"][s]))))))
              for s in range(len(names))]
    lines += [f"• {x}" for x in table.recent[-3:]]
    content = ""
    controls: list = []
    if view["stage"] != "over":
        s = cy.deciders(view)[0]
        content = _("{who}: your turn.", who=table.mentions[s])
        if not table.ai[s]:
            controls.append(Button(_("Decide (private)"), "decide", "primary", "✋", row=0))
    controls += [Button(_("My palace"), "mine", "secondary", "🏛️", row=0),
                 Button(_("Table"), "board", "secondary", "🖼️", row=0)]
    return Message(content=content, title=title(view), body="\n".join(lines), fields=fields,
                   footer=_("Game {id} · move {move}", id=table.id, move=view["seq"]), controls=controls,
                   picture=Picture("table", (view, None), "courtyards.png"))


# ---- a seat's decision -----------------------------------------------------------------------------------
def ranked(view: dict, seat: int, ids: Sequence[str]) -> list[str]:
    """The moves, best first, as the AI's light look at the turn's end values them."""
    b = aib.Board(view, seat)
    worth = plan.quick_values(b, list(ids))
    return sorted(ids, key=lambda a: -worth[a])


def _take_item(view: dict, aid: str) -> Item:
    cs = [int(c) for c in aid.split(":")[2].split("_")]
    return Item(_("Take {cards}", cards=words.cards(cs)), aid, _("worth {n}", n=sum(c % 10 for c in cs)))


def _buy_item(view: dict, seat: int, aid: str) -> Item:
    _s, _v, slot_s, pay = aid.split(":")
    slot = int(slot_s)
    t = int(view["market"][slot])
    values = [int(v) for v in pay.split("_")]
    left = [c for c in view["hands"][seat]]
    for v in values:
        left.remove(10 * slot + v)
    paid = sum(values)
    how = _("exact: act again") if paid == geo.PRICE[t] else _("overpaid by {n}", n=paid - geo.PRICE[t])
    label = _("{n}. {tile}: pay {cur} {values}", n=slot + 1, tile=words.tile(t), cur=words.currency(slot),
              values="+".join(str(v) for v in values))
    rest = [str(c % 10) for c in left if c // 10 == slot]
    return Item(label, aid, f"{how} · " + _("{cur} left: {values}", cur=words.currency(slot),
                                             values=", ".join(rest) or "0"))


def _numbered(acts: Sequence[str]) -> list:
    """The numbered spots' controls, on rows 0-3: a button each, or past NUMBERED menus of 25 numbers each
    (every spot reachable: a palace late in the game may offer more than one menu holds)."""
    if len(acts) <= NUMBERED:
        return [Button(str(i + 1), a, "primary", row=i // 5) for i, a in enumerate(acts)]
    return [Menu(_("Numbers {a}-{b}", a=k + 1, b=min(k + 25, len(acts))),
                 [Item(str(i + 1), a) for i, a in enumerate(acts[k:k + 25], start=k)], row=k // 25)
            for k in range(0, min(len(acts), 100), 25)]


def _numbered_place(view: dict, seat: int, tile: int) -> Message:
    g = geo.grid_of(view["palaces"][seat])
    spots = geo.spots(g, tile)
    acts = [f"{seat}:place:{tile}:{geo.enc(x)}:{geo.enc(y)}" for x, y in spots]
    order = ranked(view, seat, acts) if len(acts) > 1 else acts
    keep = f"{seat}:keep:{tile}"
    numbered = [[geo.dec(a.split(":")[3]), geo.dec(a.split(":")[4]), str(i + 1)] for i, a in enumerate(order)]
    lines = [_("**Place your {tile}** ({walls}): the legal spots are numbered on your palace, best first; or "
               "put it in your reserve.", tile=words.tile(tile), walls=words.walls(tile))]
    if view["stage"] == "place" and len(view["bought"]) > 1:
        lines.append(_("Then: {tiles}.", tiles=", ".join(words.tile(t) for t in view["bought"][1:])))
    controls = [*_numbered(order), Button(_("Reserve"), keep, "secondary", "📦", row=4)]
    note = _("Placing: {tile}", tile=words.tile(tile))
    return Message(content="\n".join(lines), controls=controls,
                   picture=Picture("decision", (view, seat, numbered, note), "place.png"))


def _redesign(view: dict, seat: int, picked: str) -> Message | None:
    """Redesign in two steps: the tile (a reserve tile, or "a palace tile to the reserve"), then its spot."""
    acts = [a.id for a in cy.redesign_actions(view, seat)]
    back = Button(_("Back"), "k:back", "secondary", row=4)
    if picked == "redesign":
        picks: list = []  # (buttons: a pick's next step is then known to the host as offered)
        for t in sorted(set(view["reserves"][seat])):
            if any(a.split(":")[1] in ("in", "swap") and int(a.split(":")[2]) == t for a in acts):
                picks.append(Button(_("Build {tile} from the reserve", tile=words.tile(t)), f"k:r{t}", "primary"))
        picks = picks[:14]
        if any(a.split(":")[1] == "out" for a in acts):
            picks.append(Button(_("Move a palace building to the reserve"), "k:out", "secondary"))
        for i, b in enumerate(picks):
            b.row = i // 5
        return Message(content=_("**Redesign**: which building?"), controls=[*picks, back],
                       picture=Picture("mine", (view, seat), "palace.png"))
    if picked == "out":
        chosen = [a for a in acts if a.split(":")[1] == "out"]
        what = _("**Which building leaves the palace?** The ones that may are numbered.")
        xy = [(geo.dec(a.split(":")[2]), geo.dec(a.split(":")[3])) for a in chosen]
        note, moving = "", None
    else:
        t = int(picked[1:])
        chosen = [a for a in acts if a.split(":")[1] in ("in", "swap") and int(a.split(":")[2]) == t]
        what = _("**Where does the building {tile} go?** ({walls}) Empty spots to build on and buildings it may "
                 "replace are numbered.", tile=words.tile(t), walls=words.walls(t))
        xy = [(geo.dec(a.split(":")[3]), geo.dec(a.split(":")[4])) for a in chosen]
        note, moving = _("Placing: {tile}", tile=words.tile(t)), t
    if not chosen:
        return None
    numbered = [[x, y, str(i + 1)] for i, (x, y) in enumerate(xy)]
    controls = [*_numbered(chosen), back]
    return Message(content=what, controls=controls,
                   picture=Picture("decision", (view, seat, numbered, note, moving), "redesign.png"))


def _act(view: dict, seat: int, picked: str) -> Message:
    if picked == "redesign" or picked == "out" or (picked.startswith("r") and picked[1:].isdigit()):
        msg = _redesign(view, seat, picked)
        if msg is not None:
            return msg
    takes = [a.id for a in cy.take_actions(view, seat)]
    buys = [a.id for a in cy.buy_actions(view, seat)]
    # each slot's first payments ranked (money.payments' order: exact, least overpaid), the rest after them in
    # that order: a hand of many cards of one currency pays in hundreds of ways, and ranking them all took
    # the bot's loop a tenth of a second
    seen: dict[str, int] = {}
    weighed: list[str] = []
    rest: list[str] = []
    for a in buys:
        at = a.split(":")[2]
        seen[at] = seen.get(at, 0) + 1
        (weighed if seen[at] <= aib.PAYMENTS else rest).append(a)
    order = ranked(view, seat, takes + weighed)
    takes = [a for a in order if a in takes]
    buys = [a for a in order if a not in takes] + rest
    lines = [_("**Your money**: {hand}", hand=words.hand(view["hands"][seat]))]
    if view["extra"]:
        lines.insert(0, _("**You paid exactly: act again**, or end your turn."))
    controls: list = []
    row = 0
    slot_pick = picked.startswith("slot") and picked[4:].isdigit()
    if slot_pick:
        slot = int(picked[4:])
        mine = [a for a in buys if int(a.split(":")[2]) == slot][:25]
        controls.append(Menu(_("Pay for slot {n}…", n=slot + 1), [_buy_item(view, seat, a) for a in mine],
                             row=row))
        row += 1
    elif buys:
        controls.append(Menu(_("Buy a building…"), [_buy_item(view, seat, a) for a in buys[:25]], row=row))
        row += 1
        if len(buys) > 25:  # (the best 25 in the menu; every payment through its slot's button)
            lines.append(_("Many ways to pay: the best are in the menu, all of a slot's under its button."))
            for slot in range(MARKET):
                if any(int(a.split(":")[2]) == slot for a in buys):
                    controls.append(Button(_("Buy {n}", n=slot + 1), f"k:slot{slot}", "primary", row=row))
            row += 1
    if takes:  # (after the purchases: the easy AI buys what it can, else takes money)
        controls.append(Menu(_("Take money…"), [_take_item(view, a) for a in takes], row=row))
        row += 1
    if cy.redesign_actions(view, seat):
        controls.append(Button(_("Redesign…"), "k:redesign", "secondary", "🔁", row=row))
    if view["extra"]:
        controls.append(Button(_("End the turn"), f"{seat}:end", "success", row=row))
    if slot_pick:
        controls.append(Button(_("Back"), "k:back", "secondary", row=row))
    if not controls:
        controls.append(Button(_("Pass"), f"{seat}:pass", "secondary", row=0))
        lines.append(_("You can do nothing this turn."))
    return Message(content="\n".join(lines), controls=controls,
                   picture=Picture("mine", (view, seat), "palace.png"))


def decision(view: dict, seat: int, picked: Sequence[str] = ()) -> Message | None:
    if view["stage"] == "over" or seat not in cy.deciders(view):
        return None
    tile = cy.pending(view)
    if tile is not None:
        return _numbered_place(view, seat, tile)
    last = picked[-1] if picked else ""
    if last == "back":
        last = ""
    return _act(view, seat, last)


def mine(table: Table, view: dict, seat: int) -> Message:
    hand = view["hands"][seat]
    lines = [_("**Your money**: {hand}", hand=words.hand(hand or [])),
             _("**Your reserve**: {tiles}", tiles=", ".join(words.tile(t) for t in view["reserves"][seat]) or "—")]
    return Message(content="\n".join(lines), picture=Picture("mine", (view, seat), "palace.png"))


# ---- the story -----------------------------------------------------------------------------------------------
def event_text(e: dict, names: Sequence[str]) -> str | None:
    t = e["type"]
    if t == "started":
        return _("Courtyards begins: {names}. {who} starts.", names=", ".join(names), who=names[e["first"]])
    if t == "took":
        return _("{who} takes {cards}.", who=names[e["seat"]], cards=words.cards(e["cards"]))
    if t == "bought":
        how = _("exactly") if e["exact"] else _("with {n} over", n=sum(e["paid"]) - geo.PRICE[e["tile"]])
        return _("{who} buys the {tile} for {cur} {paid} ({how}).", who=names[e["seat"]], tile=words.tile(e["tile"]),
                 cur=words.currency(e["slot"]), paid="+".join(str(v) for v in e["paid"]), how=how)
    if t == "placed":
        return _("{who} builds the {tile}.", who=names[e["seat"]], tile=words.tile(e["tile"]))
    if t == "kept":
        return _("{who} puts the {tile} in the reserve.", who=names[e["seat"]], tile=words.tile(e["tile"]))
    if t == "moved":
        if e["how"] == "in":
            return _("{who} redesigns: the {tile} from the reserve into the palace.", who=names[e["seat"]],
                     tile=words.tile(e["tile"]))
        if e["how"] == "out":
            return _("{who} redesigns: the {tile} to the reserve.", who=names[e["seat"]], tile=words.tile(e["tile"]))
        return _("{who} redesigns: the {tile} takes the place of the {old}.", who=names[e["seat"]],
                 tile=words.tile(e["tile"]), old=words.tile(e["old"]))
    if t == "ended":
        return _("{who} ends the turn.", who=names[e["seat"]])
    if t == "passed":
        return _("{who} can do nothing and passes.", who=names[e["seat"]])
    if t == "neutral":
        return n_("The Steward takes {n} building.", "The Steward takes {n} buildings.", len(e["tiles"]))
    if t == "reshuffled":
        return _("The money deck is empty: the discards are shuffled into a new one.")
    if t == "scoring":
        gains = ", ".join(f"{names[s]} +{g}" for s, g in enumerate(e["gained"]))
        return _("**Scoring round {n}**: {gains}.", n=e["round"], gains=gains)
    if t == "game_end":
        got = [_("{who} gets the {tile}", who=names[a["seat"]], tile=words.tile(a["tile"]))
               for a in e["awards"] if a["seat"] is not None]
        why = e.get("why", "market")
        end = _("The bag is empty: the game ends.") if why == "bag" else \
            _("Nobody can do anything: the game ends.") if why == "passes" else \
            _("The market cannot be refilled: the game ends.")
        return end + (" " + "; ".join(got) + "." if got else "")
    if t == "game_over":
        if len(e["winners"]) > 1:
            return _("Game over: {who} share the win.", who=", ".join(names[s] for s in e["winners"]))
        return _("Game over: {who} wins.", who=names[e["winners"][0]])
    return None


class CourtyardsShow(Show):
    categories = {**{k: n for k, n in zip(KINDS, words.KIND_NAMES, strict=True)}, "walls": N_("Walls")}
    topics = rules_help.TOPICS

    def title(self, view: dict) -> str:
        return title(view)

    def options_text(self, options: Mapping[str, Any]) -> str:
        end = _("when the market cannot be refilled") if options.get("end", "refill") == "refill" \
            else _("when the bag is empty")
        deck = _("full money deck") if options.get("money", "full") == "full" else _("short money deck")
        return _("Ends **{end}** · **{deck}**", end=end, deck=deck)

    def panel(self, table: Table, view: dict) -> Message:
        return panel(table, view)

    def decision(self, table: Table, view: dict, seat: int, picked: Sequence[str] = ()) -> Message | None:
        return decision(view, seat, picked)

    def mine(self, table: Table, view: dict, seat: int) -> Message:
        return mine(table, view, seat)

    def ping(self, view: dict, who: str) -> str:
        return _("{who}: your turn in Courtyards — {doing} (private: **Decide**).", who=who, doing=to_do(view))

    def lines(self, events: Sequence[dict], names: Sequence[str]) -> list[str]:
        return [x for x in (event_text(e, names) for e in events) if x]

    def chapter(self, event: dict) -> Mark | None:
        """Three chapters, each ending with a scoring round."""
        t = event["type"]
        if t == "started":
            return Mark(begins={"part": 1})
        if t == "scoring":
            if event["round"] < 3:
                return Mark(ends=True, begins={"part": event["round"] + 1}, headline=True)
            return Mark(ends=True, headline=True)
        if t == "game_over":
            return Mark(ends=True, over=True, headline=True)
        return None

    def heading(self, facts: Mapping[str, Any]) -> str:
        return _("Part {n} of 3", n=facts.get("part", 1))

    def result_line(self, result: SeatResult) -> str:
        s = result.scores
        kinds = " · ".join(f"{words.kind(k)} {s.get(key, 0)}" for k, key in enumerate(KINDS))
        return kinds + " · " + _("Walls {n}", n=s.get("walls", 0))

    def standings(self, table: Table, view: dict) -> tuple[str, list[tuple[int, str]]]:
        order = sorted(range(len(view["score"])), key=lambda s: -view["score"][s])
        return _("Points when it ended"), [(s, n_("{n} point", "{n} points", view["score"][s])) for s in order]

    def detail(self, key: str, value: Any) -> tuple[str, str] | None:
        if key == "wall" and isinstance(value, int):
            return _("Longest wall at the end"), str(value)
        return None


SHOW = CourtyardsShow()

__all__ = ["SHOW", "knowledge"]
