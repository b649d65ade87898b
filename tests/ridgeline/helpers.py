"""Ridgeline test helpers: games from options, rigged states (every tile still in one place: a hand, the
queue, a panorama, the discards or the deck), actions applied and checked."""

from engine import rng
from games.ridgeline.play import RULES
from games.ridgeline.rules import board as B
from games.ridgeline.rules import engine as eng

OPTION_SETS = [{"beginner": b, "games": g, "deal": d} for b in ("off", "on") for g in ("1", "2", "3")
               for d in ("random", "daily")]


def t(row: int, col: int) -> int:
    """The tile (and spot) of a row and a column."""
    i = B.spot(row, col)
    assert i >= 0, (row, col)
    return i


def c(row: int, col: int) -> str:
    return B.code(t(row, col))


def game(seed: int = 1, **options):
    return RULES.new_game(RULES.config(options, ["Ann", "Bob"]), seed)


def apply(state, aid):
    r = RULES.apply(state, aid)
    assert r.ok, (aid, r.reason)
    return r.state, r.events


def ids(state, seat=None):
    return [a.id for a in RULES.legal_actions(state, seat)]


def types(events):
    return [e["type"] for e in events]


def rig(hands=((), ()), queue=(), boards=((), ()), rainbows=((), ()), deck_top=(), turn=0, seed=1,
        spirits=((), ()), **options):
    """A game at the start of `turn`'s turn with these hands, queue [(up, down)], panoramas (their tiles, and
    rainbows on these spots), spirits [(square, key)] and the deck's top tiles (top last); every other tile
    in the deck."""
    state, _ = game(seed, **options)
    used = set()
    state["hands"] = [sorted(h) for h in hands]
    used |= {x for h in hands for x in h}
    state["queue"] = [[u, d] for u, d in queue]
    used |= {x for u, d in queue for x in (u, d) if x is not None}
    state["boards"] = [[B.EMPTY] * B.SPOTS for _ in range(2)]
    for s in range(2):
        for x in boards[s]:
            state["boards"][s][x] = B.TILE
            used.add(x)
        for x in rainbows[s]:
            state["boards"][s][x] = B.RAINBOW
        state["spirits"][s] = [{"sq": q, "key": k} for q, k in spirits[s]]
        state["rainbows"] -= len(rainbows[s])
    assert len(used) == len(list(hands[0])) + len(list(hands[1])) + sum(
        (u is not None) + (d is not None) for u, d in queue) + len(boards[0]) + len(boards[1]), "a tile twice"
    keep = [x for x in deck_top if x not in used]
    assert len(keep) == len(deck_top), "a deck tile used elsewhere"
    rest = [x for x in range(B.SPOTS) if x not in used and x not in keep]
    state["deck"] = rest + list(deck_top)
    state["pile"] = [k for k in state["pile"] if k not in {k for sp in spirits for _q, k in sp}]
    state["turn"] = turn
    state["step"] = {"kind": "play"}
    state["todo"] = []
    state["met"] = False
    state["start_sq"] = B.complete_squares(B.mask_of(state["boards"][turn]))
    return state


def everything(state) -> list[int]:
    """Every tile of a state, wherever it is (each once)."""
    out = list(state["deck"]) + [x for c in state["queue"] for x in c if x is not None] + list(state["discarded"])
    out += [x for h in state["hands"] for x in h] + list(state["look"])
    out += [i for b in state["boards"] for i in range(B.SPOTS) if b[i] == B.TILE]
    return sorted(out)


def play_out(state, pick_seed=3):
    pick = {"rng": rng.seed_state(pick_seed)}
    while not RULES.is_over(state):
        acts = RULES.legal_actions(state)
        state, _ = apply(state, acts[rng.below(pick, len(acts))].id)
    return state


__all__ = ["B", "eng"]
