"""Moves every game from one database to another (SQLite -> PostgreSQL, and back), then checks it.

    python -m db.copy SOURCE_URL TARGET_URL [--batch 200] [--verbose]

    python -m db.copy sqlite:///data/pioneer.sqlite3 postgresql://pioneer:secret@db:5432/pioneer
    python -m db.copy postgresql://pioneer@db/pioneer sqlite:////var/backups/pioneer.sqlite3

URLs as DATABASE_URL takes them (a bare path is an SQLite file). Stop the bot first: games changed
during the copy are not in it. The source is opened as the bot would (an older schema is migrated);
the target is created if needed (a new SQLite file; a PostgreSQL database the server lets us create)
and must hold no game yet. Every row of every table (games, players, the action log, deadlines, the
outbox) is copied with its ids, a batch of games per transaction; then every game is verified:
  - each row of the target equals the source's,
  - each started game's action log replays to its stored state (engine.replay(its game's rules, config,
    seed, action ids) must equal the stored state JSON, as app/service/reading.py `replayed` checks).
Prints what it copied and verified; exit status 0 when everything was verified, 1 when a check failed
(the target then holds a copy that must not be used: delete it before trying again), 2 when a
database could not be used.

This is a tool on top of the store, not part of it: it alone in db/ uses the engine (to replay)."""

import argparse
import asyncio
import sys
from collections import Counter

from .errors import StoreError
from .store import Store

# every table, parents first (the foreign keys), with the column that says which game a row belongs to
# and its order; a migration that adds a table adds it here (the column check below says so)
TABLES = (("games", "id", "id"), ("players", "game_id", "game_id, user_id"),
          ("actions", "game_id", "game_id, seq"), ("deadlines", "game_id", "game_id, seat"),
          ("outbox", "game_id", "id"), ("results", "game_id", "game_id, seat"),
          ("reviews", "game_id", "game_id, seat"))
# tables of no one game, copied whole after the games (a player's rating sums up many games)
WHOLE = (("ratings", "scope, player"), ("notify", "user_id"))


class CopyError(RuntimeError):
    pass


async def columns(source: Store, target: Store) -> dict[str, list[str]]:
    """The columns to copy per table: the same on both sides (migrations are numbered alike)."""
    src, dst = await source.backend.tables(), await target.backend.tables()
    if set(src) != {t for t, _, _ in TABLES} | {t for t, _ in WHOLE} or set(dst) != set(src):
        raise CopyError(f"the tables differ: source {sorted(src)}, target {sorted(dst)}, copied "
                        f"{[t for t, _, _ in TABLES] + [t for t, _ in WHOLE]} (a new table must be added to db/copy.py "
                "TABLES or WHOLE)")
    for table, cols in src.items():
        if set(cols) != set(dst[table]):
            raise CopyError(f"table {table}: the columns differ: source {cols}, target {dst[table]}")
    return src


async def rows_of(store: Store, table: str, key: str, order: str, cols: list[str], ids: list[int]) -> list[tuple]:
    marks = ",".join("?" * len(ids))
    return await store._rows(f"SELECT {', '.join(cols)} FROM {table} WHERE {key} IN ({marks}) ORDER BY {order}",
                             tuple(ids))


async def copy(source: Store, target: Store, batch: int = 200, out=print) -> dict:
    cols = await columns(source, target)
    (already,) = (await target._rows("SELECT COUNT(*) FROM games"))[0]
    if already:
        raise CopyError(f"the target already holds {already} game(s): copy into a new, empty database")
    ids = [r[0] for r in await source._rows("SELECT id FROM games ORDER BY id")]
    counts: Counter = Counter()
    for start in range(0, len(ids), batch):
        part = ids[start:start + batch]
        data = [(table, cols[table], await rows_of(source, table, key, order, cols[table], part))
                for table, key, order in TABLES]

        async def tx(db, data=data):
            for table, names, rows in data:
                if rows:
                    await db.executemany(f"INSERT INTO {table} ({', '.join(names)}) VALUES "
                                         f"({','.join('?' * len(names))})", rows)
        await target._write(tx)
        for table, _names, rows in data:
            counts[table] += len(rows)
        out(f"  copied games {part[0]}..{part[-1]} ({start + len(part)}/{len(ids)})")
    for table, order in WHOLE:
        names = cols[table]
        rows = await source._rows(f"SELECT {', '.join(names)} FROM {table} ORDER BY {order}")

        async def whole(db, table=table, names=names, rows=rows):
            if rows:
                await db.executemany(f"INSERT INTO {table} ({', '.join(names)}) VALUES "
                                     f"({','.join('?' * len(names))})", rows)
        await target._write(whole)
        counts[table] += len(rows)
    await target.backend.after_copy()
    return {"ids": ids, "counts": counts}


