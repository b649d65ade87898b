"""Benchmark of the records: stats, leaderboard, place and history queries with 100,000 finished games in
the database, and the animated replay of one 4-player game.

    .venv/bin/python bench/records.py [--games 100000] [--calls 300]
    .venv/bin/python bench/records.py --database postgresql://user@host/db   (SQLite, then PostgreSQL)
    .venv/bin/python bench/records.py --database temp      (a throwaway PostgreSQL server, fsync on)

The database (a temporary SQLite file; with --database also a new PostgreSQL database on that server,
dropped after) is filled with synthetic but realistic finished games: 2-4 seats, ~5,000 people over 50
servers of very different sizes (4 channels each), a few very active players and many occasional ones,
AI seats in 40% of the games, 3% with a seat an AI took over. Their results rows, the ratings (the real
openskill updates, in both scopes, in finish order, as the finishing commits make them) and 20 delivered
outbox items per game (the results message and the day records, images and pings before it) are
written as the bot would leave them. Only the games' own rows are left out (their state and action log:
no records query reads them). Then each query runs --calls times with random arguments, one after the
other, and p50/p99 are printed against the target p99 < 50 ms. PostgreSQL is ANALYZEd after the load (its
autovacuum would); SQLite is not (the bot never runs ANALYZE).

Last, the replay: a 4-player game of easy AIs is drawn as /pioneer replay posts it (render/replay.py, one
frame per game day, animated WebP): time and size against Discord's 10 MB upload limit (aim <= 4 MB)."""

import argparse
import asyncio
import json
import random
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT)]

from app import ledger, ratings  # noqa: E402
from db import Store  # noqa: E402
from games.pioneer_days import GAME  # noqa: E402

CATEGORIES = ("gold", "favors", "majority", "townsfolk", "equipment", "damage", "in_game")  # its scores

TARGET_MS = 50.0
GUILDS, CHANNELS, PEOPLE = 50, 4, 5000
OUTBOX_PER_GAME = 20
PIONEERS = ["standard", "trapper", "smith", "preacher", "scout", "banker"]
SPAN = 365 * 86400.0  # the games finished over a year
CHUNK = 2000  # games per transaction while filling


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


class World:
    """Who plays where: servers of Zipf-like sizes, people with a home server (some with a second one)
    and an activity of a long-tailed (Pareto) spread."""

    def __init__(self, rnd: random.Random):
        self.guilds = [900_000 + g for g in range(GUILDS)]
        self.guild_weight = [1 / (g + 1) ** 0.8 for g in range(GUILDS)]
        self.members: dict[int, list[int]] = {g: [] for g in self.guilds}
        self.activity: dict[int, float] = {}
        self.home: dict[int, int] = {}
        for i in range(PEOPLE):
            uid = 10_000 + i
            self.activity[uid] = min(rnd.paretovariate(1.3), 60.0)
            self.home[uid] = rnd.choices(self.guilds, self.guild_weight)[0]
            self.members[self.home[uid]].append(uid)
            if rnd.random() < 0.15:
                other = rnd.choice(self.guilds)
                if other != self.home[uid]:
                    self.members[other].append(uid)
        self.weights = {g: [self.activity[u] for u in ms] for g, ms in self.members.items()}


