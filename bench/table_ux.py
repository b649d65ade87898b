"""How each game's table feels to players on Discord (issue 38, "Done when"), measured by playing whole games
through the real bot in SimCord, for every installed game.

    .venv/bin/python bench/table_ux.py [--games 2] [--seed 1] [--game KEY] [--think 20] [--stub-pictures]

Runs on the tree of the CURRENT WORKING DIRECTORY (its folder goes first on sys.path, the script's own folder
is taken off it), so that one copy of this file measures two versions of the bot:

    cd /work/wt/uxbench && .venv/bin/python bench/table_ux.py --games 1
    cp bench/table_ux.py /tmp/table_ux.py && cd /work/wt/base && .venv/bin/python /tmp/table_ux.py --games 1

Configurations per game (read from its descriptor's `players` and from the lobby's buttons): "2 people";
"1 person + AI" (the lobby's first "Add AI (...)" button, pressed until the game's fewest seats are
filled, at least once) where the lobby offers AIs; "solo" (one person alone) where the game allows one
player. Each game is a fresh bot (a temporary SQLite database, turn timer off, AI_PAUSE 0, AI and pictures
in threads of this one process: no worker processes) on a fresh SimCord; `/play new <key> timer:off` with
every other option left to its default (in a tree whose /play new has `where`, its default: a thread).
The games' seeds come from --seed: `secrets.randbits`, which the host draws a new game's seed from, is
replaced by a seeded generator for the run, so both trees deal the same first game.

The simulated person is generic: it reads only what Discord shows (the stored messages' components in
SimCord's backend), never the game's engine. Who must decide is read from the store's game row and the
game's rules through the registry (`registry.game(row.game).rules.deciders(row.state)`, the same in both
trees), so only the person who must act clicks: no "not your turn" click is ever sent. That person,
before each click, thinks `--think` seconds of virtual time (`env.advance_time`), then:
  1. uses their open private decision if they have one: their newest ephemeral message from the bot that
     carries move controls of this game (one that was just refused unchanged is set aside);
  2. else the public panel's move controls, if it offers any;
  3. else presses the panel's "Decide…" button and goes on with the private message it opens (several
     steps: picks, a select, a confirm), until the game's `seq` grows (the action is accepted) or
     MAX_CLICKS clicks were spent (a failure, reported).
Which controls are moves (ui/components.py and ui/messages.py, the same custom ids in both trees):
  - `pm:{game}:{version}:{move}` buttons: a move;
  - `pd:{game}:{version}:{act}` buttons: a move when `act` is an engine action id ("0:take:…", older
    panels: it starts with a digit), a pick leading to a move when it starts with "k:"; every other act is
    the host's (decide, mine, board, undo, help, join, leave, start, ai:…, rematch, review, end…);
  - `pds:{game}:{version}:{n}` selects: options "m:{move}" or a bare action id are moves, "k:{item}" picks;
    "v:{verb}" options are the host's (the timer, the lobby's options).
  Among the moves offered, the person takes a highlighted one (a primary or success button, or a select's
  move option) four times in five when there is one, else any (Pass, Back, Another start, a secondary
  choice, a multi-select of picks with a random number of values between its bounds); seeded rng.
Counted:
  - a decision: one accepted action by a person (the row's `seq` grew after their click); its clicks: the
    interactions they sent since their previous accepted action (panel moves, Decide, picks, selects,
    refused stale clicks included). An action the bot makes for them (a forced choice) is no decision;
  - public messages left in the channel at the end (lobby and results included), and in every thread
    whose parent is the channel (no thread in a tree without them: 0);
  - private decisions shown: every distinct state (message, its components, attachments, edit time) of an
    ephemeral message of the game's that carries move controls, seen after each click; "without picture":
    no attachment, no embed image or thumbnail, no V2 media gallery or thumbnail;
  - pings: every message the bot posts (seen as SimCord announces its MESSAGE_CREATE, so one deleted later
    counts) that notifies a seated person: a `<@id>` in its content or a V2 text display that the message's
    allowed mentions let through (a panel that names "<@id>, it's your turn" with mentions off is no ping;
    such mentions are counted apart, "mentions_per_game" in the JSON). Per person per hour of play beyond
    each person's first: sum over persons of max(0, their pings - 1) / person-hours of virtual play (from
    Start to the end). Target <= 1;
  - the virtual duration of play, and the kilobytes of pictures left in the channel and its threads.
Where the two trees differ, the script adapts: both have `/play new <key>` (the command is looked for by
that name, the lobby found by its Join button's custom id wherever it was posted); embeds or Components V2
(components are walked however nested, text read from content, embeds and V2 text displays); a thread or
not (every channel whose parent is the game's channel is scanned for the lobby, the panel, private messages
and messages left; the panel is the row's `panel_message_id`, wherever it is). /work/wt/base (before V2) and
this tree at the time of writing have no thread and no `where` option: the default is used.
Limits: the person chooses at random among the highlighted moves, not like a good player; a decision the
bot refuses unchanged repeatedly ends as a failure after MAX_CLICKS; the hour of play is virtual time (the
think time of the person's clicks, AIs without pause, pictures drawn in no virtual time)."""

