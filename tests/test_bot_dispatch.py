"""A click on a persistent component is made into its item alone (ui/dispatch.py), not by rebuilding the
whole clicked message as a view (discord.py's way; issue 43: a tenth of the loop's time a click went there)."""

from types import SimpleNamespace

import discord
from simharness import play_step, start_game, table

from ui import dispatch


def _c(kind: discord.ComponentType, custom_id=None, children=(), accessory=None):
    return SimpleNamespace(type=kind, custom_id=custom_id, children=list(children), accessory=accessory)


def test_the_clicked_component_is_found_at_any_depth_by_type_and_id():
    T = discord.ComponentType
    button = _c(T.button, "pm:1:2:0:take")
    accessory = _c(T.button, "pd:1:2:hint")
    select = _c(T.string_select, "pds:1:2:0")
    message = [_c(T.text_display),
               _c(T.container, children=[_c(T.section, accessory=accessory),
                                         _c(T.action_row, children=[_c(T.button, "pd:1:2:undo"), button])]),
               _c(T.action_row, children=[select])]
    assert dispatch.clicked(message, T.button.value, "pm:1:2:0:take") is button
    assert dispatch.clicked(message, T.button.value, "pd:1:2:hint") is accessory
    assert dispatch.clicked(message, T.string_select.value, "pds:1:2:0") is select
    assert dispatch.clicked(message, T.string_select.value, "pm:1:2:0:take") is None  # (the type must match)
    assert dispatch.clicked(message, T.button.value, "pm:1:2:0:nope") is None


async def test_panel_clicks_are_played_without_rebuilding_the_message_as_a_view(simcord_env, simcord_bot,
                                                                                monkeypatch):
    env, bot = simcord_env, simcord_bot
    assert bot._connection._view_store.schedule_dynamic_item_call is dispatch.call_dynamic_item
    guild, channel, actors = table(env, 3)
    await start_game(env, channel, actors)
    await env.settle()
    before = (await bot.store.open_game_in_channel(channel.id)).seq

    def rebuilt(*a, **kw):
        raise AssertionError("the clicked message was rebuilt as a view")
    monkeypatch.setattr(discord.ui.view.BaseView, "from_message", classmethod(rebuilt))
    for _ in range(4):
        assert await play_step(env, bot, channel, actors)
        await env.settle()
    assert (await bot.store.open_game_in_channel(channel.id)).seq >= before + 4


async def test_a_click_on_a_component_the_message_does_not_have_runs_nothing():
    calls = []

    class Factory:
        @classmethod
        async def from_custom_id(cls, interaction, item, match):
            calls.append(item)
            raise AssertionError("not to be made")

    message = SimpleNamespace(components=[], flags=SimpleNamespace(components_v2=True))
    await dispatch.call_dynamic_item(discord.ComponentType.button.value, Factory,
                                     SimpleNamespace(message=message, data={}), "pd:1:2:x", None)
    assert calls == []
