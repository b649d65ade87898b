"""What a seat knows of the faces in a state (the real one, its view or a sampled one: only the faces the
seat may know are read, RULES.md P25), and from that the odds of the cards each seat may still get."""

from collections.abc import Mapping
from typing import Any

from ..rules.cards import DECK, is_joker
from .hands import Odds

W_MINE = 0.7        # a block of mine (known to me): the chance I end up with it
W_THEIRS_BLIND = 0.3  # a block of mine: the chance the other seat (who cannot see it) takes it
W_OWN_UNSEEN = 0.65  # a block of the other seat's: the chance its owner (who knows it) takes it
W_OTHER = 0.35      # a block of the other seat's: the chance I take it


class Seen:
    """The faces `seat` knows: its blocks {spot: card}, its supply as far as known, the card it holds, the
    blocks it turned over, the face-up cards; the faces it has not seen; counts of the blocks still to be
    taken by owner (placed or in a supply)."""

    def __init__(self, state: Mapping[str, Any], seat: int):
        self.seat = seat
        me, other = seat, 1 - seat
        pyr = state["pyramid"]
        self.mine = {i: b["card"] for i, b in enumerate(pyr) if b is not None and b["owner"] == me}
        self.theirs = [i for i, b in enumerate(pyr) if b is not None and b["owner"] == other]
        sup = state["supply"][me]
        if state["config"]["blocks"] == "open":
            self.supply = list(sup)
        elif state["stage"] == "build" and state["turn"] == me and sup:
            self.supply = [sup[0]]
        else:
            self.supply = []
        self.unknown_supply = len(sup) - len(self.supply)
        self.other_supply = len(state["supply"][other])
        turn = state["turn"] == me
        h = state["holding"]
        self.holding = h["card"] if h is not None and (turn or h["owner"] == me) else None
        self.look = list(state["look"]) if turn else []
        self.hands = state["hands"]
        self.public = [c for hs in state["hands"] for hand in hs for c in hand] + list(state["discards"])
        known = set(self.public) | set(self.mine.values()) | set(self.supply) | set(self.look)
        if self.holding is not None:
            known.add(self.holding)
        self.unseen = [c for c in DECK if c not in known]

    def odds(self) -> tuple[Odds, Odds]:
        """(my odds, the other seat's odds as I can tell them) of the cards a hand may still get."""
        n_other = len(self.theirs) + self.other_supply
        n_unseen = len(self.unseen) or 1
        mine_known = list(self.mine.values()) + self.supply
        w_me = (W_OTHER * n_other + W_MINE * self.unknown_supply) / n_unseen
        w_them = (W_OWN_UNSEEN * n_other + W_THEIRS_BLIND * self.unknown_supply) / n_unseen
        plain = [c for c in self.unseen if not is_joker(c)]
        me = Odds([(c, W_MINE) for c in mine_known] + [(c, w_me) for c in plain])
        them = Odds([(c, W_THEIRS_BLIND) for c in mine_known] + [(c, w_them) for c in plain])
        return me, them
