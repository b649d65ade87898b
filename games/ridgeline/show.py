"""What Discord shows of Ridgeline (the protocol's Show), from views only: the public panel (whose turn, the
queue as text, each panorama's stars so far), the private decision (decide.py), one's own hand, the story
in chapters (each game in four parts: the deck falling to 20, 10 and 0 tiles, then its end), help."""

from collections.abc import Mapping, Sequence
from typing import Any

from engine.protocol import Button, Mark, Message, Picture, SeatResult, Show, Table

from . import decide, words
from . import help as rules_help
from .lang import N_, _, n_
from .rules import scoring
from .rules.constants import LEGS


def queue_text(view: Mapping[str, Any]) -> str:
    """"A 🟩 7 Pines ▪ · B 🟦 3 Shore · C —" (▪: a tile lies face down under it)."""
    bits = []
    for i, (up, down) in enumerate(view["queue"]):
        t = words.tile(up) if up is not None else "—"
        bits.append(f"**{words.column(i)}** {t}" + (" ▪" if down is not None else ""))
    return " · ".join(bits)


def title(view: Mapping[str, Any]) -> str:
    if view["step"]["kind"] == "over":
        return _("Ridgeline — the game is over") if view["config"]["games"] == 1 else \
            _("Ridgeline — the match is over")
    if view["config"]["games"] == 1:
        return _("Ridgeline — turn {turn}", turn=view["turn_no"])
    return _("Ridgeline — game {game} of {games}, turn {turn}", game=view["game"], games=view["config"]["games"],
             turn=view["turn_no"])


def seat_line(view: Mapping[str, Any], seat: int) -> str:
    b = scoring.breakdown(dict(view), seat)
    bits = [words.breakdown(b), n_("{n} tile in hand", "{n} tiles in hand", len(view["hands"][seat]))]
    if view["raven"] == seat:
        bits.append(_("holds the Raven"))
    if view["config"]["games"] > 1 and view["history"]:
        bits.append(_("match {n}", n=sum(int(r["totals"][seat]) for r in view["history"])))
    return " · ".join(bits)


def panel(table: Table, view: dict) -> Message:
    over = view["step"]["kind"] == "over"
    lines = []
    if not over:
        seat = view["turn"]
        lines.append(_("{mark} **{who}** {doing}: press **Decide** (private).", mark=words.SEAT_MARK[seat],
                       who=table.names[seat], doing=decide.doing(view)))
    lines.append(_("**Queue**: {queue}", queue=queue_text(view)))
    lines.append(_("Deck: {deck} · rainbows left: {rainbows} · spirits face down: {pile}", deck=len(view["deck"]),
                   rainbows=view["rainbows"], pile=len(view["pile"])))
    if view["row"]:
        lines.append(_("Spirits face up: {spirits}", spirits=", ".join(words.spirit_name(k) for k in view["row"])))
    recent = list(table.recent[-4:])
    if recent:
        lines.append("\n**" + _("Recent") + "**\n" + "\n".join(f"• {x}" for x in recent))
    fields = []
    for s in range(2):
        total = scoring.total(scoring.breakdown(view, s))
        fields.append((f"{words.SEAT_MARK[s]} {table.names[s]} — {words.stars(total)}", seat_line(view, s)))
    content = "" if over else _("Your turn, {who}.", who=table.mentions[view["turn"]])
    return Message(content=content, title=title(view), body="\n".join(lines), fields=fields,
                   footer=_("Game {id} · move {move}", id=table.id, move=view["seq"]), colour="green",
                   controls=[Button(_("Decide (private)"), "decide", "primary", "✋", row=0),
                             Button(_("My hand"), "mine", "secondary", "🀄", row=0),
                             Button(_("Table"), "board", "secondary", "🖼️", row=0)],
                   picture=Picture("round", (view, []), "table.png"))


def mine(table: Table, view: dict, seat: int) -> Message:
    hand = view["hands"][seat]
    lines = ["**" + _("Your hand, {name}", name=table.names[seat]) + "**",
             " · ".join(f"**{i + 1}.** {words.tile(t)}" for i, t in enumerate(hand)) or _("empty"),
             _("Your stars so far: {line}", line=words.breakdown(scoring.breakdown(view, seat)))]
    return Message(content="\n".join(lines), picture=Picture("mine", (view, seat), "hand.png"))


