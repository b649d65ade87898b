"""The `easy` level and the move ranking the `hard` search starts from.

A turn is planned as a whole: every sequence of the seat's own choices until its die is used
(take a die, maybe turn it, use it; Wild and Equip sub-choices; a wagon first when there is no
space) is applied to a copy of the (determinised) state and the result is scored with
value.value. A town visit is planned as a whole too (see town_plans). Other decisions (wagons
after the die, disasters, pioneers) look one step ahead the same way."""

from engine import rng

from ..rules.actions import Action
from ..rules.api import advance, clone, legal_actions
from ..rules.cards import PIONEERS
from ..rules.constants import STANDARD_PIONEER
from ..rules.copying import clone_turn
from ..rules.effects import free_spaces
from ..rules.shape import Rng
from .value import Ctx, Weights, effect_value, res_value, value

TURN_STEPS = ("pick", "use", "wild", "equip")
NOISE = 1.0  # easy: +- this many VP of noise on each candidate's value...
GUARD = 1.5  # ...among the candidates at most this far below the best
CAUTIOUS_FACE_GAIN = 2.0  # house value: a stand-in pays for a face change only for this many VP more


def _body(a) -> str:
    return a.id.split(":", 1)[1]


def _worth(s: dict, seat: int, base: list, w: Weights | None, towns: bool = True) -> float:
    return value(s, seat, gold_base=base, w=w, towns=towns)


def _same_turn(s: dict, t: dict, seat: int) -> bool:
    """True while t is still the seat's turn begun in s with its die not yet used (a new day's
    turn of the same seat does not count)."""
    return _still(_where(s), t, seat)


def _where(s: dict) -> tuple:
    """What _still needs of the state a line starts from (read before it is played on)."""
    return s["week"], s["day"], s["step"], s["turns_left"]


def _still(where: tuple, t: dict, seat: int) -> bool:
    week, day, step, turns_left = where
    if t["stage"] != "turn" or t["turn"] != seat or t["week"] != week or t["day"] != day:
        return False
    return t["step"] in ("use", "wild", "equip") or (t["step"] == "pick" and step == "pick"
                                                     and t["turns_left"] == turns_left)


def _expand(s: dict, seat: int, seq: list, out: list, base: list, bought: bool, turns: bool,
            w: Weights | None, owned: bool = False) -> None:
    """Appends (line, value) for every own line from s. turns=False skips face changes (the
    pick step plans them from one die only: see turn_plans). owned: s is a copy nobody needs
    afterwards, so the last line is played on s itself instead of on a copy of it."""
    p = s["players"][seat]
    after = s["step"] == "after"
    acts = []
    for a in legal_actions(s, seat):
        verb = a.id.split(":", 2)[1]
        if verb == "drop" or (verb == "face" and not turns):
            continue
        if verb == "buy" and (bought or after or free_spaces(p) > 0):
            continue
        acts.append((a, verb))
    where = _where(s)
    last = len(acts) - 1
    for i, (a, verb) in enumerate(acts):
        t = s if owned and i == last else clone_turn(s)
        advance(t, a)
        nseq = seq + [a]
        if _still(where, t, seat):
            _expand(t, seat, nseq, out, base, bought or verb == "buy", turns and verb != "take", w, True)
        else:
            out.append((nseq, _worth(t, seat, base, w)))


def _replay(s: dict, seat: int, line: list, base: list, w: Weights | None) -> float:
    t = clone_turn(s)
    for x in line:
        advance(t, x)
    return _worth(t, seat, base, w)


def _pick_plans(s: dict, seat: int, out: list, base: list, lite: bool, w: Weights | None) -> None:
    """Pick step: each face once (other colours replay that face's best line), face changes
    from the die whose own face is worth least."""
    by_face: dict = {}
    others = []
    for a in legal_actions(s, seat):
        body = _body(a)
        if body.startswith("take:"):
            by_face.setdefault(body.rsplit(":", 1)[1], []).append(a)
        elif body.startswith("buy:") and free_spaces(s["players"][seat]) <= 0:
            others.append(a)
    best = {}
    for face, dice in by_face.items():
        t = clone_turn(s)
        advance(t, dice[0])
        lines: list = []
        if _same_turn(s, t, seat):
            _expand(t, seat, [dice[0]], lines, base, False, False, w, True)
        else:
            lines.append(([dice[0]], _worth(t, seat, base, w)))
        out.extend(lines)
        best[face] = max(lines, key=lambda x: x[1])
        for a in dice[1:]:
            line = [a] + best[face][0][1:]
            out.append((line, _replay(s, seat, line, base, w)))
    if best and not lite:
        face = min(best, key=lambda f: best[f][1])
        first = best[face][0][0]
        t = clone_turn(s)
        advance(t, first)
        if t["stage"] == "turn" and t["turn"] == seat and t["step"] == "use":
            lines = []
            for a in legal_actions(t, seat):
                if _body(a).startswith("face:"):
                    u = clone_turn(t)
                    advance(u, a)
                    _expand(u, seat, [first, a], lines, base, True, False, w, True)
            out.extend(lines)
    for a in others:  # no space left: a wagon first, then the turn
        t = clone_turn(s)
        advance(t, a)
        _expand(t, seat, [a], out, base, True, False, w, True)