def one_game(rnd: random.Random, world: World, n: int, total: int) -> tuple[int, int, float, list[dict]]:
    """(guild, channel, finished at, seats as app/ledger.py makes them) of game n."""
    guild = rnd.choices(world.guilds, world.guild_weight)[0]
    channel = guild * 10 + rnd.randrange(CHANNELS)
    count = rnd.choices([2, 3, 4], [35, 35, 30])[0]
    ais = 0 if rnd.random() < 0.6 else rnd.randint(1, count - 1)
    people: list[int] = []
    members, weights = world.members[guild], world.weights[guild]
    while len(people) < count - ais:
        uid = rnd.choices(members, weights)[0] if len(members) > count else rnd.choice(list(world.activity))
        if uid not in people:
            people.append(uid)
    levels = [rnd.choice(["easy", "hard"]) for _ in range(ais)]
    seated: list[tuple[int | None, str | None]] = [(u, None) for u in people] + [(None, lv) for lv in levels]
    rnd.shuffle(seated)
    left = rnd.randrange(count) if rnd.random() < 0.03 else None
    seats = []
    for i, (person, ai) in enumerate(seated):
        vp = {"gold": rnd.randint(0, 20), "favors": rnd.randint(0, 10), "majority": rnd.choice([0, 0, 3, 6, 9]),
              "townsfolk": rnd.randint(0, 15), "equipment": rnd.randint(0, 8), "damage": -rnd.randint(0, 12),
              "in_game": rnd.randint(0, 6)}
        if i == left:  # the person left: an AI played on
            person, ai = None, "easy"
        seats.append({"seat": i, "player": ratings.player_key(person, ai), "user_id": person,
                      "name": f"🤖 {ai.title()} AI" if ai else f"player{person}", "total": sum(vp.values()),
                      "silver": rnd.randint(0, 5), "pioneer": rnd.choice(PIONEERS), "rated": i != left, **vp})
    for s in seats:  # as engine/scoring.py: equal (total, silver) share a rank
        s["rank"] = 1 + sum(1 for o in seats if (o["total"], o["silver"]) > (s["total"], s["silver"]))
        s["winner"] = s["rank"] == 1
    rated = [s for s in seats if s["rated"]]
    if len(rated) < 2 or not any(s["user_id"] for s in rated):  # as app/ledger.py why_not_rated
        for s in seats:
            s["rated"] = False
    at = time.time() - SPAN + SPAN * n / total + rnd.random()
    return guild, channel, at, seats


def make_games(total: int, seed: int = 1):
    """Every game's rows (games, and per game its results rows) and the final ratings, rated in finish order
    as write_finish rates them."""
    rnd = random.Random(seed)
    world = World(rnd)
    scopes: dict[str, dict[str, ratings.Rating]] = {}
    names: dict[str, str] = {}
    games: list[tuple] = []
    results: list[list[tuple]] = []
    for n in range(total):
        gid = n + 1
        guild, channel, at, seats = one_game(rnd, world, n, total)
        games.append((gid, guild, channel, seats[0]["user_id"] or 1, "over", "{}", rnd.randrange(2 ** 31),
                      320, at))
        ranked = [{"player": s["player"], "rank": s["rank"]} for s in seats if s["rated"]]
        before: dict = {}
        after: dict = {}
        if ranked:
            for scope in ledger.scopes(GAME, guild):
                current = scopes.setdefault(scope, {})
                before = {s["player"]: current[s["player"]] for s in ranked if s["player"] in current}
                after = ratings.update(ranked, current)
                current.update(after)
            names.update({s["player"]: s["name"] for s in seats})
        results.append([])
        for s in seats:
            b, a = before.get(s["player"]) if s["rated"] else None, after.get(s["player"]) if s["rated"] else None
            results[-1].append((gid, s["seat"], s["player"], s["user_id"], s["name"], guild, channel, len(seats),
                            s["rank"], int(s["winner"]), s["total"], *(s[c] for c in CATEGORIES), s["silver"],
                            s["pioneer"], int(s["rated"]), b.mu if b else None, b.sigma if b else None,
                            a.mu if a else None, a.sigma if a else None, at, GAME.key,
                            json.dumps({c: s[c] for c in CATEGORIES}),
                            json.dumps({"silver": s["silver"], "pioneer": s["pioneer"]})))
    rows = [(scope, p, names.get(p, p), r.mu, r.sigma, r.shown, r.games)
            for scope, rs in scopes.items() for p, r in rs.items()]
    return world, games, results, rows


