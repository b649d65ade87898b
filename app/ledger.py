"""What a finished game leaves behind: one results row per seat and the rating update (db/records.py writes
them in the commit that finishes the game). No Discord, no SQL: the rows and a pure rating function."""

from db import Finish, GameRow

from . import ratings

# the results table's column for each scoring category of engine/scoring.py
COLUMN = {"gold": "gold", "favors": "favors", "majority": "majority", "townsfolk": "townsfolk",
          "equipment": "equipment", "damage": "damage", "game": "in_game"}


def scopes(guild_id: int | None) -> list[str]:
    """Where a game's ratings count: every server, then its own (the one its results show)."""
    return ["global"] + ([f"g:{guild_id}"] if guild_id else [])


def why_not_rated(game: GameRow, state: dict) -> str | None:
    """None when the game is rated; else a short reason (a key of ui/results.py NOT_RATED)."""
    if game.status != "over" and state.get("stage") != "over":
        return "ended"
    seats = seats_of(game, state)
    if not any(s["rated"] and s["user_id"] for s in seats):
        return "no_person"
    if sum(1 for s in seats if s["rated"]) < 2:
        return "too_few"
    return None


def seats_of(game: GameRow, state: dict) -> list[dict]:
    """A results row per seat (without ratings). A seat that changed hands (a person left, an AI played on)
    is recorded but not rated."""
    out = []
    for r in sorted(state["result"], key=lambda r: r["seat"]):
        p = game.player_at(r["seat"])
        engine_p = state["players"][r["seat"]]
        ai = p.ai if p else None
        user = p.user_id if p and not ai else None
        out.append({"seat": r["seat"], "player": ratings.player_key(user, ai), "user_id": user,
                    "name": game.display(r["seat"]), "rank": r["rank"], "winner": r["winner"], "total": r["total"],
                    **{COLUMN[k]: r["vp"][k] for k in COLUMN}, "silver": r["silver"],
                    "pioneer": engine_p.get("pioneer") or "standard",
                    "rated": not (p and p.left_user)})
    return out


def finish(game: GameRow, state: dict, now: float) -> Finish:
    """The record of a game that has just been played to the end."""
    seats = seats_of(game, state)
    rated = why_not_rated(game, state) is None
    if rated:
        ranked = [{"player": s["player"], "rank": s["rank"]} for s in seats if s["rated"]]

        def rate(current: dict) -> dict:
            cur = {k: ratings.Rating(*v) for k, v in current.items()}
            return {k: (r.mu, r.sigma, r.games) for k, r in ratings.update(ranked, cur).items()}
    else:
        for s in seats:
            s["rated"] = False
    return Finish(game.guild_id, game.channel_id, now, seats, scopes(game.guild_id), rate if rated else None)
