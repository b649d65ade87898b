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

_RESULT_COLS = ("game_id, seat, game, player, user_id, name, guild_id, channel_id, players, rank, winner, total, "
                "scores, detail, day, rated, mu_before, sigma_before, mu_after, sigma_after, finished_at")
_RESULT_KEYS = [k.strip() for k in _RESULT_COLS.split(",")]
_KNOWN = frozenset(_RESULT_KEYS)
_legacy: dict[str, list[tuple[str, bool]]] = {}  # per database kind: columns of older schemas still required

# {player: (mu, sigma, games)} before -> after, for the players of one scope
Rate = Callable[[dict[str, tuple[float, float, int]]], dict[str, tuple[float, float, int]]]


@dataclass
class Finish:
    """What the commit that finishes a game writes besides the game itself."""
    guild_id: int | None
    channel_id: int
    finished_at: float
    seats: list[dict]  # per seat: seat, player, user_id, name, rank, winner, total, scores {category: points},
    #                    detail {...}, rated (bool)
    scopes: list[str] = field(default_factory=list)  # rating scopes, the game's own last ("global", "g:<id>")
    rate: Rate | None = None  # None: the game is not rated
    game: str = ""            # the game's key


async def legacy_columns(db: Tx) -> list[tuple[str, bool]]:
    """(name, is text) of the results columns an older schema requires (NOT NULL, no default) that this
    code does not write by name: each gets the same-named score or detail, else 0 or ''. (Schema v5 kept
    its one game's categories as columns; an older process may still read them.)"""
    kind = db.dialect.name
    if kind not in _legacy:
        if kind == "sqlite":
            rows = [(r[1], str(r[2]).upper(), bool(r[3]), r[4])
                    for r in await db.fetchall("PRAGMA table_info(results)")]
        else:
            rows = [(r[0], str(r[1]).upper(), r[2] == "NO", r[3]) for r in await db.fetchall(
                "SELECT column_name, data_type, is_nullable, column_default FROM information_schema.columns "
                "WHERE table_schema = current_schema() AND table_name = 'results'")]
        _legacy[kind] = [(name, "TEXT" in typ) for name, typ, notnull, default in rows
                         if notnull and default is None and name not in _KNOWN]
    return _legacy[kind]


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
    legacy = await legacy_columns(db)
    rows = []
    # a rated seat stays marked rated without a rate (a game backfilled by add_results), so that a
    # recomputation (app/recompute.py) counts it; an unrated game's seats come all unmarked (app/ledger.py)
    for s in f.seats:
        b = before.get(s["player"]) if s["rated"] else None
        a = after.get(s["player"]) if s["rated"] else None
        scores, detail = s.get("scores") or {}, s.get("detail") or {}
        old = [scores.get(c, detail.get(c, "" if text else 0)) for c, text in legacy]
        rows.append((game_id, s["seat"], f.game, s["player"], s["user_id"], s["name"], f.guild_id, f.channel_id,
                     len(f.seats), s["rank"], int(s["winner"]), s["total"], json.dumps(scores), json.dumps(detail),
                     _day(detail), int(bool(s["rated"])), b[0] if b else None, b[1] if b else None,
                     a[0] if a else None, a[1] if a else None, f.finished_at, *old))
    cols = _RESULT_COLS + "".join(f", {c}" for c, _text in legacy)
    await db.executemany(f"INSERT INTO results ({cols}) VALUES ({','.join('?' * (len(_RESULT_KEYS) + len(legacy)))})",
                         rows)
    await db.execute("UPDATE games SET finished_at=? WHERE id=?", (f.finished_at, game_id))


def _day(detail: dict) -> str | None:
    """The day's board a result enters (a game's SeatResult.detail["day"]), if any."""
    day = detail.get("day")
    return day if isinstance(day, str) and day else None


def _row(r: tuple) -> dict:
    out = dict(zip(_RESULT_KEYS, r, strict=True))
    out["scores"] = json.loads(out["scores"] or "{}")
    out["detail"] = json.loads(out["detail"] or "{}")
    return out


