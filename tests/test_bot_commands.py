"""The /pioneer commands, the lobby, ending a game, settings and start-up."""

import importlib
import os
import re
import subprocess
import sys

import discord
import pytest
from simharness import (
    CheapRenderer,
    answer,
    click_payload,
    controls,
    emit_clicks,
    message,
    play_step,
    private,
    start_game,
    table,
    text,
)

from app.settings import SettingsError
from bot import PERMISSIONS, ROOT, SHOWN_GAMES, SIMULATOR, GameBot, Settings
from engine import registry
from games import INSTALLED
from games.pioneer_days.rules.cards import EQUIPMENT


async def test_new_twice_in_a_channel_is_refused_with_a_pointer(simcord_env, simcord_bot):
    env = simcord_env
    guild, channel, actors = table(env, 2)
    first = await actors[0].slash(channel, "pioneer new", where="channel")
    assert not first.ephemeral and "## Pioneer Days — new table" in text(first.response)
    again = await actors[1].slash(channel, "pioneer new", where="channel", sets="CD")
    assert again.ephemeral and "already has a game" in again.response.content
    assert f"/{channel.id}/{first.response.id}" in again.response.content  # a link to the lobby
    other = guild.create_text_channel("other")
    assert not (await actors[1].slash(other, "pioneer new", where="channel")).ephemeral