# ---- the story --------------------------------------------------------------------------------------
def event_text(e: Mapping[str, Any], names: Sequence[str]) -> str | None:
    t = e["type"]
    who = names[e["seat"]] if isinstance(e.get("seat"), int) and e["seat"] < len(names) else ""
    if t == "match_started":
        bits = [_("Ridgeline begins (the rules of Solstis): {a} against {b}.", a=names[0], b=names[1])]
        if e["games"] > 1:
            bits.append(_("A match of {n} games.", n=e["games"]))
        if e["deal"] == "daily":
            bits.append(_("The deal of the day."))
        if e["beginner"]:
            bits.append(_("Beginner mode: no Raven."))
        return " ".join(bits)
    if t == "game_started":
        return _("Game {game}: {who} begins (drawn at random).", game=e["game"], who=names[e["first"]]) \
            if e["game"] == 1 else _("Game {game}: {who} begins.", game=e["game"], who=names[e["first"]])
    if t == "capture":
        return capture_text(e, who)
    if t == "no_capture":
        return _("{who} played {tile}: no capture, it goes into the queue ({col}).", who=who,
                 tile=words.tile(e["tile"]), col=words.column(e["col"]))
    if t == "second_chance":
        return _("Second chance: {who} turned up {tile}.", who=who, tile=words.tile(e["tile"]))
    if t == "missed":
        return _("{tile} captures nothing either: into the queue ({col}).", tile=words.tile(e["tile"]),
                 col=words.column(e["col"]))
    if t == "rainbow":
        if e["why"] == "move":
            return _("{who} moved a rainbow to {spot}.", who=who, spot=words.spot(e["spot"]))
        return _("{who} took a rainbow: {spot}.", who=who, spot=words.spot(e["spot"]))
    if t == "rainbow_lifted":
        return _("{who}'s tile takes a rainbow's place ({spot}).", who=who, spot=words.spot(e["spot"]))
    if t == "rainbow_back":
        return _("No spot left for {who}'s rainbow: it goes back.", who=who)
    if t == "no_rainbow":
        return _("No rainbow left for {who}.", who=who)
    if t == "discarded":
        return _("{tile} is out of the game: a rainbow under {who}'s spirit holds its place.",
                 tile=words.tile(e["tile"]), who=who)
    if t == "spirit":
        return _("{who} met the {spirit} (drawn).", who=who, spirit=words.spirit_name(e["key"])) \
            if e["how"] == "draw" else _("{who} met the {spirit}.", who=who, spirit=words.spirit_name(e["key"]))
    if t == "drew":
        return n_("{who} drew {n} spirit.", "{who} drew {n} spirits.", len(e["spirits"]), who=who)
    if t == "face_up":
        return _("The {spirit} goes face up.", spirit=words.spirit_name(e["key"]))
    if t == "raven":
        if e["drawn"]:
            return _("{who} drew the Raven: a curse until they meet another spirit.", who=who)
        return _("The Raven passes to {who}.", who=who)
    if t == "no_spirit":
        return _("No spirit for {who}'s square.", who=who)
    if t == "looked":
        return n_("The Mole: {who} looks at the deck's top tile.", "The Mole: {who} looks at the deck's top {n} "
                  "tiles.", len(e["tiles"]), who=who)
    if t == "mole":
        return _("{who} keeps one; the others are shuffled back.", who=who) if e["returned"] else \
            _("{who} keeps it.", who=who)
    if t == "magpie":
        return _("The Magpie: {who} takes the face-down tile of column {col}.", who=who, col=words.column(e["col"]))
    if t == "hedgehog":
        if not e["back"]:
            return _("The Hedgehog: {who} keeps their tiles.", who=who)
        return n_("The Hedgehog: {who} gives back {n} tile and draws as many.",
                  "The Hedgehog: {who} gives back {n} tiles and draws as many.", len(e["back"]), who=who)
    if t == "crane":
        return _("The Crane: {who}'s next turn also captures values 1 apart.", who=who)
    if t == "moth":
        return n_("The Moth: +{n} star for {who}.", "The Moth: +{n} stars for {who}.", e["stars"], who=who)
    if t == "nothing":
        return _("The {spirit} finds nothing to do.", spirit=words.spirit_name(e["key"]))
    if t == "pass":
        return _("{who} cannot capture and passes.", who=who)
    if t == "leg":
        if e["deck"] == 0:
            return _("The deck is empty: only captures now.")
        return n_("{n} tile left in the deck.", "{n} tiles left in the deck.", e["deck"])
    if t == "game_over":
        a, b = e["totals"]
        return _("Game {game} is over: {x}: {a} stars, {y}: {b} stars.", game=e["game"], x=names[0], a=a, y=names[1],
                 b=b)
    if t == "match_over":
        if len(e["winners"]) == 1:
            return _("{who} wins with {n} stars.", who=names[e["winners"][0]], n=e["totals"][e["winners"][0]])
        return _("A shared win: {n} stars each.", n=e["totals"][0])
    return None


