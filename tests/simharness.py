"""Driving the bot the way Discord would, on SimCord: shared by tests/test_bot*.py and bench/bot.py.

Players only use what a user could: slash commands and clicks on visible components. `emit_clicks`
sends several component interactions before the bot gets to run, to model simultaneous clicks and
concurrent games (SimCord's actor verbs settle one at a time)."""

import copy
import re
import struct
import zlib

from simcord import interactions as sim_interactions
from simcord.backend import serializers
from simcord.enums import ComponentType, InteractionType
from simcord.results import to_discord_message

import games.pioneer_days.rules as engine
from ui import v2

ACTION = re.compile(r"pm:\d+:\d+:|pd:\d+:\d+:\d")  # a button that makes a move


def tiny_png() -> bytes:
    """A valid 1x1 PNG, so the cheap renderer still produces real attachments."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(b"\x00\x80\x60\x40")) + chunk(b"IEND", b""))


class CheapRenderer:
    """Stands in for every game's pictures in most tests (engine/protocol.py Pictures, by name): same
    contract, no drawing. Counts the calls."""

    def __init__(self):
        self.calls: list[tuple] = []
        self.png = tiny_png()

    def table(self, state, viewer=None):
        self.calls.append(("table", state.get("week"), state.get("day"), viewer))
        return self.png

    def mine(self, state, seat):
        self.calls.append(("mine", seat))
        return self.png

    def results(self, state):
        self.calls.append(("results",))
        return self.png

    def round(self, state, lines=()):
        self.calls.append(("round", state.get("week"), state.get("day"), None))
        return self.png

    def review(self, players, curve, seat, marks):
        self.calls.append(("review", seat, len(curve), tuple(marks)))
        return self.png

    def replay(self, record):
        self.calls.append(("replay", len(record["actions"])))
        return self.png

    def scoring(self, state):  # (a list of pictures: none here)
        self.calls.append(("scoring",))
        return []

    def __getattr__(self, name):  # a game's own pictures of other names (a decision's picture)
        def draw(*args):
            self.calls.append((name,))
            return self.png
        return draw


def table(env, players: int = 3, names=("ann", "bob", "cy", "dee")):
    """A guild, a channel and `players` members (actors)."""
    guild = env.create_guild()
    channel = guild.create_text_channel("pioneer")
    actors = [guild.add_member(env.create_user(n)) for n in names[:players]]
    return guild, channel, actors


def message(env, channel, message_id: int):
    return to_discord_message(env, env.backend.get_message(channel.id, message_id))


def buttons(msg) -> list[dict]:
    """Every component of a message (buttons and selects) as raw dicts, in display order: in its action rows,
    at the top or inside a container (Components V2)."""
    return [{"type": c.type.value, "custom_id": getattr(c, "custom_id", None), "label": getattr(c, "label", None),
             "options": [(o.label, o.value) for o in getattr(c, "options", [])],
             "disabled": bool(getattr(c, "disabled", False))}
            for c in v2.components(msg) if c.type.value in (2, 3)]


def controls(msg) -> list:
    """A message's buttons and selects (discord.py's components), in display order, wherever they sit."""
    return [c for c in v2.components(msg) if c.type.value in (2, 3)]


def text(msg) -> str:
    """All the text a message shows (content, embeds, V2 text displays); of a response, its message's."""
    return v2.text_of(getattr(msg, "message", None) or msg)


def embed_text(msg, sep: str = " ") -> str:
    """The text of a message's embeds (title, description, fields, footer), parts joined by sep."""
    return " ".join(sep.join([f"{e.title}", f"{e.description}", *(f"{f.name}{sep}{f.value}" for f in e.fields),
                              f"{e.footer.text or ''}"]) for e in msg.embeds)


def the_question(res):
    """The question a click opened: the last of its private answers with an embed (all of them private)."""
    msgs = [m for m in [res.response, *res.followups] if m is not None and m.embeds]
    assert msgs and all(m.ephemeral for m in msgs)
    return msgs[-1]


