"""A thread of its own for each game (cogs/threads.py): the lobby in the channel, the game in a thread opened on
it (the panel, the records, the pictures, the pings), the results back in the channel; a private table in an
invite-only thread its people are added to; where the bot may not open threads, the game is played in the
channel and its host is told once; several games at once in one channel."""

import discord
from simharness import controls, has_picture, message, private, table, text


async def thread_game(bot, channel_id: int):
    """The last game opened from `channel_id` (None if it stayed in the channel)."""
    rows = await bot.store._rows("SELECT id FROM games WHERE home_id=? ORDER BY id DESC", (channel_id,))
    return await bot.store.game(rows[0][0]) if rows else None


def thread_of(channel, game):
    return next(t for t in channel.threads if t.id == game.channel_id)


async def finish_poker_steps(env, bot, thread, gid: int, people, steps: int) -> bool:
    """Plays up to `steps` decisions of a Pyramid Poker game through its panel in `thread` (each decision in
    private); True once the game is over."""
    by_id = {p.id: p for p in people}
    for _step in range(steps):
        game = await bot.store.game(gid)
        if game.status != "active":
            return True
        who = by_id[game.user_at(game.state["turn"])]
        res = await who.click(message(env, thread, game.panel_message_id), label="Decide (private)")
        shown = [res.response, *res.followups][-1]
        move = next(c for c in controls(shown.message) if (c.custom_id or "").startswith("pm:"))
        await who.click(shown, custom_id=move.custom_id)
    return (await bot.store.game(gid)).status != "active"


async def finish_poker(env, bot, thread, gid: int, people) -> None:
    assert await finish_poker_steps(env, bot, thread, gid, people, 200), "the game did not end in 200 decisions"


