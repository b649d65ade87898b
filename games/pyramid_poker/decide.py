"""A player's private decision in Pyramid Poker (the protocol's Show.decision): placing (blind: where the
block in hand goes; open: which block, then where), taking (which uncovered block), the hand a card goes
into, and the block kept after a joker. Spots and blocks to choose are numbered on the player's own
picture of the pyramid and the buttons carry the same numbers."""

from collections.abc import Sequence

from engine.protocol import Button, Message, Picture

from . import words
from .lang import _
from .rules import engine as pp
from .rules import knowledge
from .rules import pyramid as geo
from .rules.cards import DECK

NUMBERED = 20  # numbered buttons at most (4 rows of 5); the pyramid never offers more


def _numbered(spots: Sequence[int]) -> list[list]:
    return [[s, str(i + 1)] for i, s in enumerate(spots[:NUMBERED])]


def _hands_line(state: dict, seat: int) -> str:
    return " · ".join(_("Hand {n}: {cards}", n=h + 1, cards=words.hand(state["hands"][seat][h]))
                      for h in range(len(state["hands"][seat])))


def _place(state: dict, seat: int, picked: Sequence[str]) -> Message:
    spots = geo.placeable(state["pyramid"])
    numbered = _numbered(spots)
    lines = []
    if state["config"]["blocks"] == "blind":
        card = state["supply"][seat][0]
        lines.append(_("**Your block: {card}.** Where does it go? The numbered spots are on your picture "
                       "(only you see this face).", card=words.card(card)))
        acts = [f"{seat}:place:{s}" for s, _n in numbered]
    else:
        chosen = next((x[6:] for x in picked if x.startswith("block:")), None)
        if chosen not in state["supply"][seat]:
            blocks = sorted(state["supply"][seat], key=DECK.index)
            controls: list = [Button(words.card(c), f"k:block:{c}", "primary", row=i // 5)
                              for i, c in enumerate(blocks[:NUMBERED])]
            return Message(content=_("**Which block do you place?** Your {n} blocks are below; then choose "
                                     "where it goes.", n=len(blocks)), controls=controls,
                           picture=Picture("mine", (state, seat), "pyramid.png"))
        lines.append(_("**{card}**: where does it go? The numbered spots are on your picture.",
                       card=words.card(chosen)))
        acts = [f"{seat}:place:{chosen}:{s}" for s, _n in numbered]
    controls = [Button(n, a, "primary", row=i // 5) for i, ((_s, n), a) in enumerate(zip(numbered, acts,
                                                                                        strict=True))]
    if state["config"]["blocks"] == "open":
        controls.append(Button(_("Another block"), "k:blocks", row=4))
    return Message(content="\n".join(lines), controls=controls,
                   picture=Picture("decision", (state, seat, numbered), "choice.png"))


def _take(state: dict, seat: int, names: Sequence[str]) -> Message:
    view = knowledge.view_for(state, seat)
    spots = geo.uncovered(state["pyramid"])
    numbered = _numbered(spots)
    lines = [_("**Take a block** with nothing on it; then choose its hand. Your hands: {hands}",
               hands=_hands_line(state, seat))]
    for s, n in numbered:
        block = view["pyramid"][s]
        if block["owner"] == seat:
            lines.append(_("**{n}** → your {card}", n=n, card=words.card(block["card"])))
        else:
            lines.append(_("**{n}** → a block of {name}'s (face unknown)", n=n, name=names[block["owner"]]))
    controls: list = [Button(n, f"{seat}:take:{s}", "primary", row=i // 5) for i, (s, n) in enumerate(numbered)]
    return Message(content="\n".join(lines), controls=controls,
                   picture=Picture("decision", (state, seat, numbered), "choice.png"))


def _hand(state: dict, seat: int) -> Message:
    card = state["holding"]["card"]
    controls: list = []
    for h in pp.open_hands(state, seat):
        now = state["hands"][seat][h - 1]
        after = words.made([*now, card])
        label = _("Hand {n}: {cards}", n=h, cards=words.cards(now) if now else _("empty"))
        if after:
            label += " → " + after
        controls.append(Button(label[:80], f"{seat}:hand:{h}", "primary", row=h - 1))
    return Message(content=_("**You took {card}.** Which hand does it go into? (5 cards at most; hand 1 meets "
                             "the other player's hand 1, and so on.)", card=words.card(card)), controls=controls)


def _keep(state: dict, seat: int) -> Message:
    controls: list = [Button(words.card(c), f"{seat}:keep:{i}", "primary", row=0)
                      for i, c in enumerate(state["look"])]
    return Message(content=_("🃏 **A joker!** It is discarded. You turned over {cards} from the stock: keep one "
                             "for a hand; the others are discarded face up.", cards=words.cards(state["look"])),
                   controls=controls)


def decision(state: dict, seat: int, names: Sequence[str], picked: Sequence[str] = ()) -> Message | None:
    if seat not in pp.deciders(state):
        return None
    stage = state["stage"]
    if stage == "build":
        return _place(state, seat, picked)
    if stage == "take":
        return _take(state, seat, names)
    if stage == "hand":
        return _hand(state, seat)
    return _keep(state, seat)
