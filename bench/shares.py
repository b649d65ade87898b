"""Whose work the bot process's event loop did, from a py-spy profile of it (`py-spy record --format raw`).

A sample counts for the deepest frame on its stack that is not Python's own library: the bot (our code,
discord.py, the database drivers: a real bot does all of it), the stand-in for Discord and the harness
(SimCord, the benchmark's own code: on Discord, the other side), or neither (the event loop itself)."""

import collections
import re

FRAME = re.compile(r"\((.*?):\d+\)$")
FAKE = ("/simcord/", "/bench/", "/tests/simharness", "/capacity.py", "/simharness.py")
BOT = ("/discord/", "/aiosqlite/", "/asyncpg/", "/aiohttp/", "/PIL/", "/babel/", "/openskill/")
OURS = ("cogs/", "ui/", "app/", "db/", "engine/", "games/", "render/", "i18n/", "bot.py")


def side(frame: str, root: str) -> str | None:
    m = FRAME.search(frame)
    path = "/" + (m.group(1) if m else "").lstrip("/")  # (py-spy shortens most paths: "simcord/gateway.py")
    if any(k in path for k in FAKE):
        return "fake"
    if any(k in path for k in BOT):
        return "bot"
    rel = path[len(root) + 1:].lstrip("/") if path.startswith("/" + root.strip("/") + "/") else path.lstrip("/")
    if rel.startswith(OURS):
        return "bot"
    return None


def shares(path: str, root: str, thread: str = "MainThread") -> dict[str, float]:
    """Fractions of the thread's samples: bot, fake, loop."""
    n: collections.Counter = collections.Counter()
    for line in open(path):
        stack, _sep, count = line.rstrip().rpartition(" ")
        frames = stack.split(";")
        if not frames or thread not in frames[0]:
            continue
        body = [f for f in frames[1:] if not f.startswith("<module>")]  # (the script that runs the loop)
        who = next((s for f in reversed(body) if (s := side(f, root)) is not None), "loop")
        n[who] += int(count)
    total = sum(n.values()) or 1
    return {k: n[k] / total for k in ("bot", "fake", "loop")}