async def verify(source: Store, target: Store, ids: list[int], verbose: bool = False, out=print) -> dict:
    """Every row equal on both sides; every started game's log replays to its stored state."""
    import engine  # here only: the store itself knows nothing of the rules
    from engine import registry

    cols = await columns(source, target)
    problems: list[str] = []
    for table, order in WHOLE:
        q = f"SELECT {', '.join(cols[table])} FROM {table} ORDER BY {order}"
        a, b = await source._rows(q), await target._rows(q)
        if [tuple(r) for r in a] != [tuple(r) for r in b]:
            problems.append(f"table {table} differs ({len(a)} rows in the source, {len(b)} in the target)")
    replayed = actions = lobbies = 0
    statuses: Counter = Counter()
    for gid in ids:
        for table, key, order in TABLES:
            a = await rows_of(source, table, key, order, cols[table], [gid])
            b = await rows_of(target, table, key, order, cols[table], [gid])
            if a != b:
                problems.append(f"game {gid}: table {table} differs ({len(a)} rows in the source, {len(b)} in "
                                "the target)")
        game = await target.game(gid)
        if game is None:
            problems.append(f"game {gid}: missing in the target")
            continue
        statuses[game.status] += 1
        if game.state_json is None:
            lobbies += 1
            continue
        log = await target.action_ids(gid)
        try:
            rules = registry.game(game.game).rules
            state, _ = engine.rebuild(rules, game.config or {}, game.seed, log)
            same = engine.to_json(state) == game.state_json
        except Exception as e:  # an action the engine rejects
            same, state = False, {"error": str(e)}
        if not same:
            src = await source.game(gid)
            note = ""
            try:
                if src is not None and engine.to_json(engine.rebuild(rules, src.config or {}, src.seed,
                                                                    await source.action_ids(gid))[0]) != src.state_json:
                    note = " (the same in the source: its log did not replay to its state before the copy either)"
            except Exception:
                note = " (the same in the source: the engine rejects its log)"
            problems.append(f"game {gid}: the replay of its {len(log)} actions differs from the stored state{note}")
            continue
        replayed += 1
        actions += len(log)
        if verbose:
            out(f"  game {gid} ({game.status}, move {game.seq}): {len(log)} actions replayed = stored state")
    return {"problems": problems, "replayed": replayed, "actions": actions, "lobbies": lobbies,
            "statuses": statuses}


async def run(source_url: str, target_url: str, batch: int = 200, verbose: bool = False, out=print) -> int:
    try:
        source = await Store.open(source_url)
    except (StoreError, ValueError) as e:
        out(f"db.copy: the source cannot be used: {e}")
        return 2
    try:
        try:
            target = await Store.open(target_url, create=True)
        except (StoreError, ValueError) as e:
            out(f"db.copy: the target cannot be used: {e}")
            return 2
        try:
            version = await source.backend.version()
            out(f"db.copy: {source.where} -> {target.where} (schema v{version})")
            try:
                done = await copy(source, target, batch, out)
                c = done["counts"]
                out(f"copied {len(done['ids'])} games, {c['players']} players, {c['actions']} actions, "
                    f"{c['deadlines']} deadlines, {c['outbox']} outbox items")
                checked = await verify(source, target, done["ids"], verbose, out)
            except CopyError as e:
                out(f"db.copy: {e}")
                return 1
            by_status = ", ".join(f"{n} {s}" for s, n in sorted(checked["statuses"].items()))
            if checked["problems"]:
                for p in checked["problems"]:
                    out(f"NOT VERIFIED: {p}")
                out(f"db.copy: {len(checked['problems'])} problem(s): the copy in {target.where} must not be "
                    "used; delete it before trying again")
                return 1
            out(f"verified {len(done['ids'])} games ({by_status or 'none'}): every row equal in both databases; "
                f"{checked['replayed']} started games replayed from their logs ({checked['actions']} actions) to "
                f"exactly their stored state; {checked['lobbies']} lobbies have no state to replay")
            return 0
        finally:
            await target.close()
    finally:
        await source.close()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m db.copy", description=__doc__.split("\n")[0])
    ap.add_argument("source", help="the database to copy from (sqlite:///path, postgresql://...)")
    ap.add_argument("target", help="the new, empty database to copy into")
    ap.add_argument("--batch", type=int, default=200, help="games per transaction")
    ap.add_argument("-v", "--verbose", action="store_true", help="one line per verified game")
    args = ap.parse_args(argv)
    return asyncio.run(run(args.source, args.target, args.batch, args.verbose, lambda s: print(s, flush=True)))


if __name__ == "__main__":
    sys.exit(main())