def has_picture(msg) -> bool:
    """Whether a message shows a picture (an attachment an embed or a V2 gallery points at)."""
    return bool(msg.attachments)


def first_action(msg) -> dict | None:
    """The first button that makes a move (none that is disabled: Discord's clients send no click on it)."""
    for c in buttons(msg):
        if c["type"] == 2 and c["custom_id"] and ACTION.match(c["custom_id"]) and not c["disabled"]:
            return c
    return None


def first_choice(msg):
    """(custom_id, label, select value or None) of the first move offered: the top of the "take a die and
    use it" menu when there is one (the likely choice), else the first move button."""
    for c in buttons(msg):
        if c["type"] == 3 and c["options"] and c["options"][0][1].startswith("m:") and not c["disabled"]:
            label, value = c["options"][0]
            return c["custom_id"], label, value
    c = first_action(msg)
    return (c["custom_id"], c["label"], None) if c else None


async def start_game(env, channel, actors, **options):
    """/pioneer new by the first actor, the others join, the host starts. Returns the lobby result."""
    host = actors[0]
    res = await host.slash(channel, "pioneer new", where="channel", **options)
    lobby = res.response
    for a in actors[1:]:
        await a.click(lobby, label="Join")
    await host.click(lobby, label="Start the game")
    return lobby


async def start_tables(env, games: int, names=("ann", "bob", "cy")):
    """`games` channels of one guild, each with a game of the same people started (hosts in turn, the clock
    moved on past /pioneer new's per-person cooldown); returns (people, channels)."""
    guild = env.create_guild()
    people = [guild.add_member(env.create_user(n)) for n in names]
    channels = [guild.create_text_channel(f"table-{i}") for i in range(games)]
    k = len(people)
    for i, ch in enumerate(channels):
        await start_game(env, ch, people[i % k:] + people[:i % k])
        if i % 6 == 5:
            await env.advance_time(31)
    return people, channels


def people_deciding(game) -> list[int]:
    """The seats a person must decide for now. The bot plays AI seats as soon as they may (and SimCord
    settles that work after every click), so only people are ever left to wait for."""
    seats = engine.deciders(game.state)
    people = [s for s in seats if not game.is_ai(s)]
    assert people or not seats, f"only AI seats must decide ({seats}): the bot should have played them"
    return people


async def play_step(env, bot, channel, actors, log=None) -> bool:
    """One decision, made through the UI by the player who must make it: the first button on the
    panel, or for simultaneous decisions Decide + the first private choice. False once over."""
    game = await bot.store.open_game_in_channel(channel.id)
    if game is None or game.status != "active":
        return False
    state = game.state
    people = people_deciding(game)
    panel = message(env, channel, game.panel_message_id)
    by_user = {a.id: a for a in actors}
    if state["stage"] == "turn":
        actor = by_user[game.user_at(state["turn"])]
        c = first_choice(panel)
        assert c is not None, f"no move on the panel: {buttons(panel)}"
        if log is not None:
            log.append(f"[{actor.name}] {c[1]}")
        await pick(actor, panel, c)
        return True
    actor = by_user[game.user_at(people[0])]
    res = await actor.click(panel, label="Decide (private)")
    assert res.ephemeral, "the private choices must be ephemeral"
    msg = res.response
    c = first_choice(msg.message)
    assert c is not None, f"no choice in the private message: {buttons(msg.message)}"
    if log is not None:
        log.append(f"[{actor.name}] (private) {c[1]}")
    await pick(actor, msg, c)
    return True


async def turn_click(env, bot, channel, actors):
    """(game, the player whose turn it is, the panel, a move button on it), once the game is at a turn."""
    while (game := await bot.store.open_game_in_channel(channel.id)).state["stage"] != "turn":
        assert await play_step(env, bot, channel, actors)
    player = next(a for a in actors if a.id == game.user_at(game.state["turn"]))
    panel = message(env, channel, game.panel_message_id)
    return game, player, panel, first_action(panel)["custom_id"]


