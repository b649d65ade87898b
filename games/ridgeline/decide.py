"""A player's private decision in Ridgeline (the protocol's Show.decision), from the seat's view: the whole
moves of the decision, the easy AI's best first, each saying what it does ("1. 🟩 7 Pines → 🟦 7 Shore
(B)"); the hand's tiles are numbered and the queue's columns lettered on the decision's picture, the spots
a rainbow may take numbered there too, as the buttons say. Five choices or fewer are buttons, more a menu;
a play of more than 25 (a long queue) is chosen in two steps, the tile first."""

from collections.abc import Mapping, Sequence
from typing import Any

from engine.protocol import Button, Item, Menu, Message, Picture, clip

from . import words
from .ai.easy import Judge
from .lang import _, n_
from .rules import board as B
from .rules import engine as eng
from .rules import spirits as S

MENU = 25      # options a menu holds
BUTTONS = 5    # choices shown as buttons (one a row); more: a menu


class Choice:
    """One choice of a decision: its move (or a pick), its label and note (whole: a menu shortens it), and
    its mark on the picture."""

    def __init__(self, act: str, label: str, note: str = "", mark: list | None = None):
        self.act, self.label, self.note, self.mark = act, label[:80], note, mark


def hand_no(view: Mapping[str, Any], seat: int, t: int) -> int:
    return list(view["hands"][seat]).index(t) + 1


def col_of(view: Mapping[str, Any], q: int) -> int:
    return next(i for i, c in enumerate(view["queue"]) if c[0] == q)


def _gain_note(worth: float) -> str:
    n = int(round(worth))
    return _("about +{n} now (the easy AI's guess)", n=n) if n > 0 else _("adds nothing now")


def _capture_label(view: Mapping[str, Any], seat: int, t: int, q: int) -> str:
    return _("{n}. {tile} → {target} ({col})", n=hand_no(view, seat, t), tile=words.tile(t), target=words.tile(q),
             col=words.column(col_of(view, q)))


def choices(view: Mapping[str, Any], seat: int) -> list[Choice]:
    """The decision's choices, the easy AI's best first."""
    judge = Judge(view, seat)
    ids = eng.legal_ids(view, seat)
    worth = {a: judge.worth(a) for a in ids}
    ids = sorted(ids, key=lambda a: (-round(worth[a], 6), ids.index(a)))
    kind = view["step"]["kind"]
    out = []
    for i, a in enumerate(ids):
        parts = a.split(":")
        args = parts[2:]
        if kind == "play" and len(args) == 2:
            t, q = B.parse(args[0]), B.parse(args[1])
            out.append(Choice(a, _capture_label(view, seat, t, q), _gain_note(worth[a])))
        elif kind == "play":
            t = B.parse(args[0])
            out.append(Choice(a, _("{n}. {tile} → no capture: second chance", n=hand_no(view, seat, t),
                                   tile=words.tile(t)), _("it goes into the queue; you turn up the deck's top tile")))
        elif kind in ("take", "otter"):
            q = B.parse(args[0])
            out.append(Choice(a, _("{target} ({col})", target=words.tile(q), col=words.column(col_of(view, q))),
                              _gain_note(worth[a])))
        elif kind == "rainbow":
            at = B.parse(args[0])
            out.append(Choice(a, _("{n}: {spot}", n=i + 1, spot=words.spot(at)), _gain_note(worth[a]),
                              ["spot", at, str(i + 1)]))
        elif kind == "spirit":
            if args[0] == "draw":
                out.append(Choice(a, _("Draw two, keep one"), _("the other goes face up")))
            else:
                out.append(Choice(a, _("{name} ({when})", name=words.spirit_name(args[0]),
                                       when=words.spirit_when(args[0])), words.spirit_text(args[0])))
        elif kind == "keep":
            out.append(Choice(a, _("Keep the {name} ({when})", name=words.spirit_name(args[0]),
                                   when=words.spirit_when(args[0])), words.spirit_text(args[0])))
        elif kind == "mole":  # (numbered as the picture numbers the tiles looked at: by their place)
            t = B.parse(args[0])
            at = list(view["look"]).index(t)
            out.append(Choice(a, _("{n}. Keep {tile}", n=at + 1, tile=words.tile(t)), "",
                              ["look", at, str(at + 1)]))
        elif kind == "magpie":
            c = int(args[0]) - 1
            up = view["queue"][c][0]
            out.append(Choice(a, _("Column {col}, under {tile}", col=words.column(c), tile=words.tile(up))
                              if up is not None else _("Column {col}", col=words.column(c))))
        elif kind == "hedgehog":
            if args[0] == "none":
                out.append(Choice(a, _("Keep all my tiles")))
            else:
                back = [B.parse(x) for x in args[0].split("_")]
                out.append(Choice(a, _("Give back {tiles}", tiles=", ".join(
                    f"{hand_no(view, seat, t)}. {words.tile(t)}" for t in back)), _gain_note(worth[a])))
        elif kind == "kingfisher":
            t, q = B.parse(args[0]), B.parse(args[1])
            out.append(Choice(a, _capture_label(view, seat, t, q), _gain_note(worth[a])))
    return out


