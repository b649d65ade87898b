"""Nothing a player was shown or promised is lost: the process dies between a commit and its posts, the
database file disappears, a game's row is damaged. (The harness "kills" a bot by dropping what it would
show after its commits, then starts a new one on the same database.)"""

import os
import sqlite3

import pytest
from simharness import (
    controls,
    first_action,
    forgetful,
    kill_switch,
    message,
    play_step,
    private,
    restart,
    start_game,
    table,
)
from simharness import text as shown

import games.pioneer_days.rules as engine
from db import DatabaseMissing, NotOurDatabase, Store


async def current(bot, channel):
    return await bot.store.open_game_in_channel(channel.id)


async def last_game(bot, channel):
    return await bot.store.game((await bot.store.game_ids_in_channel(channel.id))[-1])


def results_messages(channel):
    return [m for m in channel.history() if m.embeds and m.embeds[0].title == "Game over"]


def day_images(channel, text):
    return [m for m in channel.history() if m.attachments and text in shown(m)]


async def play_until(env, bot, channel, actors, stop, limit=3000):
    for _ in range(limit):
        game = await last_game(bot, channel)
        if stop(game):
            return game
        assert await play_step(env, bot, channel, actors)
    raise AssertionError("never reached")


async def test_results_are_posted_after_a_crash_right_after_the_last_move(simcord_env, make_bot):
    env, bot = simcord_env, make_bot(ping_idle_minutes=0)  # (every turn pinged: a ping to leave stale)
    await env.restart_bot(bot)
    guild, channel, actors = table(env, 2)
    await start_game(env, channel, actors)
    kill_switch(bot, when=lambda g: g.status == "over")  # the process dies right after the last commit
    await play_until(env, bot, channel, actors, lambda g: g.status == "over")
    assert results_messages(channel) == []  # the commit is on disk, the results never made it
    game = await last_game(bot, channel)
    assert game.ping_message_id is not None  # the stale "decide the town visit" ping is still there

    new = await restart(env, bot, make_bot)
    shown = results_messages(channel)
    assert len(shown) == 1 and shown[0].attachments[0].filename == "results.png"
    game = await last_game(new, channel)
    assert game.ping_message_id is None and await new.store.pending(game.id) == []
    assert not any("decide" in m.content for m in channel.history()[-3:])  # the stale ping is gone
    again = await restart(env, new, make_bot)  # a second restart shows nothing twice
    assert len(results_messages(channel)) == 1
    assert await again.store.pending(game.id) == []


async def test_results_posted_but_not_marked_are_not_posted_twice(simcord_env, simcord_bot, make_bot):
    env, bot = simcord_env, simcord_bot
    guild, channel, actors = table(env, 2)
    await start_game(env, channel, actors)
    forgetful(bot, lambda g: g.status == "over")  # the results are posted, then the process dies
    await play_until(env, bot, channel, actors, lambda g: g.status == "over")
    assert len(results_messages(channel)) == 1
    game = await last_game(bot, channel)
    assert any(x.kind == "results" for x in await bot.store.pending(game.id))
    new = await restart(env, bot, make_bot)
    assert len(results_messages(channel)) == 1  # found in the channel, adopted, not posted again
    assert await new.store.pending(game.id) == []


def same_day(game, day) -> bool:
    return game.state["stage"] == "turn" and (game.state["week"], game.state["day"]) == day


async def day_ending_click(env, bot, channel, actors):
    """Plays until the current player's next click ends the day; returns (game, the day's caption)."""
    def last_turn(g):
        st = g.state
        return st["stage"] == "turn" and st["turns_left"] == 1 and st["step"] == "pick" and st["day"] >= 2
    game = await play_until(env, bot, channel, actors, last_turn)
    return game, f"End of week {game.state['week']}, day {game.state['day']}"


async def test_a_day_image_is_posted_after_a_crash_right_after_the_day_ends(simcord_env, simcord_bot,
                                                                             make_bot):
    env, bot = simcord_env, simcord_bot
    guild, channel, actors = table(env, 3)
    await start_game(env, channel, actors)
    game, caption = await day_ending_click(env, bot, channel, actors)
    kill_switch(bot)
    day = (game.state["week"], game.state["day"])
    while same_day(await current(bot, channel), day):
        assert await play_step(env, bot, channel, actors)  # the panel's own answers still come
    assert day_images(channel, caption) == []
    new = await restart(env, bot, make_bot)
    assert len(day_images(channel, caption)) == 1
    g = await current(new, channel)
    panel = message(env, channel, g.panel_message_id)
    assert channel.history()[-1].id in (g.panel_message_id, g.ping_message_id)  # the new panel is below it
    assert f"move {g.seq}" in shown(panel)
    frozen = [m for m in channel.history() if f"## Week {day[0]}, day {day[1]}\n" in shown(m) and not controls(m)]
    assert len(frozen) == 1 and "•" in shown(frozen[0])  # the day's record
    again = await restart(env, new, make_bot)
    assert len(day_images(channel, caption)) == 1
    for _ in range(10):
        assert await play_step(env, again, channel, actors)


