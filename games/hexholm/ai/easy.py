"""The easy AI: greedy on the gold a turn adds. The mandatory build: the whole build that adds the most gold now
(equal ones: one drawn from its seed); then each tile whose best use adds gold (a building tile: or nothing
lost), the most first; never a tile before the build."""

from engine import rng

from ..rules import engine as kb
from ..rules import turns
from ..rules.constants import BUILD_TILES


def stream(view: dict, seat: int, seed: int) -> rng.Rng:
    return {"rng": rng.seed_state((seed or 0) * 1000003 + view["seq"] * 31 + seat)}


def choose(view: dict, seat: int, seed: int) -> str:
    if kb.mandatory_open(view):
        ranked = turns.ranked_builds(view, seat)
        top = ranked[0]
        ties = [r for r in ranked if r[1] == top[1] and len(r[2]) == len(top[2])]
        pick = ties[rng.below(stream(view, seat, seed), len(ties))]
        return f"build:{pick[0][0]}"
    best: tuple[int, str] | None = None
    for kind in dict.fromkeys(t["kind"] for t in kb.ready_tiles(view, seat)):
        uses = turns.tile_uses(view, seat, kind)
        if not uses:
            continue
        body, gain, _tiles = uses[0]
        if gain > 0 or (gain == 0 and kind in BUILD_TILES):
            if best is None or gain > best[0]:
                best = (gain, body)
    return best[1] if best is not None else "end"
