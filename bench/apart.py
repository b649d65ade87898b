"""Discord's side and the bot in two processes, for `bench/capacity.py --apart`.

On Discord the bot's process does only the bot's work. In one process, SimCord (the in-memory Discord) and
the harness take about half of the GIL the bot needs. Here SimCord, the harness and the driver's ticks stay
in the bench's process, and the bot runs in a process of its own (`python bench/apart.py SOCKET ...`), its
discord.py connected to SimCord by a unix socket in place of HTTPS and the gateway's websocket: each REST
request (HTTPClient.request, and the webhook adapter that carries interaction answers) goes over it and is
answered by SimCord's own route table, and each gateway event SimCord's backend emits comes back over it to
discord.py's parsers. Frames are pickles (both ends are this bench); the bot's side of them stands in for
discord.py's HTTP and JSON."""

import asyncio
import io
import os
import pickle
import re
import struct
import sys
import time
from collections import Counter
from collections.abc import Mapping
from pathlib import Path

import discord
from discord.http import HTTPClient
from discord.webhook.async_ import async_context
from figures import rss_mb  # (bench/: this file's folder, on the path as a script and as the bench's import)
from simcord import _dpy_internals
from simcord import intents as _intents
from simcord.backend import serializers
from simcord.backend.errors import BackendError
from simcord.http import router
from simcord.http.client import _FakeResponse, _path_of

HEAD = struct.Struct("<I")


async def recv(reader: asyncio.StreamReader):
    (n,) = HEAD.unpack(await reader.readexactly(HEAD.size))
    return pickle.loads(await reader.readexactly(n))


def send(writer: asyncio.StreamWriter, obj) -> None:
    try:
        data = pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL)
    except TypeError:  # a read-only mapping of SimCord's: sent as the JSON Discord would send
        data = pickle.dumps(_plain(obj), protocol=pickle.HIGHEST_PROTOCOL)
    writer.write(HEAD.pack(len(data)) + data)


def _plain(x):
    if isinstance(x, Mapping):
        return {k: _plain(v) for k, v in x.items()}
    if isinstance(x, list | tuple):
        return [_plain(v) for v in x]
    return x


def _form(form) -> list[dict] | None:
    """A multipart form's fields but its files (sent apart, as bytes): its payload_json is Discord's to read."""
    return [part for part in form if "filename" not in part] if form else None


def _files(files) -> list[tuple[str, bytes, str | None]]:
    out = []
    for f in files:
        f.reset()
        out.append((f.filename, f.fp.read(), f.description))
        f.reset()
    return out


# --- Discord's side (the bench's process) ----------------------------------------------------------------------


def follow_real_time(backend) -> None:
    """SimCord's clock (frozen between a test's steps, moved on by settling) made to run as the bot's does: an
    interaction's id says when Discord made it, and the bot turns away a click that reached it 2 s late."""
    clock = backend.clock

    class Following(type(clock)):  # type: ignore[misc]
        @property
        def elapsed(self) -> float:
            return time.perf_counter() - self._started

        @elapsed.setter
        def elapsed(self, value: float) -> None:
            self._started = time.perf_counter() - value

    elapsed = clock.__dict__.pop("elapsed")
    clock.__class__ = Following
    clock.elapsed = elapsed


