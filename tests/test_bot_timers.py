"""Turn timers on SimCord's virtual clock: the reminder at half time, the easy AI deciding when the time
is up, simultaneous decisions, and deadlines that survive a restart (fired exactly once)."""

from simharness import buttons, first_action, message, start_game, table, text

import games.pioneer_days.rules as engine


async def current(bot, channel):
    return await bot.store.open_game_in_channel(channel.id)


def texts(channel) -> list[str]:
    return [m.content for m in channel.history()]


def timed_out(game, name: str) -> list[str]:
    return [x for x in game.recent if x.startswith(f"⏱ {name} ran out of time: the AI ")]


async def restart(env, bot, make_bot):
    await bot.store.close()  # the process goes away...
    bot.store = None
    new = make_bot()
    await env.restart_bot(new)  # ...and a new one starts on the same database
    return new


async def test_reminder_at_half_time_then_the_easy_ai_decides(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    guild, channel, actors = table(env, 2)
    await start_game(env, channel, actors, timer=120)
    game = await current(bot, channel)
    seat = game.state["turn"]
    late, other = (actors[0], actors[1]) if game.user_at(seat) == actors[0].id else (actors[1], actors[0])
    t0 = env.now().timestamp()
    row = (await bot.store.deadlines(game.id))[seat]
    assert list(await bot.store.deadlines(game.id)) == [seat] and abs(row["due_at"] - t0 - 120) < 1
    await env.advance_time(59)
    assert not any("half of your time" in t for t in texts(channel))
    await env.advance_time(2)
    reminders = [t for t in texts(channel) if "half of your time" in t]
    assert reminders == [f"⏰ <@{late.id}>: half of your time is left. The AI decides for you "
                         f"<t:{int(row['due_at'])}:R> — see the panel ↑"]
    assert not any("your turn — see" in t for t in texts(channel)), "the reminder replaced the turn ping"
    panel = message(env, channel, game.panel_message_id)  # a first click, taking a die only:
    take = next(c for c in buttons(panel) if (c["label"] or "").startswith("Take "))
    await late.click(panel, custom_id=take["custom_id"])  # the turn's clock keeps running
    assert (await current(bot, channel)).state["step"] == "use"
    assert (await bot.store.deadlines(game.id))[seat]["due_at"] == row["due_at"]
    seq = (await current(bot, channel)).seq
    await env.advance_time(60)
    game = await current(bot, channel)
    assert seat not in engine.deciders(game.state) and game.seq > seq  # the AI finished the turn for them
    assert len(timed_out(game, late.name)) == 1
    panel = text(message(env, channel, game.panel_message_id))
    assert f"⏱ {late.name} ran out of time: the AI " in panel
    log = await bot.store.actions(game.id)
    assert [r["user_id"] for r in log if r["seq"] >= seq] == [0] * (game.seq - seq)  # moves by the bot
    assert engine.to_json(await bot.service.replayed(game)) == game.state_json
    nxt = (await bot.store.deadlines(game.id))[game.state["turn"]]
    assert abs(nxt["due_at"] - (t0 + 120 + 120)) < 1  # a fresh clock for the next player
    assert f"<@{other.id}>, your turn — see the panel ↑" in texts(channel)


async def test_simultaneous_decisions_time_out_for_each_person(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    guild, channel, actors = table(env, 3)
    ann, bob, cy = actors
    await start_game(env, channel, actors, timer=600, pioneers="unique")
    game = await current(bot, channel)
    assert game.state["stage"] == "pioneer" and sorted(await bot.store.deadlines(game.id)) == [0, 1, 2]
    assert f"<@{ann.id}> <@{bob.id}> <@{cy.id}>: decide your pioneer (private)" in texts(channel)[-1]
    res = await ann.click(message(env, channel, game.panel_message_id), label="Decide (private)")
    await ann.click(res.response, custom_id=first_action(res.response.message)["custom_id"])
    assert sorted(await bot.store.deadlines(game.id)) == [1, 2]
    await env.advance_time(301)
    assert f"⏰ <@{bob.id}> <@{cy.id}>: half of your time is left" in texts(channel)[-1]
    await env.advance_time(300)
    game = await current(bot, channel)
    assert game.state["stage"] == "turn"
    assert [len(timed_out(game, n)) for n in ("ann", "bob", "cy")] == [0, 1, 1]
    assert timed_out(game, "bob")[0].startswith("⏱ bob ran out of time: the AI played for them. bob plays ")


async def test_a_pending_timer_fires_once_after_a_restart(simcord_env, simcord_bot, make_bot):
    env, bot = simcord_env, simcord_bot
    guild, channel, actors = table(env, 2)
    await start_game(env, channel, actors, timer=120)
    await env.advance_time(30)
    game = await current(bot, channel)
    seat, name = game.state["turn"], game.display(game.state["turn"])
    new = await restart(env, bot, make_bot)
    await env.advance_time(20)
    assert (await current(new, channel)).seq == game.seq
    assert not any("half of your time" in t for t in texts(channel))
    await env.advance_time(15)  # the reminder at half time, by the new process
    assert sum("half of your time" in t for t in texts(channel)) == 1
    await env.advance_time(60)  # past the deadline stored by the previous process
    after = await current(new, channel)
    assert seat not in engine.deciders(after.state) and len(timed_out(after, name)) == 1
    log = await new.store.actions(game.id)
    assert [r["seat"] for r in log if r["user_id"] == 0] == [seat] * (after.seq - game.seq)
    assert engine.to_json(await new.service.replayed(after)) == after.state_json


async def test_an_overdue_timer_fires_at_start_up(simcord_env, simcord_bot, make_bot):
    env, bot = simcord_env, simcord_bot
    guild, channel, actors = table(env, 2)
    await start_game(env, channel, actors, timer=120)
    game = await current(bot, channel)
    seat, name = game.state["turn"], game.display(game.state["turn"])
    bot.timers.stop()  # the bot is down while the deadline passes
    await env.advance_time(500)
    assert (await current(bot, channel)).seq == game.seq
    new = await restart(env, bot, make_bot)
    await env.settle()
    after = await current(new, channel)
    assert seat not in engine.deciders(after.state) and len(timed_out(after, name)) == 1
    nxt = (await new.store.deadlines(game.id))[after.state["turn"]]
    assert abs(nxt["due_at"] - (env.now().timestamp() + 120)) < 1
    await env.advance_time(1000)  # and the timers go on: every later turn times out in its turn
    later = await current(new, channel)
    assert later.seq > after.seq and engine.to_json(await new.service.replayed(later)) == later.state_json


async def test_a_click_just_after_the_timer_played_for_you_says_so(simcord_env, simcord_bot):
    """A move made on the game as it was, arriving after the timer made the AI choose (the click was on its way):
    "your time ran out" and what was played, not only "the game has moved on"."""
    env, bot = simcord_env, simcord_bot
    guild, channel, actors = table(env, 2)
    await start_game(env, channel, actors, timer=120)
    game = await current(bot, channel)
    seat = game.state["turn"]
    late = actors[0] if game.user_at(seat) == actors[0].id else actors[1]
    move = engine.legal_actions(game.state, seat)[0].id
    await env.advance_time(121)
    moved = await current(bot, channel)
    assert moved.seq > game.seq and len(timed_out(moved, late.name)) == 1
    out = await bot.service.act(game.id, channel.id, late.id, game.seq, move)
    assert not out.ok and out.code == "timed_out"
    assert out.message.startswith("Your time ran out just before your click, so the AI played for you: ")
    assert timed_out(moved, late.name)[0].split(": the AI played for them. ")[1][:20] in out.message
    assert (await current(bot, channel)).seq == moved.seq  # nothing else changed
    other = next(a for a in actors if a is not late)
    out = await bot.service.act(game.id, channel.id, other.id, game.seq, move)  # not theirs: as before
    assert not out.ok and out.code == "stale"
