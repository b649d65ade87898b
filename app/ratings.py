"""Player ratings: openskill's Plackett-Luce model, made for free-for-all games of 2-4 with ties.

Each seat of a rated game is a "player": a person by Discord user id ("u:123"), or an AI level ("ai:easy",
"ai:hard") so people can measure themselves against the AIs. A rating is (mu, sigma); boards order by the
conservative value mu - 3 sigma, and a player appears on a board after MIN_GAMES rated games.

A game is rated only when it was played to the end by at least one person: not when it was ended early
(/play end, everyone left), nor when no person was seated at the end."""

from dataclasses import dataclass

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
MU, SIGMA = MODEL.mu, MODEL.sigma
MIN_GAMES = 3  # rated games before a player appears on a leaderboard


@dataclass(frozen=True)
class Rating:
    mu: float = MU
    sigma: float = SIGMA
    games: int = 0

    @property
    def shown(self) -> float:
        """The conservative value boards are ordered by (mu - 3 sigma)."""
        return self.mu - 3 * self.sigma


def player_key(user_id: int | None, ai: str | None) -> str:
    return f"ai:{ai}" if ai else f"u:{user_id}"


def rated(status: str, seats: list[dict]) -> bool:
    """Whether a finished game counts: played to the end, with a person at the table."""
    return status == "over" and any(not s["ai"] for s in seats)


def update(seats: list[dict], current: dict[str, Rating]) -> dict[str, Rating]:
    """The new ratings after one game. seats: [{"player": key, "rank": 1..}] (equal ranks: a tie).
    current: the players' ratings before it (missing: a new player). Two seats of one AI level are rated as
    two players of the same strength, then averaged back into that level's one rating."""
    teams = [[MODEL.rating(mu=current.get(s["player"], Rating()).mu,
                           sigma=current.get(s["player"], Rating()).sigma)] for s in seats]
    out = MODEL.rate(teams, ranks=[s["rank"] for s in seats])
    new: dict[str, list] = {}
    for s, team in zip(seats, out, strict=True):
        new.setdefault(s["player"], []).append(team[0])
    return {k: Rating(sum(r.mu for r in rs) / len(rs), sum(r.sigma for r in rs) / len(rs),
                      current.get(k, Rating()).games + 1) for k, rs in new.items()}


def replay_all(games: list[list[dict]]) -> dict[str, Rating]:
    """Every rated game in the order they finished (each: its seats, as for `update`): the ratings they give.
    The store's ratings must equal this, per scope (python -m app.recompute recomputes and compares them)."""
    ratings: dict[str, Rating] = {}
    for seats in games:
        ratings.update(update(seats, ratings))
    return ratings
