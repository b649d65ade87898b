"""Records (a Store mixin): each finished game's results per seat, players' ratings, the coach's reviews.

A game's results and the rating update are written by the commit that finishes the game, in its own
transaction (write_finish, called from Games.commit_actions), so a game is never over without its record,
nor rated twice. The rating math is not here: the caller hands a pure function (app/ratings.py) that
turns the ratings read inside the transaction into the new ones."""

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime

from .base import StoreBase, Tx

CATEGORIES = ("gold", "favors", "majority", "townsfolk", "equipment", "damage", "in_game")
_RESULT_COLS = ("game_id, seat, player, user_id, name, guild_id, channel_id, players, rank, winner, total, "
                + ", ".join(CATEGORIES) + ", silver, pioneer, rated, mu_before, sigma_before, mu_after, "
                "sigma_after, finished_at")
_RESULT_KEYS = [k.strip() for k in _RESULT_COLS.split(",")]

# {player: (mu, sigma, games)} before -> after, for the players of one scope
Rate = Callable[[dict[str, tuple[float, float, int]]], dict[str, tuple[float, float, int]]]


@dataclass
class Finish:
    """What the commit that finishes a game writes besides the game itself."""
    guild_id: int | None
    channel_id: int
    finished_at: float
    seats: list[dict]  # per seat: seat, player, user_id, name, rank, winner, total, CATEGORIES, silver, pioneer,
    #                    rated (bool)
    scopes: list[str] = field(default_factory=list)  # rating scopes, the game's own last ("global", "g:<id>")
    rate: Rate | None = None  # None: the game is not rated


async def write_finish(db: Tx, game_id: int, f: Finish) -> None:
    """Inside the finishing commit: the ratings of the rated seats' players (read and locked), updated in
    every scope; one results row per seat with the rating before and after in the game's own scope."""
    players = sorted({s["player"] for s in f.seats if s["rated"]})
    names = {s["player"]: s["name"] for s in f.seats}
    before: dict[str, tuple] = {}
    after: dict[str, tuple] = {}
    if f.rate is not None and players:
        for scope in f.scopes:
            marks = ",".join("?" * len(players))
            rows = await db.fetchall(f"SELECT player, mu, sigma, games FROM ratings WHERE scope=? AND player IN "
                                     f"({marks}) ORDER BY player{db.dialect.for_update}", (scope, *players))
            current = {r[0]: (r[1], r[2], r[3]) for r in rows}
            new = f.rate(current)
            await db.executemany(
                "INSERT INTO ratings (scope, player, name, mu, sigma, shown, games) VALUES (?,?,?,?,?,?,?) "
                "ON CONFLICT (scope, player) DO UPDATE SET name=excluded.name, mu=excluded.mu, "
                "sigma=excluded.sigma, shown=excluded.shown, games=excluded.games",
                [(scope, k, names[k], mu, sigma, mu - 3 * sigma, games)
                 for k, (mu, sigma, games) in sorted(new.items())])
            before, after = current, new  # the last scope is the game's own
    rows = []
    # a rated seat stays marked rated without a rate (a game backfilled by add_results), so that a
    # recomputation (app/recompute.py) counts it; an unrated game's seats come all unmarked (app/ledger.py)
    for s in f.seats:
        b = before.get(s["player"]) if s["rated"] else None
        a = after.get(s["player"]) if s["rated"] else None
        rows.append((game_id, s["seat"], s["player"], s["user_id"], s["name"], f.guild_id, f.channel_id,
                     len(f.seats), s["rank"], int(s["winner"]), s["total"], *(s[c] for c in CATEGORIES),
                     s["silver"], s["pioneer"], int(bool(s["rated"])),
                     b[0] if b else None, b[1] if b else None,
                     a[0] if a else None, a[1] if a else None, f.finished_at))
    await db.executemany(f"INSERT INTO results ({_RESULT_COLS}) VALUES ({','.join('?' * len(_RESULT_KEYS))})", rows)
    await db.execute("UPDATE games SET finished_at=? WHERE id=?", (f.finished_at, game_id))


def _row(r: tuple) -> dict:
    return dict(zip(_RESULT_KEYS, r, strict=True))