import argparse
import asyncio
import json
import random
import re
import secrets
import statistics
import struct
import sys
import tempfile
import time
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = Path.cwd().resolve()
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != HERE]  # (bench/bot.py would shadow bot.py)
sys.path.insert(0, str(ROOT))

import simcord  # noqa: E402
from simcord.results import to_discord_message  # noqa: E402

from bot import GameBot, Settings  # noqa: E402
from engine import registry  # noqa: E402

MAX_CLICKS = 30          # clicks one decision may take before it counts as a failure
MAX_DECISIONS = 3000     # decisions per game before it is left unfinished
TRACE = False            # --trace: every decision's clicks
STUCK_WAITS = 6          # waits (5 s of virtual time each) for the bot when no person has a decision
TARGETS = {"channel": "<=3", "median": "1", "p90": "<=2", "nopic": "0", "pings_ph": "<=1"}
ID = re.compile(r"^(pm|pd|pds):(\d+):(\d+):(.*)$")
MENTION = re.compile(r"<@!?(\d+)>")


def tiny_png() -> bytes:
    """A valid 1x1 PNG (tests/simharness.py's)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(b"\x00\x80\x60\x40")) + chunk(b"IEND", b""))


class TinyPictures:
    """--stub-pictures: every picture of every game (by name) is a 1x1 PNG, as tests/simharness.py does."""

    png = tiny_png()

    def __getattr__(self, name):
        def draw(*args, **kwargs):
            return self.png
        return draw


# ---- what Discord shows ------------------------------------------------------------------------------

def walk(components: list) -> list[dict]:
    """Every component of a stored message, however nested (action rows, V2 containers, sections)."""
    out: list[dict] = []
    todo = list(components or [])
    while todo:
        c = todo.pop(0)
        if not isinstance(c, dict):
            continue
        out.append(c)
        todo[:0] = list(c.get("components") or []) + ([c["accessory"]] if c.get("accessory") else [])
    return out


def has_picture(m) -> bool:
    """An attachment, an embed image or thumbnail, or a V2 media gallery or thumbnail."""
    if m.attachments:
        return True
    if any((e.get("image") or e.get("thumbnail")) for e in m.embeds or []):
        return True
    return any(c.get("type") in (11, 12) for c in walk(m.components))


def text_of(m) -> str:
    """What a message says: its content, embeds, V2 text displays."""
    bits = [m.content or ""]
    for e in m.embeds or []:
        bits += [e.get("title") or "", e.get("description") or ""]
        bits += [f"{f.get('name')}: {f.get('value')}" for f in e.get("fields") or []]
    bits += [c.get("content") or "" for c in walk(m.components) if c.get("type") == 10]
    return " ".join(" ".join(b.split()) for b in bits if b).strip()


@dataclass
class Control:
    custom_id: str
    label: str
    values: list[str] | None   # a select's values (None: a button)
    highlighted: bool
    kind: str                  # "move" | "pick"


def move_kind(act: str) -> str | None:
    """What a pd: act or a select value is: "move", "pick", or None (the host's)."""
    if act.startswith("m:") or act[:1].isdigit():
        return "move"
    if act.startswith("k:"):
        return "pick"
    return None


def controls(m, gid: int, rnd: random.Random) -> list[Control]:
    """The move controls of game `gid` a message offers (each select option its own, a multi-select of
    picks one control with random values)."""
    out: list[Control] = []
    for c in walk(m.components):
        cid = c.get("custom_id") or ""
        hit = ID.match(cid)
        if not hit or int(hit[2]) != gid or c.get("disabled"):
            continue
        if c.get("type") == 2:
            kind = "move" if hit[1] == "pm" else move_kind(hit[4])
            if kind:
                out.append(Control(cid, c.get("label") or c.get("emoji", {}).get("name") or "?", None,
                                   c.get("style") in (1, 3), kind))
        elif c.get("type") == 3:
            opts = [(o.get("label") or "?", o["value"]) for o in c.get("options") or []]
            moves = [(lab, v) for lab, v in opts if move_kind(v) == "move"]
            picks = [(lab, v) for lab, v in opts if move_kind(v) == "pick"]
            low, high = c.get("min_values", 1), c.get("max_values", 1)
            out += [Control(cid, lab, [v], True, "move") for lab, v in moves if low <= 1 <= high]
            if picks:
                n = rnd.randint(max(1, low), max(1, min(high, len(picks))))
                chosen = rnd.sample(picks, n)
                out.append(Control(cid, "; ".join(lab for lab, _v in chosen), [v for _lab, v in chosen],
                                   False, "pick"))
    return out


def decide_button(m, gid: int) -> dict | None:
    for c in walk(m.components):
        hit = ID.match(c.get("custom_id") or "")
        if c.get("type") == 2 and hit and int(hit[2]) == gid and not c.get("disabled") and \
                ((c.get("label") or "").startswith("Decide") or hit[4] == "decide"):
            return c
    return None


def choose(offered: list[Control], rnd: random.Random) -> Control:
    bright = [c for c in offered if c.highlighted]
    return rnd.choice(bright if bright and rnd.random() < 0.8 else offered)


def fingerprint(m) -> tuple:
    return (m.id, m.edited_timestamp, json.dumps(m.components, sort_keys=True, default=str),
            len(m.attachments or []))


# ---- one game ----------------------------------------------------------------------------------------

@dataclass
class Played:
    finished: bool = False
    status: str = ""
    decisions: list[int] = field(default_factory=list)   # clicks of each decision
    failures: int = 0
    channel_msgs: int = 0
    thread_msgs: int = 0
    threads: int = 0
    shown: int = 0
    nopic: int = 0
    nopic_example: str = ""
    pings: dict[int, int] = field(default_factory=dict)   # person -> messages that pinged them
    ping_messages: int = 0
    picture_bytes: int = 0
    mention_messages: int = 0
    persons: int = 0
    seconds: float = 0.0
    wall: float = 0.0
    worst: tuple[int, list[str]] = (0, [])
    errors: list[str] = field(default_factory=list)
    note: str = ""
    ai_button: str = ""


class Table:
    """One game on one SimCord: the channel, its threads, the people, what was seen."""

    def __init__(self, env, bot, channel, people, rnd: random.Random):
        self.env, self.bot, self.channel, self.people, self.rnd = env, bot, channel, people, rnd
        self.by_id = {p.id: p for p in people}
        self.gid = 0
        self.seen: set[tuple] = set()
        self.refused: set[tuple] = set()
        self.out = Played()

    @property
    def backend(self):
        return self.env.backend

    def channel_ids(self) -> list[int]:
        """The game's channel and every thread opened on it."""
        return [self.channel.id] + [c.id for c in self.backend.channels.values()
                                    if getattr(c, "parent_id", None) == self.channel.id]

    def stored(self) -> list:
        return [m for cid in self.channel_ids() for m in self.backend.messages.get(cid, {}).values()]

    def find(self, message_id: int | None):
        if message_id is None:
            return None
        for cid in self.channel_ids():
            m = self.backend.messages.get(cid, {}).get(message_id)
            if m is not None:
                return m
        return None

    def bot_id(self) -> int:
        return self.backend.bot_user.id

    def private_of(self, user_id: int) -> list:
        """The bot's ephemeral messages `user_id` sees that carry move controls of this game, newest first."""
        mine = [m for m in self.stored() if m.is_ephemeral and m.author_id == self.bot_id()
                and m.visible_to(user_id) and controls(m, self.gid, random.Random(0))]
        return sorted(mine, key=lambda m: (m.edited_timestamp or m.timestamp or "", m.id), reverse=True)

    def look(self) -> None:
        """Every private decision shown since the last look (after every click: edits included)."""
        for m in self.stored():
            if not m.is_ephemeral or m.author_id != self.bot_id() or not controls(m, self.gid, random.Random(0)):
                continue
            fp = fingerprint(m)
            if fp in self.seen:
                continue
            self.seen.add(fp)
            self.out.shown += 1
            if not has_picture(m):
                self.out.nopic += 1
                if not self.out.nopic_example:
                    self.out.nopic_example = text_of(m)[:160]

    async def click(self, person, m, c: Control | dict):
        msg = to_discord_message(self.env, m)
        if isinstance(c, dict):
            return await person.click(msg, custom_id=c["custom_id"])
        if c.values is None:
            return await person.click(msg, custom_id=c.custom_id)
        return await person.select(msg, c.values, custom_id=c.custom_id)

    def answer(self, res) -> str:
        """What the bot answered a click: its response and follow-ups, as stored."""
        ids = ([res.response.id] if res.response is not None else []) + [f.id for f in res.followups]
        return " | ".join(text_of(m) for m in (self.find(i) for i in ids) if m is not None)

    async def row(self):
        return await self.bot.store.game(self.gid)

    # -- the lobby
    async def open(self, key: str, people: list, ais: int) -> str:
        """/play new, Join, Add AI, Start; "" once playing, else why not."""
        host = people[0]
        res = await host.slash(self.channel, f"play new {key}", timer=0)
        lobby = None
        for m in sorted(self.stored(), key=lambda m: m.id, reverse=True):
            if m.author_id == self.bot_id() and not m.is_ephemeral and any(
                    re.match(r"pd:\d+:0:join$", c.get("custom_id") or "") for c in walk(m.components)):
                lobby = m
                break
        if lobby is None:
            said = res.response.content if res.response is not None else ""
            return f"no lobby after /play new ({said[:100]!r})"
        self.gid = int(next(ID.match(c["custom_id"])[2] for c in walk(lobby.components)  # type: ignore[index]
                            if ID.match(c.get("custom_id") or "")))

        def button(suffix: str):
            m = self.find(lobby.id)
            return m, next((c for c in walk(m.components) if re.match(rf"pd:{self.gid}:0:{suffix}$",
                                                                       c.get("custom_id") or "")), None)
        for p in people[1:]:
            m, c = button("join")
            await self.click(p, m, c)
        for _ in range(ais):
            m, c = button(r"ai:\S+")
            if c is None:
                return "no Add AI button"
            self.out.ai_button = c.get("label") or ""
            await self.click(host, m, c)
        m, c = button("start")
        res = await self.click(host, m, c)
        row = await self.row()
        if row is None or row.status != "active":
            return f"the lobby did not start ({row.status if row else 'no game'})"
        return ""

    # -- play
    async def decision(self, person, seat: int) -> bool:
        """One decision of `person` (at `seat`), to its accepted action; False: a failure."""
        start = (await self.row()).seq
        trail: list[str] = []
        clicks = 0
        waited = 0
        while clicks < MAX_CLICKS:
            row = await self.row()
            if row.seq != start or row.status != "active":
                break
            seats = registry.game(row.game).rules.deciders(row.state)
            if seat not in seats:  # (played for them, or the game moved on)
                return True
            target: tuple[Any, Control | dict, str] | None = None
            for m in self.private_of(person.id):
                if fingerprint(m) not in self.refused:
                    offered = controls(m, self.gid, self.rnd)
                    target = (m, choose(offered, self.rnd), "private")
                    break
            panel = self.find(row.panel_message_id)
            if target is None and panel is not None:
                offered = controls(panel, self.gid, self.rnd)
                if offered:
                    target = (panel, choose(offered, self.rnd), "panel")
                elif (d := decide_button(panel, self.gid)) is not None:
                    target = (panel, d, "panel")
            if target is None:
                if waited >= 3:
                    trail.append("(nothing to press)")
                    break
                waited += 1
                await self.env.advance_time(5)
                continue
            m, c, where = target
            before = fingerprint(m)
            if self.think > 0:
                await self.env.advance_time(self.think)
            res = await self.click(person, m, c)
            clicks += 1
            label = c["label"] if isinstance(c, dict) else c.label
            trail.append(f"{where}: {label}")
            self.look()
            after = await self.row()
            if after.seq == start and where == "private":
                now = self.find(m.id)
                if now is not None and fingerprint(now) == before:  # refused, the message left as it was
                    self.refused.add(before)
                    trail.append(f"(refused: {self.answer(res)[:100]})")
        row = await self.row()
        if row.seq == start and row.status == "active":
            self.out.failures += 1
            if not self.out.errors:
                self.out.errors.append(f"a decision of seat {seat} not accepted after {clicks} clicks: "
                                       + " | ".join(trail[-6:]))
            return False
        self.out.decisions.append(clicks)
        if TRACE:
            print(f"    {person.name} seat {seat}: {clicks} click(s): " + " → ".join(trail), flush=True)
        if clicks > self.out.worst[0]:
            self.out.worst = (clicks, trail)
        return True

    async def play(self, think: float) -> None:
        self.think = think
        t0 = self.env.now()
        failures_in_row = 0
        stuck = 0
        while len(self.out.decisions) < MAX_DECISIONS:
            row = await self.row()
            if row is None or row.status != "active":
                break
            seats = registry.game(row.game).rules.deciders(row.state)
            persons = [s for s in seats if row.user_at(s) in self.by_id]
            if not persons:
                stuck += 1
                if stuck > STUCK_WAITS:
                    self.out.note = f"no person to decide at seq {row.seq} (deciders {seats})"
                    break
                await self.env.advance_time(5)
                continue
            stuck = 0
            seat = self.rnd.choice(persons)
            ok = await self.decision(self.by_id[row.user_at(seat)], seat)
            failures_in_row = 0 if ok else failures_in_row + 1
            if failures_in_row >= 3:
                self.out.note = "three failed decisions in a row: left"
                break
        row = await self.row()
        self.out.status = row.status if row else "?"
        self.out.finished = self.out.status == "over"
        self.out.seconds = (self.env.now() - t0).total_seconds()

    def listen(self) -> None:
        """Every message the bot posts, as it is posted (so that one deleted later still counts): the people it
        pings (a mention in its content or a V2 text display that its allowed mentions let through) and those
        it mentions at all."""
        def heard(event: str, payload) -> None:
            if event != "MESSAGE_CREATE" or str((payload.get("author") or {}).get("id")) != str(self.bot_id()):
                return
            m = self.backend.messages.get(int(payload["channel_id"]), {}).get(int(payload["id"]))
            if m is None or m.is_ephemeral:
                return
            said = " ".join([m.content or ""] + [c.get("content") or "" for c in walk(m.components)
                                                 if c.get("type") == 10])
            named = {int(u) for u in MENTION.findall(said)} & set(self.by_id)
            pinged = {u for u in named if m.allowed_mentions.allows_user(u)} | (set(m.ping_user_ids) & set(self.by_id))
            self.posted.append((pinged, named))
        self.posted: list[tuple[set[int], set[int]]] = []
        self.backend.subscribers.append(heard)

    def count(self) -> None:
        ids = self.channel_ids()
        self.out.channel_msgs = sum(1 for m in self.backend.messages.get(ids[0], {}).values() if not m.is_ephemeral)
        self.out.thread_msgs = sum(1 for cid in ids[1:] for m in self.backend.messages.get(cid, {}).values()
                                   if not m.is_ephemeral)
        self.out.threads = len(ids) - 1
        left = [m for cid in ids for m in self.backend.messages.get(cid, {}).values() if not m.is_ephemeral]
        self.out.picture_bytes = sum(a.get("size") or 0 for m in left for a in m.attachments)
        self.out.pings = {p.id: sum(p.id in pinged for pinged, _named in self.posted) for p in self.people}
        self.out.ping_messages = sum(1 for pinged, _named in self.posted if pinged)
        self.out.mention_messages = sum(1 for _pinged, named in self.posted if named)
        self.out.persons = len(self.people)


async def one_game(key: str, config: str, people_n: int, ais: int, seed: int, think: float,
                   stub: bool) -> Played:
    rnd = random.Random(f"{seed}:{key}:{config}")
    deals = random.Random(seed)
    secrets.randbits = deals.getrandbits  # type: ignore[assignment]  # the game's seed: the same in both trees
    tmp = tempfile.TemporaryDirectory()
    path = f"{tmp.name}/ux.sqlite3"
    chosen: dict[str, Any] = {"database_url": path, "database_path": path, "new_database": True, "sync": True,
                              "ai_processes": 0, "ai_pause": 0, "render_processes": 0}
    settings = Settings(**chosen)
    bot = GameBot(settings, renderer=TinyPictures() if stub else None)
    t0 = time.perf_counter()
    out = Played()
    try:
        async with simcord.run(bot, settle_timeout=600, check_errors=False) as env:
            guild = env.create_guild()
            people = [guild.add_member(env.create_user(n)) for n in ("ann", "bob", "cy", "dee")[:people_n]]
            channel = guild.create_text_channel("table")
            table = Table(env, bot, channel, people, rnd)
            table.listen()
            why = await table.open(key, people, ais)
            out = table.out
            if why:
                out.note = why
            else:
                await table.play(think)
            table.count()
            out.errors += [repr(e)[:200] for e in env.errors[:3]] + [repr(e)[:200] for e in list(bot.errors)[:3]]
            await bot.store.close()
    except Exception as e:  # (a bench: say it, go on with the next game)
        out.note = out.note or f"stopped: {e!r}"[:300]
    finally:
        tmp.cleanup()
    out.wall = time.perf_counter() - t0
    return out


# ---- the report --------------------------------------------------------------------------------------

def pct(xs: list[int], p: float) -> float:
    xs = sorted(xs)
    return float(xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]) if xs else float("nan")


