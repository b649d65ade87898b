"""What Discord shows of Undergrounders, from views only: the panel (the city after every turn), a seat's
decision (a whole dig in one click, ranked by the easy AI, each saying what it gives; a station's places
numbered on the picture), the story (a chapter a round), help."""

from collections.abc import Mapping, Sequence
from typing import Any

from engine.protocol import Button, Item, Mark, Menu, Message, Picture, Show, Table
from i18n.topics import Topics

from . import ai
from .lang import N_, _, n_
from .rules import engine as mm
from .rules.constants import LINES

LIMIT = 25


def plan_act(seat: int, plan: str) -> str:
    """A whole move as a control's act: "2@m/t.0.12/t.0.20/t.1.40.A" (play.MetroRules.expand)."""
    return f"{seat}@m/" + plan.replace(":", ".")


def line_name(lid: int) -> str:
    return _("solid line") if lid % LINES == 0 else _("striped line")


def kind_name(kind: str) -> str:
    return {"R": _("homes"), "C": _("shops"), "E": _("fun")}.get(kind, kind)


def describe(before: dict, after: dict, plan: str, seat: int) -> str:
    """What a whole move gives, in a few words ("Solid ×3 · station +2 · marker B")."""
    steps = plan.split("/")
    if steps[0] == "pass":
        return _("Pass (nothing can be done)")
    if steps[0].startswith("s:"):
        gain = after["points"][seat] - before["points"][seat]
        return _("Station on the {line} (+{n})", line=line_name(int(steps[0].split(":")[1])), n=gain)
    parts = []
    per = [sum(1 for s in steps if s.split(":")[1] == str(ln)) for ln in range(LINES)]
    for ln in range(LINES):
        if per[ln]:
            started = not before["lines"][seat * LINES + ln]["cells"]
            name = _("Solid") if ln == 0 else _("Striped")
            parts.append(f"{name} ×{per[ln]}" + (" " + _("(new)") if started else ""))
    gain = after["points"][seat] - before["points"][seat]
    made = len(after["stations"]) - len(before["stations"])
    made -= sum(1 for st in after["stations"][len(before["stations"]):] if st["side"] < 0)
    if made:
        parts.append(n_("{n} station (+{p})", "{n} stations (+{p})", made, p=gain))
    for s in steps:
        bits = s.split(":")
        if len(bits) > 3:
            parts.append(_("marker {letter}", letter=bits[3]))
    for ln in range(LINES):
        if after["lines"][seat * LINES + ln]["done"] and not before["lines"][seat * LINES + ln]["done"]:
            parts.append(_("completes the {line}", line=line_name(ln)))
    return " · ".join(parts)[:100]


def _target(plan: str, after: dict, before: dict, seat: int) -> list:
    """Where a move is labelled on the decision's picture: its last tunnel's cell, or its station's side."""
    last = plan.split("/")[-1].split(":")
    if last[0] == "t":
        return ["c", int(last[2])]
    if last[0] == "s":
        lid = seat * LINES + int(last[1])
        i = int(last[2])
        cells = before["lines"][lid]["cells"]
        return ["s", mm.C(before).g.between[(cells[i], cells[i + 1])]]
    return []