def click_payload(env, actor, msg, custom_id: str, values=None):
    """A genuine component INTERACTION_CREATE payload for `actor` clicking `custom_id` on `msg`
    (which need not be on the message: that is how a forged id is sent)."""
    backend = env.backend
    stored = backend.get_message(msg.channel.id if hasattr(msg, "channel") else msg.channel_id, msg.id)
    data = {"custom_id": custom_id,
            "component_type": ComponentType.STRING_SELECT if values is not None else ComponentType.BUTTON}
    if values is not None:
        data["values"] = values
    record, payload = sim_interactions.base_payload(
        backend, type=InteractionType.MESSAGE_COMPONENT, channel_id=stored.channel_id,
        guild_id=actor.guild.id, user_id=actor.id, data=data)
    payload["message"] = dict(serializers.message_payload(backend, stored))
    record.source_message_id = stored.id
    return record, payload


def answer(env, record) -> str:
    """The text a user saw for an interaction: its response or its first follow-up."""
    ids = ([record.message_id] if record.message_id else []) + list(record.followup_ids)
    texts = []
    for mid in ids:
        try:
            texts.append(v2.text_of(to_discord_message(env, env.backend.get_message(record.channel_id, mid))))
        except Exception:
            pass
    return " | ".join(texts)


async def emit_clicks(env, payloads) -> list:
    """Delivers several interactions before the bot runs any of them, then settles."""
    for _record, payload in payloads:
        env.backend.emit("INTERACTION_CREATE", payload)
    await env.settle()
    return [r for r, _ in payloads]


def _raw_components(payload: dict) -> list[dict]:
    """Every component of a message payload, nested ones included (a V2 container's rows), flat."""
    out: list[dict] = []
    todo = list(payload.get("components") or [])
    while todo:
        c = todo.pop(0)
        out.append(c)
        todo[:0] = list(c.get("components") or []) + ([c["accessory"]] if c.get("accessory") else [])
    return out


def forge(msg_payload: dict, custom_id: str) -> dict:
    """The message payload with its first button's custom_id replaced (a modified client)."""
    for c in _raw_components(msg_payload):
        if c.get("type") == 2:
            c["custom_id"] = custom_id
            return msg_payload
    raise AssertionError("no button to forge")


def carry(msg_payload: dict, custom_id: str, ctype: int = 2, values=()) -> dict:
    """The message payload with its first row replaced by one component of type `ctype` with `custom_id`
    (a select's options: `values`): a modified client, which makes discord.py take the forged id as a
    component the message carries. A copy: the stored message is left as it is."""
    msg_payload = copy.deepcopy(msg_payload)
    made: dict = {"type": ctype, "custom_id": custom_id}
    if ctype == 2:
        made |= {"style": 2, "label": "x"}
    else:
        opts = list(values) or ["x"]
        made |= {"options": [{"label": v[:100], "value": v} for v in dict.fromkeys(opts)],
                 "min_values": 0, "max_values": 25}
    rows = next((c["components"] for c in _raw_components(msg_payload) if c.get("type") == 17), None)
    if rows is None:  # (an older message: its rows at the top)
        rows = msg_payload.get("components") or [{}]
        msg_payload["components"] = rows
    first = next((i for i, c in enumerate(rows) if c.get("type") == 1), None)
    if first is None:
        rows.append({"type": 1, "components": [made]})
    else:
        rows[first] = {"type": 1, "components": [made]}
    return msg_payload


async def send_forged(env, actor, msg, custom_id: str, values=None, ctype: int | None = None,
                      as_is: bool = False):
    """`actor` sends `custom_id` (as a button, or a select with `values`; `ctype` another type) on `msg`,
    the message carrying it (unless as_is); returns the interaction's record once the bot has settled."""
    rec, payload = click_payload(env, actor, msg, custom_id, values)
    kind = ctype or (3 if values is not None else 2)
    payload["data"]["component_type"] = kind
    if not as_is:
        payload["message"] = carry(payload["message"], custom_id, kind, values or ())
    await emit_clicks(env, [(rec, payload)])
    return rec


