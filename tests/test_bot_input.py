"""Input the bot must not trust: forged slash options, a deleted lobby, floods of clicks, old buttons."""

import asyncio
import time

import discord
import pytest
from simharness import (
    answer,
    click_payload,
    controls,
    emit_clicks,
    forge,
    forged_slash,
    message,
    play_step,
    private,
    restart,
    start_game,
    table,
    text,
)

import games.pioneer_days.rules as engine
from cogs.table.busy import QUEUE_MAX


async def current(bot, channel):
    return await bot.store.open_game_in_channel(channel.id)


@pytest.mark.parametrize("options, expected", [
    ({"sets": "ZZ"}, "not a choice of `sets`"), ({"sets": "AA"}, "not a choice of `sets`"),
    ({"sets": "ABC"}, "not a choice of `sets`"), ({"sets": 5}, "not a choice of `sets`"),
    ({"pioneers": "all"}, "not a choice of `pioneers`"), ({"timer": -1}, "not one I offer"),
    ({"timer": 7}, "not one I offer"), ({"timer": "soon"}, "not one I offer"),
])
async def test_forged_new_options_are_refused(simcord_env, simcord_bot, options, expected):
    env, bot = simcord_env, simcord_bot
    guild, channel, actors = table(env, 2)
    res = await forged_slash(actors[0], channel, "pioneer new", **options)
    assert res.ephemeral and expected in res.response.content
    assert await current(bot, channel) is None  # no lobby was opened


async def test_forged_log_count_is_refused(simcord_env, simcord_bot):
    env = simcord_env
    guild, channel, actors = table(env, 2)
    await start_game(env, channel, actors)
    for count in ("abc", 0, 1000, -1):
        res = await forged_slash(actors[0], channel, "pioneer log", count=count)
        assert res.ephemeral and "1 to 30" in res.response.content, count
    res = await forged_slash(actors[0], channel, "pioneer log", count=3)
    assert res.ephemeral and res.response.content.count("• ") == 3


async def test_a_deleted_lobby_comes_back(simcord_env, simcord_bot, make_bot):
    env, bot = simcord_env, simcord_bot
    guild, channel, actors = table(env, 3)
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_messages=True))
    mod = guild.add_member(env.create_user("mod"), roles=[mods])
    lobby = (await actors[0].slash(channel, "pioneer new", where="channel")).response
    await mod.delete(message(env, channel, lobby.id))
    game = await current(bot, channel)
    assert game.lobby_message_id not in (None, lobby.id)
    again = message(env, channel, game.lobby_message_id)
    assert "deleted" in text(again)
    await actors[1].click(again, label="Join")
    res = await actors[0].slash(channel, "pioneer new", where="channel")  # points to the lobby that is there
    assert "already has a game" in private(res) and str(game.lobby_message_id) in private(res)

    # deleted while the bot was down: the next start posts it again
    bot = await restart(env, bot, make_bot)
    env.backend.delete_message(channel.id, game.lobby_message_id)
    bot = await restart(env, bot, make_bot)
    game = await current(bot, channel)
    shown = message(env, channel, game.lobby_message_id)
    assert [p.name for p in game.players] == ["ann", "bob"]
    await actors[2].click(shown, label="Join")
    await actors[0].click(shown, label="Start the game")
    assert (await current(bot, channel)).status == "active"


async def test_a_lobby_lost_before_its_message_was_recorded(simcord_env, simcord_bot):
    """The lobby row was written but the answer never reached Discord: /pioneer new shows it again."""
    env, bot = simcord_env, simcord_bot
    guild, channel, actors = table(env, 2)
    out = await bot.service.new_lobby("pioneer-days", guild.id, channel.id, actors[0].id, "ann",
                                      {"sets": ["A", "B"], "pioneers": "standard", "timer": 0})
    assert out.ok and out.game.lobby_message_id is None
    res = await actors[1].slash(channel, "pioneer new", where="channel")
    assert not res.ephemeral and "## Pioneer Days — new table" in text(res.response)
    game = await current(bot, channel)
    assert game.lobby_message_id == res.response.id
    await actors[1].click(res.response, label="Join")
    assert len((await current(bot, channel)).players) == 2