class DiscordSide:
    """SimCord's backend answering one bot in another process."""

    def __init__(self, env, on_commit=None):
        self.backend = env.backend
        follow_real_time(self.backend)
        self.on_commit = on_commit  # (game id, seq): a move the bot committed
        self.intents = discord.Intents.default()
        self.writer: asyncio.StreamWriter | None = None
        self.ready = asyncio.Event()
        self.waiting: dict[int, asyncio.Future] = {}  # mark's questions, by key
        self.rest = 0  # REST requests but the interactions' answers (Discord's global limit counts them)
        self.rest_at: dict[int, int] = {}  # ... by each mark
        self.kinds: Counter = Counter()  # ... by method and route (ids as {id})
        self.kinds_at: dict[int, Counter] = {}
        self.pid = 0
        self.compiled: list[str] = []  # the bot's compiled modules (engine/native.py)

    async def serve(self, path: str):
        return await asyncio.start_unix_server(self._connected, path, limit=1 << 26)

    async def _connected(self, reader, writer) -> None:
        self.writer = writer
        try:
            while True:
                msg = await recv(reader)
                kind = msg[0]
                if kind == "req":
                    send(writer, ("res", msg[1], self._answer(msg[2], msg[3:])))
                elif kind == "commit":
                    if self.on_commit is not None:
                        self.on_commit(msg[1], msg[2])
                elif kind == "ready":
                    self.pid, self.compiled = msg[1], msg[2]
                    self.ready.set()
                elif kind == "said":  # the answer to a question of ours (mark)
                    fut = self.waiting.pop(msg[1], None)
                    if fut is not None and not fut.done():
                        fut.set_result(msg[2])
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        finally:
            if self._forward in self.backend.subscribers:
                self.backend.subscribers.remove(self._forward)

    def _answer(self, kind: str, args: tuple):
        b = self.backend
        if kind == "http":
            method, path, json, form, params, files, reason = args
            if not path.startswith(("/interactions/", "/webhooks/")):  # (answers ride an interaction's token)
                self.rest += 1
                self.kinds[f"{method} {re.sub(r'/[0-9]+', '/{id}', path)}"] += 1
            if form:  # (read here: on Discord's side, as Discord reads the body the bot sends)
                parsed, _ = router.parse_form(form, [])
                json = parsed if parsed is not None else json
            try:
                return ("ok", router.dispatch(
                    b, method, path, json=json, params=params, reason=reason, message_content_access=True,
                    files=[discord.File(io.BytesIO(data), filename=name, description=d) for name, data, d in files]))
            except BackendError as e:
                return ("err", e.status, e.to_json())
            except Exception as e:  # a route SimCord lacks: said loudly on the bot's side
                return ("fatal", repr(e))
        if kind == "login":
            return ("ok", dict(serializers.user_payload(b.bot_user)))
        if kind == "cdn":
            blob = b.cdn.get(args[0])
            return ("ok", blob) if blob is not None else ("err", 404, {"code": 0, "message": "asset not found"})
        if kind == "connect":  # READY, the guilds, then every event the backend emits
            self._forward("READY", {
                "v": 10, "user": dict(serializers.user_payload(b.bot_user)), "guilds": [],
                "session_id": "apart", "resume_gateway_url": "wss://simcord.invalid", "shard": [0, 1],
                "application": {"id": str(b.application_id), "flags": 0}})
            for guild in list(b.guilds.values()):
                self._forward("GUILD_CREATE", serializers.guild_create_payload(b, guild))
            b.subscribers.append(self._forward)
            return ("ok", None)
        return ("fatal", f"unknown request {kind!r}")

    def _forward(self, event: str, payload) -> None:
        gate = _intents.required_intent(event, payload)
        if gate is not None and not getattr(self.intents, gate):
            return  # as Discord: no event outside the bot's intents
        if self.writer is not None:
            send(self.writer, ("ev", event, payload))

    async def mark(self, key: int) -> tuple:
        """The bot's (loop CPU, process CPU, RSS MB) now (asked over the socket: a moment later)."""
        assert self.writer is not None, "asked before the bot connected"
        fut = asyncio.get_running_loop().create_future()
        self.waiting[key] = fut
        self.rest_at[key] = self.rest
        self.kinds_at[key] = Counter(self.kinds)
        send(self.writer, ("mark", key))
        return await fut


# --- the bot's side (its own process) ----------------------------------------------------------------------------


class Link:
    """The bot's end of the socket: requests and their answers, events to discord.py's parsers."""

    def __init__(self, reader, writer):
        self.reader, self.writer = reader, writer
        self.waiting: dict[int, asyncio.Future] = {}
        self.n = 0

    async def call(self, kind: str, *args):
        self.n += 1
        fut = asyncio.get_running_loop().create_future()
        self.waiting[self.n] = fut
        send(self.writer, ("req", self.n, kind, *args))
        out = await fut
        if out[0] == "ok":
            return out[1]
        if out[0] == "err":
            status, data = out[1], out[2]
            response = _FakeResponse(status)
            if status == 403:
                raise discord.Forbidden(response, data)  # type: ignore[arg-type]
            if status == 404:
                raise discord.NotFound(response, data)  # type: ignore[arg-type]
            raise discord.HTTPException(response, data)  # type: ignore[arg-type]
        raise RuntimeError(f"Discord's side could not answer: {out[1]}")

    async def pump(self, state) -> None:
        while True:
            msg = await recv(self.reader)
            kind = msg[0]
            if kind == "res":
                fut = self.waiting.pop(msg[1])
                if not fut.done():
                    fut.set_result(msg[2])
            elif kind == "ev":
                parser = state.parsers.get(msg[1])
                if parser is not None:
                    try:
                        parser(msg[2])
                    except Exception as e:  # as discord.py's gateway: said, the connection kept
                        print(f"(event {msg[1]}: {e!r})", file=sys.stderr)
            elif kind == "mark":
                send(self.writer, ("said", msg[1], (time.thread_time(), time.process_time(),
                                                     rss_mb(key="VmRSS"))))