def turn_plans(s: dict, seat: int, lite: bool = False, w: Weights | None = None) -> list:
    """[(actions, value)] for the seat's own turn from the current step, best first."""
    out: list = []
    base = list(s["players"][seat]["gold"])
    if s["step"] == "pick":
        _pick_plans(s, seat, out, base, lite, w)
    else:
        _expand(s, seat, [], out, base, False, True, w)
    out.sort(key=lambda x: -x[1])
    return out


def town_plans(s: dict, seat: int, w: Weights | None = None) -> list:
    """[(actions, value)] for the seat's whole town visit (which cards, in one plan), best first.
    Valued one card at a time, "done" would be judged after the week ends when the seat decides
    last (the next week's cards in view) but "satisfy" still inside the visit: last deciders
    then under-satisfied. A whole visit always ends in the same kind of state, and the next
    week's cards (dealt only when the seat decides last) are left out of every plan's value."""
    base = list(s["players"][seat]["gold"])
    out: list = []
    seen: set = set()

    def dfs(t: dict, seq: list) -> None:
        for a in legal_actions(t, seat):
            u = clone(t)
            advance(u, a)
            if u["stage"] == "town" and u["pending"][seat] is not None:
                p = u["players"][seat]
                key = (tuple(sorted(p["towns"])), tuple(sorted(p["equipment"])))
                if key not in seen:  # the same cards satisfied in another order
                    seen.add(key)
                    dfs(u, seq + [a])
            else:
                out.append((seq + [a], _worth(u, seat, base, w, towns=False)))
    dfs(s, [])
    out.sort(key=lambda x: -x[1])
    return out


def one_step(s: dict, seat: int, acts: list, w: Weights | None = None) -> list:
    """[([action], value)] for a single decision, best first."""
    base = list(s["players"][seat]["gold"])
    if s["stage"] == "pioneer":
        return sorted((([a], _pioneer_value(s, seat, _body(a)[8:])) for a in acts), key=lambda x: -x[1])
    out = []
    for a in acts:
        if s["stage"] == "turn" and _body(a).startswith("drop"):
            continue
        t = clone(s)
        advance(t, a)
        out.append(([a], _worth(t, seat, base, w)))
    out.sort(key=lambda x: -x[1])
    return out


def _pioneer_value(s: dict, seat: int, which: str) -> float:
    p = s["players"][seat]
    board = STANDARD_PIONEER if which == "standard" else PIONEERS[which]
    ctx = Ctx(s)
    start = board["start"]
    v = sum(res_value(p, r, start[r], ctx) for r in ("silver", "cattle", "wood", "medicine"))
    v += start["gold"] * 1.7 + start["equipment"] * 1.2
    v += sum(0.6 if w == "small" else 1.0 for w in start["wagons"])
    return v + 0.7 * effect_value(p, board["ability"], ctx)


def ranked(s: dict, seat: int, lite: bool = False, w: Weights | None = None) -> list:
    """Candidate lines for the seat's decision, best first: [(actions, value)]. lite: no face
    changes planned at the pick step (rollouts)."""
    if s["stage"] == "turn" and s["step"] in TURN_STEPS:
        plans = turn_plans(s, seat, lite, w)
        if plans:
            return plans
    acts = legal_actions(s, seat)
    if s["stage"] == "town" and len(acts) > 1:
        return town_plans(s, seat, w)
    return one_step(s, seat, acts, w)


def choose_easy(s: dict, seat: int, gen: Rng, lite: bool = False, noise: float | None = None,
                w: Weights | None = None) -> Action:
    """The best first action, blurred by noise among the near-best ones (never one more than
    GUARD VP below the best); s is already determinised."""
    noise = NOISE if noise is None else noise
    best: dict = {}
    for line, v in ranked(s, seat, lite, w):
        a = line[0]
        if a.id not in best or v > best[a.id][1]:
            best[a.id] = (a, v)
    top = max(v for _, v in best.values())
    pick, score = None, None
    for a, v in best.values():
        if v < top - GUARD:
            continue
        noisy = v + noise * (2 * rng.below(gen, 1001) / 1000 - 1)
        if score is None or noisy > score:
            pick, score = a, noisy
    assert pick is not None  # the best line itself is never GUARD below the best
    return pick


def choose_cautious(s: dict, seat: int) -> Action:
    """A move for a person whose time ran out: easy's best first action without noise, but not a paid
    face change unless it is worth CAUTIOUS_FACE_GAIN VP more than the best move without one."""
    best: dict = {}
    for line, v in ranked(s, seat, False, None):
        a = line[0]
        if a.id not in best or v > best[a.id][1]:
            best[a.id] = (a, v)
    top = max(best.values(), key=lambda av: av[1])
    plain = [av for av in best.values() if av[0].id.split(":")[1] != "face"]
    if plain and top[0].id.split(":")[1] == "face":
        other = max(plain, key=lambda av: av[1])
        if top[1] < other[1] + CAUTIOUS_FACE_GAIN:
            return other[0]
    return top[0]
