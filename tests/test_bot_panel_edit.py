"""A click on the panel edits the panel through the click's own interaction (cogs/courier.py _edit_panel):
Discord counts a channel's edit against the bot's global limit of requests a second, not an interaction's.
When that edit fails (the token run out, a hiccup), the panel is edited in its channel all the same."""

import discord
from simharness import controls, message, play_step, start_game, table

from cogs import unread


def _versions(env, channel, mid) -> set[str]:
    """The game versions the panel's move buttons carry (custom_id "pm:{game}:{version}:{move}")."""
    return {c.custom_id.split(":")[2] for c in controls(message(env, channel, mid))
            if (getattr(c, "custom_id", None) or "").startswith("pm:")}


def _spy(monkeypatch, fail_original: bool = False) -> dict:
    seen: dict[str, list[int]] = {"original": [], "channel": []}
    real_original, real_message = unread.edit_original, unread.edit_message

    async def original(interaction, **kw):
        seen["original"].append(interaction.message.id)
        if fail_original:
            raise discord.NotFound(type("R", (), {"status": 404, "reason": "Not Found"})(),
                                   {"code": 10015, "message": "Unknown Webhook"})
        return await real_original(interaction, **kw)

    async def in_channel(channel, message_id, **kw):
        seen["channel"].append(message_id)
        return await real_message(channel, message_id, **kw)
    monkeypatch.setattr(unread, "edit_original", original)
    monkeypatch.setattr(unread, "edit_message", in_channel)
    return seen


async def _first_turn(env, bot, channel, actors):
    await start_game(env, channel, actors)
    await env.settle()
    game = await bot.store.open_game_in_channel(channel.id)
    assert game.state["stage"] == "turn"  # (a click on the panel itself, not a private choice)
    return game


async def test_a_click_on_the_panel_edits_it_through_the_click(simcord_env, simcord_bot, monkeypatch):
    env, bot = simcord_env, simcord_bot
    guild, channel, actors = table(env, 3)
    game = await _first_turn(env, bot, channel, actors)
    seen = _spy(monkeypatch)
    assert await play_step(env, bot, channel, actors)
    await env.settle()
    now = await bot.store.open_game_in_channel(channel.id)
    assert now.seq > game.seq and now.panel_message_id == game.panel_message_id
    assert seen["original"].count(game.panel_message_id) == 1
    assert game.panel_message_id not in seen["channel"]
    assert _versions(env, channel, now.panel_message_id) == {str(now.seq)}
    # the picture uploaded with the edit is known by its attachment (kept, not uploaded again, while unchanged)
    kept = bot.courier._pictures.get(game.id)
    shown = {a.id for a in message(env, channel, now.panel_message_id).attachments}
    assert kept is not None and kept[1] in shown


async def test_the_panel_is_edited_in_its_channel_when_the_clicks_edit_fails(simcord_env, simcord_bot,
                                                                              monkeypatch):
    env, bot = simcord_env, simcord_bot
    guild, channel, actors = table(env, 3)
    game = await _first_turn(env, bot, channel, actors)
    seen = _spy(monkeypatch, fail_original=True)
    assert await play_step(env, bot, channel, actors)
    await env.settle()
    now = await bot.store.open_game_in_channel(channel.id)
    assert now.seq > game.seq and now.panel_message_id == game.panel_message_id
    assert seen["original"] == [game.panel_message_id]
    assert seen["channel"].count(game.panel_message_id) == 1
    assert _versions(env, channel, now.panel_message_id) == {str(now.seq)}


async def test_a_panel_frozen_into_a_record_by_a_click_is_edited_through_that_click(simcord_env, simcord_bot,
                                                                                   monkeypatch):
    env, bot = simcord_env, simcord_bot
    guild, channel, actors = table(env, 3)
    await _first_turn(env, bot, channel, actors)
    seen = _spy(monkeypatch)
    froze = 0
    for _ in range(60):
        game = await bot.store.open_game_in_channel(channel.id)
        if game is None or game.status != "active":
            break
        on_panel = game.state["stage"] == "turn"
        seen["channel"].clear()
        assert await play_step(env, bot, channel, actors)
        await env.settle()
        now = await bot.store.open_game_in_channel(channel.id)
        if on_panel:
            assert game.panel_message_id not in seen["channel"]
            froze += now.panel_message_id != game.panel_message_id
        if froze >= 1:
            break
    assert froze >= 1, "no click froze its panel into a record"
