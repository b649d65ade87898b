"""Kill campaign: the bot dies at random moments while people play, and a new process takes over.

    .venv/bin/python bench/kill.py [--games 5] [--kills 40] [--seed 1]

The real bot runs on SimCord (in-memory Discord) with a real database file. A "kill" freezes the bot
at a random Discord request (from 1 to 60 requests ahead): that request and every later request or
database write of that process fail with an exception no handler catches, so nothing more is posted
or written, exactly as if the process had been killed there (a database commit is atomic either way).
Then a new bot starts on the same database, as after a restart, and play goes on until every game is
over. People click random choices among everything offered (private panels included).

Prints: kills, actions committed (the bot answered them), actions lost, moves refused because the
click's answer could not be sent, and for every game the day images and results expected, found and
duplicated, pending outbox items left, and whether the stored state equals the replay of the log; and the
clicks a kill left in the window between their acknowledgement and their save (app/clicks.py: begun in the
journal, not ended), how many of those the log has after all, and the players told of the others."""

import argparse
import asyncio
import collections
import random
import re
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

import simcord  # noqa: E402
from simcord.http import router  # noqa: E402
from simharness import CheapRenderer, play_random_step, start_tables, text  # noqa: E402

import games.pioneer_days.rules as engine  # noqa: E402
from app.clicks import ClickJournal  # noqa: E402
from bot import GameBot, Settings  # noqa: E402
from db.store import Store  # noqa: E402

LOST = "the bot restarted before your click"  # (app/clicks.py: the message after a restart)


class Killed(BaseException):
    """The process is gone: nothing catches this."""


class Killer:
    def __init__(self):
        self.countdown = None
        self.dead = False
        self.kills = 0
        self._dispatch = router.dispatch
        self._write = Store._write
        killer = self

        def dispatch(*a, **kw):
            if killer.countdown is not None:
                killer.countdown -= 1
                if killer.countdown <= 0:
                    killer.dead, killer.countdown = True, None
                    killer.kills += 1
            if killer.dead:
                raise Killed()
            return killer._dispatch(*a, **kw)

        async def write(store, fn, tag=None):
            if killer.dead:
                raise Killed()
            return await killer._write(store, fn, tag)
        router.dispatch = dispatch
        Store._write = write

    def arm(self, n: int) -> None:
        self.countdown = n

    def revive(self) -> None:
        self.dead, self.countdown = False, None


def make_bot(path: str, commits: list) -> GameBot:
    bot = GameBot(Settings(database_path=path, sync=True, ai_pause=0.0, ai_processes=0),
                     renderer=CheapRenderer())

    def track(service):
        real = service._commit

        async def commit(game, *a, **kw):
            out = await real(game, *a, **kw)
            if out.ok:
                commits.append((game.id, out.state["seq"]))
            return out
        service._commit = commit
    bot.tracked = track
    return bot


async def campaign(games: int, kills: int, seed: int) -> dict:
    rng = random.Random(seed)
    tmp = tempfile.TemporaryDirectory()
    path = f"{tmp.name}/data/pioneer.sqlite3"
    killer = Killer()
    commits: list = []
    bot = make_bot(path, commits)
    refused_after_kill = 0
    window = collections.Counter()  # clicks left in the window by the kills: open in the journal, not saved
    async with simcord.run(bot, settle_timeout=60) as env:
        bot.tracked(bot.service)
        people, channels = await start_tables(env, games)
        playing = list(channels)
        while playing:
            if killer.kills < kills and killer.countdown is None and not killer.dead:
                killer.arm(rng.randint(1, 60))
            ch = rng.choice(playing)
            try:
                more = await play_random_step(env, bot, ch, people, rng)
            except Killed:
                more = True
            except Exception as e:  # a click the dead bot could not finish (e.g. a private panel gone)
                if not killer.dead:
                    raise
                more = True
                refused_after_kill += 1 if "Killed" not in repr(e) else 0
            if killer.dead:
                try:
                    await env.settle()
                except BaseException:  # the dead process's tasks end with Killed
                    pass
                bot.service.clicks.close()  # (the dead process writes nothing more)
                left = ClickJournal(path + "-clicks").start()  # what the next start finds open
                window["open"] += len(left)
                window["lost"] += len(await bot.service.unapplied(left))
                killer.revive()
                await bot.store.close()
                bot.store = None
                bot = make_bot(path, commits)
                await env.restart_bot(bot)
                bot.tracked(bot.service)
                await env.settle()
            if not more:
                playing.remove(ch)
        env_errors = [e for e in env.errors if not isinstance(e, Killed)]
        report = await verify(env, bot, channels, commits)
        report.update(window_open=window["open"], window_lost=window["lost"],
                      told=sum(1 for ch in channels for m in ch.history() if LOST in text(m)))
        await bot.store.close()
        bot.store = None
    report.update(kills=killer.kills, errors=len(env_errors))
    tmp.cleanup()
    return report


