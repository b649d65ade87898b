"""Forged input through the real bot on SimCord: a modified client against live tables of every game.

For each registered game the run sets up a table in play (its panel, each player's private decision and
own things, the host's /play end and a player's /play leave confirmations, a leaderboard), an open lobby
and an ended game (its standings with Rematch). Then it sends component interactions made from our
templates (pd:/pm:/pds:/pdb:) with real and random parts: on the wrong message, by the wrong user (an
outsider, another player on someone's private message), of the wrong type, selects with repeated,
unknown, too many or no values, ids of other games, of no game, of old and far-off versions, page and
guild numbers past anything real. Then slash commands with options no client offers (values not among
a game's choices, timers that are no whole number, numbers past Discord's and the database's).

Each try is judged by what Discord would show and what the bot stores:
- a forged one (no message of that kind shown to that user carries that component with those values)
  is clean when it is answered, only privately (a message with text), and nothing changed: the games'
  rows, every message of the run (text, embeds, components) and the number of public messages;
- one that equals a real click (the same component on a message of the same kind the user sees: the
  random ids sometimes are) is clean when answered; what it does is that click's business;
- any unexpected error (bot.errors, a traceback logged by discord.py) fails the try.

    .venv/bin/python bench/forged.py --tries 150 --seed 1
"""

import argparse
import asyncio
import json
import logging
import random
import sys
import tempfile
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

import simcord  # noqa: E402
from simharness import CheapRenderer, carry, click_payload, forged_slash  # noqa: E402

from app.settings import Settings  # noqa: E402
from bot import GameBot  # noqa: E402
from engine import registry  # noqa: E402

EPHEMERAL = 64
PRIVATE_KINDS = ("decision", "mine")  # a private decision and one's own things: moves and picks live on both
BIG = (2 ** 63, 2 ** 53 + 1, 10 ** 30, -(2 ** 63) - 1)


@dataclass
class Shown:
    """A message of the run: its kind, its channel, and who alone sees it (None: public)."""
    id: int
    channel: int
    kind: str
    owner: int | None = None


@dataclass
class World:
    """One game's tables: the one in play, an open lobby, an ended one; and their messages."""
    key: str
    people: list = field(default_factory=list)  # ann (host), bob (player), eve (no seat)
    games: dict = field(default_factory=dict)   # "play" / "lobby" / "done": game id
    channels: dict = field(default_factory=dict)
    shown: list = field(default_factory=list)


class Caught(logging.Handler):
    """Tracebacks discord.py logs for a component it could not handle (no answer was given)."""

    def __init__(self):
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record):
        self.records.append(record)


def stored(env, channel_id: int, mid: int):
    try:
        return env.backend.get_message(channel_id, mid)
    except Exception:
        return None


def components_of(msg) -> list[dict]:
    out = []
    for row in getattr(msg, "components", None) or []:
        for c in row.get("components", []) if isinstance(row, dict) else []:
            out.append(c)
    return out


async def new_table(env, bot, guild, world: World, name: str, start: bool):
    ann, bob, _eve = world.people
    ch = guild.create_text_channel(f"{world.key}-{name}-{len(world.channels)}")
    res = await ann.slash(ch, f"play new {world.key}", where="channel", timer=0)
    lobby = res.response
    await bob.click(lobby, label="Join")
    if start:
        await ann.click(lobby, label="Start the game")
    await env.settle()
    game = await bot.store.open_game_in_channel(ch.id)
    return ch, game, lobby