def capture_text(e: Mapping[str, Any], who: str) -> str:
    how = e["how"]
    target = words.tile(e["target"])
    if how == "drawn":
        text = _("{who}'s second chance: {tile} captures {target}.", who=who, tile=words.tile(e["tile"]),
                 target=target)
    elif how == "otter":
        text = _("The Otter: {who} captures {target}.", who=who, target=target)
    elif how == "kingfisher":
        text = _("The Kingfisher: {who} plays {tile} and captures {target}.", who=who, tile=words.tile(e["tile"]),
                 target=target)
    else:
        text = _("{who} played {tile} and captured {target}.", who=who, tile=words.tile(e["tile"]), target=target)
    if e["flipped"] is not None:
        text += " " + _("{tile} turns face up.", tile=words.tile(e["flipped"]))
    return text


def heading(facts: Mapping[str, Any]) -> str:
    game, leg = facts.get("game", 1), facts.get("leg", 1)
    legs = len(LEGS) + 1
    if leg >= legs:
        return _("Game {game}: the last captures", game=game)
    return _("Game {game}, part {leg} of {legs}", game=game, leg=leg, legs=legs)


class RidgelineShow(Show):
    categories = {"area": N_("Largest area"), "beacons": N_("Beacons"), "spirits": N_("Spirits"),
                  "bonus": N_("Spirits' stars"), "raven": N_("Raven"), "start": N_("Head start")}
    topics = rules_help.TOPICS
    opening_picture = True

    def title(self, view: dict) -> str:
        return title(view)

    def options_text(self, options: Mapping[str, Any]) -> str:
        bits = [_("Beginner mode (no Raven)") if options.get("beginner") == "on" else _("With the Raven")]
        games = options.get("games", "1")
        bits.append(_("one game") if games == "1" else _("a match of {n} games", n=games))
        if options.get("deal") == "daily":
            bits.append(_("the deal of the day (one game, with the Raven)"))
        return " · ".join(f"**{b}**" for b in bits) + " · " + _("Solstis's rules")

    def panel(self, table: Table, view: dict) -> Message:
        return panel(table, view)

    def decision(self, table: Table, view: dict, seat: int, picked: Sequence[str] = ()) -> Message | None:
        return decide.decision(view, seat, picked)

    def mine(self, table: Table, view: dict, seat: int) -> Message:
        return mine(table, view, seat)

    def ping(self, view: dict, who: str) -> str:
        return _("{who}: your turn — {doing} (private: **Decide**) — see the panel ↑", who=who,
                 doing=decide.to_do(view))

    def points(self, n: int) -> str:
        return words.stars(n)

    def lines(self, events: Sequence[dict], names: Sequence[str]) -> list[str]:
        return [x for x in (event_text(e, names) for e in events) if x]

    def chapter(self, event: dict) -> Mark | None:
        """Each game in parts: the deck falling to each of LEGS' counts ends one, the game's end the last."""
        t = event["type"]
        if t == "game_started":
            return Mark(begins={"game": event["game"], "leg": 1})
        if t == "leg":
            return Mark(ends=True, begins={"game": event["game"], "leg": event["leg"]})
        if t == "capture":
            return Mark(headline=True)
        if t in ("game_over", "match_over"):
            return Mark(ends=True, over=t == "match_over", headline=True)
        return None

    def heading(self, facts: Mapping[str, Any]) -> str:
        return heading(facts)

    def result_line(self, result: SeatResult) -> str:
        s = result.scores
        line = words.breakdown(s)
        if result.detail.get("games", 1) > 1:
            line += " · " + n_("{n} game", "{n} games", result.detail["games"])
        return line

    def standings(self, table: Table, view: dict) -> tuple[str, list[tuple[int, str]]]:
        totals = [sum(int(r["totals"][s]) for r in view["history"]) + scoring.total(scoring.breakdown(view, s))
                  for s in range(2)]
        order = sorted(range(2), key=lambda s: -totals[s])
        return _("Stars when it ended"), [(s, words.stars(totals[s])) for s in order]

    def detail(self, key: str, value: Any) -> tuple[str, str] | None:
        if key == "games" and isinstance(value, int) and value > 1:
            return _("Games in the match"), str(value)
        return None


SHOW = RidgelineShow()