def choices_of(msg) -> list[tuple[str, str, str | None]]:
    """(custom_id, label, select value or None) for every action a user could pick on a message."""
    out = []
    for c in buttons(msg):
        if c["type"] == 2 and c["custom_id"] and ACTION.match(c["custom_id"]):
            out.append((c["custom_id"], c["label"], None))
        elif c["type"] == 3:
            out.extend((c["custom_id"], label, value) for label, value in c["options"])
    return out


async def pick(actor, msg, choice):
    cid, _label, value = choice
    if value is None:
        return await actor.click(msg, custom_id=cid)
    return await actor.select(msg, [value], custom_id=cid)


async def play_random_step(env, bot, channel, actors, rng, log=None) -> bool:
    """Like play_step, but a random choice among everything offered, sometimes through the private
    'My wagon' panel (gold discards)."""
    game = await bot.store.open_game_in_channel(channel.id)
    if game is None or game.status != "active":
        return False
    state = game.state
    panel = message(env, channel, game.panel_message_id)
    by_user = {a.id: a for a in actors}
    if state["stage"] == "turn":
        actor = by_user[game.user_at(state["turn"])]
        p = state["players"][state["turn"]]
        goods = p["gold"] or p["wood"] or p["medicine"] or p["equipment"]
        if goods and state["step"] != "after" and rng.random() < 0.3:
            res = await actor.click(panel, label="My wagon")
            msg = res.response
            opts = choices_of(msg.message)
            if opts:
                c = rng.choice(opts)
                if log is not None:
                    log.append(f"[{actor.name}] (wagon) {c[1]}")
                await pick(actor, msg, c)
                return True
        c = rng.choice(choices_of(panel))
        if log is not None:
            log.append(f"[{actor.name}] {c[1]}")
        await pick(actor, panel, c)
        return True
    seats = [i for i, d in enumerate(state["pending"]) if d is not None]
    actor = by_user[game.user_at(rng.choice(seats))]
    res = await actor.click(panel, label="Decide (private)")
    msg = res.response
    c = rng.choice(choices_of(msg.message))
    if log is not None:
        log.append(f"[{actor.name}] (private) {c[1]}")
    res = await pick(actor, msg, c)
    if c[2] is not None and c[2].startswith("k:"):  # picked who to keep: now confirm that plan
        c = first_choice(res.response.message)
        if log is not None:
            log.append(f"[{actor.name}] (private) {c[1]}")
        await pick(actor, res.response, c)
    return True


class ResponseClock:
    """Wall-clock times of each interaction: created (the payload is emitted), first response
    (the callback reaches 'Discord'). Patches SimCord's backend records for the test's duration."""

    RESPONSES = ("respond_with_message", "defer", "defer_update", "update_source", "show_modal",
                 "complete_autocomplete")

    def __init__(self, env):
        import time

        from simcord.backend.models import interaction as model
        self.created: dict[int, float] = {}
        self.first: dict[int, float] = {}
        self._model = model.Interaction
        self._saved = {}
        backend = env.backend
        original_new = backend.new_interaction
        clock = self

        def new_interaction(*a, **kw):
            rec = original_new(*a, **kw)
            clock.created[rec.id] = time.perf_counter()
            return rec
        backend.new_interaction = new_interaction
        for name in self.RESPONSES:
            orig = getattr(self._model, name)
            self._saved[name] = orig

            def wrapped(rec, *a, _orig=orig, **kw):
                clock.first.setdefault(rec.id, time.perf_counter())
                return _orig(rec, *a, **kw)
            setattr(self._model, name, wrapped)
        self._backend, self._original_new = backend, original_new

    def latency(self, interaction_id: int) -> float | None:
        if interaction_id not in self.first:
            return None
        return self.first[interaction_id] - self.created[interaction_id]

    def close(self):
        for name, orig in self._saved.items():
            setattr(self._model, name, orig)
        self._backend.new_interaction = self._original_new