async def build(env, bot, guild, world: World) -> None:
    """The tables of one game and the messages the tries aim at."""
    ann, bob, eve = world.people
    world.shown.clear()
    ch, game, lobby = await new_table(env, bot, guild, world, "play", start=True)
    world.channels["play"], world.games["play"] = ch, game.id
    world.shown.append(Shown(game.panel_message_id, ch.id, "panel"))
    world.shown.append(Shown(lobby.id, ch.id, "other"))  # the lobby of a game that started
    for person in (ann, bob):
        for verb, kind in ((":decide", "decision"), (":mine", "mine")):
            game = await bot.store.game(game.id)  # (the panel is edited as the game goes on)
            panel = env.backend.get_message(ch.id, game.panel_message_id)
            cid = next((c["custom_id"] for c in components_of(panel) if c.get("custom_id", "").endswith(verb)), None)
            if cid is None:
                continue
            res = await person.click(_as_message(env, ch, panel.id), custom_id=cid)
            last = ([res.response] if res.response else []) + list(res.followups)
            if last and last[-1].ephemeral:
                world.shown.append(Shown(last[-1].id, ch.id, kind, person.id))
    asked = (await ann.slash(ch, "play end")).response
    world.shown.append(Shown(asked.id, ch.id, "confirm", ann.id))
    asked = (await bob.slash(ch, "play leave")).response
    world.shown.append(Shown(asked.id, ch.id, "confirm", bob.id))
    board = (await eve.slash(ch, "play leaderboard")).response
    world.shown.append(Shown(board.id, ch.id, "board", eve.id))
    await env.advance_time(31)  # (/play new: two a person per 30 s)
    ch, game, lobby = await new_table(env, bot, guild, world, "lobby", start=False)
    world.channels["lobby"], world.games["lobby"] = ch, game.id
    world.shown.append(Shown(lobby.id, ch.id, "lobby"))
    ch, game, _lobby = await new_table(env, bot, guild, world, "done", start=True)
    world.channels["done"], world.games["done"] = ch, game.id
    res = await ann.slash(ch, "play end")
    await ann.click(res.response, label="Yes, end the game")
    await env.settle()
    for m in ch.history():
        if m.embeds and m.embeds[0].title == "Game ended":
            world.shown.append(Shown(m.id, ch.id, "after"))
    await env.advance_time(31)


def _as_message(env, ch, mid):
    from simharness import message
    return message(env, ch, mid)


async def snapshot(env, bot, worlds: list[World]) -> str:
    rows = []
    for w in worlds:
        for name, gid in sorted(w.games.items()):
            g = await bot.store.game(gid)
            rows.append([name, gid, g.status, g.seq, g.options, [(p.name, p.ai) for p in g.players],
                         g.panel_message_id, g.lobby_message_id])
        for s in w.shown:
            m = stored(env, s.channel, s.id)
            rows.append([s.id, None if m is None else (m.content, m.embeds, m.components)])
        for ch in w.channels.values():
            rows.append([ch.id, sum(1 for m in env.backend.messages.get(ch.id, {}).values()
                                    if not m.flags & EPHEMERAL)])
    return json.dumps(rows, default=str, sort_keys=True)


def genuine(env, worlds: list[World], target: Shown, actor, cid: str, ctype: int, values,
            kinds: tuple[str, ...] | None = None) -> bool:
    """Whether this is a click a real client could make: a message of the target's kind (or of `kinds`)
    that the actor sees carries this component (its type; disabled or not: a forged message can say it
    is enabled), and a select's values are distinct and among its options. A lobby's verb sent as a
    button is the same as that verb's option in the lobby's menu."""
    def same(kind):
        if kinds is not None:
            return kind in kinds
        return kind == target.kind or (kind in PRIVATE_KINDS and target.kind in PRIVATE_KINDS)
    if target.owner is not None and target.owner != actor.id:
        return False
    for w in worlds:
        for s in w.shown:
            if not same(s.kind) or (s.owner is not None and s.owner != actor.id):
                continue
            for c in components_of(stored(env, s.channel, s.id)):
                if s.kind == "lobby" and ctype == 2 and c.get("type") == 3 and cid.startswith(f"pd:{s_gid(c)}:0:") \
                        and "v:" + cid.split(":", 3)[3] in {o["value"] for o in c.get("options", [])}:
                    return True
                if c.get("custom_id") != cid or c.get("type") != ctype:
                    continue
                if ctype != 3:
                    return True
                offered = {o["value"] for o in c.get("options", [])}
                low, high = c.get("min_values", 1), c.get("max_values", 1)
                if len(set(values)) == len(values) and low <= len(values) <= high and set(values) <= offered:
                    return True
    return False


