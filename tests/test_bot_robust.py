"""Real conditions: restarts, simultaneous clicks, wrong people, stale and forged buttons, deleted
messages and channels, missing permissions, the 3-second first response."""

import asyncio
import copy
import time

import discord
from simcord.backend import serializers
from simharness import (
    ResponseClock,
    answer,
    click_payload,
    controls,
    emit_clicks,
    first_action,
    forge,
    message,
    play_step,
    private,
    start_game,
    table,
    text,
)

import games.pioneer_days.rules as engine


async def current(bot, channel):
    return await bot.store.open_game_in_channel(channel.id)


async def playing(env, bot, steps=8, players=3):
    guild, channel, actors = table(env, players)
    await start_game(env, channel, actors)
    for _ in range(steps):
        assert await play_step(env, bot, channel, actors)
    return guild, channel, actors


def actor_for(game, actors, seat):
    return next(a for a in actors if a.id == game.user_at(seat))


async def test_restart_mid_game_old_panel_still_works(simcord_env, simcord_bot, make_bot):
    env, bot = simcord_env, simcord_bot
    guild, channel, actors = await playing(env, bot, steps=10)
    game = await current(bot, channel)
    panel_id, seq = game.panel_message_id, game.seq
    old_panel = message(env, channel, panel_id)  # what the players still see

    await bot.store.close()  # the process goes away...
    bot.store = None
    new = make_bot()
    await env.restart_bot(new)  # ...and a new one starts on the same database

    player = actor_for(game, actors, game.state["turn"])
    c = first_action(old_panel)
    res = await player.click(old_panel, custom_id=c["custom_id"])
    assert res.acknowledged and not res.ephemeral
    after = await current(new, channel)
    assert after.seq == seq + 1 and after.panel_message_id == panel_id  # edited in place
    for _ in range(30):  # and the game goes on, across the next day boundaries
        assert await play_step(env, new, channel, actors)


async def test_crash_before_the_new_panel_is_repaired_at_start(simcord_env, simcord_bot, make_bot):
    """A crash after a day's last action was committed but before the new panel was posted."""
    env, bot = simcord_env, simcord_bot
    guild, channel, actors = await playing(env, bot, steps=3)
    game = await current(bot, channel)
    await bot.store.set_panel(game.id, None)
    await bot.store.close()
    bot.store = None
    new = make_bot()
    await env.restart_bot(new)
    fixed = await current(new, channel)
    assert fixed.panel_message_id is not None and channel.history()[-1].id == fixed.panel_message_id
    for _ in range(5):
        assert await play_step(env, new, channel, actors)


async def test_crash_before_the_panel_edit_and_the_ping_is_repaired_at_start(simcord_env, simcord_bot,
                                                                              make_bot):
    """The turn passes (committed) but the process dies before the panel is edited and the next
    player is pinged: the new process updates the panel and posts the ping, once."""
    env, bot = simcord_env, simcord_bot
    guild, channel, actors = await playing(env, bot, steps=4)
    game = await current(bot, channel)
    first = game.state["turn"]
    while (game := await current(bot, channel)).state["turn"] == first:  # commits only: no Discord
        action = engine.legal_actions(game.state, first)[0].id
        assert (await bot.service.act(game.id, channel.id, game.user_at(first), game.seq, action)).ok
    nxt = game.state["turn"]
    assert [(x.kind, x.data["seats"]) for x in await bot.store.pending(game.id)] == [("ping", [nxt])]
    stale = message(env, channel, game.panel_message_id)
    assert f":{game.seq}:" not in first_action(stale)["custom_id"]
    await bot.store.close()
    bot.store = None
    new = make_bot()
    await env.restart_bot(new)
    await env.settle()
    fixed = await current(new, channel)
    assert await new.store.pending(game.id) == [] and fixed.seq == game.seq
    assert f":{game.seq}:" in first_action(message(env, channel, fixed.panel_message_id))["custom_id"]
    last = channel.history()[-1]
    assert last.id == fixed.ping_message_id and f"<@{game.user_at(nxt)}>, your turn" in last.content
    await new.store.close()  # a second restart: nothing left to repair, no second ping
    new.store = None
    again = make_bot()
    await env.restart_bot(again)
    await env.settle()
    assert channel.history()[-1].id == last.id
    assert await play_step(env, again, channel, actors)


