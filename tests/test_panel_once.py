"""A panel is built once for each moment of a game: the courier shows it and a click on it is checked
against that same build (ui/messages.game_panel), not built again for the check. A moment seen again
with other contents (a move taken back, another played at the same count) gets a panel of its own."""

import json
from collections import OrderedDict

from simharness import play_step, start_game, table, turn_click

from app.tables import game_of


def count_panels(monkeypatch, show) -> list:
    built: list = []
    original = type(show).panel

    def panel(self, tbl, state):
        built.append(state["seq"])
        return original(self, tbl, state)
    monkeypatch.setattr(type(show), "panel", panel)
    return built


async def test_a_click_on_a_menu_is_checked_against_the_panel_shown_without_building_it_again(
        simcord_env, simcord_bot, monkeypatch):
    env, bot = simcord_env, simcord_bot
    _guild, channel, actors = table(env, 3)
    await start_game(env, channel, actors)
    game, _player, _panel, _cid = await turn_click(env, bot, channel, actors)
    built = count_panels(monkeypatch, game_of(game).show)
    for _ in range(6):  # menu picks, the top choice of the panel: each is checked, then applied
        assert await play_step(env, bot, channel, actors)
    after = await bot.store.open_game_in_channel(channel.id)
    assert after.seq > game.seq
    # one build per moment the panel showed; the checks of the clicks on it built none
    assert len(built) == len(set(built)), built
    assert len(built) <= after.seq - game.seq


async def test_a_moment_reached_again_with_other_contents_is_not_served_the_old_panel(
        simcord_env, simcord_bot, monkeypatch):
    from ui import messages
    env, bot = simcord_env, simcord_bot
    _guild, channel, actors = table(env, 3)
    await start_game(env, channel, actors)
    game = await bot.store.open_game_in_channel(channel.id)
    built = count_panels(monkeypatch, game_of(game).show)
    monkeypatch.setattr(messages, "_built", OrderedDict())  # (the courier's build of this moment forgotten)
    messages.game_panel(game)
    messages.game_panel(game)
    assert len(built) == 1  # the same moment: one build
    other = await bot.store.open_game_in_channel(channel.id)
    changed = json.loads(other.state_json)
    changed["round_marker_for_the_test"] = 1  # the same count of moves, other contents
    other.state_json, other._state = json.dumps(changed), None
    messages.game_panel(other)
    assert len(built) == 2
    moved = await bot.store.open_game_in_channel(channel.id)
    moved.recent = [*moved.recent, "a line the first build did not have"]  # the table changed
    messages.game_panel(moved)
    assert len(built) == 3


async def test_a_panel_of_a_moment_passed_does_not_replace_a_later_one(simcord_env, simcord_bot, monkeypatch):
    """A worker's build that ends after the next move's panel was kept (courier.build_panel) is not kept over it;
    another game under the same id (another database) is."""
    import dataclasses

    from ui import messages
    env, bot = simcord_env, simcord_bot
    _guild, channel, actors = table(env, 3)
    await start_game(env, channel, actors)
    assert await play_step(env, bot, channel, actors)
    before = await bot.store.open_game_in_channel(channel.id)
    assert await play_step(env, bot, channel, actors)
    later = await bot.store.open_game_in_channel(channel.id)
    assert later.seq > before.seq
    monkeypatch.setattr(messages, "_built", OrderedDict())
    messages.game_panel(later)  # (built and kept)
    built = count_panels(monkeypatch, game_of(later).show)
    messages.keep_panel(before, "en", messages.game_panel(later))  # the older moment's late build
    assert messages.has_panel(later, "en") and not messages.has_panel(before, "en")
    messages.game_panel(later)
    assert built == []  # the later panel still served from what was kept
    other = dataclasses.replace(before, seed=before.seed + 1)  # another game with this id: kept
    messages.keep_panel(other, "en", messages.game_panel(later))
    assert messages.has_panel(other, "en")