def prompt(view: Mapping[str, Any], seat: int) -> str:
    step = view["step"]
    kind = step["kind"]
    hand = " · ".join(f"**{i + 1}.** {words.tile(t)}" for i, t in enumerate(view["hands"][seat]))
    if kind == "play":
        head = _("**Your turn.** Play a tile from your hand: it captures a face-up tile of the queue of its row "
                 "(colour) or its value, and both go to their places in your panorama. One that captures "
                 "nothing goes into the queue, and you turn up the deck's top tile: a second chance.")
        if not view["deck"]:
            head = _("**Your turn.** The deck is empty: play a tile that captures.")
        if view["crane"][seat] == 1:
            head += "\n" + _("The Crane's turn: your tiles also capture a tile whose value is 1 more or 1 less.")
        return head + "\n" + _("Your hand: {hand}", hand=hand)
    if kind == "take":
        return _("**Second chance:** you turned up {tile}. It can capture several tiles: which?",
                 tile=words.tile(int(step["tile"])))
    if kind == "rainbow" and step["why"] == "move":
        return _("**A rainbow moves:** your tile took its place. Where does it go now? (numbered on your "
                 "panorama, best first)")
    if kind == "rainbow":
        return _("**No capture:** you take a rainbow. It goes next to one of your pieces: where? (numbered on "
                 "your panorama, best first)")
    if kind == "spirit":
        return _("**You completed a square: meet a spirit.** Take one face up, or draw two face down and keep one "
                 "(the other goes face up).")
    if kind == "keep":
        return _("**You drew {a} and {b}:** keep one; the other goes face up.",
                 a=words.spirit_name(view["drawn"][0]), b=words.spirit_name(view["drawn"][1]))
    if kind in ("mole", "otter", "magpie", "hedgehog", "kingfisher"):
        return f"**{words.spirit_name(kind)}**: {words.spirit_text(kind)}" + \
            ("\n" + _("Your hand: {hand}", hand=hand) if kind in ("hedgehog", "kingfisher") else "")
    return ""


def _controls(items: list[Choice], placeholder: str) -> list:
    if len(items) <= BUTTONS:
        return [Button(c.label, c.act, "primary" if i == 0 else "secondary", row=i) for i, c in enumerate(items)]
    # the best (the easy AI's first) a click away, the others in menus of 25, best first (every one reachable:
    # a rainbow late in the game may have more places than one menu holds)
    rest = items[1:1 + 3 * MENU]
    return [Button(items[0].label[:80], items[0].act, "primary", row=0),
            *[Menu(placeholder if k == 0 else _("More choices ({a}-{b})", a=k + 2, b=k + 1 + len(rest[k:k + MENU])),
                   [Item(c.label, c.act, clip(c.note) or None) for c in rest[k:k + MENU]], row=1 + k // MENU)
              for k in range(0, len(rest), MENU)]]


def decision(view: Mapping[str, Any], seat: int, picked: Sequence[str] = ()) -> Message | None:
    if seat not in eng.deciders(view):
        return None
    items = choices(view, seat)
    kind = view["step"]["kind"]
    text = prompt(view, seat)
    marks = [c.mark for c in items if c.mark]
    if kind == "play" and len(items) > MENU:  # a long queue: the tile first, then what it captures
        chosen = next((p[5:] for p in picked if p.startswith("tile:")), None)
        tile = B.parse(chosen) if chosen else -1
        if tile not in view["hands"][seat]:
            controls: list = [Button(f"{i + 1}. {words.tile(t)}"[:80], f"k:tile:{B.code(t)}", "primary", row=i)
                              for i, t in enumerate(view["hands"][seat])]
            return Message(content=text + "\n" + _("Choose a tile first."), controls=controls,
                           picture=Picture("decision", (dict(view), seat, marks), "choice.png"))
        items = [c for c in items if c.act.split(":")[2] == B.code(tile)]
        controls = _controls(items, _("What does it capture?"))
        menus = sum(1 for c in controls if isinstance(c, Menu))
        controls.append(Button(_("Another tile"), "k:tiles",
                               row=4 if len(items) <= 4 else 1 if len(items) <= BUTTONS else 1 + menus))
        return Message(content=text, controls=controls, picture=Picture("decision", (dict(view), seat, marks),
                                                                        "choice.png"))
    lines = [text]
    if len(items) > BUTTONS:
        lines.append(n_("{n} choice, the easy AI's best first: its best on the button, the others in the menu.",
                        "{n} choices, the easy AI's best first: its best on the button, the others in the menu.",
                        len(items)))
    elif kind in ("spirit", "keep"):
        lines += [f"• **{c.label}**: {c.note}" for c in items if c.note]
    return Message(content="\n".join(lines), controls=_controls(items, _("Choose (best first)")),
                   picture=Picture("decision", (dict(view), seat, marks), "choice.png"))


def doing(view: Mapping[str, Any]) -> str:
    """What the player to act is doing, for the panel."""
    return {"play": _("plays a tile"), "take": _("chooses what the second chance captures"),
            "rainbow": _("places a rainbow"), "spirit": _("meets a spirit"), "keep": _("keeps one of two spirits"),
            "mole": _("meets the Mole"), "otter": _("meets the Otter"), "magpie": _("meets the Magpie"),
            "hedgehog": _("meets the Hedgehog"), "kingfisher": _("meets the Kingfisher")}.get(
        view["step"]["kind"], "")


def to_do(view: Mapping[str, Any]) -> str:
    """doing(view) said to the player whose turn it is."""
    return {"play": _("play a tile"), "take": _("choose what the second chance captures"),
            "rainbow": _("place a rainbow"), "spirit": _("meet a spirit"), "keep": _("keep one of two spirits"),
            "mole": _("meet the Mole"), "otter": _("meet the Otter"), "magpie": _("meet the Magpie"),
            "hedgehog": _("meet the Hedgehog"), "kingfisher": _("meet the Kingfisher")}.get(view["step"]["kind"], "")


__all__ = ["Choice", "choices", "decision", "doing", "prompt", "to_do", "S"]
