"""A player's private decision in Hexholm (the protocol's Show.decision): the turn's choices on a crop of the
board lettered as the buttons.

- The mandatory build: a menu of whole builds (the rest of the build in one choice), the easy AI's best first,
  each saying what it gains ("A + B + C: +4 gold · takes the Inn tile"); or one settlement at a time with the
  lettered buttons (more than BUTTONS candidates: a part of the board first, then its hexes).
- A tile (before the build or after it): its uses, best first, lettered; a moving tile in two steps, which
  settlement (a menu), then where (the letters), or a whole move from the menu of the best.
- After the build: each usable tile, and End turn.
Picks ("k:" items) are one string each: "main", "sec:{n}", "tile:{kind}", "tile:{kind}:sec:{n}",
"tile:{kind}@{from}". The host finds what a decision offers by building it and the decisions its pick buttons
lead to (cogs/origin.py): every deeper pick is a menu's item, so a few decisions are built to check a pick."""

from collections.abc import Sequence

from engine.protocol import Button, Item, Menu, Message, Picture, clip

from . import words
from .lang import _, n_
from .rules import engine as kb
from .rules import turns
from .rules.board import COL, ROW, SEC
from .rules.constants import BUILDS, MOVE_TILES

BUTTONS = 15       # lettered buttons at most beside a menu (3 rows of 5); alone: 20
MENU = 25