async def test_two_simultaneous_clicks_apply_exactly_one(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    guild, channel, actors = table(env, 3)
    await start_game(env, channel, actors)
    checked = 0
    for same in (False, True):  # two different dice, then the same button twice
        game = await current(bot, channel)
        player = actor_for(game, actors, game.state["turn"])
        panel = message(env, channel, game.panel_message_id)
        ids = [c.custom_id for c in controls(panel) if c.custom_id.startswith("pm:")]
        pair = [ids[0], ids[0]] if same else ids[:2]
        before = len(await bot.store.actions(game.id))
        records = await emit_clicks(env, [click_payload(env, player, panel, cid) for cid in pair])
        assert len(await bot.store.actions(game.id)) == before + 1
        assert (await current(bot, channel)).seq == game.seq + 1
        assert all(r.responded for r in records)
        texts = [answer(env, r) for r in records]
        assert sum("moved on" in t for t in texts) == 1, texts
        checked += 1
        while (await current(bot, channel)).state["step"] != "pick":
            assert await play_step(env, bot, channel, actors)
    assert checked == 2  # both kinds of double click were checked


async def test_wrong_people_stale_and_forged_clicks(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    guild, channel, actors = table(env, 3)
    outsider = guild.add_member(env.create_user("outsider"))
    await start_game(env, channel, actors)
    game = await current(bot, channel)
    seq = game.seq
    panel = message(env, channel, game.panel_message_id)
    c = first_action(panel)
    turn = game.state["turn"]
    player = actor_for(game, actors, turn)
    other = next(a for a in actors if a is not player)

    res = await outsider.click(panel, custom_id=c["custom_id"])
    assert "not playing" in private(res)
    res = await other.click(panel, custom_id=c["custom_id"])
    name = game.state["players"][turn]["name"]
    assert f"It is {name}'s turn" in private(res)
    assert (await current(bot, channel)).seq == seq  # nothing changed

    # stale: a client still showing the previous panel
    stored = env.backend.get_message(channel.id, panel.id)
    old_payload = copy.deepcopy(dict(serializers.message_payload(env.backend, stored)))
    await player.click(panel, custom_id=c["custom_id"])
    assert (await current(bot, channel)).seq == seq + 1
    rec, payload = click_payload(env, player, panel, c["custom_id"])
    payload["message"] = old_payload
    await emit_clicks(env, [(rec, payload)])
    assert "moved on" in answer(env, rec)
    assert (await current(bot, channel)).seq == seq + 1

    # forged ids, sent by a modified client (the message carries the forged component)
    game = await current(bot, channel)
    other_seat = next(s for s in range(3) if s != turn)
    forged = {
        f"pd:{game.id}:{game.seq}:{other_seat}:income": "belongs to another player",
        f"pd:{game.id}:{game.seq}:{turn}:cheat:gold": "not available",
        f"pd:{game.id + 999}:{game.seq}:{turn}:income": "does not belong to a game in this channel",
        f"pd:{game.id}:{game.seq}:nonsense": "don't know that button",
    }
    panel = message(env, channel, game.panel_message_id)
    for cid, expected in forged.items():
        rec, payload = click_payload(env, player, panel, cid)
        payload["message"] = forge(payload["message"], cid)
        await emit_clicks(env, [(rec, payload)])
        assert expected in answer(env, rec), (cid, answer(env, rec))
        assert (await current(bot, channel)).seq == game.seq
    # an id that is not on the message at all (discord.py drops it) or fits none of our templates:
    # answered all the same, nothing applied
    odd = [f"pd:-{game.id}:{game.seq}:{turn}:income", f"pd:{'9' * 16}:{game.seq}:{turn}:income",
           "pd:" + "x" * 120, "pioneer:old:format"]
    for on_message, cid in [(False, f"pd:{game.id}:{game.seq}:{turn}:income")] + [(True, c) for c in odd]:
        rec, payload = click_payload(env, player, panel, cid)
        if on_message:
            payload["message"] = forge(payload["message"], cid)
        await emit_clicks(env, [(rec, payload)])
        assert rec.responded and "out of date" in answer(env, rec), (cid, answer(env, rec))
        assert (await current(bot, channel)).seq == game.seq


async def test_deleted_panel_is_reposted(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    guild, channel, actors = await playing(env, bot, steps=2)
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_messages=True))
    mod = guild.add_member(env.create_user("mod"), roles=[mods])
    game = await current(bot, channel)
    await mod.delete(message(env, channel, game.panel_message_id))
    again = await current(bot, channel)
    assert again.panel_message_id not in (None, game.panel_message_id)
    assert "previous panel was deleted" in text(message(env, channel, again.panel_message_id))
    for _ in range(10):
        assert await play_step(env, bot, channel, actors)


async def test_deleted_channel_archives_the_game(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    guild, channel, actors = await playing(env, bot, steps=2)
    gid = (await current(bot, channel)).id
    env.backend.delete_channel(channel.id)
    await env.settle()
    g = await bot.store.game(gid)
    assert g.status == "ended" and g.end_reason == "channel deleted"


async def test_without_attach_files_the_game_goes_on(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    guild, channel, actors = table(env, 2)
    # SimCord does not check Attach Files on uploads: answer the day image's upload the way
    # Discord does when the permission is missing
    env.inject_error("POST", "/channels/*/messages", status=403, code=50013, message="Missing Permissions")
    await start_game(env, channel, actors)
    day = next(m for m in channel.history() if "begins" in text(m))
    assert not day.attachments and "Attach Files" in text(day)
    for _ in range(15):
        assert await play_step(env, bot, channel, actors)


class SlowRenderer:
    """Rendering that takes longer than Discord's deadline allows."""

    def __init__(self, cheap):
        self.cheap, self.started = cheap, []

    def __getattr__(self, name):
        def slow(*a):
            self.started.append(time.perf_counter())
            time.sleep(0.4)
            return getattr(self.cheap, name)(*a)
        return slow


async def test_first_response_comes_before_rendering(simcord_env, make_bot):
    from simharness import CheapRenderer
    env = simcord_env
    slow = SlowRenderer(CheapRenderer())
    bot = make_bot(renderer=slow)
    await env.restart_bot(bot)
    guild, channel, actors = table(env, 2)
    clock = ResponseClock(env)
    try:
        await start_game(env, channel, actors)
        while len(slow.started) < 3:  # past at least one more day boundary
            assert await play_step(env, bot, channel, actors)
        res = await actors[0].slash(channel, "pioneer wagon")  # deferred, then the slow image
        assert res.response.attachments
        late = {i: clock.latency(i) for i in clock.created if clock.latency(i) is not None}
        assert max(late.values()) < 0.3, sorted(late.values())[-3:]
    finally:
        clock.close()


async def test_a_click_is_acknowledged_before_the_game_is_read(simcord_env, simcord_bot):
    """The read that checks a move waits for the database (across the network on PostgreSQL, or
    behind many tables): Discord's answer must not wait for it, for a move or for a refusal."""
    env, bot = simcord_env, simcord_bot
    guild, channel, actors = await playing(env, bot, steps=1)
    game = await current(bot, channel)
    player = actor_for(game, actors, game.state["turn"])
    other = next(a for a in actors if a is not player)
    panel = message(env, channel, game.panel_message_id)
    clock = ResponseClock(env)
    read, acked_at_read = bot.store.game, []

    async def game_read(gid):
        acked_at_read.append(set(clock.first) >= set(clock.created))  # every click answered by now
        return await read(gid)
    bot.store.game = game_read
    try:
        refused = await other.click(panel, custom_id=first_action(panel)["custom_id"])  # not their turn
        assert "turn" in private(refused)
        moved = await player.click(panel, custom_id=first_action(panel)["custom_id"])
        assert moved.acknowledged and (await read(game.id)).seq == game.seq + 1
    finally:
        bot.store.game = read
        clock.close()
    assert len(clock.created) == 2 and acked_at_read and all(acked_at_read), acked_at_read


async def test_an_expired_interaction_applies_nothing(simcord_env, simcord_bot):
    """A move is acknowledged before it is applied: if Discord no longer takes the answer (the token
    expired, the bot was overloaded), nothing happens and the player can simply click again."""
    env, bot = simcord_env, simcord_bot
    guild, channel, actors = await playing(env, bot, steps=1)
    game = await current(bot, channel)
    player = actor_for(game, actors, game.state["turn"])
    panel = message(env, channel, game.panel_message_id)
    env.inject_error("POST", "/interactions/*/callback", status=404, code=10062,
                     message="Unknown interaction")
    res = await player.click(panel, custom_id=first_action(panel)["custom_id"])
    assert not env.backend.faults and not res.acknowledged  # the answer really failed
    assert (await current(bot, channel)).seq == game.seq  # and nothing was applied
    res = await player.click(panel, custom_id=first_action(panel)["custom_id"])  # again: it works
    assert res.acknowledged and (await current(bot, channel)).seq == game.seq + 1
    for _ in range(5):
        assert await play_step(env, bot, channel, actors)


async def test_one_error_handler_with_a_code_for_commands_and_buttons(simcord_env, simcord_bot, caplog):
    env, bot = simcord_env, simcord_bot
    guild, channel, actors = await playing(env, bot, steps=1)

    async def broken(*a, **kw):
        raise RuntimeError("boom")
    game = await current(bot, channel)
    player = actor_for(game, actors, game.state["turn"])
    panel = message(env, channel, game.panel_message_id)
    real_act, bot.service.act = bot.service.act, broken
    res = await player.click(panel, custom_id=first_action(panel)["custom_id"])
    code = bot.errors[-1][0]
    assert f"error `{code}`" in private(res)
    assert code in caplog.text
    bot.service.act = real_act

    real_log, bot.service.log_lines = bot.service.log_lines, broken
    res = await player.slash(channel, "pioneer log")
    code = bot.errors[-1][0]
    assert f"error `{code}`" in private(res)
    bot.service.log_lines = real_log
    assert [type(e).__name__ for e in env.errors] == ["CommandInvokeError"]  # seen by SimCord too
    bot.errors.clear()  # expected here
    assert await play_step(env, bot, channel, actors)  # and the game is fine


def _view_timers() -> list:
    """discord.py's timeout tasks of views it keeps (one per view sent ephemerally)."""
    return [t for t in asyncio.all_tasks() if "timeout_task_impl" in t.get_coro().__qualname__]


async def test_ephemeral_panels_are_not_kept_and_their_buttons_work(simcord_env, simcord_bot):
    """Our buttons are DynamicItems, found by custom_id: discord.py keeps no view of ours, though it
    would keep each one sent ephemerally for 15 minutes with a timeout task of its own."""
    env, bot = simcord_env, simcord_bot
    guild, channel, actors = table(env, 3)
    await start_game(env, channel, actors)
    res = await actors[0].slash(channel, "pioneer end")  # the host: an ephemeral confirmation
    assert res.ephemeral and res.response.components  # with its buttons
    store = bot._connection._view_store
    assert not _view_timers() and not store._views and not store._synced_message_views
    no = await actors[0].click(res.response, label="No, keep playing")  # its button still works
    assert not no.response.components and await current(bot, channel) is not None
    res = await actors[0].slash(channel, "pioneer end")
    await actors[0].click(res.response, label="Yes, end the game")
    assert await current(bot, channel) is None and not _view_timers()
