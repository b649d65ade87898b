"""What one player (or the public) may see: hidden gold values and deck orders are removed."""

from .api import clone

HIDDEN = ("rng", "seed", "townsfolk_deck", "equip_deck", "town_deck", "gold_bag", "bag")


def view_for(state: dict, player: int | None) -> dict:
    """A copy of the state as `player` sees it (None: a spectator). Gold values of others are
    replaced by 0 (the token count stays visible); decks and bags show only their sizes."""
    v = clone(state)
    over = state["stage"] == "over"
    for k in HIDDEN:
        if k in v:
            v[k + "_count"] = len(v[k]) if isinstance(v[k], list) else None
            del v[k]
    for p in v["players"]:
        if p["seat"] != player and not over:
            p["gold"] = [0] * len(p["gold"])
        if p["seat"] != player:
            p["boards"] = p["boards"] if over else []
    v["viewer"] = player
    return v


def public_event(event: dict, player: int | None = None):
    """The event as `player` may see it: 'secret' parts of other players are removed."""
    def strip(x):
        if isinstance(x, dict):
            return {k: strip(v) for k, v in x.items()
                    if not (k == "secret" and v.get("seat") != player)}
        if isinstance(x, list):
            return [strip(i) for i in x]
        return x
    return strip(event)
