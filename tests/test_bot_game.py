"""Complete games played only through slash commands and clicks, as Discord would deliver them."""

import random
import re

from simharness import controls, play_random_step, play_step, start_game, table, text

import games.pioneer_days.rules as engine
from engine import views as host_views

GOLD_VALUE = re.compile(r"gold token \(\d|Gold tokens: \d")


def public_texts(channel, viewer):
    """Everything `viewer` can see in the channel (their own ephemerals excluded by passing a
    spectator): contents, embeds and component labels/options."""
    for m in channel.history(viewer=viewer):
        yield m.content
        for e in m.embeds:
            yield e.title or ""
            yield e.description or ""
            for f in e.fields:
                yield f"{f.name} {f.value}"
        yield text(m)
        for c in controls(m):
            yield getattr(c, "label", None) or ""
            for o in getattr(c, "options", []):
                yield o.label


async def finish(env, bot, channel, actors, step, limit=2000):
    n = 0
    while await step():
        n += 1
        assert n < limit, "the game does not end"
    return n


async def check_replay(bot, channel):
    g = await bot.store.game((await bot.store.game_ids_in_channel(channel.id))[-1])
    assert g.status == "over"
    rebuilt = await bot.service.replayed(g)
    assert engine.to_json(rebuilt) == g.state_json, "the stored state must equal the replay of the log"
    return g


async def test_three_player_game_first_choice(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    guild, channel, actors = table(env, 3)
    spectator = guild.add_member(env.create_user("spectator"))
    await start_game(env, channel, actors)
    log: list[str] = []
    n = await finish(env, bot, channel, actors, lambda: play_step(env, bot, channel, actors, log))
    assert n > 60  # 20 days of 3 turns, most in one click, plus the decisions
    g = await check_replay(bot, channel)
    history = channel.history()
    final = history[-1]
    assert final.embeds[0].title == "Game over"
    assert final.attachments and final.attachments[0].filename == "results.png"
    winners = [g.state["players"][r["seat"]]["name"] for r in g.state["result"] if r["winner"]]
    assert all(w in final.embeds[0].description for w in winners)
    fields = final.embeds[0].fields
    assert len(fields) == 4 and fields[3].name == "Rating"  # the breakdown of every player, the ratings
    assert all(f"{g.state['players'][s]['name']}: provisional, 1 of 3" in fields[3].value for s in range(3))  # new
    # a table image at the start and end of every day: 20 days begin, the last one ends
    images = [m for m in history if m.attachments and m.attachments[0].filename == "round.png"]
    captions = [text(m).split("\n")[0] for m in images]  # (the caption, over the record)
    assert sum("begins" in c for c in captions) == 20
    assert any("End of week 4, day 5" in c for c in captions)
    # one message per day: the day's panel, frozen as its record, carries the day's picture (the whole
    # game, the lobby, the first day's picture, the results and the messages people sent included)
    # (26-29 in quiet runs; a run on a loaded machine saw 31: a ping or a day's start shown apart)
    assert len(history) <= 32, len(history)
    assert sum(1 for m in images if "\n## Week" in text(m)) >= 19  # (a caption over a day's record)
    assert not any(GOLD_VALUE.search(t) for t in public_texts(channel, spectator))


async def test_four_players_unique_pioneers_random_choices(simcord_env, simcord_bot):
    """Random choices among every button and menu option, private panels included."""
    env, bot = simcord_env, simcord_bot
    guild, channel, actors = table(env, 4)
    spectator = guild.add_member(env.create_user("spectator"))
    await start_game(env, channel, actors, pioneers="unique", sets="CE")
    rng = random.Random(7)
    log: list[str] = []
    await finish(env, bot, channel, actors, lambda: play_random_step(env, bot, channel, actors, rng, log))
    g = await check_replay(bot, channel)
    assert g.config["sets"] == ["C", "E"] and g.config["pioneers"] == "unique"
    assert any("(wagon) Discard a gold token" in x for x in log), "a private gold discard was used"
    assert any("(wagon) Discard 1 " in x for x in log), "a private discard of wood or medicine was used"
    assert any("(private)" in x for x in log)
    assert not any(GOLD_VALUE.search(t) for t in public_texts(channel, spectator))


async def test_real_renderer_end_to_end(simcord_env, make_bot, monkeypatch):
    """The real render/ module, drawing in a worker process: the images the channel gets are PNGs drawn
    from the game; the panels (Pioneer Days' plays every offered turn on a copy) are built there too, never
    on the bot's event loop."""
    env = simcord_env
    on_loop = []
    built = host_views.panel
    monkeypatch.setattr(host_views, "panel", lambda *a: on_loop.append(a) or built(*a))  # (this process only)
    bot = make_bot(renderer=None, render_processes=1)  # None: the real renderer
    await env.restart_bot(bot)
    guild, channel, actors = table(env, 2)
    await start_game(env, channel, actors)
    first = [m for m in channel.history() if m.attachments][0]
    data = await first.attachments[0].read()
    assert bot.courier.workers.pool is not None  # drawn in the worker process, not in the bot's
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 1000
    res = await actors[0].slash(channel, "pioneer wagon")
    assert res.ephemeral and res.response.attachments[0].filename == "wagon.png"
    assert (await res.response.attachments[0].read())[:4] == b"\x89PNG"
    await finish(env, bot, channel, actors, lambda: play_step(env, bot, channel, actors))
    final = channel.history()[-1]
    assert final.embeds[0].title == "Game over"
    assert (await final.attachments[0].read())[:4] == b"\x89PNG"
    assert on_loop == [], f"{len(on_loop)} panels built on the event loop"
