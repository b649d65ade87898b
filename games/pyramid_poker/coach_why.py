"""The coach's why for Pyramid Poker: one sentence to the player ("you"). A card put into a hand: what it
makes there and in the better hand. Otherwise the main difference in points: how much more often the better
choice wins, by the hard AI's rollouts (a decision's loss is in those percent: 100 a game won)."""

from collections.abc import Mapping

from . import words
from .lang import _


def effects(state: dict, seat: int, action_id: str) -> dict:
    """What one choice does by itself, as plain data kept with the review (the card, the hand it goes to
    and that hand's cards after it; the block taken, if the player knew it)."""
    verb, *args = action_id.split(":")[1:]
    out: dict = {"verb": verb}
    if verb == "hand" and state.get("holding"):
        h = int(args[0])
        out.update(hand=h, card=state["holding"]["card"], cards=[*state["hands"][seat][h - 1],
                                                                  state["holding"]["card"]])
    elif verb == "take":
        block = state["pyramid"][int(args[0])]
        out.update(card=block["card"] if block and block["owner"] == seat else None)
    elif verb == "keep":
        out.update(card=state["look"][int(args[0])])
    return out


def why(decision: Mapping) -> str:
    p, b = decision.get("played_effects"), decision.get("best_effects")
    if p is None or b is None:
        return ""
    more = min(100, max(1, int(round(decision.get("loss", 0)))))  # (a game won is 100)
    if p["verb"] == b["verb"] == "hand":
        made, mine = words.made(b["cards"]), words.made(p["cards"])
        if made and made != mine:
            return _("Your {card} in hand {n} → {what}; in hand {m} → {mine}.", card=words.card(b["card"]),
                     what=made, n=b["hand"], m=p["hand"], mine=mine or _("nothing yet"))
        return _("Your {card} does more in hand {n} than in hand {m}: it raises your chance to win by about {pct} %, "
                 "by the hard AI's rollouts.", card=words.card(b["card"]), n=b["hand"], m=p["hand"], pct=more)
    if p["verb"] == b["verb"] == "keep":
        return _("Keeping {card} instead of {mine} raises your chance to win by about {pct} %, by the hard AI's "
                 "rollouts.",
                 card=words.card(b["card"]), mine=words.card(p["card"]), pct=more)
    if p["verb"] == b["verb"] == "take" and b.get("card"):
        return _("Taking your {card} raises your chance to win by about {pct} %, by the hard AI's rollouts.",
                 card=words.card(b["card"]), pct=more)
    return _("The better choice raises your chance to win by about {pct} %, by the hard AI's rollouts.", pct=more)
