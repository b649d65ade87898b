"""The coach's why for Pioneer Days: one sentence, to the player ("you"), of the main reason the better
choice was better, from what each choice did by itself (coach_effects.py: no later event folded in).

Each difference that could be the reason is weighed in rough VP (a VP 1, a good 1, a silver ½, a card
several); the heaviest is said. A die left that set off a disaster the better choice did not comes first:
it is the classic costly mistake."""

from collections.abc import Mapping

from .lang import _, n_
from .rules import words
from .rules.cards import TOWNS
from .rules.constants import DISASTERS
from .rules.describe import card, needs_text

NUMBERS = ("vp", "silver", "wood", "medicine", "cattle", "damage")
STRUCK_FIRST = 50.0  # a disaster set off outweighs any other difference


def _vp(n: float) -> str:
    n = int(round(n))
    return ("+" if n > 0 else "-" if n < 0 else "") + words.res("vp", abs(n))


def _names(kind: str, ids: list[str]) -> str:
    return ", ".join(words.name(kind, x) for x in ids)


def _worth(e: Mapping) -> float:
    """A difference in rough VP (gold and damage are in its VP already)."""
    return e.get("vp", 0) + 0.5 * e.get("silver", 0) + e.get("wood", 0) + e.get("medicine", 0) + e.get("cattle", 0)


def _total(e: Mapping) -> dict:
    """A choice's own effects with what the disasters its die set off would cost."""
    c = e.get("cost") or {}
    out = {k: e.get(k, 0) + c.get(k, 0) for k in NUMBERS}
    out["lost"] = list(e.get("lost", [])) + list(c.get("lost", []))
    return out


def _goods(diff: Mapping) -> str:
    """The goods one choice leaves more of ("$3, 1 wood"); positive amounts only."""
    return ", ".join(words.res(k, int(diff[k])) for k in ("silver", "wood", "medicine", "cattle", "gold")
                     if diff.get(k, 0) > 0)


def cost_text(c: Mapping, signed: bool = True) -> str:
    """What disasters cost: "3 damage, -6 VP, -$2" (signed: False, "3 damage, 6 VP, $2"); "" when nothing."""
    bits = []
    if c.get("damage"):
        bits.append(n_("{n} damage", "{n} damage", c["damage"]))
    if c.get("lost"):
        bits.append(_("lost {names}", names=_names("townsfolk", c["lost"])))
    if c.get("vp"):
        bits.append(_vp(c["vp"]) if signed else words.res("vp", -int(c["vp"])))
    for k in ("silver", "wood", "medicine", "cattle"):
        if c.get(k):
            bits.append(("-" if signed else "") + words.res(k, -int(c[k])))
    return ", ".join(bits)


def _die(colour: str) -> str:
    return f"{words.DIE.get(colour, colour)} {words.LETTER.get(colour, '?')}"


def _disasters(ds: list[str]) -> str:
    return ", ".join(words.disaster(d) for d in DISASTERS if d in ds)


def _struck(p: Mapping, extra: list[str]) -> str:
    names = _disasters(extra)
    die = _die(p["left"])
    cost = p.get("cost") or {}
    if cost.get("no_wood") and cost.get("damage") and "storm" in extra:
        return _("You left the {die} die: it set off the {names}, and you had no wood: {cost}.", die=die,
                 names=names, cost=cost_text(cost))
    if cost_text(cost):
        return _("You left the {die} die: it set off the {names}: {cost}.", die=die, names=names,
                 cost=cost_text(cost))
    return _("You left the {die} die: it set off the {names}.", die=die, names=names)


