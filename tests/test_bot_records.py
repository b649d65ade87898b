"""Records on Discord: the rating change under the results, /pioneer stats, leaderboard (paged, after a
restart too), history with links, replay with its record; unfinished and other servers' games refused."""

import json

from simharness import (
    answer,
    buttons,
    carry,
    click_payload,
    embed_text,
    emit_clicks,
    play_step,
    private,
    restart,
    table,
)
from test_bot_ai import current, lobby_with_ais

from engine import record


async def solo_to_the_end(env, bot, channel, ann):
    lobby = await lobby_with_ais(env, channel, ann, "easy")
    await ann.click(lobby, label="Start the game")
    game = await current(bot, channel)
    for _ in range(300):
        if await current(bot, channel) is None:
            break
        assert await play_step(env, bot, channel, [ann])
    return game.id, channel.history()[-1]


async def test_results_stats_history_and_replay(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    guild, channel, (ann, bob) = table(env, 2)
    gid, results = await solo_to_the_end(env, bot, channel, ann)
    rows = await bot.store.results_of(gid)
    assert [r["player"] for r in rows] == [f"u:{ann.id}", "ai:easy"] and all(r["rated"] for r in rows)
    text = embed_text(results)
    # one story for a newcomer: provisional until 3 rated games, no number (no negative one) before
    assert "Rating" in text and "ann: provisional, 1 of 3 rated games" in text and "→" not in text
    assert "Easy AI: provisional, 1 of 3" in text

    res = await ann.slash(channel, "pioneer stats")
    assert res.response.ephemeral
    text = embed_text(res.response)
    assert "record — ann" in text and "**1** game" in text and "provisional, 1 of 3 rated games" in text
    assert "Against the AIs" in text and "Easy AI: 1 game" in text

    res = await bob.slash(channel, "pioneer stats", player=ann, post=True)
    assert not res.response.ephemeral and "record — ann" in embed_text(res.response)
    res = await ann.slash(channel, "pioneer stats", player=bob)
    assert "No finished games yet" in embed_text(res.response)

    res = await bob.slash(channel, "pioneer history")
    text = embed_text(res.response)
    assert f"Game {gid}" in text and "🏆" in text
    assert f"https://discord.com/channels/{guild.id}/{channel.id}/{results.id}" in text

    res = await bob.slash(channel, "pioneer replay")  # anyone may replay a finished game of the channel
    post = res.followups[-1] if res.followups else res.response
    assert not post.ephemeral
    names = [a.filename for a in post.attachments]
    assert names == [f"game-{gid}.webp", f"game-{gid}.json"]
    rec = json.loads(await post.attachments[1].read())
    state = record.check(rec)  # the record re-plays to the stored results
    assert state["result"] == (await bot.store.game(gid)).state["result"]
    assert ("replay", len(rec["actions"])) in bot.renderer.calls


async def test_replay_refusals(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    guild, channel, (ann,) = table(env, 1)
    other_guild, other_channel, (cy,) = table(env, 1, names=("cy",))
    res = await ann.slash(channel, "pioneer replay")
    assert res.response.ephemeral and "No game has been played to the end" in private(res)
    lobby = await lobby_with_ais(env, channel, ann, "easy")
    await ann.click(lobby, label="Start the game")
    game = await current(bot, channel)
    res = await ann.slash(channel, "pioneer replay", game=game.id)  # running: nothing hidden shows early
    assert res.response.ephemeral and "played to the end" in private(res)
    res = await cy.slash(other_channel, "pioneer replay", game=game.id)  # another server's game
    assert res.response.ephemeral and f"There is no game {game.id} on this server" in private(res)
    res = await ann.slash(channel, "pioneer end")
    await ann.click(res.response, label="Yes, end the game")
    standings = channel.history()[-1]
    assert "Not rated: the game was ended" in embed_text(standings)
    assert await bot.store.results_of(game.id) == []
    await env.advance_time(61)  # replays are heavy: two a minute per channel
    res = await ann.slash(channel, "pioneer replay", game=game.id)
    assert res.response.ephemeral and "was not played to the end" in private(res)


async def test_leaderboard_pages_and_a_forged_page(simcord_env, simcord_bot, make_bot):
    env, bot = simcord_env, simcord_bot
    guild, channel, (ann, bob) = table(env, 2)
    other_guild, other_channel, (cy,) = table(env, 1, names=("cy",))
    res = await ann.slash(channel, "pioneer leaderboard")
    assert "Nobody is on the board yet" in embed_text(res.response)

    scope = f"g:{guild.id}"
    ratings = {(scope, f"u:{1000 + i}"): (30.0 - i * 0.5, 2.0, 5) for i in range(23)}
    ratings[(scope, f"u:{ann.id}")] = (10.0, 2.0, 4)  # last of 24
    ratings[(scope, "u:9999")] = (40.0, 1.0, 2)  # too few games: not listed
    names = {f"u:{1000 + i}": f"player{i}" for i in range(23)} | {f"u:{ann.id}": "ann", "u:9999": "newcomer"}
    await bot.store.replace_ratings(ratings, names)

    res = await ann.slash(channel, "pioneer leaderboard")
    first = embed_text(res.response)
    assert "1. **player0** — 24.0 (5 games)" in first and "10. **player9**" in first and "player10" not in first
    assert "**newcomer**" not in first and "You: #24 (4.0)" in first and "Page 1/3" in first
    assert "Provisional (fewer than 3 rated games) newcomer (2/3)" in first  # listed apart, without a rating
    labels = [b["label"] for b in buttons(res.response.message)]
    assert labels == ["◀", "▶"]

    await restart(env, bot, make_bot)  # the page buttons are persistent
    await ann.click(res.response, label="▶")
    second = embed_text(res.response)
    assert "11. **player10**" in second and "20. **player19**" in second and "Page 2/3" in second
    await ann.click(res.response, label="▶")
    third = embed_text(res.response)
    assert "21. **player20**" in third and "24. **ann**" in third and "You:" not in third
    listed = [line.split(". **")[1].split("**")[0] for line in (first + second + third).split("\n")
              if ". **" in line]
    assert len(listed) == len(set(listed)) == 24  # every page, nobody twice

    theirs = await cy.slash(other_channel, "pioneer leaderboard")  # another server's board
    assert "Nobody is on the board yet" in embed_text(theirs.response)
    forged = f"pdb:{guild.id}:1:n:pioneer-days@{theirs.response.message.interaction_metadata.id}"
    record_, payload = click_payload(env, cy, theirs.response, forged)
    payload["message"] = carry(payload["message"], forged)  # a modified client: the button is on the message
    await emit_clicks(env, [(record_, payload)])
    assert "another server's leaderboard" in answer(env, record_)  # a forged page of this server's board
    assert "**player" not in embed_text(theirs.response)


async def test_a_posted_record_speaks_the_channel_s_language(simcord_env, simcord_bot, monkeypatch):
    """A Polish player posts a record in a Spanish server's channel: the post is in Spanish (the server's
    language, or the channel's game's), while what only they see stays Polish."""
    from simharness import speak
    env = simcord_env
    guild, channel, (ann, bob) = table(env, 2)
    speak(monkeypatch, users={bob.id: "pl"}, guilds={guild.id: "es-ES"})
    res = await bob.slash(channel, "pioneer stats", player=ann, post=True)
    assert not res.response.ephemeral and "Estadísticas de" in embed_text(res.response)
    res = await bob.slash(channel, "pioneer stats", player=ann)
    assert res.response.ephemeral and "statystyki" in embed_text(res.response)


async def test_a_replay_is_drawn_once_and_never_holds_up_other_pictures(simcord_env, simcord_bot):
    """The replay of a finished game is drawn in a queue of its own (a table's picture is drawn while one is
    being made) and kept: asked again, it is not drawn again."""
    import asyncio
    import threading

    env, bot = simcord_env, simcord_bot
    guild, channel, (ann, bob) = table(env, 2)
    gid, _results = await solo_to_the_end(env, bot, channel, ann)
    game = await bot.store.game(gid)
    rec = {"actions": await bot.store.action_ids(gid)}
    release = threading.Event()
    real = bot.renderer.replay

    def slow_replay(record):
        release.wait(timeout=30)
        return real(record)
    bot.renderer.replay = slow_replay
    pending = asyncio.ensure_future(bot.courier.replay(game, rec))
    picture = await asyncio.wait_for(bot.courier.render(game, "table", game.state), timeout=20)
    assert picture is not None and not pending.done()  # the table's picture did not wait for the replay
    release.set()
    first = await pending
    calls = sum(1 for c in bot.renderer.calls if c[0] == "replay")
    again = await bot.courier.replay(game, rec)
    assert again == first and sum(1 for c in bot.renderer.calls if c[0] == "replay") == calls  # kept