def s_gid(component: dict) -> str:
    """The game id a component's custom_id names ("pds:{gid}:..." -> gid)."""
    parts = str(component.get("custom_id", "")).split(":")
    return parts[1] if len(parts) > 1 else ""


def id_pool(env, bot, worlds: list[World], w: World, rng: random.Random, guild_id: int) -> list[str]:
    """Custom ids made from our templates, with parts real and forged."""
    gids = list(w.games.values()) + [other for x in worlds for other in x.games.values() if x is not w][:2] \
        + [999999999999999, 0]
    seen = []  # the ids on the run's messages
    for s in w.shown:
        seen += [c.get("custom_id") for c in components_of(stored(env, s.channel, s.id)) if c.get("custom_id")]
    game = registry.game(w.key)
    verbs = ["join", "leave", "start", "airemove", "decide", "mine", "board", "undo", "rematch", "review",
             "endok", "endno", "quitok", "quitno", "k:x", "k:mode:draw", "k:block:AS", "wagon", "aieasy", "nope",
             "timer:600", "timer:5", "timer:99999999", "timer:", "opt:x:y", "opt:", "1:nothing"]
    verbs += [f"ai:{lv}" for lv in game.ai_levels] + ["ai:nope"]
    for o in game.options:
        verbs += [f"opt:{o.key}:{c.value}" for c in o.choices] + [f"opt:{o.key}:AAB"]
    out = list(seen)
    for _ in range(60):
        gid = rng.choice(gids)
        ver = rng.choice([0, 1, 2, 5, 999999999])
        kind = rng.random()
        if kind < 0.45:
            out.append(f"pd:{gid}:{ver}:{rng.choice(verbs)}")
        elif kind < 0.7:
            seat = rng.choice([0, 1, 2, 9])
            out.append(f"pm:{gid}:{ver}:{rng.choice([f'{seat}:take:blue:wood', f'{seat}:pass', f'{seat}@x/y', 'zz'])}")
        elif kind < 0.9:
            out.append(f"pds:{gid}:{ver}:{rng.choice([0, 1, 2, 3, 99])}")
        else:
            g = rng.choice([guild_id, guild_id + 1, 99999999999999999999])
            out.append(f"pdb:{g}:{rng.choice([0, 1, 999999])}:{rng.choice('pn')}"
                       + rng.choice(["", f":{w.key}", ":nope"]))
    return out


def values_for(env, w: World, rng: random.Random) -> list[str]:
    """A select's values: real ones repeated, unknown ones, none, too many."""
    real = []
    for s in w.shown:
        for c in components_of(stored(env, s.channel, s.id)):
            real += [o["value"] for o in c.get("options", [])]
    real = real or ["m:0:pass"]
    pick = rng.random()
    if pick < 0.3:
        return [rng.choice(real)] * rng.choice([2, 25])
    if pick < 0.5:
        return [rng.choice(["m:0:nothing", "v:nope", "k:zz", "v:timer:5", "x" * 100, "m:9@a/b"])]
    if pick < 0.6:
        return []
    if pick < 0.7:
        return [f"k:{i}" for i in range(26)]
    if pick < 0.85:
        return rng.sample(real, min(len(real), rng.choice([2, 3])))
    return [rng.choice(real)]


async def settled(env) -> str | None:
    """Lets the bot finish; why not clean if one of its tasks raised (discord.py's own, before our code)."""
    try:
        await env.settle()
        return None
    except Exception as e:
        return f"the bot's task raised {type(e).__name__}"


def judged(env, rec, forged: bool, before: str, after: str, errors: int) -> str | None:
    """None if clean, else why not."""
    if errors:
        return "an unexpected error"
    if not rec.responded:
        return "no answer"
    if not forged:
        return None
    shown = [stored(env, rec.channel_id, mid) for mid in list(rec.followup_ids)
             + ([rec.message_id] if rec.message_id and rec.message_id != rec.source_message_id else [])]
    if not shown or any(m is None or not (m.flags or 0) & EPHEMERAL for m in shown):
        return "not answered privately"
    if not any((m.content or m.embeds) for m in shown):
        return "an empty answer"
    if before != after:
        return "something changed"
    return None


