"""What a finished game leaves behind: one results row per seat and the rating update (db/records.py writes
them in the commit that finishes the game). No Discord, no SQL: the rows and a pure rating function."""

from db import Finish, GameRow
from engine.protocol import Game, SeatResult

from . import ratings


def scope_prefix(game: Game) -> str:
    """Ratings are kept per game: its scopes start with this ("next-station:global")."""
    return f"{game.key}:" if game.legacy.rating_scope is None else game.legacy.rating_scope


def scopes(game: Game, guild_id: int | None) -> list[str]:
    """Where a game's ratings count: every server, then its own (the one its results show)."""
    prefix = scope_prefix(game)
    return [f"{prefix}global"] + ([f"{prefix}g:{guild_id}"] if guild_id else [])


def why_not_rated(row: GameRow, over: bool, results: list[SeatResult] | None) -> str | None:
    """None when the game is rated; else a short reason (a key of ui/stats.py NOT_RATED)."""
    if row.status != "over" and not over:
        return "ended"
    seats = seats_of(row, results or [])
    if not any(s["rated"] and s["user_id"] for s in seats):
        return "no_person"
    if len(seats) == 1:
        return "solo"
    if sum(1 for s in seats if s["rated"]) < 2:
        return "too_few"
    return None


def seats_of(row: GameRow, results: list[SeatResult]) -> list[dict]:
    """A results row per seat (without ratings). A seat that changed hands (a person left, an AI played on)
    is recorded but not rated."""
    out = []
    for r in sorted(results, key=lambda r: r.seat):
        p = row.player_at(r.seat)
        ai = p.ai if p else None
        user = p.user_id if p and not ai else None
        out.append({"seat": r.seat, "player": ratings.player_key(user, ai), "user_id": user,
                    "name": row.display(r.seat), "rank": r.rank, "winner": r.winner, "total": r.total,
                    "scores": dict(r.scores), "detail": dict(r.detail), "rated": not (p and p.left_user)})
    return out


def finish(game: Game, row: GameRow, results: list[SeatResult], now: float) -> Finish:
    """The record of a game that has just been played to the end."""
    seats = seats_of(row, results)
    rated = why_not_rated(row, True, results) is None
    if rated:
        ranked = [{"player": s["player"], "rank": s["rank"]} for s in seats if s["rated"]]

        def rate(current: dict) -> dict:
            cur = {k: ratings.Rating(*v) for k, v in current.items()}
            return {k: (r.mu, r.sigma, r.games) for k, r in ratings.update(ranked, cur).items()}
    else:
        for s in seats:
            s["rated"] = False
    return Finish(row.guild_id, row.home, now, seats, scopes(game, row.guild_id), rate if rated else None,
                  game=game.key)
