"""Recomputes every rating from the recorded results and compares it with the stored one.

    python -m app.recompute [--database URL] [--write]

The commit that finishes a game applies the rating update (db/records.py write_finish), so replaying every
rated game in the order they finished, per scope (all servers, then the game's own), must give the stored
ratings exactly: any difference is printed. Games played to the end before records were kept (schema v4)
have no results yet: they are written from their final state (app/ledger.py), rated as a game finishing
now would be, and counted at the time of their last move.

Without --write nothing is changed (a report; exit status 1 when ratings differ). --write adds the missing
results, then replaces every rating with the recomputed one in one transaction: stop the bot first, as a
game finishing in between would lose its update. --database defaults to the bot's DATABASE_URL setting."""

import argparse
import asyncio
import sys
from collections.abc import Callable
from dataclasses import dataclass, field

from db import Finish, Store
from db.errors import StoreError
from engine import registry

from . import ledger, ratings
from .settings import Settings, SettingsError
from .tables import game_of

TOLERANCE = 1e-9  # the same floating-point steps in the same order: equal, but for rounding in storage

Key = tuple[str, str]  # (scope, player)
Value = tuple[float, float, int]  # (mu, sigma, rated games)


@dataclass
class Report:
    backfilled: list[int] = field(default_factory=list)  # games finished before records (results written or due)
    rated_games: int = 0
    computed: dict[Key, Value] = field(default_factory=dict)
    stored: dict[Key, Value] = field(default_factory=dict)
    differences: list[tuple[Key, Value | None, Value | None]] = field(default_factory=list)  # stored, computed
    max_dmu: float = 0.0
    max_dsigma: float = 0.0
    written: bool = False


async def backfill(store: Store) -> list[tuple[int, Finish]]:
    """The results of the games finished before records were kept, from their final state."""
    out = []
    for gid in await store.finished_without_results():
        game = await store.game(gid)
        if game is None or game.state is None:
            continue
        played = game_of(game)
        results = played.rules.results(game.state)
        seats = ledger.seats_of(game, results)
        if ledger.why_not_rated(game, played.rules.is_over(game.state), results) is not None:
            for s in seats:
                s["rated"] = False
        at = await store.finished_time(gid)
        out.append((gid, Finish(game.guild_id, game.home, at or 0.0, seats, game=played.key)))
    return out


def replay(games: list[tuple[float, int, str, int | None, list[dict]]]) -> tuple[dict[Key, Value], dict[str, str]]:
    """(the ratings, each player's last name) of rated games (finished at, id, the game's key, guild, rated
    seats in seat order), replayed in the order they finished, per scope, as write_finish applied them."""
    by_scope: dict[str, list[list[dict]]] = {}
    names: dict[str, str] = {}
    for _at, _gid, key, guild, seats in sorted(games, key=lambda g: (g[0], g[1])):
        for scope in ledger.scopes(registry.game(key), guild):
            by_scope.setdefault(scope, []).append(seats)
        names.update({s["player"]: s["name"] for s in seats})
    out = {}
    for scope, scope_games in by_scope.items():
        for player, r in ratings.replay_all(scope_games).items():
            out[(scope, player)] = (r.mu, r.sigma, r.games)
    return out, names


def compare(report: Report) -> None:
    for key in sorted(report.stored.keys() | report.computed.keys()):
        a, b = report.stored.get(key), report.computed.get(key)
        if a is not None and b is not None:
            report.max_dmu = max(report.max_dmu, abs(a[0] - b[0]))
            report.max_dsigma = max(report.max_dsigma, abs(a[1] - b[1]))
            if abs(a[0] - b[0]) <= TOLERANCE and abs(a[1] - b[1]) <= TOLERANCE and a[2] == b[2]:
                continue
        report.differences.append((key, a, b))


async def recompute(store: Store, write: bool = False) -> Report:
    """Compares the stored ratings with those the results give; with write, backfills and replaces them."""
    missing = await backfill(store)
    report = Report(backfilled=[gid for gid, _f in missing])
    games = [(at, gid, key, guild, seats) for gid, key, guild, at, seats in await store.rated_games()]
    for gid, f in missing:
        rated = [{"player": s["player"], "rank": s["rank"], "name": s["name"]} for s in f.seats if s["rated"]]
        if rated:
            games.append((f.finished_at, gid, f.game, f.guild_id, rated))
    report.rated_games = len(games)
    report.computed, names = replay(games)
    report.stored = await store.all_ratings()
    compare(report)
    if write:
        for gid, f in missing:
            await store.add_results(gid, f)
        if report.differences:
            await store.replace_ratings(report.computed, names)
        report.written = True
    return report


def _value(v: Value | None) -> str:
    return "none" if v is None else f"mu {v[0]:.6f} sigma {v[1]:.6f} games {v[2]}"


def show(report: Report, say: Callable[[str], object] = print) -> None:
    if report.backfilled:
        done = "written" if report.written else "to write (--write)"
        say(f"{len(report.backfilled)} games finished before records were kept: results {done}")
    say(f"{report.rated_games} rated games give {len(report.computed)} ratings; {len(report.stored)} stored; "
        f"max |Δmu| {report.max_dmu:.3g}, max |Δsigma| {report.max_dsigma:.3g}")
    for (scope, player), a, b in report.differences:
        say(f"  {scope} {player}: stored {_value(a)} -> recomputed {_value(b)}")
    say(f"{len(report.differences)} ratings differ"
        + (": replaced" if report.written and report.differences else
           "" if not report.differences else ": --write replaces them"))


async def run(url: str, write: bool) -> int:
    store = await Store.open(url)
    try:
        report = await recompute(store, write)
    finally:
        await store.close()
    show(report)
    return 1 if report.differences and not report.written else 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m app.recompute", description=__doc__.split("\n")[0])
    ap.add_argument("--database", help="a DATABASE_URL (default: the bot's setting, from the environment or .env)")
    ap.add_argument("--write", action="store_true", help="write the missing results and the recomputed ratings")
    args = ap.parse_args(argv)
    try:
        url = args.database or Settings.from_env().database_url
        return asyncio.run(run(url, args.write))
    except (SettingsError, ValueError, StoreError) as e:
        print(f"python -m app.recompute: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