def outbox_rows(game_ids) -> list[tuple]:
    """The games' delivered outbox items: the day records, images and pings, then the results message."""
    out = []
    for gid in game_ids:
        for k in range(OUTBOX_PER_GAME):
            kind = "results" if k == OUTBOX_PER_GAME - 1 else ("freeze", "image", "ping")[k % 3]
            out.append((gid, 300 + k, kind, "{}", 1, 10 ** 15 + gid * OUTBOX_PER_GAME + k))
    return out


async def fill(store: Store, games, results, rating_rows) -> None:
    cols = ("game_id, seat, player, user_id, name, guild_id, channel_id, players, rank, winner, total, "
            + ", ".join(CATEGORIES) + ", silver, pioneer, rated, mu_before, sigma_before, mu_after, sigma_after, "
            "finished_at, game, scores, detail")
    marks = ",".join("?" * len(cols.split(",")))
    for i in range(0, len(games), CHUNK):
        chunk = games[i:i + CHUNK]

        async def tx(db, chunk=chunk, i=i):
            await db.executemany("INSERT INTO games (id, guild_id, channel_id, host_id, status, options, seed, seq, "
                                 "finished_at) VALUES (?,?,?,?,?,?,?,?,?)", chunk)
            await db.executemany(f"INSERT INTO results ({cols}) VALUES ({marks})",
                                 [r for rows in results[i:i + CHUNK] for r in rows])
            await db.executemany("INSERT INTO outbox (game_id, seq, kind, data, done, message_id) "
                                 "VALUES (?,?,?,?,?,?)", outbox_rows(g[0] for g in chunk))
        await store._write(tx)

    async def tx_ratings(db):
        await db.executemany("INSERT INTO ratings (scope, player, name, mu, sigma, shown, games) "
                             "VALUES (?,?,?,?,?,?,?)", rating_rows)
    await store._write(tx_ratings)


async def timed(calls: int, make_call) -> tuple[float, float]:
    """p50, p99 in ms of `calls` awaits of make_call(i)."""
    xs = []
    for i in range(calls):
        coro = make_call(i)
        t = time.perf_counter()
        await coro
        xs.append((time.perf_counter() - t) * 1000)
    return pct(xs, 50), pct(xs, 99)


