"""A click acknowledged but not yet saved when the bot dies: after the restart its player is told, in the
channel, once, to make it again (app/clicks.py); a click saved just before the death is not reported. The
death is simulated where it matters: the click's task is cancelled inside the store's commit (before it, or
right after it), the process's journal file closed and its courier silenced, as if it had been killed there."""

import asyncio

from simharness import kill_switch, play_step, restart, start_game, table, turn_click

LOST = "the bot restarted before your click was saved"


async def current(bot, channel):
    return await bot.store.open_game_in_channel(channel.id)


def dies_in_commit(bot, after: bool) -> list:
    """The process dies inside its next commit: before it is written (after=False) or right after."""
    real = bot.store.commit_actions
    died: list = []

    async def commit(*a, **kw):
        ok = await real(*a, **kw) if after else None
        died.append(ok)
        journal = getattr(bot.service, "clicks", None)
        if journal is not None:
            journal.close()         # nothing more reaches the journal...
        kill_switch(bot)            # ...or the channel
        raise asyncio.CancelledError()
    bot.store.commit_actions = commit
    return died


def told(channel) -> list:
    return [m for m in channel.history() if LOST in m.content]


async def test_a_click_lost_in_the_window_is_told_after_the_restart_and_a_saved_one_is_not(
        simcord_env, simcord_bot, make_bot):
    env, bot = simcord_env, simcord_bot
    _guild, channel, actors = table(env, 2)
    await start_game(env, channel, actors)
    for _ in range(3):
        assert await play_step(env, bot, channel, actors)

    # saved, then the process dies before it could say so: the log has the click, nobody is told
    game, player, panel, move = await turn_click(env, bot, channel, actors)
    died = dies_in_commit(bot, after=True)
    await player.click(panel, custom_id=move)
    assert died == [True]
    bot = await restart(env, bot, make_bot)
    assert (await current(bot, channel)).seq > game.seq and told(channel) == []

    # acknowledged, not saved: the player is told once, and the same click works now
    game, player, panel, move = await turn_click(env, bot, channel, actors)
    died = dies_in_commit(bot, after=False)
    res = await player.click(panel, custom_id=move)
    assert died == [None] and res.acknowledged and not res.followups  # (acknowledged, then nothing)
    assert (await current(bot, channel)).seq == game.seq
    bot = await restart(env, bot, make_bot)
    assert (await current(bot, channel)).seq == game.seq
    shown = told(channel)
    assert len(shown) == 1 and f"<@{player.id}>" in shown[0].content and "make it again" in shown[0].content
    assert [m.id for m in shown[0].mentions] == [player.id]
    bot = await restart(env, bot, make_bot)  # said once: not again at the next start
    assert len(told(channel)) == 1
    _game, player, panel, move = await turn_click(env, bot, channel, actors)
    await player.click(panel, custom_id=move)
    assert (await current(bot, channel)).seq > game.seq
    for _ in range(4):
        assert await play_step(env, bot, channel, actors)
