"""Whose work the bot process's event loop did, from a py-spy profile of it (`py-spy record --format raw`).

A sample counts for the deepest frame on its stack that is not Python's own library: the bot (our code,
discord.py, the database drivers: a real bot does all of it), the stand-in for Discord and the harness
(SimCord, the benchmark's own code: on Discord, the other side), or neither (the event loop itself)."""

import collections
import re

FRAME = re.compile(r"\((.*?):\d+\)$")
FAKE = ("/simcord/", "/bench/", "/tests/simharness", "/capacity.py", "/simharness.py", "/apart.py")
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
    out = {k: n[k] / total for k in ("bot", "fake", "loop")}
    out["top"] = _top(path, root, thread, total)
    return out


def _top(path: str, root: str, thread: str, total: int, k: int = 8) -> list[tuple[str, float]]:
    """What is left of the bot's work, where to look next: our innermost functions (a call into discord.py or
    a driver counts for ours that made it) by their share of the thread's samples, the largest first."""
    n: collections.Counter = collections.Counter()
    for line in open(path):
        stack, _sep, count = line.rstrip().rpartition(" ")
        frames = stack.split(";")
        if not frames or thread not in frames[0]:
            continue
        body = [f for f in frames[1:] if not f.startswith("<module>")]
        if next((s for f in reversed(body) if (s := side(f, root)) is not None), "loop") != "bot":
            continue
        deepest = next((f for f in reversed(body) if _ours(f, root)), None)
        if deepest is not None:
            n[_name(deepest)] += int(count)
    return [(f, c / total) for f, c in n.most_common(k)]


def _name(frame: str) -> str:
    m = FRAME.search(frame)
    where = "/".join((m.group(1) if m else "").rsplit("/", 2)[-2:])
    return f"{frame.split(' (')[0]} ({where})"


def _ours(frame: str, root: str) -> bool:
    m = FRAME.search(frame)
    path = "/" + (m.group(1) if m else "").lstrip("/")
    rel = path[len(root) + 1:].lstrip("/") if path.startswith("/" + root.strip("/") + "/") else path.lstrip("/")
    return rel.startswith(OURS) and "/simcord/" not in path