def reasons(p: Mapping, b: Mapping) -> list[tuple[float, str]]:
    """(weight, sentence) for every difference between the played choice's effects `p` and the better
    one's `b` that could be the reason."""
    out: list[tuple[float, str]] = []
    tp, tb = _total(p), _total(b)
    d = {k: tb[k] - tp[k] for k in NUMBERS}
    d["gold"] = b.get("gold", 0) - p.get("gold", 0)
    extra = [x for x in p.get("struck", []) if x not in b.get("struck", [])]
    if extra and p.get("left"):
        out.append((STRUCK_FIRST + max(0.0, -_worth(p.get("cost") or {})), _struck(p, extra)))
    theirs = [x for x in b.get("struck", []) if x not in p.get("struck", [])]
    if theirs and b.get("left"):
        gap = _worth(b.get("cost") or {}) - _worth(b.get("others") or {})  # what it costs them beyond you
        if gap > 0:
            out.append((STRUCK_FIRST / 2 + gap,
                        _("The better choice leaves the {die} die to set off the {names}: it costs you {cost}, "
                          "the others more ({others}).", die=_die(b["left"]), names=_disasters(theirs),
                          cost=cost_text(b.get("cost") or {}, signed=False) or _("nothing"),
                          others=cost_text(b["others"], signed=False))))
    same = [x for x in p.get("struck", []) if x in b.get("struck", [])]
    gap = _worth(b.get("cost") or {}) - _worth(p.get("cost") or {})
    if same and gap > 0:
        cost, other = cost_text(p["cost"], signed=False), cost_text(b["cost"], signed=False)
        out.append((2 * gap, _("The {names} you set off costs you {cost}; after the better choice, {other}.",
                               names=_disasters(same), cost=cost, other=other) if other else
                    _("The {names} you set off costs you {cost}; after the better choice, nothing.",
                      names=_disasters(same), cost=cost)))
    for t in [x for x in b.get("towns", []) if x not in p.get("towns", [])][:1]:
        if b.get("vp", 0) > 0:
            out.append((5 + d["vp"], _("The better choice met {town}'s need for {needs}: {vp}.",
                                       town=words.name("town", t), needs=needs_text(TOWNS[t]["needs"]),
                                       vp=_vp(b["vp"]))))
    for t in [x for x in p.get("towns", []) if x not in b.get("towns", [])][:1]:
        kept = _goods(d)
        if kept:
            out.append((_worth(d), _("You met {town}'s need; the better choice keeps {goods} instead.",
                                     town=words.name("town", t), goods=kept)))
    new = [x for x in b.get("recruited", []) if x not in p.get("recruited", [])]
    if new:
        out.append((4 + d["vp"], _("The better choice recruited {name}: {effect}.", name=_names("townsfolk", new),
                                   effect=card("townsfolk", new[0])["effect"].rstrip(".")) if len(new) == 1 else
                    _("The better choice recruited {name}.", name=_names("townsfolk", new))))
    tiles = [x for x in b.get("tiles", []) if x not in p.get("tiles", [])]
    if tiles:
        out.append((4 + d["vp"], _("The better choice took {tile}: {effect}.", tile=words.name("equipment", tiles[0]),
                                   effect=card("equipment", tiles[0])["effect"].rstrip("."))))
    wagons = [x for x in b.get("wagons", []) if x not in p.get("wagons", [])]
    if wagons:
        out.append((3 + d["vp"], _("The better choice bought a {size} wagon: more room for goods.",
                                   size=_("small") if wagons[0] == "small" else _("large"))))
    lost = [x for x in tp["lost"] if x not in tb["lost"]]
    if lost:
        out.append((3 * len(lost) + d["vp"], n_("You lost {names}; the better choice kept them: {vp}.",
                                               "You lost {names}; the better choice kept them: {vp}.", len(lost),
                                               names=_names("townsfolk", lost), vp=_vp(d["vp"]))))
    if tp["damage"] > tb["damage"]:
        out.append((-2 * d["damage"], _("You took {n} damage; the better choice took {m}: {vp}.", n=tp["damage"],
                                        m=tb["damage"], vp=_vp(d["vp"]))))
    if d["vp"] > 0:
        out.append((d["vp"], _("The better choice scores {vp} more at once.", vp=words.res("vp", int(d["vp"])))))
    more = _goods(d)
    if more:
        w = 0.5 * max(0, d["silver"]) + sum(max(0, d[k]) for k in ("wood", "medicine", "cattle"))
        w += 2 * max(0, d["gold"])
        text = (_("The better choice gives up {vp} now and leaves you {goods} more.", vp=words.res("vp", -int(d["vp"])),
                  goods=more)
                if d["vp"] < 0 else _("The better choice leaves you {goods} more.", goods=more))
        out.append((w, text))
    if b.get("pioneer") and b.get("pioneer") != p.get("pioneer"):
        out.append((1.0, _("The better choice plays {name}: {effect}.", name=words.name("pioneer", b["pioneer"]),
                           effect=card("pioneer", b["pioneer"])["effect"].rstrip("."))))
    return out


def why(decision: Mapping) -> str:
    """The main reason in one sentence; for a decision whose two choices did the same by themselves, that
    the better one pays off later."""
    p, b = decision.get("played_effects"), decision.get("best_effects")
    if p is None or b is None:
        return ""
    found = [r for r in reasons(p, b) if r[0] > 0]
    if not found:
        return _("Both choices do about the same by themselves: the better one pays off later, by the hard "
                 "AI's look-ahead.")
    return max(found, key=lambda r: r[0])[1]