async def test_a_day_image_posted_but_not_marked_is_not_posted_twice(simcord_env, simcord_bot, make_bot):
    env, bot = simcord_env, simcord_bot
    guild, channel, actors = table(env, 2)
    await start_game(env, channel, actors)
    game, caption = await day_ending_click(env, bot, channel, actors)
    day = (game.state["week"], game.state["day"])
    forgetful(bot, lambda g: not same_day(g, day))
    while same_day(await current(bot, channel), day):
        assert await play_step(env, bot, channel, actors)
    assert len(day_images(channel, caption)) == 1
    new = await restart(env, bot, make_bot)
    assert len(day_images(channel, caption)) == 1
    g = await current(new, channel)
    panels = [m for m in channel.history() if controls(m) and f"Game {g.id} · move" in shown(m)]
    assert [m.id for m in panels] == [g.panel_message_id]  # one live panel, the one that was posted
    for _ in range(6):
        assert await play_step(env, new, channel, actors)


async def test_a_removed_database_stops_moves_and_is_not_replaced_by_an_empty_one(simcord_env, simcord_bot,
                                                                                 make_bot, db_path):
    env, bot = simcord_env, simcord_bot
    guild, channel, actors = table(env, 2)
    await start_game(env, channel, actors)
    for _ in range(3):
        assert await play_step(env, bot, channel, actors)
    game = await current(bot, channel)
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(db_path + suffix):
            os.remove(db_path + suffix)
    player = next(a for a in actors if a.id == game.user_at(engine.deciders(game.state)[0]))
    panel = message(env, channel, game.panel_message_id)
    move = first_action(panel)["custom_id"]
    res = await player.click(panel, custom_id=move)
    assert "can't save" in private(res)
    res = await player.click(panel, custom_id=move)  # and stays refused
    assert "can't save" in private(res)
    kill_switch(bot)
    await env.settle()
    await bot.store.close()
    bot.store = None
    with pytest.raises(DatabaseMissing, match="DATABASE_PATH"):  # no silent fresh start at the restart
        await Store.open(db_path)
    assert not os.path.exists(db_path)


async def test_opening_rules(tmp_path):
    (tmp_path / "mounted").mkdir()
    with pytest.raises(DatabaseMissing):  # an existing folder without the database
        await Store.open(str(tmp_path / "mounted" / "pioneer.sqlite3"))
    s = await Store.open(str(tmp_path / "mounted" / "pioneer.sqlite3"), create=True)  # a first start
    await s.close()
    s = await Store.open(str(tmp_path / "mounted" / "pioneer.sqlite3"))  # and from then on
    await s.close()
    empty = tmp_path / "empty.sqlite3"
    empty.touch()
    with pytest.raises(NotOurDatabase):
        await Store.open(str(empty))
    other = tmp_path / "other.sqlite3"
    with sqlite3.connect(other) as conn:
        conn.execute("CREATE TABLE notes (x)")
    with pytest.raises(NotOurDatabase, match="something else"):
        await Store.open(str(other), create=True)


async def two_games(env, bot):
    guild, channel, actors = table(env, 4)  # four players: a state too big for one page
    other = guild.create_text_channel("second")
    more = [guild.add_member(env.create_user(n)) for n in ("kim", "lou")]
    await start_game(env, channel, actors)
    await start_game(env, other, more)
    for _ in range(3):
        assert await play_step(env, bot, channel, actors)
        assert await play_step(env, bot, other, more)
    return (channel, actors), (other, more)


async def test_one_unreadable_game_does_not_stop_the_others_at_start_up(simcord_env, simcord_bot, make_bot,
                                                                      db_path):
    env, bot = simcord_env, simcord_bot
    (channel, actors), (other, more) = await two_games(env, bot)
    bad = await current(bot, channel)
    kill_switch(bot)
    await env.settle()
    await bot.store.close()
    bot.store = None
    with sqlite3.connect(db_path) as conn:
        conn.execute("UPDATE games SET state='{\"broken' WHERE id=?", (bad.id,))
    new = make_bot()
    await env.restart_bot(new)
    await env.settle()
    told = channel.history()[-1].content
    assert f"game {bad.id}" in told and "can't be read" in told
    for _ in range(8):  # the other game goes on
        assert await play_step(env, new, other, more)


async def test_damaged_pages_are_reported_and_isolated_at_start_up(simcord_env, simcord_bot, make_bot,
                                                                 db_path, caplog):
    env, bot = simcord_env, simcord_bot
    (channel, actors), (other, more) = await two_games(env, bot)
    bad = await current(bot, channel)
    kill_switch(bot)
    await env.settle()
    await bot.store.close()  # the last connection checkpoints the WAL into the file
    bot.store = None
    conn = sqlite3.connect(db_path)
    conn.execute("VACUUM")  # no stale copies of rows in free pages: the bytes below are the live ones
    page = conn.execute("PRAGMA page_size").fetchone()[0]
    pages = {r[0] for r in conn.execute("SELECT pageno FROM dbstat WHERE name='games' AND "
                                         "pagetype IN ('leaf', 'overflow')")}
    conn.close()  # the last connection writes the WAL back into the file
    raw = bytearray(open(db_path, "rb").read())
    marker = bad.state_json[-200:].encode()  # the end of the bad game's state
    at = raw.find(marker)
    start = at // page * page
    assert at > 0 and raw.find(marker, at + 1) < 0 and at // page + 1 in pages
    assert raw.find(b'"names":["kim","lou"', start, start + page) < 0  # the other game lives elsewhere
    raw[start:start + page] = b"\xa5" * page  # the whole page is garbage
    open(db_path, "wb").write(bytes(raw))
    new = make_bot()
    await env.restart_bot(new)
    await env.settle()
    assert new.store.problems, "PRAGMA quick_check found nothing"
    assert "quick_check" in caplog.text
    assert "can't be read" in channel.history()[-1].content
    for _ in range(8):
        assert await play_step(env, new, other, more)