async def component_tries(env, bot, guild, worlds, w: World, tries: int, rng, caught, tally, failures) -> None:
    pool = id_pool(env, bot, worlds, w, rng, guild.id)
    for _ in range(tries):
        target = rng.choice(w.shown)
        if stored(env, target.channel, target.id) is None:
            continue
        people = w.people
        actor = next((p for p in people if p.id == target.owner), None) if target.owner and rng.random() < 0.7 \
            else rng.choice(people)
        actor = actor or rng.choice(people)
        cid = rng.choice(pool)
        natural = 3 if cid.startswith("pds:") else 2
        ctype = natural if rng.random() < 0.75 else rng.choice([t for t in (2, 3, 5) if t != natural])
        values = values_for(env, w, rng) if ctype in (3, 5) else None
        as_is = rng.random() < 0.15  # the message as it is: our id it does not carry
        real = genuine(env, worlds, target, actor, cid, ctype, values or [])
        # a move (or Undo) the actor is offered, on the panel or privately, sent from the panel or from one of
        # their own private messages, is their move: what it does is that move's business
        own_move = not real and (target.kind == "panel" or target.owner == actor.id) and genuine(
            env, worlds, target, actor, cid, ctype, values or [], kinds=("panel", *PRIVATE_KINDS)) and (
            cid.startswith("pm:") or cid.endswith(":undo") or all(v.startswith("m:") for v in values or ["-"]))
        # a pick ("k:"), on one's own private decision or own things, shows one's own decision again: nobody
        # else sees anything, nothing is played (picks are the decision's navigation, each game's own)
        own_pick = not real and not own_move and target.kind in PRIVATE_KINDS and target.owner == actor.id and (
            cid.split(":")[3:4] == ["k"] if ctype == 2 else all(v.startswith("k:") for v in values or []))
        real = real or own_move or own_pick
        before = await snapshot(env, bot, worlds)
        errors = len(bot.errors) + len(caught.records)
        ch = next(c for c in w.channels.values() if c.id == target.channel)
        msg = _as_message(env, ch, target.id)
        rec, payload = click_payload(env, actor, msg, cid, values)
        payload["data"]["component_type"] = ctype
        if not as_is:
            payload["message"] = carry(payload["message"], cid, ctype, values or ())
        env.backend.emit("INTERACTION_CREATE", payload)
        raised = await settled(env)
        after = await snapshot(env, bot, worlds)
        why = raised or judged(env, rec, not real, before, after, len(bot.errors) + len(caught.records) - errors)
        tally[(w.key, "components")][why is None] += 1
        tally[("by id", "own move elsewhere" if own_move else "own pick" if own_pick else "a real click" if real
               else cid.split(":")[0] + ":")][why is None] += 1
        tally[("on", target.kind)][why is None] += 1
        if why:
            failures.append(f"{w.key}: {cid} as type {ctype} {values if values is not None else ''} on "
                            f"{target.kind} by {actor.name}: {why}")
        if real and before != after:  # a real click changed the tables: the tries go on with fresh ones
            await build(env, bot, guild, w)
            pool = id_pool(env, bot, worlds, w, rng, guild.id)


