"""A game running from before the Components V2 panel and the threads (issue 38): its embed panel in its
channel keeps working, and becomes a V2 panel (its picture inside) on its next edit; it stays in its
channel (no thread is opened for a game already running)."""

from simharness import controls, has_picture, message, table

V2 = 1 << 15  # Discord's IS_COMPONENTS_V2 message flag


async def test_an_embed_panel_of_before_plays_on_and_becomes_v2_on_its_next_edit(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    guild, channel, (ann, bob) = table(env, 2)
    lobby = (await ann.slash(channel, "play new pyramid-poker", where="channel")).response
    await bob.click(lobby, label="Join")
    await ann.click(lobby, label="Start the game")
    game = await bot.store.open_game_in_channel(channel.id)
    panel = env.backend.get_message(channel.id, game.panel_message_id)
    decide = next(c.custom_id for c in controls(message(env, channel, panel.id)) if c.label == "Decide (private)")
    # the panel as the bot posted it before: an embed, and a row of buttons under it
    panel.flags, panel.attachments = 0, []
    panel.embeds = [{"type": "rich", "title": "Pyramid Poker", "description": "(the panel of before)"}]
    panel.components = [{"type": 1, "components": [{"type": 2, "style": 1, "label": "Decide (private)",
                                                    "custom_id": decide}]}]
    who = ann if game.user_at(game.state["turn"]) == ann.id else bob
    res = await who.click(message(env, channel, panel.id), label="Decide (private)")
    shown = [res.response, *res.followups][-1]
    move = next(c.custom_id for c in controls(shown.message) if (c.custom_id or "").startswith("pm:"))
    await who.click(shown, custom_id=move)
    after = await bot.store.open_game_in_channel(channel.id)
    assert after.seq > game.seq and after.home_id is None and after.channel_id == channel.id
    assert after.panel_message_id == panel.id  # edited, not posted anew
    now = env.backend.get_message(channel.id, after.panel_message_id)
    assert now.flags & V2 and not now.embeds and has_picture(message(env, channel, now.id))
