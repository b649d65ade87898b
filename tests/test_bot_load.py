"""Under load every click gets an answer within Discord's 3 s: one that reaches the bot already late is
answered "busy" at once (nothing applied). That an acknowledgement is not queued behind other clicks'
work is measured by bench/load.py (interactions, failed, p99)."""

from simharness import answer, click_payload, emit_clicks, first_action, message, start_game, table

from cogs.table import LATE_S


async def test_a_click_arriving_late_is_answered_busy_and_changes_nothing(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    _guild, channel, actors = table(env, 3)
    await start_game(env, channel, actors)
    game = await bot.store.open_game_in_channel(channel.id)
    panel = message(env, channel, game.panel_message_id)
    player = next(a for a in actors if a.id == game.user_at(game.state["turn"]))
    rec, payload = click_payload(env, player, panel, first_action(panel)["custom_id"])
    # Discord made the interaction LATE_S + 0.5 s ago (a backlog, a pause): its id says when
    env.backend.advance_clock(LATE_S + 0.5)
    before = len(await bot.store.actions(game.id))
    await emit_clicks(env, [(rec, payload)])
    assert rec.responded
    assert "busy" in answer(env, rec)
    assert len(await bot.store.actions(game.id)) == before
    assert (await bot.store.open_game_in_channel(channel.id)).seq == game.seq