def configurations(game) -> list[tuple[str, int, int]]:
    """(name, people, AI seats) the game allows; AI seats are checked against the lobby when played."""
    low, high = game.players
    out = []
    if high >= 2 and low <= 2:
        out.append(("2 people", 2, 0))
    out.append(("1 person + AI", 1, max(1, low - 1)))
    if low <= 1:
        out.append(("solo", 1, 0))
    return out


def summary(key: str, config: str, games: list[Played]) -> dict:
    clicks = [c for g in games for c in g.decisions]
    hours = sum(g.seconds for g in games) / 3600
    person_hours = sum(g.persons * g.seconds for g in games) / 3600
    extra = sum(max(0, n - 1) for g in games for n in g.pings.values())
    n = max(1, len(games))
    worst = max((g.worst for g in games), key=lambda w: w[0], default=(0, []))
    return {
        "game": key, "config": config, "played": len(games), "finished": sum(g.finished for g in games),
        "decisions": len(clicks), "clicks": sum(clicks), "failures": sum(g.failures for g in games),
        "clicks_median": float(statistics.median(clicks)) if clicks else None,
        "clicks_p90": pct(clicks, 90) if clicks else None,
        "clicks_max": max(clicks) if clicks else None,
        "channel_msgs": round(sum(g.channel_msgs for g in games) / n, 1),
        "thread_msgs": round(sum(g.thread_msgs for g in games) / n, 1),
        "picture_kb_left": round(sum(g.picture_bytes for g in games) / n / 1000),
        "private_shown": sum(g.shown for g in games), "private_no_picture": sum(g.nopic for g in games),
        "pings_per_game": round(sum(g.ping_messages for g in games) / n, 1),
        "mentions_per_game": round(sum(g.mention_messages for g in games) / n, 1),
        "pings_per_person_hour": round(extra / person_hours, 2) if person_hours else None,
        "virtual_hours": round(hours, 2), "wall_s": round(sum(g.wall for g in games), 1),
        "ai_button": next((g.ai_button for g in games if g.ai_button), None),
        "notes": sorted({g.note for g in games if g.note}),
        "errors": [e for g in games for e in g.errors][:3],
        "worst": {"clicks": worst[0], "trail": worst[1][-12:]},
        "no_picture_example": next((g.nopic_example for g in games if g.nopic_example), ""),
    }