async def test_a_flood_of_clicks_applies_one_and_answers_all(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    guild, channel, actors = table(env, 2)
    await start_game(env, channel, actors)
    game = await current(bot, channel)
    player = next(a for a in actors if a.id == game.user_at(game.state["turn"]))
    panel = message(env, channel, game.panel_message_id)
    cids = [c.custom_id for c in controls(panel) if c.custom_id.startswith("pm:")]
    payloads = [click_payload(env, player, panel, cids[i % 2]) for i in range(12)]
    # the table is busy writing a move while the flood arrives: every click passes its check (the
    # game has not moved yet), six queue for the table and the rest are turned away at once
    lock = bot.service.lock(channel.id)
    await lock.acquire()
    records = [r for r, _ in payloads]
    for _r, payload in payloads:
        env.backend.emit("INTERACTION_CREATE", payload)
    give_up = time.monotonic() + 120  # waits for the clicks to be handled (a guard, not a pause)
    while time.monotonic() < give_up:
        if lock.queued == QUEUE_MAX and sum("busy" in answer(env, r) for r in records) == 12 - QUEUE_MAX:
            break
        await asyncio.sleep(0.01)
    lock.release()
    await env.settle()
    after = await current(bot, channel)
    assert after.seq == game.seq + 1 and len(await bot.store.actions(game.id)) == 1
    assert all(r.responded for r in records)
    texts = [answer(env, r) for r in records]
    refused = [t for t in texts if "moved on" in t or "busy" in t]
    assert len(refused) == 11, texts
    assert sum("busy" in t for t in texts) == 12 - QUEUE_MAX  # more than the table's queue: turned away


async def test_wording_of_old_buttons(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    guild, channel, actors = table(env, 2)
    other = guild.create_text_channel("other")
    kim = guild.add_member(env.create_user("kim"))
    await start_game(env, channel, actors)
    await start_game(env, other, [kim, guild.add_member(env.create_user("lou"))])
    first = await current(bot, channel)
    second = await current(bot, other)

    # "Yes, end" carrying the other channel's game
    res = await actors[0].slash(channel, "pioneer end")
    confirm = res.response
    forged = f"pd:{second.id}:{second.seq}:endok:{confirm.message.interaction_metadata.id}"
    rec, payload = click_payload(env, actors[0], confirm, forged)
    payload["message"] = forge(payload["message"], forged)
    await emit_clicks(env, [(rec, payload)])
    assert "another channel" in answer(env, rec)
    assert (await current(bot, other)).status == "active"

    # the game ends; the first confirmation's "No, keep playing" is pressed afterwards
    res2 = await actors[0].slash(channel, "pioneer end")
    await actors[0].click(res2.response, label="Yes, end the game")
    res = await actors[0].click(confirm, label="No, keep playing")
    assert "already over" in res.response.content
    assert (await bot.store.game(first.id)).status == "ended"


async def test_an_old_private_choice_says_the_moment_has_passed(simcord_env, simcord_bot):
    """A private town/disaster choice clicked after the game moved on is not "someone else's turn"."""
    env, bot = simcord_env, simcord_bot
    guild, channel, actors = table(env, 2)
    await start_game(env, channel, actors)
    kept = None
    for _ in range(800):
        game = await current(bot, channel)
        st = game.state
        if kept is None and st["stage"] in ("town", "disaster"):
            seat = engine.deciders(st)[0]
            actor = next(a for a in actors if a.id == game.user_at(seat))
            res = await actor.click(message(env, channel, game.panel_message_id), label="Decide (private)")
            kept = (actor, res.response, st["seq"])
        if kept and st["stage"] == "turn" and st["seq"] > kept[2] + 3:
            break
        assert await play_step(env, bot, channel, actors)
    actor, msg, _ = kept
    cid = next(c.custom_id for c in controls(msg.message)
               if c.custom_id.startswith("pm:"))
    res = await actor.click(msg, custom_id=cid)
    text = private(res) or res.response.content
    assert "earlier moment" in text and "turn" not in text, text


async def test_buttons_made_before_games_were_packages_still_work(simcord_env, simcord_bot):
    """Panels and lobbies posted by the bot of before carry their verbs of then: "My wagon" was `wagon`
    (now the host's `mine`, by Pioneer Days' legacy_verbs), the lobby's AI buttons `aieasy`/`aihard`."""
    env, bot = simcord_env, simcord_bot
    guild, channel, (ann, bob) = table(env, 2)
    lobby = (await ann.slash(channel, "pioneer new", where="channel")).response
    game = await bot.store.open_game_in_channel(channel.id)
    rec, payload = click_payload(env, ann, lobby, f"pd:{game.id}:0:aihard")
    payload["message"] = forge(payload["message"], f"pd:{game.id}:0:aihard")
    await emit_clicks(env, [(rec, payload)])
    game = await bot.store.open_game_in_channel(channel.id)
    assert [p.ai for p in game.players] == [None, "hard"]
    await ann.click(lobby, label="Start the game")
    game = await bot.store.open_game_in_channel(channel.id)
    panel = message(env, channel, game.panel_message_id)
    rec, payload = click_payload(env, ann, panel, f"pd:{game.id}:{game.seq}:wagon")
    payload["message"] = forge(payload["message"], f"pd:{game.id}:{game.seq}:wagon")
    await emit_clicks(env, [(rec, payload)])
    assert "Your wagon, ann" in answer(env, rec)