class MetroShow(Show):
    categories = {"stations": N_("Stations"), "trips": N_("Trips"), "inquiry": N_("Inquiries"),
                  "park": N_("Park to lake")}
    opening_picture = True

    def __init__(self) -> None:
        self.topics = Topics(TOPICS, _topic_name, _topic_text, _intro)

    # ---- the panel ----------------------------------------------------------------------------------
    def panel(self, table: Table, view: dict) -> Message:
        names = table.names
        lines = []
        if view["phase"] != "over":
            s = view["turn"]
            lines.append(_("**{name}** digs now.", name=names[s]))
            if view["last"] is not None:
                lines.append(_("The building is ending: everyone else has one last turn."))
        lines += [f"• {x}" for x in table.recent[-4:]]
        fields = []
        for s in range(view["players"]):
            done = sum(1 for ln in range(LINES) if view["lines"][s * LINES + ln]["done"])
            hand = " ".join(f"{m[0]}({kind_name(m[1])})" for m in view["hand"][s]) or "—"
            fields.append((names[s], _("stations {p} · lines done {d} · markers {hand}", p=view["points"][s],
                                       d=done, hand=hand)))
        content = ""
        if view["phase"] != "over":
            content = _("{who}: your turn to dig.", who=table.mentions[view["turn"]])
        return Message(content=content, title=_("Undergrounders — round {n}", n=_round(view)),
                       body="\n".join(lines), fields=fields,
                       footer=_("Game {id} · move {move} · stations left {left}", id=table.id, move=view["seq"],
                                left=view["supply"]),
                       controls=[Button(_("Decide (private)"), "decide", "primary", row=0),
                                 Button(_("Full board"), "board", row=0)],
                       picture=Picture("round", (view, list(table.recent[-2:])), "city.png"))

    # ---- a decision ------------------------------------------------------------------------------------
    def decision(self, table: Table, view: dict, seat: int, picked: Sequence[str] = ()) -> Message | None:
        if view["phase"] == "over" or view["turn"] != seat:
            return None
        rows = ai.distinct(ai.ranked(view, seat, "easy"))
        if not rows:
            return None
        pick = picked[-1] if picked else ""
        if view["phase"] == "free":
            text = _("Your {line} is complete: place its free station (numbered on the picture).",
                     line=line_name(view["free"][0]))
        elif not any(view["lines"][seat * LINES + ln]["cells"] for ln in range(LINES)):
            text = _("Start your solid line on a white arrow, then dig on: three tunnels a turn.")
        else:
            text = _("Dig three tunnels (split between your lines as you like) or build a station between two "
                     "of a line's stations.")
        done = sum(1 for ln in range(LINES) if view["lines"][seat * LINES + ln]["done"])
        if view["points"][seat] and done < LINES and view["phase"] == "build":  # (the menu's order is easy's)
            text += "\n" + n_("You have {n} station point: you keep it only if both your lines are completed "
                               "(half with one, none with neither). Lines completed: {done}.",
                               "You have {n} station points: you keep them all only if both your lines are "
                               "completed (half with one, none with neither). Lines completed: {done}.",
                               view["points"][seat], done=done)
        title = _("Your move, {name}", name=table.names[seat])
        if len(rows) <= LIMIT:
            return self._menu(view, seat, text, title, rows, [])
        digs = [r for r in rows if not r[1].startswith("s:")]
        stations = [r for r in rows if r[1].startswith("s:")]
        groups = [("more", _("Other digs…"))]
        if stations:
            groups.append(("st", _("Build a station…")))
        best = rows[:LIMIT - len(groups)]
        rest = [r for r in digs if r not in best]
        if not pick:
            return self._menu(view, seat, text, title, best, groups)
        if pick == "st":
            return self._buttons(view, seat, text, title, stations, [])
        if pick == "more" and len(rest) > LIMIT - 1:  # a step more: the first tunnel of the other digs
            firsts: list[str] = []
            for r in rest:
                f = r[1].split("/")[0]
                if f not in firsts:
                    firsts.append(f)
            return self._buttons(view, seat, text, title, [], [(f, self._group_label(view, seat, f)) for f in firsts])
        if pick != "more":
            rest = [r for r in rest if r[1].split("/")[0] == pick]
        return self._buttons(view, seat, text, title, rest, [])

    def _menu(self, view: dict, seat: int, text: str, title: str, rows: list, groups: list) -> Message:
        """One select: the moves best first (each a whole move), then the groups (a pick each)."""
        cands: list = []
        items = []
        for k, (_v, plan, after) in enumerate(rows, start=1):
            items.append(Item(f"{k}. {describe(view, after, plan, seat)}"[:100], plan_act(seat, plan)))
            cands.append(_target(plan, after, view, seat))
        for key, label in groups:
            k = len(items) + 1
            items.append(Item(f"{k}. {label}"[:100], f"k:{key}"))
            cands.append(self._group_target(view, seat, key))
        controls: list = [Menu(_("Choose your move (best first)"), items, row=0)]
        if rows:  # the best move in one click
            controls.append(Button(_("Play 1"), plan_act(seat, rows[0][1]), "primary", row=1))
        return Message(content=text, controls=controls,
                       picture=Picture("decision", (view, _once(cands), title, seat), "move.png"))

    def _buttons(self, view: dict, seat: int, text: str, title: str, rows: list, groups: list) -> Message:
        """A step after a pick: numbered buttons (the host keeps a decision's menus as they were before a
        pick), each move described in the text and numbered alike on the picture; then Back."""
        cands: list = []
        lines = [text]
        controls: list = []
        k = 0
        for _v, plan, after in rows[:LIMIT - 1]:
            k += 1
            lines.append(f"**{k}.** {describe(view, after, plan, seat)}")
            controls.append(Button(str(k), plan_act(seat, plan), "primary" if k == 1 else "secondary",
                                   row=(k - 1) // 5))
            cands.append(_target(plan, after, view, seat))
        for key, label in groups[:LIMIT - 1 - k]:
            k += 1
            lines.append(f"**{k}.** {label}")
            controls.append(Button(str(k), f"k:{key}", row=(k - 1) // 5))
            cands.append(self._group_target(view, seat, key))
        controls.append(Button(_("Back"), "decide", row=min(4, k // 5)))
        return Message(content="\n".join(lines)[:2000], controls=controls,
                       picture=Picture("decision", (view, _once(cands), title, seat), "move.png"))

    def _group_label(self, view: dict, seat: int, key: str) -> str:
        bits = key.split(":")
        lid = seat * LINES + int(bits[1])
        start = not view["lines"][lid]["cells"]
        if len(bits) > 3 and bits[3]:  # (the first tunnel places a marker: two such start at one place)
            return _("Start the {line} here, marker {letter}…", line=line_name(lid), letter=bits[3]) if start \
                else _("Dig the {line} this way, marker {letter}…", line=line_name(lid), letter=bits[3])
        if start:
            return _("Start the {line} here…", line=line_name(lid))
        return _("Dig the {line} this way…", line=line_name(lid))

    def _group_target(self, view: dict, seat: int, key: str) -> list:
        if key in ("st", "more"):
            return []
        return ["c", int(key.split(":")[2])]

    # ---- the story -------------------------------------------------------------------------------------
    def lines(self, events: Sequence[dict], names: Sequence[str]) -> list[str]:
        out: list[str] = []
        dug: dict[tuple[int, int], int] = {}
        at: dict[tuple[int, int], int] = {}  # where each line's digging is told: at its first tunnel
        for e in events:
            t = e["type"]
            if t == "tunnel":
                key = (e["seat"], e["line"])
                if key not in dug:
                    at[key] = len(out)
                    out.append("")
                dug[key] = dug.get(key, 0) + 1
                if e.get("start"):
                    out.append(_("{who} starts the {line}.", who=names[e["seat"]], line=line_name(e["line"])))
                if e.get("marker"):
                    out.append(_("{who} places marker {letter}.", who=names[e["seat"]], letter=e["marker"]))
            elif t == "station" and e["how"] == "free":
                out.append(_("{who} places the completed line's free station (+{n}).", who=names[e["seat"]],
                             n=e["points"]))
            elif t == "station":
                how = {"join": _("where the lines meet"), "split": _("where the lines part"),
                       "built": _("between stations")}[e["how"]]
                out.append(_("{who}: a station {how} (+{n}).", who=names[e["seat"]], how=how, n=e["points"]))
            elif t == "completed":
                out.append(_("{who} completes the {line}!", who=names[e["seat"]], line=line_name(e["line"])))
            elif t == "pass":
                out.append(_("{who} can do nothing and passes.", who=names[e["seat"]]))
            elif t == "last_round":
                out.append(_("The building ends: everyone else has one last turn."))
            elif t == "scored":
                out += _scored_lines(e, names)
            elif t == "started":
                out.append(_("Undergrounders begins: {names}. {first} digs first.", names=", ".join(names),
                             first=names[e["first"]]))
        for (seat, lid), k in dug.items():
            out[at[(seat, lid)]] = n_("{who} digs {n} tunnel on the {line}.", "{who} digs {n} tunnels on the {line}.",
                                      k, who=names[seat], line=line_name(lid))
        return out

    def chapter(self, event: dict) -> Mark | None:
        t = event["type"]
        if t == "turn" and event.get("round_start"):
            return Mark(begins={"round": event["round"]})
        if t == "scored":
            return Mark(ends=True, over=True, headline=True)
        if t in ("completed", "last_round"):
            return Mark(headline=True)
        return None

    def heading(self, facts: Mapping[str, Any]) -> str:
        return _("Round {n}", n=facts.get("round", 1))

    def title(self, view: dict) -> str | None:
        return _("Undergrounders — round {n}", n=_round(view))


def _scored_lines(e: dict, names: Sequence[str]) -> list[str]:
    """The end of the building told: the station points each seat keeps (when its lines lose some), who has
    the most points and, on a tie, who it goes to and why (RULES.md 13, 17)."""
    out = []
    for s, raw in enumerate(e.get("raw") or []):
        kept, done = e["stations"][s], e["done"][s]
        if kept < raw:
            out.append(n_("{who} keeps {kept} of {raw} station points ({n} line completed).",
                          "{who} keeps {kept} of {raw} station points ({n} lines completed).", done,
                          who=names[s], kept=kept, raw=raw))
    best = max(e["total"])
    top = [s for s, x in enumerate(e["total"]) if x == best]
    out.append(_("The test trips are run. Most points: {who} ({n}).", who=", ".join(names[s] for s in top), n=best))
    if len(top) > 1 and "done" in e:  # (games scored before the event carried the tie-break: no line)
        won = [s for s, rank in enumerate(mm.ranks(e)) if rank == 1]
        if len(won) > 1:
            out.append(_("Still tied: {who} share the win.", who=", ".join(names[s] for s in won)))
        elif e["done"][won[0]] > max(e["done"][s] for s in top if s != won[0]):
            out.append(_("The tie goes to {who}: most lines completed.", who=names[won[0]]))
        else:
            out.append(_("The tie goes to {who}: most tunnels.", who=names[won[0]]))
    return out


def _once(cands: list, marks: Sequence[str] = ()) -> list:
    """Each place labelled once, on its first choice, with the labels of every choice that ends there ("1/2",
    at most three, then "+"): [what, where, label]; the other choices ["x", -1] (no label for them). marks:
    the choices' labels (default their numbers from 1)."""
    def mark(k: int) -> str:
        return marks[k] if marks else str(k + 1)
    at: dict[tuple, list[int]] = {}
    for k, c in enumerate(cands):
        if c and c[1] >= 0:
            at.setdefault(tuple(c[:2]), []).append(k)
    out = []
    for k, c in enumerate(cands):
        here = at.get(tuple(c[:2]), []) if c and c[1] >= 0 else []
        if not here or here[0] != k:
            out.append(["x", -1])
        else:
            out.append([c[0], c[1], "/".join(mark(i) for i in here[:3]) + ("+" if len(here) > 3 else "")])
    return out


def _round(view: dict) -> int:
    return view["turns"] // view["players"] + 1


# ---- help ---------------------------------------------------------------------------------------------
TOPICS = ("turn", "lines", "markers", "stations", "ending", "scoring", "trips", "options", "credits")


def _topic_name(key: str) -> str:
    return {"turn": _("your turn"), "lines": _("lines"), "markers": _("markers"), "stations": _("stations"),
            "ending": _("ending"), "scoring": _("scoring"), "trips": _("trips"), "options": _("options"),
            "credits": _("credits")}[key]


def _topic_text(key: str) -> str:
    if key == "turn":
        return _("**Your turn**: either dig **3 tunnels** (split between your two lines as you like; fewer only "
                 "when no more fit) or build **one station** on one of your lines between two of its stations "
                 "(a start or an end counts as one). Your first turn starts one line only.")
    if key == "lines":
        return _("**Lines**: each player has a solid and a striped line of at most 18 tunnels. A line starts on "
                 "a white arrow (the second on a far side of the city), grows only from its end, never touches "
                 "itself, never crosses the park or the lake and never winds round one corner through 5 cells (an "
                 "acute angle), except right after a station. It ends on a black arrow on a far side.")
    if key == "markers":
        return _("**Markers**: coloured triangles are homes, shops and fun. A line enters one only by placing "
                 "one of your markers of that kind on it (one marker a turn); two markers of one letter never "
                 "touch.")
    if key == "stations":
        return _("**Stations**: one appears where your line meets another line, and one where it leaves a line "
                 "it ran alongside. Each scores 1 point per coloured triangle touching it. A completed line gets "
                 "a free station. There are 30 stations in all.")
    if key == "ending":
        return _("**The end**: when a player completes both lines, the last station is placed, or enough lines "
                 "are completed or blocked (5 with 4 players, 4 with 3, 3 with 2), everyone else has one last "
                 "turn.")
    if key == "scoring":
        return _("**Scoring**: your station points count in full with both lines completed, half with one, none "
                 "with none. Then seven test trips score (see trips). Ties: most lines completed, then most "
                 "tunnels.")
    if key == "trips":
        return _("**Trips**: A to A, ..., F to F, then the park to the lake. A trip's time: 1 minute a station, 3 "
                 "to change lines. Everyone with a line on a fastest route scores 3 (6 with one of its markers; "
                 "the park to the lake: 5). An impossible trip (the results' **inquiries**): those to blame score "
                 "nothing and everyone else 6 (or, by option, those to blame lose 6).")
    if key == "options":
        return _("**Options**: markers open, hidden (letters show once placed) or fixed sets; the impossible "
                 "trip's rule; a new city or the city of the day (the same on every server).")
    return _("**Credits**: Undergrounders plays the rules of Metromania, a game by Jean-Michel Maman, published "
             "by Spiel or Face (our reading of its rules). The cities, pictures and texts here are the bot's own.")


def _intro() -> str:
    return _("**Undergrounders** (the rules of Metromania): 2-4 players each dig two metro lines across a city "
             "of triangles, three tunnels a turn. Stations appear where lines meet; at the end seven test trips "
             "score everyone whose lines carry a fastest route. Press **Decide** on your turn; **Full board** shows "
             "the whole city.")


SHOW = MetroShow()