def letter(i: int) -> str:
    """A, B, … Z, then AA, AB, …"""
    a = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    return a[i] if i < 26 else a[i // 26 - 1] + a[i % 26]


def reading(hexes) -> list[int]:
    """Hexes in reading order (rows top to bottom, then left to right): how letters are given."""
    return sorted(set(hexes), key=lambda h: (ROW[h], COL[h]))


def tiles_text(view: dict, hexes: Sequence[int]) -> str:
    kinds = turns.kinds_of(view, list(hexes))
    return ", ".join(words.location(k) for k in kinds)


def gains_text(gain: int, taken: Sequence[int], view: dict) -> str:
    bits = [words.gain(gain)]
    if taken:
        bits.append(n_("takes a tile: {names}", "takes tiles: {names}", len(taken), names=tiles_text(view, taken)))
    return " · ".join(bits)


def _rows(controls: list, row: int, targets: list[tuple[str, str, str]], rows: int) -> tuple[list, int]:
    """targets (label, act, description) as lettered buttons (up to 5 a row) or menus of 25 (one a row), from
    `row` on, in at most `rows` rows; returns the controls and the next free row."""
    if len(targets) <= 5 * rows:
        for i, (lab, act, _d) in enumerate(targets):
            controls.append(Button(lab, act, "primary", row=row + i // 5))
        return controls, row + (len(targets) + 4) // 5
    for k in range(0, min(len(targets), MENU * rows), MENU):
        part = targets[k:k + MENU]
        controls.append(Menu(_("Choose ({first}–{last})…", first=part[0][0], last=part[-1][0]),
                             [Item(lab, act, clip(desc)) for lab, act, desc in part], row=row))
        row += 1
    return controls, row


def _sections(hexes: Sequence[int]) -> list[tuple[int, int]]:
    """(section, how many of `hexes` are in it), for the sections that have some."""
    out = []
    for s in range(4):
        n = sum(1 for h in hexes if SEC[h] == s)
        if n:
            out.append((s, n))
    return out


def _section_menu(prefix: str, hexes: Sequence[int], row: int) -> Menu:
    return Menu(_("Or choose a part of the board first…"),
                [Item(words.section(s).capitalize(), f"k:{prefix}sec:{s}",
                      n_("{n} choice there", "{n} choices there", n)) for s, n in _sections(hexes)], row=row)


def _picture(view: dict, seat: int, labels: list, heading: str, focus: Sequence[int] = ()) -> Picture:
    return Picture("decision", (view, seat, [[h, t] for h, t in labels], heading, list(focus)), "choices.png")


def _tile_buttons(view: dict, seat: int, row: int) -> list:
    out: list = []
    for kind in dict.fromkeys(t["kind"] for t in kb.ready_tiles(view, seat)):
        if kb.tile_choices(view, seat, kind):
            out.append(Button(_("Use the {tile}", tile=words.location(kind)), f"k:tile:{kind}", "secondary",
                              row=row))
    return out[:4]


def _tiles_line(view: dict, seat: int) -> str:
    p = view["players"][seat]
    if not p["tiles"]:
        return ""
    bits = []
    for t in p["tiles"]:
        state = _("used") if t["used"] else (_("ready") if t["got"] < view["turn_no"] else _("from your next turn"))
        bits.append(f"{words.location(t['kind'])} ({state})")
    return _("Your tiles: {list}", list=", ".join(bits))


def _build(view: dict, seat: int, section: int | None) -> Message:
    """The mandatory build (or its rest): whole builds, one settlement at a time."""
    card = view["card"]
    left = min(BUILDS - view["built"], view["players"][seat]["left"])
    cands = reading(kb.build_targets(view, seat, "build"))
    gold = sum(kb.gold_now(view)[seat].values())
    controls: list = []
    if section is not None:
        inside = [h for h in cands if SEC[h] == section]
        labels = [(h, letter(i)) for i, h in enumerate(inside)]
        controls, _r = _rows([], 0, [(t, f"{seat}:build:{h}", "") for h, t in labels], 4)
        controls.append(Button(_("Back"), "k:main", row=4))
        text = _("**{terrain}**, {part} of the board: where does your next settlement go? (the letters on the "
                 "picture)", terrain=words.marked(card), part=words.section(section))
        return Message(content=text, controls=controls,
                       picture=_picture(view, seat, labels, words.section(section).capitalize()))
    ranked = turns.ranked_builds(view, seat)[:MENU]
    one = len(cands) <= BUTTONS
    order = (cands if one else []) + reading(h for plan, _g, _t in ranked for h in plan if not one or h not in cands)
    mark = {h: letter(i) for i, h in enumerate(dict.fromkeys(order))}
    ends = not kb.ready_tiles(view, seat)
    items = []
    for plan, gain, taken in ranked:
        desc = gains_text(gain, taken, view) + (" · " + _("ends your turn") if ends else "")
        items.append(Item(" + ".join(mark[h] for h in plan), f"{seat}@b/" + "/".join(map(str, plan)), clip(desc)))
    controls = []
    if items:
        controls.append(Menu(n_("Build it in one choice (best first)…", "Build all {n} in one choice (best first)…",
                                left), items, row=0))
    if one:
        controls, row = _rows(controls, 1, [(mark[h], f"{seat}:build:{h}", "") for h in cands], 3)
    else:
        controls.append(_section_menu("", cands, 1))
    if view["built"] == 0:
        controls += _tile_buttons(view, seat, 4)
    lines = [_("**Your terrain: {terrain}.** Build {n} on it, beside your settlements if you can: the whole build "
               "in one choice from the menu, or one at a time with the letters.", terrain=words.marked(card), n=left)
             if view["built"] == 0 else
             n_("**{terrain}**: {n} more settlement to build.", "**{terrain}**: {n} more settlements to build.",
                left, terrain=words.marked(card))]
    if ranked:
        best = ranked[0]
        lines.append(_("Best for gold now: **{build}** ({gains}).", build=" + ".join(mark[h] for h in best[0]),
                       gains=gains_text(best[1], best[2], view)))
    if one and len(mark) > len(cands):  # (the plans' later hexes: lettered on the picture, no button yet)
        lines.append(_("Letters {a}–{b} open up as you build: for now, only in a whole build from the menu.",
                       a=mark[order[len(cands)]], b=letter(len(mark) - 1)))
    lines.append(_("Your gold so far: {n}.", n=gold))
    tl = _tiles_line(view, seat)
    if tl and view["built"] == 0:
        lines.append(tl + " · " + _("a tile is used before the build or after it, never in the middle"))
    labels = [(h, t) for h, t in mark.items()]
    head = n_("Build {n} on {terrain}", "Build {n} on {terrain}", left, terrain=words.terrain(card))
    return Message(content="\n".join(lines), controls=controls, picture=_picture(view, seat, labels, head))


def _after(view: dict, seat: int) -> Message:
    """After the build: each usable tile's uses in a menu of its own (the best first: one click), its button for
    the rest (a part of the board, a move in two steps), and End turn."""
    kinds = [k for k in dict.fromkeys(t["kind"] for t in kb.ready_tiles(view, seat)) if kb.tile_choices(view, seat, k)]
    uses = {k: turns.tile_uses(view, seat, k)[:MENU] for k in kinds[:4]}
    hexes: list[int] = []
    for _k, us in uses.items():
        for body, _g, _t in us:
            hexes += [int(x) for x in body.split(":")[1:]]
    mark = {h: letter(i) for i, h in enumerate(reading(hexes))}
    controls: list = []
    for row, (k, us) in enumerate(uses.items()):
        items = []
        for body, gain, taken in us:
            args = [int(x) for x in body.split(":")[1:]]
            lab = " → ".join(mark[h] for h in args)
            desc = gains_text(gain, taken, view)
            if len(args) == 2:
                lost = _lost(view, seat, body)
                if lost:
                    desc += " · " + _("loses: {names}", names=", ".join(words.location(x) for x in lost))
            items.append(Item(lab, f"{seat}:{body}", clip(desc)))
        controls.append(Menu(clip(_("Use the {tile} (best first)…", tile=words.location(k)), 150), items, row=row))
    controls += _tile_buttons(view, seat, 4)
    controls.append(Button(_("End turn"), f"{seat}:end", "success", "✅", row=4))
    lines = [_("**Your build is done.** Use a tile (each once a turn: its menu, best first, or its button for every "
               "choice) or end your turn."), _tiles_line(view, seat)]
    return Message(content="\n".join(x for x in lines if x), controls=controls,
                   picture=_picture(view, seat, list(mark.items()), _("This turn's settlements"), view["placed"]))


def _lost(view: dict, seat: int, body: str) -> list[str]:
    """The tile kinds a move would lose (its location left with none of the seat's settlements beside it)."""
    s = kb.copy(view)
    events: list[dict] = []
    kb.advance(s, body, events, settle=False)
    return [e["kind"] for e in events if e["type"] == "tile_lost"]


def _tile(view: dict, seat: int, kind: str, mover: int | None, section: int | None) -> Message:
    power = words.power(kind)
    back = Button(_("Back"), "k:main", row=4)
    controls: list = []
    uses = turns.tile_uses(view, seat, kind)
    if kind not in MOVE_TILES:
        hexes = [int(b.split(":")[1]) for b, _g, _t in uses]
        gain = {int(b.split(":")[1]): (g, t) for b, g, t in uses}
        shown = reading(h for h in hexes if section is None or SEC[h] == section)
        labels = [(h, letter(i)) for i, h in enumerate(shown)]
        head = _("{tile}: {power}", tile=words.location(kind), power=power)
        if len(shown) <= 20:
            targets = [(t, f"{seat}:{kind}:{h}", gains_text(*gain[h], view)) for h, t in labels]
            controls, _r = _rows([], 0, targets, 4)
            best = sorted(labels, key=lambda x: -gain[x[0]][0])[:6]
            lines = ["**" + head + "**"] + [f"**{t}** {gains_text(*gain[h], view)}" for h, t in best]
        else:
            mark = dict(labels)
            items = [Item(mark[int(b.split(':')[1])], f"{seat}:{b}", clip(gains_text(g, t, view)))
                     for b, g, t in uses[:MENU]]
            controls = [Menu(_("Best first…"), items, row=0), _section_menu(f"tile:{kind}:", shown, 1)]
            lines = ["**" + head + "**", _("Many hexes: the best ones in the menu, or a part of the board first.")]
        controls.append(back)
        return Message(content="\n".join(lines), controls=controls, picture=_picture(view, seat, labels, head))
    pairs = [(int(b.split(":")[1]), int(b.split(":")[2]), g, t) for b, g, t in uses]
    head = _("{tile}: {power}", tile=words.location(kind), power=power)
    if mover is None:
        movers = reading(f for f, _t, _g, _x in pairs)
        mark = {h: letter(i) for i, h in enumerate(movers)}
        moves = pairs[:MENU]
        dests = reading(t for _f, t, _g, _x in moves)
        number = {h: str(i + 1) for i, h in enumerate(dests)}
        items = []
        for f, t, g, taken in moves:
            lost = _lost(view, seat, f"{kind}:{f}:{t}")
            desc = gains_text(g, taken, view) + ("" if not lost else " · " + _("loses: {names}", names=", ".join(
                words.location(k) for k in lost)))
            items.append(Item(f"{mark[f]} → {number[t]}", f"{seat}:{kind}:{f}:{t}", clip(desc)))
        controls = [Menu(_("A whole move, best first…"), items, row=0)]
        for k in range(0, min(len(movers), 2 * MENU), MENU):
            part = movers[k:k + MENU]
            controls.append(Menu(_("Or which settlement moves ({first}–{last})?", first=mark[part[0]],
                                   last=mark[part[-1]]),
                                 [Item(mark[h], f"k:tile:{kind}@{h}") for h in part], row=1 + k // MENU))
        controls.append(back)
        labels = [(h, mark[h]) for h in movers] + [(h, number[h]) for h in dests if h not in mark]
        lines = ["**" + head + "**", _("The letters are your settlements that can move, the numbers where the best "
                                       "moves go: a whole move from the first menu, or a settlement from the second "
                                       "and then where.")]
        return Message(content="\n".join(lines), controls=controls, picture=_picture(view, seat, labels, head))
    mine = [(t, g, taken) for f, t, g, taken in pairs if f == mover]
    # (at most 4 menus of 25: more free lakes than that with none beside the player's other settlements, a
    # Jetty's only case, is never seen on our boards; the first 100 in reading order are offered)
    shown = reading(t for t, _g, _x in mine)[:4 * MENU]
    info = {t: (g, x) for t, g, x in mine}
    labels = [(h, letter(i)) for i, h in enumerate(shown)]
    targets = [(t, f"{seat}:{kind}:{mover}:{h}", gains_text(*info[h], view)) for h, t in labels]
    controls, _r = _rows([], 0, targets, 4)
    controls.append(Button(_("Another settlement"), f"k:tile:{kind}", row=4))
    lines = ["**" + head + "**", _("Where does the outlined settlement go? (the letters)")]
    return Message(content="\n".join(lines), controls=controls, picture=_picture(view, seat, labels, head, [mover]))


def decision(view: dict, seat: int, picked: Sequence[str] = ()) -> Message | None:
    if view["over"] or seat != view["turn"]:
        return None
    pick = picked[-1] if picked else "main"
    section: int | None = None
    if ":sec:" in pick or pick.startswith("sec:"):
        head, _sep, n = pick.rpartition("sec:")
        section = int(n) if n.isdigit() and int(n) < 4 else None
        pick = head.rstrip(":") or "main"
    if pick.startswith("tile:"):
        kind, _at, mover = pick[5:].partition("@")
        if any(t["kind"] == kind for t in kb.ready_tiles(view, seat)) and kb.tile_choices(view, seat, kind):
            return _tile(view, seat, kind, int(mover) if mover.isdigit() else None, section)
    if kb.mandatory_open(view):
        return _build(view, seat, section)
    return _after(view, seat)