async def slash_tries(env, bot, guild, w: World, tally, failures) -> None:
    ann, bob, eve = w.people
    game = registry.game(w.key)
    empty = guild.create_text_channel(f"{w.key}-empty")
    tries: list[tuple[str, dict]] = []
    for o in game.options:
        tries += [(f"play new {w.key}", {o.label: v}) for v in ("AAB", "", 5, True, ["A", "B"], "x" * 200)]
    tries += [(f"play new {w.key}", {"timer": t}) for t in (False, True, 600.0, -1, 7, "soon", *BIG)]
    tries += [(f"play new {w.key}", {"language": v}) for v in ("xx", 5)]
    for cmd, opt in (("play replay", "number"), ("play review", "number")):
        tries += [(cmd, {opt: n}) for n in (*BIG, 0, -1, "abc", 1.5, True)]
    if game.legacy.command:
        tries += [(f"{game.legacy.command} replay", {"game": n}) for n in BIG]
    tries += [("play log", {"count": n}) for n in (*BIG, 0, "x", True)]
    tries += [("play stats", {"player": n}) for n in (12345, 2 ** 64, "x")]  # no such user
    for cmd, options in tries:
        await env.advance_time(61)  # (the commands' cooldowns)
        errors = len(bot.errors)
        try:
            res = await forged_slash(eve, empty, cmd, **options)
            text = " ".join(m.content or "" for m in ([res.response] if res.response else []) + list(res.followups)
                            if m.ephemeral)
            raised = None
        except Exception as e:  # a task of the bot's raised (SimCord reports it when it settles)
            text, raised = "", f"the bot's task raised {type(e).__name__}"
            await settled(env)
        opened = await bot.store.open_game_in_channel(empty.id)
        why = raised or ("an unexpected error" if len(bot.errors) > errors else "a table was opened" if opened
                         else "not answered privately" if not text else None)
        tally[(w.key, "slash options")][why is None] += 1
        tally[("by command", "/" + " ".join(cmd.split()[:2]))][why is None] += 1
        if why:
            failures.append(f"{w.key}: /{cmd} {options}: {why}")
        if opened:
            await bot.service.end(opened.id, eve.id, "bench")


async def run(tries: int, seed: int) -> int:
    rng = random.Random(seed)
    tmp = tempfile.TemporaryDirectory()
    settings = Settings(database_url=f"sqlite:///{tmp.name}/data/forged.sqlite3", new_database=True, sync=True,
                        render_processes=0, ai_processes=0, ai_pause=0.0)
    bot = GameBot(settings, renderer=CheapRenderer())
    caught = Caught()
    logging.getLogger("discord").addHandler(caught)
    tally: dict = defaultdict(Counter)
    failures: list[str] = []
    worlds: list[World] = []
    try:
        async with simcord.run(bot, settle_timeout=120) as env:
            try:
                guild = env.create_guild()
                people = [guild.add_member(env.create_user(n)) for n in ("ann", "bob", "eve")]
                worlds = [World(g.key, people) for g in registry.games()]
                for w in worlds:
                    await build(env, bot, guild, w)
                for w in worlds:
                    await component_tries(env, bot, guild, worlds, w, tries, rng, caught, tally, failures)
                    env.backend.transcript.clear()
                for w in worlds:
                    await slash_tries(env, bot, guild, w, tally, failures)
            finally:  # (an open store's thread would keep the process alive)
                bot.ai.stop()
                await bot.store.close()
                bot.store = None
    except Exception as e:  # SimCord reports the bot's tasks that raised when the run closes
        failures.append(f"the run closed with {type(e).__name__}: {e}")
    tmp.cleanup()
    print(f"forged input, seed {seed}, {tries} component tries per game; games: "
          + ", ".join(w.key for w in worlds))
    print(f"{'':<34} {'tried':>6} {'clean':>6} {'failed':>6}")
    games = {w.key for w in worlds}
    for (who, what), c in sorted(tally.items(), key=lambda kv: (kv[0][0] not in games, kv[0])):
        print(f"{who + ' · ' + what:<34} {c[True] + c[False]:>6} {c[True]:>6} {c[False]:>6}")
    total: Counter = Counter()
    for (who, _what), c in tally.items():
        if who in games:
            total.update(c)
    print(f"{'TOTAL':<34} {total[True] + total[False]:>6} {total[True]:>6} {total[False]:>6}")
    for f in failures[:40]:
        print("  FAILED", f)
    return 1 if total[False] or failures else 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tries", type=int, default=150, help="component tries per game")
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args(argv)
    return asyncio.run(run(a.tries, a.seed))


if __name__ == "__main__":
    sys.exit(main())