class RemoteHTTP(HTTPClient):
    """discord.py's REST client, over the socket."""

    def __init__(self, link: Link, loop):
        super().__init__(loop)
        self.link = link
        _dpy_internals.initialize_http_session(self)

    async def static_login(self, token: str):
        self.token = token
        return await self.link.call("login")

    async def close(self) -> None:
        pass

    async def ws_connect(self, url: str, *, compress: int = 0):
        raise RuntimeError("the gateway is the socket")

    async def get_from_cdn(self, url: str) -> bytes:
        return await self.link.call("cdn", url)

    async def request(self, route, *, files=None, form=None, **kwargs):
        return await self.link.call("http", route.method, _path_of(route.url), kwargs.get("json"), _form(form),
                                    kwargs.get("params"), _files(files or []), kwargs.get("reason"))


class RemoteWebhooks:
    """discord.py's webhook adapter (interaction answers and follow-ups), over the socket: its own helpers
    run as they are, only its generic request is ours."""

    def __init__(self, link: Link):
        self.link = link

    def __getattr__(self, name: str):
        return _dpy_internals.bind_webhook_helper(self, name)

    async def request(self, route, session=None, *, payload=None, multipart=None, files=None, params=None,
                      **kwargs):
        return await self.link.call("http", route.method, _path_of(route.url), payload, _form(multipart), params,
                                    _files(files or []), kwargs.get("reason"))


def stand_in_draw(lang: str, pictures: str, name: str, *args):
    """app.workers.draw's stand-in: no drawing, still in the render worker (tests' CheapRenderer draws on the
    bot's loop and makes the bot build its panels there too, which the bot does not do)."""
    from simharness import CheapRenderer
    return getattr(CheapRenderer(), name)(*args)


async def run_bot(path: str, url: str, stand_in_images: bool) -> None:
    root = Path(__file__).resolve().parents[1]
    sys.path[:0] = [str(root), str(root / "tests")]
    from app.settings import Settings
    from bot import GameBot, keep_start_up_objects
    from engine import native

    reader, writer = await asyncio.open_unix_connection(path, limit=1 << 26)
    link = Link(reader, writer)
    settings = Settings(database_url=url, new_database=True, sync=True, render_processes=1)
    bot = GameBot(settings)
    loop = asyncio.get_running_loop()
    _dpy_internals.install_http(bot, RemoteHTTP(link, loop))
    _dpy_internals.set_guild_ready_timeout(bot, 0.0)
    async_context.set(RemoteWebhooks(link))
    pumping = asyncio.create_task(link.pump(bot._connection))
    async with bot:
        await bot.login("apart")
        if stand_in_images:  # (the courier as the bot loaded it: discord.py loads an extension's module anew)
            sys.modules["cogs.courier"].draw = stand_in_draw  # type: ignore[attr-defined]

        def committed(gid: int, seq: int) -> None:  # on the database's thread
            loop.call_soon_threadsafe(send, writer, ("commit", gid, seq))
        bot.store.on_commit = committed
        await link.call("connect")
        await bot.wait_until_ready()
        keep_start_up_objects()  # as bot.py's main() does before connecting (its collector's rules)
        send(writer, ("ready", os.getpid(), sorted(native.ACTIVE)))
        await pumping  # until Discord's side closes the socket


if __name__ == "__main__":
    try:
        asyncio.run(run_bot(sys.argv[1], sys.argv[2], "--stand-in-images" in sys.argv[3:]))
    except asyncio.IncompleteReadError:  # the bench ended
        pass