async def queries(store: Store, world: World, results, calls: int,
                  rnd: random.Random) -> list[tuple[str, float, float]]:
    """Each records query `calls` times with random arguments: (what, p50 ms, p99 ms)."""
    played = sorted({(r[3], r[5]) for rows in results for r in rows if r[3]})  # (person, server) with games
    rnd.shuffle(played)
    pick = [played[i % len(played)] for i in range(calls)]
    guilds = [rnd.choices(world.guilds, world.guild_weight)[0] for _ in range(calls)]
    channels = [g * 10 + rnd.randrange(CHANNELS) for g in guilds]
    sizes = {}
    for g in set(guilds) | {0}:
        scope = "global" if g == 0 else f"g:{g}"
        sizes[g] = (await store.leaderboard(scope, ratings.MIN_GAMES, 0, 1))[0]
    page = 10
    out = []

    def middle(g: int) -> int:
        return max(0, sizes[g] // 2 // page * page)

    cases = [
        ("player_stats, server", lambda i: store.player_stats(f"u:{pick[i][0]}", GAME.key, pick[i][1])),
        ("player_stats, all servers", lambda i: store.player_stats(f"u:{pick[i][0]}", GAME.key)),
        ("leaderboard server, page 1", lambda i: store.leaderboard(f"g:{guilds[i]}", ratings.MIN_GAMES, 0, page)),
        ("leaderboard server, middle", lambda i: store.leaderboard(f"g:{guilds[i]}", ratings.MIN_GAMES,
                                                                   middle(guilds[i]), page)),
        ("leaderboard global, page 1", lambda i: store.leaderboard("global", ratings.MIN_GAMES, 0, page)),
        ("leaderboard global, middle", lambda i: store.leaderboard("global", ratings.MIN_GAMES, middle(0), page)),
        ("board_place, server", lambda i: store.board_place(f"g:{pick[i][1]}", f"u:{pick[i][0]}", ratings.MIN_GAMES)),
        ("board_place, global", lambda i: store.board_place("global", f"u:{pick[i][0]}", ratings.MIN_GAMES)),
        ("history, channel (10)", lambda i: store.history(10, channel_id=channels[i])),
        ("history, server (10)", lambda i: store.history(10, guild_id=guilds[i])),
    ]
    for what, call in cases:
        await call(0)  # a first call warms the caches as a running bot's are
        p50, p99 = await timed(calls, call)
        out.append((what, p50, p99))
    return out


def report(title: str, figures: list[tuple[str, float, float]]) -> None:
    print(title)
    for what, p50, p99 in figures:
        verdict = "ok" if p99 < TARGET_MS else "MISSES the target"
        print(f"  {what:<28} p50 {p50:7.2f} ms   p99 {p99:7.2f} ms   (target p99 < {TARGET_MS:.0f} ms: {verdict})")


async def one_backend(url: str, label: str, data, calls: int) -> None:
    world, games, results, rating_rows = data
    store = await Store.open(url, create=True)
    try:
        t = time.perf_counter()
        await fill(store, games, results, rating_rows)
        if store.kind == "postgresql":
            await store._write(lambda db: db.execute("ANALYZE"))
        loaded = time.perf_counter() - t
        figures = await queries(store, world, results, calls, random.Random(2))
    finally:
        await store.close()
    report(f"{label}: {len(games):,} finished games, {sum(map(len, results)):,} results rows, {len(rating_rows):,} "
           f"ratings, {len(games) * OUTBOX_PER_GAME:,} outbox items (loaded in {loaded:.0f} s); {calls} calls "
           "each, one at a time", figures)


def replay_figures(seed: int = 3) -> None:
    from engine import record
    from games.pioneer_days.pictures.replay import animation, days
    from games.pioneer_days.rules.simulate import ai_game

    names = ["Ann", "Bob", "Cy", "Dee"]
    config = {"players": 4, "names": names}
    state, actions = ai_game(config, seed, ["easy"] * 4)
    rec = record.make(GAME, config, seed, actions, names, state)
    frames = sum(1 for _ in days(rec))
    times = []
    for _ in range(2):
        t = time.perf_counter()
        data = animation(rec)
        times.append(time.perf_counter() - t)
    mb = len(data) / 1e6
    print(f"Replay of a 4-player game (easy AIs, seed {seed}, {len(actions)} actions): animated WebP of {frames} "
          f"frames, {mb:.2f} MB (Discord's limit 10 MB, aim <= 4 MB: {'ok' if mb <= 4 else 'TOO BIG'}), drawn in "
          f"{min(times):.1f} s (best of {len(times)}, one process)")


async def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=100_000, help="finished games in the database")
    ap.add_argument("--calls", type=int, default=300, help="calls of each query (>= 200 for a p99)")
    ap.add_argument("--database", help="postgresql://... (or 'temp'): PostgreSQL too, after SQLite")
    ap.add_argument("--no-replay", action="store_true", help="skip the replay image")
    args = ap.parse_args(argv)
    t = time.perf_counter()
    data = make_games(args.games)
    print(f"{args.games:,} games made up and rated in {time.perf_counter() - t:.0f} s", flush=True)
    with tempfile.TemporaryDirectory() as tmp:
        await one_backend(str(Path(tmp) / "records.sqlite3"), f"SQLite {sqlite3.sqlite_version}", data, args.calls)
    if args.database:
        server = None
        database = args.database
        sys.path.append(str(ROOT / "scripts"))  # last: scripts/catalogues.py must not hide the i18n package
        if database == "temp":
            from pgserver import TempServer
            server = TempServer(durable=True)
            database = server.start()
        try:
            from pgserver import scratch_database
            url, drop = await scratch_database(database, "records")
            try:
                await one_backend(url, "PostgreSQL", data, args.calls)
            finally:
                await drop()
        finally:
            if server is not None:
                server.remove()
    if not args.no_replay:
        replay_figures()
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
