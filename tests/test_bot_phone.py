"""The panel as a phone shows it: few controls, the likely choice first, effects where cards are offered,
what strikes tonight."""

import simharness
from simharness import controls, message, play_step, start_game, table

from ui import v2


async def current(bot, channel):
    return await bot.store.open_game_in_channel(channel.id)


async def test_the_turn_panel_fits_a_phone(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    guild, channel, actors = table(env, 4)
    await start_game(env, channel, actors)
    seen_forecast = False
    for _ in range(120):
        game = await current(bot, channel)
        if game is None:
            break
        st = game.state
        if st["stage"] == "turn":
            panel = message(env, channel, game.panel_message_id)
            rows = sum(1 for c in v2.components(panel) if c.type.value == 1)
            shown = len(controls(panel))
            assert rows <= 4 and shown <= 13, (rows, shown)
            text = simharness.text(panel)
            assert "Dice:" in text and ("Tonight" in text or "No disaster can strike tonight" in text)
            seen_forecast |= "strike" in text and "if " in text
            if st["step"] == "pick":
                menu = next(c for c in controls(panel) if c.type.value == 3)
                assert 1 <= len(menu.options) <= 25
                recruits = [o for o in menu.options if "Recruit" in o.label]
                assert all(o.description for o in recruits)  # the effect of whoever is offered
                assert "→" in menu.options[0].label  # a die and its use, in one choice
        assert await play_step(env, bot, channel, actors)
    assert seen_forecast  # a day came when something could strike, and the panel said which die


async def test_a_take_only_click_then_the_uses_with_their_effects(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    guild, channel, actors = table(env, 2)
    await start_game(env, channel, actors)
    game = await current(bot, channel)
    seat = game.state["turn"]
    player = next(a for a in actors if a.id == game.user_at(seat))
    panel = message(env, channel, game.panel_message_id)
    take = next(c for c in controls(panel)
                if (getattr(c, "label", None) or "").startswith("Take "))
    await player.click(panel, custom_id=take.custom_id)
    game = await current(bot, channel)
    assert game.state["step"] == "use"
    panel = message(env, channel, game.panel_message_id)
    labels = [c.label for c in controls(panel) if c.type.value == 2]
    assert any(x.startswith("Income +$") for x in labels)
    await player.click(panel, label=next(x for x in labels if x.startswith("Income +$")))
    game = await current(bot, channel)
    assert game.state["turn"] != seat and game.state["step"] == "pick"  # the use ended the turn: no End turn