async def verify(env, bot, channels, commits) -> dict:
    store = bot.store
    lost = 0
    logged = {}
    for gid in {g for g, _ in commits}:
        logged[gid] = {r["seq"] + 1 for r in await store.actions(gid)}
    lost = sum(1 for gid, seq in commits if seq not in logged[gid])
    r = collections.Counter()
    for ch in channels:
        gid = (await store.game_ids_in_channel(ch.id))[-1]
        game = await store.game(gid)
        hist = ch.history()
        # every day's end and every day's start is shown once, alone or sharing an image
        images = [text(m) for m in hist if m.attachments and m.attachments[0].filename == "round.png"]
        shown = collections.Counter(x for c in images
                                    for x in re.findall(r"End of week \d, day \d|Week \d, day \d begins", c))
        r["images_expected"] += 40
        r["images_found"] += len(shown)
        r["images_duplicated"] += sum(n - 1 for n in shown.values())
        res = [m for m in hist if m.embeds and m.embeds[0].title == "Game over"]
        r["results_expected"] += 1
        r["results_found"] += len(res)
        r["live_panels_left"] += sum(1 for m in hist if m.components and m.embeds
                                     and (m.embeds[0].footer.text or "").startswith(f"Game {gid} · move"))
        r["pending_left"] += len(await store.pending(gid))
        rebuilt, _ = engine.replay(game.config, game.seed, await store.action_ids(gid))
        r["replay_mismatch"] += engine.to_json(rebuilt) != game.state_json
        r["over"] += game.status == "over"
    return {"committed": len(commits), "lost": lost, **r}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=5)
    ap.add_argument("--kills", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    r = asyncio.run(campaign(args.games, args.kills, args.seed))
    print(f"kill campaign: {args.games} games of 3 people, seed {args.seed}")
    print(f"kills: {r['kills']}; games over: {r['over']}/{args.games}")
    print(f"actions committed and answered: {r['committed']}; lost: {r['lost']}")
    print(f"day ends and starts shown in a table image: expected {r['images_expected']}, "
          f"found {r['images_found']}, duplicated {r['images_duplicated']}")
    print(f"results: expected {r['results_expected']}, found {r['results_found']}")
    print(f"live panels left after game over: {r['live_panels_left']}; "
          f"outbox items left: {r['pending_left']}")
    print(f"stored state != replay of the log: {r['replay_mismatch']}; unexpected errors: {r['errors']}")
    print(f"clicks left between acknowledgement and save by a kill: {r['window_open']}; saved after all: "
          f"{r['window_open'] - r['window_lost']}; not saved: {r['window_lost']}; messages telling their players: "
          f"{r['told']}")
    ok = (r["lost"] == 0 and r["images_found"] == r["images_expected"] and r["images_duplicated"] == 0
          and r["results_found"] == r["results_expected"] and r["replay_mismatch"] == 0
          and r["pending_left"] == 0 and r["over"] == args.games and (r["told"] > 0) == (r["window_lost"] > 0))
    print("OK" if ok else "PROBLEMS FOUND")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