def fmt(v, spec: str = "") -> str:
    return "-" if v is None else format(v, spec)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=2, help="games per configuration (default 2)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--game", help="only this game (its key)")
    ap.add_argument("--think", type=float, default=20.0, help="virtual seconds a person thinks before each click")
    ap.add_argument("--stub-pictures", action="store_true", help="a 1x1 PNG for every picture (faster)")
    ap.add_argument("--trace", action="store_true", help="print every decision's clicks")
    args = ap.parse_args(argv)
    global TRACE
    TRACE = args.trace
    games = [g for g in registry.games() if args.game in (None, g.key)]
    if not games:
        print(f"no game {args.game!r}: {', '.join(g.key for g in registry.games())}")
        return 2
    print(f"table UX in {ROOT}: {args.games} game(s) per configuration, seeds {args.seed}.., think "
          f"{args.think:g} s per click, pictures {'stubbed' if args.stub_pictures else 'real'}")
    rows = []
    for game in games:
        for config, people, ais in configurations(game):
            played = [asyncio.run(one_game(game.key, config, people, ais, args.seed + i, args.think,
                                           args.stub_pictures)) for i in range(args.games)]
            s = summary(game.key, config, played)
            rows.append(s)
            if not s["decisions"] and s["notes"]:
                print(f"  {game.key} / {config}: skipped: {'; '.join(s['notes'])}", flush=True)
            else:
                print(f"  {game.key} / {config}: {s['finished']}/{s['played']} finished, {s['decisions']} decisions, "
                      f"{s['wall_s']:.0f} s", flush=True)
    head = (f"{'game':<15}{'configuration':<15}{'fin':>5}{'dec':>6}{'clicks':>7}{'med':>5}{'p90':>5}{'max':>5}"
            f"{'fail':>5}{'chan':>6}{'thrd':>6}{'priv':>6}{'nopic':>6}{'pings':>7}{'p/ph':>6}{'hours':>7}")
    print()
    print(head)
    print(f"{'targets':<30}{'':>5}{'':>6}{'':>7}{TARGETS['median']:>5}{TARGETS['p90']:>5}{'':>5}{'0':>5}"
          f"{TARGETS['channel']:>6}{'':>6}{'':>6}{TARGETS['nopic']:>6}{'':>7}{TARGETS['pings_ph']:>6}")
    for s in rows:
        if not s["decisions"] and s["notes"]:
            print(f"{s['game']:<15}{s['config']:<15}  skipped: {'; '.join(s['notes'])}")
            continue
        print(f"{s['game']:<15}{s['config']:<15}{str(s['finished']) + '/' + str(s['played']):>5}{s['decisions']:>6}"
              f"{s['clicks']:>7}{fmt(s['clicks_median'], 'g'):>5}{fmt(s['clicks_p90'], 'g'):>5}"
              f"{fmt(s['clicks_max']):>5}{s['failures']:>5}{s['channel_msgs']:>6g}{s['thread_msgs']:>6g}"
              f"{s['private_shown']:>6}{s['private_no_picture']:>6}{s['pings_per_game']:>7g}"
              f"{fmt(s['pings_per_person_hour'], 'g'):>6}{s['virtual_hours']:>7g}")
    print("\nfin: games finished/played · dec: decisions · clicks: their clicks (median, p90, max per decision) · "
          "fail: decisions not accepted after\n"
          f"{MAX_CLICKS} clicks · chan/thrd: public messages left per game in the channel / its threads · priv: "
          "private decisions shown, nopic: of them\nwithout a picture · pings: per game · p/ph: pings per person "
          "per hour of play beyond each one's first · hours: virtual play, all games")
    buttons = sorted({s["ai_button"] for s in rows if s["ai_button"]})
    if buttons:
        print(f"AI seats: the lobby's first AI button ({', '.join(buttons)})")
    for s in rows:
        if s["worst"]["clicks"] > 2 or s["notes"] or s["errors"] or s["no_picture_example"]:
            print(f"\n{s['game']} / {s['config']}:")
            if s["worst"]["clicks"] > 2:
                print(f"  most clicks for one decision ({s['worst']['clicks']}): " + " → ".join(s["worst"]["trail"]))
            if s["no_picture_example"]:
                print(f"  a private decision without picture: {s['no_picture_example']!r}")
            for note in s["notes"] + s["errors"]:
                print(f"  {note}")
    print()
    for s in rows:
        print(json.dumps({k: v for k, v in s.items() if k not in ("worst", "no_picture_example")}
                         | {"worst_clicks": s["worst"]["clicks"], "targets": TARGETS}, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