class Records(StoreBase):
    # ---- one game ----------------------------------------------------------------------------
    async def results_of(self, game_id: int) -> list[dict]:
        """The game's results rows, by seat ([] for a game not finished, or finished before records)."""
        return [_row(r) for r in await self._rows(f"SELECT {_RESULT_COLS} FROM results WHERE game_id=? ORDER BY seat",
                                                  (game_id,))]

    async def last_finished_game(self, channel_id: int, user_id: int) -> int | None:
        """The newest game of the channel played to the end with this person at the table."""
        rows = await self._rows("SELECT g.id FROM games g JOIN players p ON p.game_id=g.id WHERE g.channel_id=? "
                                "AND g.status='over' AND p.user_id=? ORDER BY g.id DESC LIMIT 1", (channel_id, user_id))
        return rows[0][0] if rows else None

    # ---- a player ----------------------------------------------------------------------------
    async def player_stats(self, player: str, guild_id: int | None = None) -> dict:
        """A player's record, on one server (guild_id) or on all: by player count (games, wins, mean and
        best total), mean VP per category, the pioneer played most, and games against each AI level."""
        where, args = ("player=?", (player,)) if guild_id is None else ("player=? AND guild_id=?", (player, guild_id))
        cats = ", ".join(f"AVG({c})" for c in CATEGORIES)
        by_count = await self._rows(
            f"SELECT players, COUNT(*), SUM(winner), AVG(total), MAX(total), {cats} FROM results WHERE {where} "
            "GROUP BY players ORDER BY players", args)
        pioneers = await self._rows(f"SELECT pioneer, COUNT(*) FROM results WHERE {where} GROUP BY pioneer "
                                    "ORDER BY COUNT(*) DESC, pioneer LIMIT 1", args)
        vs_ai = await self._rows(
            "SELECT o.player, COUNT(*), SUM(CASE WHEN r.rank < o.rank THEN 1 ELSE 0 END), "
            "SUM(CASE WHEN r.rank = o.rank THEN 1 ELSE 0 END) FROM results r JOIN results o "
            "ON o.game_id = r.game_id AND o.seat <> r.seat AND o.player LIKE 'ai:%' "
            f"WHERE r.{where.replace(' AND guild_id', ' AND r.guild_id')} GROUP BY o.player ORDER BY o.player", args)
        games = sum(r[1] for r in by_count)
        out: dict = {"games": games, "wins": sum(r[2] or 0 for r in by_count), "by_players": {}, "categories": {},
                     "pioneer": pioneers[0][0] if pioneers else None,
                     "vs_ai": {r[0]: {"games": r[1], "ahead": r[2] or 0, "tied": r[3] or 0} for r in vs_ai}}
        for r in by_count:
            out["by_players"][r[0]] = {"games": r[1], "wins": r[2] or 0, "mean": float(r[3]), "best": r[4]}
        if games:
            out["mean"] = sum(r[1] * float(r[3]) for r in by_count) / games
            out["best"] = max(r[4] for r in by_count)
            for i, c in enumerate(CATEGORIES):
                out["categories"][c] = sum(r[1] * float(r[5 + i]) for r in by_count) / games
        return out

    async def rating(self, scope: str, player: str) -> tuple[float, float, int] | None:
        rows = await self._rows("SELECT mu, sigma, games FROM ratings WHERE scope=? AND player=?", (scope, player))
        return (rows[0][0], rows[0][1], rows[0][2]) if rows else None

    async def board_place(self, scope: str, player: str, min_games: int) -> int | None:
        """The player's place on the scope's leaderboard (1 = first), None if not on it."""
        mine = await self._rows("SELECT shown, games FROM ratings WHERE scope=? AND player=?", (scope, player))
        if not mine or mine[0][1] < min_games:
            return None
        rows = await self._rows("SELECT COUNT(*) FROM ratings WHERE scope=? AND games>=? AND shown>?",
                                (scope, min_games, mine[0][0]))
        return rows[0][0] + 1

    # ---- boards and history --------------------------------------------------------------------
    async def leaderboard(self, scope: str, min_games: int, offset: int, limit: int) -> tuple[int, list[dict]]:
        """(how many are on the board, one page of it): players with min_games rated games, best first."""
        total = (await self._rows("SELECT COUNT(*) FROM ratings WHERE scope=? AND games>=?", (scope, min_games)))[0][0]
        rows = await self._rows("SELECT player, name, mu, sigma, shown, games FROM ratings WHERE scope=? AND games>=? "
                                "ORDER BY shown DESC, player LIMIT ? OFFSET ?", (scope, min_games, limit, offset))
        return total, [{"player": r[0], "name": r[1], "mu": r[2], "sigma": r[3], "shown": r[4], "games": r[5]}
                       for r in rows]

    async def history(self, limit: int, channel_id: int | None = None, guild_id: int | None = None) -> list[dict]:
        """The newest finished games of a channel (or of a server): each with its seats and the message that
        showed its results."""
        where, arg = ("channel_id=?", channel_id) if channel_id is not None else ("guild_id=?", guild_id)
        ids = await self._rows(f"SELECT game_id, finished_at, channel_id FROM results WHERE {where} AND seat=0 "
                               "ORDER BY finished_at DESC, game_id DESC LIMIT ?", (arg, limit))
        if not ids:
            return []
        marks = ",".join("?" * len(ids))
        keys = [r[0] for r in ids]
        seats = await self._rows(f"SELECT game_id, seat, name, total, rank, winner, player FROM results "
                                 f"WHERE game_id IN ({marks}) ORDER BY game_id, rank, seat", tuple(keys))
        shown = await self._rows(f"SELECT game_id, MAX(message_id) FROM outbox WHERE kind='results' AND done=1 AND "
                                 f"game_id IN ({marks}) GROUP BY game_id", tuple(keys))
        messages = {r[0]: r[1] for r in shown}
        out = []
        for gid, at, ch in ids:
            out.append({"game_id": gid, "finished_at": at, "channel_id": ch, "message_id": messages.get(gid),
                        "seats": [{"seat": s[1], "name": s[2], "total": s[3], "rank": s[4], "winner": bool(s[5]),
                                   "player": s[6]} for s in seats if s[0] == gid]})
        return out

    # ---- recomputing -------------------------------------------------------------------------
    async def rated_games(self) -> list[tuple[int, int | None, float, list[dict]]]:
        """Every game with rated seats, in the order they finished: (game id, guild id, finished at, its
        rated seats in seat order as {"player", "rank", "name"})."""
        rows = await self._rows("SELECT game_id, guild_id, finished_at, player, rank, name FROM results "
                                "WHERE rated=1 ORDER BY finished_at, game_id, seat")
        out: list[tuple[int, int | None, float, list[dict]]] = []
        for gid, guild, at, player, rank, name in rows:
            if not out or out[-1][0] != gid:
                out.append((gid, guild, at, []))
            out[-1][3].append({"player": player, "rank": rank, "name": name})
        return out

    async def all_ratings(self) -> dict[tuple[str, str], tuple[float, float, int]]:
        rows = await self._rows("SELECT scope, player, mu, sigma, games FROM ratings")
        return {(r[0], r[1]): (r[2], r[3], r[4]) for r in rows}

    async def replace_ratings(self, ratings: dict[tuple[str, str], tuple[float, float, int]],
                              names: dict[str, str]) -> None:
        """Every rating at once (a recomputation), in one transaction."""
        async def tx(db: Tx):
            await db.execute("DELETE FROM ratings")
            await db.executemany("INSERT INTO ratings (scope, player, name, mu, sigma, shown, games) "
                                 "VALUES (?,?,?,?,?,?,?)",
                                 [(scope, p, names.get(p, p), mu, sigma, mu - 3 * sigma, n)
                                  for (scope, p), (mu, sigma, n) in sorted(ratings.items())])
        await self._write(tx)

    async def finished_without_results(self) -> list[int]:
        """Games played to the end before records were kept (schema v4 and older): their results can be
        written from their final state (python -m app.recompute --write)."""
        return [r[0] for r in await self._rows(
            "SELECT id FROM games g WHERE status='over' AND NOT EXISTS (SELECT 1 FROM results r WHERE "
            "r.game_id=g.id) ORDER BY id")]

    async def finished_time(self, game_id: int) -> float | None:
        """When the game was played to the end (unix seconds): games.finished_at, or for a game finished
        before records were kept its last change (updated_at: its last move)."""
        rows = await self._rows("SELECT finished_at, updated_at FROM games WHERE id=?", (game_id,))
        if not rows:
            return None
        at, updated = rows[0]
        return float(at) if at is not None else datetime.fromisoformat(updated).timestamp()

    async def add_results(self, game_id: int, f: Finish) -> None:
        """The record of a game finished before records were kept: its seats marked rated as f says, but no
        rating is changed (app/recompute.py recomputes them all after)."""
        async def tx(db: Tx):
            await write_finish(db, game_id, Finish(f.guild_id, f.channel_id, f.finished_at, f.seats))
        await self._write(tx)

    # ---- the coach ---------------------------------------------------------------------------
    async def review(self, game_id: int, seat: int) -> dict | None:
        rows = await self._rows("SELECT version, data FROM reviews WHERE game_id=? AND seat=?", (game_id, seat))
        if not rows:
            return None
        return {**json.loads(rows[0][1]), "version": rows[0][0]}

    async def save_review(self, game_id: int, seat: int, data: dict) -> None:
        body = json.dumps({k: v for k, v in data.items() if k != "version"}, separators=(",", ":"))

        async def tx(db: Tx):
            await db.execute("INSERT INTO reviews (game_id, seat, version, data) VALUES (?,?,?,?) "
                             "ON CONFLICT (game_id, seat) DO UPDATE SET version=excluded.version, data=excluded.data",
                             (game_id, seat, data.get("version", 0), body))
        await self._write(tx)
