"""After a game: Rematch opens a lobby with the same table, once, and keeps working after a restart."""

from simharness import controls, message, play_step, private, restart, start_game, table, text


async def end_now(channel, host):
    res = await host.slash(channel, "pioneer end")
    await host.click(res.response, label="Yes, end the game")
    return channel.history()[-1]


async def test_rematch_seats_the_same_table_once(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    guild, channel, actors = table(env, 3)
    res = await actors[0].slash(channel, "pioneer new", where="channel")
    await actors[1].click(res.response, label="Join")
    await actors[0].click(res.response, label="Add AI (easy)")
    await actors[0].click(res.response, label="Start the game")
    lobby = await bot.store.open_game_in_channel(channel.id)
    ai_before = sorted(p.ai for p in lobby.players if p.ai)
    for _ in range(4):
        await play_step(env, bot, channel, actors)
    standings = await end_now(channel, actors[0])
    old = await bot.store.game(lobby.id)
    assert old.status == "ended"

    outsider = actors[2]  # sat at no seat of that game
    res = await outsider.click(standings, label="Rematch")
    assert res.ephemeral and "Only the players" in private(res)
    assert await bot.store.open_game_in_channel(channel.id) is None

    res = await actors[1].click(standings, label="Rematch")  # the guest, not the old host
    new = await bot.store.open_game_in_channel(channel.id)
    assert new is not None and new.id != old.id and new.status == "lobby"
    assert new.host_id == actors[1].id
    # the AIs are seated at once; the other person is invited (pinged), and seated when they accept
    assert [p.user_id for p in new.players if not p.ai] == [actors[1].id]
    assert sorted(p.ai for p in new.players if p.ai) == ai_before == ["easy"]
    assert new.options == old.options
    shown = message(env, channel, res.response.id)
    assert "Start the game" in [getattr(c, "label", None) for c in controls(shown)]  # the answer is the new lobby
    assert f"<@{actors[0].id}>" in text(shown) and "invites you to a rematch" in text(shown)
    assert f"<@{actors[2].id}>" not in text(shown)
    lobby_msg = channel.history()[-1]
    await actors[0].click(lobby_msg, label="Join")
    new = await bot.store.open_game_in_channel(channel.id)
    assert sorted(p.user_id for p in new.players if not p.ai) == sorted(a.id for a in actors[:2])

    res = await actors[0].click(standings, label="Rematch")  # a second press opens nothing more
    assert res.ephemeral and "already open" in private(res)
    assert (await bot.store.open_game_in_channel(channel.id)).id == new.id


async def test_rematch_button_works_after_a_restart(simcord_env, simcord_bot, make_bot):
    env, bot = simcord_env, simcord_bot
    guild, channel, actors = table(env, 2)
    await start_game(env, channel, actors)
    standings = await end_now(channel, actors[0])
    new_bot = await restart(env, bot, make_bot)
    await actors[0].click(standings, label="Rematch")
    game = await new_bot.store.open_game_in_channel(channel.id)
    assert game is not None and game.status == "lobby" and len(game.players) == 1  # (the other is invited)


async def test_rematch_is_refused_while_the_game_runs(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    guild, channel, actors = table(env, 2)
    await start_game(env, channel, actors)
    game = await bot.store.open_game_in_channel(channel.id)
    out = await bot.service.rematch(game.id, channel.id, actors[0].id, actors[0].name)
    assert not out.ok and "not over" in out.message