class Records(StoreBase):
    # ---- one game ----------------------------------------------------------------------------
    async def results_of(self, game_id: int) -> list[dict]:
        """The game's results rows, by seat ([] for a game not finished, or finished before records)."""
        return [_row(r) for r in await self._rows(f"SELECT {_RESULT_COLS} FROM results WHERE game_id=? ORDER BY seat",
                                                  (game_id,))]

    async def last_finished_game(self, channel_id: int, user_id: int) -> int | None:
        """The newest game of the channel (or of a thread opened in it) played to the end with this person at the
        table."""
        rows = await self._rows("SELECT g.id FROM games g JOIN players p ON p.game_id=g.id WHERE (g.channel_id=? OR "
                                "g.home_id=?) AND g.status='over' AND p.user_id=? ORDER BY g.id DESC LIMIT 1",
                                (channel_id, channel_id, user_id))
        return rows[0][0] if rows else None

    # ---- a player ----------------------------------------------------------------------------
    async def player_stats(self, player: str, game: str, guild_id: int | None = None) -> dict:
        """A player's record in one game, on one server (guild_id) or on all: by player count (games, wins,
        mean and best total), mean points per category (in the game's order), the detail values seen most
        often (a side played), and games against each AI level."""
        where = "player=? AND game=?" + ("" if guild_id is None else " AND guild_id=?")
        args: tuple = (player, game) if guild_id is None else (player, game, guild_id)
        rows = await self._rows(f"SELECT players, winner, total, scores, detail FROM results WHERE {where}", args)
        vs_ai = await self._rows(
            "SELECT o.player, COUNT(*), SUM(CASE WHEN r.rank < o.rank THEN 1 ELSE 0 END), "
            "SUM(CASE WHEN r.rank = o.rank THEN 1 ELSE 0 END) FROM results r JOIN results o "
            "ON o.game_id = r.game_id AND o.seat <> r.seat AND o.player LIKE 'ai:%' "
            f"WHERE {' AND '.join('r.' + w for w in where.split(' AND '))} GROUP BY o.player ORDER BY o.player",
            args)
        out: dict = {"games": len(rows), "wins": sum(r[1] for r in rows), "by_players": {}, "categories": {},
                     "most": {}, "vs_ai": {r[0]: {"games": r[1], "ahead": r[2] or 0, "tied": r[3] or 0} for r in vs_ai}}
        seen: dict[str, dict] = {}
        for players, winner, total, scores, detail in sorted(rows, key=lambda r: r[0]):
            b = out["by_players"].setdefault(players, {"games": 0, "wins": 0, "sum": 0, "best": None})
            b["games"] += 1
            b["wins"] += winner
            b["sum"] += total
            b["best"] = total if b["best"] is None else max(b["best"], total)
            for c, v in json.loads(scores or "{}").items():
                out["categories"][c] = out["categories"].get(c, 0) + v
            for k, v in json.loads(detail or "{}").items():
                if isinstance(v, str):
                    seen.setdefault(k, {})[v] = seen.get(k, {}).get(v, 0) + 1
        for b in out["by_players"].values():
            b["mean"] = b.pop("sum") / b["games"]
        if rows:
            out["mean"] = sum(r[2] for r in rows) / len(rows)
            out["best"] = max(r[2] for r in rows)
            out["categories"] = {c: v / len(rows) for c, v in out["categories"].items()}
        out["most"] = {k: sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[0][0] for k, counts in seen.items()}
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

    async def provisional(self, scope: str, min_games: int, limit: int) -> list[dict]:
        """Players with rated games but fewer than min_games (not on the board yet), most games first."""
        rows = await self._rows("SELECT player, name, games FROM ratings WHERE scope=? AND games>=1 AND games<? "
                                "ORDER BY games DESC, name, player LIMIT ?", (scope, min_games, limit))
        return [{"player": r[0], "name": r[1], "games": r[2]} for r in rows]

    async def day_board(self, game: str, day: str, guild_id: int | None, limit: int) -> list[dict]:
        """A day's board of one game: each person's best result of the day (on one server, or on all),
        best first (the earlier game first among equals)."""
        where = "game=? AND day=? AND user_id IS NOT NULL" + ("" if guild_id is None else " AND guild_id=?")
        args: tuple = (game, day) if guild_id is None else (game, day, guild_id)
        rows = await self._rows(f"SELECT player, name, total, game_id, players FROM results WHERE {where} "
                                "ORDER BY total DESC, finished_at, game_id", args)
        out: list[dict] = []
        seen: set[str] = set()
        for player, name, total, game_id, players in rows:
            if player not in seen:
                seen.add(player)
                out.append({"player": player, "name": name, "total": total, "game_id": game_id,
                            "players": players})
                if len(out) >= limit:
                    break
        return out

    async def day_everywhere(self, game: str, day: str, player: str) -> dict:
        """The day's game on every server: how many people played it, the best score, and the player's
        place by their best result of the day (None if they have not played it)."""
        who = "game=? AND day=? AND user_id IS NOT NULL"
        count, best = (await self._rows(f"SELECT COUNT(DISTINCT player), MAX(total) FROM results WHERE {who}",
                                        (game, day)))[0]
        mine = (await self._rows(f"SELECT MAX(total) FROM results WHERE {who} AND player=?", (game, day, player)))[0][0]
        place = None
        if mine is not None:
            ahead = await self._rows("SELECT COUNT(*) FROM (SELECT player, MAX(total) AS best FROM results "
                                     f"WHERE {who} GROUP BY player) b WHERE b.best > ?", (game, day, mine))
            place = ahead[0][0] + 1
        return {"players": count or 0, "best": best, "mine": mine, "place": place}

    async def history(self, limit: int, channel_id: int | None = None, guild_id: int | None = None) -> list[dict]:
        """The newest finished games of a channel (or of a server): each with its seats and the message that
        showed its results."""
        where, arg = ("channel_id=?", channel_id) if channel_id is not None else ("guild_id=?", guild_id)
        ids = await self._rows(f"SELECT game_id, finished_at, channel_id, game FROM results WHERE {where} AND seat=0 "
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
        for gid, at, ch, game in ids:
            out.append({"game_id": gid, "finished_at": at, "channel_id": ch, "message_id": messages.get(gid),
                        "game": game,
                        "seats": [{"seat": s[1], "name": s[2], "total": s[3], "rank": s[4], "winner": bool(s[5]),
                                   "player": s[6]} for s in seats if s[0] == gid]})
        return out

    # ---- recomputing -------------------------------------------------------------------------
    async def rated_games(self) -> list[tuple[int, str, int | None, float, list[dict]]]:
        """Every game with rated seats, in the order they finished: (game id, the game's key, guild id,
        finished at, its rated seats in seat order as {"player", "rank", "name"})."""
        rows = await self._rows("SELECT game_id, game, guild_id, finished_at, player, rank, name FROM results "
                                "WHERE rated=1 ORDER BY finished_at, game_id, seat")
        out: list[tuple[int, str, int | None, float, list[dict]]] = []
        for gid, game, guild, at, player, rank, name in rows:
            if not out or out[-1][0] != gid:
                out.append((gid, game, guild, at, []))
            out[-1][4].append({"player": player, "rank": rank, "name": name})
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
            await write_finish(db, game_id, Finish(f.guild_id, f.channel_id, f.finished_at, f.seats, game=f.game))
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