async def test_lobby_rules(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    guild, channel, actors = table(env, 4)
    fifth = guild.add_member(env.create_user("eve"))
    host = actors[0]
    lobby = (await host.slash(channel, "pioneer new", where="channel", sets="BD", pioneers="unique",
                              timer=600)).response
    assert "B+D" in text(lobby) and "10 min" in text(lobby)
    res = await host.click(lobby, label="Start the game")
    assert "needs 2-4 players" in private(res)
    for a in actors[1:]:
        assert not (await a.click(lobby, label="Join")).ephemeral
    assert "already seated" in private(await actors[1].click(lobby, label="Join"))
    assert "full" in private(await fifth.click(lobby, label="Join"))
    assert "host" in private(await host.click(lobby, label="Leave"))
    await actors[3].click(lobby, label="Leave")
    assert "dee" not in text(message(env, channel, lobby.id))
    res = await actors[1].click(lobby, label="Start the game")
    assert "Only the host" in private(res)
    await host.click(lobby, label="Start the game")
    started = message(env, channel, lobby.id)
    assert not controls(started) and "started" in text(started)
    game = await bot.store.open_game_in_channel(channel.id)
    assert game.state["stage"] == "pioneer" and game.config["sets"] == ["B", "D"]
    assert game.options["timer"] == 600


async def test_the_host_changes_the_turn_timer_in_the_lobby(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    guild, channel, (ann, bob) = table(env, 2)
    lobby = (await ann.slash(channel, "pioneer new", where="channel")).response
    assert "Turn timer: **24 h**" in text(lobby)
    game = await bot.store.open_game_in_channel(channel.id)
    timer = f"pds:{game.id}:0:0"  # the lobby's first menu (the game's own options follow)
    res = await bob.select(lobby, ["v:timer:600"], custom_id=timer)
    assert "Only the host" in private(res)
    await ann.select(lobby, ["v:timer:600"], custom_id=timer)
    assert "Turn timer: **10 min**" in text(message(env, channel, lobby.id))
    game = await bot.store.open_game_in_channel(channel.id)
    assert game.options["timer"] == 600
    for forged in ("timer:5", "timer:x"):  # a modified client offering a value the lobby does not
        record, payload = click_payload(env, ann, lobby, f"pds:{game.id}:0:0", [forged])
        await emit_clicks(env, [(record, payload)])
        assert "isn't a choice this menu offers" in answer(env, record)
    assert (await bot.store.open_game_in_channel(channel.id)).options["timer"] == 600
    await bob.click(lobby, label="Join")
    await ann.click(lobby, label="Start the game")
    assert not controls(message(env, channel, lobby.id))  # no more changes once it started
    game = await bot.store.open_game_in_channel(channel.id)
    due = await bot.store.deadlines(game.id)
    assert due and all(d["due_at"] - d["remind_at"] == 300 for d in due.values())


async def test_end_needs_the_host_or_manage_channels(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    guild, channel, actors = table(env, 3)
    await start_game(env, channel, actors)
    for _ in range(4):
        await play_step(env, bot, channel, actors)
    res = await actors[1].slash(channel, "pioneer end")
    assert "Only the host" in private(res)
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_channels=True))
    mod = guild.add_member(env.create_user("mod"), roles=[mods])
    res = await mod.slash(channel, "pioneer end")
    assert res.ephemeral and not res.response.content.startswith("Only")
    no = await mod.click(res.response, label="No, keep playing")
    assert (await bot.store.open_game_in_channel(channel.id)) is not None and not no.response.components
    res = await mod.slash(channel, "pioneer end")
    await mod.click(res.response, label="Yes, end the game")
    assert await bot.store.open_game_in_channel(channel.id) is None
    last = channel.history()[-1]
    assert last.embeds[0].title == "Game ended" and "Standings" in last.embeds[0].fields[0].name
    # the game's old buttons now answer that it is over
    gid = (await bot.store.game_ids_in_channel(channel.id))[-1]
    g = await bot.store.game(gid)
    assert g.status == "ended"  # kept in the database
    assert not (await actors[0].slash(channel, "pioneer new", where="channel")).ephemeral


async def test_help_rules_and_autocomplete(simcord_env, simcord_bot):
    env = simcord_env
    guild, channel, actors = table(env, 1)
    a = actors[0]
    res = await a.slash(channel, "pioneer help")
    assert "/play new" in private(res) and "Matthew Dunstan" in private(res)  # how to start; the credit
    for topic in ("turn", "actions", "wagons", "disasters", "town", "scoring"):
        res = await a.slash(channel, "pioneer rules", topic=topic)
        assert res.ephemeral and len(res.response.content) > 80
    res = await a.slash(channel, "pioneer rules", topic="farmhand")
    assert "Farmhand" in private(res) and "VP" in res.response.content
    res = await a.slash(channel, "pioneer rules", topic="no such card")
    assert "Nothing called" in private(res)
    choices = await a.autocomplete(channel, "pioneer rules", "topic", "dis")
    assert any(c["value"] == "disasters" for c in choices) and len(choices) <= 25
    tile = next(iter(EQUIPMENT.values()))["name"]
    choices = await a.autocomplete(channel, "pioneer rules", "topic", tile[:5].lower())
    assert f"{tile} (equipment)" in [c["name"] for c in choices]
    res = await a.slash(channel, "pioneer rules", topic=tile.lower())
    assert res.response.content.startswith(f"**{tile}** — Equipment")


async def test_wagon_log_and_board(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    guild, channel, actors = table(env, 2)
    outsider = guild.add_member(env.create_user("outsider"))
    assert "no game" in private(await actors[0].slash(channel, "pioneer board"))
    await start_game(env, channel, actors)
    for _ in range(6):
        await play_step(env, bot, channel, actors)
    game = await bot.store.open_game_in_channel(channel.id)
    res = await actors[0].slash(channel, "pioneer wagon")
    assert "Gold tokens" in private(res) and res.response.attachments
    assert res.response.id not in [m.id for m in channel.history(viewer=actors[1])]  # private
    assert "not playing" in private(await outsider.slash(channel, "pioneer wagon"))
    res = await outsider.slash(channel, "pioneer log", count=3)
    assert res.ephemeral and 1 <= res.response.content.count("• ") <= 3
    old = game.panel_message_id
    res = await outsider.slash(channel, "pioneer board")  # a spectator: privately
    assert res.ephemeral and res.response.attachments and game.panel_message_id == old
    res = await actors[1].slash(channel, "pioneer board")  # a player: the table and panel come down here
    assert not res.ephemeral and res.response.attachments
    game = await bot.store.open_game_in_channel(channel.id)
    hist = channel.history()
    assert hist[-1].id == game.panel_message_id != old  # the panel is at the bottom again
    assert old not in [m.id for m in hist]  # the old one is gone
    res = await actors[0].slash(channel, "pioneer board")  # within the minute: privately
    assert res.ephemeral and res.response.attachments and len(channel.history()) == len(hist)
    await env.advance_time(61)
    assert not (await actors[0].slash(channel, "pioneer board")).ephemeral
    for _ in range(5):
        assert await play_step(env, bot, channel, actors)


async def test_board_and_wagon_after_the_game(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    guild, channel, actors = table(env, 2)
    await start_game(env, channel, actors)
    while await play_step(env, bot, channel, actors):
        pass
    res = await actors[0].slash(channel, "pioneer board")
    assert res.ephemeral and res.response.embeds[0].title == "Game over"
    assert res.response.attachments[0].filename == "results.png"
    res = await actors[1].slash(channel, "pioneer wagon")
    assert res.ephemeral and "Gold tokens" in private(res)  # the final wagon, values shown


async def test_dev_guild_gets_the_commands_at_start(simcord_env, db_path):
    env = simcord_env
    guild = env.create_guild(id=4242424242424242)
    channel = guild.create_text_channel("dev")
    user = guild.add_member(env.create_user("dev"))
    bot = GameBot(Settings(database_path=db_path, dev_guild_id=guild.id, app_emoji=False), renderer=CheapRenderer())
    await env.restart_bot(bot)
    try:
        assert "pioneer help" in user.available_commands(channel)
        assert (await user.slash(channel, "pioneer help")).ephemeral
    finally:
        await bot.store.close()
        bot.store = None


def test_settings_from_env(tmp_path):
    s = Settings.from_env({"DISCORD_TOKEN": " abc ", "DATABASE_PATH": str(tmp_path / "x.db"),
                           "DEV_GUILD_ID": "123", "LOG_LEVEL": "debug"})
    assert (s.discord_token, s.database_path, s.dev_guild_id, s.log_level) == (
        "abc", str(tmp_path / "x.db"), 123, "DEBUG")
    assert Settings.from_env({"DATABASE_PATH": "data/x.db"}).database_path == str(ROOT / "data" / "x.db")
    d = Settings.from_env({"DEV_GUILD_ID": " "})  # empty values (as in .env.example) mean the default
    assert d.discord_token is None and d.database_path.endswith(os.path.join("data", "pioneer.sqlite3"))
    assert d.dev_guild_id is None and d.log_level == "INFO"
    assert (d.ai_pause, d.ai_hard_budget) == (1.5, 240)
    s = Settings.from_env({"AI_PAUSE": "0.25", "AI_HARD_BUDGET": "16"})
    assert (s.ai_pause, s.ai_hard_budget) == (0.25, 16)


@pytest.mark.parametrize("env, named", [({"AI_PAUSE": "abc"}, "AI_PAUSE: Input should be a valid number"),
                                        ({"LOG_LEVEL": "loud"}, "LOG_LEVEL: Input should be 'DEBUG'"),
                                        ({"AI_HARD_BUDGET": "0"}, "AI_HARD_BUDGET"),
                                        ({"AI_PROCESSES": "-1"}, "AI_PROCESSES"),
                                        ({"DEV_GUILD_ID": "my server"}, "DEV_GUILD_ID")])
def test_bad_settings_name_the_variable(env, named):
    with pytest.raises(SettingsError, match=named):
        Settings.from_env(env)


def test_bad_settings_stop_the_bot_with_the_variable_named(tmp_path):
    env = {**os.environ, "DISCORD_TOKEN": "x", "AI_PAUSE": "abc"}
    r = subprocess.run([sys.executable, str(ROOT / "bot.py")], capture_output=True, text=True, env=env,
                       timeout=120, cwd=tmp_path)
    assert r.returncode == 2 and "AI_PAUSE" in r.stderr and "valid number" in r.stderr


def test_no_token_explains_and_shows_every_game_then_fails(tmp_path):
    env = {**os.environ, "DISCORD_TOKEN": ""}
    r = subprocess.run([sys.executable, str(ROOT / "bot.py"), "--demo-out", str(tmp_path / "demo")],
                       capture_output=True, text=True, env=env, timeout=600, cwd=ROOT)
    assert r.returncode == 2
    assert "applications.commands" in r.stdout and str(PERMISSIONS) in r.stdout
    explanation, _, simulated = r.stdout.partition(SIMULATOR)
    assert "offline simulator" in explanation
    for game in (importlib.import_module(m).GAME for m in INSTALLED):  # each: its AIs' games, one game's pictures
        shown = simulated.partition(f"== {game.name}:")[2]
        assert shown, f"{game.key} is not shown"
        level = game.ai_levels[0]
        assert f"{SHOWN_GAMES} games" in shown and f"seats: {level}, {level}" in shown
        written = re.search(r"wrote (\d+) images to (\S+)", shown)
        assert written and int(written[1]) >= 3 and (tmp_path / "demo" / game.key / "results.png").is_file()
        assert written[2] == str(tmp_path / "demo" / game.key)  # nothing written into the repository


async def test_new_refused_where_the_bot_cannot_post(simcord_env, simcord_bot):
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel(
        "read-only",
        overwrites={guild.me: discord.PermissionOverwrite(send_messages=False, embed_links=False)})
    host = guild.add_member(env.create_user("ann"))
    res = await host.slash(channel, "pioneer new", where="channel")
    assert "Send Messages" in private(res) and "Embed Links" in res.response.content
    assert await simcord_bot.store.open_game_in_channel(channel.id) is None


async def test_board_and_new_have_cooldowns(simcord_env, simcord_bot):
    env = simcord_env
    guild, channel, actors = table(env, 2)
    await start_game(env, channel, actors)
    for _ in range(3):
        assert "Slow down" not in private(await actors[1].slash(channel, "pioneer board"))
    res = await actors[1].slash(channel, "pioneer board")
    assert "Slow down" in private(res) and "can't use" not in private(res)
    await env.advance_time(61)
    assert "Slow down" not in private(await actors[1].slash(channel, "pioneer board"))
    other = guild.create_text_channel("other")
    for _ in range(2):
        await actors[1].slash(other, "pioneer new", where="channel")
    assert "Slow down" in private(await actors[1].slash(other, "pioneer new", where="channel"))
    assert {type(e).__name__ for e in env.errors} == {"CommandOnCooldown"}  # seen by SimCord, answered


async def test_rules_find_disasters_and_parts_of_names(simcord_env, simcord_bot):
    env = simcord_env
    guild, channel, actors = table(env, 1)
    res = await actors[0].slash(channel, "pioneer rules", topic="Storm")
    assert "**Storm**" in res.response.content and "wood" in res.response.content
    assert "while you have silver" in (await actors[0].slash(channel, "pioneer rules", topic="famine")).response.content
    res = await actors[0].slash(channel, "pioneer rules", topic="man")  # Handyman, Stockman, ...
    assert "Several cards match" in res.response.content and "Handyman" in res.response.content
    res = await actors[0].slash(channel, "pioneer rules", topic="blacks")  # a part of one name
    assert res.response.content.startswith("**Blacksmith**")


async def test_ending_early_shows_no_gold_values(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    guild, channel, actors = table(env, 2)
    await start_game(env, channel, actors)
    for _ in range(12):
        await play_step(env, bot, channel, actors)
    game = await bot.store.open_game_in_channel(channel.id)
    res = await actors[0].slash(channel, "pioneer end")
    await actors[0].click(res.response, label="Yes, end the game")
    ended = channel.history()[-1].embeds[0]
    assert ended.title == "Game ended" and "without gold" in ended.fields[0].name
    from games.pioneer_days.panel import public_vp
    vps = public_vp(game.state)
    for p in game.state["players"]:
        assert f"**{p['name']}** — {vps[p['seat']]} VP" in ended.fields[0].value


@pytest.mark.parametrize("command", ["play rules", "play leaderboard", "play stats"])
async def test_a_command_about_one_game_with_none_at_hand_asks_which(simcord_env, simcord_bot, command):
    env = simcord_env
    guild, channel, (ann,) = table(env, 1)
    said = private(await ann.slash(channel, command))
    assert said.startswith("Which game?") and all(g.name in said for g in registry.games())
    named = await ann.slash(channel, command, game="next-station")  # named: answered for that game
    assert not private(named).startswith("Which game?")