def private(res) -> str:
    """What only the clicking user saw: the ephemeral response, or the ephemeral follow-ups after a
    deferred click (a move is acknowledged before it is applied)."""
    texts = []
    if res.response is not None and res.response.ephemeral:
        texts.append(said(res.response))
    texts += [said(m) for m in res.followups if m.ephemeral]
    return " | ".join(t for t in texts if t)


def said(response) -> str:
    """A response's text: its content, or its V2 message's text displays."""
    msg = getattr(response, "message", None)
    return v2.text_of(msg) if msg is not None else (response.content or "")


async def forged_slash(actor, channel, name: str, **options):
    """A slash command as a modified client could send it: option values are not checked against the
    command's declared types and choices (SimCord's actor.slash checks them, as Discord's clients do)."""
    from simcord import actors as sim_actors
    from simcord import interactions as sim_inter
    parts = name.split()
    root = sim_actors._resolve_visible_command(actor, channel.id, parts[0], 1)
    leaf, nesting = sim_inter.walk_to_subcommand(root, parts[1:])
    declared = {o["name"]: o["type"] for o in leaf.get("options") or []}
    leaf_options = [{"name": k, "type": declared.get(k, 3), "value": v} for k, v in options.items()]
    data = {"id": root["id"], "name": root["name"], "type": 1,
            "options": sim_inter.nest_options(root, nesting, leaf_options)}
    return await sim_actors._dispatch_actor_interaction(actor, 2, channel, data)


def kill_switch(bot, when=None):
    """Stops `bot` from showing anything after its commits, as if the process died right after each one
    was acknowledged: the courier's deliveries are dropped (the outbox keeps them). when(game): only
    after the commits that leave the game in that condition (e.g. over)."""
    real = bot.courier.after

    async def dead(game_id, channel_id, refresh=True, via=None):
        if when is not None and not when(await bot.store.game(game_id)):
            await real(game_id, channel_id, refresh, via)
    bot.courier.after = dead


def forgetful(bot, when):
    """After commits that leave the game in condition when(game), the courier posts but the process dies
    before it marks its items done."""
    real = bot.service.delivered

    async def maybe(item_ids, message_id=None):
        rows = await bot.store._rows(f"SELECT DISTINCT game_id FROM outbox WHERE id IN "
                                     f"({','.join(str(int(i)) for i in item_ids) or '0'})")
        games = [await bot.store.game(r[0]) for r in rows]
        if not any(when(g) for g in games):
            await real(item_ids, message_id)
    bot.service.delivered = maybe


async def restart(env, bot, make_bot, **settings):
    """The process goes away (nothing more is shown or written) and a new one starts on the same database."""
    kill_switch(bot)
    await env.settle()
    await bot.store.close()
    bot.store = None
    new = make_bot(**settings)
    await env.restart_bot(new)
    await env.settle()
    return new


def speak(monkeypatch, users: dict | None = None, guilds: dict | None = None) -> None:
    """Interactions as Discord sends them from clients in other languages: the user's `locale` (by user id)
    and the server's `guild_locale` (by guild id). SimCord always says en-US otherwise."""
    real = sim_interactions.base_payload

    def base_payload(backend, *, type, channel_id, guild_id, user_id, data):
        record, payload = real(backend, type=type, channel_id=channel_id, guild_id=guild_id, user_id=user_id,
                               data=data)
        payload["locale"] = (users or {}).get(user_id, payload["locale"])
        if guild_id is not None:
            payload["guild_locale"] = (guilds or {}).get(guild_id, payload.get("guild_locale"))
        return record, payload
    monkeypatch.setattr(sim_interactions, "base_payload", base_payload)