async def test_a_game_is_played_in_a_thread_of_its_own_and_its_results_come_back(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    guild, channel, (ann, bob) = table(env, 2)
    lobby = (await ann.slash(channel, "play new pyramid-poker")).response
    game = await thread_game(bot, channel.id)
    assert game is not None and game.channel_id != channel.id and game.home_id == channel.id
    thread = thread_of(channel, game)
    assert env.backend.channels[thread.id].parent_id == channel.id
    await bob.click(lobby, label="Join")
    await ann.click(lobby, label="Start the game")
    game = await bot.store.game(game.id)
    assert game.status == "active" and f"<#{thread.id}>" in text(message(env, channel, lobby.id))
    assert env.backend.get_message(thread.id, game.panel_message_id) is not None  # the panel is in the thread
    before = len(channel.history())
    await finish_poker(env, bot, thread, game.id, (ann, bob))
    after = channel.history()[before:]
    assert [m.embeds[0].title for m in after if m.embeds] == ["Game over"]  # the results, in the channel
    assert len(channel.history()) <= 3  # the lobby, the thread's start and the results: nothing else
    assert any(m.id == game.panel_message_id for m in thread.history())


async def test_a_private_table_is_an_invite_only_thread_its_people_are_added_to(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    guild, channel, (ann, bob, cy) = table(env, 3)
    lobby = (await ann.slash(channel, "play new pyramid-poker", where="private")).response
    game = await thread_game(bot, channel.id)
    thread = env.backend.channels[game.channel_id]
    assert thread.type == discord.ChannelType.private_thread.value and thread.parent_id == channel.id
    assert ann.id in thread.thread_members and bob.id not in thread.thread_members
    await bob.click(lobby, label="Join")
    assert bob.id in thread.thread_members and cy.id not in thread.thread_members
    await ann.click(lobby, label="Start the game")
    game = await bot.store.game(game.id)
    assert game.status == "active" and env.backend.get_message(thread.id, game.panel_message_id) is not None


async def test_without_thread_permissions_the_game_is_played_in_the_channel(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    guild = env.create_guild()
    channel = guild.create_text_channel(
        "no-threads", overwrites={guild.me: discord.PermissionOverwrite(create_public_threads=False)})
    ann, bob = (guild.add_member(env.create_user(n)) for n in ("ann", "bob"))
    res = await ann.slash(channel, "play new pyramid-poker")
    told = private(res)
    assert "Create Public Threads" in told and "played in this channel" in told
    game = await bot.store.open_game_in_channel(channel.id)
    assert game is not None and game.home_id is None and not channel.threads
    await bob.click(res.response, label="Join")
    await ann.click(res.response, label="Start the game")
    game = await bot.store.game(game.id)
    assert game.status == "active" and env.backend.get_message(channel.id, game.panel_message_id) is not None


async def test_several_games_at_once_in_one_channel(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    guild, channel, (ann, bob, cy, dee) = table(env, 4)
    first = (await ann.slash(channel, "play new pyramid-poker")).response
    one = await thread_game(bot, channel.id)
    second = (await cy.slash(channel, "play new pyramid-poker")).response
    two = await thread_game(bot, channel.id)
    assert one.id != two.id and one.channel_id != two.channel_id and len(channel.threads) == 2
    await bob.click(first, label="Join")
    await dee.click(second, label="Join")
    await ann.click(first, label="Start the game")
    await cy.click(second, label="Start the game")
    one, two = await bot.store.game(one.id), await bot.store.game(two.id)
    assert one.status == two.status == "active"
    # a button of one game's panel clicked in the other's thread is refused, and changes nothing
    panel_one = message(env, thread_of(channel, one), one.panel_message_id)
    assert env.backend.get_message(two.channel_id, two.panel_message_id) is not None
    await finish_poker(env, bot, thread_of(channel, one), one.id, (ann, bob))
    assert (await bot.store.game(one.id)).status == "over"
    assert (await bot.store.game(two.id)).status == "active" and (await bot.store.game(two.id)).state == two.state
    assert panel_one.id == one.panel_message_id


async def test_a_game_started_in_a_thread_is_played_in_that_thread(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    guild, channel, (ann, bob) = table(env, 2)
    await ann.slash(channel, "play new pyramid-poker")
    first = await thread_game(bot, channel.id)
    thread = thread_of(channel, first)
    res = await ann.slash(thread, "play end")  # (the lobby's own /play end works in its thread)
    await ann.click(res.response, label="Yes, end the game")
    assert (await bot.store.game(first.id)).status == "ended"
    res = await bob.slash(thread, "play new pyramid-poker")
    game = await bot.store.open_game_in_channel(thread.id)
    assert game is not None and game.id != first.id and game.home_id is None  # no thread in a thread
    assert len(channel.threads) == 1 and game.lobby_message_id == res.response.id


async def test_commands_in_the_channel_find_the_game_of_its_thread(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    guild, channel, (ann, bob, cy, dee) = table(env, 4)
    await ann.slash(channel, "play new pyramid-poker")
    one = await thread_game(bot, channel.id)
    await cy.slash(channel, "play new pyramid-poker")
    two = await thread_game(bot, channel.id)
    # a person at one table: /play end in the channel means that table (the host's own)
    res = await cy.slash(channel, "play end")
    assert "Close this lobby?" in private(res)
    await cy.click(res.response, label="Yes, end the game")
    assert (await bot.store.game(two.id)).status == "ended" and (await bot.store.game(one.id)).status == "lobby"
    await cy.slash(channel, "play new pyramid-poker")
    three = await thread_game(bot, channel.id)
    # someone at no table, with two open: pointed to both threads, nothing done
    res = await dee.slash(channel, "play end")
    told = private(res)
    assert f"<#{one.channel_id}>" in told and f"<#{three.channel_id}>" in told and "thread" in told
    # a game played to the end in its thread: its record is found from the channel and from the thread
    await bob.click(message(env, channel, one.lobby_message_id), label="Join")
    await ann.click(message(env, channel, one.lobby_message_id), label="Start the game")
    await finish_poker(env, bot, thread_of(channel, one), one.id, (ann, bob))
    res = await dee.slash(channel, "play history")
    assert f"{one.id}" in private(res) or f"{one.id}" in text(res.response)
    res = await dee.slash(thread_of(channel, one), "play replay")
    assert not res.response.ephemeral and has_picture(res.response.message if hasattr(res.response, "message")
                                                      else res.response)


async def test_an_archived_thread_is_opened_again_for_the_panel(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    guild, channel, (ann, bob) = table(env, 2)
    lobby = (await ann.slash(channel, "play new pyramid-poker")).response
    game = await thread_game(bot, channel.id)
    await bob.click(lobby, label="Join")
    await ann.click(lobby, label="Start the game")
    game = await bot.store.game(game.id)
    thread = thread_of(channel, game)
    env.backend.channels[thread.id].thread_metadata.archived = True  # (a week without a message)
    env.inject_error("PATCH", f"/channels/{thread.id}/messages/*", status=400, code=50083,
                     message="Thread is archived", times=1)
    before = (await bot.store.game(game.id)).seq
    await finish_poker_steps(env, bot, thread, game.id, (ann, bob), 1)
    assert (await bot.store.game(game.id)).seq > before
    reopened = [r for r in env.http_requests if r.method == "PATCH" and r.path == f"/channels/{thread.id}"]
    assert reopened and reopened[0].json.get("archived") is False
    assert not env.backend.channels[thread.id].thread_metadata.archived
