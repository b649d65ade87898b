"""The coach's why for Courtyards: one sentence, to the player ("you"), of the main reason the better choice
was better, from what each choice did by itself (effects: the choice played on the planner's board from what
the seat could see, the turn ended right after it, a bought building placed where it does most).

The differences that could be the reason are weighed in points as the planner weighs them (ai/board.py W:
an exact payment's action again, the points at the next scoring round, the wall, money in hand, the palace's
open sides); the heaviest is said."""

from collections.abc import Mapping

from .ai import board as aib
from .ai import plan
from .lang import _, n_
from .rules import cards as money
from .rules import knowledge
from .rules import palace as geo
from .rules.constants import MARKET, POINTS, ROUNDS, WALL_POINT
from .rules.scoring import rank_points
from .words import kind, tile

AGAIN = 4.0  # points: acting again this turn after an exact payment (about a purchase's worth at a scoring)


def _points(b: aib.Board, rnd: int) -> list[int]:
    """The seat's points by kind if scoring round `rnd` scored the palaces as they are."""
    out = []
    for k in range(len(POINTS)):
        row = [b.counts[s][k] for s in range(b.n)] + ([b.neutral[k]] if b.neutral is not None else [])
        out.append(rank_points(row, POINTS[k][rnd - 1])[b.me])
    return out


def effects(state: dict, seat: int, aid: str) -> dict:
    """What the choice `aid` does by itself (plain data kept with the review): its verb and building, what a
    purchase overpaid (and whether it was exact), the money taken, and after it (the turn ended there): the
    seat's points by kind at the next scoring round, its wall, its money in hand (a currency counted up to
    the planner's cap), its palace's open sides."""
    b = aib.Board(knowledge.view_for(state, seat), seat)
    parts = aid.split(":")
    verb = parts[1]
    out: dict = {"verb": verb, "tile": None, "over": 0, "exact": False, "taken": 0}
    if verb == "buy":
        t = b.market[int(parts[2])]
        paid = sum(int(v) for v in parts[3].split("_"))
        out.update(tile=t, over=paid - geo.PRICE[t] if t is not None else 0,
                   exact=t is not None and paid == geo.PRICE[t])
    elif verb == "take":
        out["taken"] = sum(int(c) % 10 for c in parts[2].split("_"))
    elif verb in ("place", "keep", "in", "swap"):
        out["tile"] = int(parts[2])
    elif verb == "out":
        out["tile"] = b.grid.get((geo.dec(parts[2]), geo.dec(parts[3])))
    c = b.copy()
    aib.step(c, aid)
    c = plan.finished(c)
    rounds = range(c.scored + 1, ROUNDS + 1)
    out.update(points=_points(c, c.scored + 1) if rounds else [0] * len(POINTS),
               later=[_points(c, r) for r in rounds], wall=c.walls[seat], open=aib.openings(c.grid),
               coins=sum(min(money.total(c.hand, cur), aib.COIN_CAP) for cur in range(MARKET)),
               round=min(c.scored + 1, ROUNDS))
    return out


def _walls_left(p: Mapping) -> int:
    """The scoring rounds a wall still counts in."""
    return ROUNDS - int(p.get("round", ROUNDS)) + 1


def reasons(p: Mapping, b: Mapping) -> list[tuple[float, str]]:
    """(weight in points, sentence) for every difference between the played choice's effects `p` and the
    better one's `b` that could be the reason."""
    out: list[tuple[float, str]] = []
    if b["exact"] and not p["exact"]:
        out.append((AGAIN, _("The better choice pays exactly for the {tile}: you act again this turn.",
                             tile=tile(b["tile"]))))
    if p["verb"] == "buy" and p["over"] > 0 and b["coins"] > p["coins"]:
        w = aib.W["coin"] * (b["coins"] - p["coins"]) + 0.5
        if b["verb"] == "take":
            out.append((w, n_("You paid {n} over the price of the {tile}; the better choice takes money worth {m} "
                              "instead.", "You paid {n} over the price of the {tile}; the better choice takes money "
                              "worth {m} instead.", p["over"], tile=tile(p["tile"]), m=b["taken"])))
        else:
            out.append((w, n_("You paid {n} over the price of the {tile}; the better choice keeps that money for "
                              "later.", "You paid {n} over the price of the {tile}; the better choice keeps that "
                              "money for later.", p["over"], tile=tile(p["tile"]))))
    gain = [x - y for x, y in zip(b["points"], p["points"], strict=True)]
    gains = [sum(x) - sum(y) for x, y in zip(b["later"], p["later"], strict=False)]  # each round to come
    weight = sum(w * g for w, g in zip(aib.W["round"], gains, strict=False))
    if weight > 0 and sum(gain) > 0:
        k = max(range(len(gain)), key=lambda i: (gain[i], -i))
        text = (_("After the better choice your {kind} buildings would score {n} more points at scoring round "
                  "{r}.", kind=kind(k), n=sum(gain), r=b["round"]) if gain[k] == sum(gain) else
                _("After the better choice your buildings would score {n} more points at scoring round {r}.",
                  n=sum(gain), r=b["round"]))
        if sum(gains) > sum(gain):
            text = text[:-1] + " " + _("({n} over the rounds left).", n=sum(gains))
        out.append((weight, text))
    elif weight > 0:
        out.append((weight, _("After the better choice your buildings would score {n} more points over the "
                              "scoring rounds left.", n=sum(gains))))
    if b["wall"] > p["wall"]:
        out.append((WALL_POINT * (b["wall"] - p["wall"]) * _walls_left(b),
                    _("The better choice makes your outer wall {n} long; yours leaves it at {m}.", n=b["wall"],
                      m=p["wall"])))
    if p["open"] == 0 and b["open"] > 0:
        out.append((aib.W["closed"], _("Your choice closes your palace: no building could join it any more.")))
    elif min(b["open"], aib.OPEN_CAP) > min(p["open"], aib.OPEN_CAP):
        out.append((aib.W["open"] * (min(b["open"], aib.OPEN_CAP) - min(p["open"], aib.OPEN_CAP)),
                    _("Your choice leaves {m} open sides to build on; the better one leaves {n}.", m=p["open"],
                      n=b["open"])))
    if b["verb"] == "take" and b["coins"] > p["coins"]:
        out.append((aib.W["coin"] * (b["coins"] - p["coins"]),
                    _("The better choice takes money worth {n}, for the purchases to come.", n=b["taken"])))
    if p["verb"] == "keep" and b["verb"] == "place":
        out.append((0.5, _("The better choice builds the {tile} now: buildings in the reserve do not score.",
                           tile=tile(b["tile"]))))
    return out


def why(decision: Mapping) -> str:
    """The main reason in one sentence; when the two choices do about the same by themselves, that the
    better one pays off later."""
    p, b = decision.get("played_effects"), decision.get("best_effects")
    if not p or not b:
        return ""
    found = [r for r in reasons(p, b) if r[0] > 0]
    if not found:
        return _("Both choices do about as much by themselves: the better one pays off later, by the planner's "
                 "look at the turn's end and the scoring rounds to come.")
    return max(found, key=lambda r: r[0])[1]
